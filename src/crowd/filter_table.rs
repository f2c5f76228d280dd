//! `FilterTable`: a crowd's distinct query filters, each held once and
//! shared by every agent walking with it.
//!
//! A filter is 528 bytes (64 area costs and the masks) and a step reads it
//! only where an agent searches, moves its corridor or gathers walls; in a
//! crowd of one or a few agent classes most agents hold the same one. An
//! agent holding its own copy made every agent record 20 cache lines, the
//! filter two fifths of them, and every phase of a step walks all agents.
//! Held once and shared, the agent keeps a pointer to it.
//!
//! Filters are matched to the bit ([`QueryFilter::is_identical`]) in the
//! order first added, so which shared filter an agent gets does not depend
//! on hashing; equal bits make it the same filter either way. A filter
//! stays in the table while an agent holds it: removing the last agent
//! with it drops it (a clone of the crowd sharing it keeps it alive there).

use std::sync::Arc;

use crate::query::query_filter::QueryFilter;

#[derive(Debug, Clone, Default)]
pub(crate) struct FilterTable {
    filters: Vec<Arc<QueryFilter>>,
}

impl FilterTable {
    /// The table's filter identical to `filter`, added when there is none.
    pub fn share(&mut self, filter: &QueryFilter) -> Arc<QueryFilter> {
        if let Some(held) = self.filters.iter().find(|held| held.is_identical(filter)) {
            return Arc::clone(held);
        }
        let shared = Arc::new(filter.clone());
        self.filters.push(Arc::clone(&shared));
        shared
    }

    /// Drops the filters only the table holds any more.
    pub fn forget_unheld(&mut self) {
        self.filters.retain(|held| Arc::strong_count(held) > 1);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.filters.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_filters_are_shared_and_dropped_with_their_last_holder() {
        let mut table = FilterTable::default();
        let mut costly = QueryFilter::new();
        costly.set_area_cost(3, 4.0).unwrap();
        let first = table.share(&QueryFilter::new());
        let second = table.share(&QueryFilter::new());
        let other = table.share(&costly);
        assert!(Arc::ptr_eq(&first, &second) && !Arc::ptr_eq(&first, &other));
        assert_eq!((table.len(), &*other), (2, &costly));
        drop(other);
        table.forget_unheld();
        assert_eq!(table.len(), 1);
        drop(first);
        table.forget_unheld();
        assert_eq!(table.len(), 1, "the second holder keeps it");
        drop(second);
        table.forget_unheld();
        assert_eq!(table.len(), 0);
    }

    #[test]
    fn filters_equal_but_not_identical_are_kept_apart() {
        let mut table = FilterTable::default();
        let (mut negative, mut positive) = (QueryFilter::new(), QueryFilter::new());
        negative.set_area_cost(1, -0.0).unwrap();
        positive.set_area_cost(1, 0.0).unwrap();
        let (a, b) = (table.share(&negative), table.share(&positive));
        assert!(!Arc::ptr_eq(&a, &b));
        assert_eq!(a.area_cost(1).map(f64::to_bits), Some((-0.0f64).to_bits()));
    }
}
