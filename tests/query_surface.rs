//! Points on one polygon (closest point, boundary point, surface height)
//! and the query object's construction over the three kinds of mesh.

mod input_2d;
mod tile_fixture;

use onav::{NavMeshError, NavMeshQuery, NavTile, NavWorld, PolyRef, TiledNavMesh};
use tile_fixture::{grid_tile, params, with_detail};

/// The fixture's 2×2 grid tile at (1, -2): world X -64..-32, Z 0..32,
/// OriginY 10; polygon 0 is the quad at local (0..16, 0..16) with corner
/// heights 0, 0.125, 0.25, 0.125.
fn mesh(detail: bool) -> (TiledNavMesh, PolyRef) {
    let p = params();
    let data = if detail { with_detail(grid_tile(&p, 2)) } else { grid_tile(&p, 2) };
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let tile_ref = mesh.add_tile(NavTile::create(&p, data).unwrap()).unwrap();
    (mesh, tile_ref.polygon(0).unwrap())
}

const ORIGIN_X: f64 = -64.0;
const ORIGIN_Y: f64 = 10.0;

fn world(local_x: f64, local_z: f64) -> [f64; 3] {
    [ORIGIN_X + local_x, 123.0, local_z]
}

#[test]
fn height_comes_from_the_detail_mesh_when_there_is_one() {
    // The detail mesh lifts the quad's centre to 0.25 over four triangles;
    // the triangle (corner 0, corner 1, centre) is the plane
    // y = x/128 + 3z/128, so local (8, 4) is at 20/128.
    let (detailed, poly) = mesh(true);
    let query = NavMeshQuery::new(&detailed, 64).unwrap();
    assert_eq!(query.poly_height(poly, world(8.0, 4.0)).unwrap(), Some(ORIGIN_Y + 20.0 / 128.0));
    assert_eq!(query.poly_height(poly, world(8.0, 8.0)).unwrap(), Some(ORIGIN_Y + 0.25));

    // Without detail the polygon's fan decides: on the diagonal from
    // corner 0 (height 0) to corner 2 (0.25), the centre is at 0.125.
    let (plain, poly) = mesh(false);
    let query = NavMeshQuery::new(&plain, 64).unwrap();
    assert_eq!(query.poly_height(poly, world(8.0, 8.0)).unwrap(), Some(ORIGIN_Y + 0.125));
    assert_eq!(query.poly_height(poly, world(20.0, 8.0)).unwrap(), None, "beside the polygon");
}

#[test]
fn closest_point_is_on_the_surface_over_the_polygon_and_on_the_boundary_beside_it() {
    let (mesh, poly) = mesh(true);
    let query = NavMeshQuery::new(&mesh, 64).unwrap();
    let over = query.closest_point_on_poly(poly, world(8.0, 8.0)).unwrap();
    assert!(over.over_polygon);
    assert_eq!(over.position, [ORIGIN_X + 8.0, ORIGIN_Y + 0.25, 8.0]);

    // Left of the tile: the nearest point is on the left edge, from corner
    // 3 (height 0.125 at z 16) to corner 0 (0 at z 0).
    let beside = query.closest_point_on_poly(poly, world(-6.0, 4.0)).unwrap();
    assert!(!beside.over_polygon);
    assert_eq!(beside.position, [ORIGIN_X, ORIGIN_Y + 0.03125, 4.0]);
    assert_eq!(query.closest_point_on_poly_boundary(poly, world(-6.0, 4.0)).unwrap(), beside.position);
    let inside = world(3.0, 5.0);
    assert_eq!(query.closest_point_on_poly_boundary(poly, inside).unwrap(), inside);
}

#[test]
fn a_reference_of_a_tile_that_left_is_an_invalid_reference() {
    let (mut mesh, poly) = mesh(true);
    mesh.remove_tile(1, -2, 0).unwrap();
    let query = NavMeshQuery::new(&mesh, 64).unwrap();
    for err in [
        query.poly_height(poly, world(8.0, 8.0)).unwrap_err(),
        query.closest_point_on_poly(poly, world(8.0, 8.0)).unwrap_err(),
        query.closest_point_on_poly_boundary(PolyRef::NULL, world(8.0, 8.0)).unwrap_err(),
    ] {
        assert!(matches!(err, NavMeshError::InvalidReference(_)), "{err}");
    }
}

#[test]
fn a_query_reads_the_version_it_was_given() {
    let (mut mesh, poly) = mesh(true);
    let query = NavMeshQuery::new(&mesh, 64).unwrap();
    mesh.remove_tile(1, -2, 0).unwrap();
    assert!(query.poly_height(poly, world(8.0, 8.0)).unwrap().is_some(), "the frozen version keeps the tile");
    let mut query = query;
    query.set_mesh(&mesh);
    assert!(query.poly_height(poly, world(8.0, 8.0)).is_err());
}

#[test]
fn positions_outside_the_coordinate_rule_are_out_of_range() {
    let (mesh, poly) = mesh(true);
    let query = NavMeshQuery::new(&mesh, 64).unwrap();
    let err = query.poly_height(poly, [f64::INFINITY, 0.0, 0.0]).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("position.x")), "{err}");
}

#[test]
fn queries_run_over_a_nav_mesh_and_over_the_class_an_agent_walks() {
    let mut small = input_2d::settings();
    small.set_agent_radius(0.25).unwrap();
    let mut large = input_2d::settings();
    large.set_agent_radius(1.5).unwrap();
    let input = input_2d::grid(&small, 1, 1, 2);
    let world = NavWorld::build_2d(&[small, large], &input).unwrap();
    for (radius, class) in [(0.1, 0), (0.25, 0), (1.0, 1), (9.0, 1)] {
        let query = NavMeshQuery::for_agent(&world, radius, 32).unwrap();
        assert_eq!(query.mesh().params(), world.classes()[class].params(), "radius {radius}");
    }
    let query = NavMeshQuery::for_nav_mesh(&world.classes()[1], 32).unwrap();
    assert_eq!(query.mesh().params().agent_radius, 1.5);
}
