//! The header of a bare ONPT tile (LAYOUT section 3), read without
//! parameters: `read_tile` needs them to check the body, the header alone
//! does not.

use onav::format::byte_reader::ByteReader;
use onav::format::layout_header::ONPT;
use onav::{BuildFingerprint, NavMeshError};

/// The header fields after magic, version and flags.
pub struct TileHeader {
    pub fingerprint: BuildFingerprint,
    pub origin_y: f64,
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    /// The seven counts, named as in [`COUNT_NAMES`].
    pub counts: [u32; 7],
    /// Bytes of the whole file.
    pub length: usize,
}

/// The header's counts, in layout order.
pub const COUNT_NAMES: [&str; 7] =
    ["vertices", "polygons", "edges", "detail meshes", "detail vertices", "detail triangles", "off-mesh links"];

/// Reads the 72-byte header with the library's bounds-checked reader;
/// magic, version and flags are checked as the tile reader does.
pub fn read_tile_header(bytes: &[u8]) -> Result<TileHeader, NavMeshError> {
    let mut reader = ByteReader::new(bytes, ONPT.what);
    ONPT.read(&mut reader)?;
    let fingerprint = BuildFingerprint(reader.array("fingerprint")?);
    let origin_y = reader.f64("OriginY")?;
    let tile_x = reader.i32("TileX")?;
    let tile_z = reader.i32("TileZ")?;
    let layer = reader.u16("Layer")?;
    reader.u16("reserved")?;
    let mut counts = [0u32; 7];
    for (count, name) in counts.iter_mut().zip(COUNT_NAMES) {
        *count = reader.u32(name)?;
    }
    Ok(TileHeader { fingerprint, origin_y, tile_x, tile_z, layer, counts, length: bytes.len() })
}
