//! What the query commands (`path`, `raycast`, `nearest`) share: `X,Y,Z`
//! arguments, the query over a file's mesh, the polygon found around a
//! given point, and arguments the library refuses reported as usage.

use std::path::Path;

use onav::{NavMeshError, NavMeshQuery, NearestPoly, PolyRef, QueryFilter};

use crate::document::Document;
use crate::failure::Failure;

/// Half extents of the box `path` and `raycast` search for the polygon
/// under a point, unless `--extents` says otherwise (RecastDemo's pick
/// box: taller than wide, so a point a little above the floor finds it).
pub const DEFAULT_EXTENTS: &str = "2,4,2";

/// The node budget of a path search: a query's node memory grows to what a
/// search uses, so the limit only stops a runaway search.
pub const MAX_NODES: usize = 1 << 16;

/// Parses `X,Y,Z` (three finite numbers) for clap.
pub fn parse_triple(text: &str) -> Result<[f64; 3], String> {
    let parts: Vec<&str> = text.split(',').collect();
    let [x, y, z] = parts[..] else {
        return Err(format!("expected X,Y,Z (three numbers separated by commas), got {text:?}"));
    };
    let number = |part: &str| match part.trim().parse::<f64>() {
        Ok(value) if value.is_finite() => Ok(value),
        _ => Err(format!("{part:?} is not a finite number")),
    };
    Ok([number(x)?, number(y)?, number(z)?])
}

/// A query over the mesh of `file` (class `class` of a world).
pub fn open_query(file: &Path, class: usize) -> Result<NavMeshQuery, Failure> {
    let mesh = Document::open(file)?.into_mesh(class)?;
    Ok(NavMeshQuery::new(&mesh, MAX_NODES)?)
}

/// The polygon nearest `at` within `at ± extents`, the point and box given
/// by `option` (named in a refusal).
pub fn nearest_poly(
    query: &mut NavMeshQuery,
    option: &str,
    at: [f64; 3],
    extents: [f64; 3],
) -> Result<Option<NearestPoly>, Failure> {
    query.find_nearest_poly(at, extents, &QueryFilter::default()).map_err(|e| argument_error(option, e))
}

/// The library's refusal of a point or extent given as `option`: a usage
/// failure (exit 1), since the file itself was read and validated.
pub fn argument_error(option: &str, error: NavMeshError) -> Failure {
    Failure::usage(format!("{option}: {}", Failure::from(error).message()))
}

/// A PolyRef as a decimal string, as `debug --json` writes it: a 64-bit
/// reference does not survive JSON readers that parse numbers as doubles.
pub fn poly_ref_string(poly_ref: PolyRef) -> String {
    poly_ref.0.to_string()
}

/// `(x, y, z)` for text output.
pub fn point_text(p: [f64; 3]) -> String {
    format!("({}, {}, {})", p[0], p[1], p[2])
}
