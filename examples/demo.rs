//! The README's demo mesh: a 3×2 grid of tiles built from 2D polygons, with
//! portals between neighbouring tiles, a second layer (a strip over tile
//! (1, 1)) and three authored off-mesh links: one-way, two-way, and one
//! whose end lies outside the mesh, so it stays unconnected.
//!
//! `cargo run --example demo -- DIR` writes DIR/mesh.onnm (the tier-1
//! envelope) and DIR/mesh.onpm (the bare mesh) and prints the path between
//! [`PATH_FROM`] and [`PATH_TO`] as the query layer finds it;
//! `scripts/demo.sh` then looks at the files with the `onav` command and
//! draws that path over the mesh (`onav path ... --svg`).

use std::path::PathBuf;

use onav::{
    straight_path_length, write_mesh, NavMesh, NavMeshQuery, NavSettings, OffMeshLinkDefinition, QueryFilter,
    StraightPathOptions, TileInput2d,
};

/// Tiles are 16 units square; each is covered by SQUARES × SQUARES polygons.
const TILE_SIZE: f64 = 16.0;
const SQUARES: usize = 4;
const HEIGHT: f64 = 0.0;
/// The demo path: from tile (0, 0) to tile (2, 1), past the layer-1 strip
/// (scripts/demo.sh passes the same points to `onav path`).
const PATH_FROM: [f64; 3] = [6.0, HEIGHT, 2.0];
const PATH_TO: [f64; 3] = [44.0, HEIGHT, 31.0];
/// Half extents of the box searched for the polygon under each point (the
/// `onav path` default).
const PICK_EXTENTS: [f64; 3] = [2.0, 4.0, 2.0];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "target/demo".to_string()));
    let mut settings = NavSettings::default();
    settings.set_tile_size(TILE_SIZE)?.set_cell_size(0.25)?.set_height(HEIGHT)?;
    settings.set_off_mesh_links(vec![
        link([4.0, 4.0], [44.0, 28.0], false, 1),  // one-way, tile (0, 0) to tile (2, 1)
        link([40.0, 6.0], [10.0, 26.0], true, 2),  // two-way, tile (2, 0) and tile (0, 1)
        link([28.0, 28.0], [60.0, 20.0], true, 3), // ends beyond the grid: unconnected
    ])?;
    let mut input: Vec<TileInput2d> =
        (0..2).flat_map(|z| (0..3).map(move |x| squares(x, z, 0, [0.0, 0.0], [1.0, 1.0]))).collect();
    input.push(squares(1, 1, 1, [0.0, 0.375], [1.0, 0.625])); // layer 1: a strip across tile (1, 1)
    let mesh = NavMesh::build_2d(settings, &input)?;
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("mesh.onnm"), mesh.save())?;
    std::fs::write(dir.join("mesh.onpm"), write_mesh(mesh.mesh()))?;
    println!(
        "built {} tiles, {} links; wrote {} and {}",
        mesh.mesh().tile_count(),
        mesh.mesh().link_count(),
        dir.join("mesh.onnm").display(),
        dir.join("mesh.onpm").display()
    );
    print_path(&mesh)
}

/// Finds the demo path the way a host would: the polygons under the two
/// points, the corridor between them, its straight path.
fn print_path(mesh: &NavMesh) -> Result<(), Box<dyn std::error::Error>> {
    let mut query = NavMeshQuery::for_nav_mesh(mesh, 4096)?;
    let filter = QueryFilter::default();
    let start = query.find_nearest_poly(PATH_FROM, PICK_EXTENTS, &filter)?.ok_or("no polygon under PATH_FROM")?;
    let end = query.find_nearest_poly(PATH_TO, PICK_EXTENTS, &filter)?.ok_or("no polygon under PATH_TO")?;
    let mut corridor = Vec::new();
    let outcome =
        query.find_path(start.poly_ref, end.poly_ref, start.position, end.position, &filter, 4096, &mut corridor)?;
    let mut path = Vec::new();
    query.find_straight_path(&corridor, start.position, end.position, StraightPathOptions::default(), &mut path)?;
    let corners: Vec<String> =
        path.iter().map(|v| format!("({}, {}, {})", v.position[0], v.position[1], v.position[2])).collect();
    println!(
        "path {:?}: {} polygons, length {:.3}, corners {}",
        outcome.status,
        corridor.len(),
        straight_path_length(&path),
        corners.join(" ")
    );
    Ok(())
}

fn link(start: [f64; 2], end: [f64; 2], bidirectional: bool, user_id: u32) -> OffMeshLinkDefinition {
    OffMeshLinkDefinition {
        start: [start[0], HEIGHT, start[1]],
        end: [end[0], HEIGHT, end[1]],
        radius: 1.0,
        bidirectional,
        area: 0,
        flags: 1,
        user_id,
    }
}

/// Squares over the part `from..to` (fractions of the tile, X and Z) of
/// tile (x, z); areas in stripes along X so the picture shows them.
fn squares(x: i32, z: i32, layer: u16, from: [f64; 2], to: [f64; 2]) -> TileInput2d {
    let corner = |i: usize, j: usize| {
        let fx = from[0] + (to[0] - from[0]) * i as f64 / SQUARES as f64;
        let fz = from[1] + (to[1] - from[1]) * j as f64 / SQUARES as f64;
        [(f64::from(x) + fx) * TILE_SIZE, (f64::from(z) + fz) * TILE_SIZE]
    };
    let mut tile = TileInput2d { tile_x: x, tile_z: z, layer, ..Default::default() };
    let index = |i: usize, j: usize| (j * (SQUARES + 1) + i) as u32;
    for j in 0..=SQUARES {
        for i in 0..=SQUARES {
            tile.vertices.push(corner(i, j));
        }
    }
    let mut areas = Vec::new();
    for j in 0..SQUARES {
        for i in 0..SQUARES {
            tile.vertex_counts.push(4);
            tile.indices.extend([index(i, j), index(i + 1, j), index(i + 1, j + 1), index(i, j + 1)]);
            areas.push(if layer == 1 { 5 } else { ((x as usize * SQUARES + i) / 3 % 3) as u8 });
        }
    }
    tile.areas = Some(areas);
    tile
}
