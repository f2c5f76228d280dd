//! The build fingerprint (format text "Build fingerprint"; LAYOUT section 2):
//! the first 16 bytes of SHA-256 over "ONFP", the format version as u16 and
//! the 68-byte parameter block.

use sha2::{Digest, Sha256};

use crate::format::layout_header::FORMAT_VERSION;
use crate::format::param_block::encode_param_block;
use crate::format::params::NavMeshParams;

/// 128-bit identity of every setting that changes a tile's content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BuildFingerprint(pub [u8; 16]);

impl BuildFingerprint {
    /// The fingerprint of a parameter block.
    pub fn of(params: &NavMeshParams) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(b"ONFP");
        hasher.update(FORMAT_VERSION.to_le_bytes());
        hasher.update(encode_param_block(params));
        let digest = hasher.finalize();
        let mut out = [0u8; 16];
        out.copy_from_slice(&digest[..16]);
        BuildFingerprint(out)
    }

    /// Lower-case hex, digest order.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}
