//! `onav crowd` run as a process: the SVG draws one trail per agent over
//! the mesh, the summary and JSON agree with each other and with the same
//! scenario run through the library (the documented seeds), every goal is
//! one its agent can reach on a mesh of two unconnected parts, the same
//! seed gives the same bytes, `--wide-turns` runs the same scenario with
//! turns rounded wide, `--to` sends every agent to one point, where they
//! all arrive, a run shorter than 5 s counts no agent stuck, and bad
//! arguments exit 1 with a message.
//!
//! The mesh: input_2d's grid, 3 x 2 tiles of 2 x 2 squares (48 x 32 units
//! from (-8, 2.5, 4)); the two-part mesh keeps the grid's tiles (0, 0) and
//! (2, 0) only.

mod cli_process;
mod input_2d;

use std::path::{Path, PathBuf};

use cli_process::{onav, stderr, stdout};
use onav::tile::coordinate::COORDINATE_BOUND;
use onav::{AgentParams, Crowd, CrowdSettings, NavMesh, NavMeshQuery, QueryFilter, TurnStyle};
use serde_json::Value;

const AGENTS: usize = 12;
const TICKS: u64 = 300;
const SEED: u64 = 7;

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_crowd").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mesh() -> NavMesh {
    let settings = input_2d::settings();
    let input = input_2d::grid(&settings, 3, 2, 2);
    NavMesh::build_2d(settings, &input).unwrap()
}

/// Two squares of 16 x 16 units, 16 apart: tiles (0, 0) and (2, 0) of the
/// grid, (1, 0) left out.
fn two_part_mesh() -> NavMesh {
    let settings = input_2d::settings();
    let tiles = [input_2d::tile(&settings, 0, 0, 0, 2), input_2d::tile(&settings, 2, 0, 0, 2)];
    NavMesh::build_2d(settings, &tiles).unwrap()
}

/// `nav_mesh` saved as ONNM in `dir`; its path as a string.
fn saved(dir: &Path, nav_mesh: &NavMesh) -> String {
    let path = dir.join("mesh.onnm");
    std::fs::write(&path, nav_mesh.save()).unwrap();
    path.to_str().unwrap().to_string()
}

/// The mesh saved as ONNM in `dir`; its path as a string.
fn mesh_file(dir: &Path) -> String {
    saved(dir, &mesh())
}

/// Runs `onav crowd` on the mesh with `seed`, writing `name`.svg and
/// `name`.json in `dir`; its standard output, SVG and JSON text.
fn run_crowd(dir: &Path, name: &str, seed: u64) -> (String, String, String) {
    run_crowd_on(dir, &mesh_file(dir), name, seed, &[])
}

/// [`run_crowd`] on the mesh file `file`, with the `extra` arguments.
fn run_crowd_on(dir: &Path, file: &str, name: &str, seed: u64, extra: &[&str]) -> (String, String, String) {
    let svg = dir.join(format!("{name}.svg"));
    let json = dir.join(format!("{name}.json"));
    let (agents, ticks, seed) = (AGENTS.to_string(), TICKS.to_string(), seed.to_string());
    let mut args = vec![
        "crowd",
        file,
        "--agents",
        &agents,
        "--ticks",
        &ticks,
        "--seed",
        &seed,
        "--svg",
        svg.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let output = onav(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    (stdout(&output), std::fs::read_to_string(svg).unwrap(), std::fs::read_to_string(json).unwrap())
}

/// The command's scenario through the library, as its help documents it:
/// agent i from the random point of seed S + 2i to the random point of
/// seed S + 2i + 1 around it (a circle of radius 4 · 2^21, past any two
/// points of the coordinate rule), the mesh's agent radius and height,
/// default settings, `ticks` ticks; the agents take turns as `turn_style`
/// says, and walk to `to` when it is given instead.
fn library_hash(seed: u64, turn_style: TurnStyle, to: Option<[f64; 3]>, ticks: u64) -> String {
    let nav_mesh = mesh();
    let params = nav_mesh.params();
    let filter = QueryFilter::default();
    let mut query = NavMeshQuery::new(nav_mesh.mesh(), 1 << 16).unwrap();
    let mut crowd = Crowd::new(nav_mesh.mesh(), CrowdSettings::default()).unwrap();
    let reach = 4.0 * COORDINATE_BOUND;
    for i in 0..AGENTS as u64 {
        let start = query.find_random_point(&filter, seed + 2 * i).unwrap();
        let around =
            query.find_random_point_around_circle(start.poly_ref, start.position, reach, &filter, seed + 2 * i + 1);
        let agent_params = AgentParams {
            turn_style,
            ..AgentParams::new(f64::from(params.agent_radius), f64::from(params.agent_height))
        };
        let agent = crowd.add_agent(start.position, agent_params).unwrap();
        crowd.request_move_target(agent, to.unwrap_or(around.unwrap().point.position)).unwrap();
    }
    for _ in 0..ticks {
        crowd.step();
    }
    crowd.state_hash().iter().map(|b| format!("{b:02x}")).collect()
}

/// The value after `label: ` on its line of the summary.
fn summary_field<'a>(text: &'a str, label: &str) -> &'a str {
    let line =
        text.lines().find(|l| l.starts_with(&format!("{label}: "))).unwrap_or_else(|| panic!("{label} in {text}"));
    &line[label.len() + 2..]
}

#[test]
fn the_svg_draws_one_trail_per_agent_and_the_summary_matches_the_library() {
    let dir = scratch("trails");
    let (text, svg, json) = run_crowd(&dir, "crowd", SEED);

    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"trail\"").count(), AGENTS, "one trail per agent");
    assert!(svg.contains(&format!("{AGENTS} agent trails")), "the legend counts the trails");
    // Every trail starts at its agent's start and has more than one point.
    let report: Value = serde_json::from_str(&json).unwrap();
    let states = report["agent_states"].as_array().unwrap();
    assert_eq!(states.len(), AGENTS);
    for trail in svg.lines().filter(|l| l.contains("class=\"trail\"")) {
        assert!(trail.split("points=\"").nth(1).unwrap().split(' ').count() > 1, "{trail}");
    }

    assert_eq!(summary_field(&text, "agents"), AGENTS.to_string());
    assert!(summary_field(&text, "ticks").starts_with(&format!("{TICKS} ")));
    let hash = summary_field(&text, "state hash");
    assert_eq!(
        hash,
        library_hash(SEED, TurnStyle::Inside, None, TICKS),
        "the documented scenario, run through the library"
    );
    assert_eq!(report["state_hash"], hash);
    assert_eq!(report["ticks"], TICKS);
    let arrived = states.iter().filter(|s| s["state"] == "arrived").count();
    assert_eq!(summary_field(&text, "arrived"), arrived.to_string());
    assert_eq!(report["arrived"], arrived);
    let no_path = states.iter().filter(|s| s["state"] == "no_path").count();
    assert_eq!(summary_field(&text, "no path"), no_path.to_string());
    assert_eq!(report["no_path"], no_path);
    let stuck = states.iter().filter(|s| s["stuck"] == true).count();
    assert_eq!(summary_field(&text, "stuck"), stuck.to_string());
    assert!(
        states.iter().filter(|s| s["stuck"] == true).all(|s| s["state"] != "arrived"),
        "an arrived agent is not stuck"
    );
    assert_eq!(summary_field(&text, "overlapping pairs"), report["overlapping_pairs"].to_string());
    // Starts and goals lie on the mesh: the grid spans x -8..40, z 4..36.
    for state in states {
        for point in ["start", "goal", "position"] {
            let p = &state[point];
            let (x, z) = (p[0].as_f64().unwrap(), p[2].as_f64().unwrap());
            assert!((-8.0..=40.0).contains(&x) && (4.0..=36.0).contains(&z), "{point} {p}");
        }
    }
}

#[test]
fn every_goal_lies_in_the_part_of_the_mesh_its_start_connects_to() {
    let dir = scratch("two_parts");
    let file = saved(&dir, &two_part_mesh());
    let (text, _, json) = run_crowd_on(&dir, &file, "crowd", SEED, &[]);
    let report: Value = serde_json::from_str(&json).unwrap();
    // The parts span x -8..8 and 24..40; which one a point lies in.
    let part = |p: &Value| {
        let x = p[0].as_f64().unwrap();
        assert!((-8.0..=8.0).contains(&x) || (24.0..=40.0).contains(&x), "{p} on neither part");
        x > 16.0
    };
    let states = report["agent_states"].as_array().unwrap();
    let starts_right = states.iter().filter(|s| part(&s["start"])).count();
    assert!(0 < starts_right && starts_right < AGENTS, "agents start on both parts ({starts_right} of {AGENTS} right)");
    for state in states {
        assert_eq!(part(&state["start"]), part(&state["goal"]), "{state}");
        assert_ne!(state["state"], "no_path", "{state}");
    }
    assert_eq!(summary_field(&text, "no path"), "0");
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    let dir = scratch("same_seed");
    let first = run_crowd(&dir, "first", SEED);
    let second = run_crowd(&dir, "second", SEED);
    assert_eq!(first, second);
    let other = run_crowd(&dir, "other", SEED + 1);
    assert_ne!(first.1, other.1, "another seed places other agents");
}

#[test]
fn wide_turns_run_the_same_scenario_with_turns_rounded_wide() {
    let dir = scratch("wide_turns");
    let (text, _, _) = run_crowd_on(&dir, &mesh_file(&dir), "wide", SEED, &["--wide-turns"]);
    let hash = summary_field(&text, "state hash");
    assert_eq!(hash, library_hash(SEED, TurnStyle::Wide, None, TICKS), "the documented scenario, turning wide");
    assert_ne!(hash, library_hash(SEED, TurnStyle::Inside, None, TICKS), "the turn style changes the walk");
}

/// Ticks of the runs that send every agent to one point: long enough for
/// them to come to rest.
const TO_POINT_TICKS: u64 = 900;

/// Runs `onav crowd` on `file` with every agent sent `--to` the point `to`
/// (the scenario's agents and seed, [`TO_POINT_TICKS`] ticks); its standard
/// output and JSON report.
fn run_to_point(dir: &Path, file: &str, to: &str) -> (String, Value) {
    let (svg, json) = (dir.join("crowd.svg"), dir.join("crowd.json"));
    let (agents, ticks, seed) = (AGENTS.to_string(), TO_POINT_TICKS.to_string(), SEED.to_string());
    let args = ["crowd", file, "--agents", &agents, "--ticks", &ticks, "--seed", &seed, "--to", to];
    let output = onav(&[&args[..], &["--svg", svg.to_str().unwrap(), "--json", json.to_str().unwrap()]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    (stdout(&output), serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap())
}

#[test]
fn every_agent_sent_to_one_point_arrives_round_it() {
    let dir = scratch("to_one_point");
    let (text, report) = run_to_point(&dir, &mesh_file(&dir), "16,2.5,20");
    let point = [16.0, 2.5, 20.0];
    assert_eq!(summary_field(&text, "state hash"), library_hash(SEED, TurnStyle::Inside, Some(point), TO_POINT_TICKS));
    for state in report["agent_states"].as_array().unwrap() {
        assert_eq!(state["goal"], serde_json::json!(point), "{state}");
    }
    // Only one stands on the point; the rest arrive round it.
    assert_eq!(summary_field(&text, "arrived"), AGENTS.to_string());
}

/// Agents sent to a point their part of the mesh does not reach stop with
/// no path; the summary counts them there, not as stuck.
#[test]
fn agents_without_a_path_are_not_counted_stuck() {
    let dir = scratch("no_path_not_stuck");
    let (text, report) = run_to_point(&dir, &saved(&dir, &two_part_mesh()), "32,2.5,20");
    let states = report["agent_states"].as_array().unwrap();
    let no_path: Vec<&Value> = states.iter().filter(|s| s["state"] == "no_path").collect();
    assert!(!no_path.is_empty(), "the agents on the left part have no path to x 32: {states:?}");
    for state in &no_path {
        assert_eq!(state["stuck"], false, "{state}");
    }
    let stuck = states.iter().filter(|s| s["stuck"] == true).count();
    assert_eq!(summary_field(&text, "stuck"), stuck.to_string());
    assert_eq!(summary_field(&text, "no path"), no_path.len().to_string());
}

/// A run shorter than the 5 s the stuck count looks back over counts no
/// agent stuck: after one tick every agent is still on its way, none has
/// had the time to go 5 s without progress. The agents, placed at random
/// points, still overlap after one tick: the summary counts the pairs
/// the rule names (radii overlapping by more than 10 % of a radius, at
/// about the same height), as a check of every pair finds them.
#[test]
fn a_run_shorter_than_five_seconds_has_no_stuck_agents() {
    let dir = scratch("short_run");
    let file = mesh_file(&dir);
    let (svg, json) = (dir.join("crowd.svg"), dir.join("crowd.json"));
    let args = ["crowd", &file, "--agents", "300", "--ticks", "1", "--svg", svg.to_str().unwrap()];
    let output = onav(&[&args[..], &["--json", json.to_str().unwrap()]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: Value = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    let states = report["agent_states"].as_array().unwrap();
    assert!(states.iter().all(|s| s["state"] == "walking" && s["stuck"] == false), "{states:?}");
    assert_eq!(summary_field(&stdout(&output), "stuck"), "0");
    let positions: Vec<Vec<f64>> =
        states.iter().map(|s| serde_json::from_value(s["position"].clone()).unwrap()).collect();
    let nav_mesh = mesh();
    let params = nav_mesh.params();
    let (radius, height) = (f64::from(params.agent_radius), f64::from(params.agent_height));
    let overlap = |a: &[f64], b: &[f64]| {
        let (dx, dz) = (a[0] - b[0], a[2] - b[2]);
        let d = (dx * dx + dz * dz).sqrt();
        (a[1] - b[1]).abs() < height && 2.0 * radius - d > 0.1 * radius
    };
    let pairs: usize = (0..positions.len())
        .map(|i| (i + 1..positions.len()).filter(|&j| overlap(&positions[i], &positions[j])).count())
        .sum();
    assert!(pairs > 0, "300 agents at random points on 48 x 32 units overlap somewhere");
    assert_eq!(summary_field(&stdout(&output), "overlapping pairs"), pairs.to_string());
}

#[test]
fn bad_arguments_exit_1_with_a_message() {
    let dir = scratch("bad_args");
    let file = mesh_file(&dir);
    let svg = dir.join("out.svg");
    let svg = svg.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["crowd", &file, "--agents", "0", "--ticks", "10", "--svg", svg], "--agents"),
        (&["crowd", &file, "--agents", "2", "--ticks", "x", "--svg", svg], "--ticks"),
        (&["crowd", &file, "--agents", "2", "--ticks", "10"], "--svg"),
        (&["crowd", &file, "--agents", "2", "--ticks", "10", "--svg", svg, "--radius", "-1"], "--radius"),
        (&["crowd", "no-such-file.onnm", "--agents", "2", "--ticks", "10", "--svg", svg], "no-such-file.onnm"),
        (&["crowd", &file, "--agents", "2", "--ticks", "10", "--svg", svg, "--to", "1,2"], "--to"),
    ];
    for (args, needle) in cases {
        let output = onav(args);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains(needle), "{args:?}: {needle} missing from {}", stderr(&output));
        assert!(output.stdout.is_empty());
    }
    assert!(!dir.join("out.svg").exists(), "no picture is written for refused arguments");
}
