//! Property tests (proptest) of the round trips and of hostile tile data:
//!
//! - any valid parameters encode to a 68-byte block that decodes to equal
//!   parameters and re-encodes to the same bytes; any 68 bytes either fail
//!   to decode or are that canonical encoding;
//! - random valid tiles (grids of quads and triangles with random column
//!   and row widths, random heights including -0.0, optional detail meshes,
//!   off-mesh links) write bytes that read back to equal data and the same
//!   bytes;
//! - `NavTile::create` never panics on arbitrary small `NavTileData`, and
//!   whatever it accepts round-trips byte-identically.
//!
//! The seed is fixed and the case counts small, so every run checks the
//! same cases in a few seconds; a failure names its inputs.

use std::collections::{BTreeSet, HashMap};

use onav::param_block::{decode_param_block, encode_param_block};
use onav::{
    read_tile, DetailMesh, DetailTriangle, NavMeshParams, NavTile, NavTileData, OffMeshLinkSlot, Polygon, NOT_PORTAL,
};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x6f6e_6176),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Floats that stress bit-exactness: -0.0 and 0.0 beside ordinary values.
fn signed_f32(range: std::ops::Range<f32>) -> impl Strategy<Value = f32> {
    prop_oneof![1 => Just(-0.0f32), 1 => Just(0.0f32), 6 => range]
}

fn origin() -> impl Strategy<Value = f64> {
    prop_oneof![Just(-0.0), Just(0.0), -2_097_151.5f64..2_097_151.5]
}

/// Any parameters that pass `NavMeshParams::validate`.
fn valid_params() -> impl Strategy<Value = NavMeshParams> {
    let grid = (origin(), origin(), origin(), 1e-3f64..100.0, 1e-4f64..=1.0);
    let agent =
        (3u16..=16, signed_f32(0.0..100.0), signed_f32(0.0..10.0), signed_f32(0.0..10.0), 0.0f32..=90.0, any::<u64>());
    (grid, agent)
        .prop_map(|((origin_x, origin_y, origin_z, cell_size, fraction), agent)| {
            let (max_verts_per_poly, walkable_climb, agent_radius, agent_height, agent_max_slope, settings_digest) =
                agent;
            // The largest float32 not above the 8192-cell limit, scaled down.
            let limit = (8192.0 * cell_size * fraction) as f32;
            let tile_size =
                if f64::from(limit) > 8192.0 * cell_size { f32::from_bits(limit.to_bits() - 1) } else { limit };
            NavMeshParams {
                origin_x,
                origin_y,
                origin_z,
                tile_size: f64::from(tile_size),
                cell_size,
                max_verts_per_poly,
                walkable_climb,
                agent_radius,
                agent_height,
                agent_max_slope,
                settings_digest,
            }
        })
        .prop_filter("tile size must stay positive", |p| p.validate().is_ok())
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn parameter_block_round_trips(params in valid_params()) {
        let bytes = encode_param_block(&params);
        let back = decode_param_block(&bytes).unwrap();
        prop_assert_eq!(back, params);
        prop_assert_eq!(encode_param_block(&back), bytes);
    }

    #[test]
    fn decoded_parameter_blocks_are_canonical(bytes in proptest::array::uniform32(any::<u8>()), tail in vec(any::<u8>(), 36)) {
        let block: Vec<u8> = bytes.iter().chain(&tail).copied().collect();
        if let Ok(params) = decode_param_block(&block) {
            prop_assert_eq!(encode_param_block(&params).to_vec(), block);
        }
    }
}

/// Raw material for one valid tile; [`TileSpec::build`] turns it into data.
/// Per-polygon and per-vertex choices are taken round-robin from short
/// lists, so the strategy needs no dependent sizes.
#[derive(Debug, Clone)]
struct TileSpec {
    cell_size: f32,
    /// Tile size in cells.
    cells: u16,
    /// Interior column and row boundaries, in cells.
    column_cuts: BTreeSet<u16>,
    row_cuts: BTreeSet<u16>,
    /// Per grid cell: 0 a quad, 1 and 2 two triangles split either way.
    splits: Vec<u8>,
    heights: Vec<f32>,
    records: Vec<(u8, u16)>,
    /// Per boundary edge: true keeps it a wall instead of a portal.
    walls: Vec<bool>,
    detail: Option<Vec<u8>>,
    links: Vec<OffMeshLinkSlot>,
    tile_x: i32,
    tile_z: i32,
    layer: u16,
    origin_y: f64,
}

/// An off-mesh link slot of its fields, in declaration order.
fn link_slot(
    (start, end, radius, area, bidirectional, flags, user_id): ([f32; 3], [f32; 3], f32, u8, bool, u16, u32),
) -> OffMeshLinkSlot {
    OffMeshLinkSlot { start, end, radius, area, bidirectional, flags, user_id }
}

fn link() -> impl Strategy<Value = OffMeshLinkSlot> {
    let point = || [signed_f32(-1000.0..1000.0), signed_f32(-1000.0..1000.0), signed_f32(-1000.0..1000.0)];
    (point(), point(), 1e-3f32..10.0, 0u8..=63, any::<bool>(), any::<u16>(), any::<u32>()).prop_map(link_slot)
}

fn tile_spec() -> impl Strategy<Value = TileSpec> {
    let grid = (prop_oneof![Just(0.125f32), Just(0.25), Just(0.5), Just(1.0)], 4u16..=256).prop_flat_map(
        |(cell_size, cells)| (Just(cell_size), Just(cells), btree_set(1..cells, 0..4), btree_set(1..cells, 0..4)),
    );
    let looks = (
        vec(0u8..3, 1..8),
        vec(signed_f32(-50.0..50.0), 1..8),
        vec((0u8..=63, any::<u16>()), 1..8),
        vec(any::<bool>(), 1..5),
        proptest::option::of(vec(any::<u8>(), 1..16)),
        vec(link(), 0..4),
    );
    let place = (-100i32..100, -100i32..100, 0u16..=1023, prop_oneof![Just(-0.0f64), -1e5f64..1e5]);
    (grid, looks, place).prop_map(
        |((cell_size, cells, column_cuts, row_cuts), (splits, heights, records, walls, detail, links), place)| {
            TileSpec {
                cell_size,
                cells,
                column_cuts,
                row_cuts,
                splits,
                heights,
                records,
                walls,
                detail,
                links,
                tile_x: place.0,
                tile_z: place.1,
                layer: place.2,
                origin_y: place.3,
            }
        },
    )
}

/// The `k`-th choice from a non-empty round-robin list.
fn pick<T: Copy>(list: &[T], k: usize) -> T {
    list[k % list.len()]
}

impl TileSpec {
    fn params(&self) -> NavMeshParams {
        NavMeshParams {
            origin_x: -1234.5,
            origin_y: 3.0,
            origin_z: 777.25,
            tile_size: f64::from(self.cells) * f64::from(self.cell_size),
            cell_size: f64::from(self.cell_size),
            max_verts_per_poly: 4,
            walkable_climb: 0.5,
            agent_radius: 0.5,
            agent_height: 2.0,
            agent_max_slope: 45.0,
            settings_digest: 0,
        }
    }

    /// Boundaries 0, the cuts, and the tile size, in tile-local units
    /// (exact: a small integer times a power of two).
    fn boundaries(&self, cuts: &BTreeSet<u16>) -> Vec<f32> {
        std::iter::once(0)
            .chain(cuts.iter().copied())
            .chain([self.cells])
            .map(|c| f32::from(c) * self.cell_size)
            .collect()
    }

    fn build(&self) -> NavTileData {
        let xs = self.boundaries(&self.column_cuts);
        let zs = self.boundaries(&self.row_cuts);
        let mut data = NavTileData {
            tile_x: self.tile_x,
            tile_z: self.tile_z,
            layer: self.layer,
            origin_y: self.origin_y,
            ..Default::default()
        };
        for (j, &z) in zs.iter().enumerate() {
            for (i, &x) in xs.iter().enumerate() {
                data.vertices.push([x, pick(&self.heights, j * xs.len() + i), z]);
            }
        }
        let outlines = self.outlines(xs.len(), zs.len());
        for (p, outline) in outlines.iter().enumerate() {
            let (area, flags) = pick(&self.records, p);
            data.polygons.push(Polygon { vertex_count: outline.len() as u8, area, flags });
            data.indices.extend(outline);
        }
        self.connect(&mut data, &outlines);
        if let Some(choices) = &self.detail {
            add_detail(&mut data, &outlines, choices);
        }
        data.off_mesh_links = self.links.clone();
        data
    }

    /// Counter-clockwise vertex lists of every polygon, cell by cell.
    fn outlines(&self, columns: usize, rows: usize) -> Vec<Vec<u32>> {
        let vertex = |i: usize, j: usize| (j * columns + i) as u32;
        let mut out = Vec::new();
        for j in 0..rows - 1 {
            for i in 0..columns - 1 {
                let (a, b, c, d) = (vertex(i, j), vertex(i + 1, j), vertex(i + 1, j + 1), vertex(i, j + 1));
                match pick(&self.splits, out.len()) {
                    0 => out.push(vec![a, b, c, d]),
                    1 => out.extend([vec![a, b, c], vec![a, c, d]]),
                    _ => out.extend([vec![a, b, d], vec![b, c, d]]),
                }
            }
        }
        out
    }

    /// In-tile neighbours from reversed edges; boundary edges become
    /// portals of their side, or walls where the spec says so.
    fn connect(&self, data: &mut NavTileData, outlines: &[Vec<u32>]) {
        let owner: HashMap<(u32, u32), u32> =
            outlines.iter().enumerate().flat_map(|(p, o)| edges(o).map(move |e| (e, p as u32))).collect();
        let size = self.cells as f32 * self.cell_size;
        for outline in outlines {
            for (a, b) in edges(outline) {
                let neighbour = owner.get(&(b, a)).map_or(0, |q| q + 1);
                let side = if neighbour == 0 {
                    boundary_side(data.vertices[a as usize], data.vertices[b as usize], size)
                } else {
                    None
                };
                let wall = pick(&self.walls, data.portal_sides.len());
                data.neighbours.push(neighbour);
                data.portal_sides.push(side.filter(|_| !wall).unwrap_or(NOT_PORTAL));
            }
        }
    }
}

/// The directed edges of a polygon outline, edge k from vertex k to k+1.
fn edges(outline: &[u32]) -> impl Iterator<Item = (u32, u32)> + '_ {
    let n = outline.len();
    (0..n).map(move |k| (outline[k], outline[(k + 1) % n]))
}

/// The side whose boundary both ends lie on, if any.
fn boundary_side(a: [f32; 3], b: [f32; 3], size: f32) -> Option<u8> {
    let on = |axis: usize, at: f32| a[axis] == at && b[axis] == at;
    [(0, size), (2, size), (0, 0.0), (2, 0.0)].iter().position(|&(axis, at)| on(axis, at)).map(|s| s as u8)
}

/// Up to two detail vertices and one to three triangles per polygon, with
/// indices reaching both polygon and detail vertices.
fn add_detail(data: &mut NavTileData, outlines: &[Vec<u32>], choices: &[u8]) {
    for (p, outline) in outlines.iter().enumerate() {
        let choice = pick(choices, p);
        let detail_vertices = u32::from(choice % 3);
        let triangles = u32::from(choice / 3 % 3) + 1;
        data.detail_meshes.push(DetailMesh {
            vertex_base: data.detail_vertices.len() as u32,
            vertex_count: detail_vertices,
            triangle_base: data.detail_triangles.len() as u32,
            triangle_count: triangles,
        });
        let anchor = data.vertices[outline[0] as usize];
        for k in 0..detail_vertices {
            data.detail_vertices.push([anchor[0], anchor[1] - k as f32 * 0.25, anchor[2]]);
        }
        let reach = outline.len() as u32 + detail_vertices;
        for t in 0..triangles {
            let index = |k: u32| ((u32::from(choice) + t * 3 + k) % reach) as u8;
            data.detail_triangles
                .push(DetailTriangle { indices: [index(0), index(1), index(2)], edge_flags: choice ^ t as u8 });
        }
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn valid_tiles_round_trip_byte_identically(spec in tile_spec()) {
        let params = spec.params();
        let data = spec.build();
        let tile = NavTile::create(&params, data.clone()).unwrap_or_else(|e| panic!("generator made an invalid tile: {e}"));
        let bytes = tile.to_bytes();
        let back = read_tile(&params, &bytes).unwrap();
        prop_assert_eq!(back.data(), &data);
        prop_assert_eq!(back.to_bytes(), bytes);
    }
}

/// Floats a hostile builder might pass: lattice points near the tile,
/// the tile size, both zeros, and any bit pattern (NaN, infinities).
fn hostile_f32() -> impl Strategy<Value = f32> {
    prop_oneof![12 => (-8i8..=72).prop_map(|k| f32::from(k) * 0.5), 2 => Just(32.0f32), 2 => Just(-0.0f32), 1 => any::<f32>()]
}

/// Mostly small values, so indices and counts sometimes line up; sometimes
/// anything.
fn hostile_u32() -> impl Strategy<Value = u32> {
    prop_oneof![12 => 0u32..8, 1 => any::<u32>()]
}

/// Mostly a 32-unit tile, whose boundary the hostile floats often hit, and
/// sometimes any valid parameters.
fn hostile_params() -> impl Strategy<Value = NavMeshParams> {
    let tile_32 = NavMeshParams {
        origin_x: 0.0,
        origin_y: 0.0,
        origin_z: 0.0,
        tile_size: 32.0,
        cell_size: 0.25,
        max_verts_per_poly: 6,
        walkable_climb: 0.5,
        agent_radius: 0.5,
        agent_height: 2.0,
        agent_max_slope: 45.0,
        settings_digest: 0,
    };
    prop_oneof![6 => Just(tile_32), 1 => valid_params()]
}

fn hostile_tile() -> impl Strategy<Value = NavTileData> {
    let point = || [hostile_f32(), hostile_f32(), hostile_f32()];
    let coordinate = || prop_oneof![30 => -3i32..3, 1 => any::<i32>()];
    let header = (
        coordinate(),
        coordinate(),
        prop_oneof![30 => 0u16..=1023, 1 => any::<u16>()],
        prop_oneof![30 => Just(0.0f64), 1 => any::<f64>()],
    );
    let vertex_count = prop_oneof![30 => 3u8..=4, 1 => 0u8..20];
    let polygons = vec(
        (vertex_count, prop_oneof![30 => 0u8..=63, 1 => any::<u8>()], any::<u16>())
            .prop_map(|(vertex_count, area, flags)| Polygon { vertex_count, area, flags }),
        0..5,
    );
    // Walls and no-portal dominate, so some polygons pass the edge rules.
    let neighbour = prop_oneof![6 => Just(0u32), 3 => hostile_u32()];
    let side = prop_oneof![6 => Just(NOT_PORTAL), 2 => 0u8..6, 1 => any::<u8>()];
    let edges = (vec(hostile_u32(), 0..20), vec(neighbour, 0..20), vec(side, 0..20));
    let detail_mesh = (hostile_u32(), hostile_u32(), hostile_u32(), hostile_u32()).prop_map(
        |(vertex_base, vertex_count, triangle_base, triangle_count)| DetailMesh {
            vertex_base,
            vertex_count,
            triangle_base,
            triangle_count,
        },
    );
    let detail = (
        vec(detail_mesh, 0..5),
        vec(point(), 0..6),
        vec(
            (proptest::array::uniform3(0u8..12), any::<u8>())
                .prop_map(|(indices, edge_flags)| DetailTriangle { indices, edge_flags }),
            0..8,
        ),
    );
    let link =
        (point(), point(), hostile_f32(), 0u8..70, any::<bool>(), any::<u16>(), any::<u32>()).prop_map(link_slot);
    let tile = (header, vec(point(), 3..12), polygons, edges, detail, vec(link, 0..3)).prop_map(
        |(
            (tile_x, tile_z, layer, origin_y),
            vertices,
            polygons,
            (indices, neighbours, portal_sides),
            (detail_meshes, detail_vertices, detail_triangles),
            off_mesh_links,
        )| {
            NavTileData {
                tile_x,
                tile_z,
                layer,
                origin_y,
                vertices,
                polygons,
                indices,
                neighbours,
                portal_sides,
                detail_meshes,
                detail_vertices,
                detail_triangles,
                off_mesh_links,
            }
        },
    );
    (tile, prop::bool::weighted(0.75)).prop_map(|(data, align)| if align { with_aligned_lengths(data) } else { data })
}

/// `data` with the edge arrays as long as the polygons' vertex counts
/// imply and the detail meshes 0 or one per polygon, so the rules behind
/// the length checks get exercised too.
fn with_aligned_lengths(mut data: NavTileData) -> NavTileData {
    let edges: usize = data.polygons.iter().map(|p| usize::from(p.vertex_count)).sum();
    data.indices.resize(edges, 0);
    data.neighbours.resize(edges, 0);
    data.portal_sides.resize(edges, NOT_PORTAL);
    if data.detail_meshes.len() != data.polygons.len() {
        data.detail_meshes.clear();
    }
    data
}

proptest! {
    #![proptest_config(config(2048))]

    #[test]
    fn create_never_panics_and_accepted_tiles_round_trip(params in hostile_params(), data in hostile_tile()) {
        if let Ok(tile) = NavTile::create(&params, data) {
            let bytes = tile.to_bytes();
            prop_assert_eq!(read_tile(&params, &bytes).unwrap().to_bytes(), bytes);
        }
    }
}

/// One hostile change to a valid tile: which field, which entry, what bits.
#[derive(Debug, Clone)]
struct Edit {
    field: u8,
    entry: usize,
    bits: u32,
}

fn edit() -> impl Strategy<Value = Edit> {
    let bits = prop_oneof![4 => 0u32..8, 1 => Just(0xFF), 1 => Just((-0.0f32).to_bits()), 2 => any::<u32>()];
    (0u8..12, any::<usize>(), bits).prop_map(|(field, entry, bits)| Edit { field, entry, bits })
}

/// The `entry`-th element (wrapped) of a non-empty array.
fn nth_mut<T>(array: &mut [T], entry: usize) -> Option<&mut T> {
    let len = array.len();
    array.get_mut(entry.checked_rem(len)?)
}

fn set<T>(array: &mut [T], entry: usize, value: T) {
    if let Some(element) = nth_mut(array, entry) {
        *element = value;
    }
}

/// Applies `edit`: each field number names one array or header field, the
/// bits are reinterpreted for it (truncated for narrow fields).
fn apply(data: &mut NavTileData, edit: &Edit) {
    let (entry, bits) = (edit.entry, edit.bits);
    let float = f32::from_bits(bits);
    match edit.field {
        0 => set(nth_mut(&mut data.vertices, entry / 3).map_or(&mut [][..], |v| &mut v[..]), entry % 3, float),
        1 => set(&mut data.indices, entry, bits),
        2 => set(&mut data.neighbours, entry, bits),
        3 => set(&mut data.portal_sides, entry, bits as u8),
        4 => data.polygons.iter_mut().for_each(|p| p.vertex_count = p.vertex_count.wrapping_add(bits as u8 % 2)),
        5 => set(
            &mut data.detail_triangles,
            entry,
            DetailTriangle { indices: [bits as u8, (bits >> 8) as u8, (bits >> 16) as u8], edge_flags: 0 },
        ),
        6 => set(
            &mut data.detail_meshes,
            entry,
            DetailMesh {
                vertex_base: bits % 16,
                vertex_count: bits >> 28,
                triangle_base: bits,
                triangle_count: bits % 5,
            },
        ),
        7 => set(
            &mut data.off_mesh_links,
            entry,
            OffMeshLinkSlot { radius: float, start: [float; 3], ..OffMeshLinkSlot::default() },
        ),
        8 => data.layer = bits as u16,
        9 => data.tile_x = bits as i32,
        10 => data.origin_y = f64::from(float),
        _ => data.vertices.truncate(entry % (data.vertices.len() + 1)),
    }
}

proptest! {
    #![proptest_config(config(1024))]

    /// Valid tiles with a few hostile edits reach every rule behind the
    /// length checks; nothing panics, and what passes still round-trips.
    #[test]
    fn edited_valid_tiles_never_panic(spec in tile_spec(), edits in vec(edit(), 1..4)) {
        let params = spec.params();
        let mut data = spec.build();
        edits.iter().for_each(|e| apply(&mut data, e));
        if let Ok(tile) = NavTile::create(&params, data) {
            let bytes = tile.to_bytes();
            prop_assert_eq!(read_tile(&params, &bytes).unwrap().to_bytes(), bytes);
        }
    }
}
