//! Random local queries on random meshes, between edits: raycast,
//! move_along_surface, the circle, neighbourhood and wall searches, wall
//! segments and the random points, with positions that are often NaN,
//! infinite or beyond the coordinate rule and references that went stale
//! when their tile left. Every query must answer or fail with an
//! out-of-range or invalid-reference error, never panic, and what it
//! answers must be finite and name polygons of the mesh it read.

use arbitrary::Arbitrary;
use onav::{NavMeshError, NavMeshQuery, PolyRef, QueryFilter, RaycastOptions, Result, TiledNavMesh};

use crate::mesh_common::params;
use crate::query_meshes::{random_mesh, JitteredTile, COLUMNS};

/// Most steps one input runs.
const MAX_STEPS: usize = 48;

/// A coordinate or radius: mostly small values around the mesh, sometimes
/// any bit pattern (NaN, infinities, huge values).
#[derive(Debug, Clone, Copy, Arbitrary)]
pub enum Value {
    Near(i16),
    Bits(u64),
}

impl Value {
    pub(crate) fn get(self) -> f64 {
        match self {
            Value::Near(k) => f64::from(k) / 256.0,
            Value::Bits(bits) => f64::from_bits(bits),
        }
    }
}

/// A polygon to start from: one of the mesh now, one remembered from an
/// earlier version (stale once its tile left), or any reference.
#[derive(Debug, Clone, Copy, Arbitrary)]
pub enum Pick {
    Current(u16),
    Remembered(u16),
    Raw(u64),
}

#[derive(Debug, Clone, Copy, Arbitrary)]
pub struct Query {
    kind: u8,
    pick: Pick,
    start: [Value; 3],
    end: [Value; 3],
    radius: Value,
    seed: u64,
    /// The raycast's path cost, the wall segments' portals.
    option: bool,
    /// Excluded areas (bit k for area k < 8).
    excluded: u8,
}

#[derive(Debug, Clone, Copy, Arbitrary)]
pub enum Step {
    /// Adds (or replaces) a jittered tile at a column and layer.
    Put {
        column: u8,
        layer: bool,
        cells: u8,
        seed: u64,
    },
    Remove {
        column: u8,
        layer: bool,
    },
    Query(Query),
}

#[derive(Debug, Clone, Arbitrary)]
pub struct QueryInput {
    mesh_seed: u64,
    max_nodes: u8,
    steps: Vec<Step>,
}

/// Every polygon of `mesh`, tiles in slot order.
fn polygons(mesh: &TiledNavMesh) -> Vec<PolyRef> {
    let per_tile = mesh.tiles().map(|(tile_ref, tile)| (tile_ref, tile.polygon_count() as u32));
    per_tile.flat_map(|(tile_ref, count)| (0..count).map(move |i| tile_ref.polygon(i).unwrap())).collect()
}

/// Runs the steps on a random mesh; see the module text.
pub fn check_local_queries(input: &QueryInput) {
    let p = params();
    let mut mesh = random_mesh(input.mesh_seed);
    let mut query = NavMeshQuery::new(&mesh, 1 + input.max_nodes as usize).unwrap();
    let mut remembered = polygons(&mesh);
    for step in input.steps.iter().take(MAX_STEPS) {
        match *step {
            Step::Put { column, layer, cells, seed } => {
                let (x, z) = COLUMNS[column as usize % COLUMNS.len()];
                let layer = u16::from(layer);
                let tile = JitteredTile { x, z, layer, origin_y: f64::from(layer) * 0.3, n: 1 << (cells % 3), seed };
                let tile = tile.build(&p);
                let put =
                    if mesh.tile_at(x, z, layer).is_some() { mesh.replace_tile(tile) } else { mesh.add_tile(tile) };
                put.expect("a free or occupied position as asked");
                remembered.extend(polygons(&mesh));
                query.set_mesh(&mesh);
            }
            Step::Remove { column, layer } => {
                let (x, z) = COLUMNS[column as usize % COLUMNS.len()];
                if mesh.remove_tile(x, z, u16::from(layer)).is_ok() {
                    query.set_mesh(&mesh);
                }
            }
            Step::Query(q) => run_query(&mut query, &mesh, &remembered, &q),
        }
    }
}

fn run_query(query: &mut NavMeshQuery, mesh: &TiledNavMesh, remembered: &[PolyRef], q: &Query) {
    let current = polygons(mesh);
    let poly = match q.pick {
        Pick::Current(i) if !current.is_empty() => current[i as usize % current.len()],
        Pick::Remembered(i) if !remembered.is_empty() => remembered[i as usize % remembered.len()],
        Pick::Current(_) | Pick::Remembered(_) => PolyRef::NULL,
        Pick::Raw(bits) => PolyRef(bits),
    };
    let mut filter = QueryFilter::default();
    for area in (0..8u8).filter(|a| q.excluded & (1 << a) != 0) {
        filter.set_area_cost(area, f64::INFINITY).unwrap();
    }
    let (start, end, radius) = (q.start.map(Value::get), q.end.map(Value::get), q.radius.get());
    let valid = |r: PolyRef| assert!(mesh.is_valid(r), "an answer names {r:?}, not a polygon of the mesh");
    let finite = |p: [f64; 3]| assert!(p.iter().all(|v| v.is_finite()), "an answer holds {p:?}");
    let mut refs = Vec::new();
    match q.kind % 8 {
        0 => {
            let options = RaycastOptions { path_cost: q.option };
            if let Some(hit) = answer(query.raycast(poly, start, end, &filter, options, &mut refs)) {
                assert!((0.0..=1.0).contains(&hit.t), "t = {}", hit.t);
                hit.wall.iter().for_each(|w| finite(w.normal));
                refs.iter().for_each(|&r| valid(r));
            }
        }
        1 => {
            if let Some(moved) = answer(query.move_along_surface(poly, start, end, &filter, &mut refs)) {
                finite(moved.position);
                refs.iter().for_each(|&r| valid(r));
            }
        }
        2 => {
            let mut around = Vec::new();
            if answer(query.find_polys_around_circle(poly, start, radius, &filter, &mut around)).is_some() {
                around.iter().for_each(|a| valid(a.poly_ref));
            }
        }
        3 => {
            let mut kept = Vec::new();
            if answer(query.find_local_neighbourhood(poly, start, radius, &filter, &mut kept)).is_some() {
                kept.iter().for_each(|k| valid(k.poly_ref));
            }
        }
        4 => {
            if let Some(hit) = answer(query.find_distance_to_wall(poly, start, radius, &filter)).and_then(|w| w.hit) {
                finite(hit.position);
                finite(hit.normal);
            }
        }
        5 => {
            let mut segments = Vec::new();
            if answer(query.poly_wall_segments(poly, &filter, q.option, &mut segments)).is_some() {
                segments.iter().for_each(|s| finite(s.start));
            }
        }
        6 => {
            if let Some(point) = query.find_random_point(&filter, q.seed) {
                valid(point.poly_ref);
                finite(point.position);
            }
        }
        _ => {
            if let Some(found) = answer(query.find_random_point_around_circle(poly, start, radius, &filter, q.seed)) {
                valid(found.point.poly_ref);
                finite(found.point.position);
            }
        }
    }
}

/// The answer, or `None` for the two errors a local query may give.
fn answer<T>(result: Result<T>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(NavMeshError::OutOfRange(_) | NavMeshError::InvalidReference(_)) => None,
        Err(other) => panic!("a local query failed with {other}"),
    }
}
