//! The planar builder's input: walkable regions (an outline with holes,
//! optional area and flags) and obstacle outlines, as f64 rings in the
//! builder's X/Y plane (Y is world Z). Validation snaps every ring to the
//! lattice and names the first ring that cannot be used.
//!
//! Rings may run either way round; validation turns outlines and obstacles
//! counter-clockwise and holes clockwise. Where regions overlap, the later
//! region's area and flags win. A hole only removes what its own region
//! covers.

use crate::build::planar::lattice::Lattice;
use crate::build::planar::lattice_geometry::{cross, segments_touch, twice_area, LatticePoint};
use crate::error::{NavMeshError, Result};
use crate::tile::tile_data::MAX_AREA;
use crate::world::nav_settings::NavSettings;

/// A ring of world (x, y) points; the last point connects to the first.
pub type PlanarRing = Vec<[f64; 2]>;

/// One walkable region.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlanarRegion {
    pub outline: PlanarRing,
    pub holes: Vec<PlanarRing>,
    /// Area of the region's polygons; `NavSettings::area` when `None`.
    pub area: Option<u8>,
    /// Flags of the region's polygons; `NavSettings::flags` when `None`.
    pub flags: Option<u16>,
}

/// Everything the planar builder reads besides the settings.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlanarOutlines {
    pub regions: Vec<PlanarRegion>,
    /// Outlines of what no agent may enter; each keeps the agent radius
    /// clear around it.
    pub obstacles: Vec<PlanarRing>,
}

/// A validated region on the lattice: outline counter-clockwise first,
/// then its holes clockwise.
#[derive(Debug, Clone, PartialEq)]
pub struct LatticeRegion {
    pub rings: Vec<Vec<LatticePoint>>,
    pub area: u8,
    pub flags: u16,
}

/// The validated input on the lattice.
#[derive(Debug, Clone, PartialEq)]
pub struct LatticeOutlines {
    pub regions: Vec<LatticeRegion>,
    pub obstacles: Vec<Vec<LatticePoint>>,
}

impl PlanarOutlines {
    /// Snaps every ring to the lattice and checks it: coordinates within
    /// the world bound (NaN and infinities are outside it: out of range),
    /// at least three distinct points after snapping and no point shared
    /// by two of its edges other than neighbours' common corner, so no
    /// zero-area ring either (format errors), areas in 0..=63 (out of
    /// range).
    pub fn to_lattice(&self, settings: &NavSettings, lattice: &Lattice) -> Result<LatticeOutlines> {
        let regions = self
            .regions
            .iter()
            .enumerate()
            .map(|(r, region)| region.to_lattice(&format!("regions[{r}]"), settings, lattice))
            .collect::<Result<Vec<_>>>()?;
        let obstacles = self
            .obstacles
            .iter()
            .enumerate()
            .map(|(o, ring)| oriented_ring(&format!("obstacles[{o}]"), ring, lattice, true))
            .collect::<Result<Vec<_>>>()?;
        Ok(LatticeOutlines { regions, obstacles })
    }
}

impl PlanarRegion {
    fn to_lattice(&self, name: &str, settings: &NavSettings, lattice: &Lattice) -> Result<LatticeRegion> {
        let area = self.area.unwrap_or(settings.area());
        if area > MAX_AREA {
            return Err(NavMeshError::out_of_range(format!("{name}.area = {area} must be in 0..={MAX_AREA}")));
        }
        let mut rings = vec![oriented_ring(&format!("{name}.outline"), &self.outline, lattice, true)?];
        for (h, hole) in self.holes.iter().enumerate() {
            rings.push(oriented_ring(&format!("{name}.holes[{h}]"), hole, lattice, false)?);
        }
        Ok(LatticeRegion { rings, area, flags: self.flags.unwrap_or(settings.flags()) })
    }
}

/// The ring on the lattice, checked, running counter-clockwise when
/// `counter_clockwise` and clockwise otherwise.
fn oriented_ring(
    name: &str,
    ring: &[[f64; 2]],
    lattice: &Lattice,
    counter_clockwise: bool,
) -> Result<Vec<LatticePoint>> {
    let mut points: Vec<LatticePoint> = Vec::with_capacity(ring.len());
    for (i, &point) in ring.iter().enumerate() {
        let snapped = lattice.to_units(format_args!("{name}[{i}]"), point)?;
        if points.last() != Some(&snapped) {
            points.push(snapped);
        }
    }
    while points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
    if points.len() < 3 {
        return Err(NavMeshError::format(format!(
            "{name}: {} distinct points after snapping to the lattice 2^-{}; a ring needs at least 3",
            points.len(),
            lattice.bits()
        )));
    }
    if let Some((a, b)) = first_self_contact(&points) {
        return Err(NavMeshError::format(format!(
            "{name}: edges {a} and {b} intersect or touch after snapping to the lattice 2^-{} (self-intersecting ring)",
            lattice.bits()
        )));
    }
    // A ring without self-contact is simple, so its area is not zero.
    if (twice_area(&points) > 0) != counter_clockwise {
        points.reverse();
    }
    Ok(points)
}

/// The first pair of edges (by index) that share a point they should not:
/// non-neighbours that touch at all, or neighbours that fold back over
/// each other. Edges are swept in order of their lowest x, so each is
/// tested only against edges whose x range overlaps its own; the sweep
/// reads the edges' bounding boxes from one array in that order, since
/// the boxes alone rule out most of the pairs it meets.
fn first_self_contact(points: &[LatticePoint]) -> Option<(usize, usize)> {
    let n = points.len();
    let edge = |i: usize| (points[i], points[(i + 1) % n]);
    let mut first: Option<(usize, usize)> = None;
    let mut keep = |pair: (usize, usize)| first = Some(first.map_or(pair, |f| f.min(pair)));
    for i in 0..n {
        let (a, b) = edge(i);
        let c = points[(i + 2) % n];
        if cross(a, b, c) == 0 && folds_back(a, b, c) {
            keep((i, (i + 1) % n));
        }
    }
    let boxes = edge_boxes_by_low_x(points);
    for (s, this) in boxes.iter().enumerate() {
        for other in boxes[s + 1..].iter().take_while(|other| other.low[0] <= this.high[0]) {
            if other.low[1] > this.high[1] || this.low[1] > other.high[1] {
                continue;
            }
            let (lo, hi) = (this.edge.min(other.edge), this.edge.max(other.edge));
            let neighbours = hi == lo + 1 || (lo == 0 && hi == n - 1);
            let ((a, b), (p, q)) = (edge(this.edge), edge(other.edge));
            if !neighbours && segments_touch(a, b, p, q) {
                keep((lo, hi));
            }
        }
    }
    first
}

/// The bounding box of the edge from point `edge` to the next.
struct EdgeBox {
    low: LatticePoint,
    high: LatticePoint,
    edge: usize,
}

/// Every edge's bounding box, in order of the box's lowest x (ties by
/// edge index). The order comes from sorting one 128-bit word per edge
/// (lowest x with its sign bit flipped, so unsigned order is signed
/// order, above the index): cheaper than sorting the boxes.
fn edge_boxes_by_low_x(points: &[LatticePoint]) -> Vec<EdgeBox> {
    let n = points.len();
    let edge_box = |i: usize| {
        let (a, b) = (points[i], points[(i + 1) % n]);
        EdgeBox { low: [a[0].min(b[0]), a[1].min(b[1])], high: [a[0].max(b[0]), a[1].max(b[1])], edge: i }
    };
    let mut order: Vec<u128> = (0..n)
        .map(|i| {
            let low_x = points[i][0].min(points[(i + 1) % n][0]);
            (u128::from((low_x as u64) ^ (1 << 63)) << 64) | i as u128
        })
        .collect();
    order.sort_unstable();
    order.into_iter().map(|key| edge_box(key as u64 as usize)).collect()
}

/// For collinear a, b, c: true when b→c turns back along a→b.
fn folds_back(a: LatticePoint, b: LatticePoint, c: LatticePoint) -> bool {
    let along = i128::from(b[0] - a[0]) * i128::from(c[0] - b[0]) + i128::from(b[1] - a[1]) * i128::from(c[1] - b[1]);
    along < 0
}
