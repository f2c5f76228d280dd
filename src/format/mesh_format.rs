//! The ONPM mesh layout (format text "Mesh (ONPM)"; LAYOUT section 4, with
//! section 8's check order and limits).
//!
//! Writers emit the canonical form (ascending slots), so the same mesh state
//! always writes the same bytes. Reading restores slots, free slots and
//! salts exactly and stitches once.
//!
//! The slot table (S, T, salts, ascending record slots, one tile per
//! position) is shared with the ONPS snapshot (LAYOUT section 5), which
//! differs only in its records; its pieces are `pub(crate)` for that.

use std::collections::HashSet;
use std::sync::Arc;

use crate::error::{NavMeshError, Result};
use crate::format::byte_reader::ByteReader;
use crate::format::fingerprint::BuildFingerprint;
use crate::format::layout_header::{LayoutHeader, ONPM};
use crate::format::param_block::{encode_param_block, read_param_block};
use crate::format::tile_format::read_tile_checked;
use crate::mesh::poly_ref::{MAX_SALT, MAX_SLOTS};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::tile::nav_tile::NavTile;

/// Bytes of a tile record's head (slot u32, length u32).
const RECORD_HEAD_LEN: usize = 8;

/// Writes `mesh` as ONPM bytes.
pub fn write_mesh(mesh: &TiledNavMesh) -> Vec<u8> {
    let mut out = Vec::new();
    ONPM.write(&mut out);
    out.extend_from_slice(&encode_param_block(mesh.params()));
    write_slot_table(&mut out, mesh);
    for (tile_ref, tile) in mesh.tiles() {
        let bytes = tile.to_bytes();
        out.extend_from_slice(&tile_ref.slot().to_le_bytes());
        out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(&bytes);
    }
    out
}

/// Reads ONPM bytes into a new, stitched mesh. Every failure is in the
/// format family; an error inside an embedded tile keeps its kind.
pub fn read_mesh(bytes: &[u8]) -> Result<TiledNavMesh> {
    let mut reader = ByteReader::new(bytes, ONPM.what);
    ONPM.read(&mut reader)?;
    let params = read_param_block(&mut reader)?;
    let fingerprint = BuildFingerprint::of(&params);
    let table = read_slot_table(&mut reader, &ONPM, RECORD_HEAD_LEN)?;
    let mut tiles: Vec<Option<Arc<NavTile>>> = vec![None; table.salts.len()];
    let mut positions = HashSet::with_capacity(table.occupied as usize);
    let mut previous_slot: Option<u32> = None;
    for record in 0..table.occupied {
        let slot = table.read_record_slot(&mut reader, &ONPM, record, previous_slot)?;
        let length = reader.u32("tile record length")?;
        let tile_bytes = reader.take(length as usize, "tile record bytes")?;
        let tile = read_tile_checked(&params, &fingerprint, tile_bytes).map_err(|e| in_record(e, record, slot))?;
        claim_position(&mut positions, &tile, &ONPM, record, slot)?;
        tiles[slot as usize] = Some(Arc::new(tile));
        previous_slot = Some(slot);
    }
    reader.expect_end()?;
    Ok(TiledNavMesh::restore(params, table.salts, tiles))
}

/// [`read_mesh`] into `target`, which changes only when the read succeeds.
pub fn read_mesh_into(target: &mut TiledNavMesh, bytes: &[u8]) -> Result<()> {
    *target = read_mesh(bytes)?;
    Ok(())
}

/// Appends S, T and the salts of `mesh` (LAYOUT sections 4 and 5).
pub(crate) fn write_slot_table(out: &mut Vec<u8>, mesh: &TiledNavMesh) {
    out.extend_from_slice(&mesh.slot_count().to_le_bytes());
    out.extend_from_slice(&(mesh.tile_count() as u32).to_le_bytes());
    for salt in mesh.salts() {
        out.extend_from_slice(&salt.to_le_bytes());
    }
}

/// The salts of every slot and how many records follow.
pub(crate) struct SlotTable {
    pub salts: Vec<u32>,
    /// T: the number of records, one per occupied slot.
    pub occupied: u32,
}

/// Reads S, T and the salts; S and T are checked against their limits and
/// the bytes left (each record at least `min_record_len` bytes) before
/// anything is allocated.
pub(crate) fn read_slot_table(
    reader: &mut ByteReader<'_>,
    layout: &LayoutHeader,
    min_record_len: usize,
) -> Result<SlotTable> {
    let what = layout.what;
    let slot_count = reader.u32("slot count")?;
    let tile_count = reader.u32("tile count")?;
    if slot_count > MAX_SLOTS {
        return Err(NavMeshError::format(format!("{what}: slot count {slot_count} above {MAX_SLOTS}")));
    }
    if tile_count > slot_count {
        return Err(NavMeshError::format(format!("{what}: tile count {tile_count} above slot count {slot_count}")));
    }
    let needed = 4 * u64::from(slot_count) + min_record_len as u64 * u64::from(tile_count);
    if needed > reader.remaining() as u64 {
        return Err(NavMeshError::format(format!(
            "{what}: {slot_count} salts and {tile_count} tile records need at least {needed} bytes, {} left",
            reader.remaining()
        )));
    }
    let salts = read_salts(reader, what, slot_count)?;
    Ok(SlotTable { salts, occupied: tile_count })
}

fn read_salts(reader: &mut ByteReader<'_>, what: &str, slot_count: u32) -> Result<Vec<u32>> {
    (0..slot_count)
        .map(|slot| {
            let salt = reader.u32("salt")?;
            if (1..=MAX_SALT).contains(&salt) {
                Ok(salt)
            } else {
                Err(NavMeshError::format(format!("{what}: slot {slot} has salt {salt}, must be 1..={MAX_SALT}")))
            }
        })
        .collect()
}

impl SlotTable {
    /// A record's slot: below S and strictly above the previous record's.
    pub fn read_record_slot(
        &self,
        reader: &mut ByteReader<'_>,
        layout: &LayoutHeader,
        record: u32,
        previous: Option<u32>,
    ) -> Result<u32> {
        let (what, slot_count) = (layout.what, self.salts.len());
        let slot = reader.u32("tile record slot")?;
        if slot as usize >= slot_count {
            return Err(NavMeshError::format(format!(
                "{what}: tile record {record} names slot {slot}, beyond slot count {slot_count}"
            )));
        }
        if previous.is_some_and(|p| slot <= p) {
            return Err(NavMeshError::format(format!(
                "{what}: tile record {record} names slot {slot}, not above the previous record's slot {}",
                previous.unwrap_or_default()
            )));
        }
        Ok(slot)
    }
}

/// Records the position of the tile in `slot`; a position taken by an
/// earlier record is a format error (format text "Mesh (ONPM)").
pub(crate) fn claim_position(
    positions: &mut HashSet<(i32, i32, u16)>,
    tile: &NavTile,
    layout: &LayoutHeader,
    record: u32,
    slot: u32,
) -> Result<()> {
    if positions.insert((tile.tile_x(), tile.tile_z(), tile.layer())) {
        return Ok(());
    }
    Err(NavMeshError::format(format!(
        "{}: tile record {record} (slot {slot}) repeats position ({}, {}, layer {})",
        layout.what,
        tile.tile_x(),
        tile.tile_z(),
        tile.layer()
    )))
}

/// Names the record in an embedded tile's error, keeping its kind.
fn in_record(error: NavMeshError, record: u32, slot: u32) -> NavMeshError {
    let place = format!("ONPM tile record {record} (slot {slot})");
    match error {
        NavMeshError::Format(m) => NavMeshError::Format(format!("{place}: {m}")),
        NavMeshError::Fingerprint(m) => NavMeshError::Fingerprint(format!("{place}: {m}")),
        other => other,
    }
}
