//! Off-mesh link attachment (format text "Stitching (links)", paragraph
//! "Off-mesh links"; LAYOUT section 7 "Off-mesh attachment"; LAYOUT section
//! 8: connected only when both ends attach, the start only in its own tile).

use robust::{orient2d, Coord};

use crate::params::NavMeshParams;
use crate::poly_ref::PolyRef;
use crate::portal_stitching::Column;
use crate::tile::NavTile;
use crate::tile_data::OffMeshLinkSlot;

/// Where one off-mesh link of a tile resolved to; both ends are
/// [`PolyRef::NULL`] when the link is unconnected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Attachment {
    pub start: PolyRef,
    pub end: PolyRef,
}

impl Attachment {
    pub const UNCONNECTED: Attachment = Attachment { start: PolyRef::NULL, end: PolyRef::NULL };

    pub fn is_connected(&self) -> bool {
        !self.start.is_null() && !self.end.is_null()
    }
}

/// World-space extent of one polygon's vertices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PolygonBounds {
    pub min: [f64; 3],
    pub max: [f64; 3],
}

/// A tile placed in the world: its origin and every polygon's tile-local
/// bounds. World bounds are the origin plus the local ones: rounding of
/// `origin + v` is monotonic in `v`, so the extreme world vertex is the
/// extreme local vertex placed, exactly as LAYOUT section 7 places it.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TileFootprint {
    /// World X of the tile origin, the tile's OriginY, world Z of the origin.
    pub origin: [f64; 3],
    bounds: Vec<[[f32; 3]; 2]>,
}

impl TileFootprint {
    pub fn of(params: &NavMeshParams, tile: &NavTile) -> TileFootprint {
        let (x, z) = params.tile_origin(tile.tile_x(), tile.tile_z());
        let bounds = (0..tile.polygon_count())
            .map(|p| {
                let mut b = [[f32::INFINITY; 3], [f32::NEG_INFINITY; 3]];
                for v in tile.polygon_vertices(p) {
                    for axis in 0..3 {
                        b[0][axis] = b[0][axis].min(v[axis]);
                        b[1][axis] = b[1][axis].max(v[axis]);
                    }
                }
                b
            })
            .collect();
        TileFootprint { origin: [x, tile.origin_y(), z], bounds }
    }

    /// World-space bounds of polygon `p`.
    fn polygon_bounds(&self, p: usize) -> PolygonBounds {
        let [min, max] = self.bounds[p];
        PolygonBounds { min: self.world(min), max: self.world(max) }
    }

    /// `origin + (f64)local`, X/Z against the tile origin, Y against OriginY.
    pub fn world(&self, local: [f32; 3]) -> [f64; 3] {
        to_world(self.origin, local)
    }
}

fn to_world(origin: [f64; 3], local: [f32; 3]) -> [f64; 3] {
    [origin[0] + local[0] as f64, origin[1] + local[1] as f64, origin[2] + local[2] as f64]
}

/// An off-mesh link's end in world space, the column under it (`None` when
/// WorldToTile rejects the end: it can never attach) and the polygon its
/// start attaches to. The start attaches only in its own tile, so it is
/// resolved once, when the tile enters the mesh.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LinkEnds {
    pub start_polygon: Option<u32>,
    pub end: [f64; 3],
    pub end_column: Option<Column>,
    pub reach: Reach,
}

impl LinkEnds {
    pub fn of(params: &NavMeshParams, tile: &NavTile, footprint: &TileFootprint, link: &OffMeshLinkSlot) -> LinkEnds {
        let end = footprint.world(link.end);
        let reach = Reach { radius: link.radius as f64, climb: params.walkable_climb as f64 };
        LinkEnds {
            start_polygon: best_polygon(tile, footprint, footprint.world(link.start), reach).map(|(_, p)| p),
            end,
            end_column: params.world_to_tile(end[0], end[2]).ok(),
            reach,
        }
    }
}

/// The limits a point must meet to attach to a polygon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Reach {
    pub radius: f64,
    pub climb: f64,
}

/// The best polygon of `tile` for `point`: lowest score, lowest polygon
/// index on ties; `None` when no polygon is within reach.
pub(crate) fn best_polygon(
    tile: &NavTile,
    footprint: &TileFootprint,
    point: [f64; 3],
    reach: Reach,
) -> Option<(f64, u32)> {
    let mut best: Option<(f64, u32)> = None;
    for p in 0..footprint.bounds.len() {
        let bounds = footprint.polygon_bounds(p);
        let Some(score) = polygon_score(tile, footprint, p, &bounds, point, reach) else { continue };
        if best.map_or(true, |(s, _)| score < s) {
            best = Some((score, p as u32));
        }
    }
    best
}

/// `d*d + dy*dy` when the horizontal distance `d` is within the radius and
/// the vertical distance `dy` outside the vertex height range within the
/// climb.
fn polygon_score(
    tile: &NavTile,
    footprint: &TileFootprint,
    polygon: usize,
    bounds: &PolygonBounds,
    point: [f64; 3],
    reach: Reach,
) -> Option<f64> {
    let dy = (bounds.min[1] - point[1]).max(point[1] - bounds.max[1]).max(0.0);
    if dy > reach.climb || bounds_out_of_reach(bounds, point, reach.radius) {
        return None;
    }
    let corners = tile.polygon_vertices(polygon).map(|v| footprint.world(v));
    let d = horizontal_distance(corners, point);
    (d <= reach.radius).then_some(d * d + dy * dy)
}

/// A quick reject only: the bounds' distance never exceeds the polygon's,
/// and the slack keeps rounding from rejecting a polygon that is in reach.
fn bounds_out_of_reach(bounds: &PolygonBounds, point: [f64; 3], radius: f64) -> bool {
    let dx = (bounds.min[0] - point[0]).max(point[0] - bounds.max[0]).max(0.0);
    let dz = (bounds.min[2] - point[2]).max(point[2] - bounds.max[2]).max(0.0);
    let slack = radius * 1e-6 + 1e-9;
    dx > radius + slack || dz > radius + slack || (dx * dx + dz * dz).sqrt() > radius + slack
}

/// Horizontal (X/Z) distance from `point` to a convex counter-clockwise
/// polygon: 0 inside or on the boundary (exact orientation test), else the
/// Euclidean distance to the nearest edge point.
pub(crate) fn horizontal_distance(corners: impl Iterator<Item = [f64; 3]>, point: [f64; 3]) -> f64 {
    let mut buffer = [[0f64; 3]; 16];
    let mut n = 0;
    for c in corners {
        buffer[n] = c;
        n += 1;
    }
    let corners = &buffer[..n];
    let xz = |v: [f64; 3]| Coord { x: v[0], y: v[2] };
    let edges = || (0..n).map(|k| (corners[k], corners[(k + 1) % n]));
    if edges().all(|(a, b)| orient2d(xz(a), xz(b), xz(point)) >= 0.0) {
        return 0.0;
    }
    edges().map(|(a, b)| segment_distance(a, b, point)).fold(f64::INFINITY, f64::min)
}

fn segment_distance(a: [f64; 3], b: [f64; 3], p: [f64; 3]) -> f64 {
    let (ex, ez) = (b[0] - a[0], b[2] - a[2]);
    let (px, pz) = (p[0] - a[0], p[2] - a[2]);
    let t = ((px * ex + pz * ez) / (ex * ex + ez * ez)).clamp(0.0, 1.0);
    let (dx, dz) = (px - t * ex, pz - t * ez);
    (dx * dx + dz * dz).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> impl Iterator<Item = [f64; 3]> {
        [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [2.0, 0.0, 2.0], [0.0, 0.0, 2.0]].into_iter()
    }

    #[test]
    fn distance_inside_on_and_outside() {
        assert_eq!(horizontal_distance(square(), [1.0, 5.0, 1.0]), 0.0);
        assert_eq!(horizontal_distance(square(), [2.0, 0.0, 1.0]), 0.0);
        assert_eq!(horizontal_distance(square(), [3.0, 0.0, 1.0]), 1.0);
        assert_eq!(horizontal_distance(square(), [5.0, 0.0, 6.0]), 5.0);
    }
}
