//! A crowd whose destination streams out and back in (issue 21, format
//! text "Streaming"): "A crowd whose destination polygon streamed out has
//! no route (NoPath); the host sends it again after the tile returns."
//! The tiles move through a `TileStreamer`; the crowd follows with
//! `set_mesh`.

mod crowd_common;

use crowd_common::{agent_params, cell_mesh};
use onav::{write_tile, AgentState, Crowd, CrowdSettings, TileStreamer};

#[test]
fn a_destination_streamed_out_gives_no_path_until_the_host_sends_it_again() {
    // Two tiles of 16 × 8 cells: the agent starts in tile (0, 0), its goal
    // lies in tile (1, 0).
    let mut mesh = cell_mesh(32, 8, |_, _| true);
    let far_tile = write_tile(mesh.tile_at(1, 0, 0).unwrap().1);
    let mut crowd = Crowd::new(&mesh, CrowdSettings::default()).unwrap();
    let agent = crowd.add_agent([2.5, 0.0, 4.5], agent_params()).unwrap();
    let goal = [28.5, 0.0, 4.5];
    crowd.request_move_target(agent, goal).unwrap();
    for _ in 0..30 {
        crowd.step();
    }
    assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::Walking);

    let mut streamer = TileStreamer::new();
    streamer.queue_remove_column(1, 0);
    assert_eq!(streamer.update(&mut mesh, 8).unwrap(), 1);
    crowd.set_mesh(&mesh);
    crowd.step();
    let stopped = crowd.agent(agent).unwrap();
    assert_eq!(stopped.state(), AgentState::NoPath);
    assert_eq!(stopped.target_position(), None, "the host has to send the target again");
    let at = stopped.position();
    for _ in 0..30 {
        crowd.step();
    }
    assert_eq!(crowd.agent(agent).unwrap().position(), at, "an agent without a path stands");

    streamer.queue_tile(far_tile);
    streamer.update(&mut mesh, 8).unwrap();
    crowd.set_mesh(&mesh);
    crowd.step();
    assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::NoPath, "not before the host asks");
    crowd.request_move_target(agent, goal).unwrap();
    crowd.step();
    let walking = crowd.agent(agent).unwrap();
    assert_eq!(walking.state(), AgentState::Walking);
    let (far_ref, _) = mesh.tile_at(1, 0, 0).unwrap();
    assert_eq!(walking.corridor().last().unwrap().tile_ref(), far_ref, "the corridor reaches the returned tile");
    for _ in 0..600 {
        if crowd.agent(agent).unwrap().state() == AgentState::Arrived {
            break;
        }
        crowd.step();
    }
    assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::Arrived);
}

#[test]
fn an_agent_whose_own_tile_streamed_out_has_no_path() {
    let mut mesh = cell_mesh(32, 8, |_, _| true);
    let mut crowd = Crowd::new(&mesh, CrowdSettings::default()).unwrap();
    let agent = crowd.add_agent([20.5, 0.0, 4.5], agent_params()).unwrap();
    crowd.request_move_target(agent, [2.5, 0.0, 4.5]).unwrap();
    crowd.step();
    let mut streamer = TileStreamer::new();
    streamer.queue_remove_column(1, 0);
    streamer.update(&mut mesh, 1).unwrap();
    crowd.set_mesh(&mesh);
    crowd.step();
    let agent = crowd.agent(agent).unwrap();
    assert_eq!(agent.state(), AgentState::NoPath);
    assert!(agent.poly().is_null(), "no polygon within the placement box");
}
