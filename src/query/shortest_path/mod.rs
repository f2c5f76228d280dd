//! Exact shortest paths over the tiled mesh (issue #20): Polyanya's
//! interval search (Cui, Harabor, Grastien, IJCAI 2017) extended to tile
//! borders where a portal covers part of an edge, several layers (by
//! adjacency), and off-mesh links (a link's departure, once reached, makes
//! a new root at its arrival). `docs/QUERIES.md`, "Exact shortest paths",
//! states what is answered.

pub(crate) mod corners;
pub(crate) mod cut_regions;
pub(crate) mod directed_components;
pub(crate) mod edge_exits;
pub(crate) mod heuristic;
pub(crate) mod interval;
pub(crate) mod mesh_components;
pub(crate) mod polygon_exits;
pub(crate) mod search_frontier;
pub(crate) mod search_node;
pub(crate) mod search_root;
pub mod shortest_path_search;
pub(crate) mod successors;
pub(crate) mod uniform_cost;
pub(crate) mod wall_ends;
