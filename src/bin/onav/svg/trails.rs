//! The layer of a crowd's trails: one polyline per agent (class `trail`),
//! in slot order, and a dot where it ended, above every other layer.

use std::fmt::{self, Write};

use super::frame::{px, Frame};
use super::palette::TRAIL;
use super::scene::Scene;

/// Pixels of line width of a trail.
pub const TRAIL_WIDTH: f64 = 1.5;
/// Pixels of radius of the dot at a trail's end.
const END_DOT: f64 = 2.5;

pub fn write_trails(out: &mut String, frame: &Frame, scene: &Scene) -> fmt::Result {
    if scene.trails.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "<g id=\"trails\" stroke=\"{TRAIL}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-opacity=\"0.7\">",
        px(TRAIL_WIDTH)
    )?;
    for trail in &scene.trails {
        let points: Vec<[f64; 2]> = trail.iter().map(|&p| frame.point(p)).collect();
        let text: Vec<String> = points.iter().map(|[x, y]| format!("{},{}", px(*x), px(*y))).collect();
        writeln!(out, "<polyline class=\"trail\" fill=\"none\" points=\"{}\"/>", text.join(" "))?;
        if let Some([x, y]) = points.last() {
            writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{TRAIL}\" stroke=\"none\"/>",
                px(*x),
                px(*y),
                px(END_DOT)
            )?;
        }
    }
    writeln!(out, "</g>")
}
