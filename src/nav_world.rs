//! `NavWorld`: one tier-1 `NavMesh` per agent class over the same input
//! (format text "Agent classes (NavWorld)"), and its ONNW envelope (LAYOUT
//! section 6).

use crate::build_2d::TileInput2d;
use crate::byte_reader::ByteReader;
use crate::error::{NavMeshError, Result};
use crate::layout_header::ONNW;
use crate::nav_mesh::NavMesh;
use crate::nav_settings::NavSettings;

/// Bytes of the smallest class entry (its u32 length and an ONNM header),
/// bounding the class count by the bytes left.
const MIN_CLASS_BYTES: usize = 8;

/// The meshes of several agent classes, in class order.
#[derive(Debug, Clone)]
pub struct NavWorld {
    classes: Vec<NavMesh>,
}

impl NavWorld {
    /// A world of at least one class.
    pub fn new(classes: Vec<NavMesh>) -> Result<NavWorld> {
        if classes.is_empty() {
            return Err(NavMeshError::out_of_range("NavWorld needs at least one class"));
        }
        Ok(NavWorld { classes })
    }

    /// One `NavMesh::build_2d` per settings, in the order given, from the
    /// same input; class i is byte-identical to a single-class build with
    /// `classes[i]`.
    pub fn build_2d(classes: &[NavSettings], input: &[TileInput2d]) -> Result<NavWorld> {
        let meshes = classes.iter().map(|s| NavMesh::build_2d(s.clone(), input)).collect::<Result<Vec<_>>>()?;
        NavWorld::new(meshes)
    }

    pub fn classes(&self) -> &[NavMesh] {
        &self.classes
    }

    pub fn class(&self, index: usize) -> Option<&NavMesh> {
        self.classes.get(index)
    }

    pub fn class_mut(&mut self, index: usize) -> Option<&mut NavMesh> {
        self.classes.get_mut(index)
    }

    /// `ClassFor(radius)`: the class with the smallest AgentRadius >=
    /// `radius` (lowest index among equals), else the class with the largest
    /// AgentRadius (lowest index among equals).
    pub fn class_for(&self, radius: f32) -> usize {
        let radius_of = |i: usize| self.classes[i].settings().agent_radius();
        let indices = 0..self.classes.len();
        let fitting = indices.clone().filter(|&i| radius_of(i) >= radius).min_by(|&a, &b| {
            radius_of(a).total_cmp(&radius_of(b)).then(a.cmp(&b))
        });
        fitting.unwrap_or_else(|| {
            indices.max_by(|&a, &b| radius_of(a).total_cmp(&radius_of(b)).then(b.cmp(&a))).unwrap_or(0)
        })
    }

    /// ONNW: header, class count, then each class's ONNM with its length.
    pub fn save(&self) -> Vec<u8> {
        let mut out = Vec::new();
        ONNW.write(&mut out);
        out.extend_from_slice(&(self.classes.len() as u32).to_le_bytes());
        for class in &self.classes {
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
