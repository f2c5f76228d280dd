//! Agents sent to one point (`UpdateFlags::ARRIVE_IN_GROUPS`): only one
//! of them can stand on it, so the others arrive where they touch an
//! agent that already arrived there, and the group comes to rest.
//! Without the flag they push round the point for as long as the run
//! lasts. The scene's end state is the same on 1, 2 and 8 threads and
//! matches `tests/golden/crowd_group_arrival.sha256`.

mod crowd_common;

use crowd_common::{agent_params, cell_mesh, check_golden, crowd_of, hex};
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
    let mesh = cell_mesh(20, 20, |_, _| true);
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
    let (mut crowd, handles) = crowd_of(&mesh, &trips, &params);
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
