//! Portal links (format text "Stitching (links)", paragraph "Portals";
//! LAYOUT section 7 "Portals" and "Portal order of a tile"; LAYOUT section
//! 8 on neighbour columns, which are computed without wrapping).

use crate::links::Link;
use crate::poly_ref::TileRef;
use crate::tile::NavTile;

/// A tile column (TileX, TileZ).
pub type Column = (i32, i32);

/// A portal edge prepared for matching. `u` runs along the shared boundary
/// in tile-local coordinates, which both tiles of a pair share.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PortalSpan {
    pub polygon: u32,
    pub edge: u8,
    /// u at the edge's first and second vertex.
    pub u0: f64,
    pub u1: f64,
    /// World heights (`tile.OriginY + (f64)y`) at the two vertices.
    pub y0: f64,
    pub y1: f64,
    pub u_min: f64,
    pub u_max: f64,
}

impl PortalSpan {
    /// Edge `edge` of `polygon`, a portal on `side`.
    pub fn of(tile: &NavTile, polygon: u32, edge: u8, side: u8) -> PortalSpan {
        let indices = tile.polygon(polygon as usize).expect("validated polygon index").indices;
        let k = edge as usize;
        let a = tile.vertices()[indices[k] as usize];
        let b = tile.vertices()[indices[(k + 1) % indices.len()] as usize];
        let axis = along_axis(side);
        let (u0, u1) = (a[axis] as f64, b[axis] as f64);
        PortalSpan {
            polygon,
            edge,
            u0,
            u1,
            y0: tile.origin_y() + a[1] as f64,
            y1: tile.origin_y() + b[1] as f64,
            u_min: u0.min(u1),
            u_max: u0.max(u1),
        }
    }

    /// `h(u)` of LAYOUT section 7 on this edge.
    pub fn height_at(&self, u: f64) -> f64 {
        self.y0 + (self.y1 - self.y0) * ((u - self.u0) / (self.u1 - self.u0))
    }

    /// Parameter of `u` along the edge from its first vertex.
    pub fn t_at(&self, u: f64) -> f64 {
        (u - self.u0) / (self.u1 - self.u0)
    }

    /// RangeMin and RangeMax of the part `[lo, hi]` of this edge, in
    /// 1/255ths from the first vertex (floor of the lower, ceil of the upper
    /// parameter, clamped to 0..=255).
    pub fn range_of(&self, lo: f64, hi: f64) -> (u8, u8) {
        let (t_lo, t_hi) = (self.t_at(lo), self.t_at(hi));
        let min = (t_lo.min(t_hi) * 255.0).floor().clamp(0.0, 255.0);
        let max = (t_lo.max(t_hi) * 255.0).ceil().clamp(0.0, 255.0);
        (min as u8, max as u8)
    }
}

/// A tile's portal edges grouped by side, each group in portal order
/// (polygon index, then edge index).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TilePortals {
    pub sides: [Vec<PortalSpan>; 4],
}

impl TilePortals {
    pub fn of(tile: &NavTile) -> TilePortals {
        let mut portals = TilePortals::default();
        for portal in tile.portal_edges() {
            portals.sides[portal.side as usize].push(PortalSpan::of(tile, portal.polygon, portal.edge, portal.side));
        }
        portals
    }
}

/// Index of the coordinate along the boundary: Z for sides 0 and 2, X for 1
/// and 3.
pub(crate) fn along_axis(side: u8) -> usize {
    if side % 2 == 0 {
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

/// The shared interval `[lo, hi]` of two facing portal edges when they link:
/// `hi > lo` and the heights at `lo` and at `hi` differ by at most `climb`.
pub(crate) fn linked_overlap(a: &PortalSpan, b: &PortalSpan, climb: f64) -> Option<(f64, f64)> {
    let lo = a.u_min.max(b.u_min);
    let hi = a.u_max.min(b.u_max);
    if hi <= lo {
        return None;
    }
    let within_climb = |u: f64| (a.height_at(u) - b.height_at(u)).abs() <= climb;
    (within_climb(lo) && within_climb(hi)).then_some((lo, hi))
}

/// The tiles of one neighbouring column, lowest layer first.
pub(crate) type ColumnPortals<'a> = Vec<(TileRef, &'a TilePortals)>;

/// Appends `(polygon, link)` for every portal link of a tile, in the order
/// (side, portal order, neighbour layer, neighbour portal order), which is
/// the text's per-polygon order once grouped stably by polygon.
/// `neighbours(side)` gives the tiles of the column across `side`.
pub(crate) fn push_portal_links<'a>(
    portals: &TilePortals,
    neighbours: impl Fn(u8) -> ColumnPortals<'a>,
    climb: f64,
    out: &mut Vec<(u32, Link)>,
) {
    for side in 0..4u8 {
        let spans = &portals.sides[side as usize];
        if spans.is_empty() {
            continue;
        }
        let facing = opposite_side(side) as usize;
        let layers = neighbours(side);
        for a in spans {
            for &(tile_ref, other) in &layers {
                for b in &other.sides[facing] {
                    if let Some((lo, hi)) = linked_overlap(a, b, climb) {
                        let target = tile_ref.polygon(b.polygon).expect("validated polygon index");
                        out.push((a.polygon, Link::portal(target, a.edge, side, b.edge, a.range_of(lo, hi))));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(u0: f64, u1: f64, y0: f64, y1: f64) -> PortalSpan {
        PortalSpan { polygon: 0, edge: 0, u0, u1, y0, y1, u_min: u0.min(u1), u_max: u0.max(u1) }
    }

    #[test]
    fn overlap_needs_positive_length() {
        let a = span(0.0, 4.0, 0.0, 0.0);
        assert_eq!(linked_overlap(&a, &span(6.0, 2.0, 0.0, 0.0), 0.0), Some((2.0, 4.0)));
        assert_eq!(linked_overlap(&a, &span(4.0, 8.0, 0.0, 0.0), 10.0), None);
    }

    #[test]
    fn heights_compared_at_both_ends() {
        let a = span(0.0, 4.0, 0.0, 4.0);
        let b = span(4.0, 0.0, 1.0, 1.0);
        // At u=0: 0 vs 1, at u=4: 4 vs 1.
        assert_eq!(linked_overlap(&a, &b, 1.0), None);
        assert_eq!(linked_overlap(&a, &b, 3.0), Some((0.0, 4.0)));
    }

    #[test]
    fn range_quantises_outwards_from_first_vertex() {
        let a = span(3.0, 0.0, 0.0, 0.0);
        assert_eq!(a.range_of(0.0, 3.0), (0, 255));
        assert_eq!(a.range_of(1.0, 2.0), (85, 170));
        assert_eq!(a.range_of(0.5, 1.1), (161, 213));
    }

    #[test]
    fn neighbours_do_not_wrap() {
        assert_eq!(neighbour_column((i32::MAX, 0), 0), None);
        assert_eq!(neighbour_column((0, i32::MIN), 3), None);
        assert_eq!(neighbour_column((-1, 5), 1), Some((-1, 6)));
        assert_eq!(neighbour_column((-1, 5), 2), Some((-2, 5)));
    }
}
