//! `onav debug FILE --json`: `NavMeshDebug::collect` as JSON, in the
//! collector's order. References are decimal strings because a 64-bit
//! PolyRef does not survive JSON readers that parse numbers as doubles.

use std::path::Path;

use onav::{DebugLink, DebugPolygon, LinkKind, NavMeshDebug};
use serde::Serialize;

use crate::document::Document;
use crate::failure::Failure;

/// Names the layout of this output; bumped when a field changes.
const SCHEMA: &str = "onav-debug/1";

#[derive(Serialize)]
struct DebugJson {
    schema: &'static str,
    polygons: Vec<PolygonJson>,
    links: Vec<LinkJson>,
}

#[derive(Serialize)]
struct TileJson {
    x: i32,
    z: i32,
    layer: u16,
}

#[derive(Serialize)]
struct PolygonJson {
    tile: TileJson,
    slot: u32,
    index: u32,
    poly_ref: String,
    area: u8,
    flags: u16,
    outline: Vec<[f64; 3]>,
}

#[derive(Serialize)]
struct LinkJson {
    kind: &'static str,
    from: String,
    to: String,
    segment: [[f64; 3]; 2],
}

pub fn run(path: &Path, class: usize) -> Result<(), Failure> {
    let mesh = Document::open(path)?.into_mesh(class)?;
    let json = serde_json::to_string(&debug_json(&NavMeshDebug::collect(&mesh)))
        .expect("plain data of finite numbers always serializes");
    println!("{json}");
    Ok(())
}

fn debug_json(debug: &NavMeshDebug) -> DebugJson {
    DebugJson {
        schema: SCHEMA,
        polygons: debug.polygons.iter().enumerate().map(|(i, p)| polygon_json(p, debug.outline(i))).collect(),
        links: debug.links.iter().map(link_json).collect(),
    }
}

fn polygon_json(p: &DebugPolygon, outline: &[[f64; 3]]) -> PolygonJson {
    PolygonJson {
        tile: TileJson { x: p.tile_x, z: p.tile_z, layer: p.layer },
        slot: p.slot,
        index: p.poly_ref.polygon(),
        poly_ref: p.poly_ref.0.to_string(),
        area: p.area,
        flags: p.flags,
        outline: outline.to_vec(),
    }
}

fn link_json(l: &DebugLink) -> LinkJson {
    LinkJson { kind: kind_name(l.kind), from: l.from.0.to_string(), to: l.to.0.to_string(), segment: [l.start, l.end] }
}

/// The kind names `inspect` uses too.
fn kind_name(kind: LinkKind) -> &'static str {
    match kind {
        LinkKind::Portal => "portal",
        LinkKind::OffMesh => "offmesh",
        LinkKind::OffMeshReverse => "offmesh_reverse",
    }
}
