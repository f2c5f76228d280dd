//! The detail mesh (Recast's `rcBuildPolyMeshDetail`): per polygon, a
//! triangulation that follows the heightfield more closely than the
//! polygon's flat fan. The polygon's hull gets the edge points the
//! heightfield asks for, is triangulated (Delaunay), and interior grid
//! samples are added greedily, the one furthest from the surface first,
//! while any lies more than DetailMaxError above or below it. With
//! DetailSampleDistance 0 the detail mesh is the polygon's own
//! triangulation at its corner heights.
//!
//! Detail heights are floor heights in whole cells like the polygon's
//! corners (no extra cell on top, as Recast adds to its detail vertices),
//! so a flat floor has a flat detail mesh at its polygon's height.

use crate::tile::tile_data::{DetailMesh, DetailTriangle, NavTileData};

use super::cell_settings::CellSettings;
use super::compact_heightfield::CompactHeightfield;
use super::detail_heights::HeightPatch;
use super::detail_samples::{edge_points, interior_samples};
use super::detail_triangulation::{Triangulation, HULL};

/// Most points (corners and detail vertices) of one polygon's detail mesh:
/// the triangles name them by u8.
const MAX_POINTS: usize = 256;

/// What the detail stage samples: the tile's walkable floors and their
/// final regions.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DetailSource<'a> {
    pub field: &'a CompactHeightfield,
    pub regions: &'a [u32],
}

/// The detail arrays of one tile, vertices still in tile-local cells.
#[derive(Debug, Clone, Default)]
pub(crate) struct DetailMeshes {
    pub meshes: Vec<DetailMesh>,
    pub vertices: Vec<[f64; 3]>,
    pub triangles: Vec<DetailTriangle>,
}

/// The detail meshes of every polygon of `data` (counter-clockwise, over
/// the vertices whose cells are `cells`); polygon p came from region
/// `regions[p]`.
pub(crate) fn build_detail_meshes(
    source: &DetailSource<'_>,
    settings: &CellSettings,
    cells: &[[i64; 3]],
    regions: &[u32],
    data: &NavTileData,
) -> DetailMeshes {
    let mut detail = DetailMeshes::default();
    let mut start = 0;
    for (polygon, &region) in data.polygons.iter().zip(regions) {
        let indices = &data.indices[start..start + polygon.vertex_count as usize];
        start += indices.len();
        let corners: Vec<[i64; 3]> = indices.iter().map(|&i| cells[i as usize]).collect();
        let patch = HeightPatch::new(source.field, source.regions, region, &corners);
        let (points, triangulation) = polygon_detail(&corners, &patch, settings);
        detail.meshes.push(DetailMesh {
            vertex_base: detail.vertices.len() as u32,
            vertex_count: (points.len() - corners.len()) as u32,
            triangle_base: detail.triangles.len() as u32,
            triangle_count: triangulation.triangles.len() as u32,
        });
        detail.vertices.extend_from_slice(&points[corners.len()..]);
        detail.triangles.extend(triangulation.triangles.iter().zip(&triangulation.neighbours).map(
            |(triangle, neighbours)| DetailTriangle {
                indices: triangle.map(|i| i as u8),
                edge_flags: (0..3).filter(|&k| neighbours[k] == HULL).map(|k| 1u8 << k).sum(),
            },
        ));
    }
    detail
}

/// The points (the corners first) and triangulation of one polygon.
fn polygon_detail(
    corners: &[[i64; 3]],
    patch: &HeightPatch,
    settings: &CellSettings,
) -> (Vec<[f64; 3]>, Triangulation) {
    let mut points: Vec<[f64; 3]> = corners.iter().map(|c| c.map(|v| v as f64)).collect();
    let n = corners.len();
    let sampling = settings.detail_sample_distance > 0.0;
    let mut hull: Vec<u32> = Vec::with_capacity(n);
    for k in 0..n {
        hull.push(k as u32);
        if sampling {
            for point in edge_points(points[k], points[(k + 1) % n], patch, settings) {
                hull.push(points.len() as u32);
                points.push(point);
            }
        }
    }
    let mut triangulation = Triangulation::of_hull(&points, &hull);
    if sampling {
        let samples = interior_samples(&points[..n], patch, settings);
        add_samples(&mut points, &mut triangulation, &samples, settings);
    }
    (points, triangulation)
}

/// A sample's triangle and its vertical distance (world units) to the
/// detail surface; `None` when no triangle holds it.
type Fit = Option<(usize, f64)>;

/// Greedy insertion: the sample furthest from the surface (the first among
/// equals) joins the triangulation while that distance exceeds
/// DetailMaxError and the polygon has room for another point. Only the
/// samples over triangles the insertion changed are measured again.
fn add_samples(
    points: &mut Vec<[f64; 3]>,
    triangulation: &mut Triangulation,
    samples: &[[f64; 3]],
    settings: &CellSettings,
) {
    let all: Vec<u32> = (0..triangulation.triangles.len() as u32).collect();
    let mut fits: Vec<Fit> = samples.iter().map(|&s| fit(points, triangulation, &all, s, settings)).collect();
    while points.len() < MAX_POINTS {
        let mut worst: Option<(usize, f64)> = None;
        for (i, f) in fits.iter().enumerate() {
            if let Some((_, error)) = f {
                if worst.is_none_or(|(_, e)| *error > e) {
                    worst = Some((i, *error));
                }
            }
        }
        let Some((i, error)) = worst else { return };
        if error <= settings.detail_max_error {
            return;
        }
        fits[i] = None;
        points.push(samples[i]);
        if !triangulation.insert(points, points.len() as u32 - 1) {
            points.pop();
            continue;
        }
        let touched = triangulation.take_touched();
        let mut changed = vec![false; triangulation.triangles.len()];
        for &t in &touched {
            changed[t as usize] = true;
        }
        for (f, &sample) in fits.iter_mut().zip(samples) {
            if let Some((t, _)) = *f {
                if changed[t] {
                    *f = fit(points, triangulation, &touched, sample, settings);
                }
            }
        }
    }
}

/// The first of `candidates` holding `sample` in X/Z, with the sample's
/// vertical distance to that triangle's plane in world units.
fn fit(
    points: &[[f64; 3]],
    triangulation: &Triangulation,
    candidates: &[u32],
    sample: [f64; 3],
    settings: &CellSettings,
) -> Fit {
    let t = candidates.iter().map(|&t| t as usize).find(|&t| triangulation.contains(points, t, sample))?;
    let [a, b, c] = triangulation.triangles[t].map(|v| points[v as usize]);
    let (wa, wb, wc) = (twice_area(b, c, sample), twice_area(c, a, sample), twice_area(a, b, sample));
    let sum = wa + wb + wc;
    if sum <= 0.0 {
        return None;
    }
    let height = (wa * a[1] + wb * b[1] + wc * c[1]) / sum;
    Some((t, (sample[1] - height).abs() * settings.cell_height))
}

/// Doubled signed X/Z area of (a, b, p).
fn twice_area(a: [f64; 3], b: [f64; 3], p: [f64; 3]) -> f64 {
    (b[0] - a[0]) * (p[2] - a[2]) - (b[2] - a[2]) * (p[0] - a[0])
}

#[cfg(test)]
mod tests {
    //! The greedy criterion against the heightfield itself: a one-region
    //! floor with a bump, one square polygon over it.

    use super::*;
    use crate::build::voxel::detail_samples::interior_samples;
    use crate::build::voxel::heightfield::SKY;
    use crate::build::voxel::span_filters::DIRECTIONS;
    use crate::tile::tile_data::Polygon;
    use crate::world::nav_settings::NavSettings;

    /// Cells of 1 x 0.1 on a 16-cell tile, detail samples every 2 cells,
    /// 0.3 (3 cell heights) of error allowed.
    fn cell_settings(sample_distance: f64) -> CellSettings {
        let mut settings = NavSettings::default();
        settings.set_tile_size(16.0).unwrap().set_cell_size(1.0).unwrap().set_cell_height(0.1).unwrap();
        settings.set_agent_radius(0.0).unwrap().set_detail_sample_distance(sample_distance).unwrap();
        settings.set_detail_max_error(0.3).unwrap();
        CellSettings::new(&settings).unwrap()
    }

    /// Floor height in cells at tile-local cell (x, z): a pyramid of 40
    /// cells (4 world units) centred on the tile, flat at 10 elsewhere.
    fn floor(x: i64, z: i64) -> u32 {
        (10 + 40 - 5 * ((x - 8).abs() + (z - 8).abs())).max(10) as u32
    }

    /// One walkable floor per column of the tile and its border, all of
    /// region 1 and all connected.
    fn bumpy_field(settings: &CellSettings) -> CompactHeightfield {
        let (width, border) = (settings.heightfield_cells(), settings.border);
        let mut field = CompactHeightfield { width, border, ..Default::default() };
        for column in 0..width * width {
            let (x, z) = ((column % width) as i64 - border as i64, (column / width) as i64 - border as i64);
            field.column_starts.push(column);
            field.floor.push(floor(x, z));
            field.clearance.push(SKY);
            field.area.push(1);
        }
        field.column_starts.push(width * width);
        field.neighbours = (0..width * width)
            .map(|c| {
                let (x, z) = (c % width, c / width);
                DIRECTIONS.map(|(dx, dz)| match (x.checked_add_signed(dx), z.checked_add_signed(dz)) {
                    (Some(nx), Some(nz)) if nx < width && nz < width => (nz * width + nx) as u32,
                    _ => u32::MAX,
                })
            })
            .collect();
        field
    }

    fn square_detail(settings: &CellSettings, field: &CompactHeightfield) -> (Vec<[i64; 3]>, DetailMeshes) {
        let cells: Vec<[i64; 3]> =
            [[0, 0], [16, 0], [16, 16], [0, 16]].iter().map(|&[x, z]| [x, i64::from(floor(x, z)), z]).collect();
        let data = NavTileData {
            polygons: vec![Polygon { vertex_count: 4, area: 0, flags: 1 }],
            indices: vec![0, 1, 2, 3],
            ..Default::default()
        };
        let regions = vec![1; field.span_count()];
        let source = DetailSource { field, regions: &regions };
        (cells.clone(), build_detail_meshes(&source, settings, &cells, &[1], &data))
    }

    /// The detail surface's height (cells) at `p` from the first triangle
    /// holding it.
    fn surface(cells: &[[i64; 3]], detail: &DetailMeshes, p: [f64; 3]) -> f64 {
        let point = |i: u8| {
            let i = i as usize;
            if i < cells.len() {
                cells[i].map(|v| v as f64)
            } else {
                detail.vertices[i - cells.len()]
            }
        };
        detail
            .triangles
            .iter()
            .find_map(|t| {
                let [a, b, c] = t.indices.map(point);
                let (wa, wb, wc) = (twice_area(b, c, p), twice_area(c, a, p), twice_area(a, b, p));
                (wa >= 0.0 && wb >= 0.0 && wc >= 0.0).then(|| (wa * a[1] + wb * b[1] + wc * c[1]) / (wa + wb + wc))
            })
            .expect("a triangle holds every sample")
    }

    #[test]
    fn every_interior_sample_ends_within_the_max_error_of_the_surface() {
        let settings = cell_settings(2.0);
        let field = bumpy_field(&settings);
        let (cells, detail) = square_detail(&settings, &field);
        assert!(!detail.vertices.is_empty(), "the bump needs detail vertices");
        let patch = HeightPatch::new(&field, &vec![1; field.span_count()], 1, &cells);
        let corners: Vec<[f64; 3]> = cells.iter().map(|c| c.map(|v| v as f64)).collect();
        let samples = interior_samples(&corners, &patch, &settings);
        assert!(!samples.is_empty());
        let plain_error = samples.iter().map(|s| (s[1] - 10.0).abs() * settings.cell_height).fold(0.0, f64::max);
        assert!(plain_error > settings.detail_max_error, "the flat square alone misses the bump");
        for sample in samples {
            let error = (surface(&cells, &detail, sample) - sample[1]).abs() * settings.cell_height;
            assert!(error <= settings.detail_max_error, "sample {sample:?} is {error} from the detail surface");
        }
    }

    #[test]
    fn without_samples_the_square_is_two_triangles_at_its_corner_heights() {
        let settings = cell_settings(0.0);
        let (_, detail) = square_detail(&settings, &bumpy_field(&settings));
        assert!(detail.vertices.is_empty());
        assert_eq!(
            detail.meshes,
            vec![DetailMesh { vertex_base: 0, vertex_count: 0, triangle_base: 0, triangle_count: 2 }]
        );
        assert!(detail.triangles.iter().all(|t| t.edge_flags.count_ones() == 2), "each triangle has two outer edges");
    }
}
