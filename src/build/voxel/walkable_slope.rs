//! Walkable-slope marking (Recast's `rcMarkWalkableTriangles`): a triangle
//! is walkable when its unit normal's Y exceeds cos(AgentMaxSlope). Decided
//! once per triangle in world coordinates, so every tile a triangle reaches
//! sees the same decision.

use super::cell_settings::CellSettings;
use super::geometry::{TriangleGeometry, UNWALKABLE};

/// The voxel stages' area code: 0 blocks, area a walks as a + 1.
pub(crate) type AreaCode = u8;
pub(crate) const NULL_AREA: AreaCode = 0;

pub(crate) fn area_code(area: u8) -> AreaCode {
    area + 1
}

/// The polygon area of a walkable code.
pub(crate) fn area_of_code(code: AreaCode) -> u8 {
    code - 1
}

/// The area code of every triangle: null for unwalkable, degenerate or
/// too steep ones, else its area (or the settings' area).
pub(crate) fn triangle_area_codes(geometry: &TriangleGeometry, settings: &CellSettings) -> Vec<AreaCode> {
    (0..geometry.triangles.len())
        .map(|t| {
            let area = geometry.areas.as_ref().map_or(settings.area, |areas| areas[t]);
            if area == UNWALKABLE || !is_walkable_slope(geometry.corners(t), settings.walkable_cos) {
                NULL_AREA
            } else {
                area_code(area)
            }
        })
        .collect()
}

/// normal.y / |normal| > cos, with normal = (v1 - v0) x (v2 - v0) as Recast
/// orients it; written as a product so a zero normal is never walkable.
fn is_walkable_slope(corners: [[f64; 3]; 3], walkable_cos: f64) -> bool {
    let [v0, v1, v2] = corners;
    let e0 = [v1[0] - v0[0], v1[1] - v0[1], v1[2] - v0[2]];
    let e1 = [v2[0] - v0[0], v2[1] - v0[1], v2[2] - v0[2]];
    let normal = [e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2], e0[0] * e1[1] - e0[1] * e1[0]];
    let length = (normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]).sqrt();
    length > 0.0 && normal[1] > walkable_cos * length
}

#[cfg(test)]
mod tests {
    use super::*;

    const COS_45: f64 = std::f64::consts::FRAC_1_SQRT_2;

    #[test]
    fn flat_counter_clockwise_from_above_is_walkable_and_reversed_is_not() {
        let up = [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]];
        assert!(is_walkable_slope(up, COS_45));
        assert!(!is_walkable_slope([up[0], up[2], up[1]], COS_45));
    }

    #[test]
    fn slope_limit_and_degenerate_triangles() {
        let ramp = |rise: f64| [[0.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, rise, 0.0]];
        assert!(is_walkable_slope(ramp(0.9), COS_45));
        assert!(!is_walkable_slope(ramp(1.1), COS_45));
        let line = [[0.0, 0.0, 0.0], [1.0, 0.0, 1.0], [2.0, 0.0, 2.0]];
        assert!(!is_walkable_slope(line, -1.0));
    }
}
