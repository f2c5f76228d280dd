//! `planar-count`: onav's polygon count per tile (`NavMesh::build_planar`,
//! the `planar` table's settings) against a Hertel–Mehlhorn partition of
//! the same region and against a lower bound for any convex partition of
//! it. The region of a tile is the union of onav's polygons there (onav's
//! tests prove it equals the offset free space cut to the tile), recovered
//! as boundary rings in integer lattice units.

use onav::build::planar::lattice::Lattice;
use onav::{NavMesh, NavTile, PlanarOutlines};

use crate::convex_lower_bound::convex_lower_bound;
use crate::planar::{settings, MAX_VERTS_PER_POLY};
use crate::planar_count_inputs::{count_inputs, CountInput};
use crate::planar_count_report::report;
use crate::region_boundary::{region_components, twice_signed_area, Point};
use crate::region_hertel_mehlhorn::region_hertel_mehlhorn;

/// One tile's counts.
#[derive(Debug, Clone, Copy)]
pub struct TileCounts {
    /// The row's build (1-based) and the tile's (x, z).
    pub build: usize,
    pub tile: (i32, i32),
    pub onav: usize,
    pub hertel_mehlhorn: usize,
    pub lower_bound: usize,
    /// Whether the Hertel–Mehlhorn polygons cover the region's area.
    pub covered: bool,
}

/// A row's tiles, build after build.
pub struct CountRow {
    pub label: String,
    pub builds: usize,
    pub tiles: Vec<TileCounts>,
}

pub fn planar_count(smoke: bool) -> Result<(), String> {
    let rows = count_inputs();
    let rows = if smoke { &rows[..1] } else { &rows[..] };
    let counted = rows.iter().map(count_row).collect::<Result<Vec<_>, _>>()?;
    print!("{}", report(&counted));
    Ok(())
}

fn count_row(row: &CountInput) -> Result<CountRow, String> {
    let mut tiles = Vec::new();
    for (k, outlines) in row.inputs.iter().enumerate() {
        let counted = count_tiles(outlines).map_err(|e| format!("{}, build {}: {e}", row.label, k + 1))?;
        tiles.extend(counted.into_iter().map(|t| TileCounts { build: k + 1, ..t }));
    }
    Ok(CountRow { label: row.label.clone(), builds: row.inputs.len(), tiles })
}

fn count_tiles(outlines: &PlanarOutlines) -> Result<Vec<TileCounts>, String> {
    let settings = settings()?;
    let bits = Lattice::from_settings(&settings).map_err(|e| format!("lattice: {e}"))?.bits();
    let mesh = NavMesh::build_planar(settings, outlines).map_err(|e| format!("onav build_planar: {e}"))?;
    mesh.mesh().tiles().map(|(_, tile)| count_tile(tile, bits)).collect()
}

fn count_tile(tile: &NavTile, bits: u32) -> Result<TileCounts, String> {
    let cap = usize::from(MAX_VERTS_PER_POLY);
    let polygons = lattice_polygons(tile, bits)?;
    let components = region_components(&polygons)?;
    let region_area: i128 = components.iter().map(|c| c.twice_area()).sum();
    let polygon_area: i128 = polygons.iter().map(|p| twice_signed_area(p).abs()).sum();
    if region_area != polygon_area {
        return Err(format!(
            "tile ({}, {}): recovered rings enclose {region_area}, polygons {polygon_area}",
            tile.tile_x(),
            tile.tile_z()
        ));
    }
    let partition = region_hertel_mehlhorn(&components, cap)?;
    let counts = TileCounts {
        build: 1,
        tile: (tile.tile_x(), tile.tile_z()),
        onav: polygons.len(),
        hertel_mehlhorn: partition.polygons,
        lower_bound: convex_lower_bound(&components, cap),
        covered: partition.twice_area == region_area,
    };
    // Both are convex partitions within the cap: a bound above either is wrong.
    if counts.lower_bound > counts.onav || (counts.covered && counts.lower_bound > counts.hertel_mehlhorn) {
        return Err(format!("tile ({}, {}): lower bound above a partition: {counts:?}", tile.tile_x(), tile.tile_z()));
    }
    Ok(counts)
}

/// The tile's polygons in tile-local lattice units (2^bits per unit; the
/// builder only hands over lattice points).
fn lattice_polygons(tile: &NavTile, bits: u32) -> Result<Vec<Vec<Point>>, String> {
    let scale = (1u64 << bits) as f64;
    let units = |local: f32| {
        let scaled = f64::from(local) * scale;
        (scaled.fract() == 0.0).then_some(scaled as i64).ok_or(format!("vertex {local} is off the lattice"))
    };
    (0..tile.polygon_count())
        .map(|p| tile.polygon_vertices(p).map(|v| Ok([units(v[0])?, units(v[2])?])).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_region(outline: Vec<[f64; 2]>, obstacles: Vec<Vec<[f64; 2]>>) -> PlanarOutlines {
        PlanarOutlines { regions: vec![onav::PlanarRegion { outline, ..Default::default() }], obstacles }
    }

    fn square(x0: f64, y0: f64, side: f64) -> Vec<[f64; 2]> {
        vec![[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side]]
    }

    /// A square inside one tile shrinks to a square: one part for all three.
    #[test]
    fn a_square_in_one_tile_is_one_polygon_everywhere() {
        let tiles = count_tiles(&one_region(square(1.0, 1.0, 8.0), vec![])).unwrap();
        assert_eq!(tiles.len(), 1);
        let t = tiles[0];
        assert_eq!((t.lower_bound, t.hertel_mehlhorn, t.onav, t.covered), (1, 1, 1, true), "{t:?}");
    }

    /// Issue 22's goal on every input of the table: onav's partition of a
    /// tile never has more polygons than Hertel–Mehlhorn of the same
    /// region (where the ear clipping covered it, so HM is a partition).
    #[test]
    fn onav_is_never_above_hertel_mehlhorn_on_any_counted_tile() {
        for row in count_inputs() {
            let counted = count_row(&row).unwrap();
            assert!(!counted.tiles.is_empty(), "{}", row.label);
            for t in counted.tiles.iter().filter(|t| t.covered) {
                assert!(t.onav <= t.hertel_mehlhorn, "{}: {t:?}", row.label);
            }
        }
    }

    /// A square obstacle in a square: a ring round a convex hole, at least
    /// four convex parts for either partition (the bound says 2).
    #[test]
    fn a_square_round_an_obstacle_takes_four_parts_or_more() {
        let tiles = count_tiles(&one_region(square(1.0, 1.0, 12.0), vec![square(5.0, 5.0, 2.0)])).unwrap();
        assert_eq!(tiles.len(), 1);
        let t = tiles[0];
        assert!(t.covered && t.onav >= 4 && t.hertel_mehlhorn >= 4 && t.lower_bound >= 2, "{t:?}");
    }
}
