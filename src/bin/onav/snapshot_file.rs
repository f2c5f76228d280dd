//! An ONPS snapshot read on its own (LAYOUT section 5). The library reads
//! snapshots only while restoring them into a mesh with a tile library; the
//! tool has neither, so it reads the layout here, with the library's
//! bounds-checked reader, header check and parameter block, and checks the
//! slot table's rules (limits, salts, ascending slots, nothing after).

use onav::byte_reader::ByteReader;
use onav::layout_header::ONPS;
use onav::param_block::read_param_block;
use onav::poly_ref::{MAX_SALT, MAX_SLOTS};
use onav::{NavMeshError, NavMeshParams, TileContentId};

/// Bytes of a record: slot u32 and a 16-byte content id.
const RECORD_LEN: u64 = 20;

pub struct SnapshotFile {
    pub params: NavMeshParams,
    /// Salt of every slot, in slot order.
    pub salts: Vec<u32>,
    /// Occupied slots with their tiles' content ids, ascending slot.
    pub tiles: Vec<(u32, TileContentId)>,
}

pub fn read_snapshot(bytes: &[u8]) -> Result<SnapshotFile, NavMeshError> {
    let mut reader = ByteReader::new(bytes, ONPS.what);
    ONPS.read(&mut reader)?;
    let params = read_param_block(&mut reader)?;
    let slot_count = reader.u32("slot count")?;
    let tile_count = reader.u32("tile count")?;
    check_counts(slot_count, tile_count, reader.remaining())?;
    let salts = (0..slot_count).map(|slot| read_salt(&mut reader, slot)).collect::<Result<Vec<_>, _>>()?;
    let mut tiles: Vec<(u32, TileContentId)> = Vec::with_capacity(tile_count as usize);
    for record in 0..tile_count {
        let slot = reader.u32("record slot")?;
        let previous = tiles.last().map(|&(s, _)| s);
        if slot >= slot_count || previous.is_some_and(|p| slot <= p) {
            return Err(format_error(format!(
                "record {record} names slot {slot}; slots must ascend and stay below the slot count {slot_count}"
            )));
        }
        tiles.push((slot, TileContentId(reader.array("tile content id")?)));
    }
    reader.expect_end()?;
    Ok(SnapshotFile { params, salts, tiles })
}

/// S and T within their limits and the bytes left, before allocating.
fn check_counts(slot_count: u32, tile_count: u32, remaining: usize) -> Result<(), NavMeshError> {
    if slot_count > MAX_SLOTS || tile_count > slot_count {
        return Err(format_error(format!(
            "slot count {slot_count} (at most {MAX_SLOTS}) and tile count {tile_count} (at most the slot count)"
        )));
    }
    let needed = 4 * u64::from(slot_count) + RECORD_LEN * u64::from(tile_count);
    if needed != remaining as u64 {
        return Err(format_error(format!(
            "{slot_count} salts and {tile_count} records need {needed} bytes, {remaining} follow"
        )));
    }
    Ok(())
}

fn read_salt(reader: &mut ByteReader<'_>, slot: u32) -> Result<u32, NavMeshError> {
    let salt = reader.u32("salt")?;
    if (1..=MAX_SALT).contains(&salt) {
        Ok(salt)
    } else {
        Err(format_error(format!("slot {slot} has salt {salt}, must be 1..={MAX_SALT}")))
    }
}

fn format_error(message: String) -> NavMeshError {
    NavMeshError::Format(format!("{}: {message}", ONPS.what))
}
