//! The polygon mesh (Recast's `rcBuildPolyMesh`): each contour is
//! triangulated, its triangles merged into convex polygons of up to
//! MaxVertsPerPoly vertices (always the pair sharing the longest edge
//! first), and vertices shared across contours when they have the same
//! x/z and heights within two cells.

use std::collections::HashMap;

use super::contours::Contour;
use super::triangulate::{area2, triangulate};
use super::walkable_slope::AreaCode;

/// Most vertices a polygon can have (the format's MaxVertsPerPoly limit).
pub(crate) const MAX_POLYGON_VERTICES: usize = 16;

/// Vertex heights within this many cells share one vertex.
const SHARED_HEIGHT_CELLS: i64 = 2;

/// A convex polygon: vertex indices in Recast's orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MeshPolygon {
    vertices: [u32; MAX_POLYGON_VERTICES],
    count: usize,
    pub area: AreaCode,
    /// The region whose contour the polygon came from: the detail stage
    /// samples heights from its floors.
    pub region: u32,
}

impl MeshPolygon {
    pub fn vertices(&self) -> &[u32] {
        &self.vertices[..self.count]
    }

    fn from_slice(indices: &[u32], area: AreaCode, region: u32) -> MeshPolygon {
        let mut vertices = [0; MAX_POLYGON_VERTICES];
        vertices[..indices.len()].copy_from_slice(indices);
        MeshPolygon { vertices, count: indices.len(), area, region }
    }
}

/// Polygons over shared vertices in tile-local cells (x, y, z).
#[derive(Debug, Clone, Default)]
pub(crate) struct PolyMesh {
    pub vertices: Vec<[i64; 3]>,
    pub polygons: Vec<MeshPolygon>,
    /// Vertex pairs (smaller index first, sorted) of contour edges facing
    /// the tile border: the only edges that may become portals.
    pub border_edges: Vec<(u32, u32)>,
}

/// Builds the polygon mesh of `contours` with polygons of at most
/// `max_vertices` vertices.
pub(crate) fn build_poly_mesh(contours: &[Contour], max_vertices: usize) -> PolyMesh {
    let mut mesh = PolyMesh::default();
    let mut shared = SharedVertices::default();
    for contour in contours {
        let triangles = triangulate(&contour.vertices);
        let indices: Vec<u32> = contour.vertices.iter().map(|&v| shared.index_of(v, &mut mesh.vertices)).collect();
        for (k, _) in contour.faces_border.iter().enumerate().filter(|(_, &f)| f) {
            let (a, b) = (indices[k], indices[(k + 1) % indices.len()]);
            mesh.border_edges.push((a.min(b), a.max(b)));
        }
        let mut polygons: Vec<MeshPolygon> = triangles
            .iter()
            .map(|t| t.map(|k| indices[k]))
            .filter(|t| {
                area2(mesh.vertices[t[0] as usize], mesh.vertices[t[1] as usize], mesh.vertices[t[2] as usize]) != 0
            })
            .map(|t| MeshPolygon::from_slice(&t, contour.area, contour.region))
            .collect();
        merge_polygons(&mesh.vertices, &mut polygons, max_vertices);
        mesh.polygons.extend(polygons);
    }
    mesh.border_edges.sort_unstable();
    mesh.border_edges.dedup();
    mesh
}

impl PolyMesh {
    /// The edge between vertices a and b came from a contour edge facing
    /// the tile border.
    pub fn is_border_edge(&self, a: u32, b: u32) -> bool {
        self.border_edges.binary_search(&(a.min(b), a.max(b))).is_ok()
    }
}

/// Vertex sharing by position: per x/z, the vertices there, newest first.
#[derive(Default)]
struct SharedVertices {
    newest: HashMap<(i64, i64), u32>,
    older: Vec<u32>,
}

impl SharedVertices {
    fn index_of(&mut self, v: [i64; 3], vertices: &mut Vec<[i64; 3]>) -> u32 {
        let mut candidate = self.newest.get(&(v[0], v[2])).copied();
        while let Some(c) = candidate {
            if (vertices[c as usize][1] - v[1]).abs() <= SHARED_HEIGHT_CELLS {
                return c;
            }
            candidate = Some(self.older[c as usize]).filter(|&o| o != u32::MAX);
        }
        let index = vertices.len() as u32;
        vertices.push(v);
        self.older.push(self.newest.insert((v[0], v[2]), index).unwrap_or(u32::MAX));
        index
    }
}

/// Merges polygons pairwise while some pair shares an edge, stays convex
/// and fits `max_vertices`: the pair with the longest shared edge first,
/// the first such pair in polygon order among equals; the merged polygon
/// takes the first's place and the last polygon the second's.
fn merge_polygons(vertices: &[[i64; 3]], polygons: &mut Vec<MeshPolygon>, max_vertices: usize) {
    if max_vertices <= 3 {
        return;
    }
    loop {
        let mut best: Option<(i64, usize, usize, usize, usize)> = None;
        for a in 0..polygons.len() {
            for b in a + 1..polygons.len() {
                if let Some((value, ea, eb)) = merge_value(vertices, &polygons[a], &polygons[b], max_vertices) {
                    if best.is_none_or(|(v, ..)| value > v) {
                        best = Some((value, a, b, ea, eb));
                    }
                }
            }
        }
        let Some((_, a, b, ea, eb)) = best else { return };
        polygons[a] = merged(&polygons[a], &polygons[b], ea, eb);
        polygons.swap_remove(b);
    }
}

/// The shared edge (edge ea of `pa`, eb of `pb`) and its squared length
/// when the two merge into a convex polygon of at most `max_vertices`
/// without a repeated vertex (an outline joined to a hole visits the
/// diagonal's ends twice).
fn merge_value(
    vertices: &[[i64; 3]],
    pa: &MeshPolygon,
    pb: &MeshPolygon,
    max_vertices: usize,
) -> Option<(i64, usize, usize)> {
    let (a, b) = (pa.vertices(), pb.vertices());
    let (na, nb) = (a.len(), b.len());
    if na + nb - 2 > max_vertices {
        return None;
    }
    let (ea, eb) = (0..na).find_map(|i| {
        let (a0, a1) = (a[i], a[(i + 1) % na]);
        (0..nb).find(|&j| b[j] == a1 && b[(j + 1) % nb] == a0).map(|j| (i, j))
    })?;
    let shared = [a[ea], a[(ea + 1) % na]];
    if b.iter().any(|v| !shared.contains(v) && a.contains(v)) {
        return None;
    }
    let at = |k: u32| vertices[k as usize];
    let turns_left = |p: u32, q: u32, r: u32| area2(at(p), at(q), at(r)) < 0;
    if !turns_left(a[(ea + na - 1) % na], a[ea], b[(eb + 2) % nb]) {
        return None;
    }
    if !turns_left(b[(eb + nb - 1) % nb], b[eb], a[(ea + 2) % na]) {
        return None;
    }
    let (p, q) = (at(a[ea]), at(a[(ea + 1) % na]));
    let (dx, dz) = (q[0] - p[0], q[2] - p[2]);
    Some((dx * dx + dz * dz, ea, eb))
}

/// `pa` and `pb` joined across their shared edge: pa from after the edge
/// round to its start, then pb likewise.
fn merged(pa: &MeshPolygon, pb: &MeshPolygon, ea: usize, eb: usize) -> MeshPolygon {
    let (a, b) = (pa.vertices(), pb.vertices());
    let mut indices = Vec::with_capacity(a.len() + b.len() - 2);
    indices.extend((0..a.len() - 1).map(|k| a[(ea + 1 + k) % a.len()]));
    indices.extend((0..b.len() - 1).map(|k| b[(eb + 1 + k) % b.len()]));
    MeshPolygon::from_slice(&indices, pa.area, pa.region)
}
