//! NavMesh::build_3d on the shared level meshes (issue 19): every tile
//! validates, tile borders meet, and the bytes depend on nothing but the
//! input: not on the thread count, not on moving the level by whole tiles.

mod voxel_input;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use onav::{
    read_tile, write_tile, BuildControl, NavMesh, NavMeshError, NavTile, NavWorld, OffMeshLinkDefinition, Partition,
    TriangleGeometry, UNWALKABLE,
};
use voxel_input::{load_obj, settings, shifted, unmatched_border_length};

const MESHES: [&str; 2] = ["nav_test.obj", "dungeon.obj"];

/// The partitions the builder makes.
const PARTITIONS: [Partition; 3] = [Partition::Watershed, Partition::Monotone, Partition::Layers];

fn builds(name: &str) -> Vec<NavMesh> {
    let geometry = load_obj(name);
    PARTITIONS.iter().map(|&p| NavMesh::build_3d(settings(p), &geometry).unwrap()).collect()
}

#[test]
fn every_tile_validates_and_reads_back() {
    for (name, mesh) in MESHES.iter().flat_map(|name| builds(name).into_iter().map(move |m| (name, m))) {
        let params = *mesh.params();
        assert!(mesh.mesh().tile_count() > 0, "{name}: no tiles");
        for (_, tile) in mesh.mesh().tiles() {
            assert!(tile.polygon_count() > 0, "{name}: an empty tile was added");
            let again = NavTile::create(&params, tile.data().to_data()).unwrap();
            assert_eq!(write_tile(&again), write_tile(tile));
            assert_eq!(write_tile(&read_tile(&params, &write_tile(tile)).unwrap()), write_tile(tile));
        }
    }
}

#[test]
fn portal_edges_of_neighbouring_tiles_meet() {
    for (name, mesh) in MESHES.iter().flat_map(|name| builds(name).into_iter().map(move |m| (name, m))) {
        let portals: usize = mesh.mesh().tiles().map(|(_, t)| t.portal_edges().count()).sum();
        assert!(portals > 0, "{name}: no portal edges, the test would prove nothing");
        assert_eq!(unmatched_border_length(&mesh), 0.0, "{name}");
    }
}

#[test]
fn portal_vertices_lie_exactly_on_the_tile_boundary() {
    for (name, mesh) in MESHES.iter().flat_map(|name| builds(name).into_iter().map(move |m| (name, m))) {
        let tile_size = mesh.params().tile_size as f32;
        for (_, tile) in mesh.mesh().tiles() {
            for portal in tile.portal_edges() {
                let polygon = tile.polygon(portal.polygon as usize).unwrap();
                let k = portal.edge as usize;
                let ends = [polygon.indices[k], polygon.indices[(k + 1) % polygon.indices.len()]];
                let axis = if portal.side % 2 == 0 { 0 } else { 2 };
                let boundary = if portal.side < 2 { tile_size } else { 0.0 };
                for v in ends {
                    assert_eq!(tile.vertices()[v as usize][axis].to_bits(), boundary.to_bits(), "{name}");
                }
            }
        }
    }
}

#[test]
fn the_bytes_do_not_depend_on_the_thread_count() {
    for (name, partition) in MESHES.iter().flat_map(|name| PARTITIONS.iter().map(move |p| (name, *p))) {
        let geometry = load_obj(name);
        let bytes: Vec<Vec<u8>> = [1, 2, 8]
            .iter()
            .map(|&threads| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| NavMesh::build_3d(settings(partition), &geometry).unwrap().save())
            })
            .collect();
        assert_eq!(bytes[0], bytes[1], "{name} {partition:?}: 1 and 2 threads");
        assert_eq!(bytes[0], bytes[2], "{name} {partition:?}: 1 and 8 threads");
    }
}

/// 2^17 tiles of (float)14.4 are 1 887 436.8 units: the largest power of
/// two of these tiles that keeps both meshes inside the ±2^21 coordinate
/// rule (2^20 tiles would need ±1.5e7).
const SHIFT_TILES: i32 = 1 << 17;

#[test]
fn moving_the_level_by_whole_tiles_gives_the_same_tiles() {
    for (name, partition) in MESHES.iter().flat_map(|name| PARTITIONS.iter().map(move |p| (name, *p))) {
        let geometry = load_obj(name);
        let settings = settings(partition);
        let home = NavMesh::build_3d(settings.clone(), &geometry).unwrap();
        for (dx, dz) in [(SHIFT_TILES, SHIFT_TILES), (-SHIFT_TILES, SHIFT_TILES), (3, -5)] {
            let moved = NavMesh::build_3d(settings.clone(), &shifted(&geometry, &settings, dx, dz)).unwrap();
            assert_eq!(moved.mesh().tile_count(), home.mesh().tile_count(), "{name} moved by ({dx}, {dz}) tiles");
            for (_, tile) in home.mesh().tiles() {
                let (_, twin) =
                    moved.mesh().tile_at(tile.tile_x() + dx, tile.tile_z() + dz, tile.layer()).unwrap_or_else(|| {
                        panic!("{name}: no tile at ({}, {}) + ({dx}, {dz})", tile.tile_x(), tile.tile_z())
                    });
                let mut data = twin.data().to_data();
                data.tile_x -= dx;
                data.tile_z -= dz;
                let back = NavTile::create(home.params(), data).unwrap();
                assert_eq!(
                    write_tile(&back),
                    write_tile(tile),
                    "{name}: tile ({}, {}) moved by ({dx}, {dz})",
                    tile.tile_x(),
                    tile.tile_z()
                );
            }
        }
    }
}

#[test]
fn authored_links_are_baked_into_the_tile_of_their_start() {
    let geometry = load_obj("dungeon.obj");
    let mut settings = settings(Partition::Monotone);
    let plain = NavMesh::build_3d(settings.clone(), &geometry).unwrap();
    let (_, tile) = plain.mesh().tiles().max_by_key(|(_, t)| t.polygon_count()).unwrap();
    let (origin_x, origin_z) = plain.params().tile_origin(tile.tile_x(), tile.tile_z());
    let v = tile.vertices()[0];
    let start = [origin_x + v[0] as f64, tile.origin_y() + v[1] as f64, origin_z + v[2] as f64];
    let link = OffMeshLinkDefinition {
        start,
        end: [start[0] + 1.0, start[1], start[2] + 1.0],
        radius: 0.5,
        bidirectional: true,
        area: 3,
        flags: 2,
        user_id: 77,
    };
    settings.set_off_mesh_links(vec![link]).unwrap();
    let linked = NavMesh::build_3d(settings, &geometry).unwrap();
    let (_, baked) = linked.mesh().tile_at(tile.tile_x(), tile.tile_z(), tile.layer()).unwrap();
    assert_eq!(baked.off_mesh_links().len(), 1);
    assert_eq!(baked.off_mesh_links()[0].user_id, 77);
    let others: usize = linked.mesh().tiles().map(|(_, t)| t.off_mesh_links().len()).sum();
    assert_eq!(others, 1);
}

/// Six faces of an unwalkable box from `low` to `high`.
fn add_box(geometry: &mut TriangleGeometry, low: [f64; 3], high: [f64; 3]) {
    let triangles = geometry.triangles.len();
    let mut areas = geometry.areas.take().unwrap_or_else(|| vec![settings(Partition::Monotone).area(); triangles]);
    let base = geometry.vertices.len() as u32;
    for k in 0..8 {
        let pick = |bit: usize, axis: usize| if k & bit == 0 { low[axis] } else { high[axis] };
        geometry.vertices.push([pick(1, 0), pick(2, 1), pick(4, 2)]);
    }
    let faces = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
    for [a, b, c, d] in faces {
        geometry.triangles.push([base + a, base + b, base + c]);
        geometry.triangles.push([base + a, base + c, base + d]);
        areas.extend([UNWALKABLE, UNWALKABLE]);
    }
    geometry.areas = Some(areas);
}

#[test]
fn rebuilding_a_tile_after_an_edit_matches_a_full_build_and_leaves_the_others() {
    let settings = settings(Partition::Monotone);
    let geometry = load_obj("nav_test.obj");
    let mut mesh = NavMesh::build_3d(settings.clone(), &geometry).unwrap();
    let before = tile_bytes(&mesh);
    let (_, busiest) = mesh.mesh().tiles().max_by_key(|(_, t)| t.polygon_count()).unwrap();
    let (x, z) = (busiest.tile_x(), busiest.tile_z());
    let (origin_x, origin_z) = mesh.params().tile_origin(x, z);
    let middle = settings.tile_size() / 2.0;
    let mut edited = geometry.clone();
    add_box(
        &mut edited,
        [origin_x + middle - 1.0, -100.0, origin_z + middle - 1.0],
        [origin_x + middle + 1.0, 100.0, origin_z + middle + 1.0],
    );
    assert!(!mesh.rebuild_tile_3d(&edited, x, z).unwrap().is_empty());
    let full = NavMesh::build_3d(settings, &edited).unwrap();
    let in_column = |bytes: &[PlacedBytes]| -> Vec<PlacedBytes> {
        bytes.iter().filter(|((tx, tz, _), _)| (*tx, *tz) == (x, z)).cloned().collect()
    };
    let rebuilt = in_column(&tile_bytes(&mesh));
    assert_eq!(rebuilt, in_column(&tile_bytes(&full)));
    assert_ne!(rebuilt, in_column(&before), "the box changed nothing, the test proves nothing");
    for ((tx, tz, layer), bytes) in before.iter().filter(|((tx, tz, _), _)| (*tx, *tz) != (x, z)) {
        let (_, tile) = mesh.mesh().tile_at(*tx, *tz, *layer).unwrap();
        assert_eq!(&write_tile(tile), bytes, "tile ({tx}, {tz}, layer {layer}) changed");
    }
}

/// A tile's (x, z, layer) and bytes.
type PlacedBytes = ((i32, i32, u16), Vec<u8>);

/// Every tile's bytes by (x, z, layer), in that order.
fn tile_bytes(mesh: &NavMesh) -> Vec<PlacedBytes> {
    let mut tiles: Vec<_> =
        mesh.mesh().tiles().map(|(_, t)| ((t.tile_x(), t.tile_z(), t.layer()), write_tile(t))).collect();
    tiles.sort();
    tiles
}

#[test]
fn a_world_builds_each_class_as_its_own_mesh() {
    let geometry = load_obj("dungeon.obj");
    let narrow = settings(Partition::Monotone);
    let mut wide = narrow.clone();
    wide.set_agent_radius(1.2).unwrap();
    let world = NavWorld::build_3d(&[narrow.clone(), wide.clone()], &geometry).unwrap();
    assert_eq!(world.class(0).unwrap().save(), NavMesh::build_3d(narrow, &geometry).unwrap().save());
    assert_eq!(world.class(1).unwrap().save(), NavMesh::build_3d(wide, &geometry).unwrap().save());
    assert_ne!(world.class(0).unwrap().save(), world.class(1).unwrap().save());
}

#[test]
fn progress_counts_every_tile_once_and_does_not_change_the_bytes() {
    let geometry = load_obj("dungeon.obj");
    let seen = Mutex::new(Vec::new());
    let report = |done: usize, total: usize| {
        seen.lock().unwrap().push((done, total));
        BuildControl::Continue
    };
    let reported = NavMesh::build_3d_with_progress(settings(Partition::Watershed), &geometry, &report).unwrap();
    let plain = NavMesh::build_3d(settings(Partition::Watershed), &geometry).unwrap();
    assert_eq!(reported.save(), plain.save());
    let mut seen = seen.into_inner().unwrap();
    seen.sort_unstable();
    let total = seen[0].1;
    assert!(total >= plain.mesh().tile_count(), "{total} tiles in total, {} built", plain.mesh().tile_count());
    assert_eq!(seen, (1..=total).map(|done| (done, total)).collect::<Vec<_>>());
}

#[test]
fn a_cancelling_callback_stops_the_build_with_an_invalid_operation() {
    let geometry = load_obj("nav_test.obj");
    let calls = AtomicUsize::new(0);
    let cancel_at_three = |done: usize, _total: usize| {
        calls.fetch_add(1, Ordering::Relaxed);
        if done >= 3 {
            BuildControl::Cancel
        } else {
            BuildControl::Continue
        }
    };
    let err = NavMesh::build_3d_with_progress(settings(Partition::Watershed), &geometry, &cancel_at_three).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidOperation(m) if m.contains("cancelled")), "{err}");
    let total = NavMesh::build_3d(settings(Partition::Watershed), &geometry).unwrap().mesh().tile_count();
    assert!(calls.load(Ordering::Relaxed) < total, "cancelling did not skip any tile");
}

#[test]
fn merging_small_regions_leaves_fewer_polygons() {
    let geometry = load_obj("nav_test.obj");
    let polygons = |merge_area: i32| {
        let mut settings = settings(Partition::Monotone);
        settings.set_merge_region_area(merge_area).unwrap();
        let mesh = NavMesh::build_3d(settings, &geometry).unwrap();
        assert_eq!(unmatched_border_length(&mesh), 0.0, "merge area {merge_area}");
        mesh.mesh().tiles().map(|(_, t)| t.polygon_count()).sum::<usize>()
    };
    let (none, recast_demo) = (polygons(0), polygons(400));
    assert!(recast_demo < none, "{recast_demo} polygons with MergeRegionArea 400, {none} with 0");
}
