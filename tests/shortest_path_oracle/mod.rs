//! An independent oracle for `find_shortest_path`, written from the mesh's
//! public API without the query layer: the shortest length over a
//! visibility graph whose nodes are the wall ends of the mesh (every end
//! of an edge part that no neighbour covers), the corners on tile borders
//! (where floors stacked in one tile column meet the next tile, a path
//! may bend at any of them onto the other floor), the off-mesh departures
//! and arrivals (each moved onto its polygon when it lies off it), the
//! start and the end; two points see each other when the
//! X/Z segment between them stays on the closed polygons, walked from
//! polygon to polygon by adjacency (in-tile edges and the exact overlap of
//! portal edges), never by projection. A link joins its departure to its
//! arrival at its 3D length, one way unless two-way. Dijkstra gives the
//! length; it walks a segment only when the segment would shorten a length
//! found so far, and each pair of graph points once (remembered), so an
//! oracle asked a few pairs does not walk the whole graph.
//!
//! The walk is exact: it decides everything by the signs of orientation
//! determinants (Shewchuk's adaptive predicate, the `robust` crate) and by
//! comparisons of coordinates, and never places a crossing point. A
//! polygon is left through the edge its corners change sides of the
//! segment's line on, or through the corner on that line; the segment
//! passes into a neighbour when that crossing lies on the part of the
//! edge the neighbour covers, which is again a question of sides. So a
//! segment that misses a corner by 1e-12, or grazes it, is judged as it
//! lies (an earlier walk with a 1e-7 tolerance at openings counted some
//! free segments from off-mesh links' f32 ends blocked; docs/QUERIES.md,
//! "a defect at a grazed wall corner").
#![allow(dead_code)]

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use onav::{LinkKind, NavTile, PolyRef, StraightPathVertex, TiledNavMesh, VertexFlags};

use crate::mesh_common::{inside, onto_polygon, side};

/// A way from one polygon into another through the part `from`–`to` of
/// edge `edge` (points on the edge, exactly on its line); `portal` when
/// the other polygon is of another tile.
#[derive(Debug, Clone, Copy)]
struct Opening {
    edge: usize,
    portal: bool,
    target: usize,
    from: [f64; 3],
    to: [f64; 3],
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

/// Where a segment leaves a polygon, known exactly without placing it.
#[derive(Debug, Clone, Copy)]
enum Exit {
    /// At this exact point (a corner, or the segment's end).
    At([f64; 3]),
    /// Strictly inside edge `k`, whose corners lie strictly on either side
    /// of the segment's line.
    Across(usize),
}

pub struct Oracle {
    index: BTreeMap<PolyRef, usize>,
    polygons: Vec<OraclePolygon>,
    points: Vec<Point>,
    /// Per point: (arrival point, 3D length) of the off-mesh links leaving it.
    links: Vec<Vec<(usize, f64)>>,
    /// Per pair of points (row-major): whether they see each other, filled
    /// as searches ask, so a search walks only the segments it reaches.
    visibility: RefCell<Vec<Seen>>,
}

/// What is known of whether two graph points see each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    Unknown,
    Yes,
    No,
}

fn world(mesh: &TiledNavMesh, tile: &NavTile, local: [f32; 3]) -> [f64; 3] {
    let (x, z) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    [x + local[0] as f64, tile.origin_y() + local[1] as f64, z + local[2] as f64]
}

pub fn corners(mesh: &TiledNavMesh, poly: PolyRef) -> Vec<[f64; 3]> {
    let (tile, _) = mesh.polygon(poly).unwrap();
    tile.polygon_vertices(poly.polygon() as usize).map(|v| world(mesh, tile, v)).collect()
}

/// True when `x` lies on the closed segment `from`–`to` in X/Z.
fn on_segment(from: [f64; 3], to: [f64; 3], x: [f64; 3]) -> bool {
    let between = |i: usize| from[i].min(to[i]) <= x[i] && x[i] <= from[i].max(to[i]);
    side(from, to, x) == 0 && between(0) && between(2)
}

pub fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((b[0] - a[0]).powi(2) + (b[2] - a[2]).powi(2)).sqrt()
}

fn distance_3d(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2) + (b[2] - a[2]).powi(2)).sqrt()
}

/// The part of edge a–b that the collinear edge c–d covers along axis
/// `axis`: its two ends, each a corner of one of the edges.
fn overlap(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3], axis: usize) -> Option<([f64; 3], [f64; 3])> {
    let lowest = |p: [f64; 3], q: [f64; 3]| if p[axis] <= q[axis] { p } else { q };
    let highest = |p: [f64; 3], q: [f64; 3]| if p[axis] <= q[axis] { q } else { p };
    let low = highest(lowest(a, b), lowest(c, d));
    let high = lowest(highest(a, b), highest(c, d));
    (low[axis] < high[axis]).then_some((low, high))
}

/// How far along edge a→b the point `p` on it lies, as a key that orders
/// such points exactly: the coordinate on the axis the edge runs furthest
/// along, signed by the edge's direction.
fn along(a: [f64; 3], b: [f64; 3], p: [f64; 3]) -> f64 {
    let axis = if (b[0] - a[0]).abs() >= (b[2] - a[2]).abs() { 0 } else { 2 };
    if b[axis] >= a[axis] {
        p[axis]
    } else {
        -p[axis]
    }
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
                    polygons[i].openings.push(Opening {
                        edge: k,
                        portal: false,
                        target,
                        from: c[k],
                        to: c[(k + 1) % n],
                    });
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
                        if let Some((from, to)) = overlap(c[k], c[(k + 1) % n], d0, d1, axis) {
                            let target = index[&l.target];
                            polygons[i].openings.push(Opening { edge: k, portal: true, target, from, to });
                        }
                    }
                    LinkKind::OffMesh | LinkKind::OffMeshReverse => {
                        let owner =
                            if l.kind == LinkKind::OffMesh { tile } else { mesh.tile(l.target.tile_ref()).unwrap() };
                        let slot = owner.off_mesh_links()[l.off_mesh_index as usize];
                        let (from, to) =
                            if l.kind == LinkKind::OffMesh { (slot.start, slot.end) } else { (slot.end, slot.start) };
                        let departure = onto_polygon(&c, world(mesh, owner, from));
                        let arrival = onto_polygon(&corners(mesh, l.target), world(mesh, owner, to));
                        links.push((i, departure, index[&l.target], arrival));
                    }
                }
            }
        }
        let mut oracle =
            Oracle { index, polygons, points: Vec::new(), links: Vec::new(), visibility: RefCell::new(Vec::new()) };
        oracle.add_wall_ends();
        let mut link_edges = Vec::new();
        for (from, departure, to, arrival) in links {
            let a = oracle.points.len();
            oracle.points.push(Point { poly: from, at: departure });
            oracle.points.push(Point { poly: to, at: arrival });
            link_edges.push((a, a + 1, distance_3d(departure, arrival)));
        }
        let n = oracle.points.len();
        oracle.links = vec![Vec::new(); n];
        for (a, b, length) in link_edges {
            oracle.links[a].push((b, length));
        }
        *oracle.visibility.get_mut() = vec![Seen::Unknown; n * n];
        oracle
    }

    /// True when points `i` and `j` see each other, walked once per pair
    /// (either way round) and remembered.
    fn points_see(&self, i: usize, j: usize) -> bool {
        let n = self.points.len();
        let known = self.visibility.borrow()[i * n + j];
        match known {
            Seen::Yes => true,
            Seen::No => false,
            Seen::Unknown => {
                let seen = if self.sees(self.points[i], self.points[j]) { Seen::Yes } else { Seen::No };
                let mut visibility = self.visibility.borrow_mut();
                (visibility[i * n + j], visibility[j * n + i]) = (seen, seen);
                seen == Seen::Yes
            }
        }
    }

    /// Every end of an edge part no opening covers and every corner of an
    /// edge on a tile border, once per place.
    fn add_wall_ends(&mut self) {
        let mut seen = BTreeSet::new();
        for (i, polygon) in self.polygons.iter().enumerate() {
            let n = polygon.corners.len();
            for k in 0..n {
                let (a, b) = (polygon.corners[k], polygon.corners[(k + 1) % n]);
                let key = |p: [f64; 3]| along(a, b, p);
                let mut covered: Vec<([f64; 3], [f64; 3])> = polygon
                    .openings
                    .iter()
                    .filter(|o| o.edge == k)
                    .map(|o| if key(o.from) <= key(o.to) { (o.from, o.to) } else { (o.to, o.from) })
                    .collect();
                covered.sort_by(|x, y| key(x.0).total_cmp(&key(y.0)));
                let mut ends = Vec::new();
                let mut at = a;
                for (from, to) in covered {
                    if key(from) > key(at) {
                        ends.extend([at, from]);
                    }
                    if key(to) > key(at) {
                        at = to;
                    }
                }
                if key(at) < key(b) {
                    ends.extend([at, b]);
                }
                if polygon.openings.iter().any(|o| o.edge == k && o.portal) {
                    ends.extend([a, b]);
                }
                for p in ends {
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
        self.walk(a, b.at, Some(b.poly))
    }

    /// True when the X/Z segment from `a` to `q` stays on the polygons,
    /// walked by adjacency from `a`'s polygon to polygon `last` (any
    /// polygon holding `q` when `None`). It may leave from any polygon
    /// joined to `a`'s at `a` itself (through openings holding `a`): where
    /// floors meet at a tile border, a path at a vertex there moves onto
    /// the other floor without a step. It passes through an opening where
    /// it leaves a polygon, and through one it runs along at or beyond
    /// where it came into the polygon (a polygon with an edge on the
    /// segment's line lies on one side of it, so it is entered at a point
    /// of the line, whose place along it is kept).
    fn walk(&self, a: Point, q: [f64; 3], last: Option<usize>) -> bool {
        let p = a.at;
        if !self.contains(a.poly, p) {
            return false;
        }
        let key = |x: [f64; 3]| along(p, q, x);
        // Per polygon, the earliest place along the line it was entered at.
        let mut entered = vec![f64::INFINITY; self.polygons.len()];
        let mut stack = vec![(a.poly, key(p))];
        entered[a.poly] = key(p);
        let mut joined = 0;
        while let Some(&(poly, _)) = stack.get(joined) {
            for opening in &self.polygons[poly].openings {
                if entered[opening.target] > key(p) && on_segment(opening.from, opening.to, p) {
                    entered[opening.target] = key(p);
                    stack.push((opening.target, key(p)));
                }
            }
            joined += 1;
        }
        while let Some((poly, entry)) = stack.pop() {
            let exit = if self.contains(poly, q) {
                if last.is_none_or(|last| poly == last) {
                    return true;
                }
                Exit::At(q)
            } else {
                match self.exit(poly, p, q) {
                    Some(exit) => exit,
                    None => continue,
                }
            };
            for opening in &self.polygons[poly].openings {
                let through = Self::passes(opening, exit, p, q).then_some(match exit {
                    Exit::At(x) => key(x),
                    Exit::Across(_) => entry,
                });
                let next = match (through, Self::runs_along(opening, p, q, entry)) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                if let Some(next) = next.filter(|&next| next < entered[opening.target]) {
                    entered[opening.target] = next;
                    stack.push((opening.target, next));
                }
            }
        }
        false
    }

    /// Where along the line the segment p→q, in a polygon since `entry`
    /// (a place along the line), first runs along `opening`'s part of the
    /// edge, if it does: the part lies on the segment's line and overlaps
    /// it at or beyond `entry`. There the segment is on both polygons (on
    /// a tile border, on a floor and on the tile beside it, which may join
    /// another floor of the column further on).
    fn runs_along(opening: &Opening, p: [f64; 3], q: [f64; 3], entry: f64) -> Option<f64> {
        let point = p[0] == q[0] && p[2] == q[2];
        if point || side(p, q, opening.from) != 0 || side(p, q, opening.to) != 0 {
            return None;
        }
        let (from, to) = (along(p, q, opening.from), along(p, q, opening.to));
        let first = from.min(to).max(entry);
        (first <= from.max(to) && first <= along(p, q, q)).then_some(first)
    }

    /// True when `x` lies on the closed polygon.
    fn contains(&self, poly: usize, x: [f64; 3]) -> bool {
        inside(&self.polygons[poly].corners, x)
    }

    /// Where the line through p→q, which meets the polygon, leaves it
    /// going toward q (the polygon's corners run counter-clockwise in
    /// X/Z). Its corners' sides of the line change from right to left
    /// once round the polygon: across an edge, or at a corner on the line.
    /// When no corner lies right of the line, the polygon touches it along
    /// the corners on it, and the last of them (counter-clockwise) lies
    /// furthest toward q; when none lies left, the first does. `None` when
    /// the line misses the polygon.
    fn exit(&self, poly: usize, p: [f64; 3], q: [f64; 3]) -> Option<Exit> {
        let c = &self.polygons[poly].corners;
        let n = c.len();
        let s: Vec<i8> = c.iter().map(|&v| side(p, q, v)).collect();
        let (next, previous) = (|k: usize| (k + 1) % n, |k: usize| (k + n - 1) % n);
        if let Some(k) = (0..n).find(|&k| s[k] < 0 && s[next(k)] > 0) {
            return Some(Exit::Across(k));
        }
        let (left, right) = (s.contains(&1), s.contains(&-1));
        let corner = match (left, right) {
            (true, true) => (0..n).find(|&k| {
                let mut before = previous(k);
                while s[before] == 0 {
                    before = previous(before);
                }
                s[k] == 0 && s[next(k)] > 0 && s[before] < 0
            }),
            (_, false) => (0..n).find(|&k| s[k] == 0 && s[next(k)] > 0),
            (false, true) => (0..n).find(|&k| s[k] == 0 && s[previous(k)] < 0),
        };
        corner.map(|k| Exit::At(c[k]))
    }

    /// True when the segment p→q, leaving a polygon at `exit`, passes
    /// through `opening`: the exit point lies on its part of the edge.
    /// Across an edge, the line meets the edge's line at one point, inside
    /// the part when the part's ends do not lie strictly on one side.
    fn passes(opening: &Opening, exit: Exit, p: [f64; 3], q: [f64; 3]) -> bool {
        match exit {
            Exit::At(x) => on_segment(opening.from, opening.to, x),
            Exit::Across(k) => opening.edge == k && side(p, q, opening.from) * side(p, q, opening.to) <= 0,
        }
    }

    /// True when `x` lies on the closed polygon `poly` (in X/Z).
    pub fn on_polygon(&self, (poly, x): (PolyRef, [f64; 3])) -> bool {
        self.contains(self.index[&poly], x)
    }

    /// True when `b` (in `b_ref`) is seen from `a` (in `a_ref`).
    pub fn segment_free(&self, (a_ref, a): (PolyRef, [f64; 3]), (b_ref, b): (PolyRef, [f64; 3])) -> bool {
        self.segment_reaches((a_ref, a), (Some(b_ref), b))
    }

    /// True when the segment from `a` (in `a_ref`) reaches `b` on the
    /// polygons, ending in `b_ref`, or in any polygon when that is `None`.
    pub fn segment_reaches(&self, (a_ref, a): (PolyRef, [f64; 3]), (b_ref, b): (Option<PolyRef>, [f64; 3])) -> bool {
        self.walk(Point { poly: self.index[&a_ref], at: a }, b, b_ref.map(|r| self.index[&r]))
    }

    /// True when every segment of an exact path on the surface stays on the
    /// polygons, walked by adjacency from the polygon the path runs in to
    /// the next vertex's; a segment to an off-mesh departure (whose vertex
    /// names the polygon the link lands in) may end on any polygon there,
    /// and the link itself (from the departure to the next vertex) is not
    /// walked.
    pub fn exact_path_walks(&self, path: &[StraightPathVertex]) -> bool {
        path.windows(2).all(|w| {
            let departs = |v: &StraightPathVertex| v.flags.contains(VertexFlags::OFF_MESH);
            let end = (!departs(&w[1])).then_some(w[1].poly);
            departs(&w[0]) || self.segment_reaches((w[0].poly, w[0].position), (end, w[1].position))
        })
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
            let length = distance_xz(start, p.at);
            if length < best && self.sees(s, *p) {
                dist[i] = length;
            }
        }
        let mut done = vec![false; n];
        loop {
            let next = (0..n).filter(|&i| !done[i] && dist[i].is_finite()).min_by(|&a, &b| dist[a].total_cmp(&dist[b]));
            let Some(i) = next else { break };
            if dist[i] >= best {
                break;
            }
            done[i] = true;
            let to_end = dist[i] + distance_xz(self.points[i].at, end);
            if to_end < best && self.sees(self.points[i], e) {
                best = to_end;
            }
            // A segment is walked only when it would shorten a length.
            for j in (0..n).filter(|&j| !done[j]) {
                let through = dist[i] + distance_xz(self.points[i].at, self.points[j].at);
                if through < dist[j].min(best) && self.points_see(i, j) {
                    dist[j] = through;
                }
            }
            for &(j, length) in &self.links[i] {
                dist[j] = dist[j].min(dist[i] + length);
            }
        }
        best.is_finite().then_some(best)
    }
}
