//! Portal stitching cases (format text "Stitching (links)", "Portals";
//! LAYOUT section 7).

mod mesh_common;

use mesh_common::{params, quad_tile, GridTile};
use onav::{LinkKind, NavMeshDebug, NavMeshParams, PolyRef, TiledNavMesh, NOT_PORTAL};

const N: u8 = NOT_PORTAL;

/// A 16 × 16 quad at (x, z) whose right edge (x = 16) is a side-0 portal.
fn left_tile(p: &NavMeshParams, x: i32, z: i32, y: f32) -> std::sync::Arc<onav::NavTile> {
    quad_tile(p, (x, z, 0), 0.0, [[0.0, y, 0.0], [16.0, y, 0.0], [16.0, y, 16.0], [0.0, y, 16.0]], [N, 0, N, N])
}

/// A quad in column (x, z) spanning local z in [z0, z1] whose left edge
/// (x = 0) is a side-2 portal, at local height `y`.
fn right_tile(
    p: &NavMeshParams,
    (x, z, layer): (i32, i32, u16),
    z0: f32,
    z1: f32,
    y: f32,
) -> std::sync::Arc<onav::NavTile> {
    quad_tile(p, (x, z, layer), 0.0, [[0.0, y, z0], [8.0, y, z0], [8.0, y, z1], [0.0, y, z1]], [N, N, N, 2])
}

fn first_polygon(mesh: &TiledNavMesh, x: i32, z: i32, layer: u16) -> PolyRef {
    mesh.tile_at(x, z, layer).unwrap().0.polygon(0).unwrap()
}

fn portal_ranges(mesh: &TiledNavMesh, from: PolyRef) -> Vec<(PolyRef, u8, u8)> {
    mesh.links(from)
        .unwrap()
        .map(|l| {
            assert_eq!(l.kind, LinkKind::Portal);
            (l.target, l.range_min, l.range_max)
        })
        .collect()
}

#[test]
fn partial_overlap_links_both_ways_with_quantised_range() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(left_tile(&p, 0, 0, 0.0)).unwrap();
    mesh.add_tile(right_tile(&p, (1, 0, 0), 6.0, 20.0, 0.0)).unwrap();
    let (a, b) = (first_polygon(&mesh, 0, 0, 0), first_polygon(&mesh, 1, 0, 0));
    // A's edge runs z 0 -> 16; overlap [6, 16] is t in [0.375, 1].
    assert_eq!(portal_ranges(&mesh, a), [(b, 95, 255)]);
    // B's edge runs z 20 -> 6; overlap [6, 16] is t in [4/14, 1].
    assert_eq!(portal_ranges(&mesh, b), [(a, 72, 255)]);
    let link = mesh.links(a).unwrap().next().unwrap();
    assert_eq!((link.edge, link.side, link.target_edge), (1, 0, 3));
    let debug = NavMeshDebug::collect(&mesh);
    let segment = debug.links.iter().find(|l| l.from == a).unwrap();
    assert_eq!((segment.start, segment.end), ([16.0, 0.0, 6.0], [16.0, 0.0, 16.0]));
    let back = debug.links.iter().find(|l| l.from == b).unwrap();
    assert_eq!((back.start, back.end), ([16.0, 0.0, 16.0], [16.0, 0.0, 6.0]));
}

#[test]
fn touching_at_a_point_gives_no_link() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(left_tile(&p, 0, 0, 0.0)).unwrap();
    mesh.add_tile(right_tile(&p, (1, 0, 0), 16.0, 24.0, 0.0)).unwrap();
    assert_eq!(mesh.links(first_polygon(&mesh, 0, 0, 0)).unwrap().len(), 0);
    assert_eq!(mesh.links(first_polygon(&mesh, 1, 0, 0)).unwrap().len(), 0);
    assert_eq!(mesh.link_count(), 0);
}

#[test]
fn height_difference_exactly_at_climb_links_one_ulp_above_does_not() {
    let p = params();
    let at_climb = p.walkable_climb;
    let above = f32::from_bits(at_climb.to_bits() + 1);
    for (y, linked) in [(at_climb, true), (above, false), (-at_climb, true), (-above, false)] {
        let mut mesh = TiledNavMesh::new(p).unwrap();
        mesh.add_tile(left_tile(&p, 0, 0, 0.0)).unwrap();
        mesh.add_tile(right_tile(&p, (1, 0, 0), 0.0, 16.0, y)).unwrap();
        assert_eq!(mesh.link_count(), if linked { 2 } else { 0 }, "y = {y}");
    }
}

#[test]
fn heights_are_tested_at_both_ends_of_the_overlap() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(left_tile(&p, 0, 0, 0.0)).unwrap();
    // B slopes from 0 at z=0 to 1 at z=16: within climb at lo, not at hi.
    let sloped = quad_tile(
        &p,
        (1, 0, 0),
        0.0,
        [[0.0, 0.0, 0.0], [8.0, 0.0, 0.0], [8.0, 1.0, 16.0], [0.0, 1.0, 16.0]],
        [N, N, N, 2],
    );
    mesh.add_tile(sloped).unwrap();
    assert_eq!(mesh.link_count(), 0);
}

#[test]
fn two_layers_in_the_neighbouring_column_link_in_layer_order() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    // Added out of layer order on purpose.
    mesh.add_tile(right_tile(&p, (1, 0, 3), 0.0, 16.0, 0.25)).unwrap();
    mesh.add_tile(right_tile(&p, (1, 0, 9), 0.0, 16.0, 4.0)).unwrap();
    mesh.add_tile(left_tile(&p, 0, 0, 0.0)).unwrap();
    mesh.add_tile(right_tile(&p, (1, 0, 1), 0.0, 16.0, -0.25)).unwrap();
    let a = first_polygon(&mesh, 0, 0, 0);
    let targets: Vec<PolyRef> = portal_ranges(&mesh, a).iter().map(|l| l.0).collect();
    assert_eq!(targets, [first_polygon(&mesh, 1, 0, 1), first_polygon(&mesh, 1, 0, 3)]);
    assert_eq!(mesh.links(first_polygon(&mesh, 1, 0, 9)).unwrap().len(), 0);
    let layers: Vec<u16> = mesh.column_tiles(1, 0).map(|(_, t)| t.layer()).collect();
    assert_eq!(layers, [1, 3, 9]);
}

#[test]
fn negative_tile_coordinates_and_non_zero_origins() {
    let mut p = params();
    p.origin_x = 100.5;
    p.origin_y = -3.0;
    p.origin_z = -250.25;
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let lower = GridTile::new(-3, -7, 2).height(10.0, 0.0);
    let upper = GridTile::new(-3, -6, 2).height(10.25, 0.0);
    mesh.add_tile(lower.build(&p)).unwrap();
    mesh.add_tile(upper.build(&p)).unwrap();
    // The top row of (-3,-7) (polygons 2, 3) meets the bottom row of (-3,-6).
    let (low, _) = mesh.tile_at(-3, -7, 0).unwrap();
    let (high, _) = mesh.tile_at(-3, -6, 0).unwrap();
    for i in 0..2 {
        let from = low.polygon(2 + i).unwrap();
        let links: Vec<_> = mesh.links(from).unwrap().collect();
        assert_eq!(links.len(), 1);
        assert_eq!(
            (links[0].target, links[0].side, links[0].range_min, links[0].range_max),
            (high.polygon(i).unwrap(), 1, 0, 255)
        );
    }
    let debug = NavMeshDebug::collect(&mesh);
    let from = low.polygon(2).unwrap();
    let segment = debug.links.iter().find(|l| l.from == from).unwrap();
    // World z of the shared boundary: -250.25 + (-7)*16 + 16; A's top edge
    // runs from x = 8 to x = 0, so the segment does too.
    let z = -250.25 + (-7.0 * 16.0) + 16.0;
    let x0 = 100.5 + (-3.0 * 16.0);
    assert_eq!((segment.start, segment.end), ([x0 + 8.0, 10.0, z], [x0, 10.0, z]));
    assert_eq!(debug.outline(0)[0], [x0, 10.0, -250.25 - 112.0]);
}
