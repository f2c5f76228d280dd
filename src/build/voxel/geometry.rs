//! `TriangleGeometry`: the voxel builder's input, level triangles in world
//! space, checked once at the boundary so no later stage meets a bad value.

use crate::error::{NavMeshError, Result};
use crate::tile::coordinate::check_world;
use crate::tile::tile_data::MAX_AREA;

/// A per-triangle area that blocks the agent but is never walked on (the
/// voxel builder's null area; every other area is 0..=63).
pub const UNWALKABLE: u8 = 0xFF;

/// Triangles in world units: f64 x, y (up), z per vertex, three vertex
/// indices per triangle, and optionally an area per triangle.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TriangleGeometry {
    /// World x, y, z per vertex, each strictly within ±2^21.
    pub vertices: Vec<[f64; 3]>,
    /// Vertex indices per triangle, each below the vertex count.
    pub triangles: Vec<[u32; 3]>,
    /// Area per triangle (0..=63, or [`UNWALKABLE`]); `NavSettings::area`
    /// for every walkable triangle when `None`. A triangle steeper than
    /// AgentMaxSlope is unwalkable whatever its area.
    pub areas: Option<Vec<u8>>,
    /// Volumes that give the walkable floor inside them their area, applied
    /// in order after erosion (a later volume wins).
    pub volumes: Vec<ConvexVolume>,
}

/// A prism standing on an outline in x/z (Recast's convex volume): walkable
/// floors whose cell centre lies inside the outline and whose height lies
/// within `min_y..=max_y` take `area` (0..=63, or [`UNWALKABLE`] to block).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConvexVolume {
    /// World (x, z) of the outline, at least 3 points, either winding.
    pub points: Vec<[f64; 2]>,
    pub min_y: f64,
    pub max_y: f64,
    pub area: u8,
}

/// World-space box of the triangles' vertices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeometryBounds {
    pub min: [f64; 3],
    pub max: [f64; 3],
}

impl TriangleGeometry {
    pub fn new(vertices: Vec<[f64; 3]>, triangles: Vec<[u32; 3]>) -> TriangleGeometry {
        TriangleGeometry { vertices, triangles, ..Default::default() }
    }

    /// Every rule of the input: at least one triangle (out of range),
    /// vertices inside the coordinate rule (out of range naming
    /// `vertices[i].axis`), indices below the vertex count and one area per
    /// triangle (format errors naming the entry), areas 0..=63 or
    /// [`UNWALKABLE`] (out of range naming `areas[i]`), and volumes of at
    /// least 3 points inside the coordinate rule with min_y <= max_y and a
    /// valid area (errors naming `volumes[i]`).
    pub fn validate(&self) -> Result<()> {
        if self.triangles.is_empty() {
            return Err(NavMeshError::out_of_range("TriangleGeometry.triangles: 0 entries, at least 1 needed"));
        }
        for (i, vertex) in self.vertices.iter().enumerate() {
            for (axis, &value) in ["x", "y", "z"].iter().zip(vertex) {
                check_world(&format!("TriangleGeometry.vertices[{i}].{axis}"), value)?;
            }
        }
        let vertex_count = self.vertices.len();
        for (t, triangle) in self.triangles.iter().enumerate() {
            if let Some((k, index)) = triangle.iter().enumerate().find(|(_, &v)| v as usize >= vertex_count) {
                return Err(NavMeshError::format(format!(
                    "TriangleGeometry.triangles[{t}][{k}] = {index} beyond {vertex_count} vertices"
                )));
            }
        }
        if let Some(areas) = &self.areas {
            if areas.len() != self.triangles.len() {
                return Err(NavMeshError::format(format!(
                    "TriangleGeometry.areas: {} entries for {} triangles",
                    areas.len(),
                    self.triangles.len()
                )));
            }
            if let Some((i, area)) = areas.iter().enumerate().find(|(_, &a)| a > MAX_AREA && a != UNWALKABLE) {
                return Err(NavMeshError::out_of_range(format!(
                    "TriangleGeometry.areas[{i}] = {area} is neither 0..={MAX_AREA} nor UNWALKABLE ({UNWALKABLE})"
                )));
            }
        }
        for (i, volume) in self.volumes.iter().enumerate() {
            volume.validate(i)?;
        }
        Ok(())
    }

    /// The box of every vertex a triangle uses; call after `validate`.
    pub fn bounds(&self) -> GeometryBounds {
        let mut bounds = GeometryBounds { min: [f64::INFINITY; 3], max: [f64::NEG_INFINITY; 3] };
        for triangle in &self.triangles {
            for &index in triangle {
                let vertex = self.vertices[index as usize];
                for (axis, &value) in vertex.iter().enumerate() {
                    bounds.min[axis] = bounds.min[axis].min(value);
                    bounds.max[axis] = bounds.max[axis].max(value);
                }
            }
        }
        bounds
    }

    /// The three vertices of triangle `t`.
    pub(crate) fn corners(&self, t: usize) -> [[f64; 3]; 3] {
        self.triangles[t].map(|index| self.vertices[index as usize])
    }
}

impl ConvexVolume {
    /// The rules of [`TriangleGeometry::validate`] for the volume at
    /// `index`, whose errors name `volumes[index]`.
    pub(crate) fn validate(&self, index: usize) -> Result<()> {
        let name = format!("TriangleGeometry.volumes[{index}]");
        if self.points.len() < 3 {
            return Err(NavMeshError::format(format!("{name}: {} points, at least 3 needed", self.points.len())));
        }
        for (k, point) in self.points.iter().enumerate() {
            check_world(&format!("{name}.points[{k}].x"), point[0])?;
            check_world(&format!("{name}.points[{k}].z"), point[1])?;
        }
        check_world(&format!("{name}.min_y"), self.min_y)?;
        check_world(&format!("{name}.max_y"), self.max_y)?;
        if self.min_y > self.max_y {
            return Err(NavMeshError::out_of_range(format!("{name}: min_y {} above max_y {}", self.min_y, self.max_y)));
        }
        if self.area > MAX_AREA && self.area != UNWALKABLE {
            return Err(NavMeshError::out_of_range(format!(
                "{name}: area {} is neither 0..={MAX_AREA} nor UNWALKABLE ({UNWALKABLE})",
                self.area
            )));
        }
        Ok(())
    }
}
