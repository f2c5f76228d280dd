//! The peer harness's Recast meshes (`tests/data/detour/*.mset`), imported,
//! and random points on their polygons: the inputs of the instruction-count
//! benches (`query_work`, `shortest_path_work`).

use std::sync::Arc;

use crate::mesh_common::Rng;
use onav::import::detour::{read_tile_set, ImportOptions};
use onav::{PolyRef, TiledNavMesh};

/// The fixture `name` (`nav_test` or `dungeon`) as a mesh.
pub fn imported(name: &str) -> TiledNavMesh {
    let path = format!("{}/tests/data/detour/{name}.mset", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let set = read_tile_set(&bytes, &ImportOptions::default()).expect("the fixture imports");
    let mut mesh = TiledNavMesh::new(set.params).unwrap();
    for tile in set.tiles {
        mesh.add_tile(Arc::new(tile)).unwrap();
    }
    mesh
}

/// A point of `poly`: a random convex combination of its corners, in world
/// coordinates (on the polygon's plane, not lifted to the detail surface).
pub fn point_on(mesh: &TiledNavMesh, poly: PolyRef, rng: &mut Rng) -> [f64; 3] {
    let (tile, view) = mesh.polygon(poly).unwrap();
    let (ox, oz) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    let weights: Vec<f64> = view.indices.iter().map(|_| 1.0 + rng.below(1000) as f64).collect();
    let total: f64 = weights.iter().sum();
    let mut p = [0.0; 3];
    for (&index, w) in view.indices.iter().zip(&weights) {
        let v = tile.vertices()[index as usize];
        p = [p[0] + v[0] as f64 * w / total, p[1] + v[1] as f64 * w / total, p[2] + v[2] as f64 * w / total];
    }
    [ox + p[0], tile.origin_y() + p[1], oz + p[2]]
}
