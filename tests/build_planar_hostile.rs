//! Hostile input to NavMesh::build_planar (issue 22): every bad ring or
//! setting is a typed error naming what is wrong, and a failing rebuild
//! changes nothing.

mod planar_common;

use onav::build::planar::lattice::Lattice;
use onav::{NavMesh, NavMeshError, PlanarOutlines, PlanarRegion};
use planar_common::{rect, region, settings};

fn one_region(outline: Vec<[f64; 2]>) -> PlanarOutlines {
    PlanarOutlines { regions: vec![region(outline)], obstacles: vec![] }
}

fn build_error(outlines: &PlanarOutlines) -> NavMeshError {
    NavMesh::build_planar(settings(), outlines).unwrap_err()
}

#[test]
fn non_finite_and_huge_coordinates_are_out_of_range() {
    for bad in [f64::NAN, f64::INFINITY, -f64::INFINITY, 1e300, 2_097_152.0] {
        let err = build_error(&one_region(vec![[0.0, 10.0], [bad, 10.0], [5.0, 15.0]]));
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("regions[0].outline[1].x")), "{err}");
    }
}

#[test]
fn empty_and_degenerate_rings_are_format_errors() {
    let cases = [
        (vec![], "0 distinct points"),
        (vec![[1.0, 10.0], [2.0, 10.0]], "2 distinct points"),
        (vec![[1.0, 10.0], [1.0, 10.0], [1.0, 10.0], [1.0, 10.0]], "1 distinct points"),
        (vec![[0.0, 10.0], [5.0, 10.0], [10.0, 10.0]], "self-intersecting"),
        (vec![[0.0, 10.0], [1e-9, 10.0], [0.0, 10.0 + 1e-9]], "distinct points"),
    ];
    for (ring, expected) in cases {
        let err = build_error(&one_region(ring.clone()));
        assert!(
            matches!(&err, NavMeshError::Format(m) if m.contains("regions[0].outline") && m.contains(expected)),
            "{ring:?}: {err}"
        );
    }
}

#[test]
fn self_intersecting_rings_are_format_errors() {
    let bow_tie = vec![[0.0, 10.0], [4.0, 14.0], [4.0, 10.0], [0.0, 14.0]];
    let touching_itself = vec![[0.0, 10.0], [4.0, 10.0], [2.0, 12.0], [4.0, 14.0], [0.0, 14.0], [2.0, 12.0]];
    let folding_spike = vec![[0.0, 10.0], [4.0, 10.0], [8.0, 10.0], [4.0, 10.0], [4.0, 14.0]];
    for ring in [bow_tie, touching_itself, folding_spike] {
        let err = build_error(&one_region(ring.clone()));
        assert!(matches!(&err, NavMeshError::Format(m) if m.contains("self-intersecting")), "{ring:?}: {err}");
    }
    let mut outlines = one_region(rect(0.0, 10.0, 8.0, 18.0));
    outlines.obstacles.push(vec![[1.0, 11.0], [3.0, 13.0], [3.0, 11.0], [1.0, 13.0]]);
    let err = build_error(&outlines);
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("obstacles[0]")), "{err}");
    outlines.obstacles.clear();
    outlines.regions[0].holes.push(vec![[1.0, 11.0], [3.0, 13.0], [3.0, 11.0], [1.0, 13.0]]);
    let err = build_error(&outlines);
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("regions[0].holes[0]")), "{err}");
}

#[test]
fn an_area_above_63_is_out_of_range() {
    let outlines = PlanarOutlines {
        regions: vec![PlanarRegion { outline: rect(0.0, 10.0, 8.0, 18.0), area: Some(64), ..Default::default() }],
        obstacles: vec![],
    };
    let err = build_error(&outlines);
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("regions[0].area")), "{err}");
}

#[test]
fn the_automatic_lattice_follows_the_cell_size() {
    for (cell, bits) in [(0.25, 11), (0.3, 11), (0.5, 10), (1.0, 9), (0.0625, 13), (300.0, 1)] {
        let mut s = settings();
        s.set_cell_size(cell).unwrap();
        let lattice = Lattice::from_settings(&s).unwrap();
        assert_eq!(lattice.bits(), bits, "CellSize {cell}");
        let spacing = 1.0 / (1u64 << bits) as f64;
        assert!(spacing <= cell / 512.0 || bits == 0, "CellSize {cell}");
        assert!(spacing > cell / 1024.0, "CellSize {cell}");
    }
}

#[test]
fn a_lattice_that_misses_the_grid_or_the_hand_over_is_out_of_range() {
    let mut off_grid = settings();
    off_grid.set_snap_bits(1).unwrap();
    off_grid.set_origin_x(0.25).unwrap();
    let too_fine = {
        let mut s = settings();
        s.set_snap_bits(20).unwrap();
        s
    };
    let mut odd_tile = settings();
    odd_tile.set_tile_size(14.4f32 as f64).unwrap();
    odd_tile.set_cell_size(0.3).unwrap();
    for (s, expected) in [(off_grid, "OriginX"), (too_fine, "CellSize/1024"), (odd_tile, "TileSize")] {
        let err = Lattice::from_settings(&s).unwrap_err();
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("SnapBits") && m.contains(expected)), "{err}");
    }
}

#[test]
fn a_failing_rebuild_changes_nothing() {
    let good = planar_common::nested_squares();
    let mut mesh = NavMesh::build_planar(settings(), &good).unwrap();
    let before = mesh.save();
    let mut bad = good.clone();
    bad.obstacles.push(vec![[0.0, 10.0], [4.0, 14.0], [4.0, 10.0], [0.0, 14.0]]);
    assert!(matches!(mesh.rebuild_tile_planar(&bad, 0, 1), Err(NavMeshError::Format(_))));
    assert_eq!(mesh.save(), before);
}

#[test]
fn outlines_crossing_more_borders_than_a_mesh_holds_are_out_of_range() {
    let mut s = settings();
    s.set_origin_x(0.0).unwrap().set_origin_z(0.0).unwrap().set_tile_size(1.0).unwrap();
    // 0.2 m of free space across (1.2 m less twice the radius): the area
    // of 800 000 tiles, which a mesh holds, across 4 000 000 borders.
    let outlines = one_region(rect(-2_000_000.0, 0.0, 2_000_000.0, 1.2));
    let err = NavMesh::build_planar(s, &outlines).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("tile borders")), "{err}");
}

/// Free space of more area than a mesh's tiles is refused before it is
/// cut into tiles. A square 20 km wide on tiles of 16 m is 1 562 500
/// tiles; cut, it was 1.5 million pieces (a square 2 000 km wide took the
/// process past its memory).
#[test]
fn free_space_wider_than_a_meshs_tiles_is_out_of_range() {
    for side in [20_000.0, 2_000_000.0] {
        let err = build_error(&one_region(rect(-side / 2.0, -side / 2.0, side / 2.0, side / 2.0)));
        assert!(
            matches!(&err, NavMeshError::OutOfRange(m) if m.contains("more area than the 1048575 tiles of a mesh")),
            "{err}"
        );
    }
}
