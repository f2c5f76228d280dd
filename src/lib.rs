//! onav: a tiled navigation-mesh runtime for format version 2
//! (`navmesh-format-v2.txt` and `LAYOUT.md`), with a C ABI in [`ffi`].
//!
//! Module map, one rule of the spec per file:
//! - [`params`], [`param_block`]: `NavMeshParams`, its validation and the
//!   68-byte parameter block (LAYOUT sections 1 and 7).
//! - [`fingerprint`], [`settings_record`]: the build fingerprint and the
//!   settings digest (LAYOUT section 2).
//! - [`tile_data`], [`tile_rules`], [`tile`]: the builder's arrays, the
//!   content rules, and the validated `NavTile`.
//! - [`tile_format`]: the ONPT layout and the tile content id (LAYOUT 3).
//! - [`orientation`]: the exact orientation predicate (LAYOUT 7).
//! - [`tiled_nav_mesh`], [`tile_slots`], [`poly_ref`]: the mesh, its salted
//!   slots and references.
//! - Stitching (format text "Stitching (links)", LAYOUT 7): `tile_stitching`
//!   (what a tile alone gives it), [`portal_stitching`], [`off_mesh_attachment`],
//!   [`off_mesh_index`], [`links`] (tables and link groups), [`stitching`]
//!   (one tile's table from its neighbours), `prefetch` (cache hints).
//! - [`error`]: the one error enum.
//! - [`import`]: importers of other tools' data (Detour tile blobs and
//!   RecastDemo tile sets).

pub mod authored_links;
pub mod build_2d;
pub mod byte_reader;
pub mod coordinate;
pub mod error;
pub mod ffi;
pub mod fingerprint;
pub mod import;
pub mod layout_header;
pub mod nav_mesh;
pub mod nav_mesh_envelope;
pub mod nav_settings;
pub mod nav_settings_codec;
pub mod nav_tile_assembler;
pub mod nav_world;
pub mod off_mesh_link_definition;
pub mod orientation;
pub mod param_block;
pub mod params;
pub mod settings_record;
pub mod tile;
pub mod tile_data;
pub mod tile_format;
pub mod tile_rules;

pub use error::{NavMeshError, Result};
pub use fingerprint::BuildFingerprint;
pub use build_2d::TileInput2d;
pub use nav_mesh::NavMesh;
pub use nav_settings::{NavSettings, Partition};
pub use nav_world::NavWorld;
pub use nav_tile_assembler::{NavTileAssembler, TilePolygons};
pub use params::NavMeshParams;
pub use off_mesh_link_definition::OffMeshLinkDefinition;
pub use settings_record::SettingsRecord;
pub use tile::{NavTile, PolygonView, PortalEdge};
pub use tile_data::{DetailMesh, DetailTriangle, NavTileData, OffMeshLinkSlot, Polygon, NOT_PORTAL};
pub use tile_format::{read_tile, write_tile, TileContentId};
pub mod links;
pub mod mesh_format;
pub mod nav_mesh_debug;
pub mod off_mesh_attachment;
pub mod off_mesh_index;
pub mod poly_ref;
pub mod portal_stitching;
mod prefetch;
#[cfg(test)]
mod test_rng;
pub mod stitching;
pub mod tile_slots;
mod tile_stitching;
pub mod tiled_nav_mesh;
pub use links::{Link, LinkKind};
pub use mesh_format::{read_mesh, read_mesh_into, write_mesh};
pub use nav_mesh_debug::{DebugLink, DebugPolygon, NavMeshDebug};
pub use off_mesh_attachment::Attachment;
pub use poly_ref::{PolyRef, TileRef};
pub use tiled_nav_mesh::TiledNavMesh;
pub mod snapshot;
pub mod tile_library;
pub mod tile_streamer;
pub use tile_library::TileLibrary;
pub use tile_streamer::TileStreamer;
