//! Walking back when pushed off (`UpdateFlags::WALK_BACK_WHEN_PUSHED`):
//! an agent that arrived and was then pushed off its target walks back to
//! it, instead of standing wherever the push left it, reported as arrived.
//! The scene's end state is the same on 1, 2 and 8 threads and matches
//! `tests/golden/crowd_walk_back.sha256`.

mod crowd_common;

use crowd_common::{agent_params, cell_mesh, check_golden, crowd_of, hex};
use onav::{AgentHandle, AgentState, Crowd, UpdateFlags};

const DT: f64 = 1.0 / 30.0;
/// Where the agent at rest stands and is sent.
const AT_REST: [f64; 3] = [4.0, 0.0, 1.0];

fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The corridor run's outcome: the crowd after 40 s and how far the agent
/// at rest was pushed off its target at most.
struct Pushed {
    crowd: Crowd,
    handles: Vec<AgentHandle>,
    farthest: f64,
}

/// A corridor 16 m long and 2 m wide: an agent at rest on its target in
/// its middle at x 4, and six walkers from behind it (two abreast) to the
/// far end, whose stream carries it along; every agent on `flags`.
fn pushed_along_a_corridor(flags: UpdateFlags) -> Pushed {
    let mesh = cell_mesh(16, 2, |_, _| true);
    let mut params = agent_params();
    params.update_flags = flags;
    let mut trips = vec![(AT_REST, AT_REST)];
    for x in [0.5, 1.2, 1.9] {
        for z in [0.5, 1.5] {
            trips.push(([x, 0.0, z], [13.1 + x, 0.0, z]));
        }
    }
    let (mut crowd, handles) = crowd_of(&mesh, &trips, &params);
    let mut farthest = 0.0f64;
    for _ in 0..(40.0 / DT).round() as usize {
        crowd.step();
        farthest = farthest.max(distance_xz(crowd.agent(handles[0]).unwrap().position(), AT_REST));
    }
    Pushed { crowd, handles, farthest }
}

#[test]
fn an_arrived_agent_pushed_off_its_target_walks_back() {
    let Pushed { crowd, handles, farthest } = pushed_along_a_corridor(UpdateFlags::ALL);
    let at_rest = crowd.agent(handles[0]).unwrap();
    let params = at_rest.params();
    let walks_back_beyond = params.arrival_distance + 1.5 * params.radius;
    assert!(farthest > walks_back_beyond, "the stream pushed it {farthest} m off at most");
    assert_eq!(at_rest.state(), AgentState::Arrived);
    let off = distance_xz(at_rest.position(), AT_REST);
    assert!(off <= params.arrival_distance, "{off} m off its target");
    // Without the flag the walkers' own arrivals are pushed off too, and
    // two walkers stand for good short of their targets, held off them.
    for &handle in &handles[1..] {
        let walker = crowd.agent(handle).unwrap();
        assert_eq!(walker.state(), AgentState::Arrived, "{:?}", walker.position());
    }
}

#[test]
fn without_the_flag_the_pushed_agent_stays_where_the_push_left_it() {
    let flags = UpdateFlags(UpdateFlags::ALL.0 & !UpdateFlags::WALK_BACK_WHEN_PUSHED.0);
    let Pushed { crowd, handles, .. } = pushed_along_a_corridor(flags);
    let at_rest = crowd.agent(handles[0]).unwrap();
    assert_eq!(at_rest.state(), AgentState::Arrived);
    let off = distance_xz(at_rest.position(), AT_REST);
    assert!(off > 2.0 * at_rest.params().radius, "{off} m off its target");
}

#[test]
fn one_two_and_eight_threads_walk_back_alike_and_as_the_golden_hash() {
    let hash = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| pushed_along_a_corridor(UpdateFlags::ALL).crowd.state_hash())
    };
    let one = hash(1);
    assert_eq!(hex(&hash(2)), hex(&one));
    assert_eq!(hex(&hash(8)), hex(&one));
    check_golden("crowd_walk_back.sha256", &format!("{}  corridor_pushed_off/1200_ticks\n", hex(&one)));
}
