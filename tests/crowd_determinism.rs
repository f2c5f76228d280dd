//! Deterministic stepping (issue 21): the same scenario stepped on rayon
//! pools of 1, 2 and 8 threads, on rayon's global pool from outside it and
//! on the calling thread alone (`step_on_calling_thread`) gives the same
//! state hash, with either turn style, and the state hash after a fixed
//! scenario matches the golden SHA-256 in `tests/golden/crowd.sha256`, one
//! line for each turn style.
//!
//! The golden scenario is the plaza with pillars, 36 agents crossing it
//! from two sides and back, for the issue's 10 000 ticks at 30 per second
//! (333 simulated seconds). An agent that arrives is sent back to where it
//! came from, so the crowd keeps walking (and meeting) for all 10 000
//! ticks rather than standing still after the first crossing. An intended
//! change of the crowd's behaviour regenerates the file with
//!
//! ```sh
//! ONAV_UPDATE_GOLDEN=1 cargo test --test crowd_determinism
//! ```

mod crowd_common;

use crowd_common::{agent_params, cell_mesh, check_golden, crowd_of, hex};
use onav::{AgentHandle, AgentParams, AgentState, Crowd, TurnStyle};

const GOLDEN_TICKS: u64 = 10_000;

/// An agent and its two ends, the one it walks to first second.
type Shuttle = (AgentHandle, [f64; 3], [f64; 3]);

/// The crowd, its agents taking turns as `turn_style` says, and each
/// agent's two ends, the one it walks to first second.
fn plaza_crowd(turn_style: TurnStyle) -> (Crowd, Vec<Shuttle>) {
    let mesh = cell_mesh(30, 30, |i, j| i % 6 != 3 || j % 6 != 3);
    let mut trips = Vec::new();
    for k in 0..9 {
        let along = 3.0 + 3.0 * k as f64;
        for start in [[along, 0.0, 1.5], [1.5, 0.0, along]] {
            let goal = [30.0 - start[0], 0.0, 30.0 - start[2]];
            trips.push((start, goal));
            trips.push((goal, start));
        }
    }
    let (crowd, handles) = crowd_of(&mesh, &trips, &AgentParams { turn_style, ..agent_params() });
    let ends = handles.into_iter().zip(trips).map(|(handle, (start, goal))| (handle, start, goal)).collect();
    (crowd, ends)
}

/// Sends every agent that has arrived back to its other end, in slot
/// order.
fn turn_back_arrived(crowd: &mut Crowd, ends: &mut [Shuttle]) {
    for (handle, from, to) in ends.iter_mut() {
        if crowd.agent(*handle).unwrap().state() == AgentState::Arrived {
            std::mem::swap(from, to);
            crowd.request_move_target(*handle, *to).unwrap();
        }
    }
}

/// How a run steps its crowd.
#[derive(Clone, Copy)]
enum Stepping {
    /// `step` inside a rayon pool of this many threads.
    Pool(usize),
    /// `step` from this test's thread, which is no pool's: rayon's global
    /// pool.
    GlobalPool,
    /// `step_on_calling_thread`.
    CallingThread,
}

fn hash_after(ticks: u64, stepping: Stepping, turn_style: TurnStyle) -> [u8; 32] {
    let run = || {
        let (mut crowd, mut ends) = plaza_crowd(turn_style);
        for _ in 0..ticks {
            match stepping {
                Stepping::CallingThread => crowd.step_on_calling_thread(),
                Stepping::Pool(_) | Stepping::GlobalPool => crowd.step(),
            }
            turn_back_arrived(&mut crowd, &mut ends);
        }
        crowd.state_hash()
    };
    match stepping {
        Stepping::Pool(threads) => rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(run),
        Stepping::GlobalPool | Stepping::CallingThread => run(),
    }
}

const TURN_STYLES: [TurnStyle; 2] = [TurnStyle::Inside, TurnStyle::Wide];

#[test]
fn one_two_and_eight_threads_give_the_same_state() {
    for style in TURN_STYLES {
        let one = hash_after(300, Stepping::Pool(1), style);
        assert_eq!(hex(&hash_after(300, Stepping::Pool(2), style)), hex(&one), "{style:?}");
        assert_eq!(hex(&hash_after(300, Stepping::Pool(8), style)), hex(&one), "{style:?}");
        assert_ne!(hex(&hash_after(299, Stepping::Pool(1), style)), hex(&one), "the hash follows the state");
    }
    let inside = hash_after(300, Stepping::Pool(1), TurnStyle::Inside);
    assert_ne!(hex(&hash_after(300, Stepping::Pool(1), TurnStyle::Wide)), hex(&inside), "the style changes the walk");
}

#[test]
fn the_global_pool_and_the_calling_thread_give_the_same_state_as_a_pool() {
    for style in TURN_STYLES {
        let pool = hash_after(300, Stepping::Pool(2), style);
        assert_eq!(hex(&hash_after(300, Stepping::GlobalPool, style)), hex(&pool), "{style:?}");
        assert_eq!(hex(&hash_after(300, Stepping::CallingThread, style)), hex(&pool), "{style:?}");
    }
}

#[test]
fn the_state_after_the_golden_scenario_is_unchanged() {
    let line = |style: TurnStyle, name: &str| {
        format!("{}  {name}/{GOLDEN_TICKS}_ticks\n", hex(&hash_after(GOLDEN_TICKS, Stepping::Pool(2), style)))
    };
    let lines = line(TurnStyle::Inside, "plaza_36_agents") + &line(TurnStyle::Wide, "plaza_36_agents_turning_wide");
    check_golden("crowd.sha256", &lines);
}
