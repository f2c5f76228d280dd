//! The graph of a tile's regions that layering reads: which regions touch
//! (a floor of one is connected to a floor of the other), which overlap
//! (each has a floor in one column), and each region's lowest floor and
//! area. Grouping walks it breadth-first, as Recast's layer merging does:
//! touching regions join a group while no two of its regions overlap.

use std::collections::VecDeque;

use super::compact_heightfield::CompactHeightfield;
use super::heightfield::column_ranges;
use super::regions::is_border;
use super::walkable_slope::AreaCode;

/// Not in any group (also region ids without floors).
pub(crate) const NO_GROUP: u32 = u32::MAX;

/// Per region id (index 0 and ids without floors unused).
#[derive(Debug, Clone, Default)]
pub(crate) struct RegionGraph {
    /// Regions connected to a floor of this one, ascending.
    pub touching: Vec<Vec<u32>>,
    /// Regions with a floor in a column of this one, ascending.
    pub overlapping: Vec<Vec<u32>>,
    /// The lowest floor, `u32::MAX` for an id without floors.
    pub lowest_floor: Vec<u32>,
    pub area: Vec<AreaCode>,
}

impl RegionGraph {
    /// The graph of `regions` over ids below `id_count`; border strips and
    /// ids outside that range are left out.
    pub fn new(field: &CompactHeightfield, regions: &[u32], id_count: u32) -> RegionGraph {
        let count = id_count as usize;
        let mut graph = RegionGraph {
            touching: vec![Vec::new(); count],
            overlapping: vec![Vec::new(); count],
            lowest_floor: vec![u32::MAX; count],
            area: vec![0; count],
        };
        let inside = |r: u32| r != 0 && !is_border(r) && r < id_count;
        let mut in_column: Vec<u32> = Vec::new();
        for spans in column_ranges(&field.column_starts) {
            in_column.clear();
            for s in spans {
                let r = regions[s];
                if !inside(r) {
                    continue;
                }
                in_column.push(r);
                graph.lowest_floor[r as usize] = graph.lowest_floor[r as usize].min(field.floor[s]);
                graph.area[r as usize] = field.area[s];
                for n in (0..4).filter_map(|dir| field.neighbour(s, dir)).map(|n| regions[n]) {
                    // Most neighbours share the floor's region: test that first.
                    if n != r && inside(n) {
                        add_unique(&mut graph.touching[r as usize], n);
                    }
                }
            }
            for (i, &a) in in_column.iter().enumerate() {
                for &b in in_column[i + 1..].iter().filter(|&&b| b != a) {
                    add_unique(&mut graph.overlapping[a as usize], b);
                    add_unique(&mut graph.overlapping[b as usize], a);
                }
            }
        }
        for list in graph.touching.iter_mut().chain(graph.overlapping.iter_mut()) {
            list.sort_unstable();
        }
        graph
    }

    pub fn has_floors(&self, region: u32) -> bool {
        self.lowest_floor[region as usize] != u32::MAX
    }

    /// The group (0.., in the order groups start) of every region id:
    /// each region of `order` not grouped yet starts a group, which takes
    /// touching regions breadth-first (ascending id) where `joins(member,
    /// candidate)`, skipping any that overlaps a region already in it.
    pub fn group_without_overlap(&self, order: &[u32], joins: impl Fn(u32, u32) -> bool) -> (Vec<u32>, u32) {
        let mut group = vec![NO_GROUP; self.lowest_floor.len()];
        // blocked[r] == g + 1: r overlaps a region of group g.
        let mut blocked = vec![0u32; self.lowest_floor.len()];
        let mut queue = VecDeque::new();
        let mut next = 0u32;
        for &root in order {
            if group[root as usize] != NO_GROUP {
                continue;
            }
            let stamp = next + 1;
            self.take_into(root, next, stamp, &mut group, &mut blocked);
            queue.push_back(root);
            while let Some(member) = queue.pop_front() {
                for &candidate in &self.touching[member as usize] {
                    let c = candidate as usize;
                    if group[c] == NO_GROUP && blocked[c] != stamp && joins(member, candidate) {
                        self.take_into(candidate, next, stamp, &mut group, &mut blocked);
                        queue.push_back(candidate);
                    }
                }
            }
            next += 1;
        }
        (group, next)
    }

    fn take_into(&self, region: u32, id: u32, stamp: u32, group: &mut [u32], blocked: &mut [u32]) {
        group[region as usize] = id;
        for &o in &self.overlapping[region as usize] {
            blocked[o as usize] = stamp;
        }
    }
}

/// Adds `id` unless present (lists stay short: the regions round one).
pub(crate) fn add_unique(list: &mut Vec<u32>, id: u32) {
    if !list.contains(&id) {
        list.push(id);
    }
}
