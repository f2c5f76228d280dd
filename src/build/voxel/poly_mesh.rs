//! The polygon mesh (Recast's `rcBuildPolyMesh`): each contour is
//! triangulated, its triangles merged into convex polygons of up to
//! MaxVertsPerPoly vertices (always the pair sharing the longest edge
//! first), and vertices shared across contours when they have the same
//! x/z and heights within two cells.

use std::collections::{BTreeMap, BTreeSet, HashMap};

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
///
/// Only polygons that share an edge can merge, so the merges of the pairs
/// of neighbours are kept ([`Merges`]) and only those of the polygons a
/// merge changed are worked out again: every pair tried again after each
/// merge made a contour of n triangles cost n³ (a fuzzed sliver of one
/// triangle took 24 s).
fn merge_polygons(vertices: &[[i64; 3]], polygons: &mut Vec<MeshPolygon>, max_vertices: usize) {
    if max_vertices <= 3 {
        return;
    }
    let mut merges = Merges::of(vertices, polygons, max_vertices);
    while let Some((a, b, ea, eb)) = merges.best() {
        polygons[a] = merged(&polygons[a], &polygons[b], ea, eb);
        polygons.swap_remove(b);
        merges.after_merge(vertices, polygons, (a, b), max_vertices);
    }
}

/// The polygons each polygon shares an edge with, and the merge
/// ([`merge_value`]) of each such pair that can merge, keyed by the pair's
/// indices (lower first), so that the keys' order is the polygon order.
struct Merges {
    neighbours: Vec<BTreeSet<usize>>,
    values: BTreeMap<(usize, usize), (i64, usize, usize)>,
}

impl Merges {
    fn of(vertices: &[[i64; 3]], polygons: &[MeshPolygon], max_vertices: usize) -> Merges {
        let mut owners: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
        for (p, polygon) in polygons.iter().enumerate() {
            for edge in edges(polygon) {
                owners.entry(edge).or_default().push(p);
            }
        }
        let neighbours = polygons
            .iter()
            .enumerate()
            .map(|(p, polygon)| {
                let across = edges(polygon).filter_map(|(v0, v1)| owners.get(&(v1, v0)));
                across.flatten().copied().filter(|&q| q != p).collect()
            })
            .collect();
        let mut merges = Merges { neighbours, values: BTreeMap::new() };
        for p in 0..polygons.len() {
            merges.value_pairs_of(vertices, polygons, p, max_vertices);
        }
        merges
    }

    /// The pair to merge next: the longest shared edge, the first pair in
    /// polygon order among equals.
    fn best(&self) -> Option<(usize, usize, usize, usize)> {
        let mut best: Option<(i64, usize, usize, usize, usize)> = None;
        for (&(a, b), &(value, ea, eb)) in &self.values {
            if best.is_none_or(|(v, ..)| value > v) {
                best = Some((value, a, b, ea, eb));
            }
        }
        best.map(|(_, a, b, ea, eb)| (a, b, ea, eb))
    }

    /// After polygon `b` merged into `a` and the last polygon took `b`'s
    /// place: `a` neighbours what either neighboured, the moved polygon
    /// is renamed, and the pairs of both are worked out again.
    fn after_merge(
        &mut self,
        vertices: &[[i64; 3]],
        polygons: &[MeshPolygon],
        (a, b): (usize, usize),
        max_vertices: usize,
    ) {
        let last = polygons.len();
        let either = self.neighbours[a].union(&self.neighbours[b]).copied();
        let joined: BTreeSet<usize> = either.filter(|&x| x != a && x != b).collect();
        for x in self.neighbours[a].clone().into_iter().chain(self.neighbours[b].clone()) {
            self.neighbours[x].remove(&a);
            self.neighbours[x].remove(&b);
        }
        for &x in &joined {
            self.neighbours[x].insert(a);
        }
        self.neighbours[a] = joined;
        self.neighbours.swap_remove(b);
        if b < last {
            for x in self.neighbours[b].clone() {
                self.neighbours[x].remove(&last);
                self.neighbours[x].insert(b);
            }
        }
        self.values.retain(|&(p, q), _| ![a, b, last].contains(&p) && ![a, b, last].contains(&q));
        self.value_pairs_of(vertices, polygons, a, max_vertices);
        if b < last {
            self.value_pairs_of(vertices, polygons, b, max_vertices);
        }
    }

    /// Works out the merge of polygon `p` with each of its neighbours.
    fn value_pairs_of(&mut self, vertices: &[[i64; 3]], polygons: &[MeshPolygon], p: usize, max_vertices: usize) {
        for &q in &self.neighbours[p] {
            let (a, b) = (p.min(q), p.max(q));
            if let Some(value) = merge_value(vertices, &polygons[a], &polygons[b], max_vertices) {
                self.values.insert((a, b), value);
            }
        }
    }
}

/// The directed edges of `polygon`, each vertex to the next.
fn edges(polygon: &MeshPolygon) -> impl Iterator<Item = (u32, u32)> + '_ {
    let v = polygon.vertices();
    (0..v.len()).map(move |i| (v[i], v[(i + 1) % v.len()]))
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
