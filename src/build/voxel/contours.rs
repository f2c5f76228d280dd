//! Contours (Recast's `rcBuildContours`): the outline of every region,
//! walked along floor edges, then simplified: points stay where the region
//! across the edge changes, wall and area edges are refined until no raw
//! point lies further than ContourMaxError from them, and wall edges longer
//! than MaxEdgeLength are split. Edges shared with another region (the
//! tile border's regions included) are never refined, so both sides of a
//! shared edge, and both tiles of a tile border, keep the same straight
//! segment between the same two points.

use super::cell_settings::CellSettings;
use super::compact_heightfield::CompactHeightfield;
use super::regions::is_border;
use super::span_filters::DIRECTIONS;
use super::walkable_slope::AreaCode;

/// A corner of the walked outline: position in heightfield cells, and what
/// lies across the edge that follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RawVertex {
    x: i64,
    y: u32,
    z: i64,
    /// Region across the edge (0 for a wall).
    neighbour: u32,
    /// The floor across the edge has another area.
    area_border: bool,
}

/// A simplified region outline in tile-local cells (0..=tile cells on x
/// and z), as Recast orients it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Contour {
    pub vertices: Vec<[i64; 3]>,
    /// Per vertex: the edge to the next vertex faces the tile's border
    /// region, so it lies on a tile boundary with walkable floor across.
    pub faces_border: Vec<bool>,
    pub region: u32,
    pub area: AreaCode,
}

/// The contours of every region, in the order their first floor is met
/// (row after row, then by column and height).
pub(crate) fn build_contours(field: &CompactHeightfield, regions: &[u32], settings: &CellSettings) -> Vec<Contour> {
    let mut flags: Vec<u8> = (0..field.span_count()).map(|s| edge_flags(field, regions, s)).collect();
    let w = field.width;
    let border = field.border as i64;
    let mut contours = Vec::new();
    for z in 0..w {
        for (x, spans) in field.row_spans(z, 0..w).enumerate() {
            for s in spans {
                if flags[s] == 0 {
                    continue;
                }
                let raw = walk_contour(field, regions, &mut flags, (x, z, s));
                let kept =
                    without_zero_length_edges(&raw, simplify(&raw, settings.max_error, settings.max_edge_length));
                if kept.len() >= 3 {
                    let vertices = kept
                        .iter()
                        .map(|&(k, _)| [raw[k].x - border, i64::from(raw[k].y), raw[k].z - border])
                        .collect();
                    let faces_border = kept.iter().map(|&(_, f)| f).collect();
                    contours.push(Contour { vertices, faces_border, region: regions[s], area: field.area[s] });
                }
            }
        }
    }
    contours
}

/// The kept vertices with whether the edge leaving each faces a border
/// region (the raw edges between two kept vertices all face one region),
/// after dropping repeated positions: a vertex at the position of the one
/// before it goes, and that one leaves along the dropped vertex's edge.
fn without_zero_length_edges(raw: &[RawVertex], kept: Vec<usize>) -> Vec<(usize, bool)> {
    let n = raw.len();
    let same = |a: usize, b: usize| raw[a].x == raw[b].x && raw[a].z == raw[b].z;
    let mut out: Vec<(usize, bool)> = Vec::with_capacity(kept.len());
    for k in kept {
        let faces_border = is_border(raw[(k + 1) % n].neighbour);
        match out.last_mut() {
            Some(last) if same(last.0, k) => last.1 = faces_border,
            _ => out.push((k, faces_border)),
        }
    }
    while out.len() > 1 && same(out[0].0, out[out.len() - 1].0) {
        out.pop();
    }
    out
}

/// Bit d set when the edge of floor `s` towards direction d borders another
/// region; 0 for floors outside any tile region. Unlike Recast, a region of
/// one floor (all four bits) is outlined too: it only survives the region
/// filter at the tile border, where the neighbouring tile may hold the
/// same floor inside a larger region and expects a portal to it.
fn edge_flags(field: &CompactHeightfield, regions: &[u32], s: usize) -> u8 {
    let region = regions[s];
    if region == 0 || is_border(region) {
        return 0;
    }
    let mut flags = 0u8;
    for dir in 0..4 {
        let across = field.neighbour(s, dir).map_or(0, |n| regions[n]);
        if across != region {
            flags |= 1 << dir;
        }
    }
    flags
}

/// Walks the outline from floor `s` at (x, z): along a flagged edge it
/// records the edge's corner and turns clockwise, else steps to the
/// neighbour and turns counter-clockwise, until back at the start. Every
/// flag it passes is cleared, so each outline is walked once.
fn walk_contour(
    field: &CompactHeightfield,
    regions: &[u32],
    flags: &mut [u8],
    start: (usize, usize, usize),
) -> Vec<RawVertex> {
    let (mut x, mut z, mut s) = start;
    let start_dir = flags[s].trailing_zeros() as usize;
    let mut dir = start_dir;
    let area = field.area[s];
    let mut raw = Vec::new();
    // Each step clears a flag or moves to a floor of the region; the limit
    // only stops a walk over inconsistent connections.
    let step_limit = 8 * field.span_count() + 16;
    for _ in 0..step_limit {
        if flags[s] & (1 << dir) != 0 {
            let (px, pz) = match dir {
                0 => (x, z + 1),
                1 => (x + 1, z + 1),
                2 => (x + 1, z),
                _ => (x, z),
            };
            let (neighbour, area_border) =
                field.neighbour(s, dir).map_or((0, false), |n| (regions[n], field.area[n] != area));
            raw.push(RawVertex { x: px as i64, y: corner_height(field, s, dir), z: pz as i64, neighbour, area_border });
            flags[s] &= !(1 << dir);
            dir = (dir + 1) & 3;
        } else {
            let Some(n) = field.neighbour(s, dir) else { break };
            let (dx, dz) = DIRECTIONS[dir];
            x = x.wrapping_add_signed(dx);
            z = z.wrapping_add_signed(dz);
            s = n;
            dir = (dir + 3) & 3;
        }
        if s == start.2 && dir == start_dir {
            break;
        }
    }
    raw
}

/// The highest floor among the up to four floors meeting at the corner
/// after edge `dir` of floor `s`.
fn corner_height(field: &CompactHeightfield, s: usize, dir: usize) -> u32 {
    let next = (dir + 1) & 3;
    let mut height = field.floor[s];
    for (first, second) in [(dir, next), (next, dir)] {
        if let Some(a) = field.neighbour(s, first) {
            height = height.max(field.floor[a]);
            if let Some(b) = field.neighbour(a, second) {
                height = height.max(field.floor[b]);
            }
        }
    }
    height
}

/// Indices of the raw vertices the simplified outline keeps, in order.
fn simplify(raw: &[RawVertex], max_error: f64, max_edge_length: i64) -> Vec<usize> {
    let n = raw.len();
    if n == 0 {
        return Vec::new();
    }
    let mut kept: Vec<usize> = if raw.iter().any(|v| v.neighbour != 0) {
        (0..n)
            .filter(|&i| {
                let next = &raw[(i + 1) % n];
                raw[i].neighbour != next.neighbour || raw[i].area_border != next.area_border
            })
            .collect()
    } else {
        Vec::new()
    };
    if kept.is_empty() {
        let lower_left = (0..n).min_by_key(|&i| (raw[i].x, raw[i].z, i)).unwrap_or(0);
        let upper_right = (0..n).max_by_key(|&i| (raw[i].x, raw[i].z, std::cmp::Reverse(i))).unwrap_or(0);
        kept = vec![lower_left, upper_right];
    }
    refine_to_max_error(raw, &mut kept, max_error);
    if kept.len() == 2 {
        keep_furthest_point(raw, &mut kept);
    }
    if max_edge_length > 0 {
        split_long_wall_edges(raw, &mut kept, max_edge_length);
    }
    kept
}

/// Inserts the raw point furthest from each wall or area edge while it is
/// further than `max_error` cells. Segments are measured from their
/// lexicographically smaller end, so an edge shared by two outlines gives
/// the same answer from both.
fn refine_to_max_error(raw: &[RawVertex], kept: &mut Vec<usize>, max_error: f64) {
    let n = raw.len();
    let mut i = 0;
    while i < kept.len() {
        let (ai, bi) = (kept[i], kept[(i + 1) % kept.len()]);
        let (a, b) = (raw[ai], raw[bi]);
        let forward = (b.x, b.z) > (a.x, a.z);
        let (mut ci, step, end, from, to) =
            if forward { ((ai + 1) % n, 1, bi, a, b) } else { ((bi + n - 1) % n, n - 1, ai, b, a) };
        let mut furthest: (f64, Option<usize>) = (0.0, None);
        if raw[ci].neighbour == 0 || raw[ci].area_border {
            while ci != end {
                let d = squared_distance_to_segment(raw[ci], from, to);
                if d > furthest.0 {
                    furthest = (d, Some(ci));
                }
                ci = (ci + step) % n;
            }
        }
        match furthest {
            (d, Some(c)) if d > max_error * max_error => kept.insert(i + 1, c),
            _ => i += 1,
        }
    }
}

/// A region whose outline simplifies to two points (a sliver within
/// ContourMaxError of a segment) keeps the raw point furthest from that
/// segment, so it still becomes a polygon. Recast drops such regions; near
/// a tile border that leaves the neighbour's matching portal unmatched.
fn keep_furthest_point(raw: &[RawVertex], kept: &mut Vec<usize>) {
    let (a, b) = (raw[kept[0]], raw[kept[1]]);
    let mut furthest: (f64, Option<usize>) = (0.0, None);
    for (i, &p) in raw.iter().enumerate() {
        let d = squared_distance_to_segment(p, a, b);
        if d > furthest.0 {
            furthest = (d, Some(i));
        }
    }
    if let (_, Some(i)) = furthest {
        kept.push(i);
        kept.sort_unstable();
    }
}

/// Halves wall edges longer than `max_edge_length` cells at their middle
/// raw point, rounding towards the edge's lexicographically smaller end.
fn split_long_wall_edges(raw: &[RawVertex], kept: &mut Vec<usize>, max_edge_length: i64) {
    let n = raw.len();
    let mut i = 0;
    while i < kept.len() {
        let (ai, bi) = (kept[i], kept[(i + 1) % kept.len()]);
        let (a, b) = (raw[ai], raw[bi]);
        let mut split = None;
        if raw[(ai + 1) % n].neighbour == 0 {
            let (dx, dz) = (b.x - a.x, b.z - a.z);
            if dx * dx + dz * dz > max_edge_length.saturating_mul(max_edge_length) {
                let between = if bi < ai { bi + n - ai } else { bi - ai };
                if between > 1 {
                    let half = if (b.x, b.z) > (a.x, a.z) { between / 2 } else { between.div_ceil(2) };
                    split = Some((ai + half) % n);
                }
            }
        }
        match split {
            Some(c) => kept.insert(i + 1, c),
            None => i += 1,
        }
    }
}

fn squared_distance_to_segment(p: RawVertex, a: RawVertex, b: RawVertex) -> f64 {
    let (abx, abz) = ((b.x - a.x) as f64, (b.z - a.z) as f64);
    let (apx, apz) = ((p.x - a.x) as f64, (p.z - a.z) as f64);
    let length = abx * abx + abz * abz;
    let t = if length > 0.0 { ((abx * apx + abz * apz) / length).clamp(0.0, 1.0) } else { 0.0 };
    let (dx, dz) = (a.x as f64 + t * abx - p.x as f64, a.z as f64 + t * abz - p.z as f64);
    dx * dx + dz * dz
}
