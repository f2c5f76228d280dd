//! `TiledNavMesh`: salted tile slots, edits, lookups and incremental
//! stitching (format text "References" and "Stitching (links)"; LAYOUT
//! sections 7 and 8).
//!
//! Tiles are immutable and shared (`Arc<NavTile>`), and every per-slot table
//! is Arc-shared, so `clone` copies no tile or link data: a host can hand a
//! frozen clone to query threads while it edits the next version, and an
//! edit copies only the tables it changes.

use std::collections::hash_map::Entry;
use std::sync::Arc;

use crate::error::{NavMeshError, Result};
use crate::format::fingerprint::BuildFingerprint;
use crate::format::params::NavMeshParams;
use crate::format::tile_format::read_tile_checked;
use crate::mesh::poly_ref::{PolyRef, TileRef};
use crate::mesh::tile_slots::TileSlots;
use crate::mesh::tile_switches::{effective_record, switched_view, TileSwitches};
use crate::stitch::links::{LinkGroups, TileLinks};
use crate::stitch::off_mesh_attachment::Attachment;
use crate::stitch::off_mesh_index::{ColumnMap, OffMeshIndex};
use crate::stitch::polygon_links::PolygonLinks;
use crate::stitch::portal_stitching::{neighbour_column, opposite_side, Column};
use crate::stitch::stitching::{reverse_link_ends, MeshSlot, Mirrors, Scratch, StitchView, NO_SLOT};
use crate::tile::nav_tile::{NavTile, PolygonView};
use crate::tile::tile_data::Polygon;

/// A grid of tiles in numbered, salted slots, with their stitched links.
#[derive(Debug, Clone)]
pub struct TiledNavMesh {
    params: NavMeshParams,
    fingerprint: BuildFingerprint,
    slots: TileSlots<MeshSlot>,
    /// First slot of each column; the chain runs by ascending layer.
    columns: ColumnMap<u32>,
    off_mesh: OffMeshIndex,
    /// Buffers for stitching, kept across edits from the first on (a
    /// clone starts empty). Boxed so an edit moves them out and back as a
    /// pointer: moving the buffers themselves (three copies of some 300
    /// bytes and the drop of the empty set left behind) was 4% of adding
    /// a tile to the flat grid (issue 24).
    scratch: Option<Box<Scratch>>,
}

impl TiledNavMesh {
    /// An empty mesh; `params` must pass `NavMeshParams::validate`.
    pub fn new(params: NavMeshParams) -> Result<TiledNavMesh> {
        params.validate()?;
        Ok(TiledNavMesh {
            params,
            fingerprint: BuildFingerprint::of(&params),
            slots: TileSlots::default(),
            columns: ColumnMap::default(),
            off_mesh: OffMeshIndex::default(),
            scratch: None,
        })
    }

    /// A mesh with exactly these slots (salts, and tiles where occupied),
    /// stitched once. The caller checked the fingerprints and that no two
    /// tiles share a position.
    pub(crate) fn restore(params: NavMeshParams, salts: Vec<u32>, tiles: Vec<Option<Arc<NavTile>>>) -> TiledNavMesh {
        let mut mesh = TiledNavMesh::new(params).expect("parameters read from a validated block");
        let items = tiles.into_iter().map(|tile| Some(MeshSlot::unstitched(tile?, NO_SLOT, Arc::default()))).collect();
        mesh.slots = TileSlots::restore(salts, items);
        let occupied: Vec<u32> = mesh.slots.occupied().map(|(s, _)| s).collect();
        mesh.columns.reserve(occupied.len());
        let mut owners = Vec::new();
        for &slot in &occupied {
            mesh.link_into_column(slot);
            let tile = Arc::clone(&mesh.slot(slot).tile);
            if !tile.off_mesh_links().is_empty() {
                mesh.off_mesh.insert(slot, tile.stitching().end_columns());
                owners.push((slot, None));
            }
        }
        let mut scratch = Scratch::default();
        mesh.reattach(&owners, &mut Vec::new(), &mut scratch);
        mesh.rebuild_links(&occupied, &mut scratch);
        mesh
    }

    pub fn params(&self) -> &NavMeshParams {
        &self.params
    }

    /// The fingerprint every tile of this mesh must carry.
    pub fn fingerprint(&self) -> BuildFingerprint {
        self.fingerprint
    }

    /// Slots ever created (free ones included).
    pub fn slot_count(&self) -> u32 {
        self.slots.slot_count()
    }

    /// Tiles in the mesh.
    pub fn tile_count(&self) -> usize {
        self.slots.occupied_count()
    }

    /// The current salt of `slot`, free or not.
    pub fn slot_salt(&self, slot: u32) -> Option<u32> {
        self.slots.salt(slot)
    }

    /// Every slot's salt, in slot order.
    pub fn salts(&self) -> &[u32] {
        self.slots.salts()
    }

    /// Adds a tile at its position, in the lowest free slot. Errors, each
    /// leaving the mesh unchanged: fingerprint (checked first), an occupied
    /// position or every slot in use (invalid operation).
    pub fn add_tile(&mut self, tile: impl Into<Arc<NavTile>>) -> Result<TileRef> {
        let tile = tile.into();
        tile.check_fingerprint(&self.fingerprint)?;
        start_loading_portals(&tile);
        let (slot, alone) = self.occupy_slot(&tile)?;
        self.off_mesh.insert(slot, tile.stitching().end_columns());
        let column = tile.column();
        if alone && tile.off_mesh_links().is_empty() && self.off_mesh.owners_ending_in(column).is_empty() {
            self.stitch_beside_neighbours(slot);
        } else {
            self.restitch_after_edit(column, slot, Edit::Added);
        }
        Ok(self.tile_ref_of(slot))
    }

    /// ONPT bytes read against this mesh's parameters, then [`Self::add_tile`].
    pub fn add_tile_bytes(&mut self, bytes: &[u8]) -> Result<TileRef> {
        let tile = read_tile_checked(&self.params, &self.fingerprint, bytes)?;
        self.add_tile(tile)
    }

    /// Replaces the tile at the new tile's position, keeping its slot and
    /// advancing the slot's salt, so every reference to the old tile becomes
    /// stale. Errors, each leaving the mesh unchanged: fingerprint (checked
    /// first), no tile at that position (invalid operation).
    pub fn replace_tile(&mut self, tile: impl Into<Arc<NavTile>>) -> Result<TileRef> {
        let tile = tile.into();
        tile.check_fingerprint(&self.fingerprint)?;
        let slot = self.occupied_slot_at(tile.tile_x(), tile.tile_z(), tile.layer(), "replace")?;
        let next_in_column = self.slot(slot).next_in_column;
        let table = self.scratch().empty_table();
        let old = self.slots.replace(slot, MeshSlot::unstitched(Arc::clone(&tile), next_in_column, table));
        self.off_mesh.remove(slot, old.tile.stitching().end_columns());
        self.off_mesh.insert(slot, tile.stitching().end_columns());
        self.restitch_after_edit(tile.column(), slot, Edit::Replaced { old: &old });
        self.scratch().keep_spare(old.links);
        Ok(self.tile_ref_of(slot))
    }

    /// ONPT bytes read against this mesh's parameters, then [`Self::replace_tile`].
    pub fn replace_tile_bytes(&mut self, bytes: &[u8]) -> Result<TileRef> {
        let tile = read_tile_checked(&self.params, &self.fingerprint, bytes)?;
        self.replace_tile(tile)
    }

    /// Removes the tile at a position and returns the reference it had; the
    /// slot's salt advances and the slot becomes free. No tile there is an
    /// invalid-operation error.
    pub fn remove_tile(&mut self, tile_x: i32, tile_z: i32, layer: u16) -> Result<TileRef> {
        let column = (tile_x, tile_z);
        let slot = self.unlink_from_column(column, layer).ok_or_else(|| no_tile_at("remove", column, layer))?;
        let removed = self.tile_ref_of(slot);
        let old = self.slots.remove(slot);
        // A tile without off-mesh links has no attachments: asking the slot
        // spares reading the tile record, in a large mesh a cache miss.
        if old.attachments().is_empty() && self.off_mesh.owners_ending_in(column).is_empty() {
            self.unlink_portal_neighbours(&old, removed);
        } else {
            self.off_mesh.remove(slot, old.tile.stitching().end_columns());
            self.restitch_after_edit(column, slot, Edit::Removed { old: &old, old_ref: removed });
        }
        self.scratch().keep_spare(old.links);
        Ok(removed)
    }

    /// Removes every layer of a column, lowest first, each as one removal;
    /// returns the references the tiles had (empty for an empty column).
    pub fn remove_column(&mut self, tile_x: i32, tile_z: i32) -> Vec<TileRef> {
        let layers: Vec<u16> = self.column_tiles(tile_x, tile_z).map(|(_, t)| t.layer()).collect();
        layers
            .into_iter()
            .map(|layer| self.remove_tile(tile_x, tile_z, layer).expect("layer listed in the column"))
            .collect()
    }

    /// The tile at a position and its reference.
    pub fn tile_at(&self, tile_x: i32, tile_z: i32, layer: u16) -> Option<(TileRef, &Arc<NavTile>)> {
        let slot = self.slot_at(tile_x, tile_z, layer)?;
        Some((self.tile_ref_of(slot), &self.slot(slot).tile))
    }

    /// The tiles of a column, lowest layer first.
    pub fn column_tiles(&self, tile_x: i32, tile_z: i32) -> impl Iterator<Item = (TileRef, &Arc<NavTile>)> + '_ {
        self.view().column_slots((tile_x, tile_z)).map(|s| (self.tile_ref_of(s), &self.slot(s).tile))
    }

    /// The column under a world position (WorldToTile); coordinates beyond
    /// ±2^21 are an out-of-range error.
    pub fn column_at_world(&self, x: f64, z: f64) -> Result<(i32, i32)> {
        self.params.world_to_tile(x, z)
    }

    /// Every tile with its reference, in slot order.
    pub fn tiles(&self) -> impl Iterator<Item = (TileRef, &Arc<NavTile>)> + '_ {
        self.slots.occupied().map(|(s, item)| (self.tile_ref_of(s), &item.tile))
    }

    /// The tile a reference names, if the reference is current.
    pub fn tile(&self, tile_ref: TileRef) -> Option<&Arc<NavTile>> {
        Some(&self.current_slot(tile_ref)?.tile)
    }

    /// True when `tile_ref` names a tile now in the mesh.
    pub fn is_valid_tile_ref(&self, tile_ref: TileRef) -> bool {
        self.current_slot(tile_ref).is_some()
    }

    /// True iff the slot's current salt equals the reference's and the slot
    /// holds a tile with that polygon index ("References").
    pub fn is_valid(&self, poly_ref: PolyRef) -> bool {
        self.polygon(poly_ref).is_some()
    }

    /// The polygon a reference names and its tile, if the reference is
    /// valid; its record carries the flags and area the queries read (the
    /// run-time switches of this version applied).
    pub fn polygon(&self, poly_ref: PolyRef) -> Option<(&Arc<NavTile>, PolygonView<'_>)> {
        let slot = self.current_slot(poly_ref.tile_ref())?;
        let index = poly_ref.polygon() as usize;
        Some((&slot.tile, switched_view(slot.switches.as_deref(), slot.tile.polygon(index)?, index)))
    }

    /// The links leaving a polygon, in the text's order; `None` for an
    /// invalid reference.
    pub fn links(&self, poly_ref: PolyRef) -> Option<PolygonLinks<'_>> {
        let slot = self.current_slot(poly_ref.tile_ref())?;
        let index = poly_ref.polygon();
        ((index as usize) < slot.tile.polygon_count()).then(|| slot.links.links_of(index))
    }

    /// The tile a reference names, its links and its run-time switches,
    /// with one slot lookup for a query that reads them; `None` for a stale
    /// reference.
    pub(crate) fn tile_and_links(
        &self,
        tile_ref: TileRef,
    ) -> Option<(&Arc<NavTile>, &TileLinks, Option<&TileSwitches>)> {
        let slot = self.current_slot(tile_ref)?;
        Some((&slot.tile, &slot.links, slot.switches.as_deref()))
    }

    /// [`Self::tile_and_links`] for the target of a link this mesh holds,
    /// without the checks a caller's reference needs. Stitching links a
    /// polygon only to a polygon of a tile in the mesh, and every edit
    /// that removes or replaces a tile takes the links to it away in the
    /// same step, so a version's links name live tiles of that version:
    /// the reference is well formed, its salt is the slot's and the slot is
    /// occupied (checked in debug builds). The slot's bounds are still
    /// checked, so a broken link panics rather than reading another tile.
    #[inline]
    pub(crate) fn linked_tile_and_links(
        &self,
        tile_ref: TileRef,
    ) -> (&Arc<NavTile>, &TileLinks, Option<&TileSwitches>) {
        debug_assert!(self.current_slot(tile_ref).is_some(), "a link names a stale tile {tile_ref:?}");
        let slot = self.slots.get(tile_ref.slot()).expect("a link names an occupied slot");
        (&slot.tile, &slot.links, slot.switches.as_deref())
    }

    /// The flags and area record of the polygon a reference names as the
    /// queries read it, if the reference is valid (without the edges).
    pub(crate) fn polygon_record(&self, poly_ref: PolyRef) -> Option<Polygon> {
        let slot = self.current_slot(poly_ref.tile_ref())?;
        let index = poly_ref.polygon() as usize;
        let record = *slot.tile.polygon_records().get(index)?;
        Some(effective_record(slot.switches.as_deref(), index, record))
    }

    /// The slot a current reference names, for switching its run-time
    /// state (`crate::mesh::runtime_switches`).
    pub(crate) fn slot_to_switch(&mut self, tile_ref: TileRef) -> Option<&mut MeshSlot> {
        self.current_slot(tile_ref)?;
        self.slots.get_mut(tile_ref.decode().1)
    }

    /// Every occupied slot, in slot order, for switching run-time state.
    pub(crate) fn slots_to_switch(&mut self) -> impl Iterator<Item = &mut MeshSlot> {
        self.slots.occupied_mut()
    }

    /// How each off-mesh link of a tile resolved, in link order; `None` for
    /// a stale reference.
    pub fn off_mesh_attachments(&self, tile_ref: TileRef) -> Option<&[Attachment]> {
        Some(self.current_slot(tile_ref)?.attachments())
    }

    /// Heap bytes of the stitched link tables (tile data excluded).
    pub fn link_table_bytes(&self) -> usize {
        self.slots.occupied().map(|(_, item)| item.links.heap_bytes()).sum()
    }

    /// Links in the mesh.
    pub fn link_count(&self) -> usize {
        self.slots.occupied().map(|(_, item)| item.links.len()).sum()
    }

    fn view(&self) -> StitchView<'_> {
        StitchView { params: &self.params, slots: &self.slots, columns: &self.columns, off_mesh: &self.off_mesh }
    }

    fn slot(&self, slot: u32) -> &MeshSlot {
        self.slots.get(slot).expect("occupied slot")
    }

    fn tile_ref_of(&self, slot: u32) -> TileRef {
        self.view().tile_ref(slot)
    }

    fn current_slot(&self, tile_ref: TileRef) -> Option<&MeshSlot> {
        let (salt, slot) = tile_ref.decode();
        (tile_ref.is_well_formed() && self.slots.salt(slot) == Some(salt)).then(|| self.slots.get(slot))?
    }

    fn slot_at(&self, tile_x: i32, tile_z: i32, layer: u16) -> Option<u32> {
        self.view().column_slots((tile_x, tile_z)).find(|&s| self.slot(s).layer == layer)
    }

    fn occupied_slot_at(&self, tile_x: i32, tile_z: i32, layer: u16, action: &str) -> Result<u32> {
        self.slot_at(tile_x, tile_z, layer).ok_or_else(|| no_tile_at(action, (tile_x, tile_z), layer))
    }

    /// Puts `tile` (fingerprint checked) in the lowest free slot, threaded
    /// into its column's chain by ascending layer, and returns the slot and
    /// whether the tile is alone in its column. The column is looked up
    /// once, for finding the position free and threading the slot alike
    /// (issue 24: three look-ups an add). Errors, each leaving the mesh
    /// unchanged: an occupied position or every slot in use.
    fn occupy_slot(&mut self, tile: &Arc<NavTile>) -> Result<(u32, bool)> {
        let column = self.columns.entry(tile.column());
        let place = ChainPlace::find(&self.slots, &column, tile.layer()).map_err(|slot| {
            let (x, z, layer) = (tile.tile_x(), tile.tile_z(), tile.layer());
            let message = format!("tile position ({x}, {z}, layer {layer}) is occupied by slot {slot}");
            NavMeshError::InvalidOperation(message)
        })?;
        self.slots.next_slot()?;
        let table = self.scratch.get_or_insert_default().empty_table();
        let slot = self.slots.insert(MeshSlot::unstitched(Arc::clone(tile), place.next, table))?;
        place.thread(&mut self.slots, column, slot);
        Ok((slot, place.before.is_none() && place.next == NO_SLOT))
    }

    /// Threads `slot` into its column's chain by ascending layer; no other
    /// tile of the column has its layer.
    fn link_into_column(&mut self, slot: u32) {
        let (column, layer) = (self.slot(slot).tile.column(), self.slot(slot).layer);
        let column = self.columns.entry(column);
        let place = ChainPlace::find(&self.slots, &column, layer).expect("one tile a position");
        self.slots.get_mut(slot).expect("occupied slot").next_in_column = place.next;
        place.thread(&mut self.slots, column, slot);
    }

    /// Takes the tile of `layer` out of `column`'s chain and returns its
    /// slot, `None` when there is none; the column is looked up once, for
    /// finding the tile and unlinking it alike (issue 24: three look-ups
    /// were a tenth of a removal).
    fn unlink_from_column(&mut self, column: Column, layer: u16) -> Option<u32> {
        let Entry::Occupied(mut head) = self.columns.entry(column) else { return None };
        let slots = &mut self.slots;
        let (mut before, mut slot) = (None, *head.get());
        loop {
            let item = slots.get(slot).expect("chained slot is occupied");
            if item.layer == layer {
                break;
            }
            (before, slot) = (Some(slot), item.next_in_column);
            if slot == NO_SLOT {
                return None;
            }
        }
        let next = slots.get(slot).expect("chained slot is occupied").next_in_column;
        match (before, next) {
            (Some(prev), _) => slots.get_mut(prev).expect("chained slot is occupied").next_in_column = next,
            (None, NO_SLOT) => drop(head.remove()),
            (None, _) => *head.get_mut() = next,
        }
        Some(slot)
    }

    /// The stitching buffers, made at the first edit.
    fn scratch(&mut self) -> &mut Scratch {
        self.scratch.get_or_insert_default()
    }

    fn slot_mut(&mut self, slot: u32) -> &mut MeshSlot {
        self.slots.get_mut(slot).expect("occupied slot")
    }

    /// Re-stitches what an edit of the tile in `slot` (column `column`) can
    /// change, and only the link groups it can change: the edited tile in
    /// full; in each tile of the four side columns, the portal links of the
    /// side facing the column; the forward links of owners of links ending
    /// in the column whose attachments moved; the reverse links of the
    /// tiles those attachments end in, before and after.
    fn restitch_after_edit(&mut self, column: Column, slot: u32, edit: Edit<'_>) {
        let mut scratch = self.scratch.take().unwrap_or_default();
        let mut dirty = std::mem::take(&mut scratch.dirty);
        // After a removal a side neighbour's portal links change only by
        // those that arrived in the removed tile (the other layers of the
        // column link as before), and once the column is empty, so does
        // every link an off-mesh mark covers: such slots only lose links.
        let removed = matches!(edit, Edit::Removed { .. });
        let emptied = removed && self.view().column_slots(column).next().is_none();
        let removal_only = |groups: LinkGroups| removed && (emptied || groups.portals_only());
        self.mark_dirty(column, slot, &edit, &removal_only, &mut dirty, &mut scratch);
        match edit {
            Edit::Removed { old_ref, .. } => self.restitch_after_removal(old_ref, &dirty, &removal_only, &mut scratch),
            Edit::Added | Edit::Replaced { .. } => self.restitch_around(column, slot, &dirty, &mut scratch),
        }
        scratch.dirty = dirty;
        self.scratch = Some(scratch);
    }

    /// The slots an edit re-stitches and the link groups of each, into
    /// `dirty` by ascending slot; resolves the off-mesh links that can move
    /// on the way, once what that and re-stitching the side neighbours read
    /// is warm.
    fn mark_dirty(
        &mut self,
        column: Column,
        slot: u32,
        edit: &Edit<'_>,
        removal_only: &impl Fn(LinkGroups) -> bool,
        dirty: &mut Vec<(u32, LinkGroups)>,
        scratch: &mut Scratch,
    ) {
        dirty.clear();
        let edited = !matches!(edit, Edit::Removed { .. });
        scratch.old_reverse_ends.clear();
        if let Edit::Replaced { old } | Edit::Removed { old, .. } = edit {
            let ends = reverse_link_ends(&old.tile, old.attachments());
            mark_old_reverse_links(ends, dirty, &mut scratch.old_reverse_ends);
        }
        // The edited tile's links all resolve anew; another owner's only
        // where they end in the edited column.
        let mut owners = std::mem::take(&mut scratch.owners);
        owners.clear();
        let others = self.off_mesh.owners_ending_in(column).iter().filter(|&&o| o != slot);
        owners.extend(others.map(|&o| (o, Some(column))));
        if edited && !self.slot(slot).tile.off_mesh_links().is_empty() {
            owners.push((slot, None));
        }
        for side in 0..4u8 {
            let Some(neighbour) = neighbour_column(column, side) else { continue };
            let facing = LinkGroups::side(opposite_side(side));
            dirty.extend(self.view().column_slots(neighbour).map(|s| (s, facing)));
        }
        merge_by_slot(dirty);
        // Not the edited tile: an add asked for its portals as it began
        // (`start_loading_portals`), and a replacement gained nothing from it.
        self.view().warm(dirty, &owners, removal_only);
        if edited {
            dirty.push((slot, LinkGroups::ALL));
        }
        self.reattach(&owners, dirty, scratch);
        scratch.owners = owners;
        merge_by_slot(dirty);
    }

    /// After the tile `old` that was `old_ref` left the mesh, when no
    /// off-mesh link starts in it or ends in its column: then the only
    /// links that change are its side neighbours' portal links into it, and
    /// they only go (the other layers of a column link as before). Portal
    /// links pair up (`SidePass`: the link from b to a shares a's stretch
    /// exactly), so those links leave the very polygons the removed tile's
    /// own portal links arrive at: only those are visited, and no column
    /// is looked up. This is what [`Self::restitch_after_edit`] does for
    /// such a removal, without reading the neighbours' portals, merging
    /// marks or moving the scratch buffers (issue 24: removal at Detour's
    /// speed).
    fn unlink_portal_neighbours(&mut self, old: &MeshSlot, old_ref: TileRef) {
        let mut targets = std::mem::take(&mut self.scratch().portal_targets);
        targets.clear();
        targets.extend(old.portal_link_targets());
        targets.sort_unstable();
        targets.dedup();
        // Their tables are usually cold in a large mesh: ask for them all
        // before editing any (see `StitchView::warm`).
        for run in by_tile(&targets) {
            self.slot(run[0].slot()).links.prefetch();
        }
        for run in by_tile(&targets) {
            self.slot_mut(run[0].slot()).remove_polygon_links_to(old_ref, run.iter().map(|t| t.polygon()));
        }
        self.scratch().portal_targets = targets;
    }

    /// Stitches the tile just added in `slot`, alone in its column, when no
    /// off-mesh link starts in it or ends in its column: then the only
    /// links that change are its own and its side neighbours' portal links
    /// into it, which are the mirrors of its own (`SidePass`), and which
    /// they had none of before (the column was empty). The mirrors go
    /// straight into the polygons that gain them. This is what
    /// [`Self::restitch_after_edit`] does for such an add, without marking
    /// the neighbours, merging the marks, or patching every polygon with a
    /// portal on the facing side (issue 24: about 900 instructions a
    /// neighbour); the reverse of [`Self::unlink_portal_neighbours`].
    fn stitch_beside_neighbours(&mut self, slot: u32) {
        let mut scratch = self.scratch.take().unwrap_or_default();
        self.view().build_links(slot, &mut scratch, Mirrors::Collect);
        self.slot_mut(slot).store_links(&scratch, true);
        let neighbours = scratch.mirrors_by_slot();
        // Their tables are usually cold in a large mesh: ask for them all
        // before editing any (see `StitchView::warm`).
        for run in neighbours.clone() {
            self.slot(run[0].slot).links.prefetch();
        }
        for run in neighbours {
            self.slot_mut(run[0].slot).add_mirrors(run);
        }
        self.scratch = Some(scratch);
    }

    /// After the tile that was `old_ref` left the mesh: the slots for which
    /// `removal_only` holds lose their links to it, without reading their
    /// portals; the others are patched.
    fn restitch_after_removal(
        &mut self,
        old_ref: TileRef,
        dirty: &[(u32, LinkGroups)],
        removal_only: &impl Fn(LinkGroups) -> bool,
        scratch: &mut Scratch,
    ) {
        for &(s, groups) in dirty {
            let Some(item) = self.slots.get_mut(s) else { continue };
            if removal_only(groups) {
                item.remove_links_to(s, groups, old_ref, &scratch.old_reverse_ends);
            } else {
                self.view().prepare_patch(s, groups, scratch, Mirrors::None);
                self.slot_mut(s).patch(groups, scratch);
            }
        }
    }

    /// After the tile in `slot` entered `column` (added or replaced): its
    /// table in full, then the marked groups of the others. When it is
    /// alone in its column, its side neighbours' links across the sides
    /// facing it are the mirrors of its own.
    fn restitch_around(&mut self, column: Column, slot: u32, dirty: &[(u32, LinkGroups)], scratch: &mut Scratch) {
        let alone = self.view().column_slots(column).nth(1).is_none();
        self.view().build_links(slot, scratch, if alone { Mirrors::Collect } else { Mirrors::None });
        self.slot_mut(slot).store_links(scratch, true);
        let sides = if alone { Mirrors::Use } else { Mirrors::None };
        for &(s, groups) in dirty.iter().filter(|&&(s, _)| s != slot) {
            self.view().prepare_patch(s, groups, scratch, sides);
            self.slot_mut(s).patch(groups, scratch);
        }
    }

    /// Resolves the off-mesh links of `owners` again (each as
    /// [`StitchView::attach`] with its column); for each owner whose
    /// attachments changed, marks its forward links and the reverse links
    /// of the tiles they end in (old and new) in `dirty`, and keeps where
    /// the old reverse links were in `scratch`.
    fn reattach(
        &mut self,
        owners: &[(u32, Option<Column>)],
        dirty: &mut Vec<(u32, LinkGroups)>,
        scratch: &mut Scratch,
    ) {
        let resolved = &mut scratch.attachments;
        for &(owner, column) in owners {
            self.view().attach(owner, column, resolved);
            let item = self.slot(owner);
            if item.attachments() == resolved.as_slice() {
                continue;
            }
            let tile = &item.tile;
            dirty.push((owner, LinkGroups::FORWARD));
            mark_old_reverse_links(reverse_link_ends(tile, item.attachments()), dirty, &mut scratch.old_reverse_ends);
            dirty.extend(reverse_link_ends(tile, resolved).map(|end| (end.slot(), LinkGroups::REVERSE)));
            self.slot_mut(owner).set_attachments(resolved);
        }
    }

    fn rebuild_links(&mut self, slots: &[u32], scratch: &mut Scratch) {
        for &slot in slots {
            self.view().build_links(slot, scratch, Mirrors::None);
            self.slot_mut(slot).store_links(scratch, false);
        }
    }
}

/// Where a tile goes in its column's chain, which runs by ascending layer:
/// after `before` (`None`: at the head), ahead of `next` ([`NO_SLOT`]: at
/// the end).
struct ChainPlace {
    before: Option<u32>,
    next: u32,
}

impl ChainPlace {
    /// The place of a tile of `layer` in the chain whose map entry is
    /// `column`, or the slot already holding that layer.
    fn find(
        slots: &TileSlots<MeshSlot>,
        column: &Entry<'_, Column, u32>,
        layer: u16,
    ) -> std::result::Result<ChainPlace, u32> {
        let head = match column {
            Entry::Occupied(head) => *head.get(),
            Entry::Vacant(_) => NO_SLOT,
        };
        let (mut before, mut next) = (None, head);
        while next != NO_SLOT {
            let item = slots.get(next).expect("chained slot is occupied");
            if item.layer == layer {
                return Err(next);
            }
            if item.layer > layer {
                break;
            }
            (before, next) = (Some(next), item.next_in_column);
        }
        Ok(ChainPlace { before, next })
    }

    /// Links `slot`, whose own `next_in_column` is already [`Self::next`],
    /// in at this place of the chain whose map entry is `column`.
    fn thread(&self, slots: &mut TileSlots<MeshSlot>, column: Entry<'_, Column, u32>, slot: u32) {
        match (self.before, column) {
            (Some(prev), _) => slots.get_mut(prev).expect("chained slot is occupied").next_in_column = slot,
            (None, Entry::Occupied(mut head)) => *head.get_mut() = slot,
            (None, Entry::Vacant(head)) => {
                head.insert(slot);
            }
        }
    }
}

/// Polygon references, sorted, in runs of one tile each.
fn by_tile(polygons: &[PolyRef]) -> impl Iterator<Item = &[PolyRef]> {
    polygons.chunk_by(|a, b| a.tile_ref() == b.tile_ref())
}

/// The error of an edit that names a position without a tile.
fn no_tile_at(action: &str, (tile_x, tile_z): Column, layer: u16) -> NavMeshError {
    NavMeshError::InvalidOperation(format!("cannot {action}: no tile at position ({tile_x}, {tile_z}, layer {layer})"))
}

/// Asks for the portals of a tile being added, which stitching it reads
/// first. A tile added again long after it was read (a host keeping tiles
/// to swap in) is cold, and its misses then overlap with finding its
/// neighbours instead of following them; a tile just read is cached and
/// this costs a few hints. Measured with `cargo bench --bench mesh`
/// (16-polygon tiles, 4096 of them, three sets of 10 to 20 runs): an add
/// took 1.85 to 1.90 µs instead of 2.00 to 2.02 in random order, and with
/// off-mesh links 3.48 to 3.60 instead of 3.65 to 3.77. A replacement
/// gained nothing from it.
fn start_loading_portals(tile: &NavTile) {
    tile.portals().prefetch_all();
}

/// What an edit did to a slot, as re-stitching needs it: the slot's
/// content before a replacement or removal, and the reference the removed
/// tile had.
enum Edit<'a> {
    Added,
    Replaced { old: &'a MeshSlot },
    Removed { old: &'a MeshSlot, old_ref: TileRef },
}

/// Marks the reverse links leaving `ends` in `dirty` and keeps the ends in
/// `old_ends`: those links are about to change, and a patch of a tile's
/// reverse links must visit the polygons that held them.
fn mark_old_reverse_links(
    ends: impl Iterator<Item = PolyRef>,
    dirty: &mut Vec<(u32, LinkGroups)>,
    old_ends: &mut Vec<PolyRef>,
) {
    for end in ends {
        dirty.push((end.slot(), LinkGroups::REVERSE));
        old_ends.push(end);
    }
}

/// Combines the marks of each slot, leaving them by ascending slot.
fn merge_by_slot(marks: &mut Vec<(u32, LinkGroups)>) {
    marks.sort_unstable_by_key(|&(slot, _)| slot);
    marks.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 = kept.1.with(later.1);
        }
        same
    });
}
