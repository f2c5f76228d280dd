//! C functions for [`crate::world`]: `OnavSettings`, the tier-1
//! `OnavNavMesh` and `OnavNavWorld`.

pub mod nav_mesh;
pub mod nav_settings;
pub mod nav_settings_fields;
pub mod nav_world;
