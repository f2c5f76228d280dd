//! Arbitrary small outlines for `NavMesh::build_planar` (issue 22): typed
//! errors or valid tiles, the same bytes twice, never a panic.

use arbitrary::Arbitrary;
use onav::{read_tile, write_tile, NavMesh, NavSettings, NavTile, PlanarOutlines, PlanarRegion};

use crate::{small, WorldCoordinate};

/// Regions (outline, holes, optional area) and obstacles of few points,
/// on a small lattice or any f64 bit pattern, and a radius in quarters.
#[derive(Debug, Clone, Arbitrary)]
pub struct SmallOutlines {
    regions: Vec<(Vec<[WorldCoordinate; 2]>, Vec<Vec<[WorldCoordinate; 2]>>, Option<u8>)>,
    obstacles: Vec<Vec<[WorldCoordinate; 2]>>,
    radius_quarters: u8,
}

fn ring(points: &[[WorldCoordinate; 2]]) -> Vec<[f64; 2]> {
    small(points, |p| p.map(WorldCoordinate::value))
}

impl SmallOutlines {
    pub fn into_input(self) -> (NavSettings, PlanarOutlines) {
        let mut settings = NavSettings::default();
        settings
            .set_tile_size(16.0)
            .and_then(|s| s.set_cell_size(0.25))
            .and_then(|s| s.set_agent_radius(f32::from(self.radius_quarters % 16) * 0.25))
            .expect("fixed settings are in range");
        let outlines = PlanarOutlines {
            regions: small(&self.regions, |(outline, holes, area)| PlanarRegion {
                outline: ring(outline),
                holes: small(holes, |h| ring(h)),
                area: *area,
                flags: None,
            }),
            obstacles: small(&self.obstacles, |o| ring(o)),
        };
        (settings, outlines)
    }
}

/// A build either fails with a typed error or gives tiles that validate
/// and read back, and the same bytes a second time.
pub fn check_build_planar(settings: NavSettings, outlines: &PlanarOutlines) {
    let Ok(mesh) = NavMesh::build_planar(settings.clone(), outlines) else {
        return;
    };
    let params = *mesh.params();
    for (_, tile) in mesh.mesh().tiles() {
        let again = NavTile::create(&params, tile.data().to_data()).expect("a built tile re-validates");
        assert_eq!(write_tile(&again), write_tile(tile), "re-created tile writes other bytes");
        read_tile(&params, &write_tile(tile)).expect("a built tile reads back");
    }
    let second = NavMesh::build_planar(settings, outlines).expect("a build that worked works again");
    assert_eq!(second.save(), mesh.save(), "a second build gives other bytes");
}
