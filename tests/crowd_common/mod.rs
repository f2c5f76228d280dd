//! Shared by the crowd tests: synthetic meshes of 1 m square cells (walls
//! and pillars are the cells left out), built tile by tile with
//! `NavTileAssembler`, and a scenario runner that steps a crowd and checks
//! what issue 21 asks of every scenario: every agent arrives within a time
//! bound, no pair overlaps by more than 10% of the radius after the first
//! second, no agent goes 5 simulated seconds without progress, and every
//! agent stands on a polygon (found by `find_nearest_poly` with tiny
//! extents).
#![allow(dead_code)]

pub mod doorway;

use onav::{
    AgentHandle, AgentParams, AgentState, Crowd, CrowdSettings, NavMeshParams, NavMeshQuery, NavTileAssembler,
    PathStatus, QueryFilter, StraightPathOptions, TilePolygons, TiledNavMesh,
};

/// Tile size 16, cell 0.25, climb 0.5.
pub fn params() -> NavMeshParams {
    NavMeshParams {
        origin_x: 0.0,
        origin_y: 0.0,
        origin_z: 0.0,
        tile_size: 16.0,
        cell_size: 0.25,
        max_verts_per_poly: 6,
        walkable_climb: 0.5,
        agent_radius: 0.4,
        agent_height: 2.0,
        agent_max_slope: 45.0,
        settings_digest: 0,
    }
}

/// A flat mesh over `width` × `depth` cells of 1 m (cell (i, j) spans
/// x in i..i+1, z in j..j+1), holding the cells `open` keeps, one square
/// polygon each, cut into 16 m tiles.
pub fn cell_mesh(width: i32, depth: i32, open: impl Fn(i32, i32) -> bool) -> TiledNavMesh {
    let params = params();
    let mut mesh = TiledNavMesh::new(params).unwrap();
    let tile = params.tile_size as i32;
    for tile_z in 0..(depth + tile - 1) / tile {
        for tile_x in 0..(width + tile - 1) / tile {
            let mut quads = Vec::new();
            for j in tile_z * tile..((tile_z + 1) * tile).min(depth) {
                for i in tile_x * tile..((tile_x + 1) * tile).min(width) {
                    if open(i, j) {
                        let (x, z) = (i as f64, j as f64);
                        quads.push([[x, z], [x + 1.0, z], [x + 1.0, z + 1.0], [x, z + 1.0]]);
                    }
                }
            }
            if !quads.is_empty() {
                add_quad_tile(&mut mesh, (tile_x, tile_z), &quads);
            }
        }
    }
    mesh
}

/// A flat one-tile mesh (within 16 m of the origin) of the quads given by
/// their X/Z corners, counter-clockwise as `cell_mesh`'s; corners on the
/// 0.25 m grid, shared corners joining quads.
pub fn quad_mesh(quads: &[[[f64; 2]; 4]]) -> TiledNavMesh {
    let mut mesh = TiledNavMesh::new(params()).unwrap();
    add_quad_tile(&mut mesh, (0, 0), quads);
    mesh
}

/// Adds tile `(tile_x, tile_z)` of `quads` (flat, at y 0, flags 1) to `mesh`.
fn add_quad_tile(mesh: &mut TiledNavMesh, (tile_x, tile_z): (i32, i32), quads: &[[[f64; 2]; 4]]) {
    let params = params();
    let (mut vertices, mut indices) = (Vec::new(), Vec::new());
    for quad in quads {
        for [x, z] in quad {
            indices.push(vertex(&mut vertices, [*x, 0.0, *z]));
        }
    }
    let counts = vec![4u8; quads.len()];
    let flags = vec![1u16; quads.len()];
    let input = TilePolygons {
        tile_x,
        tile_z,
        layer: 0,
        origin_y: 0.0,
        vertices: &vertices,
        vertex_counts: &counts,
        indices: &indices,
        areas: None,
        flags: Some(&flags),
    };
    mesh.add_tile(NavTileAssembler::from_polygons(&params, &input).unwrap()).unwrap();
}

fn vertex(vertices: &mut Vec<[f64; 3]>, v: [f64; 3]) -> u32 {
    match vertices.iter().position(|&w| w == v) {
        Some(i) => i as u32,
        None => {
            vertices.push(v);
            (vertices.len() - 1) as u32
        }
    }
}

/// Where an agent starts and where it is sent.
pub type Trip = ([f64; 3], [f64; 3]);

/// Starts at `starts` and goals at their mirror images, both ways.
pub fn swap_trips(starts: &[[f64; 3]], mirror: impl Fn([f64; 3]) -> [f64; 3]) -> Vec<Trip> {
    let forward = starts.iter().map(|&s| (s, mirror(s)));
    let back = starts.iter().map(|&s| (mirror(s), s));
    forward.chain(back).collect()
}

/// The agents' parameters in every scenario: radius 0.3, default rest.
pub fn agent_params() -> AgentParams {
    AgentParams::new(0.3, 1.8)
}

/// A crowd over `mesh` at 30 ticks per second with an agent at each start
/// walking to its goal.
pub fn crowd_with(mesh: &TiledNavMesh, trips: &[([f64; 3], [f64; 3])]) -> (Crowd, Vec<AgentHandle>) {
    crowd_of(mesh, trips, &agent_params())
}

/// [`crowd_with`], every agent with `params`.
pub fn crowd_of(mesh: &TiledNavMesh, trips: &[Trip], params: &AgentParams) -> (Crowd, Vec<AgentHandle>) {
    let settings = CrowdSettings { dt: 1.0 / 30.0, ..CrowdSettings::default() };
    let mut crowd = Crowd::new(mesh, settings).unwrap();
    let handles: Vec<_> = trips
        .iter()
        .map(|&(start, goal)| {
            let handle = crowd.add_agent(start, params.clone()).unwrap();
            crowd.request_move_target(handle, goal).unwrap();
            handle
        })
        .collect();
    (crowd, handles)
}

/// What went wrong in a run; empty lists when nothing did. The lists keep
/// the first samples (20 overlaps, 10 of the others); the counts count
/// every sample.
#[derive(Debug, Default)]
pub struct Report {
    pub seconds_to_arrive: Option<f64>,
    pub overlaps: Vec<String>,
    pub overlap_samples: usize,
    pub stuck: Vec<String>,
    pub off_mesh: Vec<String>,
    pub off_mesh_samples: usize,
    pub not_arrived: Vec<String>,
}

impl Report {
    pub fn assert_clean(&self, bound_seconds: f64) {
        let clean = self.overlaps.is_empty()
            && self.stuck.is_empty()
            && self.off_mesh.is_empty()
            && self.not_arrived.is_empty()
            && self.seconds_to_arrive.is_some_and(|s| s <= bound_seconds);
        assert!(clean, "within {bound_seconds} s: {self:#?}");
    }
}

/// The length of the straight path from `from` to `goal`, measured with the
/// query layer.
fn remaining(query: &mut NavMeshQuery, from: [f64; 3], goal: [f64; 3]) -> f64 {
    let filter = QueryFilter::default();
    let start = query.find_nearest_poly(from, [0.5, 1.0, 0.5], &filter).unwrap().expect("agent on the mesh");
    let end = query.find_nearest_poly(goal, [0.5, 1.0, 0.5], &filter).unwrap().expect("goal on the mesh");
    let mut corridor = Vec::new();
    let outcome = query
        .find_path(start.poly_ref, end.poly_ref, start.position, end.position, &filter, 4096, &mut corridor)
        .unwrap();
    assert_eq!(outcome.status, PathStatus::Complete);
    let mut path = Vec::new();
    query.find_straight_path(&corridor, from, goal, StraightPathOptions::default(), &mut path).unwrap();
    onav::straight_path_length(&path)
}

/// Issue 21's progress: an agent progresses when its remaining straight
/// path (`remaining`) is a new best by more than 5 cm, sampled once a
/// second; an arrived agent always does.
pub struct Progress {
    best: Vec<f64>,
    last_progress: Vec<u64>,
}

/// An agent's progress at a sample.
pub struct Sample {
    /// Ticks since its last progress (0 when it progressed now).
    pub waited_ticks: u64,
    /// Its remaining straight path (0 when it has arrived).
    pub left: f64,
}

impl Progress {
    pub fn new(agents: usize) -> Progress {
        Progress { best: vec![f64::INFINITY; agents], last_progress: vec![0; agents] }
    }

    /// Samples agent `i` at `tick`.
    pub fn sample(
        &mut self,
        query: &mut NavMeshQuery,
        i: usize,
        agent: &onav::CrowdAgent,
        goal: [f64; 3],
        tick: u64,
    ) -> Sample {
        if agent.state() == AgentState::Arrived {
            self.last_progress[i] = tick;
            return Sample { waited_ticks: 0, left: 0.0 };
        }
        let left = remaining(query, agent.position(), goal);
        if left < self.best[i] - 0.05 {
            self.best[i] = left;
            self.last_progress[i] = tick;
        }
        Sample { waited_ticks: tick - self.last_progress[i], left }
    }
}

/// Steps the crowd until every agent has arrived or `bound_seconds` have
/// passed, checking as the module text says. An agent is reported stuck
/// once a wait, when the wait reaches 5 s.
pub fn run(crowd: &mut Crowd, handles: &[AgentHandle], goals: &[[f64; 3]], bound_seconds: f64) -> Report {
    run_watched(crowd, handles, goals, bound_seconds, |_, _, _, _| {})
}

/// [`run`], calling `watch(i, agent, seconds waited, tick)` with each
/// agent's progress sample, once a second.
pub fn run_watched(
    crowd: &mut Crowd,
    handles: &[AgentHandle],
    goals: &[[f64; 3]],
    bound_seconds: f64,
    mut watch: impl FnMut(usize, &onav::CrowdAgent, f64, u64),
) -> Report {
    let mut report = Report::default();
    let mut query = NavMeshQuery::new(crowd.mesh(), 4096).unwrap();
    let dt = crowd.settings().dt;
    let ticks = (bound_seconds / dt).ceil() as u64;
    let per_second = (1.0 / dt).round() as u64;
    let mut progress = Progress::new(handles.len());
    // Whether the agent's present wait has been reported.
    let mut reported = vec![false; handles.len()];
    for tick in 1..=ticks {
        crowd.step();
        let agents: Vec<_> = handles.iter().map(|&h| crowd.agent(h).unwrap()).collect();
        if tick > per_second {
            check_overlaps(&agents, tick, &mut report);
        }
        if tick % 5 == 0 {
            check_on_mesh(&mut query, &agents, tick, &mut report);
        }
        if tick % per_second == 0 {
            for (i, agent) in agents.iter().enumerate() {
                let sample = progress.sample(&mut query, i, agent, goals[i], tick);
                let waited = sample.waited_ticks as f64 * dt;
                if sample.waited_ticks == 0 {
                    reported[i] = false;
                } else if waited >= 5.0 && !reported[i] {
                    reported[i] = true;
                    if report.stuck.len() < 10 {
                        let left = sample.left;
                        report
                            .stuck
                            .push(format!("agent {i} at {:?}, {left:.2} m to go, tick {tick}", agent.position()));
                    }
                }
                watch(i, agent, waited, tick);
            }
        }
        if agents.iter().all(|a| a.state() == AgentState::Arrived) {
            report.seconds_to_arrive = Some(tick as f64 * dt);
            return report;
        }
    }
    for (i, &h) in handles.iter().enumerate() {
        let agent = crowd.agent(h).unwrap();
        if agent.state() != AgentState::Arrived {
            report.not_arrived.push(format!("agent {i} {:?} at {:?}", agent.state(), agent.position()));
        }
    }
    report
}

pub fn check_overlaps(agents: &[&onav::CrowdAgent], tick: u64, report: &mut Report) {
    for i in 0..agents.len() {
        for j in i + 1..agents.len() {
            let (a, b) = (agents[i], agents[j]);
            let (pa, pb) = (a.position(), b.position());
            let distance = ((pa[0] - pb[0]).powi(2) + (pa[2] - pb[2]).powi(2)).sqrt();
            let (ra, rb) = (a.params().radius, b.params().radius);
            let allowed = ra + rb - 0.1 * ra.min(rb);
            if distance < allowed {
                report.overlap_samples += 1;
                if report.overlaps.len() < 20 {
                    report.overlaps.push(format!("agents {i} and {j} {distance:.3} apart at tick {tick}"));
                }
            }
        }
    }
}

pub fn check_on_mesh(query: &mut NavMeshQuery, agents: &[&onav::CrowdAgent], tick: u64, report: &mut Report) {
    for (i, agent) in agents.iter().enumerate() {
        if agent.state() == AgentState::OffMeshLink {
            continue;
        }
        let found = query.find_nearest_poly(agent.position(), [1e-3, 1e-2, 1e-3], &QueryFilter::default()).unwrap();
        if !found.is_some_and(|f| f.over_polygon) {
            report.off_mesh_samples += 1;
            if report.off_mesh.len() < 10 {
                report.off_mesh.push(format!("agent {i} at {:?}, tick {tick}", agent.position()));
            }
        }
    }
}

/// Lower-case hex of a hash.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks `line` against the committed golden file `tests/golden/<file>`;
/// `ONAV_UPDATE_GOLDEN=1` rewrites the file first (an intended change of
/// the crowd's behaviour).
pub fn check_golden(file: &str, line: &str) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(file);
    if std::env::var_os("ONAV_UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, line).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let hint = "if intended, rerun with ONAV_UPDATE_GOLDEN=1";
    assert_eq!(line, committed, "the crowd's state differs from {file} ({hint})");
}
