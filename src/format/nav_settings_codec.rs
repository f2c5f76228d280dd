//! The settings part of the ONNM envelope (LAYOUT section 6): the grid and
//! agent fields as parameter block bytes 0..59, then the settings record of
//! LAYOUT section 2. Read back through the validating setters; a value out
//! of range is a format error naming it.

use crate::error::{NavMeshError, Result};
use crate::format::byte_reader::ByteReader;
use crate::format::param_block::{encode_param_block, GRID_AND_AGENT_LEN};
use crate::world::nav_settings::{NavSettings, Partition};
use crate::world::off_mesh_link_definition::OffMeshLinkDefinition;

/// Bytes of one authored link in the settings record.
const LINK_RECORD_LEN: usize = 64;

/// Grid and agent fields, then the settings record. The envelope stores the
/// first 60 bytes of the parameter block whatever the rules between fields
/// say; the digest bytes after them are not part of it.
pub fn encode_settings(settings: &NavSettings) -> Vec<u8> {
    let grid = encode_param_block(&settings.params_with_digest(0));
    let mut out = grid[..GRID_AND_AGENT_LEN].to_vec();
    out.extend_from_slice(&settings.record().encode());
    out
}

/// A setter's out-of-range error becomes a format error: the value came
/// from bytes.
fn from_bytes<T>(result: Result<T>) -> Result<T> {
    result.map_err(|e| match e {
        NavMeshError::OutOfRange(message) => NavMeshError::Format(format!("settings record: {message}")),
        other => other,
    })
}

/// Reads grid, agent and record fields through the setters, then checks the
/// rules between fields (`to_params`), all as format errors.
pub fn read_settings(reader: &mut ByteReader<'_>) -> Result<NavSettings> {
    let mut s = NavSettings::default();
    from_bytes(s.set_origin_x(reader.f64("OriginX")?))?;
    from_bytes(s.set_origin_y(reader.f64("OriginY")?))?;
    from_bytes(s.set_origin_z(reader.f64("OriginZ")?))?;
    from_bytes(s.set_tile_size(reader.f64("TileSize")?))?;
    from_bytes(s.set_cell_size(reader.f64("CellSize")?))?;
    from_bytes(s.set_max_verts_per_poly(reader.u16("MaxVertsPerPoly")?))?;
    let reserved = reader.u16("reserved")?;
    if reserved != 0 {
        return Err(NavMeshError::format(format!("settings: reserved field is {reserved}, must be 0")));
    }
    from_bytes(s.set_walkable_climb(reader.f32("WalkableClimb")?))?;
    from_bytes(s.set_agent_radius(reader.f32("AgentRadius")?))?;
    from_bytes(s.set_agent_height(reader.f32("AgentHeight")?))?;
    from_bytes(s.set_agent_max_slope(reader.f32("AgentMaxSlope")?))?;
    from_bytes(s.set_cell_height(reader.f64("CellHeight")?))?;
    from_bytes(s.set_snap_bits(reader.i32("SnapBits")?))?;
    let partition = reader.i32("Partition")?;
    s.set_partition(Partition::from_i32(partition).ok_or_else(|| {
        NavMeshError::format(format!("settings record: NavSettings.Partition = {partition} must be 0, 1 or 2"))
    })?);
    from_bytes(s.set_min_region_area(reader.i32("MinRegionArea")?))?;
    from_bytes(s.set_merge_region_area(reader.i32("MergeRegionArea")?))?;
    from_bytes(s.set_contour_max_error(reader.f32("ContourMaxError")?))?;
    from_bytes(s.set_max_edge_length(reader.f64("MaxEdgeLength")?))?;
    from_bytes(s.set_detail_sample_distance(reader.f64("DetailSampleDistance")?))?;
    from_bytes(s.set_detail_max_error(reader.f64("DetailMaxError")?))?;
    from_bytes(s.set_height(reader.f64("Height")?))?;
    from_bytes(s.set_area(reader.u8("Area")?))?;
    from_bytes(s.set_flags(reader.u16("Flags")?))?;
    let links = read_links(reader)?;
    from_bytes(s.set_off_mesh_links(links))?;
    from_bytes(s.to_params())?;
    Ok(s)
}

fn read_links(reader: &mut ByteReader<'_>) -> Result<Vec<OffMeshLinkDefinition>> {
    let count = reader.u32("authored link count")? as usize;
    if count > reader.remaining() / LINK_RECORD_LEN {
        return Err(NavMeshError::format(format!(
            "settings record: {count} authored links need {} bytes, {} left",
            count as u64 * LINK_RECORD_LEN as u64,
            reader.remaining()
        )));
    }
    (0..count).map(|i| read_link(reader, i)).collect()
}

fn read_link(reader: &mut ByteReader<'_>, index: usize) -> Result<OffMeshLinkDefinition> {
    let mut coords = [0f64; 7];
    for c in coords.iter_mut() {
        *c = reader.f64("authored link")?;
    }
    let bidirectional = match reader.u8("bidirectional")? {
        0 => false,
        1 => true,
        other => {
            return Err(NavMeshError::format(format!(
                "settings record: OffMeshLinks[{index}] bidirectional byte {other} must be 0 or 1"
            )))
        }
    };
    Ok(OffMeshLinkDefinition {
        start: [coords[0], coords[1], coords[2]],
        end: [coords[3], coords[4], coords[5]],
        radius: coords[6],
        bidirectional,
        area: reader.u8("area")?,
        flags: reader.u16("flags")?,
        user_id: reader.u32("user id")?,
    })
}
