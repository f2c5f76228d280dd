//! The watershed partition (Recast's `rcBuildRegions`, its default): the
//! distance field is flooded from its highest level down, two levels at a
//! time. At each level the existing regions first grow into the floors the
//! water reached (a few steps, nearest region first), then every floor
//! still dry seeds a new region that floods its connected floors at that
//! level. What is left at the end joins the nearest region. Regions follow
//! the open spaces, so rooms and corridors become few, compact regions.

use super::compact_heightfield::CompactHeightfield;
use super::regions::{is_border, paint_border_regions};
use super::walkable_slope::NULL_AREA;

/// Levels are sorted into this many buckets at a time (two levels each).
const LEVEL_BUCKETS: usize = 8;
/// Growth steps per level above 0; at level 0 regions grow until done.
const GROWTH_STEPS: usize = 8;

/// A floor waiting for a region; `done` once it has one.
#[derive(Debug, Clone, Copy)]
struct Waiting {
    span: usize,
    done: bool,
}

/// The flood state: region and distance to the region's seed per floor.
struct Flood<'a> {
    field: &'a CompactHeightfield,
    distance: &'a [u32],
    regions: Vec<u32>,
    region_distance: Vec<u32>,
}

/// The region of every floor (0 for unwalkable floors) and the next free id.
pub(crate) fn watershed_regions(field: &CompactHeightfield, distance: &[u32], max_distance: u32) -> (Vec<u32>, u32) {
    let mut flood =
        Flood { field, distance, regions: vec![0; field.span_count()], region_distance: vec![0; field.span_count()] };
    let mut next = paint_border_regions(field, &mut flood.regions, 1);
    let mut buckets: Vec<Vec<Waiting>> = vec![Vec::new(); LEVEL_BUCKETS];
    let mut level = max_distance.saturating_add(1) & !1;
    let mut bucket = LEVEL_BUCKETS - 1;
    let mut stack = Vec::new();
    while level > 0 {
        level = level.saturating_sub(2);
        bucket = (bucket + 1) % LEVEL_BUCKETS;
        if bucket == 0 {
            flood.sort_by_level(level, &mut buckets);
        } else {
            let (before, after) = buckets.split_at_mut(bucket);
            flood.carry_over(&before[bucket - 1], &mut after[0]);
        }
        flood.grow(&mut buckets[bucket], level);
        for waiting in &buckets[bucket] {
            if !waiting.done && flood.regions[waiting.span] == 0 && flood.seed(waiting.span, level, next, &mut stack) {
                next += 1;
            }
        }
    }
    let mut rest: Vec<Waiting> = (0..field.span_count())
        .filter(|&s| flood.regions[s] == 0 && field.area[s] != NULL_AREA)
        .map(|span| Waiting { span, done: false })
        .collect();
    flood.grow(&mut rest, 0);
    (flood.regions, next)
}

impl Flood<'_> {
    /// Puts every dry walkable floor into the bucket of its level below
    /// `start` (two levels per bucket; deeper than the last bucket waits for
    /// the next sort, higher goes into the first).
    fn sort_by_level(&self, start: u32, buckets: &mut [Vec<Waiting>]) {
        for b in buckets.iter_mut() {
            b.clear();
        }
        let start = i64::from(start >> 1);
        for span in 0..self.field.span_count() {
            if self.field.area[span] == NULL_AREA || self.regions[span] != 0 {
                continue;
            }
            let index = (start - i64::from(self.distance[span] >> 1)).max(0);
            if let Some(b) = buckets.get_mut(index as usize) {
                b.push(Waiting { span, done: false });
            }
        }
    }

    /// Floors of the previous bucket still dry join this one.
    fn carry_over(&self, from: &[Waiting], to: &mut Vec<Waiting>) {
        to.extend(from.iter().filter(|w| !w.done && self.regions[w.span] == 0).copied());
    }

    /// Grows regions into the `waiting` floors: each step, every dry floor
    /// next to a region (same area, not the border) joins the neighbour
    /// region nearest its seed, all at once. Stops when a step changes
    /// nothing, or (above level 0) after GROWTH_STEPS steps.
    fn grow(&mut self, waiting: &mut [Waiting], level: u32) {
        for w in waiting.iter_mut() {
            w.done |= self.regions[w.span] != 0;
        }
        let mut changes: Vec<(usize, u32, u32)> = Vec::new();
        let mut step = 0;
        loop {
            changes.clear();
            for w in waiting.iter_mut().filter(|w| !w.done) {
                if let Some((region, distance)) = self.nearest_region(w.span) {
                    w.done = true;
                    changes.push((w.span, region, distance));
                }
            }
            for &(span, region, distance) in &changes {
                self.regions[span] = region;
                self.region_distance[span] = distance;
            }
            step += 1;
            if changes.is_empty() || (level > 0 && step >= GROWTH_STEPS) {
                return;
            }
        }
    }

    /// The neighbouring region (same area, not the border) whose floor is
    /// nearest its seed, first direction first among equals.
    fn nearest_region(&self, span: usize) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        for dir in 0..4 {
            let Some(a) = self.field.neighbour(span, dir) else {
                continue;
            };
            let region = self.regions[a];
            if self.field.area[a] != self.field.area[span] || region == 0 || is_border(region) {
                continue;
            }
            let distance = self.region_distance[a].saturating_add(2);
            if best.is_none_or(|(_, d)| distance < d) {
                best = Some((region, distance));
            }
        }
        best
    }

    /// Floods region `region` from `seed` over connected floors of its area
    /// at `level - 2` or above; a floor touching another region (directly or
    /// diagonally) stays dry and stops the flood there. True when the
    /// region kept a floor.
    fn seed(&mut self, seed: usize, level: u32, region: u32, stack: &mut Vec<usize>) -> bool {
        let area = self.field.area[seed];
        let low = level.saturating_sub(2);
        stack.clear();
        stack.push(seed);
        self.regions[seed] = region;
        self.region_distance[seed] = 0;
        let mut kept = 0;
        while let Some(current) = stack.pop() {
            if self.touches_other_region(current, area, region) {
                self.regions[current] = 0;
                continue;
            }
            kept += 1;
            for dir in 0..4 {
                let Some(a) = self.field.neighbour(current, dir) else {
                    continue;
                };
                if self.field.area[a] == area && self.distance[a] >= low && self.regions[a] == 0 {
                    self.regions[a] = region;
                    self.region_distance[a] = 0;
                    stack.push(a);
                }
            }
        }
        kept > 0
    }

    /// A side neighbour of the area in another tile region, or a diagonal
    /// one in any other region (Recast's test, border strips included).
    fn touches_other_region(&self, span: usize, area: u8, region: u32) -> bool {
        for dir in 0..4 {
            let Some(a) = self.field.neighbour(span, dir) else {
                continue;
            };
            if self.field.area[a] != area {
                continue;
            }
            let side = self.regions[a];
            if is_border(side) {
                continue;
            }
            if side != 0 && side != region {
                return true;
            }
            let Some(b) = self.field.neighbour(a, (dir + 1) & 3) else {
                continue;
            };
            if self.field.area[b] != area {
                continue;
            }
            let diagonal = self.regions[b];
            if diagonal != 0 && diagonal != region {
                return true;
            }
        }
        false
    }
}
