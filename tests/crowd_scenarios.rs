//! Crowd scenarios of issue 21 on synthetic meshes: a doorway crossed both
//! ways, a corridor walked from both ends, a plaza with pillars crossed
//! from every side. Each asserts, through `crowd_common::run`: every agent
//! arrives within a time bound, no pair overlaps by more than 10% of the
//! radius after the first second, no agent goes 5 simulated seconds
//! without progress, and every agent stays on the mesh.

mod crowd_common;

use crowd_common::{cell_mesh, crowd_with, run};

/// Where an agent starts and where it is sent.
type Trip = ([f64; 3], [f64; 3]);

/// Starts at `starts` and goals at their mirror images, both ways.
fn swap_trips(starts: &[[f64; 3]], mirror: impl Fn([f64; 3]) -> [f64; 3]) -> Vec<Trip> {
    let forward = starts.iter().map(|&s| (s, mirror(s)));
    let back = starts.iter().map(|&s| (mirror(s), s));
    forward.chain(back).collect()
}

fn check(mesh: &onav::TiledNavMesh, trips: &[Trip], bound_seconds: f64) {
    let (mut crowd, handles) = crowd_with(mesh, trips);
    let goals: Vec<_> = trips.iter().map(|t| t.1).collect();
    let report = run(&mut crowd, &handles, &goals, bound_seconds);
    eprintln!("{} agents arrived after {:?} s", trips.len(), report.seconds_to_arrive);
    report.assert_clean(bound_seconds);
}

/// Known failure, kept as the issue states it: the 50 agents all arrive
/// (25 s), never overlap and never leave the mesh, but the two streams
/// jam in front of the door for more than 5 simulated seconds, so the
/// "no agent stuck" check fails (with 20 agents too). Run it with
/// `cargo test --test crowd_scenarios -- --ignored`.
///
/// What is known of the jam: the 25 agents of one side alone cross in
/// 11.3 s with no agent stuck, so the door's capacity is not the cause;
/// with both streams about one agent a second crosses each way. The
/// straight paths of both directions bend round the same door post (an
/// agent from the left of the door, going either way, heads for the left
/// post's corners), so the streams meet head-on at each post instead of
/// forming one lane per direction; about one ORCA solve in six then has
/// no feasible velocity and takes the fallback. Stronger or wider lane
/// bias, a right-hand choice of the velocity obstacle's leg for oncoming
/// agents, aiming right of corners the path turns left round, shorter
/// time horizons and less separation were each tried: none removes the
/// waits of more than 5 s (the best combination left 4 agents stuck).
///
/// Door lanes were tried too and do not fix it: when the first corner is
/// a post of a narrow opening (a wall ending at the corner, extended,
/// meets the far post within 10 radii, found in the agent's wall
/// segments), the agent aimed at a point across the opening on its right
/// (0.6 to 0.9 of the width, at least 1.2 radii from either post), so
/// each direction took one half of the door. The agents still arrive
/// (21.6 s with lanes at 0.75 and keep-right off, 59 s with keep-right
/// on; at 0.9 with keep-right on one never does), but 10 or more agents
/// (the report keeps 10) are still reported stuck, as on main, already at
/// tick 210: they made no progress between 2 s and 7 s. They are not in
/// the door but at the back of the queues 1 to 3 m before it, and pressed
/// against the wall beside it (at x 11 to 12 for northbound agents from
/// the left, pushed past the door by keep-right and by the lane on the far
/// half). Lanes also move the crossing of the streams from the door posts
/// to the door's mouths: agents from one side going opposite ways must
/// swap halves there. So the 5 s check fails on queueing before the door;
/// the next step is to measure it (per-second crossings each way, the
/// longest wait of each agent and where it waits) before another remedy.
///
/// Measured on main (a probe stepping this scenario, progress as `run`
/// defines it, sampled each second): all arrive at 26 s, but 27 of the 50
/// agents have a no-progress interval of 5 s or more (the report lists only
/// the first 10), the longest 14 s. The flow is uneven, not low: from 3 s
/// to 13 s ten agents cross northward and three southward, then the
/// south-bound catch up (14 s to 21 s). Where the 27 longest waits end: 19
/// within 1.5 m of the wall at a mouth, 5 against the wall face beside the
/// door, 2 in the door, 1 further back. While waiting they are not at rest
/// (median speed 0.22 m/s) and are pushed back: in 73 of 110 stalled
/// samples the agent was more than 0.3 m further from its goal than its
/// best (22 more than 1 m, up to 2.6 m), so the check (progress = a new
/// best remaining path length) counts shoving by the other stream as no
/// progress. At 7 s the entering agents stand abreast across the whole
/// opening at both mouths (three each, 0.6 to 0.7 m apart, e.g.
/// south-bound at x 9.45, 10.05, 10.77 on z 11.2 to 11.5), leaving no gap
/// for the other stream to leave the door, and separation has cut their
/// desired speeds to 0.6 to 1 m/s, mostly sideways: separation spreads a
/// queue across the mouth. The geometry is fair: the 2 m opening is open
/// to agent centres (the cell mesh is not eroded), room for three agents
/// of 0.6 m abreast, so two opposite lanes fit.
///
/// Tried after measuring, none kept: right of way alternating with time
/// (in each turn of 1.5, 2.5 or 4 s, one of two agents met head-on, by the
/// sign of the larger component of their heading difference, keeps its
/// way; the other slows to 0.25, 0.1, 0 or −0.3 of its desired velocity;
/// range 8 to 12 radii, lane 2 to 5 radii): worse, 26 to 48 agents stuck
/// and in several runs not all arrive in 90 s, because a yielding queue
/// still fills the mouth. Separation weight halved: 15 stuck, one agent
/// does not arrive; no separation: 21; separation range × 0.6: 21. The
/// measurement points at the mouths: entering agents must leave the half
/// of the opening the other stream leaves by (queue single file along
/// their own post instead of spreading abreast), which is the next remedy
/// to try.
///
/// Tried next (measured by a probe that prints each second's crossings
/// each way and each agent's longest wait, kept on the unmerged branch
/// `doorway` at 97743a4; on main: all arrive at 26 s, 27 agents go 5 s or more without progress,
/// the longest 14 s), none kept:
/// - That remedy, lanes through narrow openings: probe points along the
///   straight path (each radius up to 10 radii, and each corner pushed 2
///   radii out of its turn) find an opening as the nearest wall point and
///   the nearest one on the opposite side, 4 to 8 radii apart; the agent
///   steers for the centre of the opening's right-hand half (to a point 3
///   radii before it, then along it), and ORCA gets the opening's centre
///   line (± 5 radii) as a wall on the agent's side. 13 agents wait 5 s or
///   more (all arrive at 23.6 s); the door still passes 1 to 2 agents a
///   second each way. The waits move into the queues: agents merging into
///   a lane from beside the mouth (pressed against the wall face next to
///   the door) and the back of a lane's queue 1 to 2 m before the door,
///   which agents leaving the door cut across toward their goals. A lane
///   also lengthens the path of the agents that start on the other side of
///   the door's centre line; 7 of the 12 longest waits are theirs.
/// - On top of the lanes: entering agents taking all of the avoidance
///   against agents leaving on their side (9 to 20 agents wait 5 s or
///   more); a two-sided centre line that agents from the wrong side walk
///   round (20 to 36); following the nearest same-way agent ahead to a
///   spot 2.4 radii behind it (26 to 36: the queues hesitate and the door
///   empties); a speed cap by the gap to the same-way agent ahead (11 to
///   49, deadlocks); ORCA priority to the agent that has waited longer (19
///   to 38, with overlaps); keeping the lane for 3 to 15 radii past the
///   door, so that leaving agents cross the queues further back (8 to 28).
/// - 584 random combinations of these parameters: 4 to 50 agents wait 5 s
///   or more (median 29), and in 162 runs some agent has not arrived after
///   90 s; the best (4) becomes 11 to 29 when any one parameter moves by a
///   few percent. The outcome is chaotic in the parameters, so tuning this
///   family will not pass the check. The figures point at the queues: the
///   queue before each half of the door would have to be a file that keeps
///   its order and keeps every agent in it creeping forward (the check
///   needs 0.05 m in 5 s) without pushing anyone back, not a blob joined
///   from the sides.
///
/// Door queues, tried next (unmerged branch `doorqueue-wip` at 379687a:
/// `src/crowd/door_queue.rs`, and the probe with traces), none kept: an
/// opening is two wall ends 4 to 8 radii apart across a wall face that the
/// path crosses (walls gathered within 20 radii); each direction keeps its
/// right half; the rest wait in order of arrival in a file 1.4 radii before
/// the mouth, moving only forward, avoidance yielding to the order. Agents
/// waiting 5 s or more: one file along the wall right of the half, 17 to
/// 27; two files, one each side (an agent waits on the side it came from),
/// 12; files taking 1 s turns, 18 (one direction starves). Why:
/// 25 agents make a 16 m file (9 m of wall beside a post), agents walking
/// to its tail walk away from their goals, and one agent at a time through
/// the mouth caps the door at 1.2 to 1.6 a second (one way alone: all cross
/// in 21 s with 4 waiting 5 s, or with turns 6 and one never arrives; 11 s
/// and none without the rule), so files stand still 5 s. Letting the next
/// go once the first is in its lane within 2 or 4 radii of the mouth: 11
/// or 7 (but 10 or 32 overlap samples, and at 4 radii the last agent waits
/// 22 s alone: a bug left open). Next: feed the lane at a free stream's
/// rate (followers at a spacing) from files fed where the agents are, not
/// from a fixed tail.
#[test]
#[ignore = "counterflow jams at the door for more than 5 s (issue 21, open)"]
fn agents_cross_a_doorway_both_ways() {
    let (mesh, trips) = doorway();
    check(&mesh, &trips, 90.0);
}

/// The doorway scenario: 20 × 21 m, a wall along z 10..11 with a 2 m door
/// at x 9..11 (the cell mesh is not eroded: the door is open to agent
/// centres), 25 agents on each side crossing to the mirror image of their
/// start. Starts and goals keep 3 m from the wall, so agents that have
/// arrived do not stand in the door.
fn doorway() -> (onav::TiledNavMesh, Vec<Trip>) {
    const ROWS: usize = 5;
    let mesh = cell_mesh(20, 21, |i, j| j != 10 || (9..11).contains(&i));
    let mut starts = Vec::new();
    for row in 0..ROWS {
        for column in 0..5 {
            starts.push([3.5 + 3.0 * column as f64, 0.0, 1.0 + 1.5 * row as f64]);
        }
    }
    let trips = swap_trips(&starts, |p| [p[0], 0.0, 21.0 - p[2]]);
    assert_eq!(trips.len(), 10 * ROWS);
    (mesh, trips)
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
