//! Region ids shared by the partitions and the contours: 0 for none, the
//! heightfield's border strips flagged so contours never trace them.

use super::compact_heightfield::CompactHeightfield;
use super::walkable_slope::NULL_AREA;

/// Set on the regions painted over the tile's border.
pub(crate) const BORDER_REGION: u32 = 1 << 31;

pub(crate) fn is_border(region: u32) -> bool {
    region & BORDER_REGION != 0
}

/// Paints the four border strips of the heightfield (walkable floors only)
/// with the flagged ids `next`, `next + 1`, ... (-x, +x, -z, +z; later
/// strips take the corners) and returns the next free id.
pub(crate) fn paint_border_regions(field: &CompactHeightfield, regions: &mut [u32], mut next: u32) -> u32 {
    let (w, b) = (field.width, field.border.min(field.width));
    let strips = [(0, b, 0, w), (w - b, w, 0, w), (0, w, 0, b), (0, w, w - b, w)];
    for (x0, x1, z0, z1) in strips {
        for z in z0..z1 {
            for spans in field.row_spans(z, x0..x1) {
                for s in spans.filter(|&s| field.area[s] != NULL_AREA) {
                    regions[s] = next | BORDER_REGION;
                }
            }
        }
        next += 1;
    }
    next
}
