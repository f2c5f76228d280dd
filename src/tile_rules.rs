//! Every content rule of the format text's "Tile contents and rules" and
//! "Off-mesh link slots", with LAYOUT section 8's decisions. One entry point,
//! [`check_tile`], used by `NavTile::create` and by the ONPT reader alike;
//! each failure is a format error naming the polygon, edge or array.

use crate::coordinate::is_within_bound;
use crate::error::{NavMeshError, Result};
use crate::orientation::{orient_xz, Orientation};
use crate::params::NavMeshParams;
use crate::tile_data::{NavTileData, MAX_AREA, MAX_LAYER, MAX_POLYGONS, NOT_PORTAL};

/// What validation derives once so the validated tile never recomputes it.
pub struct TileIndex {
    /// First edge of each polygon, plus the total edge count at the end.
    pub edge_starts: Vec<u32>,
}

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

/// Checks `data` against `params` (which the caller has validated).
pub fn check_tile(params: &NavMeshParams, data: &NavTileData) -> Result<TileIndex> {
    check_position(params, data)?;
    let edge_starts = check_counts(params, data)?;
    let bounds = VertexBounds::new(params);
    check_vertices("vertices", &data.vertices, &bounds)?;
    check_vertices("detail_vertices", &data.detail_vertices, &bounds)?;
    let ts = params.tile_size_f32();
    for p in 0..data.polygons.len() {
        let edges = edge_starts[p] as usize..edge_starts[p + 1] as usize;
        check_polygon(data, p, edges.clone())?;
        check_edges(data, &edge_starts, p, edges, ts)?;
    }
    check_detail(data, &edge_starts)?;
    check_off_mesh_links(params, data)?;
    Ok(TileIndex { edge_starts })
}

fn check_position(params: &NavMeshParams, data: &NavTileData) -> Result<()> {
    if data.layer > MAX_LAYER {
        return fail(format!("tile layer {} is above {MAX_LAYER}", data.layer));
    }
    if !is_within_bound(data.origin_y) {
        return fail(format!("tile OriginY {} must be finite and strictly within ±2097152", data.origin_y));
    }
    let (x, z) = params.tile_origin(data.tile_x, data.tile_z);
    if !is_within_bound(x) || !is_within_bound(z) {
        return fail(format!(
            "tile ({}, {}) has world origin ({x}, {z}) outside ±2097152",
            data.tile_x, data.tile_z
        ));
    }
    Ok(())
}

/// Polygon count, vertex counts and the per-edge array lengths; returns the
/// first edge of each polygon.
fn check_counts(params: &NavMeshParams, data: &NavTileData) -> Result<Vec<u32>> {
    let polygon_count = data.polygons.len();
    if polygon_count > MAX_POLYGONS {
        return fail(format!("array polygons: {polygon_count} polygons, at most {MAX_POLYGONS}"));
    }
    let mut edge_starts = Vec::with_capacity(polygon_count + 1);
    let mut total: u32 = 0;
    for (p, poly) in data.polygons.iter().enumerate() {
        let n = u16::from(poly.vertex_count);
        if n < 3 || n > params.max_verts_per_poly {
            return fail(format!(
                "polygon {p}: vertex count {n} outside 3..={}",
                params.max_verts_per_poly
            ));
        }
        if poly.area > MAX_AREA {
            return fail(format!("polygon {p}: area {} above {MAX_AREA}", poly.area));
        }
        edge_starts.push(total);
        total += u32::from(poly.vertex_count);
    }
    edge_starts.push(total);
    let edges = total as usize;
    for (name, len) in [
        ("indices", data.indices.len()),
        ("neighbours", data.neighbours.len()),
        ("portal_sides", data.portal_sides.len()),
    ] {
        if len != edges {
            return fail(format!(
                "array {name}: {len} entries, but the polygons' vertex counts sum to {edges}"
            ));
        }
    }
    if !data.detail_meshes.is_empty() && data.detail_meshes.len() != polygon_count {
        return fail(format!(
            "array detail_meshes: {} entries, must be 0 or the polygon count {polygon_count}",
            data.detail_meshes.len()
        ));
    }
    Ok(edge_starts)
}

struct VertexBounds {
    xz_min: f64,
    xz_max: f64,
    y_extent: f64,
}

impl VertexBounds {
    fn new(params: &NavMeshParams) -> Self {
        VertexBounds {
            xz_min: -params.tile_size,
            xz_max: 2.0 * params.tile_size,
            y_extent: params.max_local_extent(),
        }
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
fn check_polygon(data: &NavTileData, p: usize, edges: std::ops::Range<usize>) -> Result<()> {
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
    let points = &points[..n];
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
    data: &NavTileData,
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
    data: &NavTileData,
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
    let axis = if side % 2 == 0 { 0 } else { 2 };
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

fn check_detail(data: &NavTileData, edge_starts: &[u32]) -> Result<()> {
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

fn check_off_mesh_links(params: &NavMeshParams, data: &NavTileData) -> Result<()> {
    let extent = params.max_local_extent();
    for (i, link) in data.off_mesh_links.iter().enumerate() {
        let coords = link.start.iter().chain(link.end.iter());
        if let Some(v) = coords.map(|&v| v as f64).find(|v| !(v.abs() <= extent)) {
            return fail(format!(
                "off_mesh_links[{i}]: coordinate {v} not finite or beyond MaxLocalExtent {extent}"
            ));
        }
        if !(link.radius > 0.0) {
            return fail(format!("off_mesh_links[{i}]: radius {} must be > 0", link.radius));
        }
        if link.area > MAX_AREA {
            return fail(format!("off_mesh_links[{i}]: area {} above {MAX_AREA}", link.area));
        }
    }
    Ok(())
}
