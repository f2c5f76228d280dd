//! The settings record and the settings digest (format text "Build
//! fingerprint"; LAYOUT section 2). The record's bytes are also the settings
//! part of the ONNM envelope (LAYOUT section 6).

use sha2::{Digest, Sha256};

use crate::world::off_mesh_link_definition::OffMeshLinkDefinition;

/// The builder settings that change tile content but are not parameter
/// fields, in digest order.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsRecord {
    pub cell_height: f64,
    /// -1 when automatic.
    pub snap_bits: i32,
    pub partition: i32,
    pub min_region_area: i32,
    pub merge_region_area: i32,
    pub contour_max_error: f32,
    pub max_edge_length: f64,
    pub detail_sample_distance: f64,
    pub detail_max_error: f64,
    /// Surface height of the 2D builder's plane (LAYOUT section 8).
    pub height: f64,
    pub area: u8,
    pub flags: u16,
    pub links: Vec<OffMeshLinkDefinition>,
}

impl SettingsRecord {
    /// The record bytes, little-endian, in LAYOUT section 2 order
    /// (bidirectional, then area, then flags for each link).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(67 + self.links.len() * 64);
        out.extend_from_slice(&self.cell_height.to_le_bytes());
        out.extend_from_slice(&self.snap_bits.to_le_bytes());
        out.extend_from_slice(&self.partition.to_le_bytes());
        out.extend_from_slice(&self.min_region_area.to_le_bytes());
        out.extend_from_slice(&self.merge_region_area.to_le_bytes());
        out.extend_from_slice(&self.contour_max_error.to_le_bytes());
        out.extend_from_slice(&self.max_edge_length.to_le_bytes());
        out.extend_from_slice(&self.detail_sample_distance.to_le_bytes());
        out.extend_from_slice(&self.detail_max_error.to_le_bytes());
        out.extend_from_slice(&self.height.to_le_bytes());
        out.push(self.area);
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.extend_from_slice(&(self.links.len() as u32).to_le_bytes());
        for link in &self.links {
            for v in link.start.iter().chain(link.end.iter()).chain([link.radius].iter()) {
                out.extend_from_slice(&v.to_le_bytes());
            }
            out.push(u8::from(link.bidirectional));
            out.push(link.area);
            out.extend_from_slice(&link.flags.to_le_bytes());
            out.extend_from_slice(&link.user_id.to_le_bytes());
        }
        out
    }

    /// The settings digest: SHA-256 over "ONSD" and the record, first 8 bytes
    /// read as a little-endian u64.
    pub fn digest(&self) -> u64 {
        settings_digest_of_record_bytes(&self.encode())
    }
}

/// The digest of already encoded record bytes.
pub fn settings_digest_of_record_bytes(record: &[u8]) -> u64 {
    let mut hasher = Sha256::new();
    hasher.update(b"ONSD");
    hasher.update(record);
    let digest = hasher.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}
