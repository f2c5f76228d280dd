//! Polygon geometry in world space: corners, point in polygon, closest
//! points and the surface height (from the detail mesh when the polygon has
//! one).
//!
//! Tile-local f32 values are widened and placed as the format places them
//! (X/Z against the tile origin, Y against the tile's OriginY), and every
//! computation is plain f64 (no fused multiply-add), so answers are the same
//! on every platform. Inside/outside decisions use the exact orientation
//! predicate, as the tile rules and stitching do.

use robust::{orient2d, Coord};

use crate::tile::nav_tile::{NavTile, PolygonView};

/// Most corners a polygon can have (MaxVertsPerPoly ≤ 16).
pub(crate) const MAX_CORNERS: usize = 16;

/// `origin + (f64)local`, per axis ([`world_along`]).
#[inline]
pub(crate) fn to_world(origin: [f64; 3], local: [f32; 3]) -> [f64; 3] {
    [world_along(origin[0], local[0]), world_along(origin[1], local[1]), world_along(origin[2], local[2])]
}

/// A coordinate's world value on one axis from the tile origin's and its
/// tile-local one: how every corner is placed ([`to_world`]), and what the
/// portal overlap and stitching's whole-edge mark read along a boundary.
#[inline]
pub(crate) fn world_along(origin: f64, local: f32) -> f64 {
    origin + local as f64
}

#[inline]
fn xz(v: [f64; 3]) -> Coord<f64> {
    Coord { x: v[0], y: v[2] }
}

/// Signed doubled area of (a, b, p) in X/Z, exact in sign: positive when
/// `p` lies left of a→b (counter-clockwise with X right, Z up).
#[inline]
pub(crate) fn orient_xz(a: [f64; 3], b: [f64; 3], p: [f64; 3]) -> f64 {
    orient2d(xz(a), xz(b), xz(p))
}

/// `robust::orient2d`'s error bound factor: its floating-point determinant
/// has the exact sign when its magnitude reaches this times
/// `|detleft + detright|` (Ozaki et al., the derivation `robust` cites).
const ORIENT_FILTER_THETA: f64 = 3.3306690621773722e-16;

/// [`orient_xz`]`(a, b, p)` from the X/Z differences `a − p` and `b − p`,
/// for a caller that turns many edges around one `p` and so computes each
/// corner's difference once: the same products and filter as
/// `robust::orient2d`, hence the same value when the filter decides, and
/// `exact()` (the full predicate) when it does not.
#[inline]
pub(crate) fn orient_around(ap: [f64; 2], bp: [f64; 2], exact: impl FnOnce() -> f64) -> f64 {
    let detleft = ap[0] * bp[1];
    let detright = ap[1] * bp[0];
    let det = detleft - detright;
    let errbound = ORIENT_FILTER_THETA * (detleft + detright).abs();
    if det >= errbound || -det >= errbound {
        det
    } else {
        exact()
    }
}

/// Distance in X/Z.
#[inline]
pub(crate) fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (dx, dz) = (b[0] - a[0], b[2] - a[2]);
    (dx * dx + dz * dz).sqrt()
}

/// Distance in 3D.
#[inline]
pub(crate) fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (dx, dy, dz) = (b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    (dx * dx + dy * dy + dz * dz).sqrt()
}

/// `a + (b - a)·t`, per axis.
#[inline]
pub(crate) fn lerp(a: [f64; 3], b: [f64; 3], t: f64) -> [f64; 3] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/// The parameter in 0..=1 of the point of segment a–b nearest `p` in X/Z.
#[inline]
pub(crate) fn segment_parameter_xz(a: [f64; 3], b: [f64; 3], p: [f64; 3]) -> f64 {
    let (ex, ez) = (b[0] - a[0], b[2] - a[2]);
    let length_squared = ex * ex + ez * ez;
    if length_squared == 0.0 {
        return 0.0;
    }
    ((p[0] - a[0]) * ex + (p[2] - a[2]) * ez) / length_squared
}

/// A polygon's corners in world space, counter-clockwise, on the stack.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WorldPolygon {
    corners: [[f64; 3]; MAX_CORNERS],
    len: usize,
}

impl WorldPolygon {
    /// A polygon of no corners, to [`Self::place`] polygons in.
    pub const EMPTY: WorldPolygon = WorldPolygon { corners: [[0.0; 3]; MAX_CORNERS], len: 0 };

    /// The corners of `polygon` of `tile`, whose origin is `origin`.
    pub fn of(tile: &NavTile, origin: [f64; 3], polygon: &PolygonView<'_>) -> WorldPolygon {
        let mut world = WorldPolygon::EMPTY;
        world.place(tile, origin, polygon);
        world
    }

    /// Replaces the corners with those of `polygon` of `tile` (origin
    /// `origin`), writing only as many as it has: a search that places
    /// many polygons reuses one value instead of clearing and copying
    /// all [`MAX_CORNERS`] for each.
    #[inline]
    pub fn place(&mut self, tile: &NavTile, origin: [f64; 3], polygon: &PolygonView<'_>) {
        let vertices = tile.vertices();
        for (corner, &index) in self.corners.iter_mut().zip(polygon.indices) {
            *corner = to_world(origin, vertices[index as usize]);
        }
        self.len = polygon.indices.len().min(MAX_CORNERS);
    }

    /// A polygon of these corners (at most [`MAX_CORNERS`]), for tests.
    #[cfg(test)]
    pub fn from_corners(corners: &[[f64; 3]]) -> WorldPolygon {
        let mut all = [[0.0; 3]; MAX_CORNERS];
        all[..corners.len()].copy_from_slice(corners);
        WorldPolygon { corners: all, len: corners.len() }
    }

    pub fn corners(&self) -> &[[f64; 3]] {
        &self.corners[..self.len]
    }

    /// Edge `k`: corner k to corner k+1 (mod n), the wrap a comparison
    /// rather than a division.
    #[inline]
    pub fn edge(&self, k: usize) -> ([f64; 3], [f64; 3]) {
        let next = if k + 1 < self.len { k + 1 } else { 0 };
        (self.corners[k], self.corners[next])
    }

    /// True when `p` lies inside the polygon or on its boundary in X/Z.
    /// Each corner's offset from `p` is taken once for its two edges
    /// ([`orient_around`], the exact predicate's value).
    pub fn contains_xz(&self, p: [f64; 3]) -> bool {
        let Some(&last) = self.corners().last() else { return true };
        let from_p = |c: [f64; 3]| [c[0] - p[0], c[2] - p[2]];
        let (mut a, mut a_rel) = (last, from_p(last));
        self.corners().iter().all(|&b| {
            let b_rel = from_p(b);
            let inside = orient_around(a_rel, b_rel, || orient_xz(a, b, p)) >= 0.0;
            (a, a_rel) = (b, b_rel);
            inside
        })
    }

    /// The boundary point nearest `p` in X/Z, its height interpolated along
    /// the edge, and the squared X/Z distance to it. Ties between edges go
    /// to the lower edge index. Only the nearest point's height is
    /// interpolated.
    pub fn closest_on_boundary(&self, p: [f64; 3]) -> ([f64; 3], f64) {
        let mut best: Option<(usize, f64, f64)> = None;
        for k in 0..self.len {
            let (a, b) = self.edge(k);
            let t = segment_parameter_xz(a, b, p).clamp(0.0, 1.0);
            let (dx, dz) = (a[0] + (b[0] - a[0]) * t - p[0], a[2] + (b[2] - a[2]) * t - p[2]);
            let squared = dx * dx + dz * dz;
            if squared < best.map_or(f64::INFINITY, |(_, _, kept)| kept) {
                best = Some((k, t, squared));
            }
        }
        best.map_or((self.corners[0], f64::INFINITY), |(k, t, squared)| {
            let (a, b) = self.edge(k);
            (lerp(a, b, t), squared)
        })
    }

    /// Height of the polygon's own plane fan (corner 0, k, k+1) at `p`, for
    /// a polygon without detail; `None` when no fan triangle holds `p`.
    pub fn fan_height(&self, p: [f64; 3]) -> Option<f64> {
        (1..self.len - 1).find_map(|k| triangle_height([self.corners[0], self.corners[k], self.corners[k + 1]], p))
    }
}

/// The height at `p` of the triangle's plane, when `p` lies inside the
/// triangle or on its boundary in X/Z (either winding); `None` outside or
/// for a triangle of zero area.
pub(crate) fn triangle_height([a, b, c]: [[f64; 3]; 3], p: [f64; 3]) -> Option<f64> {
    // Each weight is the doubled area opposite its corner.
    let (wc, wa, wb) = (orient_xz(a, b, p), orient_xz(b, c, p), orient_xz(c, a, p));
    let inside = (wa >= 0.0 && wb >= 0.0 && wc >= 0.0) || (wa <= 0.0 && wb <= 0.0 && wc <= 0.0);
    let sum = wa + wb + wc;
    (inside && sum != 0.0).then(|| (wa * a[1] + wb * b[1] + wc * c[1]) / sum)
}

/// The height of polygon `index` of `tile` (origin `origin`) when its
/// corners and its detail vertices all lie at one height: its surface is
/// then that plane, whose height at every point is that height exactly,
/// where a detail triangle's interpolation rounds (a weighted sum of the
/// same height over the weights' sum) and the triangle that holds the
/// point has to be searched for. −0.0 comes back as +0.0.
pub(crate) fn flat_height(tile: &NavTile, origin: [f64; 3], index: usize, polygon: &WorldPolygon) -> Option<f64> {
    let height = polygon.corners().first()?[1];
    let at_height = |y: f64| y == height;
    let detail_flat = || match tile.detail_meshes().get(index) {
        Some(detail) => tile.detail_vertices()[detail.vertex_base as usize..][..detail.vertex_count as usize]
            .iter()
            .all(|v| at_height(world_along(origin[1], v[1]))),
        None => true,
    };
    (polygon.corners().iter().all(|c| at_height(c[1])) && detail_flat()).then_some(height + 0.0)
}

/// The surface height at `p` of polygon `index` of `tile`: from its detail
/// triangles when the tile has detail, else from the polygon's fan; `None`
/// when `p` lies outside them in X/Z.
pub(crate) fn surface_height(
    tile: &NavTile,
    origin: [f64; 3],
    index: usize,
    polygon: &WorldPolygon,
    p: [f64; 3],
) -> Option<f64> {
    let Some(detail) = tile.detail_meshes().get(index) else { return polygon.fan_height(p) };
    let detail_vertices = tile.detail_vertices();
    let corner_count = polygon.len;
    let corner = |i: u8| -> [f64; 3] {
        let i = i as usize;
        if i < corner_count {
            polygon.corners[i]
        } else {
            to_world(origin, detail_vertices[detail.vertex_base as usize + i - corner_count])
        }
    };
    let triangles = &tile.detail_triangles()[detail.triangle_base as usize..][..detail.triangle_count as usize];
    triangles
        .iter()
        .find_map(|t| triangle_height([corner(t.indices[0]), corner(t.indices[1]), corner(t.indices[2])], p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_height_interpolates_either_winding_and_rejects_outside() {
        let (a, b, c) = ([0.0, 1.0, 0.0], [4.0, 5.0, 0.0], [0.0, 9.0, 4.0]);
        for tri in [[a, b, c], [a, c, b]] {
            assert_eq!(triangle_height(tri, [1.0, 0.0, 1.0]), Some(1.0 + 1.0 + 2.0));
            assert_eq!(triangle_height(tri, [2.0, 0.0, 0.0]), Some(3.0), "on an edge");
            assert_eq!(triangle_height(tri, [3.0, 0.0, 3.0]), None);
        }
        assert_eq!(triangle_height([a, a, b], [0.0, 0.0, 0.0]), None, "zero area");
    }

    #[test]
    fn orient_around_gives_the_bits_of_orient_xz() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut coordinate = |scale: f64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * scale
        };
        let mut undecided = 0;
        for round in 0..20_000 {
            let p = [coordinate(1e3), 0.0, coordinate(1e3)];
            let a = [coordinate(1e3), 0.0, coordinate(1e3)];
            // Every other b lies on (or a rounding off) the line p–a, where
            // the filter cannot decide.
            let b = if round % 2 == 0 {
                [coordinate(1e3), 0.0, coordinate(1e3)]
            } else {
                let f = coordinate(4.0);
                [p[0] + (a[0] - p[0]) * f, 0.0, p[2] + (a[2] - p[2]) * f]
            };
            let exact = || {
                undecided += 1;
                orient_xz(a, b, p)
            };
            let around = orient_around([a[0] - p[0], a[2] - p[2]], [b[0] - p[0], b[2] - p[2]], exact);
            assert_eq!(around.to_bits(), orient_xz(a, b, p).to_bits(), "{a:?} {b:?} {p:?}");
        }
        assert!(undecided > 1_000, "the exact fallback ran {undecided} times");
    }

    #[test]
    fn segment_parameter_projects_in_xz() {
        let (a, b) = ([0.0, 0.0, 0.0], [4.0, 100.0, 0.0]);
        assert_eq!(segment_parameter_xz(a, b, [1.0, -50.0, 3.0]), 0.25);
        assert_eq!(segment_parameter_xz(a, a, [1.0, 0.0, 3.0]), 0.0);
    }
}
