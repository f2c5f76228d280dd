//! The ONPM mesh layout (format text "Mesh (ONPM)"; LAYOUT section 4, with
//! section 8's check order and limits).
//!
//! Writers emit the canonical form (ascending slots), so the same mesh state
//! always writes the same bytes. Reading restores slots, free slots and
//! salts exactly and stitches once.

use std::collections::HashSet;
use std::sync::Arc;

use crate::byte_reader::ByteReader;
use crate::error::{NavMeshError, Result};
use crate::fingerprint::BuildFingerprint;
use crate::layout_header::ONPM;
use crate::param_block::{encode_param_block, read_param_block};
use crate::poly_ref::{MAX_SALT, MAX_SLOTS};
use crate::tile::NavTile;
use crate::tile_format::read_tile_checked;
use crate::tiled_nav_mesh::TiledNavMesh;

/// Bytes of a tile record's head (slot u32, length u32).
const RECORD_HEAD_LEN: usize = 8;

/// Writes `mesh` as ONPM bytes.
pub fn write_mesh(mesh: &TiledNavMesh) -> Vec<u8> {
    let mut out = Vec::new();
    ONPM.write(&mut out);
    out.extend_from_slice(&encode_param_block(mesh.params()));
    out.extend_from_slice(&mesh.slot_count().to_le_bytes());
    out.extend_from_slice(&(mesh.tile_count() as u32).to_le_bytes());
    for salt in mesh.salts() {
        out.extend_from_slice(&salt.to_le_bytes());
    }
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
    let (slot_count, tile_count) = read_counts(&mut reader)?;
    let salts = read_salts(&mut reader, slot_count)?;
    let mut tiles: Vec<Option<Arc<NavTile>>> = vec![None; slot_count as usize];
    let mut positions = HashSet::with_capacity(tile_count as usize);
    let mut previous_slot: Option<u32> = None;
    for record in 0..tile_count {
        let slot = read_record_slot(&mut reader, record, slot_count, previous_slot)?;
        let length = reader.u32("tile record length")?;
        let tile_bytes = reader.take(length as usize, "tile record bytes")?;
        let tile = read_tile_checked(&params, &fingerprint, tile_bytes).map_err(|e| in_record(e, record, slot))?;
        if !positions.insert((tile.tile_x(), tile.tile_z(), tile.layer())) {
            return Err(NavMeshError::format(format!(
                "ONPM mesh: tile record {record} (slot {slot}) repeats position ({}, {}, layer {})",
                tile.tile_x(),
                tile.tile_z(),
                tile.layer()
            )));
        }
        tiles[slot as usize] = Some(Arc::new(tile));
        previous_slot = Some(slot);
    }
    reader.expect_end()?;
    Ok(TiledNavMesh::restore(params, salts, tiles))
}

/// [`read_mesh`] into `target`, which changes only when the read succeeds.
pub fn read_mesh_into(target: &mut TiledNavMesh, bytes: &[u8]) -> Result<()> {
    *target = read_mesh(bytes)?;
    Ok(())
}

/// S and T, checked against their limits and the bytes left, before
/// anything is allocated.
fn read_counts(reader: &mut ByteReader<'_>) -> Result<(u32, u32)> {
    let slot_count = reader.u32("slot count")?;
    let tile_count = reader.u32("tile count")?;
    if slot_count > MAX_SLOTS {
        return Err(NavMeshError::format(format!("ONPM mesh: slot count {slot_count} above {MAX_SLOTS}")));
    }
    if tile_count > slot_count {
        return Err(NavMeshError::format(format!(
            "ONPM mesh: tile count {tile_count} above slot count {slot_count}"
        )));
    }
    let needed = 4 * u64::from(slot_count) + RECORD_HEAD_LEN as u64 * u64::from(tile_count);
    if needed > reader.remaining() as u64 {
        return Err(NavMeshError::format(format!(
            "ONPM mesh: {slot_count} salts and {tile_count} tile records need at least {needed} bytes, {} left",
            reader.remaining()
        )));
    }
    Ok((slot_count, tile_count))
}

fn read_salts(reader: &mut ByteReader<'_>, slot_count: u32) -> Result<Vec<u32>> {
    (0..slot_count)
        .map(|slot| {
            let salt = reader.u32("salt")?;
            if (1..=MAX_SALT).contains(&salt) {
                Ok(salt)
            } else {
                Err(NavMeshError::format(format!("ONPM mesh: slot {slot} has salt {salt}, must be 1..={MAX_SALT}")))
            }
        })
        .collect()
}

/// A record's slot: below S and strictly above the previous record's.
fn read_record_slot(reader: &mut ByteReader<'_>, record: u32, slot_count: u32, previous: Option<u32>) -> Result<u32> {
    let slot = reader.u32("tile record slot")?;
    if slot >= slot_count {
        return Err(NavMeshError::format(format!(
            "ONPM mesh: tile record {record} names slot {slot}, beyond slot count {slot_count}"
        )));
    }
    if previous.is_some_and(|p| slot <= p) {
        return Err(NavMeshError::format(format!(
            "ONPM mesh: tile record {record} names slot {slot}, not above the previous record's slot {}",
            previous.unwrap_or_default()
        )));
    }
    Ok(slot)
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
