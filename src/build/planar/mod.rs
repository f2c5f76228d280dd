//! The exact 2D builder (issue 22): walkable outlines with holes and
//! obstacles in, convex tiles out, with every step between the lattice and
//! the hand-over done in integers.
//!
//! - [`planar_input`]: the input rings and their validation.
//! - [`lattice`]: the 2^-k lattice and the automatic SnapBits rule.
//! - [`lattice_geometry`]: exact predicates on lattice points.
//! - [`boolean_ops`]: integer union, intersection and difference.
//! - [`free_space`]: walkable minus obstacles, and which region owns what.
//! - [`inward_offset`]: taking the agent radius off free space.
//! - [`tile_cut`]: slicing on tile borders so neighbours' points coincide.
//! - [`clearance_check`]: the cut pieces checked against the obstacles, so
//!   an engine pass that snapped points far is offset again.
//! - [`convex_partition`]: triangulation and Hertel–Mehlhorn merging.
//! - [`convex_regroup`]: three neighbouring convex polygons into two.
//! - [`planar_builder`]: the pipeline, `NavMesh::build_planar`,
//!   `NavWorld::build_planar` and the per-tile rebuild.

pub mod boolean_ops;
pub mod clearance_check;
pub mod convex_partition;
pub mod convex_regroup;
pub mod free_space;
pub mod inward_offset;
pub mod lattice;
pub mod lattice_geometry;
pub mod planar_builder;
pub mod planar_input;
pub mod tile_cut;
