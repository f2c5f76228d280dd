//! The picture's layers, bottom to top: polygons, tile borders, portals,
//! off-mesh links and a path. Each is one `<g>` carrying the shared style,
//! so a polygon or a line is one short element.

use std::fmt::{self, Write};

use super::frame::{px, Frame};
use super::palette::{area_colour, ONE_WAY, PATH, POLYGON_OUTLINE, PORTAL, TILE_BORDER, TWO_WAY, UNCONNECTED};
use super::scene::{top_down, Scene};
use crate::off_mesh_links::OffMeshLinkView;

/// Marker ids of the arrowheads.
pub const ONE_WAY_HEAD: &str = "one-way-head";
pub const TWO_WAY_HEAD: &str = "two-way-head";
/// Pixels of line width for off-mesh links (arrowheads scale with it).
pub const OFF_MESH_WIDTH: f64 = 1.5;
/// Pixels from the centre to a corner of the cross marking an unconnected
/// end.
const CROSS: f64 = 4.0;
/// Pixels of line width of a path, and of the radius of its end dots.
pub const PATH_WIDTH: f64 = 3.0;
const PATH_DOT: f64 = 5.0;

/// Arrowhead markers; `auto-start-reverse` points the start marker of a
/// two-way link backwards.
pub fn write_defs(out: &mut String) -> fmt::Result {
    writeln!(out, "<defs>")?;
    for (id, colour) in [(ONE_WAY_HEAD, ONE_WAY), (TWO_WAY_HEAD, TWO_WAY)] {
        writeln!(
            out,
            "<marker id=\"{id}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" \
             orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"{colour}\"/></marker>"
        )?;
    }
    writeln!(out, "</defs>")
}

pub fn write_polygons(out: &mut String, frame: &Frame, scene: &Scene) -> fmt::Result {
    writeln!(
        out,
        "<g id=\"polygons\" stroke=\"{POLYGON_OUTLINE}\" stroke-width=\"{}\" stroke-linejoin=\"round\" fill-opacity=\"0.85\">",
        px(frame.outline_width())
    )?;
    for polygon in &scene.polygons {
        let mut d = String::new();
        for (i, &p) in polygon.outline.iter().enumerate() {
            let [x, y] = frame.point(p);
            write!(d, "{}{},{}", if i == 0 { "M" } else { "L" }, px(x), px(y))?;
        }
        writeln!(out, "<path fill=\"{}\" d=\"{d}Z\"/>", area_colour(polygon.area))?;
    }
    writeln!(out, "</g>")
}

pub fn write_tile_borders(out: &mut String, frame: &Frame, scene: &Scene) -> fmt::Result {
    writeln!(
        out,
        "<g id=\"tile-borders\" fill=\"none\" stroke=\"{TILE_BORDER}\" stroke-width=\"1\" stroke-dasharray=\"6 4\">"
    )?;
    for &(lo, hi) in &scene.tiles {
        // Z is flipped: the tile's top-left corner on the canvas is (min x, max z).
        let [x, y] = frame.point([lo[0], hi[1]]);
        let [x2, y2] = frame.point([hi[0], lo[1]]);
        writeln!(out, "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>", px(x), px(y), px(x2 - x), px(y2 - y))?;
    }
    writeln!(out, "</g>")
}

pub fn write_portals(out: &mut String, frame: &Frame, scene: &Scene) -> fmt::Result {
    writeln!(
        out,
        "<g id=\"portals\" stroke=\"{PORTAL}\" stroke-width=\"{}\" stroke-linecap=\"round\">",
        px(frame.portal_width())
    )?;
    for &[a, b] in &scene.portals {
        write_line(out, frame.point(a), frame.point(b), "")?;
    }
    writeln!(out, "</g>")
}

pub fn write_off_mesh_links(out: &mut String, frame: &Frame, scene: &Scene) -> fmt::Result {
    writeln!(
        out,
        "<g id=\"off-mesh-links\" fill=\"none\" stroke-width=\"{}\" stroke-linecap=\"round\">",
        px(OFF_MESH_WIDTH)
    )?;
    for link in &scene.off_mesh_links {
        let (a, b) = (frame.point(top_down(link.start)), frame.point(top_down(link.end)));
        write_off_mesh_link(out, a, b, link_style(link))?;
    }
    writeln!(out, "</g>")
}

/// The path as one polyline through its corners, a dot at each end; nothing
/// when the scene has no path.
pub fn write_path(out: &mut String, frame: &Frame, scene: &Scene) -> fmt::Result {
    let (Some(&first), Some(&last)) = (scene.path.first(), scene.path.last()) else {
        return Ok(());
    };
    writeln!(
        out,
        "<g id=\"path\" stroke=\"{PATH}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"round\">",
        px(PATH_WIDTH)
    )?;
    let points: Vec<String> =
        scene.path.iter().map(|&p| frame.point(p)).map(|[x, y]| format!("{},{}", px(x), px(y))).collect();
    writeln!(out, "<polyline fill=\"none\" points=\"{}\"/>", points.join(" "))?;
    for end in [first, last] {
        let [x, y] = frame.point(end);
        writeln!(out, "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{PATH}\"/>", px(x), px(y), px(PATH_DOT))?;
    }
    writeln!(out, "</g>")
}

/// How an off-mesh link looks.
#[derive(Clone, Copy)]
pub enum LinkStyle {
    OneWay,
    TwoWay,
    Unconnected,
}

fn link_style(link: &OffMeshLinkView) -> LinkStyle {
    match (link.connected, link.bidirectional) {
        (false, _) => LinkStyle::Unconnected,
        (true, false) => LinkStyle::OneWay,
        (true, true) => LinkStyle::TwoWay,
    }
}

/// One link from canvas point `a` to `b`: one arrowhead for one-way, two
/// for two-way, dashed with a cross at each end when unconnected.
pub fn write_off_mesh_link(out: &mut String, a: [f64; 2], b: [f64; 2], style: LinkStyle) -> fmt::Result {
    match style {
        LinkStyle::OneWay => {
            write_line(out, a, b, &format!(" stroke=\"{ONE_WAY}\" marker-end=\"url(#{ONE_WAY_HEAD})\""))
        }
        LinkStyle::TwoWay => write_line(
            out,
            a,
            b,
            &format!(" stroke=\"{TWO_WAY}\" marker-start=\"url(#{TWO_WAY_HEAD})\" marker-end=\"url(#{TWO_WAY_HEAD})\""),
        ),
        LinkStyle::Unconnected => {
            write_line(out, a, b, &format!(" stroke=\"{UNCONNECTED}\" stroke-dasharray=\"4 3\""))?;
            write_crosses(out, &[a, b])
        }
    }
}

fn write_crosses(out: &mut String, centres: &[[f64; 2]]) -> fmt::Result {
    let mut d = String::new();
    for &[x, y] in centres {
        let (l, r, t, b) = (px(x - CROSS), px(x + CROSS), px(y - CROSS), px(y + CROSS));
        write!(d, "M{l},{t}L{r},{b}M{l},{b}L{r},{t}")?;
    }
    writeln!(out, "<path stroke=\"{UNCONNECTED}\" d=\"{d}\"/>")
}

fn write_line(out: &mut String, a: [f64; 2], b: [f64; 2], attributes: &str) -> fmt::Result {
    writeln!(out, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{attributes}/>", px(a[0]), px(a[1]), px(b[0]), px(b[1]))
}
