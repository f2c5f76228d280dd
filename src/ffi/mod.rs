//! The C ABI (include/onav.h, generated from this module by cbindgen).
//!
//! The only place with `unsafe`. One concept per file:
//! - [`status`]: status codes and `onav_status_name`.
//! - [`error_out`]: `OnavError` and the internal `Failure` it is filled from.
//! - [`guard`]: the panic boundary every entry point runs through.
//! - [`args`]: NULL-checked pointer arguments; [`buffer`]: size-query byte
//!   output.
//! - [`params`]: `OnavParams` and the parameter functions.
//! - [`ids`]: fingerprint and content id structs.
//! - [`tile_data`]: `OnavTileData`, what a C builder fills.
//! - [`tile`]: the `OnavTile` handle; [`tile_info`]: reading a tile back.
//! - [`version`]: `onav_version`; [`test_hooks`]: the panic test hook.

mod args;
mod buffer;
pub mod error_out;
mod guard;
pub mod ids;
pub mod params;
pub mod status;
#[cfg(onav_test_hooks)]
pub mod test_hooks;
pub mod tile;
pub mod tile_data;
pub mod tile_info;
pub mod version;
