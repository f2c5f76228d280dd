//! What the crowd table asks of each library: a fresh crowd of the
//! scenario's agents sent to their targets, a tick, and where the agents
//! are.

use crate::crowd_placement::Placement;

pub trait CrowdSide {
    /// Drops the crowd of the round before and makes a new one: every
    /// agent added at its start and asked to walk to its target.
    fn populate(&mut self, placements: &[Placement]) -> Result<(), String>;
    /// One tick of [`crate::crowd_params::DT`].
    fn step(&mut self);
    /// Every agent's position, in placement order, into `out`.
    fn positions(&mut self, out: &mut Vec<[f64; 3]>) -> Result<(), String>;
}
