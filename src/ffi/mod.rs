//! The C ABI (include/onav.h, generated from this module by cbindgen).
//!
//! The only place with `unsafe` besides the prefetch hints of
//! `stitch/prefetch.rs`. The folders mirror the crate's, so the C function
//! for a Rust type sits in the mirror of that type's folder:
//! - [`mod@format`]: `OnavParams` and the parameter functions ([`format::params`]),
//!   fingerprint and content id structs ([`format::ids`]), ONPS snapshots
//!   ([`format::snapshot`]).
//! - [`tile`]: `OnavTileData`, what a C builder fills; the `OnavTile` handle
//!   ([`tile::nav_tile`]) and reading a tile back ([`tile::tile_info`]).
//! - [`mesh`]: the `OnavMesh` handle ([`mesh::tiled_nav_mesh`]: new, read,
//!   write, clone, free); add, replace, remove ([`mesh::mesh_edit`]); slots
//!   and tile lookups ([`mesh::mesh_tiles`]); a polygon by reference
//!   ([`mesh::mesh_polygon`]); reference encode, decode and validity
//!   ([`mesh::poly_ref`]); `OnavMeshDebug` ([`mesh::nav_mesh_debug`]);
//!   `OnavStreamer` ([`mesh::tile_streamer`]) and `OnavTileLibrary`
//!   ([`mesh::tile_library`]).
//! - [`stitch`]: `OnavLink` and the link kinds ([`stitch::links`]).
//! - [`world`]: the `OnavSettings` handle with partition, authored links and
//!   `onav_settings_to_params` ([`world::nav_settings`]) and a getter and a
//!   validating setter per scalar field ([`world::nav_settings_fields`]);
//!   the tier-1 `OnavNavMesh` ([`world::nav_mesh`]) and `OnavNavWorld`
//!   ([`world::nav_world`]).
//! - [`build`]: `onav_tile_assemble` from `OnavTilePolygons`
//!   ([`build::nav_tile_assembler`]); `OnavTileInput2d`, one tile of 2D
//!   build input ([`build::build_2d`]); the voxel 3D builder: `OnavTriangleGeometry`
//!   ([`build::triangle_geometry`]), the progress callback run on the
//!   calling thread ([`build::build_progress`]) and the mesh, world and
//!   tile builds ([`build::build_3d`]).
//! - [`import`]: importers of other tools' data (Detour, RecastDemo).
//! - [`query`]: the `OnavQuery` handle over one version of a mesh
//!   ([`query::nav_mesh_query`]), `OnavQueryFilter` ([`query::query_filter`]),
//!   point queries, the path search whole and sliced, and the straight path.
//! - [`crowd`]: the `OnavCrowd` handle over one version of a mesh and the
//!   `OnavWorldCrowd` one (a crowd per class of an `OnavNavWorld`), their
//!   agent requests, `OnavCrowdSettings`, `OnavAgentParams`, the agent
//!   handles and `OnavAgentState` read for every agent in one call.
//!
//! What every entry point shares stays at this level:
//! - [`status`]: status codes and `onav_status_name`.
//! - [`error_out`]: `OnavError` and the internal `Failure` it is filled from.
//! - `guard`: the panic boundary every entry point runs through.
//! - `handle`: creating and freeing the opaque handles.
//! - `args`: NULL-checked pointer arguments; `buffer`: size-query byte and
//!   array output.
//! - [`version`]: `onav_version`; `test_hooks`: the panic test hook.

mod args;
mod buffer;
pub mod error_out;
mod guard;
mod handle;
pub mod status;
#[cfg(onav_test_hooks)]
pub mod test_hooks;
pub mod version;

// cbindgen writes the header in the order it meets these modules, so the
// header reads subsystem by subsystem in the crate's dependency order.
pub mod format;
pub mod tile;
pub mod mesh;
pub mod stitch;
pub mod world;
pub mod build;
pub mod import;
pub mod query;
pub mod crowd;
