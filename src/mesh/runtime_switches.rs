//! Run-time switches of a `TiledNavMesh` version: polygon flags and area by
//! PolyRef, off-mesh links enabled or disabled by their tile and index or
//! by user id (issue 25; docs/RUNTIME_SWITCHES.md).
//!
//! Every query and crowd reads these values exactly as if the tile carried
//! them. They are host state, not mesh content: snapshots and envelopes do
//! not hold them, switching never re-stitches, and a tile that is replaced,
//! removed or streamed out takes its switches with it.
//!
//! Cost: the first switch in a tile of a version (or the first after a
//! clone shared the tile's switches) copies that tile's switch table,
//! O(polygons + off-mesh links of the tile); every further switch in the
//! tile is O(1). By user id, every tile is visited: O(tiles + their
//! off-mesh links).

use std::sync::Arc;

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::{PolyRef, TileRef};
use crate::mesh::tile_switches::{is_link_enabled, TileSwitches};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::stitch::stitching::MeshSlot;
use crate::tile::tile_data::MAX_AREA;

impl TiledNavMesh {
    /// The flags queries read for the polygon `poly_ref` names. A null,
    /// stale or out-of-range reference is an invalid-reference error.
    pub fn poly_flags(&self, poly_ref: PolyRef) -> Result<u16> {
        Ok(self.polygon_record(poly_ref).ok_or_else(|| no_polygon(poly_ref))?.flags)
    }

    /// The area queries read for the polygon `poly_ref` names; errors as
    /// [`Self::poly_flags`].
    pub fn poly_area(&self, poly_ref: PolyRef) -> Result<u8> {
        Ok(self.polygon_record(poly_ref).ok_or_else(|| no_polygon(poly_ref))?.area)
    }

    /// Gives the polygon `poly_ref` names these flags in this version (a
    /// door closed by clearing the bit a filter includes). Errors, each
    /// changing nothing: invalid reference for a null, stale or
    /// out-of-range reference.
    pub fn set_poly_flags(&mut self, poly_ref: PolyRef, flags: u16) -> Result<()> {
        let (switches, index) = self.polygon_switches(poly_ref)?;
        switches.set_flags(index, flags);
        Ok(())
    }

    /// Gives the polygon `poly_ref` names this area (0..=63) in this
    /// version, so filters cost it as that area. Errors, each changing
    /// nothing: out of range for an area above 63 (checked first), invalid
    /// reference as in [`Self::set_poly_flags`].
    pub fn set_poly_area(&mut self, poly_ref: PolyRef, area: u8) -> Result<()> {
        if area > MAX_AREA {
            return Err(NavMeshError::out_of_range(format!("area {area} is above the largest area {MAX_AREA}")));
        }
        let (switches, index) = self.polygon_switches(poly_ref)?;
        switches.set_area(index, area);
        Ok(())
    }

    /// True unless off-mesh link `index` of the tile `tile_ref` names is
    /// disabled. Errors: invalid reference for a stale tile reference, out
    /// of range for an index past the tile's off-mesh links.
    pub fn is_off_mesh_link_enabled(&self, tile_ref: TileRef, index: u32) -> Result<bool> {
        let (tile, _, switches) = self.tile_and_links(tile_ref).ok_or_else(|| no_tile(tile_ref))?;
        check_link_index(tile_ref, index, tile.off_mesh_links().len())?;
        Ok(is_link_enabled(switches, index as usize))
    }

    /// Enables or disables off-mesh link `index` of the tile `tile_ref`
    /// names in this version: a disabled link is crossed by no query in
    /// either direction, as if it were not stitched. Errors, each changing
    /// nothing, as [`Self::is_off_mesh_link_enabled`].
    pub fn set_off_mesh_link_enabled(&mut self, tile_ref: TileRef, index: u32, enabled: bool) -> Result<()> {
        let slot = self.slot_to_switch(tile_ref).ok_or_else(|| no_tile(tile_ref))?;
        check_link_index(tile_ref, index, slot.tile.off_mesh_links().len())?;
        switches_of(slot).set_link_enabled(index as usize, enabled);
        Ok(())
    }

    /// Enables or disables every off-mesh link with this user id in the
    /// tiles now in the mesh; returns how many links carry it. This is how
    /// a host re-applies a link's state after its tile streamed back in
    /// (a returning tile starts with every link enabled).
    pub fn set_off_mesh_links_enabled_by_user_id(&mut self, user_id: u32, enabled: bool) -> usize {
        let mut count = 0;
        for slot in self.slots_to_switch() {
            let matching = slot.tile.off_mesh_links().iter().filter(|link| link.user_id == user_id).count();
            if matching == 0 {
                continue;
            }
            let tile = Arc::clone(&slot.tile);
            let switches = switches_of(slot);
            for (index, link) in tile.off_mesh_links().iter().enumerate() {
                if link.user_id == user_id {
                    switches.set_link_enabled(index, enabled);
                }
            }
            count += matching;
        }
        count
    }

    /// The switches of the tile holding `poly_ref`'s polygon, ready to
    /// change, and the polygon's index in the tile.
    fn polygon_switches(&mut self, poly_ref: PolyRef) -> Result<(&mut TileSwitches, usize)> {
        let index = poly_ref.polygon() as usize;
        match self.slot_to_switch(poly_ref.tile_ref()) {
            Some(slot) if index < slot.tile.polygon_count() => Ok((switches_of(slot), index)),
            _ => Err(no_polygon(poly_ref)),
        }
    }
}

/// The slot's switches for changing: created from the tile's own values on
/// the first switch, copied first when a clone shares them.
fn switches_of(slot: &mut MeshSlot) -> &mut TileSwitches {
    let tile = &slot.tile;
    Arc::make_mut(slot.switches.get_or_insert_with(|| Arc::new(TileSwitches::of(tile))))
}

fn check_link_index(tile_ref: TileRef, index: u32, count: usize) -> Result<()> {
    if (index as usize) < count {
        return Ok(());
    }
    Err(NavMeshError::out_of_range(format!(
        "off-mesh link {index} of tile {:#x}: the tile has {count} off-mesh links",
        tile_ref.0
    )))
}

fn no_polygon(poly_ref: PolyRef) -> NavMeshError {
    let (salt, slot, polygon) = poly_ref.decode();
    NavMeshError::invalid_reference(format!(
        "poly_ref {:#x} (salt {salt}, slot {slot}, polygon {polygon}) names no polygon of the mesh",
        poly_ref.0
    ))
}

fn no_tile(tile_ref: TileRef) -> NavMeshError {
    let (salt, slot) = tile_ref.decode();
    NavMeshError::invalid_reference(format!(
        "tile_ref {:#x} (salt {salt}, slot {slot}) names no tile of the mesh",
        tile_ref.0
    ))
}
