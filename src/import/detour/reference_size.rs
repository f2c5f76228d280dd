//! Detour's polygon-reference width. `dtPolyRef` and `dtTileRef` are 32-bit
//! unless Detour was compiled with `DT_POLYREF64`, and nothing in a blob or
//! a set records which: only two records change size, so the bytes decide.
//!
//! - A blob's link section (`dtLink`: reference, next index, four bytes) is
//!   12 bytes per link with 32-bit references and 16 with 64-bit ones (the
//!   64-bit reference aligns the record to 8). A blob must be exactly as
//!   long as its counts imply with one of the two sizes; with no links the
//!   two agree and the width does not matter.
//! - An MSET tile record (`NavMeshTileHeader`: tile reference, data size)
//!   is 8 bytes with 32-bit references and 16 with 64-bit ones (8-byte
//!   reference, 4-byte size, 4 bytes of padding that RecastDemo leaves
//!   uninitialised). The first record decides: its blob's `DNAV` magic lies
//!   at offset 48 or at offset 56 of the file.

use crate::{NavMeshError, Result};

/// Width of Detour's `dtPolyRef` / `dtTileRef`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceSize {
    /// The default build: 32-bit references.
    Bits32,
    /// Built with `DT_POLYREF64`: 64-bit references.
    Bits64,
}

impl ReferenceSize {
    /// Bytes of one `dtLink` record.
    pub fn link_record_len(self) -> u64 {
        match self {
            ReferenceSize::Bits32 => 12,
            ReferenceSize::Bits64 => 16,
        }
    }

    /// Bytes of one MSET `NavMeshTileHeader` record.
    pub fn tile_record_len(self) -> usize {
        match self {
            ReferenceSize::Bits32 => 8,
            ReferenceSize::Bits64 => 16,
        }
    }

    /// The width a blob of `len` bytes was written with, given its length
    /// without links (`fixed`) and its link count; a format error naming
    /// both possible lengths when it matches neither.
    pub fn of_blob(len: usize, fixed: u64, link_count: u64, tile: &str) -> Result<ReferenceSize> {
        let len = len as u64;
        let with = |size: ReferenceSize| fixed + link_count * size.link_record_len();
        if len == with(ReferenceSize::Bits32) {
            Ok(ReferenceSize::Bits32)
        } else if len == with(ReferenceSize::Bits64) {
            Ok(ReferenceSize::Bits64)
        } else {
            Err(NavMeshError::Format(format!(
                "{tile}: {len} bytes, but its counts give {} bytes with 32-bit or {} with 64-bit polygon references",
                with(ReferenceSize::Bits32),
                with(ReferenceSize::Bits64)
            )))
        }
    }

    /// The blob length with this width; a format error when `len` differs.
    pub fn check_blob(self, len: usize, fixed: u64, link_count: u64, tile: &str) -> Result<()> {
        let expected = fixed + link_count * self.link_record_len();
        if len as u64 == expected {
            Ok(())
        } else {
            Err(NavMeshError::Format(format!(
                "{tile}: {len} bytes, but its counts give {expected} bytes with the set's {} polygon references",
                self.bits_name()
            )))
        }
    }

    /// "32-bit" or "64-bit", for messages.
    pub fn bits_name(self) -> &'static str {
        match self {
            ReferenceSize::Bits32 => "32-bit",
            ReferenceSize::Bits64 => "64-bit",
        }
    }
}
