//! `VectorXz`: the 2D vectors of the crowd's steering and avoidance, in the
//! X/Z plane (X right, Z up, as the query layer draws it). Only + − × ÷ and
//! √ are used, never a fused multiply-add, so every platform computes the
//! same bits.

use std::ops::{Add, Div, Mul, Neg, Sub};

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VectorXz {
    pub x: f64,
    pub z: f64,
}

impl VectorXz {
    pub const ZERO: VectorXz = VectorXz { x: 0.0, z: 0.0 };

    pub const fn new(x: f64, z: f64) -> VectorXz {
        VectorXz { x, z }
    }

    /// The X/Z part of a world position or velocity.
    pub fn of(v: [f64; 3]) -> VectorXz {
        VectorXz { x: v[0], z: v[2] }
    }

    /// A world vector with this X/Z and the given Y.
    pub fn with_y(self, y: f64) -> [f64; 3] {
        [self.x, y, self.z]
    }

    pub fn dot(self, other: VectorXz) -> f64 {
        self.x * other.x + self.z * other.z
    }

    /// The 2D cross product: positive when `other` lies counter-clockwise
    /// of `self` (to its left).
    pub fn det(self, other: VectorXz) -> f64 {
        self.x * other.z - self.z * other.x
    }

    pub fn length_squared(self) -> f64 {
        self.dot(self)
    }

    pub fn length(self) -> f64 {
        self.length_squared().sqrt()
    }

    /// The vector turned a quarter counter-clockwise (to its left).
    pub fn left(self) -> VectorXz {
        VectorXz { x: -self.z, z: self.x }
    }

    /// The vector scaled to length 1, or `None` for a vector shorter than
    /// `min_length`.
    pub fn unit(self, min_length: f64) -> Option<VectorXz> {
        let length = self.length();
        (length > min_length).then(|| self / length)
    }

    /// The vector shortened to at most `max_length`.
    pub fn clamped(self, max_length: f64) -> VectorXz {
        let length_squared = self.length_squared();
        if length_squared > max_length * max_length {
            self * (max_length / length_squared.sqrt())
        } else {
            self
        }
    }

    /// The same vector with any -0.0 written as +0.0, so equal states have
    /// equal bytes.
    pub fn without_negative_zero(self) -> VectorXz {
        VectorXz { x: self.x + 0.0, z: self.z + 0.0 }
    }
}

impl Add for VectorXz {
    type Output = VectorXz;
    fn add(self, o: VectorXz) -> VectorXz {
        VectorXz { x: self.x + o.x, z: self.z + o.z }
    }
}

impl Sub for VectorXz {
    type Output = VectorXz;
    fn sub(self, o: VectorXz) -> VectorXz {
        VectorXz { x: self.x - o.x, z: self.z - o.z }
    }
}

impl Mul<f64> for VectorXz {
    type Output = VectorXz;
    fn mul(self, s: f64) -> VectorXz {
        VectorXz { x: self.x * s, z: self.z * s }
    }
}

impl Div<f64> for VectorXz {
    type Output = VectorXz;
    fn div(self, s: f64) -> VectorXz {
        VectorXz { x: self.x / s, z: self.z / s }
    }
}

impl Neg for VectorXz {
    type Output = VectorXz;
    fn neg(self) -> VectorXz {
        VectorXz { x: -self.x, z: -self.z }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_is_counter_clockwise_and_det_says_which_side() {
        let east = VectorXz::new(1.0, 0.0);
        assert_eq!(east.left(), VectorXz::new(0.0, 1.0));
        assert!(east.det(east.left()) > 0.0);
        assert!(east.det(-east.left()) < 0.0);
    }

    #[test]
    fn clamping_and_units() {
        assert_eq!(VectorXz::new(6.0, 8.0).clamped(5.0), VectorXz::new(3.0, 4.0));
        assert_eq!(VectorXz::new(0.3, 0.4).clamped(1.0), VectorXz::new(0.3, 0.4));
        assert_eq!(VectorXz::new(0.0, 2.0).unit(1e-9), Some(VectorXz::new(0.0, 1.0)));
        assert_eq!(VectorXz::ZERO.unit(1e-9), None);
        assert!(VectorXz::new(-0.0, 0.0).without_negative_zero().x.is_sign_positive());
    }
}
