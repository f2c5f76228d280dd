//! `NavMeshQuery`: the query object of one thread. It reads one frozen
//! version of a mesh (a clone, which shares tiles and link tables) and owns
//! the search nodes and scratch buffers every query reuses, so a host runs
//! queries on version N on worker threads while it edits version N+1, and
//! a warm query does not allocate. There is no global state.

use std::sync::Arc;

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tile_switches::{effective_record, switched_view, TileSwitches};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::crossing::Crossing;
use crate::query::edge_openings::EdgeOpening;
use crate::query::find_path::PathSearch;
use crate::query::local_neighbourhood::KeptPolygon;
use crate::query::node_pool::NodePool;
use crate::query::open_list::OpenList;
use crate::query::polygon_geometry::{to_world, WorldPolygon};
use crate::query::query_filter::QueryFilter;
use crate::query::query_polygons::TileKey;
use crate::query::shortest_path::shortest_path_search::ShortestPathSearch;
use crate::stitch::links::TileLinks;
use crate::stitch::polygon_links::PolygonLinks;
use crate::tile::coordinate::{check_world, is_within_bound};
use crate::tile::nav_tile::{NavTile, PolygonView};
use crate::tile::tile_data::Polygon;
use crate::world::nav_mesh::NavMesh;
use crate::world::nav_world::NavWorld;

/// Queries over one version of a mesh.
#[derive(Debug, Clone)]
pub struct NavMeshQuery {
    pub(crate) mesh: TiledNavMesh,
    pub(crate) nodes: NodePool,
    pub(crate) open: OpenList,
    /// Scratch of the box searches.
    pub(crate) box_tiles: Vec<TileKey>,
    /// The path search in progress (sliced or whole).
    pub(crate) search: PathSearch,
    /// Scratch: the crossings out of the polygon being expanded.
    pub(crate) crossings: Vec<Crossing>,
    /// Scratch of the straight path: the crossing between each pair of
    /// corridor neighbours, and each corridor polygon's area.
    pub(crate) path_crossings: Vec<Crossing>,
    pub(crate) path_areas: Vec<u8>,
    /// Scratch of the local queries: what lies across one edge.
    pub(crate) edge_openings: Vec<EdgeOpening>,
    /// Scratch of the neighbourhood search: the polygons kept so far.
    pub(crate) kept_polygons: Vec<KeptPolygon>,
    /// The exact search's nodes and the mesh version's components.
    pub(crate) shortest_path: ShortestPathSearch,
}

/// One polygon of the mesh as the queries read it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct QueryPolygon<'a> {
    pub tile: &'a Arc<NavTile>,
    /// The links of the polygon's tile.
    pub tile_links: &'a TileLinks,
    /// The run-time switches of the polygon's tile, if any.
    pub switches: Option<&'a TileSwitches>,
    /// The polygon, its record with the switched flags and area.
    pub view: PolygonView<'a>,
    /// The polygon's index in its tile.
    pub index: usize,
    /// The tile's world origin ([`NavTile::world_origin`]).
    pub origin: [f64; 3],
    /// The tile's vertices, looked up once for every corner placed.
    pub vertices: &'a [[f32; 3]],
}

impl<'a> QueryPolygon<'a> {
    /// The polygon `poly_ref` names in `mesh`, if valid.
    #[inline]
    pub fn of(mesh: &'a TiledNavMesh, poly_ref: PolyRef) -> Option<QueryPolygon<'a>> {
        QueryPolygon::in_tile(mesh.tile_and_links(poly_ref.tile_ref())?, poly_ref.polygon() as usize)
    }

    /// The polygon `target` names, the target of a link of `mesh`: a live
    /// polygon of this version, looked up without the checks a caller's
    /// reference needs ([`TiledNavMesh::linked_tile_and_links`]).
    #[inline]
    pub fn linked(mesh: &'a TiledNavMesh, target: PolyRef) -> QueryPolygon<'a> {
        let tile = mesh.linked_tile_and_links(target.tile_ref());
        QueryPolygon::in_tile(tile, target.polygon() as usize).expect("a link names a polygon of its tile")
    }

    /// Polygon `index` of the tile `tile_ref`'s slot holds (its tile, links
    /// and switches), if the tile has it.
    #[inline]
    fn in_tile(
        (tile, tile_links, switches): (&'a Arc<NavTile>, &'a TileLinks, Option<&'a TileSwitches>),
        index: usize,
    ) -> Option<QueryPolygon<'a>> {
        let view = switched_view(switches, tile.polygon(index)?, index);
        let origin = tile.world_origin();
        Some(QueryPolygon { tile, tile_links, switches, view, index, origin, vertices: tile.vertices() })
    }

    /// The polygon `target` names, reached from this one (named
    /// `own_ref`): one of the same tile is read without looking the tile up
    /// again.
    #[inline]
    pub fn reach(&self, mesh: &'a TiledNavMesh, own_ref: PolyRef, target: PolyRef) -> Option<QueryPolygon<'a>> {
        if target.tile_ref() != own_ref.tile_ref() {
            return QueryPolygon::of(mesh, target);
        }
        self.sibling(target.polygon() as usize)
    }

    /// Polygon `index` of the same tile, read without looking the tile up.
    #[inline]
    pub fn sibling(&self, index: usize) -> Option<QueryPolygon<'a>> {
        Some(QueryPolygon { view: switched_view(self.switches, self.tile.polygon(index)?, index), index, ..*self })
    }

    /// Makes this place polygon `index` of `of`'s tile, as
    /// [`Self::sibling`] would give it. This place must hold a polygon of
    /// the same mesh as `of`: then the same `&Arc` is the same slot, whose
    /// links, switches, origin and vertices are already here, and only the
    /// polygon's own fields are written (a walk's step to an in-tile
    /// neighbour mostly finds its tile there).
    #[inline]
    pub fn become_sibling(&mut self, of: &QueryPolygon<'a>, index: usize) -> Option<()> {
        let view = switched_view(of.switches, of.tile.polygon(index)?, index);
        if std::ptr::eq(self.tile, of.tile) {
            debug_assert!(std::ptr::eq(self.tile_links, of.tile_links), "a place of another mesh");
            (self.view, self.index) = (view, index);
        } else {
            *self = QueryPolygon { view, index, ..*of };
        }
        Some(())
    }

    /// The flags and area record of polygon `index` of the same tile as
    /// queries read it, without placing the polygon.
    #[inline]
    pub fn sibling_record(&self, index: usize) -> Option<Polygon> {
        Some(effective_record(self.switches, index, *self.tile.polygon_records().get(index)?))
    }

    /// The links leaving the polygon, in the text's order.
    #[inline]
    pub fn links(&self) -> PolygonLinks<'a> {
        self.tile_links.links_of(self.index as u32)
    }

    pub fn world(&self) -> WorldPolygon {
        WorldPolygon::of(self.tile, self.origin, &self.view)
    }

    /// How many corners (and edges) the polygon has.
    #[inline]
    pub fn corner_count(&self) -> usize {
        self.view.indices.len()
    }

    /// Corner `i` in world space, read from the tile's vertex array, so a
    /// query that needs a few corners does not place them all.
    #[inline]
    pub fn corner(&self, i: usize) -> [f64; 3] {
        to_world(self.origin, self.vertices[self.view.indices[i] as usize])
    }

    /// Edge `k` in world space: corner k to corner k + 1 (mod n). The
    /// wrap is a comparison, not a division: every crossing placed reads
    /// an edge.
    #[inline]
    pub fn edge(&self, k: usize) -> ([f64; 3], [f64; 3]) {
        let next = if k + 1 < self.corner_count() { k + 1 } else { 0 };
        (self.corner(k), self.corner(next))
    }
}

impl NavMeshQuery {
    /// Queries over `mesh` as it is now (later edits of `mesh` are not
    /// seen), with path searches of at most `max_nodes` nodes each (any
    /// size ≥ 1; 0 is an out-of-range error). Memory for the nodes grows to
    /// what searches use, never beyond `max_nodes`.
    pub fn new(mesh: &TiledNavMesh, max_nodes: usize) -> Result<NavMeshQuery> {
        if max_nodes == 0 {
            return Err(NavMeshError::out_of_range("max_nodes = 0: a search needs at least one node"));
        }
        Ok(NavMeshQuery {
            mesh: mesh.clone(),
            nodes: NodePool::new(max_nodes),
            open: OpenList::default(),
            box_tiles: Vec::new(),
            search: PathSearch::default(),
            crossings: Vec::new(),
            path_crossings: Vec::new(),
            path_areas: Vec::new(),
            edge_openings: Vec::new(),
            kept_polygons: Vec::new(),
            shortest_path: ShortestPathSearch::default(),
        })
    }

    /// Queries over a tier-1 mesh.
    pub fn for_nav_mesh(mesh: &NavMesh, max_nodes: usize) -> Result<NavMeshQuery> {
        NavMeshQuery::new(mesh.mesh(), max_nodes)
    }

    /// Queries over the class of `world` an agent of `radius` walks
    /// ([`NavWorld::class_for`]).
    pub fn for_agent(world: &NavWorld, radius: f32, max_nodes: usize) -> Result<NavMeshQuery> {
        let class = world.class(world.class_for(radius)).expect("class_for names a class");
        NavMeshQuery::for_nav_mesh(class, max_nodes)
    }

    /// Moves to another version of a mesh, keeping the buffers; a sliced
    /// search in progress ends (its references may not hold there).
    pub fn set_mesh(&mut self, mesh: &TiledNavMesh) {
        self.mesh = mesh.clone();
        self.nodes.clear();
        self.open.clear();
        self.search = PathSearch::default();
        self.shortest_path.components.invalidate();
    }

    /// The version the queries read.
    pub fn mesh(&self) -> &TiledNavMesh {
        &self.mesh
    }

    /// The largest node budget a search may be given.
    pub fn max_nodes(&self) -> usize {
        self.nodes.capacity()
    }

    /// True when `poly_ref` names a polygon of the mesh that `filter` lets
    /// a query use.
    pub fn is_valid_poly_ref(&self, poly_ref: PolyRef, filter: &QueryFilter) -> bool {
        self.mesh.polygon(poly_ref).is_some_and(|(_, view)| filter.passes(view.record.flags, view.record.area))
    }

    /// The polygon `poly_ref` names, if valid.
    #[inline]
    pub(crate) fn polygon(&self, poly_ref: PolyRef) -> Option<QueryPolygon<'_>> {
        QueryPolygon::of(&self.mesh, poly_ref)
    }

    /// [`Self::polygon`], or an invalid-reference error naming `what`.
    pub(crate) fn polygon_or_error(&self, poly_ref: PolyRef, what: &str) -> Result<QueryPolygon<'_>> {
        self.polygon(poly_ref).ok_or_else(|| stale_reference(what, poly_ref))
    }
}

/// The error for a reference that names no polygon of the mesh.
pub(crate) fn stale_reference(what: &str, poly_ref: PolyRef) -> NavMeshError {
    let (salt, slot, polygon) = poly_ref.decode();
    NavMeshError::invalid_reference(format!(
        "{what} {:#x} (salt {salt}, slot {slot}, polygon {polygon}) names no polygon of the mesh",
        poly_ref.0
    ))
}

/// Checks a world position passed to a query against the coordinate rule;
/// the error names `name.x`, `name.y` or `name.z` (formatted only on
/// failure, so a valid query does not allocate).
#[inline]
pub(crate) fn check_position(name: &str, position: [f64; 3]) -> Result<()> {
    if position.iter().all(|&value| is_within_bound(value)) {
        return Ok(());
    }
    position_error(name, position)
}

/// The error of [`check_position`] for a position outside the rule: kept
/// out of line, so the check every query makes inlines to three compares.
#[cold]
#[inline(never)]
fn position_error(name: &str, position: [f64; 3]) -> Result<()> {
    for (axis, value) in ["x", "y", "z"].iter().zip(position) {
        if !is_within_bound(value) {
            check_world(&format!("{name}.{axis}"), value)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::params::tests::sample_params;

    #[test]
    fn construction_needs_a_node() {
        let mesh = TiledNavMesh::new(sample_params()).unwrap();
        assert!(matches!(NavMeshQuery::new(&mesh, 0), Err(NavMeshError::OutOfRange(_))));
        assert_eq!(NavMeshQuery::new(&mesh, 70_000).unwrap().max_nodes(), 70_000);
    }

    #[test]
    fn positions_outside_the_rule_name_their_axis() {
        assert!(check_position("start", [1.0, -2.0, 3.0]).is_ok());
        let err = check_position("start", [1.0, f64::NAN, 3.0]).unwrap_err();
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("start.y")), "{err}");
        let err = check_position("end", [1.0, 0.0, 2_097_152.0]).unwrap_err();
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("end.z")), "{err}");
    }

    #[test]
    fn a_stale_reference_is_reported_as_such() {
        let mesh = TiledNavMesh::new(sample_params()).unwrap();
        let query = NavMeshQuery::new(&mesh, 16).unwrap();
        let stale = PolyRef::encode(3, 0, 1).unwrap();
        let err = query.polygon_or_error(stale, "start_ref").err().unwrap();
        assert!(matches!(&err, NavMeshError::InvalidReference(m) if m.contains("start_ref")), "{err}");
        assert!(!query.is_valid_poly_ref(PolyRef::NULL, &QueryFilter::default()));
    }
}
