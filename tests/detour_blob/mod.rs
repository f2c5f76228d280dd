//! A small writer of Detour data for the importer's tests and fuzz seeds:
//! `DNAV` version 7 blobs laid out as `dtCreateNavMeshData` lays them out
//! (header, vertices, polygons, room for links, detail meshes, detail
//! vertices, detail triangles, BV nodes, off-mesh connections) and
//! RecastDemo's `MSET` sets, with 32-bit or 64-bit references.
//!
//! [`Grid`] builds tiles the way Recast places vertices (`bmin + v * cs` in
//! float, with `bmin = orig + tx * tileWidth`), each tile a square of
//! `quads` x `quads` quads in Detour's winding with portal flags on every
//! tile side, so a grid shifted far from the origin misses the boundaries
//! exactly as Recast's output does.
#![allow(dead_code)]

/// Reference width of the written data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refs {
    Bits32,
    Bits64,
}

pub const EXT_LINK: u16 = 0x8000;

/// One ground polygon: vertex indices and `neis` in Detour's order.
#[derive(Debug, Clone, PartialEq)]
pub struct BlobPolygon {
    pub vertices: Vec<u16>,
    pub neighbours: Vec<u16>,
    pub area: u8,
    pub flags: u16,
}

/// One off-mesh connection; the writer adds its two vertices and its
/// polygon after the ground ones, as Detour's builder does.
#[derive(Debug, Clone, PartialEq)]
pub struct BlobOffMesh {
    pub start: [f32; 3],
    pub end: [f32; 3],
    pub radius: f32,
    pub bidirectional: bool,
    pub area: u8,
    pub flags: u16,
    pub user_id: u32,
}

/// `dtPolyDetail`: vertex base, triangle base, vertex count, triangle count.
pub type BlobDetailMesh = (u32, u32, u8, u8);

/// Everything a blob holds, in world space.
#[derive(Debug, Clone, PartialEq)]
pub struct Blob {
    pub version: i32,
    pub x: i32,
    pub y: i32,
    pub layer: i32,
    pub vertices: Vec<[f32; 3]>,
    pub polygons: Vec<BlobPolygon>,
    pub detail_meshes: Vec<BlobDetailMesh>,
    pub detail_vertices: Vec<[f32; 3]>,
    pub detail_triangles: Vec<[u8; 4]>,
    pub off_mesh: Vec<BlobOffMesh>,
    pub walkable_height: f32,
    pub walkable_radius: f32,
    pub walkable_climb: f32,
    pub bmin: [f32; 3],
    pub bmax: [f32; 3],
    pub bv_quant_factor: f32,
    /// Links Detour would make room for (their bytes are zero here).
    pub link_count: i32,
    /// BV nodes (zero bytes; onav derives none of them).
    pub bv_node_count: i32,
}

fn put_i32(out: &mut Vec<u8>, v: i32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_u16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_f32s(out: &mut Vec<u8>, values: &[f32]) {
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
}

/// `'D'<<24 | 'N'<<16 | 'A'<<8 | 'V'` as Detour stores it.
pub const DNAV_MAGIC: i32 = 0x444E_4156;
/// `'M'<<24 | 'S'<<16 | 'E'<<8 | 'T'`.
pub const MSET_MAGIC: i32 = 0x4D53_4554;

impl Blob {
    /// The polygon count Detour records (ground plus off-mesh polygons).
    pub fn total_polygons(&self) -> usize {
        self.polygons.len() + self.off_mesh.len()
    }

    /// The blob's bytes with `refs`-sized link records.
    pub fn bytes(&self, refs: Refs) -> Vec<u8> {
        let ground = self.polygons.len() as i32;
        let cons = self.off_mesh.len() as i32;
        let mut out = Vec::new();
        for v in [
            DNAV_MAGIC,
            self.version,
            self.x,
            self.y,
            self.layer,
            0x5EED,
            ground + cons,
            self.vertices.len() as i32 + 2 * cons,
            self.link_count,
            self.detail_meshes.len() as i32,
            self.detail_vertices.len() as i32,
            self.detail_triangles.len() as i32,
            self.bv_node_count,
            cons,
            ground,
        ] {
            put_i32(&mut out, v);
        }
        put_f32s(&mut out, &[self.walkable_height, self.walkable_radius, self.walkable_climb]);
        put_f32s(&mut out, &self.bmin);
        put_f32s(&mut out, &self.bmax);
        put_f32s(&mut out, &[self.bv_quant_factor]);
        for v in &self.vertices {
            put_f32s(&mut out, v);
        }
        for c in &self.off_mesh {
            put_f32s(&mut out, &c.start);
            put_f32s(&mut out, &c.end);
        }
        for p in &self.polygons {
            put_polygon(&mut out, &p.vertices, &p.neighbours, p.flags, p.area);
        }
        for (i, c) in self.off_mesh.iter().enumerate() {
            let first = (self.vertices.len() + 2 * i) as u16;
            put_polygon(&mut out, &[first, first + 1], &[0, 0], c.flags, c.area | (1 << 6));
        }
        let link_len = if refs == Refs::Bits32 { 12 } else { 16 };
        out.resize(out.len() + self.link_count as usize * link_len, 0);
        for &(vertex_base, triangle_base, vertex_count, triangle_count) in &self.detail_meshes {
            put_u32(&mut out, vertex_base);
            put_u32(&mut out, triangle_base);
            out.extend_from_slice(&[vertex_count, triangle_count, 0, 0]);
        }
        for v in &self.detail_vertices {
            put_f32s(&mut out, v);
        }
        for t in &self.detail_triangles {
            out.extend_from_slice(t);
        }
        out.resize(out.len() + self.bv_node_count as usize * 16, 0);
        for (i, c) in self.off_mesh.iter().enumerate() {
            put_f32s(&mut out, &c.start);
            put_f32s(&mut out, &c.end);
            put_f32s(&mut out, &[c.radius]);
            put_u16(&mut out, (self.polygons.len() + i) as u16);
            out.push(u8::from(c.bidirectional));
            out.push(0xFF);
            put_u32(&mut out, c.user_id);
        }
        out
    }
}

fn put_polygon(out: &mut Vec<u8>, vertices: &[u16], neighbours: &[u16], flags: u16, area_and_type: u8) {
    put_u32(out, 0xFFFF_FFFF);
    for k in 0..6 {
        put_u16(out, vertices.get(k).copied().unwrap_or(0));
    }
    for k in 0..6 {
        put_u16(out, neighbours.get(k).copied().unwrap_or(0));
    }
    put_u16(out, flags);
    out.push(vertices.len() as u8);
    out.push(area_and_type);
}

/// RecastDemo's `MSET` file of `blobs` (tile references 1, 2, ...; the
/// 64-bit record's padding filled with 0xAB, as uninitialised as
/// RecastDemo leaves it).
pub fn mset(origin: [f32; 3], tile_width: f32, tile_height: f32, blobs: &[Vec<u8>], refs: Refs) -> Vec<u8> {
    let mut out = Vec::new();
    for v in [MSET_MAGIC, 1, blobs.len() as i32] {
        put_i32(&mut out, v);
    }
    put_f32s(&mut out, &origin);
    put_f32s(&mut out, &[tile_width, tile_height]);
    put_i32(&mut out, 4096);
    put_i32(&mut out, 1024);
    for (i, blob) in blobs.iter().enumerate() {
        match refs {
            Refs::Bits32 => put_u32(&mut out, (i as u32 + 1) << 10),
            Refs::Bits64 => out.extend_from_slice(&((i as u64 + 1) << 20).to_le_bytes()),
        }
        put_i32(&mut out, blob.len() as i32);
        if refs == Refs::Bits64 {
            out.extend_from_slice(&[0xAB; 4]);
        }
        out.extend_from_slice(blob);
    }
    out
}

/// A flat level of `tiles_x` x `tiles_z` tiles, each `quads` x `quads`
/// quads of `cells / quads` cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub origin: [f32; 3],
    pub cell_size: f32,
    /// Tile edge in cells.
    pub cells: u16,
    pub quads: u16,
    pub tiles_x: i32,
    pub tiles_z: i32,
    /// Height of the plane above `origin[1]`.
    pub height: f32,
    pub walkable_climb: f32,
}

impl Grid {
    /// A 2 x 2 tile level of 48-cell tiles of 0.3 units (14.4000006 units:
    /// RecastDemo's defaults, whose boundary misses `(float)TileSize`).
    pub fn recast_default(origin: [f32; 3]) -> Grid {
        Grid { origin, cell_size: 0.3, cells: 48, quads: 2, tiles_x: 2, tiles_z: 2, height: 1.5, walkable_climb: 0.9 }
    }

    /// `tileWidth` as RecastDemo computes it: tile cells times cell size.
    pub fn tile_width(&self) -> f32 {
        f32::from(self.cells) * self.cell_size
    }

    /// Recast's tile `bmin`: `orig + t * tileWidth` in float.
    pub fn tile_bmin(&self, tx: i32, tz: i32) -> [f32; 3] {
        let w = self.tile_width();
        [self.origin[0] + tx as f32 * w, self.origin[1], self.origin[2] + tz as f32 * w]
    }

    /// Quad (i, j)'s polygon index.
    pub fn quad(&self, i: u16, j: u16) -> u16 {
        j * self.quads + i
    }

    /// The lattice vertex (i, j)'s index.
    fn vertex(&self, i: u16, j: u16) -> u16 {
        j * (self.quads + 1) + i
    }

    /// Tile (tx, tz): vertices `bmin + v * cs`, quads in Detour's winding
    /// ((i, j), (i, j+1), (i+1, j+1), (i+1, j): clockwise in onav's X/Z
    /// convention), internal neighbours, portals on all four sides, one
    /// detail vertex per quad (its centre) and four triangles.
    pub fn tile(&self, tx: i32, tz: i32) -> Blob {
        let bmin = self.tile_bmin(tx, tz);
        let step = self.cells / self.quads;
        let q = self.quads;
        let mut vertices = Vec::new();
        for j in 0..=q {
            for i in 0..=q {
                vertices.push([
                    bmin[0] + f32::from(i * step) * self.cell_size,
                    bmin[1] + self.height,
                    bmin[2] + f32::from(j * step) * self.cell_size,
                ]);
            }
        }
        let mut polygons = Vec::new();
        let mut detail_meshes = Vec::new();
        let mut detail_vertices = Vec::new();
        let mut detail_triangles = Vec::new();
        for j in 0..q {
            for i in 0..q {
                let neighbour = |inside: bool, ni: u16, nj: u16, side: u16| {
                    if inside {
                        self.quad(ni, nj) + 1
                    } else {
                        EXT_LINK | side
                    }
                };
                polygons.push(BlobPolygon {
                    vertices: vec![
                        self.vertex(i, j),
                        self.vertex(i, j + 1),
                        self.vertex(i + 1, j + 1),
                        self.vertex(i + 1, j),
                    ],
                    neighbours: vec![
                        neighbour(i > 0, i.wrapping_sub(1), j, 4),
                        neighbour(j + 1 < q, i, j + 1, 2),
                        neighbour(i + 1 < q, i + 1, j, 0),
                        neighbour(j > 0, i, j.wrapping_sub(1), 6),
                    ],
                    area: (self.quad(i, j) % 5) as u8 + 1,
                    flags: 0x0100 | self.quad(i, j),
                });
                let centre = [
                    bmin[0] + (f32::from(i * step) + f32::from(step) / 2.0) * self.cell_size,
                    bmin[1] + self.height,
                    bmin[2] + (f32::from(j * step) + f32::from(step) / 2.0) * self.cell_size,
                ];
                detail_meshes.push((detail_vertices.len() as u32, detail_triangles.len() as u32, 1, 4));
                detail_vertices.push(centre);
                for k in 0..4u8 {
                    // Edge 0 (k -> k+1) of each fan triangle is a polygon edge.
                    detail_triangles.push([k, (k + 1) % 4, 4, 0b01]);
                }
            }
        }
        let width = self.tile_width();
        Blob {
            version: 7,
            x: tx,
            y: tz,
            layer: 0,
            vertices,
            polygons,
            detail_meshes,
            detail_vertices,
            detail_triangles,
            off_mesh: Vec::new(),
            walkable_height: 2.0,
            walkable_radius: 0.6,
            walkable_climb: self.walkable_climb,
            bmin,
            bmax: [bmin[0] + width, bmin[1] + self.height + 1.0, bmin[2] + width],
            bv_quant_factor: 1.0 / self.cell_size,
            link_count: i32::from(q * q) * 4 + 8,
            bv_node_count: i32::from(q * q) * 2,
        }
    }

    /// Every tile, row by row.
    pub fn tiles(&self) -> Vec<Blob> {
        (0..self.tiles_z)
            .flat_map(|tz| (0..self.tiles_x).map(move |tx| (tx, tz)))
            .map(|(tx, tz)| self.tile(tx, tz))
            .collect()
    }

    /// The whole level as an MSET file.
    pub fn mset(&self, tiles: &[Blob], refs: Refs) -> Vec<u8> {
        let blobs: Vec<Vec<u8>> = tiles.iter().map(|t| t.bytes(refs)).collect();
        mset(self.origin, self.tile_width(), self.tile_width(), &blobs, refs)
    }
}
