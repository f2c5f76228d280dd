//! Clearance of the voxel builder's polygons against the input triangles
//! (issue 19): no polygon vertex closer to a blocking triangle at body
//! height than AgentRadius minus one cell, and none under a ceiling lower
//! than AgentHeight. Checked on both shared meshes and both partitions.

mod voxel_input;

use onav::{NavMesh, Partition, TriangleGeometry};
use voxel_input::{load_obj, settings};

/// World positions of every polygon vertex of the mesh.
fn polygon_points(mesh: &NavMesh) -> Vec<[f64; 3]> {
    let mut points = Vec::new();
    for (_, tile) in mesh.mesh().tiles() {
        let (x, z) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
        for p in 0..tile.polygon_count() {
            points.extend(
                tile.polygon_vertices(p).map(|v| [x + v[0] as f64, tile.origin_y() + v[1] as f64, z + v[2] as f64]),
            );
        }
    }
    points.sort_by(|a, b| {
        a.iter().zip(b).map(|(p, q)| p.total_cmp(q)).find(|o| o.is_ne()).unwrap_or(std::cmp::Ordering::Equal)
    });
    points.dedup();
    points
}

/// Steeper than 45 degrees, facing down, or degenerate: the triangles the
/// agent cannot stand on.
fn is_blocking(t: [[f64; 3]; 3]) -> bool {
    let e0 = [t[1][0] - t[0][0], t[1][1] - t[0][1], t[1][2] - t[0][2]];
    let e1 = [t[2][0] - t[0][0], t[2][1] - t[0][1], t[2][2] - t[0][2]];
    let n = [e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2], e0[0] * e1[1] - e0[1] * e1[0]];
    let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    !(length > 0.0 && n[1] > std::f64::consts::FRAC_1_SQRT_2 * length)
}

fn corners(geometry: &TriangleGeometry, t: usize) -> [[f64; 3]; 3] {
    geometry.triangles[t].map(|i| geometry.vertices[i as usize])
}

/// The part of a triangle with low <= y <= high (a convex polygon).
fn clip_to_band(t: [[f64; 3]; 3], low: f64, high: f64) -> Vec<[f64; 3]> {
    let clip = |points: Vec<[f64; 3]>, keep: &dyn Fn(f64) -> f64| -> Vec<[f64; 3]> {
        let mut out = Vec::new();
        for i in 0..points.len() {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            let (da, db) = (keep(a[1]), keep(b[1]));
            if da >= 0.0 {
                out.push(a);
            }
            if (da >= 0.0) != (db >= 0.0) {
                let s = da / (da - db);
                out.push([a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s, a[2] + (b[2] - a[2]) * s]);
            }
        }
        out
    };
    let above = clip(t.to_vec(), &|y| y - low);
    clip(above, &|y| high - y)
}

fn distance_to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
    let length = dx * dx + dz * dz;
    let t = if length > 0.0 { (((p[0] - a[0]) * dx + (p[1] - a[1]) * dz) / length).clamp(0.0, 1.0) } else { 0.0 };
    ((a[0] + t * dx - p[0]).powi(2) + (a[1] + t * dz - p[1]).powi(2)).sqrt()
}

/// Horizontal distance from `p` to the polygon `points` (0 inside).
fn horizontal_distance(p: [f64; 2], points: &[[f64; 3]]) -> f64 {
    let n = points.len();
    let flat: Vec<[f64; 2]> = points.iter().map(|q| [q[0], q[2]]).collect();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (flat[i], flat[(i + n - 1) % n]);
        if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0] {
            inside = !inside;
        }
    }
    if inside && n >= 3 {
        return 0.0;
    }
    (0..n).map(|i| distance_to_segment(p, flat[i], flat[(i + 1) % n])).fold(f64::INFINITY, f64::min)
}

#[test]
fn polygons_keep_the_agent_radius_from_walls_and_its_height_under_ceilings() {
    for name in ["nav_test.obj", "dungeon.obj"] {
        let geometry = load_obj(name);
        for partition in [Partition::Watershed, Partition::Monotone, Partition::Layers] {
            let settings = settings(partition);
            let mesh = NavMesh::build_3d(settings.clone(), &geometry).unwrap();
            let (radius, height, climb) =
                (settings.agent_radius() as f64, settings.agent_height() as f64, settings.walkable_climb() as f64);
            let (cell, cell_height) = (settings.cell_size(), settings.cell_height());
            let points = polygon_points(&mesh);
            assert!(!points.is_empty());
            for t in 0..geometry.triangles.len() {
                let triangle = corners(&geometry, t);
                for &p in &points {
                    // The body from a step above the floor to a cell below the head.
                    let (low, high) = (p[1] + climb + cell_height, p[1] + height - cell_height);
                    let band = clip_to_band(triangle, low, high);
                    if band.is_empty() {
                        continue;
                    }
                    let distance = horizontal_distance([p[0], p[2]], &band);
                    if is_blocking(triangle) {
                        assert!(
                            distance >= radius - cell - 1e-4,
                            "{name} {partition:?}: polygon point {p:?} is {distance} from blocking triangle {t}"
                        );
                    } else {
                        assert!(distance > 0.0, "{name} {partition:?}: polygon point {p:?} under triangle {t}");
                    }
                }
            }
        }
    }
}
