//! Issue 24: a removed tile's link table is kept for a tile that enters
//! later, so emptying a mesh and filling it again with the same tiles
//! allocates nothing: every slot, column entry, link table and stitching
//! buffer is reused. A counting global allocator counts the allocations of
//! the refill. Only the measuring thread's allocations count.

mod counting_allocator;
mod mesh_common;

use counting_allocator::{allocations_in, Counting};
use mesh_common::{params, GridTile};
use onav::TiledNavMesh;

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn refilling_an_emptied_mesh_allocates_nothing() {
    let p = params();
    let side = 8;
    let tiles: Vec<_> = (0..side * side).map(|i| GridTile::new(i % side, i / side, 4).build(&p)).collect();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for tile in &tiles {
        mesh.add_tile(tile.clone()).unwrap();
    }
    let full_links = mesh.link_count();
    assert!(full_links > 0, "the grid's tiles link across their sides");
    for tile in &tiles {
        mesh.remove_tile(tile.tile_x(), tile.tile_z(), 0).unwrap();
    }
    // The last tile removed gets the first kept table back, and so on.
    let ((), allocations) = allocations_in(|| {
        for tile in tiles.iter().rev() {
            mesh.add_tile(tile.clone()).unwrap();
        }
    });
    assert_eq!(mesh.link_count(), full_links);
    assert_eq!(allocations, 0, "refilling {} tiles allocated", tiles.len());
}
