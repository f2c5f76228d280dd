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
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::crossing::{crossing_to, Crossing, CrossingKind};
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
    /// At most this many vertices (`None`: the whole path). The vertices
    /// given are exactly the first ones of the whole path, and the funnel
    /// stops once it has found them, reading the corridor no further (an
    /// agent that looks a few corners ahead need not walk its whole
    /// corridor every tick). A path cut short ends without a vertex flagged
    /// [`VertexFlags::END`]; its status is partial only when a break in
    /// the corridor was met before the cut.
    pub max_vertices: Option<usize>,
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

/// The crossings a straight path resolved along a corridor (and the areas
/// of the polygons they join), kept by the caller for the next path along
/// the same corridor: a crowd agent asks for its corners every tick, while
/// its corridor changes only at the front (walked polygons dropped), at a
/// shortcut, or at a new search. A crossing depends only on the mesh and
/// the two polygons it joins, so [`NavMeshQuery::find_straight_path_cached`]
/// keeps every entry that still joins the same neighbours of the corridor
/// it is given (after dropping the polygons the front has left) and
/// resolves only the rest. The start and end it last placed on their
/// polygons are kept too: an agent's target and its corridor's last
/// polygon rarely change from tick to tick. Clear it when the mesh
/// changes: the same references may be joined and shaped differently in
/// another version.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CrossingCache {
    /// The corridor's first polygon when the entries were resolved.
    first: PolyRef,
    /// The crossing out of each corridor polygon resolved so far.
    crossings: Vec<Crossing>,
    /// The area of every polygon reached (one more than the crossings, or
    /// none when nothing is kept).
    areas: Vec<u8>,
    /// The start and end last placed.
    placed: PlacedEnds,
}

impl CrossingCache {
    /// Forgets every entry (after a mesh change).
    pub fn clear(&mut self) {
        self.forget_crossings();
        self.placed = PlacedEnds::default();
    }

    /// Records that `position` lies over polygon `poly` in X/Z, at the
    /// height `height_at` gives there: as `move_along_surface` answers
    /// when its end lies over the polygon it ends in
    /// ([`NavMeshQuery::move_along_surface_placed`]). Placing such a point
    /// on `poly` gives it back bit for bit (`closest_point` keeps the X/Z
    /// of a point inside, and its height is `height_at` of the same
    /// polygon at the same X/Z, which reads nothing else), so a path that
    /// starts there on `poly` skips the placement. Only for a point
    /// placed on this mesh version: the cache is cleared with the mesh.
    pub(crate) fn start_on_surface(&mut self, poly: PolyRef, position: [f64; 3]) {
        self.placed.start = Some(PlacedPoint::of(poly, position, position));
    }

    fn forget_crossings(&mut self) {
        self.crossings.clear();
        self.areas.clear();
    }

    /// Keeps the entries that still describe `corridor`'s first steps:
    /// when the corridor now starts at a polygon an entry led into, the
    /// entries before it go (the front moved on); then the entries up to
    /// the first one that does not lead into the corridor's next polygon
    /// stay. Returns how many crossings are kept.
    fn align(&mut self, corridor: &[PolyRef]) -> usize {
        let first = corridor[0];
        let front = if self.first == first {
            Some(0)
        } else {
            self.crossings.iter().position(|c| c.target == first).map(|i| i + 1)
        };
        match front {
            Some(passed) if !self.areas.is_empty() => {
                self.crossings.drain(..passed);
                self.areas.drain(..passed);
            }
            _ => self.forget_crossings(),
        }
        self.first = first;
        let kept = self.crossings.iter().zip(&corridor[1..]).take_while(|(c, &next)| c.target == next).count();
        self.crossings.truncate(kept);
        self.areas.truncate(kept + 1);
        kept
    }
}

/// A point placed on a polygon: `closest_point` of `wanted` on `poly` (in
/// the mesh version of the cache holding it) is `placed`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct PlacedPoint {
    poly: PolyRef,
    /// The bits of the wanted point: 0.0 and -0.0 are different wishes,
    /// since a point inside is kept as it is.
    wanted: [u64; 3],
    placed: [f64; 3],
}

impl PlacedPoint {
    fn of(poly: PolyRef, wanted: [f64; 3], placed: [f64; 3]) -> PlacedPoint {
        PlacedPoint { poly, wanted: wanted.map(f64::to_bits), placed }
    }

    fn is_placement_of(&self, poly: PolyRef, wanted: [f64; 3]) -> bool {
        self.poly == poly && self.wanted == wanted.map(f64::to_bits)
    }
}

/// The straight path's start and end as last placed on their polygons.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct PlacedEnds {
    start: Option<PlacedPoint>,
    end: Option<PlacedPoint>,
}

/// A placement kept from path to path ([`CrossingCache`]), or none (a
/// path without a cache places its start and end and keeps nothing).
type KeptPlacement<'a> = Option<&'a mut Option<PlacedPoint>>;

/// `wanted` placed on `polygon` (named `poly`) as `closest_point` places
/// it: read from `kept` when that holds the same placement, else computed
/// and kept there. Always inlined: out of line (fat LTO's choice), the
/// path without a cache (`find_straight_path`) cost about 0.5% more
/// instructions a call.
#[inline(always)]
fn place(kept: KeptPlacement<'_>, polygon: &QueryPolygon<'_>, poly: PolyRef, wanted: [f64; 3]) -> [f64; 3] {
    let Some(kept) = kept else {
        return closest_point(polygon, &polygon.world(), wanted).position;
    };
    match *kept {
        Some(point) if point.is_placement_of(poly, wanted) => point.placed,
        _ => {
            let placed = closest_point(polygon, &polygon.world(), wanted).position;
            *kept = Some(PlacedPoint::of(poly, wanted, placed));
            placed
        }
    }
}

/// The corridor's crossings, resolved as the funnel first reaches them, so
/// a path stopped at a vertex limit does not read the corridor past what
/// it needed; those a [`CrossingCache`] kept from an earlier path are
/// read, not resolved again. Resolution stops at the first pair of
/// neighbours that is not joined (or at the corridor's end): that polygon
/// is the last one reached, and the path ends at its point nearest the
/// wanted end.
struct CorridorCrossings<'a> {
    mesh: &'a TiledNavMesh,
    corridor: &'a [PolyRef],
    /// The crossing out of each polygon resolved so far.
    crossings: &'a mut Vec<Crossing>,
    /// The area of every polygon reached (one more than the crossings).
    areas: &'a mut Vec<u8>,
    /// The last polygon reached (index `crossings.len()`).
    polygon: QueryPolygon<'a>,
    wanted_end: [f64; 3],
    /// The end as last placed.
    placed_end: KeptPlacement<'a>,
    /// Once the last polygon reached is known: its index and the end
    /// position on it.
    end: Option<(usize, [f64; 3])>,
}

/// What the funnel meets at a crossing index.
enum Portal {
    /// An edge crossing: its right and left ends.
    Edge([f64; 3], [f64; 3]),
    /// The departure of an off-mesh link: the stretch ends there.
    OffMesh(Crossing),
    /// The end position, on the last polygon reached.
    End([f64; 3]),
}

impl<'a> CorridorCrossings<'a> {
    /// Over the crossings `crossings` and areas `areas` already hold for
    /// the corridor's first polygons (none, or a prefix a
    /// [`CrossingCache`] kept), resolving on from the last one.
    fn new(
        mesh: &'a TiledNavMesh,
        corridor: &'a [PolyRef],
        first: QueryPolygon<'a>,
        (crossings, areas): (&'a mut Vec<Crossing>, &'a mut Vec<u8>),
        (wanted_end, placed_end): ([f64; 3], KeptPlacement<'a>),
    ) -> CorridorCrossings<'a> {
        // A kept crossing led into the polygon in this mesh version, so
        // it is found; should it not be, everything is resolved again.
        let last_kept = match crossings.len() {
            0 => None,
            kept => QueryPolygon::of(mesh, corridor[kept]),
        };
        let polygon = last_kept.unwrap_or_else(|| {
            crossings.clear();
            areas.clear();
            areas.push(first.view.record.area);
            first
        });
        CorridorCrossings { mesh, corridor, crossings, areas, polygon, wanted_end, placed_end, end: None }
    }

    /// What lies at crossing `k`; the funnel asks for `k` only once every
    /// crossing before it is resolved.
    fn portal(&mut self, k: usize) -> Portal {
        while self.crossings.len() <= k && self.end.is_none() {
            self.resolve_next();
        }
        match self.end {
            Some((last, position)) if k == last => Portal::End(position),
            _ => {
                let crossing = self.crossings[k];
                match crossing.kind {
                    CrossingKind::Edge => Portal::Edge(crossing.start, crossing.end),
                    CrossingKind::OffMesh { .. } => Portal::OffMesh(crossing),
                }
            }
        }
    }

    /// Resolves the crossing out of the last polygon reached, or, when
    /// there is none, places the end on that polygon. A next polygon of the
    /// same tile is read without looking its tile up again.
    fn resolve_next(&mut self) {
        let i = self.crossings.len();
        let joined = self.corridor.get(i..i + 2).and_then(|pair| {
            let next = self.polygon.reach(self.mesh, pair[0], pair[1])?;
            Some((next, crossing_to(self.mesh, pair[0], &self.polygon, pair[1])?))
        });
        match joined {
            Some((next, crossing)) => {
                self.crossings.push(crossing);
                self.areas.push(next.view.record.area);
                self.polygon = next;
            }
            None => {
                let position = place(self.placed_end.as_deref_mut(), &self.polygon, self.corridor[i], self.wanted_end);
                self.end = Some((i, position));
            }
        }
    }
}

/// Builds the path into `out` over a corridor's crossings.
struct PathWriter<'a> {
    corridor: &'a [PolyRef],
    crossings: CorridorCrossings<'a>,
    options: StraightPathOptions,
    out: &'a mut Vec<StraightPathVertex>,
}

/// Where a stretch of the path ended.
enum StretchEnd {
    /// At the departure of the off-mesh link of crossing `at`.
    OffMesh { at: usize, link: Crossing },
    /// At the end of the path.
    End,
    /// At the vertex limit, before either.
    Limit,
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

    /// True once the path holds a vertex past the limit: the vertices up to
    /// the limit can no longer change (a later vertex merges only into the
    /// last one).
    fn past_limit(&self) -> bool {
        self.options.max_vertices.is_some_and(|limit| self.out.len() > limit)
    }

    /// The crossing vertices the options ask for on the edges of
    /// crossings `first..end`, where the segment from the last vertex to
    /// `to` crosses them.
    fn push_crossings(&mut self, first: isize, end: isize, to: [f64; 3]) {
        if self.options.crossings == PathCrossings::None {
            return;
        }
        for i in first.max(0) as usize..end.max(0) as usize {
            let crossing = self.crossings.crossings[i];
            let changes_area = self.crossings.areas[i] != self.crossings.areas[i + 1];
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
    /// crossings from `first` on, pushing its turns, up to the stretch's
    /// end (the next off-mesh departure, or the path's end), which it
    /// pushes too.
    fn stretch(&mut self, from: [f64; 3], first: usize) -> StretchEnd {
        let mut funnel = Funnel::at(from, first as isize - 1);
        let mut k = first as isize;
        // The stretch's last index, its end point, and how it ends, once
        // the funnel has reached it.
        let mut end: Option<(isize, [f64; 3], StretchEnd)> = None;
        while end.as_ref().is_none_or(|e| k <= e.0) {
            let (right, left) = match self.crossings.portal(k as usize) {
                Portal::Edge(right, left) => (right, left),
                Portal::OffMesh(link) => {
                    end = Some((k, link.start, StretchEnd::OffMesh { at: k as usize, link }));
                    (link.start, link.start)
                }
                Portal::End(to) => {
                    end = Some((k, to, StretchEnd::End));
                    (to, to)
                }
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
                    if self.past_limit() {
                        return StretchEnd::Limit;
                    }
                    k = funnel.apex_at + 1;
                    continue;
                }
            }
            let left_at_apex = funnel.apex == funnel.left;
            if left_at_apex || orient_xz(funnel.apex, funnel.left, left) <= 0.0 {
                if left_at_apex || !past_side(funnel.apex, funnel.right, funnel.left, left, -1.0) {
                    (funnel.left, funnel.left_at) = (left, k);
                } else if end.as_ref().is_some_and(|e| funnel.right_at == e.0) {
                    // The right side just closed on the stretch's end: it
                    // is visible.
                    break;
                } else {
                    funnel = self.turn(funnel.apex_at, funnel.right, funnel.right_at);
                    if self.past_limit() {
                        return StretchEnd::Limit;
                    }
                    k = funnel.apex_at + 1;
                    continue;
                }
            }
            k += 1;
        }
        let (end_at, to, how) = end.expect("the loop runs until the funnel reaches the stretch's end");
        self.push_crossings(funnel.apex_at + 1, end_at, to);
        match how {
            StretchEnd::OffMesh { at, .. } => self.push(to, VertexFlags::OFF_MESH, self.corridor[at + 1]),
            _ => self.push(to, VertexFlags::END, self.corridor[end_at as usize]),
        }
        how
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
///
/// Always inlined: the funnel asks this about 6.6 times for a crowd
/// agent's corners, and out of line (fat LTO's choice) each call copied
/// its four points to the stack and saved and restored registers, about
/// 55 instructions a call, a sixth of the corners.
#[inline(always)]
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
    /// last joined polygon nearest `end`, as partial. With
    /// [`StraightPathOptions::max_vertices`], the path stops at that many
    /// vertices (see there). Errors: an empty corridor or a position
    /// outside the coordinate rule is out of range; a null or stale first
    /// polygon is an invalid reference.
    pub fn find_straight_path(
        &mut self,
        corridor: &[PolyRef],
        start: [f64; 3],
        end: [f64; 3],
        options: StraightPathOptions,
        out: &mut Vec<StraightPathVertex>,
    ) -> Result<StraightPathStatus> {
        let NavMeshQuery { mesh, path_crossings, path_areas, .. } = self;
        path_crossings.clear();
        straight_path(mesh, corridor, (start, end), options, (path_crossings, path_areas, None), out)
    }

    /// [`Self::find_straight_path`], reading the crossings `cache` kept
    /// from an earlier path along the same corridor (or a corridor sharing
    /// its first steps, after its front moved on) and keeping the ones
    /// this path resolves, and reading the start or end placed on its
    /// polygon when the same point was placed on the same polygon before;
    /// the path is the same as without the cache. `cache` must be cleared
    /// when the mesh changes.
    pub fn find_straight_path_cached(
        &mut self,
        corridor: &[PolyRef],
        (start, end): ([f64; 3], [f64; 3]),
        options: StraightPathOptions,
        cache: &mut CrossingCache,
        out: &mut Vec<StraightPathVertex>,
    ) -> Result<StraightPathStatus> {
        if corridor.is_empty() {
            cache.clear();
        } else {
            cache.align(corridor);
        }
        let CrossingCache { crossings, areas, placed, .. } = cache;
        straight_path(&self.mesh, corridor, (start, end), options, (crossings, areas, Some(placed)), out)
    }
}

/// The straight path of [`NavMeshQuery::find_straight_path`] over the
/// crossings `crossings` and areas `areas` already hold for the corridor's
/// first polygons, resolving the others as the funnel reaches them, with
/// the start and end placed as `placed` (when given) last placed them,
/// when it placed the same points on the same polygons.
fn straight_path(
    mesh: &TiledNavMesh,
    corridor: &[PolyRef],
    (start, end): ([f64; 3], [f64; 3]),
    options: StraightPathOptions,
    (crossings, areas, placed): (&mut Vec<Crossing>, &mut Vec<u8>, Option<&mut PlacedEnds>),
    out: &mut Vec<StraightPathVertex>,
) -> Result<StraightPathStatus> {
    check_position("start", start)?;
    check_position("end", end)?;
    let Some(&first) = corridor.first() else {
        return Err(NavMeshError::out_of_range("the corridor is empty: it needs at least the start polygon"));
    };
    let first_polygon = QueryPolygon::of(mesh, first).ok_or_else(|| stale_reference("corridor[0]", first))?;
    let (placed_start, placed_end) = match placed {
        Some(PlacedEnds { start, end }) => (Some(start), Some(end)),
        None => (None, None),
    };
    let start = place(placed_start, &first_polygon, first, start);
    let crossings = CorridorCrossings::new(mesh, corridor, first_polygon, (crossings, areas), (end, placed_end));
    out.clear();
    let mut writer = PathWriter { corridor, crossings, options, out };
    writer.push(start, VertexFlags::START, first);
    let mut from = (start, 0);
    while !writer.past_limit() {
        let StretchEnd::OffMesh { at, link } = writer.stretch(from.0, from.1) else {
            break;
        };
        writer.push(link.end, VertexFlags::default(), corridor[at + 1]);
        from = (link.end, at + 1);
    }
    let reached_last = writer.crossings.end.is_none_or(|(last, _)| last + 1 == corridor.len());
    if let Some(limit) = options.max_vertices {
        out.truncate(limit);
    }
    Ok(if reached_last { StraightPathStatus::Complete } else { StraightPathStatus::Partial })
}
