//! The exact search's work on the peer harness's Recast meshes
//! (`tests/data/detour/*.mset`, imported), between random points of random
//! polygons (a fixed seed): search nodes per complete search (median, p99
//! and total), µs per call (median) of complete and unreachable pairs, and a
//! SHA-256 of every answer (status, length, vertices) to show that speed
//! work left the answers bit for bit as they were. The
//! search's function is never inlined, so callgrind counts its
//! instructions (`valgrind --tool=callgrind` on this program, the
//! inclusive count of `shortest_path_work::shortest`). The speed against
//! Detour is the peer harness's `queries` table.
//!
//! Arguments: `nav_test` or `dungeon`, and the number of pairs.

#[path = "../tests/mesh_common/mod.rs"]
mod mesh_common;
mod imported_meshes;

use std::time::Instant;

use sha2::{Digest, Sha256};

use imported_meshes::{imported, point_on};
use mesh_common::Rng;
use onav::{NavMeshQuery, PolyRef, QueryFilter, ShortestPathOutcome, ShortestPathStatus, StraightPathVertex};

#[inline(never)]
fn shortest(
    query: &mut NavMeshQuery,
    ends: (PolyRef, PolyRef),
    points: ([f64; 3], [f64; 3]),
    out: &mut Vec<StraightPathVertex>,
) -> ShortestPathOutcome {
    let filter = QueryFilter::default();
    query.find_shortest_path(ends.0, ends.1, points.0, points.1, &filter, out).unwrap()
}

/// Feeds what a search answered (its status, length and vertices, not its
/// node count) to `digest`: speed work on the search must leave the
/// digest of a run unchanged.
fn digest_answer(digest: &mut Sha256, outcome: &ShortestPathOutcome, path: &[StraightPathVertex]) {
    digest.update([outcome.status as u8]);
    digest.update(outcome.length.to_le_bytes());
    for vertex in path {
        vertex.position.iter().for_each(|c| digest.update(c.to_le_bytes()));
        digest.update(vertex.flags.0.to_le_bytes());
        digest.update(vertex.poly.0.to_le_bytes());
    }
}

/// The value at fraction `q` of the sorted `values`.
fn quantile<T: Copy + PartialOrd>(values: &mut [T], q: f64) -> Option<T> {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let last = values.len().checked_sub(1)?;
    Some(values[(last as f64 * q).round() as usize])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, pairs] = args.as_slice() else {
        eprintln!("usage: shortest_path_work nav_test|dungeon PAIRS");
        std::process::exit(2);
    };
    let pairs: usize = pairs.parse().expect("pairs");
    let mesh = imported(name);
    let polys: Vec<PolyRef> =
        mesh.tiles().flat_map(|(r, t)| (0..t.polygon_count() as u32).map(move |p| r.polygon(p).unwrap())).collect();
    let mut query = NavMeshQuery::new(&mesh, 65_535).unwrap();
    let mut rng = Rng::new(11);
    let mut out = Vec::new();
    let mut answers = Sha256::new();
    let (mut nodes, mut complete_us, mut unreachable_us) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..pairs {
        let (start, end) =
            (polys[rng.below(polys.len() as u64) as usize], polys[rng.below(polys.len() as u64) as usize]);
        let points = (point_on(&mesh, start, &mut rng), point_on(&mesh, end, &mut rng));
        let clock = Instant::now();
        let outcome = shortest(&mut query, (start, end), points, &mut out);
        let us = clock.elapsed().as_secs_f64() * 1e6;
        digest_answer(&mut answers, &outcome, &out);
        match outcome.status {
            ShortestPathStatus::Complete => {
                nodes.push(outcome.nodes);
                complete_us.push(us);
            }
            ShortestPathStatus::Unreachable => unreachable_us.push(us),
            ShortestPathStatus::OutOfNodes => eprintln!("out of nodes: {start:?} -> {end:?}"),
        }
    }
    println!(
        "{name}: {} complete, nodes median {:?} p99 {:?} total {}, µs median {:.2?} p99 {:.2?}; {} unreachable, µs median {:.3?}; \
         answers sha256 {:x}",
        nodes.len(),
        quantile(&mut nodes, 0.5),
        quantile(&mut nodes, 0.99),
        nodes.iter().sum::<usize>(),
        quantile(&mut complete_us, 0.5),
        quantile(&mut complete_us, 0.99),
        unreachable_us.len(),
        quantile(&mut unreachable_us, 0.5),
        answers.finalize(),
    );
}
