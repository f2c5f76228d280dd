//! What stitching derives from one tile alone (format text "Stitching
//! (links)"; LAYOUT section 7) besides its portal table, which lies in the
//! tile's buffer (see `NavTile`): where its off-mesh links start and end.
//! A tile is validated against the mesh parameters it will join (its
//! fingerprint says which), so all of this is computed once, while the
//! tile's arrays are in cache, and adding a validated tile to a mesh never
//! reads its polygons again.

use crate::stitch::off_mesh_attachment::{LinkEnds, TileFootprint};
use crate::format::params::NavMeshParams;
use crate::stitch::portal_stitching::Column;
use crate::tile::nav_tile::NavTile;

/// The tile's placement in world space is not kept: `TileFootprint::of`
/// derives it from the parameters and the tile's column in a few
/// operations (issue 24: 24 bytes of every tile record).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TileStitching {
    /// One per off-mesh link, in link order.
    pub link_ends: Box<[LinkEnds]>,
    /// The distinct columns the links end in, ascending.
    pub end_columns: Vec<Column>,
}

impl TileStitching {
    pub fn of(params: &NavMeshParams, tile: &NavTile) -> TileStitching {
        let footprint = TileFootprint::of(params, tile);
        // Collected from an iterator of known length: one exact allocation.
        let link_ends: Box<[LinkEnds]> =
            tile.off_mesh_links().iter().map(|link| LinkEnds::of(params, tile, &footprint, link)).collect();
        // Sized once for every link, so it never grows while filled.
        let mut end_columns: Vec<Column> = Vec::with_capacity(link_ends.len());
        end_columns.extend(link_ends.iter().filter_map(|e| e.end_column));
        end_columns.sort_unstable();
        end_columns.dedup();
        TileStitching { link_ends, end_columns }
    }
}
