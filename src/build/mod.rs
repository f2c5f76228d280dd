//! Builders: from input geometry to validated tiles (format text
//! "Hand-over from builders"). Every builder ends in the hand-over.
//!
//! - [`nav_tile_assembler`]: `NavTileAssembler`, world-space polygons cut
//!   to one tile become a validated `NavTile`.
//! - [`build_2d`]: the 2D path, tiles of convex polygons through the
//!   hand-over with their authored links baked in.
//! - [`voxel`]: the 3D path, level triangles voxelized into tiles.
//! - [`planar`]: the exact 2D builder, outlines and obstacles to tiles.

pub mod build_2d;
pub mod nav_tile_assembler;
pub mod voxel;
pub mod planar;
