//! The 68-byte parameter block of LAYOUT section 1, shared by the mesh and
//! snapshot headers, the fingerprint input and (its first 60 bytes) the
//! tier-1 envelope.

use crate::error::{NavMeshError, Result};
use crate::format::byte_reader::ByteReader;
use crate::format::params::NavMeshParams;

/// Size of the parameter block in bytes.
pub const PARAM_BLOCK_LEN: usize = 68;
/// Bytes of the block holding grid and agent fields (LAYOUT section 6).
pub const GRID_AND_AGENT_LEN: usize = 60;

/// Encodes `params` as the 68-byte block, little-endian IEEE bit patterns.
pub fn encode_param_block(params: &NavMeshParams) -> [u8; PARAM_BLOCK_LEN] {
    let mut out = [0u8; PARAM_BLOCK_LEN];
    out[0..8].copy_from_slice(&params.origin_x.to_le_bytes());
    out[8..16].copy_from_slice(&params.origin_y.to_le_bytes());
    out[16..24].copy_from_slice(&params.origin_z.to_le_bytes());
    out[24..32].copy_from_slice(&params.tile_size.to_le_bytes());
    out[32..40].copy_from_slice(&params.cell_size.to_le_bytes());
    out[40..42].copy_from_slice(&params.max_verts_per_poly.to_le_bytes());
    // 42..44 reserved, 0.
    out[44..48].copy_from_slice(&params.walkable_climb.to_le_bytes());
    out[48..52].copy_from_slice(&params.agent_radius.to_le_bytes());
    out[52..56].copy_from_slice(&params.agent_height.to_le_bytes());
    out[56..60].copy_from_slice(&params.agent_max_slope.to_le_bytes());
    out[60..68].copy_from_slice(&params.settings_digest.to_le_bytes());
    out
}

/// Reads and validates a block; a broken rule is a format error naming the
/// field (LAYOUT section 1).
pub fn read_param_block(reader: &mut ByteReader<'_>) -> Result<NavMeshParams> {
    let origin_x = reader.f64("OriginX")?;
    let origin_y = reader.f64("OriginY")?;
    let origin_z = reader.f64("OriginZ")?;
    let tile_size = reader.f64("TileSize")?;
    let cell_size = reader.f64("CellSize")?;
    let max_verts_per_poly = reader.u16("MaxVertsPerPoly")?;
    let reserved = reader.u16("reserved")?;
    if reserved != 0 {
        return Err(NavMeshError::format(format!(
            "parameter block: reserved field at offset 42 is {reserved}, must be 0"
        )));
    }
    let params = NavMeshParams {
        origin_x,
        origin_y,
        origin_z,
        tile_size,
        cell_size,
        max_verts_per_poly,
        walkable_climb: reader.f32("WalkableClimb")?,
        agent_radius: reader.f32("AgentRadius")?,
        agent_height: reader.f32("AgentHeight")?,
        agent_max_slope: reader.f32("AgentMaxSlope")?,
        settings_digest: reader.u64("SettingsDigest")?,
    };
    params.check().map_err(|v| NavMeshError::format(format!("parameter block: {v}")))?;
    Ok(params)
}

/// Decodes a block from exactly [`PARAM_BLOCK_LEN`] bytes.
pub fn decode_param_block(bytes: &[u8]) -> Result<NavMeshParams> {
    let mut reader = ByteReader::new(bytes, "parameter block");
    let params = read_param_block(&mut reader)?;
    reader.expect_end()?;
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::params::tests::sample_params;

    #[test]
    fn block_round_trips_bit_exact() {
        let mut p = sample_params();
        p.origin_y = -0.0;
        p.settings_digest = 0x0123_4567_89AB_CDEF;
        let bytes = encode_param_block(&p);
        let back = decode_param_block(&bytes).unwrap();
        assert_eq!(back.origin_y.to_bits(), (-0.0f64).to_bits());
        assert_eq!(encode_param_block(&back), bytes);
    }

    #[test]
    fn field_offsets_follow_layout_section_1() {
        let p = sample_params();
        let b = encode_param_block(&p);
        assert_eq!(&b[24..32], &32.0f64.to_le_bytes());
        assert_eq!(&b[40..42], &6u16.to_le_bytes());
        assert_eq!(&b[42..44], &[0, 0]);
        assert_eq!(&b[56..60], &45.0f32.to_le_bytes());
    }

    #[test]
    fn bad_fields_are_format_errors_naming_them() {
        let mut bytes = encode_param_block(&sample_params());
        bytes[42] = 1;
        let NavMeshError::Format(m) = decode_param_block(&bytes).unwrap_err() else { panic!() };
        assert!(m.contains("reserved"), "{m}");
        let mut bytes = encode_param_block(&sample_params());
        bytes[40..42].copy_from_slice(&2u16.to_le_bytes());
        let NavMeshError::Format(m) = decode_param_block(&bytes).unwrap_err() else { panic!() };
        assert!(m.contains("MaxVertsPerPoly"), "{m}");
        let NavMeshError::Format(m) = decode_param_block(&bytes[..30]).unwrap_err() else { panic!() };
        assert!(m.contains("truncated"), "{m}");
    }
}
