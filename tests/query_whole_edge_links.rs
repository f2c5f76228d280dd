//! Whole-edge portal links on the irregular query meshes: stitching marks a
//! portal link exactly when the target's edge spans the whole source edge
//! along the tile boundary, both placed in the world as the queries place
//! corners (tile origin plus the widened local coordinate). The raycast
//! takes a marked link's opening as the whole edge without measuring it;
//! that the measured overlap of such a link is then t from ±0 to 1, bit
//! for bit, is `edge_openings`'s unit test. The jittered borders give
//! partial overlaps, which must stay unmarked.

mod mesh_common;
mod query_meshes;

use onav::{LinkKind, NavTile, PolyRef, TiledNavMesh};

/// The world coordinates along the boundary of `side` (Z for sides 0 and
/// 2, X for 1 and 3) of the corners of edge `edge` of the polygon
/// `poly_ref` names.
fn edge_along(mesh: &TiledNavMesh, poly_ref: PolyRef, edge: u8, side: u8) -> (f64, f64) {
    let tile: &NavTile = mesh.tile(poly_ref.tile_ref()).expect("a live tile");
    let (origin_x, origin_z) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    let (axis, origin) = if side.is_multiple_of(2) { (2, origin_z) } else { (0, origin_x) };
    let indices = tile.polygon(poly_ref.polygon() as usize).expect("a polygon of the tile").indices;
    let k = edge as usize;
    let along = |i: u32| origin + tile.vertices()[i as usize][axis] as f64;
    (along(indices[k]), along(indices[(k + 1) % indices.len()]))
}

/// True when edge c–d covers all of edge a–b, which has length.
fn spans((au, bu): (f64, f64), (cu, du): (f64, f64)) -> bool {
    au != bu && cu.min(du) <= au.min(bu) && cu.max(du) >= au.max(bu)
}

#[test]
fn a_portal_link_is_marked_whole_exactly_when_its_target_spans_the_edge() {
    let (mut whole, mut partial) = (0, 0);
    for seed in 0..200u64 {
        let mesh = query_meshes::random_mesh(seed);
        for (tile_ref, tile) in mesh.tiles() {
            for p in 0..tile.polygon_count() as u32 {
                let poly_ref = tile_ref.polygon(p).unwrap();
                for link in mesh.links(poly_ref).unwrap().filter(|l| l.kind == LinkKind::Portal) {
                    let a = edge_along(&mesh, poly_ref, link.edge, link.side);
                    let c = edge_along(&mesh, link.target, link.target_edge, link.side);
                    let expected = spans(a, c);
                    let what = format!("seed {seed}, {poly_ref:?} edge {}: {a:?} {c:?}", link.edge);
                    assert_eq!(link.opens_whole_edge(), expected, "{what}");
                    if expected {
                        whole += 1;
                    } else {
                        partial += 1;
                    }
                }
            }
        }
    }
    assert!(whole > 2_000 && partial > 3_000, "whole {whole}, partial {partial}");
}
