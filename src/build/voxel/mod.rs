//! The voxel 3D builder (issue 19): level triangles in, validated tiles
//! out, Recast's pipeline rewritten to be deterministic. One stage per
//! file, in pipeline order:
//!
//! - [`geometry`]: `TriangleGeometry`, the checked input.
//! - `cell_settings.rs`: the settings converted to cells.
//! - `walkable_slope.rs`: triangles steeper than AgentMaxSlope block.
//! - `tile_bounds.rs`: the tiles a build covers and their triangles.
//! - `heightfield.rs` and `rasterize.rs` (with `whole_cells.rs` and
//!   `raw_spans.rs`): triangles into a tile's spans, in tile-local
//!   coordinates.
//! - `span_filters.rs`: low obstacles, ledges, low head room.
//! - `compact_heightfield.rs`: walkable floors and their connections.
//! - `erode.rs`: the agent radius; `area_volumes.rs`: convex volumes.
//! - `regions.rs`, `distance_field.rs`, `watershed_regions.rs`,
//!   `monotone_regions.rs`, `layer_regions.rs` (over `region_graph.rs`),
//!   `region_filter.rs`, `region_merge.rs`: the partition.
//! - `tile_layers.rs`: regions over one another split into tile layers.
//! - `contours.rs` and `region_holes.rs`: region outlines, simplified, holes
//!   joined to their outline.
//! - `triangulate.rs` and `poly_mesh.rs`: convex polygons.
//! - `detail_mesh.rs`, with `detail_heights.rs`, `detail_samples.rs` and
//!   `detail_triangulation.rs`: per-polygon height detail.
//! - `hand_over.rs`: `NavTileData` and `NavTile::create`.
//! - `tile_build.rs` and `build_3d.rs`: one tile, and all tiles in parallel,
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
