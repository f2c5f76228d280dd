//! Crowd scenarios of issue 21 on synthetic meshes: a doorway crossed both
//! ways, a corridor walked from both ends, a plaza with pillars crossed
//! from every side. Each asserts, through `crowd_common::run`: every agent
//! arrives within a time bound, no pair overlaps by more than 10% of the
//! radius after the first second, no agent goes 5 simulated seconds
//! without progress, and every agent stays on the mesh.

mod crowd_common;

use crowd_common::{cell_mesh, crowd_with, run};

/// Starts at `starts` and goals at their mirror images, both ways.
fn swap_trips(starts: &[[f64; 3]], mirror: impl Fn([f64; 3]) -> [f64; 3]) -> Vec<([f64; 3], [f64; 3])> {
    let forward = starts.iter().map(|&s| (s, mirror(s)));
    let back = starts.iter().map(|&s| (mirror(s), s));
    forward.chain(back).collect()
}

fn check(mesh: &onav::TiledNavMesh, trips: &[([f64; 3], [f64; 3])], bound_seconds: f64) {
    let (mut crowd, handles) = crowd_with(mesh, trips);
    let goals: Vec<_> = trips.iter().map(|t| t.1).collect();
    let report = run(&mut crowd, &handles, &goals, bound_seconds);
    eprintln!("{} agents arrived after {:?} s", trips.len(), report.seconds_to_arrive);
    report.assert_clean(bound_seconds);
}

#[test]
fn agents_cross_a_doorway_both_ways() {
    const ROWS: usize = 5;
    // 20 × 17 m, a wall along z 8..9 with a 2 m door at x 9..11.
    let mesh = cell_mesh(20, 17, |i, j| j != 8 || (9..11).contains(&i));
    let mut starts = Vec::new();
    for row in 0..ROWS {
        for column in 0..5 {
            starts.push([3.5 + 3.0 * column as f64, 0.0, 1.5 + 1.5 * row as f64]);
        }
    }
    let trips = swap_trips(&starts, |p| [p[0], 0.0, 17.0 - p[2]]);
    assert_eq!(trips.len(), 10 * ROWS);
    check(&mesh, &trips, 90.0);
}

#[test]
fn agents_walking_against_each_other_in_a_corridor_pass() {
    // 40 × 3 m.
    let mesh = cell_mesh(40, 3, |_, _| true);
    let mut starts = Vec::new();
    for column in 0..3 {
        for row in 0..3 {
            starts.push([1.5 + 1.5 * column as f64, 0.0, 0.5 + row as f64]);
        }
    }
    let trips = swap_trips(&starts, |p| [40.0 - p[0], 0.0, p[2]]);
    check(&mesh, &trips, 40.0);
}

#[test]
fn agents_cross_a_plaza_with_pillars_from_every_side() {
    // 30 × 30 m with 1 m pillars every 6 m.
    let mesh = cell_mesh(30, 30, |i, j| i % 6 != 3 || j % 6 != 3);
    let mut starts = Vec::new();
    for k in 0..9 {
        let along = 3.0 + 3.0 * k as f64;
        starts.push([along, 0.0, 1.5]);
        starts.push([1.5, 0.0, along]);
    }
    let trips = swap_trips(&starts, |p| [30.0 - p[0], 0.0, 30.0 - p[2]]);
    check(&mesh, &trips, 60.0);
}
