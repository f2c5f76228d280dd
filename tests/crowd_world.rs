//! `WorldCrowd` (issue 21; format text "Agent classes (NavWorld)"):
//! "WorldCrowd holds one crowd per class and steps them in class order;
//! agents of different classes walk different meshes and do not see each
//! other", agents placed by "ClassFor(radius) is the class with the
//! smallest AgentRadius ≥ radius (lowest index among equals), or the
//! largest class if none is large enough", and streaming at world level:
//! "A crowd whose destination polygon streamed out has no route (NoPath);
//! the host sends it again after the tile returns."
//!
//! The world is a 2D build over two 16 m tiles of 1 m squares (x from −8 to
//! 24, z from 4 to 20, the plane at height 2.5) with a small class
//! (AgentRadius 0.3) and a large one (AgentRadius 1.0).

mod crowd_common;
mod input_2d;

use crowd_common::{check_overlaps, Report};
use onav::{
    write_tile, AgentParams, AgentState, CrowdSettings, NavMeshError, NavSettings, NavWorld, TileStreamer,
    WorldAgentHandle, WorldCrowd,
};

const SMALL: usize = 0;
const LARGE: usize = 1;
const Y: f64 = 2.5;

fn class_settings(radius: f32) -> NavSettings {
    let mut settings = input_2d::settings();
    settings.set_agent_radius(radius).unwrap();
    settings
}

/// The small and the large class over `columns` tiles in a row.
fn two_class_world(columns: i32) -> NavWorld {
    let classes = [class_settings(0.3), class_settings(1.0)];
    NavWorld::build_2d(&classes, &input_2d::grid(&classes[0], columns, 1, 16)).unwrap()
}

fn small_agent() -> AgentParams {
    AgentParams::new(0.3, 1.8)
}

fn large_agent() -> AgentParams {
    AgentParams::new(0.9, 1.8)
}

/// Small agents walk east on four rows, large agents west on the same rows:
/// each pair of a row meets head-on halfway.
fn crossing(world: &NavWorld) -> (WorldCrowd, Vec<(WorldAgentHandle, [f64; 3])>) {
    let mut crowd = WorldCrowd::new(world, CrowdSettings::default()).unwrap();
    let mut trips = Vec::new();
    for z in [7.5, 10.5, 13.5, 16.5] {
        let (west, east) = ([-6.5, Y, z], [22.5, Y, z]);
        for (start, goal, params) in [(west, east, small_agent()), (east, west, large_agent())] {
            let handle = crowd.add_agent(start, params).unwrap();
            crowd.request_move_target(handle, goal).unwrap();
            trips.push((handle, goal));
        }
    }
    (crowd, trips)
}

fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

fn all_arrived(crowd: &WorldCrowd) -> bool {
    crowd.agents().all(|(_, agent)| agent.state() == AgentState::Arrived)
}

#[test]
fn agents_join_the_class_class_for_picks() {
    let world = two_class_world(1);
    let crowd = WorldCrowd::new(&world, CrowdSettings::default()).unwrap();
    assert_eq!(crowd.class_count(), 2);
    // Radii 0.3 and 1.0: the smallest that fits, else the largest.
    for (radius, class) in [(0.0, SMALL), (0.3, SMALL), (0.31, LARGE), (1.0, LARGE), (2.5, LARGE)] {
        assert_eq!(crowd.class_for(radius), class, "radius {radius}");
        assert_eq!(world.class_for(radius as f32), class, "NavWorld agrees for radius {radius}");
    }
    let (crowd, trips) = crossing(&two_class_world(2));
    for (handle, _) in trips {
        let radius = crowd.agent(handle).unwrap().params().radius;
        let expected = if radius == 0.3 { SMALL } else { LARGE };
        assert_eq!(handle.class as usize, expected, "radius {radius}");
        assert!(crowd.crowd(expected).unwrap().agent(handle.agent).is_some(), "the class's crowd holds it");
    }
}

#[test]
fn each_class_arrives_and_classes_walk_through_each_other() {
    let (mut crowd, trips) = crossing(&two_class_world(2));
    let dt = crowd.crowds()[0].settings().dt;
    let mut report = Report::default();
    let mut closest_across = f64::INFINITY;
    let bound_ticks = (30.0 / dt) as u64;
    for tick in 1..=bound_ticks {
        crowd.step();
        if tick as f64 * dt > 1.0 {
            for class in crowd.crowds() {
                let agents: Vec<_> = class.agents().map(|(_, agent)| agent).collect();
                check_overlaps(&agents, tick, &mut report);
            }
        }
        for small in crowd.crowds()[SMALL].agents() {
            for large in crowd.crowds()[LARGE].agents() {
                closest_across = closest_across.min(distance_xz(small.1.position(), large.1.position()));
            }
        }
        if all_arrived(&crowd) {
            break;
        }
    }
    assert!(report.overlaps.is_empty(), "agents of one class overlap: {:?}", report.overlaps);
    for (handle, goal) in &trips {
        let agent = crowd.agent(*handle).unwrap();
        assert_eq!(agent.state(), AgentState::Arrived, "class {} agent at {:?}", handle.class, agent.position());
        assert!(distance_xz(agent.position(), *goal) <= agent.params().arrival_distance + 1e-9);
    }
    // Head-on on the same row, agents that saw each other would keep 1.2 m
    // (0.3 + 0.9) apart; across classes they pass through.
    assert!(closest_across < 0.3, "closest small–large distance {closest_across}");
}

#[test]
fn only_agents_of_the_same_class_push_each_other_apart() {
    let world = two_class_world(1);
    let mut crowd = WorldCrowd::new(&world, CrowdSettings::default()).unwrap();
    let (across, same) = ([0.5, Y, 8.5], [0.5, Y, 16.5]);
    let small_there = crowd.add_agent_to_class(SMALL, across, small_agent()).unwrap();
    let large_there = crowd.add_agent_to_class(LARGE, across, small_agent()).unwrap();
    let first = crowd.add_agent_to_class(SMALL, same, small_agent()).unwrap();
    let second = crowd.add_agent_to_class(SMALL, same, small_agent()).unwrap();
    for _ in 0..30 {
        crowd.step();
    }
    let position = |h| crowd.agent_position(h).unwrap();
    assert_eq!(position(small_there), across, "not pushed by the agent of the other class");
    assert_eq!(position(large_there), across, "not pushed by the agent of the other class");
    let apart = distance_xz(position(first), position(second));
    assert!(apart >= 0.6 - 0.03, "two small agents on one spot end {apart} apart");
}

#[test]
fn new_parameters_keep_an_agent_in_its_class() {
    let world = two_class_world(1);
    let mut crowd = WorldCrowd::new(&world, CrowdSettings::default()).unwrap();
    let handle = crowd.add_agent([0.5, Y, 8.5], small_agent()).unwrap();
    assert_eq!(handle.class as usize, SMALL);
    let wider = AgentParams { radius: 1.0, ..small_agent() };
    assert_eq!(crowd.class_for(wider.radius), LARGE);
    crowd.set_agent_params(handle, wider.clone()).unwrap();
    assert_eq!(crowd.crowd(SMALL).unwrap().agent(handle.agent).unwrap().params().cloned(), wider);
    assert!(crowd.crowd(LARGE).unwrap().agent(handle.agent).is_none(), "still in the class it was added to");
    let foreign = WorldAgentHandle { class: 2, agent: handle.agent };
    let err = crowd.set_agent_params(foreign, small_agent()).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidReference(m) if m.contains("class 2")), "{err}");
}

#[test]
fn a_class_index_out_of_range_and_a_foreign_class_are_refused() {
    let world = two_class_world(1);
    let mut crowd = WorldCrowd::new(&world, CrowdSettings::default()).unwrap();
    let err = crowd.add_agent_to_class(2, [0.5, Y, 8.5], small_agent()).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("class index 2")), "{err}");
    assert_eq!(crowd.agents().count(), 0, "a refused add adds nothing");
    let handle = crowd.add_agent([0.5, Y, 8.5], small_agent()).unwrap();
    let foreign = WorldAgentHandle { class: 2, agent: handle.agent };
    let err = crowd.request_move_target(foreign, [4.5, Y, 8.5]).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidReference(m) if m.contains("class 2")), "{err}");
    assert!(crowd.agent(foreign).is_none());
}

#[test]
fn the_per_agent_calls_reach_the_agent_of_their_class() {
    let world = two_class_world(1);
    let mut crowd = WorldCrowd::new(&world, CrowdSettings::default()).unwrap();
    let small = crowd.add_agent([0.5, Y, 8.5], small_agent()).unwrap();
    let large = crowd.add_agent([0.5, Y, 8.5], large_agent()).unwrap();
    assert_eq!(small.agent, large.agent, "both are slot 0 of their own crowd");

    crowd.request_move_velocity(large, [2.0, 0.0, 0.0]).unwrap();
    for _ in 0..10 {
        crowd.step();
    }
    assert_eq!(crowd.agent_position(small), Some([0.5, Y, 8.5]), "the small agent was not asked");
    assert!(crowd.agent_position(large).unwrap()[0] > 0.5, "the large agent walks east");
    crowd.reset_move_target(large).unwrap();
    assert_eq!(crowd.agent(large).unwrap().state(), AgentState::Arrived);

    crowd.set_position(small, [4.5, Y, 12.5]).unwrap();
    assert_eq!(crowd.agent_position(small), Some([4.5, Y, 12.5]));
    crowd.request_move_target(small, [4.5, Y, 16.5]).unwrap();
    assert_eq!(crowd.agent(small).unwrap().target_position(), Some([4.5, Y, 16.5]));

    crowd.remove_agent(small).unwrap();
    assert!(crowd.agent(small).is_none());
    assert!(crowd.agent(large).is_some(), "the other class keeps its slot 0");
    assert!(matches!(crowd.remove_agent(small), Err(NavMeshError::InvalidReference(_))));
}

#[test]
fn set_world_with_another_class_count_changes_nothing() {
    let (mut crowd, _) = crossing(&two_class_world(2));
    for _ in 0..30 {
        crowd.step();
    }
    let untouched = crowd.clone();
    // Three classes of one tile: applied in part, it would cut the small
    // class off its goals.
    let one_tile = input_2d::grid(&class_settings(0.3), 1, 1, 16);
    let three =
        NavWorld::build_2d(&[class_settings(0.3), class_settings(1.0), class_settings(2.0)], &one_tile).unwrap();
    let err = crowd.set_world(&three).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidOperation(m) if m.contains("3 classes")), "{err}");
    let mut reference = untouched;
    for _ in 0..30 {
        crowd.step();
        reference.step();
    }
    assert_eq!(crowd.state_hash(), reference.state_hash());
}

#[test]
fn a_goal_streamed_out_of_every_class_gives_no_path_until_sent_again() {
    let mut world = two_class_world(2);
    let mut crowd = WorldCrowd::new(&world, CrowdSettings::default()).unwrap();
    let goal = [20.5, Y, 12.5];
    let agents = [
        crowd.add_agent([-5.5, Y, 8.5], small_agent()).unwrap(),
        crowd.add_agent([-5.5, Y, 16.5], large_agent()).unwrap(),
    ];
    for &agent in &agents {
        crowd.request_move_target(agent, goal).unwrap();
    }
    for _ in 0..15 {
        crowd.step();
    }
    let far_tiles: Vec<_> =
        world.classes().iter().map(|class| write_tile(class.mesh().tile_at(1, 0, 0).unwrap().1)).collect();
    let update_every_class = |world: &mut NavWorld, queue: &dyn Fn(&mut TileStreamer, usize)| {
        for class in 0..world.classes().len() {
            let mut streamer = TileStreamer::new();
            queue(&mut streamer, class);
            assert_eq!(streamer.update(world.class_mut(class).unwrap().mesh_mut(), 8).unwrap(), 1);
        }
    };

    update_every_class(&mut world, &|streamer, _| streamer.queue_remove_column(1, 0));
    crowd.set_world(&world).unwrap();
    crowd.step();
    for &agent in &agents {
        assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::NoPath, "class {}", agent.class);
    }

    update_every_class(&mut world, &|streamer, class| streamer.queue_tile(far_tiles[class].clone()));
    crowd.set_world(&world).unwrap();
    crowd.step();
    for &agent in &agents {
        assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::NoPath, "not before the host asks");
        crowd.request_move_target(agent, goal).unwrap();
    }
    for _ in 0..900 {
        if all_arrived(&crowd) {
            break;
        }
        crowd.step();
    }
    for &agent in &agents {
        assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::Arrived, "class {}", agent.class);
    }
}

fn hash_after(ticks: u64, threads: usize) -> [u8; 32] {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| {
        let (mut crowd, _) = crossing(&two_class_world(2));
        for _ in 0..ticks {
            crowd.step();
        }
        crowd.state_hash()
    })
}

#[test]
fn one_and_two_threads_give_the_same_state() {
    let one = hash_after(200, 1);
    assert_eq!(hash_after(200, 2), one);
    assert_ne!(hash_after(199, 1), one, "the hash follows the state");
}

#[test]
fn stepping_on_the_calling_thread_gives_the_same_state() {
    let (mut crowd, _) = crossing(&two_class_world(2));
    for _ in 0..200 {
        crowd.step_on_calling_thread();
    }
    assert_eq!(crowd.state_hash(), hash_after(200, 2));
}
