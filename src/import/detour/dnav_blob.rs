//! One Detour tile blob (`DNAV` version 7) read into plain records, every
//! read bounds-checked. The layout is what `dtCreateNavMeshData` writes and
//! `dtNavMesh::addTile` reads, little-endian: a 100-byte `dtMeshHeader`,
//! then vertices, polygons, links, detail meshes, detail vertices, detail
//! triangles, BV nodes and off-mesh connections, each section padded to 4
//! bytes (every record size here is already a multiple of 4). Links and BV
//! nodes are skipped: onav derives its own.
//!
//! The reader checks what the layout itself implies (magic, version, counts
//! not negative, off-mesh polygons after the ground polygons, one off-mesh
//! connection per off-mesh polygon, the exact length) before allocating;
//! what the records mean is checked by the conversion.

use crate::format::byte_reader::ByteReader;
use crate::{NavMeshError, Result};

use super::reference_size::ReferenceSize;

/// `'D'<<24 | 'N'<<16 | 'A'<<8 | 'V'`, stored as a little-endian int.
pub const DNAV_MAGIC: u32 = 0x444E_4156;
/// The only blob version this reader knows (`DT_NAVMESH_VERSION`).
pub const DNAV_VERSION: u16 = 7;
/// `DT_VERTS_PER_POLYGON`: the fixed size of a polygon's index arrays.
pub const VERTS_PER_POLYGON: usize = 6;

const HEADER_LEN: u64 = 100;
const VERTEX_LEN: u64 = 12;
const POLYGON_LEN: u64 = 32;
const DETAIL_MESH_LEN: u64 = 12;
const DETAIL_TRIANGLE_LEN: u64 = 4;
const BV_NODE_LEN: u64 = 16;
const OFF_MESH_CONNECTION_LEN: u64 = 36;

/// `dtMeshHeader` with its counts checked to be non-negative.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DnavHeader {
    pub x: i32,
    pub y: i32,
    pub layer: i32,
    pub user_id: u32,
    pub polygon_count: usize,
    pub vertex_count: usize,
    pub max_link_count: usize,
    pub detail_mesh_count: usize,
    pub detail_vertex_count: usize,
    pub detail_triangle_count: usize,
    pub bv_node_count: usize,
    pub off_mesh_connection_count: usize,
    /// Index of the first off-mesh polygon; the ground polygons precede it.
    pub off_mesh_base: usize,
    pub walkable_height: f32,
    pub walkable_radius: f32,
    pub walkable_climb: f32,
    pub bmin: [f32; 3],
    pub bmax: [f32; 3],
    /// `1 / CellSize` as Detour's builder stored it.
    pub bv_quant_factor: f32,
}

/// `dtPoly` without its run-time first-link field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DnavPolygon {
    pub vertices: [u16; VERTS_PER_POLYGON],
    /// Per edge: 0 none, k in-tile polygon k-1, or `0x8000 | side` a portal.
    pub neighbours: [u16; VERTS_PER_POLYGON],
    pub flags: u16,
    pub vertex_count: u8,
    /// Area in the low 6 bits, polygon type in the top 2.
    pub area_and_type: u8,
}

impl DnavPolygon {
    pub fn area(&self) -> u8 {
        self.area_and_type & 0x3F
    }

    /// 0 ground (`DT_POLYTYPE_GROUND`), 1 off-mesh connection.
    pub fn polygon_type(&self) -> u8 {
        self.area_and_type >> 6
    }
}

/// `dtPolyDetail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DnavDetailMesh {
    pub vertex_base: u32,
    pub triangle_base: u32,
    pub vertex_count: u8,
    pub triangle_count: u8,
}

/// `dtOffMeshConnection`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DnavOffMeshConnection {
    /// Start x, y, z, then end x, y, z, in world space.
    pub endpoints: [f32; 6],
    pub radius: f32,
    /// The connection's polygon in this tile.
    pub polygon: u16,
    /// Bit 0: `DT_OFFMESH_CON_BIDIR`.
    pub flags: u8,
    /// Where the end lies (Detour's own linking hint; not used here).
    pub side: u8,
    pub user_id: u32,
}

/// The records of one blob, in Detour's order and world space.
#[derive(Debug, Clone, PartialEq)]
pub struct DnavTile {
    pub header: DnavHeader,
    /// The reference width the blob's length matched.
    pub reference_size: ReferenceSize,
    pub vertices: Vec<[f32; 3]>,
    pub polygons: Vec<DnavPolygon>,
    pub detail_meshes: Vec<DnavDetailMesh>,
    pub detail_vertices: Vec<[f32; 3]>,
    /// Three indices, then the edge flags (two bits per edge).
    pub detail_triangles: Vec<[u8; 4]>,
    pub off_mesh_connections: Vec<DnavOffMeshConnection>,
}

impl DnavTile {
    /// How errors name this tile: "Detour tile (x, y, layer l)".
    pub fn name(&self) -> String {
        tile_name(&self.header)
    }

    /// The polygons that are walkable surface (the off-mesh connection
    /// polygons follow them).
    pub fn ground_polygons(&self) -> &[DnavPolygon] {
        &self.polygons[..self.header.off_mesh_base]
    }
}

fn tile_name(header: &DnavHeader) -> String {
    format!("Detour tile ({}, {}, layer {})", header.x, header.y, header.layer)
}

/// Reads one blob. `expected` is the reference width of the set the blob
/// came from; `None` lets the blob's length decide (see
/// [`ReferenceSize::of_blob`]).
pub fn read_dnav_blob(bytes: &[u8], expected: Option<ReferenceSize>) -> Result<DnavTile> {
    let mut reader = ByteReader::new(bytes, "DNAV tile");
    check_magic_and_version(&mut reader)?;
    let header = read_header(&mut reader)?;
    let name = tile_name(&header);
    check_off_mesh_layout(&header, &name)?;
    let fixed = length_without_links(&header);
    let link_count = header.max_link_count as u64;
    let reference_size = match expected {
        Some(size) => size.check_blob(bytes.len(), fixed, link_count, &name).map(|()| size)?,
        None => ReferenceSize::of_blob(bytes.len(), fixed, link_count, &name)?,
    };
    let vertices = read_points(&mut reader, header.vertex_count, "vertices")?;
    let polygons = read_all(&mut reader, header.polygon_count, read_polygon)?;
    reader.take(header.max_link_count * reference_size.link_record_len() as usize, "links")?;
    let detail_meshes = read_all(&mut reader, header.detail_mesh_count, read_detail_mesh)?;
    let detail_vertices = read_points(&mut reader, header.detail_vertex_count, "detail vertices")?;
    let detail_triangles = read_all(&mut reader, header.detail_triangle_count, |r| r.array("detail triangle"))?;
    reader.take(header.bv_node_count * BV_NODE_LEN as usize, "BV nodes")?;
    let off_mesh_connections = read_all(&mut reader, header.off_mesh_connection_count, read_off_mesh_connection)?;
    reader.expect_end()?;
    Ok(DnavTile {
        header,
        reference_size,
        vertices,
        polygons,
        detail_meshes,
        detail_vertices,
        detail_triangles,
        off_mesh_connections,
    })
}

fn check_magic_and_version(reader: &mut ByteReader<'_>) -> Result<()> {
    let magic = reader.u32("magic")?;
    if magic != DNAV_MAGIC {
        let why = if magic.swap_bytes() == DNAV_MAGIC {
            "a big-endian Detour tile (dtNavMeshDataSwapEndian output), which is not supported".to_string()
        } else {
            format!("magic {magic:#010x} is not DNAV ({DNAV_MAGIC:#010x} little-endian)")
        };
        return Err(NavMeshError::Format(format!("DNAV tile: {why}")));
    }
    let version = reader.i32("version")?;
    if version != i32::from(DNAV_VERSION) {
        return Err(match u16::try_from(version) {
            Ok(found) => NavMeshError::Version { what: "DNAV tile", found, expected: DNAV_VERSION },
            Err(_) => {
                NavMeshError::Format(format!("DNAV tile: version {version} is not supported, expected {DNAV_VERSION}"))
            }
        });
    }
    Ok(())
}

/// A count field: a non-negative `int`.
fn count(reader: &mut ByteReader<'_>, field: &'static str) -> Result<usize> {
    let value = reader.i32(field)?;
    usize::try_from(value).map_err(|_| NavMeshError::Format(format!("DNAV tile: {field} {value} is negative")))
}

fn point(reader: &mut ByteReader<'_>, field: &str) -> Result<[f32; 3]> {
    Ok([reader.f32(field)?, reader.f32(field)?, reader.f32(field)?])
}

fn read_header(r: &mut ByteReader<'_>) -> Result<DnavHeader> {
    Ok(DnavHeader {
        x: r.i32("x")?,
        y: r.i32("y")?,
        layer: r.i32("layer")?,
        user_id: r.u32("userId")?,
        polygon_count: count(r, "polyCount")?,
        vertex_count: count(r, "vertCount")?,
        max_link_count: count(r, "maxLinkCount")?,
        detail_mesh_count: count(r, "detailMeshCount")?,
        detail_vertex_count: count(r, "detailVertCount")?,
        detail_triangle_count: count(r, "detailTriCount")?,
        bv_node_count: count(r, "bvNodeCount")?,
        off_mesh_connection_count: count(r, "offMeshConCount")?,
        off_mesh_base: count(r, "offMeshBase")?,
        walkable_height: r.f32("walkableHeight")?,
        walkable_radius: r.f32("walkableRadius")?,
        walkable_climb: r.f32("walkableClimb")?,
        bmin: point(r, "bmin")?,
        bmax: point(r, "bmax")?,
        bv_quant_factor: r.f32("bvQuantFactor")?,
    })
}

/// Detour's builder stores the ground polygons first and one off-mesh
/// polygon per off-mesh connection after them.
fn check_off_mesh_layout(header: &DnavHeader, name: &str) -> Result<()> {
    if header.off_mesh_base > header.polygon_count {
        return Err(NavMeshError::Format(format!(
            "{name}: offMeshBase {} beyond polyCount {}",
            header.off_mesh_base, header.polygon_count
        )));
    }
    let off_mesh_polygons = header.polygon_count - header.off_mesh_base;
    if header.off_mesh_connection_count != off_mesh_polygons {
        return Err(NavMeshError::Format(format!(
            "{name}: offMeshConCount {} differs from the {off_mesh_polygons} polygons from offMeshBase {} to polyCount {}",
            header.off_mesh_connection_count, header.off_mesh_base, header.polygon_count
        )));
    }
    Ok(())
}

/// Every section but the links, in 64 bits (the counts are below 2^31).
fn length_without_links(h: &DnavHeader) -> u64 {
    HEADER_LEN
        + VERTEX_LEN * h.vertex_count as u64
        + POLYGON_LEN * h.polygon_count as u64
        + DETAIL_MESH_LEN * h.detail_mesh_count as u64
        + VERTEX_LEN * h.detail_vertex_count as u64
        + DETAIL_TRIANGLE_LEN * h.detail_triangle_count as u64
        + BV_NODE_LEN * h.bv_node_count as u64
        + OFF_MESH_CONNECTION_LEN * h.off_mesh_connection_count as u64
}

/// `count` records; the caller has checked the blob's length, so the
/// capacity is justified by the bytes.
fn read_all<'a, T>(
    reader: &mut ByteReader<'a>,
    count: usize,
    mut read: impl FnMut(&mut ByteReader<'a>) -> Result<T>,
) -> Result<Vec<T>> {
    let mut records = Vec::with_capacity(count);
    for _ in 0..count {
        records.push(read(reader)?);
    }
    Ok(records)
}

fn read_points(reader: &mut ByteReader<'_>, count: usize, field: &'static str) -> Result<Vec<[f32; 3]>> {
    read_all(reader, count, |r| point(r, field))
}

fn read_polygon(r: &mut ByteReader<'_>) -> Result<DnavPolygon> {
    r.u32("polygon firstLink")?;
    let mut vertices = [0u16; VERTS_PER_POLYGON];
    for v in &mut vertices {
        *v = r.u16("polygon verts")?;
    }
    let mut neighbours = [0u16; VERTS_PER_POLYGON];
    for n in &mut neighbours {
        *n = r.u16("polygon neis")?;
    }
    Ok(DnavPolygon {
        vertices,
        neighbours,
        flags: r.u16("polygon flags")?,
        vertex_count: r.u8("polygon vertCount")?,
        area_and_type: r.u8("polygon areaAndtype")?,
    })
}

fn read_detail_mesh(r: &mut ByteReader<'_>) -> Result<DnavDetailMesh> {
    let mesh = DnavDetailMesh {
        vertex_base: r.u32("detail mesh vertBase")?,
        triangle_base: r.u32("detail mesh triBase")?,
        vertex_count: r.u8("detail mesh vertCount")?,
        triangle_count: r.u8("detail mesh triCount")?,
    };
    r.take(2, "detail mesh padding")?;
    Ok(mesh)
}

fn read_off_mesh_connection(r: &mut ByteReader<'_>) -> Result<DnavOffMeshConnection> {
    let mut endpoints = [0f32; 6];
    for c in &mut endpoints {
        *c = r.f32("off-mesh connection pos")?;
    }
    Ok(DnavOffMeshConnection {
        endpoints,
        radius: r.f32("off-mesh connection rad")?,
        polygon: r.u16("off-mesh connection poly")?,
        flags: r.u8("off-mesh connection flags")?,
        side: r.u8("off-mesh connection side")?,
        user_id: r.u32("off-mesh connection userId")?,
    })
}
