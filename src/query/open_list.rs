//! `OpenList`: the A* frontier, a binary min-heap of node numbers keyed by
//! (total cost, cost reversed, node number), a total order, so the same
//! node leaves first on every platform. Each entry carries its node's key,
//! so sifting compares entries without visiting the nodes, and each
//! node's place in the heap is kept, so a cheaper way to an open node
//! moves it up in place.

use crate::query::node_pool::{NodePool, NO_NODE};

/// A heap entry: a node and its ordering key, (total, cost reversed, node
/// number) as integers that compare as `f64::total_cmp` orders the costs,
/// so sifting compares plain integers.
#[derive(Debug, Clone, Copy)]
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

    /// True when `self` leaves the heap before `other`: the lower total,
    /// then the higher cost (the node further along, which on a plateau of
    /// equal totals goes on towards the goal instead of widening the
    /// search), then the earlier created.
    #[inline]
    fn before(&self, other: &Entry) -> bool {
        (self.total, self.cost_reversed, self.node) < (other.total, other.cost_reversed, other.node)
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct OpenList {
    heap: Vec<Entry>,
    /// Heap position per node number ([`NO_NODE`] when not in the heap).
    position: Vec<u32>,
}

impl OpenList {
    pub fn clear(&mut self) {
        self.heap.clear();
        self.position.clear();
    }

    /// Adds node `node` (the pool's newest, or one that left the heap).
    pub fn push(&mut self, pool: &NodePool, node: u32) {
        if self.position.len() <= node as usize {
            // Doubling, so pushing the newest node each time grows it in
            // amortised constant time.
            let len = (node as usize + 1).max(2 * self.position.len());
            self.position.resize(len, NO_NODE);
        }
        self.heap.push(Entry::of(pool, node));
        self.sift_up(self.heap.len() - 1);
    }

    /// Takes the node with the lowest (total, number).
    pub fn pop(&mut self) -> Option<u32> {
        let top = self.heap.first()?.node;
        let last = self.heap.pop().expect("not empty");
        self.position[top as usize] = NO_NODE;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.position[last.node as usize] = 0;
            self.sift_down(0);
        }
        Some(top)
    }

    /// Restores the order after `node`'s total cost went down.
    pub fn decreased(&mut self, pool: &NodePool, node: u32) {
        let at = self.position[node as usize];
        debug_assert_ne!(at, NO_NODE, "only an open node's cost goes down");
        self.heap[at as usize] = Entry::of(pool, node);
        self.sift_up(at as usize);
    }

    #[inline]
    fn place(&mut self, at: usize, entry: Entry) {
        self.heap[at] = entry;
        self.position[entry.node as usize] = at as u32;
    }

    fn sift_up(&mut self, mut at: usize) {
        let entry = self.heap[at];
        while at > 0 {
            let parent = (at - 1) / 2;
            if !entry.before(&self.heap[parent]) {
                break;
            }
            self.place(at, self.heap[parent]);
            at = parent;
        }
        self.place(at, entry);
    }

    fn sift_down(&mut self, mut at: usize) {
        let entry = self.heap[at];
        let len = self.heap.len();
        loop {
            let left = 2 * at + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.heap[right].before(&self.heap[left]) { right } else { left };
            if !self.heap[child].before(&entry) {
                break;
            }
            self.place(at, self.heap[child]);
            at = child;
        }
        self.place(at, entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::poly_ref::PolyRef;
    use crate::query::node_pool::{Node, NodeState};
    use crate::test_rng::TestRng;

    #[test]
    fn pops_by_total_then_cost_then_number_after_decreases() {
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
                distance_to_goal: 0.0,
                state: NodeState::Open,
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
        let popped: Vec<u32> = std::iter::from_fn(|| open.pop()).collect();
        assert_eq!(popped, expected.iter().map(|&(_, _, i)| i).collect::<Vec<_>>());
    }
}
