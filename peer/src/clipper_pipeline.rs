//! The baseline of the `planar` table, the way Godot bakes 2D navigation:
//! Clipper2 (Angus Johnson's C++, compiled from the source bundled with
//! the `clipper2` crate) unions the walkable outlines, subtracts the
//! obstacles and shrinks what is left by the agent radius; each resulting
//! piece is triangulated by ear clipping (`earcutr`, Mapbox earcut's
//! port) and the triangles are merged by Hertel–Mehlhorn. One region for
//! the whole input, no tiles.
//!
//! Clipper2 rounds: every input coordinate is scaled by
//! `Lattice::MULTIPLIER` and rounded to an i64, its crossing points and
//! offset corners are computed in floating point and rounded to that
//! integer grid, and the result is scaled back to f64.

use std::ops::Range;

use clipper2::{EndType, FillRule, JoinType, Path, Paths, PointInPolygonResult, PointScaler};
use onav::PlanarOutlines;

use crate::hertel_mehlhorn::hertel_mehlhorn;

/// Clipper2's integer scale: 2^11 per unit, the lattice onav snaps these
/// inputs to (CellSize 0.25 gives automatic SnapBits 11), so both sides
/// round to the same grid.
#[derive(Debug, Default, Clone, Copy, PartialEq, Hash)]
pub struct Lattice;

impl PointScaler for Lattice {
    const MULTIPLIER: f64 = 2048.0;
}

/// Godot's join: a miter keeps the whole radius at an obstacle's corner
/// (a round join puts chords inside the circle). Clipper2's default limit
/// of 2 offsets; clipper2 0.6.0's `inflate` scales this argument like a
/// coordinate, so it is handed over divided by the scale.
const JOIN: JoinType = JoinType::Miter;
const MITER_LIMIT: f64 = 2.0;

/// The pipeline's output: the corners of the shrunk free space's rings
/// (ring after ring, `rings` their index ranges), and convex polygons as
/// indices into them.
pub struct Baseline {
    pub points: Vec<[f64; 2]>,
    pub rings: Vec<Range<usize>>,
    pub polygons: Vec<Vec<usize>>,
}

impl Baseline {
    /// The shrunk free space's area: outers count positive, holes negative.
    pub fn free_area(&self) -> f64 {
        self.rings.iter().map(|ring| signed_area(&self.points[ring.clone()])).sum()
    }

    /// The polygons' summed area (equal to `free_area` when they tile it).
    pub fn polygon_area(&self) -> f64 {
        let corners = |polygon: &Vec<usize>| polygon.iter().map(|&i| self.points[i]).collect::<Vec<_>>();
        self.polygons.iter().map(|polygon| signed_area(&corners(polygon))).sum()
    }
}

fn signed_area(ring: &[[f64; 2]]) -> f64 {
    let n = ring.len();
    (0..n).map(|k| ring[k][0] * ring[(k + 1) % n][1] - ring[k][1] * ring[(k + 1) % n][0]).sum::<f64>() / 2.0
}

/// The whole pipeline on `outlines` (regions without holes, as the star
/// inputs are), polygons of at most `cap` corners.
pub fn clipper_pipeline(outlines: &PlanarOutlines, radius: f64, cap: usize) -> Result<Baseline, String> {
    if outlines.regions.iter().any(|region| !region.holes.is_empty()) {
        return Err("the Clipper2 baseline takes regions without holes".into());
    }
    let walkable: Paths<Lattice> =
        outlines.regions.iter().map(|region| region.outline.clone()).collect::<Vec<_>>().into();
    let obstacles: Paths<Lattice> = outlines.obstacles.clone().into();
    let clipper_error = |e: clipper2::ClipperError| format!("Clipper2: {e}");
    let union =
        clipper2::union(walkable, Paths::<Lattice>::new(Vec::new()), FillRule::NonZero).map_err(clipper_error)?;
    let free = clipper2::difference(union, obstacles, FillRule::NonZero).map_err(clipper_error)?;
    let shrunk = clipper2::inflate(free, -radius, JOIN, EndType::Polygon, MITER_LIMIT / Lattice::MULTIPLIER);
    let mut baseline = Baseline { points: Vec::new(), rings: Vec::new(), polygons: Vec::new() };
    for (outer, holes) in pieces(&shrunk)? {
        partition_piece(&mut baseline, &outer, &holes, cap)?;
    }
    Ok(baseline)
}

/// An outer ring of Clipper2's result with the holes inside it.
type Piece = (Path<Lattice>, Vec<Path<Lattice>>);

/// Clipper2's flat list of rings as (outer, holes) pieces: outers have
/// positive area, holes negative; a hole belongs to the smallest outer
/// holding a corner of it strictly inside.
fn pieces(rings: &Paths<Lattice>) -> Result<Vec<Piece>, String> {
    let (mut outers, holes): (Vec<&Path<Lattice>>, Vec<&Path<Lattice>>) =
        rings.iter().partition(|ring| ring.signed_area() > 0.0);
    outers.sort_by(|a, b| a.signed_area().total_cmp(&b.signed_area()));
    let mut pieces: Vec<Piece> = outers.iter().map(|&outer| (outer.clone(), Vec::new())).collect();
    for hole in holes {
        let holder = pieces.iter().position(|(outer, _)| {
            hole.iter().map(|&p| outer.is_point_inside(p)).find(|r| *r != PointInPolygonResult::IsOn)
                == Some(PointInPolygonResult::IsInside)
        });
        let holder = holder.ok_or("a hole of Clipper2's result lies in no outer ring")?;
        pieces[holder].1.push(hole.clone());
    }
    Ok(pieces)
}

/// Ear-clips one piece and appends its Hertel–Mehlhorn polygons.
fn partition_piece(
    baseline: &mut Baseline,
    outer: &Path<Lattice>,
    holes: &[Path<Lattice>],
    cap: usize,
) -> Result<(), String> {
    let first = baseline.points.len();
    let mut flat = Vec::new();
    let mut hole_starts = Vec::new();
    for (k, ring) in std::iter::once(outer).chain(holes).enumerate() {
        if k > 0 {
            hole_starts.push(flat.len() / 2);
        }
        let start = baseline.points.len();
        for p in ring.iter() {
            flat.extend([p.x(), p.y()]);
            baseline.points.push([p.x(), p.y()]);
        }
        baseline.rings.push(start..baseline.points.len());
    }
    let corners = earcutr::earcut(&flat, &hole_starts, 2).map_err(|e| format!("earcutr: {e}"))?;
    let triangles: Vec<[usize; 3]> = corners.chunks_exact(3).map(|t| [t[0], t[1], t[2]].map(|i| first + i)).collect();
    baseline.polygons.extend(hertel_mehlhorn(&baseline.points, &triangles, cap));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hertel_mehlhorn::turns_left_or_straight;
    use onav::PlanarRegion;

    fn square(x0: f64, y0: f64, side: f64) -> Vec<[f64; 2]> {
        vec![[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side]]
    }

    #[test]
    fn a_square_with_an_obstacle_becomes_convex_polygons_round_a_grown_hole() {
        let outlines = PlanarOutlines {
            regions: vec![PlanarRegion { outline: square(0.0, 0.0, 10.0), ..Default::default() }],
            obstacles: vec![square(4.0, 4.0, 2.0)],
        };
        let baseline = clipper_pipeline(&outlines, 0.5, 6).unwrap();
        // 9 x 9 shrunk square minus the 3 x 3 miter-grown obstacle.
        assert!((baseline.free_area() - (81.0 - 9.0)).abs() < 1e-6, "{}", baseline.free_area());
        assert!((baseline.polygon_area() - baseline.free_area()).abs() < 1e-6, "{}", baseline.polygon_area());
        let corners = |p: &Vec<usize>| p.iter().map(|&i| baseline.points[i]).collect::<Vec<_>>();
        assert!(baseline.polygons.iter().all(|p| (3..=6).contains(&p.len()) && signed_area(&corners(p)) > 0.0));
        assert!(baseline.polygons.len() >= 4, "a ring round a hole needs at least four convex pieces");
    }

    #[test]
    fn a_star_becomes_convex_capped_polygons_covering_the_offset() {
        let baseline = clipper_pipeline(&crate::star_outlines::star(1000, 16.0, 16.0, 12.0, 8), 0.25, 6).unwrap();
        let relative_gap = (baseline.polygon_area() - baseline.free_area()).abs() / baseline.free_area();
        assert!(relative_gap < 1e-9, "{relative_gap}");
        for polygon in &baseline.polygons {
            let n = polygon.len();
            assert!((3..=6).contains(&n), "{polygon:?}");
            let corner = |k: usize| baseline.points[polygon[k % n]];
            assert!((0..n).all(|k| turns_left_or_straight(corner(k), corner(k + 1), corner(k + 2))), "{polygon:?}");
        }
    }

    #[test]
    fn regions_with_holes_are_refused() {
        let outlines = PlanarOutlines {
            regions: vec![PlanarRegion {
                outline: square(0.0, 0.0, 10.0),
                holes: vec![square(4.0, 4.0, 2.0)],
                ..Default::default()
            }],
            obstacles: Vec::new(),
        };
        assert!(clipper_pipeline(&outlines, 0.5, 6).is_err());
    }
}
