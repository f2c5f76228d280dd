//! `onav path FILE --from X,Y,Z --to X,Y,Z [--exact] [--json] [--svg
//! OUT.svg] [--disable-link ID]... [--poly-flags REF=FLAGS]...`: the path
//! between two points, with the given run-time switches set first: the
//! polygons under them (the nearest within `--extents`), the corridor
//! between those, and its straight path, with its status and length
//! (`docs/QUERIES.md`'s metric: X/Z lengths on the surface plus the 3D
//! length of each off-mesh link). With `--exact`, the exact shortest path
//! instead (`find_shortest_path`), its polygons those it runs in from each
//! corner.

use std::path::Path;

use onav::{
    straight_path_length, NavMeshQuery, NearestPoly, PathStatus, PolyRef, QueryFilter, ShortestPathStatus,
    StraightPathOptions,
};
use serde::Serialize;

use crate::document::Document;
use crate::failure::Failure;
use crate::query_args::{argument_error, nearest_poly, point_text, poly_ref_string, MAX_NODES};
use crate::svg::scene::Scene;
use crate::svg::write_svg;
use crate::switch_args::SwitchArgs;

/// A path as the command reports it.
#[derive(Serialize)]
struct PathReport {
    /// `complete`, `partial`, `out_of_nodes`, or `no_path` when no polygon
    /// lies around `--from` or `--to`; with `--exact`, `unreachable`
    /// instead of `partial`.
    status: &'static str,
    length: f64,
    corners: Vec<[f64; 3]>,
    polygons: Vec<String>,
}

/// The points and options of one `path` command.
pub struct PathArgs<'a> {
    pub file: &'a Path,
    pub from: [f64; 3],
    pub to: [f64; 3],
    pub extents: [f64; 3],
    pub class: usize,
    pub json: bool,
    pub svg: Option<&'a Path>,
    /// Run-time switches set on the mesh before the search.
    pub switches: SwitchArgs<'a>,
    /// The exact shortest path instead of the corridor's straight path.
    pub exact: bool,
}

pub fn run(args: &PathArgs<'_>) -> Result<(), Failure> {
    let mut mesh = Document::open(args.file)?.into_mesh(args.class)?;
    args.switches.apply(&mut mesh)?;
    let mut query = NavMeshQuery::new(&mesh, MAX_NODES)?;
    let report = find_path(&mut query, args)?;
    if args.json {
        println!("{}", serde_json::to_string(&report).expect("plain data of finite numbers always serializes"));
    } else {
        print!("{}", text(&report));
    }
    match args.svg {
        Some(output) => write_svg(output, &Scene::of(&mesh, None).with_path(&report.corners)),
        None => Ok(()),
    }
}

fn find_path(query: &mut NavMeshQuery, args: &PathArgs<'_>) -> Result<PathReport, Failure> {
    let start = nearest_poly(query, "--from", args.from, args.extents)?;
    let end = nearest_poly(query, "--to", args.to, args.extents)?;
    let (Some(start), Some(end)) = (start, end) else {
        return Ok(PathReport { status: "no_path", length: 0.0, corners: Vec::new(), polygons: Vec::new() });
    };
    let filter = QueryFilter::default();
    if args.exact {
        return find_shortest_path(query, (start, end), &filter);
    }
    let mut corridor = Vec::new();
    let outcome = query
        .find_path(start.poly_ref, end.poly_ref, start.position, end.position, &filter, MAX_NODES, &mut corridor)
        .map_err(|e| argument_error("--from/--to", e))?;
    let mut vertices = Vec::new();
    query
        .find_straight_path(&corridor, start.position, end.position, StraightPathOptions::default(), &mut vertices)
        .map_err(|e| argument_error("--from/--to", e))?;
    Ok(PathReport {
        status: status_name(outcome.status),
        length: straight_path_length(&vertices),
        corners: vertices.iter().map(|v| v.position).collect(),
        polygons: corridor.iter().copied().map(poly_ref_string).collect(),
    })
}

/// The exact shortest path between the two nearest points.
fn find_shortest_path(
    query: &mut NavMeshQuery,
    (start, end): (NearestPoly, NearestPoly),
    filter: &QueryFilter,
) -> Result<PathReport, Failure> {
    let mut vertices = Vec::new();
    let outcome = query
        .find_shortest_path(start.poly_ref, end.poly_ref, start.position, end.position, filter, &mut vertices)
        .map_err(|e| argument_error("--from/--to", e))?;
    let mut polygons: Vec<PolyRef> = vertices.iter().map(|v| v.poly).collect();
    polygons.dedup();
    let status = match outcome.status {
        ShortestPathStatus::Complete => "complete",
        ShortestPathStatus::Unreachable => "unreachable",
        ShortestPathStatus::OutOfNodes => "out_of_nodes",
    };
    Ok(PathReport {
        status,
        length: outcome.length,
        corners: vertices.iter().map(|v| v.position).collect(),
        polygons: polygons.into_iter().map(poly_ref_string).collect(),
    })
}

fn status_name(status: PathStatus) -> &'static str {
    match status {
        PathStatus::Complete => "complete",
        PathStatus::Partial => "partial",
        PathStatus::OutOfNodes => "out_of_nodes",
    }
}

/// The report as lines: status, length, the corners one per line, the
/// polygons on one line.
fn text(report: &PathReport) -> String {
    let mut out = format!("status: {}\nlength: {}\ncorners: {}\n", report.status, report.length, report.corners.len());
    for &corner in &report.corners {
        out.push_str(&format!("  {}\n", point_text(corner)));
    }
    out.push_str(&format!("polygons: {}\n", report.polygons.len()));
    if !report.polygons.is_empty() {
        out.push_str(&format!("  {}\n", report.polygons.join(" ")));
    }
    out
}
