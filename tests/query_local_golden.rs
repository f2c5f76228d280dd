//! Golden answers of the local queries: "same answers on every run and
//! platform". A fixed set of queries (raycast, move_along_surface, the
//! circle, neighbourhood and wall searches, wall segments and the seeded
//! random points, errors included) runs on the golden meshes of
//! `tests/golden/cases.rs` and on jittered meshes with partly covered
//! portals; each kind's answers, as little-endian bytes, have their
//! SHA-256 committed in `tests/golden/query_local.sha256`
//! (`<hex>  <mesh>/<query>` per line).
//!
//! An intended change of answers regenerates the file with
//!
//! ```sh
//! ONAV_UPDATE_GOLDEN=1 cargo test --test query_local_golden
//! ```

mod input_2d;
mod mesh_common;
mod query_meshes;
mod tile_fixture;
#[path = "golden/cases.rs"]
mod cases;

use std::path::PathBuf;

use mesh_common::Rng;
use onav::{
    NavMesh, NavMeshError, NavMeshQuery, PolyRef, QueryFilter, RaycastOptions, Result, SearchStatus, TiledNavMesh,
};
use sha2::{Digest, Sha256};

const UPDATE_VARIABLE: &str = "ONAV_UPDATE_GOLDEN";
const GOLDEN_FILE: &str = "query_local.sha256";

/// Answers written as bytes.
#[derive(Default)]
struct Answers(Vec<u8>);

impl Answers {
    fn f64(&mut self, value: f64) {
        self.0.extend(value.to_le_bytes());
    }

    fn point(&mut self, p: [f64; 3]) {
        p.into_iter().for_each(|v| self.f64(v));
    }

    fn poly(&mut self, poly: PolyRef) {
        self.0.extend(poly.0.to_le_bytes());
    }

    fn polys(&mut self, polys: impl ExactSizeIterator<Item = PolyRef>) {
        self.0.extend((polys.len() as u32).to_le_bytes());
        polys.for_each(|p| self.poly(p));
    }

    fn status(&mut self, status: SearchStatus) {
        self.0.push(status as u8);
    }

    fn flag(&mut self, flag: bool) {
        self.0.push(flag as u8);
    }

    /// An answer or its error's kind, then `write` for the answer.
    fn result<T>(&mut self, result: Result<T>, write: impl FnOnce(&mut Self, T)) {
        match result {
            Ok(value) => {
                self.0.push(0);
                write(self, value);
            }
            Err(NavMeshError::OutOfRange(_)) => self.0.push(1),
            Err(NavMeshError::InvalidReference(_)) => self.0.push(2),
            Err(other) => panic!("a query failed with {other}"),
        }
    }
}

/// One query's arguments.
struct Case {
    poly: PolyRef,
    start: [f64; 3],
    end: [f64; 3],
    radius: f64,
    seed: u64,
}

/// 40 queries on `mesh`: starts on random polygons, ends up to 40 away,
/// radii up to 12, and every eighth argument set bad (a NaN, an infinite
/// end, a negative radius, a stale reference).
fn cases(mesh: &TiledNavMesh, seed: u64) -> Vec<Case> {
    let query = NavMeshQuery::new(mesh, 1).unwrap();
    let polys: Vec<PolyRef> = mesh
        .tiles()
        .flat_map(|(tile_ref, tile)| (0..tile.polygon_count() as u32).map(move |i| tile_ref.polygon(i).unwrap()))
        .collect();
    let mut rng = Rng::new(seed);
    let offset = |rng: &mut Rng| rng.range_f32(-40.0, 40.0) as f64;
    (0..40)
        .map(|i| {
            let poly = polys[rng.below(polys.len() as u64) as usize];
            let near = query.closest_point_on_poly(poly, [0.0; 3]).unwrap().position;
            let start =
                query.closest_point_on_poly(poly, [near[0] + offset(&mut rng), 0.0, near[2] + offset(&mut rng)]);
            let start = start.unwrap().position;
            let mut case = Case {
                poly,
                start,
                end: [start[0] + offset(&mut rng), start[1], start[2] + offset(&mut rng)],
                radius: rng.range_f32(0.0, 12.0) as f64,
                seed: rng.next_u64(),
            };
            match i % 8 {
                1 => case.start[2] = f64::NAN,
                3 => case.end[0] = f64::INFINITY,
                5 => case.radius = -1.0,
                7 => case.poly = PolyRef(case.poly.0 ^ (1 << 40)),
                _ => {}
            }
            case
        })
        .collect()
}

/// The digest lines of every query kind on `mesh`, named `<name>/<kind>`.
fn digests(name: &str, mesh: &TiledNavMesh, seed: u64) -> String {
    let cases = cases(mesh, seed);
    let mut query = NavMeshQuery::new(mesh, 128).unwrap();
    let filter = QueryFilter::default();
    let mut visited = Vec::new();
    let mut kinds: Vec<(&str, Answers)> = Vec::new();
    let mut answer = |kind: &'static str, run: &mut dyn FnMut(&mut NavMeshQuery, &Case, &mut Answers)| {
        let mut answers = Answers::default();
        for case in &cases {
            run(&mut query, case, &mut answers);
        }
        kinds.push((kind, answers));
    };
    answer("raycast", &mut |q, c, a| {
        let hit = q.raycast(c.poly, c.start, c.end, &filter, RaycastOptions { path_cost: true }, &mut visited);
        a.result(hit, |a, hit| {
            a.f64(hit.t);
            a.f64(hit.path_cost.unwrap());
            a.flag(hit.wall.is_some());
            if let Some(wall) = hit.wall {
                a.poly(wall.poly_ref);
                a.0.push(wall.edge as u8);
                a.point(wall.normal);
            }
            a.polys(visited.iter().copied());
        });
    });
    answer("move_along_surface", &mut |q, c, a| {
        let moved = q.move_along_surface(c.poly, c.start, c.end, &filter, &mut visited);
        a.result(moved, |a, moved| {
            a.point(moved.position);
            a.status(moved.status);
            a.polys(visited.iter().copied());
        });
    });
    answer("polys_around_circle", &mut |q, c, a| {
        let mut around = Vec::new();
        let status = q.find_polys_around_circle(c.poly, c.start, c.radius, &filter, &mut around);
        a.result(status, |a, status| {
            a.status(status);
            a.polys(around.iter().map(|p| p.poly_ref));
            a.polys(around.iter().map(|p| p.parent));
            around.iter().for_each(|p| a.f64(p.cost));
        });
    });
    answer("local_neighbourhood", &mut |q, c, a| {
        let mut kept = Vec::new();
        let status = q.find_local_neighbourhood(c.poly, c.start, c.radius, &filter, &mut kept);
        a.result(status, |a, status| {
            a.status(status);
            a.polys(kept.iter().map(|p| p.poly_ref));
            a.polys(kept.iter().map(|p| p.parent));
        });
    });
    answer("distance_to_wall", &mut |q, c, a| {
        a.result(q.find_distance_to_wall(c.poly, c.start, c.radius, &filter), |a, wall| {
            a.status(wall.status);
            a.flag(wall.hit.is_some());
            if let Some(hit) = wall.hit {
                a.f64(hit.distance);
                a.point(hit.position);
                a.point(hit.normal);
            }
        });
    });
    answer("poly_wall_segments", &mut |q, c, a| {
        let mut segments = Vec::new();
        a.result(q.poly_wall_segments(c.poly, &filter, true, &mut segments), |a, ()| {
            a.polys(segments.iter().map(|s| s.neighbour));
            segments.iter().for_each(|s| {
                a.point(s.start);
                a.point(s.end);
            });
        });
    });
    answer("random_point", &mut |q, c, a| {
        let point = q.find_random_point(&filter, c.seed).expect("the default filter passes every polygon");
        a.poly(point.poly_ref);
        a.point(point.position);
    });
    answer("random_point_around_circle", &mut |q, c, a| {
        a.result(q.find_random_point_around_circle(c.poly, c.start, c.radius, &filter, c.seed), |a, found| {
            a.status(found.status);
            a.poly(found.point.poly_ref);
            a.point(found.point.position);
        });
    });
    kinds
        .into_iter()
        .map(|(kind, answers)| {
            let hex: String = Sha256::digest(&answers.0).iter().map(|b| format!("{b:02x}")).collect();
            format!("{hex}  {name}/{kind}\n")
        })
        .collect()
}

/// The golden meshes: the edited mesh of `cases.rs`, the tier-1 2D build
/// with its two-way link, and two jittered meshes.
fn generate() -> String {
    let build = NavMesh::load(&cases::nav_meshes()[0].bytes).expect("the golden build loads");
    [
        digests("edited_mesh", &cases::edited_mesh(), 1),
        digests("build_2x2_two_way_link", build.mesh(), 2),
        digests("jittered_5", &query_meshes::random_mesh(5), 3),
        digests("jittered_21", &query_meshes::random_mesh(21), 4),
    ]
    .concat()
}

#[test]
fn local_query_answers_match_the_committed_digests() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(GOLDEN_FILE);
    let generated = generate();
    if std::env::var_os(UPDATE_VARIABLE).is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let changed: Vec<&str> = generated.lines().filter(|line| !committed.lines().any(|c| c == *line)).collect();
    let gone: Vec<&str> = committed.lines().filter(|line| !generated.lines().any(|g| g == *line)).collect();
    assert!(
        changed.is_empty() && gone.is_empty(),
        "local query answers differ (if intended, rerun with {UPDATE_VARIABLE}=1):\nnow:\n{}\ncommitted:\n{}",
        changed.join("\n"),
        gone.join("\n")
    );
}
