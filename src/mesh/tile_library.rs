//! `TileLibrary`: the set of ONPT tiles a snapshot's content ids resolve
//! against (LAYOUT section 5; section 8 "A tile library is keyed by content
//! id").
//!
//! The library is bound to one set of parameters: every tile is read (or
//! checked) against them when it enters, so a tile built with other
//! settings fails on the way in, and restoring checks only that the
//! library's fingerprint is the mesh's ("Build fingerprint", where it is
//! checked).

use std::collections::HashMap;
use std::sync::Arc;

use crate::error::Result;
use crate::format::fingerprint::BuildFingerprint;
use crate::format::params::NavMeshParams;
use crate::format::tile_format::{read_tile_checked, TileContentId};
use crate::tile::nav_tile::NavTile;

/// Validated tiles by content id, all carrying one fingerprint.
#[derive(Debug, Clone)]
pub struct TileLibrary {
    params: NavMeshParams,
    fingerprint: BuildFingerprint,
    tiles: HashMap<TileContentId, Arc<NavTile>>,
}

impl TileLibrary {
    /// An empty library for tiles built with `params`, which must pass
    /// `NavMeshParams::validate`.
    pub fn new(params: NavMeshParams) -> Result<TileLibrary> {
        params.validate()?;
        Ok(TileLibrary { params, fingerprint: BuildFingerprint::of(&params), tiles: HashMap::new() })
    }

    pub fn params(&self) -> &NavMeshParams {
        &self.params
    }

    /// The fingerprint every tile of the library carries.
    pub fn fingerprint(&self) -> BuildFingerprint {
        self.fingerprint
    }

    /// Reads ONPT bytes against the library's parameters (version,
    /// fingerprint or format errors, as `read_tile`) and keeps the tile
    /// under the content id of those bytes. Bytes already in the library
    /// are not read again: equal bytes are one entry.
    pub fn add_bytes(&mut self, bytes: &[u8]) -> Result<TileContentId> {
        let id = TileContentId::of_bytes(bytes);
        if !self.tiles.contains_key(&id) {
            let tile = read_tile_checked(&self.params, &self.fingerprint, bytes)?;
            self.tiles.insert(id, Arc::new(tile));
        }
        Ok(id)
    }

    /// Keeps an already validated tile; a tile with another fingerprint is a
    /// fingerprint error. Equal tiles are one entry.
    pub fn add_tile(&mut self, tile: impl Into<Arc<NavTile>>) -> Result<TileContentId> {
        let tile = tile.into();
        tile.check_fingerprint(&self.fingerprint)?;
        let id = tile.content_id();
        self.tiles.entry(id).or_insert(tile);
        Ok(id)
    }

    /// The tile with this content id.
    pub fn get(&self, id: &TileContentId) -> Option<&Arc<NavTile>> {
        self.tiles.get(id)
    }

    /// Distinct tiles in the library.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }
}
