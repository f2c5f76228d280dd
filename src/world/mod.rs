//! The tier-1 objects a host authors and saves (format text "Authoring:
//! off-mesh links, agent classes, streaming", "Tier-1 envelopes"): build
//! settings, authored off-mesh links, `NavMesh` (a mesh with its settings)
//! and `NavWorld` (one `NavMesh` per agent class). Their envelopes' bytes
//! are in [`crate::format`].
//!
//! - [`nav_settings`]: `NavSettings`, every value a build needs.
//! - [`off_mesh_link_definition`], [`authored_links`]: authored links and
//!   how they are baked into tile slots.
//! - [`nav_mesh`]: `NavMesh`; [`nav_world`]: `NavWorld` and `ClassFor`.

pub mod authored_links;
pub mod nav_mesh;
pub mod nav_settings;
pub mod nav_world;
pub mod off_mesh_link_definition;
