//! The monotone partition (Recast's `rcBuildRegionsMonotone`): each row of
//! the tile is swept in runs of connected floors of one area; a run
//! continues the region of the row before when it is the only run touching
//! that region and touches no other, else it starts a region. Regions come
//! out without holes, in a few linear passes.

use super::compact_heightfield::CompactHeightfield;
use super::regions::{is_border, paint_border_regions};

/// A run of the current row: its final region, and the one region of the
/// previous row it touches (`MANY` for more than one) with how many floors
/// touch it.
#[derive(Clone, Copy)]
struct Run {
    region: u32,
    below: u32,
    touching: u32,
}

const MANY: u32 = u32::MAX;

/// The region of every floor (0 for unwalkable floors) and the next free id.
pub(crate) fn monotone_regions(field: &CompactHeightfield) -> (Vec<u32>, u32) {
    let mut regions = vec![0u32; field.span_count()];
    let mut next = paint_border_regions(field, &mut regions, 1);
    let (w, b) = (field.width, field.border.min(field.width / 2));
    let mut touches: Vec<u32> = Vec::new();
    let mut runs: Vec<Run> = Vec::new();
    for z in b..w - b {
        touches.clear();
        touches.resize(next as usize, 0);
        runs.clear();
        runs.push(Run { region: 0, below: 0, touching: 0 });
        for spans in field.row_spans(z, b..w - b) {
            for s in spans {
                if field.area[s] == 0 {
                    continue;
                }
                let same_run = field
                    .neighbour(s, 0)
                    .filter(|&a| !is_border(regions[a]) && regions[a] != 0 && field.area[a] == field.area[s]);
                let run = match same_run {
                    Some(a) => regions[a],
                    None => {
                        runs.push(Run { region: 0, below: 0, touching: 0 });
                        runs.len() as u32 - 1
                    }
                };
                if let Some(a) = field.neighbour(s, 3) {
                    let region = regions[a];
                    if region != 0 && !is_border(region) && field.area[a] == field.area[s] {
                        let r = &mut runs[run as usize];
                        if r.below == 0 || r.below == region {
                            r.below = region;
                            r.touching += 1;
                            touches[region as usize] += 1;
                        } else {
                            r.below = MANY;
                        }
                    }
                }
                regions[s] = run;
            }
        }
        for r in runs.iter_mut().skip(1) {
            if r.below != MANY && r.below != 0 && touches[r.below as usize] == r.touching {
                r.region = r.below;
            } else {
                r.region = next;
                next += 1;
            }
        }
        for spans in field.row_spans(z, b..w - b) {
            for s in spans {
                if regions[s] != 0 && !is_border(regions[s]) {
                    regions[s] = runs[regions[s] as usize].region;
                }
            }
        }
    }
    (regions, next)
}
