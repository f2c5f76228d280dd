//! The work of one edit, counted in instructions rather than seconds:
//! `scripts/edit_work.sh` runs this program under callgrind, whose counts do
//! not depend on the cache or on other processes, at 16 and at 4096 tiles.
//! Equal counts show that an edit does the same work at both sizes, so any
//! growth of the timed figures (`--bench mesh`) is memory latency.
//!
//! Arguments: grid side, cells per tile side, `links` or `no-links`, and the
//! number of remove-and-add-back pairs to make on random inner tiles.

mod bench_grid;
#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;

use bench_grid::grid;
use mesh_common::{params, Rng};
use onav::TiledNavMesh;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, cells, links, pairs] = args.as_slice() else {
        eprintln!("usage: edit_work SIDE CELLS links|no-links PAIRS");
        std::process::exit(2);
    };
    let (side, cells, pairs): (i32, u32, usize) =
        (side.parse().expect("side"), cells.parse().expect("cells"), pairs.parse().expect("pairs"));
    let p = params();
    let tiles = grid(&p, side, cells, links == "links");
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for tile in &tiles {
        mesh.add_tile(tile.clone()).unwrap();
    }
    let mut rng = Rng::new(3);
    let inner = (side - 2) as u64;
    for _ in 0..pairs {
        let (x, z) = (1 + rng.below(inner) as i32, 1 + rng.below(inner) as i32);
        mesh.remove_tile(x, z, 0).unwrap();
        mesh.add_tile(tiles[(z * side + x) as usize].clone()).unwrap();
    }
    assert_eq!(mesh.tile_count(), tiles.len());
}
