//! `onav crowd FILE --agents N --ticks T --svg OUT.svg [--seed S]
//! [--radius R] [--wide-turns] [--to X,Y,Z] [--json OUT.json]`: a crowd
//! run on a file's mesh, drawn as the agents' trails over the mesh picture,
//! with a summary.
//!
//! The scenario is a function of the arguments alone: agent i (from 0)
//! starts at the mesh's random point of seed S + 2i (`find_random_point`
//! with the default filter: points spread evenly by area, the same on every
//! platform) and walks to a random point it can reach, of seed S + 2i + 1
//! (`find_random_point_around_circle` from the start, its radius
//! `GOAL_REACH`: spread evenly over the start's connected part of the
//! mesh), with wrapping u64 sums and `AgentParams::new(R, the mesh's agent
//! height)` (its turn style `TurnStyle::Wide` with `--wide-turns`). With
//! `--to`, every agent walks to that one point instead. A goal
//! drawn over the whole mesh would lie, on a level of several unconnected
//! parts, where the agent cannot go: it would walk to the nearest place
//! and stand there, which shows no crowd at work. The crowd has the
//! default settings (dt 1/30 s) and steps T ticks. The same arguments give
//! the same output bytes, with any number of threads.

use std::path::Path;

use onav::tile::coordinate::COORDINATE_BOUND;
use onav::{AgentParams, Crowd, CrowdSettings, NavMeshQuery, QueryFilter, TiledNavMesh, TurnStyle};

use crate::crowd_summary::{CrowdRun, CrowdSummary};
use crate::document::Document;
use crate::failure::Failure;
use crate::query_args::MAX_NODES;
use crate::svg::scene::Scene;
use crate::svg::write_svg;

/// At most this many points per trail: longer runs keep every k-th tick.
const MAX_TRAIL_POINTS: u64 = 400;

/// The radius of the circle a goal is drawn in: beyond the distance of any
/// two points the coordinate rule allows (within ±2^21 on each axis), so
/// every polygon the start connects to is in reach.
const GOAL_REACH: f64 = 4.0 * COORDINATE_BOUND;

/// The options of one `crowd` command.
pub struct CrowdArgs<'a> {
    pub file: &'a Path,
    pub agents: u32,
    pub ticks: u32,
    pub svg: &'a Path,
    pub seed: u64,
    /// The agents' radius; the mesh's AgentRadius when not given.
    pub radius: Option<f64>,
    /// How the agents take turns (`TurnStyle::Wide` with `--wide-turns`).
    pub turn_style: TurnStyle,
    /// One goal for every agent instead of the seeded ones.
    pub to: Option<[f64; 3]>,
    pub json: Option<&'a Path>,
    pub class: usize,
}

pub fn run(args: &CrowdArgs<'_>) -> Result<(), Failure> {
    let mesh = Document::open(args.file)?.into_mesh(args.class)?;
    let params = agent_params(&mesh, args.radius, args.turn_style)?;
    let mut crowd = Crowd::new(&mesh, CrowdSettings::default())?;
    let goals = place_agents(&mesh, &mut crowd, args, &params)?;
    let run = simulate(crowd, goals, args.ticks);
    let summary = CrowdSummary::of(&run, args.seed);
    print!("{}", summary.text());
    write_svg(args.svg, &Scene::of(&mesh, None).with_trails(&run.trails))?;
    match args.json {
        Some(path) => std::fs::write(path, summary.json()).map_err(|e| Failure::io(path, e)),
        None => Ok(()),
    }
}

/// `AgentParams::new` with `radius` (else the mesh's AgentRadius) and the
/// mesh's AgentHeight, taking turns as `turn_style` says.
fn agent_params(mesh: &TiledNavMesh, radius: Option<f64>, turn_style: TurnStyle) -> Result<AgentParams, Failure> {
    let radius = radius.unwrap_or(f64::from(mesh.params().agent_radius));
    if !(radius.is_finite() && radius > 0.0) {
        return Err(Failure::usage(format!("--radius: {radius} must be a finite number > 0")));
    }
    Ok(AgentParams { turn_style, ..AgentParams::new(radius, f64::from(mesh.params().agent_height)) })
}

/// Adds the agents at their seeded starts with their seeded goals, as the
/// module text says; the goals in slot order.
fn place_agents(
    mesh: &TiledNavMesh,
    crowd: &mut Crowd,
    args: &CrowdArgs<'_>,
    params: &AgentParams,
) -> Result<Vec<[f64; 3]>, Failure> {
    let mut query = NavMeshQuery::new(mesh, MAX_NODES)?;
    let filter = QueryFilter::default();
    (0..u64::from(args.agents))
        .map(|i| {
            let start = query.find_random_point(&filter, args.seed.wrapping_add(2 * i)).ok_or_else(|| {
                Failure::usage(format!("{}: the mesh has no polygon to place agents on", args.file.display()))
            })?;
            let goal = match args.to {
                Some(point) => point,
                None => {
                    let goal_seed = args.seed.wrapping_add(2 * i + 1);
                    let around = query.find_random_point_around_circle(
                        start.poly_ref,
                        start.position,
                        GOAL_REACH,
                        &filter,
                        goal_seed,
                    )?;
                    around.point.position
                }
            };
            let agent = crowd.add_agent(start.position, params.clone())?;
            crowd.request_move_target(agent, goal)?;
            Ok(goal)
        })
        .collect()
}

/// Steps the crowd `ticks` times, keeping every agent's trail (every k-th
/// tick, so a trail has at most [`MAX_TRAIL_POINTS`] points, and the last).
fn simulate(mut crowd: Crowd, goals: Vec<[f64; 3]>, ticks: u32) -> CrowdRun {
    let every = u64::from(ticks).div_ceil(MAX_TRAIL_POINTS).max(1);
    let mut trails: Vec<Vec<[f64; 3]>> = crowd.agents().map(|(_, agent)| vec![agent.position()]).collect();
    let mut sample_ticks = vec![0];
    for _ in 0..ticks {
        crowd.step();
        if crowd.tick().is_multiple_of(every) || crowd.tick() == u64::from(ticks) {
            for (trail, (_, agent)) in trails.iter_mut().zip(crowd.agents()) {
                trail.push(agent.position());
            }
            sample_ticks.push(crowd.tick());
        }
    }
    CrowdRun { crowd, goals, trails, sample_ticks }
}
