//! Areas in the voxel builder: per-triangle areas and convex volumes give
//! polygons their area; `UNWALKABLE` blocks.

use onav::{ConvexVolume, NavMesh, NavMeshError, NavSettings, NavTile, Partition, TriangleGeometry, UNWALKABLE};

fn settings() -> NavSettings {
    let mut settings = NavSettings::default();
    settings.set_partition(Partition::Watershed);
    settings
}

/// A flat 20 x 20 square at height 1 inside tile (0, 0) of 32-unit tiles.
fn floor() -> TriangleGeometry {
    TriangleGeometry::new(
        vec![[2.0, 1.0, 2.0], [2.0, 1.0, 22.0], [22.0, 1.0, 22.0], [22.0, 1.0, 2.0]],
        vec![[0, 1, 2], [0, 2, 3]],
    )
}

fn square(low: f64, high: f64, area: u8) -> ConvexVolume {
    ConvexVolume { points: vec![[low, low], [low, high], [high, high], [high, low]], min_y: 0.0, max_y: 2.0, area }
}

/// (area, world x/z of every vertex) per polygon of the only tile.
fn polygons(mesh: &NavMesh) -> Vec<(u8, Vec<[f32; 2]>)> {
    let (_, tile) = mesh.mesh().tile_at(0, 0, 0).unwrap();
    let tile: &NavTile = tile;
    (0..tile.polygon_count())
        .map(|p| {
            let view = tile.polygon(p).unwrap();
            (view.record.area, tile.polygon_vertices(p).map(|v| [v[0], v[2]]).collect())
        })
        .collect()
}

#[test]
fn a_volume_gives_the_floor_inside_it_its_area() {
    let mut geometry = floor();
    geometry.volumes.push(square(8.0, 14.0, 7));
    let mesh = NavMesh::build_3d(settings(), &geometry).unwrap();
    let polygons = polygons(&mesh);
    let marked: Vec<_> = polygons.iter().filter(|(area, _)| *area == 7).collect();
    assert!(!marked.is_empty(), "no polygon took the volume's area");
    assert!(polygons.iter().any(|(area, _)| *area == settings().area()), "the volume took the whole floor");
    let cell = settings().cell_size() as f32;
    for (_, points) in marked {
        for p in points {
            assert!(p.iter().all(|&c| (8.0 - cell..=14.0 + cell).contains(&c)), "{p:?} outside the volume");
        }
    }
}

#[test]
fn an_unwalkable_volume_cuts_a_hole_and_a_volume_out_of_its_heights_marks_nothing() {
    let mut holed = floor();
    holed.volumes.push(square(8.0, 14.0, UNWALKABLE));
    let cell = settings().cell_size() as f32;
    for (_, points) in polygons(&NavMesh::build_3d(settings(), &holed).unwrap()) {
        let centre =
            points.iter().fold([0.0f32; 2], |c, p| [c[0] + p[0], c[1] + p[1]]).map(|c| c / points.len() as f32);
        assert!(!centre.iter().all(|&c| (8.0 + cell..=14.0 - cell).contains(&c)), "a polygon inside the hole");
    }
    let mut high = floor();
    high.volumes.push(ConvexVolume { min_y: 5.0, max_y: 9.0, ..square(8.0, 14.0, 7) });
    assert!(polygons(&NavMesh::build_3d(settings(), &high).unwrap()).iter().all(|(area, _)| *area != 7));
}

#[test]
fn bad_volumes_are_errors_naming_them() {
    let mut geometry = floor();
    geometry.volumes.push(ConvexVolume { points: vec![[0.0, 0.0], [1.0, 1.0]], ..square(0.0, 1.0, 3) });
    let err = NavMesh::build_3d(settings(), &geometry).unwrap_err();
    assert!(matches!(&err, NavMeshError::Format(m) if m.contains("volumes[0]")), "{err}");
    geometry.volumes[0] = ConvexVolume { min_y: 3.0, max_y: 1.0, ..square(0.0, 1.0, 3) };
    let err = NavMesh::build_3d(settings(), &geometry).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("volumes[0]")), "{err}");
    geometry.volumes[0] = square(0.0, f64::NAN, 3);
    let err = NavMesh::build_3d(settings(), &geometry).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("volumes[0].points")), "{err}");
    geometry.volumes[0] = square(0.0, 1.0, 64);
    let err = NavMesh::build_3d(settings(), &geometry).unwrap_err();
    assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("volumes[0]: area 64")), "{err}");
}
