//! `SearchRoot`: a place the exact path turns at (or starts from, or
//! arrives at off a link), with the root before it, so the path is read
//! back from the last root to the first.

use crate::mesh::poly_ref::PolyRef;

/// Marks "no root" (the start's parent).
pub(crate) const NO_ROOT: u32 = u32::MAX;

/// One root of the search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SearchRoot {
    pub position: [f64; 3],
    /// The root the path came from, [`NO_ROOT`] for the start.
    pub parent: u32,
    /// The polygon the path runs in from here.
    pub poly: PolyRef,
    /// The length from the start.
    pub g: f64,
    /// The place's key ([`super::mesh_components::NO_KEY`] for the start).
    pub key: u32,
    /// For an off-mesh arrival: where the link departs (the path walks from
    /// `parent` to it, then takes the link to `position`).
    pub departure: Option<[f64; 3]>,
    /// The last of the polygons this root has seen whole or edge-on, as an
    /// index into the frontier's list of them ([`NO_ROOT`] for none).
    pub seen: u32,
}
