//! The line under a timing table that says how steady the machine was.

use crate::timing::{median, spread, Rounds, RowSamples};

/// The fixed workload's spread, and the widest spread of any row per side
/// (`peer` names the peer library's side).
pub fn noise_line<'a>(peer: &str, measured: impl Iterator<Item = &'a Rounds> + Clone) -> String {
    let workload: Vec<f64> = measured.clone().flat_map(|r| r.workload.iter().copied()).collect();
    let rows = || measured.clone().flat_map(|r| &r.rows);
    let widest = |side: fn(&RowSamples) -> &[f64]| rows().map(|row| spread(side(row))).fold(0.0, f64::max);
    format!(
        "Noise: a fixed 2^23-step xorshift loop timed after every round took {:.2} ms median, spread \
         (max − min)/median {:.1}% over {} rounds; the widest spread of any row above: {peer} {:.1}%, onav {:.1}%.",
        median(&workload) * 1e3,
        spread(&workload) * 100.0,
        workload.len(),
        widest(|row| &row.peer) * 100.0,
        widest(|row| &row.onav) * 100.0
    )
}
