//! C functions for [`crate::tile`]: the tile data a C builder fills, the
//! `OnavTile` handle and reading a tile back.

pub mod nav_tile;
pub mod tile_data;
pub mod tile_info;
