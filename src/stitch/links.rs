//! Link records (format text "Stitching (links)"; LAYOUT section 8: links
//! are only portal and off-mesh links, in-tile adjacency stays in the tile's
//! neighbour array).
//!
//! A tile's links are one flat array grouped by polygon, each polygon with
//! a room of its own (Detour's per-tile link pool, indices instead of
//! pointers), so a re-stitch rewrites only the polygons it changes.

use crate::mesh::poly_ref::{PolyRef, TileRef};
use crate::stitch::polygon_links::PolygonLinks;
use crate::stitch::prefetch::prefetch_lines;
use crate::stitch::stored_link::StoredLink;

/// What a link crosses. The values order the kinds as the text orders a
/// polygon's links, and `Link::group` computes with them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LinkKind {
    /// A shared stretch of two portal edges in neighbouring columns.
    Portal = 0,
    /// An off-mesh link leaving its start polygon.
    OffMesh = 1,
    /// The way back of a bidirectional off-mesh link, leaving its end polygon.
    OffMeshReverse = 2,
}

/// Marks `edge`, `target_edge` and `side` of an off-mesh link.
pub const NO_EDGE: u8 = 0xFF;

/// One stitched link leaving a polygon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Link {
    /// The polygon the link arrives at.
    pub target: PolyRef,
    pub kind: LinkKind,
    /// Portal: the source polygon's edge; off-mesh: [`NO_EDGE`].
    pub edge: u8,
    /// Portal: the edge's side 0..=3; off-mesh: [`NO_EDGE`].
    pub side: u8,
    /// Portal: the target polygon's edge; off-mesh: [`NO_EDGE`].
    pub target_edge: u8,
    /// Portal: the covered part of the source edge in 1/255ths from its
    /// first vertex; off-mesh: 0 and 255.
    pub range_min: u8,
    pub range_max: u8,
    /// Off-mesh: the link's index in the tile holding its start (the source
    /// tile for `OffMesh`, the target tile for `OffMeshReverse`); portal: 0.
    pub off_mesh_index: u32,
    /// Portal: the target's edge spans the whole source edge along the
    /// boundary, as the queries measure the overlap
    /// (`crate::query::edge_openings::opens_whole_edge`), so the opening is
    /// the whole edge; off-mesh: false. Set where the link is made, so every
    /// edit that stitches carries it; internal, as the C ABI's `OnavLink`.
    pub(crate) whole_edge: bool,
}

impl Link {
    pub(crate) fn portal(
        target: PolyRef,
        edge: u8,
        side: u8,
        target_edge: u8,
        range: (u8, u8),
        whole_edge: bool,
    ) -> Link {
        Link {
            target,
            kind: LinkKind::Portal,
            edge,
            side,
            target_edge,
            range_min: range.0,
            range_max: range.1,
            off_mesh_index: 0,
            whole_edge,
        }
    }

    pub(crate) fn off_mesh(target: PolyRef, kind: LinkKind, off_mesh_index: u32) -> Link {
        Link {
            target,
            kind,
            edge: NO_EDGE,
            side: NO_EDGE,
            target_edge: NO_EDGE,
            range_min: 0,
            range_max: 255,
            off_mesh_index,
            whole_edge: false,
        }
    }
}

/// The groups a polygon's links fall into, in the text's order: portal
/// links by side 0..=3, then the forward off-mesh links, then the reverse
/// ones. A re-stitch replaces whole groups.
/// Single groups compare in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(crate) struct LinkGroups(u8);

impl LinkGroups {
    pub const FORWARD: LinkGroups = LinkGroups(1 << 4);
    pub const REVERSE: LinkGroups = LinkGroups(1 << 5);
    pub const ALL: LinkGroups = LinkGroups(0x3F);

    /// The portal links of `side` (0..=3).
    pub fn side(side: u8) -> LinkGroups {
        LinkGroups(1 << side)
    }

    /// The group of a link of `kind`, across `side` if a portal.
    #[inline]
    pub fn of(kind: LinkKind, side: u8) -> LinkGroups {
        // Bits 0..=3 for the sides, then FORWARD and REVERSE; a select
        // rather than a branch per kind, as merging asks every link.
        let bit = if kind == LinkKind::Portal { side } else { 3 + kind as u8 };
        LinkGroups(1 << bit)
    }

    pub fn with(self, other: LinkGroups) -> LinkGroups {
        LinkGroups(self.0 | other.0)
    }

    pub fn contains(self, other: LinkGroups) -> bool {
        self.0 & other.0 == other.0
    }

    /// True when the groups hold no off-mesh group.
    pub fn portals_only(self) -> bool {
        self.0 & !0x0F == 0
    }

    /// The sides whose portal links are in the groups, ascending.
    pub fn sides(self) -> impl Iterator<Item = u8> {
        let mut left = self.0 & 0x0F;
        std::iter::from_fn(move || {
            let side = (left != 0).then(|| left.trailing_zeros() as u8)?;
            left &= left - 1;
            Some(side)
        })
    }
}

impl Link {
    /// The group the link belongs to.
    pub(crate) fn group(&self) -> LinkGroups {
        LinkGroups::of(self.kind, self.side)
    }

    /// The crate-internal whole-edge mark, read by the tests that check
    /// stitching sets it; not part of the API (the mark is the queries'
    /// own shortcut).
    #[doc(hidden)]
    pub fn opens_whole_edge(&self) -> bool {
        self.whole_edge
    }
}

/// Where one polygon's room in its tile's table starts, and how many links
/// fill its front.
#[derive(Debug, Clone, Copy, Default)]
struct Room {
    start: u32,
    len: u32,
}

/// The links of one tile, grouped by source polygon in the text's order.
///
/// Each polygon owns a room of the table, in polygon order, and its links
/// fill the front of it, so they read as one slice. A polygon keeps its
/// room when it loses links, and a re-stitch rewrites only the polygons it
/// changes: a side neighbour's links across one side come and go in place
/// as tiles stream out and in, whatever the size of the table. Only a
/// polygon that outgrows its room moves the rooms after it.
#[derive(Debug, Clone, Default)]
pub(crate) struct TileLinks {
    /// One per polygon; empty for a tile that never had links.
    rooms: Vec<Room>,
    /// The rooms in polygon order, the last ending with the table (so it
    /// needs no room of its own to end it: issue 24, 8 bytes a tile).
    links: Vec<StoredLink>,
}

/// One polygon's links: `old` without the links of `groups`, merged with
/// `new` (links of those groups only). Both are in group order and share
/// no group, so a merge by group keeps the text's order.
fn merge_groups(old: &[StoredLink], groups: LinkGroups, new: &[(u32, Link)], out: &mut Vec<StoredLink>) {
    let mut i = 0;
    let mut copy_kept_before = |out: &mut Vec<StoredLink>, end: Option<LinkGroups>| {
        while i < old.len() && end.is_none_or(|g| old[i].group() < g) {
            if !groups.contains(old[i].group()) {
                out.push(old[i]);
            }
            i += 1;
        }
    };
    for &(_, link) in new {
        copy_kept_before(out, Some(link.group()));
        out.push(StoredLink::of(link));
    }
    copy_kept_before(out, None);
}

impl TileLinks {
    /// `(polygon, link)` pairs grouped by polygon, keeping their order within
    /// each polygon; see [`Self::assign`].
    pub fn from_pending(polygon_count: usize, pending: &[(u32, Link)], links_room: usize) -> TileLinks {
        let mut table = TileLinks::default();
        table.assign(polygon_count, pending, links_room);
        table
    }

    /// Takes every link away, keeping the buffers.
    pub fn clear(&mut self) {
        self.rooms.clear();
        self.links.clear();
    }

    /// Makes this table [`Self::from_pending`], reusing its buffers: a
    /// stable counting sort by polygon, each polygon with room for its
    /// links alone, and the table's buffer with room for at least
    /// `links_room` links.
    pub fn assign(&mut self, polygon_count: usize, pending: &[(u32, Link)], links_room: usize) {
        self.clear();
        // Exactly as many as needed: growing from empty would round a
        // one-polygon tile's room up to four (issue 24: 24 bytes of every
        // such tile). The links' room is made even without links, for a
        // tile whose neighbours all come later.
        self.links.reserve_exact(pending.len().max(links_room));
        let Some(&(_, filler)) = pending.first() else { return };
        self.rooms.reserve_exact(polygon_count);
        self.rooms.resize(polygon_count, Room::default());
        for &(p, _) in pending {
            self.rooms[p as usize].len += 1;
        }
        // Each room's `len` counts its links again as they are placed.
        let mut start = 0;
        for room in &mut self.rooms {
            room.start = start;
            start += std::mem::take(&mut room.len);
        }
        // Every position is overwritten below.
        self.links.resize(pending.len(), StoredLink::of(filler));
        for &(p, link) in pending {
            let room = &mut self.rooms[p as usize];
            self.links[(room.start + room.len) as usize] = StoredLink::of(link);
            room.len += 1;
        }
    }

    /// Replaces the links of `groups` by `new`, in place: `new` holds
    /// `(polygon, link)` pairs of those groups, by ascending polygon and in
    /// group order within a polygon. Only the polygons in `changed`
    /// (ascending, distinct, a superset of the polygons with old or new
    /// links in `groups`) are read and written. `merged` is a buffer.
    pub fn replace_groups(
        &mut self,
        polygon_count: usize,
        groups: LinkGroups,
        changed: &[u32],
        new: &[(u32, Link)],
        merged: &mut Vec<StoredLink>,
    ) {
        if self.rooms.is_empty() {
            if new.is_empty() {
                return;
            }
            self.rooms.resize(polygon_count, Room::default());
        }
        let mut new = new;
        for &p in changed {
            let count = new.iter().take_while(|(q, _)| *q == p).count();
            let (here, rest) = new.split_at(count);
            new = rest;
            merged.clear();
            merge_groups(self.of_polygon(p), groups, here, merged);
            self.set_polygon(p as usize, merged);
        }
        debug_assert!(new.is_empty(), "a new link outside the changed polygons");
    }

    /// Makes `links` the links of polygon `p`, first widening its room when
    /// they do not fit.
    fn set_polygon(&mut self, p: usize, links: &[StoredLink]) {
        self.widen_room(p, links.len(), links.iter().copied());
        let start = self.rooms[p].start as usize;
        self.links[start..][..links.len()].copy_from_slice(links);
        self.rooms[p].len = links.len() as u32;
    }

    /// Makes polygon `p`'s room hold at least `needed` links: when it is
    /// shorter, it widens at its end by the links `fill` gives first
    /// (placeholders the caller overwrites; `fill` gives at least as many
    /// as the room lacks) and the rooms after it move up.
    #[inline]
    fn widen_room(&mut self, p: usize, needed: usize, fill: impl Iterator<Item = StoredLink>) {
        let start = self.rooms[p].start as usize;
        let end = self.rooms.get(p + 1).map_or(self.links.len(), |next| next.start as usize);
        if let Some(extra) = (start + needed).checked_sub(end).filter(|&extra| extra > 0) {
            self.links.splice(end..end, fill.take(extra));
            for room in &mut self.rooms[p + 1..] {
                room.start += extra as u32;
            }
        }
    }

    /// Adds `new`, links of `group` alone, to polygon `p`, which has none
    /// of that group, at their place in the text's order: the polygon's
    /// later groups move up within its room, which widens as
    /// [`Self::replace_groups`] would widen it, so the table ends up
    /// exactly as that merge leaves it, without copying the polygon's links
    /// out and back (issue 24: the side neighbours of a tile added alone in
    /// its column only gain links on the side facing it).
    pub fn insert_group(
        &mut self,
        polygon_count: usize,
        p: u32,
        group: LinkGroups,
        new: impl ExactSizeIterator<Item = Link> + Clone,
    ) {
        if self.rooms.is_empty() {
            self.rooms.resize(polygon_count, Room::default());
        }
        let p = p as usize;
        let (start, len, count) = (self.rooms[p].start as usize, self.rooms[p].len as usize, new.len());
        debug_assert!(self.links[start..start + len].iter().all(|l| l.group() != group), "the group is new");
        // The room lacks at most `count` links; every position of the
        // widened room is written below.
        self.widen_room(p, len + count, new.clone().map(StoredLink::of));
        let at = start + self.links[start..start + len].partition_point(|l| l.group() < group);
        self.links.copy_within(at..start + len, at + count);
        for (place, link) in self.links[at..at + count].iter_mut().zip(new) {
            *place = StoredLink::of(link);
        }
        self.rooms[p].len += count as u32;
    }

    /// Takes away every link arriving in `tile` from `polygons`, in place;
    /// the others keep their order, and every polygon its room.
    pub fn remove_links_to(&mut self, tile: TileRef, polygons: impl Iterator<Item = u32>) {
        for p in polygons {
            let Some(room) = self.rooms.get_mut(p as usize) else { return };
            let start = room.start as usize;
            let mut kept = start;
            for i in start..start + room.len as usize {
                let link = self.links[i];
                if link.target().tile_ref() != tile {
                    self.links[kept] = link;
                    kept += 1;
                }
            }
            room.len = (kept - start) as u32;
        }
    }

    /// Links leaving `polygon`, as [`Link`]s.
    #[inline]
    pub fn links_of(&self, polygon: u32) -> PolygonLinks<'_> {
        PolygonLinks::new(self.of_polygon(polygon))
    }

    /// Links leaving `polygon`, as stored.
    #[inline]
    fn of_polygon(&self, polygon: u32) -> &[StoredLink] {
        match self.rooms.get(polygon as usize) {
            Some(room) => &self.links[room.start as usize..][..room.len as usize],
            None => &[],
        }
    }

    /// Links in use.
    pub fn len(&self) -> usize {
        self.rooms.iter().map(|room| room.len as usize).sum()
    }

    /// Polygons with a room: the tile's polygons, or none for a table that
    /// never had links.
    pub fn polygon_count(&self) -> usize {
        self.rooms.len()
    }

    /// Starts loading where each polygon's links lie (see
    /// `StitchView::warm`).
    pub fn prefetch_rooms(&self) {
        prefetch_lines(&self.rooms);
    }

    /// Starts loading the whole table (see `StitchView::warm`).
    pub fn prefetch(&self) {
        prefetch_lines(&self.rooms);
        prefetch_lines(&self.links);
    }

    /// Bytes this table owns on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.rooms.capacity() * std::mem::size_of::<Room>() + self.links.capacity() * std::mem::size_of::<StoredLink>()
    }
}

/// Tables are equal when every polygon has the same links.
impl PartialEq for TileLinks {
    fn eq(&self, other: &TileLinks) -> bool {
        let polygons = self.polygon_count().max(other.polygon_count()) as u32;
        (0..polygons).all(|p| self.of_polygon(p) == other.of_polygon(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removing_the_links_to_a_tile_keeps_the_others_in_order() {
        let mut next = crate::test_rng::below_fn(0x9E37_79B9_7F4A_7C15u64);
        let tiles = [TileRef::from_parts(1, 0), TileRef::from_parts(2, 0), TileRef::from_parts(1, 5)];
        for _ in 0..2000 {
            let polygon_count = 1 + next(12) as usize;
            let pending: Vec<(u32, Link)> = (0..next(40))
                .map(|_| {
                    let target = tiles[next(3) as usize].polygon(next(9) as u32).unwrap();
                    let link = match next(3) {
                        0 => Link::off_mesh(target, LinkKind::OffMesh, next(4) as u32),
                        _ => Link::portal(target, 0, next(4) as u8, 1, (0, 255), next(2) == 0),
                    };
                    (next(polygon_count as u64) as u32, link)
                })
                .collect();
            let gone = tiles[next(3) as usize];
            let mut table = TileLinks::from_pending(polygon_count, &pending, 0);
            table.remove_links_to(gone, 0..polygon_count as u32);
            let kept: Vec<(u32, Link)> = pending.into_iter().filter(|(_, l)| l.target.tile_ref() != gone).collect();
            assert_eq!(table, TileLinks::from_pending(polygon_count, &kept, 0));
        }
    }

    /// The single groups in the text's order.
    const GROUPS: [LinkGroups; 6] =
        [LinkGroups(1), LinkGroups(2), LinkGroups(4), LinkGroups(8), LinkGroups::FORWARD, LinkGroups::REVERSE];

    fn link_of(group: LinkGroups, target: PolyRef, tag: u32) -> Link {
        match group {
            LinkGroups::FORWARD => Link::off_mesh(target, LinkKind::OffMesh, tag),
            LinkGroups::REVERSE => Link::off_mesh(target, LinkKind::OffMeshReverse, tag),
            side => Link::portal(target, tag as u8, side.0.trailing_zeros() as u8, 0, (0, 255), tag.is_multiple_of(2)),
        }
    }

    /// The model's links as `(polygon, link)` pairs.
    fn pairs(model: &[Vec<Link>]) -> Vec<(u32, Link)> {
        let per_polygon = model.iter().enumerate().map(|(p, links)| links.iter().map(move |&l| (p as u32, l)));
        per_polygon.flatten().collect()
    }

    #[test]
    fn patching_in_place_equals_building_afresh() {
        let mut next = crate::test_rng::below_fn(0x51ED_2701_A5A5_0F0Fu64);
        let tiles = [TileRef::from_parts(1, 0), TileRef::from_parts(2, 3), TileRef::from_parts(7, 9)];
        let mut tag = 0u32;
        for _ in 0..300 {
            let polygon_count = 1 + next(10) as usize;
            let mut model: Vec<Vec<Link>> = vec![Vec::new(); polygon_count];
            let mut table = TileLinks::default();
            let mut merged = Vec::new();
            for _ in 0..40 {
                if next(4) == 0 {
                    let gone = tiles[next(3) as usize];
                    let polygons: Vec<u32> = (0..polygon_count as u32).filter(|_| next(2) == 0).collect();
                    table.remove_links_to(gone, polygons.iter().copied());
                    for &p in &polygons {
                        model[p as usize].retain(|l| l.target.tile_ref() != gone);
                    }
                } else {
                    let groups = GROUPS.iter().filter(|_| next(3) == 0).fold(LinkGroups::default(), |a, &g| a.with(g));
                    let changed: Vec<u32> = (0..polygon_count as u32).filter(|_| next(3) != 0).collect();
                    let mut new = Vec::new();
                    for &p in &changed {
                        let mut links = Vec::new();
                        for g in GROUPS {
                            if groups.contains(g) {
                                for _ in 0..next(4) {
                                    tag += 1;
                                    let target = tiles[next(3) as usize].polygon(next(5) as u32).unwrap();
                                    new.push((p, link_of(g, target, tag)));
                                }
                            }
                            let kept = model[p as usize].iter().filter(|l| l.group() == g);
                            let fresh = new.iter().filter(|(q, l)| *q == p && l.group() == g).map(|(_, l)| l);
                            links.extend(if groups.contains(g) {
                                fresh.copied().collect::<Vec<_>>()
                            } else {
                                kept.copied().collect()
                            });
                        }
                        model[p as usize] = links;
                    }
                    table.replace_groups(polygon_count, groups, &changed, &new, &mut merged);
                }
                assert_eq!(table, TileLinks::from_pending(polygon_count, &pairs(&model), 0));
                assert_eq!(table.len(), model.iter().map(Vec::len).sum::<usize>());
                for (p, links) in model.iter().enumerate() {
                    assert_eq!(table.links_of(p as u32).collect::<Vec<_>>(), *links);
                }
            }
        }
    }

    #[test]
    fn each_link_falls_in_its_kinds_group() {
        let target = PolyRef(1);
        for side in 0..4 {
            assert_eq!(Link::portal(target, 0, side, 0, (0, 255), false).group(), LinkGroups::side(side));
        }
        assert_eq!(Link::off_mesh(target, LinkKind::OffMesh, 0).group(), LinkGroups::FORWARD);
        assert_eq!(Link::off_mesh(target, LinkKind::OffMeshReverse, 0).group(), LinkGroups::REVERSE);
    }

    #[test]
    fn sides_are_the_portal_groups_in_ascending_order() {
        for mask in 0..=0x3Fu8 {
            let sides: Vec<u8> = LinkGroups(mask).sides().collect();
            let expected: Vec<u8> = (0..4).filter(|&side| mask & (1 << side) != 0).collect();
            assert_eq!(sides, expected, "groups {mask:#04x}");
        }
    }

    #[test]
    fn grouping_is_stable_per_polygon() {
        let link = |i| Link::off_mesh(PolyRef(i), LinkKind::OffMesh, 0);
        let pending = [(2, link(1)), (0, link(2)), (2, link(3)), (0, link(4))];
        let table = TileLinks::from_pending(3, &pending, 0);
        let targets = |p| table.links_of(p).map(|l| l.target.0).collect::<Vec<_>>();
        assert_eq!(targets(0), [2, 4]);
        assert_eq!(targets(1), Vec::<u64>::new());
        assert_eq!(targets(2), [1, 3]);
        assert_eq!(targets(7), Vec::<u64>::new());
        assert_eq!(TileLinks::from_pending(3, &[], 0).links_of(0).len(), 0);
    }
}
