//! Shared input of the voxel builder's tests: the shared level meshes as
//! `TriangleGeometry`, RecastDemo-like settings, and the seam measure.
#![allow(dead_code)]

use std::path::PathBuf;

use onav::{NavMesh, NavSettings, NavTile, Partition, TriangleGeometry, NOT_PORTAL};

/// `../shared/data/meshes/NAME` beside the crate (the same relative path in CI).
pub fn mesh_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/meshes").join(name)
}

/// Every triangle of every model in the OBJ file, vertices as f64.
pub fn load_obj(name: &str) -> TriangleGeometry {
    let path = mesh_path(name);
    let options = tobj::LoadOptions { triangulate: true, single_index: true, ..Default::default() };
    let (models, _) = tobj::load_obj(&path, &options).unwrap_or_else(|e| panic!("loading {}: {e}", path.display()));
    let mut geometry = TriangleGeometry::default();
    for model in models {
        let base = geometry.vertices.len() as u32;
        let positions = &model.mesh.positions;
        geometry.vertices.extend(positions.chunks_exact(3).map(|p| [p[0] as f64, p[1] as f64, p[2] as f64]));
        geometry.triangles.extend(model.mesh.indices.chunks_exact(3).map(|t| [base + t[0], base + t[1], base + t[2]]));
    }
    geometry
}

/// RecastDemo's tile-mesh defaults: cells 0.3 x 0.2, tiles of 48 cells
/// (TileSize = (float)14.4, so 48 x 0.3 overshoots it), agent 2.0 high,
/// 0.6 wide, climbing 0.9, regions 8² and 20² cells, detail samples every
/// 6 cells (1.8) within 1 cell height (0.2).
pub fn settings(partition: Partition) -> NavSettings {
    let mut settings = NavSettings::default();
    settings
        .set_cell_size(0.3)
        .unwrap()
        .set_cell_height(0.2)
        .unwrap()
        .set_tile_size(14.4f32 as f64)
        .unwrap()
        .set_agent_height(2.0)
        .unwrap()
        .set_agent_radius(0.6)
        .unwrap()
        .set_walkable_climb(0.9)
        .unwrap()
        .set_agent_max_slope(45.0)
        .unwrap()
        .set_max_edge_length(12.0)
        .unwrap()
        .set_contour_max_error(1.3)
        .unwrap()
        .set_min_region_area(64)
        .unwrap()
        .set_merge_region_area(400)
        .unwrap()
        .set_max_verts_per_poly(6)
        .unwrap()
        .set_detail_sample_distance(1.8)
        .unwrap()
        .set_detail_max_error(0.2)
        .unwrap();
    settings.set_partition(partition);
    settings
}

/// `geometry` moved by whole tiles.
pub fn shifted(geometry: &TriangleGeometry, settings: &NavSettings, tiles_x: i32, tiles_z: i32) -> TriangleGeometry {
    let (dx, dz) = (tiles_x as f64 * settings.tile_size(), tiles_z as f64 * settings.tile_size());
    let mut moved = geometry.clone();
    for v in &mut moved.vertices {
        v[0] += dx;
        v[2] += dz;
    }
    moved
}

/// A portal edge as the stitching rule sees it: side, the interval along
/// the boundary, and the world heights at its two ends (at the interval's
/// low and high end).
#[derive(Debug, Clone, Copy)]
pub struct BoundaryEdge {
    pub side: u8,
    pub lo: f64,
    pub hi: f64,
    pub y_lo: f64,
    pub y_hi: f64,
}

impl BoundaryEdge {
    fn height_at(&self, u: f64) -> f64 {
        if self.hi == self.lo {
            return self.y_lo;
        }
        self.y_lo + (self.y_hi - self.y_lo) * (u - self.lo) / (self.hi - self.lo)
    }
}

pub fn boundary_edges(tile: &NavTile) -> Vec<BoundaryEdge> {
    let mut edges = Vec::new();
    for p in 0..tile.polygon_count() {
        let polygon = tile.polygon(p).unwrap();
        let n = polygon.indices.len();
        for k in 0..n {
            let side = polygon.portal_sides[k];
            if side == NOT_PORTAL {
                continue;
            }
            let a = tile.vertices()[polygon.indices[k] as usize];
            let b = tile.vertices()[polygon.indices[(k + 1) % n] as usize];
            let along = if side.is_multiple_of(2) { 2 } else { 0 };
            let (a, b) = if a[along] <= b[along] { (a, b) } else { (b, a) };
            edges.push(BoundaryEdge {
                side,
                lo: a[along] as f64,
                hi: b[along] as f64,
                y_lo: tile.origin_y() + a[1] as f64,
                y_hi: tile.origin_y() + b[1] as f64,
            });
        }
    }
    edges
}

/// Total length of portal edges not covered by a portal edge of the
/// neighbouring column that the stitching rule would link (overlap with
/// heights within WalkableClimb at both ends of the overlap).
pub fn unmatched_border_length(mesh: &NavMesh) -> f64 {
    let climb = mesh.params().walkable_climb as f64;
    let tiled = mesh.mesh();
    let mut unmatched = 0.0;
    for (_, tile) in tiled.tiles() {
        for edge in boundary_edges(tile) {
            let (dx, dz) = [(1, 0), (0, 1), (-1, 0), (0, -1)][edge.side as usize];
            let mut covered: Vec<(f64, f64)> = Vec::new();
            for (_, other) in tiled.column_tiles(tile.tile_x() + dx, tile.tile_z() + dz) {
                for facing in boundary_edges(other).into_iter().filter(|e| e.side == edge.side ^ 2) {
                    let (lo, hi) = (edge.lo.max(facing.lo), edge.hi.min(facing.hi));
                    let meets = |u: f64| (edge.height_at(u) - facing.height_at(u)).abs() <= climb;
                    if hi > lo && meets(lo) && meets(hi) {
                        covered.push((lo, hi));
                    }
                }
            }
            unmatched += uncovered_length(edge.lo, edge.hi, covered);
        }
    }
    unmatched
}

pub fn uncovered_length(lo: f64, hi: f64, mut covered: Vec<(f64, f64)>) -> f64 {
    covered.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (mut reached, mut gaps) = (lo, 0.0);
    for (a, b) in covered {
        if a > reached {
            gaps += a - reached;
        }
        reached = reached.max(b);
    }
    gaps + (hi - reached).max(0.0)
}
