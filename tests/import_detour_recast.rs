//! The Detour importer on Recast's own output: the tile sets of the two
//! shared meshes in `tests/data/detour` (RecastDemo's tile pipeline and
//! defaults, 32-bit references; see its README). Every tile converts, the
//! polygon counts and areas equal the Detour data, and the stitched onav
//! mesh links every Detour portal edge to the polygons across the boundary
//! that share a stretch of it within the climb.
//!
//! Detour's side of each comparison is read from the raw bytes here, not
//! through the importer.

use std::collections::BTreeSet;

use onav::import::detour::{read_tile_set, ImportOptions, ImportedTileSet};
use onav::{LinkKind, TiledNavMesh};

const FILES: [&str; 2] = ["nav_test.mset", "dungeon.mset"];
const EXT_LINK: u16 = 0x8000;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/data/detour/{name}", env!("CARGO_MANIFEST_DIR"))).expect("fixture present")
}

fn i32_at(b: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn f32_at(b: &[u8], at: usize) -> f32 {
    f32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(b[at..at + 2].try_into().unwrap())
}

/// One Detour tile's ground polygons as the raw bytes give them.
struct RawTile {
    x: i32,
    y: i32,
    /// World vertices of each ground polygon, in Detour's order.
    polygons: Vec<Vec<[f64; 3]>>,
    /// `neis` of each ground polygon's edges.
    neighbours: Vec<Vec<u16>>,
}

/// The tiles of a 32-bit-reference MSET file: header (40 bytes), then per
/// tile an 8-byte record and the blob, whose vertices follow the 100-byte
/// header and whose polygons (32 bytes) follow the vertices.
fn raw_tiles(file: &[u8]) -> Vec<RawTile> {
    let mut at = 40;
    let mut tiles = Vec::new();
    for _ in 0..i32_at(file, 8) {
        let size = i32_at(file, at + 4) as usize;
        let blob = &file[at + 8..at + 8 + size];
        at += 8 + size;
        let (poly_count, vert_count, off_mesh_base) = (i32_at(blob, 24), i32_at(blob, 28) as usize, i32_at(blob, 56));
        assert_eq!(poly_count, off_mesh_base, "no off-mesh connections in these sets");
        let vertex = |v: u16| {
            let o = 100 + 12 * v as usize;
            [f32_at(blob, o), f32_at(blob, o + 4), f32_at(blob, o + 8)].map(f64::from)
        };
        let mut tile =
            RawTile { x: i32_at(blob, 8), y: i32_at(blob, 12), polygons: Vec::new(), neighbours: Vec::new() };
        for p in 0..poly_count as usize {
            let o = 100 + 12 * vert_count + 32 * p;
            let n = blob[o + 30] as usize;
            tile.polygons.push((0..n).map(|k| vertex(u16_at(blob, o + 4 + 2 * k))).collect());
            tile.neighbours.push((0..n).map(|k| u16_at(blob, o + 16 + 2 * k)).collect());
        }
        tiles.push(tile);
    }
    assert_eq!(at, file.len());
    tiles
}

fn area_xz(points: impl Iterator<Item = [f64; 3]>) -> f64 {
    let points: Vec<[f64; 3]> = points.collect();
    let n = points.len();
    let twice: f64 =
        (0..n).map(|k| points[k][0] * points[(k + 1) % n][2] - points[(k + 1) % n][0] * points[k][2]).sum();
    twice.abs() / 2.0
}

fn perimeter_xz(points: &[[f64; 3]]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|k| {
            ((points[(k + 1) % n][0] - points[k][0]).powi(2) + (points[(k + 1) % n][2] - points[k][2]).powi(2)).sqrt()
        })
        .sum()
}

fn imported(name: &str) -> ImportedTileSet {
    read_tile_set(&fixture(name), &ImportOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_tile_converts_with_detours_polygon_count_and_area() {
    for name in FILES {
        let set = imported(name);
        let raw = raw_tiles(&fixture(name));
        assert_eq!(set.tiles.len(), raw.len(), "{name}");
        for (tile, detour) in set.tiles.iter().zip(&raw) {
            assert_eq!(tile.column(), (detour.x, detour.y));
            assert_eq!(tile.polygon_count(), detour.polygons.len(), "{name} tile {:?}", tile.column());
            for (p, polygon) in detour.polygons.iter().enumerate() {
                let onav = area_xz(tile.polygon_vertices(p).map(|v| v.map(f64::from)));
                let detour_area = area_xz(polygon.iter().copied());
                // Placement moves a vertex by at most the 5e-5 that Recast's
                // boundary vertices miss by; the area moves by at most that
                // times the perimeter.
                assert!(
                    (onav - detour_area).abs() <= 5e-5 * perimeter_xz(polygon),
                    "{name} tile {:?} polygon {p}: {onav} vs {detour_area}",
                    tile.column()
                );
            }
        }
    }
}

/// The local coordinate along a side's boundary (z for sides 0/2, x for
/// 1/3) and the height, of a Detour world vertex.
fn along(side: u8, v: [f64; 3]) -> (f64, f64) {
    if side.is_multiple_of(2) {
        (v[2], v[1])
    } else {
        (v[0], v[1])
    }
}

/// Height of an edge at `u`, by linear interpolation along it.
fn height_at(a: (f64, f64), b: (f64, f64), u: f64) -> f64 {
    a.1 + (b.1 - a.1) * ((u - a.0) / (b.0 - a.0))
}

/// The polygons of `other` that a portal edge (a, b) on onav side `side`
/// of its tile connects to: an edge of `other` on the opposite side whose
/// stretch along the boundary overlaps it, with heights within `climb` at
/// both ends of the overlap (the format's portal rule, on Detour's data).
fn detour_targets(a: [f64; 3], b: [f64; 3], side: u8, other: &RawTile, climb: f64) -> BTreeSet<u32> {
    let opposite = EXT_LINK | u16::from((side + 2) % 4 * 2);
    let (ea, eb) = (along(side, a), along(side, b));
    let mut targets = BTreeSet::new();
    for (q, polygon) in other.polygons.iter().enumerate() {
        let n = polygon.len();
        for k in (0..n).filter(|&k| other.neighbours[q][k] == opposite) {
            let (fa, fb) = (along(side, polygon[k]), along(side, polygon[(k + 1) % n]));
            let lo = ea.0.min(eb.0).max(fa.0.min(fb.0));
            let hi = ea.0.max(eb.0).min(fa.0.max(fb.0));
            let close = |u: f64| (height_at(ea, eb, u) - height_at(fa, fb, u)).abs() <= climb;
            if hi - lo > 1e-4 && close(lo) && close(hi) {
                targets.insert(q as u32);
            }
        }
    }
    targets
}

#[test]
fn the_stitched_mesh_links_what_detour_links() {
    for name in FILES {
        let set = imported(name);
        let raw = raw_tiles(&fixture(name));
        let climb = f64::from(set.params.walkable_climb);
        let mut mesh = TiledNavMesh::new(set.params).unwrap();
        for tile in &set.tiles {
            mesh.add_tile(tile.clone()).unwrap();
        }
        let (mut facing, mut linked_edges, mut links) = (0, 0, 0);
        for (tile, detour) in set.tiles.iter().zip(&raw) {
            let tile_ref = mesh.tile_at(detour.x, detour.y, 0).unwrap().0;
            for (p, polygon) in detour.polygons.iter().enumerate() {
                let n = polygon.len();
                let poly_ref = tile_ref.polygon(p as u32).unwrap();
                for (d, &neis) in detour.neighbours[p].iter().enumerate() {
                    if neis & EXT_LINK == 0 {
                        continue;
                    }
                    let side = (neis & 0xFF) as u8 / 2;
                    let (dx, dz) = [(1, 0), (0, 1), (-1, 0), (0, -1)][side as usize];
                    let Some(other) = raw.iter().find(|t| (t.x, t.y) == (detour.x + dx, detour.y + dz)) else {
                        continue;
                    };
                    facing += 1;
                    let other_ref = mesh.tile_at(other.x, other.y, 0).unwrap().0;
                    let expected: BTreeSet<_> = detour_targets(polygon[d], polygon[(d + 1) % n], side, other, climb)
                        .into_iter()
                        .map(|q| other_ref.polygon(q).unwrap())
                        .collect();
                    let onav_edge = ((2 * n - 2 - d) % n) as u8;
                    let got: BTreeSet<_> = mesh
                        .links(poly_ref)
                        .unwrap()
                        .filter(|l| l.kind == LinkKind::Portal && l.edge == onav_edge)
                        .map(|l| l.target)
                        .collect();
                    assert_eq!(got, expected, "{name} tile {:?} polygon {p} Detour edge {d}", tile.column());
                    linked_edges += usize::from(!got.is_empty());
                    links += got.len();
                }
            }
        }
        assert!(linked_edges > 0);
        println!("{name}: {facing} Detour portal edges face a tile, {linked_edges} link, {links} links");
    }
}
