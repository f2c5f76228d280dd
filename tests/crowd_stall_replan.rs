//! Replanning stalled agents (issue 21: every agent arrives; the flag
//! `UpdateFlags::REPLAN_WHEN_STALLED`), on the smallest scene the doorway
//! runs' fault was cut down to: on a 6 × 4 m floor of 1 m cells, an agent
//! at rest on its target at (2.5, 1.95), just below the cell border z = 2,
//! and a walker from (1, 2) to (5.5, 2) along that border. ORCA sends the
//! walker round the agent at rest; pushed over the border, its corridor
//! takes the cells it was pushed through, and its first corner becomes the
//! cell vertex (2, 2) right in front of the agent at rest, where ORCA holds
//! it with its steering asking for 2 m/s. Without the rule it stands there
//! for good; with it the walker searches its path again from where it
//! stands and goes round. A walker that rounds turns wide
//! (`TurnStyle::Wide`) keeps off that vertex and goes round without it.

mod crowd_common;

use crowd_common::{cell_mesh, crowd_of, run, Report};
use onav::{AgentParams, AgentState, Crowd, TurnStyle, UpdateFlags};

const AT_REST: [f64; 3] = [2.5, 0.0, 1.95];
const START: [f64; 3] = [1.0, 0.0, 2.0];
const GOAL: [f64; 3] = [5.5, 0.0, 2.0];

/// The scene run for `seconds` with every agent on `flags` and taking
/// turns as `turn_style` says; the crowd and the run's report (the walker
/// is the second agent).
fn walk_past_an_agent_at_rest(flags: UpdateFlags, turn_style: TurnStyle, seconds: f64) -> (Crowd, Report) {
    let mesh = cell_mesh(6, 4, |_, _| true);
    let mut params = AgentParams::new(0.3, 1.8);
    params.update_flags = flags;
    params.turn_style = turn_style;
    let (mut crowd, handles) = crowd_of(&mesh, &[(AT_REST, AT_REST), (START, GOAL)], &params);
    let report = run(&mut crowd, &handles, &[AT_REST, GOAL], seconds);
    (crowd, report)
}

#[test]
fn a_walker_held_by_an_agent_at_rest_searches_its_path_again_and_arrives() {
    let (_, report) = walk_past_an_agent_at_rest(UpdateFlags::ALL, TurnStyle::Inside, 10.0);
    eprintln!("arrived after {:?} s", report.seconds_to_arrive);
    report.assert_clean(10.0);
}

#[test]
fn without_the_rule_the_walker_stands_for_good() {
    let (crowd, report) = walk_past_an_agent_at_rest(without_the_rule(), TurnStyle::Inside, 20.0);
    assert_eq!(report.seconds_to_arrive, None);
    assert!(!report.stuck.is_empty(), "{report:#?}");
    let walker = crowd.agents().find(|(_, agent)| agent.target_position() == Some(GOAL)).unwrap().1;
    assert_eq!(walker.state(), AgentState::Walking);
    let speed = |v: [f64; 3]| v[0].hypot(v[2]);
    assert!(speed(walker.velocity()) < 0.05 * speed(walker.desired_velocity()), "{walker:?}");
    assert!(speed(walker.desired_velocity()) > 0.25 * walker.params().max_speed, "{walker:?}");
}

#[test]
fn a_walker_turning_wide_goes_round_without_the_rule() {
    let (_, report) = walk_past_an_agent_at_rest(without_the_rule(), TurnStyle::Wide, 10.0);
    eprintln!("arrived after {:?} s", report.seconds_to_arrive);
    report.assert_clean(10.0);
}

/// Every update flag but `REPLAN_WHEN_STALLED`.
fn without_the_rule() -> UpdateFlags {
    UpdateFlags(UpdateFlags::ALL.0 & !UpdateFlags::REPLAN_WHEN_STALLED.0)
}
