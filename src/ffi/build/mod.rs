//! C functions for [`crate::build`]: the hand-over from C, one tile of 2D
//! build input, and the voxel 3D builder: its input
//! ([`triangle_geometry`]), its progress callback ([`build_progress`]) and
//! its builds ([`build_3d`]); the exact 2D builder ([`build_planar`]).

pub mod build_2d;
pub mod nav_tile_assembler;
pub mod triangle_geometry;
pub mod build_progress;
pub mod build_3d;
pub mod build_planar;
