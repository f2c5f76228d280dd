//! `NavTileData`: the plain, owned arrays a builder fills (format text "Tile
//! contents and rules"; record shapes of LAYOUT section 3). Nothing here is
//! trusted until [`crate::NavTile::create`] has validated it.

/// Marks an edge that is not a portal in [`NavTileData::portal_sides`].
pub const NOT_PORTAL: u8 = 0xFF;
/// Largest tile layer.
pub const MAX_LAYER: u16 = 1023;
/// Largest polygon area value.
pub const MAX_AREA: u8 = 63;
/// Most polygons one tile may hold (2^20).
pub const MAX_POLYGONS: usize = 1 << 20;

/// Per-polygon record: vertex count, area and flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Polygon {
    /// 3..=MaxVertsPerPoly; the polygon's edges follow its predecessors' in
    /// the per-edge arrays.
    pub vertex_count: u8,
    /// 0..=63.
    pub area: u8,
    pub flags: u16,
}

/// Where a polygon's detail vertices and triangles lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DetailMesh {
    pub vertex_base: u32,
    pub vertex_count: u32,
    pub triangle_base: u32,
    pub triangle_count: u32,
}

/// A detail triangle: three indices (below the polygon's vertex count they
/// name polygon vertices, above it detail vertices) and edge flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DetailTriangle {
    pub indices: [u8; 3],
    pub edge_flags: u8,
}

/// An off-mesh link slot in tile-local coordinates ("Off-mesh link slots").
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct OffMeshLinkSlot {
    pub start: [f32; 3],
    pub end: [f32; 3],
    /// > 0.
    pub radius: f32,
    /// 0..=63.
    pub area: u8,
    pub bidirectional: bool,
    pub flags: u16,
    pub user_id: u32,
}

/// One tile's contents as plain arrays. Edge arrays (`indices`,
/// `neighbours`, `portal_sides`) hold one entry per polygon edge, polygon
/// after polygon; edge k of a polygon runs from its vertex k to k+1 (mod n).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NavTileData {
    pub tile_x: i32,
    pub tile_z: i32,
    /// 0..=1023.
    pub layer: u16,
    /// World height the tile's local Y values are relative to.
    pub origin_y: f64,
    /// Tile-local x, y, z.
    pub vertices: Vec<[f32; 3]>,
    pub polygons: Vec<Polygon>,
    /// Vertex index per edge.
    pub indices: Vec<u32>,
    /// Per edge: 0 = none, k = in-tile polygon k-1.
    pub neighbours: Vec<u32>,
    /// Per edge: [`NOT_PORTAL`] or the side 0..=3.
    pub portal_sides: Vec<u8>,
    /// Empty, or one per polygon.
    pub detail_meshes: Vec<DetailMesh>,
    pub detail_vertices: Vec<[f32; 3]>,
    pub detail_triangles: Vec<DetailTriangle>,
    pub off_mesh_links: Vec<OffMeshLinkSlot>,
}
