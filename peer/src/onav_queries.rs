//! onav's side of the query measurements: one `NavMeshQuery` over the
//! imported mesh, the default filter, warm buffers.

use onav::{
    straight_path_length, NavMeshQuery, PathStatus, PolyRef, QueryFilter, RaycastOptions, StraightPathOptions,
    StraightPathVertex, TiledNavMesh,
};

use crate::query_round::{QuerySide, ShortestAnswer, HALF_EXTENTS};

pub struct OnavQueries {
    pub query: NavMeshQuery,
    pub filter: QueryFilter,
    /// Node budget of every search.
    pub budget: usize,
    pub corridor: Vec<PolyRef>,
    pub path: Vec<StraightPathVertex>,
    /// The exact search's path, apart from the straight path's.
    pub shortest: Vec<StraightPathVertex>,
}

impl OnavQueries {
    /// Queries over `mesh` with `max_nodes` search nodes, all of them the
    /// budget of every search.
    pub fn new(mesh: &TiledNavMesh, max_nodes: usize) -> Result<OnavQueries, String> {
        Ok(OnavQueries {
            query: NavMeshQuery::new(mesh, max_nodes).map_err(|e| format!("onav query: {e}"))?,
            filter: QueryFilter::default(),
            budget: max_nodes,
            corridor: Vec::new(),
            path: Vec::new(),
            shortest: Vec::new(),
        })
    }
}

fn widened(p: &[f32; 3]) -> [f64; 3] {
    p.map(f64::from)
}

impl QuerySide for OnavQueries {
    type Ref = PolyRef;

    fn find_nearest_poly(&mut self, point: &[f32; 3]) -> Result<Option<PolyRef>, String> {
        let nearest = self.query.find_nearest_poly(widened(point), widened(&HALF_EXTENTS), &self.filter);
        Ok(nearest.map_err(|e| format!("onav find_nearest_poly: {e}"))?.map(|n| n.poly_ref))
    }

    fn find_path(&mut self, start: (PolyRef, &[f32; 3]), end: (PolyRef, &[f32; 3])) -> Result<bool, String> {
        let outcome = self
            .query
            .find_path(start.0, end.0, widened(start.1), widened(end.1), &self.filter, self.budget, &mut self.corridor)
            .map_err(|e| format!("onav find_path: {e}"))?;
        Ok(outcome.status == PathStatus::Complete)
    }

    fn find_straight_path(&mut self, start: &[f32; 3], end: &[f32; 3]) -> Result<(), String> {
        let options = StraightPathOptions::default();
        self.query
            .find_straight_path(&self.corridor, widened(start), widened(end), options, &mut self.path)
            .map(drop)
            .map_err(|e| format!("onav find_straight_path: {e}"))
    }

    fn straight_path_length(&self) -> f64 {
        straight_path_length(&self.path)
    }

    fn corridor_len(&self) -> usize {
        self.corridor.len()
    }

    fn raycast(&mut self, start: (PolyRef, &[f32; 3]), end: &[f32; 3]) -> Result<bool, String> {
        let hit = self
            .query
            .raycast(
                start.0,
                widened(start.1),
                widened(end),
                &self.filter,
                RaycastOptions::default(),
                &mut self.corridor,
            )
            .map_err(|e| format!("onav raycast: {e}"))?;
        Ok(hit.wall.is_none())
    }

    fn shortest_path(
        &mut self,
        start: (PolyRef, &[f32; 3]),
        end: (PolyRef, &[f32; 3]),
    ) -> Result<ShortestAnswer, String> {
        let outcome = self
            .query
            .find_shortest_path(start.0, end.0, widened(start.1), widened(end.1), &self.filter, &mut self.shortest)
            .map_err(|e| format!("onav find_shortest_path: {e}"))?;
        Ok(ShortestAnswer { status: outcome.status, length: outcome.length, nodes: outcome.nodes })
    }
}
