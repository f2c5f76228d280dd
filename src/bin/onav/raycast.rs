//! `onav raycast FILE --from X,Y,Z --to X,Y,Z [--json]`: walks the segment
//! over the surface in X/Z from the polygon under `--from` (the nearest
//! within `--extents`; none is a usage error) until it reaches `--to` or
//! hits a wall: `t` (1 at the end, else the fraction before the wall),
//! `hit`, the wall's `normal` and the `polygons` crossed.

use std::path::Path;

use onav::{NavMeshQuery, QueryFilter, RaycastOptions};
use serde::Serialize;

use crate::failure::Failure;
use crate::query_args::{argument_error, nearest_poly, open_query, point_text, poly_ref_string};

/// The cast as the command reports it; `normal` is `null` without a hit.
#[derive(Serialize)]
struct RaycastReport {
    t: f64,
    hit: bool,
    normal: Option<[f64; 3]>,
    polygons: Vec<String>,
}

pub fn run(
    file: &Path,
    from: [f64; 3],
    to: [f64; 3],
    extents: [f64; 3],
    class: usize,
    json: bool,
) -> Result<(), Failure> {
    let mut query = open_query(file, class)?;
    let report = cast(&mut query, from, to, extents)?;
    if json {
        println!("{}", serde_json::to_string(&report).expect("plain data of finite numbers always serializes"));
    } else {
        print!("{}", text(&report));
    }
    Ok(())
}

fn cast(query: &mut NavMeshQuery, from: [f64; 3], to: [f64; 3], extents: [f64; 3]) -> Result<RaycastReport, Failure> {
    let Some(start) = nearest_poly(query, "--from", from, extents)? else {
        return Err(Failure::usage(format!(
            "--from: no polygon within {} of {}: a cast starts on a polygon",
            point_text(extents),
            point_text(from)
        )));
    };
    let mut visited = Vec::new();
    let filter = QueryFilter::default();
    let hit = query
        .raycast(start.poly_ref, start.position, to, &filter, RaycastOptions::default(), &mut visited)
        .map_err(|e| argument_error("--from/--to", e))?;
    Ok(RaycastReport {
        t: hit.t,
        hit: hit.wall.is_some(),
        normal: hit.wall.map(|w| w.normal),
        polygons: visited.iter().copied().map(poly_ref_string).collect(),
    })
}

fn text(report: &RaycastReport) -> String {
    let mut out = format!("t: {}\nhit: {}\n", report.t, if report.hit { "yes" } else { "no" });
    if let Some(normal) = report.normal {
        out.push_str(&format!("normal: {}\n", point_text(normal)));
    }
    out.push_str(&format!("polygons: {}\n  {}\n", report.polygons.len(), report.polygons.join(" ")));
    out
}
