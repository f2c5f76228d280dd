//! `OnavTileData`: the plain-data description of a tile that a C builder
//! fills with pointer + count arrays, and its conversion to `NavTileData`.
//! Record structs mirror the ONPT records of LAYOUT section 3.

use crate::error::NavMeshError;
use crate::tile::tile_data::{DetailMesh, DetailTriangle, NavTileData, OffMeshLinkSlot, Polygon};

use crate::ffi::args::arg_slice;
use crate::ffi::error_out::Failure;

/// A position: tile-local for vertices and link ends.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavVec3 {
    /// X.
    pub x: f32,
    /// Y (height).
    pub y: f32,
    /// Z.
    pub z: f32,
}

/// A polygon record. Its edges follow its predecessors' edges in the
/// per-edge arrays of `OnavTileData`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavPolygon {
    /// 3..max_verts_per_poly.
    pub vertex_count: u8,
    /// 0..63.
    pub area: u8,
    /// Any bits.
    pub flags: u16,
}

/// Where a polygon's detail vertices and triangles lie.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavDetailMesh {
    /// First detail vertex.
    pub vertex_base: u32,
    /// Number of detail vertices.
    pub vertex_count: u32,
    /// First detail triangle.
    pub triangle_base: u32,
    /// Number of detail triangles.
    pub triangle_count: u32,
}

/// A detail triangle: indices below the polygon's vertex count name polygon
/// vertices, the others detail vertices.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavDetailTriangle {
    /// Vertex indices.
    pub indices: [u8; 3],
    /// Edge flags.
    pub edge_flags: u8,
}

/// An off-mesh link slot, tile-local.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavOffMeshLink {
    /// Start point.
    pub start: OnavVec3,
    /// End point.
    pub end: OnavVec3,
    /// Attachment radius, > 0.
    pub radius: f32,
    /// 0..63.
    pub area: u8,
    /// 0 (start to end only) or 1 (both ways).
    pub bidirectional: u8,
    /// Any bits.
    pub flags: u16,
    /// Caller's id, carried unchanged.
    pub user_id: u32,
}

/// One tile's contents as caller-owned arrays (copied by onav_tile_create).
/// An array pointer may be NULL when its count is 0. The three per-edge
/// arrays (indices, neighbours, portal_sides) each hold `edge_count`
/// entries, polygon after polygon; edge k of a polygon runs from its vertex
/// k to vertex k+1 (mod n). Polygons are convex and counter-clockwise with
/// X right and Z up; vertices are tile-local with X and Z in
/// [-TileSize, 2 * TileSize] (see "Geometry" at the top of this header).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OnavTileData {
    /// Tile column.
    pub tile_x: i32,
    /// Tile row.
    pub tile_z: i32,
    /// World height the tile's local Y values are relative to.
    pub origin_y: f64,
    /// Layer, 0..1023.
    pub layer: u16,
    /// Tile-local vertices.
    pub vertices: *const OnavVec3,
    /// Number of vertices.
    pub vertex_count: usize,
    /// Polygon records.
    pub polygons: *const OnavPolygon,
    /// Number of polygons.
    pub polygon_count: usize,
    /// Per edge: index into `vertices`.
    pub indices: *const u32,
    /// Per edge: 0 = no neighbour, k = in-tile polygon k-1.
    pub neighbours: *const u32,
    /// Per edge: 0xFF = not a portal, else the tile side the edge lies on:
    /// 0 = +X (x == (float)TileSize), 1 = +Z (z == (float)TileSize),
    /// 2 = -X (x == 0), 3 = -Z (z == 0), bitwise exact.
    pub portal_sides: *const u8,
    /// Entries in each per-edge array: the sum of the polygons' vertex counts.
    pub edge_count: usize,
    /// None, or one per polygon.
    pub detail_meshes: *const OnavDetailMesh,
    /// Number of detail meshes: 0 or polygon_count.
    pub detail_mesh_count: usize,
    /// Tile-local detail vertices.
    pub detail_vertices: *const OnavVec3,
    /// Number of detail vertices.
    pub detail_vertex_count: usize,
    /// Detail triangles.
    pub detail_triangles: *const OnavDetailTriangle,
    /// Number of detail triangles.
    pub detail_triangle_count: usize,
    /// Off-mesh link slots.
    pub off_mesh_links: *const OnavOffMeshLink,
    /// Number of off-mesh links.
    pub off_mesh_link_count: usize,
}

impl From<OnavVec3> for [f32; 3] {
    fn from(v: OnavVec3) -> Self {
        [v.x, v.y, v.z]
    }
}

impl From<[f32; 3]> for OnavVec3 {
    fn from([x, y, z]: [f32; 3]) -> Self {
        OnavVec3 { x, y, z }
    }
}

impl From<OnavPolygon> for Polygon {
    fn from(p: OnavPolygon) -> Self {
        Polygon { vertex_count: p.vertex_count, area: p.area, flags: p.flags }
    }
}

impl From<OnavDetailMesh> for DetailMesh {
    fn from(m: OnavDetailMesh) -> Self {
        DetailMesh {
            vertex_base: m.vertex_base,
            vertex_count: m.vertex_count,
            triangle_base: m.triangle_base,
            triangle_count: m.triangle_count,
        }
    }
}

impl From<OnavDetailTriangle> for DetailTriangle {
    fn from(t: OnavDetailTriangle) -> Self {
        DetailTriangle { indices: t.indices, edge_flags: t.edge_flags }
    }
}

impl From<&OffMeshLinkSlot> for OnavOffMeshLink {
    fn from(link: &OffMeshLinkSlot) -> Self {
        OnavOffMeshLink {
            start: link.start.into(),
            end: link.end.into(),
            radius: link.radius,
            area: link.area,
            bidirectional: u8::from(link.bidirectional),
            flags: link.flags,
            user_id: link.user_id,
        }
    }
}

/// The link as a `OffMeshLinkSlot`; `bidirectional` must be 0 or 1, as in
/// the ONPT bytes (a format error otherwise).
fn link_slot(index: usize, link: &OnavOffMeshLink) -> Result<OffMeshLinkSlot, NavMeshError> {
    let bidirectional = match link.bidirectional {
        0 => false,
        1 => true,
        other => {
            return Err(NavMeshError::Format(format!("off_mesh_links[{index}]: bidirectional {other} must be 0 or 1")))
        }
    };
    Ok(OffMeshLinkSlot {
        start: link.start.into(),
        end: link.end.into(),
        radius: link.radius,
        area: link.area,
        bidirectional,
        flags: link.flags,
        user_id: link.user_id,
    })
}

/// Copies the `(ptr, count)` array named `name`, converting each record.
///
/// # Safety
/// `ptr` is NULL or points to `count` valid, aligned records.
unsafe fn copy_array<T: Copy, U: From<T>>(ptr: *const T, count: usize, name: &str) -> Result<Vec<U>, Failure> {
    // SAFETY: forwarded from this function's contract.
    Ok(unsafe { arg_slice(ptr, count, name) }?.iter().map(|&record| U::from(record)).collect())
}

/// Copies the caller's arrays into an owned `NavTileData` (not yet checked
/// against the tile rules).
///
/// # Safety
/// Every non-NULL array pointer of `data` points to its count of valid,
/// aligned records.
pub(crate) unsafe fn copy_tile_data(data: &OnavTileData) -> Result<NavTileData, Failure> {
    // SAFETY (every call below): each (pointer, count) pair of `data` is
    // valid as this function requires; NULL with a nonzero count is
    // rejected by arg_slice.
    unsafe {
        let links = arg_slice(data.off_mesh_links, data.off_mesh_link_count, "data->off_mesh_links")?;
        Ok(NavTileData {
            tile_x: data.tile_x,
            tile_z: data.tile_z,
            layer: data.layer,
            origin_y: data.origin_y,
            vertices: copy_array(data.vertices, data.vertex_count, "data->vertices")?,
            polygons: copy_array(data.polygons, data.polygon_count, "data->polygons")?,
            indices: copy_array(data.indices, data.edge_count, "data->indices")?,
            neighbours: copy_array(data.neighbours, data.edge_count, "data->neighbours")?,
            portal_sides: copy_array(data.portal_sides, data.edge_count, "data->portal_sides")?,
            detail_meshes: copy_array(data.detail_meshes, data.detail_mesh_count, "data->detail_meshes")?,
            detail_vertices: copy_array(data.detail_vertices, data.detail_vertex_count, "data->detail_vertices")?,
            detail_triangles: copy_array(data.detail_triangles, data.detail_triangle_count, "data->detail_triangles")?,
            off_mesh_links: links.iter().enumerate().map(|(i, link)| link_slot(i, link)).collect::<Result<_, _>>()?,
        })
    }
}
