//! `OnavQueryFilter`: the plain-data form of a query filter (flag masks
//! and a cost per area) that every query takes, and its default.

use crate::query::query_filter::{QueryFilter, AREA_COUNT};

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;

/// Number of areas a polygon or off-mesh link can carry (0..63), the
/// length of OnavQueryFilter::area_costs.
pub const ONAV_AREA_COUNT: usize = 64;
const _: () = assert!(ONAV_AREA_COUNT == AREA_COUNT);

/// Which polygons and off-mesh links a query may use and what travelling
/// in each area costs. A polygon (or link, by its own flags and area)
/// passes when its flags share a bit with `include_flags`, none with
/// `exclude_flags`, and its area's cost is finite. Plain data, checked by
/// every query that takes it: a negative or NaN cost is
/// ONAV_E_OUT_OF_RANGE naming the area. Start from
/// onav_query_filter_default.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnavQueryFilter {
    /// A polygon passes only when its flags share a bit with this mask.
    pub include_flags: u16,
    /// A polygon passes only when its flags share no bit with this mask.
    pub exclude_flags: u16,
    /// Cost per unit of distance travelled in each area: a finite value
    /// >= 0 (below 1 allowed), or INFINITY to exclude the area.
    pub area_costs: [f64; ONAV_AREA_COUNT],
}

impl From<&QueryFilter> for OnavQueryFilter {
    fn from(filter: &QueryFilter) -> Self {
        let mut area_costs = [0.0; ONAV_AREA_COUNT];
        for (area, cost) in (0..=u8::MAX).zip(&mut area_costs) {
            *cost = filter.area_cost(area).expect("areas below AREA_COUNT have a cost");
        }
        OnavQueryFilter { include_flags: filter.include_flags(), exclude_flags: filter.exclude_flags(), area_costs }
    }
}

/// The filter a query reads from `filter`, checked.
///
/// # Safety
/// `filter` is NULL or points to a valid OnavQueryFilter.
pub(crate) unsafe fn filter_arg(filter: *const OnavQueryFilter) -> Result<QueryFilter, Failure> {
    // SAFETY: forwarded from this function's contract.
    let c = unsafe { arg_ref(filter, "filter") }?;
    let mut filter = QueryFilter::new();
    filter.set_include_flags(c.include_flags);
    filter.set_exclude_flags(c.exclude_flags);
    let default_cost = filter.area_cost(0).expect("area 0 exists");
    for (area, &cost) in (0..=u8::MAX).zip(&c.area_costs) {
        // Setting a cost rescans every area for the cheapest; only the
        // costs that differ from the default need it.
        if cost != default_cost {
            filter.set_area_cost(area, cost)?;
        }
    }
    Ok(filter)
}

/// Writes the default filter to `*out`: every flag included, none
/// excluded, cost 1 in every area.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_filter_default(out: *mut OnavQueryFilter, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            out_arg(out, "out")?.write(OnavQueryFilter::from(&QueryFilter::default()));
            Ok(())
        })
    }
}
