//! The Detour importer (`onav::import::detour`) on synthetic Detour data
//! written by `tests/detour_blob`: both reference sizes, the side mapping,
//! the orientation reversal, boundary placement far from the origin, the
//! tolerance, off-mesh connections, detail triangles, and hostile bytes.

mod detour_blob;

use detour_blob::{mset, Blob, BlobOffMesh, Grid, Refs, EXT_LINK};
use onav::import::detour::{read_dnav_blob, read_tile, read_tile_set, ImportOptions, ImportedTileSet, ReferenceSize};
use onav::{LinkKind, NavMeshError, NavTile, TiledNavMesh, NOT_PORTAL};

fn import(bytes: &[u8]) -> ImportedTileSet {
    read_tile_set(bytes, &ImportOptions::default()).expect("the set imports")
}

fn format_message(result: onav::Result<impl std::fmt::Debug>) -> String {
    match result {
        Err(NavMeshError::Format(message)) => message,
        other => panic!("expected a format error, got {other:?}"),
    }
}

/// Twice the signed area Σ(xᵢ·zᵢ₊₁ − xᵢ₊₁·zᵢ) of X/Z points.
fn twice_signed_area(points: &[[f64; 2]]) -> f64 {
    let n = points.len();
    (0..n).map(|k| points[k][0] * points[(k + 1) % n][1] - points[(k + 1) % n][0] * points[k][1]).sum()
}

fn onav_polygon_xz(tile: &NavTile, p: usize) -> Vec<[f64; 2]> {
    tile.polygon_vertices(p).map(|v| [f64::from(v[0]), f64::from(v[2])]).collect()
}

fn detour_polygon_xz(blob: &Blob, p: usize) -> Vec<[f64; 2]> {
    blob.polygons[p]
        .vertices
        .iter()
        .map(|&v| blob.vertices[v as usize])
        .map(|v| [f64::from(v[0]), f64::from(v[2])])
        .collect()
}

/// Stitches the tiles and counts the portal links.
fn portal_link_count(set: &ImportedTileSet) -> usize {
    let mesh = stitched(set);
    mesh.tiles()
        .flat_map(|(tile_ref, tile)| (0..tile.polygon_count() as u32).map(move |p| tile_ref.polygon(p).unwrap()))
        .flat_map(|poly| mesh.links(poly).unwrap().filter(|l| l.kind == LinkKind::Portal).collect::<Vec<_>>())
        .count()
}

fn stitched(set: &ImportedTileSet) -> TiledNavMesh {
    let mut mesh = TiledNavMesh::new(set.params).unwrap();
    for tile in &set.tiles {
        mesh.add_tile(tile.clone()).unwrap();
    }
    mesh
}

/// Asserts every portal edge of every tile lies bitwise on its side's
/// boundary.
fn assert_portals_on_boundaries(set: &ImportedTileSet) {
    let ts = set.params.tile_size as f32;
    for tile in &set.tiles {
        for portal in tile.portal_edges() {
            let view = tile.polygon(portal.polygon as usize).unwrap();
            let n = view.indices.len();
            let ends = [view.indices[portal.edge as usize], view.indices[(portal.edge as usize + 1) % n]];
            let (axis, value) = [(0, ts), (2, ts), (0, 0.0), (2, 0.0)][portal.side as usize];
            for v in ends {
                assert_eq!(
                    tile.vertices()[v as usize][axis].to_bits(),
                    value.to_bits(),
                    "tile {:?} {portal:?}",
                    tile.column()
                );
            }
        }
    }
}

#[test]
fn both_reference_sizes_give_the_same_tiles() {
    let grid = Grid::recast_default([-20.0, 3.0, 7.5]);
    let tiles = grid.tiles();
    let set32 = import(&grid.mset(&tiles, Refs::Bits32));
    let set64 = import(&grid.mset(&tiles, Refs::Bits64));
    assert_eq!(set32, set64);
    assert_eq!(set32.tiles.len(), 4);
    for (tile, blob) in set32.tiles.iter().zip(&tiles) {
        assert_eq!(tile.column(), (blob.x, blob.y));
        assert_eq!(tile.polygon_count(), blob.polygons.len());
        for refs in [Refs::Bits32, Refs::Bits64] {
            let bytes = blob.bytes(refs);
            let expected = if refs == Refs::Bits32 { ReferenceSize::Bits32 } else { ReferenceSize::Bits64 };
            assert_eq!(read_dnav_blob(&bytes, None).unwrap().reference_size, expected);
            assert_eq!(&read_tile(&set32.params, &bytes, &ImportOptions::default()).unwrap(), tile);
        }
    }
}

#[test]
fn parameters_come_from_the_set_the_headers_and_the_options() {
    let grid = Grid::recast_default([-20.0, 3.0, 7.5]);
    let bytes = grid.mset(&grid.tiles(), Refs::Bits32);
    let p = import(&bytes).params;
    assert_eq!((p.origin_x, p.origin_y, p.origin_z), (-20.0, 3.0, 7.5));
    assert_eq!(p.tile_size, f64::from(48.0f32 * 0.3f32));
    assert_eq!(p.cell_size, 1.0 / f64::from(1.0f32 / 0.3f32));
    assert_eq!(p.max_verts_per_poly, 6);
    assert_eq!((p.agent_height, p.agent_radius, p.walkable_climb), (2.0, 0.6, 0.9));
    assert_eq!(p.agent_max_slope, 45.0);
    assert_eq!(p.settings_digest, 0);
    let steep = ImportOptions { max_slope_degrees: 60.0, ..ImportOptions::default() };
    assert_eq!(read_tile_set(&bytes, &steep).unwrap().params.agent_max_slope, 60.0);
    let bad = ImportOptions { max_slope_degrees: 91.0, ..ImportOptions::default() };
    let Err(NavMeshError::OutOfRange(m)) = read_tile_set(&bytes, &bad) else { panic!() };
    assert!(m.contains("max_slope_degrees"), "{m}");
    let bad = ImportOptions { boundary_tolerance_cells: f64::NAN, ..ImportOptions::default() };
    assert!(matches!(read_tile_set(&bytes, &bad), Err(NavMeshError::OutOfRange(_))));
}

#[test]
fn portal_sides_map_to_onav_sides_on_their_boundaries() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let tiles = grid.tiles();
    let set = import(&grid.mset(&tiles, Refs::Bits32));
    assert_portals_on_boundaries(&set);
    for (tile, blob) in set.tiles.iter().zip(&tiles) {
        for (detour_side, onav_side) in [(0u16, 0u8), (2, 1), (4, 2), (6, 3)] {
            let detour =
                blob.polygons.iter().flat_map(|p| &p.neighbours).filter(|&&n| n == EXT_LINK | detour_side).count();
            let onav = tile.portal_edges().filter(|e| e.side == onav_side).count();
            assert_eq!(onav, detour, "side {detour_side} of tile {:?}", tile.column());
            assert_eq!(onav, usize::from(grid.quads));
        }
    }
}

#[test]
fn polygons_are_reversed_to_counter_clockwise() {
    let grid = Grid::recast_default([5.0, 0.0, -5.0]);
    let tiles = grid.tiles();
    let set = import(&grid.mset(&tiles, Refs::Bits32));
    for (tile, blob) in set.tiles.iter().zip(&tiles) {
        let (origin_x, origin_z) = set.params.tile_origin(blob.x, blob.y);
        for p in 0..blob.polygons.len() {
            assert!(twice_signed_area(&detour_polygon_xz(blob, p)) < 0.0, "Detour's polygons are clockwise here");
            let onav = onav_polygon_xz(tile, p);
            assert!(twice_signed_area(&onav) > 0.0);
            let mut detour_local: Vec<[f64; 2]> =
                detour_polygon_xz(blob, p).iter().map(|v| [v[0] - origin_x, v[1] - origin_z]).collect();
            detour_local.reverse();
            for (a, b) in onav.iter().zip(&detour_local) {
                // Placement moves a boundary vertex by rounding only.
                assert!((a[0] - b[0]).abs() < 1e-5 && (a[1] - b[1]).abs() < 1e-5, "{a:?} vs {b:?}");
            }
        }
    }
}

#[test]
fn in_tile_neighbours_follow_the_reversal() {
    let grid = Grid { quads: 3, ..Grid::recast_default([0.0, 0.0, 0.0]) };
    let set = import(&grid.mset(&grid.tiles(), Refs::Bits32));
    let tile = &set.tiles[0];
    for p in 0..tile.polygon_count() {
        let view = tile.polygon(p).unwrap();
        let n = view.indices.len();
        for k in 0..n {
            if view.neighbours[k] == 0 {
                continue;
            }
            let other = tile.polygon(view.neighbours[k] as usize - 1).unwrap();
            let (a, b) = (view.indices[k], view.indices[(k + 1) % n]);
            let m = other.indices.len();
            assert!((0..m).any(|j| other.indices[j] == b && other.indices[(j + 1) % m] == a));
        }
    }
}

/// Recast's boundary vertices miss `(float)TileSize` near the origin by
/// rounding and far from it by whole float steps; the portal flag places
/// them, so the tiles stitch as Detour stitches them.
#[test]
fn far_from_the_origin_portals_are_placed_and_stitch() {
    for shift in [0.0f32, 16_000.0, 64_000.0] {
        let grid = Grid::recast_default([shift, 10.0, shift]);
        let tiles = grid.tiles();
        let set = import(&grid.mset(&tiles, Refs::Bits32));
        if shift != 0.0 {
            // The raw local x of tile (1, 0)'s +x boundary misses (float)TileSize.
            let (origin_x, _) = set.params.tile_origin(1, 0);
            let ts = set.params.tile_size as f32;
            let near_boundary =
                tiles[1].vertices.iter().map(|v| (f64::from(v[0]) - origin_x) as f32).filter(|x| (x - ts).abs() < 0.1);
            assert!(near_boundary.clone().count() > 0);
            assert!(near_boundary.clone().all(|x| x.to_bits() != ts.to_bits()), "shift {shift}");
        }
        assert_portals_on_boundaries(&set);
        // Four tile boundaries, `quads` edge pairs each, one link each way.
        assert_eq!(portal_link_count(&set), 4 * usize::from(grid.quads) * 2, "shift {shift}");
    }
}

#[test]
fn a_portal_vertex_beyond_the_tolerance_is_a_format_error_naming_it() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let mut tiles = grid.tiles();
    // Vertex (2, 0) of tile (1, 0) is on its +x boundary; move it 0.1 cell
    // past the quarter-cell tolerance.
    tiles[1].vertices[2][0] += 0.35 * 0.3;
    let bytes = grid.mset(&tiles, Refs::Bits32);
    let message = format_message(read_tile_set(&bytes, &ImportOptions::default()));
    for part in ["MSET tile 1", "Detour tile (1, 0, layer 0)", "polygon 1 edge 2", "tolerance"] {
        assert!(message.contains(part), "{part}: {message}");
    }
    let lenient = ImportOptions { boundary_tolerance_cells: 0.5, ..ImportOptions::default() };
    let set = read_tile_set(&bytes, &lenient).unwrap();
    assert_portals_on_boundaries(&set);
}

#[test]
fn off_mesh_connections_become_slots() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let mut tiles = grid.tiles();
    let start = [2.0, 1.5, 2.0];
    let end = [20.0, 1.5, 3.0];
    tiles[0].off_mesh = vec![
        BlobOffMesh { start, end, radius: 0.5, bidirectional: true, area: 9, flags: 0x0202, user_id: 77 },
        BlobOffMesh {
            start: [3.0, 1.5, 10.0],
            end: [4.0, 1.5, 12.0],
            radius: 0.25,
            bidirectional: false,
            area: 2,
            flags: 1,
            user_id: 5,
        },
    ];
    let set = import(&grid.mset(&tiles, Refs::Bits64));
    let tile = &set.tiles[0];
    assert_eq!(tile.polygon_count(), 4, "the off-mesh polygons are not onav polygons");
    let slots = tile.off_mesh_links();
    assert_eq!(slots.len(), 2);
    assert_eq!(slots[0].start, [2.0, 1.5, 2.0]);
    assert_eq!(slots[0].end, [20.0, 1.5, 3.0]);
    assert_eq!(
        (slots[0].radius, slots[0].area, slots[0].flags, slots[0].user_id, slots[0].bidirectional),
        (0.5, 9, 0x0202, 77, true)
    );
    assert_eq!(
        (slots[1].radius, slots[1].area, slots[1].flags, slots[1].user_id, slots[1].bidirectional),
        (0.25, 2, 1, 5, false)
    );
    let mesh = stitched(&set);
    let kinds: Vec<LinkKind> = mesh
        .tiles()
        .flat_map(|(r, t)| (0..t.polygon_count() as u32).map(move |p| r.polygon(p).unwrap()))
        .flat_map(|p| mesh.links(p).unwrap().map(|l| l.kind).collect::<Vec<_>>())
        .filter(|&k| k != LinkKind::Portal)
        .collect();
    assert_eq!(kinds.iter().filter(|&&k| k == LinkKind::OffMesh).count(), 2);
    assert_eq!(kinds.iter().filter(|&&k| k == LinkKind::OffMeshReverse).count(), 1);
}

#[test]
fn detail_triangles_follow_their_polygon() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let set = import(&grid.mset(&grid.tiles(), Refs::Bits32));
    let tile = &set.tiles[0];
    let data = tile.data();
    assert_eq!(data.detail_meshes.len(), 4);
    for (p, mesh) in data.detail_meshes.iter().enumerate() {
        let n = tile.polygon(p).unwrap().indices.len() as u8;
        let polygon: Vec<[f32; 3]> = tile.polygon_vertices(p).collect();
        let detail = &data.detail_vertices[mesh.vertex_base as usize..][..mesh.vertex_count as usize];
        let point = |i: u8| {
            if i < n {
                polygon[i as usize]
            } else {
                detail[(i - n) as usize]
            }
        };
        let triangles = &data.detail_triangles[mesh.triangle_base as usize..][..mesh.triangle_count as usize];
        for t in triangles {
            let xz: Vec<[f64; 2]> =
                t.indices.iter().map(|&i| point(i)).map(|v| [f64::from(v[0]), f64::from(v[2])]).collect();
            assert!(twice_signed_area(&xz) > 0.0, "triangles wind like their polygon");
            for k in 0..3 {
                let (a, b) = (t.indices[k], t.indices[(k + 1) % 3]);
                let on_polygon_edge = a < n && b < n && (b == (a + 1) % n);
                assert_eq!(t.edge_flags >> k & 1 == 1, on_polygon_edge, "triangle {t:?} edge {k}");
            }
        }
    }
}

#[test]
fn layer_becomes_the_tile_layer() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let mut tiles = grid.tiles();
    tiles[3].layer = 7;
    let set = import(&grid.mset(&tiles, Refs::Bits32));
    assert_eq!(set.tiles[3].layer(), 7);
    tiles[3].layer = 1024;
    let message = format_message(read_tile_set(&grid.mset(&tiles, Refs::Bits32), &ImportOptions::default()));
    assert!(message.contains("layer 1024") && message.contains("MSET tile 3"), "{message}");
}

#[test]
fn wrong_magic_and_versions_are_typed_errors() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let params = import(&grid.mset(&grid.tiles(), Refs::Bits32)).params;
    let options = ImportOptions::default();
    for found in [6u16, 8] {
        let blob = Blob { version: i32::from(found), ..grid.tile(0, 0) };
        let expected = NavMeshError::Version { what: "DNAV tile", found, expected: 7 };
        assert_eq!(read_tile(&params, &blob.bytes(Refs::Bits32), &options).unwrap_err(), expected);
        assert_eq!(read_tile_set(&grid.mset(&[blob], Refs::Bits32), &options).unwrap_err(), expected);
    }
    let mut set = grid.mset(&grid.tiles(), Refs::Bits32);
    set[4] = 2;
    assert_eq!(
        read_tile_set(&set, &options).unwrap_err(),
        NavMeshError::Version { what: "MSET tile set", found: 2, expected: 1 }
    );
    let mut blob = grid.tile(0, 0).bytes(Refs::Bits32);
    blob[..4].reverse();
    assert!(format_message(read_tile(&params, &blob, &options)).contains("big-endian"));
    blob[..4].copy_from_slice(b"ONPT");
    assert!(format_message(read_tile(&params, &blob, &options)).contains("magic"));
    let message = format_message(read_tile_set(&grid.tile(0, 0).bytes(Refs::Bits32), &options));
    assert!(message.contains("lone DNAV tile"), "{message}");
}

#[test]
fn broken_structure_is_a_format_error_naming_the_rule() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let params = import(&grid.mset(&grid.tiles(), Refs::Bits32)).params;
    let options = ImportOptions::default();
    let read = |blob: &Blob| format_message(read_tile(&params, &blob.bytes(Refs::Bits32), &options));
    let mut blob = grid.tile(0, 0);
    blob.polygons[2].neighbours[1] = EXT_LINK | 1;
    assert!(read(&blob).contains("polygon 2 edge 1") && read(&blob).contains("side 1"), "{}", read(&blob));
    let mut blob = grid.tile(0, 0);
    blob.polygons[1].neighbours[0] = 9;
    assert!(read(&blob).contains("polygon 1 edge 0"), "{}", read(&blob));
    let mut blob = grid.tile(0, 0);
    blob.polygons[3].vertices[2] = 200;
    assert!(read(&blob).contains("polygon 3 vertex 2"), "{}", read(&blob));
    // Polygon 0 wound the other way (its neighbours cut off so that only
    // the winding is wrong): clockwise once reversed.
    let mut blob = grid.tile(0, 0);
    blob.polygons[0].vertices.reverse();
    blob.polygons[0].neighbours = vec![0; 4];
    for p in &mut blob.polygons {
        p.neighbours.iter_mut().filter(|n| **n == 1).for_each(|n| *n = 0);
    }
    assert!(read(&blob).contains("Detour tile (0, 0, layer 0): polygon 0"), "{}", read(&blob));
    let mut blob = grid.tile(0, 0);
    blob.detail_meshes[1].1 = 100;
    assert!(read(&blob).contains("detail mesh 1"), "{}", read(&blob));
    let mut blob = grid.tile(0, 0);
    blob.off_mesh = vec![BlobOffMesh {
        start: [1.0; 3],
        end: [2.0; 3],
        radius: 0.0,
        bidirectional: false,
        area: 1,
        flags: 1,
        user_id: 1,
    }];
    assert!(read(&blob).contains("off_mesh_links[0]"), "{}", read(&blob));
}

#[test]
fn the_set_must_share_one_agent_and_square_tiles() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let mut tiles = grid.tiles();
    tiles[2].walkable_climb = 0.5;
    let message = format_message(read_tile_set(&grid.mset(&tiles, Refs::Bits32), &ImportOptions::default()));
    assert!(message.contains("MSET tile 2") && message.contains("walkableClimb"), "{message}");
    let blobs: Vec<Vec<u8>> = grid.tiles().iter().map(|t| t.bytes(Refs::Bits32)).collect();
    let message =
        format_message(read_tile_set(&mset([0.0; 3], 14.4, 14.0, &blobs, Refs::Bits32), &ImportOptions::default()));
    assert!(message.contains("tileHeight"), "{message}");
    let message =
        format_message(read_tile_set(&mset([0.0; 3], 14.4, 14.4, &[], Refs::Bits32), &ImportOptions::default()));
    assert!(message.contains("no tiles"), "{message}");
    let twice = [grid.tile(1, 1), grid.tile(0, 0), grid.tile(1, 1)];
    let message = format_message(read_tile_set(&grid.mset(&twice, Refs::Bits32), &ImportOptions::default()));
    assert!(message.contains("MSET tile 2: Detour tile (1, 1, layer 0) is also MSET tile 0"), "{message}");
}

#[test]
fn a_blob_of_the_other_reference_size_in_a_set_is_a_format_error() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let tiles = grid.tiles();
    let mut blobs: Vec<Vec<u8>> = tiles.iter().map(|t| t.bytes(Refs::Bits32)).collect();
    blobs[1] = tiles[1].bytes(Refs::Bits64);
    let message = format_message(read_tile_set(
        &mset([0.0; 3], grid.tile_width(), grid.tile_width(), &blobs, Refs::Bits32),
        &ImportOptions::default(),
    ));
    assert!(message.contains("MSET tile 1") && message.contains("32-bit"), "{message}");
}

#[test]
fn hostile_counts_are_format_errors_before_allocating() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let blob = grid.tile(0, 0).bytes(Refs::Bits32);
    // polyCount (offset 24) negative, vertCount and maxLinkCount huge;
    // numTiles of a set huge.
    for (offset, value, needle) in [(24usize, -1i32, "negative"), (28, i32::MAX, "bytes"), (32, i32::MAX, "bytes")] {
        let mut bad = blob.clone();
        bad[offset..offset + 4].copy_from_slice(&value.to_le_bytes());
        let message = format_message(read_dnav_blob(&bad, None));
        assert!(message.contains(needle), "{message}");
    }
    let mut set = grid.mset(&grid.tiles(), Refs::Bits32);
    set[8..12].copy_from_slice(&i32::MAX.to_le_bytes());
    assert!(matches!(read_tile_set(&set, &ImportOptions::default()), Err(NavMeshError::Format(_))));
}

/// Every prefix and every single-byte corruption of a blob and a set is
/// either imported or a typed format-family error, never a panic.
#[test]
fn truncated_and_corrupted_bytes_give_typed_errors() {
    let grid = Grid { tiles_x: 2, tiles_z: 1, ..Grid::recast_default([0.0, 0.0, 0.0]) };
    let mut tiles = grid.tiles();
    tiles[0].off_mesh = vec![BlobOffMesh {
        start: [1.0, 1.5, 1.0],
        end: [9.0, 1.5, 1.0],
        radius: 0.5,
        bidirectional: true,
        area: 3,
        flags: 1,
        user_id: 9,
    }];
    let options = ImportOptions::default();
    for refs in [Refs::Bits32, Refs::Bits64] {
        let set = grid.mset(&tiles, refs);
        let params = read_tile_set(&set, &options).unwrap().params;
        let blob = tiles[0].bytes(refs);
        for len in 0..set.len() {
            let error = read_tile_set(&set[..len], &options).unwrap_err();
            assert!(matches!(error, NavMeshError::Format(_)), "prefix {len}: {error:?}");
        }
        for len in 0..blob.len() {
            let error = read_tile(&params, &blob[..len], &options).unwrap_err();
            assert!(matches!(error, NavMeshError::Format(_)), "prefix {len}: {error:?}");
        }
        for offset in 0..set.len() {
            for value in [0x00, 0xFF, 0x80] {
                let mut bad = set.clone();
                bad[offset] = value;
                if let Err(error) = read_tile_set(&bad, &options) {
                    assert!(error.is_format_family(), "byte {offset} = {value}: {error:?}");
                }
            }
        }
    }
}

#[test]
fn a_tile_without_detail_meshes_imports_without_detail() {
    let grid = Grid::recast_default([0.0, 0.0, 0.0]);
    let mut tiles = grid.tiles();
    for t in &mut tiles {
        t.detail_meshes.clear();
        t.detail_vertices.clear();
        t.detail_triangles.clear();
    }
    let set = import(&grid.mset(&tiles, Refs::Bits32));
    assert!(set.tiles.iter().all(|t| t.detail_meshes().is_empty()));
    assert_eq!(portal_link_count(&set), 16);
    let unused = NOT_PORTAL;
    assert!(set.tiles[0].data().portal_sides.contains(&unused));
}
