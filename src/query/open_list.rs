//! `OpenList`: the A* frontier, a binary heap of node numbers keyed by
//! (total cost, cost reversed, node number), a total order, so the same
//! node leaves first on every platform. Each entry carries its node's key,
//! so sifting compares entries without visiting the nodes.
//!
//! A cheaper way to an open node pushes the node again with its lower key
//! rather than moving its entry: a search lowers few keys (about one offer
//! in twenty-five in the peer harness's searches), and keeping every
//! node's place in the heap cost a store per level on every push and pop.
//! The lowered entry leaves first, since keys are unique and it is lower;
//! leaving closes the node, so the entry left behind is recognised (its
//! node is closed) and dropped when it comes up. The order in which open
//! nodes leave is the same as with entries moved in place.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::query::node_pool::{NodePool, NodeState};

/// A heap entry: a node and its ordering key, (total, cost reversed, node
/// number) as integers that compare as `f64::total_cmp` orders the costs,
/// so sifting compares plain integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    total: i64,
    /// The cost's ordered bits, inverted: a higher cost sorts first.
    cost_reversed: i64,
    node: u32,
}

/// The bits of `value` as an integer whose order is `f64::total_cmp`'s.
#[inline]
fn ordered_bits(value: f64) -> i64 {
    let bits = value.to_bits() as i64;
    bits ^ (((bits >> 63) as u64) >> 1) as i64
}

impl Entry {
    fn of(pool: &NodePool, node: u32) -> Entry {
        let n = pool.get(node);
        Entry { total: ordered_bits(n.total), cost_reversed: !ordered_bits(n.cost), node }
    }
}

/// Greater is "leaves first" (the heap takes its greatest entry): the
/// lower total, then the higher cost (the node further along, which on a
/// plateau of equal totals goes on towards the goal instead of widening
/// the search), then the earlier created.
impl Ord for Entry {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        (other.total, other.cost_reversed, other.node).cmp(&(self.total, self.cost_reversed, self.node))
    }
}

impl PartialOrd for Entry {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct OpenList {
    heap: BinaryHeap<Entry>,
}

impl OpenList {
    pub fn clear(&mut self) {
        self.heap.clear();
    }

    /// Adds node `node` (open, newly created).
    #[inline]
    pub fn push(&mut self, pool: &NodePool, node: u32) {
        self.heap.push(Entry::of(pool, node));
    }

    /// Takes the open node with the lowest key and closes it. Always
    /// inlined: a search pops once per node, and the call's frame cost a
    /// fifth of the pop.
    #[inline(always)]
    pub fn pop(&mut self, pool: &mut NodePool) -> Option<u32> {
        while let Some(entry) = self.heap.pop() {
            let node = pool.get_mut(entry.node);
            // A closed node's entry is one a lowered key left behind.
            if node.state == NodeState::Open {
                node.state = NodeState::Closed;
                return Some(entry.node);
            }
        }
        None
    }

    /// Records that open node `node`'s total cost went down.
    #[inline]
    pub fn decreased(&mut self, pool: &NodePool, node: u32) {
        self.heap.push(Entry::of(pool, node));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::poly_ref::PolyRef;
    use crate::query::node_pool::{Node, NodeState, NO_NODE};
    use crate::test_rng::TestRng;

    #[test]
    fn pops_by_total_then_cost_then_number_after_decreases() {
        // Each node leaves once, at its lowered key, though its first key
        // stays behind in the heap.
        let mut rng = TestRng(7);
        let mut pool = NodePool::new(500);
        let mut open = OpenList::default();
        for i in 0..500u64 {
            let total = (rng.below(50)) as f64;
            let cost = (rng.below(3)) as f64;
            let node = Node {
                poly: PolyRef(i + 1),
                from: PolyRef::NULL,
                parent: NO_NODE,
                position: [0.0; 3],
                cost,
                total,
                state: NodeState::Open,
                area: 0,
            };
            let index = pool.create(node).unwrap();
            open.push(&pool, index);
        }
        for index in (0..500u32).step_by(3) {
            pool.get_mut(index).total -= 10.0;
            open.decreased(&pool, index);
        }
        let mut expected: Vec<(f64, f64, u32)> =
            (0..500u32).map(|i| (pool.get(i).total, pool.get(i).cost, i)).collect();
        expected.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.total_cmp(&a.1)).then(a.2.cmp(&b.2)));
        let popped: Vec<u32> = std::iter::from_fn(|| open.pop(&mut pool)).collect();
        assert_eq!(popped, expected.iter().map(|&(_, _, i)| i).collect::<Vec<_>>());
    }
}
