//! What stitching derives from one tile alone (format text "Stitching
//! (links)"; LAYOUT section 7) besides its portal table, which lies in the
//! tile's buffer (see `NavTile`): where its off-mesh links start and end.
//! A tile is validated against the mesh parameters it will join (its
//! fingerprint says which), so all of this is computed once, while the
//! tile's arrays are in cache, and adding a validated tile to a mesh never
//! reads its polygons again.

use crate::format::params::NavMeshParams;
use crate::stitch::off_mesh_attachment::{LinkEnds, TileFootprint};
use crate::stitch::portal_stitching::Column;
use crate::tile::nav_tile::NavTile;

/// The tile's placement in world space is not kept: `TileFootprint::of`
/// derives it from the parameters and the tile's column in a few
/// operations (issue 24: 24 bytes of every tile record); nor are the
/// columns its links end in, which the link ends name (24 bytes more).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TileStitching {
    /// One per off-mesh link, in link order.
    pub link_ends: Box<[LinkEnds]>,
}

impl TileStitching {
    pub fn of(params: &NavMeshParams, tile: &NavTile) -> TileStitching {
        let footprint = TileFootprint::of(params, tile);
        // Collected from an iterator of known length: one exact allocation.
        let link_ends: Box<[LinkEnds]> =
            tile.off_mesh_links().iter().map(|link| LinkEnds::of(params, tile, &footprint, link)).collect();
        TileStitching { link_ends }
    }

    /// The columns the links end in, in link order, a column once for each
    /// link ending in it.
    pub fn end_columns(&self) -> impl Iterator<Item = Column> + '_ {
        self.link_ends.iter().filter_map(|ends| ends.end_column)
    }
}
