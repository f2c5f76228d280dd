//! How much walkable surface two meshes on the same tile grid share.
//!
//! Method: every tile column is sampled on a regular X/Z grid of
//! `SAMPLES_PER_CELL`² points per cell (at sample centres, so no sample lies
//! on the cell lines that most polygon edges follow). At each sample, a
//! mesh's walkable heights are the heights of its polygons covering the
//! point (the polygon's fan triangle holding it, interpolated from the
//! polygon's vertices; edges count as inside), heights within WalkableClimb
//! of each other counted once, so a point on an edge shared by two polygons
//! is one floor while a bridge over a floor is two. A floor of one mesh
//! matches a floor of the other at the same sample when their heights are
//! within WalkableClimb (each floor matched at most once, in height order).
//! Intersection = matched floors, union = floors of either minus matched,
//! both times the sample's area; IoU = intersection / union.

use std::collections::BTreeSet;

use onav::TiledNavMesh;

/// Samples along each cell side: the area resolution is 1/16 cell.
const SAMPLES_PER_CELL: f64 = 4.0;
/// Barycentric slack, so points on an edge count as inside.
const INSIDE_SLACK: f64 = 1e-7;

#[derive(Debug, Clone, Copy, Default)]
pub struct Overlap {
    /// Walkable area of each mesh (world units²).
    pub area_a: f64,
    pub area_b: f64,
    pub intersection: f64,
    pub union: f64,
}

impl Overlap {
    pub fn iou(&self) -> f64 {
        self.intersection / self.union
    }
}

/// One floor at one sample: the sample's index in its column, world height.
type Floor = (usize, f64);

pub fn walkable_overlap(a: &TiledNavMesh, b: &TiledNavMesh) -> Result<Overlap, String> {
    let (pa, pb) = (a.params(), b.params());
    if (pa.origin_x, pa.origin_z, pa.tile_size) != (pb.origin_x, pb.origin_z, pb.tile_size) {
        return Err("the meshes' tile grids differ: origin or tile size".into());
    }
    let per_side = (pa.tile_size / pa.cell_size * SAMPLES_PER_CELL).round() as usize;
    let spacing = pa.tile_size / per_side as f64;
    let climb = pa.walkable_climb as f64;
    let columns: BTreeSet<(i32, i32)> = a.tiles().chain(b.tiles()).map(|(_, tile)| tile.column()).collect();
    let mut overlap = Overlap::default();
    let sample_area = spacing * spacing;
    for (x, z) in columns {
        let floors_a = column_floors(a, (x, z), per_side, spacing, climb);
        let floors_b = column_floors(b, (x, z), per_side, spacing, climb);
        let matched = matched_floors(&floors_a, &floors_b, climb);
        overlap.area_a += floors_a.len() as f64 * sample_area;
        overlap.area_b += floors_b.len() as f64 * sample_area;
        overlap.intersection += matched as f64 * sample_area;
        overlap.union += (floors_a.len() + floors_b.len() - matched) as f64 * sample_area;
    }
    Ok(overlap)
}

/// The floors of every tile in a column, sorted by sample then height, with
/// heights within `climb` of the previous kept one dropped.
fn column_floors(mesh: &TiledNavMesh, (x, z): (i32, i32), per_side: usize, spacing: f64, climb: f64) -> Vec<Floor> {
    let mut floors = Vec::new();
    for (_, tile) in mesh.column_tiles(x, z) {
        for p in 0..tile.polygon_count() {
            let corners: Vec<[f64; 3]> =
                tile.polygon_vertices(p).map(|v| [v[0] as f64, tile.origin_y() + v[1] as f64, v[2] as f64]).collect();
            polygon_floors(&corners, per_side, spacing, &mut floors);
        }
    }
    floors.sort_by(|l, r| l.0.cmp(&r.0).then(l.1.total_cmp(&r.1)));
    let mut kept: Vec<Floor> = Vec::with_capacity(floors.len());
    for floor in floors {
        match kept.last() {
            Some(&(sample, height)) if sample == floor.0 && floor.1 - height <= climb => {}
            _ => kept.push(floor),
        }
    }
    kept
}

/// The samples of the polygon's X/Z box that it covers, with its height there.
fn polygon_floors(corners: &[[f64; 3]], per_side: usize, spacing: f64, floors: &mut Vec<Floor>) {
    let range = |axis: usize| {
        let lo = corners.iter().map(|c| c[axis]).fold(f64::INFINITY, f64::min);
        let hi = corners.iter().map(|c| c[axis]).fold(f64::NEG_INFINITY, f64::max);
        let first = (lo / spacing - 0.5).ceil().max(0.0) as usize;
        let last = ((hi / spacing - 0.5).floor()).min(per_side as f64 - 1.0);
        (first, last)
    };
    let ((x0, x1), (z0, z1)) = (range(0), range(2));
    if x1 < 0.0 || z1 < 0.0 {
        return;
    }
    for j in z0..=z1 as usize {
        for i in x0..=x1 as usize {
            let point = [(i as f64 + 0.5) * spacing, (j as f64 + 0.5) * spacing];
            let height = (1..corners.len() - 1)
                .find_map(|k| height_in_triangle(point, [corners[0], corners[k], corners[k + 1]]));
            if let Some(height) = height {
                floors.push((j * per_side + i, height));
            }
        }
    }
}

/// The triangle's height at X/Z `point` if the point lies in it (either
/// winding), by barycentric interpolation.
fn height_in_triangle(point: [f64; 2], [a, b, c]: [[f64; 3]; 3]) -> Option<f64> {
    let det = (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]);
    if det.abs() < 1e-12 {
        return None;
    }
    let (px, pz) = (point[0], point[1]);
    let wa = ((b[0] - px) * (c[2] - pz) - (c[0] - px) * (b[2] - pz)) / det;
    let wb = ((c[0] - px) * (a[2] - pz) - (a[0] - px) * (c[2] - pz)) / det;
    let wc = 1.0 - wa - wb;
    (wa >= -INSIDE_SLACK && wb >= -INSIDE_SLACK && wc >= -INSIDE_SLACK).then(|| wa * a[1] + wb * b[1] + wc * c[1])
}

/// Floors of `a` and `b` at the same sample within `climb`, each used once,
/// walking both sorted lists.
fn matched_floors(a: &[Floor], b: &[Floor], climb: f64) -> usize {
    let (mut i, mut j, mut matched) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        let (fa, fb) = (a[i], b[j]);
        if fa.0 != fb.0 {
            if fa.0 < fb.0 {
                i += 1;
            } else {
                j += 1;
            }
        } else if (fa.1 - fb.1).abs() <= climb {
            matched += 1;
            i += 1;
            j += 1;
        } else if fa.1 < fb.1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    matched
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_inside_gets_the_interpolated_height_in_either_winding() {
        let t = [[0.0, 0.0, 0.0], [2.0, 2.0, 0.0], [0.0, 4.0, 2.0]];
        assert_eq!(height_in_triangle([0.5, 0.5], t), Some(1.5));
        assert_eq!(height_in_triangle([0.5, 0.5], [t[0], t[2], t[1]]), Some(1.5));
        assert_eq!(height_in_triangle([1.5, 1.5], t), None);
    }

    #[test]
    fn floors_match_within_climb_once_each() {
        let a = [(0, 0.0), (0, 5.0), (1, 0.0)];
        let b = [(0, 0.5), (1, 2.0), (2, 0.0)];
        assert_eq!(matched_floors(&a, &b, 0.9), 1);
        assert_eq!(matched_floors(&a, &a, 0.9), 3);
    }

    #[test]
    fn a_unit_square_covers_its_samples_once() {
        let square = [[0.0, 1.0, 0.0], [0.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 0.0]];
        let mut floors = Vec::new();
        polygon_floors(&square, 8, 0.25, &mut floors);
        assert_eq!(floors.len(), 16);
        assert!(floors.iter().all(|&(_, h)| h == 1.0));
    }
}
