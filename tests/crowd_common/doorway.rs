//! The doorway scenario of issue 21, shared by its test
//! (`tests/crowd_scenarios.rs`) and the probe that runs it with jittered
//! starts (`tests/crowd_doorway_probe.rs`).

use super::{cell_mesh, swap_trips, Trip};

/// The doorway scenario: 20 × 21 m, a wall along z 10..11 with a 2 m door
/// at x 9..11 (the cell mesh is not eroded: the door is open to agent
/// centres), 25 agents on each side crossing to the mirror image of their
/// start. Starts and goals keep 3 m from the wall, so agents that have
/// arrived do not stand in the door.
pub fn doorway() -> (onav::TiledNavMesh, Vec<Trip>) {
    const ROWS: usize = 5;
    let mesh = cell_mesh(20, 21, |i, j| j != 10 || (9..11).contains(&i));
    let mut starts = Vec::new();
    for row in 0..ROWS {
        for column in 0..5 {
            starts.push([3.5 + 3.0 * column as f64, 0.0, 1.0 + 1.5 * row as f64]);
        }
    }
    let trips = swap_trips(&starts, |p| [p[0], 0.0, 21.0 - p[2]]);
    assert_eq!(trips.len(), 10 * ROWS);
    (mesh, trips)
}
