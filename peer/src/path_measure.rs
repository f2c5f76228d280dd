//! The length of onav's straight path between two points, when the path
//! is complete: how far a crowd agent has left to walk, and whether a
//! target is reachable at all.

use onav::{straight_path_length, NavMeshQuery, PathStatus, PolyRef, QueryFilter, StraightPathOptions, TiledNavMesh};

/// Search nodes: Detour's largest pool, beyond any path of these levels.
const MAX_NODES: usize = 65_535;
/// Where a point's polygon is looked for: RecastDemo's box.
const HALF_EXTENTS: [f64; 3] = [2.0, 4.0, 2.0];

/// onav's straight path between two points, when the path is complete.
pub struct PathMeasure {
    query: NavMeshQuery,
    filter: QueryFilter,
    corridor: Vec<PolyRef>,
    path: Vec<onav::StraightPathVertex>,
}

impl PathMeasure {
    pub fn new(mesh: &TiledNavMesh) -> Result<PathMeasure, String> {
        let query = NavMeshQuery::new(mesh, MAX_NODES).map_err(|e| format!("onav query: {e}"))?;
        Ok(PathMeasure { query, filter: QueryFilter::default(), corridor: Vec::new(), path: Vec::new() })
    }

    pub fn complete_length(&mut self, start: [f64; 3], end: [f64; 3]) -> Result<Option<f64>, String> {
        let (Some(from), Some(to)) = (self.nearest(start)?, self.nearest(end)?) else {
            return Ok(None);
        };
        let outcome = self
            .query
            .find_path(from.poly_ref, to.poly_ref, start, end, &self.filter, MAX_NODES, &mut self.corridor)
            .map_err(|e| format!("onav find_path: {e}"))?;
        if outcome.status != PathStatus::Complete {
            return Ok(None);
        }
        self.query
            .find_straight_path(&self.corridor, start, end, StraightPathOptions::default(), &mut self.path)
            .map_err(|e| format!("onav find_straight_path: {e}"))?;
        Ok(Some(straight_path_length(&self.path)))
    }

    fn nearest(&mut self, point: [f64; 3]) -> Result<Option<onav::NearestPoly>, String> {
        self.query.find_nearest_poly(point, HALF_EXTENTS, &self.filter).map_err(|e| format!("onav nearest: {e}"))
    }
}
