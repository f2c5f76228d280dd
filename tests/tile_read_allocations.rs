//! Issue 24: reading and validating a tile's ONPT bytes (`read_tile`) makes
//! one heap allocation (the tile's buffer, which holds its portal table),
//! however many polygons, portals and detail triangles it has. Off-mesh
//! link slots add one fixed one (where the links end, which also name the
//! columns they end in), whatever their number. A counting global
//! allocator counts the allocations of each read, on grid tiles of 1 to
//! 1024 polygons and on every tile Recast made for the Detour fixtures
//! (whose portals along a side are out of order). Only the measuring
//! thread's allocations count.

mod counting_allocator;
mod tile_fixture;

use counting_allocator::{allocations_in, Counting};
use onav::import::detour::{read_tile_set, ImportOptions};
use onav::{read_tile, NavMeshParams, NavTile, NavTileData};
use tile_fixture::{grid_tile, params, with_detail, with_links};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most allocations one read of a tile without off-mesh links may make.
const MOST: usize = 1;
/// What off-mesh link slots add to that.
const FOR_LINKS: usize = 1;

/// Allocations of one `read_tile` of `bytes`, which must read.
fn allocations_to_read(params: &NavMeshParams, bytes: &[u8]) -> usize {
    let (tile, allocations) = allocations_in(|| read_tile(params, bytes).expect("valid bytes read"));
    drop(tile);
    allocations
}

fn bytes_of(params: &NavMeshParams, data: NavTileData) -> Vec<u8> {
    NavTile::create(params, data).expect("a valid tile").to_bytes()
}

fn recast_tiles(name: &str) -> (NavMeshParams, Vec<NavTile>) {
    let path = format!("{}/tests/data/detour/{name}.mset", env!("CARGO_MANIFEST_DIR"));
    let set = read_tile_set(&std::fs::read(path).unwrap(), &ImportOptions::default()).expect("the set imports");
    (set.params, set.tiles)
}

#[test]
fn reading_a_tile_allocates_a_fixed_few_times_whatever_its_size() {
    let p = params();
    let mut by_size = Vec::new();
    for n in [1, 4, 16, 32] {
        let plain = allocations_to_read(&p, &bytes_of(&p, grid_tile(&p, n)));
        let detail = allocations_to_read(&p, &bytes_of(&p, with_detail(grid_tile(&p, n))));
        let links = allocations_to_read(&p, &bytes_of(&p, with_links(with_detail(grid_tile(&p, n)), 3 * n)));
        let polygons = n * n;
        println!("grid {n}x{n} ({polygons} polygons): {plain} allocations, with detail {detail}, with links {links}");
        by_size.push((plain, detail, links));
    }
    assert!(by_size.iter().all(|&shape| shape == (MOST, MOST, MOST + FOR_LINKS)), "{by_size:?}");
    for name in ["nav_test", "dungeon"] {
        let (params, tiles) = recast_tiles(name);
        let counts: Vec<usize> = tiles.iter().map(|tile| allocations_to_read(&params, &tile.to_bytes())).collect();
        let most = counts.iter().max().copied().unwrap_or(0);
        println!("{name}: {} tiles, at most {most} allocations per read", tiles.len());
        assert!(tiles.len() > 10, "{name}: too few tiles to show anything");
        assert!(most <= MOST, "{name}: a tile read allocated {most} times: {counts:?}");
    }
}
