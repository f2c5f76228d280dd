//! Detour's off-mesh connections as onav off-mesh link slots. Detour keeps
//! a connection twice: a two-vertex polygon (its area and flags) after the
//! ground polygons, and a `dtOffMeshConnection` record (end points, radius,
//! direction, user id). onav has no such polygons: the slot carries all of
//! it, and stitching attaches its ends to polygons.

use crate::{NavMeshError, OffMeshLinkSlot, Result};

use super::boundary_placement::TileFrame;
use super::dnav_blob::DnavTile;

/// `DT_POLYTYPE_OFFMESH_CONNECTION`.
const OFF_MESH_POLYGON_TYPE: u8 = 1;
/// `DT_OFFMESH_CON_BIDIR`, the only flag Detour defines.
const BIDIRECTIONAL: u8 = 1;

/// One slot per connection, in connection order, end points in the tile's
/// frame.
pub fn off_mesh_slots(tile: &DnavTile, frame: &TileFrame) -> Result<Vec<OffMeshLinkSlot>> {
    let name = tile.name();
    let base = tile.header.off_mesh_base;
    tile.off_mesh_connections
        .iter()
        .enumerate()
        .map(|(i, connection)| {
            let fail = |rule: String| NavMeshError::Format(format!("{name} off-mesh connection {i}: {rule}"));
            let polygon_index = base + i;
            if usize::from(connection.polygon) != polygon_index {
                return Err(fail(format!(
                    "poly {} is not {polygon_index}, the off-mesh polygon of its position",
                    connection.polygon
                )));
            }
            let polygon = &tile.polygons[polygon_index];
            if polygon.polygon_type() != OFF_MESH_POLYGON_TYPE || polygon.vertex_count != 2 {
                return Err(fail(format!(
                    "polygon {polygon_index} has type {} and {} vertices, not an off-mesh polygon's type 1 and 2",
                    polygon.polygon_type(),
                    polygon.vertex_count
                )));
            }
            if connection.flags & !BIDIRECTIONAL != 0 {
                return Err(fail(format!("flags {:#04x} set bits other than DT_OFFMESH_CON_BIDIR", connection.flags)));
            }
            let p = connection.endpoints;
            Ok(OffMeshLinkSlot {
                start: frame.local([p[0], p[1], p[2]]),
                end: frame.local([p[3], p[4], p[5]]),
                radius: connection.radius,
                area: polygon.area(),
                bidirectional: connection.flags & BIDIRECTIONAL != 0,
                flags: polygon.flags,
                user_id: connection.user_id,
            })
        })
        .collect()
}
