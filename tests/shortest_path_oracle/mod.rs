//! An independent oracle for `find_shortest_path`, written from the mesh's
//! public API without the query layer: the shortest length over a
//! visibility graph whose nodes are the wall ends of the mesh (every end
//! of an edge part that no neighbour covers), the off-mesh departures and
//! arrivals, the start and the end; two points see each other when the
//! X/Z segment between them stays on the closed polygons, walked from
//! polygon to polygon by adjacency (in-tile edges and the exact overlap of
//! portal edges), never by projection. A link joins its departure to its
//! arrival at its 3D length, one way unless two-way. Dijkstra gives the
//! length. The walk tolerates 1e-9 of rounding inside a polygon and 1e-7 at an
//! opening, far below the gaps of the test meshes' lattice, but not below
//! every gap: a segment from an off-mesh link's f32 end along a line of
//! lattice corners can miss them by 3e-8 and be counted blocked (rooms
//! 2 269 and four more past the suite's seeds; docs/QUERIES.md, "a defect
//! at a grazed wall corner").
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use onav::{LinkKind, NavTile, PolyRef, TiledNavMesh};

/// How far outside a polygon a segment may run (rounding).
const EPS: f64 = 1e-9;
/// How near an exit point must be to an opening to pass through it.
const NEAR: f64 = 1e-7;

/// A way from one polygon into another through part `t0..t1` of edge
/// `edge` (edge parameters from its first corner).
#[derive(Debug, Clone, Copy)]
struct Opening {
    edge: usize,
    target: usize,
    t0: f64,
    t1: f64,
}

#[derive(Debug, Clone)]
struct OraclePolygon {
    corners: Vec<[f64; 3]>,
    openings: Vec<Opening>,
}

/// A point of the graph and the polygon it is in.
#[derive(Debug, Clone, Copy)]
struct Point {
    poly: usize,
    at: [f64; 3],
}

pub struct Oracle {
    index: BTreeMap<PolyRef, usize>,
    polygons: Vec<OraclePolygon>,
    points: Vec<Point>,
    /// Per point: (other point, length) of the segments and links leaving it.
    edges: Vec<Vec<(usize, f64)>>,
}

fn world(mesh: &TiledNavMesh, tile: &NavTile, local: [f32; 3]) -> [f64; 3] {
    let (x, z) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    [x + local[0] as f64, tile.origin_y() + local[1] as f64, z + local[2] as f64]
}

fn corners(mesh: &TiledNavMesh, poly: PolyRef) -> Vec<[f64; 3]> {
    let (tile, _) = mesh.polygon(poly).unwrap();
    tile.polygon_vertices(poly.polygon() as usize).map(|v| world(mesh, tile, v)).collect()
}

fn cross(o: [f64; 3], a: [f64; 3], b: [f64; 3]) -> f64 {
    (a[0] - o[0]) * (b[2] - o[2]) - (a[2] - o[2]) * (b[0] - o[0])
}

pub fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((b[0] - a[0]).powi(2) + (b[2] - a[2]).powi(2)).sqrt()
}

fn distance_3d(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2) + (b[2] - a[2]).powi(2)).sqrt()
}

fn lerp(a: [f64; 3], b: [f64; 3], t: f64) -> [f64; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

/// The part of edge a–b that edge c–d covers along axis `axis`, as
/// parameters of a–b.
fn overlap(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3], axis: usize) -> Option<(f64, f64)> {
    let low = a[axis].min(b[axis]).max(c[axis].min(d[axis]));
    let high = a[axis].max(b[axis]).min(c[axis].max(d[axis]));
    if high <= low {
        return None;
    }
    let t = |u: f64| (u - a[axis]) / (b[axis] - a[axis]);
    Some((t(low).min(t(high)), t(low).max(t(high))))
}

impl Oracle {
    pub fn new(mesh: &TiledNavMesh) -> Oracle {
        let mut index = BTreeMap::new();
        let mut refs = Vec::new();
        for (tile_ref, tile) in mesh.tiles() {
            for p in 0..tile.polygon_count() as u32 {
                let poly = tile_ref.polygon(p).unwrap();
                index.insert(poly, refs.len());
                refs.push(poly);
            }
        }
        let mut polygons: Vec<OraclePolygon> =
            refs.iter().map(|&r| OraclePolygon { corners: corners(mesh, r), openings: Vec::new() }).collect();
        let mut links = Vec::new();
        for (i, &poly) in refs.iter().enumerate() {
            let (tile, view) = mesh.polygon(poly).unwrap();
            let c = polygons[i].corners.clone();
            let n = c.len();
            for (k, &neighbour) in view.neighbours.iter().enumerate() {
                if neighbour != 0 {
                    let target = index[&poly.tile_ref().polygon(neighbour - 1).unwrap()];
                    polygons[i].openings.push(Opening { edge: k, target, t0: 0.0, t1: 1.0 });
                }
            }
            for l in mesh.links(poly).unwrap() {
                match l.kind {
                    LinkKind::Portal => {
                        let k = l.edge as usize;
                        let other = corners(mesh, l.target);
                        let te = l.target_edge as usize;
                        let axis = if l.side % 2 == 0 { 2 } else { 0 };
                        let (d0, d1) = (other[te], other[(te + 1) % other.len()]);
                        if let Some((t0, t1)) = overlap(c[k], c[(k + 1) % n], d0, d1, axis) {
                            polygons[i].openings.push(Opening { edge: k, target: index[&l.target], t0, t1 });
                        }
                    }
                    LinkKind::OffMesh | LinkKind::OffMeshReverse => {
                        let owner =
                            if l.kind == LinkKind::OffMesh { tile } else { mesh.tile(l.target.tile_ref()).unwrap() };
                        let slot = owner.off_mesh_links()[l.off_mesh_index as usize];
                        let (from, to) =
                            if l.kind == LinkKind::OffMesh { (slot.start, slot.end) } else { (slot.end, slot.start) };
                        links.push((i, world(mesh, owner, from), index[&l.target], world(mesh, owner, to)));
                    }
                }
            }
        }
        let mut oracle = Oracle { index, polygons, points: Vec::new(), edges: Vec::new() };
        oracle.add_wall_ends();
        let mut link_edges = Vec::new();
        for (from, departure, to, arrival) in links {
            let a = oracle.points.len();
            oracle.points.push(Point { poly: from, at: departure });
            oracle.points.push(Point { poly: to, at: arrival });
            link_edges.push((a, a + 1, distance_3d(departure, arrival)));
        }
        oracle.edges = vec![Vec::new(); oracle.points.len()];
        for i in 0..oracle.points.len() {
            for j in i + 1..oracle.points.len() {
                let (a, b) = (oracle.points[i], oracle.points[j]);
                if oracle.sees(a, b) {
                    let length = distance_xz(a.at, b.at);
                    oracle.edges[i].push((j, length));
                    oracle.edges[j].push((i, length));
                }
            }
        }
        for (a, b, length) in link_edges {
            oracle.edges[a].push((b, length));
        }
        oracle
    }

    /// Every end of an edge part no opening covers, once per place.
    fn add_wall_ends(&mut self) {
        let mut seen = BTreeSet::new();
        for (i, polygon) in self.polygons.iter().enumerate() {
            let n = polygon.corners.len();
            for k in 0..n {
                let mut covered: Vec<(f64, f64)> =
                    polygon.openings.iter().filter(|o| o.edge == k).map(|o| (o.t0, o.t1)).collect();
                covered.sort_by(|a, b| a.0.total_cmp(&b.0));
                let mut ends = Vec::new();
                let mut at = 0.0;
                for (t0, t1) in covered {
                    if t0 > at {
                        ends.extend([at, t0]);
                    }
                    at = at.max(t1);
                }
                if at < 1.0 {
                    ends.extend([at, 1.0]);
                }
                for t in ends {
                    let p = lerp(polygon.corners[k], polygon.corners[(k + 1) % n], t);
                    if seen.insert(p.map(f64::to_bits)) {
                        self.points.push(Point { poly: i, at: p });
                    }
                }
            }
        }
    }

    /// True when the X/Z segment from `a` to `b` stays on the polygons,
    /// walked by adjacency from `a`'s polygon to `b`'s.
    fn sees(&self, a: Point, b: Point) -> bool {
        let mut visited = vec![false; self.polygons.len()];
        let mut stack = vec![(a.poly, 0.0)];
        visited[a.poly] = true;
        while let Some((poly, t_in)) = stack.pop() {
            let Some(t_out) = self.clip(poly, a.at, b.at, t_in) else { continue };
            if poly == b.poly && t_out >= 1.0 - EPS {
                return true;
            }
            let x = lerp(a.at, b.at, t_out);
            let polygon = &self.polygons[poly];
            let n = polygon.corners.len();
            for opening in &polygon.openings {
                if visited[opening.target] {
                    continue;
                }
                let (c, d) = (polygon.corners[opening.edge], polygon.corners[(opening.edge + 1) % n]);
                let length = distance_xz(c, d);
                let u = ((x[0] - c[0]) * (d[0] - c[0]) + (x[2] - c[2]) * (d[2] - c[2])) / (length * length);
                let off_line = cross(c, d, x).abs() / length;
                if off_line <= NEAR && u >= opening.t0 - NEAR && u <= opening.t1 + NEAR {
                    visited[opening.target] = true;
                    stack.push((opening.target, t_out));
                }
            }
        }
        false
    }

    /// Where segment p–q, inside the closed polygon from parameter `t_in`
    /// on, leaves it (at most 1); `None` when it is not inside at `t_in`.
    fn clip(&self, poly: usize, p: [f64; 3], q: [f64; 3], t_in: f64) -> Option<f64> {
        let polygon = &self.polygons[poly];
        let n = polygon.corners.len();
        let mut high = 1.0f64;
        for k in 0..n {
            let (a, b) = (polygon.corners[k], polygon.corners[(k + 1) % n]);
            let length = distance_xz(a, b);
            // Signed distance left of a→b along the segment: c0 + c1·t.
            let c0 = cross(a, b, p) / length;
            let c1 = (cross(a, b, q) - cross(a, b, p)) / length;
            if c0 + c1 * t_in < -EPS {
                return None;
            }
            if c1 < 0.0 {
                high = high.min(-c0 / c1);
            }
        }
        (high >= t_in - EPS).then_some(high.max(t_in))
    }

    /// True when `b` (in `b_ref`) is seen from `a` (in `a_ref`).
    pub fn segment_free(&self, (a_ref, a): (PolyRef, [f64; 3]), (b_ref, b): (PolyRef, [f64; 3])) -> bool {
        self.sees(Point { poly: self.index[&a_ref], at: a }, Point { poly: self.index[&b_ref], at: b })
    }

    /// The shortest length from `start` in `start_ref` to `end` in
    /// `end_ref`, `None` when unreachable.
    pub fn shortest(
        &self,
        (start_ref, start): (PolyRef, [f64; 3]),
        (end_ref, end): (PolyRef, [f64; 3]),
    ) -> Option<f64> {
        let s = Point { poly: self.index[&start_ref], at: start };
        let e = Point { poly: self.index[&end_ref], at: end };
        let mut best = if self.sees(s, e) { distance_xz(start, end) } else { f64::INFINITY };
        let n = self.points.len();
        let mut dist = vec![f64::INFINITY; n];
        for (i, p) in self.points.iter().enumerate() {
            if self.sees(s, *p) {
                dist[i] = distance_xz(start, p.at);
            }
        }
        let to_end: Vec<Option<f64>> =
            self.points.iter().map(|p| self.sees(*p, e).then(|| distance_xz(p.at, end))).collect();
        let mut done = vec![false; n];
        loop {
            let next = (0..n).filter(|&i| !done[i] && dist[i].is_finite()).min_by(|&a, &b| dist[a].total_cmp(&dist[b]));
            let Some(i) = next else { break };
            if dist[i] >= best {
                break;
            }
            done[i] = true;
            if let Some(rest) = to_end[i] {
                best = best.min(dist[i] + rest);
            }
            for &(j, length) in &self.edges[i] {
                if dist[i] + length < dist[j] {
                    dist[j] = dist[i] + length;
                }
            }
        }
        best.is_finite().then_some(best)
    }
}
