//! C functions for [`crate::query`]: the `OnavQuery` handle over one
//! version of a mesh ([`nav_mesh_query`]), the `OnavQueryFilter` plain
//! struct ([`query_filter`]), the statuses a search reports as data
//! ([`query_status`]), point queries ([`nearest_poly`], [`query_polygons`],
//! [`surface_points`]), the path search whole ([`find_path`]) and sliced
//! ([`sliced_find_path`]), and the straight path ([`straight_path`]).

pub mod find_path;
pub mod nav_mesh_query;
pub mod nearest_poly;
pub mod query_filter;
pub mod query_polygons;
pub mod query_status;
pub mod sliced_find_path;
pub mod straight_path;
pub mod surface_points;
