//! One round of edit measurements, timed the same way for both libraries:
//! fill fresh meshes and empty them again, churn a full mesh, load whole
//! meshes from bytes.

use crate::timing::{timed, RoundResult};

/// Operations each add, remove and load row times at least, per round: a
/// small tile set is filled, emptied and loaded several times so its rows
/// are not a handful of microseconds.
pub const OPERATIONS_PER_ROUND: usize = 2000;

/// One library's edits on one tile set.
pub trait EditSide {
    type Mesh;
    /// A whole mesh loaded from bytes.
    type Loaded;
    fn tile_count(&self) -> usize;
    fn empty_mesh(&mut self) -> Result<Self::Mesh, String>;
    /// Adds every tile, in set order.
    fn add_all(&mut self, mesh: &mut Self::Mesh) -> Result<(), String>;
    /// Removes every tile, in set order.
    fn remove_all(&mut self, mesh: &mut Self::Mesh) -> Result<(), String>;
    /// For each index: removes that tile and adds it back.
    fn churn(&mut self, mesh: &mut Self::Mesh, order: &[usize]) -> Result<(), String>;
    fn load(&mut self) -> Result<Self::Loaded, String>;
    /// Adds every tile from its bytes as the library stores a tile, in set
    /// order: onav reads and validates ONPT bytes, Detour takes its tile
    /// data as it is.
    fn add_all_from_bytes(&mut self, mesh: &mut Self::Mesh) -> Result<(), String>;
}

/// Seconds per add (into a fresh mesh), per churn step, per remove, per
/// whole load, and per add from bytes (into a fresh mesh). Making and
/// dropping meshes, and emptying them after adds from bytes, is not timed.
pub fn edit_round<S: EditSide>(side: &mut S, churn: &[usize]) -> RoundResult {
    let count = side.tile_count();
    let cycles = OPERATIONS_PER_ROUND.div_ceil(count);
    let (mut add, mut remove, mut load, mut add_from_bytes) = (0.0, 0.0, 0.0, 0.0);
    for _ in 0..cycles {
        let mut mesh = side.empty_mesh()?;
        add += timed(|| side.add_all(&mut mesh))?.1;
        remove += timed(|| side.remove_all(&mut mesh))?.1;
        drop(mesh);
        let (loaded, seconds) = timed(|| side.load())?;
        load += seconds;
        drop(loaded);
        let mut mesh = side.empty_mesh()?;
        add_from_bytes += timed(|| side.add_all_from_bytes(&mut mesh))?.1;
        side.remove_all(&mut mesh)?;
    }
    let mut mesh = side.empty_mesh()?;
    side.add_all(&mut mesh)?;
    let ((), churned) = timed(|| side.churn(&mut mesh, churn))?;
    side.remove_all(&mut mesh)?;
    let operations = (cycles * count) as f64;
    Ok(vec![
        add / operations,
        churned / churn.len() as f64,
        remove / operations,
        load / cycles as f64,
        add_from_bytes / operations,
    ])
}
