//! The common head of every frozen layout: magic, u16 version, u16 flags.
//!
//! LAYOUT section 8 fixes the order: magic, then version (a version error
//! carrying found and expected), then flags (any set bit is a format error).
//! Bytes too short for the next check are a format error.

use crate::error::{NavMeshError, Result};
use crate::format::byte_reader::ByteReader;

/// Version of the tile, mesh and snapshot layouts (format version 2).
pub const FORMAT_VERSION: u16 = 2;

/// Version of the tier-1 envelopes ONNM and ONNW.
pub const ENVELOPE_VERSION: u16 = 1;

/// Magic and version of one layout.
#[derive(Debug, Clone, Copy)]
pub struct LayoutHeader {
    pub magic: [u8; 4],
    pub version: u16,
    pub what: &'static str,
}

pub const ONPT: LayoutHeader = LayoutHeader { magic: *b"ONPT", version: FORMAT_VERSION, what: "ONPT tile" };
pub const ONPM: LayoutHeader = LayoutHeader { magic: *b"ONPM", version: FORMAT_VERSION, what: "ONPM mesh" };
pub const ONPS: LayoutHeader = LayoutHeader { magic: *b"ONPS", version: FORMAT_VERSION, what: "ONPS snapshot" };
pub const ONNM: LayoutHeader = LayoutHeader { magic: *b"ONNM", version: ENVELOPE_VERSION, what: "ONNM envelope" };
pub const ONNW: LayoutHeader = LayoutHeader { magic: *b"ONNW", version: ENVELOPE_VERSION, what: "ONNW envelope" };

impl LayoutHeader {
    /// Reads and checks magic, version and flags, in that order.
    pub fn read(&self, reader: &mut ByteReader<'_>) -> Result<()> {
        let magic = reader.array::<4>("magic")?;
        if magic != self.magic {
            return Err(NavMeshError::format(format!(
                "{}: bad magic {:02X?}, expected {:02X?}",
                self.what, magic, self.magic
            )));
        }
        let found = reader.u16("version")?;
        if found != self.version {
            return Err(NavMeshError::Version { what: self.what, found, expected: self.version });
        }
        let flags = reader.u16("flags")?;
        if flags != 0 {
            return Err(NavMeshError::format(format!(
                "{}: flags 0x{flags:04X} set; every flag bit must be 0 (bit 0 is the draft marker)",
                self.what
            )));
        }
        Ok(())
    }

    /// Appends magic, version and zero flags.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.magic);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
    }
}
