//! The C ABI (include/onav.h, generated from this module by cbindgen).
//!
//! The only place with `unsafe`. One concept per file:
//! - [`status`]: status codes and `onav_status_name`.
//! - [`error_out`]: `OnavError` and the internal `Failure` it is filled from.
//! - [`guard`]: the panic boundary every entry point runs through.
//! - [`handle`]: creating and freeing the opaque handles.
//! - [`args`]: NULL-checked pointer arguments; [`buffer`]: size-query byte
//!   and array output.
//! - [`params`]: `OnavParams` and the parameter functions.
//! - [`ids`]: fingerprint and content id structs.
//! - [`tile_data`]: `OnavTileData`, what a C builder fills.
//! - [`tile`]: the `OnavTile` handle; [`tile_info`]: reading a tile back.
//! - [`version`]: `onav_version`; [`test_hooks`]: the panic test hook.
//! - [`mesh`]: the `OnavMesh` handle (new, read, write, clone, free);
//!   [`mesh_edit`]: add, replace, remove; [`mesh_tiles`]: slots and tile
//!   lookups; [`mesh_polygon`]: a polygon by reference; [`mesh_links`]:
//!   `OnavLink` and the link kinds; [`poly_ref`]: reference encode, decode
//!   and validity; [`mesh_debug`]: the `OnavMeshDebug` handle.
//! - [`settings`]: the `OnavSettings` handle, partition, authored links and
//!   `onav_settings_to_params`; [`settings_fields`]: a getter and a
//!   validating setter per scalar field.
//! - [`assembler`]: `onav_tile_assemble` from `OnavTilePolygons`;
//!   [`tile_input_2d`]: `OnavTileInput2d`, one tile of 2D build input.
//! - [`nav_mesh`]: the tier-1 `OnavNavMesh` handle (2D build, ONNM, bridge
//!   to `OnavMesh`); [`nav_world`]: the `OnavNavWorld` handle (ONNW).
//! - [`import`]: importers of other tools' data (Detour, RecastDemo).

mod args;
mod buffer;
pub mod error_out;
mod guard;
mod handle;
pub mod ids;
pub mod import;
pub mod params;
pub mod status;
#[cfg(onav_test_hooks)]
pub mod test_hooks;
pub mod tile;
pub mod tile_data;
pub mod tile_info;
pub mod version;
pub mod mesh;
pub mod mesh_debug;
pub mod mesh_edit;
pub mod mesh_links;
pub mod mesh_polygon;
pub mod mesh_tiles;
pub mod poly_ref;
pub mod assembler;
pub mod nav_mesh;
pub mod nav_world;
pub mod settings;
pub mod settings_fields;
pub mod tile_input_2d;
pub mod snapshot;
pub mod streamer;
pub mod tile_library;
