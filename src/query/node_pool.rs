//! `NodePool`: the search nodes of one query, in flat arrays reused from
//! query to query.
//!
//! Nodes are numbered in the order they are created, and a chained hash
//! from PolyRef to node number finds a polygon's node (used for lookup
//! only, never iterated). Clearing visits only the buckets the last search
//! used, so a small search after a large one costs what it touches. The
//! budget caps how many nodes a search may create; the arrays grow up to
//! it as searches need them and keep their size, so a warm query does not
//! allocate.

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

/// One polygon reached by the search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub poly: PolyRef,
    /// The node the polygon was entered from, or [`NO_NODE`] for the start.
    pub parent: u32,
    /// Where the polygon was entered (world space).
    pub position: [f64; 3],
    /// Cost from the start to `position`.
    pub cost: f64,
    /// `cost` plus the heuristic to the goal.
    pub total: f64,
    /// Straight distance from `position` to the goal (unscaled).
    pub distance_to_goal: f64,
    pub state: NodeState,
}

/// The nodes of one search and the PolyRef lookup.
#[derive(Debug, Clone)]
pub(crate) struct NodePool {
    nodes: Vec<Node>,
    /// First node of each bucket's chain.
    buckets: Vec<u32>,
    /// Next node in the same bucket, per node.
    chain: Vec<u32>,
    budget: usize,
}

/// Bucket count for a budget: about two nodes per bucket when full, at
/// most 2^20 buckets (4 MiB) whatever the budget.
fn bucket_count(budget: usize) -> usize {
    (budget / 2).clamp(16, 1 << 20).next_power_of_two()
}

impl NodePool {
    /// A pool for searches of at most `budget` nodes (at least 1).
    pub fn new(budget: usize) -> NodePool {
        let budget = budget.max(1);
        NodePool { nodes: Vec::new(), buckets: vec![NO_NODE; bucket_count(budget)], chain: Vec::new(), budget }
    }

    pub fn budget(&self) -> usize {
        self.budget
    }

    /// Nodes of the current search.
    pub fn len(&self) -> usize {
        self.nodes.len()
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

    /// The node of `poly`, if the search reached it.
    #[inline]
    pub fn find(&self, poly: PolyRef) -> Option<u32> {
        let mut index = self.buckets[self.bucket_of(poly)];
        while index != NO_NODE {
            if self.nodes[index as usize].poly == poly {
                return Some(index);
            }
            index = self.chain[index as usize];
        }
        None
    }

    /// A new node for `poly` (which has none yet), or `None` when the
    /// budget is spent.
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(poly: u64) -> Node {
        Node {
            poly: PolyRef(poly),
            parent: NO_NODE,
            position: [0.0; 3],
            cost: 0.0,
            total: 0.0,
            distance_to_goal: 0.0,
            state: NodeState::Open,
        }
    }

    #[test]
    fn finds_created_nodes_and_respects_the_budget() {
        let mut pool = NodePool::new(100);
        // References in one bucket chain and across buckets alike.
        let polys: Vec<u64> = (0..100).map(|i| (1 << 40) | (i * 7919)).collect();
        for (i, &p) in polys.iter().enumerate() {
            assert_eq!(pool.create(node(p)), Some(i as u32));
        }
        assert_eq!(pool.create(node(5)), None, "the 101st node is over the budget");
        for (i, &p) in polys.iter().enumerate() {
            assert_eq!(pool.find(PolyRef(p)), Some(i as u32));
        }
        assert_eq!(pool.find(PolyRef(3)), None);
        pool.clear();
        assert_eq!(pool.len(), 0);
        assert!(polys.iter().all(|&p| pool.find(PolyRef(p)).is_none()));
        assert_eq!(pool.create(node(polys[7])), Some(0));
        assert_eq!(pool.find(PolyRef(polys[7])), Some(0));
    }
}
