//! `PortalExits`: per mesh version, the exit each portal link makes (the
//! part of the source edge the target's edge covers, `edge_exits::overlap`)
//! and the target's flags and area, worked out once with the version's
//! components. Placing an overlap reads the target polygon in another
//! tile; done per expansion it was the largest single cost of a search on
//! a mesh of many tiles, and it depends on the version alone.

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::shortest_path::edge_exits::overlap;
use crate::query::shortest_path::search_node::IntervalEnd;
use crate::stitch::links::{Link, LinkKind};
use crate::stitch::portal_stitching::along_axis;

/// What one portal link opens: the covered part of the source edge (ends
/// in the source polygon's counter-clockwise order) and the target's
/// record as queries read it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PortalExit {
    pub start: IntervalEnd,
    pub end: IntervalEnd,
    pub flags: u16,
    pub area: u8,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct PortalExits {
    /// Per polygon (global index): where its links' entries start in
    /// `exits`, and one past the last polygon's end.
    first: Vec<u32>,
    /// Per link of each polygon, in link order: its exit, or `None` for an
    /// off-mesh link, a target no longer in the mesh, or edges that only
    /// touch.
    exits: Vec<Option<PortalExit>>,
}

impl PortalExits {
    /// The exits of every polygon's links, the polygons in the order of
    /// their global indices (tiles in `mesh.tiles()` order); `key` numbers
    /// the tile vertices as the components do.
    pub fn build(mesh: &TiledNavMesh, key: impl Fn(PolyRef, u32) -> u32) -> PortalExits {
        let mut built = PortalExits { first: vec![0], exits: Vec::new() };
        for (tile_ref, tile) in mesh.tiles() {
            for index in 0..tile.polygon_count() as u32 {
                let poly = tile_ref.polygon(index).expect("index below the count");
                let polygon = QueryPolygon::of(mesh, poly).expect("a polygon of the mesh");
                for link in polygon.links() {
                    built.exits.push(portal_exit(mesh, (poly, &polygon), link, &key));
                }
                built.first.push(built.exits.len() as u32);
            }
        }
        built
    }

    /// The entries of polygon `global`'s links, in link order.
    #[inline]
    pub fn of_polygon(&self, global: u32) -> &[Option<PortalExit>] {
        &self.exits[self.first[global as usize] as usize..self.first[global as usize + 1] as usize]
    }
}

/// The exit portal link `link` of `polygon` opens, if it is a portal into
/// a polygon of the mesh that covers part of the edge.
fn portal_exit(
    mesh: &TiledNavMesh,
    (poly, polygon): (PolyRef, &QueryPolygon<'_>),
    link: &Link,
    key: &impl Fn(PolyRef, u32) -> u32,
) -> Option<PortalExit> {
    if link.kind != LinkKind::Portal {
        return None;
    }
    let target = polygon.reach(mesh, poly, link.target)?;
    let end_of = |p: (PolyRef, &QueryPolygon<'_>), i: usize| {
        let i = i % p.1.corner_count();
        IntervalEnd { point: p.1.corner(i), key: key(p.0, p.1.view.indices[i]) }
    };
    let (k, te) = (link.edge as usize, link.target_edge as usize);
    let own = (end_of((poly, polygon), k), end_of((poly, polygon), k + 1));
    let other = (end_of((link.target, &target), te), end_of((link.target, &target), te + 1));
    let (start, end) = overlap(own, other, along_axis(link.side))?;
    Some(PortalExit { start, end, flags: target.view.record.flags, area: target.view.record.area })
}
