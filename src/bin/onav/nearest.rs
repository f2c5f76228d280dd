//! `onav nearest FILE --at X,Y,Z --extents HX,HY,HZ [--json]`: the polygon
//! nearest a point within a box (`find_nearest_poly`: a floor directly
//! below within the climb wins over a nearer polygon beside it), its
//! nearest point and the 3D distance to that point.

use std::path::Path;

use serde::Serialize;

use crate::failure::Failure;
use crate::query_args::{nearest_poly, open_query, point_text, poly_ref_string};

/// The answer as the command reports it; `null`s when nothing was found.
#[derive(Serialize)]
struct NearestReport {
    found: bool,
    poly_ref: Option<String>,
    point: Option<[f64; 3]>,
    distance: Option<f64>,
}

pub fn run(file: &Path, at: [f64; 3], extents: [f64; 3], class: usize, json: bool) -> Result<(), Failure> {
    let mut query = open_query(file, class)?;
    let found = nearest_poly(&mut query, "--at/--extents", at, extents)?;
    let report = NearestReport {
        found: found.is_some(),
        poly_ref: found.map(|f| poly_ref_string(f.poly_ref)),
        point: found.map(|f| f.position),
        distance: found.map(|f| distance(at, f.position)),
    };
    if json {
        println!("{}", serde_json::to_string(&report).expect("plain data of finite numbers always serializes"));
    } else {
        print!("{}", text(&report));
    }
    Ok(())
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (dx, dy, dz) = (b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    (dx * dx + dy * dy + dz * dz).sqrt()
}

fn text(report: &NearestReport) -> String {
    match (&report.poly_ref, report.point, report.distance) {
        (Some(poly_ref), Some(point), Some(distance)) => {
            format!("polygon: {poly_ref}\npoint: {}\ndistance: {distance}\n", point_text(point))
        }
        _ => "no polygon within the box\n".to_string(),
    }
}
