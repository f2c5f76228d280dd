//! The voxel 3D builder (issue 19): level triangles in, validated tiles
//! out, Recast's pipeline rewritten to be deterministic. One stage per
//! file, in pipeline order:
//!
//! - [`geometry`]: `TriangleGeometry`, the checked input.
//! - [`cell_settings`]: the settings converted to cells.
//! - [`walkable_slope`]: triangles steeper than AgentMaxSlope block.
//! - [`tile_bounds`]: the tiles a build covers and their triangles.
//! - [`heightfield`] and [`rasterize`] (with [`whole_cells`] and
//!   [`raw_spans`]): triangles into a tile's spans, in tile-local
//!   coordinates.
//! - [`span_filters`]: low obstacles, ledges, low head room.
//! - [`compact_heightfield`]: walkable floors and their connections.
//! - [`erode`]: the agent radius; [`area_volumes`]: convex volumes.
//! - [`regions`], [`distance_field`], [`watershed_regions`],
//!   [`monotone_regions`], [`layer_regions`] (over [`region_graph`]),
//!   [`region_filter`], [`region_merge`]: the partition.
//! - [`tile_layers`]: regions over one another split into tile layers.
//! - [`contours`] and [`region_holes`]: region outlines, simplified, holes
//!   joined to their outline.
//! - [`triangulate`] and [`poly_mesh`]: convex polygons.
//! - [`detail_mesh`], with [`detail_heights`], [`detail_samples`] and
//!   [`detail_triangulation`]: per-polygon height detail.
//! - [`hand_over`]: `NavTileData` and `NavTile::create`.
//! - [`tile_build`] and [`build_3d`]: one tile, and all tiles in parallel,
//!   reporting to [`build_progress`].

pub mod geometry;

mod area_volumes;
pub(crate) mod build_3d;
pub mod build_progress;
mod cell_settings;
mod compact_heightfield;
mod contours;
mod detail_heights;
mod detail_mesh;
mod detail_samples;
mod detail_triangulation;
mod distance_field;
mod erode;
mod hand_over;
mod heightfield;
mod layer_regions;
mod monotone_regions;
mod poly_mesh;
mod rasterize;
mod raw_spans;
mod region_filter;
mod region_graph;
mod region_holes;
mod region_merge;
mod regions;
mod span_filters;
pub(crate) mod tile_bounds;
mod tile_build;
mod tile_layers;
mod triangulate;
mod walkable_slope;
mod watershed_regions;
mod whole_cells;
