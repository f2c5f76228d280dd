//! Arbitrary small outlines for `NavMesh::build_planar` (issue 22): typed
//! errors or valid tiles, the same bytes twice, never a panic.

use arbitrary::Arbitrary;
use onav::{read_tile, write_tile, NavMesh, NavSettings, NavTile, PlanarOutlines, PlanarRegion};

use crate::{small, WorldCoordinate, MAX_FUZZ_TILES};

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
/// Outlines whose regions' box covers more than `MAX_FUZZ_TILES` tiles
/// are not built (a sliver 800 km long is legal and builds 100 000 tiles,
/// past libFuzzer's timeout).
pub fn check_build_planar(settings: NavSettings, outlines: &PlanarOutlines) {
    if region_box_tiles(outlines, settings.tile_size()).is_some_and(|tiles| tiles > MAX_FUZZ_TILES as f64) {
        return;
    }
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

/// How many tiles of side `tile_size` (grid origin at 0) the box of every
/// region ring covers, or `None` when some point is outside the
/// coordinate bound: such input fails the build's first check at once,
/// so it is always built.
fn region_box_tiles(outlines: &PlanarOutlines, tile_size: f64) -> Option<f64> {
    let points = outlines.regions.iter().flat_map(|r| std::iter::once(&r.outline).chain(&r.holes)).flatten();
    let mut bounds: Option<[f64; 4]> = None;
    for p in points {
        if !p.iter().all(|v| v.abs() < onav::tile::coordinate::COORDINATE_BOUND) {
            return None;
        }
        let [x0, z0, x1, z1] = bounds.unwrap_or([p[0], p[1], p[0], p[1]]);
        bounds = Some([x0.min(p[0]), z0.min(p[1]), x1.max(p[0]), z1.max(p[1])]);
    }
    let [x0, z0, x1, z1] = bounds?;
    let span = |lo: f64, hi: f64| (hi / tile_size).floor() - (lo / tile_size).floor() + 1.0;
    Some(span(x0, x1) * span(z0, z1))
}
