//! `onav svg FILE -o OUT.svg [--layer N]`: a top-down picture of a mesh;
//! `onav path ... --svg OUT.svg` draws a path over the same picture, `onav
//! crowd ... --svg OUT.svg` the agents' trails.

mod draw;
mod frame;
mod legend;
mod palette;
pub mod scene;
mod trails;

use std::fmt::{self, Write};
use std::path::Path;

use crate::document::Document;
use crate::failure::Failure;
use frame::{px, Frame};
use legend::{legend_height, write_legend, LEGEND_GAP, LEGEND_WIDTH};
use scene::Scene;

pub fn run(path: &Path, output: &Path, layer: Option<u16>, class: usize) -> Result<(), Failure> {
    let mesh = Document::open(path)?.into_mesh(class)?;
    write_svg(output, &Scene::of(&mesh, layer))
}

/// Writes the picture of `scene` to `output`.
pub fn write_svg(output: &Path, scene: &Scene) -> Result<(), Failure> {
    std::fs::write(output, render(scene)).map_err(|e| Failure::Io(format!("cannot write {}: {e}", output.display())))
}

/// The whole SVG document; the same scene gives the same bytes.
fn render(scene: &Scene) -> String {
    let mut out = String::new();
    write_document(&mut out, scene).expect("writing to a String cannot fail");
    out
}

fn write_document(out: &mut String, scene: &Scene) -> fmt::Result {
    let frame = Frame::new(scene.extent(), scene.polygons.len());
    let [drawing_width, drawing_height] = frame.size();
    let width = drawing_width + LEGEND_GAP + LEGEND_WIDTH;
    let height = drawing_height.max(legend_height(scene));
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">",
        w = px(width),
        h = px(height)
    )?;
    draw::write_defs(out)?;
    writeln!(out, "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>", px(width), px(height))?;
    draw::write_polygons(out, &frame, scene)?;
    draw::write_tile_borders(out, &frame, scene)?;
    draw::write_portals(out, &frame, scene)?;
    draw::write_off_mesh_links(out, &frame, scene)?;
    draw::write_path(out, &frame, scene)?;
    trails::write_trails(out, &frame, scene)?;
    write_legend(out, scene, drawing_width + LEGEND_GAP)?;
    writeln!(out, "</svg>")
}
