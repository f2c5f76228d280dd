//! `CutRegions`: per mesh version, the polygons behind each exit that join
//! the rest of the mesh only through the polygon the exit leaves (a room
//! with one door, a corridor's side branch). A path that enters such a
//! region from polygon `P` and does not end there must come back into `P`,
//! and the segment between where it left `P` and where it came back lies
//! in `P` (a convex polygon holds the segment between any two of its
//! points) and is no longer: so the search never needs to enter the region
//! unless the end lies in it. The regions are found once with a
//! depth-first walk over the polygons joined by any way in either
//! direction (edges, portals, off-mesh links; a filter only removes ways,
//! so a region stays one under every filter): the subtree of a tree child
//! `c` of `P` whose low link does not climb above `P` meets the rest only
//! at `P` (Hopcroft and Tarjan's cut vertices). Each region is a run of
//! preorder numbers, so whether the end lies in it is one compare.

use crate::query::shortest_path::mesh_components::NO_KEY;

/// The polygons behind an exit as a run of preorder numbers: the end's
/// polygon lies in it when `preorder - first < count` (wrapping).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Region {
    first: u32,
    count: u32,
}

impl Region {
    /// No region: the polygons behind the exit lead elsewhere too.
    pub const NONE: Region = Region { first: 0, count: u32::MAX };

    /// True when a path into the region cannot end at a polygon of
    /// preorder number `goal` (always false for [`Region::NONE`]).
    #[inline(always)]
    pub fn excludes(self, goal: u32) -> bool {
        goal.wrapping_sub(self.first) >= self.count
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct CutRegions {
    /// Per polygon: where its neighbours (by a way in either direction)
    /// start in `neighbours`; one more entry past the last polygon's end.
    first: Vec<u32>,
    neighbours: Vec<u32>,
    /// Per polygon: its number in the walk's preorder.
    preorder: Vec<u32>,
    /// Per polygon: one past the last preorder number of its subtree.
    subtree_end: Vec<u32>,
    /// Per polygon: the least preorder number its subtree reaches by one
    /// way out of it.
    low: Vec<u32>,
    /// Per polygon: its parent in the walk ([`NO_KEY`] for a root).
    parent: Vec<u32>,
}

impl CutRegions {
    /// The walk over the polygons, polygon `v` leading to
    /// `targets[first[v]..first[v + 1]]` (global indices), each way taken
    /// in both directions.
    pub fn build(first: &[u32], targets: &[u32]) -> CutRegions {
        let count = first.len().saturating_sub(1);
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for v in 0..count {
            for &w in &targets[first[v] as usize..first[v + 1] as usize] {
                if w != v as u32 {
                    pairs.extend([(v as u32, w), (w, v as u32)]);
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut walk = CutRegions {
            first: Vec::with_capacity(count + 1),
            neighbours: pairs.iter().map(|&(_, w)| w).collect(),
            preorder: vec![NO_KEY; count],
            subtree_end: vec![0; count],
            low: vec![0; count],
            parent: vec![NO_KEY; count],
        };
        let mut at = 0;
        for v in 0..=count as u32 {
            walk.first.push(at as u32);
            while at < pairs.len() && pairs[at].0 == v {
                at += 1;
            }
        }
        walk.walk();
        walk
    }

    fn adjacent(&self, v: u32) -> &[u32] {
        &self.neighbours[self.first[v as usize] as usize..self.first[v as usize + 1] as usize]
    }

    /// The depth-first walk (iterative: a mesh may have more polygons
    /// than the call stack has frames).
    fn walk(&mut self) {
        let mut next = 0u32;
        let mut stack: Vec<(u32, usize)> = Vec::new();
        for root in 0..self.preorder.len() as u32 {
            if self.preorder[root as usize] != NO_KEY {
                continue;
            }
            self.visit(root, &mut next);
            stack.push((root, 0));
            while let Some(&(v, at)) = stack.last() {
                if let Some(&w) = self.adjacent(v).get(at) {
                    stack.last_mut().expect("not empty").1 += 1;
                    if self.preorder[w as usize] == NO_KEY {
                        self.parent[w as usize] = v;
                        self.visit(w, &mut next);
                        stack.push((w, 0));
                    } else {
                        self.low[v as usize] = self.low[v as usize].min(self.preorder[w as usize]);
                    }
                    continue;
                }
                stack.pop();
                self.subtree_end[v as usize] = next;
                if let Some(&(p, _)) = stack.last() {
                    self.low[p as usize] = self.low[p as usize].min(self.low[v as usize]);
                }
            }
        }
    }

    fn visit(&mut self, v: u32, next: &mut u32) {
        self.preorder[v as usize] = *next;
        self.low[v as usize] = *next;
        *next += 1;
    }

    /// The preorder number of polygon `v` (global index).
    #[inline(always)]
    pub fn preorder(&self, v: u32) -> u32 {
        self.preorder[v as usize]
    }

    /// The region entered from polygon `from` into its neighbour `to`
    /// (global indices): the subtree of the tree child of `from` that
    /// holds `to`, when that subtree meets the rest only at `from`.
    pub fn behind(&self, from: u32, to: u32) -> Option<Region> {
        let (p, t) = (self.preorder[from as usize], self.preorder[to as usize]);
        if t <= p || t >= self.subtree_end[from as usize] {
            return None;
        }
        let child = self.adjacent(from).iter().copied().find(|&c| {
            self.parent[c as usize] == from && self.preorder[c as usize] <= t && t < self.subtree_end[c as usize]
        })?;
        let first = self.preorder[child as usize];
        (self.low[child as usize] >= p).then_some(Region { first, count: self.subtree_end[child as usize] - first })
    }

    /// The region of polygon `v` alone (a dead end).
    pub fn alone(&self, v: u32) -> Region {
        Region { first: self.preorder[v as usize], count: 1 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::shortest_path::directed_components::tests::ways;

    #[test]
    fn a_region_is_what_meets_the_rest_only_at_the_polygon_left() {
        // A ring 0-1-2-3-0; a room 4-5-6 (itself a ring) off 2 only; a
        // dead end 7 off 0 whose one way is listed by 7 alone (a one-way
        // arrival still joins in the walk).
        let (first, targets) = ways(&[&[1, 3], &[0, 2], &[1, 3, 4], &[2, 0], &[2, 5, 6], &[4, 6], &[5, 4], &[0]]);
        let regions = CutRegions::build(&first, &targets);
        let number = |v: u32| regions.preorder(v);
        let room = regions.behind(2, 4).expect("the room meets the rest at 2 only");
        for inside in [4, 5, 6] {
            assert!(!room.excludes(number(inside)), "{inside} is in the room");
        }
        for outside in [0, 1, 2, 3, 7] {
            assert!(room.excludes(number(outside)), "{outside} is not");
        }
        let dead_end = regions.behind(0, 7).expect("7 meets the rest at 0 only");
        assert!(!dead_end.excludes(number(7)) && dead_end.excludes(number(0)));
        assert_eq!(regions.behind(1, 2), None, "the ring leads on both ways");
        assert_eq!(regions.behind(2, 3), None);
        // From 0, the ring and the room meet the rest (0 and 7) only at 0.
        let ring = regions.behind(0, 1).expect("all but 0 and 7");
        assert!(ring.excludes(number(7)) && !ring.excludes(number(3)) && !ring.excludes(number(6)));
        assert_eq!(regions.behind(5, 6), None, "so does the room's ring");
        assert!(!Region::NONE.excludes(number(3)));
    }
}
