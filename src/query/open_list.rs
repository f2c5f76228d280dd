//! `OpenList`: the A* frontier, a binary min-heap of node numbers keyed by
//! (total cost, cost reversed, node number), a total order, so the same
//! node leaves first on every platform. Each node's place in the heap is kept, so a cheaper way
//! to an open node moves it up in place.

use crate::query::node_pool::{NodePool, NO_NODE};

#[derive(Debug, Clone, Default)]
pub(crate) struct OpenList {
    heap: Vec<u32>,
    /// Heap position per node number ([`NO_NODE`] when not in the heap).
    position: Vec<u32>,
}

/// True when node `a` leaves the heap before node `b`: the lower total,
/// then the higher cost (the node further along, which on a plateau of
/// equal totals goes on towards the goal instead of widening the search),
/// then the earlier created.
#[inline]
fn before(pool: &NodePool, a: u32, b: u32) -> bool {
    let (na, nb) = (pool.get(a), pool.get(b));
    na.total.total_cmp(&nb.total).then(nb.cost.total_cmp(&na.cost)).then(a.cmp(&b)).is_lt()
}

impl OpenList {
    pub fn clear(&mut self) {
        self.heap.clear();
        self.position.clear();
    }

    /// Adds node `node` (the pool's newest, or one that left the heap).
    pub fn push(&mut self, pool: &NodePool, node: u32) {
        if self.position.len() <= node as usize {
            self.position.resize(node as usize + 1, NO_NODE);
        }
        self.heap.push(node);
        self.sift_up(pool, self.heap.len() - 1);
    }

    /// Takes the node with the lowest (total, number).
    pub fn pop(&mut self, pool: &NodePool) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.position[top as usize] = NO_NODE;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.position[last as usize] = 0;
            self.sift_down(pool, 0);
        }
        Some(top)
    }

    /// Restores the order after `node`'s total cost went down.
    pub fn decreased(&mut self, pool: &NodePool, node: u32) {
        let at = self.position[node as usize];
        debug_assert_ne!(at, NO_NODE, "only an open node's cost goes down");
        self.sift_up(pool, at as usize);
    }

    fn place(&mut self, at: usize, node: u32) {
        self.heap[at] = node;
        self.position[node as usize] = at as u32;
    }

    fn sift_up(&mut self, pool: &NodePool, mut at: usize) {
        let node = self.heap[at];
        while at > 0 {
            let parent = (at - 1) / 2;
            if !before(pool, node, self.heap[parent]) {
                break;
            }
            self.place(at, self.heap[parent]);
            at = parent;
        }
        self.place(at, node);
    }

    fn sift_down(&mut self, pool: &NodePool, mut at: usize) {
        let node = self.heap[at];
        loop {
            let left = 2 * at + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child =
                if right < self.heap.len() && before(pool, self.heap[right], self.heap[left]) { right } else { left };
            if !before(pool, self.heap[child], node) {
                break;
            }
            self.place(at, self.heap[child]);
            at = child;
        }
        self.place(at, node);
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
        let popped: Vec<u32> = std::iter::from_fn(|| open.pop(&pool)).collect();
        assert_eq!(popped, expected.iter().map(|&(_, _, i)| i).collect::<Vec<_>>());
    }
}
