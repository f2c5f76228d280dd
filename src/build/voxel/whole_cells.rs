//! Rounding cell coordinates to whole cells inline. `f64::floor` and
//! `f64::ceil` are calls into libm on x86-64 without SSE4.1, and the
//! rasterizer rounds a few times per cell; truncating and correcting by one
//! gives exactly `x.floor() as i64` and `x.ceil() as i64` for every f64,
//! infinities and NaN included (both saturate the same way and send NaN to
//! 0), so no span moves.

/// `x.floor() as i64`.
pub(crate) fn floor_cell(x: f64) -> i64 {
    let truncated = x as i64;
    if truncated as f64 > x {
        truncated.saturating_sub(1)
    } else {
        truncated
    }
}

/// `x.ceil() as i64`.
pub(crate) fn ceil_cell(x: f64) -> i64 {
    let truncated = x as i64;
    if (truncated as f64) < x {
        truncated.saturating_add(1)
    } else {
        truncated
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values around every kind of boundary (whole numbers and halves of
    /// both signs, signed zeros, the neighbours of whole numbers, the ends
    /// of exact integers in f64, the ends of i64, infinities and NaN), then
    /// 100 000 draws of a fixed xorshift64.
    fn probes() -> Vec<f64> {
        let mut values =
            vec![0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, f64::MIN_POSITIVE, -f64::MIN_POSITIVE];
        for base in [1.0, 2.0, 3.5, 47.0, 1e6, 2f64.powi(52), 2f64.powi(53), 2f64.powi(62), 2f64.powi(63), 1e30] {
            for v in [base, base.next_up(), base.next_down(), base + 0.5] {
                values.extend([v, -v]);
            }
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Any f64, and fractions within ±8192 cells.
            values.extend([f64::from_bits(state), state as i64 as f64 / (1u64 << 50) as f64]);
        }
        values
    }

    #[test]
    fn floor_cell_is_floor_then_cast_for_every_probe() {
        for x in probes() {
            assert_eq!(floor_cell(x), x.floor() as i64, "floor of {x:e}");
        }
    }

    #[test]
    fn ceil_cell_is_ceil_then_cast_for_every_probe() {
        for x in probes() {
            assert_eq!(ceil_cell(x), x.ceil() as i64, "ceil of {x:e}");
        }
    }
}
