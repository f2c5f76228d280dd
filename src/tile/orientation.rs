//! The exact orientation predicate of LAYOUT section 7.
//!
//! Tile vertices are f32; widened to f64 every value is a multiple of
//! 2^-149 below 2^128, so every product and error term of Shewchuk's
//! adaptive orient2d stays far above f64's underflow range and the result's
//! sign is exact. `robust` is the standard implementation of that predicate.

use robust::{orient2d, Coord};

/// Side of point `c` relative to the directed edge `a -> b` in the X/Z plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    Left,
    On,
    Right,
}

/// The exact sign of `(bx-ax)*(cz-az) - (bz-az)*(cx-ax)` for f32 inputs;
/// positive is left (counter-clockwise).
pub fn orient_xz(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> Orientation {
    let coord = |p: [f32; 3]| Coord { x: p[0] as f64, y: p[2] as f64 };
    let det = orient2d(coord(a), coord(b), coord(c));
    if det > 0.0 {
        Orientation::Left
    } else if det < 0.0 {
        Orientation::Right
    } else {
        Orientation::On
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_turns() {
        let a = [0.0, 0.0, 0.0];
        let b = [1.0, 0.0, 0.0];
        assert_eq!(orient_xz(a, b, [0.5, 0.0, 1.0]), Orientation::Left);
        assert_eq!(orient_xz(a, b, [0.5, 0.0, -1.0]), Orientation::Right);
        assert_eq!(orient_xz(a, b, [7.0, 5.0, 0.0]), Orientation::On);
    }

    #[test]
    fn exact_where_plain_f64_is_not() {
        // Points on the line z = x scaled far apart; a tiny offset of one ulp
        // of f32 must still be seen, and exactly collinear points must be On.
        let a = [1.0e-30, 0.0, 1.0e-30];
        let b = [3.0e7, 0.0, 3.0e7];
        let on = [12345.678, 0.0, 12345.678];
        assert_eq!(orient_xz(a, b, on), Orientation::On);
        let above = [12345.678, 0.0, f32::from_bits(12345.678f32.to_bits() + 1)];
        assert_eq!(orient_xz(a, b, above), Orientation::Left);
        let below = [12345.678, 0.0, f32::from_bits(12345.678f32.to_bits() - 1)];
        assert_eq!(orient_xz(a, b, below), Orientation::Right);
    }

    #[test]
    fn subnormal_inputs_stay_exact() {
        let tiny = f32::from_bits(1);
        let a = [0.0, 0.0, 0.0];
        let b = [tiny, 0.0, 0.0];
        assert_eq!(orient_xz(a, b, [0.0, 0.0, tiny]), Orientation::Left);
        assert_eq!(orient_xz(a, b, [1.0e30, 0.0, 0.0]), Orientation::On);
    }
}
