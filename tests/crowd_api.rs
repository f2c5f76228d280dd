//! The crowd's requests (issue 21): handles as index + generation, remove,
//! teleport without removal, parameters changed in place, velocity
//! requests, reset, and bad input refused with a typed error that changes
//! nothing.

mod crowd_common;

use crowd_common::{agent_params, cell_mesh};
use onav::crowd::LocalBoundary;
use onav::{AgentParams, AgentState, Crowd, CrowdSettings, NavMeshError, NavMeshQuery, QueryFilter, TiledNavMesh};

fn room() -> TiledNavMesh {
    cell_mesh(12, 12, |_, _| true)
}

#[test]
fn a_removed_agents_handle_is_stale_and_its_slot_is_reused_with_a_new_generation() {
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let a = crowd.add_agent([2.5, 0.0, 2.5], agent_params()).unwrap();
    let b = crowd.add_agent([6.5, 0.0, 2.5], agent_params()).unwrap();
    crowd.remove_agent(a).unwrap();
    assert!(crowd.agent(a).is_none());
    let err = crowd.request_move_target(a, [5.0, 0.0, 5.0]).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidReference(m) if m.contains("index 0")), "{err}");
    assert!(matches!(crowd.remove_agent(a), Err(NavMeshError::InvalidReference(_))));
    let c = crowd.add_agent([9.5, 0.0, 9.5], agent_params()).unwrap();
    assert_eq!(c.index, a.index);
    assert_ne!(c.generation, a.generation);
    assert!(crowd.agent(a).is_none(), "the old handle does not reach the new agent");
    assert_eq!(crowd.agent_count(), 2);
    assert_eq!(crowd.agents().map(|(h, _)| h).collect::<Vec<_>>(), vec![c, b]);
}

#[test]
fn every_agent_reads_back_the_parameters_it_was_added_with_its_own_filter_included() {
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let mut costly = QueryFilter::new();
    costly.set_area_cost(2, 5.0).unwrap();
    let mut negative_zero = QueryFilter::new();
    negative_zero.set_area_cost(2, -0.0).unwrap();
    let mut positive_zero = QueryFilter::new();
    positive_zero.set_area_cost(2, 0.0).unwrap();
    let filters = [QueryFilter::new(), costly.clone(), QueryFilter::new(), costly, negative_zero, positive_zero];
    let added: Vec<_> = filters
        .into_iter()
        .enumerate()
        .map(|(k, filter)| {
            let params = AgentParams { filter, max_speed: 1.0 + k as f64, ..agent_params() };
            let handle = crowd.add_agent([1.5 + k as f64, 0.0, 1.5], params.clone()).unwrap();
            (handle, params)
        })
        .collect();
    crowd.remove_agent(added[1].0).unwrap();
    crowd.remove_agent(added[2].0).unwrap();
    for (handle, params) in added.iter().filter(|(h, _)| crowd.agent(*h).is_some()) {
        assert_eq!(crowd.agent(*handle).unwrap().params().cloned(), *params);
    }
    let cost_bits = |handle| crowd.agent(handle).unwrap().params().filter.area_cost(2).map(f64::to_bits);
    assert_eq!(cost_bits(added[4].0), Some((-0.0f64).to_bits()), "−0.0 is kept apart from +0.0");
    assert_eq!(cost_bits(added[5].0), Some(0.0f64.to_bits()));
    let readded = crowd.add_agent([9.5, 0.0, 9.5], added[1].1.clone()).unwrap();
    assert_eq!(crowd.agent(readded).unwrap().params().cloned(), added[1].1);
    // Read without a copy: two agents of one filter read the crowd's one
    // shared filter.
    let filter_of = |handle| crowd.agent(handle).unwrap().params().filter;
    assert!(std::ptr::eq(filter_of(readded), filter_of(added[3].0)), "the same filter, shared");
    assert!(!std::ptr::eq(filter_of(readded), filter_of(added[0].0)), "another filter");
}

#[test]
fn set_position_teleports_without_removal_and_walks_on_to_the_target() {
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let agent = crowd.add_agent([1.5, 0.0, 1.5], agent_params()).unwrap();
    crowd.request_move_target(agent, [10.5, 0.0, 10.5]).unwrap();
    for _ in 0..10 {
        crowd.step();
    }
    crowd.set_position(agent, [10.5, 0.0, 1.5]).unwrap();
    let moved = crowd.agent(agent).unwrap();
    assert_eq!(moved.position(), [10.5, 0.0, 1.5]);
    assert_eq!(moved.velocity(), [0.0, 0.0, 0.0]);
    assert_eq!(moved.target_position(), Some([10.5, 0.0, 10.5]));
    for _ in 0..300 {
        crowd.step();
    }
    let arrived = crowd.agent(agent).unwrap();
    assert_eq!(arrived.state(), AgentState::Arrived);
    let at = arrived.position();
    // From (10.5, 1.5) the agent walked straight up the X = 10.5 line.
    assert!((at[0] - 10.5).abs() < 0.2, "{at:?}");

    let err = crowd.set_position(agent, [50.0, 0.0, 50.0]).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidOperation(m) if m.contains("no polygon")), "{err}");
    assert_eq!(crowd.agent(agent).unwrap().position(), at, "a failed teleport changes nothing");
}

#[test]
fn set_agent_params_changes_an_agent_in_place_and_a_new_filter_searches_again() {
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let agent = crowd.add_agent([1.5, 0.0, 6.0], agent_params()).unwrap();
    crowd.request_move_target(agent, [10.5, 0.0, 6.0]).unwrap();
    for _ in 0..15 {
        crowd.step();
    }
    let running = crowd.agent(agent).unwrap();
    let speed = |v: [f64; 3]| (v[0] * v[0] + v[2] * v[2]).sqrt();
    assert!(speed(running.velocity()) > 2.0, "{running:?}");
    let (handle_before, at_before) = (agent, running.position());

    let walking = AgentParams { max_speed: 0.5, ..agent_params() };
    crowd.set_agent_params(agent, walking.clone()).unwrap();
    let changed = crowd.agent(handle_before).unwrap();
    assert_eq!((changed.position(), changed.state()), (at_before, AgentState::Walking), "kept where it stands");
    for _ in 0..30 {
        crowd.step();
    }
    let slowed = crowd.agent(agent).unwrap();
    assert_eq!((slowed.state(), slowed.params().cloned()), (AgentState::Walking, walking.clone()));
    let v = speed(slowed.velocity());
    assert!(v > 0.45 && v <= 0.5 + 1e-12, "walks on at the new max speed: {slowed:?}");

    let err = crowd.set_agent_params(agent, AgentParams { radius: -1.0, ..walking.clone() }).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("radius")), "{err}");
    assert_eq!(crowd.agent(agent).unwrap().params().cloned(), walking, "a refused change changes nothing");
    let gone = crowd.add_agent([9.5, 0.0, 9.5], agent_params()).unwrap();
    crowd.remove_agent(gone).unwrap();
    let err = crowd.set_agent_params(gone, walking.clone()).unwrap_err();
    assert!(matches!(err, NavMeshError::InvalidReference(_)), "{err}");

    // A filter passing no polygon: the target is searched again with it
    // at the next step, and nothing leads there.
    let mut nothing = QueryFilter::new();
    nothing.set_include_flags(0);
    crowd.set_agent_params(agent, AgentParams { filter: nothing.clone(), ..walking }).unwrap();
    crowd.step();
    let stopped = crowd.agent(agent).unwrap();
    assert_eq!((stopped.state(), stopped.params().filter), (AgentState::NoPath, &nothing));
}

#[test]
fn a_faster_agent_gathers_walls_further_off_at_once() {
    // 1.2 m from the room's east wall (x = 12). At 1 m/s with a 2 m
    // query range the agent gathers walls within 1 m (its reach in the
    // 0.5 s wall time horizon, plus the half metre it moves before it
    // gathers again), so not that wall; made faster, it must see it at
    // the next step, although it has not moved that half metre: ORCA
    // then lets it near the wall no faster than 1.17 m in 0.5 s.
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let slow = AgentParams { max_speed: 1.0, collision_query_range: 2.0, max_acceleration: 1000.0, ..agent_params() };
    let agent = crowd.add_agent([10.8, 0.0, 6.0], slow.clone()).unwrap();
    crowd.request_move_velocity(agent, [1.0, 0.0, 0.0]).unwrap();
    crowd.step();
    assert_eq!(crowd.agent(agent).unwrap().velocity(), [1.0, 0.0, 0.0], "the wall is out of reach at 1 m/s");
    crowd.set_agent_params(agent, AgentParams { max_speed: 3.5, ..slow }).unwrap();
    crowd.request_move_velocity(agent, [3.5, 0.0, 0.0]).unwrap();
    crowd.step();
    let toward_wall = crowd.agent(agent).unwrap().velocity()[0];
    assert!(toward_wall > 2.0 && toward_wall < 2.4, "bounded by the wall 1.17 m off: {toward_wall}");
}

#[test]
fn a_velocity_request_moves_the_agent_until_reset() {
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let agent = crowd.add_agent([2.5, 0.0, 6.0], agent_params()).unwrap();
    crowd.request_move_velocity(agent, [1.0, 0.0, 0.0]).unwrap();
    for _ in 0..60 {
        crowd.step();
    }
    let walking = crowd.agent(agent).unwrap();
    assert_eq!(walking.state(), AgentState::Walking);
    assert!(walking.position()[0] > 4.0, "{:?}", walking.position());
    assert!((walking.velocity()[0] - 1.0).abs() < 1e-9, "{:?}", walking.velocity());
    // Walking on into the wall at x = 12: the agent stops on the mesh.
    for _ in 0..600 {
        crowd.step();
    }
    assert!(crowd.agent(agent).unwrap().position()[0] <= 12.0);
    crowd.reset_move_target(agent).unwrap();
    crowd.step();
    let stopped = crowd.agent(agent).unwrap();
    assert_eq!(stopped.state(), AgentState::Arrived);
    let at = stopped.position();
    for _ in 0..30 {
        crowd.step();
    }
    assert_eq!(crowd.agent(agent).unwrap().position(), at);
}

#[test]
fn a_target_on_no_polygon_gives_no_path() {
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let agent = crowd.add_agent([2.5, 0.0, 2.5], agent_params()).unwrap();
    crowd.request_move_target(agent, [40.0, 0.0, 40.0]).unwrap();
    crowd.step();
    assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::NoPath);
}

#[test]
fn bad_input_is_refused_with_a_named_error() {
    let settings = CrowdSettings { dt: 0.0, ..CrowdSettings::default() };
    let err = Crowd::new(&room(), settings).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("dt")), "{err}");
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let params = AgentParams { max_speed: -1.0, ..agent_params() };
    let err = crowd.add_agent([2.5, 0.0, 2.5], params).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("max_speed")), "{err}");
    let err = crowd.add_agent([2.5, f64::NAN, 2.5], agent_params()).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("position.y")), "{err}");
    let err = crowd.add_agent([40.0, 0.0, 40.0], agent_params()).unwrap_err();
    assert!(matches!(err, NavMeshError::InvalidOperation(_)), "{err}");
    assert_eq!(crowd.agent_count(), 0, "failed adds add nothing");
    let agent = crowd.add_agent([2.5, 0.0, 2.5], agent_params()).unwrap();
    let err = crowd.request_move_velocity(agent, [f64::INFINITY, 0.0, 0.0]).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("velocity")), "{err}");
    assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::Arrived);
}

/// Any finite positive radius is valid. A subnormal one has a query range
/// (the widest of the crowd's sizes the neighbour grid) with no finite
/// inverse; an agent on the mesh's edge at x 0 and one inside then span
/// cells from 0 to past `i64` (a fuzzer found the grid's cells
/// overflowing, and its fit never ending). One near `f64::MAX` makes
/// avoidance lines beyond f64's range (its solver clamped to NaN). Each
/// crowd steps, every agent stays on finite ground with finite velocities,
/// and the subnormal agents walk to their targets (they stay within a
/// metre of them but never arrive: the slow-down zone of two radii is
/// nothing, so they overshoot, and no step lands within half a radius).
#[test]
fn agents_of_extreme_radii_step() {
    let tiny = AgentParams::new(1.0e-316, 1.8);
    let subnormal = vec![([0.0, 0.0, 6.5], tiny.clone(), [6.0, 0.0, 6.5]), ([5.5, 0.0, 5.5], tiny, [5.5, 0.0, 10.5])];
    // Agents of the radius beside ordinary ones, two of them overlapping.
    let huge = |radius| {
        let big = AgentParams { radius, ..agent_params() };
        vec![
            ([1.5, 0.0, 1.5], big.clone(), [10.5, 0.0, 1.5]),
            ([1.6, 0.0, 1.9], agent_params(), [10.6, 0.0, 1.9]),
            ([10.5, 0.0, 2.5], big, [0.5, 0.0, 2.5]),
            ([0.0, 0.0, 6.5], agent_params(), [11.0, 0.0, 6.5]),
        ]
    };
    for (label, scene) in [("subnormal", subnormal), ("1e300", huge(1.0e300)), ("f64::MAX", huge(f64::MAX))] {
        let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
        let mut sent = Vec::new();
        for (start, params, target) in scene {
            let agent = crowd.add_agent(start, params).unwrap();
            crowd.request_move_target(agent, target).unwrap();
            sent.push((agent, target));
        }
        for _ in 0..300 {
            crowd.step();
        }
        for (handle, target) in sent {
            let agent = crowd.agent(handle).unwrap();
            let finite = |v: [f64; 3]| v.iter().all(|c| c.is_finite());
            assert!(finite(agent.position()) && finite(agent.velocity()), "{label}: {handle:?} {agent:?}");
            let (dx, dz) = (agent.position()[0] - target[0], agent.position()[2] - target[2]);
            let off = (dx * dx + dz * dz).sqrt();
            assert!(label != "subnormal" || off < 1.0, "{label}: {handle:?} {off} m off its target {agent:?}");
        }
    }
}

#[test]
fn neighbour_and_wall_counts_are_per_agent() {
    let mut crowd = Crowd::new(&room(), CrowdSettings::default()).unwrap();
    let few = AgentParams { max_neighbours: 2, ..agent_params() };
    let many = AgentParams { max_neighbours: 40, ..agent_params() };
    let first = crowd.add_agent([6.0, 0.0, 6.0], few).unwrap();
    let second = crowd.add_agent([6.5, 0.0, 6.5], many).unwrap();
    for k in 0..8 {
        crowd.add_agent([4.0 + k as f64 * 0.7, 0.0, 5.0], agent_params()).unwrap();
    }
    crowd.step();
    assert_eq!(crowd.agent(first).unwrap().neighbours().count(), 2);
    assert_eq!(crowd.agent(second).unwrap().neighbours().count(), 9);
}

#[test]
fn walls_gathered_as_none_near_stay_gathered_until_cleared() {
    let mesh = cell_mesh(20, 20, |_, _| true);
    let filter = QueryFilter::default();
    let mut query = NavMeshQuery::new(&mesh, 256).unwrap();
    let center = [10.5, 0.0, 10.5];
    let poly = query.find_nearest_poly(center, [0.5, 1.0, 0.5], &filter).unwrap().unwrap().poly_ref;
    let mut boundary = LocalBoundary::default();
    assert!(!boundary.is_gathered());
    boundary.update(&mut query, (poly, center), 3.0, 16, &filter).unwrap();
    assert!(boundary.segments().is_empty(), "the room's walls lie 9.5 m off");
    assert!(boundary.is_gathered(), "no wall near is an answer the crowd keeps until the agent moves on");
    boundary.clear();
    assert!(!boundary.is_gathered());
}
