//! `PathCorridor`: the polygons an agent walks from the one it stands on to
//! the one holding its target, with its position and target on them.
//!
//! Moving the position slides it over the surface (`move_along_surface`)
//! and splices the polygons it crossed onto the corridor's front; a ray
//! that sees further along the corridor shortcuts it (visibility); a small
//! search from the agent re-joins the corridor further on when that costs
//! less (topology); and after the mesh changed (a tile streamed out, a
//! polygon or link switched off), the corridor is cut before its first
//! polygon that no longer exists or can no longer be reached along it.
//!
//! `#[inline(never)]` marks the parts of a crowd tick that
//! `scripts/crowd_instructions.sh` counts by name (see `crowd.rs`).

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::nav_mesh_query::NavMeshQuery;
use crate::query::query_filter::QueryFilter;
use crate::query::query_status::PathStatus;
use crate::query::raycast::RaycastOptions;
use crate::query::straight_path::{CrossingCache, StraightPathOptions, StraightPathVertex, VertexFlags};

/// Corners closer than this (in X/Z) to the agent are passed. Small: an
/// agent sliding along a wall can stop a hair beside a corner, and heading
/// for the corner after it from there runs into the wall.
const PASSED_CORNER: f64 = 1e-3;

/// Node budget of the topology optimisation's search.
const TOPOLOGY_NODES: usize = 32;

#[derive(Debug, Clone, PartialEq)]
pub struct PathCorridor {
    position: [f64; 3],
    target: [f64; 3],
    path: Vec<PolyRef>,
    /// Scratch: the polygons a move or ray crossed.
    visited: Vec<PolyRef>,
    /// The crossings the last corners were found through: the corners are
    /// asked for every tick, and the corridor changes only at its front, at
    /// a shortcut or at a new search, which the cache notices itself. It
    /// also keeps the start and end last placed, and the position a move
    /// placed over its polygon, whose placement is the position itself.
    crossings: CrossingCache,
}

impl PathCorridor {
    /// A corridor of polygon `poly` alone, with position and target at
    /// `position` (an empty corridor for [`PolyRef::NULL`]).
    pub fn new(poly: PolyRef, position: [f64; 3]) -> PathCorridor {
        let mut corridor = PathCorridor {
            position,
            target: position,
            path: Vec::new(),
            visited: Vec::new(),
            crossings: CrossingCache::default(),
        };
        corridor.reset(poly, position);
        corridor
    }

    /// Back to polygon `poly` alone, position and target at `position`.
    pub fn reset(&mut self, poly: PolyRef, position: [f64; 3]) {
        self.position = position;
        self.target = position;
        self.path.clear();
        if !poly.is_null() {
            self.path.push(poly);
        }
    }

    /// Takes the corridor `path` (from the agent's polygon) toward `target`.
    pub fn set_corridor(&mut self, target: [f64; 3], path: &[PolyRef]) {
        self.target = target;
        self.path.clear();
        self.path.extend_from_slice(path);
    }

    /// Searches the corridor from the position to `goal` (a polygon and a
    /// point on it) with at most `budget` nodes and takes it. A partial
    /// corridor (the goal cannot be reached, or the budget ran out) leads
    /// to the reached polygon nearest the goal.
    pub fn find_path_to(
        &mut self,
        query: &mut NavMeshQuery,
        (goal_ref, goal): (PolyRef, [f64; 3]),
        filter: &QueryFilter,
        budget: usize,
    ) -> Result<PathStatus> {
        let budget = budget.min(query.max_nodes());
        let outcome =
            query.find_path(self.first(), goal_ref, self.position, goal, filter, budget, &mut self.visited)?;
        self.target = goal;
        std::mem::swap(&mut self.path, &mut self.visited);
        Ok(outcome.status)
    }

    pub fn position(&self) -> [f64; 3] {
        self.position
    }

    pub fn target(&self) -> [f64; 3] {
        self.target
    }

    pub fn path(&self) -> &[PolyRef] {
        &self.path
    }

    /// The agent's polygon, [`PolyRef::NULL`] for an empty corridor.
    pub fn first(&self) -> PolyRef {
        self.path.first().copied().unwrap_or(PolyRef::NULL)
    }

    /// The target's polygon, [`PolyRef::NULL`] for an empty corridor.
    pub fn last(&self) -> PolyRef {
        self.path.last().copied().unwrap_or(PolyRef::NULL)
    }

    /// Replaces `corners` with at most `max_corners` corners of the
    /// straight path from the position to the target: the start and the
    /// corners already reached are left out, and the list ends at an
    /// off-mesh departure's arrival (the link is crossed before anything
    /// beyond it matters). The corridor's crossings are kept for the next
    /// call; after a mesh change, [`Self::forget_crossings`] first.
    #[inline(never)]
    pub fn find_corners(
        &mut self,
        query: &mut NavMeshQuery,
        max_corners: usize,
        corners: &mut Vec<StraightPathVertex>,
    ) -> Result<()> {
        corners.clear();
        if self.path.is_empty() {
            return Ok(());
        }
        // Usually only the start is passed, so the path's first
        // `max_corners + 1` vertices hold every corner kept; when more were
        // passed, the whole path is needed after all.
        let cut = self.unpassed_corners(query, Some(max_corners.saturating_add(1)), corners)?;
        if cut && corners.len() < max_corners {
            self.unpassed_corners(query, None, corners)?;
        }
        if let Some(link) = corners.iter().position(|c| c.flags.contains(VertexFlags::OFF_MESH)) {
            corners.truncate(link + 2);
        }
        corners.truncate(max_corners);
        Ok(())
    }

    /// The straight path's vertices (at most `max_vertices`) after those
    /// the agent has passed, into `corners`; true when the path was cut at
    /// the limit (its last vertex is not the end).
    fn unpassed_corners(
        &mut self,
        query: &mut NavMeshQuery,
        max_vertices: Option<usize>,
        corners: &mut Vec<StraightPathVertex>,
    ) -> Result<bool> {
        let options = StraightPathOptions { max_vertices, ..StraightPathOptions::default() };
        query.find_straight_path_cached(
            &self.path,
            (self.position, self.target),
            options,
            &mut self.crossings,
            corners,
        )?;
        let cut = corners.last().is_some_and(|c| !c.flags.contains(VertexFlags::END));
        let position = self.position;
        let passed = corners
            .iter()
            .position(|c| {
                c.flags.contains(VertexFlags::OFF_MESH)
                    || c.flags.contains(VertexFlags::END)
                    || distance_xz_squared(c.position, position) > PASSED_CORNER * PASSED_CORNER
            })
            .unwrap_or(corners.len());
        corners.drain(..passed);
        Ok(cut)
    }

    /// Forgets the crossings and placed points kept for the corners: the
    /// mesh changed, and the same polygons may be joined and shaped
    /// differently in its new version.
    pub fn forget_crossings(&mut self) {
        self.crossings.clear();
    }

    /// Slides the position toward `wanted` over the surface and puts the
    /// polygons it crossed at the corridor's front. A position the move
    /// found over the polygon it ends in (the corridor's first polygon
    /// now) is already where the next corners' path would place its start,
    /// and the crossing cache is told so.
    #[inline(never)]
    pub fn move_position(&mut self, query: &mut NavMeshQuery, wanted: [f64; 3], filter: &QueryFilter) -> Result<()> {
        let (moved, over_polygon) =
            query.move_along_surface_placed(self.first(), (self.position, wanted), filter, &mut self.visited)?;
        merge_moved_start(&mut self.path, &self.visited);
        self.position = moved.position;
        if let (true, Some(&poly)) = (over_polygon, self.visited.last()) {
            self.crossings.start_on_surface(poly, moved.position);
        }
        Ok(())
    }

    /// Casts a ray from the position toward `next` (a corner ahead), at
    /// most `range` far; when it reaches its end without a wall, the
    /// corridor runs through the polygons the ray crossed instead. True
    /// when the corridor changed (corners found before are stale).
    #[inline(never)]
    pub fn optimize_visibility(
        &mut self,
        query: &mut NavMeshQuery,
        next: [f64; 3],
        range: f64,
        filter: &QueryFilter,
    ) -> Result<bool> {
        // A ray crosses its start polygon first, so the corridor polygon it
        // reaches furthest along lies at least as far along the ray as
        // along a corridor of two polygons: no ray shortens one that short.
        if self.path.len() < 3 {
            return Ok(false);
        }
        let (dx, dz) = (next[0] - self.position[0], next[2] - self.position[2]);
        let length = (dx * dx + dz * dz).sqrt();
        if length <= PASSED_CORNER {
            return Ok(false);
        }
        let scale = (range / length).min(1.0);
        let end = [self.position[0] + dx * scale, next[1], self.position[2] + dz * scale];
        let hit =
            query.raycast(self.first(), self.position, end, filter, RaycastOptions::default(), &mut self.visited)?;
        Ok(hit.wall.is_none() && merge_shortcut(&mut self.path, &self.visited))
    }

    /// True when a ray over the surface from the position reaches `point`
    /// (in X/Z) without meeting a wall the filter makes.
    pub fn sees(&mut self, query: &mut NavMeshQuery, point: [f64; 3], filter: &QueryFilter) -> Result<bool> {
        let hit =
            query.raycast(self.first(), self.position, point, filter, RaycastOptions::default(), &mut self.visited)?;
        Ok(hit.wall.is_none())
    }

    /// Searches from the position toward the target with a small node
    /// budget; when the search reaches a polygon further along the
    /// corridor, the corridor takes the search's way there.
    #[inline(never)]
    pub fn optimize_topology(&mut self, query: &mut NavMeshQuery, filter: &QueryFilter) -> Result<()> {
        if self.path.len() < 3 {
            return Ok(());
        }
        let budget = TOPOLOGY_NODES.min(query.max_nodes());
        let outcome = query.find_path(
            self.first(),
            self.last(),
            self.position,
            self.target,
            filter,
            budget,
            &mut self.visited,
        )?;
        if outcome.status != PathStatus::Complete && outcome.status != PathStatus::OutOfNodes {
            return Ok(());
        }
        merge_shortcut(&mut self.path, &self.visited);
        Ok(())
    }

    /// Cuts the corridor before its first polygon the mesh no longer
    /// holds or the filter no longer passes, or that the polygon before it
    /// no longer leads into (an off-mesh link or a polygon switched off);
    /// true when the whole corridor is still valid.
    pub fn trim_invalid(&mut self, query: &mut NavMeshQuery, filter: &QueryFilter) -> bool {
        let valid = match self.path.first() {
            Some(&first) if query.is_valid_poly_ref(first, filter) => {
                1 + self.path.windows(2).take_while(|pair| query.can_step(pair[0], pair[1], filter)).count()
            }
            _ => 0,
        };
        let whole = valid == self.path.len();
        self.path.truncate(valid);
        whole
    }

    /// Moves the front of the corridor past an off-mesh link: the corridor
    /// then starts at the polygon the link lands on, with the position at
    /// the link's arrival. False when that polygon is not in the corridor.
    pub fn cross_off_mesh_link(&mut self, landing: PolyRef, arrival: [f64; 3]) -> bool {
        let Some(index) = self.path.iter().skip(1).position(|&p| p == landing) else {
            return false;
        };
        self.path.drain(..=index);
        self.position = arrival;
        true
    }
}

fn distance_xz_squared(a: [f64; 3], b: [f64; 3]) -> f64 {
    let (dx, dz) = (a[0] - b[0], a[2] - b[2]);
    dx * dx + dz * dz
}

/// The furthest polygon of `visited` that the corridor holds: its index in
/// `visited` and in `path` (the first occurrence there).
fn furthest_common(path: &[PolyRef], visited: &[PolyRef]) -> Option<(usize, usize)> {
    visited.iter().enumerate().rev().find_map(|(i, v)| path.iter().position(|p| p == v).map(|j| (i, j)))
}

/// After a move from `path[0]` through `visited` (ending in the agent's
/// new polygon): the corridor runs from the new polygon back along the
/// visited polygons to the furthest one on the corridor, then on as before.
fn merge_moved_start(path: &mut Vec<PolyRef>, visited: &[PolyRef]) {
    let Some((i, j)) = furthest_common(path, visited) else {
        if let Some(&last) = visited.last() {
            path.clear();
            path.push(last);
        }
        return;
    };
    path.splice(..j, visited[i + 1..].iter().rev().copied());
}

/// After a ray or search from `path[0]` through `visited`: the corridor
/// runs through the visited polygons up to the furthest one on the
/// corridor, then on as before, when that skips some of it (true then).
fn merge_shortcut(path: &mut Vec<PolyRef>, visited: &[PolyRef]) -> bool {
    let Some((i, j)) = furthest_common(path, visited) else {
        return false;
    };
    let shorter = j > i;
    if shorter {
        path.splice(..j, visited[..i].iter().copied());
    }
    shorter
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(ids: &[u32]) -> Vec<PolyRef> {
        ids.iter().map(|&i| PolyRef::encode(1, 0, i).unwrap()).collect()
    }

    #[test]
    fn a_move_forward_drops_the_polygons_behind() {
        let mut path = refs(&[0, 1, 2, 3]);
        merge_moved_start(&mut path, &refs(&[0, 1, 2]));
        assert_eq!(path, refs(&[2, 3]));
    }

    #[test]
    fn a_move_off_the_corridor_leads_back_to_it() {
        let mut path = refs(&[0, 1, 2, 3]);
        merge_moved_start(&mut path, &refs(&[0, 1, 7, 8]));
        assert_eq!(path, refs(&[8, 7, 1, 2, 3]));
    }

    #[test]
    fn a_shortcut_replaces_the_longer_way() {
        let mut path = refs(&[0, 1, 2, 3, 4, 5]);
        assert!(merge_shortcut(&mut path, &refs(&[0, 9, 4])));
        assert_eq!(path, refs(&[0, 9, 4, 5]));
        let mut unchanged = refs(&[0, 1, 2]);
        assert!(!merge_shortcut(&mut unchanged, &refs(&[0, 1])));
        assert_eq!(unchanged, refs(&[0, 1, 2]));
    }
}
