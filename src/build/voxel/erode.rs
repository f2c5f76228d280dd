//! Erosion by the agent radius (Recast's `rcErodeWalkableArea`): a chamfer
//! distance (2 per side step, 3 per diagonal) from every floor at the edge
//! of the walkable area; floors closer than the radius stop being walkable.
//! Distances are u32, so no radius is capped.

use super::compact_heightfield::CompactHeightfield;
use super::walkable_slope::NULL_AREA;

/// Unwalks every floor whose chamfer distance to the walkable area's edge
/// is below 2 x `radius` cells.
pub(crate) fn erode_walkable_area(field: &mut CompactHeightfield, radius: u32) {
    if radius == 0 {
        return;
    }
    let distance = chamfer_distance(field, |s| is_edge(field, s));
    let threshold = radius.saturating_mul(2);
    for (s, &d) in distance.iter().enumerate() {
        if d < threshold {
            field.area[s] = NULL_AREA;
        }
    }
}

/// A floor at the edge: not walkable, or missing a walkable neighbour.
fn is_edge(field: &CompactHeightfield, s: usize) -> bool {
    field.area[s] == NULL_AREA || (0..4).any(|dir| field.neighbour(s, dir).is_none_or(|n| field.area[n] == NULL_AREA))
}

/// Chamfer distance to the nearest seed over floor connections: a forward
/// pass from -x and -z, then a backward pass from +x and +z (Recast's two
/// sweeps). Shared with the distance field of the watershed partition.
pub(crate) fn chamfer_distance(field: &CompactHeightfield, is_seed: impl Fn(usize) -> bool) -> Vec<u32> {
    let mut distance: Vec<u32> = (0..field.span_count()).map(|s| if is_seed(s) { 0 } else { u32::MAX }).collect();
    let relax = |distance: &mut Vec<u32>, s: usize, first: usize, second: usize| {
        if let Some(a) = field.neighbour(s, first) {
            distance[s] = distance[s].min(distance[a].saturating_add(2));
            if let Some(b) = field.neighbour(a, second) {
                distance[s] = distance[s].min(distance[b].saturating_add(3));
            }
        }
    };
    // Floors are stored column after column (x fastest), so index order is
    // the sweep's column order. A floor's neighbours all lie in other
    // columns, so the floors of one column may go in either order: the
    // backward sweep simply takes the indices downwards.
    for s in 0..field.span_count() {
        relax(&mut distance, s, 0, 3);
        relax(&mut distance, s, 3, 2);
    }
    for s in (0..field.span_count()).rev() {
        relax(&mut distance, s, 2, 1);
        relax(&mut distance, s, 1, 0);
    }
    distance
}
