//! The query golden cases: the answers of a fixed set of queries
//! ([`crate::query_common::answer_queries`]) on the golden meshes (the
//! edited ONPM mesh, the 2D ONNM build and both classes of the ONNW
//! world), as bytes whose digests `tests/golden/queries.sha256` holds,
//! and the exact shortest paths between the same pairs
//! (`tests/golden/shortest_paths.sha256`): the same answers on every run
//! and platform.

use onav::{NavMesh, NavMeshQuery, NavWorld, TiledNavMesh};

use crate::cases::{self, GoldenCase};
use crate::query_common::{answer_queries, answer_shortest_paths, query_positions, QueryAnswers};

/// Pairs of positions asked per mesh.
const PAIRS: usize = 24;

/// How one golden file answers a query's pairs.
type Answer = fn(&mut NavMeshQuery, &[[f64; 3]], usize) -> QueryAnswers;

fn answers(answer: Answer, name: &'static str, mut query: NavMeshQuery) -> GoldenCase {
    let positions = query_positions(&query.mesh().clone());
    GoldenCase { name, bytes: answer(&mut query, &positions, PAIRS).bytes }
}

fn tiled(mesh: &TiledNavMesh) -> NavMeshQuery {
    NavMeshQuery::new(mesh, 256).expect("a positive node count")
}

/// The query golden cases, in a fixed order.
pub fn cases() -> Vec<GoldenCase> {
    cases_of(answer_queries)
}

/// The exact shortest-path golden cases, on the same meshes and pairs.
pub fn shortest_path_cases() -> Vec<GoldenCase> {
    cases_of(answer_shortest_paths)
}

fn cases_of(answer: Answer) -> Vec<GoldenCase> {
    let nav_mesh = NavMesh::load(&cases::nav_meshes()[0].bytes).expect("a golden ONNM case");
    let world = NavWorld::load(&cases::nav_worlds()[0].bytes).expect("a golden ONNW case");
    vec![
        answers(answer, "edited_mesh", tiled(&cases::edited_mesh())),
        answers(answer, "build_2x2_two_way_link", NavMeshQuery::for_nav_mesh(&nav_mesh, 256).expect("nodes")),
        answers(answer, "two_classes_radius_0_5", NavMeshQuery::for_agent(&world, 0.5, 256).expect("nodes")),
        answers(answer, "two_classes_radius_1_25", NavMeshQuery::for_agent(&world, 1.25, 256).expect("nodes")),
    ]
}
