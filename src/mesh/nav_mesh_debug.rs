//! Debug geometry (format text "Debug geometry"; LAYOUT section 8 "Debug
//! segments"): plain data a host can draw or copy across the C ABI.
//!
//! World positions are `origin + (f64)local`: X/Z from the tile origin, Y
//! from the tile's OriginY. A portal link's segment is the exact overlap of
//! the two edges on the source edge (not its 1/255 quantisation); an
//! off-mesh link's runs between the raw end points.

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::stitch::links::{Link, LinkKind};
use crate::stitch::portal_stitching::{along_axis, opposite_side, overlap, portal_of};
use crate::tile::nav_tile::NavTile;

/// One polygon: its identity, area, flags and where its outline lies in
/// [`NavMeshDebug::vertices`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DebugPolygon {
    pub poly_ref: PolyRef,
    pub slot: u32,
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    pub area: u8,
    pub flags: u16,
    pub first_vertex: u32,
    pub vertex_count: u32,
}

/// One stitched link as a world-space segment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DebugLink {
    pub from: PolyRef,
    pub to: PolyRef,
    pub kind: LinkKind,
    pub start: [f64; 3],
    pub end: [f64; 3],
}

/// Every polygon and link of a mesh, in slot / polygon / link order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NavMeshDebug {
    pub polygons: Vec<DebugPolygon>,
    /// The polygons' outlines, one after another, in world space.
    pub vertices: Vec<[f64; 3]>,
    pub links: Vec<DebugLink>,
}

impl NavMeshDebug {
    /// Collects the debug geometry of `mesh`.
    pub fn collect(mesh: &TiledNavMesh) -> NavMeshDebug {
        let mut out = NavMeshDebug::default();
        for (tile_ref, tile) in mesh.tiles() {
            for p in 0..tile.polygon_count() as u32 {
                let poly_ref = tile_ref.polygon(p).expect("validated polygon index");
                out.push_polygon(mesh, tile, poly_ref);
                for link in mesh.links(poly_ref).expect("current reference") {
                    out.links.push(link_segment(mesh, tile, poly_ref, &link));
                }
            }
        }
        out
    }

    /// The world-space outline of `polygons[index]`.
    pub fn outline(&self, index: usize) -> &[[f64; 3]] {
        let p = &self.polygons[index];
        &self.vertices[p.first_vertex as usize..(p.first_vertex + p.vertex_count) as usize]
    }

    fn push_polygon(&mut self, mesh: &TiledNavMesh, tile: &NavTile, poly_ref: PolyRef) {
        let record = mesh.polygon_record(poly_ref).expect("validated polygon index");
        let first_vertex = self.vertices.len() as u32;
        let origin = tile.world_origin();
        self.vertices.extend(tile.polygon_vertices(poly_ref.polygon() as usize).map(|v| world(origin, v)));
        self.polygons.push(DebugPolygon {
            poly_ref,
            slot: poly_ref.slot(),
            tile_x: tile.tile_x(),
            tile_z: tile.tile_z(),
            layer: tile.layer(),
            area: record.area,
            flags: record.flags,
            first_vertex,
            vertex_count: u32::from(record.vertex_count),
        });
    }
}

fn world(origin: [f64; 3], local: [f32; 3]) -> [f64; 3] {
    [origin[0] + local[0] as f64, origin[1] + local[1] as f64, origin[2] + local[2] as f64]
}

fn link_segment(mesh: &TiledNavMesh, tile: &NavTile, from: PolyRef, link: &Link) -> DebugLink {
    let (start, end) = match link.kind {
        LinkKind::Portal => portal_segment(mesh, tile, from, link),
        LinkKind::OffMesh => off_mesh_points(tile, link.off_mesh_index),
        LinkKind::OffMeshReverse => {
            let owner = mesh.tile(link.target.tile_ref()).expect("links name current tiles");
            let (start, end) = off_mesh_points(owner, link.off_mesh_index);
            (end, start)
        }
    };
    DebugLink { from, to: link.target, kind: link.kind, start, end }
}

fn off_mesh_points(owner: &NavTile, index: u32) -> ([f64; 3], [f64; 3]) {
    let slot = &owner.off_mesh_links()[index as usize];
    let origin = owner.world_origin();
    (world(origin, slot.start), world(origin, slot.end))
}

/// The exact overlap on the source edge, in the edge's direction, heights
/// interpolated on the source edge (LAYOUT section 7).
fn portal_segment(mesh: &TiledNavMesh, tile: &NavTile, from: PolyRef, link: &Link) -> ([f64; 3], [f64; 3]) {
    let a = portal_of(tile, from.polygon(), link.edge, link.side);
    let other = mesh.tile(link.target.tile_ref()).expect("links name current tiles");
    let b = portal_of(other, link.target.polygon(), link.target_edge, opposite_side(link.side));
    let climb = mesh.params().walkable_climb as f64;
    let (lo, hi) = overlap(&a, tile.origin_y(), &b, other.origin_y(), climb).expect("a stitched portal overlaps");
    let origin = tile.world_origin();
    let corner = tile.polygon_vertices(from.polygon() as usize).nth(link.edge as usize).expect("edge exists");
    let axis = along_axis(link.side);
    let across = 2 - axis;
    let point = |u: f64| {
        let mut p = [0.0; 3];
        p[axis] = origin[axis] + u;
        p[across] = origin[across] + corner[across] as f64;
        p[1] = a.height_at(tile.origin_y(), u);
        p
    };
    if a.u0 < a.u1 {
        (point(lo), point(hi))
    } else {
        (point(hi), point(lo))
    }
}
