//! Crowd scenarios of issue 21 on synthetic meshes: a doorway crossed both
//! ways, a corridor walked from both ends, a plaza with pillars crossed
//! from every side. Each asserts, through `crowd_common::run`: every agent
//! arrives within a time bound, no pair overlaps by more than 10% of the
//! radius after the first second, no agent goes 5 simulated seconds
//! without progress, and every agent stays on the mesh.

mod crowd_common;

use crowd_common::doorway::doorway;
use crowd_common::{cell_mesh, crowd_with, run, swap_trips, Trip};

fn check(mesh: &onav::TiledNavMesh, trips: &[Trip], bound_seconds: f64) {
    let (mut crowd, handles) = crowd_with(mesh, trips);
    let goals: Vec<_> = trips.iter().map(|t| t.1).collect();
    let report = run(&mut crowd, &handles, &goals, bound_seconds);
    eprintln!("{} agents arrived after {:?} s", trips.len(), report.seconds_to_arrive);
    report.assert_clean(bound_seconds);
}

/// Known failure, kept as the issue states it: the 50 agents all arrive
/// (about 25 s), never overlap and never leave the mesh, but agents of
/// both streams wait at the door for more than 5 simulated seconds
/// without progress, so the "no agent stuck" check fails (27 of the 50 on
/// main, the longest 14 s). Run it with
/// `cargo test --release --test crowd_scenarios -- --ignored`.
///
/// What was tried, none of it passing, is recorded with its figures in
/// docs/CROWD_PEER.md ("The doorway scenario"): lane bias, keep-right and
/// its variants, door lanes, right of way, separation tuning, 584 random
/// combinations of the lane family, door queues in files, and pacing toward
/// the opening (each agent capping its speed by its distance over its turn,
/// with lanes, turns or giving way at the door; 635 runs of seven variants,
/// 8 to 50 agents waiting 5 s or more, the median of each variant 25 to
/// 40), and doors shared in turns (one direction at a time crosses, the
/// other holds short of the mouth; 310 runs of six variants, 5 to 46
/// agents waiting 5 s or more). Judged over 200 jittered runs each
/// (`tests/crowd_doorway_probe.rs` with `DOORWAY_PROBE_SEEDS=199`), main
/// passes none and the best door rules tried 68 % (doors in turns, waiting
/// agents creeping off the line the other side arrives along, frustrated
/// agents given way); the "chaos" earlier rounds saw between neighbouring
/// parameters was mostly the draw of 20 runs. The waits left are the
/// waiting side's agents in front of the mouth, in the arriving stream.
#[test]
#[ignore = "counterflow jams at the door for more than 5 s (issue 21, open)"]
fn agents_cross_a_doorway_both_ways() {
    let (mesh, trips) = doorway();
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
