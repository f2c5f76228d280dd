//! The three span filters of Recast, in its order: low-hanging obstacles
//! become walkable, ledges and spans without head room stop being walkable.
//! One deliberate difference: an empty or out-of-bounds neighbour column is
//! a drop to nothing, whatever the heightfield's lowest cell is, so the
//! answer for a cell does not depend on which tile's heightfield holds it.

use super::cell_settings::CellSettings;
use super::heightfield::{column_ranges, Heightfield, SKY};
use super::walkable_slope::NULL_AREA;

/// Column offsets per direction: -x, +z, +x, -z (Recast's order).
pub(crate) const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// All three filters, in Recast's order.
pub(crate) fn filter_spans(field: &mut Heightfield, settings: &CellSettings) {
    mark_low_hanging_obstacles(field, settings.walkable_climb);
    unmark_ledges(field, settings.walkable_height, settings.walkable_climb);
    unmark_low_head_room(field, settings.walkable_height);
}

/// A blocking span whose top is at most WalkableClimb above a walkable span
/// right below it can be stepped onto: it takes that span's area (a kerb, a
/// stair step). The test uses the areas as they were before this pass.
fn mark_low_hanging_obstacles(field: &mut Heightfield, walkable_climb: i64) {
    let Heightfield { column_starts, span_max, area: areas, .. } = field;
    for spans in column_ranges(column_starts) {
        // (walkable before this pass, area after it, top) of the span below.
        let mut below: Option<(bool, u8, u32)> = None;
        for s in spans {
            let walkable = areas[s] != NULL_AREA;
            if let Some((true, area, top)) = below {
                if !walkable && i64::from(span_max[s]) - i64::from(top) <= walkable_climb {
                    areas[s] = area;
                }
            }
            below = Some((walkable, areas[s], span_max[s]));
        }
    }
}

/// A walkable span is a ledge when some neighbour the agent could stand in
/// drops more than WalkableClimb below it, or when its reachable neighbours'
/// floors differ by more than WalkableClimb (a steep slope).
fn unmark_ledges(field: &mut Heightfield, walkable_height: i64, walkable_climb: i64) {
    let width = field.width as isize;
    let limits = LedgeLimits { walkable_height, walkable_climb };
    for z in 0..width {
        for x in 0..width {
            let spans = field.spans((z * width + x) as usize);
            let end = spans.end;
            for s in spans {
                if field.area[s] != NULL_AREA && is_ledge(field, (x, z), field.gap_above(s, end), limits) {
                    field.area[s] = NULL_AREA;
                }
            }
        }
    }
}

#[derive(Clone, Copy)]
struct LedgeLimits {
    walkable_height: i64,
    walkable_climb: i64,
}

/// Whether the span in column `(x, z)` whose open space is `(floor,
/// ceiling)` is a ledge. A drop too deep decides it whatever the other
/// neighbours hold, so the test returns at the first one (Recast stops its
/// direction loop at the heightfield's edge the same way); an empty or
/// out-of-bounds neighbour column is a drop of [`SKY`].
fn is_ledge(field: &Heightfield, (x, z): (isize, isize), (floor, ceiling): (i64, i64), limits: LedgeLimits) -> bool {
    let width = field.width as isize;
    let too_deep = |drop: i64| drop < -limits.walkable_climb;
    let (mut reach_min, mut reach_max) = (floor, floor);
    for (dx, dz) in DIRECTIONS {
        let (nx, nz) = (x + dx, z + dz);
        if nx < 0 || nz < 0 || nx >= width || nz >= width {
            if too_deep(-SKY) {
                return true;
            }
            continue;
        }
        let spans = field.spans((nz * width + nx) as usize);
        let first_bottom = if spans.is_empty() { SKY } else { i64::from(field.span_min[spans.start]) };
        if ceiling.min(first_bottom) - floor.max(-SKY) > limits.walkable_height && too_deep(-SKY) {
            return true;
        }
        for n in spans.clone() {
            let (n_floor, n_ceiling) = field.gap_above(n, spans.end);
            if ceiling.min(n_ceiling) - floor.max(n_floor) > limits.walkable_height {
                if too_deep(n_floor - floor) {
                    return true;
                }
                if (n_floor - floor).abs() <= limits.walkable_climb {
                    reach_min = reach_min.min(n_floor);
                    reach_max = reach_max.max(n_floor);
                }
            }
        }
    }
    reach_max - reach_min > limits.walkable_climb
}

/// A walkable span with less than AgentHeight of space above it is not
/// walkable.
fn unmark_low_head_room(field: &mut Heightfield, walkable_height: i64) {
    for column in 0..field.width * field.width {
        let spans = field.spans(column);
        for s in spans.clone() {
            let (floor, ceiling) = field.gap_above(s, spans.end);
            if ceiling - floor < walkable_height {
                field.area[s] = NULL_AREA;
            }
        }
    }
}
