//! The ONPT tile layout (LAYOUT section 3): `write_tile`, `read_tile` and the
//! tile content id.
//!
//! Reading follows LAYOUT section 8's check order: magic, version, flags,
//! fingerprint, header fields, the exact length (before any allocation),
//! then every content rule through the same checks as `NavTile::create`.

use sha2::{Digest, Sha256};

use crate::error::{NavMeshError, Result};
use crate::format::byte_reader::{f32_at, u16_at, u32_at, ByteReader};
use crate::format::fingerprint::BuildFingerprint;
use crate::format::layout_header::ONPT;
use crate::format::params::NavMeshParams;
use crate::tile::coordinate::is_within_bound;
use crate::tile::nav_tile::NavTile;
use crate::tile::tile_arrays::TileArrays;
use crate::tile::tile_buffer::{Plain, Section};
use crate::tile::tile_data::{DetailMesh, DetailTriangle, OffMeshLinkSlot, Polygon, MAX_LAYER, MAX_POLYGONS};
use crate::tile::tile_rules::check_shape;
use crate::tile::tile_sections::{PortalCounts, TileCounts, TilePlace};
use crate::tile::tile_store::TileStore;

/// Bytes of the ONPT header.
pub const TILE_HEADER_LEN: usize = 72;

const VERTEX_LEN: usize = 12;
const POLYGON_LEN: usize = 4;
const EDGE_LEN: usize = 9;
const DETAIL_MESH_LEN: usize = 16;
const DETAIL_TRIANGLE_LEN: usize = 4;
const LINK_LEN: usize = 36;

/// A tile's content id: the first 16 bytes of SHA-256 over its ONPT bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileContentId(pub [u8; 16]);

impl TileContentId {
    /// The content id of ONPT bytes.
    pub fn of_bytes(bytes: &[u8]) -> Self {
        let digest = Sha256::digest(bytes);
        let mut id = [0u8; 16];
        id.copy_from_slice(&digest[..16]);
        TileContentId(id)
    }

    /// Lower-case hex, digest order.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl NavTile {
    /// The tile's ONPT bytes; equal tiles give equal bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        write_tile(self)
    }

    /// The tile's content id (LAYOUT section 3).
    pub fn content_id(&self) -> TileContentId {
        TileContentId::of_bytes(&self.to_bytes())
    }
}

/// Writes `tile` in the ONPT layout.
pub fn write_tile(tile: &NavTile) -> Vec<u8> {
    let d = tile.data();
    let mut out = Vec::with_capacity(encoded_len(&counts_of(&d)) as usize);
    ONPT.write(&mut out);
    out.extend_from_slice(&tile.fingerprint().0);
    out.extend_from_slice(&d.origin_y.to_le_bytes());
    out.extend_from_slice(&d.tile_x.to_le_bytes());
    out.extend_from_slice(&d.tile_z.to_le_bytes());
    out.extend_from_slice(&d.layer.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    for count in counts_of(&d).as_array() {
        out.extend_from_slice(&count.to_le_bytes());
    }
    let push_vertex = |out: &mut Vec<u8>, v: &[f32; 3]| v.iter().for_each(|c| out.extend_from_slice(&c.to_le_bytes()));
    d.vertices.iter().for_each(|v| push_vertex(&mut out, v));
    for poly in d.polygons {
        out.push(poly.vertex_count);
        out.push(poly.area);
        out.extend_from_slice(&poly.flags.to_le_bytes());
    }
    d.indices.iter().for_each(|i| out.extend_from_slice(&i.to_le_bytes()));
    d.neighbours.iter().for_each(|n| out.extend_from_slice(&n.to_le_bytes()));
    out.extend_from_slice(d.portal_sides);
    for m in d.detail_meshes {
        for v in [m.vertex_base, m.vertex_count, m.triangle_base, m.triangle_count] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    d.detail_vertices.iter().for_each(|v| push_vertex(&mut out, v));
    for t in d.detail_triangles {
        out.extend_from_slice(&t.indices);
        out.push(t.edge_flags);
    }
    for link in d.off_mesh_links {
        push_vertex(&mut out, &link.start);
        push_vertex(&mut out, &link.end);
        out.extend_from_slice(&link.radius.to_le_bytes());
        out.push(link.area);
        out.push(u8::from(link.bidirectional));
        out.extend_from_slice(&link.flags.to_le_bytes());
        out.extend_from_slice(&link.user_id.to_le_bytes());
    }
    debug_assert_eq!(out.len() as u64, encoded_len(&counts_of(&d)));
    out
}

/// Reads ONPT bytes against `params`: validates the parameters (out of
/// range), then the bytes (version, fingerprint or format errors).
pub fn read_tile(params: &NavMeshParams, bytes: &[u8]) -> Result<NavTile> {
    params.validate()?;
    read_tile_checked(params, &BuildFingerprint::of(params), bytes)
}

/// [`read_tile`] for parameters known valid, with their fingerprint.
pub(crate) fn read_tile_checked(
    params: &NavMeshParams,
    fingerprint: &BuildFingerprint,
    bytes: &[u8],
) -> Result<NavTile> {
    let mut reader = ByteReader::new(bytes, ONPT.what);
    ONPT.read(&mut reader)?;
    let found = reader.array::<16>("fingerprint")?;
    if found != fingerprint.0 {
        return Err(NavMeshError::Fingerprint(format!(
            "ONPT tile has fingerprint {}, the parameters give {}",
            BuildFingerprint(found).to_hex(),
            fingerprint.to_hex()
        )));
    }
    let header = read_header(&mut reader, bytes.len())?;
    let store = read_body(&header, reader.take(reader.remaining(), "body")?)?;
    check_shape(params, &store.arrays(&header.place))?;
    NavTile::assemble(params, *fingerprint, header.place, store)
}

#[derive(Clone, Copy)]
struct Counts {
    vertices: u32,
    polygons: u32,
    edges: u32,
    detail_meshes: u32,
    detail_vertices: u32,
    detail_triangles: u32,
    links: u32,
}

impl Counts {
    fn as_array(&self) -> [u32; 7] {
        [
            self.vertices,
            self.polygons,
            self.edges,
            self.detail_meshes,
            self.detail_vertices,
            self.detail_triangles,
            self.links,
        ]
    }
}

fn counts_of(d: &TileArrays<'_>) -> Counts {
    Counts {
        vertices: d.vertices.len() as u32,
        polygons: d.polygons.len() as u32,
        edges: d.indices.len() as u32,
        detail_meshes: d.detail_meshes.len() as u32,
        detail_vertices: d.detail_vertices.len() as u32,
        detail_triangles: d.detail_triangles.len() as u32,
        links: d.off_mesh_links.len() as u32,
    }
}

/// 72 + 12V + 4P + 9E + 16D + 12DV + 4DT + 36L, in 64 bits.
fn encoded_len(c: &Counts) -> u64 {
    let sizes = [VERTEX_LEN, POLYGON_LEN, EDGE_LEN, DETAIL_MESH_LEN, VERTEX_LEN, DETAIL_TRIANGLE_LEN, LINK_LEN];
    TILE_HEADER_LEN as u64 + c.as_array().iter().zip(sizes).map(|(&n, size)| u64::from(n) * size as u64).sum::<u64>()
}

struct Header {
    place: TilePlace,
    counts: Counts,
}

fn read_header(reader: &mut ByteReader<'_>, total_len: usize) -> Result<Header> {
    let origin_y = reader.f64("OriginY")?;
    if !is_within_bound(origin_y) {
        return Err(NavMeshError::format(format!(
            "ONPT tile: OriginY {origin_y:?} must be finite and strictly within ±2097152"
        )));
    }
    let tile_x = reader.i32("TileX")?;
    let tile_z = reader.i32("TileZ")?;
    let layer = reader.u16("Layer")?;
    if layer > MAX_LAYER {
        return Err(NavMeshError::format(format!("ONPT tile: layer {layer} above {MAX_LAYER}")));
    }
    let reserved = reader.u16("reserved")?;
    if reserved != 0 {
        return Err(NavMeshError::format(format!("ONPT tile: reserved field at offset 42 is {reserved}, must be 0")));
    }
    let counts = Counts {
        vertices: reader.u32("vertex count")?,
        polygons: reader.u32("polygon count")?,
        edges: reader.u32("edge count")?,
        detail_meshes: reader.u32("detail mesh count")?,
        detail_vertices: reader.u32("detail vertex count")?,
        detail_triangles: reader.u32("detail triangle count")?,
        links: reader.u32("off-mesh link count")?,
    };
    if counts.polygons as usize > MAX_POLYGONS {
        return Err(NavMeshError::format(format!("ONPT tile: polygon count {} above {MAX_POLYGONS}", counts.polygons)));
    }
    if counts.detail_meshes != 0 && counts.detail_meshes != counts.polygons {
        return Err(NavMeshError::format(format!(
            "ONPT tile: detail mesh count {} must be 0 or the polygon count {}",
            counts.detail_meshes, counts.polygons
        )));
    }
    let expected = encoded_len(&counts);
    if expected != total_len as u64 {
        return Err(NavMeshError::format(format!(
            "ONPT tile: the counts imply {expected} bytes but the tile has {total_len}"
        )));
    }
    Ok(Header { place: TilePlace { tile_x, tile_z, layer, origin_y }, counts })
}

/// Splits off the next `count * record` bytes; the caller checked the total.
fn section<'a>(body: &mut &'a [u8], count: u32, record: usize) -> &'a [u8] {
    let (head, rest) = body.split_at(count as usize * record);
    *body = rest;
    head
}

/// Decodes `bytes`, records of `record` bytes, into `section` of `store`.
fn decode_into<T: Plain>(
    store: &mut TileStore,
    section: Section<T>,
    bytes: &[u8],
    record: usize,
    decode: impl Fn(&[u8]) -> T,
) {
    for (value, r) in store.get_mut(section).iter_mut().zip(bytes.chunks_exact(record)) {
        *value = decode(r);
    }
}

fn vertex_of(r: &[u8]) -> [f32; 3] {
    [f32_at(r, 0), f32_at(r, 4), f32_at(r, 8)]
}

fn u32_of(r: &[u8]) -> u32 {
    u32_at(r, 0)
}

/// Decodes the body, whose length equals the header's implied length,
/// into one buffer planned from the header's counts and the portal sides.
fn read_body(header: &Header, mut body: &[u8]) -> Result<TileStore> {
    let c = header.counts;
    let vertices = section(&mut body, c.vertices, VERTEX_LEN);
    let polygons = section(&mut body, c.polygons, POLYGON_LEN);
    let indices = section(&mut body, c.edges, 4);
    let neighbours = section(&mut body, c.edges, 4);
    let portal_sides = section(&mut body, c.edges, 1);
    let detail_meshes = section(&mut body, c.detail_meshes, DETAIL_MESH_LEN);
    let detail_vertices = section(&mut body, c.detail_vertices, VERTEX_LEN);
    let detail_triangles = section(&mut body, c.detail_triangles, DETAIL_TRIANGLE_LEN);
    let links = section(&mut body, c.links, LINK_LEN);
    let PortalCounts { portals, sweep_steps } = PortalCounts::of(portal_sides);
    let mut store = TileStore::plan(&TileCounts {
        vertices: c.vertices as usize,
        polygons: c.polygons as usize,
        edges: c.edges as usize,
        detail_meshes: c.detail_meshes as usize,
        detail_vertices: c.detail_vertices as usize,
        detail_triangles: c.detail_triangles as usize,
        off_mesh_links: c.links as usize,
        portals,
        sweep_steps,
    })?;
    let sections = *store.sections();
    let out = &mut store;
    decode_into(out, sections.vertices(), vertices, VERTEX_LEN, vertex_of);
    decode_into(out, sections.polygons(), polygons, POLYGON_LEN, |r| Polygon {
        vertex_count: r[0],
        area: r[1],
        flags: u16_at(r, 2),
    });
    decode_into(out, sections.indices(), indices, 4, u32_of);
    decode_into(out, sections.neighbours(), neighbours, 4, u32_of);
    out.get_mut(sections.portal_sides()).copy_from_slice(portal_sides);
    decode_into(out, sections.detail_meshes(), detail_meshes, DETAIL_MESH_LEN, |r| DetailMesh {
        vertex_base: u32_at(r, 0),
        vertex_count: u32_at(r, 4),
        triangle_base: u32_at(r, 8),
        triangle_count: u32_at(r, 12),
    });
    decode_into(out, sections.detail_vertices(), detail_vertices, VERTEX_LEN, vertex_of);
    decode_into(out, sections.detail_triangles(), detail_triangles, DETAIL_TRIANGLE_LEN, |r| DetailTriangle {
        indices: [r[0], r[1], r[2]],
        edge_flags: r[3],
    });
    let link_records = links.chunks_exact(LINK_LEN);
    for ((i, slot), r) in out.get_mut(sections.off_mesh_links()).iter_mut().enumerate().zip(link_records) {
        *slot = link_of(i, r)?;
    }
    Ok(store)
}

/// One link record; its bidirectional byte must be 0 or 1.
fn link_of(index: usize, r: &[u8]) -> Result<OffMeshLinkSlot> {
    let bidirectional = match r[29] {
        0 => false,
        1 => true,
        other => {
            return Err(NavMeshError::format(format!(
                "off_mesh_links[{index}]: bidirectional byte {other} must be 0 or 1"
            )))
        }
    };
    Ok(OffMeshLinkSlot {
        start: [f32_at(r, 0), f32_at(r, 4), f32_at(r, 8)],
        end: [f32_at(r, 12), f32_at(r, 16), f32_at(r, 20)],
        radius: f32_at(r, 24),
        area: r[28],
        bidirectional,
        flags: u16_at(r, 30),
        user_id: u32_at(r, 32),
    })
}
