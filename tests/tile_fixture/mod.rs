//! Valid tiles for tests and benchmarks: a grid of quads over one tile with
//! in-tile adjacency, portals on all four sides, detail meshes and off-mesh
//! link slots.
#![allow(dead_code)]

use onav::{DetailMesh, DetailTriangle, NavMeshParams, NavTileData, OffMeshLinkSlot, Polygon, NOT_PORTAL};

pub fn params() -> NavMeshParams {
    NavMeshParams {
        origin_x: -96.0,
        origin_y: 0.0,
        origin_z: 64.0,
        tile_size: 32.0,
        cell_size: 0.25,
        max_verts_per_poly: 6,
        walkable_climb: 0.5,
        agent_radius: 0.5,
        agent_height: 2.0,
        agent_max_slope: 45.0,
        settings_digest: 0,
    }
}

/// Index of the vertex at grid corner (i, j) of an n×n grid.
fn corner(n: usize, i: usize, j: usize) -> u32 {
    (j * (n + 1) + i) as u32
}

/// `n`×`n` quads covering the tile, quad (i, j) is polygon j·n + i with
/// edges bottom, right, top, left (counter-clockwise, X right, Z up).
pub fn grid_tile(params: &NavMeshParams, n: usize) -> NavTileData {
    let step = params.tile_size as f32 / n as f32;
    let mut data = NavTileData { tile_x: 1, tile_z: -2, layer: 0, origin_y: 10.0, ..Default::default() };
    for j in 0..=n {
        for i in 0..=n {
            let y = ((i + j) % 3) as f32 * 0.125;
            data.vertices.push([i as f32 * step, y, j as f32 * step]);
        }
    }
    for j in 0..n {
        for i in 0..n {
            data.polygons.push(Polygon { vertex_count: 4, area: ((i + j) % 64) as u8, flags: 1 });
            data.indices.extend([corner(n, i, j), corner(n, i + 1, j), corner(n, i + 1, j + 1), corner(n, i, j + 1)]);
            let poly = |i: usize, j: usize| (j * n + i + 1) as u32;
            let (bottom, bottom_side) = if j == 0 { (0, 3) } else { (poly(i, j - 1), NOT_PORTAL) };
            let (right, right_side) = if i == n - 1 { (0, 0) } else { (poly(i + 1, j), NOT_PORTAL) };
            let (top, top_side) = if j == n - 1 { (0, 1) } else { (poly(i, j + 1), NOT_PORTAL) };
            let (left, left_side) = if i == 0 { (0, 2) } else { (poly(i - 1, j), NOT_PORTAL) };
            data.neighbours.extend([bottom, right, top, left]);
            data.portal_sides.extend([bottom_side, right_side, top_side, left_side]);
        }
    }
    data
}

/// Adds a detail mesh per polygon: one centre vertex and four triangles.
pub fn with_detail(mut data: NavTileData) -> NavTileData {
    for p in 0..data.polygons.len() {
        let quad: Vec<[f32; 3]> = data.indices[4 * p..4 * p + 4].iter().map(|&i| data.vertices[i as usize]).collect();
        let centre = [(quad[0][0] + quad[2][0]) / 2.0, 0.25, (quad[0][2] + quad[2][2]) / 2.0];
        data.detail_meshes.push(DetailMesh {
            vertex_base: data.detail_vertices.len() as u32,
            vertex_count: 1,
            triangle_base: data.detail_triangles.len() as u32,
            triangle_count: 4,
        });
        data.detail_vertices.push(centre);
        for k in 0..4u8 {
            data.detail_triangles.push(DetailTriangle { indices: [k, (k + 1) % 4, 4], edge_flags: 1 });
        }
    }
    data
}

/// Adds `count` off-mesh link slots crossing the tile.
pub fn with_links(mut data: NavTileData, count: usize) -> NavTileData {
    for k in 0..count {
        let t = k as f32;
        data.off_mesh_links.push(OffMeshLinkSlot {
            start: [1.0 + t, 0.0, 1.0],
            end: [40.0, -0.5, 2.0 + t],
            radius: 0.75,
            area: 5,
            bidirectional: k % 2 == 0,
            flags: 0x8001,
            user_id: 1000 + k as u32,
        });
    }
    data
}

/// A tile with a bit of everything: 2×2 quads, detail, two links.
pub fn full_tile(params: &NavMeshParams) -> NavTileData {
    with_links(with_detail(grid_tile(params, 2)), 2)
}
