//! Portal links (format text "Stitching (links)", paragraph "Portals";
//! LAYOUT section 7 "Portals" and "Portal order of a tile"; LAYOUT section
//! 8 on neighbour columns, which are computed without wrapping).

use crate::mesh::poly_ref::TileRef;
use crate::query::edge_openings::opens_whole_edge;
use crate::query::polygon_geometry::world_along;
use crate::stitch::links::{Link, LinkGroups};
use crate::stitch::prefetch::prefetch_lines;
use crate::tile::nav_tile::NavTile;
use crate::tile::tile_data::NOT_PORTAL;

/// A tile column (TileX, TileZ).
pub type Column = (i32, i32);

/// Index of the coordinate along the boundary: Z for sides 0 and 2, X for 1
/// and 3.
pub(crate) fn along_axis(side: u8) -> usize {
    if side.is_multiple_of(2) {
        2
    } else {
        0
    }
}

/// The side facing `side` from the neighbouring column.
pub fn opposite_side(side: u8) -> u8 {
    side ^ 2
}

/// The column across `side` (dx, dz: +1/0, 0/+1, -1/0, 0/-1 for sides
/// 0..=3), or `None` beyond the i32 tile coordinates.
pub fn neighbour_column(column: Column, side: u8) -> Option<Column> {
    let (x, z) = column;
    match side {
        0 => Some((x.checked_add(1)?, z)),
        1 => Some((x, z.checked_add(1)?)),
        2 => Some((x.checked_sub(1)?, z)),
        _ => Some((x, z.checked_sub(1)?)),
    }
}

/// One portal edge as stitching keeps it: the tile-local u (along the
/// boundary) and y of its two vertices, exactly as the tile stores them;
/// every derived value below is LAYOUT section 7's f64 arithmetic on them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Portal {
    pub polygon: u32,
    pub u0: f32,
    pub u1: f32,
    pub y0: f32,
    pub y1: f32,
    pub edge: u8,
}

impl Portal {
    pub fn new(polygon: u32, edge: u8, (u0, u1): (f32, f32), (y0, y1): (f32, f32)) -> Portal {
        Portal { polygon, u0, u1, y0, y1, edge }
    }

    /// The smaller of `u0` and `u1`, by a plain comparison (one instruction;
    /// coordinates are never NaN). Computed, not kept: keeping it and
    /// `u_max` took 8 of the 32 bytes of every portal (issue 24). Which of
    /// two zeros it picks changes no link: such an edge has no length
    /// along the boundary and shares no stretch, and every other use
    /// compares it by value.
    fn u_min(&self) -> f32 {
        if self.u1 < self.u0 {
            self.u1
        } else {
            self.u0
        }
    }

    /// The larger of `u0` and `u1`, as [`Self::u_min`].
    fn u_max(&self) -> f32 {
        if self.u1 > self.u0 {
            self.u1
        } else {
            self.u0
        }
    }

    /// `t` of LAYOUT section 7: where `u` lies along the edge, measured
    /// from its first vertex. Height and range both derive from it, so a
    /// link computes each `t` once.
    fn t_at(&self, u: f64) -> f64 {
        let (u0, u1) = (self.u0 as f64, self.u1 as f64);
        (u - u0) / (u1 - u0)
    }

    /// `h` of LAYOUT section 7 at parameter `t`, with `wy = origin_y + (f64)y`.
    fn height_at_t(&self, origin_y: f64, t: f64) -> f64 {
        let (wy0, wy1) = (origin_y + self.y0 as f64, origin_y + self.y1 as f64);
        wy0 + (wy1 - wy0) * t
    }

    /// `h(u)` of LAYOUT section 7.
    pub fn height_at(&self, origin_y: f64, u: f64) -> f64 {
        self.height_at_t(origin_y, self.t_at(u))
    }

    /// RangeMin and RangeMax of `[lo, hi]` on this edge.
    #[cfg(test)]
    fn range_of(&self, lo: f64, hi: f64) -> (u8, u8) {
        range_of_t(self.t_at(lo), self.t_at(hi))
    }
}

/// RangeMin and RangeMax from the edge parameters of `lo` and `hi`: floor
/// and ceil of t·255, clamped to 0..=255. A plain comparison orders them:
/// a linked edge has length, so neither is NaN.
fn range_of_t(t_lo: f64, t_hi: f64) -> (u8, u8) {
    let (first, last) = if t_lo < t_hi { (t_lo, t_hi) } else { (t_hi, t_lo) };
    (floor_to_byte(first * 255.0), ceil_to_byte(last * 255.0))
}

/// `floor(x)` clamped to 0..=255 (NaN gives 0): the saturating cast
/// clamps, and on a value in 0..=255 truncation is floor. Without SSE4.1
/// `floor` would be a libm call on the stitching hot path.
fn floor_to_byte(x: f64) -> u8 {
    x as u8
}

/// `ceil(x)` clamped to 0..=255 (NaN gives 0), as [`floor_to_byte`]: one
/// up from the floor when that lies below `x`, saturating above 255.
fn ceil_to_byte(x: f64) -> u8 {
    let down = x as u8;
    down.saturating_add(u8::from((down as f64) < x))
}

/// A step of a side's sweep order: portals by ascending `u_min`, with the
/// largest `u_max` so far, so the portals that can overlap an interval are
/// one contiguous run found by two binary searches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SweepEntry {
    pub u_min: f32,
    /// Largest `u_max` of this entry and every one before it.
    pub reach: f32,
    /// Index of the portal within its side, in portal order.
    pub index: u32,
}

/// Sweep steps a tile's portal table needs room for, given how many
/// portals lie on each side: one per portal of each side of more than
/// [`SMALL_SIDE`] portals, the only sides that can need a sweep order.
/// Known from the portal sides alone, so the buffer is planned before the
/// portals are; smaller sides take no room (issue 24: the steps took 12 of
/// the 44 bytes of every portal, and on most tiles no side needs them).
pub(crate) fn sweep_steps_needed(per_side: &[usize; 4]) -> usize {
    per_side.iter().filter(|&&n| n > SMALL_SIDE).sum()
}

/// The part of a tile's portal table kept in the tile record: where each
/// side's portals lie, and which sides run along the boundary. The portals
/// and the sweep steps lie in the tile's buffer (sections `portal_table`
/// and `portal_sweeps`), so reading a tile allocates once for all
/// (issue 24).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct PortalSides {
    /// Side `s` is `portals[starts[s]..starts[s + 1]]`; its sweep steps, if
    /// it has room for them ([`sweep_steps_needed`]), follow those of the
    /// sides before it that have.
    starts: [u32; 5],
    /// Whether each side's portals, in portal order, run along the boundary:
    /// neither `u_min` nor `u_max` ever decreases. Such a side is its own
    /// sweep order (most tiles built on a grid have only such sides).
    in_order: [bool; 4],
}

/// A tile's portal edges in one table grouped by side, each group in portal
/// order (polygon index, then edge index), with the sweep order of each side
/// that needs one: borrowed from the tile.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TilePortals<'a> {
    pub origin_y: f64,
    sides: &'a PortalSides,
    portals: &'a [Portal],
    sweeps: &'a [SweepEntry],
}

/// Fills `out` (one entry per portal edge) with the portal table of a tile
/// whose polygon `p` has the corners
/// `indices[edge_starts[p]..edge_starts[p + 1]]` among `vertices` and the
/// per-edge portal sides at the same places of `portal_sides`;
/// [`fill_sweeps`] then gives the sides their sweep orders.
pub(crate) fn fill_portal_table(
    edge_starts: &[u32],
    indices: &[u32],
    portal_sides: &[u8],
    vertices: &[[f32; 3]],
    out: &mut [Portal],
) -> PortalSides {
    let mut starts = [0u32; 5];
    for &side in portal_sides.iter().filter(|&&side| side != NOT_PORTAL) {
        starts[side as usize + 1] += 1;
    }
    for side in 0..4 {
        starts[side + 1] += starts[side];
    }
    let mut cursor = starts;
    for (p, edges) in edge_starts.windows(2).enumerate() {
        let range = edges[0] as usize..edges[1] as usize;
        let corners = &indices[range.clone()];
        for (k, &side) in portal_sides[range].iter().enumerate().filter(|&(_, &side)| side != NOT_PORTAL) {
            out[cursor[side as usize] as usize] = portal_on(vertices, corners, p as u32, k as u8, side);
            cursor[side as usize] += 1;
        }
    }
    PortalSides { starts, in_order: sides_in_order(&starts, out) }
}

/// Which sides of `portals` (grouped by side as `starts` says, each in
/// portal order) run along the boundary.
fn sides_in_order(starts: &[u32; 5], portals: &[Portal]) -> [bool; 4] {
    [0, 1, 2, 3].map(|side| {
        let range = starts[side] as usize..starts[side + 1] as usize;
        portals[range].windows(2).all(|w| w[0].u_min() <= w[1].u_min() && w[0].u_max() <= w[1].u_max())
    })
}

/// Gives each side of `portals` (the table [`fill_portal_table`] filled and
/// described by `sides`) that needs one its sweep order in `sweeps` (room
/// for [`sweep_steps_needed`]). Sides of at most [`SMALL_SIDE`] portals are
/// matched directly, and sides in order walked: neither gets one.
pub(crate) fn fill_sweeps(sides: &PortalSides, portals: &[Portal], sweeps: &mut [SweepEntry]) {
    for side in 0..4u8 {
        if sides.in_order[side as usize] || sides.len(side) <= SMALL_SIDE {
            continue;
        }
        let steps = &mut sweeps[sides.sweep_range(side)];
        for (i, (step, portal)) in steps.iter_mut().zip(&portals[sides.range(side)]).enumerate() {
            *step = SweepEntry { u_min: portal.u_min(), reach: portal.u_max(), index: i as u32 };
        }
        // In place (no allocation while validating a tile); the index makes
        // the order total.
        steps.sort_unstable_by(|a, b| a.u_min.total_cmp(&b.u_min).then(a.index.cmp(&b.index)));
        let mut reach = f32::NEG_INFINITY;
        for step in steps {
            reach = reach.max(step.reach);
            step.reach = reach;
        }
    }
}

impl PortalSides {
    fn range(&self, side: u8) -> std::ops::Range<usize> {
        self.starts[side as usize] as usize..self.starts[side as usize + 1] as usize
    }

    fn len(&self, side: u8) -> usize {
        self.range(side).len()
    }

    /// Where the sweep steps of `side`, which has room for them, lie.
    /// They follow those of the sides before it, placed by the rule the
    /// buffer was planned with.
    fn sweep_range(&self, side: u8) -> std::ops::Range<usize> {
        let start = sweep_steps_needed(&[0, 1, 2, 3].map(|s| if s < side { self.len(s) } else { 0 }));
        start..start + self.len(side)
    }
}

impl<'a> TilePortals<'a> {
    /// The table of a tile at height origin `origin_y`: `sides` as
    /// [`fill_portal_table`] returned it for `portals` and `sweeps`.
    pub fn new(
        origin_y: f64,
        sides: &'a PortalSides,
        portals: &'a [Portal],
        sweeps: &'a [SweepEntry],
    ) -> TilePortals<'a> {
        TilePortals { origin_y, sides, portals, sweeps }
    }

    /// The portals on `side`, in portal order.
    fn side_entries(self, side: u8) -> &'a [Portal] {
        &self.portals[self.sides.range(side)]
    }

    /// The sweep order of `side`, one of more than [`SMALL_SIDE`] portals.
    fn side_sweeps(self, side: u8) -> &'a [SweepEntry] {
        &self.sweeps[self.sides.sweep_range(side)]
    }

    fn in_order(&self, side: u8) -> bool {
        self.sides.in_order[side as usize]
    }

    /// Starts loading the portals of the sides in `groups` (see
    /// `StitchView::warm`).
    pub fn prefetch_sides(&self, groups: LinkGroups) {
        for side in groups.sides() {
            prefetch_lines(self.side_entries(side));
        }
    }

    /// Starts loading the portals of every side, which lie together.
    pub fn prefetch_all(&self) {
        prefetch_lines(self.portals);
    }

    /// The distinct polygons with a portal on `side`, ascending: in portal
    /// order a polygon's portals on one side are adjacent. Read from the
    /// table, not kept apart (issue 24: a one-polygon tile kept 44 bytes
    /// for a list of its one polygon).
    pub fn polygons_on(self, side: u8) -> impl Iterator<Item = u32> + 'a {
        let mut last = None;
        self.side_entries(side).iter().map(|portal| portal.polygon).filter(move |&p| last.replace(p) != Some(p))
    }

    /// Portal edges on every side.
    pub fn edge_count(&self) -> usize {
        self.portals.len()
    }

    /// True when the tile has no portal on `side`.
    pub fn is_empty_on(&self, side: u8) -> bool {
        self.sides.starts[side as usize] == self.sides.starts[side as usize + 1]
    }
}

/// The portal on `side` of edge `edge` of `polygon`.
pub(crate) fn portal_of(tile: &NavTile, polygon: u32, edge: u8, side: u8) -> Portal {
    let indices = tile.polygon(polygon as usize).expect("validated polygon index").indices;
    portal_on(tile.vertices(), indices, polygon, edge, side)
}

/// The portal on `side` of edge `edge` of `polygon`, whose corners are
/// `indices` among `vertices`.
fn portal_on(vertices: &[[f32; 3]], indices: &[u32], polygon: u32, edge: u8, side: u8) -> Portal {
    let k = edge as usize;
    let a = vertices[indices[k] as usize];
    let b = vertices[indices[(k + 1) % indices.len()] as usize];
    let axis = along_axis(side);
    Portal::new(polygon, edge, (a[axis], b[axis]), (a[1], b[1]))
}

/// A portal link as the tile across the side sees it: made while stitching
/// a tile alone in its column, for the facing tile in `slot`, whose links
/// on that side can then only be these.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct MirroredLink {
    pub slot: u32,
    pub polygon: u32,
    pub link: Link,
}

/// One side's stitching: the tile whose portals are matched, where its
/// links go and, when wanted, where their mirrors go.
pub(crate) struct SidePass<'a> {
    pub here: (TileRef, TilePortals<'a>),
    pub side: u8,
    /// The world coordinate along the boundary of the tile origin, which
    /// the tiles across the side share (they lie in the same row or column
    /// of tiles along it): what places the portals' corners in the world
    /// for [`Link::whole_edge`].
    pub along_origin: f64,
    pub climb: f64,
    pub out: &'a mut Vec<(u32, Link)>,
    pub mirrored: Option<&'a mut Vec<MirroredLink>>,
}

impl SidePass<'_> {
    /// Appends `(polygon, link)` for every portal link from the portals on
    /// the side to the tiles of the neighbouring column across it
    /// (`layers`, lowest layer first), in the order (portal order,
    /// neighbour layer, neighbour portal order); and each link's mirror.
    /// The link from b to a shares a's stretch exactly: the overlap, the
    /// height test and the plain comparisons are symmetric. `matches` is
    /// scratch.
    pub fn push_links(&mut self, layers: &[(TileRef, TilePortals<'_>)], matches: &mut Vec<u32>) {
        let spans = self.here.1.side_entries(self.side);
        if spans.is_empty() {
            return;
        }
        let facing = opposite_side(self.side);
        for a in spans {
            let (a_min, a_max) = (a.u_min(), a.u_max());
            for &(tile_ref, other) in layers {
                let others = other.side_entries(facing);
                let facing_tile = FacingTile { tile_ref, origin_y: other.origin_y };
                if others.len() > SMALL_SIDE && other.in_order(facing) {
                    // Those before `from` end at or before a_min; from the
                    // first that starts at or after a_max on, none overlaps.
                    let from = others.partition_point(|b| b.u_max() <= a_min);
                    for b in others[from..].iter().take_while(|b| b.u_min() < a_max) {
                        self.push_link(a, &facing_tile, b);
                    }
                    continue;
                }
                if others.len() <= SMALL_SIDE {
                    for b in others {
                        self.push_link(a, &facing_tile, b);
                    }
                    continue;
                }
                // Portals before `from` in sweep order end at or before
                // a_min; from `to` on they start at or after a_max: neither
                // overlaps with hi > lo.
                let sweeps = other.side_sweeps(facing);
                let from = sweeps.partition_point(|step| step.reach <= a_min);
                let to = sweeps.partition_point(|step| step.u_min < a_max);
                if from >= to {
                    continue;
                }
                matches.clear();
                matches.extend(sweeps[from..to].iter().map(|step| step.index));
                if matches.len() > 1 {
                    matches.sort_unstable();
                }
                for &index in matches.iter() {
                    self.push_link(a, &facing_tile, &others[index as usize]);
                }
            }
        }
    }

    /// Appends the link from portal `a` to portal `b` of `other` when the
    /// two share a stretch, and its mirror. Inlined: it runs for every pair
    /// of facing portals.
    #[inline(always)]
    fn push_link(&mut self, a: &Portal, other: &FacingTile, b: &Portal) {
        let (here_ref, here) = self.here;
        let Some(shared) = shared_stretch(a, here.origin_y, b, other.origin_y, self.climb) else { return };
        let target = other.tile_ref.polygon(b.polygon).expect("validated polygon index");
        let range = range_of_t(shared.t_lo, shared.t_hi);
        let (a_along, b_along) = (self.world_along(a), self.world_along(b));
        let whole = opens_whole_edge(a_along, b_along);
        self.out.push((a.polygon, Link::portal(target, a.edge, self.side, b.edge, range, whole)));
        if let Some(mirrored) = self.mirrored.as_deref_mut() {
            let source = here_ref.polygon(a.polygon).expect("validated polygon index");
            let range = range_of_t(shared.b_t_lo, shared.b_t_hi);
            let whole = opens_whole_edge(b_along, a_along);
            let link = Link::portal(source, b.edge, opposite_side(self.side), a.edge, range, whole);
            mirrored.push(MirroredLink { slot: other.tile_ref.slot(), polygon: b.polygon, link });
        }
    }

    /// The world coordinates along the boundary of `portal`'s two corners,
    /// as the queries place them.
    #[inline(always)]
    fn world_along(&self, portal: &Portal) -> (f64, f64) {
        (world_along(self.along_origin, portal.u0), world_along(self.along_origin, portal.u1))
    }
}

/// The tile across a side, as a link to it needs it.
struct FacingTile {
    tile_ref: TileRef,
    origin_y: f64,
}

/// Sides with at most this many portals are matched against every portal;
/// larger ones in their own order when it runs along the side, else through
/// their sweep order.
const SMALL_SIDE: usize = 8;

/// The shared interval `[lo, hi]` of two facing portal edges when they
/// link: `hi > lo` and the heights at `lo` and at `hi` differ by at most
/// `climb`.
pub(crate) fn overlap(a: &Portal, a_origin_y: f64, b: &Portal, b_origin_y: f64, climb: f64) -> Option<(f64, f64)> {
    shared_stretch(a, a_origin_y, b, b_origin_y, climb).map(|s| (s.lo, s.hi))
}

/// [`overlap`] with `a`'s and `b`'s edge parameters of `lo` and `hi`.
struct SharedStretch {
    lo: f64,
    hi: f64,
    t_lo: f64,
    t_hi: f64,
    b_t_lo: f64,
    b_t_hi: f64,
}

fn shared_stretch(a: &Portal, a_origin_y: f64, b: &Portal, b_origin_y: f64, climb: f64) -> Option<SharedStretch> {
    // Most facing portals lie apart: reject them on the f32 values, which
    // implies hi <= lo below, before any conversion.
    if b.u_max() <= a.u_min() || b.u_min() >= a.u_max() {
        return None;
    }
    // Plain comparisons: coordinates are never NaN, and unlike `max` and
    // `min` they pick the same zero on every platform.
    let (a_min, b_min) = (a.u_min() as f64, b.u_min() as f64);
    let (a_max, b_max) = (a.u_max() as f64, b.u_max() as f64);
    let lo = if b_min > a_min { b_min } else { a_min };
    let hi = if b_max < a_max { b_max } else { a_max };
    if hi <= lo {
        return None;
    }
    let (t_lo, t_hi) = (a.t_at(lo), a.t_at(hi));
    let (b_t_lo, b_t_hi) = (b.t_at(lo), b.t_at(hi));
    let within_climb =
        |t: f64, b_t: f64| (a.height_at_t(a_origin_y, t) - b.height_at_t(b_origin_y, b_t)).abs() <= climb;
    (within_climb(t_lo, b_t_lo) && within_climb(t_hi, b_t_hi)).then_some(SharedStretch {
        lo,
        hi,
        t_lo,
        t_hi,
        b_t_lo,
        b_t_hi,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A portal table held apart from any tile.
    struct OwnedPortals {
        origin_y: f64,
        sides: PortalSides,
        portals: Vec<Portal>,
        sweeps: Vec<SweepEntry>,
    }

    impl OwnedPortals {
        /// From each side's portals in portal order.
        fn from_sides(origin_y: f64, sides: [Vec<Portal>; 4]) -> OwnedPortals {
            let mut starts = [0u32; 5];
            for side in 0..4 {
                starts[side + 1] = starts[side] + sides[side].len() as u32;
            }
            let portals = sides.concat();
            let sides = PortalSides { starts, in_order: sides_in_order(&starts, &portals) };
            let unswept = SweepEntry { u_min: 0.0, reach: 0.0, index: 0 };
            let mut sweeps = vec![unswept; sweep_steps_needed(&[0, 1, 2, 3].map(|s| sides.len(s)))];
            fill_sweeps(&sides, &portals, &mut sweeps);
            OwnedPortals { origin_y, sides, portals, sweeps }
        }

        fn view(&self) -> TilePortals<'_> {
            TilePortals::new(self.origin_y, &self.sides, &self.portals, &self.sweeps)
        }
    }

    fn portal(u0: f32, u1: f32, y0: f32, y1: f32) -> Portal {
        Portal::new(0, 0, (u0, u1), (y0, y1))
    }

    #[test]
    fn range_quantises_outwards_from_first_vertex() {
        let a = portal(3.0, 0.0, 0.0, 0.0);
        assert_eq!(a.range_of(0.0, 3.0), (0, 255));
        assert_eq!(a.range_of(1.0, 2.0), (85, 170));
        assert_eq!(a.range_of(0.5, 1.1), (161, 213));
    }

    #[test]
    fn byte_rounding_matches_floor_and_ceil() {
        let values = [
            -1.0,
            -0.5,
            -0.0,
            0.0,
            1e-300,
            0.5,
            1.0,
            84.99999999999999,
            85.0,
            254.0,
            254.5,
            255.0,
            255.1,
            256.0,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for x in values {
            assert_eq!(floor_to_byte(x), x.floor().clamp(0.0, 255.0) as u8, "floor {x}");
            assert_eq!(ceil_to_byte(x), x.ceil().clamp(0.0, 255.0) as u8, "ceil {x}");
        }
    }

    #[test]
    fn overlap_needs_positive_length() {
        let a = portal(0.0, 4.0, 0.0, 0.0);
        assert_eq!(overlap(&a, 0.0, &portal(6.0, 2.0, 0.0, 0.0), 0.0, 0.0), Some((2.0, 4.0)));
        assert_eq!(overlap(&a, 0.0, &portal(4.0, 8.0, 0.0, 0.0), 0.0, 10.0), None);
    }

    #[test]
    fn heights_compared_at_both_ends_in_world_space() {
        let a = portal(0.0, 4.0, 0.0, 4.0);
        let b = portal(4.0, 0.0, 0.5, 0.5);
        // World heights: at u=0 0 vs 1, at u=4 4 vs 1 (b's tile origin is 0.5).
        assert_eq!(overlap(&a, 0.0, &b, 0.5, 1.0), None);
        assert_eq!(overlap(&a, 0.0, &b, 0.5, 3.0), Some((0.0, 4.0)));
        // With b's tile origin at 0 its height is 0.5: 3.5 apart at u=4.
        assert_eq!(overlap(&a, 0.0, &b, 0.0, 3.0), None);
        assert_eq!(overlap(&a, 0.0, &b, 0.0, 3.5), Some((0.0, 4.0)));
    }

    /// Portals on one side, some overlapping, reversed, touching or only
    /// touching at a point, at a few heights.
    fn random_side(next: &mut impl FnMut(u64) -> u64, most: u64) -> Vec<Portal> {
        (0..next(most))
            .map(|i| {
                let (u0, u1) = (next(9) as f32 * 0.5, next(9) as f32 * 0.5);
                let (y0, y1) = (next(3) as f32 * 0.25, next(3) as f32 * 0.25);
                Portal::new(i as u32, (i % 3) as u8, (u0, u1), (y0, y1))
            })
            .collect()
    }

    /// Portals running along the side: neither end ever goes back, some
    /// overlapping, some touching, some reversed.
    fn ordered_side(next: &mut impl FnMut(u64) -> u64, most: u64) -> Vec<Portal> {
        let (mut low, mut high) = (0.0f32, 0.0f32);
        (0..next(most))
            .map(|i| {
                low += next(3) as f32 * 0.5;
                high = high.max(low) + next(3) as f32 * 0.5;
                let (u0, u1) = if next(2) == 0 { (low, high) } else { (high, low) };
                let (y0, y1) = (next(3) as f32 * 0.25, next(3) as f32 * 0.25);
                Portal::new(i as u32, (i % 3) as u8, (u0, u1), (y0, y1))
            })
            .collect()
    }

    /// A side pass over `layers`, with the mirrors when asked for.
    fn side_links(
        here: (TileRef, TilePortals<'_>),
        (side, along_origin): (u8, f64),
        layers: &[(TileRef, TilePortals<'_>)],
        mirrored: Option<&mut Vec<MirroredLink>>,
    ) -> Vec<(u32, Link)> {
        let mut out = Vec::new();
        let mut pass = SidePass { here, side, along_origin, climb: 0.3, out: &mut out, mirrored };
        pass.push_links(layers, &mut Vec::new());
        out
    }

    /// Origins along the boundary: none, and near the ±2^21 bound, where
    /// corners a few `f32` steps apart land on one world coordinate.
    const ALONG_ORIGINS: [f64; 4] = [0.0, 1e6 + 0.1, 2_097_151.9, -2_097_151.7];

    #[test]
    fn sweep_finds_every_pair() {
        // Small and large sides, in any order or running along the side,
        // against the all-pairs test in portal order.
        let mut next = crate::test_rng::below_fn(0x2545_F491_4F6C_DD1Du64);
        let mut walked = 0;
        for round in 0..2000 {
            let mine = random_side(&mut next, 7);
            let theirs = if round % 2 == 0 { random_side(&mut next, 24) } else { ordered_side(&mut next, 24) };
            let a = OwnedPortals::from_sides(0.0, [mine.clone(), vec![], vec![], vec![]]);
            let b = OwnedPortals::from_sides(0.25, [vec![], vec![], theirs.clone(), vec![]]);
            if b.sides.in_order[2] && theirs.len() > SMALL_SIDE {
                walked += 1;
            }
            let tile_ref = TileRef::from_parts(1, 3);
            let (a, b) = (a.view(), b.view());
            let origin = ALONG_ORIGINS[round % ALONG_ORIGINS.len()];
            let out = side_links((TileRef::from_parts(1, 0), a), (0, origin), &[(tile_ref, b), (tile_ref, b)], None);
            let along = |p: &Portal| (world_along(origin, p.u0), world_along(origin, p.u1));
            let mut expected = Vec::new();
            for pa in &mine {
                for _layer in 0..2 {
                    for pb in &theirs {
                        if let Some((lo, hi)) = overlap(pa, 0.0, pb, 0.25, 0.3) {
                            let target = tile_ref.polygon(pb.polygon).unwrap();
                            let whole = opens_whole_edge(along(pa), along(pb));
                            let link = Link::portal(target, pa.edge, 0, pb.edge, pa.range_of(lo, hi), whole);
                            expected.push((pa.polygon, link));
                        }
                    }
                }
            }
            assert_eq!(out, expected);
        }
        assert!(walked > 500, "large sides in order must be walked: {walked}");
    }

    #[test]
    fn mirrors_equal_the_links_made_from_the_other_side() {
        let mut next = crate::test_rng::below_fn(0x9E37_79B9_7F4A_7C15u64);
        let mut whole = 0;
        for round in 0..1000 {
            let origin = ALONG_ORIGINS[round % ALONG_ORIGINS.len()];
            let (mine, theirs) = (random_side(&mut next, 24), random_side(&mut next, 24));
            let a = OwnedPortals::from_sides(0.0, [vec![], mine, vec![], vec![]]);
            let b = OwnedPortals::from_sides(0.25, [vec![], vec![], vec![], theirs]);
            let (a, b) = (a.view(), b.view());
            let (a_ref, b_ref) = (TileRef::from_parts(1, 7), TileRef::from_parts(2, 3));
            let mut mirrored = Vec::new();
            side_links((a_ref, a), (1, origin), &[(b_ref, b)], Some(&mut mirrored));
            // By the facing portal; a stable sort keeps a's portal order.
            mirrored.sort_by_key(|m| (m.polygon, m.link.edge));
            assert!(mirrored.iter().all(|m| m.slot == 3));
            let seen_from_b: Vec<(u32, Link)> = mirrored.iter().map(|m| (m.polygon, m.link)).collect();
            assert_eq!(seen_from_b, side_links((b_ref, b), (3, origin), &[(a_ref, a)], None));
            whole += seen_from_b.iter().filter(|(_, link)| link.whole_edge).count();
        }
        assert!(whole > 1_000, "mirrors of whole-edge links: {whole}");
    }

    #[test]
    fn neighbours_do_not_wrap() {
        assert_eq!(neighbour_column((i32::MAX, 0), 0), None);
        assert_eq!(neighbour_column((0, i32::MIN), 3), None);
        assert_eq!(neighbour_column((-1, 5), 1), Some((-1, 6)));
        assert_eq!(neighbour_column((-1, 5), 2), Some((-2, 5)));
    }
}
