//! Importers: navigation data written by other tools, turned into onav
//! tiles. Each importer reads its foreign layout with bounds-checked
//! readers into plain records, converts them into `NavTileData`, and lets
//! `NavTile::create` validate the result, so an import either gives valid
//! tiles or a typed error naming what was wrong.
//!
//! - [`detour`]: Detour tile blobs (`DNAV` version 7) and RecastDemo's tile
//!   sets (`MSET`).

pub mod detour;
