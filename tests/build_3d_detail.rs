//! The voxel builder's detail meshes (issue 19): every polygon of every
//! built tile has one that covers it exactly with its boundary edges
//! flagged, that keeps within DetailMaxError of the level's surface at the
//! interior sample grid, and that `poly_height` reads; a sample distance of
//! 0 (or below 0.9 CellSize, as Recast) gives the polygon's plain
//! triangulation.

mod voxel_input;

use onav::{NavMesh, NavMeshQuery, NavSettings, NavTile, Partition, TriangleGeometry};
use voxel_input::{load_obj, settings};

const MESHES: [&str; 2] = ["nav_test.obj", "dungeon.obj"];
const PARTITIONS: [Partition; 2] = [Partition::Watershed, Partition::Monotone];

fn widen(v: [f32; 3]) -> [f64; 3] {
    v.map(f64::from)
}

/// Doubled signed X/Z area of (a, b, c): positive counter-clockwise.
fn twice_area(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> f64 {
    (b[0] - a[0]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[0] - a[0])
}

fn distance_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((b[0] - a[0]) * (b[0] - a[0]) + (b[2] - a[2]) * (b[2] - a[2])).sqrt()
}

/// X/Z distance from `p` to segment a–b.
fn distance_to_segment_xz(p: [f64; 3], a: [f64; 3], b: [f64; 3]) -> f64 {
    let (ex, ez) = (b[0] - a[0], b[2] - a[2]);
    let length_squared = ex * ex + ez * ez;
    let t = if length_squared > 0.0 {
        (((p[0] - a[0]) * ex + (p[2] - a[2]) * ez) / length_squared).clamp(0.0, 1.0)
    } else {
        0.0
    };
    distance_xz(p, [a[0] + ex * t, 0.0, a[2] + ez * t])
}

/// One polygon of a tile with its detail triangles, tile-local.
struct PolygonDetail {
    corners: Vec<[f64; 3]>,
    /// Corners and edge flags of each detail triangle.
    triangles: Vec<([[f64; 3]; 3], u8)>,
    detail_vertices: Vec<[f64; 3]>,
}

impl PolygonDetail {
    /// Polygon `p` of `tile`; its detail mesh must exist.
    fn of(tile: &NavTile, p: usize) -> PolygonDetail {
        let polygon = tile.polygon(p).unwrap();
        let corners: Vec<[f64; 3]> = polygon.indices.iter().map(|&i| widen(tile.vertices()[i as usize])).collect();
        let data = tile.data();
        let mesh = data.detail_meshes[p];
        let detail_vertices: Vec<[f64; 3]> = data.detail_vertices
            [mesh.vertex_base as usize..(mesh.vertex_base + mesh.vertex_count) as usize]
            .iter()
            .map(|&v| widen(v))
            .collect();
        let point = |i: u8| {
            let i = i as usize;
            if i < corners.len() {
                corners[i]
            } else {
                detail_vertices[i - corners.len()]
            }
        };
        let triangles = data.detail_triangles
            [mesh.triangle_base as usize..(mesh.triangle_base + mesh.triangle_count) as usize]
            .iter()
            .map(|t| (t.indices.map(point), t.edge_flags))
            .collect();
        PolygonDetail { corners, triangles, detail_vertices }
    }

    fn area(&self) -> f64 {
        let n = self.corners.len();
        (1..n - 1).map(|k| twice_area(self.corners[0], self.corners[k], self.corners[k + 1]) / 2.0).sum()
    }

    fn perimeter(&self) -> f64 {
        let n = self.corners.len();
        (0..n).map(|k| distance_xz(self.corners[k], self.corners[(k + 1) % n])).sum()
    }

    /// Distance in X/Z from `p` to the polygon's nearest edge.
    fn distance_to_boundary(&self, p: [f64; 3]) -> f64 {
        let n = self.corners.len();
        (0..n)
            .map(|k| distance_to_segment_xz(p, self.corners[k], self.corners[(k + 1) % n]))
            .fold(f64::INFINITY, f64::min)
    }

    fn contains_xz(&self, p: [f64; 3]) -> bool {
        let n = self.corners.len();
        (0..n).all(|k| twice_area(self.corners[k], self.corners[(k + 1) % n], p) > 0.0)
    }

    /// The detail surface's height at `p` (the first triangle holding it).
    fn height_at(&self, p: [f64; 3]) -> Option<f64> {
        self.triangles.iter().find_map(|&([a, b, c], _)| plane_height([a, b, c], p))
    }

    /// The plain fan's height at `p` (corner 0, k, k + 1).
    fn fan_height(&self, p: [f64; 3]) -> Option<f64> {
        let n = self.corners.len();
        (1..n - 1).find_map(|k| plane_height([self.corners[0], self.corners[k], self.corners[k + 1]], p))
    }
}

/// Height of the triangle's plane at `p` when `p` lies in it (X/Z).
fn plane_height([a, b, c]: [[f64; 3]; 3], p: [f64; 3]) -> Option<f64> {
    let (wa, wb, wc) = (twice_area(b, c, p), twice_area(c, a, p), twice_area(a, b, p));
    let sum = wa + wb + wc;
    let inside = (wa >= 0.0 && wb >= 0.0 && wc >= 0.0) || (wa <= 0.0 && wb <= 0.0 && wc <= 0.0);
    (inside && sum != 0.0).then(|| (wa * a[1] + wb * b[1] + wc * c[1]) / sum)
}

fn every_polygon(mesh: &NavMesh) -> impl Iterator<Item = (&NavTile, usize)> + '_ {
    mesh.mesh().tiles().flat_map(|(_, tile)| (0..tile.polygon_count()).map(move |p| (tile.as_ref(), p)))
}

/// Float tolerance of tile-local f32 values (up to one tile, 14.4).
const EPSILON: f64 = 1e-4;

/// The triangles are counter-clockwise, their areas add up to the
/// polygon's (so they neither overlap nor leave a gap), and their flagged
/// edges lie on the polygon's boundary and add up to its perimeter.
fn assert_covers_exactly(name: &str, detail: &PolygonDetail) {
    let area = detail.area();
    let signed: f64 = detail.triangles.iter().map(|&([a, b, c], _)| twice_area(a, b, c) / 2.0).sum();
    let absolute: f64 = detail.triangles.iter().map(|&([a, b, c], _)| (twice_area(a, b, c) / 2.0).abs()).sum();
    assert!((signed - area).abs() <= EPSILON * area.max(1.0), "{name}: detail area {signed}, polygon {area}");
    assert!((absolute - area).abs() <= EPSILON * area.max(1.0), "{name}: |detail area| {absolute}, polygon {area}");
    let mut flagged = 0.0;
    for &(corners, flags) in &detail.triangles {
        for k in (0..3).filter(|k| flags & (1 << k) != 0) {
            let (a, b) = (corners[k], corners[(k + 1) % 3]);
            let n = detail.corners.len();
            let on_one_edge = (0..n).any(|e| {
                let (p, q) = (detail.corners[e], detail.corners[(e + 1) % n]);
                distance_to_segment_xz(a, p, q) <= EPSILON && distance_to_segment_xz(b, p, q) <= EPSILON
            });
            assert!(on_one_edge, "{name}: flagged edge {a:?}–{b:?} is not on the polygon boundary");
            flagged += distance_xz(a, b);
        }
        assert_eq!(flags & !0b111, 0, "{name}: flags beyond bits 0..2");
    }
    let perimeter = detail.perimeter();
    assert!(
        (flagged - perimeter).abs() <= EPSILON * perimeter,
        "{name}: flagged length {flagged}, perimeter {perimeter}"
    );
}

#[test]
fn every_polygon_has_a_detail_mesh_that_covers_it_exactly() {
    for name in MESHES {
        let geometry = load_obj(name);
        for partition in PARTITIONS {
            let mesh = NavMesh::build_3d(settings(partition), &geometry).unwrap();
            let mut detail_vertices = 0;
            for (_, tile) in mesh.mesh().tiles() {
                assert_eq!(tile.detail_meshes().len(), tile.polygon_count(), "{name}: one detail mesh per polygon");
                NavTile::create(mesh.params(), tile.data().to_data()).unwrap();
                detail_vertices += tile.data().detail_vertices.len();
            }
            for (tile, p) in every_polygon(&mesh) {
                let label = format!("{name} {partition:?} tile ({}, {}) polygon {p}", tile.tile_x(), tile.tile_z());
                assert_covers_exactly(&label, &PolygonDetail::of(tile, p));
            }
            assert!(detail_vertices > 0, "{name}: no detail vertex anywhere, the level's slopes need some");
        }
    }
}

/// Walkable input triangles (world coordinates) bucketed by X/Z cells, to
/// find the level's surface heights under a point.
struct Surface {
    triangles: Vec<[[f64; 3]; 3]>,
    buckets: std::collections::BTreeMap<(i64, i64), Vec<usize>>,
}

const BUCKET: f64 = 2.0;

impl Surface {
    fn new(geometry: &TriangleGeometry, max_slope_degrees: f64) -> Surface {
        let cos = (max_slope_degrees * std::f64::consts::PI / 180.0).cos();
        let mut surface = Surface { triangles: Vec::new(), buckets: Default::default() };
        for t in &geometry.triangles {
            let [a, b, c] = t.map(|i| geometry.vertices[i as usize]);
            let (e0, e1) = ([b[0] - a[0], b[1] - a[1], b[2] - a[2]], [c[0] - a[0], c[1] - a[1], c[2] - a[2]]);
            let normal = [e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2], e0[0] * e1[1] - e0[1] * e1[0]];
            let length = (normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]).sqrt();
            if !(length > 0.0 && normal[1] > cos * length) {
                continue;
            }
            let index = surface.triangles.len();
            surface.triangles.push([a, b, c]);
            let cell = |v: f64| (v / BUCKET).floor() as i64;
            let (x0, x1) = (cell(a[0].min(b[0]).min(c[0])), cell(a[0].max(b[0]).max(c[0])));
            let (z0, z1) = (cell(a[2].min(b[2]).min(c[2])), cell(a[2].max(b[2]).max(c[2])));
            for z in z0..=z1 {
                for x in x0..=x1 {
                    surface.buckets.entry((x, z)).or_default().push(index);
                }
            }
        }
        surface
    }

    /// The distance from height `y` to the nearest input surface straight
    /// above or below (x, z); `None` when no walkable triangle is there.
    fn vertical_distance(&self, p: [f64; 3]) -> Option<f64> {
        let key = ((p[0] / BUCKET).floor() as i64, (p[2] / BUCKET).floor() as i64);
        self.buckets
            .get(&key)?
            .iter()
            .filter_map(|&t| plane_height(self.triangles[t], p))
            .map(|h| (h - p[1]).abs())
            .fold(None, |best: Option<f64>, d| Some(best.map_or(d, |b| b.min(d))))
    }
}

/// The interior sample grid as Recast users know it: tile-local multiples
/// of DetailSampleDistance inside the polygon, further than half of it
/// from every edge, in polygons at least twice that wide.
fn sample_grid(detail: &PolygonDetail, distance: f64) -> Vec<[f64; 3]> {
    let n = detail.corners.len();
    let min_extent = (0..n)
        .map(|k| {
            let (a, b) = (detail.corners[k], detail.corners[(k + 1) % n]);
            detail.corners.iter().map(|&c| distance_to_segment_xz(c, a, b)).fold(0.0, f64::max)
        })
        .fold(f64::INFINITY, f64::min);
    if min_extent < 2.0 * distance {
        return Vec::new();
    }
    let low = |axis: usize| detail.corners.iter().map(|c| c[axis]).fold(f64::INFINITY, f64::min);
    let high = |axis: usize| detail.corners.iter().map(|c| c[axis]).fold(f64::NEG_INFINITY, f64::max);
    let mut grid = Vec::new();
    for iz in (low(2) / distance).floor() as i64..=(high(2) / distance).ceil() as i64 {
        for ix in (low(0) / distance).floor() as i64..=(high(0) / distance).ceil() as i64 {
            let p = [ix as f64 * distance, 0.0, iz as f64 * distance];
            // A margin keeps points whose f32/f64 distance is a rounding
            // from half the distance out of the comparison.
            if detail.contains_xz(p) && detail.distance_to_boundary(p) > distance / 2.0 + EPSILON {
                grid.push(p);
            }
        }
    }
    grid
}

/// The largest vertical distance between the detail surface and the input
/// surface at the interior sample grid of every polygon of `mesh`, and the
/// number of points measured.
fn largest_surface_error(mesh: &NavMesh, surface: &Surface, settings: &NavSettings) -> (f64, usize) {
    let (mut largest, mut count) = (0.0f64, 0);
    for (tile, p) in every_polygon(mesh) {
        let detail = PolygonDetail::of(tile, p);
        let (ox, oz) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
        for point in sample_grid(&detail, settings.detail_sample_distance()) {
            let local_y = detail.height_at(point).unwrap_or_else(|| panic!("no detail triangle holds {point:?}"));
            let world = [ox + point[0], tile.origin_y() + local_y, oz + point[2]];
            if let Some(d) = surface.vertical_distance(world) {
                largest = largest.max(d);
                count += 1;
            }
        }
    }
    (largest, count)
}

/// The heightfield's floor is the top of its span: up to one CellHeight
/// above the highest input point of the cell, which on a slope of at most
/// AgentMaxSlope (45 degrees here) lies up to a cell diagonal's rise
/// (CellSize·√2) above the surface at the sample's own position.
fn voxel_tolerance(settings: &NavSettings) -> f64 {
    settings.cell_height() + settings.cell_size() * std::f64::consts::SQRT_2
}

#[test]
fn the_detail_surface_keeps_within_the_max_error_of_the_level_at_the_sample_grid() {
    for name in MESHES {
        let geometry = load_obj(name);
        let settings = settings(Partition::Watershed);
        assert_eq!(settings.agent_max_slope(), 45.0, "voxel_tolerance assumes slopes of at most 45 degrees");
        let surface = Surface::new(&geometry, settings.agent_max_slope() as f64);
        let bound = settings.detail_max_error() + voxel_tolerance(&settings);
        let (largest, count) =
            largest_surface_error(&NavMesh::build_3d(settings.clone(), &geometry).unwrap(), &surface, &settings);
        assert!(count > 0, "{name}: no sample point measured");
        assert!(largest <= bound, "{name}: detail surface {largest} from the level at a sample point, bound {bound}");
        println!("{name}: detail surface within {largest} of the level at {count} sample points (bound {bound})");
    }
}

#[test]
fn poly_height_follows_the_detail_surface_between_the_polygon_corners() {
    for name in MESHES {
        let mesh = NavMesh::build_3d(settings(Partition::Watershed), &load_obj(name)).unwrap();
        let query = NavMeshQuery::new(mesh.mesh(), 64).unwrap();
        let mut off_the_fan = 0;
        for (tile_ref, tile) in mesh.mesh().tiles() {
            let (ox, oz) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
            for p in 0..tile.polygon_count() {
                let detail = PolygonDetail::of(tile, p);
                let poly = tile_ref.polygon(p as u32).unwrap();
                for &([a, b, c], _) in &detail.triangles {
                    // The centroid lies inside this triangle only, at the
                    // mean of its corner heights.
                    let centroid = [(a[0] + b[0] + c[0]) / 3.0, 0.0, (a[2] + b[2] + c[2]) / 3.0];
                    let expected = tile.origin_y() + (a[1] + b[1] + c[1]) / 3.0;
                    let height = query.poly_height(poly, [ox + centroid[0], 0.0, oz + centroid[2]]).unwrap();
                    let height = height.unwrap_or_else(|| {
                        panic!(
                            "{name}: centroid {centroid:?} of {:?} outside its polygon {:?}",
                            [a, b, c],
                            detail.corners
                        )
                    });
                    assert!(
                        (height - expected).abs() <= EPSILON,
                        "{name}: poly_height {height}, detail surface {expected}"
                    );
                    let fan = detail.fan_height(centroid).map(|h| tile.origin_y() + h);
                    if fan.is_some_and(|f| (f - expected).abs() > 0.1) {
                        off_the_fan += 1;
                    }
                }
                // Edge points may round a hair outside the polygon.
                for &v in detail.detail_vertices.iter().filter(|&&v| detail.distance_to_boundary(v) > EPSILON) {
                    let height = query.poly_height(poly, [ox + v[0], 0.0, oz + v[2]]).unwrap().unwrap();
                    assert!((height - (tile.origin_y() + v[1])).abs() <= EPSILON, "{name}: at detail vertex {v:?}");
                }
            }
        }
        assert!(off_the_fan > 0, "{name}: the detail surface never leaves the polygons' fans; the test proves nothing");
    }
}

#[test]
fn a_sample_distance_of_zero_gives_the_plain_triangulation() {
    for name in MESHES {
        let geometry = load_obj(name);
        let mut plain = settings(Partition::Watershed);
        plain.set_detail_sample_distance(0.0).unwrap();
        let mesh = NavMesh::build_3d(plain.clone(), &geometry).unwrap();
        for (tile, p) in every_polygon(&mesh) {
            let record = tile.detail_meshes()[p];
            let n = tile.polygon(p).unwrap().indices.len() as u32;
            assert_eq!(
                (record.vertex_count, record.triangle_count),
                (0, n - 2),
                "{name}: corners only, n - 2 triangles"
            );
            assert_covers_exactly(name, &PolygonDetail::of(tile, p));
        }
        // Below 0.9 CellSize sampling is off as well (Recast's rule).
        let mut fine = plain.clone();
        fine.set_detail_sample_distance(0.85 * plain.cell_size()).unwrap();
        let fine = NavMesh::build_3d(fine, &geometry).unwrap();
        let data = |m: &NavMesh| m.mesh().tiles().map(|(_, t)| t.data().to_data()).collect::<Vec<_>>();
        assert_eq!(data(&fine), data(&mesh), "{name}: a sample distance below 0.9 CellSize");
    }
}

#[test]
fn the_plain_triangulation_misses_the_level_where_the_detail_mesh_does_not() {
    // The error bound above is not met without detail: it can fail.
    let geometry = load_obj("nav_test.obj");
    let detailed = settings(Partition::Watershed);
    let mut plain = detailed.clone();
    plain.set_detail_sample_distance(0.0).unwrap();
    let surface = Surface::new(&geometry, detailed.agent_max_slope() as f64);
    let bound = detailed.detail_max_error() + voxel_tolerance(&detailed);
    let mesh = NavMesh::build_3d(plain, &geometry).unwrap();
    let (largest, _) = largest_surface_error(&mesh, &surface, &detailed);
    assert!(largest > bound, "plain triangulation within {largest} of the level, bound {bound}");
}

/// A portal edge with the detail vertices on it: the interval along the
/// boundary (tile-local f32, the same frame for both tiles of a border),
/// the world heights at its ends, and its detail vertices as (u, world y)
/// in order along the boundary.
struct PortalDetail {
    lo: f32,
    hi: f32,
    ends: [f64; 2],
    points: Vec<(f32, f64)>,
}

/// The portal edges of `tile` on `side` with their detail vertices (those
/// lying bitwise on the boundary line inside the edge's interval).
fn portal_details(tile: &NavTile, side: u8, tile_size: f32) -> Vec<PortalDetail> {
    let (axis, along) = if side.is_multiple_of(2) { (0, 2) } else { (2, 0) };
    let boundary = if side < 2 { tile_size } else { 0.0 };
    let mut portals = Vec::new();
    for portal in tile.portal_edges().filter(|p| p.side == side) {
        let polygon = tile.polygon(portal.polygon as usize).unwrap();
        let k = portal.edge as usize;
        let [a, b] =
            [polygon.indices[k], polygon.indices[(k + 1) % polygon.indices.len()]].map(|i| tile.vertices()[i as usize]);
        let (a, b) = if a[along] <= b[along] { (a, b) } else { (b, a) };
        let record = tile.detail_meshes()[portal.polygon as usize];
        let vertices = &tile.data().detail_vertices[record.vertex_base as usize..][..record.vertex_count as usize];
        let mut points: Vec<(f32, f64)> = vertices
            .iter()
            .filter(|v| v[axis].to_bits() == boundary.to_bits() && v[along] > a[along] && v[along] < b[along])
            .map(|v| (v[along], tile.origin_y() + v[1] as f64))
            .collect();
        points.sort_by(|p, q| p.0.total_cmp(&q.0));
        let ends = [tile.origin_y() + a[1] as f64, tile.origin_y() + b[1] as f64];
        portals.push(PortalDetail { lo: a[along], hi: b[along], ends, points });
    }
    portals
}

#[test]
fn both_tiles_of_a_border_put_the_same_detail_vertices_on_a_shared_portal_edge() {
    for name in MESHES {
        let geometry = load_obj(name);
        for partition in PARTITIONS {
            let mesh = NavMesh::build_3d(settings(partition), &geometry).unwrap();
            let tile_size = mesh.params().tile_size as f32;
            let (mut shared, mut with_points) = (0, 0);
            for (_, tile) in mesh.mesh().tiles() {
                for (side, dx, dz) in [(0u8, 1, 0), (1u8, 0, 1)] {
                    let facing: Vec<PortalDetail> = mesh
                        .mesh()
                        .column_tiles(tile.tile_x() + dx, tile.tile_z() + dz)
                        .flat_map(|(_, other)| portal_details(other, side ^ 2, tile_size))
                        .collect();
                    for mine in portal_details(tile, side, tile_size) {
                        let same_edge = |other: &&PortalDetail| {
                            (other.lo, other.hi) == (mine.lo, mine.hi)
                                && (0..2).all(|e| (other.ends[e] - mine.ends[e]).abs() <= EPSILON)
                        };
                        let Some(other) = facing.iter().find(same_edge) else { continue };
                        shared += 1;
                        with_points += usize::from(!mine.points.is_empty());
                        let label =
                            format!("{name} {partition:?} tile ({}, {}) side {side}", tile.tile_x(), tile.tile_z());
                        assert_eq!(mine.points.len(), other.points.len(), "{label}: detail vertices on the edge");
                        for (p, q) in mine.points.iter().zip(&other.points) {
                            assert_eq!(p.0.to_bits(), q.0.to_bits(), "{label}: position along the border");
                            assert!((p.1 - q.1).abs() <= EPSILON, "{label}: heights {} and {}", p.1, q.1);
                        }
                    }
                }
            }
            assert!(shared > 0 && with_points > 0, "{name}: {shared} shared portal edges, {with_points} with detail");
            println!("{name} {partition:?}: {shared} shared portal edges, {with_points} with detail vertices");
        }
    }
}
