//! The X/Z box of a polygon, for rejecting pairs of polygons far apart
//! before an exact test.

use crate::query::polygon_geometry::WorldPolygon;

/// The smallest and largest X and Z of a polygon's corners.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct XzBounds {
    min: [f64; 2],
    max: [f64; 2],
}

impl XzBounds {
    /// The box of no corners, which holds nothing.
    pub const EMPTY: XzBounds = XzBounds { min: [f64::INFINITY; 2], max: [f64::NEG_INFINITY; 2] };

    /// The box of `polygon`'s corners.
    pub fn of(polygon: &WorldPolygon) -> XzBounds {
        let mut bounds = XzBounds::EMPTY;
        for c in polygon.corners() {
            bounds.min = [bounds.min[0].min(c[0]), bounds.min[1].min(c[2])];
            bounds.max = [bounds.max[0].max(c[0]), bounds.max[1].max(c[2])];
        }
        bounds
    }

    /// True when a gap (not a shared line) parts the two boxes along X or
    /// Z: then a line parts the polygons inside them, with room on both
    /// sides.
    pub fn apart(&self, other: &XzBounds) -> bool {
        self.max[0] < other.min[0]
            || other.max[0] < self.min[0]
            || self.max[1] < other.min[1]
            || other.max[1] < self.min[1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, z: f64, size: f64) -> XzBounds {
        XzBounds::of(&WorldPolygon::from_corners(&[
            [x, 0.0, z],
            [x + size, 0.0, z],
            [x + size, 0.0, z + size],
            [x, 0.0, z + size],
        ]))
    }

    #[test]
    fn only_a_gap_parts_boxes() {
        let a = square(0.0, 0.0, 2.0);
        assert!(square(2.5, 0.0, 1.0).apart(&a), "a gap along X");
        assert!(a.apart(&square(0.0, -3.0, 1.0)), "a gap along Z");
        assert!(!a.apart(&square(2.0, 0.0, 2.0)), "a shared side");
        assert!(!a.apart(&square(2.0, 2.0, 2.0)), "a shared corner");
        assert!(!a.apart(&square(1.0, 1.0, 2.0)), "overlapping");
        assert!(!a.apart(&square(0.5, 0.5, 1.0)), "one inside the other");
        assert!(square(2.5, 2.5, 1.0).apart(&a), "apart along both");
    }
}
