//! `onav inspect FILE`: what a file holds, as plain text.

use std::fmt::{self, Write};
use std::path::Path;

use onav::format::layout_header::{LayoutHeader, ONPM};
use onav::{BuildFingerprint, NavMesh, NavMeshParams, TiledNavMesh};

use crate::document::Document;
use crate::failure::Failure;
use crate::mesh_summary::{link_totals, tile_rows};
use crate::off_mesh_links::off_mesh_links;
use crate::tile_header::{TileHeader, COUNT_NAMES};
use onav::format::snapshot::Snapshot;

pub fn run(path: &Path) -> Result<(), Failure> {
    let document = Document::open(path)?;
    let mut out = String::new();
    describe(&mut out, &document).expect("writing to a String cannot fail");
    print!("{out}");
    Ok(())
}

fn describe(out: &mut String, document: &Document) -> fmt::Result {
    write_kind(out, &document.layout())?;
    match document {
        Document::Tile(header) => describe_tile(out, header),
        Document::Mesh(mesh) => describe_mesh(out, mesh),
        Document::Snapshot(snapshot) => describe_snapshot(out, snapshot),
        Document::MeshEnvelope(nav_mesh) => describe_envelope(out, nav_mesh),
        Document::World(world) => {
            writeln!(out, "classes: {}", world.classes().len())?;
            for (class, nav_mesh) in world.classes().iter().enumerate() {
                writeln!(out, "\nclass {class}:")?;
                describe_envelope(out, nav_mesh)?;
            }
            Ok(())
        }
    }
}

fn write_kind(out: &mut String, layout: &LayoutHeader) -> fmt::Result {
    writeln!(out, "kind: {}, version {}", layout.what, layout.version)
}

fn describe_tile(out: &mut String, header: &TileHeader) -> fmt::Result {
    writeln!(out, "fingerprint: {}", header.fingerprint.to_hex())?;
    writeln!(out, "position: tile ({}, {}) layer {}", header.tile_x, header.tile_z, header.layer)?;
    writeln!(out, "origin y: {}", header.origin_y)?;
    for (name, count) in COUNT_NAMES.iter().zip(header.counts) {
        writeln!(out, "{name}: {count}")?;
    }
    writeln!(out, "bytes: {}", header.length)?;
    writeln!(out, "parameters: none in a tile; check it with `onav validate FILE --params MESH`")
}

fn describe_envelope(out: &mut String, nav_mesh: &NavMesh) -> fmt::Result {
    writeln!(out, "authored off-mesh links in the settings: {}", nav_mesh.settings().off_mesh_links().len())?;
    write_kind(out, &ONPM)?;
    describe_mesh(out, nav_mesh.mesh())
}

fn describe_mesh(out: &mut String, mesh: &TiledNavMesh) -> fmt::Result {
    write_params(out, mesh.params())?;
    let rows = tile_rows(mesh);
    writeln!(
        out,
        "slots: {} ({} tiles, {} free)",
        mesh.slot_count(),
        rows.len(),
        mesh.slot_count() as usize - rows.len()
    )?;
    writeln!(out, "tiles:")?;
    writeln!(out, "  slot      salt  tile x  tile z  layer  polygons  vertices   edges  off-mesh   links")?;
    for r in &rows {
        writeln!(
            out,
            "  {:>4}  {:>8}  {:>6}  {:>6}  {:>5}  {:>8}  {:>8}  {:>6}  {:>8}  {:>6}",
            r.slot, r.salt, r.tile_x, r.tile_z, r.layer, r.polygons, r.vertices, r.edges, r.off_mesh_slots, r.links
        )?;
    }
    let totals = link_totals(mesh);
    writeln!(
        out,
        "links: {} (portal {}, offmesh {}, offmesh_reverse {})",
        totals.portal + totals.off_mesh + totals.off_mesh_reverse,
        totals.portal,
        totals.off_mesh,
        totals.off_mesh_reverse
    )?;
    describe_off_mesh_links(out, mesh)
}

fn describe_off_mesh_links(out: &mut String, mesh: &TiledNavMesh) -> fmt::Result {
    let links = off_mesh_links(mesh);
    let unconnected: Vec<_> = links.iter().filter(|l| !l.connected).collect();
    writeln!(
        out,
        "off-mesh links: {} in tiles, {} connected, {} unconnected",
        links.len(),
        links.len() - unconnected.len(),
        unconnected.len()
    )?;
    for l in unconnected {
        writeln!(
            out,
            "  unconnected: slot {} tile ({}, {}) layer {} link {} (user id {}): {} -> {}",
            l.slot,
            l.tile_x,
            l.tile_z,
            l.layer,
            l.index,
            l.user_id,
            point(l.start),
            point(l.end)
        )?;
    }
    Ok(())
}

fn describe_snapshot(out: &mut String, snapshot: &Snapshot) -> fmt::Result {
    write_params(out, &snapshot.params)?;
    writeln!(
        out,
        "slots: {} ({} tiles, {} free)",
        snapshot.salts.len(),
        snapshot.records.len(),
        snapshot.salts.len() - snapshot.records.len()
    )?;
    writeln!(out, "tiles (by content id; the tiles themselves live in a tile library):")?;
    writeln!(out, "  slot      salt  content id")?;
    for (slot, id) in &snapshot.records {
        writeln!(out, "  {slot:>4}  {:>8}  {}", snapshot.salts[*slot as usize], id.to_hex())?;
    }
    Ok(())
}

fn write_params(out: &mut String, p: &NavMeshParams) -> fmt::Result {
    writeln!(out, "parameters:")?;
    writeln!(out, "  origin: {}", point([p.origin_x, p.origin_y, p.origin_z]))?;
    writeln!(out, "  tile size: {}", p.tile_size)?;
    writeln!(out, "  cell size: {}", p.cell_size)?;
    writeln!(out, "  max vertices per polygon: {}", p.max_verts_per_poly)?;
    writeln!(out, "  walkable climb: {}", p.walkable_climb)?;
    writeln!(out, "  agent radius: {}", p.agent_radius)?;
    writeln!(out, "  agent height: {}", p.agent_height)?;
    writeln!(out, "  agent max slope: {}", p.agent_max_slope)?;
    writeln!(out, "fingerprint: {}", BuildFingerprint::of(p).to_hex())?;
    writeln!(out, "settings digest: {:016x}", p.settings_digest)
}

fn point(p: [f64; 3]) -> String {
    format!("({}, {}, {})", p[0], p[1], p[2])
}
