//! `TileStreamer` (format text "Streaming (TileStreamer)"): queue order and
//! budget, add-or-replace, column removal, failing operations, stitching
//! after every operation, and what survives a tile going out and back in.

mod mesh_common;

use std::sync::Arc;

use mesh_common::{full_state, link, params, GridTile, Rng};
use onav::{LinkKind, NavMeshDebug, NavMeshError, NavMeshParams, NavTile, TileStreamer, TiledNavMesh};

/// A tile position and polygon index: a polygon's identity apart from slots
/// and salts.
type Place = (i32, i32, u16, u32);

/// What a host can observe in world space, independent of slot layout:
/// every polygon's outline, area and flags, and every link as a segment
/// between two places. Sorted, with coordinates as bit patterns.
type WorldView = (Vec<(Place, u8, u16, Vec<[u64; 3]>)>, Vec<(LinkKind, Place, Place, [u64; 3], [u64; 3])>);

fn bits(p: [f64; 3]) -> [u64; 3] {
    p.map(f64::to_bits)
}

fn place(mesh: &TiledNavMesh, poly_ref: onav::PolyRef) -> Place {
    let (tile, _) = mesh.polygon(poly_ref).expect("current reference");
    (tile.tile_x(), tile.tile_z(), tile.layer(), poly_ref.polygon())
}

fn world_view(mesh: &TiledNavMesh) -> WorldView {
    let debug = NavMeshDebug::collect(mesh);
    let mut polygons: Vec<_> = (0..debug.polygons.len())
        .map(|i| {
            let p = &debug.polygons[i];
            let outline = debug.outline(i).iter().copied().map(bits).collect();
            (place(mesh, p.poly_ref), p.area, p.flags, outline)
        })
        .collect();
    let mut links: Vec<_> = debug
        .links
        .iter()
        .map(|l| (l.kind, place(mesh, l.from), place(mesh, l.to), bits(l.start), bits(l.end)))
        .collect();
    polygons.sort();
    links.sort();
    (polygons, links)
}

/// A mesh built directly from `tiles`, in the given order.
fn built_directly(p: &NavMeshParams, tiles: &[Arc<NavTile>]) -> TiledNavMesh {
    let mut mesh = TiledNavMesh::new(*p).unwrap();
    for tile in tiles {
        mesh.add_tile(tile.clone()).unwrap();
    }
    mesh
}

fn bytes_of(tile: &GridTile, p: &NavMeshParams) -> Vec<u8> {
    tile.build(p).to_bytes()
}

#[test]
fn update_applies_at_most_max_operations_in_queue_order() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let mut streamer = TileStreamer::new();
    let low = GridTile::new(0, 0, 2);
    let high = GridTile::new(0, 0, 2).height(0.0, 3.0);
    streamer.queue_tile(bytes_of(&low, &p));
    streamer.queue_tile(bytes_of(&GridTile::new(1, 0, 2), &p));
    streamer.queue_tile(bytes_of(&high, &p));
    streamer.queue_remove_column(1, 0);
    assert_eq!(streamer.pending(), 4);
    assert_eq!(streamer.update(&mut mesh, 0).unwrap(), 0);
    assert_eq!(mesh.tile_count(), 0);
    assert_eq!(streamer.update(&mut mesh, 2).unwrap(), 2);
    assert_eq!((streamer.pending(), mesh.tile_count()), (2, 2));
    assert_eq!(mesh.tile_at(0, 0, 0).unwrap().1.data(), low.build(&p).data());
    assert_eq!(streamer.update(&mut mesh, 1).unwrap(), 1);
    assert_eq!(mesh.tile_at(0, 0, 0).unwrap().1.data(), high.build(&p).data(), "replaced in queue order");
    assert_eq!(streamer.update(&mut mesh, 10).unwrap(), 1);
    assert_eq!((streamer.pending(), mesh.tile_count()), (0, 1));
    assert_eq!(streamer.update(&mut mesh, 10).unwrap(), 0);
}

#[test]
fn bytes_at_an_occupied_position_replace_keeping_the_slot() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let mut streamer = TileStreamer::new();
    let bytes: Arc<[u8]> = bytes_of(&GridTile::new(2, 3, 2), &p).into();
    streamer.queue_tile(Arc::clone(&bytes));
    streamer.update(&mut mesh, 1).unwrap();
    let (first, _) = mesh.tile_at(2, 3, 0).unwrap();
    streamer.queue_tile(bytes);
    streamer.update(&mut mesh, 1).unwrap();
    let (second, _) = mesh.tile_at(2, 3, 0).unwrap();
    assert_eq!((second.slot(), second.salt()), (first.slot(), first.salt() + 1));
    assert_eq!(mesh.tile_count(), 1);
    assert!(!mesh.is_valid(first.polygon(0).unwrap()) && mesh.is_valid(second.polygon(0).unwrap()));
}

#[test]
fn column_removal_takes_every_layer_and_only_that_column() {
    let p = params();
    let column = [
        GridTile::new(0, 0, 2),
        GridTile::new(0, 0, 2).layer(1).height(10.0, 0.0),
        GridTile::new(0, 0, 2).layer(2).height(20.0, 0.0),
    ];
    let neighbour = GridTile::new(1, 0, 2);
    let mut streamer = TileStreamer::new();
    for tile in column.iter().chain([&neighbour]) {
        streamer.queue_tile(bytes_of(tile, &p));
    }
    streamer.queue_remove_column(0, 0);
    streamer.queue_remove_column(5, 5);
    let mut mesh = TiledNavMesh::new(p).unwrap();
    assert_eq!(streamer.update(&mut mesh, 4).unwrap(), 4);
    assert!(mesh.link_count() > 0, "the neighbour links to layer 0");
    assert_eq!(streamer.update(&mut mesh, 1).unwrap(), 1);
    assert_eq!(mesh.column_tiles(0, 0).count(), 0);
    assert_eq!(mesh.salts(), &[2, 2, 2, 1], "each layer removed once");
    assert_eq!(world_view(&mesh), world_view(&built_directly(&p, &[neighbour.build(&p)])));
    let before = full_state(&mesh);
    assert_eq!(streamer.update(&mut mesh, 1).unwrap(), 1, "an empty column is a no-op operation");
    assert_eq!(full_state(&mesh), before);
}

/// Whether an error is the expected kind.
type ErrorCheck = fn(&NavMeshError) -> bool;

/// A tile built with other parameters, so its fingerprint differs.
fn foreign_tile_bytes() -> Vec<u8> {
    let mut other = params();
    other.walkable_climb = 0.75;
    GridTile::new(3, 0, 2).build(&other).to_bytes()
}

#[test]
fn a_failing_operation_leaves_the_queue_and_changes_nothing() {
    let p = params();
    let good = bytes_of(&GridTile::new(0, 0, 2), &p);
    let mut version_3 = bytes_of(&GridTile::new(1, 0, 2), &p);
    version_3[4] = 3;
    let truncated = &bytes_of(&GridTile::new(1, 0, 2), &p)[..100];
    let failures: [(Vec<u8>, ErrorCheck); 3] = [
        (foreign_tile_bytes(), |e| matches!(e, NavMeshError::Fingerprint(_))),
        (version_3, |e| matches!(e, NavMeshError::Version { found: 3, expected: 2, .. })),
        (truncated.to_vec(), |e| matches!(e, NavMeshError::Format(_))),
    ];
    for (bad, is_expected) in failures {
        let mut mesh = TiledNavMesh::new(p).unwrap();
        let mut streamer = TileStreamer::new();
        streamer.queue_tile(good.clone());
        streamer.update(&mut mesh, 1).unwrap();
        let before = full_state(&mesh);
        streamer.queue_tile(bad);
        streamer.queue_tile(bytes_of(&GridTile::new(2, 0, 2), &p));
        let error = streamer.update(&mut mesh, 5).unwrap_err();
        assert!(is_expected(&error), "{error:?}");
        assert_eq!(full_state(&mesh), before);
        assert_eq!(streamer.pending(), 1, "the failing operation left the queue, the next one stayed");
        assert_eq!(streamer.update(&mut mesh, 5).unwrap(), 1);
        assert_eq!(mesh.tile_count(), 2);
    }
}

#[test]
fn operations_before_a_failure_stay_applied() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let mut streamer = TileStreamer::new();
    streamer.queue_tile(bytes_of(&GridTile::new(0, 0, 2), &p));
    streamer.queue_tile(bytes_of(&GridTile::new(1, 0, 2), &p));
    streamer.queue_tile(foreign_tile_bytes());
    streamer.queue_remove_column(0, 0);
    assert!(streamer.update(&mut mesh, 10).is_err());
    assert_eq!((mesh.tile_count(), streamer.pending()), (2, 1));
    assert_eq!(
        world_view(&mesh),
        world_view(&built_directly(&p, &[GridTile::new(0, 0, 2).build(&p), GridTile::new(1, 0, 2).build(&p)]))
    );
}

#[test]
fn pending_and_clear() {
    let p = params();
    let mut streamer = TileStreamer::new();
    streamer.queue_tile(bytes_of(&GridTile::new(0, 0, 2), &p));
    streamer.queue_remove_column(0, 0);
    assert_eq!(streamer.pending(), 2);
    streamer.clear();
    assert_eq!(streamer.pending(), 0);
    let mut mesh = TiledNavMesh::new(p).unwrap();
    assert_eq!(streamer.update(&mut mesh, 10).unwrap(), 0);
    assert_eq!(mesh.tile_count(), 0);
}

/// Tiles of a 3 × 3 block, the middle one with a bidirectional link into
/// its right neighbour and the left one with a link ending in the middle.
fn linked_block(p: &NavMeshParams) -> Vec<Arc<NavTile>> {
    let mut tiles = Vec::new();
    for z in 0..3 {
        for x in 0..3 {
            let mut tile = GridTile::new(x, z, 2);
            if (x, z) == (1, 1) {
                tile = tile.link(link([12.0, 0.0, 4.0], [20.0, 0.0, 4.0], 0.5, true));
            }
            if (x, z) == (0, 1) {
                tile = tile.link(link([4.0, 0.0, 4.0], [20.0, 0.0, 12.0], 0.5, false));
            }
            tiles.push(tile.build(p));
        }
    }
    tiles
}

#[test]
fn links_are_stitched_after_every_operation() {
    let p = params();
    let tiles = linked_block(&p);
    let mut streamer = TileStreamer::new();
    for tile in &tiles {
        streamer.queue_tile(tile.to_bytes());
    }
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for added in 1..=tiles.len() {
        assert_eq!(streamer.update(&mut mesh, 1).unwrap(), 1);
        assert_eq!(world_view(&mesh), world_view(&built_directly(&p, &tiles[..added])), "after {added} tiles");
    }
    for (removed, tile) in tiles.iter().enumerate() {
        streamer.queue_remove_column(tile.tile_x(), tile.tile_z());
        streamer.update(&mut mesh, 1).unwrap();
        assert_eq!(
            world_view(&mesh),
            world_view(&built_directly(&p, &tiles[removed + 1..])),
            "after removal {removed}"
        );
    }
}

#[test]
fn out_and_in_keeps_bytes_and_answers_but_not_references_or_slots() {
    let p = params();
    let tiles = linked_block(&p);
    let mut streamer = TileStreamer::new();
    tiles.iter().for_each(|t| streamer.queue_tile(t.to_bytes()));
    let mut mesh = TiledNavMesh::new(p).unwrap();
    streamer.update(&mut mesh, usize::MAX).unwrap();
    let answers = world_view(&mesh);
    assert_eq!(answers.1.iter().filter(|l| l.0 != LinkKind::Portal).count(), 3, "both links attached");
    let (middle, _) = mesh.tile_at(1, 1, 0).unwrap();
    let (corner, _) = mesh.tile_at(0, 0, 0).unwrap();
    // The link starts at local (12, 4): square (1, 0) of the 2 × 2 grid.
    let middle_polygon = middle.polygon(1).unwrap();
    assert!(mesh.links(middle_polygon).unwrap().any(|l| l.kind == LinkKind::OffMesh));

    // Out and straight back in: same slot, next salt.
    streamer.queue_remove_column(1, 1);
    streamer.queue_tile(tiles[4].to_bytes());
    streamer.update(&mut mesh, 2).unwrap();
    let (again, back) = mesh.tile_at(1, 1, 0).unwrap();
    assert_eq!(back.to_bytes(), tiles[4].to_bytes());
    assert_eq!((again.slot(), again.salt()), (middle.slot(), middle.salt() + 1));
    assert!(!mesh.is_valid(middle_polygon));
    assert_eq!(world_view(&mesh), answers);

    // Out, another tile takes the freed slot, then back in: a new slot.
    streamer.queue_remove_column(0, 0);
    streamer.queue_tile(GridTile::new(7, 7, 2).build(&p).to_bytes());
    streamer.queue_tile(tiles[0].to_bytes());
    streamer.queue_remove_column(7, 7);
    streamer.update(&mut mesh, 2).unwrap();
    assert_eq!(mesh.tile_at(7, 7, 0).unwrap().0.slot(), corner.slot());
    streamer.update(&mut mesh, 2).unwrap();
    let (corner_again, _) = mesh.tile_at(0, 0, 0).unwrap();
    assert_ne!(corner_again.slot(), corner.slot());
    assert!(!mesh.is_valid(corner.polygon(0).unwrap()));
    assert_eq!(world_view(&mesh), answers);
}

#[test]
fn random_streaming_matches_direct_edits_and_a_direct_build() {
    let p = params();
    let variants: Vec<Arc<NavTile>> = (0..4)
        .flat_map(|x| (0..4).map(move |z| (x, z)))
        .flat_map(|(x, z)| {
            let plain = GridTile::new(x, z, 2);
            let raised =
                GridTile::new(x, z, 2).height(0.0, 0.25).link(link([2.0, 0.25, 2.0], [18.0, 0.0, 6.0], 1.0, true));
            let upper = GridTile::new(x, z, 2).layer(1).height(8.0, 0.0);
            [plain, raised, upper]
        })
        .map(|t| t.build(&p))
        .collect();
    let mut rng = Rng::new(0x5EED);
    let mut streamer = TileStreamer::new();
    let mut streamed = TiledNavMesh::new(p).unwrap();
    let mut direct = TiledNavMesh::new(p).unwrap();
    for _frame in 0..300 {
        for _ in 0..rng.below(4) {
            if rng.below(4) == 0 {
                let (x, z) = (rng.below(4) as i32, rng.below(4) as i32);
                streamer.queue_remove_column(x, z);
                direct.remove_column(x, z);
            } else {
                let tile = &variants[rng.below(variants.len() as u64) as usize];
                streamer.queue_tile(tile.to_bytes());
                if direct.tile_at(tile.tile_x(), tile.tile_z(), tile.layer()).is_some() {
                    direct.replace_tile(tile.clone()).unwrap();
                } else {
                    direct.add_tile(tile.clone()).unwrap();
                }
            }
        }
        streamer.update(&mut streamed, rng.below(3) as usize + 1).unwrap();
    }
    streamer.update(&mut streamed, usize::MAX).unwrap();
    assert_eq!(full_state(&streamed), full_state(&direct), "same edits, same slots, salts and links");
    let tiles: Vec<Arc<NavTile>> = streamed.tiles().map(|(_, t)| t.clone()).collect();
    assert_eq!(world_view(&streamed), world_view(&built_directly(&p, &tiles)));
}
