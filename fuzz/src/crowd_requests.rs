//! Random crowd requests on random meshes, between steps and edits: add,
//! remove, teleport, new parameters, move target or velocity, reset, the
//! end of an off-mesh link, a step, and tiles put or removed under the
//! crowd (`set_mesh`), with positions, velocities and parameters that are
//! often NaN, infinite or beyond the coordinate rule and handles that went
//! stale. Every request must succeed or fail with an out-of-range,
//! invalid-reference or invalid-operation error that changes nothing (the
//! crowd's state hash is the same), never panic; and after every step each
//! agent stands at a finite position with finite velocities.

use arbitrary::Arbitrary;
use onav::{AgentHandle, AgentParams, Crowd, CrowdSettings, NavMeshError, OffMeshMode, TiledNavMesh};

use crate::mesh_common::params;
use crate::query_local::Value;
use crate::query_meshes::{random_mesh, JitteredTile, COLUMNS};

/// Most steps one input runs, and most agents it adds.
const MAX_STEPS: usize = 48;
const MAX_AGENTS: usize = 12;

/// An agent to ask about: one added so far (removed ones stay, stale), or
/// any handle.
#[derive(Debug, Clone, Copy, Arbitrary)]
pub enum Pick {
    Added(u8),
    Raw(u32, u32),
}

/// Parameters from the defaults for a radius, with a few fields replaced.
#[derive(Debug, Clone, Copy, Arbitrary)]
pub struct Params {
    radius: Value,
    height: Option<Value>,
    max_acceleration: Option<Value>,
    max_speed: Option<Value>,
    collision_query_range: Option<Value>,
    path_optimization_range: Option<Value>,
    arrival_distance: Option<Value>,
    time_horizon: Option<Value>,
    wall_time_horizon: Option<Value>,
    separation_weight: Option<Value>,
    max_neighbours: u8,
    host_driven: bool,
    /// Excluded areas (bit k for area k < 8).
    excluded: u8,
}

impl Params {
    fn get(self) -> AgentParams {
        let mut params = AgentParams::new(self.radius.get(), 1.8);
        let replace = |field: &mut f64, value: Option<Value>| {
            if let Some(value) = value {
                *field = value.get();
            }
        };
        replace(&mut params.height, self.height);
        replace(&mut params.max_acceleration, self.max_acceleration);
        replace(&mut params.max_speed, self.max_speed);
        replace(&mut params.collision_query_range, self.collision_query_range);
        replace(&mut params.path_optimization_range, self.path_optimization_range);
        replace(&mut params.arrival_distance, self.arrival_distance);
        replace(&mut params.time_horizon, self.time_horizon);
        replace(&mut params.wall_time_horizon, self.wall_time_horizon);
        replace(&mut params.separation_weight, self.separation_weight);
        params.max_neighbours = usize::from(self.max_neighbours);
        if self.host_driven {
            params.off_mesh_mode = OffMeshMode::HostDriven;
        }
        for area in (0..8u8).filter(|a| self.excluded & (1 << a) != 0) {
            params.filter.set_area_cost(area, f64::INFINITY).expect("a valid area and cost");
        }
        params
    }
}

#[derive(Debug, Clone, Copy, Arbitrary)]
pub enum Request {
    Add {
        position: [Value; 3],
        params: Params,
    },
    Remove(Pick),
    SetPosition(Pick, [Value; 3]),
    SetParams(Pick, Params),
    Target(Pick, [Value; 3]),
    Velocity(Pick, [Value; 3]),
    Reset(Pick),
    CompleteLink(Pick),
    /// Steps the crowd this many times (1 to 8).
    Step(u8),
    /// Adds (or replaces) a jittered tile and moves the crowd to the mesh.
    Put {
        column: u8,
        layer: bool,
        cells: u8,
        seed: u64,
    },
    RemoveTile {
        column: u8,
        layer: bool,
    },
}

#[derive(Debug, Clone, Arbitrary)]
pub struct CrowdInput {
    mesh_seed: u64,
    requests: Vec<Request>,
}

/// Runs the requests on a crowd over a random mesh; see the module text.
pub fn check_crowd_requests(input: &CrowdInput) {
    let mut mesh = random_mesh(input.mesh_seed);
    let mut crowd = Crowd::new(&mesh, CrowdSettings::default()).expect("default settings");
    let mut added: Vec<AgentHandle> = Vec::new();
    for request in input.requests.iter().take(MAX_STEPS) {
        match *request {
            Request::Step(times) => {
                for _ in 0..1 + times % 8 {
                    crowd.step();
                }
                assert_agents_finite(&crowd);
            }
            Request::Put { column, layer, cells, seed } => {
                put_tile(&mut mesh, column, layer, cells, seed);
                crowd.set_mesh(&mesh);
            }
            Request::RemoveTile { column, layer } => {
                let (x, z) = COLUMNS[column as usize % COLUMNS.len()];
                if mesh.remove_tile(x, z, u16::from(layer)).is_ok() {
                    crowd.set_mesh(&mesh);
                }
            }
            Request::Add { position, params } => {
                if added.len() < MAX_AGENTS {
                    let before = Before::of(&crowd);
                    match crowd.add_agent(position.map(Value::get), params.get()) {
                        Ok(handle) => added.push(handle),
                        Err(error) => before.assert_refused(&crowd, &error),
                    }
                }
            }
            request => agent_request(&mut crowd, &added, request),
        }
    }
}

/// A request about one agent: its answer or a refusal that changed nothing.
fn agent_request(crowd: &mut Crowd, added: &[AgentHandle], request: Request) {
    let pick = |pick: Pick| match pick {
        Pick::Added(i) if !added.is_empty() => added[i as usize % added.len()],
        Pick::Added(_) => AgentHandle { index: 0, generation: 0 },
        Pick::Raw(index, generation) => AgentHandle { index, generation },
    };
    let before = Before::of(crowd);
    let result = match request {
        Request::Remove(p) => crowd.remove_agent(pick(p)),
        Request::SetPosition(p, position) => crowd.set_position(pick(p), position.map(Value::get)),
        Request::SetParams(p, params) => crowd.set_agent_params(pick(p), params.get()),
        Request::Target(p, target) => crowd.request_move_target(pick(p), target.map(Value::get)),
        Request::Velocity(p, velocity) => crowd.request_move_velocity(pick(p), velocity.map(Value::get)),
        Request::Reset(p) => crowd.reset_move_target(pick(p)),
        Request::CompleteLink(p) => crowd.complete_off_mesh_link(pick(p)),
        Request::Add { .. } | Request::Step(_) | Request::Put { .. } | Request::RemoveTile { .. } => return,
    };
    if let Err(error) = result {
        before.assert_refused(crowd, &error);
    }
}

/// What a refused request must leave as it was: the crowd's state hash and
/// every agent's parameters.
struct Before {
    hash: [u8; 32],
    params: Vec<(AgentHandle, AgentParams)>,
}

impl Before {
    fn of(crowd: &Crowd) -> Before {
        Before { hash: crowd.state_hash(), params: crowd.agents().map(|(h, a)| (h, a.params().cloned())).collect() }
    }

    /// `error` is a refusal and `crowd` is as it was.
    fn assert_refused(&self, crowd: &Crowd, error: &NavMeshError) {
        assert_refusal(error);
        assert!(crowd.state_hash() == self.hash, "a refused request changed the crowd: {error}");
        let params: Vec<_> = crowd.agents().map(|(h, a)| (h, a.params().cloned())).collect();
        assert!(params == self.params, "a refused request changed parameters: {error}");
    }
}

/// The errors a crowd request may give.
fn assert_refusal(error: &NavMeshError) {
    let refusal = matches!(
        error,
        NavMeshError::OutOfRange(_) | NavMeshError::InvalidReference(_) | NavMeshError::InvalidOperation(_)
    );
    assert!(refusal, "a crowd request failed with {error}");
}

fn assert_agents_finite(crowd: &Crowd) {
    for (handle, agent) in crowd.agents() {
        let values = [agent.position(), agent.velocity(), agent.desired_velocity()];
        assert!(values.iter().flatten().all(|v| v.is_finite()), "agent {handle:?} holds {values:?}");
    }
}

fn put_tile(mesh: &mut TiledNavMesh, column: u8, layer: bool, cells: u8, seed: u64) {
    let p = params();
    let (x, z) = COLUMNS[column as usize % COLUMNS.len()];
    let layer = u16::from(layer);
    let tile = JitteredTile { x, z, layer, origin_y: f64::from(layer) * 0.3, n: 1 << (cells % 3), seed }.build(&p);
    let put = if mesh.tile_at(x, z, layer).is_some() { mesh.replace_tile(tile) } else { mesh.add_tile(tile) };
    put.expect("a free or occupied position as asked");
}
