//! The exact search measures length, not cost, so it answers only for
//! filters under which every included area costs the same: with unequal
//! costs the cheapest path bends where areas meet (Snell's law) and no
//! interval search finds it exactly (Mitchell & Papadimitriou 1991). Such
//! a filter is refused, never approximated; `find_path` serves it.

use crate::error::{NavMeshError, Result};
use crate::query::query_filter::{QueryFilter, AREA_COUNT};

/// An invalid-operation error naming two included areas of different
/// cost, if the filter has them.
pub(crate) fn check_uniform_costs(filter: &QueryFilter) -> Result<()> {
    if has_uniform_costs(filter) {
        return Ok(());
    }
    name_unequal_costs(filter)
}

/// True when every included area costs the filter's cheapest cost: one
/// pass without early exit over the 64 costs, which the compiler turns
/// into vector compares (every exact search, unreachable pairs included,
/// starts with this check).
fn has_uniform_costs(filter: &QueryFilter) -> bool {
    let cheapest = filter.heuristic_scale();
    (0..AREA_COUNT as u8).fold(true, |uniform, area| {
        let cost = filter.area_cost(area).unwrap_or(cheapest);
        uniform & (cost == cheapest || !cost.is_finite())
    })
}

/// The error for a filter [`has_uniform_costs`] refused.
fn name_unequal_costs(filter: &QueryFilter) -> Result<()> {
    let mut included = (0..AREA_COUNT as u8).filter_map(|area| {
        let cost = filter.area_cost(area).expect("area below the count");
        cost.is_finite().then_some((area, cost))
    });
    let Some((first_area, first_cost)) = included.next() else { return Ok(()) };
    match included.find(|&(_, cost)| cost != first_cost) {
        None => Ok(()),
        Some((area, cost)) => Err(NavMeshError::InvalidOperation(format!(
            "find_shortest_path needs a filter whose included areas all cost the same, but area {first_area} \
             costs {first_cost} and area {area} costs {cost}: use find_path for weighted areas"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_costs_pass_and_unequal_ones_are_named() {
        let mut filter = QueryFilter::default();
        filter.set_area_cost(5, f64::INFINITY).unwrap();
        assert!(check_uniform_costs(&filter).is_ok(), "an excluded area does not count");
        filter.set_area_cost(7, 2.0).unwrap();
        let err = check_uniform_costs(&filter).unwrap_err();
        assert!(matches!(&err, NavMeshError::InvalidOperation(m) if m.contains("area 7 costs 2")), "{err}");
    }

    #[test]
    fn one_cost_everywhere_or_no_included_area_is_uniform() {
        let mut filter = QueryFilter::default();
        assert!(has_uniform_costs(&filter));
        (0..AREA_COUNT as u8).for_each(|area| filter.set_area_cost(area, 3.0).unwrap());
        assert!(has_uniform_costs(&filter), "all at 3");
        filter.set_area_cost(63, 0.5).unwrap();
        assert!(!has_uniform_costs(&filter), "the last area cheaper");
        (0..AREA_COUNT as u8).for_each(|area| filter.set_area_cost(area, f64::INFINITY).unwrap());
        assert!(has_uniform_costs(&filter) && check_uniform_costs(&filter).is_ok(), "nothing included");
    }
}
