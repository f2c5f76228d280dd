//! `NavTileAssembler`: the 2D builder's hand-over (format text "Hand-over
//! from builders"): world-space polygons already cut to one tile become a
//! validated `NavTile`.

use crate::error::{NavMeshError, Result};
use crate::format::params::NavMeshParams;
use crate::tile::coordinate::{check_world, is_within_bound};
use crate::tile::nav_tile::NavTile;
use crate::tile::tile_data::{NavTileData, Polygon, NOT_PORTAL};

/// Fraction of a cell within which a coordinate snaps onto a tile boundary.
const SNAP_CELLS: f64 = 1.0 / 1024.0;

/// Where the tile sits and which polygons it holds, in world space.
#[derive(Debug, Clone, Copy)]
pub struct TilePolygons<'a> {
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    /// World height the tile's local Y values are relative to.
    pub origin_y: f64,
    /// World x, y, z per vertex.
    pub vertices: &'a [[f64; 3]],
    /// Vertex count per polygon.
    pub vertex_counts: &'a [u8],
    /// Vertex indices, polygon after polygon.
    pub indices: &'a [u32],
    /// Area per polygon; 0 for every polygon when `None`.
    pub areas: Option<&'a [u8]>,
    /// Flags per polygon; 0 for every polygon when `None`.
    pub flags: Option<&'a [u16]>,
}

/// Turns builder polygons into tiles.
pub struct NavTileAssembler;

impl NavTileAssembler {
    /// `NavTileAssembler.FromPolygons`: converts to tile-local f32, snaps
    /// coordinates within CellSize/1024 of the tile's boundaries onto them,
    /// reverses clockwise polygons, derives in-tile adjacency from reversed
    /// shared edges (an edge shared by other than two polygons stays a
    /// wall), marks wall edges on a boundary as portals, then validates with
    /// `NavTile::create`. World coordinates outside ±2^21 are out of range;
    /// arrays that do not fit together are format errors naming the array.
    pub fn from_polygons(params: &NavMeshParams, input: &TilePolygons<'_>) -> Result<NavTile> {
        params.validate()?;
        check_world("origin_y", input.origin_y)?;
        check_array_lengths(input)?;
        let vertices = local_vertices(params, input)?;
        let mut data = NavTileData {
            tile_x: input.tile_x,
            tile_z: input.tile_z,
            layer: input.layer,
            origin_y: input.origin_y,
            vertices,
            ..Default::default()
        };
        data.indices.reserve(input.indices.len());
        let mut start = 0;
        for (p, &count) in input.vertex_counts.iter().enumerate() {
            let polygon = &input.indices[start..start + count as usize];
            start += count as usize;
            data.indices.extend_from_slice(polygon);
            if is_clockwise(&data.vertices, polygon) {
                let end = data.indices.len();
                data.indices[end - polygon.len()..].reverse();
            }
            data.polygons.push(Polygon {
                vertex_count: count,
                area: input.areas.map_or(0, |a| a[p]),
                flags: input.flags.map_or(0, |f| f[p]),
            });
        }
        link_edges(params, &mut data);
        NavTile::create(params, data)
    }
}

fn check_array_lengths(input: &TilePolygons<'_>) -> Result<()> {
    let polygons = input.vertex_counts.len();
    let edges: usize = input.vertex_counts.iter().map(|&n| n as usize).sum();
    if input.indices.len() != edges {
        return Err(NavMeshError::format(format!(
            "array indices: {} entries, but the vertex counts sum to {edges}",
            input.indices.len()
        )));
    }
    for (name, len) in [("areas", input.areas.map(<[u8]>::len)), ("flags", input.flags.map(<[u16]>::len))] {
        if let Some(len) = len.filter(|&len| len != polygons) {
            return Err(NavMeshError::format(format!("array {name}: {len} entries for {polygons} polygons")));
        }
    }
    Ok(())
}

/// World to tile-local f32, snapping X/Z near 0 and TileSize onto them.
fn local_vertices(params: &NavMeshParams, input: &TilePolygons<'_>) -> Result<Vec<[f32; 3]>> {
    let (origin_x, origin_z) = params.tile_origin(input.tile_x, input.tile_z);
    let tolerance = params.cell_size * SNAP_CELLS;
    let snap = |local: f64| -> f32 {
        if local.abs() <= tolerance {
            0.0
        } else if (local - params.tile_size).abs() <= tolerance {
            params.tile_size_f32()
        } else {
            local as f32
        }
    };
    input
        .vertices
        .iter()
        .enumerate()
        .map(|(i, v)| {
            check_vertex(i, v)?;
            Ok([snap(v[0] - origin_x), (v[1] - input.origin_y) as f32, snap(v[2] - origin_z)])
        })
        .collect()
}

/// Checks a vertex against the coordinate rule. The error names the vertex
/// and axis, but the name is formatted only for an error: formatting one
/// per vertex cost more than the rest of the conversion.
fn check_vertex(i: usize, v: &[f64; 3]) -> Result<()> {
    for (axis, &c) in ["x", "y", "z"].iter().zip(v) {
        if !is_within_bound(c) {
            check_world(&format!("vertices[{i}].{axis}"), c)?;
        }
    }
    Ok(())
}

/// Negative signed area Σ(xᵢ·zᵢ₊₁ − xᵢ₊₁·zᵢ); a polygon with an index out of
/// range is left for `NavTile::create` to name.
fn is_clockwise(vertices: &[[f32; 3]], polygon: &[u32]) -> bool {
    if polygon.iter().any(|&i| i as usize >= vertices.len()) {
        return false;
    }
    let n = polygon.len();
    let twice_area: f64 = (0..n)
        .map(|k| {
            let (a, b) = (vertices[polygon[k] as usize], vertices[polygon[(k + 1) % n] as usize]);
            a[0] as f64 * b[2] as f64 - b[0] as f64 * a[2] as f64
        })
        .sum();
    twice_area < 0.0
}

/// Fills neighbours and portal sides: two polygons whose edges are the same
/// pair of vertices in opposite directions, and nothing else using that
/// pair, are neighbours; every other edge is a wall, and a wall on a tile
/// boundary is a portal of that side.
fn link_edges(params: &NavMeshParams, data: &mut NavTileData) {
    let edges = polygon_edges(data);
    data.neighbours = vec![0; edges.len()];
    data.portal_sides = vec![NOT_PORTAL; edges.len()];
    let partners = edge_partners(&edges, data.vertices.len());
    for (e, &(p, a, b)) in edges.iter().enumerate() {
        match partners[e].filter(|&o| edges[o].1 == b && edges[o].2 == a && edges[o].0 != p) {
            Some(o) => data.neighbours[e] = edges[o].0 + 1,
            None => {
                let (va, vb) = (data.vertices.get(a as usize), data.vertices.get(b as usize));
                if let (Some(va), Some(vb)) = (va, vb) {
                    data.portal_sides[e] = boundary_side(params.tile_size_f32(), *va, *vb);
                }
            }
        }
    }
}

/// Per edge, the one other edge using the same pair of vertices (either
/// direction), or `None` when the pair has no other edge or more than one.
/// The edges are grouped by their lower vertex with a counting sort (vertex
/// ids are dense; ids past the vertices share one last group), and each
/// group, a vertex's few edges, is sorted on its pairs: the same groups as
/// one sort of all pairs, without its cost.
fn edge_partners(edges: &[(u32, u32, u32)], vertex_count: usize) -> Vec<Option<usize>> {
    let pair = |&(_, a, b): &(u32, u32, u32)| (u64::from(a.min(b)) << 32) | u64::from(a.max(b));
    let group_of = |&(_, a, b): &(u32, u32, u32)| (a.min(b) as usize).min(vertex_count);
    let mut starts = vec![0; vertex_count + 2];
    for edge in edges {
        starts[group_of(edge) + 1] += 1;
    }
    for g in 0..=vertex_count {
        starts[g + 1] += starts[g];
    }
    let mut next = starts.clone();
    let mut pairs: Vec<(u64, usize)> = vec![(0, 0); edges.len()];
    for (e, edge) in edges.iter().enumerate() {
        let g = group_of(edge);
        pairs[next[g]] = (pair(edge), e);
        next[g] += 1;
    }
    for g in 0..=vertex_count {
        pairs[starts[g]..starts[g + 1]].sort_unstable();
    }
    let mut partners = vec![None; edges.len()];
    for group in pairs.chunk_by(|x, y| x.0 == y.0) {
        if let [(_, x), (_, y)] = group {
            partners[*x] = Some(*y);
            partners[*y] = Some(*x);
        }
    }
    partners
}

/// (polygon, from vertex, to vertex) for every edge in edge order.
fn polygon_edges(data: &NavTileData) -> Vec<(u32, u32, u32)> {
    let mut edges = Vec::with_capacity(data.indices.len());
    let mut start = 0;
    for (p, poly) in data.polygons.iter().enumerate() {
        let indices = &data.indices[start..start + poly.vertex_count as usize];
        for (k, &a) in indices.iter().enumerate() {
            edges.push((p as u32, a, indices[(k + 1) % indices.len()]));
        }
        start += poly.vertex_count as usize;
    }
    edges
}

/// The portal side of an edge lying on a tile boundary, else NOT_PORTAL.
fn boundary_side(tile_size: f32, a: [f32; 3], b: [f32; 3]) -> u8 {
    let on = |axis: usize, value: f32| a[axis].to_bits() == value.to_bits() && b[axis].to_bits() == value.to_bits();
    if on(0, tile_size) {
        0
    } else if on(2, tile_size) {
        1
    } else if on(0, 0.0) {
        2
    } else if on(2, 0.0) {
        3
    } else {
        NOT_PORTAL
    }
}
