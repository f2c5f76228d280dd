//! `crowd-count`: one untimed run of one `crowd` scenario by each library,
//! for counting instructions instead of timing them. Each side gets a
//! fresh crowd of the scenario's agents and steps it through the table's
//! timed ticks, DetourCrowd first, then onav on a one-thread pool (so
//! every agent's work runs on the thread that entered `Crowd::step`).
//! Under `valgrind --tool=callgrind`, collecting inside `dtCrowd::update`
//! and `onav::Crowd::step` only and dumping before each, every dump is one
//! tick of one library (`scripts/crowd_instructions.sh` runs it and prints
//! the table).

use std::path::Path;

use onav::TurnStyle;

use crate::crowd::{load, Scenario, SCENARIOS, TIMED_TICKS};
use crate::crowd_placement::{placements, Placement};
use crate::crowd_side::CrowdSide;
use crate::detour_crowd_side::DetourCrowdSide;
use crate::onav_crowd_side::OnavCrowdSide;

/// The scenario `crowd-count --input` names (`plaza-100`, `plaza-1000`,
/// `plaza-5000`, `dungeon-250`).
pub fn scenario_named(name: &str) -> Result<Scenario, String> {
    SCENARIOS.into_iter().find(|s| s.input_name() == name).ok_or_else(|| {
        let names: Vec<String> = SCENARIOS.iter().map(|s| s.input_name()).collect();
        format!("unknown crowd scenario {name:?} ({})", names.join(", "))
    })
}

/// A fresh crowd of `side`, stepped through the timed ticks.
fn step_timed_ticks(side: &mut impl CrowdSide, placements: &[Placement]) -> Result<(), String> {
    side.populate(placements)?;
    for _ in 0..TIMED_TICKS {
        side.step();
    }
    Ok(())
}

/// Steps `scenario` by DetourCrowd, then by onav, and says how many ticks
/// each stepped.
pub fn crowd_count(meshes: &Path, scenario: Scenario, turn_style: TurnStyle) -> Result<(), String> {
    let level = load(scenario.level, meshes)?;
    let placements = placements(&level.onav, scenario.agents)?;
    step_timed_ticks(&mut DetourCrowdSide::new(&level.detour)?, &placements)?;
    step_timed_ticks(&mut OnavCrowdSide::new(&level.onav, 1, turn_style)?, &placements)?;
    println!(
        "{}: DetourCrowd and onav each stepped {} agents {TIMED_TICKS} ticks",
        scenario.input_name(),
        scenario.agents
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_select_the_table_rows() {
        assert_eq!(scenario_named("plaza-1000").unwrap(), SCENARIOS[1]);
        assert_eq!(scenario_named("dungeon-250").unwrap(), SCENARIOS[3]);
        assert!(scenario_named("plaza").is_err());
    }
}
