//! The side-by-side harness: onav against Recast/Detour in one process, on
//! the same tiles, the two libraries alternating round by round.
//!
//! `cargo run --release --manifest-path peer/Cargo.toml -- [edits|queries|build|crowd|planar|planar-count|all|write-fixtures] [--rounds N] [--smoke] [--meshes DIR]`

mod build;
mod build_count;
mod build_paths;
mod build_quality;
mod build_report;
mod build_settings;
mod call_clock;
mod churn_order;
mod clipper_pipeline;
mod convex_lower_bound;
mod crowd;
mod crowd_count;
mod crowd_params;
mod crowd_placement;
mod crowd_quality;
mod crowd_report;
mod crowd_round;
mod crowd_side;
mod detour_crowd;
mod detour_crowd_side;
mod detour_edits;
mod detour_mesh;
mod detour_queries;
mod detour_query;
mod detour_tile_data;
mod doorway;
mod edit_round;
mod edits;
mod edits_report;
mod fixtures;
mod flat_grid;
mod footprint;
mod hertel_mehlhorn;
mod inputs;
mod markdown_table;
mod mset;
mod noise_line;
mod obj_mesh;
mod onav_build;
mod onav_crowd_side;
mod onav_edits;
mod onav_queries;
mod path_measure;
mod planar;
mod planar_count;
mod planar_count_inputs;
mod planar_count_report;
mod planar_report;
mod plaza;
mod polygon_components;
mod prepared_input;
mod queries;
mod queries_report;
mod query_points;
mod query_round;
mod radius_clearance;
mod recast_build;
mod recast_builds;
mod recast_recipe;
mod region_boundary;
mod region_hertel_mehlhorn;
mod resident_bytes;
mod shortest_report;
mod stage_clock;
mod star_outlines;
mod stepped_percentile;
mod timing;
mod triangle_mesh;
mod walkable_overlap;
mod xorshift;

use std::path::PathBuf;
use std::process::ExitCode;

use onav::TurnStyle;

#[global_allocator]
static ALLOCATOR: resident_bytes::CountingAllocator = resident_bytes::CountingAllocator;

const USAGE: &str =
    "usage: onav-peer [edits|queries|build|crowd|planar|planar-count|all|write-fixtures] [--rounds N] [--smoke] [--meshes DIR]
       onav-peer build-count --input dungeon|nav_test|flat --partition watershed|monotone [--meshes DIR]
       onav-peer crowd-count --input plaza-100|plaza-1000|plaza-5000|dungeon-250 [--meshes DIR] [--wide-turns]
       onav-peer doorway [--rounds N] [--smoke] [--wide-turns]
  --rounds N    rounds per measurement (default 7)
  --smoke       one round on the smallest input, to show the harness still runs
  --input NAME  edits, queries: measure only that input (dungeon, nav_test; edits also flat), as for counting instructions
  --meshes DIR  the shared meshes (default ../shared/data/meshes from the repository root, or $ONAV_PEER_MESHES)
  --wide-turns  crowd, crowd-count, doorway: onav's agents round turns wide (TurnStyle::Wide) instead of inside
  planar-count  polygons per tile of onav's 2D builder against Hertel–Mehlhorn of the same region and a lower bound
  build-count   one untimed build of one `build` row by each library, to count instructions under callgrind
  crowd-count   one untimed run of one `crowd` row's timed ticks by each library, to count instructions under callgrind
  doorway       issue 21's doorway scenario (scaled to the crowd table's agents) for both crowds: N runs, the first unjittered";

const DEFAULT_ROUNDS: usize = 7;

struct Options {
    command: String,
    rounds: usize,
    smoke: bool,
    meshes: Option<PathBuf>,
    /// The `build-count` row, or the one mesh `queries` measures.
    input: Option<String>,
    partition: Option<String>,
    /// How onav's crowd agents take turns.
    turn_style: TurnStyle,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        command: "all".into(),
        rounds: DEFAULT_ROUNDS,
        smoke: false,
        meshes: None,
        input: None,
        partition: None,
        turn_style: TurnStyle::Inside,
    };
    let mut command = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                let value = args.next().ok_or("--rounds needs a number")?;
                options.rounds =
                    value.parse().ok().filter(|&n| n > 0).ok_or(format!("--rounds {value}: not a positive number"))?;
            }
            "--smoke" => options.smoke = true,
            "--wide-turns" => options.turn_style = TurnStyle::Wide,
            "--meshes" => options.meshes = Some(args.next().ok_or("--meshes needs a folder")?.into()),
            "--input" => options.input = Some(args.next().ok_or("--input needs a name")?),
            "--partition" => options.partition = Some(args.next().ok_or("--partition needs a name")?),
            "-h" | "--help" => return Err(USAGE.into()),
            _ if command.is_none() && !arg.starts_with('-') => command = Some(arg),
            _ => return Err(format!("unexpected argument {arg:?}\n{USAGE}")),
        }
    }
    if options.smoke {
        options.rounds = 1;
    }
    if let Some(command) = command {
        options.command = command;
    }
    Ok(options)
}

fn run(options: &Options) -> Result<(), String> {
    let meshes = inputs::meshes_dir(options.meshes.clone());
    match options.command.as_str() {
        "edits" => edits::edits(&meshes, options.rounds, options.smoke, options.input.as_deref()),
        "queries" => queries::queries(&meshes, options.rounds, options.smoke, options.input.as_deref()),
        "build" => build::build(&meshes, options.rounds, options.smoke),
        "crowd" => crowd::crowd(&meshes, options.rounds, options.smoke, options.turn_style),
        "doorway" => doorway::doorway(options.rounds, options.smoke, options.turn_style),
        "planar" => planar::planar(options.rounds, options.smoke),
        "planar-count" => planar_count::planar_count(options.smoke),
        "all" => {
            edits::edits(&meshes, options.rounds, options.smoke, None)?;
            println!();
            queries::queries(&meshes, options.rounds, options.smoke, None)?;
            println!();
            build::build(&meshes, options.rounds, options.smoke)?;
            println!();
            crowd::crowd(&meshes, options.rounds, options.smoke, options.turn_style)?;
            println!();
            planar::planar(options.rounds, options.smoke)
        }
        "write-fixtures" => fixtures::write_fixtures(&meshes),
        "build-count" => {
            let input = build_count::input_named(options.input.as_deref().ok_or("build-count needs --input")?)?;
            let partition =
                build_count::partition_named(options.partition.as_deref().ok_or("build-count needs --partition")?)?;
            build_count::build_count(&meshes, input, partition)
        }
        "crowd-count" => {
            let scenario = crowd_count::scenario_named(options.input.as_deref().ok_or("crowd-count needs --input")?)?;
            crowd_count::crowd_count(&meshes, scenario, options.turn_style)
        }
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    }
}

fn main() -> ExitCode {
    resident_bytes::count_peer_allocations();
    let result = parse(std::env::args().skip(1)).and_then(|options| run(&options));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(args: &[&str]) -> Result<Options, String> {
        parse(args.iter().map(|a| a.to_string()))
    }

    #[test]
    fn command_and_rounds() {
        let options = parsed(&["edits", "--rounds", "3"]).unwrap();
        assert_eq!((options.command.as_str(), options.rounds, options.smoke), ("edits", 3, false));
        let options = parsed(&[]).unwrap();
        assert_eq!((options.command.as_str(), options.rounds), ("all", DEFAULT_ROUNDS));
    }

    #[test]
    fn wide_turns_for_the_crowds() {
        assert_eq!(parsed(&["crowd"]).unwrap().turn_style, TurnStyle::Inside);
        assert_eq!(parsed(&["doorway", "--wide-turns"]).unwrap().turn_style, TurnStyle::Wide);
    }

    #[test]
    fn smoke_is_one_round() {
        let options = parsed(&["--rounds", "9", "edits", "--smoke"]).unwrap();
        assert_eq!((options.rounds, options.smoke), (1, true));
    }

    #[test]
    fn bad_arguments_are_refused() {
        for args in [&["--rounds", "0"][..], &["--rounds"], &["--rounds", "x"], &["edits", "queries"], &["--meshes"]] {
            assert!(parsed(args).is_err(), "{args:?}");
        }
    }
}
