//! Detour's side of the query measurements: one `dtNavMeshQuery` over the
//! mesh loaded from the same tiles, a filter passing every flag at area
//! cost 1 (onav's default), corridor and straight-path buffers made once.

use recastnavigation_sys::{
    dtPolyRef, dtQueryFilter, dtStraightPathFlags_DT_STRAIGHTPATH_OFFMESH_CONNECTION, DT_PARTIAL_RESULT,
};

use onav::ShortestPathStatus;

use crate::detour_query::DetourQuery;
use crate::query_round::{QuerySide, ShortestAnswer, HALF_EXTENTS};

/// Longest corridor and straight path kept: beyond any path of these meshes.
const MAX_PATH: usize = 4096;

pub struct DetourQueries<'m> {
    query: DetourQuery<'m>,
    filter: dtQueryFilter,
    corridor: Vec<dtPolyRef>,
    corridor_len: usize,
    points: Vec<[f32; 3]>,
    flags: Vec<u8>,
    point_count: usize,
}

impl<'m> DetourQueries<'m> {
    pub fn new(query: DetourQuery<'m>) -> DetourQueries<'m> {
        DetourQueries {
            query,
            filter: dtQueryFilter { m_areaCost: [1.0; 64], m_includeFlags: 0xFFFF, m_excludeFlags: 0 },
            corridor: vec![0; MAX_PATH],
            corridor_len: 0,
            points: vec![[0.0; 3]; MAX_PATH],
            flags: vec![0; MAX_PATH],
            point_count: 0,
        }
    }
}

impl QuerySide for DetourQueries<'_> {
    type Ref = dtPolyRef;

    fn find_nearest_poly(&mut self, point: &[f32; 3]) -> Result<Option<dtPolyRef>, String> {
        let nearest = self.query.find_nearest_poly(point, &HALF_EXTENTS, &self.filter)?;
        Ok((nearest != 0).then_some(nearest))
    }

    fn find_path(&mut self, start: (dtPolyRef, &[f32; 3]), end: (dtPolyRef, &[f32; 3])) -> Result<bool, String> {
        let (status, len) =
            self.query.find_path((start.0, end.0), (start.1, end.1), &self.filter, &mut self.corridor)?;
        self.corridor_len = len;
        Ok(status & DT_PARTIAL_RESULT == 0 && len > 0 && self.corridor[len - 1] == end.0)
    }

    fn find_straight_path(&mut self, start: &[f32; 3], end: &[f32; 3]) -> Result<(), String> {
        let corridor = &self.corridor[..self.corridor_len];
        self.point_count = self.query.find_straight_path((start, end), corridor, &mut self.points, &mut self.flags)?;
        Ok(())
    }

    /// As `onav::straight_path_length`: X/Z lengths, 3D across off-mesh links.
    fn straight_path_length(&self) -> f64 {
        let points = &self.points[..self.point_count];
        let off_mesh = dtStraightPathFlags_DT_STRAIGHTPATH_OFFMESH_CONNECTION as u8;
        points
            .windows(2)
            .zip(&self.flags)
            .map(|(pair, &flags)| {
                let (a, b) = (pair[0].map(f64::from), pair[1].map(f64::from));
                let (dx, dy, dz) = (b[0] - a[0], b[1] - a[1], b[2] - a[2]);
                let dy = if flags & off_mesh != 0 { dy } else { 0.0 };
                (dx * dx + dy * dy + dz * dz).sqrt()
            })
            .sum()
    }

    fn corridor_len(&self) -> usize {
        self.corridor_len
    }

    fn raycast(&mut self, start: (dtPolyRef, &[f32; 3]), end: &[f32; 3]) -> Result<bool, String> {
        let t = self.query.raycast(start.0, (start.1, end), &self.filter, &mut self.corridor)?;
        Ok(t == f32::MAX)
    }

    /// Detour's shortest path is its straight path through the corridor.
    fn shortest_path(
        &mut self,
        start: (dtPolyRef, &[f32; 3]),
        end: (dtPolyRef, &[f32; 3]),
    ) -> Result<ShortestAnswer, String> {
        let complete = self.find_path(start, end)?;
        self.find_straight_path(start.1, end.1)?;
        let status = if complete { ShortestPathStatus::Complete } else { ShortestPathStatus::Unreachable };
        Ok(ShortestAnswer { status, length: self.straight_path_length(), nodes: 0 })
    }
}
