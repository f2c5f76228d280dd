//! C functions for [`crate::query`]: the `OnavQuery` handle over one
//! version of a mesh ([`nav_mesh_query`]), the `OnavQueryFilter` plain
//! struct ([`query_filter`]), the statuses a search reports as data
//! ([`query_status`]), point queries ([`nearest_poly`], [`query_polygons`],
//! [`surface_points`]), the path search whole ([`find_path`]) and sliced
//! ([`sliced_find_path`]), the straight path ([`straight_path`]), and the
//! local queries with their status ([`search_status`]): [`raycast`],
//! [`move_along_surface`], [`polys_around_circle`], [`local_neighbourhood`],
//! [`distance_to_wall`], [`wall_segments`] and [`random_point`]; the exact
//! shortest path ([`shortest_path`]).

pub mod distance_to_wall;
pub mod find_path;
pub mod local_neighbourhood;
pub mod move_along_surface;
pub mod nav_mesh_query;
pub mod nearest_poly;
pub mod polys_around_circle;
pub mod query_filter;
pub mod query_polygons;
pub mod query_status;
pub mod random_point;
pub mod raycast;
pub mod search_status;
pub mod shortest_path;
pub mod sliced_find_path;
pub mod straight_path;
pub mod surface_points;
pub mod wall_segments;
