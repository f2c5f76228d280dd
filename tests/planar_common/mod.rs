//! Inputs and exactness checks for the planar builder's tests (issue 22):
//! adversarial and seeded random outlines, and `check_exact`, which holds
//! a built mesh against the offset free space point by point.
#![allow(dead_code)]

use std::collections::BTreeMap;

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::Overlay;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::i_float::int::point::IntPoint;
use onav::build::planar::lattice::Lattice;
use onav::build::planar::planar_builder::{offset_free_space, planar_tile_inputs};
use onav::{NavMesh, NavSettings, PlanarOutlines, PlanarRegion, PlanarRing};

/// A 16-unit grid at (-8, _, 4), cells of 0.25 (so the automatic lattice
/// is 2^-11), agent radius 0.5, plane at height 2.5, six vertices per
/// polygon.
pub fn settings() -> NavSettings {
    let mut s = NavSettings::default();
    s.set_origin_x(-8.0).unwrap();
    s.set_origin_z(4.0).unwrap();
    s.set_tile_size(16.0).unwrap();
    s.set_cell_size(0.25).unwrap();
    s.set_agent_radius(0.5).unwrap();
    s.set_height(2.5).unwrap();
    s.set_max_verts_per_poly(6).unwrap();
    s
}

pub fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> PlanarRing {
    vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
}

pub fn region(outline: PlanarRing) -> PlanarRegion {
    PlanarRegion { outline, ..Default::default() }
}

/// A star of `n` vertices around (cx, cy), its radius wobbling between
/// `r` and 1.6·r: many reflex corners, each closer to its neighbours than
/// the agent radius.
pub fn star(n: usize, cx: f64, cy: f64, r: f64) -> PlanarRing {
    (0..n)
        .map(|i| {
            let angle = i as f64 / n as f64 * std::f64::consts::TAU;
            let radius = r * (1.3 + 0.3 * libm::sin(angle * 37.0) * libm::cos(angle * 11.0));
            [cx + radius * libm::cos(angle), cy + radius * libm::sin(angle)]
        })
        .collect()
}

/// The bench's star (benches/planar.rs): `star(n, cx, cy, r)` with
/// `obstacles` squares of side 1.4 on a circle of radius 0.6·r.
pub fn star_with_obstacles(n: usize, cx: f64, cy: f64, r: f64, obstacles: usize) -> PlanarOutlines {
    let obstacle = |k: usize| {
        let angle = k as f64 / obstacles as f64 * std::f64::consts::TAU;
        let (x, y) = (cx + 0.6 * r * libm::cos(angle), cy + 0.6 * r * libm::sin(angle));
        rect(x - 0.7, y - 0.7, x + 0.7, y + 0.7)
    };
    PlanarOutlines { regions: vec![region(star(n, cx, cy, r))], obstacles: (0..obstacles).map(obstacle).collect() }
}

/// godot #102464: an n×n grid of touching unit boxes as separate regions,
/// spanning tile borders, with a few boxes left out as obstacles.
pub fn touching_boxes(n: usize) -> PlanarOutlines {
    let mut outlines = PlanarOutlines::default();
    for j in 0..n {
        for i in 0..n {
            let (x, y) = (-2.0 + 1.5 * i as f64, 10.0 + 1.5 * j as f64);
            let square = rect(x, y, x + 1.5, y + 1.5);
            if (i * 7 + j * 3) % 11 == 5 {
                outlines.obstacles.push(square);
            } else {
                outlines.regions.push(region(square));
            }
        }
    }
    outlines
}

/// godot #70823: nested squares, alternately walkable region, hole and a
/// walkable island inside the hole, plus an obstacle ring touching it.
pub fn nested_squares() -> PlanarOutlines {
    let square = |c: f64, h: f64| rect(c - h, 20.0 - h, c + h, 20.0 + h);
    PlanarOutlines {
        regions: vec![
            PlanarRegion { outline: square(8.0, 14.0), holes: vec![square(8.0, 9.0)], ..Default::default() },
            PlanarRegion { outline: square(8.0, 6.0), holes: vec![square(8.0, 2.5)], ..Default::default() },
        ],
        obstacles: vec![square(8.0, 1.0), rect(22.0 - 3.0, 17.0, 22.0, 23.0)],
    }
}

/// Long collinear runs: outlines whose edges carry many points on one
/// line, and a hole whose edge runs along the outline's.
pub fn collinear_runs() -> PlanarOutlines {
    let mut outline = Vec::new();
    for i in 0..=40 {
        outline.push([-6.0 + i as f64 * 0.75, 6.0]);
    }
    for i in 1..=20 {
        outline.push([24.0, 6.0 + i as f64 * 1.25]);
    }
    for i in 1..=40 {
        outline.push([24.0 - i as f64 * 0.75, 31.0]);
    }
    for i in 1..20 {
        outline.push([-6.0, 31.0 - i as f64 * 1.25]);
    }
    let hole = rect(0.0, 6.0, 3.0, 9.0);
    PlanarOutlines {
        regions: vec![PlanarRegion { outline, holes: vec![hole], ..Default::default() }],
        obstacles: vec![rect(7.0, 12.0, 9.0, 20.0), rect(9.0, 12.0, 11.0, 20.0)],
    }
}

/// Spikes: narrow walkable wedges and needle obstacles, some across tile
/// borders.
pub fn spikes() -> PlanarOutlines {
    PlanarOutlines {
        regions: vec![
            region(vec![[-7.0, 5.0], [20.0, 6.0], [-7.0, 6.5]]),
            region(vec![[0.0, 10.0], [30.0, 10.0], [30.0, 30.0], [0.0, 30.0]]),
            region(vec![[7.9, 30.0], [8.1, 30.0], [8.0, 50.0]]),
        ],
        obstacles: vec![vec![[2.0, 12.0], [25.0, 19.9], [2.0, 12.3]], vec![[7.99, 21.0], [8.01, 21.0], [8.0, 29.0]]],
    }
}

/// Holes touching the outline and each other, across a tile border.
pub fn touching_holes() -> PlanarOutlines {
    PlanarOutlines {
        regions: vec![PlanarRegion {
            outline: rect(-8.0, 4.0, 24.0, 20.0),
            holes: vec![rect(-8.0, 8.0, -4.0, 12.0), rect(-4.0, 12.0, 8.0, 14.0), rect(8.0, 10.0, 12.0, 20.0)],
            area: Some(3),
            flags: Some(0x0004),
        }],
        obstacles: vec![rect(12.0, 10.0, 14.0, 12.0), rect(14.0, 12.0, 16.0, 14.0)],
    }
}

/// Regions of different area and flags overlapping (the later one wins).
pub fn overlapping_classes() -> PlanarOutlines {
    PlanarOutlines {
        regions: vec![
            PlanarRegion { outline: rect(-8.0, 4.0, 24.0, 36.0), area: Some(1), flags: Some(1), ..Default::default() },
            PlanarRegion { outline: rect(4.0, 10.0, 20.0, 26.0), area: Some(5), flags: Some(2), ..Default::default() },
            PlanarRegion { outline: rect(-2.0, 16.0, 9.0, 30.0), area: Some(1), flags: Some(1), ..Default::default() },
        ],
        obstacles: vec![rect(10.0, 18.0, 13.0, 21.0)],
    }
}

/// xorshift64*: the same sequence on every platform.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (self.next() >> 11) as f64 / (1u64 << 53) as f64 * (hi - lo)
    }
}

/// Seeded random boxes and triangles, walkable and obstacles, over a 2×2
/// tile area; coordinates are arbitrary doubles (they snap).
pub fn random_outlines(seed: u64) -> PlanarOutlines {
    let mut rng = Rng::new(seed);
    let mut outlines = PlanarOutlines::default();
    let shape = |rng: &mut Rng| -> PlanarRing {
        let (x, y) = (rng.range(-8.0, 22.0), rng.range(4.0, 34.0));
        if rng.next().is_multiple_of(2) {
            rect(x, y, x + rng.range(0.5, 12.0), y + rng.range(0.5, 12.0))
        } else {
            vec![
                [x, y],
                [x + rng.range(1.0, 12.0), y + rng.range(-3.0, 3.0)],
                [x + rng.range(-3.0, 3.0), y + rng.range(1.0, 12.0)],
            ]
        }
    };
    for _ in 0..1 + rng.next() % 5 {
        let outline = shape(&mut rng);
        outlines.regions.push(region(outline));
    }
    for _ in 0..rng.next() % 5 {
        let obstacle = shape(&mut rng);
        outlines.obstacles.push(obstacle);
    }
    outlines
}

/// The mesh built from `outlines`, after checking it against the offset
/// free space: every vertex is its lattice point unmoved, the polygons
/// cover the offset free space exactly once (the symmetric difference and
/// the overlap have zero integer area), every polygon keeps the agent
/// radius from every obstacle, and the portals on the two sides of each
/// tile border cover the same intervals.
pub fn check_exact(settings: &NavSettings, outlines: &PlanarOutlines) -> NavMesh {
    let mesh = NavMesh::build_planar(settings.clone(), outlines).unwrap();
    let (lattice, offset) = offset_free_space(settings, outlines).unwrap();
    let polygons = lattice_polygons(&mesh, &lattice);
    check_hand_over_moved_nothing(settings, outlines, &mesh, &lattice);
    let offset_rings: Vec<Vec<[i64; 2]>> = offset.iter().flatten().cloned().collect();
    let union = overlay(&polygons, &offset_rings, OverlayRule::Xor);
    assert_eq!(twice_area(&union), 0, "the polygons and the offset free space differ");
    let polygon_area: i128 = polygons.iter().map(|p| twice_area_ring(p)).sum();
    assert_eq!(polygon_area, twice_area(&offset_rings), "polygons overlap");
    check_clearance(settings, outlines, &lattice, &polygons);
    check_portals_meet(&mesh, &lattice);
    mesh
}

/// Every polygon of the mesh in global lattice units, counter-clockwise.
pub fn lattice_polygons(mesh: &NavMesh, lattice: &Lattice) -> Vec<Vec<[i64; 2]>> {
    let mut polygons = Vec::new();
    for (_, tile) in mesh.mesh().tiles() {
        for p in 0..tile.polygon_count() {
            polygons
                .push(tile.polygon_vertices(p).map(|v| to_lattice(lattice, tile.tile_x(), tile.tile_z(), v)).collect());
        }
    }
    polygons
}

/// A tile-local vertex as global lattice units; it must be a lattice point.
fn to_lattice(lattice: &Lattice, tile_x: i32, tile_z: i32, v: [f32; 3]) -> [i64; 2] {
    let scale = (1u64 << lattice.bits()) as f64;
    let units = |local: f32, tile: i32| {
        let scaled = f64::from(local) * scale;
        assert_eq!(scaled.fract(), 0.0, "vertex {local} is not on the lattice 2^-{}", lattice.bits());
        scaled as i64 + i64::from(tile) * lattice.tile_units()
    };
    [units(v[0], tile_x), units(v[2], tile_z)]
}

/// Each input vertex handed over equals its lattice point converted to
/// tile-local float32, bit for bit, in the built tile.
fn check_hand_over_moved_nothing(settings: &NavSettings, outlines: &PlanarOutlines, mesh: &NavMesh, lattice: &Lattice) {
    let scale = (1u64 << lattice.bits()) as f64;
    for input in planar_tile_inputs(settings, outlines).unwrap() {
        let (_, tile) = mesh.mesh().tile_at(input.tile_x, input.tile_z, 0).unwrap();
        let (origin_x, origin_z) = mesh.params().tile_origin(input.tile_x, input.tile_z);
        for (built, world) in tile.vertices().iter().zip(&input.vertices) {
            let scaled = [(world[0] - origin_x) * scale, (world[1] - origin_z) * scale];
            assert!(scaled.iter().all(|s| s.fract() == 0.0), "handed-over vertex {world:?} is not a lattice point");
            let units = scaled.map(|s| s as i64);
            let expected = [(units[0] as f64 / scale) as f32, (units[1] as f64 / scale) as f32];
            assert_eq!(f64::from(expected[0]) * scale, units[0] as f64, "lattice value not exact in f32");
            assert_eq!([built[0].to_bits(), built[2].to_bits()], [expected[0].to_bits(), expected[1].to_bits()]);
            assert_eq!(built[1].to_bits(), 0.0f32.to_bits());
        }
        assert_eq!(tile.vertices().len(), input.vertices.len());
    }
}

/// No polygon edge comes closer than the agent radius to an obstacle edge.
fn check_clearance(settings: &NavSettings, outlines: &PlanarOutlines, lattice: &Lattice, polygons: &[Vec<[i64; 2]>]) {
    let radius = f64::from(settings.agent_radius()) * (1u64 << lattice.bits()) as f64;
    assert_eq!(radius.fract(), 0.0, "test radii are whole spacings");
    let radius = radius as i128;
    let obstacles: Vec<Vec<[i64; 2]>> = outlines
        .obstacles
        .iter()
        .map(|ring| ring.iter().map(|&p| lattice.to_units("obstacle", p).unwrap()).collect())
        .collect();
    for polygon in polygons {
        for (a, b) in ring_edges(polygon) {
            for obstacle in &obstacles {
                for (c, d) in ring_edges(obstacle) {
                    let close = [(a, c, d), (b, c, d), (c, a, b), (d, a, b)]
                        .iter()
                        .any(|&(p, s, t)| !keeps_distance(p, s, t, radius));
                    assert!(!close, "polygon edge {a:?}-{b:?} within the radius of obstacle edge {c:?}-{d:?}");
                }
            }
        }
    }
}

/// Per tile border (vertical or horizontal, at a lattice coordinate), the
/// portals of the two sides meet: wherever one side's portals cover the
/// border and the other's do not, the other side has no free space there
/// (free space whose own boundary runs along the border leaves a wall on
/// the border, which the hand-over marks as a portal to nothing).
fn check_portals_meet(mesh: &NavMesh, lattice: &Lattice) {
    let t = lattice.tile_units();
    let mut sides: BTreeMap<Border, [Vec<(i64, i64)>; 2]> = BTreeMap::new();
    let mut tile_polygons: BTreeMap<(i64, i64), Vec<Vec<[i64; 2]>>> = BTreeMap::new();
    for (_, tile) in mesh.mesh().tiles() {
        let (tx, tz) = (i64::from(tile.tile_x()), i64::from(tile.tile_z()));
        let corner = |v: [f32; 3]| to_lattice(lattice, tile.tile_x(), tile.tile_z(), v);
        for p in 0..tile.polygon_count() {
            tile_polygons.entry((tx, tz)).or_default().push(tile.polygon_vertices(p).map(corner).collect());
        }
        for portal in tile.portal_edges() {
            let view = tile.polygon(portal.polygon as usize).unwrap();
            let k = usize::from(portal.edge);
            let a = corner(tile.vertices()[view.indices[k] as usize]);
            let b = corner(tile.vertices()[view.indices[(k + 1) % view.indices.len()] as usize]);
            let (key, from_low, along) = match portal.side {
                0 => ((true, (tx + 1) * t, tz), 0, (a[1], b[1])),
                2 => ((true, tx * t, tz), 1, (a[1], b[1])),
                1 => ((false, (tz + 1) * t, tx), 0, (a[0], b[0])),
                _ => ((false, tz * t, tx), 1, (a[0], b[0])),
            };
            sides.entry(key).or_default()[from_low].push((along.0.min(along.1), along.0.max(along.1)));
        }
    }
    let no_polygons = Vec::new();
    for (border, [low, high]) in sides {
        let (low, high) = (merged(low), merged(high));
        for (one, other, into_high) in [(&low, &high, true), (&high, &low, false)] {
            let (vertical, line, cell) = border;
            let across = line / t - if into_high { 0 } else { 1 };
            let tile = if vertical { (across, cell) } else { (cell, across) };
            for (lo, hi) in difference(one, other) {
                // The middle of the uncovered part, half a spacing across the
                // border, in doubled coordinates.
                let step = if into_high { 1 } else { -1 };
                let point = if vertical { [2 * line + step, lo + hi] } else { [lo + hi, 2 * line + step] };
                let inside =
                    tile_polygons.get(&tile).unwrap_or(&no_polygons).iter().any(|p| strictly_inside_doubled(p, point));
                assert!(!inside, "border {border:?}: free space across {lo}..{hi} has no portal");
            }
        }
    }
}

/// (vertical, line coordinate, tile index along the line).
type Border = (bool, i64, i64);

/// Parts of merged intervals `a` not covered by merged intervals `b`.
fn difference(a: &[(i64, i64)], b: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for &(lo, hi) in a {
        let mut start = lo;
        for &(blo, bhi) in b.iter().filter(|&&(blo, bhi)| bhi > lo && blo < hi) {
            if blo > start {
                out.push((start, blo));
            }
            start = start.max(bhi);
        }
        if start < hi {
            out.push((start, hi));
        }
    }
    out
}

/// True when the doubled point lies strictly inside the counter-clockwise
/// convex polygon (given in plain lattice units).
fn strictly_inside_doubled(polygon: &[[i64; 2]], point: [i64; 2]) -> bool {
    ring_edges(polygon).all(|(a, b)| {
        let (a, b) = ([2 * a[0], 2 * a[1]], [2 * b[0], 2 * b[1]]);
        let cross = i128::from(b[0] - a[0]) * i128::from(point[1] - a[1])
            - i128::from(b[1] - a[1]) * i128::from(point[0] - a[0]);
        cross > 0
    })
}

fn merged(mut intervals: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
    intervals.sort_unstable();
    let mut out: Vec<(i64, i64)> = Vec::new();
    for (lo, hi) in intervals {
        match out.last_mut() {
            Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

fn ring_edges(ring: &[[i64; 2]]) -> impl Iterator<Item = ([i64; 2], [i64; 2])> + '_ {
    (0..ring.len()).map(move |i| (ring[i], ring[(i + 1) % ring.len()]))
}

/// True when every point of segment ab is at least `radius` from p, with
/// no rounding (coordinates of the tests stay below 2^21).
fn keeps_distance(p: [i64; 2], a: [i64; 2], b: [i64; 2], radius: i128) -> bool {
    let (abx, aby) = (i128::from(b[0] - a[0]), i128::from(b[1] - a[1]));
    let (apx, apy) = (i128::from(p[0] - a[0]), i128::from(p[1] - a[1]));
    let along = abx * apx + aby * apy;
    let length2 = abx * abx + aby * aby;
    let far_from = |q: [i64; 2]| {
        let (dx, dy) = (i128::from(p[0] - q[0]), i128::from(p[1] - q[1]));
        dx * dx + dy * dy >= radius * radius
    };
    if along <= 0 || length2 == 0 {
        return far_from(a);
    }
    if along >= length2 {
        return far_from(b);
    }
    let across = abx * apy - aby * apx;
    across * across >= radius * radius * length2
}

/// `subject rule clip` with the non-zero rule, as flat rings.
pub fn overlay(subject: &[Vec<[i64; 2]>], clip: &[Vec<[i64; 2]>], rule: OverlayRule) -> Vec<Vec<[i64; 2]>> {
    let engine = |rings: &[Vec<[i64; 2]>]| -> Vec<Vec<IntPoint<i64>>> {
        rings.iter().map(|r| r.iter().map(|p| IntPoint::new(p[0], p[1])).collect()).collect()
    };
    Overlay::from_subj_and_clip(&engine(subject), &engine(clip))
        .overlay(rule, FillRule::NonZero)
        .into_iter()
        .flatten()
        .map(|ring| ring.into_iter().map(|p| [p.x, p.y]).collect())
        .collect()
}

pub fn twice_area_ring(ring: &[[i64; 2]]) -> i128 {
    ring_edges(ring).map(|(a, b)| i128::from(a[0]) * i128::from(b[1]) - i128::from(b[0]) * i128::from(a[1])).sum()
}

pub fn twice_area(rings: &[Vec<[i64; 2]>]) -> i128 {
    rings.iter().map(|r| twice_area_ring(r)).sum()
}
