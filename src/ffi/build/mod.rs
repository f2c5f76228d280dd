//! C functions for [`crate::build`]: the hand-over from C and one tile of
//! 2D build input.

pub mod build_2d;
pub mod nav_tile_assembler;
