//! ONPS snapshots (LAYOUT section 5): a mesh's slot state with its tiles
//! named by content id, restored against a [`TileLibrary`].
//!
//! The slot table (S, T, salts, ascending record slots, one tile per
//! position) is ONPM's and is read and written by the same pieces of
//! `mesh_format`; only the records differ (a content id instead of the
//! tile's bytes). A snapshot holds no streaming queue: the queue belongs to
//! a `TileStreamer`, not to the mesh (format text "Streaming").

use std::collections::HashSet;
use std::sync::Arc;

use crate::error::{NavMeshError, Result};
use crate::format::byte_reader::ByteReader;
use crate::format::fingerprint::BuildFingerprint;
use crate::format::layout_header::ONPS;
use crate::format::mesh_format::{claim_position, read_slot_table, write_slot_table};
use crate::format::param_block::{encode_param_block, read_param_block};
use crate::format::params::NavMeshParams;
use crate::format::tile_format::TileContentId;
use crate::mesh::tile_library::TileLibrary;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::tile::nav_tile::NavTile;

/// Offset of the first salt (LAYOUT section 5 table).
const SALTS_OFFSET: usize = 84;
/// Bytes of a snapshot record: slot u32 and a 16-byte content id.
const RECORD_LEN: usize = 20;

/// A snapshot read on its own: its parameter block, every slot's salt and
/// the content id of each occupied slot, by ascending slot.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub params: NavMeshParams,
    pub salts: Vec<u32>,
    pub records: Vec<(u32, TileContentId)>,
}

impl Snapshot {
    /// Reads ONPS bytes with every layout rule (header, parameter block,
    /// slot table, ascending records, nothing after), for tools that
    /// inspect a snapshot without a mesh or a tile library.
    pub fn read(bytes: &[u8]) -> Result<Snapshot> {
        read_snapshot(bytes, |_| Ok(()))
    }
}

impl TiledNavMesh {
    /// The mesh's slot state as ONPS bytes. The same state always writes the
    /// same bytes.
    pub fn snapshot(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(SALTS_OFFSET + 4 * self.slot_count() as usize + RECORD_LEN * self.tile_count());
        ONPS.write(&mut out);
        out.extend_from_slice(&encode_param_block(self.params()));
        write_slot_table(&mut out, self);
        for (tile_ref, tile) in self.tiles() {
            out.extend_from_slice(&tile_ref.slot().to_le_bytes());
            out.extend_from_slice(&tile.content_id().0);
        }
        out
    }

    /// Replaces the whole slot state (slots, free slots, salts, tiles) with
    /// the snapshot's, taking the tiles from `library`, and stitches once.
    /// Errors, each leaving the mesh untouched: the ONPS header (format, or
    /// version with found and expected), a parameter block unequal to the
    /// mesh's or a library built for other parameters (fingerprint), a
    /// malformed slot table or record, a content id missing from the
    /// library, two slots at one position (format).
    pub fn restore_snapshot(&mut self, snapshot: &[u8], library: &TileLibrary) -> Result<()> {
        let state = read_snapshot(snapshot, |found| check_same_params(found, self.params()))?;
        check_library(library, self.fingerprint())?;
        let tiles = resolve_tiles(&state, library)?;
        *self = TiledNavMesh::restore(*self.params(), state.salts, tiles);
        Ok(())
    }
}

/// Reads a snapshot; `check_params` judges its parameter block right after
/// the header, before the slot table (LAYOUT section 8: the fingerprint
/// check precedes every other check).
fn read_snapshot(bytes: &[u8], check_params: impl FnOnce(&NavMeshParams) -> Result<()>) -> Result<Snapshot> {
    let mut reader = ByteReader::new(bytes, ONPS.what);
    ONPS.read(&mut reader)?;
    let params = read_param_block(&mut reader)?;
    check_params(&params)?;
    let table = read_slot_table(&mut reader, &ONPS, RECORD_LEN)?;
    let mut records = Vec::with_capacity(table.occupied as usize);
    let mut previous_slot = None;
    for record in 0..table.occupied {
        let slot = table.read_record_slot(&mut reader, &ONPS, record, previous_slot)?;
        records.push((slot, TileContentId(reader.array::<16>("tile content id")?)));
        previous_slot = Some(slot);
    }
    reader.expect_end()?;
    Ok(Snapshot { params, salts: table.salts, records })
}

/// The snapshot's parameter block must be the mesh's bit for bit (a
/// fingerprint error otherwise: the fingerprint is a hash of exactly those
/// bytes).
fn check_same_params(found: &NavMeshParams, params: &NavMeshParams) -> Result<()> {
    if encode_param_block(found) == encode_param_block(params) {
        return Ok(());
    }
    Err(NavMeshError::Fingerprint(format!(
        "{}: parameter block (fingerprint {}) differs from the mesh's (fingerprint {})",
        ONPS.what,
        BuildFingerprint::of(found).to_hex(),
        BuildFingerprint::of(params).to_hex()
    )))
}

/// Library tiles must carry the mesh's fingerprint ("Build fingerprint",
/// snapshot restore); the library read each of them against its own
/// parameters, so comparing the library's fingerprint checks them all.
fn check_library(library: &TileLibrary, mesh_fingerprint: BuildFingerprint) -> Result<()> {
    if library.fingerprint() == mesh_fingerprint {
        return Ok(());
    }
    Err(NavMeshError::Fingerprint(format!(
        "{}: the tile library holds tiles with fingerprint {}, the mesh needs {}",
        ONPS.what,
        library.fingerprint().to_hex(),
        mesh_fingerprint.to_hex()
    )))
}

/// Each slot's tile from the library, with no position taken twice.
fn resolve_tiles(state: &Snapshot, library: &TileLibrary) -> Result<Vec<Option<Arc<NavTile>>>> {
    let mut tiles = vec![None; state.salts.len()];
    let mut positions = HashSet::with_capacity(state.records.len());
    for (record, (slot, id)) in (0u32..).zip(&state.records) {
        let tile = library.get(id).ok_or_else(|| {
            NavMeshError::format(format!(
                "{}: slot {slot} names tile content id {}, which is not in the tile library",
                ONPS.what,
                id.to_hex()
            ))
        })?;
        claim_position(&mut positions, tile, &ONPS, record, *slot)?;
        tiles[*slot as usize] = Some(Arc::clone(tile));
    }
    Ok(tiles)
}
