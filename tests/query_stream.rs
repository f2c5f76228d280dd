//! "Query answers return after out-and-in": a tile streamed out and back
//! in gives the same answers to the same queries from the same positions,
//! with new references; while it is out, its old references are invalid
//! references. And a query object answers from its own frozen version on
//! a worker thread while the host edits the next one.

#[path = "golden/cases.rs"]
mod cases;
mod input_2d;
mod mesh_common;
mod query_common;
mod tile_fixture;

use onav::{write_tile, NavMesh, NavMeshError, NavMeshQuery, QueryFilter, TileStreamer, TiledNavMesh};
use query_common::{answer_queries, query_positions};

/// The golden 2D build: 2 × 2 tiles with a two-way link from tile (0, 0)
/// to tile (1, 0).
fn golden_mesh() -> TiledNavMesh {
    NavMesh::load(&cases::nav_meshes()[0].bytes).unwrap().mesh().clone()
}

const PAIRS: usize = 40;

#[test]
fn answers_return_after_out_and_in_with_new_references() {
    let mut mesh = golden_mesh();
    let positions = query_positions(&mesh);
    let before = answer_queries(&mut NavMeshQuery::new(&mesh, 256).unwrap(), &positions, PAIRS);
    let (old_tile_ref, tile) = mesh.tile_at(1, 0, 0).map(|(r, t)| (r, t.clone())).unwrap();
    let bytes = write_tile(&tile);

    let mut streamer = TileStreamer::new();
    streamer.queue_remove_column(1, 0);
    assert_eq!(streamer.update(&mut mesh, 1).unwrap(), 1);
    let mut out = NavMeshQuery::new(&mesh, 256).unwrap();
    let stale: Vec<_> = before.refs.iter().copied().filter(|r| r.tile_ref() == old_tile_ref).collect();
    assert!(!stale.is_empty(), "the queries touch the tile that streams out");
    for &poly in &stale {
        let err = out.poly_height(poly, positions[0]).unwrap_err();
        assert!(matches!(err, NavMeshError::InvalidReference(_)), "{err}");
        let mut corridor = Vec::new();
        let err = out.find_path(poly, poly, positions[0], positions[0], &QueryFilter::default(), 8, &mut corridor);
        assert!(matches!(err, Err(NavMeshError::InvalidReference(_))));
    }
    let while_out = answer_queries(&mut out, &positions, PAIRS);
    assert_ne!(while_out.bytes, before.bytes, "the answers depend on the tile");

    streamer.queue_tile(bytes);
    assert_eq!(streamer.update(&mut mesh, 1).unwrap(), 1);
    let new_tile_ref = mesh.tile_at(1, 0, 0).unwrap().0;
    assert_ne!(new_tile_ref, old_tile_ref);
    let after = answer_queries(&mut NavMeshQuery::new(&mesh, 256).unwrap(), &positions, PAIRS);
    assert_eq!(after.bytes, before.bytes, "the same positions, paths and statuses");
    assert_eq!(after.refs.len(), before.refs.len());
    for (old, new) in before.refs.iter().zip(&after.refs) {
        if old.tile_ref() == old_tile_ref {
            assert_eq!((new.tile_ref(), new.polygon()), (new_tile_ref, old.polygon()));
        } else {
            assert_eq!(new, old);
        }
    }
}

#[test]
fn a_worker_answers_from_its_version_while_the_host_edits_the_next() {
    let mut mesh = golden_mesh();
    let positions = query_positions(&mesh);
    let expected = answer_queries(&mut NavMeshQuery::new(&mesh, 256).unwrap(), &positions, PAIRS);
    let mut worker_query = NavMeshQuery::new(&mesh, 256).unwrap();
    let worker_positions = positions.clone();
    let worker = std::thread::spawn(move || {
        (0..20).map(|_| answer_queries(&mut worker_query, &worker_positions, PAIRS)).collect::<Vec<_>>()
    });
    for _ in 0..20 {
        let (_, tile) = mesh.tile_at(0, 1, 0).map(|(r, t)| (r, t.clone())).unwrap();
        mesh.remove_tile(0, 1, 0).unwrap();
        mesh.add_tile(tile).unwrap();
    }
    for answers in worker.join().unwrap() {
        assert_eq!(answers, expected);
    }
}
