//! Holes (Recast's `mergeRegionHoles`): a region around an obstacle has an
//! outline and, inside it, a hole outline of opposite winding. Each hole is
//! joined to the outline by a diagonal, from the hole's leftmost vertex (or
//! the next ones round the hole) to the nearest outline vertex that sees it
//! without crossing any outline, so the region becomes one outline the
//! triangulation can cut. Holes are joined leftmost first.

use super::contours::Contour;
use super::triangulate::{area2, segments_intersect};

/// Replaces each region's outline and holes by one outline; contours keep
/// the order of their regions' first contour.
pub(crate) fn merge_region_holes(contours: Vec<Contour>) -> Vec<Contour> {
    let mut order: Vec<usize> = (0..contours.len()).collect();
    order.sort_by_key(|&c| (contours[c].region, c));
    let mut slots: Vec<Option<Contour>> = contours.into_iter().map(Some).collect();
    let mut start = 0;
    while start < order.len() {
        let region = slots[order[start]].as_ref().map_or(0, |c| c.region);
        let mut end = start + 1;
        while end < order.len() && slots[order[end]].as_ref().is_some_and(|c| c.region == region) {
            end += 1;
        }
        if end - start > 1 {
            merge_group(&mut slots, &order[start..end]);
        }
        start = end;
    }
    slots.into_iter().flatten().collect()
}

/// Σ(xᵢ₋₁·zᵢ − xᵢ·zᵢ₋₁): positive for an outline, negative for a hole.
fn winding(contour: &Contour) -> i64 {
    let v = &contour.vertices;
    (0..v.len())
        .map(|i| {
            let j = (i + v.len() - 1) % v.len();
            v[i][0] * v[j][2] - v[j][0] * v[i][2]
        })
        .sum()
}

/// Joins the holes of one region's contours (`group`, ascending) into its
/// outline, left in the slot of the group's first contour. A region without
/// exactly one outline is left as it is.
fn merge_group(slots: &mut [Option<Contour>], group: &[usize]) {
    let outlines: Vec<usize> =
        group.iter().copied().filter(|&c| slots[c].as_ref().is_some_and(|c| winding(c) > 0)).collect();
    let [outline_slot] = outlines[..] else { return };
    let mut holes: Vec<Contour> =
        group.iter().filter(|&&c| c != outline_slot).filter_map(|&c| slots[c].take()).collect();
    holes.sort_by_key(leftmost);
    let Some(mut outline) = slots[outline_slot].take() else {
        return;
    };
    for (h, hole) in holes.iter().enumerate() {
        let rest = &holes[h + 1..];
        if let Some((at_outline, at_hole)) = bridge(&outline, hole, rest) {
            outline = spliced(&outline, at_outline, hole, at_hole);
        }
    }
    slots[group[0]] = Some(outline);
}

/// The leftmost vertex (smallest x, then z, then index) as a sort key.
fn leftmost(contour: &Contour) -> (i64, i64, usize) {
    contour.vertices.iter().enumerate().map(|(i, v)| (v[0], v[2], i)).min().unwrap_or((0, 0, 0))
}

/// The (outline vertex, hole vertex) of the shortest diagonal that leaves
/// the outline vertex inwards and crosses neither the outline nor the holes
/// still to join; hole vertices are tried from the leftmost round.
fn bridge(outline: &Contour, hole: &Contour, rest: &[Contour]) -> Option<(usize, usize)> {
    let n = hole.vertices.len();
    let first = leftmost(hole).2;
    for step in 0..n {
        let h = (first + step) % n;
        let corner = hole.vertices[h];
        let mut candidates: Vec<(i64, usize)> = (0..outline.vertices.len())
            .filter(|&o| in_cone(&outline.vertices, o, corner))
            .map(|o| {
                let (dx, dz) = (outline.vertices[o][0] - corner[0], outline.vertices[o][2] - corner[2]);
                (dx * dx + dz * dz, o)
            })
            .collect();
        candidates.sort_unstable();
        let clear = |o: usize| {
            let from = outline.vertices[o];
            !crosses(&outline.vertices, Some(o), from, corner)
                && !crosses(&hole.vertices, None, from, corner)
                && rest.iter().all(|r| !crosses(&r.vertices, None, from, corner))
        };
        if let Some(&(_, o)) = candidates.iter().find(|&&(_, o)| clear(o)) {
            return Some((o, h));
        }
    }
    None
}

/// `point` lies inside the corner of `outline` at vertex `i` (Recast's cone
/// test for its orientation).
fn in_cone(outline: &[[i64; 3]], i: usize, point: [i64; 3]) -> bool {
    let n = outline.len();
    let (here, next, prev) = (outline[i], outline[(i + 1) % n], outline[(i + n - 1) % n]);
    let left = |a, b, c| area2(a, b, c) < 0;
    let left_on = |a, b, c| area2(a, b, c) <= 0;
    if left_on(prev, here, next) {
        return left(here, point, prev) && left(point, here, next);
    }
    !(left_on(here, point, next) && left_on(point, here, prev))
}

/// Segment a-b crosses an edge of `contour` other than those at vertex
/// `skip` or those sharing an end position with it.
fn crosses(contour: &[[i64; 3]], skip: Option<usize>, a: [i64; 3], b: [i64; 3]) -> bool {
    let n = contour.len();
    let same = |p: [i64; 3], q: [i64; 3]| p[0] == q[0] && p[2] == q[2];
    (0..n).any(|k| {
        let k1 = (k + 1) % n;
        if skip.is_some_and(|s| k == s || k1 == s) {
            return false;
        }
        let (p, q) = (contour[k], contour[k1]);
        if same(a, p) || same(b, p) || same(a, q) || same(b, q) {
            return false;
        }
        segments_intersect(a, b, p, q)
    })
}

/// The outline from vertex `o` round to itself, then the hole from vertex
/// `h` round to itself: two diagonal edges, neither facing the border.
fn spliced(outline: &Contour, o: usize, hole: &Contour, h: usize) -> Contour {
    let mut vertices = Vec::with_capacity(outline.vertices.len() + hole.vertices.len() + 2);
    let mut faces_border = Vec::with_capacity(vertices.capacity());
    for (contour, start) in [(outline, o), (hole, h)] {
        let n = contour.vertices.len();
        for k in 0..=n {
            vertices.push(contour.vertices[(start + k) % n]);
            faces_border.push(k < n && contour.faces_border[(start + k) % n]);
        }
    }
    Contour { vertices, faces_border, region: outline.region, area: outline.area }
}
