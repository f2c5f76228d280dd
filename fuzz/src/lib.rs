//! What the fuzz targets check, shared by the targets in `fuzz_targets/`
//! and the seed generator. Each `check_*` must never panic on any input
//! except through one of its own assertions, which mark a real bug.

use arbitrary::Arbitrary;
use onav::{
    read_mesh, read_tile, write_mesh, write_tile, DetailMesh, DetailTriangle, NavTile, NavTileData,
    OffMeshLinkSlot, Polygon,
};

#[path = "../../tests/tile_fixture/mod.rs"]
mod tile_fixture;
/// The golden cases of `tests/golden.rs`, which seed the corpora.
#[path = "../../tests/golden/cases.rs"]
pub mod cases;

/// Reads `bytes` as ONPT against each fixed golden parameter set; a tile
/// that reads must write the same bytes and pass `NavTile::create` again.
pub fn check_tile_bytes(bytes: &[u8]) {
    for params in cases::golden_params() {
        if let Ok(tile) = read_tile(&params, bytes) {
            assert_eq!(write_tile(&tile), bytes, "read then write changed the bytes");
            let again = NavTile::create(&params, tile.data().clone()).expect("a tile that reads re-validates");
            assert_eq!(write_tile(&again), bytes, "re-created tile writes other bytes");
        }
    }
}

/// Reads `bytes` as ONPM; a mesh that reads must write the same bytes (the
/// reader accepts only the canonical form).
pub fn check_mesh_bytes(bytes: &[u8]) {
    if let Ok(mesh) = read_mesh(bytes) {
        assert_eq!(write_mesh(&mesh), bytes, "read then write changed the mesh bytes");
    }
}

/// `NavTile::create` against the fixture parameters; an accepted tile must
/// round-trip through its bytes unchanged.
pub fn check_created(data: NavTileData) {
    let params = tile_fixture::params();
    if let Ok(tile) = NavTile::create(&params, data) {
        let bytes = write_tile(&tile);
        let back = read_tile(&params, &bytes).expect("a created tile reads back");
        assert_eq!(write_tile(&back), bytes, "write, read, write changed the bytes");
    }
}

/// Longest array the structured target builds: small tiles reach every
/// rule, and keep each run fast.
const MAX_LEN: usize = 24;

/// A coordinate: mostly half-unit lattice points around the 32-unit tile
/// (so boundaries, collinear points and convex shapes are easy to hit),
/// sometimes any bit pattern.
#[derive(Debug, Clone, Copy, Arbitrary)]
pub enum Coordinate {
    Lattice(i8),
    Bits(u32),
}

impl Coordinate {
    fn value(self) -> f32 {
        match self {
            Coordinate::Lattice(k) => f32::from(k) * 0.5,
            Coordinate::Bits(bits) => f32::from_bits(bits),
        }
    }
}

/// A tile coordinate: small, or any i32 (origin overflow).
#[derive(Debug, Clone, Copy, Arbitrary)]
pub enum TileIndex {
    Small(i8),
    Any(i32),
}

impl TileIndex {
    fn value(self) -> i32 {
        match self {
            TileIndex::Small(k) => i32::from(k),
            TileIndex::Any(k) => k,
        }
    }
}

#[derive(Debug, Clone, Arbitrary)]
pub struct SmallLink {
    start: [Coordinate; 3],
    end: [Coordinate; 3],
    radius: Coordinate,
    area: u8,
    bidirectional: bool,
    flags: u16,
    user_id: u32,
}

/// The structured input: each `NavTileData` array from a short arbitrary
/// list, indices and counts as bytes so they often land in range.
#[derive(Debug, Clone, Arbitrary)]
pub struct SmallTile {
    tile_x: TileIndex,
    tile_z: TileIndex,
    layer: u16,
    origin_y: Coordinate,
    vertices: Vec<[Coordinate; 3]>,
    /// Vertex count, area, flags.
    polygons: Vec<(u8, u8, u16)>,
    indices: Vec<u8>,
    neighbours: Vec<u8>,
    portal_sides: Vec<u8>,
    /// Vertex base, vertex count, triangle base, triangle count.
    detail_meshes: Vec<[u8; 4]>,
    detail_vertices: Vec<[Coordinate; 3]>,
    detail_triangles: Vec<[u8; 4]>,
    links: Vec<SmallLink>,
}

fn small<T, U>(items: &[T], convert: impl Fn(&T) -> U) -> Vec<U> {
    items.iter().take(MAX_LEN).map(convert).collect()
}

fn point(p: &[Coordinate; 3]) -> [f32; 3] {
    p.map(Coordinate::value)
}

impl SmallTile {
    pub fn into_data(self) -> NavTileData {
        NavTileData {
            tile_x: self.tile_x.value(),
            tile_z: self.tile_z.value(),
            layer: self.layer,
            origin_y: f64::from(self.origin_y.value()),
            vertices: small(&self.vertices, point),
            polygons: small(&self.polygons, |&(vertex_count, area, flags)| Polygon { vertex_count, area, flags }),
            indices: small(&self.indices, |&i| u32::from(i)),
            neighbours: small(&self.neighbours, |&n| u32::from(n)),
            portal_sides: small(&self.portal_sides, |&s| s),
            detail_meshes: small(&self.detail_meshes, |m| DetailMesh {
                vertex_base: u32::from(m[0]),
                vertex_count: u32::from(m[1]),
                triangle_base: u32::from(m[2]),
                triangle_count: u32::from(m[3]),
            }),
            detail_vertices: small(&self.detail_vertices, point),
            detail_triangles: small(&self.detail_triangles, |t| DetailTriangle {
                indices: [t[0], t[1], t[2]],
                edge_flags: t[3],
            }),
            off_mesh_links: small(&self.links, |l| OffMeshLinkSlot {
                start: point(&l.start),
                end: point(&l.end),
                radius: l.radius.value(),
                area: l.area,
                bidirectional: l.bidirectional,
                flags: l.flags,
                user_id: l.user_id,
            }),
        }
    }
}
