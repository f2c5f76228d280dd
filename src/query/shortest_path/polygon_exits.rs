//! `PolygonExits`: per mesh version, every polygon's exits as the exact
//! search takes them (`edge_exits.rs`: the target, the part of the edge,
//! the target's flags and area, the edge it enters by, the region behind
//! it that leads only back, `cut_regions.rs`), edge by edge and each edge's in link order, and whether the
//! polygon has an off-mesh link. Worked out once with the version's
//! components, so an expansion reads one contiguous run of exits instead
//! of placing the polygon, its corners, its neighbours' records and
//! portals' overlaps again each time (all of which depend on the version
//! alone).

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::shortest_path::cut_regions::Region;
use crate::query::shortest_path::edge_exits::{for_each_exit, EdgeExit};
use crate::stitch::links::LinkKind;

#[derive(Debug, Clone, Default)]
pub(crate) struct PolygonExits {
    /// Per polygon (global index): where its exits start in `exits`, with
    /// the top bit set when an off-mesh link departs or arrives there; one
    /// more entry past the last polygon's end.
    first: Vec<u32>,
    exits: Vec<EdgeExit>,
}

/// The bit of [`PolygonExits::first`] marking a polygon with off-mesh links.
const OFF_MESH: u32 = 1 << 31;

impl PolygonExits {
    /// The exits of every polygon, the polygons in the order of their
    /// global indices (tiles in `mesh.tiles()` order); `key` numbers the
    /// tile vertices as the components do and `behind(target, source)` is
    /// the region a path from the source into the target could only
    /// leave back into the source.
    pub fn build(
        mesh: &TiledNavMesh,
        key: impl Fn(PolyRef, u32) -> u32,
        behind: impl Fn(PolyRef, PolyRef) -> Region,
    ) -> PolygonExits {
        let mut built = PolygonExits { first: Vec::new(), exits: Vec::new() };
        for (tile_ref, tile) in mesh.tiles() {
            for index in 0..tile.polygon_count() as u32 {
                let poly = tile_ref.polygon(index).expect("index below the count");
                let polygon = QueryPolygon::of(mesh, poly).expect("a polygon of the mesh");
                let off_mesh = polygon.links().any(|link| link.kind != LinkKind::Portal);
                built.first.push(built.exits.len() as u32 | if off_mesh { OFF_MESH } else { 0 });
                for k in 0..polygon.corner_count() {
                    for_each_exit(mesh, (poly, &polygon), k, &key, |exit| {
                        built.exits.push(EdgeExit { behind: behind(exit.target, poly), ..exit });
                    });
                }
            }
        }
        assert!(built.exits.len() < OFF_MESH as usize, "exits fit below the off-mesh bit");
        built.first.push(built.exits.len() as u32);
        built
    }

    /// The exits of polygon `global`, in edge and link order, and whether
    /// an off-mesh link departs or arrives there.
    #[inline(always)]
    pub fn of_polygon(&self, global: u32) -> (&[EdgeExit], bool) {
        let (first, next) = (self.first[global as usize], self.first[global as usize + 1]);
        (&self.exits[(first & !OFF_MESH) as usize..(next & !OFF_MESH) as usize], first & OFF_MESH != 0)
    }
}
