//! `LocalBoundary`: the wall segments near an agent, nearest first, which
//! bound its collision avoidance.
//!
//! The polygons around the agent come from `find_local_neighbourhood`
//! (which keeps one floor where floors stack), their walls as
//! `poly_wall_segments` gives them, read from the edges the search has
//! just opened; a segment further than the query range is left out, the
//! rest are sorted by distance with the order found breaking ties, and
//! only the nearest `max_segments` are kept.
//!
//! `#[inline(never)]` marks the parts of a crowd tick that
//! `scripts/crowd_instructions.sh` counts by name (see `crowd.rs`).

use crate::error::Result;
use crate::mesh::poly_ref::PolyRef;
use crate::query::local_neighbourhood::NeighbourPoly;
use crate::query::nav_mesh_query::NavMeshQuery;
use crate::query::query_filter::QueryFilter;
use crate::query::segment_xz::nearest_on_segment_xz;
use crate::query::wall_segments::edge_segments;

/// A wall segment near the agent, with its squared X/Z distance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundarySegment {
    pub start: [f64; 3],
    pub end: [f64; 3],
    pub distance_squared: f64,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct LocalBoundary {
    center: [f64; 3],
    /// True once walls were gathered around `center` (none near is an
    /// answer too, kept until the agent moves on).
    gathered: bool,
    segments: Vec<BoundarySegment>,
    /// Scratch of the update.
    polys: Vec<NeighbourPoly>,
}

impl LocalBoundary {
    /// The segments, nearest first.
    pub fn segments(&self) -> &[BoundarySegment] {
        &self.segments
    }

    /// Where the segments were last gathered.
    pub fn center(&self) -> [f64; 3] {
        self.center
    }

    /// True when [`Self::update`] gathered the segments since the last
    /// [`Self::clear`].
    pub fn is_gathered(&self) -> bool {
        self.gathered
    }

    /// Forgets the segments: the next update gathers them afresh.
    pub fn clear(&mut self) {
        self.segments.clear();
        self.gathered = false;
    }

    /// Gathers the walls within `range` of `position` on polygon `poly`.
    #[inline(never)]
    pub fn update(
        &mut self,
        query: &mut NavMeshQuery,
        (poly, position): (PolyRef, [f64; 3]),
        range: f64,
        max_segments: usize,
        filter: &QueryFilter,
    ) -> Result<()> {
        self.center = position;
        self.clear();
        let segments = &mut self.segments;
        // The walls of each polygon kept, in the order kept, as
        // `poly_wall_segments` gives them, read while the search has each
        // edge's openings at hand.
        query.find_local_neighbourhood_edges((poly, position), range, filter, &mut self.polys, |edge, openings| {
            let within = (position, range);
            edge_segments(edge, openings, false, |wall| push_within(segments, within, (wall.start, wall.end)));
        })?;
        keep_nearest(&mut self.segments, max_segments);
        self.gathered = true;
        Ok(())
    }
}

/// Adds the wall `start`–`end` to `segments` when it lies within `range`
/// of `position` in X/Z.
pub(crate) fn push_within(
    segments: &mut Vec<BoundarySegment>,
    (position, range): ([f64; 3], f64),
    (start, end): ([f64; 3], [f64; 3]),
) {
    let (_, distance_squared) = nearest_on_segment_xz(position, (start, end));
    if distance_squared <= range * range {
        segments.push(BoundarySegment { start, end, distance_squared });
    }
}

/// Keeps the nearest `max_segments` of `segments`, nearest first; a stable
/// sort, so equal distances keep the order they were found in.
pub(crate) fn keep_nearest(segments: &mut Vec<BoundarySegment>, max_segments: usize) {
    segments.sort_by(|a, b| a.distance_squared.total_cmp(&b.distance_squared));
    segments.truncate(max_segments);
}
