//! The figures of docs/CROWD_PEER.md's "Agents sent to one point
//! (grouparrival)", with and without `UpdateFlags::ARRIVE_IN_GROUPS`:
//! rings of agents sent to one point of an open floor, and agents spread
//! over the demo's level (`target/demo/nav_test.onnm`, which the README's
//! demo command builds) sent to one of its points. Ignored (it only prints);
//! `cargo test --release --test crowd_group_probe -- --ignored --nocapture
//! --test-threads 1`.

mod crowd_common;

use crowd_common::{agent_params, cell_mesh, crowd_of};
use onav::{
    AgentHandle, AgentParams, AgentState, Crowd, CrowdSettings, NavMesh, NavMeshQuery, QueryFilter, UpdateFlags,
};

const TICKS_A_SECOND: usize = 30;

fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

fn both_ways() -> [UpdateFlags; 2] {
    [UpdateFlags::ALL, UpdateFlags(UpdateFlags::ALL.0 & !UpdateFlags::ARRIVE_IN_GROUPS.0)]
}

/// Steps `seconds`; the first second at which every agent had arrived,
/// and how far the agents moved in all over the last 5 s.
fn run(crowd: &mut Crowd, handles: &[AgentHandle], seconds: usize) -> (Option<usize>, f64) {
    let ticks = seconds * TICKS_A_SECOND;
    let (mut all_arrived, mut moved) = (None, 0.0);
    for tick in 0..ticks {
        let before: Vec<_> = handles.iter().map(|&h| crowd.agent(h).unwrap().position()).collect();
        crowd.step();
        if tick >= ticks - 5 * TICKS_A_SECOND {
            let after = handles.iter().map(|&h| crowd.agent(h).unwrap().position());
            moved += after.zip(&before).map(|(a, b)| distance_xz(a, *b)).sum::<f64>();
        }
        let arrived = handles.iter().all(|&h| crowd.agent(h).unwrap().state() == AgentState::Arrived);
        if arrived && all_arrived.is_none() {
            all_arrived = Some(tick / TICKS_A_SECOND + 1);
        }
    }
    (all_arrived, moved)
}

fn count(crowd: &Crowd, handles: &[AgentHandle], state: AgentState) -> usize {
    handles.iter().filter(|&&h| crowd.agent(h).unwrap().state() == state).count()
}

#[test]
#[ignore = "prints the figures of docs/CROWD_PEER.md (grouparrival)"]
fn rings_sent_to_one_point_of_a_floor() {
    for (agents, size) in [(24, 20), (60, 30), (200, 48)] {
        for flags in both_ways() {
            let mesh = cell_mesh(size, size, |_, _| true);
            let mut params = agent_params();
            params.update_flags = flags;
            let middle = f64::from(size) / 2.0;
            let point = [middle + 0.37, 0.0, middle + 0.21];
            let ring = middle - 2.0;
            // A ring's points from a rational parametrisation (no sin/cos).
            let trips: Vec<_> = (0..agents)
                .map(|k| {
                    let s = (k as f64 - (agents as f64 - 1.0) / 2.0) / (agents as f64 / 4.0);
                    let (x, z) = ((1.0 - s * s) / (1.0 + s * s), 2.0 * s / (1.0 + s * s));
                    let side = if k % 2 == 0 { 1.0 } else { -1.0 };
                    ([middle + ring * x * side, 0.0, middle + ring * z * side], point)
                })
                .collect();
            let (mut crowd, handles) = crowd_of(&mesh, &trips, &params);
            let (all_arrived, moved) = run(&mut crowd, &handles, 90);
            let arrived = count(&crowd, &handles, AgentState::Arrived);
            println!(
                "floor, {agents} agents, group arrival {}: {arrived} arrived at 90 s, all by {all_arrived:?} s, \
                 {moved:.2} m moved in the last 5 s",
                flags.contains(UpdateFlags::ARRIVE_IN_GROUPS)
            );
        }
    }
}

#[test]
#[ignore = "prints the figures of docs/CROWD_PEER.md (grouparrival)"]
fn agents_over_the_demo_level_sent_to_one_point() {
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/target/demo/nav_test.onnm")).unwrap();
    let nav_mesh = NavMesh::load(&bytes).unwrap();
    let filter = QueryFilter::default();
    let query = NavMeshQuery::new(nav_mesh.mesh(), 4096).unwrap();
    let size = (f64::from(nav_mesh.params().agent_radius), f64::from(nav_mesh.params().agent_height));
    for point_seed in [1000, 1001, 1002] {
        let point = query.find_random_point(&filter, point_seed).unwrap().position;
        for agents in [50, 200] {
            for flags in both_ways() {
                let mut crowd = Crowd::new(nav_mesh.mesh(), CrowdSettings::default()).unwrap();
                let params = AgentParams { update_flags: flags, ..AgentParams::new(size.0, size.1) };
                let handles: Vec<_> = (0..agents)
                    .map(|i| {
                        let start = query.find_random_point(&filter, 2 * i + 7).unwrap().position;
                        let handle = crowd.add_agent(start, params.clone()).unwrap();
                        crowd.request_move_target(handle, point).unwrap();
                        handle
                    })
                    .collect();
                let (_, moved) = run(&mut crowd, &handles, 120);
                println!(
                    "nav_test, point of seed {point_seed}, {agents} agents, group arrival {}: arrived {}, walking {}, \
                     no path {}, {moved:.1} m moved in the last 5 s",
                    flags.contains(UpdateFlags::ARRIVE_IN_GROUPS),
                    count(&crowd, &handles, AgentState::Arrived),
                    count(&crowd, &handles, AgentState::Walking),
                    count(&crowd, &handles, AgentState::NoPath),
                );
            }
        }
    }
}
