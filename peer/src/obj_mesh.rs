//! Reads a Wavefront OBJ file into a [`TriangleMesh`]; polygons become
//! triangle fans from their first vertex, as RecastDemo's OBJ loader does.

use std::path::Path;

use crate::triangle_mesh::TriangleMesh;

pub fn read_obj(path: &Path) -> Result<TriangleMesh, String> {
    let options = tobj::LoadOptions { triangulate: true, single_index: true, ..Default::default() };
    // Materials do not shape a navigation mesh; a missing .mtl file is fine.
    let (models, _materials) =
        tobj::load_obj(path, &options).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut mesh = TriangleMesh { vertices: Vec::new(), triangles: Vec::new() };
    for model in models {
        let base = i32::try_from(mesh.vertex_count()).map_err(|_| format!("{}: too many vertices", path.display()))?;
        mesh.vertices.extend_from_slice(&model.mesh.positions);
        for &index in &model.mesh.indices {
            let index =
                i32::try_from(index).map_err(|_| format!("{}: vertex index {index} too large", path.display()))?;
            mesh.triangles.push(base + index);
        }
    }
    if mesh.triangles.is_empty() {
        return Err(format!("{} has no triangles", path.display()));
    }
    Ok(mesh)
}
