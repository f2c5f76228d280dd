//! The two 16-byte identities as plain structs (a fixed array inside a
//! struct passes through P/Invoke as a value, where a bare `uint8_t[16]`
//! parameter would decay to a pointer).

use crate::format::fingerprint::BuildFingerprint;
use crate::format::tile_format::TileContentId;

/// A build fingerprint: the first 16 bytes of SHA-256 over "ONFP", the
/// format version and the parameter block, in digest order.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnavFingerprint {
    /// Digest bytes.
    pub bytes: [u8; 16],
}

/// A tile's content id: the first 16 bytes of SHA-256 over its ONPT bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnavContentId {
    /// Digest bytes.
    pub bytes: [u8; 16],
}

impl From<BuildFingerprint> for OnavFingerprint {
    fn from(fingerprint: BuildFingerprint) -> Self {
        OnavFingerprint { bytes: fingerprint.0 }
    }
}

impl From<TileContentId> for OnavContentId {
    fn from(id: TileContentId) -> Self {
        OnavContentId { bytes: id.0 }
    }
}
