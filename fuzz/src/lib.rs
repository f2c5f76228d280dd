//! What the fuzz targets check, shared by the targets in `fuzz_targets/`
//! and the seed generator. Each `check_*` must never panic on any input
//! except through one of its own assertions, which mark a real bug.

use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};
use onav::{
    read_tile, write_mesh, write_tile, DetailMesh, DetailTriangle, NavTile, NavTileData, OffMeshLinkSlot, Polygon,
    TileLibrary, TiledNavMesh,
};

#[path = "../../tests/input_2d/mod.rs"]
mod input_2d;
#[path = "../../tests/mesh_common/mod.rs"]
mod mesh_common;
#[path = "../../tests/tile_fixture/mod.rs"]
mod tile_fixture;
#[path = "../../tests/query_meshes/mod.rs"]
mod query_meshes;
#[path = "../../tests/shortest_path_meshes/mod.rs"]
mod shortest_path_meshes;
#[path = "../../tests/shortest_path_oracle/mod.rs"]
mod shortest_path_oracle;
/// The golden cases of `tests/golden.rs`, which seed the corpora, and each
/// layout's read-then-write round trip.
#[path = "../../tests/golden/cases.rs"]
pub mod cases;
/// Edit sequences on a mesh and their invariants, shared with
/// `tests/mesh_edit_properties.rs`.
pub mod mesh_edits;
/// Random crowd requests on random meshes between steps and edits.
pub mod crowd_requests;
/// Random local queries on random meshes between edits.
pub mod query_local;
/// Random exact shortest paths on random meshes.
pub mod shortest_path;
/// Random outlines through the exact 2D builder.
pub mod planar;

use mesh_edits::{assert_links_match_a_full_restitch, Edit};

/// Reads `bytes` as ONPT against each fixed golden parameter set; a tile
/// that reads must write the same bytes and pass `NavTile::create` again.
pub fn check_tile_bytes(bytes: &[u8]) {
    for params in cases::golden_params() {
        if let Ok(tile) = read_tile(&params, bytes) {
            assert_eq!(write_tile(&tile), bytes, "read then write changed the bytes");
            let again = NavTile::create(&params, tile.data().to_data()).expect("a tile that reads re-validates");
            assert_eq!(write_tile(&again), bytes, "re-created tile writes other bytes");
        }
    }
}

/// Reads `bytes` with one of the round trips of `cases` (ONPM, ONNM, ONNW):
/// what reads must write the same bytes (the readers accept only the
/// canonical form).
pub fn check_reread(bytes: &[u8], reread: fn(&[u8]) -> onav::Result<Vec<u8>>) {
    if let Ok(again) = reread(bytes) {
        assert!(again == bytes, "read then write changed the bytes");
    }
}

/// The mesh a snapshot is restored into and the library it restores from:
/// the golden edited mesh, and every tile the golden snapshots name.
struct RestoreFixture {
    target: TiledNavMesh,
    target_bytes: Vec<u8>,
    library: TileLibrary,
}

fn restore_fixture() -> &'static RestoreFixture {
    static FIXTURE: OnceLock<RestoreFixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let target = cases::edited_mesh();
        RestoreFixture { target_bytes: write_mesh(&target), target, library: cases::snapshot_library() }
    })
}

/// Restores `bytes` as ONPS into the fixture mesh: a restore that succeeds
/// snapshots the same bytes and its links equal a full re-stitch; one that
/// fails leaves the mesh as it was.
pub fn check_snapshot_bytes(bytes: &[u8]) {
    let fixture = restore_fixture();
    let mut mesh = fixture.target.clone();
    match cases::reread_snapshot_into(&mut mesh, &fixture.library, bytes) {
        Ok(again) => {
            assert!(again == bytes, "restore then snapshot changed the bytes");
            assert_links_match_a_full_restitch(&mesh);
        }
        Err(_) => assert!(write_mesh(&mesh) == fixture.target_bytes, "a failed restore changed the mesh"),
    }
}

/// Any bytes decode to an edit (see [`Edit::from_code`]), so libFuzzer's
/// mutations of the input stay edit sequences.
impl<'a> Arbitrary<'a> for Edit {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Edit> {
        Ok(Edit::from_code(u.arbitrary()?, u.arbitrary()?, u.arbitrary()?))
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

/// A world coordinate for the voxel builder: on a small lattice (a few
/// tiles of level), or any f64 bit pattern (NaN, infinities, huge values).
#[derive(Debug, Clone, Copy, Arbitrary)]
pub enum WorldCoordinate {
    Lattice(i8),
    Bits(u64),
}

impl WorldCoordinate {
    fn value(self) -> f64 {
        match self {
            WorldCoordinate::Lattice(k) => f64::from(k) * 0.75,
            WorldCoordinate::Bits(bits) => f64::from_bits(bits),
        }
    }
}

/// Level triangles for `NavMesh::build_3d`: indices as bytes so they often
/// land in range, areas and volumes optional, either partition.
#[derive(Debug, Clone, Arbitrary)]
pub struct SmallGeometry {
    vertices: Vec<[WorldCoordinate; 3]>,
    triangles: Vec<[u8; 3]>,
    areas: Option<Vec<u8>>,
    volumes: Vec<(Vec<[WorldCoordinate; 2]>, WorldCoordinate, WorldCoordinate, u8)>,
    monotone: bool,
    /// Detail settings: the low 3 bits are DetailSampleDistance in cells
    /// (0 turns sampling off), the next 2 DetailMaxError in quarter cells.
    detail: u8,
}

impl SmallGeometry {
    pub fn into_input(self) -> (onav::NavSettings, onav::TriangleGeometry) {
        let mut settings = onav::NavSettings::default();
        settings
            .set_tile_size(64.0)
            .and_then(|s| s.set_cell_size(1.0))
            .and_then(|s| s.set_cell_height(0.5))
            .and_then(|s| s.set_detail_sample_distance(f64::from(self.detail & 7)))
            .and_then(|s| s.set_detail_max_error(f64::from((self.detail >> 3) & 3) * 0.25))
            .expect("fixed settings are in range");
        settings.set_partition(if self.monotone { onav::Partition::Monotone } else { onav::Partition::Watershed });
        let geometry = onav::TriangleGeometry {
            vertices: small(&self.vertices, |v| v.map(WorldCoordinate::value)),
            triangles: small(&self.triangles, |t| t.map(u32::from)),
            areas: self.areas.map(|a| small(&a, |&x| x)),
            volumes: small(&self.volumes, |(points, low, high, area)| onav::ConvexVolume {
                points: small(points, |p| p.map(WorldCoordinate::value)),
                min_y: low.value(),
                max_y: high.value(),
                area: *area,
            }),
        };
        (settings, geometry)
    }
}

/// The most tiles one fuzz input may build. A build's work grows with the
/// tiles its input covers (a sliver can cover thousands legitimately);
/// past this the input only checks that the covered tiles are counted
/// without a panic (bad input still reaches the build's checks), so every input stays far inside libFuzzer's timeout.
pub(crate) const MAX_FUZZ_TILES: usize = 64;

/// `NavMesh::build_3d` never panics; every tile it builds validates again
/// and reads back to the same bytes.
pub fn check_build_3d(settings: onav::NavSettings, geometry: &onav::TriangleGeometry) {
    if onav::covered_tiles(&settings, geometry).is_ok_and(|tiles| tiles.len() > MAX_FUZZ_TILES) {
        return;
    }
    let Ok(mesh) = onav::NavMesh::build_3d(settings, geometry) else {
        return;
    };
    let params = *mesh.params();
    for (_, tile) in mesh.mesh().tiles() {
        let again = NavTile::create(&params, tile.data().to_data()).expect("a built tile re-validates");
        assert_eq!(write_tile(&again), write_tile(tile), "re-created tile writes other bytes");
        let read = read_tile(&params, &write_tile(tile)).expect("a built tile reads back");
        assert_eq!(write_tile(&read), write_tile(tile), "read tile writes other bytes");
    }
}
