//! The legend beside the drawing: what was drawn, the area colours present
//! and a sample of every kind of line.

use std::fmt::{self, Write};

use super::draw::{write_off_mesh_link, LinkStyle, OFF_MESH_WIDTH, PATH_WIDTH};
use super::frame::px;
use super::palette::{area_colour, PATH, PORTAL, TILE_BORDER, TRAIL};
use super::scene::Scene;
use super::trails::TRAIL_WIDTH;

/// Pixels of the legend column, and of the gap before it.
pub const LEGEND_WIDTH: f64 = 240.0;
pub const LEGEND_GAP: f64 = 10.0;
const ROW: f64 = 20.0;
const TOP: f64 = 30.0;
const SAMPLE: f64 = 36.0;

/// Rows of text or samples, each drawn at its own height.
enum Row {
    Text(String),
    Area(u8),
    TileBorder,
    Portal,
    OffMesh(LinkStyle, &'static str),
    Path,
    /// The number of agents whose trails are drawn.
    Trails(usize),
}

fn rows(scene: &Scene) -> Vec<Row> {
    let layers = scene.layer.map_or("all layers".to_string(), |l| format!("layer {l}"));
    let mut rows = vec![
        Row::Text(format!("{} tiles in {} columns, {layers}", scene.tile_count, scene.tiles.len())),
        Row::Text(format!("{} polygons", scene.polygons.len())),
        Row::Text("top-down view: X right, Z up".to_string()),
    ];
    rows.extend(scene.areas().into_iter().map(Row::Area));
    rows.extend([
        Row::TileBorder,
        Row::Portal,
        Row::OffMesh(LinkStyle::OneWay, "off-mesh link, one-way"),
        Row::OffMesh(LinkStyle::TwoWay, "off-mesh link, two-way"),
        Row::OffMesh(LinkStyle::Unconnected, "off-mesh link, unconnected"),
    ]);
    if !scene.path.is_empty() {
        rows.push(Row::Path);
    }
    if !scene.trails.is_empty() {
        rows.push(Row::Trails(scene.trails.len()));
    }
    rows
}

/// Canvas height the legend needs.
pub fn legend_height(scene: &Scene) -> f64 {
    TOP + rows(scene).len() as f64 * ROW + ROW
}

/// The legend with its left edge at `left`.
pub fn write_legend(out: &mut String, scene: &Scene, left: f64) -> fmt::Result {
    writeln!(out, "<g id=\"legend\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#222222\">")?;
    writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\" font-size=\"14\">onav mesh</text>",
        px(left),
        px(TOP - 10.0)
    )?;
    for (i, row) in rows(scene).iter().enumerate() {
        write_row(out, row, left, TOP + i as f64 * ROW)?;
    }
    writeln!(out, "</g>")
}

fn write_row(out: &mut String, row: &Row, left: f64, top: f64) -> fmt::Result {
    let mid = top + ROW / 2.0;
    let label_x = left + SAMPLE + 8.0;
    let label = |out: &mut String, text: &str| {
        writeln!(out, "<text x=\"{}\" y=\"{}\">{text}</text>", px(label_x), px(mid + 4.0))
    };
    match row {
        Row::Text(text) => writeln!(out, "<text x=\"{}\" y=\"{}\">{text}</text>", px(left), px(mid + 4.0)),
        Row::Area(area) => {
            writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"14\" fill=\"{}\"/>",
                px(left),
                px(mid - 7.0),
                px(SAMPLE),
                area_colour(*area)
            )?;
            label(out, &format!("area {area}"))
        }
        Row::TileBorder => {
            sample_line(
                out,
                left,
                mid,
                &format!("stroke=\"{TILE_BORDER}\" stroke-width=\"1\" stroke-dasharray=\"6 4\""),
            )?;
            label(out, "tile border")
        }
        Row::Portal => {
            sample_line(out, left, mid, &format!("stroke=\"{PORTAL}\" stroke-width=\"2\""))?;
            label(out, "portal (shared edge)")
        }
        Row::OffMesh(style, text) => {
            writeln!(out, "<g fill=\"none\" stroke-width=\"{}\">", px(OFF_MESH_WIDTH))?;
            write_off_mesh_link(out, [left + 4.0, mid], [left + SAMPLE - 4.0, mid], *style)?;
            writeln!(out, "</g>")?;
            label(out, text)
        }
        Row::Path => {
            sample_line(out, left, mid, &format!("stroke=\"{PATH}\" stroke-width=\"{}\"", px(PATH_WIDTH)))?;
            label(out, "path (straight path corners)")
        }
        Row::Trails(count) => {
            sample_line(out, left, mid, &format!("stroke=\"{TRAIL}\" stroke-width=\"{}\"", px(TRAIL_WIDTH)))?;
            label(out, &format!("{count} agent trails (dot: end)"))
        }
    }
}

fn sample_line(out: &mut String, left: f64, y: f64, style: &str) -> fmt::Result {
    writeln!(out, "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" {style}/>", px(left), px(left + SAMPLE))
}
