//! Boolean operations on lattice polygons through `i_overlay`'s integer
//! engine: exact on integer input, crossing points rounded to the nearest
//! lattice point, deterministic for one version of the crate (pinned).
//! Every ring is read with the non-zero rule, so counter-clockwise rings
//! add and clockwise rings (holes) subtract.

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{IntOverlayOptions, Overlay};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::core::solver::Solver;
use i_overlay::i_float::int::point::IntPoint;

use crate::build::planar::lattice_geometry::LatticePoint;

/// Rings of one connected piece: the outline counter-clockwise first, then
/// its holes clockwise.
pub type Shape = Vec<Vec<LatticePoint>>;

/// The operation applied to subject and clip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BooleanOp {
    Union,
    Intersect,
    Difference,
}

/// `subject op clip`, as shapes in the engine's output order.
pub fn boolean(subject: &[Vec<LatticePoint>], clip: &[Vec<LatticePoint>], op: BooleanOp) -> Vec<Shape> {
    let rule = match op {
        BooleanOp::Union => OverlayRule::Union,
        BooleanOp::Intersect => OverlayRule::Intersect,
        BooleanOp::Difference => OverlayRule::Difference,
    };
    let mut overlay =
        Overlay::from_subj_and_clip_custom(&to_engine(subject), &to_engine(clip), IntOverlayOptions::default(), Solver::default());
    overlay.overlay(rule, FillRule::NonZero).into_iter().map(from_engine).collect()
}

/// The points whose winding number over `rings` is positive (counting
/// counter-clockwise turns), as shapes in the engine's output order: the
/// region a self-overlapping offset curve bounds.
pub fn positive_region(rings: &[Vec<LatticePoint>]) -> Vec<Shape> {
    let mut overlay =
        Overlay::from_subj_and_clip_custom(&to_engine(rings), &to_engine(&[]), IntOverlayOptions::default(), Solver::default());
    overlay.overlay(OverlayRule::Subject, FillRule::Positive).into_iter().map(from_engine).collect()
}

/// Every ring of `shapes`, flattened (for use as a subject or clip).
pub fn rings_of(shapes: &[Shape]) -> Vec<Vec<LatticePoint>> {
    shapes.iter().flatten().cloned().collect()
}

fn to_engine(rings: &[Vec<LatticePoint>]) -> Vec<Vec<IntPoint<i64>>> {
    rings.iter().map(|ring| ring.iter().map(|p| IntPoint::new(p[0], p[1])).collect()).collect()
}

fn from_engine(shape: Vec<Vec<IntPoint<i64>>>) -> Shape {
    shape.into_iter().map(|ring| ring.into_iter().map(|p| [p.x, p.y]).collect()).collect()
}
