//! The stitching coordinator: what the mesh keeps per slot and how one
//! tile's attachments and link table are computed from the tiles around it
//! (format text "Stitching (links)"; LAYOUT sections 7 and 8).
//!
//! Everything here reads the mesh and returns new tables; the mesh decides
//! which tiles to re-stitch and stores the results.

use std::sync::Arc;

use crate::format::params::NavMeshParams;
use crate::mesh::poly_ref::{PolyRef, TileRef};
use crate::mesh::tile_slots::TileSlots;
use crate::mesh::tile_switches::TileSwitches;
use crate::stitch::links::{Link, LinkGroups, LinkKind, TileLinks};
use crate::stitch::off_mesh_attachment::{best_polygon, Attachment, LinkEnds, TileFootprint};
use crate::stitch::off_mesh_index::{ColumnMap, OffMeshIndex};
use crate::stitch::portal_stitching::{along_axis, neighbour_column, Column, MirroredLink, SidePass, TilePortals};
use crate::stitch::prefetch::prefetch_lines;
use crate::stitch::stored_link::StoredLink;
use crate::tile::nav_tile::NavTile;

/// Ends a column chain.
pub(crate) const NO_SLOT: u32 = u32::MAX;

/// What an occupied slot holds. Clones share every table.
#[derive(Debug, Clone)]
pub(crate) struct MeshSlot {
    pub tile: Arc<NavTile>,
    pub links: Arc<TileLinks>,
    /// One per off-mesh link of the tile; `None` for a tile without any.
    attachments: Option<Arc<[Attachment]>>,
    /// Next slot of the same column, by ascending layer, or [`NO_SLOT`].
    pub next_in_column: u32,
    /// The tile's layer, here for walks along a column chain.
    pub layer: u16,
    /// Run-time switches of this version (`None` until something in the
    /// tile is switched); a new tile in the slot starts without any.
    pub switches: Option<Arc<TileSwitches>>,
}

impl MeshSlot {
    /// A slot for a tile not yet stitched, with an empty link table.
    pub fn unstitched(tile: Arc<NavTile>, next_in_column: u32, links: Arc<TileLinks>) -> MeshSlot {
        debug_assert!(links.len() == 0, "an unstitched slot has no links");
        let count = tile.off_mesh_links().len();
        let attachments = (count > 0).then(|| std::iter::repeat_n(Attachment::UNCONNECTED, count).collect());
        MeshSlot { layer: tile.layer(), tile, links, attachments, next_in_column, switches: None }
    }

    /// One per off-mesh link of the tile, in link order.
    pub fn attachments(&self) -> &[Attachment] {
        self.attachments.as_deref().unwrap_or(&[])
    }

    /// `attachments` has one entry per off-mesh link of the tile, as the
    /// current ones; they are overwritten in place unless a clone shares
    /// them.
    pub fn set_attachments(&mut self, attachments: &[Attachment]) {
        match self.attachments.as_mut().and_then(Arc::get_mut) {
            Some(current) => current.copy_from_slice(attachments),
            None => self.attachments = (!attachments.is_empty()).then(|| attachments.into()),
        }
    }

    /// Applies the patch of `groups` that [`StitchView::prepare_patch`] left
    /// in `scratch`; in place unless a clone shares the table.
    pub fn patch(&mut self, groups: LinkGroups, scratch: &mut Scratch) {
        Arc::make_mut(&mut self.links).replace_groups(
            self.tile.polygon_count(),
            groups,
            &scratch.changed,
            &scratch.pending,
            &mut scratch.links,
        );
    }

    /// Takes away the links of `groups` arriving in the tile that was
    /// `old_ref` and left the mesh, this being `slot`; in place unless a
    /// clone shares the table. Only the polygons that can hold such links
    /// are visited: for a side, those with a portal there; for forward
    /// links, the start polygons of the tile's off-mesh links; for reverse
    /// links, the `old_reverse_ends` here (see
    /// [`Scratch::old_reverse_ends`]).
    pub fn remove_links_to(&mut self, slot: u32, groups: LinkGroups, old_ref: TileRef, old_reverse_ends: &[PolyRef]) {
        let tile = &self.tile;
        let sides = groups.sides().flat_map(|side| tile.portal_polygons_on(side));
        Arc::make_mut(&mut self.links).remove_links_to(old_ref, sides);
        if !groups.portals_only() {
            self.remove_off_mesh_links_to(slot, groups, old_ref, old_reverse_ends);
        }
    }

    /// Takes away the links from `polygons` (ascending) arriving in the
    /// tile that was `old_ref` and left the mesh; in place unless a clone
    /// shares the table.
    pub fn remove_polygon_links_to(&mut self, old_ref: TileRef, polygons: impl Iterator<Item = u32>) {
        Arc::make_mut(&mut self.links).remove_links_to(old_ref, polygons);
    }

    /// Adds the mirrors of an edited tile's links that arrive in this slot
    /// (by polygon, each polygon's in its portal order, as
    /// [`Scratch::mirrors_by_slot`] gives them) to its links, when it has
    /// none across that side yet: the tile was added alone in the column
    /// across it. Only the polygons gaining links are visited; in place
    /// unless a clone shares the table.
    pub fn add_mirrors(&mut self, mirrored: &[MirroredLink]) {
        let polygon_count = self.tile.polygon_count();
        let table = Arc::make_mut(&mut self.links);
        for run in mirrored.chunk_by(|a, b| a.polygon == b.polygon) {
            let group = LinkGroups::side(run[0].link.side);
            table.insert_group(polygon_count, run[0].polygon, group, run.iter().map(|m| m.link));
        }
    }

    /// Where the tile's portal links arrive, by polygon.
    pub fn portal_link_targets(&self) -> impl Iterator<Item = PolyRef> + '_ {
        let links = &self.links;
        let polygon_links = (0..links.polygon_count() as u32).flat_map(|p| links.links_of(p));
        polygon_links.filter(|link| link.kind == LinkKind::Portal).map(|link| link.target)
    }

    /// The off-mesh part of [`Self::remove_links_to`]: apart, so the common
    /// removal of one side's links stays as small as it was.
    #[inline(never)]
    fn remove_off_mesh_links_to(
        &mut self,
        slot: u32,
        groups: LinkGroups,
        old_ref: TileRef,
        old_reverse_ends: &[PolyRef],
    ) {
        let forward = groups.contains(LinkGroups::FORWARD).then(|| forward_link_starts(&self.tile));
        let ends_here = || old_reverse_ends.iter().filter(|end| end.slot() == slot).map(|end| end.polygon());
        let reverse = groups.contains(LinkGroups::REVERSE).then(ends_here);
        let polygons = forward.into_iter().flatten().chain(reverse.into_iter().flatten());
        Arc::make_mut(&mut self.links).remove_links_to(old_ref, polygons);
    }

    /// Makes the links [`StitchView::build_links`] left in `scratch` this
    /// slot's table, grouped by polygon, in place when no clone shares the
    /// current one. With `neighbours_to_come` (a tile added or replaced,
    /// not a whole mesh stitched at once) the table's buffer has room for
    /// a link per portal edge: side neighbours that arrive later add theirs
    /// without moving it (issue 24: growing a neighbour's buffer was 5%
    /// of adding a tile to the flat grid).
    pub fn store_links(&mut self, scratch: &Scratch, neighbours_to_come: bool) {
        let polygon_count = self.tile.polygon_count();
        let links_room = if neighbours_to_come { self.tile.portals().edge_count() } else { 0 };
        match Arc::get_mut(&mut self.links) {
            Some(table) => table.assign(polygon_count, &scratch.pending, links_room),
            None => self.links = Arc::new(TileLinks::from_pending(polygon_count, &scratch.pending, links_room)),
        }
    }
}

/// Read access to the mesh for stitching.
pub(crate) struct StitchView<'a> {
    pub params: &'a NavMeshParams,
    pub slots: &'a TileSlots<MeshSlot>,
    pub columns: &'a ColumnMap<u32>,
    pub off_mesh: &'a OffMeshIndex,
}

impl<'a> StitchView<'a> {
    fn slot(&self, slot: u32) -> &'a MeshSlot {
        self.slots.get(slot).expect("stitching an occupied slot")
    }

    pub fn tile_ref(&self, slot: u32) -> TileRef {
        TileRef::from_parts(self.slots.salt(slot).expect("existing slot"), slot)
    }

    /// Slots of `column`, lowest layer first.
    pub fn column_slots(&self, column: Column) -> impl Iterator<Item = u32> + 'a {
        let slots = self.slots;
        let head = self.columns.get(&column).copied().unwrap_or(NO_SLOT);
        std::iter::successors((head != NO_SLOT).then_some(head), move |&s| {
            let next = slots.get(s).expect("chained slot is occupied").next_in_column;
            (next != NO_SLOT).then_some(next)
        })
    }

    fn climb(&self) -> f64 {
        self.params.walkable_climb as f64
    }

    /// Resolves the off-mesh links of the tile in `owner` again: all of
    /// them, or with `column` only those ending there. Every other link
    /// keeps its attachment: its start polygon is fixed with the tile and
    /// nothing changed in the column under its end. The result goes into
    /// `out`.
    pub fn attach(&self, owner: u32, column: Option<Column>, out: &mut Vec<Attachment>) {
        let here = self.slot(owner);
        let owner_ref = self.tile_ref(owner);
        let resolve = |(ends, &current): (&LinkEnds, &Attachment)| {
            if column.is_some() && ends.end_column != column {
                return current;
            }
            let Some(start) = ends.start_polygon else { return Attachment::UNCONNECTED };
            match ends.end_column.and_then(|c| self.attach_in_column(c, ends, owner)) {
                Some(end) => Attachment { start: owner_ref.polygon(start).expect("validated index"), end },
                None => Attachment::UNCONNECTED,
            }
        };
        out.clear();
        out.extend(here.tile.stitching().link_ends.iter().zip(here.attachments()).map(resolve));
    }

    /// The best polygon for the end of a link of the tile in `owner` over
    /// the layers of `column`; the lower layer wins a tie. The owner's own
    /// tile gives the candidate it computed when it was read.
    fn attach_in_column(&self, column: Column, ends: &LinkEnds, owner: u32) -> Option<PolyRef> {
        let mut best: Option<(f64, PolyRef)> = None;
        for slot in self.column_slots(column) {
            let candidate = if slot == owner {
                ends.end_in_own_tile
            } else {
                let tile = &self.slot(slot).tile;
                best_polygon(tile, &TileFootprint::of(self.params, tile), ends.end, ends.reach)
            };
            let Some((score, polygon)) = candidate else { continue };
            if best.is_none_or(|(s, _)| score < s) {
                best = Some((score, self.tile_ref(slot).polygon(polygon).expect("validated index")));
            }
        }
        best.map(|(_, r)| r)
    }

    /// Loads what re-stitching `slots` and resolving the links of `owners`
    /// again read first, one level of pointers at a time for all of them
    /// together. In a large mesh these tables are usually cold; stitching
    /// slot after slot would wait for each miss in turn, while here the
    /// misses of one level overlap. Slots for which `removal_only` holds
    /// only lose links: of their portals only which polygons have them is
    /// read (the polygons of the sides' entries), and their whole link
    /// table loads (a removal is cheap enough for waiting on the rooms
    /// first to show). Elsewhere only a
    /// table's rooms load: patching reads a few polygons' links among many
    /// steps of matching, and loading whole tables cost more than it saved.
    /// Of `owners`, only those of links ending in the edited column load
    /// their link ends and attachments: the edited tile, which resolves
    /// all its links, is warm already.
    pub fn warm(
        &self,
        slots: &[(u32, LinkGroups)],
        owners: &[(u32, Option<Column>)],
        removal_only: &impl Fn(LinkGroups) -> bool,
    ) {
        let occupied = || slots.iter().filter_map(|&(s, groups)| Some((self.slots.get(s)?, groups)));
        let owned = || owners.iter().filter(|(_, column)| column.is_some()).map(|&(s, _)| self.slot(s));
        for (slot, groups) in occupied() {
            // A removal reads which polygons have portals, not the polygons.
            let polygons = if removal_only(groups) { 0 } else { slot.tile.polygon_count() };
            std::hint::black_box((polygons, slot.tile.portals().is_empty_on(0), slot.links.polygon_count()));
        }
        for owner in owned() {
            std::hint::black_box((owner.tile.stitching().link_ends.len(), owner.attachments().len()));
        }
        for (slot, groups) in occupied() {
            slot.tile.portals().prefetch_sides(groups);
            if removal_only(groups) {
                slot.links.prefetch();
            } else {
                slot.links.prefetch_rooms();
            }
        }
        for owner in owned() {
            prefetch_lines(&owner.tile.stitching().link_ends);
            prefetch_lines(owner.attachments());
        }
    }

    /// The links of the tile in `slot` into `scratch.pending`, for
    /// [`MeshSlot::store_links`] to group by polygon: portal links, then
    /// forward off-mesh links in link order, then reverse links in (owner
    /// slot, link index) order. With [`Mirrors::Collect`], also the mirrors
    /// of its portal links into `scratch.mirrored`, in the order it makes
    /// them.
    pub fn build_links(&self, slot: u32, scratch: &mut Scratch, mirrors: Mirrors) {
        scratch.pending.clear();
        scratch.mirrored.clear();
        self.push_groups(slot, LinkGroups::ALL, scratch, mirrors);
    }

    /// What re-stitching only `groups` of the tile in `slot` needs, into
    /// `scratch.pending` (the groups' links, by polygon) and
    /// `scratch.changed` (the polygons that can change); [`MeshSlot::patch`]
    /// applies it. This is what an edit changes in a tile whose other groups
    /// it cannot change (a side neighbour sees one side change, an owner of
    /// links ending in the edited column its forward links, a tile holding
    /// their reverse links those). With [`Mirrors::Use`], the patched sides'
    /// links are the edited tile's mirrors.
    pub fn prepare_patch(&self, slot: u32, groups: LinkGroups, scratch: &mut Scratch, mirrors: Mirrors) {
        let here = self.slot(slot);
        scratch.pending.clear();
        self.push_groups(slot, groups, scratch, mirrors);
        // The polygons that can change: those with a portal on a patched
        // side, and for off-mesh groups those with a new or an old link.
        scratch.changed.clear();
        for side in groups.sides() {
            scratch.changed.extend(here.tile.portal_polygons_on(side));
        }
        // One side's links come in portal order, by polygon, and its
        // polygons ascending: only several groups need sorting.
        if groups.portals_only() && groups.sides().nth(1).is_none() {
            debug_assert!(scratch.pending.windows(2).all(|w| w[0].0 <= w[1].0), "one side's links by polygon");
            return;
        }
        // In group order; a stable sort by polygon keeps it within each.
        scratch.pending.sort_by_key(|&(polygon, _)| polygon);
        // Forward links, old and new, leave the tile's link starts. Of the
        // old reverse links, those that stay are among the new ones, and
        // the others left the ends the edit kept.
        if groups.contains(LinkGroups::FORWARD) {
            scratch.changed.extend(forward_link_starts(&here.tile));
        }
        if groups.contains(LinkGroups::REVERSE) {
            let new = scratch.pending.iter().filter(|(_, link)| link.kind == LinkKind::OffMeshReverse);
            scratch.changed.extend(new.map(|&(polygon, _)| polygon));
            let old = scratch.old_reverse_ends.iter().filter(|end| end.slot() == slot);
            scratch.changed.extend(old.map(|end| end.polygon()));
        }
        scratch.changed.sort_unstable();
        scratch.changed.dedup();
    }

    /// The `(polygon, link)` pairs of `groups` of the tile in `slot` into
    /// `scratch.pending`, in group order.
    fn push_groups(&self, slot: u32, groups: LinkGroups, scratch: &mut Scratch, mirrors: Mirrors) {
        let here = self.slot(slot);
        for side in groups.sides() {
            if here.tile.portals().is_empty_on(side) {
                continue;
            }
            match mirrors {
                Mirrors::Use => scratch.push_mirrors_of(slot, side),
                _ => self.push_side(slot, side, scratch, mirrors == Mirrors::Collect),
            }
        }
        if groups.contains(LinkGroups::FORWARD) {
            for (index, a) in here.attachments().iter().enumerate() {
                if a.is_connected() {
                    scratch.pending.push((a.start.polygon(), Link::off_mesh(a.end, LinkKind::OffMesh, index as u32)));
                }
            }
        }
        if groups.contains(LinkGroups::REVERSE) {
            self.push_reverse_links(slot, here.tile.column(), &mut scratch.pending);
        }
    }

    /// Portal links of the tile in `slot` on `side` into `scratch.pending`,
    /// and their mirrors into `scratch.mirrored` when `mirror` is set.
    fn push_side(&self, slot: u32, side: u8, scratch: &mut Scratch, mirror: bool) {
        let here = self.slot(slot);
        let Some(column) = neighbour_column(here.tile.column(), side) else { return };
        // The buffer outlives the borrows it holds here: it is handed over
        // empty each way (an in-place collect keeps the allocation).
        let mut layers: Vec<(TileRef, TilePortals<'_>)> = recycle(std::mem::take(&mut scratch.layers));
        layers.extend(self.column_slots(column).map(|s| (self.tile_ref(s), self.slot(s).tile.portals())));
        let mut pass = SidePass {
            here: (self.tile_ref(slot), here.tile.portals()),
            side,
            along_origin: here.tile.world_origin()[along_axis(side)],
            climb: self.climb(),
            out: &mut scratch.pending,
            mirrored: mirror.then_some(&mut scratch.mirrored),
        };
        pass.push_links(&layers, &mut scratch.matches);
        scratch.layers = recycle(layers);
    }

    fn push_reverse_links(&self, slot: u32, column: Column, pending: &mut Vec<(u32, Link)>) {
        let here = self.tile_ref(slot);
        for &owner in self.off_mesh.owners_ending_in(column) {
            let owner_slot = self.slot(owner);
            let links = owner_slot.tile.off_mesh_links();
            for (index, a) in owner_slot.attachments().iter().enumerate() {
                if a.is_connected() && links[index].bidirectional && a.end.tile_ref() == here {
                    pending.push((a.end.polygon(), Link::off_mesh(a.start, LinkKind::OffMeshReverse, index as u32)));
                }
            }
        }
    }
}

/// Where the portal links of a tile's sides come from, when an edited tile
/// is alone in its column: the links of its side neighbours across the
/// sides facing it can then only end in it, and each is the mirror of one
/// of its own links (see `SidePass`), so they are made once, with its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mirrors {
    /// Matched against the tiles across the side.
    None,
    /// Matched, and the mirrors kept (the edited tile).
    Collect,
    /// The mirrors kept from the edited tile (its side neighbours).
    Use,
}

/// Buffers reused across the tiles an edit re-stitches, and across edits.
/// A clone starts empty.
#[derive(Default)]
pub(crate) struct Scratch {
    pending: Vec<(u32, Link)>,
    matches: Vec<u32>,
    /// Polygons a patch can change, ascending.
    changed: Vec<u32>,
    layers: Vec<(TileRef, TilePortals<'static>)>,
    /// Slots an edit re-stitches and the link groups of each.
    pub dirty: Vec<(u32, LinkGroups)>,
    /// Owners whose off-mesh links an edit resolves again.
    pub owners: Vec<(u32, Option<Column>)>,
    /// One owner's attachments as [`StitchView::attach`] resolves them.
    pub attachments: Vec<Attachment>,
    /// Where the reverse links an edit changes left from before it: the
    /// old ends of the links of a replaced or removed tile and of the
    /// owners whose attachments changed.
    pub old_reverse_ends: Vec<PolyRef>,
    /// Where a removed tile's portal links arrived (see
    /// `TiledNavMesh::unlink_portal_neighbours`).
    pub portal_targets: Vec<PolyRef>,
    /// One polygon's links while [`MeshSlot::patch`] merges them.
    links: Vec<StoredLink>,
    /// The edited tile's portal links as its side neighbours see them; see
    /// [`Mirrors`].
    mirrored: Vec<MirroredLink>,
    /// See [`Scratch::keep_spare`]: at most one per free slot.
    spares: Vec<Arc<TileLinks>>,
}

impl Scratch {
    /// The kept mirrors into `pending` that leave `slot` across `side`, in
    /// the order its own side pass would make them: by its portal order
    /// (polygon, then edge), and for each portal in the edited tile's
    /// portal order, the order they were made in, which a stable sort
    /// keeps. Facing portals mostly run in step, so the sort rarely moves
    /// anything.
    fn push_mirrors_of(&mut self, slot: u32, side: u8) {
        let start = self.pending.len();
        let across = self.mirrored.iter().filter(|m| m.slot == slot && m.link.side == side);
        self.pending.extend(across.map(|m| (m.polygon, m.link)));
        let made = &mut self.pending[start..];
        let portal_order = |&(polygon, link): &(u32, Link)| (polygon, link.edge);
        if made.windows(2).any(|w| portal_order(&w[0]) > portal_order(&w[1])) {
            made.sort_by_key(portal_order);
        }
    }

    /// The mirrors [`StitchView::build_links`] collected, in runs of one
    /// slot each, by ascending slot, and within a run in the order
    /// [`Self::push_mirrors_of`] gives them: the slot's portal order, then
    /// the order they were made in, which a stable sort keeps.
    pub fn mirrors_by_slot(
        &mut self,
    ) -> std::slice::ChunkBy<'_, MirroredLink, impl FnMut(&MirroredLink, &MirroredLink) -> bool + Clone> {
        let order = |m: &MirroredLink| (m.slot, m.polygon, m.link.edge);
        if !self.mirrored.is_sorted_by_key(order) {
            self.mirrored.sort_by_key(order);
        }
        self.mirrored.chunk_by(|a, b| a.slot == b.slot)
    }

    /// Keeps the link table of a tile that left the mesh for a tile that
    /// enters later, so an edit neither frees nor allocates one: removing
    /// every tile frees no table, and adding them back allocates none. A
    /// mesh keeps these tables as it keeps its free slots, until tiles fill
    /// them again or the mesh is dropped. Nothing of the table is read
    /// here: in a large mesh it is cold.
    pub fn keep_spare(&mut self, links: Arc<TileLinks>) {
        self.spares.push(links);
    }

    /// An empty link table: the last spare one when no clone shares it.
    pub fn empty_table(&mut self) -> Arc<TileLinks> {
        let mut table = self.spares.pop().unwrap_or_default();
        match Arc::get_mut(&mut table) {
            Some(unshared) => unshared.clear(),
            None => table = Arc::default(),
        }
        table
    }
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

/// An empty vector of another element type of the same layout, keeping the
/// allocation of `v`.
fn recycle<'b>(mut v: Vec<(TileRef, TilePortals<'_>)>) -> Vec<(TileRef, TilePortals<'b>)> {
    v.clear();
    v.into_iter().map(|_| unreachable!("cleared")).collect()
}

/// The polygons forward links of `tile` can leave: the start polygons of
/// its off-mesh links, fixed with the tile.
fn forward_link_starts(tile: &NavTile) -> impl Iterator<Item = u32> + '_ {
    tile.stitching().link_ends.iter().filter_map(|ends| ends.start_polygon)
}

/// Where the reverse links of `attachments` leave from: the end polygons of
/// the connected bidirectional links of `tile`.
pub(crate) fn reverse_link_ends<'a>(
    tile: &'a NavTile,
    attachments: &'a [Attachment],
) -> impl Iterator<Item = PolyRef> + 'a {
    attachments
        .iter()
        .zip(tile.off_mesh_links())
        .filter(|(a, link)| a.is_connected() && link.bidirectional)
        .map(|(a, _)| a.end)
}
