//! Free space: where the walkable regions are and no obstacle is, before
//! the agent radius is taken off; and which region owns each part of it
//! (the later region wins where regions overlap).

use crate::build::planar::boolean_ops::{boolean, rings_of, BooleanOp, Shape};
use crate::build::planar::lattice_geometry::{cross, LatticePoint};
use crate::build::planar::planar_input::{LatticeOutlines, LatticeRegion};

/// The area and flags polygons of a region get.
pub type RegionClass = (u8, u16);

/// The union of every region (outline minus its own holes) minus the union
/// of the obstacles. One region and no obstacle leave the region's shapes
/// as they are: the boolean pass would only copy them.
pub fn free_space(outlines: &LatticeOutlines) -> Vec<Shape> {
    let walkable: Vec<Shape> = outlines.regions.iter().flat_map(region_shapes).collect();
    if outlines.regions.len() == 1 && outlines.obstacles.is_empty() {
        return walkable;
    }
    boolean(&rings_of(&walkable), &outlines.obstacles, BooleanOp::Difference)
}

/// The shapes owned by each class, in increasing class order; `None` when
/// every region has the same class, which then owns all of free space.
pub fn class_owners(outlines: &LatticeOutlines) -> Option<Vec<(RegionClass, Vec<Shape>)>> {
    let class = |r: &LatticeRegion| (r.area, r.flags);
    let first = outlines.regions.first().map(class);
    if outlines.regions.iter().all(|r| Some(class(r)) == first) {
        return None;
    }
    let mut classes: Vec<RegionClass> = outlines.regions.iter().map(class).collect();
    classes.sort_unstable();
    classes.dedup();
    let shapes: Vec<Vec<Shape>> = outlines.regions.iter().map(region_shapes).collect();
    let owned: Vec<(RegionClass, Vec<Shape>)> = outlines
        .regions
        .iter()
        .enumerate()
        .map(|(i, region)| (class(region), uncovered_part(&shapes[i], &shapes[i + 1..])))
        .collect();
    Some(
        classes
            .into_iter()
            .map(|c| {
                let pieces: Vec<Vec<LatticePoint>> =
                    owned.iter().filter(|(oc, _)| *oc == c).flat_map(|(_, shapes)| rings_of(shapes)).collect();
                (c, boolean(&pieces, &[], BooleanOp::Union))
            })
            .collect(),
    )
}

/// A region as shapes (its holes taken out). A region without holes is
/// one shape already (its outline is checked simple and counter-clockwise),
/// given as the engine gives shapes: without straight-through corners.
fn region_shapes(region: &LatticeRegion) -> Vec<Shape> {
    match region.rings.as_slice() {
        [outline] => vec![vec![without_straight_corners(outline)]],
        rings => boolean(rings, &[], BooleanOp::Union),
    }
}

/// The ring without the corners its edges pass straight through (a ring
/// checked simple never turns back on itself), as the engine drops them.
/// One pass with the neighbours carried along: an iterator over indices
/// taken `% n` cost a call and two divisions per corner.
fn without_straight_corners(ring: &[LatticePoint]) -> Vec<LatticePoint> {
    let mut kept = Vec::with_capacity(ring.len());
    let (Some(&first), Some(&last)) = (ring.first(), ring.last()) else { return kept };
    let mut before = last;
    for (i, &point) in ring.iter().enumerate() {
        let after = ring.get(i + 1).copied().unwrap_or(first);
        if cross(before, point, after) != 0 {
            kept.push(point);
        }
        before = point;
    }
    kept
}

/// What of a region's shapes no later region's shapes cover.
fn uncovered_part(region: &[Shape], later: &[Vec<Shape>]) -> Vec<Shape> {
    let later_rings: Vec<Vec<LatticePoint>> = later.iter().flat_map(|shapes| rings_of(shapes)).collect();
    boolean(&rings_of(region), &later_rings, BooleanOp::Difference)
}
