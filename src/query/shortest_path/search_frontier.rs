//! `SearchFrontier`: the nodes, roots and open list of the exact search,
//! and the best length seen at each place the search turned at (Polyanya's
//! root-level pruning: a root reached again no shorter than before is not
//! searched from again). The entry pushed last is held out of the heap
//! while it is the least: most expansions make one node that is expanded
//! next, and it then never enters the heap (the order nodes leave in is
//! the heap's alone, as every key is distinct). All of it lives in the
//! `NavMeshQuery` and is
//! reused, so a warm search does not allocate: the best lengths carry the
//! number of the search that wrote them instead of being cleared.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use crate::mesh::poly_ref::PolyRef;
use crate::query::polygon_geometry::distance_xz;
use crate::query::shortest_path::mesh_components::NO_KEY;
use crate::query::shortest_path::search_node::{IntervalEnd, SearchNode};
use crate::query::shortest_path::search_root::{SearchRoot, NO_ROOT};

/// How a root has seen a polygon ([`SearchFrontier::first_sight`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SeenAs {
    /// All of it: the root lies on its boundary.
    Whole,
    /// Through the interval between these X/Z points (their bits, -0 made
    /// +0), on a line through the root.
    EdgeOn([u64; 4]),
}

impl SeenAs {
    pub fn edge_on(right: [f64; 3], left: [f64; 3]) -> SeenAs {
        let bits = |v: f64| (v + 0.0).to_bits();
        SeenAs::EdgeOn([bits(right[0]), bits(right[2]), bits(left[0]), bits(left[2])])
    }
}

/// An open node by its bound, ties to the node created first. A bound is
/// a sum of lengths, never negative, and the bits of non-negative floats
/// (-0 made +0) order as the floats do: the bound's bits above the node's
/// index make one integer that orders as (bound, index), so the heap
/// compares one `u128` instead of two fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct OpenEntry(u128);

impl OpenEntry {
    #[inline(always)]
    fn new(f: f64, index: u32) -> OpenEntry {
        debug_assert!(f >= 0.0, "a bound is a length");
        OpenEntry(u128::from((f + 0.0).to_bits()) << 32 | u128::from(index))
    }

    #[inline(always)]
    fn index(self) -> u32 {
        // The low 32 bits are the index.
        self.0 as u32
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct SearchFrontier {
    pub nodes: Vec<SearchNode>,
    pub roots: Vec<SearchRoot>,
    open: BinaryHeap<Reverse<OpenEntry>>,
    /// An open entry kept out of `open`: the least pushed since the last
    /// pop, which the next pop takes when it is below all of `open`.
    held: Option<OpenEntry>,
    /// The polygons each root has seen whole or edge-on: (polygon, how,
    /// the root's previous entry), chained from [`SearchRoot::seen`].
    seen: Vec<(PolyRef, SeenAs, u32)>,
    /// Per place key: the search number, the best length to it in that
    /// search and the root that has it.
    best: Vec<(u32, f64, u32)>,
    search_number: u32,
    budget: usize,
    /// True once a node was not created for want of budget.
    pub out_of_nodes: bool,
}

impl SearchFrontier {
    /// Empties the frontier for a search of at most `budget` nodes over
    /// `key_count` places.
    pub fn begin(&mut self, key_count: usize, budget: usize) {
        self.nodes.clear();
        self.roots.clear();
        self.open.clear();
        self.held = None;
        self.seen.clear();
        if self.best.len() != key_count {
            self.best.clear();
            self.best.resize(key_count, (0, 0.0, 0));
            self.search_number = 0;
        }
        if self.search_number == u32::MAX {
            self.best.iter_mut().for_each(|entry| entry.0 = 0);
            self.search_number = 0;
        }
        self.search_number += 1;
        self.budget = budget;
        self.out_of_nodes = false;
    }

    /// Adds a node of bound `f` to the open list; false (and out of nodes)
    /// when the budget is spent.
    #[inline(always)]
    pub fn push(&mut self, node: SearchNode, f: f64) -> bool {
        if self.nodes.len() >= self.budget {
            self.out_of_nodes = true;
            return false;
        }
        let entry = OpenEntry::new(f, self.nodes.len() as u32);
        self.nodes.push(node);
        let to_heap = match self.held {
            None => {
                self.held = Some(entry);
                return true;
            }
            Some(held) if entry < held => {
                self.held = Some(entry);
                held
            }
            Some(_) => entry,
        };
        self.open.push(Reverse(to_heap));
        true
    }

    /// The open node of least bound (ties: the first created).
    #[inline(always)]
    pub fn pop(&mut self) -> Option<u32> {
        match self.held {
            Some(held) if self.open.peek().is_none_or(|Reverse(top)| held < *top) => {
                self.held = None;
                Some(held.index())
            }
            _ => self.open.pop().map(|Reverse(entry)| entry.index()),
        }
    }

    /// Adds a root, unless its place was reached shorter before (then
    /// `None`) or as short (then the root that was: the same place at the
    /// same length searches the same, and two copies would double every
    /// search behind them); the root's index.
    pub fn add_root(&mut self, root: SearchRoot) -> Option<u32> {
        let index = self.roots.len() as u32;
        if root.key != NO_KEY {
            let entry = &mut self.best[root.key as usize];
            if entry.0 == self.search_number {
                match entry.1.total_cmp(&root.g) {
                    Ordering::Less => return None,
                    Ordering::Equal => return Some(entry.2),
                    Ordering::Greater => {}
                }
            }
            *entry = (self.search_number, root.g, index);
        }
        self.roots.push(root);
        Some(index)
    }

    /// A root to turn at `at` (a vertex of `poly`, seen from root
    /// `from`), unless `at` is no vertex or was reached shorter.
    pub fn turn(&mut self, from: u32, at: IntervalEnd, poly: PolyRef) -> Option<u32> {
        if at.key == NO_KEY {
            return None;
        }
        let parent = self.roots[from as usize];
        let g = parent.g + distance_xz(parent.position, at.point);
        self.add_root(SearchRoot {
            position: at.point,
            parent: from,
            poly,
            g,
            key: at.key,
            departure: None,
            seen: NO_ROOT,
        })
    }

    /// Records that root `root` sees `poly` as `how`; false when it
    /// already did. A root on a polygon's boundary sees it whole through
    /// any of its edges, so without this record a root at a vertex would be
    /// carried round and round the polygons about it. A root on the line of
    /// an interval sees the polygon beyond edge-on, along that line; where
    /// floors stacked in one tile column are both joined over a tile border
    /// to the tile across it, the same interval leads from one floor over
    /// the border and back onto the other, and round again, with the same
    /// root: without this record the search would go round them until its
    /// budget ran out. (A node made again with the same root, polygon and
    /// interval would search exactly what the first did.)
    pub fn first_sight(&mut self, root: u32, poly: PolyRef, how: SeenAs) -> bool {
        let mut at = self.roots[root as usize].seen;
        while at != NO_ROOT {
            let (seen, seen_as, previous) = self.seen[at as usize];
            if seen == poly && seen_as == how {
                return false;
            }
            at = previous;
        }
        self.seen.push((poly, how, self.roots[root as usize].seen));
        self.roots[root as usize].seen = self.seen.len() as u32 - 1;
        true
    }

    /// True when root `index` was reached shorter by another root of the
    /// same place after it was made.
    pub fn is_superseded(&self, index: u32) -> bool {
        let root = &self.roots[index as usize];
        root.key != NO_KEY && self.best[root.key as usize].1 < root.g
    }
}
