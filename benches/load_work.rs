//! The work of loading, counted in instructions: `scripts/load_work.sh`
//! runs this program under callgrind on a grid of tiles (issue 24's
//! per-tile overhead): ROUNDS times it adds every tile from its ONPT bytes
//! (`add_tile_bytes`) into an empty mesh and removes them all, then
//! ROUNDS times reads the whole mesh (`read_mesh`).
//!
//! Arguments: grid side, cells per tile side, rounds.

mod bench_grid;
#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;

use std::hint::black_box;

use bench_grid::grid;
use mesh_common::params;
use onav::{read_mesh, write_mesh, TiledNavMesh};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, cells, rounds] = args.as_slice() else {
        eprintln!("usage: load_work SIDE CELLS ROUNDS");
        std::process::exit(2);
    };
    let (side, cells, rounds): (i32, u32, usize) =
        (side.parse().expect("side"), cells.parse().expect("cells"), rounds.parse().expect("rounds"));
    let p = params();
    let tiles = grid(&p, side, cells, false);
    let bytes: Vec<Vec<u8>> = tiles.iter().map(|tile| tile.to_bytes()).collect();
    let mut whole = TiledNavMesh::new(p).unwrap();
    for tile in &tiles {
        whole.add_tile(tile.clone()).unwrap();
    }
    let mesh_bytes = write_mesh(&whole);
    drop(whole);
    for _ in 0..rounds {
        let mut mesh = TiledNavMesh::new(p).unwrap();
        for tile_bytes in &bytes {
            mesh.add_tile_bytes(tile_bytes).unwrap();
        }
        for tile in &tiles {
            mesh.remove_tile(tile.tile_x(), tile.tile_z(), 0).unwrap();
        }
    }
    for _ in 0..rounds {
        black_box(read_mesh(black_box(&mesh_bytes)).unwrap());
    }
}
