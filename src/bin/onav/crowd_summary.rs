//! What `onav crowd` reports of a run: how many agents arrived, how many
//! have no path, how many are stuck, how many pairs overlap, and the final state hash, as text and
//! as JSON.

use onav::{AgentState, Crowd, CrowdAgent};
use serde::Serialize;

/// Seconds without progress after which an agent counts as stuck (the
/// issue's "no progress for 5 simulated seconds").
const STUCK_SECONDS: f64 = 5.0;
/// A pair overlaps when its radii overlap by more than this share of the
/// smaller radius (the 10 %).
const OVERLAP_SHARE: f64 = 0.1;

/// A finished run: the crowd, each agent's goal and trail (slot order) and
/// the ticks at which the trails were sampled.
pub struct CrowdRun {
    pub crowd: Crowd,
    pub goals: Vec<[f64; 3]>,
    pub trails: Vec<Vec<[f64; 3]>>,
    pub sample_ticks: Vec<u64>,
}

/// One agent in the JSON report.
#[derive(Serialize)]
struct AgentReport {
    start: [f64; 3],
    goal: [f64; 3],
    position: [f64; 3],
    /// `walking`, `off_mesh_link`, `no_path` or `arrived`.
    state: &'static str,
    stuck: bool,
}

/// The report of a run.
#[derive(Serialize)]
pub struct CrowdSummary {
    agents: usize,
    ticks: u64,
    seed: u64,
    dt: f64,
    arrived: usize,
    /// In state NoPath at the end (a goal on a part of the mesh the start
    /// does not reach, for instance).
    no_path: usize,
    /// Still on its way (walking or on an off-mesh link), and no nearer
    /// its goal (by its radius) than [`STUCK_SECONDS`] before the end. An
    /// agent the crowd has stopped (arrived, or no path) is counted under
    /// its state, not here; a run shorter than [`STUCK_SECONDS`] has none.
    stuck: usize,
    /// Pairs whose radii overlap by more than [`OVERLAP_SHARE`] of the
    /// smaller radius at the end.
    overlapping_pairs: usize,
    /// Hex of `Crowd::state_hash`.
    state_hash: String,
    agent_states: Vec<AgentReport>,
}

impl CrowdSummary {
    pub fn of(run: &CrowdRun, seed: u64) -> CrowdSummary {
        let then = sample_before_end(run);
        let agents: Vec<&CrowdAgent> = run.crowd.agents().map(|(_, agent)| agent).collect();
        let agent_states: Vec<AgentReport> = agents
            .iter()
            .zip(&run.goals)
            .zip(&run.trails)
            .map(|((agent, &goal), trail)| AgentReport {
                start: trail[0],
                goal,
                position: agent.position(),
                state: state_name(agent.state()),
                stuck: then.is_some_and(|then| is_stuck(agent, goal, trail[then])),
            })
            .collect();
        CrowdSummary {
            agents: agents.len(),
            ticks: run.crowd.tick(),
            seed,
            dt: run.crowd.settings().dt,
            arrived: agents.iter().filter(|a| a.state() == AgentState::Arrived).count(),
            no_path: agents.iter().filter(|a| a.state() == AgentState::NoPath).count(),
            stuck: agent_states.iter().filter(|a| a.stuck).count(),
            overlapping_pairs: overlapping_pairs(&agents),
            state_hash: run.crowd.state_hash().iter().map(|b| format!("{b:02x}")).collect(),
            agent_states,
        }
    }

    /// The summary lines printed to standard output.
    pub fn text(&self) -> String {
        format!(
            "agents: {}\nticks: {} (dt {} s)\narrived: {}\nno path: {}\nstuck: {}\noverlapping pairs: {}\nstate hash: {}\n",
            self.agents,
            self.ticks,
            self.dt,
            self.arrived,
            self.no_path,
            self.stuck,
            self.overlapping_pairs,
            self.state_hash
        )
    }

    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).expect("plain data of finite numbers always serializes")
    }
}

/// The index of the last trail sample at least [`STUCK_SECONDS`] before
/// the end; `None` when the run is shorter, so no agent can have gone that
/// long without progress.
fn sample_before_end(run: &CrowdRun) -> Option<usize> {
    let window = libm::round(STUCK_SECONDS / run.crowd.settings().dt) as u64;
    let end = run.crowd.tick();
    run.sample_ticks.iter().rposition(|&tick| tick + window <= end)
}

fn is_stuck(agent: &CrowdAgent, goal: [f64; 3], then: [f64; 3]) -> bool {
    matches!(agent.state(), AgentState::Walking | AgentState::OffMeshLink)
        && distance_xz(then, goal) - distance_xz(agent.position(), goal) < agent.params().radius
}

/// Pairs of agents at about the same height whose X/Z distance is below
/// their radii's sum by more than [`OVERLAP_SHARE`] of the smaller radius.
/// A sweep along X: agents in X order, each paired only with those after
/// it closer in X than its radius plus the largest, so a run of many
/// agents is not counted pair by pair.
fn overlapping_pairs(agents: &[&CrowdAgent]) -> usize {
    let overlap = |a: &CrowdAgent, b: &CrowdAgent| {
        let (ra, rb) = (a.params().radius, b.params().radius);
        let same_level = (a.position()[1] - b.position()[1]).abs() < a.params().height.min(b.params().height);
        same_level && ra + rb - distance_xz(a.position(), b.position()) > OVERLAP_SHARE * ra.min(rb)
    };
    let x = |i: usize| agents[i].position()[0];
    let mut order: Vec<usize> = (0..agents.len()).collect();
    order.sort_by(|&i, &j| x(i).total_cmp(&x(j)).then(i.cmp(&j)));
    let largest = agents.iter().map(|a| a.params().radius).fold(0.0, f64::max);
    let mut pairs = 0;
    for (k, &i) in order.iter().enumerate() {
        let reach = x(i) + agents[i].params().radius + largest;
        let near = order[k + 1..].iter().take_while(|&&j| x(j) <= reach);
        pairs += near.filter(|&&j| overlap(agents[i], agents[j])).count();
    }
    pairs
}

fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (dx, dz) = (a[0] - b[0], a[2] - b[2]);
    (dx * dx + dz * dz).sqrt()
}

fn state_name(state: AgentState) -> &'static str {
    match state {
        AgentState::Walking => "walking",
        AgentState::OffMeshLink => "off_mesh_link",
        AgentState::NoPath => "no_path",
        AgentState::Arrived => "arrived",
    }
}
