//! `NodePool`: the search nodes of one query, in flat arrays reused from
//! query to query.
//!
//! A node is a polygon entered from one neighbour, keyed by (polygon,
//! polygon it was entered from), so its position (where the crossing
//! enters it) is fixed and the search is an exact shortest-path search
//! over crossings (`docs/QUERIES.md`). Nodes are numbered in the order they
//! are created. A chained hash on the polygon alone finds a node by its key
//! and lists a polygon's nodes (in reverse creation order; a chain is
//! only walked, never iterated as a whole). Clearing visits only the
//! buckets the last search used, so a small search after a large one costs
//! what it touches. The capacity caps every search's budget; the arrays
//! grow up to what searches use and keep their size, so a warm query does
//! not allocate.

use crate::mesh::poly_ref::PolyRef;

/// Marks "no node" in parent, bucket and chain entries.
pub(crate) const NO_NODE: u32 = u32::MAX;

/// Where a node stands in the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeState {
    /// Created, in the open list.
    Open,
    /// Expanded; its cost is final.
    Closed,
}

/// One polygon reached by the search, through one crossing.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub poly: PolyRef,
    /// The polygon it was entered from ([`PolyRef::NULL`] for the start).
    pub from: PolyRef,
    /// The node the polygon was entered from, or [`NO_NODE`] for the start.
    pub parent: u32,
    /// Where the polygon was entered (world space).
    pub position: [f64; 3],
    /// Cost from the start to `position`.
    pub cost: f64,
    /// `cost` plus the heuristic to the goal.
    pub total: f64,
    pub state: NodeState,
    /// The polygon's area as the path search's filter reads it, kept for
    /// its dominance test (in the node's spare bytes, so no look-up);
    /// the local searches, which do not read it, leave 0.
    pub area: u8,
}

/// The nodes of one search and the PolyRef lookup.
#[derive(Debug, Clone)]
pub(crate) struct NodePool {
    nodes: Vec<Node>,
    /// First node of each bucket's chain.
    buckets: Vec<u32>,
    /// Next node in the same bucket, per node.
    chain: Vec<u32>,
    capacity: usize,
    /// Most nodes the current search may create (≤ capacity).
    budget: usize,
}

/// Bucket count for a capacity: about two nodes per bucket when full, at
/// most 2^20 buckets (4 MiB) whatever the capacity.
fn bucket_count(capacity: usize) -> usize {
    (capacity / 2).clamp(16, 1 << 20).next_power_of_two()
}

impl NodePool {
    /// A pool for searches of at most `capacity` nodes (at least 1).
    pub fn new(capacity: usize) -> NodePool {
        let capacity = capacity.max(1);
        NodePool {
            nodes: Vec::new(),
            buckets: vec![NO_NODE; bucket_count(capacity)],
            chain: Vec::new(),
            capacity,
            budget: capacity,
        }
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Forgets every node and lets the next search create `budget` nodes
    /// (at most the capacity).
    pub fn start_search(&mut self, budget: usize) {
        self.clear();
        self.budget = budget.min(self.capacity);
    }

    /// Forgets every node, keeping the arrays.
    pub fn clear(&mut self) {
        for node in &self.nodes {
            let bucket = self.bucket_of(node.poly);
            self.buckets[bucket] = NO_NODE;
        }
        self.nodes.clear();
        self.chain.clear();
    }

    #[inline]
    fn bucket_of(&self, poly: PolyRef) -> usize {
        // Fibonacci hashing: the high bits of the product mix salt, slot
        // and polygon index.
        let mixed = poly.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 32) as usize & (self.buckets.len() - 1)
    }

    /// The nodes of `poly`, newest first.
    #[inline]
    pub fn of_polygon(&self, poly: PolyRef) -> impl Iterator<Item = u32> + '_ {
        let mut index = self.buckets[self.bucket_of(poly)];
        std::iter::from_fn(move || {
            while index != NO_NODE {
                let at = index;
                index = self.chain[at as usize];
                if self.nodes[at as usize].poly == poly {
                    return Some(at);
                }
            }
            None
        })
    }

    /// The node of `poly` entered from `from`, if the search reached it.
    #[inline]
    pub fn find(&self, poly: PolyRef, from: PolyRef) -> Option<u32> {
        self.of_polygon(poly).find(|&index| self.nodes[index as usize].from == from)
    }

    /// A new node for a key that has none yet, or `None` when the budget
    /// is spent. Inlined: a search creates a node for most crossings it
    /// offers, and the call would copy the node twice.
    #[inline]
    pub fn create(&mut self, node: Node) -> Option<u32> {
        if self.nodes.len() >= self.budget {
            return None;
        }
        let index = self.nodes.len() as u32;
        let bucket = self.bucket_of(node.poly);
        self.chain.push(self.buckets[bucket]);
        self.buckets[bucket] = index;
        self.nodes.push(node);
        Some(index)
    }

    #[inline]
    pub fn get(&self, index: u32) -> &Node {
        &self.nodes[index as usize]
    }

    #[inline]
    pub fn get_mut(&mut self, index: u32) -> &mut Node {
        &mut self.nodes[index as usize]
    }

    /// The nodes in creation order.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(poly: u64, from: u64) -> Node {
        Node {
            poly: PolyRef(poly),
            from: PolyRef(from),
            parent: NO_NODE,
            position: [0.0; 3],
            cost: 0.0,
            total: 0.0,
            state: NodeState::Open,
            area: 0,
        }
    }

    #[test]
    fn a_node_fits_a_cache_line() {
        assert_eq!(std::mem::size_of::<Node>(), 64);
    }

    #[test]
    fn finds_created_nodes_and_respects_the_budget() {
        let mut pool = NodePool::new(100);
        // The same polygon from two neighbours, and keys in one bucket
        // chain and across buckets alike.
        let keys: Vec<(u64, u64)> = (0..100).map(|i| ((1 << 40) | (i / 2 * 7919), i % 2)).collect();
        for (i, &(p, f)) in keys.iter().enumerate() {
            assert_eq!(pool.create(node(p, f)), Some(i as u32));
        }
        assert_eq!(pool.create(node(5, 0)), None, "the 101st node is over the capacity");
        for (i, &(p, f)) in keys.iter().enumerate() {
            assert_eq!(pool.find(PolyRef(p), PolyRef(f)), Some(i as u32));
        }
        assert_eq!(pool.find(PolyRef(keys[0].0), PolyRef(9)), None);
        assert_eq!(pool.of_polygon(PolyRef(keys[4].0)).collect::<Vec<_>>(), [5, 4], "newest first");
        pool.start_search(3);
        assert!(pool.nodes().is_empty());
        assert!(keys.iter().all(|&(p, f)| pool.find(PolyRef(p), PolyRef(f)).is_none()));
        for (k, &(p, f)) in keys.iter().enumerate().take(3) {
            assert_eq!(pool.create(node(p, f)), Some(k as u32));
        }
        assert_eq!(pool.create(node(keys[3].0, keys[3].1)), None, "the budget of this search is 3");
        assert_eq!(pool.find(PolyRef(keys[2].0), PolyRef(keys[2].1)), Some(2));
    }
}
