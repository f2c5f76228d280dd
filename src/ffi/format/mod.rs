//! C functions for [`crate::format`]: parameters, fingerprints and content
//! ids, ONPS snapshots.

pub mod ids;
pub mod params;
pub mod snapshot;
