//! The distance field of the watershed partition (Recast's
//! `rcBuildDistanceField`): per walkable floor, the chamfer distance to the
//! nearest floor at an area's edge, smoothed once by a 3 x 3 box blur.
//! Distances are u32, so no field is capped.

use super::compact_heightfield::CompactHeightfield;
use super::erode::chamfer_distance;

/// Floors at most this far from an edge keep their distance unblurred.
const BLUR_THRESHOLD: u32 = 2;

/// The blurred distance of every floor, and the largest of them.
pub(crate) fn distance_field(field: &CompactHeightfield) -> (Vec<u32>, u32) {
    let distance = box_blur(field, &chamfer_distance(field, |s| is_area_edge(field, s)));
    let max = distance.iter().copied().max().unwrap_or(0);
    (distance, max)
}

/// A floor missing a neighbour of its own area in some direction.
fn is_area_edge(field: &CompactHeightfield, s: usize) -> bool {
    (0..4).any(|dir| field.neighbour(s, dir).is_none_or(|n| field.area[n] != field.area[s]))
}

/// Each distance above the threshold becomes the rounded mean of its 3 x 3
/// neighbourhood along floor connections, a missing floor counting as the
/// centre's own distance.
fn box_blur(field: &CompactHeightfield, distance: &[u32]) -> Vec<u32> {
    (0..field.span_count())
        .map(|s| {
            let centre = u64::from(distance[s]);
            if distance[s] <= BLUR_THRESHOLD {
                return distance[s];
            }
            let mut sum = centre;
            for dir in 0..4 {
                match field.neighbour(s, dir) {
                    Some(a) => {
                        sum += u64::from(distance[a]);
                        sum += field.neighbour(a, (dir + 1) & 3).map_or(centre, |b| u64::from(distance[b]));
                    }
                    None => sum += 2 * centre,
                }
            }
            ((sum + 5) / 9).min(u64::from(u32::MAX)) as u32
        })
        .collect()
}
