//! `QueryFilter`: which polygons and off-mesh links a query may use, and
//! what crossing each area costs.
//!
//! A polygon (or off-mesh link) passes when its flags share a bit with the
//! include mask, share none with the exclude mask, and its area's cost is
//! finite. The A* heuristic is the straight distance to the goal times the
//! cheapest finite area cost, which never overestimates: every step of a
//! path costs at least its length times that cost, so areas cheaper than
//! 1 keep the search exact (Detour's fixed 0.999 scale does not).

use crate::error::{NavMeshError, Result};
use crate::tile::tile_data::MAX_AREA;

/// Number of areas a polygon or link can carry (0..=63).
pub const AREA_COUNT: usize = MAX_AREA as usize + 1;

/// Flag masks and per-area costs. The default includes every flag bit,
/// excludes none, and costs 1 in every area.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryFilter {
    include_flags: u16,
    exclude_flags: u16,
    area_costs: [f64; AREA_COUNT],
    /// The smallest finite area cost (0 when every area is excluded, so the
    /// heuristic stays admissible however it is used).
    cheapest_cost: f64,
}

impl Default for QueryFilter {
    fn default() -> Self {
        QueryFilter { include_flags: 0xFFFF, exclude_flags: 0, area_costs: [1.0; AREA_COUNT], cheapest_cost: 1.0 }
    }
}

impl QueryFilter {
    pub fn new() -> QueryFilter {
        QueryFilter::default()
    }

    pub fn include_flags(&self) -> u16 {
        self.include_flags
    }

    pub fn exclude_flags(&self) -> u16 {
        self.exclude_flags
    }

    /// A polygon passes only when its flags share a bit with `flags`.
    pub fn set_include_flags(&mut self, flags: u16) {
        self.include_flags = flags;
    }

    /// A polygon passes only when its flags share no bit with `flags`.
    pub fn set_exclude_flags(&mut self, flags: u16) {
        self.exclude_flags = flags;
    }

    /// The cost per unit of distance of `area`; infinite for an excluded
    /// area. `None` beyond area 63.
    pub fn area_cost(&self, area: u8) -> Option<f64> {
        self.area_costs.get(area as usize).copied()
    }

    /// Sets the cost per unit of distance travelled in `area`: a finite
    /// value ≥ 0, or `f64::INFINITY` to exclude the area. An area above 63,
    /// a negative or NaN cost is an out-of-range error.
    pub fn set_area_cost(&mut self, area: u8, cost: f64) -> Result<()> {
        if area > MAX_AREA {
            return Err(NavMeshError::out_of_range(format!("area {area} is above the largest area {MAX_AREA}")));
        }
        if cost.is_nan() || cost < 0.0 {
            return Err(NavMeshError::out_of_range(format!(
                "area {area} cost {cost:?} is not a number ≥ 0 (infinity excludes the area)"
            )));
        }
        self.area_costs[area as usize] = cost;
        self.cheapest_cost = cheapest_finite(&self.area_costs);
        Ok(())
    }

    /// True when something with these flags and this area may be used.
    #[inline]
    pub fn passes(&self, flags: u16, area: u8) -> bool {
        flags & self.include_flags != 0
            && flags & self.exclude_flags == 0
            && self.area_costs.get(area as usize).is_some_and(|c| c.is_finite())
    }

    /// Cost of travelling `distance` in `area` (an area that passed).
    #[inline]
    pub(crate) fn cost(&self, area: u8, distance: f64) -> f64 {
        distance * self.area_costs[area as usize & (AREA_COUNT - 1)]
    }

    /// The scale of the heuristic: the cheapest cost any step can have.
    #[inline]
    pub fn heuristic_scale(&self) -> f64 {
        self.cheapest_cost
    }

    /// True when both filters hold the same masks and the same costs to
    /// the bit: −0.0 and +0.0 differ here (though `==` calls them equal),
    /// as a cost of either can give a sum of another sign.
    pub(crate) fn is_identical(&self, other: &QueryFilter) -> bool {
        let same_costs = self.area_costs.iter().zip(&other.area_costs).all(|(a, b)| a.to_bits() == b.to_bits());
        self.include_flags == other.include_flags && self.exclude_flags == other.exclude_flags && same_costs
    }
}

fn cheapest_finite(costs: &[f64; AREA_COUNT]) -> f64 {
    let cheapest = costs.iter().copied().filter(|c| c.is_finite()).fold(f64::INFINITY, f64::min);
    if cheapest.is_finite() {
        cheapest
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_and_areas_decide_passing() {
        let mut filter = QueryFilter::new();
        assert!(filter.passes(1, 0));
        assert!(!filter.passes(0, 0), "a polygon without flags shares no bit with the include mask");
        filter.set_exclude_flags(0x4);
        assert!(!filter.passes(0x5, 0));
        filter.set_include_flags(0x2);
        assert!(!filter.passes(0x1, 0) && filter.passes(0x2, 0));
        filter.set_area_cost(7, f64::INFINITY).unwrap();
        assert!(!filter.passes(0x2, 7));
        assert!(!filter.passes(0x2, 64), "areas end at 63");
    }

    #[test]
    fn identical_filters_match_every_mask_and_cost_bit() {
        let mut filter = QueryFilter::new();
        assert!(filter.is_identical(&QueryFilter::new()));
        filter.set_area_cost(5, -0.0).unwrap();
        let mut zero = QueryFilter::new();
        zero.set_area_cost(5, 0.0).unwrap();
        assert!(filter == zero && !filter.is_identical(&zero), "−0.0 and +0.0 are equal but not identical");
        zero.set_area_cost(5, -0.0).unwrap();
        assert!(filter.is_identical(&zero));
        zero.set_include_flags(0x1);
        assert!(!filter.is_identical(&zero));
        zero.set_include_flags(0xFFFF);
        zero.set_exclude_flags(0x1);
        assert!(!filter.is_identical(&zero));
    }

    #[test]
    fn heuristic_scale_is_the_cheapest_finite_cost() {
        let mut filter = QueryFilter::new();
        assert_eq!(filter.heuristic_scale(), 1.0);
        filter.set_area_cost(3, 0.25).unwrap();
        filter.set_area_cost(4, f64::INFINITY).unwrap();
        assert_eq!(filter.heuristic_scale(), 0.25);
        for area in 0..AREA_COUNT as u8 {
            filter.set_area_cost(area, f64::INFINITY).unwrap();
        }
        assert_eq!(filter.heuristic_scale(), 0.0);
    }

    #[test]
    fn bad_costs_and_areas_are_out_of_range() {
        let mut filter = QueryFilter::new();
        for (area, cost) in [(64, 1.0), (0, -1.0), (0, f64::NAN)] {
            let err = filter.set_area_cost(area, cost).unwrap_err();
            assert!(matches!(err, NavMeshError::OutOfRange(_)), "{err}");
        }
        assert_eq!(filter, QueryFilter::new(), "a refused cost changes nothing");
    }
}
