//! Agents on off-mesh links (issue 21): two floors 3 m apart joined only
//! by a link. The crowd reports the agent at the link with the link's
//! departure, arrival and landing polygon; by default it moves the agent
//! across in a straight line, and a host that drives the traversal keeps
//! the agent on the link until it calls `complete_off_mesh_link`.

mod mesh_common;

use mesh_common::{link, params, GridTile};
use onav::{AgentHandle, AgentParams, AgentState, Crowd, CrowdSettings, NavMeshError, OffMeshMode, TiledNavMesh};

/// Tile (0, 0) on the ground, tile (1, 0) 3 m up (no portal between them:
/// the step is above the climb), a one-way link from x 14 to x 18.
fn two_floors() -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let ground = GridTile::new(0, 0, 4).link(link([14.0, 0.0, 8.0], [18.0, 3.0, 8.0], 1.0, false));
    mesh.add_tile(ground.build(&p)).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 4).height(3.0, 0.0).build(&p)).unwrap();
    mesh
}

fn walker(mode: OffMeshMode) -> (Crowd, AgentHandle) {
    let mut crowd = Crowd::new(&two_floors(), CrowdSettings::default()).unwrap();
    let params = AgentParams { off_mesh_mode: mode, ..AgentParams::new(0.3, 1.8) };
    let agent = crowd.add_agent([2.0, 0.0, 8.0], params).unwrap();
    crowd.request_move_target(agent, [28.0, 3.0, 8.0]).unwrap();
    (crowd, agent)
}

/// Steps until the agent is on the link; the tick it got there.
fn step_to_link(crowd: &mut Crowd, agent: AgentHandle) -> u64 {
    for _ in 0..600 {
        crowd.step();
        if crowd.agent(agent).unwrap().state() == AgentState::OffMeshLink {
            return crowd.tick();
        }
    }
    panic!("never reached the link: {:?}", crowd.agent(agent).unwrap().state());
}

fn close(a: [f64; 3], b: [f64; 3], tolerance: f64) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tolerance)
}

#[test]
fn the_crowd_reports_the_link_and_carries_the_agent_across() {
    let (mut crowd, agent) = walker(OffMeshMode::Straight);
    step_to_link(&mut crowd, agent);
    let link = *crowd.agent(agent).unwrap().off_mesh_link().expect("the link being crossed");
    assert!(close(link.departure, [14.0, 0.0, 8.0], 1e-6), "{link:?}");
    assert!(close(link.arrival, [18.0, 3.0, 8.0], 1e-6), "{link:?}");
    let (upper_ref, _) = crowd.mesh().tile_at(1, 0, 0).unwrap();
    assert_eq!(link.landing_poly.tile_ref(), upper_ref);
    let mut heights = Vec::new();
    while crowd.agent(agent).unwrap().state() == AgentState::OffMeshLink {
        crowd.step();
        heights.push(crowd.agent(agent).unwrap().position()[1]);
        assert!(heights.len() < 300, "the traversal ends");
    }
    assert!(heights.iter().any(|&y| y > 0.5 && y < 2.5), "crossed in between: {heights:?}");
    for _ in 0..600 {
        if crowd.agent(agent).unwrap().state() == AgentState::Arrived {
            break;
        }
        crowd.step();
    }
    let arrived = crowd.agent(agent).unwrap();
    assert_eq!(arrived.state(), AgentState::Arrived);
    assert!(close(arrived.position(), [28.0, 3.0, 8.0], 0.2), "{:?}", arrived.position());
}

#[test]
fn a_host_driven_agent_waits_on_the_link_until_the_host_completes_it() {
    let (mut crowd, agent) = walker(OffMeshMode::HostDriven);
    step_to_link(&mut crowd, agent);
    let waiting = crowd.agent(agent).unwrap().position();
    for _ in 0..90 {
        crowd.step();
    }
    let still = crowd.agent(agent).unwrap();
    assert_eq!(still.state(), AgentState::OffMeshLink);
    assert_eq!(still.position(), waiting, "the crowd does not move a host-driven agent");
    crowd.complete_off_mesh_link(agent).unwrap();
    let landed = crowd.agent(agent).unwrap();
    assert_eq!(landed.state(), AgentState::Walking);
    assert!(close(landed.position(), [18.0, 3.0, 8.0], 1e-6), "{:?}", landed.position());
    let err = crowd.complete_off_mesh_link(agent).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidOperation(m) if m.contains("not on an off-mesh link")), "{err}");
    for _ in 0..600 {
        if crowd.agent(agent).unwrap().state() == AgentState::Arrived {
            break;
        }
        crowd.step();
    }
    assert_eq!(crowd.agent(agent).unwrap().state(), AgentState::Arrived);
}
