//! `onav svg FILE -o OUT.svg [--layer N]`: a top-down picture of a mesh.

mod draw;
mod frame;
mod legend;
mod palette;
mod scene;

use std::fmt::{self, Write};
use std::path::Path;

use onav::TiledNavMesh;

use crate::document::Document;
use crate::failure::Failure;
use frame::{px, Frame};
use legend::{legend_height, write_legend, LEGEND_GAP, LEGEND_WIDTH};
use scene::Scene;

pub fn run(path: &Path, output: &Path, layer: Option<u16>, class: usize) -> Result<(), Failure> {
    let mesh = Document::open(path)?.into_mesh(class)?;
    let svg = render(&mesh, layer);
    std::fs::write(output, svg)
        .map_err(|e| Failure::Io(format!("cannot write {}: {e}", output.display())))
}

/// The whole SVG document; the same mesh and layer give the same bytes.
pub fn render(mesh: &TiledNavMesh, layer: Option<u16>) -> String {
    let scene = Scene::of(mesh, layer);
    let mut out = String::new();
    write_document(&mut out, &scene).expect("writing to a String cannot fail");
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
    write_legend(out, scene, drawing_width + LEGEND_GAP)?;
    writeln!(out, "</svg>")
}
