//! Every content rule of the format text's "Tile contents and rules" and
//! "Off-mesh link slots", with LAYOUT section 8's decisions, used by
//! `NavTile::create` and by the ONPT reader alike in two steps:
//! [`check_shape`] (position and counts, before the validated tile's buffer
//! is allocated) and [`check_contents`] (everything else, given the first
//! edge of each polygon). Each failure is a format error naming the
//! polygon, edge or array.

use crate::error::{NavMeshError, Result};
use crate::format::params::NavMeshParams;
use crate::tile::coordinate::is_within_bound;
use crate::tile::orientation::{orient_xz, Orientation};
use crate::tile::tile_arrays::TileArrays;
use crate::tile::tile_data::{Polygon, MAX_AREA, MAX_LAYER, MAX_POLYGONS, NOT_PORTAL};

/// The index after `k` around a polygon of `n` vertices (a branch, not a
/// division: validation runs on every streamed tile).
fn next(k: usize, n: usize) -> usize {
    if k + 1 == n {
        0
    } else {
        k + 1
    }
}

fn fail<T>(message: String) -> Result<T> {
    Err(NavMeshError::Format(message))
}

/// The tile's position and array lengths against `params` (which the
/// caller has validated): what sizing the tile's buffer relies on.
///
/// Out of line (one call a tile), so that `scripts/edit_instructions.sh` counts the
/// rules apart from the rest of reading a tile.
#[inline(never)]
pub fn check_shape(params: &NavMeshParams, data: &TileArrays<'_>) -> Result<()> {
    check_position(params, data)?;
    check_counts(params, data)
}

/// Every other rule, once [`check_shape`] passed; `edge_starts` holds the
/// first edge of each polygon and the edge count at the end
/// ([`fill_edge_starts`]).
///
/// Out of line (one call a tile), so that `scripts/edit_instructions.sh` counts the
/// rules apart from the rest of reading a tile.
#[inline(never)]
pub fn check_contents(params: &NavMeshParams, data: &TileArrays<'_>, edge_starts: &[u32]) -> Result<()> {
    let bounds = VertexBounds::new(params);
    check_vertices("vertices", data.vertices, &bounds)?;
    check_vertices("detail_vertices", data.detail_vertices, &bounds)?;
    let ts = params.tile_size_f32();
    for p in 0..data.polygons.len() {
        let edges = edge_starts[p] as usize..edge_starts[p + 1] as usize;
        check_polygon(data, p, edges.clone())?;
        check_edges(data, edge_starts, p, edges, ts)?;
    }
    check_detail(data, edge_starts)?;
    check_off_mesh_links(params, data)
}

/// Writes the first edge of each polygon into `out` (one more entry than
/// `polygons`: the edge count last).
pub fn fill_edge_starts(polygons: &[Polygon], out: &mut [u32]) {
    let mut total: u32 = 0;
    for (start, poly) in out.iter_mut().zip(polygons) {
        *start = total;
        total += u32::from(poly.vertex_count);
    }
    out[polygons.len()] = total;
}

fn check_position(params: &NavMeshParams, data: &TileArrays<'_>) -> Result<()> {
    if data.layer > MAX_LAYER {
        return fail(format!("tile layer {} is above {MAX_LAYER}", data.layer));
    }
    if !is_within_bound(data.origin_y) {
        return fail(format!("tile OriginY {:?} must be finite and strictly within ±2097152", data.origin_y));
    }
    let (x, z) = params.tile_origin(data.tile_x, data.tile_z);
    if !is_within_bound(x) || !is_within_bound(z) {
        return fail(format!(
            "tile ({}, {}) has world origin ({x:?}, {z:?}) outside ±2097152",
            data.tile_x, data.tile_z
        ));
    }
    Ok(())
}

/// Polygon count, vertex counts and the per-edge array lengths.
fn check_counts(params: &NavMeshParams, data: &TileArrays<'_>) -> Result<()> {
    let polygon_count = data.polygons.len();
    if polygon_count > MAX_POLYGONS {
        return fail(format!("array polygons: {polygon_count} polygons, at most {MAX_POLYGONS}"));
    }
    let mut edges: usize = 0;
    for (p, poly) in data.polygons.iter().enumerate() {
        let n = u16::from(poly.vertex_count);
        if n < 3 || n > params.max_verts_per_poly {
            return fail(format!("polygon {p}: vertex count {n} outside 3..={}", params.max_verts_per_poly));
        }
        if poly.area > MAX_AREA {
            return fail(format!("polygon {p}: area {} above {MAX_AREA}", poly.area));
        }
        edges += usize::from(poly.vertex_count);
    }
    for (name, len) in [
        ("indices", data.indices.len()),
        ("neighbours", data.neighbours.len()),
        ("portal_sides", data.portal_sides.len()),
    ] {
        if len != edges {
            return fail(format!("array {name}: {len} entries, but the polygons' vertex counts sum to {edges}"));
        }
    }
    if !data.detail_meshes.is_empty() && data.detail_meshes.len() != polygon_count {
        return fail(format!(
            "array detail_meshes: {} entries, must be 0 or the polygon count {polygon_count}",
            data.detail_meshes.len()
        ));
    }
    Ok(())
}

struct VertexBounds {
    xz_min: f64,
    xz_max: f64,
    y_extent: f64,
}

impl VertexBounds {
    fn new(params: &NavMeshParams) -> Self {
        VertexBounds { xz_min: -params.tile_size, xz_max: 2.0 * params.tile_size, y_extent: params.max_local_extent() }
    }

    fn contains(&self, v: [f32; 3]) -> bool {
        let (x, y, z) = (v[0] as f64, v[1] as f64, v[2] as f64);
        x >= self.xz_min && x <= self.xz_max && z >= self.xz_min && z <= self.xz_max && y.abs() <= self.y_extent
    }
}

fn check_vertices(name: &str, vertices: &[[f32; 3]], bounds: &VertexBounds) -> Result<()> {
    match vertices.iter().position(|v| !bounds.contains(*v)) {
        None => Ok(()),
        Some(i) => fail(format!(
            "array {name}[{i}] = {:?} outside X/Z [{}, {}] and |Y| <= {}",
            vertices[i], bounds.xz_min, bounds.xz_max, bounds.y_extent
        )),
    }
}

/// Indices, distinct vertices, edge lengths and exact convexity.
fn check_polygon(data: &TileArrays<'_>, p: usize, edges: std::ops::Range<usize>) -> Result<()> {
    let (buffer, n) = checked_points(data, p, edges)?;
    let points = &buffer[..n];
    if is_strictly_convex_ccw(points) {
        return Ok(());
    }
    check_convex_by_definition(p, points)
}

/// The polygon's vertices (the first `n` of the array) once its indices,
/// distinct vertices and edge lengths pass.
fn checked_points(data: &TileArrays<'_>, p: usize, edges: std::ops::Range<usize>) -> Result<([[f32; 3]; 16], usize)> {
    let indices = &data.indices[edges];
    let n = indices.len();
    let vertex_count = data.vertices.len();
    let mut points = [[0f32; 3]; 16];
    for (k, &index) in indices.iter().enumerate() {
        if index as usize >= vertex_count {
            return fail(format!("polygon {p} vertex {k}: index {index} beyond {vertex_count} vertices"));
        }
        points[k] = data.vertices[index as usize];
    }
    for k in 0..n {
        let (a, b) = (points[k], points[next(k, n)]);
        if a[0] == b[0] && a[2] == b[2] {
            return fail(format!("polygon {p} edge {k}: zero length in X/Z"));
        }
        for j in k + 1..n {
            if indices[j] == indices[k] {
                return fail(format!("polygon {p}: vertex index {} repeated at {k} and {j}", indices[k]));
            }
            if points[j][0] == points[k][0] && points[j][2] == points[k][2] {
                return fail(format!("polygon {p}: vertices {k} and {j} share an X/Z position"));
            }
        }
    }
    Ok((points, n))
}

/// A fast sufficient condition for the convexity rule of the format text's
/// "Polygon rules": n orientation tests instead of the definition's n(n-2).
///
/// It accepts exactly the strictly convex counter-clockwise polygons, which
/// the definition accepts too. Why: if every turn p[k-1] -> p[k] -> p[k+1]
/// is strictly left, the direction of the edges increases by an angle in
/// (0, π) at each vertex, and the number of times it passes the direction
/// +X (lower half-plane of directions to upper) is its winding number. With
/// a winding number of 1 the directions, measured from any edge k, increase
/// strictly through (0, 2π) once around; so the signed distance left of edge
/// k first strictly rises (the turn at k+1 is strictly left), then at most
/// stays level for one edge (direction exactly opposite), then strictly
/// falls back to 0 at vertex k (the turn at k is strictly left): every
/// vertex other than k and k+1 is strictly left of edge k.
///
/// Exactness: the turns use the exact `orient_xz`, and the half-plane of an
/// edge direction only needs the signs of its X/Z differences, which
/// comparing the coordinates gives exactly. The vertices are finite (checked
/// before) and no edge has zero length in X/Z (checked by the caller).
///
/// Anything else, including polygons with collinear vertices (an `On`
/// turn), returns false and goes through [`check_convex_by_definition`],
/// which decides and names the failure; so accepting, rejecting and every
/// message are those of the definition.
fn is_strictly_convex_ccw(points: &[[f32; 3]]) -> bool {
    let n = points.len();
    // 0 for directions in the upper half-plane [0, π) (dz > 0, or dz == 0
    // and dx > 0), 1 for [π, 2π).
    let half = |a: [f32; 3], b: [f32; 3]| -> u8 {
        if b[2] > a[2] || (b[2] == a[2] && b[0] > a[0]) {
            0
        } else {
            1
        }
    };
    let mut previous = points[n - 1];
    let mut previous_half = half(points[n - 2], previous);
    let mut lower_to_upper = 0u32;
    for &point in points {
        let point_half = half(previous, point);
        lower_to_upper += u32::from(previous_half == 1 && point_half == 0);
        previous_half = point_half;
        previous = point;
    }
    if lower_to_upper != 1 {
        return false;
    }
    (0..n).all(|k| {
        let before = if k == 0 { n - 1 } else { k - 1 };
        orient_xz(points[before], points[k], points[next(k, n)]) == Orientation::Left
    })
}

/// The convexity rule of "Polygon rules" as written, edge by edge, naming the
/// first edge and vertex that break it.
fn check_convex_by_definition(p: usize, points: &[[f32; 3]]) -> Result<()> {
    let n = points.len();
    for k in 0..n {
        let (a, b) = (points[k], points[next(k, n)]);
        let mut strictly_left = false;
        for (j, &c) in points.iter().enumerate() {
            if j == k || j == next(k, n) {
                continue;
            }
            match orient_xz(a, b, c) {
                Orientation::Right => {
                    return fail(format!(
                        "polygon {p} edge {k}: vertex {j} lies right of the edge (not convex and counter-clockwise)"
                    ))
                }
                Orientation::Left => strictly_left = true,
                Orientation::On => {}
            }
        }
        if !strictly_left {
            return fail(format!("polygon {p} edge {k}: no vertex strictly left (zero area)"));
        }
    }
    Ok(())
}

/// In-tile adjacency and portal rules for each edge of polygon `p`.
fn check_edges(
    data: &TileArrays<'_>,
    edge_starts: &[u32],
    p: usize,
    edges: std::ops::Range<usize>,
    tile_size: f32,
) -> Result<()> {
    let n = edges.len();
    let first = edges.start;
    for k in 0..n {
        let e = first + k;
        let a = data.indices[e];
        let b = data.indices[first + next(k, n)];
        let neighbour = data.neighbours[e];
        let side = data.portal_sides[e];
        if neighbour != 0 {
            if side != NOT_PORTAL {
                return fail(format!("polygon {p} edge {k}: has in-tile neighbour and portal side {side}"));
            }
            check_reciprocal(data, edge_starts, p, k, neighbour, a, b)?;
        } else if side != NOT_PORTAL {
            let (va, vb) = (data.vertices[a as usize], data.vertices[b as usize]);
            check_portal(p, k, side, va, vb, tile_size)?;
        }
    }
    Ok(())
}

fn check_reciprocal(
    data: &TileArrays<'_>,
    edge_starts: &[u32],
    p: usize,
    k: usize,
    neighbour: u32,
    a: u32,
    b: u32,
) -> Result<()> {
    let q = (neighbour - 1) as usize;
    if q >= data.polygons.len() {
        return fail(format!(
            "polygon {p} edge {k}: neighbour {neighbour} names polygon {q}, beyond {} polygons",
            data.polygons.len()
        ));
    }
    if q == p {
        return fail(format!("polygon {p} edge {k}: names itself as neighbour"));
    }
    let (start, end) = (edge_starts[q] as usize, edge_starts[q + 1] as usize);
    let m = end - start;
    let back = (0..m).find(|&j| data.indices[start + j] == b && data.indices[start + next(j, m)] == a);
    match back {
        Some(j) if data.neighbours[start + j] as usize == p + 1 => Ok(()),
        Some(j) => fail(format!(
            "polygon {p} edge {k}: neighbour polygon {q} edge {j} has the reversed edge but names {} back",
            data.neighbours[start + j]
        )),
        None => fail(format!("polygon {p} edge {k}: neighbour polygon {q} has no reversed edge ({b}, {a})")),
    }
}

fn check_portal(p: usize, k: usize, side: u8, a: [f32; 3], b: [f32; 3], tile_size: f32) -> Result<()> {
    if side > 3 {
        return fail(format!("polygon {p} edge {k}: portal side {side} is neither 0..=3 nor 0xFF"));
    }
    // Sides 0 and 2 lie on X, 1 and 3 on Z; sides 0 and 1 at (float)TileSize,
    // 2 and 3 at 0. Bitwise, so -0.0 is not on the boundary.
    let axis = if side.is_multiple_of(2) { 0 } else { 2 };
    let boundary = if side < 2 { tile_size } else { 0.0f32 };
    if a[axis].to_bits() != boundary.to_bits() || b[axis].to_bits() != boundary.to_bits() {
        return fail(format!(
            "polygon {p} edge {k}: portal side {side} does not lie bitwise on {}={boundary}",
            if axis == 0 { "x" } else { "z" }
        ));
    }
    // Nonzero length along the boundary follows: both ends share the boundary
    // coordinate and check_polygon already rejected zero-length X/Z edges.
    Ok(())
}

fn check_detail(data: &TileArrays<'_>, edge_starts: &[u32]) -> Result<()> {
    let vertex_total = data.detail_vertices.len() as u64;
    let triangle_total = data.detail_triangles.len() as u64;
    for (p, mesh) in data.detail_meshes.iter().enumerate() {
        if u64::from(mesh.vertex_base) + u64::from(mesh.vertex_count) > vertex_total {
            return fail(format!(
                "detail_meshes[{p}]: vertices {}+{} beyond {vertex_total} detail vertices",
                mesh.vertex_base, mesh.vertex_count
            ));
        }
        if u64::from(mesh.triangle_base) + u64::from(mesh.triangle_count) > triangle_total {
            return fail(format!(
                "detail_meshes[{p}]: triangles {}+{} beyond {triangle_total} detail triangles",
                mesh.triangle_base, mesh.triangle_count
            ));
        }
        let n = u64::from(edge_starts[p + 1] - edge_starts[p]);
        let limit = n + u64::from(mesh.vertex_count);
        let first = mesh.triangle_base as usize;
        let triangles = &data.detail_triangles[first..first + mesh.triangle_count as usize];
        for (t, triangle) in triangles.iter().enumerate() {
            if let Some(&bad) = triangle.indices.iter().find(|&&i| u64::from(i) >= limit) {
                return fail(format!(
                    "detail_meshes[{p}] triangle {t}: index {bad} beyond {n} polygon + {} detail vertices",
                    mesh.vertex_count
                ));
            }
        }
    }
    Ok(())
}

fn check_off_mesh_links(params: &NavMeshParams, data: &TileArrays<'_>) -> Result<()> {
    let extent = params.max_local_extent();
    for (i, link) in data.off_mesh_links.iter().enumerate() {
        let coords = link.start.iter().chain(link.end.iter());
        if let Some(v) = coords.map(|&v| v as f64).find(|v| v.is_nan() || v.abs() > extent) {
            return fail(format!("off_mesh_links[{i}]: coordinate {v} not finite or beyond MaxLocalExtent {extent}"));
        }
        if link.radius.is_nan() || link.radius <= 0.0 {
            return fail(format!("off_mesh_links[{i}]: radius {} must be > 0", link.radius));
        }
        if link.area > MAX_AREA {
            return fail(format!("off_mesh_links[{i}]: area {} above {MAX_AREA}", link.area));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The convexity fast path against the definition: randomised polygons
    //! of 3..=8 vertices (convex, with collinear vertices, reflex, star
    //! shaped, clockwise, tiny and huge, one ulp apart), a fixed seed.

    use super::*;
    use crate::tile::tile_data::NavTileData;

    /// `check_polygon` without the fast path: the definition decides
    /// convexity. The reference for results and messages.
    fn check_polygon_as_before(data: &TileArrays<'_>, p: usize, edges: std::ops::Range<usize>) -> Result<()> {
        let (buffer, n) = checked_points(data, p, edges)?;
        check_convex_by_definition(p, &buffer[..n])
    }

    use crate::test_rng::TestRng as Rng;

    /// `x` moved by `steps` ulps (through zero and subnormals alike).
    fn ulps(x: f32, steps: i32) -> f32 {
        // Map the bit patterns onto a monotone integer line.
        let to_line = |v: f32| {
            let b = v.to_bits() as i32;
            if b < 0 {
                i32::MIN - b
            } else {
                b
            }
        };
        let from_line = |l: i32| f32::from_bits(if l < 0 { (i32::MIN - l) as u32 } else { l as u32 });
        from_line(to_line(x).saturating_add(steps))
    }

    fn scale(rng: &mut Rng) -> f64 {
        [1e-38, 1e-30, 1e-6, 1e-3, 1.0, 7.0, 1e3, 1e6, 3e7, 1e30][rng.below(10) as usize]
    }

    /// One random polygon in X/Z (y random, it must not matter).
    fn random_polygon(rng: &mut Rng) -> Vec<[f32; 3]> {
        let n = 3 + rng.below(6) as usize;
        let s = scale(rng);
        let (cx, cz) = ((rng.unit() - 0.5) * s * 4.0, (rng.unit() - 0.5) * s * 4.0);
        let point = |x: f64, z: f64, rng: &mut Rng| [(cx + x) as f32, rng.unit() as f32, (cz + z) as f32];
        let mut points: Vec<[f32; 3]> = match rng.below(7) {
            // Convex: sorted angles on an ellipse (rounding to f32 may
            // flatten or dent it at extreme scales, which is wanted).
            0 | 1 => {
                let mut angles: Vec<f64> = (0..n).map(|_| rng.unit() * std::f64::consts::TAU).collect();
                angles.sort_by(|a, b| a.partial_cmp(b).unwrap());
                let (rx, rz) = (s * (0.1 + rng.unit()), s * (0.1 + rng.unit()));
                angles.iter().map(|&t| point(rx * t.cos(), rz * t.sin(), rng)).collect()
            }
            // Star polygons {n/k} with k > 1 (pentagrams among them) and the
            // regular polygon (k = 1), any winding.
            2 => {
                let k = 1 + rng.below(3);
                let r = s * (0.1 + rng.unit());
                let phase = rng.unit();
                (0..n)
                    .map(|i| {
                        let t = std::f64::consts::TAU * ((i as u64 * k) as f64 + phase) / n as f64;
                        point(r * t.cos(), r * t.sin(), rng)
                    })
                    .collect()
            }
            // Small integer grid: collinear vertices, zero-length edges,
            // shared positions, reflex and convex shapes alike.
            3 => (0..n).map(|_| point(rng.below(4) as f64 * s, rng.below(4) as f64 * s, rng)).collect(),
            // Convex integer polygon with exact midpoints inserted (collinear
            // vertices that the definition accepts).
            4 => {
                let corners = [(0.0, 0.0), (4.0, 0.0), (8.0, 4.0), (4.0, 8.0), (0.0, 4.0)];
                let mut out = Vec::new();
                for (i, &(x, z)) in corners.iter().enumerate() {
                    out.push(point(x * s, z * s, rng));
                    if out.len() < n && rng.below(2) == 0 {
                        let (x2, z2) = corners[(i + 1) % corners.len()];
                        out.push(point((x + x2) / 2.0 * s, (z + z2) / 2.0 * s, rng));
                    }
                }
                out.truncate(n.max(3));
                out
            }
            // Arbitrary points: mostly reflex or self-intersecting.
            5 => (0..n).map(|_| point((rng.unit() - 0.5) * s, (rng.unit() - 0.5) * s, rng)).collect(),
            // Near-degenerate: points on a line with coordinates a few ulps
            // off it.
            _ => {
                let (dx, dz) = (rng.unit() * s, rng.unit() * s);
                (0..n)
                    .map(|i| {
                        let t = i as f64 / n as f64;
                        let mut v = point(dx * t, dz * t, rng);
                        v[2] = ulps(v[2], rng.below(5) as i32 - 2);
                        v
                    })
                    .collect()
            }
        };
        // Perturbations: one-ulp nudges, clockwise order, a rotated start.
        for _ in 0..rng.below(3) {
            let i = rng.below(points.len() as u64) as usize;
            let axis = if rng.below(2) == 0 { 0 } else { 2 };
            points[i][axis] = ulps(points[i][axis], rng.below(5) as i32 - 2);
        }
        if rng.below(4) == 0 {
            points.reverse();
        }
        let shift = rng.below(points.len() as u64) as usize;
        points.rotate_left(shift);
        points
    }

    fn polygon_tile(points: &[[f32; 3]], indices: Vec<u32>) -> NavTileData {
        NavTileData {
            vertices: points.to_vec(),
            polygons: vec![Polygon { vertex_count: indices.len() as u8, area: 0, flags: 0 }],
            indices,
            ..Default::default()
        }
    }

    fn message(result: Result<()>) -> Option<String> {
        result.err().map(|e| e.to_string())
    }

    /// Runs both paths on one polygon; returns (fast path accepted, definition accepted).
    fn compare(points: &[[f32; 3]], indices: Vec<u32>) -> (bool, bool) {
        let data = polygon_tile(points, indices);
        let edges = 0..data.indices.len();
        let before = message(check_polygon_as_before(&data.arrays(), 0, edges.clone()));
        let now = message(check_polygon(&data.arrays(), 0, edges));
        assert_eq!(now, before, "{points:?} {:?}", data.indices);
        // Where the earlier checks pass, the fast path must imply the definition.
        let definition = check_convex_by_definition(0, points).is_ok();
        let n = points.len();
        let shared = |k: usize, j: usize| points[j][0] == points[k][0] && points[j][2] == points[k][2];
        let distinct = (0..n).all(|k| (k + 1..n).all(|j| !shared(k, j)));
        let fast = distinct && is_strictly_convex_ccw(points);
        assert!(!fast || definition, "fast path accepts what the definition rejects: {points:?}");
        (fast, definition && distinct && before.is_none())
    }

    #[test]
    fn fast_path_agrees_with_the_definition_on_random_polygons() {
        let mut rng = Rng(0x6f6e_6176_2545_f491);
        let (mut fast, mut slow_only, mut rejected) = (0u32, 0u32, 0u32);
        for case in 0..200_000u32 {
            let points = random_polygon(&mut rng);
            let n = points.len() as u32;
            let mut indices: Vec<u32> = (0..n).collect();
            // Now and then a repeated or out-of-range index, so the earlier
            // checks are compared too.
            if case % 97 == 0 {
                indices[1] = indices[0];
            } else if case % 89 == 0 {
                indices[2] = n + 3;
            }
            match compare(&points, indices) {
                (true, _) => fast += 1,
                (false, true) => slow_only += 1,
                (false, false) => rejected += 1,
            }
        }
        // The generator reaches all three outcomes in quantity.
        assert!(fast > 20_000 && slow_only > 5_000 && rejected > 20_000, "{fast} {slow_only} {rejected}");
    }

    #[test]
    fn named_shapes() {
        let p = |v: &[(f32, f32)]| v.iter().map(|&(x, z)| [x, 0.0, z]).collect::<Vec<_>>();
        let square = p(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
        assert_eq!(compare(&square, (0..4).collect()), (true, true));
        let mut clockwise = square.clone();
        clockwise.reverse();
        assert_eq!(compare(&clockwise, (0..4).collect()), (false, false));
        // A collinear vertex: the definition accepts, the fast path defers.
        let collinear = p(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (2.0, 1.0)]);
        assert_eq!(compare(&collinear, (0..4).collect()), (false, true));
        // A pentagram turns left at every vertex but winds twice.
        let pentagram: Vec<[f32; 3]> = (0..5)
            .map(|i| {
                let t = std::f64::consts::TAU * (2 * i) as f64 / 5.0;
                [t.cos() as f32, 0.0, t.sin() as f32]
            })
            .collect();
        let turn = |k: usize| orient_xz(pentagram[(k + 4) % 5], pentagram[k], pentagram[(k + 1) % 5]);
        assert!((0..5).all(|k| turn(k) == Orientation::Left));
        assert_eq!(compare(&pentagram, (0..5).collect()), (false, false));
        // One ulp off a line, either side.
        let x = 12345.678f32;
        for (steps, convex) in [(1, true), (0, false), (-1, false)] {
            let triangle = p(&[(0.0, 0.0), (2.0 * x, 2.0 * x), (x, ulps(x, steps))]);
            assert_eq!(compare(&triangle, (0..3).collect()), (convex, convex), "{steps}");
        }
        // Subnormal coordinates.
        let tiny = f32::from_bits(1);
        let small = p(&[(0.0, 0.0), (tiny, 0.0), (0.0, tiny)]);
        assert_eq!(compare(&small, (0..3).collect()), (true, true));
    }
}
