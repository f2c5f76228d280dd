//! The tiled mesh: tiles in salted slots, the references that name them,
//! and what edits a mesh over time (format text "References", "Streaming";
//! LAYOUT section 8 "Limits" and "Slots"). Links between tiles are the
//! business of [`crate::stitch`]; this folder decides when to stitch.
//!
//! - [`tiled_nav_mesh`]: `TiledNavMesh`, its edits and lookups.
//! - [`tile_slots`], [`poly_ref`]: numbered slots with 24-bit salts, and
//!   `PolyRef`/`TileRef`.
//! - [`tile_streamer`]: `TileStreamer`, queued edits applied per frame.
//! - [`tile_library`]: `TileLibrary`, the tiles a snapshot resolves against.
//! - [`nav_mesh_debug`]: plain debug geometry ("Debug geometry").
//! - `tile_switches.rs`, [`runtime_switches`]: polygon flags and area and
//!   off-mesh links switched at run time, per mesh version.

pub mod nav_mesh_debug;
pub mod poly_ref;
pub mod tile_library;
pub mod tile_slots;
pub mod tile_streamer;
pub mod tiled_nav_mesh;
pub(crate) mod tile_switches;
pub mod runtime_switches;
