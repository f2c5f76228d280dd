//! The hand-over (format text "Hand-over from builders", 3D builder): the
//! polygon mesh fills a `NavTileData` directly. Vertices become tile-local
//! float32 from their cells, with the tile's boundary cells written as
//! exactly 0 and `(float)TileSize` (never `cells * CellSize`, which misses
//! it); polygons turn counter-clockwise; neighbours come from reversed
//! shared edges and portal sides from wall edges lying on a tile boundary;
//! the detail stage adds each polygon's detail mesh. `NavTile::create`
//! then validates the tile like any other.

use crate::error::Result;
use crate::format::params::NavMeshParams;
use crate::tile::nav_tile::NavTile;
use crate::tile::tile_data::{NavTileData, Polygon, NOT_PORTAL};

use super::cell_settings::CellSettings;
use super::detail_mesh::{build_detail_meshes, DetailSource};
use super::poly_mesh::PolyMesh;
use super::walkable_slope::area_of_code;

/// Which tile the mesh belongs to and where its heights start.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TilePlace {
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    /// World cell (CellHeights above OriginY) of local height 0.
    pub base_cell: i64,
}

/// The validated tile of `mesh`.
pub(crate) fn hand_over(
    params: &NavMeshParams,
    settings: &CellSettings,
    place: &TilePlace,
    mesh: &PolyMesh,
    detail_source: &DetailSource<'_>,
) -> Result<NavTile> {
    let mut data = NavTileData {
        tile_x: place.tile_x,
        tile_z: place.tile_z,
        layer: place.layer,
        origin_y: params.origin_y + place.base_cell as f64 * settings.cell_height,
        ..Default::default()
    };
    let mut new_index = vec![u32::MAX; mesh.vertices.len()];
    let mut cells: Vec<[i64; 3]> = Vec::new();
    let mut mesh_index: Vec<u32> = Vec::new();
    for polygon in &mesh.polygons {
        let mut indices: Vec<u32> = polygon
            .vertices()
            .iter()
            .map(|&v| {
                if new_index[v as usize] == u32::MAX {
                    new_index[v as usize] = cells.len() as u32;
                    cells.push(mesh.vertices[v as usize]);
                    mesh_index.push(v);
                }
                new_index[v as usize]
            })
            .collect();
        if twice_signed_area(&cells, &indices) < 0 {
            indices.reverse();
        }
        data.polygons.push(Polygon {
            vertex_count: indices.len() as u8,
            area: area_of_code(polygon.area),
            flags: settings.flags,
        });
        data.indices.extend(indices);
    }
    data.vertices = cells.iter().map(|&c| local_vertex(settings, c.map(|v| v as f64))).collect();
    let faces_border = |a: u32, b: u32| mesh.is_border_edge(mesh_index[a as usize], mesh_index[b as usize]);
    link_edges(settings.tile_cells as i64, &cells, faces_border, &mut data);
    let regions: Vec<u32> = mesh.polygons.iter().map(|p| p.region).collect();
    let detail = build_detail_meshes(detail_source, settings, &cells, &regions, &data);
    data.detail_vertices = detail.vertices.iter().map(|&c| local_vertex(settings, c)).collect();
    (data.detail_meshes, data.detail_triangles) = (detail.meshes, detail.triangles);
    NavTile::create(params, data)
}

/// Tile-local float32 of a point in cells (whole for polygon vertices, not
/// always for detail vertices): boundary cells exactly on 0 or
/// `(float)TileSize`, others `cells * CellSize` rounded once; never -0.0.
fn local_vertex(settings: &CellSettings, cell: [f64; 3]) -> [f32; 3] {
    let tile_cells = settings.tile_cells as f64;
    let horizontal = |c: f64| -> f32 {
        if c <= 0.0 {
            0.0
        } else if c >= tile_cells {
            settings.tile_size as f32
        } else {
            (c * settings.cell_size) as f32
        }
    };
    let height = (cell[1] * settings.cell_height) as f32 + 0.0;
    [horizontal(cell[0]), height, horizontal(cell[2])]
}

/// Σ(xᵢ·zᵢ₊₁ − xᵢ₊₁·zᵢ) in cells: positive for onav's counter-clockwise.
fn twice_signed_area(cells: &[[i64; 3]], polygon: &[u32]) -> i64 {
    let n = polygon.len();
    (0..n)
        .map(|k| {
            let (a, b) = (cells[polygon[k] as usize], cells[polygon[(k + 1) % n] as usize]);
            a[0] * b[2] - b[0] * a[2]
        })
        .sum()
}

/// Neighbours and portal sides: an edge used exactly twice, in opposite
/// directions by two polygons, joins them; every other edge is a wall, and
/// a wall from a contour edge facing the tile border (so walkable floor
/// lies across it) is a portal of the boundary it lies on. A wall that
/// merely runs along a boundary, with nothing walkable across, stays a wall.
fn link_edges(tile_cells: i64, cells: &[[i64; 3]], faces_border: impl Fn(u32, u32) -> bool, data: &mut NavTileData) {
    let mut edges: Vec<(u32, u32, usize, u32)> = Vec::with_capacity(data.indices.len());
    let mut start = 0;
    for (p, polygon) in data.polygons.iter().enumerate() {
        let n = polygon.vertex_count as usize;
        for k in 0..n {
            let (a, b) = (data.indices[start + k], data.indices[start + (k + 1) % n]);
            edges.push((a.min(b), a.max(b), start + k, p as u32));
        }
        start += n;
    }
    edges.sort_unstable();
    data.neighbours = vec![0; data.indices.len()];
    data.portal_sides = vec![NOT_PORTAL; data.indices.len()];
    let mut i = 0;
    while i < edges.len() {
        let mut j = i + 1;
        while j < edges.len() && (edges[j].0, edges[j].1) == (edges[i].0, edges[i].1) {
            j += 1;
        }
        let pair =
            j - i == 2 && edges[i].3 != edges[i + 1].3 && data.indices[edges[i].2] != data.indices[edges[i + 1].2];
        if pair {
            data.neighbours[edges[i].2] = edges[i + 1].3 + 1;
            data.neighbours[edges[i + 1].2] = edges[i].3 + 1;
        } else {
            for edge in edges[i..j].iter().filter(|edge| faces_border(edge.0, edge.1)) {
                let (a, b) = (cells[edge.0 as usize], cells[edge.1 as usize]);
                data.portal_sides[edge.2] = boundary_side(tile_cells, a, b);
            }
        }
        i = j;
    }
}

/// The side whose boundary line holds both ends, else NOT_PORTAL. Sides
/// 0..3 are x = TileSize, z = TileSize, x = 0, z = 0.
fn boundary_side(tile_cells: i64, a: [i64; 3], b: [i64; 3]) -> u8 {
    let on = |axis: usize, value: i64| a[axis] == value && b[axis] == value;
    if on(0, tile_cells) {
        0
    } else if on(2, tile_cells) {
        1
    } else if on(0, 0) {
        2
    } else if on(2, 0) {
        3
    } else {
        NOT_PORTAL
    }
}
