//! onav: a tiled navigation-mesh runtime for format version 2
//! (`navmesh-format-v2.txt` and `LAYOUT.md`), with a C ABI in [`ffi`].
//!
//! One folder per subsystem, one rule of the spec per file inside it; each
//! folder's `mod.rs` says what it owns and which sections it implements:
//! - [`mod@format`]: the frozen bytes: ONPT, ONPM, ONPS, ONNM, ONNW, the
//!   parameter block, the fingerprint and the settings digest.
//! - [`tile`]: tile data, the tile rules and the validated `NavTile`.
//! - [`mesh`]: `TiledNavMesh`, its salted slots and references, streaming,
//!   the tile library and debug geometry.
//! - [`stitch`]: portal and off-mesh links between tiles.
//! - [`world`]: `NavSettings`, authored links, `NavMesh` and `NavWorld`.
//! - [`build`]: builders and their hand-over to tiles.
//! - [`query`]: `NavMeshQuery`, filters, point queries, paths.
//! - [`crowd`]: `Crowd` and `WorldCrowd` (one crowd per agent class):
//!   agents following paths, avoiding each other (ORCA) and walls, crossing
//!   off-mesh links, stepped deterministically.
//! - [`ffi`]: the C ABI, in folders mirroring these.
//! - [`error`]: the one error enum.
//! - [`import`]: importers of other tools' data (Detour tile blobs and
//!   RecastDemo tile sets).
//!
//! The types a host uses are re-exported here, so `onav::NavTile` and
//! friends do not depend on the folder they live in.

pub mod build;
pub mod crowd;
pub mod error;
pub mod ffi;
pub mod format;
pub mod import;
pub mod mesh;
pub mod query;
pub mod stitch;
pub mod tile;
pub mod world;
#[cfg(test)]
mod test_rng;

pub use build::build_2d::TileInput2d;
pub use build::nav_tile_assembler::{NavTileAssembler, TilePolygons};
pub use build::planar::planar_input::{PlanarOutlines, PlanarRegion, PlanarRing};
pub use build::voxel::build_progress::{BuildControl, ProgressCallback};
pub use build::voxel::geometry::{ConvexVolume, GeometryBounds, TriangleGeometry, UNWALKABLE};
pub use build::voxel::tile_bounds::covered_tiles;
pub use crowd::{
    AgentHandle, AgentParams, AgentState, Crowd, CrowdAgent, CrowdSettings, OffMeshMode, OffMeshTraversal, TurnStyle,
    UpdateFlags, WorldAgentHandle, WorldCrowd,
};
pub use error::{NavMeshError, Result};
pub use format::fingerprint::BuildFingerprint;
pub use format::mesh_format::{read_mesh, read_mesh_into, write_mesh};
pub use format::params::NavMeshParams;
pub use format::settings_record::SettingsRecord;
pub use format::tile_format::{read_tile, write_tile, TileContentId};
pub use mesh::nav_mesh_debug::{DebugLink, DebugPolygon, NavMeshDebug};
pub use mesh::poly_ref::{PolyRef, TileRef};
pub use mesh::tile_library::TileLibrary;
pub use mesh::tile_streamer::TileStreamer;
pub use mesh::tiled_nav_mesh::TiledNavMesh;
pub use query::distance_to_wall::{WallDistance, WallHit};
pub use query::local_neighbourhood::NeighbourPoly;
pub use query::move_along_surface::SurfaceMove;
pub use query::nav_mesh_query::NavMeshQuery;
pub use query::nearest_poly::NearestPoly;
pub use query::polys_around_circle::PolyAround;
pub use query::query_filter::QueryFilter;
pub use query::query_rng::QueryRng;
pub use query::query_status::{PathOutcome, PathStatus, SliceProgress, StraightPathStatus};
pub use query::random_point::{RandomPoint, RandomPointAround};
pub use query::raycast::{RaycastHit, RaycastOptions, RaycastWall};
pub use query::search_status::SearchStatus;
pub use query::shortest_path::shortest_path_search::{ShortestPathOutcome, ShortestPathStatus};
pub use query::straight_path::{
    straight_path_length, CrossingCache, PathCrossings, StraightPathOptions, StraightPathVertex, VertexFlags,
};
pub use query::surface_points::ClosestPoint;
pub use query::wall_segments::WallSegment;
pub use stitch::links::{Link, LinkKind};
pub use stitch::off_mesh_attachment::Attachment;
pub use stitch::polygon_links::PolygonLinks;
pub use tile::nav_tile::{NavTile, PolygonView, PortalEdge};
pub use tile::tile_arrays::TileArrays;
pub use tile::tile_data::{DetailMesh, DetailTriangle, NavTileData, OffMeshLinkSlot, Polygon, NOT_PORTAL};
pub use world::nav_mesh::NavMesh;
pub use world::nav_settings::{NavSettings, Partition};
pub use world::nav_world::NavWorld;
pub use world::off_mesh_link_definition::OffMeshLinkDefinition;

/// The module paths of the flat layout before the subsystem folders
/// (onav 0.1), so code written against them keeps building.
#[doc(hidden)]
pub use {
    build::{build_2d, nav_tile_assembler},
    format::{
        byte_reader, fingerprint, layout_header, mesh_format, nav_mesh_envelope, nav_settings_codec, param_block,
        params, settings_record, snapshot, tile_format,
    },
    mesh::{nav_mesh_debug, poly_ref, tile_library, tile_slots, tile_streamer, tiled_nav_mesh},
    stitch::{links, off_mesh_attachment, off_mesh_index, portal_stitching, stitching},
    tile::{coordinate, orientation, tile_data, tile_rules},
    world::{authored_links, nav_mesh, nav_settings, nav_world, off_mesh_link_definition},
};
