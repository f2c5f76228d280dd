//! Link records (format text "Stitching (links)"; LAYOUT section 8: links
//! are only portal and off-mesh links, in-tile adjacency stays in the tile's
//! neighbour array).
//!
//! A tile's links are one flat array grouped by polygon, with an offset
//! table (Detour's per-tile link pool, indices instead of pointers).

use crate::poly_ref::{PolyRef, TileRef};
use crate::prefetch::prefetch_lines;

/// What a link crosses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LinkKind {
    /// A shared stretch of two portal edges in neighbouring columns.
    Portal,
    /// An off-mesh link leaving its start polygon.
    OffMesh,
    /// The way back of a bidirectional off-mesh link, leaving its end polygon.
    OffMeshReverse,
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
}

impl Link {
    pub(crate) fn portal(target: PolyRef, edge: u8, side: u8, target_edge: u8, range: (u8, u8)) -> Link {
        Link {
            target,
            kind: LinkKind::Portal,
            edge,
            side,
            target_edge,
            range_min: range.0,
            range_max: range.1,
            off_mesh_index: 0,
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
        (0..4u8).filter(move |&side| self.contains(LinkGroups::side(side)))
    }
}

impl Link {
    /// The group the link belongs to.
    pub(crate) fn group(&self) -> LinkGroups {
        match self.kind {
            LinkKind::Portal => LinkGroups::side(self.side),
            LinkKind::OffMesh => LinkGroups::FORWARD,
            LinkKind::OffMeshReverse => LinkGroups::REVERSE,
        }
    }
}

/// The links of one tile, grouped by source polygon in the text's order.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TileLinks {
    /// First link of each polygon, plus the total at the end (empty for a
    /// tile without links).
    first: Vec<u32>,
    links: Vec<Link>,
}

/// Groups `(polygon, link)` pairs by polygon into `first` (offsets, plus
/// the total) and `links`, keeping their order within each polygon (a
/// stable counting sort).
pub(crate) fn group_by_polygon(
    polygon_count: usize,
    pending: &[(u32, Link)],
    first: &mut Vec<u32>,
    links: &mut Vec<Link>,
) {
    first.clear();
    links.clear();
    let Some(&(_, filler)) = pending.first() else { return };
    first.resize(polygon_count + 1, 0);
    for &(p, _) in pending {
        first[p as usize + 1] += 1;
    }
    for p in 0..polygon_count {
        first[p + 1] += first[p];
    }
    // Every position is overwritten below. `first[p]` serves as polygon p's
    // cursor, ending at the old `first[p + 1]`; shifting by one restores the
    // offsets.
    links.resize(pending.len(), filler);
    for &(p, link) in pending {
        links[first[p as usize] as usize] = link;
        first[p as usize] += 1;
    }
    first.copy_within(0..polygon_count, 1);
    first[0] = 0;
}

/// One polygon's links: `old` without the links of `groups`, merged with
/// `new` (links of those groups only). Both are in group order and share
/// no group, so a merge by group keeps the text's order.
fn merge_groups(old: &[Link], groups: LinkGroups, new: &[(u32, Link)], out: &mut Vec<Link>) {
    let mut i = 0;
    let mut copy_kept_before = |out: &mut Vec<Link>, end: Option<LinkGroups>| {
        while i < old.len() && end.map_or(true, |g| old[i].group() < g) {
            if !groups.contains(old[i].group()) {
                out.push(old[i]);
            }
            i += 1;
        }
    };
    for &(_, link) in new {
        copy_kept_before(out, Some(link.group()));
        out.push(link);
    }
    copy_kept_before(out, None);
}

impl TileLinks {
    /// Groups `(polygon, link)` pairs by polygon, keeping their order within
    /// each polygon (a stable counting sort).
    #[cfg(test)]
    pub fn from_pending(polygon_count: usize, pending: &[(u32, Link)]) -> TileLinks {
        let (mut first, mut links) = (Vec::new(), Vec::new());
        group_by_polygon(polygon_count, pending, &mut first, &mut links);
        TileLinks::from_parts(&first, &links)
    }

    /// A table of exactly these offsets and links (empty when there are no
    /// links).
    pub fn from_parts(first: &[u32], links: &[Link]) -> TileLinks {
        if links.is_empty() {
            return TileLinks::default();
        }
        TileLinks { first: first.to_vec(), links: links.to_vec() }
    }

    /// Takes every link away, keeping the buffers.
    pub fn clear(&mut self) {
        self.first.clear();
        self.links.clear();
    }

    /// Makes this table equal to [`Self::from_parts`], reusing its buffers.
    pub fn assign(&mut self, first: &[u32], links: &[Link]) {
        self.clear();
        if !links.is_empty() {
            self.first.extend_from_slice(first);
            self.links.extend_from_slice(links);
        }
    }

    /// This table with the links of `groups` replaced by `new`, into
    /// `first_out` and `links_out` (see [`Self::from_parts`]). `new` holds
    /// `(polygon, link)` pairs of those groups, by ascending polygon and in
    /// group order within a polygon. Only polygons in `changed` (ascending,
    /// distinct, a superset of the polygons with old or new links in
    /// `groups`) can differ; every other polygon's links are copied as they
    /// are.
    pub fn groups_replaced_into(
        &self,
        polygon_count: usize,
        groups: LinkGroups,
        changed: impl Iterator<Item = u32>,
        new: &[(u32, Link)],
        first: &mut Vec<u32>,
        links: &mut Vec<Link>,
    ) {
        first.clear();
        links.clear();
        if self.links.is_empty() && new.is_empty() {
            return;
        }
        let old_first = |p: usize| self.first.get(p).copied().unwrap_or(0);
        let mut new = new;
        // Polygons below `done` are written.
        let mut done = 0usize;
        let copy_unchanged = |first: &mut Vec<u32>, links: &mut Vec<Link>, from: usize, to: usize| {
            if from >= to {
                return;
            }
            let (a, b) = (old_first(from), old_first(to));
            let shift = (links.len() as u32).wrapping_sub(a);
            match self.first.get(from..to) {
                Some(run) => first.extend(run.iter().map(|&f| f.wrapping_add(shift))),
                None => first.resize(first.len() + (to - from), links.len() as u32),
            }
            links.extend_from_slice(&self.links[a as usize..b as usize]);
        };
        for p in changed {
            let p = p as usize;
            copy_unchanged(first, links, done, p);
            first.push(links.len() as u32);
            let count = new.iter().take_while(|(q, _)| *q as usize == p).count();
            let (here, rest) = new.split_at(count);
            new = rest;
            merge_groups(self.of_polygon(p as u32), groups, here, links);
            done = p + 1;
        }
        debug_assert!(new.is_empty(), "a new link outside the changed polygons");
        copy_unchanged(first, links, done, polygon_count);
        first.push(links.len() as u32);
    }

    /// Takes away every link arriving in `tile`, in place; the others keep
    /// their order. One pass; links before the first one taken away stay
    /// where they are. Not inlined: inside the re-stitching of a removal the
    /// loop compiled about a fifth slower (256-polygon removal, 0.97 against
    /// 1.18 µs in the mesh benchmark).
    #[inline(never)]
    pub fn remove_links_to(&mut self, tile: TileRef) {
        let Some(polygon_count) = self.first.len().checked_sub(1) else { return };
        let mut write = 0usize;
        let mut read = 0usize;
        for p in 0..polygon_count {
            let end = self.first[p + 1] as usize;
            self.first[p] = write as u32;
            for i in read..end {
                let link = self.links[i];
                if link.target.tile_ref() != tile {
                    self.links[write] = link;
                    write += 1;
                }
            }
            read = end;
        }
        self.first[polygon_count] = write as u32;
        self.links.truncate(write);
        if self.links.is_empty() {
            self.first.clear();
        }
    }

    /// Appends the polygons with an off-mesh link (forward or reverse), in
    /// ascending order; off-mesh links come last within a polygon.
    pub fn polygons_with_off_mesh_links(&self, out: &mut Vec<u32>) {
        let Some(last) = self.first.len().checked_sub(1) else { return };
        for p in 0..last {
            let end = self.first[p + 1] as usize;
            if end > self.first[p] as usize && self.links[end - 1].kind != LinkKind::Portal {
                out.push(p as u32);
            }
        }
    }

    /// Links leaving `polygon`.
    pub fn of_polygon(&self, polygon: u32) -> &[Link] {
        match self.first.get(polygon as usize..polygon as usize + 2) {
            Some(&[a, b]) => &self.links[a as usize..b as usize],
            _ => &[],
        }
    }

    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Starts loading the whole table (see `StitchView::warm`).
    pub fn prefetch(&self) {
        prefetch_lines(&self.first);
        prefetch_lines(&self.links);
    }

    /// Bytes this table owns on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.first.capacity() * std::mem::size_of::<u32>() + self.links.capacity() * std::mem::size_of::<Link>()
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
                        _ => Link::portal(target, 0, next(4) as u8, 1, (0, 255)),
                    };
                    (next(polygon_count as u64) as u32, link)
                })
                .collect();
            let gone = tiles[next(3) as usize];
            let mut table = TileLinks::from_pending(polygon_count, &pending);
            table.remove_links_to(gone);
            let kept: Vec<(u32, Link)> = pending.into_iter().filter(|(_, l)| l.target.tile_ref() != gone).collect();
            assert_eq!(table, TileLinks::from_pending(polygon_count, &kept));
        }
    }

    #[test]
    fn grouping_is_stable_per_polygon() {
        let link = |i| Link::off_mesh(PolyRef(i), LinkKind::OffMesh, 0);
        let pending = [(2, link(1)), (0, link(2)), (2, link(3)), (0, link(4))];
        let table = TileLinks::from_pending(3, &pending);
        let targets = |p| table.of_polygon(p).iter().map(|l| l.target.0).collect::<Vec<_>>();
        assert_eq!(targets(0), [2, 4]);
        assert_eq!(targets(1), Vec::<u64>::new());
        assert_eq!(targets(2), [1, 3]);
        assert_eq!(targets(7), Vec::<u64>::new());
        assert!(TileLinks::from_pending(3, &[]).of_polygon(0).is_empty());
    }
}
