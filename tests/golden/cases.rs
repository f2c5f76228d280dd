//! The golden cases: a deterministic set of tiles that together cover every
//! tile feature of the format, each with the parameters it is written
//! against, meshes built from them (slots, free slots, salts), their
//! snapshots, and tier-1 envelopes of a 2D build (ONNM, ONNW). Shared by
//! `tests/golden.rs` (SHA-256 of the bytes) and the fuzz crate (seeds and
//! the read-then-write round trips), which include this file by path next
//! to `tests/tile_fixture/mod.rs` and `tests/input_2d/mod.rs`. The cases
//! build on those fixtures, so a change to them shows up as changed golden
//! digests.
//!
//! Every number is an integer or a short binary fraction, so the bytes
//! depend on no floating-point rounding and are the same on every host.
#![allow(dead_code)]

use onav::{
    read_mesh, read_tile, write_mesh, NavMesh, NavMeshParams, NavSettings, NavTile, NavTileData, NavWorld,
    OffMeshLinkDefinition, OffMeshLinkSlot, Polygon, Result, TileLibrary, TiledNavMesh, NOT_PORTAL,
};

use crate::input_2d;
use crate::tile_fixture::{full_tile, grid_tile, params, with_detail, with_links};

/// One golden entry: a name (unique within its file) and its bytes.
pub struct GoldenCase {
    pub name: &'static str,
    pub bytes: Vec<u8>,
}

/// Parameters with every field away from its default: non-zero origins on
/// all three axes, a settings digest, and the largest MaxVertsPerPoly.
pub fn wide_params() -> NavMeshParams {
    NavMeshParams {
        origin_x: -1000.5,
        origin_y: 12.25,
        origin_z: 2048.0,
        tile_size: 24.0,
        cell_size: 0.125,
        max_verts_per_poly: 16,
        walkable_climb: 0.75,
        agent_radius: 0.375,
        agent_height: 1.5,
        agent_max_slope: 60.0,
        settings_digest: 0xC0FF_EE00_1234_5678,
    }
}

/// Every parameter set a golden tile is written against; the read_tile fuzz
/// target reads each input against each of them.
pub fn golden_params() -> [NavMeshParams; 2] {
    [params(), wide_params()]
}

/// The ONPT golden cases, in a fixed order.
pub fn tiles() -> Vec<GoldenCase> {
    let fixture = params();
    let wide = wide_params();
    vec![
        tile_case("fixture_2x2_detail_links", &fixture, full_tile(&fixture)),
        tile_case("fixture_4x4_plain", &fixture, grid_tile(&fixture, 4)),
        tile_case("wide_3x3_detail_links", &wide, with_links(with_detail(grid_tile(&wide, 3)), 3)),
        tile_case("negative_zero", &fixture, negative_zero_tile(&fixture)),
        tile_case("max_verts_16", &wide, sixteen_gon_tile()),
        tile_case("layer_1023_negative_coords", &wide, far_layer_tile(&wide)),
        tile_case("empty", &wide, NavTileData { tile_x: 5, tile_z: 0, layer: 7, origin_y: -3.5, ..Default::default() }),
        tile_case("bounds_and_extreme_fields", &fixture, extremes_tile(&fixture)),
    ]
}

/// Reads ONPT bytes against the first golden parameter set that accepts
/// them and writes the tile again.
pub fn reread_tile(bytes: &[u8]) -> Result<Vec<u8>> {
    let [fixture, wide] = golden_params();
    let tile = read_tile(&fixture, bytes).or_else(|_| read_tile(&wide, bytes))?;
    Ok(tile.to_bytes())
}

fn tile_case(name: &'static str, params: &NavMeshParams, data: NavTileData) -> GoldenCase {
    let tile = NavTile::create(params, data).unwrap_or_else(|e| panic!("golden tile {name} is invalid: {e}"));
    GoldenCase { name, bytes: tile.to_bytes() }
}

/// -0.0 wherever a float is stored: the tile's OriginY, a vertex, a detail
/// vertex, both ends of a link.
fn negative_zero_tile(params: &NavMeshParams) -> NavTileData {
    let mut data = full_tile(params);
    data.origin_y = -0.0;
    data.vertices[4][1] = -0.0;
    data.detail_vertices[0][1] = -0.0;
    data.off_mesh_links[0].start[1] = -0.0;
    data.off_mesh_links[1].end[2] = -0.0;
    data
}

/// Edge vectors of a strictly convex 16-gon, in counter-clockwise order;
/// they sum to zero so the outline closes.
const SIXTEEN_GON_EDGES: [(f32, f32); 16] = [
    (3.0, 0.0),
    (2.0, 1.0),
    (1.0, 1.0),
    (1.0, 2.0),
    (0.0, 3.0),
    (-1.0, 2.0),
    (-1.0, 1.0),
    (-2.0, 1.0),
    (-3.0, 0.0),
    (-2.0, -1.0),
    (-1.0, -1.0),
    (-1.0, -2.0),
    (0.0, -3.0),
    (1.0, -2.0),
    (1.0, -1.0),
    (2.0, -1.0),
];

/// One polygon with MaxVertsPerPoly = 16 vertices, walled all round.
fn sixteen_gon_tile() -> NavTileData {
    let mut data = NavTileData { tile_x: 0, tile_z: 0, layer: 1, origin_y: 0.5, ..Default::default() };
    let mut corner = (8.0f32, 2.0f32);
    for (k, (dx, dz)) in SIXTEEN_GON_EDGES.iter().enumerate() {
        data.vertices.push([corner.0, k as f32 * 0.0625, corner.1]);
        corner = (corner.0 + dx, corner.1 + dz);
    }
    data.polygons.push(Polygon { vertex_count: 16, area: 63, flags: 0xFFFF });
    data.indices.extend(0..16);
    data.neighbours.extend([0; 16]);
    data.portal_sides.extend([NOT_PORTAL; 16]);
    data
}

/// The highest layer at negative tile coordinates, its origin far from 0.
fn far_layer_tile(params: &NavMeshParams) -> NavTileData {
    let mut data = with_links(grid_tile(params, 2), 1);
    data.tile_x = -3;
    data.tile_z = -7;
    data.layer = 1023;
    data.origin_y = -20_000.25;
    data
}

/// Unreferenced vertices on the vertex bounds (X/Z at -TileSize and
/// 2·TileSize, |Y| = MaxLocalExtent) and a link with every field at its
/// extreme.
fn extremes_tile(params: &NavMeshParams) -> NavTileData {
    let mut data = grid_tile(params, 1);
    let size = params.tile_size as f32;
    let extent = params.max_local_extent() as f32;
    data.vertices.push([-size, extent, 2.0 * size]);
    data.vertices.push([2.0 * size, -extent, -size]);
    data.off_mesh_links.push(OffMeshLinkSlot {
        start: [-size, -extent, 2.0 * size],
        end: [extent, extent, -extent],
        radius: f32::MIN_POSITIVE,
        area: 63,
        bidirectional: true,
        flags: 0xFFFF,
        user_id: u32::MAX,
    });
    data
}

/// The ONPM golden cases, in a fixed order.
pub fn meshes() -> Vec<GoldenCase> {
    vec![
        GoldenCase { name: "empty", bytes: write_mesh(&TiledNavMesh::new(wide_params()).expect("valid parameters")) },
        GoldenCase { name: "stitched_free_slot_advanced_salts", bytes: write_mesh(&edited_mesh()) },
    ]
}

/// Reads ONPM bytes and writes the mesh again.
pub fn reread_mesh(bytes: &[u8]) -> Result<Vec<u8>> {
    Ok(write_mesh(&read_mesh(bytes)?))
}

/// Three neighbouring tiles added, the middle one removed (a free slot with
/// salt 2) and the first replaced (salt 2): slots, salts, portals and
/// off-mesh links all reach the bytes.
pub fn edited_mesh() -> TiledNavMesh {
    let p = params();
    let at = |data: NavTileData, tile_x: i32| NavTile::create(&p, NavTileData { tile_x, ..data }).expect("valid tile");
    let mut mesh = TiledNavMesh::new(p).expect("valid parameters");
    mesh.add_tile(at(full_tile(&p), 0)).expect("free position");
    mesh.add_tile(at(grid_tile(&p, 4), 1)).expect("free position");
    mesh.add_tile(at(grid_tile(&p, 2), 2)).expect("free position");
    mesh.remove_tile(1, -2, 0).expect("tile present");
    mesh.replace_tile(at(negative_zero_tile(&p), 0)).expect("tile present");
    mesh
}

/// The ONPS golden cases: snapshots of the golden meshes built with the
/// fixture parameters, whose tiles are all in [`snapshot_library`].
pub fn snapshots() -> Vec<GoldenCase> {
    let empty = TiledNavMesh::new(params()).expect("valid parameters");
    vec![
        GoldenCase { name: "empty", bytes: empty.snapshot() },
        GoldenCase { name: "stitched_free_slot_advanced_salts", bytes: edited_mesh().snapshot() },
    ]
}

/// Every tile the golden snapshots name, under the fixture parameters.
pub fn snapshot_library() -> TileLibrary {
    let mut library = TileLibrary::new(params()).expect("valid parameters");
    for (_, tile) in edited_mesh().tiles() {
        library.add_tile(tile.clone()).expect("tile of the fixture parameters");
    }
    library
}

/// Restores ONPS bytes into `target` from `library` and snapshots again.
pub fn reread_snapshot_into(target: &mut TiledNavMesh, library: &TileLibrary, bytes: &[u8]) -> Result<Vec<u8>> {
    target.restore_snapshot(bytes, library)?;
    Ok(target.snapshot())
}

/// Restores ONPS bytes into an empty fixture mesh from
/// [`snapshot_library`] and snapshots again.
pub fn reread_snapshot(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut target = TiledNavMesh::new(params())?;
    reread_snapshot_into(&mut target, &snapshot_library(), bytes)
}

/// A two-way authored link from tile (0, 0) to tile (1, 0) of the 2D grid.
fn two_way_link() -> OffMeshLinkDefinition {
    OffMeshLinkDefinition {
        start: [-6.0, 2.5, 6.0],
        end: [10.0, 2.5, 6.0],
        radius: 1.0,
        bidirectional: true,
        area: 4,
        flags: 2,
        user_id: 42,
    }
}

/// The 2D test settings with the two-way link and the given agent radius.
fn linked_settings(agent_radius: f32) -> NavSettings {
    let mut settings = input_2d::settings();
    settings.set_off_mesh_links(vec![two_way_link()]).expect("valid link");
    settings.set_agent_radius(agent_radius).expect("valid radius");
    settings
}

/// 2 × 2 tiles of 2 × 2 squares each.
fn grid_input(settings: &NavSettings) -> Vec<onav::TileInput2d> {
    input_2d::grid(settings, 2, 2, 2)
}

/// The ONNM golden cases: a 2 × 2 2D build with the two-way link baked.
pub fn nav_meshes() -> Vec<GoldenCase> {
    let settings = linked_settings(0.5);
    let mesh = NavMesh::build_2d(settings.clone(), &grid_input(&settings)).expect("valid 2D build");
    vec![GoldenCase { name: "build_2x2_two_way_link", bytes: mesh.save() }]
}

/// The ONNW golden cases: the same input built for two agent classes.
pub fn nav_worlds() -> Vec<GoldenCase> {
    let classes = [linked_settings(0.5), linked_settings(1.25)];
    let world = NavWorld::build_2d(&classes, &grid_input(&classes[0])).expect("valid 2D build");
    vec![GoldenCase { name: "two_classes", bytes: world.save() }]
}

/// Reads ONNM bytes and saves the mesh again.
pub fn reread_nav_mesh(bytes: &[u8]) -> Result<Vec<u8>> {
    Ok(NavMesh::load(bytes)?.save())
}

/// Reads ONNW bytes and saves the world again.
pub fn reread_nav_world(bytes: &[u8]) -> Result<Vec<u8>> {
    Ok(NavWorld::load(bytes)?.save())
}
