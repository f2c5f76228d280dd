//! Merging of small regions (the second half of Recast's
//! `mergeAndFilterRegions`): every region that is not both larger than
//! MergeRegionArea and against a wall joins its smallest neighbour of the
//! same area, as long as the two touch along one stretch only and never
//! lie above one another, until no region can merge. Each region's
//! neighbours are kept as the ring of regions met walking once round its
//! outline, so two rings splice into the ring of the merged region.

use super::compact_heightfield::CompactHeightfield;
use super::heightfield::column_ranges;
use super::regions::is_border;
use super::walkable_slope::AreaCode;

/// One region while merging; `id` is where its floors went.
#[derive(Debug, Clone, Default)]
struct Region {
    id: u32,
    floors: u64,
    area: AreaCode,
    /// Neighbouring regions round the outline, no two equal in a row (0 a
    /// wall, border ids the tile border).
    ring: Vec<u32>,
    /// Regions sharing a column with this one.
    stacked: Vec<u32>,
    /// The region holds two floors of one column: it never merges.
    overlaps: bool,
}

/// Merges small regions of `regions` (ids 1..id_count, compact) and
/// renumbers the survivors 1.. in ascending order; returns their count.
pub(crate) fn merge_small_regions(
    field: &CompactHeightfield,
    regions: &mut [u32],
    id_count: u32,
    merge_area: u64,
) -> u32 {
    let mut table = describe(field, regions, id_count as usize);
    loop {
        let mut merged = 0;
        for r in 1..table.len() {
            if try_merge(&mut table, r, merge_area) {
                merged += 1;
            }
        }
        if merged == 0 {
            break;
        }
    }
    let mut new_id = vec![0u32; table.len()];
    let mut count = 0;
    for r in 1..table.len() {
        if table[r].floors > 0 && table[r].id as usize == r {
            count += 1;
            new_id[r] = count;
        }
    }
    for region in regions.iter_mut().filter(|r| **r != 0 && !is_border(**r)) {
        *region = new_id[table[*region as usize].id as usize];
    }
    count
}

/// Sizes, areas, stacked regions and outline rings of every region.
fn describe(field: &CompactHeightfield, regions: &[u32], count: usize) -> Vec<Region> {
    let mut table: Vec<Region> = (0..count).map(|r| Region { id: r as u32, ..Default::default() }).collect();
    let inside = |r: u32| r != 0 && !is_border(r) && (r as usize) < count;
    for spans in column_ranges(&field.column_starts) {
        for s in spans.clone() {
            let r = regions[s];
            if !inside(r) {
                continue;
            }
            let region = &mut table[r as usize];
            region.floors += 1;
            region.area = field.area[s];
            // A column of one floor has nothing stacked: skip the scan.
            if spans.len() == 1 {
                continue;
            }
            for other in spans.clone().filter(|&o| o != s).map(|o| regions[o]).filter(|&o| inside(o)) {
                if other == r {
                    region.overlaps = true;
                } else if !region.stacked.contains(&other) {
                    region.stacked.push(other);
                }
            }
        }
    }
    for s in 0..field.span_count() {
        let r = regions[s];
        if !inside(r) || !table[r as usize].ring.is_empty() {
            continue;
        }
        if let Some(dir) = (0..4).find(|&dir| across(field, regions, s, dir) != r) {
            table[r as usize].ring = walk_ring(field, regions, s, dir);
        }
    }
    table
}

/// The region across edge `dir` of floor `s` (0 when not connected).
fn across(field: &CompactHeightfield, regions: &[u32], s: usize, dir: usize) -> u32 {
    field.neighbour(s, dir).map_or(0, |n| regions[n])
}

/// The regions met walking round the outline of the region of floor
/// `start` from its edge `start_dir`, without repeats in a row.
fn walk_ring(field: &CompactHeightfield, regions: &[u32], start: usize, start_dir: usize) -> Vec<u32> {
    let region = regions[start];
    let (mut s, mut dir) = (start, start_dir);
    let mut ring = vec![across(field, regions, s, dir)];
    for _ in 0..8 * field.span_count() + 16 {
        let other = across(field, regions, s, dir);
        if other != region {
            if ring.last() != Some(&other) {
                ring.push(other);
            }
            dir = (dir + 1) & 3;
        } else {
            let Some(n) = field.neighbour(s, dir) else { break };
            s = n;
            dir = (dir + 3) & 3;
        }
        if s == start && dir == start_dir {
            break;
        }
    }
    without_repeats(&mut ring);
    ring
}

/// Drops ring entries equal to the next one (round the end too).
fn without_repeats(ring: &mut Vec<u32>) {
    let mut i = 0;
    while ring.len() > 1 && i < ring.len() {
        if ring[i] == ring[(i + 1) % ring.len()] {
            ring.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Merges region `r` into its smallest mergeable neighbour, if it should
/// and can; true when it did.
fn try_merge(table: &mut [Region], r: usize, merge_area: u64) -> bool {
    let region = &table[r];
    if region.id as usize != r || region.floors == 0 || region.overlaps {
        return false;
    }
    if region.floors > merge_area && region.ring.contains(&0) {
        return false;
    }
    let mut target: Option<(u64, usize)> = None;
    for &n in &region.ring {
        if n == 0 || is_border(n) {
            continue;
        }
        let other = &table[n as usize];
        if other.overlaps || other.floors == 0 {
            continue;
        }
        if target.is_none_or(|(floors, _)| other.floors < floors)
            && can_merge(region, other)
            && can_merge(other, region)
        {
            target = Some((other.floors, n as usize));
        }
    }
    let Some((_, t)) = target else { return false };
    if !splice(table, t, r) {
        return false;
    }
    let (old, new) = (r as u32, t as u32);
    for entry in table.iter_mut() {
        if entry.id == old {
            entry.id = new;
        }
        let mut changed = false;
        for n in entry.ring.iter_mut().chain(entry.stacked.iter_mut()) {
            if *n == old {
                *n = new;
                changed = true;
            }
        }
        if changed {
            without_repeats(&mut entry.ring);
            entry.stacked.sort_unstable();
            entry.stacked.dedup();
        }
    }
    true
}

/// Same area, one stretch of contact, never in one column.
fn can_merge(a: &Region, b: &Region) -> bool {
    a.area == b.area && a.ring.iter().filter(|&&n| n == b.id).count() <= 1 && !a.stacked.contains(&b.id)
}

/// Region `b` joins region `a`: their rings spliced where they meet,
/// stacked regions and sizes added.
fn splice(table: &mut [Region], a: usize, b: usize) -> bool {
    let (a_id, b_id) = (table[a].id, table[b].id);
    let (Some(in_a), Some(in_b)) =
        (table[a].ring.iter().position(|&n| n == b_id), table[b].ring.iter().position(|&n| n == a_id))
    else {
        return false;
    };
    let (ring_a, ring_b) = (table[a].ring.clone(), std::mem::take(&mut table[b].ring));
    let mut ring: Vec<u32> = (0..ring_a.len() - 1).map(|k| ring_a[(in_a + 1 + k) % ring_a.len()]).collect();
    ring.extend((0..ring_b.len() - 1).map(|k| ring_b[(in_b + 1 + k) % ring_b.len()]));
    without_repeats(&mut ring);
    let stacked = std::mem::take(&mut table[b].stacked);
    let floors = std::mem::take(&mut table[b].floors);
    let target = &mut table[a];
    target.ring = ring;
    for s in stacked {
        if !target.stacked.contains(&s) {
            target.stacked.push(s);
        }
    }
    target.floors += floors;
    true
}
