//! The ONNW envelope of a `NavWorld` (format text "Tier-1 envelopes";
//! LAYOUT section 6): header, class count, then each class's ONNM with its
//! length.

use crate::error::{NavMeshError, Result};
use crate::format::byte_reader::ByteReader;
use crate::format::layout_header::ONNW;
use crate::world::nav_mesh::NavMesh;
use crate::world::nav_world::NavWorld;

/// Bytes of the smallest class entry (its u32 length and an ONNM header),
/// bounding the class count by the bytes left.
const MIN_CLASS_BYTES: usize = 8;

impl NavWorld {
    /// ONNW: header, class count, then each class's ONNM with its length.
    pub fn save(&self) -> Vec<u8> {
        let mut out = Vec::new();
        ONNW.write(&mut out);
        out.extend_from_slice(&(self.classes().len() as u32).to_le_bytes());
        for class in self.classes() {
            let bytes = class.save();
            out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            out.extend_from_slice(&bytes);
        }
        out
    }

    /// Reads ONNW; errors inside a class keep their kind.
    pub fn load(bytes: &[u8]) -> Result<NavWorld> {
        let mut reader = ByteReader::new(bytes, ONNW.what);
        ONNW.read(&mut reader)?;
        let count = reader.u32("class count")? as usize;
        if count == 0 || count > reader.remaining() / MIN_CLASS_BYTES {
            return Err(NavMeshError::format(format!(
                "ONNW envelope: class count {count} must be 1 to {} for the {} bytes left",
                reader.remaining() / MIN_CLASS_BYTES,
                reader.remaining()
            )));
        }
        // Grown per class read, not reserved by the claimed count: 8 bytes
        // per class is the layout's bound, far below a real class's size.
        let mut classes = Vec::new();
        for _ in 0..count {
            let length = reader.u32("class length")? as usize;
            classes.push(NavMesh::load(reader.take(length, "class ONNM envelope")?)?);
        }
        reader.expect_end()?;
        NavWorld::new(classes)
    }
}
