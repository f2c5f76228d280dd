//! A level as Wavefront OBJ (through the `tobj` crate): every face of
//! every object, triangulated as a fan, as the voxel builder's checked
//! `TriangleGeometry`.

use std::path::Path;

use onav::TriangleGeometry;

use crate::failure::Failure;

/// The triangles of the OBJ file at `path`, vertices widened to f64 and
/// checked (a NaN or out-of-range vertex, an index past the vertices or no
/// triangle at all is the builder's typed error naming the entry).
pub fn read_level(path: &Path) -> Result<TriangleGeometry, Failure> {
    let options = tobj::LoadOptions { triangulate: true, single_index: true, ..Default::default() };
    let (models, _materials) = tobj::load_obj(path, &options)
        .map_err(|e| Failure::Io(format!("cannot read {} as OBJ: {e}", path.display())))?;
    let mut geometry = TriangleGeometry::default();
    for model in models {
        let base = geometry.vertices.len() as u32;
        let positions = &model.mesh.positions;
        geometry
            .vertices
            .extend(positions.chunks_exact(3).map(|p| [f64::from(p[0]), f64::from(p[1]), f64::from(p[2])]));
        geometry.triangles.extend(model.mesh.indices.chunks_exact(3).map(|t| [base + t[0], base + t[1], base + t[2]]));
    }
    geometry.validate()?;
    Ok(geometry)
}
