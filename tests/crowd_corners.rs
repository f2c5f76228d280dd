//! A corridor's corners from the positions its moves place. The corridor's
//! crossing cache keeps the position a move found over the polygon it ends
//! in (as already placed there) and the end it last placed, and its corners
//! read them instead of placing the start and end again. On the two Recast
//! meshes (detail heights under every polygon), agents walk toward their
//! corners as a crowd's do, sliding along walls when pushed aside, and
//! after every move:
//! - a position over its polygon is a fixed point of the public placement:
//!   `poly_height` gives its height bit for bit, and the public
//!   `find_straight_path` starts exactly at it;
//! - the corners found with what the corridor kept are, bit for bit, those
//!   found after `forget_crossings` (every point placed anew, as
//!   `find_straight_path` places them).

mod mesh_common;
mod query_common;

use mesh_common::Rng;
use onav::crowd::PathCorridor;
use onav::{NavMeshQuery, QueryFilter, StraightPathOptions, StraightPathVertex, TiledNavMesh};
use query_common::{all_polygons, centre, recast_mesh};

/// As the crowd asks.
const MAX_CORNERS: usize = 4;
/// A walking agent's step in a tick (3.5 m/s over 0.1 s).
const STEP: f64 = 0.35;
const TICKS: usize = 120;
const WALKS: usize = 40;

/// Positions, flags and polygons, the positions by their bits.
fn bits(corners: &[StraightPathVertex]) -> Vec<([u64; 3], u8, u64)> {
    corners.iter().map(|c| (c.position.map(f64::to_bits), c.flags.0, c.poly.0)).collect()
}

/// Where an agent at `position` heading for `corner` wants to be after a
/// step, pushed aside by up to a step so that some moves end on walls.
fn wanted(rng: &mut Rng, position: [f64; 3], corner: [f64; 3]) -> [f64; 3] {
    let (dx, dz) = (corner[0] - position[0], corner[2] - position[2]);
    let length = (dx * dx + dz * dz).sqrt().max(1e-9);
    let scale = STEP.min(length) / length;
    let aside = rng.range_f32(-1.0, 1.0) as f64 * STEP;
    [position[0] + dx * scale - dz / length * aside, position[1], position[2] + dz * scale + dx / length * aside]
}

/// Walks `WALKS` agents between random polygon centres of `mesh`, checking
/// the module text's two properties after every move; returns how many
/// positions were over their polygon (the trusted ones).
fn walk_and_compare(mesh: &TiledNavMesh, seed: u64) -> usize {
    let mut query = NavMeshQuery::new(mesh, 4096).unwrap();
    let filter = QueryFilter::default();
    let polygons = all_polygons(mesh);
    let mut rng = Rng::new(seed);
    let mut over = 0;
    let (mut corners, mut fresh_corners, mut public) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..WALKS {
        let start = polygons[rng.below(polygons.len() as u64) as usize];
        let goal = polygons[rng.below(polygons.len() as u64) as usize];
        let start_position = query.closest_point_on_poly(start, centre(mesh, start)).unwrap().position;
        let goal_position = query.closest_point_on_poly(goal, centre(mesh, goal)).unwrap().position;
        let mut corridor = PathCorridor::new(start, start_position);
        corridor.find_path_to(&mut query, (goal, goal_position), &filter, 4096).unwrap();
        for _ in 0..TICKS {
            corridor.find_corners(&mut query, MAX_CORNERS, &mut corners).unwrap();
            let mut fresh = corridor.clone();
            fresh.forget_crossings();
            fresh.find_corners(&mut query, MAX_CORNERS, &mut fresh_corners).unwrap();
            assert_eq!(bits(&corners), bits(&fresh_corners), "seed {seed}: corners from what the corridor kept");
            let Some(next) = corners.first() else { break };
            if let Some(ahead) = corners.get(1) {
                corridor.optimize_visibility(&mut query, ahead.position, 30.0, &filter).unwrap();
            }
            let to = wanted(&mut rng, corridor.position(), next.position);
            corridor.move_position(&mut query, to, &filter).unwrap();
            let (first, position) = (corridor.first(), corridor.position());
            if let Some(height) = query.poly_height(first, position).unwrap() {
                over += 1;
                assert_eq!(height.to_bits(), position[1].to_bits(), "seed {seed}: a moved position is on the surface");
                let options = StraightPathOptions::default();
                query.find_straight_path(corridor.path(), position, corridor.target(), options, &mut public).unwrap();
                assert_eq!(public[0].position.map(f64::to_bits), position.map(f64::to_bits), "seed {seed}");
            }
        }
    }
    over
}

#[test]
fn corners_from_moved_positions_equal_those_placed_anew() {
    for (name, seed) in [("nav_test", 21), ("dungeon", 22)] {
        let over = walk_and_compare(&recast_mesh(name), seed);
        assert!(over > WALKS * TICKS / 4, "{name}: only {over} moved positions over their polygon");
    }
}
