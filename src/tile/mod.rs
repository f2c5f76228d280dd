//! One tile: the arrays a builder fills, every content rule of the format
//! text's "Tile contents and rules" and "Off-mesh link slots", and the
//! validated, immutable `NavTile` the rest of the crate trusts.
//!
//! - [`tile_data`]: `NavTileData` and its records (LAYOUT section 3 shapes).
//! - [`tile_rules`]: the rules, one entry point for builders and readers.
//! - [`nav_tile`]: `NavTile`, a tile that passed them.
//! - [`orientation`]: the exact orientation predicate (LAYOUT section 7).
//! - [`coordinate`]: the "Coordinate rule" for world positions.
//! - [`tile_arrays`]: `TileArrays`, the arrays borrowed from either.
//! - `tile_buffer`, `tile_sections`, `tile_store`: a validated tile's arrays
//!   in one buffer, placed by a section table checked once.

pub mod coordinate;
pub mod nav_tile;
pub mod orientation;
pub mod tile_arrays;
pub(crate) mod tile_buffer;
pub mod tile_data;
pub mod tile_rules;
pub(crate) mod tile_sections;
pub(crate) mod tile_store;

/// `onav::tile::NavTile` was this type's path before the folders.
pub use nav_tile::{NavTile, PolygonView, PortalEdge};
