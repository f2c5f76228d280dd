//! Irregular meshes for the query tests, the query golden test and the
//! query fuzz target (which include this file by path next to
//! `tests/mesh_common/mod.rs`): tiles of triangles over a jittered grid.
//! Vertices on a tile border move only along it and each tile jitters on
//! its own, so the portal edges of neighbouring tiles overlap in part and
//! an edge often has several portal links, or a wall beside a link. Some
//! columns hold a second floor: 0.3 above (within the climb, so it links
//! with the neighbours of the first) or 5 above (a separate floor).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Arc;

use onav::{NavMeshParams, NavTile, NavTileData, OffMeshLinkSlot, Polygon, TiledNavMesh, NOT_PORTAL};

use crate::mesh_common::{params, Rng};

/// Where a generated tile sits and how it looks.
#[derive(Debug, Clone, Copy)]
pub struct JitteredTile {
    pub x: i32,
    pub z: i32,
    pub layer: u16,
    pub origin_y: f64,
    /// Cells per side; each cell is two triangles.
    pub n: u32,
    pub seed: u64,
}

/// The portal side of a border edge from `a` to `b`, if it lies on one.
fn border_side(a: [f32; 3], b: [f32; 3], size: f32) -> u8 {
    match () {
        _ if a[0] == size && b[0] == size => 0,
        _ if a[2] == size && b[2] == size => 1,
        _ if a[0] == 0.0 && b[0] == 0.0 => 2,
        _ if a[2] == 0.0 && b[2] == 0.0 => 3,
        _ => NOT_PORTAL,
    }
}

impl JitteredTile {
    pub fn data(&self, params: &NavMeshParams) -> NavTileData {
        let mut rng = Rng::new(self.seed);
        let size = params.tile_size as f32;
        let n = self.n;
        let step = size / n as f32;
        // Jitter below 0.15 of a cell keeps every triangle counter-clockwise
        // with room to spare.
        let jitter = |rng: &mut Rng| rng.range_f32(-0.15, 0.15) * step;
        let mut vertices = Vec::new();
        for j in 0..=n {
            for i in 0..=n {
                let (on_x, on_z) = (i == 0 || i == n, j == 0 || j == n);
                let dx = if on_x { 0.0 } else { jitter(&mut rng) };
                let dz = if on_z { 0.0 } else { jitter(&mut rng) };
                let x = if i == n { size } else { i as f32 * step + dx };
                let z = if j == n { size } else { j as f32 * step + dz };
                vertices.push([x, rng.range_f32(0.0, 0.4), z]);
            }
        }
        let vertex = |i: u32, j: u32| j * (n + 1) + i;
        let mut triangles: Vec<[u32; 3]> = Vec::new();
        for j in 0..n {
            for i in 0..n {
                let (a, b, c, d) = (vertex(i, j), vertex(i + 1, j), vertex(i + 1, j + 1), vertex(i, j + 1));
                if rng.below(2) == 0 {
                    triangles.extend([[a, b, c], [a, c, d]]);
                } else {
                    triangles.extend([[a, b, d], [b, c, d]]);
                }
            }
        }
        let mut edges = BTreeMap::new();
        for (t, tri) in triangles.iter().enumerate() {
            for k in 0..3 {
                edges.insert((tri[k], tri[(k + 1) % 3]), t as u32);
            }
        }
        let mut data = NavTileData {
            tile_x: self.x,
            tile_z: self.z,
            layer: self.layer,
            origin_y: self.origin_y,
            ..NavTileData::default()
        };
        for tri in &triangles {
            let area = rng.below(4) as u8;
            let flags = if rng.below(8) == 0 { 2 } else { 1 };
            data.polygons.push(Polygon { vertex_count: 3, area, flags });
            for k in 0..3 {
                let (a, b) = (tri[k], tri[(k + 1) % 3]);
                data.indices.push(a);
                match edges.get(&(b, a)) {
                    Some(&other) => {
                        data.neighbours.push(other + 1);
                        data.portal_sides.push(NOT_PORTAL);
                    }
                    None => {
                        data.neighbours.push(0);
                        data.portal_sides.push(border_side(vertices[a as usize], vertices[b as usize], size));
                    }
                }
            }
        }
        data.vertices = vertices;
        data
    }

    pub fn build(&self, params: &NavMeshParams) -> Arc<NavTile> {
        Arc::new(NavTile::create(params, self.data(params)).expect("a jittered tile is valid"))
    }
}

/// The columns a random mesh may fill.
pub const COLUMNS: [(i32, i32); 6] = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)];

/// A random mesh of jittered tiles over [`COLUMNS`] (mesh_common's
/// parameters: tile size 16, climb 0.5): most columns hold a floor, some a
/// second one, and some tiles an off-mesh link to the next column.
pub fn random_mesh(seed: u64) -> TiledNavMesh {
    let p = params();
    let mut rng = Rng::new(seed);
    let mut mesh = TiledNavMesh::new(p).expect("valid parameters");
    for (x, z) in COLUMNS {
        let n = 1 << rng.below(3);
        if rng.below(6) != 0 {
            let mut data = JitteredTile { x, z, layer: 0, origin_y: 0.0, n, seed: rng.next_u64() }.data(&p);
            if rng.below(3) == 0 {
                data.off_mesh_links.push(OffMeshLinkSlot {
                    start: [8.0, 0.2, 8.0],
                    end: [24.0, 0.2, 8.0],
                    radius: 2.0,
                    area: 1,
                    bidirectional: true,
                    flags: 1,
                    user_id: 0,
                });
            }
            mesh.add_tile(NavTile::create(&p, data).expect("a jittered tile is valid")).expect("free position");
        }
        if rng.below(3) == 0 {
            let origin_y = if rng.below(2) == 0 { 0.3 } else { 5.0 };
            let upper = JitteredTile { x, z, layer: 1, origin_y, n: 1 << rng.below(3), seed: rng.next_u64() };
            mesh.add_tile(upper.build(&p)).expect("free position");
        }
    }
    mesh
}
