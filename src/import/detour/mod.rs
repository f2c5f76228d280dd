//! Detour's navigation data (recastnavigation): one tile blob (`DNAV`
//! version 7, what `dtCreateNavMeshData` writes) or RecastDemo's tile-set
//! file (`MSET`, `Sample::saveAll`), with 32-bit or 64-bit polygon
//! references. See `docs/IMPORT_DETOUR.md` for what is read, what is
//! derived and the defaults.
//!
//! One concept per file:
//! - [`reference_size`]: the two polygon-reference widths and how the bytes
//!   decide between them.
//! - [`dnav_blob`]: the bounds-checked reading of one blob into records.
//! - [`mset`]: the tile-set layout: header, `dtNavMeshParams`, tile records.
//! - [`params`]: `NavMeshParams` from `dtNavMeshParams`, a tile header and
//!   the [`options`].
//! - [`boundary_placement`]: tile-local coordinates, portal vertices placed
//!   on the tile boundary within a stated tolerance.
//! - [`off_mesh_slots`]: off-mesh connections as off-mesh link slots.
//! - [`tile_conversion`]: records to `NavTileData` to `NavTile`
//!   ([`read_tile`]).
//! - [`tile_set`]: a whole set ([`read_tile_set`]).

pub mod boundary_placement;
pub mod dnav_blob;
pub mod mset;
pub mod off_mesh_slots;
pub mod options;
pub mod params;
pub mod reference_size;
pub mod tile_conversion;
pub mod tile_set;

pub use dnav_blob::{read_dnav_blob, DnavTile};
pub use options::ImportOptions;
pub use params::{params_for_tile, DetourMeshParams};
pub use reference_size::ReferenceSize;
pub use tile_conversion::{convert_tile, read_tile};
pub use tile_set::{read_tile_set, ImportedTileSet};
