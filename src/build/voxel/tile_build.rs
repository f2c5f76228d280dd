//! One tile from triangles to a validated tile: every stage in order, all
//! in tile-local cells. Tiles share nothing but read-only input, so they
//! build in any order and on any thread with the same result.

use crate::error::Result;
use crate::format::params::NavMeshParams;
use crate::tile::nav_tile::NavTile;
use crate::world::nav_settings::Partition;

use super::area_volumes::mark_area_volumes;
use super::cell_settings::CellSettings;
use super::compact_heightfield::CompactHeightfield;
use super::contours::build_contours;
use super::detail_mesh::DetailSource;
use super::distance_field::distance_field;
use super::erode::erode_walkable_area;
use super::geometry::TriangleGeometry;
use super::hand_over::{hand_over, TilePlace};
use super::heightfield::Heightfield;
use super::layer_regions::layer_regions;
use super::monotone_regions::monotone_regions;
use super::poly_mesh::build_poly_mesh;
use super::rasterize::{rasterize_tile, TileFrame};
use super::raw_spans::RawSpans;
use super::region_filter::filter_small_regions;
use super::region_holes::merge_region_holes;
use super::region_merge::merge_small_regions;
use super::span_filters::filter_spans;
use super::tile_bounds::TriangleStrips;
use super::tile_layers::split_into_layers;
use super::walkable_slope::{AreaCode, NULL_AREA};
use super::watershed_regions::watershed_regions;

/// What every tile of a build reads.
pub(crate) struct BuildInput<'a> {
    pub params: &'a NavMeshParams,
    pub settings: &'a CellSettings,
    pub geometry: &'a TriangleGeometry,
    pub area_codes: &'a [AreaCode],
    pub strips: &'a TriangleStrips,
}

/// The tiles of column (tile_x, tile_z), one per layer of overlapping
/// floors, lowest first; empty when no walkable polygon is left. `raw` is
/// the calling thread's raw span buffer, reused from tile to tile.
pub(crate) fn build_tile(input: &BuildInput<'_>, raw: &mut RawSpans, tile_x: i32, tile_z: i32) -> Result<Vec<NavTile>> {
    let settings = input.settings;
    let (origin_x, origin_z) = input.params.tile_origin(tile_x, tile_z);
    let frame = TileFrame { origin_x, origin_z, origin_y: input.params.origin_y };
    let candidates = input.strips.candidates(tile_x, tile_z);
    // No walkable triangle reaches this tile: no span of it can walk.
    if !candidates.iter().any(|&t| input.area_codes[t as usize] != NULL_AREA) {
        return Ok(Vec::new());
    }
    let mut field = rasterize_tile(input.geometry, input.area_codes, candidates, &frame, settings, raw)?;
    if !has_walkable_span(&field) {
        return Ok(Vec::new());
    }
    filter_spans(&mut field, settings);
    let mut compact = CompactHeightfield::build(&field, settings);
    erode_walkable_area(&mut compact, settings.erosion_radius);
    mark_area_volumes(&mut compact, &input.geometry.volumes, &frame, settings, field.base_cell);
    let (regions, count) = partition_regions(&compact, settings);
    let mut tiles = Vec::new();
    for layer_regions in split_into_layers(&compact, regions, count)? {
        let contours = merge_region_holes(build_contours(&compact, &layer_regions, settings));
        let mesh = build_poly_mesh(&contours, settings.max_verts_per_poly);
        if mesh.polygons.is_empty() {
            continue;
        }
        let place = TilePlace { tile_x, tile_z, layer: tiles.len() as u16, base_cell: field.base_cell };
        let detail_source = DetailSource { field: &compact, regions: &layer_regions };
        tiles.push(hand_over(input.params, settings, &place, &mesh, &detail_source)?);
    }
    Ok(tiles)
}

/// Whether any span walks. The later stages only ever take walkability
/// away (a low-hanging obstacle walks only above a walkable span; volumes
/// and erosion re-mark walkable spans), so a tile without a walkable span
/// builds nothing and is skipped before the per-tile arrays are made: a
/// sliver of wall crossing thousands of tiles costs little in each.
fn has_walkable_span(field: &Heightfield) -> bool {
    field.area.iter().any(|&area| area != NULL_AREA)
}

/// The regions of `Partition` (ids 1..=count, small ones filtered, and
/// merged except for the layers partition, as in Recast) and their count.
fn partition_regions(compact: &CompactHeightfield, settings: &CellSettings) -> (Vec<u32>, u32) {
    let (mut regions, id_count) = match settings.partition {
        Partition::Monotone => monotone_regions(compact),
        Partition::Watershed => {
            let (distance, max_distance) = distance_field(compact);
            watershed_regions(compact, &distance, max_distance)
        }
        Partition::Layers => layer_regions(compact),
    };
    let kept = filter_small_regions(compact, &mut regions, id_count, settings.min_region_area);
    if settings.partition == Partition::Layers {
        return (regions, kept);
    }
    let count = merge_small_regions(compact, &mut regions, kept + 1, settings.merge_region_area);
    (regions, count)
}
