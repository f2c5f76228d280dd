//! The query layer: one [`NavMeshQuery`](crate::NavMeshQuery) per thread over a frozen version
//! of a mesh, a [`QueryFilter`](crate::QueryFilter) of flags and area costs, point queries,
//! the A* corridor search (whole or sliced), the straight path through a
//! corridor, and the local queries: raycast, moves along the surface,
//! circle, neighbourhood and wall searches, wall segments and seeded
//! random points. The cost model is in `docs/QUERIES.md`.
//!
//! World positions go in and come out as `[f64; 3]` and every computation
//! is in f64 over the tile-local f32 values widened, with the determinism
//! rules of the crate: no fused multiply-add, no platform transcendental
//! functions, total orders with index tie-breaks, no hash-order iteration.

pub(crate) mod crossing;
pub mod find_path;
pub mod distance_to_wall;
pub(crate) mod edge_openings;
pub mod local_neighbourhood;
pub(crate) mod local_search;
pub mod move_along_surface;
pub mod nav_mesh_query;
pub mod nearest_poly;
pub(crate) mod node_pool;
pub(crate) mod open_list;
pub(crate) mod polygon_geometry;
pub mod polys_around_circle;
pub mod query_filter;
pub mod query_polygons;
pub mod query_rng;
pub mod query_status;
pub mod sliced_find_path;
pub mod straight_path;
pub mod random_point;
pub mod raycast;
pub mod search_status;
pub(crate) mod segment_xz;
pub mod shortest_path;
pub mod surface_points;
pub mod wall_segments;
pub(crate) mod xz_bounds;
