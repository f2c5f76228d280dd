//! `StoredLink`: a [`Link`] as its tile's table keeps it, in 16 bytes
//! instead of 24 (issue 24: links are the largest per-polygon part of a
//! loaded mesh after the tile's own arrays). A portal link has edges and a
//! range but no off-mesh index; an off-mesh link has an index, no edges and
//! always the whole range, so one word holds the range of the one and the
//! index of the other. The public [`Link`] is rebuilt by value where it is
//! read.

use crate::mesh::poly_ref::PolyRef;
use crate::stitch::links::{Link, LinkGroups, LinkKind};

/// The range an off-mesh link covers: the whole of it.
const WHOLE_RANGE: (u8, u8) = (0, 255);

/// The bit of a portal link's word above its range that marks a link whose
/// opening is its whole edge ([`Link::whole_edge`]): a bit the range leaves
/// free, so the flag adds no memory.
const WHOLE_EDGE: u32 = 1 << 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StoredLink {
    target: PolyRef,
    kind: LinkKind,
    /// [`NO_EDGE`] for an off-mesh link, as in [`Link`].
    edge: u8,
    side: u8,
    target_edge: u8,
    /// Portal: `range_min` in the low byte, `range_max` in the next and
    /// [`WHOLE_EDGE`] above them; off-mesh: the off-mesh index.
    word: u32,
}

impl StoredLink {
    /// `link`, which the crate made with `Link::portal` or `Link::off_mesh`
    /// (an off-mesh link with the whole range and a portal link with index
    /// 0), so nothing is lost.
    #[inline]
    pub fn of(link: Link) -> StoredLink {
        let word = if link.kind == LinkKind::Portal {
            debug_assert_eq!(link.off_mesh_index, 0, "a portal link has no off-mesh index");
            u32::from(link.range_min) | u32::from(link.range_max) << 8 | if link.whole_edge { WHOLE_EDGE } else { 0 }
        } else {
            debug_assert_eq!((link.range_min, link.range_max), WHOLE_RANGE, "an off-mesh link covers its whole range");
            debug_assert!(!link.whole_edge, "an off-mesh link crosses no edge");
            link.off_mesh_index
        };
        let (edge, side, target_edge) = (link.edge, link.side, link.target_edge);
        StoredLink { target: link.target, kind: link.kind, edge, side, target_edge, word }
    }

    /// The link as [`Link`].
    #[inline]
    pub fn link(self) -> Link {
        let portal = self.kind == LinkKind::Portal;
        let (range_min, range_max) = if portal { (self.word as u8, (self.word >> 8) as u8) } else { WHOLE_RANGE };
        Link {
            target: self.target,
            kind: self.kind,
            edge: self.edge,
            side: self.side,
            target_edge: self.target_edge,
            range_min,
            range_max,
            off_mesh_index: if portal { 0 } else { self.word },
            whole_edge: portal && self.word & WHOLE_EDGE != 0,
        }
    }

    pub fn target(self) -> PolyRef {
        self.target
    }

    /// The group the link belongs to ([`Link::group`]).
    pub fn group(self) -> LinkGroups {
        LinkGroups::of(self.kind, self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stitch::links::NO_EDGE;

    #[test]
    fn a_stored_link_is_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<StoredLink>(), 16);
    }

    #[test]
    fn every_link_the_crate_makes_comes_back_whole() {
        let target = PolyRef(0x0123_4567_89AB_CDEF);
        let mut links = vec![
            Link::off_mesh(target, LinkKind::OffMesh, u32::MAX),
            Link::off_mesh(target, LinkKind::OffMeshReverse, 0),
            Link::off_mesh(target, LinkKind::OffMesh, 0x0001_00FF),
        ];
        let portals = [(0, 0, 5, (0, 255), true), (15, 3, 0, (255, 255), false), (7, 2, 9, (17, 200), true)];
        for (edge, side, target_edge, range, whole_edge) in portals {
            links.push(Link::portal(target, edge, side, target_edge, range, whole_edge));
            links.push(Link::portal(target, edge, side, target_edge, range, !whole_edge));
        }
        for link in links {
            assert_eq!(StoredLink::of(link).link(), link);
            assert_eq!(StoredLink::of(link).group(), link.group());
            assert_eq!(link.edge == NO_EDGE, link.kind != LinkKind::Portal);
        }
    }
}
