//! Detour's world-space f32 vertices as tile-local f32, with the vertices of
//! portal edges placed exactly on the tile boundary.
//!
//! onav's portal rule is bitwise: a portal vertex lies on 0 or
//! `(float)TileSize`. Recast computes a vertex as `bmin + v * cs` in float,
//! which misses the boundary by rounding (48 * 0.3f = 14.4000006, while
//! (float)14.4 = 14.3999996), and far from the origin by more than any
//! fixed snap: world coordinates near 64 000 carry only 1/256 of a unit.
//! But an edge Detour flags as a portal lies on the boundary its side names
//! by construction, so its vertices are placed there from the flag and the
//! tile's known bounds, provided they lie within the stated tolerance;
//! farther is a format error naming the tile, polygon and edge. Vertices of
//! no portal edge keep their converted position.

use crate::{NavMeshError, NavMeshParams, Result};

/// Where a tile sits: world = origin + local.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TileFrame {
    pub origin_x: f64,
    pub origin_y: f64,
    pub origin_z: f64,
}

impl TileFrame {
    /// The frame of tile (`tile_x`, `tile_z`) whose local heights are
    /// measured from `origin_y`.
    pub fn new(params: &NavMeshParams, tile_x: i32, tile_z: i32, origin_y: f64) -> TileFrame {
        let (origin_x, origin_z) = params.tile_origin(tile_x, tile_z);
        TileFrame { origin_x, origin_y, origin_z }
    }

    /// Local coordinates in f64 (exact differences of f32 world values and
    /// the f64 origin up to one rounding).
    fn local_f64(&self, world: [f32; 3]) -> [f64; 3] {
        [f64::from(world[0]) - self.origin_x, f64::from(world[1]) - self.origin_y, f64::from(world[2]) - self.origin_z]
    }

    /// Tile-local f32 of a world point, -0.0 written as +0.0.
    pub fn local(&self, world: [f32; 3]) -> [f32; 3] {
        self.local_f64(world).map(|c| positive_zero(c as f32))
    }
}

/// `-0.0` becomes `+0.0` (the format keeps the sign bit); every other value
/// is unchanged.
fn positive_zero(value: f32) -> f32 {
    if value == 0.0 {
        0.0
    } else {
        value
    }
}

/// One end of an edge Detour flags as a portal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PortalVertex {
    /// Index into the vertices being placed.
    pub vertex: u32,
    /// Detour's polygon and edge, for the error message.
    pub polygon: usize,
    pub edge: usize,
    /// onav side 0..=3.
    pub side: u8,
}

/// Axis (0 = X, 2 = Z) and boundary coordinate of onav side `side`.
fn boundary_of(side: u8, tile_size: f32) -> (usize, f32) {
    match side {
        0 => (0, tile_size),
        1 => (2, tile_size),
        2 => (0, 0.0),
        _ => (2, 0.0),
    }
}

/// Tile-local vertices of `world`, every portal vertex on its boundary.
/// `tolerance` is in world units; `tile` names the tile in errors.
pub fn place_vertices(
    params: &NavMeshParams,
    frame: &TileFrame,
    world: &[[f32; 3]],
    portals: &[PortalVertex],
    tolerance: f64,
    tile: &str,
) -> Result<Vec<[f32; 3]>> {
    let mut local: Vec<[f32; 3]> = world.iter().map(|&w| frame.local(w)).collect();
    for portal in portals {
        let (axis, boundary) = boundary_of(portal.side, params.tile_size_f32());
        let exact = frame.local_f64(world[portal.vertex as usize])[axis];
        let distance = (exact - f64::from(boundary)).abs();
        // A NaN or infinite vertex has no distance within the tolerance.
        let within = distance <= tolerance;
        if !within {
            return Err(NavMeshError::Format(format!(
                "{tile} polygon {} edge {}: portal vertex at local {} = {exact} lies {distance} from the tile \
                 boundary {} = {boundary}, beyond the boundary tolerance {tolerance}",
                portal.polygon,
                portal.edge,
                axis_name(axis),
                axis_name(axis)
            )));
        }
        local[portal.vertex as usize][axis] = boundary;
    }
    Ok(local)
}

fn axis_name(axis: usize) -> &'static str {
    if axis == 0 {
        "x"
    } else {
        "z"
    }
}
