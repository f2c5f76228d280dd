//! Boolean operations on lattice polygons through `i_overlay`'s integer
//! engine: exact on integer input, crossing points rounded to the nearest
//! lattice point, deterministic for one version of the crate (pinned).
//! Every ring is read with the non-zero rule, so counter-clockwise rings
//! add and clockwise rings (holes) subtract.

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::integer::OverlayInt;
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
    overlay(subject, clip, rule, FillRule::NonZero)
}

/// The points whose winding number over `rings` is positive (counting
/// counter-clockwise turns), as shapes in the engine's output order: the
/// region a self-overlapping offset curve bounds.
pub fn positive_region(rings: &[Vec<LatticePoint>]) -> Vec<Shape> {
    overlay(rings, &[], OverlayRule::Subject, FillRule::Positive)
}

/// One pass of the engine, on 32-bit coordinates when every point fits
/// the 32-bit engine's range, else on 64-bit ones. Both widths run the
/// same exact integer algorithm (crossings rounded by exact rational
/// arithmetic, sorts on the coordinates' values), so they give the same
/// shapes; the 32-bit one does its products in 64 bits instead of 128
/// and takes about half the instructions. The only constant that depends
/// on the width, the cap on the snapping radius, is reached only after 56
/// rounds of re-splitting, which no input here comes near (checked: same
/// bytes on 4956 builds, docs/BUILD_PLANAR.md).
fn overlay(subject: &[Vec<LatticePoint>], clip: &[Vec<LatticePoint>], rule: OverlayRule, fill: FillRule) -> Vec<Shape> {
    if fits_narrow_engine(subject) && fits_narrow_engine(clip) {
        overlay_in::<i32>(subject, clip, rule, fill)
    } else {
        overlay_in::<i64>(subject, clip, rule, fill)
    }
}

fn overlay_in<I>(
    subject: &[Vec<LatticePoint>],
    clip: &[Vec<LatticePoint>],
    rule: OverlayRule,
    fill: FillRule,
) -> Vec<Shape>
where
    I: OverlayInt + TryFrom<i64> + Into<i64>,
{
    let mut overlay = Overlay::<I>::from_subj_and_clip_custom(
        &to_engine::<I>(subject),
        &to_engine::<I>(clip),
        IntOverlayOptions::default(),
        Solver::default(),
    );
    overlay.overlay(rule, fill).into_iter().map(from_engine).collect()
}

/// The 32-bit engine's coordinate range, −2^30..=2^30 − 1 (the crate's
/// `core::integer`); crossing points stay within their segments' bounds.
const NARROW_ENGINE_BOUND: i64 = 1 << 30;

fn fits_narrow_engine(rings: &[Vec<LatticePoint>]) -> bool {
    rings.iter().flatten().flatten().all(|&c| (-NARROW_ENGINE_BOUND..NARROW_ENGINE_BOUND).contains(&c))
}

/// Every ring of `shapes`, flattened (for use as a subject or clip).
pub fn rings_of(shapes: &[Shape]) -> Vec<Vec<LatticePoint>> {
    shapes.iter().flatten().cloned().collect()
}

/// Rings in the engine's width; the caller checked that they fit.
fn to_engine<I: OverlayInt + TryFrom<i64>>(rings: &[Vec<LatticePoint>]) -> Vec<Vec<IntPoint<I>>> {
    let narrow = |c: i64| I::try_from(c).unwrap_or_else(|_| unreachable!("checked against the engine's range"));
    rings.iter().map(|ring| ring.iter().map(|p| IntPoint::new(narrow(p[0]), narrow(p[1]))).collect()).collect()
}

fn from_engine<I: OverlayInt + Into<i64>>(shape: Vec<Vec<IntPoint<I>>>) -> Shape {
    shape.into_iter().map(|ring| ring.into_iter().map(|p| [p.x.into(), p.y.into()]).collect()).collect()
}
