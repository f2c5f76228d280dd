//! `DirectedComponents`: the strongly connected components of a mesh
//! version's polygons, moving by edges, portals and off-mesh links in the
//! direction they may be taken (whatever the filter), and the links
//! between components (the condensation, a DAG). A filter only removes
//! ways, so a component the DAG does not lead to from the start's is
//! unreachable under every filter: a pair split by islands or by a one-way
//! link is answered without a search. On a mesh without one-way links the
//! DAG has no edges and the answer is two loads; with them, the walk over
//! the DAG is bounded by its size, far below the polygons'.

/// Marks a polygon Tarjan's walk has not reached yet.
const UNSEEN: u32 = u32::MAX;

#[derive(Debug, Clone, Default)]
pub(crate) struct DirectedComponents {
    /// Per polygon: its component.
    component: Vec<u32>,
    /// Per component: where its successors start in `successors`, and one
    /// past the last component's end.
    first_successor: Vec<u32>,
    /// The components each component leads to directly, sorted.
    successors: Vec<u32>,
    /// Scratch of [`Self::reaches`]: per component the walk that last
    /// visited it, so nothing is cleared between walks.
    visited: Vec<u32>,
    walk_number: u32,
    stack: Vec<u32>,
}

/// Tarjan's bookkeeping per polygon.
struct Visit {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
}

impl DirectedComponents {
    /// Works the components out from the polygons' ways: polygon `i` leads
    /// to `targets[first[i]..first[i + 1]]` (global polygon indices).
    pub fn build(&mut self, first: &[u32], targets: &[u32]) {
        let count = first.len().saturating_sub(1);
        let successors_of = |v: usize| &targets[first[v] as usize..first[v + 1] as usize];
        let components = strong_components(count, successors_of);
        self.component = components.0;
        let component_count = components.1;
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for v in 0..count {
            let from = self.component[v];
            for &w in successors_of(v) {
                let to = self.component[w as usize];
                if to != from {
                    pairs.push((from, to));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        self.first_successor.clear();
        self.first_successor.resize(component_count as usize + 1, 0);
        for &(from, _) in &pairs {
            self.first_successor[from as usize + 1] += 1;
        }
        for c in 0..component_count as usize {
            self.first_successor[c + 1] += self.first_successor[c];
        }
        self.successors = pairs.iter().map(|&(_, to)| to).collect();
        self.visited.clear();
        self.visited.resize(component_count as usize, 0);
        self.walk_number = 0;
    }

    /// True when some chain of ways leads from polygon `from` to polygon
    /// `to` (global indices) ignoring the filter.
    pub fn reaches(&mut self, from: u32, to: u32) -> bool {
        let (start, goal) = (self.component[from as usize], self.component[to as usize]);
        if start == goal {
            return true;
        }
        if self.walk_number == u32::MAX {
            self.visited.iter_mut().for_each(|v| *v = 0);
            self.walk_number = 0;
        }
        self.walk_number += 1;
        self.stack.clear();
        self.stack.push(start);
        self.visited[start as usize] = self.walk_number;
        while let Some(c) = self.stack.pop() {
            let range = self.first_successor[c as usize] as usize..self.first_successor[c as usize + 1] as usize;
            for &next in &self.successors[range] {
                if next == goal {
                    return true;
                }
                if self.visited[next as usize] != self.walk_number {
                    self.visited[next as usize] = self.walk_number;
                    self.stack.push(next);
                }
            }
        }
        false
    }
}

/// Tarjan's strongly connected components of `count` vertices, without
/// recursion (a mesh may chain thousands of polygons): per vertex its
/// component, and the number of components.
fn strong_components<'t>(count: usize, successors_of: impl Fn(usize) -> &'t [u32]) -> (Vec<u32>, u32) {
    let mut visit = Visit { index: vec![UNSEEN; count], low: vec![0; count], on_stack: vec![false; count] };
    let mut component = vec![UNSEEN; count];
    let (mut next_index, mut component_count) = (0u32, 0u32);
    let (mut calls, mut stack): (Vec<(u32, u32)>, Vec<u32>) = (Vec::new(), Vec::new());
    for root in 0..count as u32 {
        if visit.index[root as usize] != UNSEEN {
            continue;
        }
        let mut enter = |v: u32, visit: &mut Visit, stack: &mut Vec<u32>, calls: &mut Vec<(u32, u32)>| {
            visit.index[v as usize] = next_index;
            visit.low[v as usize] = next_index;
            next_index += 1;
            visit.on_stack[v as usize] = true;
            stack.push(v);
            calls.push((v, 0));
        };
        enter(root, &mut visit, &mut stack, &mut calls);
        while let Some(&mut (v, ref mut edge)) = calls.last_mut() {
            let ways = successors_of(v as usize);
            if let Some(&w) = ways.get(*edge as usize) {
                *edge += 1;
                if visit.index[w as usize] == UNSEEN {
                    enter(w, &mut visit, &mut stack, &mut calls);
                } else if visit.on_stack[w as usize] {
                    visit.low[v as usize] = visit.low[v as usize].min(visit.index[w as usize]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                visit.low[parent as usize] = visit.low[parent as usize].min(visit.low[v as usize]);
            }
            if visit.low[v as usize] == visit.index[v as usize] {
                while let Some(w) = stack.pop() {
                    visit.on_stack[w as usize] = false;
                    component[w as usize] = component_count;
                    if w == v {
                        break;
                    }
                }
                component_count += 1;
            }
        }
    }
    (component, component_count)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `first` and `targets` (the compressed rows the walks over polygons
    /// take) of per-polygon adjacency lists.
    pub(crate) fn ways(lists: &[&[u32]]) -> (Vec<u32>, Vec<u32>) {
        let mut first = vec![0];
        let mut targets = Vec::new();
        for list in lists {
            targets.extend_from_slice(list);
            first.push(targets.len() as u32);
        }
        (first, targets)
    }

    #[test]
    fn a_one_way_link_joins_two_islands_in_its_direction_only() {
        // 0 <-> 1 -> 2 <-> 3, and 4 alone.
        let (first, targets) = ways(&[&[1], &[0, 2], &[3], &[2], &[]]);
        let mut components = DirectedComponents::default();
        components.build(&first, &targets);
        assert!(components.reaches(0, 1) && components.reaches(1, 0));
        assert!(components.reaches(0, 3), "down the one-way link");
        assert!(!components.reaches(3, 0), "not back up it");
        assert!(!components.reaches(0, 4) && !components.reaches(4, 0), "another island");
        assert!(components.reaches(4, 4));
    }

    #[test]
    fn a_cycle_of_one_way_links_is_one_component() {
        let (first, targets) = ways(&[&[1], &[2], &[0], &[0]]);
        let mut components = DirectedComponents::default();
        components.build(&first, &targets);
        assert!(components.reaches(2, 1) && components.reaches(1, 0));
        assert!(components.reaches(3, 2) && !components.reaches(0, 3));
    }
}
