//! Where the crowd table's agents start and where they walk to: the same
//! for both libraries and every run.
//!
//! Generator: xorshift64 from a fixed seed. A point picks a polygon of the
//! imported mesh with probability proportional to its X/Z area, then a
//! uniform point of it on its surface, rounded to f32
//! (`query_points::point_on`). A start is kept when no kept start lies
//! within [`SPACING`] of it (so no two agents begin overlapping); its
//! target is the first of the next 200 points drawn that lies 10 to 40 m
//! from it in a straight line, [`SPACING`] apart from the kept targets, and
//! that onav reaches with a complete path (a start with none is dropped). The straight path's length sets the
//! agent's time bound.

use std::collections::BTreeMap;

use onav::{NavMeshQuery, PolyRef, TiledNavMesh};

use crate::crowd_params::{AGENT_RADIUS, MAX_SPEED};
use crate::path_measure::PathMeasure;
use crate::query_points::{point_on, polygon_area_xz};
use crate::xorshift::Xorshift64;

const SEED: u64 = 0x5EED_C0DE_0021_0021;
/// Closest two starts (or two targets) may be: two radii and a quarter.
pub const SPACING: f64 = AGENT_RADIUS * 2.25;
/// The straight-line distance from a start to its target, in metres.
const TARGET_DISTANCE: (f64, f64) = (10.0, 40.0);
/// Points drawn per agent before the generator gives up on the level.
const DRAWS_PER_AGENT: usize = 2_000;
/// Points drawn as a start's target before the start is given up.
const TARGET_DRAWS: usize = 200;

/// The generator in a few words, for the report.
pub const GENERATOR: &str = "xorshift64 from a fixed seed: a polygon by X/Z area, a uniform point of it on its \
                             surface rounded to f32; starts 1.35 m apart, each target 10–40 m from its start in a \
                             straight line, 1.35 m from the other targets, reached by a complete path";

/// One agent's start and target, and the time it gets to arrive.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    pub start: [f32; 3],
    pub target: [f32; 3],
    /// Seconds: 10 s plus twice the straight path's length at max speed.
    pub time_bound: f64,
}

/// Area-weighted polygon picking.
struct PolygonPicker {
    polygons: Vec<PolyRef>,
    /// Running sums of the polygons' X/Z areas.
    cumulative: Vec<f64>,
}

impl PolygonPicker {
    fn new(mesh: &TiledNavMesh) -> Result<PolygonPicker, String> {
        let polygons: Vec<PolyRef> = mesh
            .tiles()
            .flat_map(|(tile_ref, tile)| (0..tile.polygon_count() as u32).filter_map(move |i| tile_ref.polygon(i)))
            .collect();
        let mut total = 0.0;
        let mut cumulative = Vec::with_capacity(polygons.len());
        for &poly in &polygons {
            total += polygon_area_xz(mesh, poly)?;
            cumulative.push(total);
        }
        if total <= 0.0 {
            return Err("the mesh has no polygon area to place agents on".into());
        }
        Ok(PolygonPicker { polygons, cumulative })
    }

    fn pick(&self, rng: &mut Xorshift64) -> PolyRef {
        let total = self.cumulative[self.cumulative.len() - 1];
        let at = rng.unit() * total;
        let index = self.cumulative.partition_point(|&sum| sum <= at).min(self.polygons.len() - 1);
        self.polygons[index]
    }
}

/// Kept points bucketed by X/Z cells of [`SPACING`], to test spacing fast.
#[derive(Default)]
struct SpacedPoints {
    cells: BTreeMap<(i64, i64), Vec<[f32; 3]>>,
}

impl SpacedPoints {
    fn cell(point: &[f32; 3]) -> (i64, i64) {
        ((point[0] as f64 / SPACING).floor() as i64, (point[2] as f64 / SPACING).floor() as i64)
    }

    fn is_clear(&self, point: &[f32; 3]) -> bool {
        let (cx, cz) = Self::cell(point);
        (cx - 1..=cx + 1).all(|x| {
            (cz - 1..=cz + 1).all(|z| {
                self.cells.get(&(x, z)).is_none_or(|kept| kept.iter().all(|k| distance_xz(k, point) >= SPACING))
            })
        })
    }

    fn insert(&mut self, point: [f32; 3]) {
        self.cells.entry(Self::cell(&point)).or_default().push(point);
    }
}

pub fn distance_xz(a: &[f32; 3], b: &[f32; 3]) -> f64 {
    let (dx, dz) = (a[0] as f64 - b[0] as f64, a[2] as f64 - b[2] as f64);
    (dx * dx + dz * dz).sqrt()
}

/// Points drawn from the seeded generator, up to a limit.
struct PointSource<'m> {
    mesh: &'m TiledNavMesh,
    picker: PolygonPicker,
    /// Reads surface heights only.
    heights: NavMeshQuery,
    rng: Xorshift64,
    draws_left: usize,
}

impl PointSource<'_> {
    fn draw(&mut self) -> Result<[f32; 3], String> {
        self.draws_left = self.draws_left.checked_sub(1).ok_or("the level has no room for the agents")?;
        let poly = self.picker.pick(&mut self.rng);
        point_on(self.mesh, &self.heights, poly, &mut self.rng)
    }
}

/// `count` placements on `mesh`.
pub fn placements(mesh: &TiledNavMesh, count: usize) -> Result<Vec<Placement>, String> {
    let mut source = PointSource {
        mesh,
        picker: PolygonPicker::new(mesh)?,
        heights: NavMeshQuery::new(mesh, 1).map_err(|e| format!("onav query: {e}"))?,
        rng: Xorshift64::new(SEED),
        draws_left: DRAWS_PER_AGENT.saturating_mul(count),
    };
    let mut paths = PathMeasure::new(mesh)?;
    let (mut starts, mut targets) = (SpacedPoints::default(), SpacedPoints::default());
    let mut placed = Vec::with_capacity(count);
    while placed.len() < count {
        let start = source.draw()?;
        if !starts.is_clear(&start) {
            continue;
        }
        if let Some((target, length)) = target_for(&start, &mut source, &targets, &mut paths)? {
            starts.insert(start);
            targets.insert(target);
            placed.push(Placement { start, target, time_bound: 10.0 + 2.0 * length / MAX_SPEED });
        }
    }
    Ok(placed)
}

/// The first of [`TARGET_DRAWS`] points that can be `start`'s target, with
/// its path's length; none for a start with no room around it (an island).
fn target_for(
    start: &[f32; 3],
    source: &mut PointSource<'_>,
    targets: &SpacedPoints,
    paths: &mut PathMeasure,
) -> Result<Option<([f32; 3], f64)>, String> {
    for _ in 0..TARGET_DRAWS {
        let target = source.draw()?;
        let distance = distance_xz(start, &target);
        if !(TARGET_DISTANCE.0..=TARGET_DISTANCE.1).contains(&distance) || !targets.is_clear(&target) {
            continue;
        }
        if let Some(length) = paths.complete_length(start.map(f64::from), target.map(f64::from))? {
            return Ok(Some((target, length)));
        }
    }
    Ok(None)
}
