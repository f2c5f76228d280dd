//! `find_straight_path`: the string-pulled path through a corridor (the
//! funnel algorithm in X/Z), with a flag and the polygon entered at every
//! vertex.
//!
//! The start and end positions are first moved onto the corridor's first
//! and last polygons (their closest points). The funnel runs from the
//! start through each crossing's edge part, its right end the part's
//! first corner in the leaving polygon's counter-clockwise order, and
//! turns at the ends it cannot see past. An off-mesh link ends a stretch:
//! the path runs to the link's departure (a vertex flagged
//! [`VertexFlags::OFF_MESH`]), then on from its arrival. Options add a
//! vertex where the path crosses an edge between two areas, or every
//! crossed edge. Turns are decided with the exact orientation predicate,
//! so the path is the same on every platform.

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::PolyRef;
use crate::query::crossing::{crossing_to, Crossing, CrossingKind};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::{check_position, stale_reference, NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::{distance, distance_xz, lerp, orient_xz};
use crate::query::query_status::StraightPathStatus;
use crate::query::surface_points::closest_point;

/// What a straight-path vertex marks; bits combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct VertexFlags(pub u8);

impl VertexFlags {
    /// The first vertex: the start position on the first polygon.
    pub const START: VertexFlags = VertexFlags(1);
    /// The last vertex: the end position on the last polygon.
    pub const END: VertexFlags = VertexFlags(2);
    /// The departure of an off-mesh link; the next vertex is its arrival.
    pub const OFF_MESH: VertexFlags = VertexFlags(4);

    pub fn contains(self, other: VertexFlags) -> bool {
        self.0 & other.0 == other.0
    }

    fn with(self, other: VertexFlags) -> VertexFlags {
        VertexFlags(self.0 | other.0)
    }
}

/// One vertex of a straight path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StraightPathVertex {
    pub position: [f64; 3],
    pub flags: VertexFlags,
    /// The polygon the path runs in from this vertex on: the polygon
    /// entered at a turn or crossing, the link's landing polygon at an
    /// off-mesh departure, the last polygon at the end.
    pub poly: PolyRef,
}

/// Which extra vertices a straight path gets where it crosses an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PathCrossings {
    /// Only turns, off-mesh links, start and end.
    #[default]
    None,
    /// Also where the path crosses between polygons of different areas.
    AreaChanges,
    /// Also at every crossed edge.
    AllEdges,
}

/// Options of [`NavMeshQuery::find_straight_path`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StraightPathOptions {
    pub crossings: PathCrossings,
}

/// The path's length as the peer harness measures it: the X/Z length of
/// every segment on the surface, plus the 3D length of every off-mesh link
/// (the segment leaving a vertex flagged [`VertexFlags::OFF_MESH`]).
pub fn straight_path_length(path: &[StraightPathVertex]) -> f64 {
    path.windows(2)
        .map(|pair| {
            let (a, b) = (pair[0].position, pair[1].position);
            if pair[0].flags.contains(VertexFlags::OFF_MESH) {
                distance(a, b)
            } else {
                distance_xz(a, b)
            }
        })
        .sum()
}

/// The funnel's state within one stretch (between off-mesh links).
struct Funnel {
    apex: [f64; 3],
    /// Crossing index the apex lies on (the stretch's first crossing minus
    /// one at its start).
    apex_at: isize,
    left: [f64; 3],
    left_at: isize,
    right: [f64; 3],
    right_at: isize,
}

impl Funnel {
    fn at(point: [f64; 3], index: isize) -> Funnel {
        Funnel { apex: point, apex_at: index, left: point, left_at: index, right: point, right_at: index }
    }
}

/// Builds the path into `out` over the resolved crossings of a corridor.
struct PathWriter<'a> {
    corridor: &'a [PolyRef],
    crossings: &'a [Crossing],
    areas: &'a [u8],
    options: StraightPathOptions,
    out: &'a mut Vec<StraightPathVertex>,
}

impl PathWriter<'_> {
    /// Appends a vertex, or merges it into the last one at the same place.
    fn push(&mut self, position: [f64; 3], flags: VertexFlags, poly: PolyRef) {
        if let Some(last) = self.out.last_mut() {
            if last.position == position {
                (last.flags, last.poly) = (last.flags.with(flags), poly);
                return;
            }
        }
        self.out.push(StraightPathVertex { position, flags, poly });
    }

    /// The crossing vertices the options ask for on the edges of
    /// crossings `first..end`, where the segment from the last vertex to
    /// `to` crosses them.
    fn push_crossings(&mut self, first: isize, end: isize, to: [f64; 3]) {
        if self.options.crossings == PathCrossings::None {
            return;
        }
        for i in first.max(0) as usize..end.max(0) as usize {
            let crossing = self.crossings[i];
            let changes_area = self.areas[i] != self.areas[i + 1];
            if crossing.kind != CrossingKind::Edge
                || (self.options.crossings == PathCrossings::AreaChanges && !changes_area)
            {
                continue;
            }
            let from = self.out.last().expect("the start is pushed first").position;
            if let Some(t) = edge_parameter(from, to, crossing.start, crossing.end) {
                self.push(lerp(crossing.start, crossing.end, t), VertexFlags::default(), self.corridor[i + 1]);
            }
        }
    }

    /// The funnel from `from` (on crossing `first - 1`) through the edge
    /// crossings `first..end` to `to`, pushing its turns, and then `to`
    /// with `flags` and `poly`.
    fn stretch(&mut self, from: [f64; 3], first: usize, end: usize, to: [f64; 3], flags: VertexFlags, poly: PolyRef) {
        let mut funnel = Funnel::at(from, first as isize - 1);
        let mut k = first as isize;
        while k <= end as isize {
            let (right, left) = if k == end as isize {
                (to, to)
            } else {
                let crossing = self.crossings[k as usize];
                (crossing.start, crossing.end)
            };
            // A side still at the apex turns by exactly 0 toward any point:
            // it is tested first, so the exact predicate is not run on a
            // degenerate triangle (which its filter cannot decide).
            let right_at_apex = funnel.apex == funnel.right;
            if right_at_apex || orient_xz(funnel.apex, funnel.right, right) >= 0.0 {
                if right_at_apex || !past_side(funnel.apex, funnel.left, funnel.right, right, 1.0) {
                    (funnel.right, funnel.right_at) = (right, k);
                } else {
                    funnel = self.turn(funnel.apex_at, funnel.left, funnel.left_at);
                    k = funnel.apex_at + 1;
                    continue;
                }
            }
            let left_at_apex = funnel.apex == funnel.left;
            if left_at_apex || orient_xz(funnel.apex, funnel.left, left) <= 0.0 {
                if left_at_apex || !past_side(funnel.apex, funnel.right, funnel.left, left, -1.0) {
                    (funnel.left, funnel.left_at) = (left, k);
                } else if funnel.right_at == end as isize {
                    // The right side just closed on `to`: `to` is visible.
                    break;
                } else {
                    funnel = self.turn(funnel.apex_at, funnel.right, funnel.right_at);
                    k = funnel.apex_at + 1;
                    continue;
                }
            }
            k += 1;
        }
        self.push_crossings(funnel.apex_at + 1, end as isize, to);
        self.push(to, flags, poly);
    }

    /// Pushes `corner` (on crossing `at`), where the path turns after the
    /// apex on crossing `apex_at`; returns the funnel from there.
    fn turn(&mut self, apex_at: isize, corner: [f64; 3], at: isize) -> Funnel {
        self.push_crossings(apex_at + 1, at, corner);
        self.push(corner, VertexFlags::default(), self.corridor[(at + 1) as usize]);
        Funnel::at(corner, at)
    }
}

/// True when `p`, a new end of the funnel's other side, lies past the
/// funnel's side `side` (strictly beyond it in the direction `sign`: +1
/// counter-clockwise for the right end crossing the left side, -1 for the
/// left end crossing the right side), so the path must turn at `side`.
///
/// A point exactly on the line of `side` is decided by where on the line
/// it lies, not as a crossing. On the ray from the apex through `side` it
/// is on the funnel's edge, which is inside: turning there would add a
/// vertex on a straight line (a path running along a polygon edge). On
/// the ray through `other` (the apex lies on a crossing edge, so the
/// funnel is a half-plane whose sides point opposite ways, as at an
/// off-mesh arrival on the next crossing) it is on the other edge, also
/// inside. Anywhere else on the line (behind a funnel closed to one ray,
/// or at the apex itself, or with `side` at the apex) it counts as past,
/// Detour's rule. The directions come from the signs of dot products of
/// collinear differences, which are exact: each term of the sum has the
/// sign of the common factor (a rounded difference keeps its sign and is
/// zero only when exact) and no product of differences underflows.
fn past_side(apex: [f64; 3], side: [f64; 3], other: [f64; 3], p: [f64; 3], sign: f64) -> bool {
    // A side at the apex turns by exactly 0 (counted as past): tested
    // before the predicate, which its filter cannot decide there.
    if side == apex {
        return true;
    }
    let turn = orient_xz(apex, side, p) * sign;
    if turn != 0.0 {
        return turn > 0.0;
    }
    if p == apex {
        return true;
    }
    let on_ray = |through: [f64; 3]| {
        through != apex
            && orient_xz(apex, through, p) == 0.0
            && (through[0] - apex[0]) * (p[0] - apex[0]) + (through[2] - apex[2]) * (p[2] - apex[2]) > 0.0
    };
    !(on_ray(side) || on_ray(other))
}

/// Where the segment from → to crosses the edge start → end in X/Z, as a
/// parameter along the edge (clamped to it); `None` when they are
/// parallel.
fn edge_parameter(from: [f64; 3], to: [f64; 3], start: [f64; 3], end: [f64; 3]) -> Option<f64> {
    let (dx, dz) = (to[0] - from[0], to[2] - from[2]);
    let (ex, ez) = (end[0] - start[0], end[2] - start[2]);
    let denominator = dx * ez - dz * ex;
    if denominator == 0.0 {
        return None;
    }
    let (sx, sz) = (start[0] - from[0], start[2] - from[2]);
    Some(((sx * dz - sz * dx) / denominator).clamp(0.0, 1.0))
}

impl NavMeshQuery {
    /// The straight path from `start` to `end` through `corridor` (as
    /// [`Self::find_path`] gives it), into `out` (replaced): the start, the
    /// turns, off-mesh departures and arrivals, the crossings the options
    /// ask for, and the end. When two neighbours of the corridor are not
    /// joined (or one of them is stale), the path ends at the point of the
    /// last joined polygon nearest `end`, as partial. Errors: an empty
    /// corridor or a position outside the coordinate rule is out of range;
    /// a null or stale first polygon is an invalid reference.
    pub fn find_straight_path(
        &mut self,
        corridor: &[PolyRef],
        start: [f64; 3],
        end: [f64; 3],
        options: StraightPathOptions,
        out: &mut Vec<StraightPathVertex>,
    ) -> Result<StraightPathStatus> {
        check_position("start", start)?;
        check_position("end", end)?;
        let Some(&first) = corridor.first() else {
            return Err(NavMeshError::out_of_range("the corridor is empty: it needs at least the start polygon"));
        };
        let NavMeshQuery { mesh, path_crossings, path_areas, .. } = self;
        let first_polygon = QueryPolygon::of(mesh, first).ok_or_else(|| stale_reference("corridor[0]", first))?;
        let start = closest_point(&first_polygon, &first_polygon.world(), start).position;
        let (last, last_polygon) = resolve_corridor(mesh, corridor, first_polygon, path_crossings, path_areas);
        let end = closest_point(&last_polygon, &last_polygon.world(), end).position;

        let (path_crossings, path_areas) = (&path_crossings[..], &path_areas[..]);
        out.clear();
        let mut writer =
            PathWriter { corridor: &corridor[..=last], crossings: path_crossings, areas: path_areas, options, out };
        writer.push(start, VertexFlags::START, first);
        let mut from = (start, 0);
        for (i, crossing) in path_crossings.iter().enumerate() {
            if crossing.kind != CrossingKind::Edge {
                writer.stretch(from.0, from.1, i, crossing.start, VertexFlags::OFF_MESH, corridor[i + 1]);
                writer.push(crossing.end, VertexFlags::default(), corridor[i + 1]);
                from = (crossing.end, i + 1);
            }
        }
        writer.stretch(from.0, from.1, last, end, VertexFlags::END, corridor[last]);
        Ok(if last + 1 == corridor.len() { StraightPathStatus::Complete } else { StraightPathStatus::Partial })
    }
}

/// Fills `crossings` with the crossing between each pair of the
/// corridor's neighbours and `areas` with the polygons' areas, from
/// `first` (the corridor's first polygon) up to the first pair that is
/// not joined; returns the index of the last polygon reached that way,
/// and that polygon. A next polygon of the same tile is read without
/// looking its tile up again.
fn resolve_corridor<'a>(
    mesh: &'a TiledNavMesh,
    corridor: &[PolyRef],
    first: QueryPolygon<'a>,
    crossings: &mut Vec<Crossing>,
    areas: &mut Vec<u8>,
) -> (usize, QueryPolygon<'a>) {
    crossings.clear();
    areas.clear();
    let mut polygon = first;
    for (i, pair) in corridor.windows(2).enumerate() {
        areas.push(polygon.view.record.area);
        let Some(next) = polygon.reach(mesh, pair[0], pair[1]) else {
            return (i, polygon);
        };
        let Some(crossing) = crossing_to(mesh, pair[0], &polygon, pair[1]) else {
            return (i, polygon);
        };
        crossings.push(crossing);
        polygon = next;
    }
    areas.push(polygon.view.record.area);
    (corridor.len() - 1, polygon)
}
