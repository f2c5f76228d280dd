//! Incremental stitching against stitching from scratch, and order
//! independence (format text "Stitching (links)": the link set is a pure
//! function of the tiles in their slots), over long random edit sequences
//! with a fixed seed.

mod mesh_common;

use std::sync::Arc;

use mesh_common::{full_state, link, params, salt_free_links, GridTile, Rng};
use onav::{read_mesh, write_mesh, NavMeshParams, NavTile, TiledNavMesh};

const COLUMNS: i32 = 6;
const LAYERS: u16 = 3;

/// A random 2 × 2 grid tile; with `links`, up to three off-mesh links whose
/// ends reach other columns and layers (and sometimes nothing).
fn random_tile(rng: &mut Rng, p: &NavMeshParams, (x, z, layer): (i32, i32, u16), links: bool) -> Arc<NavTile> {
    let heights = [0.0f32, 0.25, 3.0];
    let y = heights[rng.below(3) as usize];
    let mut tile = GridTile::new(x, z, 2).layer(layer).height(layer as f64 * 3.0, y);
    let count = if links { rng.below(4) } else { 0 };
    for _ in 0..count {
        let start = [rng.range_f32(0.0, 16.0), y + rng.range_f32(-0.3, 0.3), rng.range_f32(0.0, 16.0)];
        // Aim at a random layer's heights, sometimes beyond the climb.
        let end_layer = rng.below(LAYERS as u64) as f32 - layer as f32;
        let end_y = end_layer * 3.0 + heights[rng.below(3) as usize] + rng.range_f32(-0.7, 0.7);
        let end = [rng.range_f32(-20.0, 36.0), end_y, rng.range_f32(-20.0, 36.0)];
        tile = tile.link(link(start, end, rng.range_f32(0.3, 4.0), rng.below(2) == 0));
    }
    tile.build(p)
}

fn random_position(rng: &mut Rng) -> (i32, i32, u16) {
    (rng.below(COLUMNS as u64) as i32, rng.below(COLUMNS as u64) as i32, rng.below(LAYERS as u64) as u16)
}

fn random_present(rng: &mut Rng, mesh: &TiledNavMesh) -> Option<(i32, i32, u16)> {
    let tiles: Vec<_> = mesh.tiles().map(|(_, t)| (t.tile_x(), t.tile_z(), t.layer())).collect();
    (!tiles.is_empty()).then(|| tiles[rng.below(tiles.len() as u64) as usize])
}

/// One random add, remove, replace or column removal.
fn random_edit(rng: &mut Rng, p: &NavMeshParams, mesh: &mut TiledNavMesh, links: bool) {
    match rng.below(20) {
        0..=11 => {
            let at = random_position(rng);
            if mesh.tile_at(at.0, at.1, at.2).is_none() {
                mesh.add_tile(random_tile(rng, p, at, links)).unwrap();
            }
        }
        12..=14 => {
            if let Some(at) = random_present(rng, mesh) {
                mesh.remove_tile(at.0, at.1, at.2).unwrap();
            }
        }
        15..=18 => {
            if let Some(at) = random_present(rng, mesh) {
                mesh.replace_tile(random_tile(rng, p, at, links)).unwrap();
            }
        }
        _ => {
            let (x, z, _) = random_position(rng);
            mesh.remove_column(x, z);
        }
    }
}

/// The mesh read back from its bytes is stitched once, from scratch.
fn assert_matches_full_restitch(mesh: &TiledNavMesh, step: usize) {
    let scratch = read_mesh(&write_mesh(mesh)).unwrap();
    assert!(
        full_state(mesh) == full_state(&scratch),
        "incremental links differ from a full re-stitch after edit {step}"
    );
}

fn incremental_equals_full(seed: u64, edits: usize, links: bool) {
    let p = params();
    let mut rng = Rng::new(seed);
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let mut linked = 0;
    for step in 0..edits {
        random_edit(&mut rng, &p, &mut mesh, links);
        if step % 97 == 0 || step + 1 == edits {
            assert_matches_full_restitch(&mesh, step);
            linked += mesh.link_count();
        }
    }
    assert!(linked > 0, "the sequence must produce links to be a test");
}

#[test]
fn incremental_equals_full_restitch_with_off_mesh_links() {
    incremental_equals_full(0x5EED_0001, 4000, true);
}

#[test]
fn incremental_equals_full_restitch_portals_only() {
    incremental_equals_full(0x5EED_0002, 2000, false);
}

#[test]
fn off_mesh_links_actually_connect_across_columns_and_layers() {
    let p = params();
    let mut rng = Rng::new(0x5EED_0003);
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let (mut across_columns, mut across_layers) = (0, 0);
    for step in 0..400 {
        random_edit(&mut rng, &p, &mut mesh, true);
        if step % 20 != 0 {
            continue;
        }
        for (tile_ref, tile) in mesh.tiles() {
            for a in mesh.off_mesh_attachments(tile_ref).unwrap().iter().filter(|a| a.is_connected()) {
                let end = mesh.tile(a.end.tile_ref()).unwrap();
                across_columns += usize::from((end.tile_x(), end.tile_z()) != (tile.tile_x(), tile.tile_z()));
                across_layers += usize::from(end.layer() != tile.layer());
            }
        }
    }
    assert!(across_columns > 50 && across_layers > 50, "{across_columns} {across_layers}");
}

/// Rebuilds `mesh`'s tiles in the same slots in a random order: placeholder
/// tiles reserve every slot, then, slot by slot in random order, a
/// placeholder makes way for the slot's tile (the only free slot then), the
/// remaining placeholders go, and random tiles are replaced by themselves.
fn rebuild_in_random_order(rng: &mut Rng, p: &NavMeshParams, mesh: &TiledNavMesh) -> TiledNavMesh {
    let mut other = TiledNavMesh::new(*p).unwrap();
    let placeholder = |slot: u32| (1000 + slot as i32, -1000);
    for slot in 0..mesh.slot_count() {
        let (x, z) = placeholder(slot);
        other.add_tile(GridTile::new(x, z, 1).build(p)).unwrap();
    }
    let mut filled: Vec<(u32, Arc<NavTile>)> = mesh.tiles().map(|(r, t)| (r.slot(), t.clone())).collect();
    for i in (1..filled.len()).rev() {
        filled.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for (slot, tile) in filled {
        let (x, z) = placeholder(slot);
        other.remove_tile(x, z, 0).unwrap();
        assert_eq!(other.add_tile(tile).unwrap().slot(), slot);
    }
    for slot in 0..mesh.slot_count() {
        let (x, z) = placeholder(slot);
        if other.tile_at(x, z, 0).is_some() {
            other.remove_tile(x, z, 0).unwrap();
        }
    }
    let tiles: Vec<Arc<NavTile>> = other.tiles().map(|(_, t)| t.clone()).collect();
    for _ in 0..tiles.len() {
        other.replace_tile(tiles[rng.below(tiles.len() as u64) as usize].clone()).unwrap();
    }
    other
}

#[test]
fn edit_order_does_not_change_the_links() {
    let p = params();
    let mut rng = Rng::new(0x5EED_0004);
    for case in 0..24 {
        let mut mesh = TiledNavMesh::new(p).unwrap();
        for _ in 0..150 + 10 * case {
            random_edit(&mut rng, &p, &mut mesh, true);
        }
        let other = rebuild_in_random_order(&mut rng, &p, &mesh);
        assert_eq!(other.tile_count(), mesh.tile_count());
        assert!(salt_free_links(&mesh) == salt_free_links(&other), "case {case}: link sets differ");
    }
}
