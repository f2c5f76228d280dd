//! Agents sent to one point (`UpdateFlags::ARRIVE_IN_GROUPS`): only one
//! of them can stand on it, so the others arrive where they touch an
//! agent that already arrived there, and the group comes to rest; sent
//! where they cannot go, they stop with no path round the nearest point
//! they can reach. Without the flag they push toward the point for as
//! long as the run lasts. An agent does not stop against a group on the
//! far side of a wall. The ring's end state is the same on 1, 2 and 8
//! threads and matches `tests/golden/crowd_group_arrival.sha256`.

mod crowd_common;

use crowd_common::{agent_params, cell_mesh, check_golden, crowd_of, hex, quad_mesh};
use onav::{AgentHandle, AgentState, Crowd, UpdateFlags};

const DT: f64 = 1.0 / 30.0;
/// The point every agent is sent to.
const POINT: [f64; 3] = [10.0, 0.0, 10.0];

fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// How the group ends: the crowd after the run, and how far its agents
/// moved in all over the run's last 5 s.
struct Gathered {
    crowd: Crowd,
    handles: Vec<AgentHandle>,
    moved_at_the_end: f64,
}

/// A 20 × 20 m floor; 24 agents on a ring of 8 m round its middle, all
/// sent to the middle, every agent on `flags`; stepped for `seconds`.
fn sent_to_one_point(flags: UpdateFlags, seconds: f64) -> Gathered {
    sent_to_one_point_over(&cell_mesh(20, 20, |_, _| true), flags, seconds)
}

/// [`sent_to_one_point`] over `mesh`.
fn sent_to_one_point_over(mesh: &onav::TiledNavMesh, flags: UpdateFlags, seconds: f64) -> Gathered {
    let mut params = agent_params();
    params.update_flags = flags;
    // A ring's points from a rational parametrisation (no sin/cos).
    let trips: Vec<_> = (0..24)
        .map(|k| {
            let s = (k as f64 - 11.5) / 6.0;
            let (x, z) = ((1.0 - s * s) / (1.0 + s * s), 2.0 * s / (1.0 + s * s));
            let side = if k % 2 == 0 { 1.0 } else { -1.0 };
            ([POINT[0] + 8.0 * x * side, 0.0, POINT[2] + 8.0 * z * side], POINT)
        })
        .collect();
    let (mut crowd, handles) = crowd_of(mesh, &trips, &params);
    let ticks = (seconds / DT).round() as usize;
    let last = (5.0 / DT).round() as usize;
    let mut moved_at_the_end = 0.0;
    for tick in 0..ticks {
        let before: Vec<_> = handles.iter().map(|&h| crowd.agent(h).unwrap().position()).collect();
        crowd.step();
        if tick >= ticks - last {
            for (&h, b) in handles.iter().zip(&before) {
                moved_at_the_end += distance_xz(crowd.agent(h).unwrap().position(), *b);
            }
        }
    }
    Gathered { crowd, handles, moved_at_the_end }
}

#[test]
fn agents_sent_to_one_point_arrive_round_it_and_come_to_rest() {
    let Gathered { crowd, handles, moved_at_the_end } = sent_to_one_point(UpdateFlags::ALL, 40.0);
    for &handle in &handles {
        let agent = crowd.agent(handle).unwrap();
        assert_eq!(agent.state(), AgentState::Arrived, "{:?}", agent.position());
    }
    let params = agent_params();
    let from_point: Vec<f64> =
        handles.iter().map(|&h| distance_xz(crowd.agent(h).unwrap().position(), POINT)).collect();
    let nearest = from_point.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(nearest <= params.arrival_distance + params.radius, "the nearest agent {nearest} m off the point");
    // Packed round the point: 24 discs of radius r fill a disc of radius
    // 2r·√24 (about 2.9 m) less than a third, so none stands beyond it.
    let packed = 2.0 * params.radius * (handles.len() as f64).sqrt();
    let farthest = from_point.iter().copied().fold(0.0, f64::max);
    assert!(farthest <= packed, "an agent {farthest} m off the point");
    assert!(moved_at_the_end < 0.05, "the group moved {moved_at_the_end} m over the last 5 s");
}

#[test]
fn without_the_flag_the_group_pushes_round_the_point() {
    let flags = UpdateFlags(UpdateFlags::ALL.0 & !UpdateFlags::ARRIVE_IN_GROUPS.0);
    let Gathered { crowd, handles, moved_at_the_end } = sent_to_one_point(flags, 40.0);
    let walking = handles.iter().filter(|&&h| crowd.agent(h).unwrap().state() == AgentState::Walking);
    assert!(walking.count() > 10, "most never arrive");
    assert!(moved_at_the_end > 5.0, "the group moved {moved_at_the_end} m over the last 5 s");
}

/// The ring's floor cut in two along x 13..14: the point lies on the part
/// the agents cannot reach.
fn cut_floor() -> onav::TiledNavMesh {
    cell_mesh(20, 20, |i, _| i != 13)
}

#[test]
fn agents_sent_where_they_cannot_go_stop_round_the_nearest_point() {
    // The ring spans x 2..18; the agents on the point's part (x < 13)
    // arrive, the others stop short at the cut, round its nearest point.
    let Gathered { crowd, handles, moved_at_the_end } = sent_to_one_point_over(&cut_floor(), UpdateFlags::ALL, 40.0);
    let mut short = 0;
    for &handle in &handles {
        let agent = crowd.agent(handle).unwrap();
        let x = agent.position()[0];
        if x > 13.0 {
            assert_eq!(agent.state(), AgentState::NoPath, "{:?}", agent.position());
            assert!(x < 14.0 + 2.0 * agent_params().radius * (handles.len() as f64).sqrt(), "{x}");
            short += 1;
        } else {
            assert_eq!(agent.state(), AgentState::Arrived, "{:?}", agent.position());
        }
    }
    assert_eq!(short, 6, "the six agents of the ring that start beyond the cut stop short");
    assert!(moved_at_the_end < 0.05, "the group moved {moved_at_the_end} m over the last 5 s");
    let flags = UpdateFlags(UpdateFlags::ALL.0 & !UpdateFlags::ARRIVE_IN_GROUPS.0);
    let without = sent_to_one_point_over(&cut_floor(), flags, 40.0);
    assert!(without.moved_at_the_end > 5.0, "without the flag: {} m", without.moved_at_the_end);
}

#[test]
fn an_agent_does_not_stop_against_a_group_beyond_a_wall() {
    // Two rooms of 12 m, z 0..5 and 5.25..10, a wall 0.25 m thick between
    // them with a 4 m door at its east end (x 8..12). Three agents of
    // radius 1 gather at a point against the wall's north face; 8 s later
    // an agent in the south room, level with them, is sent there too. On
    // its way to the door it passes within touching (2.5 m between
    // centres) of the group across the wall: it must walk on through the
    // door (without the ray it stops south of the wall).
    let (b, a) = ([0.0, 8.0, 12.0], [5.0, 5.25]);
    let quad = |x0: f64, x1: f64, z0: f64, z1: f64| [[x0, z0], [x1, z0], [x1, z1], [x0, z1]];
    let mesh = quad_mesh(&[
        quad(b[0], b[1], 0.0, a[0]),
        quad(b[1], b[2], 0.0, a[0]),
        quad(b[1], b[2], a[0], a[1]),
        quad(b[0], b[1], a[1], 10.0),
        quad(b[1], b[2], a[1], 10.0),
    ]);
    let mut params = agent_params();
    params.radius = 1.0;
    params.arrival_distance = 0.3;
    let point = [4.0, 0.0, 5.5];
    let group: Vec<_> = [2.0, 4.5, 7.0].iter().map(|&x| ([x, 0.0, 8.5], point)).collect();
    let (mut crowd, handles) = crowd_of(&mesh, &group, &params);
    for _ in 0..(8.0 / DT) as usize {
        crowd.step();
    }
    let late = crowd.add_agent([1.2, 0.0, 3.9], params.clone()).unwrap();
    crowd.request_move_target(late, point).unwrap();
    let mut nearest = f64::INFINITY;
    for _ in 0..(30.0 / DT) as usize {
        crowd.step();
        let at = crowd.agent(late).unwrap().position();
        if at[2] < 5.0 {
            for &handle in &handles {
                nearest = nearest.min(distance_xz(at, crowd.agent(handle).unwrap().position()));
            }
        }
    }
    assert!(nearest <= 2.5, "it passed the group {nearest} m off, out of touching");
    let agent = crowd.agent(late).unwrap();
    assert_eq!(agent.state(), AgentState::Arrived);
    assert!(agent.position()[2] > 5.25, "it stopped at {:?}, south of the wall", agent.position());
    for &handle in &handles {
        assert_eq!(crowd.agent(handle).unwrap().state(), AgentState::Arrived);
    }
}

#[test]
fn one_two_and_eight_threads_gather_alike_and_as_the_golden_hash() {
    let hash = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| sent_to_one_point(UpdateFlags::ALL, 20.0).crowd.state_hash())
    };
    let one = hash(1);
    assert_eq!(hex(&hash(2)), hex(&one));
    assert_eq!(hex(&hash(8)), hex(&one));
    check_golden("crowd_group_arrival.sha256", &format!("{}  ring_of_24_to_one_point/600_ticks\n", hex(&one)));
}
