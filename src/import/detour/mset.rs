//! RecastDemo's tile-set file (`Sample::saveAll`), little-endian:
//! `NavMeshSetHeader` { magic 'MSET', version 1, numTiles, `dtNavMeshParams` }
//! (40 bytes), then per tile a `NavMeshTileHeader` { tileRef, dataSize } and
//! `dataSize` bytes of `DNAV` blob. The record is 8 bytes with 32-bit
//! references and 16 with 64-bit ones ([`ReferenceSize`]). Nothing may
//! follow the last tile.

use crate::format::byte_reader::ByteReader;
use crate::{NavMeshError, Result};

use super::dnav_blob::DNAV_MAGIC;
use super::params::DetourMeshParams;
use super::reference_size::ReferenceSize;

/// `'M'<<24 | 'S'<<16 | 'E'<<8 | 'T'`, stored as a little-endian int.
pub const MSET_MAGIC: u32 = 0x4D53_4554;
/// The only set version (`NAVMESHSET_VERSION`).
pub const MSET_VERSION: u16 = 1;
/// Bytes of `NavMeshSetHeader`.
pub const MSET_HEADER_LEN: usize = 40;

/// A set's header and its tiles' blobs, not yet read.
#[derive(Debug, Clone, PartialEq)]
pub struct MsetFile<'a> {
    pub params: DetourMeshParams,
    pub reference_size: ReferenceSize,
    /// Per tile: Detour's tile reference (onav assigns its own slots) and
    /// the blob.
    pub tiles: Vec<(u64, &'a [u8])>,
}

/// Splits an MSET file into its header and blobs.
pub fn read_mset(bytes: &[u8]) -> Result<MsetFile<'_>> {
    let mut reader = ByteReader::new(bytes, "MSET tile set");
    check_magic_and_version(&mut reader)?;
    let declared = reader.i32("numTiles")?;
    let tile_count = usize::try_from(declared)
        .map_err(|_| NavMeshError::Format(format!("MSET tile set: numTiles {declared} is negative")))?;
    let params = DetourMeshParams::read(&mut reader)?;
    let reference_size = if tile_count == 0 { ReferenceSize::Bits32 } else { detect_reference_size(bytes)? };
    let record_len = reference_size.tile_record_len();
    // Each tile takes at least its record; the capacity is bounded by the bytes.
    let mut tiles = Vec::with_capacity(tile_count.min(reader.remaining() / record_len));
    for i in 0..tile_count {
        let (tile_ref, size) = read_tile_record(&mut reader, reference_size)?;
        let size = usize::try_from(size)
            .ok()
            .filter(|&s| s > 0)
            .ok_or_else(|| NavMeshError::Format(format!("MSET tile {i}: dataSize {size} is not positive")))?;
        let blob = reader.take(size, "tile data")?;
        tiles.push((tile_ref, blob));
    }
    reader.expect_end()?;
    Ok(MsetFile { params, reference_size, tiles })
}

fn check_magic_and_version(reader: &mut ByteReader<'_>) -> Result<()> {
    let magic = reader.u32("magic")?;
    if magic != MSET_MAGIC {
        let why = if magic == DNAV_MAGIC {
            "a lone DNAV tile, not an MSET tile set".to_string()
        } else {
            format!("magic {magic:#010x} is not MSET ({MSET_MAGIC:#010x} little-endian)")
        };
        return Err(NavMeshError::Format(format!("MSET tile set: {why}")));
    }
    let version = reader.i32("version")?;
    if version != i32::from(MSET_VERSION) {
        return Err(match u16::try_from(version) {
            Ok(found) => NavMeshError::Version { what: "MSET tile set", found, expected: MSET_VERSION },
            Err(_) => NavMeshError::Format(format!(
                "MSET tile set: version {version} is not supported, expected {MSET_VERSION}"
            )),
        });
    }
    Ok(())
}

/// The first tile's blob starts with `DNAV` right after its record: at
/// offset 48 with 32-bit references, at 56 with 64-bit ones.
fn detect_reference_size(bytes: &[u8]) -> Result<ReferenceSize> {
    let magic_at = |size: ReferenceSize| {
        let offset = MSET_HEADER_LEN + size.tile_record_len();
        bytes.get(offset..offset + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])) == Some(DNAV_MAGIC)
    };
    if magic_at(ReferenceSize::Bits32) {
        Ok(ReferenceSize::Bits32)
    } else if magic_at(ReferenceSize::Bits64) {
        Ok(ReferenceSize::Bits64)
    } else {
        Err(NavMeshError::Format(
            "MSET tile 0: no DNAV blob at offset 48 (after a 32-bit tile reference record) or 56 (64-bit)".into(),
        ))
    }
}

fn read_tile_record(reader: &mut ByteReader<'_>, size: ReferenceSize) -> Result<(u64, i32)> {
    match size {
        ReferenceSize::Bits32 => Ok((u64::from(reader.u32("tileRef")?), reader.i32("dataSize")?)),
        ReferenceSize::Bits64 => {
            let tile_ref = reader.u64("tileRef")?;
            let data_size = reader.i32("dataSize")?;
            reader.take(4, "tile record padding")?;
            Ok((tile_ref, data_size))
        }
    }
}
