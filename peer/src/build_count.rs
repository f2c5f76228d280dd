//! `build-count`: one untimed build of the `build` table's tiles by each
//! library, for counting instructions instead of timing them. Under
//! `valgrind --tool=callgrind`, the inclusive instructions of Recast's
//! per-tile function (`recast_build::build_tile`) and of onav's
//! (`tile_build::build_tile`) are the two libraries' per-tile work on the
//! same triangles and settings, free of the shared machine's noise
//! (`scripts/build_instructions.sh` runs it and prints the table).

use std::path::Path;

use onav::Partition;

use crate::build_settings::{nav_settings, recast_recipe};
use crate::inputs::Input;
use crate::onav_build::OnavBuild;
use crate::recast_build::{build_tile_set, RecastSettings};

/// The input named `name` as the table names it (`dungeon`, `nav_test`,
/// `flat` for the flat grid).
pub fn input_named(name: &str) -> Result<Input, String> {
    Input::ALL
        .into_iter()
        .find(|input| input.name().split(' ').next() == Some(name))
        .ok_or_else(|| format!("unknown input {name:?} (dungeon, nav_test or flat)"))
}

pub fn partition_named(name: &str) -> Result<Partition, String> {
    match name {
        "watershed" => Ok(Partition::Watershed),
        "monotone" => Ok(Partition::Monotone),
        _ => Err(format!("unknown partition {name:?} (watershed or monotone)")),
    }
}

/// Builds `input` with `partition` once by Recast (tile after tile) and
/// once by onav (on one thread), and says how many tiles each built.
pub fn build_count(meshes: &Path, input: Input, partition: Partition) -> Result<(), String> {
    let mesh = input.geometry(meshes, &RecastSettings::TILE_MESH_DEFAULTS)?;
    let settings = nav_settings(&mesh, partition)?;
    let recipe = recast_recipe(&settings)?;
    let recast = build_tile_set(&mesh, &recipe)?;
    let onav = OnavBuild::new(settings, &mesh)?;
    let (columns, rows) = onav.grid()?;
    let run = onav.timed_build(columns * rows)?;
    println!(
        "{} {partition:?}: Recast built {} tiles, onav {} of a {columns} x {rows} grid",
        input.name(),
        recast.tiles.len(),
        run.mesh.mesh().tile_count()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_select_the_table_rows() {
        assert_eq!(input_named("flat").unwrap(), Input::FlatGrid);
        assert_eq!(input_named("nav_test").unwrap(), Input::NavTest);
        assert_eq!(partition_named("monotone").unwrap(), Partition::Monotone);
        assert!(input_named("64x64").is_err());
        assert!(partition_named("layers").is_err());
    }
}
