//! Off-mesh link attachment cases (format text "Off-mesh links"; LAYOUT
//! sections 7 and 8).

mod mesh_common;

use mesh_common::{link, params, quad_tile, GridTile};
use onav::{Attachment, LinkKind, NavMeshDebug, PolyRef, TileRef, TiledNavMesh, NOT_PORTAL};

/// Polygon (i, j) of a 4 × 4 grid tile.
fn cell(tile: TileRef, i: u32, j: u32) -> PolyRef {
    tile.polygon(j * 4 + i).unwrap()
}

fn off_mesh_links(mesh: &TiledNavMesh, from: PolyRef) -> Vec<(LinkKind, PolyRef, u32)> {
    mesh.links(from)
        .unwrap()
        .filter(|l| l.kind != LinkKind::Portal)
        .map(|l| (l.kind, l.target, l.off_mesh_index))
        .collect()
}

fn attachment(mesh: &TiledNavMesh, owner: TileRef, index: usize) -> Attachment {
    mesh.off_mesh_attachments(owner).unwrap()[index]
}

#[test]
fn start_and_end_in_one_tile() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let t = mesh
        .add_tile(GridTile::new(0, 0, 4).link(link([2.0, 0.0, 2.0], [10.0, 0.0, 10.0], 0.5, false)).build(&p))
        .unwrap();
    assert_eq!(off_mesh_links(&mesh, cell(t, 0, 0)), [(LinkKind::OffMesh, cell(t, 2, 2), 0)]);
    assert!(off_mesh_links(&mesh, cell(t, 2, 2)).is_empty());
    let debug = NavMeshDebug::collect(&mesh);
    let segment = debug.links.iter().find(|l| l.kind == LinkKind::OffMesh).unwrap();
    assert_eq!((segment.start, segment.end), ([2.0, 0.0, 2.0], [10.0, 0.0, 10.0]));
}

#[test]
fn both_ends_on_one_polygon_is_still_a_link() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let t = mesh
        .add_tile(GridTile::new(0, 0, 4).link(link([1.0, 0.0, 1.0], [2.0, 0.0, 2.0], 0.5, true)).build(&p))
        .unwrap();
    assert_eq!(
        off_mesh_links(&mesh, cell(t, 0, 0)),
        [(LinkKind::OffMesh, cell(t, 0, 0), 0), (LinkKind::OffMeshReverse, cell(t, 0, 0), 0)]
    );
}

#[test]
fn across_tiles_and_bidirectional() {
    let mut p = params();
    p.origin_x = -40.0;
    p.origin_y = 7.0;
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let far = GridTile::new(2, 1, 4).height(3.0, 0.0);
    let b = mesh.add_tile(far.build(&p)).unwrap();
    // From (0,0) local (1, 3, 1) to world column (2, 1), its cell (1, 2).
    let a = mesh
        .add_tile(
            GridTile::new(0, 0, 4).height(3.0, 0.0).link(link([1.0, 0.0, 1.0], [38.0, 0.0, 26.0], 0.5, true)).build(&p),
        )
        .unwrap();
    assert_eq!(off_mesh_links(&mesh, cell(a, 0, 0)), [(LinkKind::OffMesh, cell(b, 1, 2), 0)]);
    assert_eq!(off_mesh_links(&mesh, cell(b, 1, 2)), [(LinkKind::OffMeshReverse, cell(a, 0, 0), 0)]);
    let debug = NavMeshDebug::collect(&mesh);
    let reverse = debug.links.iter().find(|l| l.kind == LinkKind::OffMeshReverse).unwrap();
    assert_eq!((reverse.start, reverse.end), ([-40.0 + 38.0, 3.0, 26.0], [-40.0 + 1.0, 3.0, 1.0]));
}

#[test]
fn across_layers_picks_the_layer_within_climb() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let ground = mesh.add_tile(GridTile::new(1, 0, 4).build(&p)).unwrap();
    let bridge = mesh.add_tile(GridTile::new(1, 0, 4).layer(1).height(0.0, 3.0).build(&p)).unwrap();
    let a = mesh
        .add_tile(
            GridTile::new(0, 0, 4)
                .link(link([1.0, 0.0, 1.0], [18.0, 3.2, 1.0], 0.5, false))
                .link(link([1.0, 0.0, 1.0], [18.0, 0.4, 1.0], 0.5, false))
                .build(&p),
        )
        .unwrap();
    assert_eq!(
        off_mesh_links(&mesh, cell(a, 0, 0)),
        [(LinkKind::OffMesh, cell(bridge, 0, 0), 0), (LinkKind::OffMesh, cell(ground, 0, 0), 1)]
    );
}

#[test]
fn ties_go_to_the_lower_layer_then_the_lower_polygon() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let upper = mesh.add_tile(GridTile::new(1, 0, 4).layer(5).build(&p)).unwrap();
    let lower = mesh.add_tile(GridTile::new(1, 0, 4).layer(2).build(&p)).unwrap();
    // The end lies on the shared edge of cells (1,1) and (2,1): both score 0.
    let a = mesh
        .add_tile(GridTile::new(0, 0, 4).link(link([4.0, 0.0, 4.0], [24.0, 0.0, 6.0], 0.5, false)).build(&p))
        .unwrap();
    assert_eq!(attachment(&mesh, a, 0), Attachment { start: cell(a, 0, 0), end: cell(lower, 1, 1) });
    assert_ne!(cell(upper, 1, 1).tile_ref(), cell(lower, 1, 1).tile_ref());
    // A lower score beats a lower layer.
    mesh.replace_tile(GridTile::new(1, 0, 4).layer(2).height(0.0, 0.25).build(&p)).unwrap();
    let (upper_now, _) = mesh.tile_at(1, 0, 5).unwrap();
    assert_eq!(attachment(&mesh, a, 0).end, cell(upper_now, 1, 1));
}

#[test]
fn out_of_radius_and_at_radius() {
    let p = params();
    let n = NOT_PORTAL;
    // One polygon covering local [4, 12]^2 in column (1, 0).
    let island =
        quad_tile(&p, (1, 0, 0), 0.0, [[4.0, 0.0, 4.0], [12.0, 0.0, 4.0], [12.0, 0.0, 12.0], [4.0, 0.0, 12.0]], [n; 4]);
    for (end_x, radius, connected) in [(19.4, 0.5, false), (19.5, 0.5, true), (19.4, 0.625, true)] {
        let mut mesh = TiledNavMesh::new(p).unwrap();
        mesh.add_tile(island.clone()).unwrap();
        let a = mesh
            .add_tile(GridTile::new(0, 0, 4).link(link([1.0, 0.0, 1.0], [end_x, 0.0, 8.0], radius, false)).build(&p))
            .unwrap();
        assert_eq!(attachment(&mesh, a, 0).is_connected(), connected, "end x {end_x}, radius {radius}");
        assert_eq!(off_mesh_links(&mesh, cell(a, 0, 0)).len(), usize::from(connected));
    }
}

#[test]
fn out_of_climb_and_at_climb() {
    let p = params();
    for (end_y, connected) in
        [(0.5f32, true), (f32::from_bits(0.5f32.to_bits() + 1), false), (-0.5, true), (-0.625, false)]
    {
        let mut mesh = TiledNavMesh::new(p).unwrap();
        let a = mesh
            .add_tile(GridTile::new(0, 0, 4).link(link([1.0, 0.0, 1.0], [9.0, end_y, 9.0], 0.5, false)).build(&p))
            .unwrap();
        assert_eq!(attachment(&mesh, a, 0).is_connected(), connected, "end y {end_y}");
    }
}

#[test]
fn start_attaches_only_in_its_own_tile() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 4).build(&p)).unwrap();
    // The start lies over column (1, 0), outside the owner tile's polygons.
    let a = mesh
        .add_tile(GridTile::new(0, 0, 4).link(link([20.0, 0.0, 1.0], [2.0, 0.0, 2.0], 0.5, true)).build(&p))
        .unwrap();
    assert_eq!(attachment(&mesh, a, 0), Attachment::UNCONNECTED);
    assert_eq!(mesh.link_count(), 2 * 4, "only the portal links of the shared side");
}

#[test]
fn attachment_follows_the_end_tile_streaming_in_and_out() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let a = mesh
        .add_tile(GridTile::new(0, 0, 4).link(link([1.0, 0.0, 1.0], [41.0, 0.0, 1.0], 0.5, true)).build(&p))
        .unwrap();
    let far = GridTile::new(2, 0, 4);
    assert_eq!(attachment(&mesh, a, 0), Attachment::UNCONNECTED);
    let b = mesh.add_tile(far.build(&p)).unwrap();
    assert_eq!(attachment(&mesh, a, 0).end, cell(b, 2, 0));
    assert_eq!(off_mesh_links(&mesh, cell(b, 2, 0)), [(LinkKind::OffMeshReverse, cell(a, 0, 0), 0)]);
    mesh.remove_column(2, 0);
    assert_eq!(attachment(&mesh, a, 0), Attachment::UNCONNECTED);
    assert!(off_mesh_links(&mesh, cell(a, 0, 0)).is_empty());
    let b2 = mesh.add_tile(far.build(&p)).unwrap();
    assert_eq!(b2.slot(), b.slot());
    assert_ne!(b2, b);
    assert_eq!(off_mesh_links(&mesh, cell(a, 0, 0)), [(LinkKind::OffMesh, cell(b2, 2, 0), 0)]);
    // Replacing the owner moves the reverse link's target to the new salt.
    let a2 = mesh.replace_tile(mesh.tile(a).unwrap().clone()).unwrap();
    assert_eq!(off_mesh_links(&mesh, cell(b2, 2, 0)), [(LinkKind::OffMeshReverse, cell(a2, 0, 0), 0)]);
    mesh.remove_tile(0, 0, 0).unwrap();
    assert!(off_mesh_links(&mesh, cell(b2, 2, 0)).is_empty());
}

#[test]
fn reverse_links_order_by_owner_slot_then_link_index() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let target = mesh.add_tile(GridTile::new(5, 5, 4).build(&p)).unwrap();
    let to_target = |x: f32| link([1.0, 0.0, 1.0], [x, 0.0, 5.0 * 16.0 + 1.0], 0.5, true);
    let owner_b = GridTile::new(0, 0, 4).link(to_target(81.0)).link(to_target(81.5)).build(&p);
    let owner_a = GridTile::new(1, 0, 4).link(to_target(81.0 - 16.0)).build(&p);
    let b = mesh.add_tile(owner_b).unwrap();
    let a = mesh.add_tile(owner_a).unwrap();
    assert!(b.slot() < a.slot());
    assert_eq!(
        off_mesh_links(&mesh, cell(target, 0, 0)),
        [
            (LinkKind::OffMeshReverse, cell(b, 0, 0), 0),
            (LinkKind::OffMeshReverse, cell(b, 0, 0), 1),
            (LinkKind::OffMeshReverse, cell(a, 0, 0), 0)
        ]
    );
}

#[test]
fn forward_links_follow_portal_links() {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(-1, 0, 4).build(&p)).unwrap();
    let a = mesh
        .add_tile(GridTile::new(0, 0, 4).link(link([1.0, 0.0, 1.0], [1.0, 0.0, 14.0], 0.5, false)).build(&p))
        .unwrap();
    let kinds: Vec<LinkKind> = mesh.links(cell(a, 0, 0)).unwrap().map(|l| l.kind).collect();
    assert_eq!(kinds, [LinkKind::Portal, LinkKind::OffMesh]);
}
