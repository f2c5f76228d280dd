//! `onav`: look into navmesh files (format v2) from the command line, and
//! build them from OBJ levels with the voxel builder.
//!
//! Exit status: 0 success; 1 usage or I/O trouble (missing file, bad
//! arguments, a file of the wrong kind for the command); 2 format, 3 version
//! and 4 fingerprint errors in the file, as `validate` documents.

mod assemble;
mod build;
mod build_tile;
mod crowd;
mod crowd_summary;
mod build_planar;
mod debug_json;
mod document;
mod failure;
mod import_detour;
mod inspect;
mod level_obj;
mod mesh_output;
mod mesh_summary;
mod nearest;
mod off_mesh_links;
mod path;
mod planar_input_file;
mod progress_bar;
mod query_args;
mod raycast;
mod settings_file;
mod svg;
mod switch_args;
mod tile_header;
mod tiles;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use onav::TurnStyle;

use failure::Failure;
use query_args::{parse_triple, DEFAULT_EXTENTS};

/// Inspect, validate, dump and draw onav navigation-mesh files
/// (ONPT tiles, ONPM meshes, ONPS snapshots, ONNM and ONNW envelopes), and
/// build them from Wavefront OBJ levels.
#[derive(Parser)]
#[command(
    name = "onav",
    version,
    after_help = "Exit status: 0 success; 1 usage or I/O error; 2 format, 3 version, 4 fingerprint error in the file."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print what a file holds: kind, version, parameters, fingerprint,
    /// settings digest, tiles and link totals.
    Inspect {
        /// ONPT, ONPM, ONPS, ONNM or ONNW file, recognised by its magic.
        file: PathBuf,
    },
    /// Check a file against every rule of the format. Prints `ok` and exits
    /// 0 when valid; otherwise prints `error: <kind>: <message>` on standard
    /// error and exits 2 (format), 3 (version) or 4 (fingerprint).
    Validate {
        /// The file to check.
        file: PathBuf,
        /// Mesh (ONPM), envelope (ONNM, ONNW) or snapshot (ONPS) whose
        /// parameters a bare tile (ONPT) is checked against; required for
        /// a tile, which carries no parameters of its own.
        #[arg(long, value_name = "FILE")]
        params: Option<PathBuf>,
        /// Agent class of an ONNW `--params` file.
        #[arg(long, value_name = "N", default_value_t = 0)]
        class: usize,
    },
    /// Dump the debug geometry (polygons and stitched links, in slot /
    /// polygon / link order) of a mesh.
    Debug {
        /// ONPM, ONNM or ONNW file.
        file: PathBuf,
        /// Write JSON to standard output (the only output format).
        #[arg(long, required = true)]
        json: bool,
        /// Agent class of an ONNW file.
        #[arg(long, value_name = "N", default_value_t = 0)]
        class: usize,
    },
    /// Draw a mesh from above as SVG: polygons by area, tile borders,
    /// portals, off-mesh links and a legend.
    Svg {
        /// ONPM, ONNM or ONNW file.
        file: PathBuf,
        /// Where to write the SVG.
        #[arg(short, long, value_name = "OUT.svg")]
        output: PathBuf,
        /// Draw only the tiles of this layer (default: every layer).
        #[arg(long, value_name = "N")]
        layer: Option<u16>,
        /// Agent class of an ONNW file.
        #[arg(long, value_name = "N", default_value_t = 0)]
        class: usize,
    },
    /// Find the path between two points: the polygons nearest them (within
    /// --extents), the cheapest corridor between those and its straight
    /// path. Prints the status (complete, partial, out_of_nodes, or no_path
    /// when no polygon lies around a point), the length (X/Z lengths on the
    /// surface plus the 3D length of each off-mesh link, docs/QUERIES.md),
    /// the corners and the corridor's polygons. With --exact: the exact
    /// shortest path instead (status complete, unreachable or
    /// out_of_nodes; the polygons it runs in from each corner).
    Path {
        /// ONPM, ONNM or ONNW file.
        file: PathBuf,
        /// Start point.
        #[arg(long, value_name = "X,Y,Z", value_parser = parse_triple, allow_hyphen_values = true)]
        from: [f64; 3],
        /// End point.
        #[arg(long, value_name = "X,Y,Z", value_parser = parse_triple, allow_hyphen_values = true)]
        to: [f64; 3],
        /// Half extents of the box searched for the polygon under each point.
        #[arg(long, value_name = "HX,HY,HZ", value_parser = parse_triple, allow_hyphen_values = true, default_value = DEFAULT_EXTENTS)]
        extents: [f64; 3],
        /// Write JSON (status, length, corners, polygons as decimal strings).
        #[arg(long)]
        json: bool,
        /// Also draw the path over the mesh picture (as `onav svg`) into this file.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<PathBuf>,
        /// Agent class of an ONNW file.
        #[arg(long, value_name = "N", default_value_t = 0)]
        class: usize,
        /// Disable every off-mesh link with this user id for the search
        /// (repeatable; a run-time switch, the file is not changed).
        #[arg(long = "disable-link", value_name = "ID")]
        disable_link: Vec<u32>,
        /// Give polygon REF (a decimal PolyRef, as --json prints it) these
        /// flags for the search (repeatable; FLAGS decimal or 0x hex). The
        /// search includes every flag, so 0 closes the polygon.
        #[arg(long = "poly-flags", value_name = "REF=FLAGS", value_parser = switch_args::parse_poly_flags)]
        poly_flags: Vec<(u64, u16)>,
        /// The exact shortest path (find_shortest_path) instead of the
        /// corridor's straight path.
        #[arg(long)]
        exact: bool,
    },
    /// Cast a ray over the surface (in X/Z) from the polygon under --from
    /// toward --to until it reaches --to or hits a wall. Prints t (1 at
    /// --to, else the fraction of the segment before the wall), whether it
    /// hit, the wall's normal and the polygons crossed.
    Raycast {
        /// ONPM, ONNM or ONNW file.
        file: PathBuf,
        /// Start point.
        #[arg(long, value_name = "X,Y,Z", value_parser = parse_triple, allow_hyphen_values = true)]
        from: [f64; 3],
        /// End point (its Y is ignored: the cast is 2D).
        #[arg(long, value_name = "X,Y,Z", value_parser = parse_triple, allow_hyphen_values = true)]
        to: [f64; 3],
        /// Half extents of the box searched for the polygon under --from.
        #[arg(long, value_name = "HX,HY,HZ", value_parser = parse_triple, allow_hyphen_values = true, default_value = DEFAULT_EXTENTS)]
        extents: [f64; 3],
        /// Write JSON (t, hit, normal, polygons as decimal strings).
        #[arg(long)]
        json: bool,
        /// Agent class of an ONNW file.
        #[arg(long, value_name = "N", default_value_t = 0)]
        class: usize,
    },
    /// Find the polygon nearest a point within the box point ± extents: a
    /// floor directly below within the climb wins over a nearer polygon
    /// beside it. Prints the polygon, its nearest point and the distance.
    Nearest {
        /// ONPM, ONNM or ONNW file.
        file: PathBuf,
        /// The point.
        #[arg(long, value_name = "X,Y,Z", value_parser = parse_triple, allow_hyphen_values = true)]
        at: [f64; 3],
        /// Half extents of the box searched.
        #[arg(long, value_name = "HX,HY,HZ", value_parser = parse_triple, allow_hyphen_values = true)]
        extents: [f64; 3],
        /// Write JSON (found, poly_ref as a decimal string, point, distance).
        #[arg(long)]
        json: bool,
        /// Agent class of an ONNW file.
        #[arg(long, value_name = "N", default_value_t = 0)]
        class: usize,
    },
    /// Import a RecastDemo tile set (MSET) of Detour tiles (DNAV version 7,
    /// 32-bit or 64-bit references) as an onav mesh (ONPM).
    ImportDetour {
        /// The MSET file.
        file: PathBuf,
        /// Where to write the mesh.
        #[arg(short, long, value_name = "OUT.onpm")]
        output: PathBuf,
        /// Agent max slope in degrees, which Detour does not record.
        #[arg(long, value_name = "DEG", default_value_t = onav::import::detour::options::DEFAULT_MAX_SLOPE_DEGREES)]
        max_slope: f32,
        /// How far (in cells) a portal vertex may lie from its tile boundary.
        #[arg(long, value_name = "CELLS", default_value_t = onav::import::detour::options::DEFAULT_BOUNDARY_TOLERANCE_CELLS)]
        boundary_tolerance: f64,
    },
    /// Build a mesh (ONNM) from a Wavefront OBJ level with the voxel
    /// builder: every tile under the level's box, in parallel, with a
    /// progress bar on standard error when it is a terminal. Prints the
    /// tile, polygon and link counts.
    Build {
        /// The level: every face of every object, Y up.
        level: PathBuf,
        /// JSON settings: NavSettings fields by snake_case name (cell_size,
        /// agent_radius, partition, ...); a field left out keeps its default.
        /// Without it, the defaults with the origin at the level's minimum
        /// corner.
        #[arg(long, value_name = "FILE.json")]
        settings: Option<PathBuf>,
        /// Where to write the mesh.
        #[arg(short, long, value_name = "OUT.onnm")]
        output: PathBuf,
    },
    /// List the tiles a build of the level covers, one X,Z per line: the
    /// jobs of a tile-by-tile bake.
    Tiles {
        /// The level (OBJ).
        level: PathBuf,
        /// JSON settings, as for build.
        #[arg(long, value_name = "FILE.json")]
        settings: Option<PathBuf>,
    },
    /// Build one tile column of a level, exactly as build does, writing
    /// DIR/tile_X_Z_L.onpt per layer L and printing each path; an empty
    /// column writes nothing and says so. Every job of a bake and its
    /// assemble must use the same settings file.
    BuildTile {
        /// The level (OBJ).
        level: PathBuf,
        /// The column.
        #[arg(long, value_name = "X,Z", value_parser = build_tile::parse_tile, allow_hyphen_values = true)]
        tile: (i32, i32),
        /// JSON settings, as for build.
        #[arg(long, value_name = "FILE.json")]
        settings: Option<PathBuf>,
        /// Where to write the tiles (created if missing).
        #[arg(long, value_name = "DIR")]
        out_dir: PathBuf,
    },
    /// Join the tiles of a tile-by-tile bake into one mesh (ONNM), equal
    /// byte for byte to what build writes. Each tile is checked against the
    /// settings' parameters (without --settings: the defaults, origin 0,0,0).
    Assemble {
        /// JSON settings: the file every build-tile job used.
        #[arg(long, value_name = "FILE.json")]
        settings: Option<PathBuf>,
        /// Where to write the mesh.
        #[arg(short, long, value_name = "OUT.onnm")]
        output: PathBuf,
        /// The tiles (ONPT), in any order.
        #[arg(required = true, value_name = "TILES.onpt")]
        tiles: Vec<PathBuf>,
    },
    /// Run a crowd on a mesh: N agents at seeded random points walk to
    /// seeded random goals for T ticks (dt 1/30 s). Draws their trails over
    /// the mesh picture and prints how many arrived, how many have no path,
    /// how many are stuck (still on their way and no nearer their goal for
    /// the last 5 s; none in a shorter run), how many pairs overlap and the
    /// final state hash.
    /// Agent i starts at the random point of seed S + 2i and walks to a
    /// random point it can reach, of seed S + 2i + 1 (or to the point --to
    /// names).
    Crowd {
        /// ONPM, ONNM or ONNW file.
        file: PathBuf,
        /// Number of agents (at least 1).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        agents: u32,
        /// Ticks to step (at least 1).
        #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..))]
        ticks: u32,
        /// Where to write the picture with the trails.
        #[arg(long, value_name = "OUT.svg")]
        svg: PathBuf,
        /// Seed of the starts and goals.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Agent radius (default: the mesh's AgentRadius).
        #[arg(long, value_name = "R", allow_hyphen_values = true)]
        radius: Option<f64>,
        /// Agents round turns wide (TurnStyle::Wide, DetourCrowd's rule)
        /// instead of cutting inside them along the corner.
        #[arg(long)]
        wide_turns: bool,
        /// Send every agent to this one point instead of its random goal
        /// (they arrive round it, each touching one that arrived before).
        #[arg(long, value_name = "X,Y,Z", value_parser = parse_triple, allow_hyphen_values = true)]
        to: Option<[f64; 3]>,
        /// Also write the summary and every agent's start, goal, final
        /// position and state as JSON to this file.
        #[arg(long, value_name = "OUT.json")]
        json: Option<PathBuf>,
        /// Agent class of an ONNW file.
        #[arg(long, value_name = "N", default_value_t = 0)]
        class: usize,
    },
    /// Build a mesh (ONNM) with the exact 2D builder from walkable outlines
    /// and obstacles (JSON rings, docs/BUILD_PLANAR.md). Prints the tile,
    /// polygon and link counts.
    BuildPlanar {
        /// The outlines: {"regions": [{"outline", "holes", "area", "flags"}], "obstacles": [...]}.
        input: PathBuf,
        /// JSON settings, as for build; without it, the defaults.
        #[arg(long, value_name = "FILE.json")]
        settings: Option<PathBuf>,
        /// Where to write the mesh.
        #[arg(short, long, value_name = "OUT.onnm")]
        output: PathBuf,
        /// Also draw the built mesh (as `onav svg`) into this file.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return report_usage(e),
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("{failure}");
            ExitCode::from(failure.exit_code())
        }
    }
}

/// `--help` and `--version` go to standard output with status 0; argument
/// errors exit 1, not clap's 2, which `validate` reserves for format errors.
fn report_usage(error: clap::Error) -> ExitCode {
    // Printing can only fail on a closed stream, where nothing is left to tell.
    let _ = error.print();
    if error.use_stderr() {
        ExitCode::from(failure::USAGE_EXIT)
    } else {
        ExitCode::SUCCESS
    }
}

fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Inspect { file } => inspect::run(&file),
        Command::Validate { file, params, class } => validate::run(&file, params.as_deref(), class),
        Command::Debug { file, class, .. } => debug_json::run(&file, class),
        Command::Svg { file, output, layer, class } => svg::run(&file, &output, layer, class),
        Command::Path { file, from, to, extents, json, svg, class, disable_link, poly_flags, exact } => {
            let switches = switch_args::SwitchArgs { disabled_links: &disable_link, poly_flags: &poly_flags };
            path::run(&path::PathArgs {
                file: &file,
                from,
                to,
                extents,
                class,
                json,
                svg: svg.as_deref(),
                switches,
                exact,
            })
        }
        Command::Raycast { file, from, to, extents, json, class } => {
            raycast::run(&file, from, to, extents, class, json)
        }
        Command::Nearest { file, at, extents, json, class } => nearest::run(&file, at, extents, class, json),
        Command::ImportDetour { file, output, max_slope, boundary_tolerance } => import_detour::run(
            &file,
            &output,
            onav::import::detour::ImportOptions {
                max_slope_degrees: max_slope,
                boundary_tolerance_cells: boundary_tolerance,
            },
        ),
        Command::Build { level, settings, output } => build::run(&level, settings.as_deref(), &output),
        Command::Tiles { level, settings } => tiles::run(&level, settings.as_deref()),
        Command::BuildTile { level, tile, settings, out_dir } => {
            build_tile::run(&level, tile, settings.as_deref(), &out_dir)
        }
        Command::Assemble { settings, output, tiles } => assemble::run(settings.as_deref(), &output, &tiles),
        Command::Crowd { file, agents, ticks, svg, seed, radius, wide_turns, to, json, class } => {
            crowd::run(&crowd::CrowdArgs {
                file: &file,
                agents,
                ticks,
                svg: &svg,
                seed,
                radius,
                turn_style: if wide_turns { TurnStyle::Wide } else { TurnStyle::Inside },
                to,
                json: json.as_deref(),
                class,
            })
        }
        Command::BuildPlanar { input, settings, output, svg } => {
            build_planar::run(&input, settings.as_deref(), &output, svg.as_deref())
        }
    }
}
