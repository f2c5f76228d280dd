//! `NavMeshParams`: the values that tie a mesh's tiles together (format text,
//! "Coordinate rule"; LAYOUT section 1 for the fields, section 7 for the
//! arithmetic, section 8 for the open points).

use crate::error::{NavMeshError, Result};
use crate::tile::coordinate::{check_world, is_within_bound};

/// Largest ratio TileSize / CellSize ("Resolution rule").
pub const MAX_TILE_CELLS: f64 = 8192.0;
/// MaxLocalExtent = 16384 · CellSize ("Resolution rule").
pub const LOCAL_EXTENT_CELLS: f64 = 16384.0;
/// Smallest and largest MaxVertsPerPoly.
pub const MIN_VERTS_PER_POLY: u16 = 3;
pub const MAX_VERTS_PER_POLY: u16 = 16;

/// Mesh parameters, field for field the parameter block of LAYOUT section 1.
/// Plain data: [`NavMeshParams::validate`] checks it as a whole, and every
/// constructor of tiles and meshes calls it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NavMeshParams {
    pub origin_x: f64,
    pub origin_y: f64,
    pub origin_z: f64,
    /// Must be exactly representable as f32.
    pub tile_size: f64,
    pub cell_size: f64,
    pub max_verts_per_poly: u16,
    pub walkable_climb: f32,
    pub agent_radius: f32,
    pub agent_height: f32,
    /// Degrees, 0..=90.
    pub agent_max_slope: f32,
    /// First 8 bytes of the settings digest; 0 for hand-built parameters.
    pub settings_digest: u64,
}

/// Which field broke which rule; [`NavMeshParams::validate`] reports it as an
/// out-of-range error, a block read from bytes as a format error.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamViolation {
    pub field: &'static str,
    pub rule: String,
}

impl std::fmt::Display for ParamViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NavMeshParams.{} {}", self.field, self.rule)
    }
}

fn violation(field: &'static str, rule: String) -> ParamViolation {
    ParamViolation { field, rule }
}

fn check_origin(field: &'static str, value: f64) -> std::result::Result<(), ParamViolation> {
    if is_within_bound(value) {
        Ok(())
    } else {
        Err(violation(field, format!("= {value:?} must be finite and strictly within ±2097152")))
    }
}

fn check_non_negative(field: &'static str, value: f32) -> std::result::Result<(), ParamViolation> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        Err(violation(field, format!("= {value:?} must be finite and >= 0")))
    }
}

impl NavMeshParams {
    /// Every rule of `NavMeshParams.Validate`; the first broken rule, naming
    /// its field.
    pub fn check(&self) -> std::result::Result<(), ParamViolation> {
        check_origin("OriginX", self.origin_x)?;
        check_origin("OriginY", self.origin_y)?;
        check_origin("OriginZ", self.origin_z)?;
        if !(self.cell_size.is_finite() && self.cell_size > 0.0) {
            return Err(violation("CellSize", format!("= {:?} must be finite and > 0", self.cell_size)));
        }
        let tile_size = self.tile_size;
        if !(tile_size.is_finite() && tile_size > 0.0) {
            return Err(violation("TileSize", format!("= {tile_size:?} must be finite and > 0")));
        }
        if (tile_size as f32) as f64 != tile_size {
            return Err(violation("TileSize", format!("= {tile_size:?} is not exactly representable as float32")));
        }
        if tile_size > MAX_TILE_CELLS * self.cell_size {
            return Err(violation(
                "TileSize",
                format!("= {tile_size} exceeds 8192 * CellSize = {}", MAX_TILE_CELLS * self.cell_size),
            ));
        }
        if !(MIN_VERTS_PER_POLY..=MAX_VERTS_PER_POLY).contains(&self.max_verts_per_poly) {
            return Err(violation("MaxVertsPerPoly", format!("= {} must be in 3..=16", self.max_verts_per_poly)));
        }
        check_non_negative("WalkableClimb", self.walkable_climb)?;
        check_non_negative("AgentRadius", self.agent_radius)?;
        check_non_negative("AgentHeight", self.agent_height)?;
        if !(self.agent_max_slope >= 0.0 && self.agent_max_slope <= 90.0) {
            return Err(violation("AgentMaxSlope", format!("= {:?} must be in 0..=90 degrees", self.agent_max_slope)));
        }
        Ok(())
    }

    /// `NavMeshParams.Validate`: an out-of-range error naming the field.
    pub fn validate(&self) -> Result<()> {
        self.check().map_err(|v| NavMeshError::out_of_range(v.to_string()))
    }

    /// MaxLocalExtent = 16384 · CellSize (LAYOUT section 1).
    pub fn max_local_extent(&self) -> f64 {
        LOCAL_EXTENT_CELLS * self.cell_size
    }

    /// The tile boundary coordinate `(float)TileSize` ("Coordinate rule").
    pub fn tile_size_f32(&self) -> f32 {
        self.tile_size as f32
    }

    /// World X/Z of a tile's origin: `OriginX + TileX*TileSize`, product
    /// first, then sum (LAYOUT section 7).
    pub fn tile_origin(&self, tile_x: i32, tile_z: i32) -> (f64, f64) {
        (self.origin_x + (tile_x as f64) * self.tile_size, self.origin_z + (tile_z as f64) * self.tile_size)
    }

    /// WorldToTile (LAYOUT section 7): `floor((x - OriginX) / TileSize)`.
    /// World coordinates outside ±2^21 are an out-of-range error, as is a
    /// column that does not fit the i32 tile coordinates.
    pub fn world_to_tile(&self, x: f64, z: f64) -> Result<(i32, i32)> {
        check_world("x", x)?;
        check_world("z", z)?;
        let column = ((x - self.origin_x) / self.tile_size).floor();
        let row = ((z - self.origin_z) / self.tile_size).floor();
        Ok((tile_index("x", x, column)?, tile_index("z", z, row)?))
    }
}

fn tile_index(name: &str, value: f64, index: f64) -> Result<i32> {
    if index >= i32::MIN as f64 && index <= i32::MAX as f64 {
        Ok(index as i32)
    } else {
        Err(NavMeshError::out_of_range(format!(
            "{name} = {value:?} maps to tile index {index:?}, outside the i32 tile coordinates"
        )))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Parameters of a small grid used across the crate's tests.
    pub fn sample_params() -> NavMeshParams {
        NavMeshParams {
            origin_x: 0.0,
            origin_y: 0.0,
            origin_z: 0.0,
            tile_size: 32.0,
            cell_size: 0.25,
            max_verts_per_poly: 6,
            walkable_climb: 0.5,
            agent_radius: 0.5,
            agent_height: 2.0,
            agent_max_slope: 45.0,
            settings_digest: 0,
        }
    }

    fn field_of_failure(params: NavMeshParams) -> &'static str {
        let v = params.check().unwrap_err();
        let NavMeshError::OutOfRange(message) = params.validate().unwrap_err() else { panic!() };
        assert!(message.contains(v.field), "{message}");
        v.field
    }

    #[test]
    fn sample_is_valid() {
        sample_params().validate().unwrap();
    }

    #[test]
    fn origins_strictly_inside_bound() {
        let mut p = sample_params();
        p.origin_x = 2_097_151.0;
        p.validate().unwrap();
        p.origin_x = 2_097_152.0;
        assert_eq!(field_of_failure(p), "OriginX");
        let mut p = sample_params();
        p.origin_y = f64::NAN;
        assert_eq!(field_of_failure(p), "OriginY");
        let mut p = sample_params();
        p.origin_z = f64::NEG_INFINITY;
        assert_eq!(field_of_failure(p), "OriginZ");
    }

    #[test]
    fn cell_size_positive_finite() {
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let mut p = sample_params();
            p.cell_size = bad;
            assert_eq!(field_of_failure(p), "CellSize");
        }
    }

    #[test]
    fn tile_size_rules() {
        let mut p = sample_params();
        p.tile_size = 0.1; // not a float32
        assert_eq!(field_of_failure(p), "TileSize");
        p.tile_size = 0.1f32 as f64;
        p.validate().unwrap();
        p.tile_size = 8192.0 * 0.25;
        p.validate().unwrap();
        p.tile_size = 8192.0 * 0.25 + 0.5;
        assert_eq!(field_of_failure(p), "TileSize");
        for bad in [0.0, -32.0, f64::NAN, f64::INFINITY] {
            p.tile_size = bad;
            assert_eq!(field_of_failure(p), "TileSize");
        }
    }

    #[test]
    fn max_verts_range() {
        let mut p = sample_params();
        for ok in [3, 16] {
            p.max_verts_per_poly = ok;
            p.validate().unwrap();
        }
        for bad in [0, 2, 17] {
            p.max_verts_per_poly = bad;
            assert_eq!(field_of_failure(p), "MaxVertsPerPoly");
        }
    }

    #[test]
    fn agent_values_non_negative_and_slope_range() {
        let mut p = sample_params();
        p.walkable_climb = 0.0;
        p.agent_radius = 0.0;
        p.agent_height = 0.0;
        p.agent_max_slope = 90.0;
        p.validate().unwrap();
        type Breaker = fn(&mut NavMeshParams);
        let cases: [(Breaker, &str); 6] = [
            (|p| p.walkable_climb = -0.1, "WalkableClimb"),
            (|p| p.agent_radius = f32::NAN, "AgentRadius"),
            (|p| p.agent_height = f32::INFINITY, "AgentHeight"),
            (|p| p.agent_max_slope = 90.5, "AgentMaxSlope"),
            (|p| p.agent_max_slope = -0.5, "AgentMaxSlope"),
            (|p| p.agent_max_slope = f32::NAN, "AgentMaxSlope"),
        ];
        for (break_it, field) in cases {
            let mut p = sample_params();
            break_it(&mut p);
            assert_eq!(field_of_failure(p), field);
        }
    }

    #[test]
    fn local_extent_origin_and_world_to_tile() {
        let mut p = sample_params();
        p.origin_x = -100.0;
        p.origin_z = 10.0;
        assert_eq!(p.max_local_extent(), 4096.0);
        assert_eq!(p.tile_origin(-2, 3), (-164.0, 106.0));
        assert_eq!(p.world_to_tile(-100.0, 10.0).unwrap(), (0, 0));
        assert_eq!(p.world_to_tile(-100.000001, 41.999).unwrap(), (-1, 0));
        assert_eq!(p.world_to_tile(-68.0, 42.0).unwrap(), (1, 1));
        let NavMeshError::OutOfRange(m) = p.world_to_tile(3.0e6, 0.0).unwrap_err() else { panic!() };
        assert!(m.contains("3000000") && m.contains("2097152"), "{m}");
    }
}
