//! The ONNM envelope of a tier-1 `NavMesh` (format text "Tier-1
//! envelopes"; LAYOUT section 6, and section 8 for the check order: magic,
//! version, flags, the settings' ranges, the embedded ONPM, then that the
//! settings give the mesh's parameter block).

use crate::error::{NavMeshError, Result};
use crate::format::byte_reader::ByteReader;
use crate::format::layout_header::{ONNM, ONPM};
use crate::format::mesh_format::{read_mesh, write_mesh};
use crate::format::nav_settings_codec::{encode_settings, read_settings};
use crate::world::nav_mesh::{check_settings_match, NavMesh};
use crate::world::nav_settings::NavSettings;

impl NavMesh {
    /// `NavMesh.Save`: the mesh bytes, unchanged, wrapped with the settings.
    pub fn save(&self) -> Vec<u8> {
        let mesh = write_mesh(self.mesh());
        let mut out = Vec::with_capacity(mesh.len() + 256);
        ONNM.write(&mut out);
        out.extend_from_slice(&encode_settings(self.settings()));
        out.extend_from_slice(&(mesh.len() as u32).to_le_bytes());
        out.extend_from_slice(&mesh);
        out
    }

    /// `NavMesh.Load` of ONNM bytes: the mesh with the settings it carries.
    pub fn load(bytes: &[u8]) -> Result<NavMesh> {
        let mut reader = ByteReader::new(bytes, ONNM.what);
        ONNM.read(&mut reader)?;
        let settings = read_settings(&mut reader)?;
        let length = reader.u32("mesh length")? as usize;
        let mesh_bytes = reader.take(length, "embedded ONPM mesh")?;
        reader.expect_end()?;
        NavMesh::from_parts(settings, read_mesh(mesh_bytes)?)
    }

    /// `NavMesh.Load` with caller-supplied settings: bare ONPM bytes, or an
    /// ONNM envelope; either way the settings must give the mesh's
    /// parameter block (else a fingerprint error).
    pub fn load_with(settings: NavSettings, bytes: &[u8]) -> Result<NavMesh> {
        match bytes.get(..4) {
            Some(magic) if magic == ONPM.magic => NavMesh::from_parts(settings, read_mesh(bytes)?),
            Some(magic) if magic == ONNM.magic => {
                let loaded = NavMesh::load(bytes)?;
                check_settings_match(&settings, loaded.params())?;
                NavMesh::from_parts(settings, loaded.into_parts().1)
            }
            _ => Err(NavMeshError::format("NavMesh.Load: neither ONPM nor ONNM magic")),
        }
    }
}
