//! Links between tiles (format text "Stitching (links)"; LAYOUT sections 7
//! and 8): portals across tile sides and off-mesh links attached to the
//! polygons at their ends. Everything here reads tiles and returns new
//! tables; the mesh ([`crate::mesh`]) stores them.
//!
//! - [`links`]: link records, per-tile link tables and link groups.
//! - `stored_link`: a link as its table keeps it, packed.
//! - [`polygon_links`]: one polygon's links, read from the table.
//! - `tile_stitching`: what stitching derives from one tile alone.
//! - [`portal_stitching`]: portal links and their 1/255 ranges.
//! - [`off_mesh_attachment`], [`off_mesh_index`]: where off-mesh links
//!   attach, and which tiles' links end in which columns.
//! - [`stitching`]: one tile's table computed from its neighbours.
//! - `prefetch`: cache hints for the tables an edit is about to read.

pub mod links;
pub mod off_mesh_attachment;
pub mod off_mesh_index;
pub mod polygon_links;
pub mod portal_stitching;
pub(crate) mod prefetch;
pub mod stitching;
pub(crate) mod stored_link;
pub(crate) mod tile_stitching;
