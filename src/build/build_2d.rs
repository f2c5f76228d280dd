//! The 2D build path until the full builders land: world-space polygons
//! already cut to tiles go through the hand-over (`NavTileAssembler`), get
//! their authored links baked, and are added in a fixed order (format text
//! "Hand-over from builders" and "Authored links").

use std::collections::BTreeMap;

use crate::build::nav_tile_assembler::{NavTileAssembler, TilePolygons};
use crate::error::{NavMeshError, Result};
use crate::format::params::NavMeshParams;
use crate::tile::nav_tile::NavTile;
use crate::world::authored_links::bake_links;
use crate::world::nav_settings::NavSettings;

/// The polygons of one tile column and layer from a builder working in the
/// X/Y plane: its second axis maps to world Z, and every vertex lies at
/// world height `NavSettings::height`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TileInput2d {
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    /// World (x, y) per vertex; y becomes world Z.
    pub vertices: Vec<[f64; 2]>,
    /// Vertex count per polygon.
    pub vertex_counts: Vec<u8>,
    /// Vertex indices, polygon after polygon, sharing vertices by index.
    pub indices: Vec<u32>,
    /// Area per polygon; `NavSettings::area` for all when `None`.
    pub areas: Option<Vec<u8>>,
    /// Flags per polygon; `NavSettings::flags` for all when `None`.
    pub flags: Option<Vec<u16>>,
}

/// The hand-over for one input tile, before links are baked. The tile's
/// OriginY is the plane height, so every local Y is 0.
pub(crate) fn assemble_2d(settings: &NavSettings, params: &NavMeshParams, input: &TileInput2d) -> Result<NavTile> {
    let height = settings.height();
    let vertices: Vec<[f64; 3]> = input.vertices.iter().map(|v| [v[0], height, v[1]]).collect();
    let polygons = input.vertex_counts.len();
    let areas = input.areas.clone().unwrap_or_else(|| vec![settings.area(); polygons]);
    let flags = input.flags.clone().unwrap_or_else(|| vec![settings.flags(); polygons]);
    NavTileAssembler::from_polygons(
        params,
        &TilePolygons {
            tile_x: input.tile_x,
            tile_z: input.tile_z,
            layer: input.layer,
            origin_y: height,
            vertices: &vertices,
            vertex_counts: &input.vertex_counts,
            indices: &input.indices,
            areas: Some(&areas),
            flags: Some(&flags),
        },
    )
}

/// Builds every input tile with its baked links, keyed and so ordered by
/// (tile z, tile x, layer): the order tiles are added in, whatever the
/// input's order. Two inputs for one position are an invalid operation.
pub(crate) fn build_tiles_2d(
    settings: &NavSettings,
    params: &NavMeshParams,
    inputs: &[TileInput2d],
) -> Result<Vec<NavTile>> {
    let mut built: BTreeMap<(i32, i32, u16), NavTile> = BTreeMap::new();
    for input in inputs {
        let key = (input.tile_z, input.tile_x, input.layer);
        if built.contains_key(&key) {
            return Err(NavMeshError::InvalidOperation(format!(
                "build input holds tile ({}, {}, layer {}) twice",
                input.tile_x, input.tile_z, input.layer
            )));
        }
        built.insert(key, assemble_2d(settings, params, input)?);
    }
    bake_links(params, settings.off_mesh_links(), built)
}
