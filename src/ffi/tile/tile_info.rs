//! Reading a tile back: its header values and counts, and its vertices,
//! polygons and off-mesh links one at a time by index (`ONAV_E_NOT_FOUND`
//! beyond the count).

use crate::format::params::MAX_VERTS_PER_POLY;
use crate::tile::nav_tile::NavTile;

use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::handle::write_handle_value;
use crate::ffi::tile::nav_tile::OnavTile;
use crate::ffi::tile::tile_data::{OnavOffMeshLink, OnavPolygon, OnavVec3};

/// Capacity of the per-edge arrays of `OnavPolygonInfo`: the largest
/// max_verts_per_poly.
pub const ONAV_MAX_VERTS_PER_POLY: usize = 16;
// cbindgen needs a literal above; this keeps it equal to the parameter rule.
const _: () = assert!(ONAV_MAX_VERTS_PER_POLY == MAX_VERTS_PER_POLY as usize);

/// A tile's header values and array counts.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavTileInfo {
    /// Tile column.
    pub tile_x: i32,
    /// Tile row.
    pub tile_z: i32,
    /// World height the tile's local Y values are relative to.
    pub origin_y: f64,
    /// Layer, 0..1023.
    pub layer: u16,
    /// Number of vertices.
    pub vertex_count: u32,
    /// Number of polygons.
    pub polygon_count: u32,
    /// Number of polygon edges (sum of the polygons' vertex counts).
    pub edge_count: u32,
    /// Number of portal edges.
    pub portal_edge_count: u32,
    /// Number of detail meshes: 0 or polygon_count.
    pub detail_mesh_count: u32,
    /// Number of detail vertices.
    pub detail_vertex_count: u32,
    /// Number of detail triangles.
    pub detail_triangle_count: u32,
    /// Number of off-mesh links.
    pub off_mesh_link_count: u32,
}

/// One polygon with its edges. Entries at and past `polygon.vertex_count`
/// are 0.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavPolygonInfo {
    /// Vertex count, area and flags.
    pub polygon: OnavPolygon,
    /// Per edge: vertex index.
    pub indices: [u32; ONAV_MAX_VERTS_PER_POLY],
    /// Per edge: 0 = no neighbour, k = in-tile polygon k-1.
    pub neighbours: [u32; ONAV_MAX_VERTS_PER_POLY],
    /// Per edge: 0xFF = not a portal, else the tile side 0..3.
    pub portal_sides: [u8; ONAV_MAX_VERTS_PER_POLY],
}

/// A count as the u32 the ONPT header stores it in.
pub(crate) fn count(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}

pub(crate) fn tile_info(tile: &NavTile) -> OnavTileInfo {
    let data = tile.data();
    OnavTileInfo {
        tile_x: tile.tile_x(),
        tile_z: tile.tile_z(),
        origin_y: tile.origin_y(),
        layer: tile.layer(),
        vertex_count: count(data.vertices.len()),
        polygon_count: count(data.polygons.len()),
        edge_count: count(data.indices.len()),
        portal_edge_count: count(tile.portal_edges().count()),
        detail_mesh_count: count(data.detail_meshes.len()),
        detail_vertex_count: count(data.detail_vertices.len()),
        detail_triangle_count: count(data.detail_triangles.len()),
        off_mesh_link_count: count(data.off_mesh_links.len()),
    }
}

fn polygon_info(tile: &NavTile, index: u32) -> Result<OnavPolygonInfo, Failure> {
    let view =
        tile.polygon(index as usize).ok_or_else(|| Failure::not_found("polygon", index, tile.polygon_count()))?;
    let mut info = OnavPolygonInfo {
        polygon: OnavPolygon {
            vertex_count: view.record.vertex_count,
            area: view.record.area,
            flags: view.record.flags,
        },
        ..OnavPolygonInfo::default()
    };
    info.indices[..view.indices.len()].copy_from_slice(view.indices);
    info.neighbours[..view.neighbours.len()].copy_from_slice(view.neighbours);
    info.portal_sides[..view.portal_sides.len()].copy_from_slice(view.portal_sides);
    Ok(info)
}

/// Element `index` of `items`, or `ONAV_E_NOT_FOUND` naming `what`.
pub(crate) fn element<'a, T>(items: &'a [T], index: u32, what: &str) -> Result<&'a T, Failure> {
    items.get(index as usize).ok_or_else(|| Failure::not_found(what, index, items.len()))
}

/// The tile's position and array counts.
///
/// Thread safety: may be called concurrently on the same tile.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_info(tile: *const OnavTile, out: *mut OnavTileInfo, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(tile, "tile", out, err, |tile| Ok(tile_info(&tile.tile))) }
}

/// Tile-local vertex `index`; ONAV_E_NOT_FOUND at or past vertex_count.
///
/// Thread safety: may be called concurrently on the same tile.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_vertex(
    tile: *const OnavTile,
    index: u32,
    out: *mut OnavVec3,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(tile, "tile", out, err, |tile| Ok((*element(tile.tile.vertices(), index, "vertex")?).into()))
    }
}

/// Polygon `index` with its edges; ONAV_E_NOT_FOUND at or past
/// polygon_count.
///
/// Thread safety: may be called concurrently on the same tile.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_polygon(
    tile: *const OnavTile,
    index: u32,
    out: *mut OnavPolygonInfo,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(tile, "tile", out, err, |tile| polygon_info(&tile.tile, index)) }
}

/// Off-mesh link slot `index`; ONAV_E_NOT_FOUND at or past
/// off_mesh_link_count.
///
/// Thread safety: may be called concurrently on the same tile.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_off_mesh_link(
    tile: *const OnavTile,
    index: u32,
    out: *mut OnavOffMeshLink,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(tile, "tile", out, err, |tile| {
            Ok(element(tile.tile.off_mesh_links(), index, "off-mesh link")?.into())
        })
    }
}
