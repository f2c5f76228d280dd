//! 2D build input for tests: tiles of a grid, each covered by n×n squares
//! in world space (x, y on the builder's plane; y becomes world Z).
#![allow(dead_code)]

use onav::{NavSettings, TileInput2d};

/// Settings of a 16-unit grid with its origin at (-8, _, 4) and the plane at
/// height 2.5.
pub fn settings() -> NavSettings {
    let mut s = NavSettings::default();
    s.set_origin_x(-8.0).unwrap();
    s.set_origin_z(4.0).unwrap();
    s.set_tile_size(16.0).unwrap();
    s.set_cell_size(0.25).unwrap();
    s.set_height(2.5).unwrap();
    s.set_area(7).unwrap();
    s.set_flags(0x0101).unwrap();
    s
}

/// The squares of tile (tile_x, tile_z), `n` per side, over only the part
/// of the tile between `from` and `to` (fractions 0..=1 of the tile).
pub fn partial_tile(
    settings: &NavSettings,
    tile_x: i32,
    tile_z: i32,
    layer: u16,
    n: usize,
    from: f64,
    to: f64,
) -> TileInput2d {
    let size = settings.tile_size();
    let x0 = settings.origin_x() + tile_x as f64 * size;
    let z0 = settings.origin_z() + tile_z as f64 * size;
    let step = (to - from) * size / n as f64;
    let mut input = TileInput2d { tile_x, tile_z, layer, ..Default::default() };
    for j in 0..=n {
        for i in 0..=n {
            input.vertices.push([x0 + from * size + i as f64 * step, z0 + from * size + j as f64 * step]);
        }
    }
    let corner = |i: usize, j: usize| (j * (n + 1) + i) as u32;
    for j in 0..n {
        for i in 0..n {
            input.vertex_counts.push(4);
            input.indices.extend([corner(i, j), corner(i + 1, j), corner(i + 1, j + 1), corner(i, j + 1)]);
        }
    }
    input
}

/// A whole tile of n×n squares.
pub fn tile(settings: &NavSettings, tile_x: i32, tile_z: i32, layer: u16, n: usize) -> TileInput2d {
    partial_tile(settings, tile_x, tile_z, layer, n, 0.0, 1.0)
}

/// Tiles (x, z) for x in 0..columns, z in 0..rows, layer 0.
pub fn grid(settings: &NavSettings, columns: i32, rows: i32, n: usize) -> Vec<TileInput2d> {
    (0..rows).flat_map(|z| (0..columns).map(move |x| (x, z))).map(|(x, z)| tile(settings, x, z, 0, n)).collect()
}
