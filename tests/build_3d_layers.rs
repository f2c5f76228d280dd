//! Tile layers for overlapping floors (issue 19; format text: a tile is
//! addressed by (TileX, TileZ, Layer), layers hold overlapping floors,
//! tiles of one column never connect through their interiors, stitching
//! links portals of every layer of neighbouring columns). A deck over the
//! ground, reached by a ramp whose foot lies in the next tile column,
//! builds into two layers there, and a path climbs onto the deck through
//! the neighbouring column.

mod voxel_input;

use onav::{write_tile, NavMesh, NavMeshQuery, NavTile, Partition, PathStatus, PolyRef, QueryFilter, TriangleGeometry};
use voxel_input::{settings, unmatched_border_length};

const PARTITIONS: [Partition; 3] = [Partition::Watershed, Partition::Monotone, Partition::Layers];

/// TileSize of `voxel_input::settings`.
const TILE: f64 = 14.4f32 as f64;
const DECK_Y: f64 = 4.0;
/// The ramp climbs from the ground at x = RAMP_FOOT to the deck at
/// x = DECK_START; at the tile border (x = TILE) it is 1.6 high, below the
/// agent's 2.0, so no floor lies under it in column (0, 0).
const RAMP_FOOT: f64 = 10.4;
const DECK_START: f64 = 20.4;

/// A quad over x0..x1, z0..z1 with height `y(x)`, facing up.
fn add_quad(geometry: &mut TriangleGeometry, x: [f64; 2], z: [f64; 2], y: [f64; 2]) {
    let base = geometry.vertices.len() as u32;
    geometry.vertices.extend([[x[0], y[0], z[0]], [x[0], y[0], z[1]], [x[1], y[1], z[1]], [x[1], y[1], z[0]]]);
    geometry.triangles.extend([[base, base + 1, base + 2], [base, base + 2, base + 3]]);
}

/// Ground over tile columns (0, 0) and (1, 0).
fn ground() -> TriangleGeometry {
    let mut geometry = TriangleGeometry::default();
    add_quad(&mut geometry, [0.0, 2.0 * TILE], [0.0, TILE], [0.0, 0.0]);
    geometry
}

/// The ground, a deck 4 units above it in column (1, 0), and a ramp from
/// the ground of column (0, 0) up to the deck.
fn two_storeys() -> TriangleGeometry {
    let mut geometry = ground();
    add_quad(&mut geometry, [RAMP_FOOT, DECK_START], [5.0, 9.0], [0.0, DECK_Y]);
    add_quad(&mut geometry, [DECK_START, 27.4], [3.0, 11.0], [DECK_Y, DECK_Y]);
    geometry
}

/// The column's tiles in layer order.
fn column(mesh: &NavMesh, x: i32, z: i32) -> Vec<&NavTile> {
    let mut tiles: Vec<&NavTile> = mesh.mesh().column_tiles(x, z).map(|(_, t)| t.as_ref()).collect();
    tiles.sort_by_key(|t| t.layer());
    tiles
}

fn heights(tile: &NavTile) -> (f64, f64) {
    let ys = tile.vertices().iter().map(|v| tile.origin_y() + v[1] as f64);
    ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), y| (lo.min(y), hi.max(y)))
}

fn column_bytes(mesh: &NavMesh, x: i32, z: i32) -> Vec<(u16, Vec<u8>)> {
    column(mesh, x, z).into_iter().map(|t| (t.layer(), write_tile(t))).collect()
}

#[test]
fn the_deck_over_the_ground_is_a_second_layer_and_both_validate() {
    for partition in PARTITIONS {
        let mesh = NavMesh::build_3d(settings(partition), &two_storeys()).unwrap();
        let under_deck = column(&mesh, 1, 0);
        assert_eq!(under_deck.iter().map(|t| t.layer()).collect::<Vec<_>>(), [0, 1], "{partition:?}");
        let (ground_low, ground_high) = heights(under_deck[0]);
        let (_, deck_high) = heights(under_deck[1]);
        assert!(ground_low.abs() < 0.5 && ground_high < 2.0, "{partition:?}: layer 0 is not the ground");
        assert!((deck_high - DECK_Y).abs() < 0.5, "{partition:?}: layer 1 does not hold the deck");
        let ramp_foot = column(&mesh, 0, 0);
        assert_eq!(ramp_foot.len(), 1, "{partition:?}: the ramp's foot overlaps nothing");
        for tile in under_deck.into_iter().chain(ramp_foot) {
            let again = NavTile::create(mesh.params(), tile.data().to_data()).unwrap();
            assert_eq!(write_tile(&again), write_tile(tile));
        }
    }
}

#[test]
fn a_single_floor_gives_one_tile_per_column_at_layer_zero() {
    for partition in PARTITIONS {
        let mesh = NavMesh::build_3d(settings(partition), &ground()).unwrap();
        let positions: Vec<(i32, i32, u16)> =
            mesh.mesh().tiles().map(|(_, t)| (t.tile_x(), t.tile_z(), t.layer())).collect();
        assert_eq!(positions, [(0, 0, 0), (1, 0, 0)], "{partition:?}");
    }
}

#[test]
fn stitching_joins_the_layers_across_the_column_border() {
    for partition in PARTITIONS {
        let mesh = NavMesh::build_3d(settings(partition), &two_storeys()).unwrap();
        assert_eq!(unmatched_border_length(&mesh), 0.0, "{partition:?}");
        let deck = column(&mesh, 1, 0)[1];
        assert!(
            deck.portal_edges().any(|p| p.side == 2),
            "{partition:?}: the ramp leaves the deck's layer without a portal towards its foot"
        );
    }
}

/// The tile (x, z, layer) of a polygon.
fn place(mesh: &NavMesh, poly: PolyRef) -> (i32, i32, u16) {
    let (tile, _) = mesh.mesh().polygon(poly).unwrap();
    (tile.tile_x(), tile.tile_z(), tile.layer())
}

#[test]
fn a_path_climbs_from_the_ground_onto_the_deck_by_the_ramp() {
    for partition in PARTITIONS {
        let mesh = NavMesh::build_3d(settings(partition), &two_storeys()).unwrap();
        let mut query = NavMeshQuery::new(mesh.mesh(), 4096).unwrap();
        let filter = QueryFilter::default();
        let (start, end) = ([3.0, 0.0, 7.0], [25.0, DECK_Y, 7.0]);
        let nearest = |query: &mut NavMeshQuery, p: [f64; 3]| {
            query.find_nearest_poly(p, [1.0, 1.0, 1.0], &filter).unwrap().unwrap().poly_ref
        };
        let (start_ref, end_ref) = (nearest(&mut query, start), nearest(&mut query, end));
        assert_eq!(place(&mesh, end_ref), (1, 0, 1), "{partition:?}: the deck point is not on layer 1");
        let mut corridor = Vec::new();
        let outcome = query.find_path(start_ref, end_ref, start, end, &filter, 4096, &mut corridor).unwrap();
        assert_eq!(outcome.status, PathStatus::Complete, "{partition:?}");
        assert_eq!((corridor[0], *corridor.last().unwrap()), (start_ref, end_ref));
        let ramp_in_first_column = corridor.iter().any(|&p| {
            let (tile, polygon) = mesh.mesh().polygon(p).unwrap();
            let (low, high) = polygon
                .indices
                .iter()
                .map(|&v| tile.origin_y() + tile.vertices()[v as usize][1] as f64)
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), y| (lo.min(y), hi.max(y)));
            place(&mesh, p) == (0, 0, 0) && high - low > 0.5
        });
        assert!(ramp_in_first_column, "{partition:?}: the corridor does not climb the ramp's foot");
    }
}

#[test]
fn rebuilding_a_column_adds_and_removes_its_layers_as_a_full_build_does() {
    for partition in PARTITIONS {
        let flat = ground();
        let storeys = two_storeys();
        let mut mesh = NavMesh::build_3d(settings(partition), &flat).unwrap();
        let flat_full = mesh.clone();
        let storeys_full = NavMesh::build_3d(settings(partition), &storeys).unwrap();

        let added = mesh.rebuild_tile_3d(&storeys, 1, 0).unwrap();
        assert_eq!(added.len(), 2, "{partition:?}");
        assert_eq!(column_bytes(&mesh, 1, 0), column_bytes(&storeys_full, 1, 0), "{partition:?}");
        assert_eq!(column_bytes(&mesh, 0, 0), column_bytes(&flat_full, 0, 0), "{partition:?}: column (0, 0) changed");
        let refs: Vec<_> =
            column(&mesh, 1, 0).iter().map(|t| mesh.mesh().tile_at(1, 0, t.layer()).unwrap().0).collect();
        assert_eq!(added, refs, "{partition:?}: the references are not the column's, in layer order");

        let removed = mesh.rebuild_tile_3d(&flat, 1, 0).unwrap();
        assert_eq!(removed.len(), 1, "{partition:?}");
        assert_eq!(column_bytes(&mesh, 1, 0), column_bytes(&flat_full, 1, 0), "{partition:?}");
        assert_eq!(mesh.mesh().tile_count(), 2, "{partition:?}");
    }
}
