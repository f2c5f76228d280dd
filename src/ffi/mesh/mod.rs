//! C functions for [`crate::mesh`]: the `OnavMesh` handle and its edits,
//! lookups and references, debug geometry, the streamer and the tile
//! library, and its run-time switches.

pub mod mesh_edit;
pub mod mesh_polygon;
pub mod mesh_tiles;
pub mod nav_mesh_debug;
pub mod poly_ref;
pub mod tile_library;
pub mod tile_streamer;
pub mod tiled_nav_mesh;
pub mod runtime_switches;
