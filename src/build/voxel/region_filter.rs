//! Removal of small regions (the first half of Recast's
//! `mergeAndFilterRegions`): regions joined by floor connections form
//! islands; an island of fewer than MinRegionArea floors that does not
//! reach the tile border is removed (at the border its true size is not
//! known). Surviving ids are then renumbered 1.. in ascending order.

use super::compact_heightfield::CompactHeightfield;
use super::regions::is_border;

/// Removes small islands from `regions` and compacts the ids; returns the
/// number of regions kept.
pub(crate) fn filter_small_regions(
    field: &CompactHeightfield,
    regions: &mut [u32],
    id_count: u32,
    min_area: u64,
) -> u32 {
    let mut islands = Islands::new(id_count as usize);
    for s in 0..field.span_count() {
        let region = regions[s];
        if region == 0 || is_border(region) {
            continue;
        }
        islands.size[region as usize] += 1;
        for dir in 0..4 {
            let Some(n) = field.neighbour(s, dir) else { continue };
            match regions[n] {
                // Its own region: joined already (most neighbours are).
                0 => {}
                other if other == region => {}
                other if is_border(other) => islands.at_border[region as usize] = true,
                other => islands.join(region as usize, other as usize),
            }
        }
    }
    let kept = islands.kept(min_area);
    let mut new_id = vec![0u32; id_count as usize];
    let mut count = 0;
    for (id, &keep) in kept.iter().enumerate() {
        if keep {
            count += 1;
            new_id[id] = count;
        }
    }
    for region in regions.iter_mut().filter(|r| **r != 0 && !is_border(**r)) {
        *region = new_id[*region as usize];
    }
    count
}

/// Union-find over region ids; the smaller id becomes the root, so the
/// result does not depend on the order of joins.
struct Islands {
    parent: Vec<usize>,
    size: Vec<u64>,
    at_border: Vec<bool>,
}

impl Islands {
    fn new(count: usize) -> Islands {
        Islands { parent: (0..count).collect(), size: vec![0; count], at_border: vec![false; count] }
    }

    fn root(&mut self, mut id: usize) -> usize {
        while self.parent[id] != id {
            self.parent[id] = self.parent[self.parent[id]];
            id = self.parent[id];
        }
        id
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
    }

    /// Per id: true when it holds floors and its island is large enough or
    /// reaches the border.
    fn kept(&mut self, min_area: u64) -> Vec<bool> {
        let count = self.parent.len();
        let mut island_size = vec![0u64; count];
        let mut island_at_border = vec![false; count];
        for id in 0..count {
            let root = self.root(id);
            island_size[root] += self.size[id];
            island_at_border[root] |= self.at_border[id];
        }
        (0..count)
            .map(|id| {
                let root = self.root(id);
                self.size[id] > 0 && (island_size[root] >= min_area || island_at_border[root])
            })
            .collect()
    }
}
