//! Off-mesh link attachment (format text "Stitching (links)", paragraph
//! "Off-mesh links"; LAYOUT section 7 "Off-mesh attachment"; LAYOUT section
//! 8: connected only when both ends attach, the start only in its own tile).

use robust::{orient2d, Coord};

use crate::format::params::NavMeshParams;
use crate::mesh::poly_ref::PolyRef;
use crate::stitch::portal_stitching::Column;
use crate::tile::nav_tile::NavTile;
use crate::tile::tile_data::OffMeshLinkSlot;
use crate::tile::tile_sections::POLYGON_BLOCK;

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

/// A tile placed in the world: its origin, against which the tile's
/// polygon bounds (`NavTile::polygon_bounds`) are placed. World bounds are
/// the origin plus the local ones: rounding of `origin + v` is monotonic in
/// `v`, so the extreme world vertex is the extreme local vertex placed,
/// exactly as LAYOUT section 7 places it.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TileFootprint {
    /// World X of the tile origin, the tile's OriginY, world Z of the origin.
    pub origin: [f64; 3],
}

impl TileFootprint {
    pub fn of(params: &NavMeshParams, tile: &NavTile) -> TileFootprint {
        let (x, z) = params.tile_origin(tile.tile_x(), tile.tile_z());
        TileFootprint { origin: [x, tile.origin_y(), z] }
    }

    /// World-space bounds of polygon `p` of `tile`.
    fn polygon_bounds(&self, tile: &NavTile, p: usize) -> PolygonBounds {
        let [min, max] = tile.polygon_bounds()[p];
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
/// resolved once, when the tile enters the mesh; so is the end's best
/// polygon in its own tile, one candidate of the column the end can lie in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LinkEnds {
    pub start_polygon: Option<u32>,
    pub end: [f64; 3],
    pub end_column: Option<Column>,
    /// [`best_polygon`] of the own tile for the end, when the end lies in
    /// the tile's own column; `None` elsewhere or when none is in reach.
    pub end_in_own_tile: Option<(f64, u32)>,
    pub reach: Reach,
}

impl LinkEnds {
    pub fn of(params: &NavMeshParams, tile: &NavTile, footprint: &TileFootprint, link: &OffMeshLinkSlot) -> LinkEnds {
        let end = footprint.world(link.end);
        let reach = Reach { radius: link.radius as f64, climb: params.walkable_climb as f64 };
        let end_column = params.world_to_tile(end[0], end[2]).ok();
        LinkEnds {
            start_polygon: best_polygon(tile, footprint, footprint.world(link.start), reach).map(|(_, p)| p),
            end,
            end_column,
            end_in_own_tile: (end_column == Some(tile.column()))
                .then(|| best_polygon(tile, footprint, end, reach))
                .flatten(),
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
    let window = footprint.window(point, reach.radius);
    let mut best: Option<(f64, u32)> = None;
    // Most blocks lie outside the window, so a search passes over most of a
    // large tile without reading its polygons' bounds.
    let runs = tile.polygon_bounds().chunks(POLYGON_BLOCK);
    for (b, (block, run)) in tile.polygon_blocks().iter().zip(runs).enumerate() {
        if window.excludes(block) {
            continue;
        }
        for (p, local) in (b * POLYGON_BLOCK..).zip(run) {
            if window.excludes(local) {
                continue;
            }
            let bounds = footprint.polygon_bounds(tile, p);
            let Some(score) = polygon_score(tile, footprint, p, &bounds, point, reach) else { continue };
            if best.is_none_or(|(s, _)| score < s) {
                best = Some((score, p as u32));
            }
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
    let d = horizontal_distance(|| tile.polygon_vertices(polygon).map(|v| footprint.world(v)), point);
    (d <= reach.radius).then_some(d * d + dy * dy)
}

/// A quick reject only: the bounds' distance never exceeds the polygon's,
/// and the slack of [`reach_limit`] keeps rounding from rejecting a polygon
/// that is in reach.
fn bounds_out_of_reach(bounds: &PolygonBounds, point: [f64; 3], radius: f64) -> bool {
    let dx = (bounds.min[0] - point[0]).max(point[0] - bounds.max[0]).max(0.0);
    let dz = (bounds.min[2] - point[2]).max(point[2] - bounds.max[2]).max(0.0);
    let limit = reach_limit(radius);
    dx > limit || dz > limit || (dx * dx + dz * dz).sqrt() > limit
}

/// The largest X or Z distance from a polygon's world bounds that
/// [`bounds_out_of_reach`] lets through for `radius`.
fn reach_limit(radius: f64) -> f64 {
    let slack = radius * 1e-6 + 1e-9;
    radius + slack
}

/// Tile-local X/Z limits (index 0 X, 1 Z) outside which a polygon's local
/// bounds fail the X or Z term of [`bounds_out_of_reach`]: most polygons of
/// a tile are far from the point, and two f32 comparisons per axis reject
/// them without placing their bounds in the world.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Window {
    low: [f32; 2],
    high: [f32; 2],
}

impl Window {
    /// `true` only when [`bounds_out_of_reach`] rejects these local bounds.
    fn excludes(&self, local: &[[f32; 3]; 2]) -> bool {
        let [min, max] = local;
        (max[0] < self.low[0]) | (min[0] > self.high[0]) | (max[2] < self.low[1]) | (min[2] > self.high[1])
    }
}

impl TileFootprint {
    /// The [`Window`] of `point` and `radius` in this tile.
    fn window(&self, point: [f64; 3], radius: f64) -> Window {
        let limit = reach_limit(radius);
        let low = |axis: usize| last_far_below(self.origin[axis], point[axis], limit);
        let high = |axis: usize| first_far_above(self.origin[axis], point[axis], limit);
        Window { low: [low(0), low(2)], high: [high(0), high(2)] }
    }
}

/// A local coordinate `t` such that every f32 `v > t` gives
/// `(o + v) - p > limit`, the bounds' far side beyond the point in the f64
/// arithmetic of [`bounds_out_of_reach`].
fn first_far_above(o: f64, p: f64, limit: f64) -> f32 {
    let far = |v: f32| (o + v as f64) - p > limit;
    settle(((p + limit) - o) as f32, next_up, far, f32::INFINITY)
}

/// A local coordinate `t` such that every f32 `v < t` gives
/// `p - (o + v) > limit`, the mirror of [`first_far_above`].
fn last_far_below(o: f64, p: f64, limit: f64) -> f32 {
    let far = |v: f32| p - (o + v as f64) > limit;
    settle(((p - limit) - o) as f32, next_down, far, f32::NEG_INFINITY)
}

/// The first `t` from `guess` on, moving by `step`, where `far(step(t))`
/// holds. `far` is monotone in the coordinate (every rounding keeps order),
/// so it then holds for every f32 beyond `t` as well. The guess is the f32
/// nearest the real crossing and usually needs no step; where the origin's
/// f64 spacing is coarser than f32's a few steps may not reach the crossing,
/// and `none` (reject nothing on this side) keeps the window conservative.
fn settle(guess: f32, step: fn(f32) -> f32, far: impl Fn(f32) -> bool, none: f32) -> f32 {
    let mut t = guess;
    for _ in 0..3 {
        if far(step(t)) {
            return t;
        }
        t = step(t);
    }
    none
}

/// The next f32 towards +infinity (`f32::next_up` is newer than this
/// crate's minimum Rust); NaN and +infinity stay.
fn next_up(v: f32) -> f32 {
    if v.is_nan() || v == f32::INFINITY {
        return v;
    }
    let bits = v.to_bits();
    let magnitude = bits & !(1 << 31);
    f32::from_bits(if magnitude == 0 {
        1
    } else if bits == magnitude {
        bits + 1
    } else {
        bits - 1
    })
}

fn next_down(v: f32) -> f32 {
    -next_up(-v)
}

/// Horizontal (X/Z) distance from a convex counter-clockwise polygon to
/// `point`: 0 inside or on the boundary (exact orientation test), else the
/// Euclidean distance to the nearest edge point. `corners` gives the corners
/// afresh for each pass, so nothing is copied.
pub(crate) fn horizontal_distance<I: Iterator<Item = [f64; 3]>>(corners: impl Fn() -> I, point: [f64; 3]) -> f64 {
    let xz = |v: [f64; 3]| Coord { x: v[0], y: v[2] };
    if edges(corners()).all(|(a, b)| orient2d(xz(a), xz(b), xz(point)) >= 0.0) {
        return 0.0;
    }
    edges(corners()).map(|(a, b)| segment_distance(a, b, point)).fold(f64::INFINITY, f64::min)
}

/// The edges of a closed polygon as (start, end) pairs, the last one back
/// to the first corner.
fn edges(mut corners: impl Iterator<Item = [f64; 3]>) -> impl Iterator<Item = ([f64; 3], [f64; 3])> {
    let first = corners.next();
    let mut start = first.unwrap_or_default();
    corners.chain(first).map(move |end| (std::mem::replace(&mut start, end), end))
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
    //! The window against the plain per-polygon test it shortcuts:
    //! randomised tiles (right and general triangles and rectangles, from
    //! tile-sized down to a few ulps wide, near the ±2^21 origin bound and
    //! at 0) and points placed a few ulps either side of the bounds test's
    //! limits, with radii from 0 up; a fixed seed.

    use super::*;
    use crate::format::params::tests::sample_params;
    use crate::tile::tile_data::{NavTileData, Polygon, NOT_PORTAL};

    fn to_square(point: [f64; 3]) -> f64 {
        let square = [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [2.0, 0.0, 2.0], [0.0, 0.0, 2.0]];
        horizontal_distance(|| square.into_iter(), point)
    }

    #[test]
    fn distance_inside_on_and_outside() {
        assert_eq!(to_square([1.0, 5.0, 1.0]), 0.0);
        assert_eq!(to_square([2.0, 0.0, 1.0]), 0.0);
        assert_eq!(to_square([3.0, 0.0, 1.0]), 1.0);
        assert_eq!(to_square([5.0, 0.0, 6.0]), 5.0);
    }

    /// The quick reject on world bounds as it was before the window.
    fn out_of_reach_as_before(bounds: &PolygonBounds, point: [f64; 3], radius: f64) -> bool {
        let dx = (bounds.min[0] - point[0]).max(point[0] - bounds.max[0]).max(0.0);
        let dz = (bounds.min[2] - point[2]).max(point[2] - bounds.max[2]).max(0.0);
        let slack = radius * 1e-6 + 1e-9;
        dx > radius + slack || dz > radius + slack || (dx * dx + dz * dz).sqrt() > radius + slack
    }

    /// One polygon's score as before the window: world bounds, then the
    /// corners copied and measured.
    fn score_as_before(
        tile: &NavTile,
        footprint: &TileFootprint,
        p: usize,
        point: [f64; 3],
        reach: Reach,
    ) -> Option<f64> {
        let bounds = footprint.polygon_bounds(tile, p);
        let dy = (bounds.min[1] - point[1]).max(point[1] - bounds.max[1]).max(0.0);
        if dy > reach.climb || out_of_reach_as_before(&bounds, point, reach.radius) {
            return None;
        }
        let corners: Vec<[f64; 3]> = tile.polygon_vertices(p).map(|v| footprint.world(v)).collect();
        let n = corners.len();
        let xz = |v: [f64; 3]| Coord { x: v[0], y: v[2] };
        let inside = (0..n).all(|k| orient2d(xz(corners[k]), xz(corners[(k + 1) % n]), xz(point)) >= 0.0);
        let d = if inside {
            0.0
        } else {
            (0..n).map(|k| segment_distance(corners[k], corners[(k + 1) % n], point)).fold(f64::INFINITY, f64::min)
        };
        (d <= reach.radius).then_some(d * d + dy * dy)
    }

    fn best_as_before(tile: &NavTile, footprint: &TileFootprint, point: [f64; 3], reach: Reach) -> Option<(f64, u32)> {
        let mut best: Option<(f64, u32)> = None;
        for p in 0..tile.polygon_count() {
            let Some(score) = score_as_before(tile, footprint, p, point, reach) else { continue };
            if best.is_none_or(|(s, _)| score < s) {
                best = Some((score, p as u32));
            }
        }
        best
    }

    /// Uniform in [lo, hi].
    fn uniform(next: &mut impl FnMut(u64) -> u64, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (next(1 << 53) as f64 / (1u64 << 53) as f64)
    }

    fn pick<T: Copy>(next: &mut impl FnMut(u64) -> u64, values: &[T]) -> T {
        values[next(values.len() as u64) as usize]
    }

    /// Finite `v` moved by `k` adjacent f64 values (down for negative `k`),
    /// as `f64::next_up` would, which is newer than the minimum Rust.
    fn nudge(v: f64, k: i64) -> f64 {
        let up = |v: f64| {
            let bits = v.to_bits();
            let magnitude = bits & !(1 << 63);
            f64::from_bits(if magnitude == 0 {
                1
            } else if bits == magnitude {
                bits + 1
            } else {
                bits - 1
            })
        };
        (0..k.abs()).fold(v, |v, _| if k > 0 { up(v) } else { -up(-v) })
    }

    /// Corners, counter-clockwise, of a random polygon of size `size`
    /// around (`x`, `z`); `None` for a degenerate triangle.
    fn random_polygon(next: &mut impl FnMut(u64) -> u64, x: f64, z: f64, size: f64) -> Option<Vec<[f32; 2]>> {
        let (x0, z0) = (x as f32, z as f32);
        let x1 = ((x + size * uniform(next, 0.1, 1.0)) as f32).max(next_up(x0));
        let z1 = ((z + size * uniform(next, 0.1, 1.0)) as f32).max(next_up(z0));
        match next(4) {
            0 => Some(vec![[x0, z0], [x1, z0], [x1, z1], [x0, z1]]),
            1 => Some(vec![[x0, z0], [x1, z0], [x0, z1]]),
            2 => Some(vec![[x1, z0], [x1, z1], [x0, z1]]),
            _ => {
                let mut corners: Vec<[f32; 2]> = (0..3)
                    .map(|_| [(x + size * uniform(next, 0.0, 1.0)) as f32, (z + size * uniform(next, 0.0, 1.0)) as f32])
                    .collect();
                let c = |k: usize| Coord { x: corners[k][0] as f64, y: corners[k][1] as f64 };
                let turn = orient2d(c(0), c(1), c(2));
                if turn < 0.0 {
                    corners.reverse();
                }
                (turn != 0.0).then_some(corners)
            }
        }
    }

    fn random_tile(next: &mut impl FnMut(u64) -> u64) -> (NavMeshParams, NavTile) {
        let mut params = sample_params();
        params.tile_size = pick(next, &[32.0, 2048.0, 1.0, 0.125]);
        let ts = params.tile_size;
        let origins = [(0.0, 0.0), (2_097_151.9, -2_097_151.7), (-2_000_000.3, 1e6 + 0.1)];
        (params.origin_x, params.origin_z) = pick(next, &origins);
        let tile_index = |o: f64| ((2_097_151.0 - o) / ts).floor().clamp(-3.0, 3.0) as i32;
        let (tile_x, tile_z) = (tile_index(params.origin_x), -tile_index(-params.origin_z));
        let mut data =
            NavTileData { tile_x, tile_z, origin_y: pick(next, &[0.0, 2_097_151.5, -123_456.7]), ..Default::default() };
        while data.polygons.len() < 24 {
            let size = ts * pick(next, &[1.0, 0.1, 1e-3, 1e-6, 1e-9]);
            // Near the tile origin f32 is finer than the world's f64.
            let coordinate = |next: &mut dyn FnMut(u64) -> u64| {
                let mut f = |n| next(n);
                match f(3) {
                    0 => uniform(&mut f, -1e-7, 1e-7) * ts,
                    _ => uniform(&mut f, -ts, 2.0 * ts - size),
                }
            };
            let (x, z) = (coordinate(next), coordinate(next));
            let Some(corners) = random_polygon(next, x, z, size) else { continue };
            let first = data.vertices.len() as u32;
            for [cx, cz] in &corners {
                data.vertices.push([*cx, uniform(next, -3.0, 3.0) as f32, *cz]);
            }
            data.indices.extend(first..first + corners.len() as u32);
            data.polygons.push(Polygon { vertex_count: corners.len() as u8, area: 0, flags: 0 });
        }
        data.neighbours = vec![0; data.indices.len()];
        data.portal_sides = vec![NOT_PORTAL; data.indices.len()];
        let tile = NavTile::create(&params, data).expect("valid random tile");
        (params, tile)
    }

    /// A point near polygon `p`: on one axis a few ulps either side of where
    /// the bounds test's limit lies, or anywhere over the tile.
    fn random_point(
        next: &mut impl FnMut(u64) -> u64,
        tile: &NavTile,
        footprint: &TileFootprint,
        p: usize,
        limit: f64,
        ts: f64,
    ) -> [f64; 3] {
        let b = footprint.polygon_bounds(tile, p);
        let k = next(9) as i64 - 4;
        let near = |next: &mut dyn FnMut(u64) -> u64, axis: usize| {
            let mut f = |n| next(n);
            uniform(&mut f, b.min[axis] - limit, b.max[axis] + limit)
        };
        let y = near(next, 1);
        match next(6) {
            0 => [nudge(b.max[0] + limit, k), y, near(next, 2)],
            1 => [nudge(b.min[0] - limit, k), y, near(next, 2)],
            2 => [near(next, 0), y, nudge(b.max[2] + limit, k)],
            3 => [near(next, 0), y, nudge(b.min[2] - limit, k)],
            4 => [nudge(b.max[0] + 0.7 * limit, k), y, nudge(b.min[2] - 0.7 * limit, k)],
            _ => {
                let [ox, _, oz] = footprint.origin;
                [ox + uniform(next, -ts, 2.0 * ts), y, oz + uniform(next, -ts, 2.0 * ts)]
            }
        }
    }

    /// From none and tiny (the slack alone) up; times 1 or the tile size.
    const RADII: [f64; 8] = [0.0, 1e-300, 1e-12, 1e-9, 1e-6, 0.01, 0.5, 3.0];

    #[test]
    fn window_rejects_only_what_the_bounds_test_rejects() {
        let mut next = crate::test_rng::below_fn(0x6f66_666d_6573_6821u64);
        let (mut excluded, mut attached) = (0usize, 0usize);
        for _ in 0..300 {
            let (params, tile) = random_tile(&mut next);
            let footprint = TileFootprint::of(&params, &tile);
            for _ in 0..100 {
                let ts = params.tile_size;
                let radius = pick(&mut next, &RADII) * pick(&mut next, &[1.0, ts]);
                let reach = Reach { radius, climb: pick(&mut next, &[0.0, 0.5, 4.0]) };
                let p = next(tile.polygon_count() as u64) as usize;
                let point = random_point(&mut next, &tile, &footprint, p, reach_limit(radius), ts);
                let window = footprint.window(point, radius);
                for (q, local) in tile.polygon_bounds().iter().enumerate() {
                    if window.excludes(local) {
                        excluded += 1;
                        let bounds = footprint.polygon_bounds(&tile, q);
                        assert!(
                            out_of_reach_as_before(&bounds, point, radius),
                            "window excludes polygon {q} that the bounds test keeps: {point:?}, radius {radius}"
                        );
                    }
                }
                for (b, block) in tile.polygon_blocks().iter().enumerate() {
                    let members = tile.polygon_bounds().chunks(POLYGON_BLOCK).nth(b).unwrap();
                    if window.excludes(block) {
                        assert!(members.iter().all(|local| window.excludes(local)), "block {b} hides a polygon");
                    }
                }
                let best = best_polygon(&tile, &footprint, point, reach);
                let expected = best_as_before(&tile, &footprint, point, reach);
                let bits = |b: Option<(f64, u32)>| b.map(|(s, p)| (s.to_bits(), p));
                assert_eq!(bits(best), bits(expected), "{point:?}, radius {radius}, origin {:?}", footprint.origin);
                attached += best.is_some() as usize;
            }
        }
        // Both outcomes are common, so neither side of the window went untested.
        assert!(excluded > 300_000 && attached > 5_000, "excluded {excluded}, attached {attached}");
    }
}
