//! `doorway`: issue 21's doorway scenario (`tests/crowd_common/doorway.rs`,
//! the check onav's crowd does not pass yet) for DetourCrowd and onav's
//! `Crowd`, over the same polygons (Recast's tiles, imported into onav),
//! with the crowd table's agents and its quality measure.
//!
//! The test's room is scaled by two, for the table's agents of radius 0.6
//! (the test's are 0.3): agent centres walk a 40 × 42 m room with a wall
//! along z 20..22 and a door 4 m wide at x 18..22; 25 agents on each side,
//! 6 m apart across and 3 m along, cross to the mirror image of their
//! start (z → 42 − z). The test's cell mesh is not eroded, so Recast is
//! given the room grown by one radius (floor from −0.6, the wall's gap
//! 0.8 m deep, the door 5.2 m wide) on cells of 0.2 m, and erodes it back
//! by the radius.
//!
//! A run is clean when the crowd table's quality (`crowd_quality`, the
//! test's check: no pair overlapping by more than 10 % of the radius after
//! the first second, every agent within a radius of its target in time,
//! none 5 s without getting 5 cm closer along the path) finds nothing.
//! Run 0 starts the agents where the scenario puts them; run k ≥ 1 moves
//! each start by up to 2 cm along X and Z (the probe's 1 cm, scaled),
//! drawn from [`Xorshift64`] seeded with k.

use onav::TurnStyle;

use crate::crowd::level_meshes;
use crate::crowd_params::AGENT_RADIUS;
use crate::crowd_placement::Placement;
use crate::crowd_quality::{quality, Quality};
use crate::detour_crowd_side::DetourCrowdSide;
use crate::markdown_table::Table;
use crate::onav_crowd_side::{print_turn_style, OnavCrowdSide};
use crate::path_measure::PathMeasure;
use crate::prepared_input::prepare_geometry;
use crate::recast_build::RecastSettings;
use crate::triangle_mesh::TriangleMesh;
use crate::xorshift::Xorshift64;

/// The room for agent centres: width (x) and depth (z), metres.
const ROOM: [f32; 2] = [40.0, 42.0];
/// The wall's extent along z and the door's along x, for agent centres.
const WALL_Z: [f32; 2] = [20.0, 22.0];
const DOOR_X: [f32; 2] = [18.0, 22.0];
/// Starts on the south side: x of each column, z of each row.
const COLUMNS: [f32; 5] = [7.0, 13.0, 19.0, 25.0, 31.0];
const ROWS: [f32; 5] = [2.0, 5.0, 8.0, 11.0, 14.0];
/// Every agent's time bound (the test's 90 s, the room being twice as
/// large and the table's agents no faster than the test's).
const TIME_BOUND: f64 = 180.0;
/// How far a jittered start moves at most, per axis.
const JITTER: f64 = 0.02;

/// The room grown by one agent radius: the floor south and north of the
/// wall, and the door's floor through it.
pub fn doorway_geometry() -> TriangleMesh {
    let r = AGENT_RADIUS as f32;
    let mut mesh = TriangleMesh { vertices: Vec::new(), triangles: Vec::new() };
    mesh.push_floor_quad([-r, -r], [ROOM[0] + r, WALL_Z[0] + r]);
    mesh.push_floor_quad([DOOR_X[0] - r, WALL_Z[0] + r], [DOOR_X[1] + r, WALL_Z[1] - r]);
    mesh.push_floor_quad([-r, WALL_Z[1] - r], [ROOM[0] + r, ROOM[1] + r]);
    mesh
}

/// RecastDemo's settings on cells of 0.2 m, so the grown room's edges and
/// the radius (3 cells) fall on the grid.
fn settings() -> RecastSettings {
    RecastSettings { cell_size: 0.2, ..RecastSettings::TILE_MESH_DEFAULTS }
}

/// The 50 trips of run `run`: the south side's 25 starts to their mirror
/// images, then the north side's back.
pub fn doorway_placements(run: u64) -> Vec<Placement> {
    let mut rng = (run > 0).then(|| Xorshift64::new(run));
    let mut jitter = |v: f32| match rng.as_mut() {
        Some(rng) => (v as f64 + (rng.unit() * 2.0 - 1.0) * JITTER) as f32,
        None => v,
    };
    let south: Vec<[f32; 2]> = ROWS.iter().flat_map(|&z| COLUMNS.map(|x| [x, z])).collect();
    let mirror = |[x, z]: [f32; 2]| [x, ROOM[1] - z];
    let trips: Vec<_> = south.iter().map(|&s| (s, mirror(s))).chain(south.iter().map(|&s| (mirror(s), s))).collect();
    trips
        .into_iter()
        .map(|(start, target)| Placement {
            start: [jitter(start[0]), 0.0, jitter(start[1])],
            target: [target[0], 0.0, target[1]],
            time_bound: TIME_BOUND,
        })
        .collect()
}

fn clean(quality: &Quality, agents: usize) -> bool {
    quality.overlapping_pairs == 0 && quality.arrived == agents && quality.stuck == 0
}

/// One library's runs, summed up as a table row.
struct Runs {
    name: &'static str,
    qualities: Vec<Quality>,
}

impl Runs {
    fn row(&self, agents: usize) -> Vec<String> {
        let of = |f: fn(&Quality) -> usize| {
            let mut values: Vec<usize> = self.qualities.iter().map(f).collect();
            values.sort_unstable();
            let (min, max) = (values[0], values[values.len() - 1]);
            format!("{min} / {} / {max}", values[values.len() / 2])
        };
        vec![
            self.name.to_string(),
            format!("{} of {}", self.qualities.iter().filter(|q| clean(q, agents)).count(), self.qualities.len()),
            of(|q| q.overlapping_pairs),
            of(|q| q.arrived),
            of(|q| q.stuck),
        ]
    }
}

/// `runs` runs of each crowd (the `--rounds` option), run 0 unjittered;
/// `smoke` also prints each run's quality.
pub fn doorway(runs: usize, smoke: bool, turn_style: TurnStyle) -> Result<(), String> {
    let prepared = prepare_geometry("doorway", &doorway_geometry(), &settings())?;
    let (detour_mesh, onav_mesh) = level_meshes(&prepared)?;
    let mut paths = PathMeasure::new(&onav_mesh)?;
    let mut detour = DetourCrowdSide::new(&detour_mesh)?;
    let mut onav = OnavCrowdSide::new(&onav_mesh, 1, turn_style)?;
    let runs_of = |name| Runs { name, qualities: Vec::new() };
    let mut measured = [runs_of("DetourCrowd"), runs_of("onav")];
    let agents = doorway_placements(0).len();
    for run in 0..runs as u64 {
        let placements = doorway_placements(run);
        measured[0].qualities.push(quality(&mut detour, &placements, &mut paths)?);
        measured[1].qualities.push(quality(&mut onav, &placements, &mut paths)?);
        if smoke {
            report_run(&measured, run);
        }
    }
    println!(
        "Doorway (issue 21's scenario scaled by two: {agents} agents of radius {AGENT_RADIUS}, a 4 m door, \
         {runs} runs, run 0 unjittered, {TIME_BOUND} s bound); min / median / max over the runs\n"
    );
    let mut table = Table::new(&["crowd", "clean runs", "overlapping pairs", "arrived in time", "stuck"]);
    for m in &measured {
        table.push(m.row(agents));
    }
    print!("{}", table.render());
    print_turn_style(turn_style);
    Ok(())
}

fn report_run(measured: &[Runs; 2], run: u64) {
    for m in measured {
        if let Some(q) = m.qualities.last() {
            eprintln!("run {run} {}: {q:?}", m.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trips_mirror_each_other_across_the_wall() {
        let placements = doorway_placements(0);
        assert_eq!(placements.len(), 50);
        for p in &placements {
            assert_eq!(p.target[2], ROOM[1] - p.start[2], "{p:?}");
            assert_eq!(p.target[0], p.start[0]);
            let side = |z: f32| z < WALL_Z[0];
            assert_ne!(side(p.start[2]), side(p.target[2]), "{p:?} crosses the wall");
        }
        let jittered = doorway_placements(3);
        for (a, b) in placements.iter().zip(&jittered) {
            assert_eq!(a.target, b.target);
            assert!(a.start.iter().zip(&b.start).all(|(u, v)| (u - v).abs() as f64 <= JITTER + 1e-6));
        }
        assert_ne!(placements[0].start, jittered[0].start);
    }

    #[test]
    fn recast_opens_the_door_about_4_m_wide_to_agent_centres() {
        use onav::{NavMeshQuery, QueryFilter};
        let prepared = prepare_geometry("doorway", &doorway_geometry(), &settings()).unwrap();
        let (_, mesh) = level_meshes(&prepared).unwrap();
        let mut query = NavMeshQuery::new(&mesh, 64).unwrap();
        let mut on_mesh = |x: f64, z: f64| {
            let nearest = query.find_nearest_poly([x, 0.0, z], [0.05, 1.0, 0.05], &QueryFilter::default()).unwrap();
            nearest.is_some_and(|n| (n.position[0] - x).abs() < 0.01 && (n.position[2] - z).abs() < 0.01)
        };
        // Inside the door and the room, 0.35 m from its edges (Recast's
        // contours stray by up to 1.3 cells of 0.2 m).
        let door = [(18.35, 21.0), (21.65, 21.0), (20.0, 20.0), (20.0, 22.0)];
        let room = [(0.35, 0.35), (39.65, 41.65), (5.0, 19.65)];
        for (x, z) in door.into_iter().chain(room) {
            assert!(on_mesh(x, z), "({x}, {z}) should be walkable");
        }
        for (x, z) in [(17.65, 21.0), (22.35, 21.0), (10.0, 21.0), (30.0, 21.0), (5.0, 20.35)] {
            assert!(!on_mesh(x, z), "({x}, {z}) should not be walkable");
        }
    }

    #[test]
    fn the_grown_room_is_the_room_plus_a_radius() {
        let (min, max) = doorway_geometry().bounds();
        let r = AGENT_RADIUS as f32;
        assert_eq!((min[0], min[2], max[0], max[2]), (-r, -r, ROOM[0] + r, ROOM[1] + r));
    }
}
