//! Shared by the query tests: random tiled meshes (areas, flags, heights,
//! off-mesh links one-way and two-way), and a plain reference for the
//! path search's cost model (`docs/QUERIES.md`), written from the mesh's
//! public API without the query layer: the crossings between polygons and
//! a Dijkstra search over (polygon, polygon entered from) states.
#![allow(dead_code)]

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use onav::import::detour::{read_tile_set, ImportOptions};
use onav::{LinkKind, NavMeshParams, NavTile, PolyRef, QueryFilter, TiledNavMesh};

use crate::mesh_common::{link, onto_polygon, GridTile, Rng};

/// A mesh of `columns` × `rows` grid tiles of `n` × `n` squares with
/// random areas 0..4 and flags 1 or 2, tile heights that sometimes break
/// the portals (a step above the climb), and `links` random off-mesh links.
pub fn random_mesh(
    params: &NavMeshParams,
    rng: &mut Rng,
    columns: i32,
    rows: i32,
    n: u32,
    links: usize,
) -> TiledNavMesh {
    let mut mesh = TiledNavMesh::new(*params).unwrap();
    let size = params.tile_size as f32;
    for z in 0..rows {
        for x in 0..columns {
            let y = [0.0, 0.25, 0.5, 2.0][rng.below(4) as usize];
            let mut tile = GridTile::new(x, z, n).height(0.0, y);
            for _ in 0..links {
                let start = [rng.range_f32(0.5, size - 0.5), y, rng.range_f32(0.5, size - 0.5)];
                let end_x = rng.range_f32(-size, 2.0 * size);
                let end_z = rng.range_f32(-size, 2.0 * size);
                tile = tile.link(link(start, [end_x, rng.range_f32(0.0, 0.5), end_z], 1.0, rng.below(2) == 0));
            }
            let mut data = tile.data(params);
            for polygon in &mut data.polygons {
                polygon.area = rng.below(4) as u8;
                polygon.flags = 1 + rng.below(2) as u16;
            }
            for slot in &mut data.off_mesh_links {
                slot.area = rng.below(4) as u8;
                slot.flags = 1 + rng.below(2) as u16;
            }
            mesh.add_tile(NavTile::create(params, data).unwrap()).unwrap();
        }
    }
    mesh
}

/// The mesh of a Recast tile set in `tests/data/detour` (`nav_test` or
/// `dungeon`: RecastDemo's tiles, with detail meshes).
pub fn recast_mesh(name: &str) -> TiledNavMesh {
    let path = format!("{}/tests/data/detour/{name}.mset", env!("CARGO_MANIFEST_DIR"));
    let set = read_tile_set(&std::fs::read(path).unwrap(), &ImportOptions::default()).expect("the set imports");
    let mut mesh = TiledNavMesh::new(set.params).unwrap();
    for tile in set.tiles {
        mesh.add_tile(tile).unwrap();
    }
    mesh
}

/// Every polygon of the mesh, in slot order.
pub fn all_polygons(mesh: &TiledNavMesh) -> Vec<PolyRef> {
    let mut all = Vec::new();
    for (tile_ref, tile) in mesh.tiles() {
        all.extend((0..tile.polygon_count() as u32).map(|p| tile_ref.polygon(p).unwrap()));
    }
    all
}

fn world(params: &NavMeshParams, tile: &NavTile, local: [f32; 3]) -> [f64; 3] {
    let (x, z) = params.tile_origin(tile.tile_x(), tile.tile_z());
    [x + local[0] as f64, tile.origin_y() + local[1] as f64, z + local[2] as f64]
}

/// The world corners of a polygon.
pub fn corners(mesh: &TiledNavMesh, poly: PolyRef) -> Vec<[f64; 3]> {
    let (tile, _) = mesh.polygon(poly).unwrap();
    tile.polygon_vertices(poly.polygon() as usize).map(|v| world(mesh.params(), tile, v)).collect()
}

/// The mean of a polygon's corners (inside, as polygons are convex).
pub fn centre(mesh: &TiledNavMesh, poly: PolyRef) -> [f64; 3] {
    let c = corners(mesh, poly);
    let n = c.len() as f64;
    [0, 1, 2].map(|a| c.iter().map(|v| v[a]).sum::<f64>() / n)
}

fn lerp(a: [f64; 3], b: [f64; 3], t: f64) -> [f64; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

pub fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2) + (b[2] - a[2]).powi(2)).sqrt()
}

/// A step from one polygon to another: where it enters the target, and for
/// an off-mesh link its departure and its area and flags.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    pub target: PolyRef,
    pub entry: [f64; 3],
    pub link: Option<([f64; 3], u8, u16)>,
}

/// The steps out of `poly`, one per neighbour: an in-tile edge first, then
/// a portal link, then an off-mesh link, each the first of its kind.
pub fn steps(mesh: &TiledNavMesh, poly: PolyRef) -> Vec<Step> {
    let params = mesh.params();
    let (tile, view) = mesh.polygon(poly).unwrap();
    let c = corners(mesh, poly);
    let edge = |k: usize| (c[k], c[(k + 1) % c.len()]);
    let mut walk: Vec<Step> = Vec::new();
    let mut fly: Vec<Step> = Vec::new();
    for (k, &neighbour) in view.neighbours.iter().enumerate() {
        if neighbour != 0 {
            let (a, b) = edge(k);
            let target = poly.tile_ref().polygon(neighbour - 1).unwrap();
            walk.push(Step { target, entry: lerp(a, b, 0.5), link: None });
        }
    }
    for l in mesh.links(poly).unwrap() {
        match l.kind {
            LinkKind::Portal => {
                let (a, b) = edge(l.edge as usize);
                let (s, e) = (lerp(a, b, l.range_min as f64 / 255.0), lerp(a, b, l.range_max as f64 / 255.0));
                walk.push(Step { target: l.target, entry: lerp(s, e, 0.5), link: None });
            }
            LinkKind::OffMesh | LinkKind::OffMeshReverse => {
                let owner = if l.kind == LinkKind::OffMesh { tile } else { mesh.tile(l.target.tile_ref()).unwrap() };
                let slot = owner.off_mesh_links()[l.off_mesh_index as usize];
                let (from, to) =
                    if l.kind == LinkKind::OffMesh { (slot.start, slot.end) } else { (slot.end, slot.start) };
                let from = onto_polygon(&c, world(params, owner, from));
                let to = onto_polygon(&corners(mesh, l.target), world(params, owner, to));
                fly.push(Step { target: l.target, entry: to, link: Some((from, slot.area, slot.flags)) });
            }
        }
    }
    let mut out: Vec<Step> = Vec::new();
    for step in walk.into_iter().chain(fly) {
        if step.target != poly && !out.iter().any(|s| s.target == step.target) {
            out.push(step);
        }
    }
    out
}

fn area_cost(filter: &QueryFilter, area: u8) -> f64 {
    filter.area_cost(area).unwrap()
}

fn passes(filter: &QueryFilter, flags: u16, area: u8) -> bool {
    flags & filter.include_flags() != 0 && flags & filter.exclude_flags() == 0 && area_cost(filter, area).is_finite()
}

/// The cost of moving from `from` (in polygon `poly`) through `step`.
pub fn step_cost(mesh: &TiledNavMesh, filter: &QueryFilter, poly: PolyRef, from: [f64; 3], step: &Step) -> f64 {
    let own = area_cost(filter, mesh.polygon(poly).unwrap().1.record.area);
    match step.link {
        None => dist(from, step.entry) * own,
        Some((departure, area, _)) => {
            dist(from, departure) * own + dist(departure, step.entry) * area_cost(filter, area)
        }
    }
}

fn step_passes(mesh: &TiledNavMesh, filter: &QueryFilter, step: &Step) -> bool {
    let target = mesh.polygon(step.target).unwrap().1.record;
    step.link.is_none_or(|(_, area, flags)| passes(filter, flags, area)) && passes(filter, target.flags, target.area)
}

/// The least cost from `start` (in `start_ref`) to `end` (in `end_ref`),
/// or `None` when the end polygon cannot be reached: Dijkstra over
/// (polygon, entered from) states.
pub fn reference_cost(
    mesh: &TiledNavMesh,
    filter: &QueryFilter,
    (start_ref, end_ref): (PolyRef, PolyRef),
    (start, end): ([f64; 3], [f64; 3]),
) -> Option<f64> {
    let end_area = area_cost(filter, mesh.polygon(end_ref).unwrap().1.record.area);
    if start_ref == end_ref {
        return Some(dist(start, end) * end_area);
    }
    type State = (PolyRef, PolyRef);
    let mut best: BTreeMap<State, f64> = BTreeMap::new();
    let mut positions: BTreeMap<State, [f64; 3]> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    let origin = (start_ref, PolyRef::NULL);
    best.insert(origin, 0.0);
    positions.insert(origin, start);
    heap.push(Reverse((Ordered(0.0), origin)));
    let mut answer: Option<f64> = None;
    while let Some(Reverse((Ordered(cost), state))) = heap.pop() {
        if cost > best[&state] {
            continue;
        }
        let (poly, _) = state;
        if poly == end_ref {
            let total = cost + dist(positions[&state], end) * end_area;
            answer = Some(answer.map_or(total, |a: f64| a.min(total)));
            continue;
        }
        for step in steps(mesh, poly) {
            if !step_passes(mesh, filter, &step) {
                continue;
            }
            let next = (step.target, poly);
            let next_cost = cost + step_cost(mesh, filter, poly, positions[&state], &step);
            if best.get(&next).is_none_or(|&known| next_cost < known) {
                best.insert(next, next_cost);
                positions.insert(next, step.entry);
                heap.push(Reverse((Ordered(next_cost), next)));
            }
        }
    }
    answer
}

/// The cost of walking a corridor from `start` to `end`, each step by the
/// crossing [`steps`] gives; `None` when two neighbours of it are not
/// joined.
pub fn corridor_cost(
    mesh: &TiledNavMesh,
    filter: &QueryFilter,
    corridor: &[PolyRef],
    start: [f64; 3],
    end: [f64; 3],
) -> Option<f64> {
    let mut at = start;
    let mut cost = 0.0;
    for pair in corridor.windows(2) {
        let step = steps(mesh, pair[0]).into_iter().find(|s| s.target == pair[1])?;
        cost += step_cost(mesh, filter, pair[0], at, &step);
        at = step.entry;
    }
    let last = *corridor.last()?;
    Some(cost + dist(at, end) * area_cost(filter, mesh.polygon(last).unwrap().1.record.area))
}

/// An f64 ordered by `total_cmp`, for the heap.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Ordered(f64);

impl Eq for Ordered {}

impl PartialOrd for Ordered {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ordered {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// True when `a` and `b` agree to a few ulps of their size.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The centre of every polygon of the mesh, by tile in (TileZ, TileX,
/// layer) order and polygon index within a tile: positions that do not
/// depend on slots or salts.
pub fn query_positions(mesh: &TiledNavMesh) -> Vec<[f64; 3]> {
    let mut polys = all_polygons(mesh);
    polys.sort_by_key(|&poly| {
        let tile = mesh.polygon(poly).unwrap().0;
        (tile.tile_z(), tile.tile_x(), tile.layer(), poly.polygon())
    });
    polys.into_iter().map(|poly| centre(mesh, poly)).collect()
}

/// The answers of a fixed set of queries from `positions`, as bytes
/// (little-endian; references as tile position and polygon index, so they
/// do not depend on slots or salts), and every reference they returned.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryAnswers {
    pub bytes: Vec<u8>,
    pub refs: Vec<PolyRef>,
}

struct Recorder<'m> {
    mesh: &'m TiledNavMesh,
    answers: QueryAnswers,
}

impl Recorder<'_> {
    fn f64(&mut self, v: f64) {
        self.answers.bytes.extend(v.to_le_bytes());
    }

    fn point(&mut self, p: [f64; 3]) {
        p.into_iter().for_each(|v| self.f64(v));
    }

    fn tag(&mut self, tag: u8) {
        self.answers.bytes.push(tag);
    }

    fn poly(&mut self, poly: PolyRef) {
        self.answers.refs.push(poly);
        let tile = self.mesh.polygon(poly).unwrap().0;
        for v in [tile.tile_x(), tile.tile_z(), tile.layer() as i32, poly.polygon() as i32] {
            self.answers.bytes.extend(v.to_le_bytes());
        }
    }
}

/// Runs, for pairs of positions picked by fixed strides: the nearest
/// polygon, the polygons in a box, the height and the boundary point, a
/// The exact shortest path (`find_shortest_path`) between the same pairs
/// as [`answer_queries`] (start and end snapped the same way), as bytes:
/// status, length, search nodes and every corner with its flags and
/// polygon.
pub fn answer_shortest_paths(query: &mut onav::NavMeshQuery, positions: &[[f64; 3]], pairs: usize) -> QueryAnswers {
    let mesh = query.mesh().clone();
    let mut r = Recorder { mesh: &mesh, answers: QueryAnswers { bytes: Vec::new(), refs: Vec::new() } };
    let filter = QueryFilter::default();
    let n = positions.len();
    let mut path = Vec::new();
    for k in 0..pairs {
        let (from, to) = (positions[(k * 7) % n], positions[(k * 13 + 5) % n]);
        let probe = [from[0] + 0.25, from[1] + 0.3, from[2] - 0.125];
        let start = query.find_nearest_poly(probe, [2.0, 1.0, 2.0], &filter).unwrap();
        let end = query.find_nearest_poly(to, [2.0, 1.0, 2.0], &filter).unwrap();
        let (Some(start), Some(end)) = (start, end) else {
            r.tag(0);
            continue;
        };
        let outcome =
            query.find_shortest_path(start.poly_ref, end.poly_ref, start.position, to, &filter, &mut path).unwrap();
        r.tag(outcome.status as u8);
        r.f64(outcome.length);
        r.f64(outcome.nodes as f64);
        for v in path.clone() {
            r.point(v.position);
            r.tag(v.flags.0);
            r.poly(v.poly);
        }
    }
    r.answers
}

/// path under two filters and its straight path with each crossing option.
pub fn answer_queries(query: &mut onav::NavMeshQuery, positions: &[[f64; 3]], pairs: usize) -> QueryAnswers {
    use onav::{PathCrossings, StraightPathOptions};
    let mesh = query.mesh().clone();
    let mut r = Recorder { mesh: &mesh, answers: QueryAnswers { bytes: Vec::new(), refs: Vec::new() } };
    let mut weighted = QueryFilter::default();
    for area in 0..64u8 {
        weighted.set_area_cost(area, 0.5 + (area % 3) as f64).unwrap();
    }
    let n = positions.len();
    let (mut polys, mut corridor, mut path) = (Vec::new(), Vec::new(), Vec::new());
    for k in 0..pairs {
        let (from, to) = (positions[(k * 7) % n], positions[(k * 13 + 5) % n]);
        let probe = [from[0] + 0.25, from[1] + 0.3, from[2] - 0.125];
        let Some(start) = query.find_nearest_poly(probe, [2.0, 1.0, 2.0], &QueryFilter::default()).unwrap() else {
            r.tag(0);
            continue;
        };
        r.tag(1);
        r.poly(start.poly_ref);
        r.point(start.position);
        r.tag(start.over_polygon as u8);
        let Some(end) = query.find_nearest_poly(to, [2.0, 1.0, 2.0], &QueryFilter::default()).unwrap() else {
            r.tag(0);
            continue;
        };
        query.query_polygons(from, [3.0, 2.0, 3.0], &QueryFilter::default(), &mut polys).unwrap();
        r.f64(polys.len() as f64);
        polys.clone().into_iter().for_each(|p| r.poly(p));
        match query.poly_height(start.poly_ref, start.position).unwrap() {
            Some(h) => r.f64(h),
            None => r.tag(0),
        }
        r.point(query.closest_point_on_poly_boundary(end.poly_ref, from).unwrap());
        for filter in [&QueryFilter::default(), &weighted] {
            let outcome =
                query.find_path(start.poly_ref, end.poly_ref, start.position, to, filter, 256, &mut corridor).unwrap();
            r.tag(outcome.status as u8);
            r.f64(outcome.cost);
            corridor.clone().into_iter().for_each(|p| r.poly(p));
            for crossings in [PathCrossings::None, PathCrossings::AreaChanges, PathCrossings::AllEdges] {
                let options = StraightPathOptions { crossings, max_vertices: None };
                let status = query.find_straight_path(&corridor, start.position, to, options, &mut path).unwrap();
                r.tag(status as u8);
                for v in path.clone() {
                    r.point(v.position);
                    r.tag(v.flags.0);
                    r.poly(v.poly);
                }
            }
        }
    }
    r.answers
}
