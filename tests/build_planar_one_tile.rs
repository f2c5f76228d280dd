//! NavMesh::build_planar on inputs that fit in one tile (issue 22): the
//! builder then skips the passes that would only copy their input (no
//! union for a region without holes, no difference for one region without
//! obstacles, no slicing without a tile border), so these tests hold that
//! path to the same exactness checks as the tiled one, and to the same
//! bytes as a build that goes through every pass.

mod planar_common;

use onav::{write_tile, NavMesh, NavSettings, PlanarOutlines, PlanarRing};
use planar_common::{check_exact, collinear_runs, nested_squares, random_outlines, rect, region, settings};
use planar_common::{spikes, star, touching_boxes, touching_holes};

/// `planar_common::settings` with tiles of 128 units from (-16, -4): every
/// fixed and random input lies in the tile [-16, 112) × [-4, 124).
fn one_tile_settings() -> NavSettings {
    let mut s = settings();
    s.set_origin_x(-16.0).unwrap().set_origin_z(-4.0).unwrap().set_tile_size(128.0).unwrap();
    s
}

/// A rectangle with extra points along its sides (collinear corners).
fn rect_with_collinear_points(x0: f64, y0: f64, x1: f64, y1: f64) -> PlanarRing {
    let (xm, ym) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    vec![[x0, y0], [xm, y0], [x1, y0], [x1, ym], [x1, y1], [xm, y1], [x0, y1], [x0, ym]]
}

/// Outlines of one region without holes, inside tile (0, 0) of
/// `settings()` ([-8, 8) × [4, 20)).
fn single_regions() -> Vec<PlanarRing> {
    vec![
        star(1000, 0.0, 12.0, 4.0),
        star(200, 0.0, 12.0, 3.0),
        rect_with_collinear_points(-6.0, 6.0, 6.0, 18.0),
        vec![[-6.0, 6.0], [6.0, 6.0], [0.0, 9.0], [6.0, 18.0], [-6.0, 18.0], [-1.0, 12.0]],
    ]
}

fn alone(outline: PlanarRing) -> PlanarOutlines {
    PlanarOutlines { regions: vec![region(outline)], obstacles: Vec::new() }
}

fn tile_bytes(mesh: &NavMesh, tile_x: i32, tile_z: i32) -> Vec<u8> {
    let (_, tile) = mesh.mesh().tile_at(tile_x, tile_z, 0).expect("the tile is built");
    write_tile(tile)
}

#[test]
fn every_fixed_and_random_input_in_one_tile_builds_exactly() {
    let fixed = [touching_boxes(12), nested_squares(), collinear_runs(), spikes(), touching_holes()];
    for (i, outlines) in fixed.into_iter().chain((0..300).map(random_outlines)).enumerate() {
        let mesh = check_exact(&one_tile_settings(), &outlines);
        assert!(mesh.mesh().tile_count() <= 1, "input {i} spans {} tiles", mesh.mesh().tile_count());
    }
}

#[test]
fn single_regions_without_holes_build_exactly() {
    for outline in single_regions() {
        let mesh = check_exact(&settings(), &alone(outline));
        assert_eq!(mesh.mesh().tile_count(), 1);
    }
}

/// A second region far away sends free space through the boolean pass,
/// and its tile border (x = 40) makes the cut slice; neither crosses tile
/// (0, 0), whose bytes must be those of the region built alone, with the
/// agent radius and without (then free space reaches the partition as
/// the first pass leaves it, collinear corners and all).
#[test]
fn skipping_the_copy_passes_changes_no_byte() {
    for radius in [0.5, 0.0] {
        let mut s = settings();
        s.set_agent_radius(radius).unwrap();
        for outline in single_regions() {
            let mut with_far = alone(outline.clone());
            with_far.regions.push(region(rect(36.0, 38.0, 44.0, 46.0)));
            let alone = NavMesh::build_planar(s.clone(), &alone(outline)).unwrap();
            let with_far = NavMesh::build_planar(s.clone(), &with_far).unwrap();
            assert_eq!(with_far.mesh().tile_count(), 3, "the far square lies in two tiles");
            assert_eq!(tile_bytes(&alone, 0, 0), tile_bytes(&with_far, 0, 0), "agent radius {radius}");
        }
    }
}
