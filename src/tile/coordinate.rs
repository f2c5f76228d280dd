//! The "Coordinate rule" of the format text: world positions cross the
//! public boundary as f64 strictly within ±2^21.

use crate::error::{NavMeshError, Result};

/// The bound 2^21 of the coordinate rule; values must lie strictly inside.
pub const COORDINATE_BOUND: f64 = 2_097_152.0;

/// True when `value` is finite and strictly within ±2^21.
pub fn is_within_bound(value: f64) -> bool {
    value > -COORDINATE_BOUND && value < COORDINATE_BOUND
}

/// Checks a world coordinate passed to the API; the error names the
/// argument, the value and the bound.
pub fn check_world(name: &str, value: f64) -> Result<f64> {
    if is_within_bound(value) {
        Ok(value)
    } else {
        Err(NavMeshError::out_of_range(format!(
            "{name} = {value:?} is outside the world bound ±{COORDINATE_BOUND} (exclusive)"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_is_strict_and_rejects_non_finite() {
        assert!(check_world("x", 2_097_151.999).is_ok());
        assert!(check_world("x", -2_097_151.999).is_ok());
        for bad in [COORDINATE_BOUND, -COORDINATE_BOUND, f64::NAN, f64::INFINITY] {
            let err = check_world("start.x", bad).unwrap_err();
            let NavMeshError::OutOfRange(message) = err else { panic!("wrong kind") };
            assert!(message.contains("start.x"), "{message}");
            assert!(message.contains("2097152"), "{message}");
        }
    }

    /// A value's shortest round-trip form: 1e308 is not written out as 309
    /// digits, which would crowd the rest out of a C caller's fixed-size
    /// message.
    #[test]
    fn extreme_values_are_shown_in_exponent_form() {
        for (value, shown) in [(1.0e308, "= 1e308 "), (-f64::MAX, "= -1.7976931348623157e308 "), (2.0e21, "= 2e21 ")] {
            let NavMeshError::OutOfRange(message) = check_world("start.x", value).unwrap_err() else {
                panic!("wrong kind")
            };
            assert!(message.contains(shown) && message.len() < 100, "{message}");
        }
    }
}
