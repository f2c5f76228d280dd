//! The C surface of the importers (`crate::import`): [`detour`] reads
//! Detour tile blobs and RecastDemo tile sets into onav tiles and meshes.

pub mod detour;
