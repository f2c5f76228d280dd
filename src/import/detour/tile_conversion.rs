//! One Detour tile's records as an onav tile: `DnavTile` -> `NavTileData`
//! -> `NavTile::create`.
//!
//! - Orientation: Detour's polygons run clockwise in onav's X/Z convention,
//!   so every polygon is reversed. Edge j of the reversed polygon is Detour
//!   edge (n - 2 - j) mod n run backwards, so it takes that edge's neighbour
//!   or portal flag. Polygon numbers stay Detour's (off-mesh polygons come
//!   after the ground polygons and are dropped).
//! - Sides: Detour portal sides 0/2/4/6 (+x, +z, -x, -z) are onav sides
//!   0/1/2/3; an external link to another side is a format error.
//! - Coordinates: tile-local against the tile's origin in X/Z and the tile
//!   header's `bmin` height in Y; portal vertices are placed on the boundary
//!   (see [`super::boundary_placement`]).
//! - Detail: Detour's detail meshes keep their ranges; a triangle's polygon
//!   indices (below the polygon's vertex count) follow the reversal, its
//!   winding is reversed like its polygon's, and the boundary bit of each
//!   edge (the low bit of Detour's two per edge) moves to onav's bit of the
//!   same edge.
//! - Off-mesh connections become off-mesh link slots
//!   ([`super::off_mesh_slots`]); the header's layer is the tile's layer.
//!
//! Every failure names the Detour tile; errors of the tile rules name the
//! polygon by Detour's number and the edge by onav's.

use crate::tile::tile_data::MAX_LAYER;
use crate::{
    DetailMesh, DetailTriangle, NavMeshError, NavMeshParams, NavTile, NavTileData, Polygon, Result, NOT_PORTAL,
};

use super::boundary_placement::{place_vertices, PortalVertex, TileFrame};
use super::dnav_blob::{read_dnav_blob, DnavPolygon, DnavTile};
use super::off_mesh_slots::off_mesh_slots;
use super::options::ImportOptions;

/// `DT_EXT_LINK`: the edge is a portal; the low byte names the side.
const EXTERNAL_LINK: u16 = 0x8000;
/// `DT_POLYTYPE_GROUND`.
const GROUND_POLYGON_TYPE: u8 = 0;
/// `DT_DETAIL_EDGE_BOUNDARY`, the low bit of each edge's two flag bits.
const DETAIL_EDGE_BOUNDARY: u8 = 1;

/// Reads one `DNAV` blob (its length decides the reference width) and
/// converts it against `params`.
pub fn read_tile(params: &NavMeshParams, blob: &[u8], options: &ImportOptions) -> Result<NavTile> {
    options.validate()?;
    params.validate()?;
    convert_tile(params, &read_dnav_blob(blob, None)?, options)
}

/// Converts one blob's records against `params` and validates the result
/// with `NavTile::create`.
pub fn convert_tile(params: &NavMeshParams, tile: &DnavTile, options: &ImportOptions) -> Result<NavTile> {
    options.validate()?;
    params.validate()?;
    let name = tile.name();
    let data = tile_data(params, tile, options, &name)?;
    NavTile::create(params, data).map_err(|e| e.prefixed(&name))
}

fn fail<T>(name: &str, rule: String) -> Result<T> {
    Err(NavMeshError::Format(format!("{name} {rule}")))
}

fn tile_data(params: &NavMeshParams, tile: &DnavTile, options: &ImportOptions, name: &str) -> Result<NavTileData> {
    let header = &tile.header;
    let layer = match u16::try_from(header.layer) {
        Ok(layer) if layer <= MAX_LAYER => layer,
        _ => return fail(name, format!("layer {} outside onav's 0..={MAX_LAYER}", header.layer)),
    };
    let ground = tile.ground_polygons();
    let kept = kept_vertices(tile, name)?;
    let edges = reversed_edges(ground, &kept, name)?;
    let frame = TileFrame::new(params, header.x, header.y, f64::from(header.bmin[1]));
    let world: Vec<[f32; 3]> = kept.world_order.iter().map(|&v| tile.vertices[v]).collect();
    let tolerance = options.boundary_tolerance_cells * params.cell_size;
    let vertices = place_vertices(params, &frame, &world, &edges.portals, tolerance, name)?;
    let (detail_meshes, detail_triangles) = detail(tile, name)?;
    Ok(NavTileData {
        tile_x: header.x,
        tile_z: header.y,
        layer,
        origin_y: frame.origin_y,
        vertices,
        polygons: ground
            .iter()
            .map(|p| Polygon { vertex_count: p.vertex_count, area: p.area(), flags: p.flags })
            .collect(),
        indices: edges.indices,
        neighbours: edges.neighbours,
        portal_sides: edges.portal_sides,
        detail_meshes,
        detail_vertices: tile.detail_vertices.iter().map(|&v| frame.local(v)).collect(),
        detail_triangles,
        off_mesh_links: off_mesh_slots(tile, &frame)?,
    })
}

/// The vertices the ground polygons use, renumbered in Detour's order (the
/// off-mesh polygons' end-point vertices, which may lie far outside the
/// tile, are dropped with them).
struct KeptVertices {
    /// Detour index -> onav index, `u32::MAX` for a dropped vertex.
    new_index: Vec<u32>,
    /// onav index -> Detour index.
    world_order: Vec<usize>,
}

fn kept_vertices(tile: &DnavTile, name: &str) -> Result<KeptVertices> {
    let vertex_count = tile.vertices.len();
    let mut used = vec![false; vertex_count];
    for (p, polygon) in tile.ground_polygons().iter().enumerate() {
        check_ground_polygon(polygon, p, name)?;
        for (k, &v) in polygon.vertices[..usize::from(polygon.vertex_count)].iter().enumerate() {
            match used.get_mut(usize::from(v)) {
                Some(slot) => *slot = true,
                None => return fail(name, format!("polygon {p} vertex {k}: index {v} beyond {vertex_count} vertices")),
            }
        }
    }
    let mut new_index = vec![u32::MAX; vertex_count];
    let mut world_order = Vec::new();
    for (v, _) in used.iter().enumerate().filter(|(_, &u)| u) {
        new_index[v] = world_order.len() as u32;
        world_order.push(v);
    }
    Ok(KeptVertices { new_index, world_order })
}

fn check_ground_polygon(polygon: &DnavPolygon, p: usize, name: &str) -> Result<()> {
    if polygon.polygon_type() != GROUND_POLYGON_TYPE {
        return fail(
            name,
            format!(
                "polygon {p}: type {} before offMeshBase, where Detour keeps ground polygons (type 0)",
                polygon.polygon_type()
            ),
        );
    }
    if !(3..=super::dnav_blob::VERTS_PER_POLYGON as u8).contains(&polygon.vertex_count) {
        return fail(name, format!("polygon {p}: vertCount {} outside 3..=6", polygon.vertex_count));
    }
    Ok(())
}

/// The per-edge arrays of the reversed polygons and the portal vertices to
/// place.
struct ReversedEdges {
    indices: Vec<u32>,
    neighbours: Vec<u32>,
    portal_sides: Vec<u8>,
    portals: Vec<PortalVertex>,
}

fn reversed_edges(ground: &[DnavPolygon], kept: &KeptVertices, name: &str) -> Result<ReversedEdges> {
    let mut edges =
        ReversedEdges { indices: Vec::new(), neighbours: Vec::new(), portal_sides: Vec::new(), portals: Vec::new() };
    for (p, polygon) in ground.iter().enumerate() {
        let n = usize::from(polygon.vertex_count);
        for j in 0..n {
            edges.indices.push(kept.new_index[usize::from(polygon.vertices[n - 1 - j])]);
            let detour_edge = (2 * n - 2 - j) % n;
            let (neighbour, side) = edge_link(polygon.neighbours[detour_edge], ground.len(), p, detour_edge, name)?;
            edges.neighbours.push(neighbour);
            edges.portal_sides.push(side);
            if side != NOT_PORTAL {
                for end in [detour_edge, (detour_edge + 1) % n] {
                    let vertex = kept.new_index[usize::from(polygon.vertices[end])];
                    edges.portals.push(PortalVertex { vertex, polygon: p, edge: detour_edge, side });
                }
            }
        }
    }
    Ok(edges)
}

/// onav neighbour and portal side of Detour's `neis` value of an edge.
fn edge_link(neis: u16, ground_count: usize, p: usize, edge: usize, name: &str) -> Result<(u32, u8)> {
    if neis & EXTERNAL_LINK != 0 {
        let detour_side = neis & !EXTERNAL_LINK;
        return match detour_side {
            0 | 2 | 4 | 6 => Ok((0, (detour_side / 2) as u8)),
            _ => fail(
                name,
                format!(
                    "polygon {p} edge {edge}: neis {neis:#06x} is a portal to side {detour_side}, not one of the \
                 four tile sides 0, 2, 4, 6"
                ),
            ),
        };
    }
    if usize::from(neis) > ground_count {
        return fail(
            name,
            format!(
                "polygon {p} edge {edge}: neis {neis} names polygon {}, not one of the {ground_count} ground polygons",
                neis - 1
            ),
        );
    }
    Ok((u32::from(neis), NOT_PORTAL))
}

/// Detail meshes and triangles; the triangles are rewritten per mesh, since
/// their polygon indices depend on the polygon's vertex count.
fn detail(tile: &DnavTile, name: &str) -> Result<(Vec<DetailMesh>, Vec<DetailTriangle>)> {
    let ground = tile.ground_polygons();
    if tile.detail_meshes.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    if tile.detail_meshes.len() != ground.len() {
        return fail(
            name,
            format!(
                "detailMeshCount {} is neither 0 nor the {} ground polygons",
                tile.detail_meshes.len(),
                ground.len()
            ),
        );
    }
    let mut meshes = Vec::with_capacity(ground.len());
    let mut triangles = Vec::new();
    for (p, (mesh, polygon)) in tile.detail_meshes.iter().zip(ground).enumerate() {
        let first = mesh.triangle_base as usize;
        let source =
            first.checked_add(usize::from(mesh.triangle_count)).and_then(|end| tile.detail_triangles.get(first..end));
        let Some(source) = source else {
            return fail(
                name,
                format!(
                    "detail mesh {p}: triangles {first}+{} beyond {} detail triangles",
                    mesh.triangle_count,
                    tile.detail_triangles.len()
                ),
            );
        };
        meshes.push(DetailMesh {
            vertex_base: mesh.vertex_base,
            vertex_count: u32::from(mesh.vertex_count),
            triangle_base: triangles.len() as u32,
            triangle_count: u32::from(mesh.triangle_count),
        });
        triangles.extend(source.iter().map(|&t| reversed_triangle(t, polygon.vertex_count)));
    }
    Ok((meshes, triangles))
}

/// Triangle (a, b, c) of a polygon with `n` vertices as (a, c, b), polygon
/// indices mirrored like the polygon's vertices. Its edges 0, 1, 2 are
/// Detour's edges 2, 1, 0.
fn reversed_triangle(t: [u8; 4], n: u8) -> DetailTriangle {
    let mirror = |i: u8| if i < n { n - 1 - i } else { i };
    let boundary = |edge: u8| (t[3] >> (2 * edge)) & DETAIL_EDGE_BOUNDARY;
    DetailTriangle {
        indices: [mirror(t[0]), mirror(t[2]), mirror(t[1])],
        edge_flags: boundary(2) | (boundary(1) << 1) | (boundary(0) << 2),
    }
}
