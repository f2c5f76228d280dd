//! A whole MSET tile set as onav tiles against parameters derived from the
//! set's `dtNavMeshParams`, its first tile's header and the options.

use std::collections::BTreeMap;

use crate::{NavMeshError, NavMeshParams, NavTile, Result};

use super::dnav_blob::read_dnav_blob;
use super::mset::read_mset;
use super::options::ImportOptions;
use super::params::{check_same_params, params_for_tile};
use super::tile_conversion::convert_tile;

/// An imported set: the parameters and the tiles in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedTileSet {
    pub params: NavMeshParams,
    pub tiles: Vec<NavTile>,
}

/// Reads an MSET file: every tile converts and passes `NavTile::create`, or
/// the first that does not is a format error naming the set's tile index,
/// the Detour tile and the rule. The set needs at least one tile (the
/// agent values and the cell size come from the tile headers), every tile
/// must carry the same agent values and cell size, and no two tiles may
/// share a position (x, y, layer), as in one Detour mesh.
pub fn read_tile_set(bytes: &[u8], options: &ImportOptions) -> Result<ImportedTileSet> {
    options.validate()?;
    let set = read_mset(bytes)?;
    let mut params: Option<NavMeshParams> = None;
    let mut tiles = Vec::with_capacity(set.tiles.len());
    let mut positions = BTreeMap::new();
    for (i, &(_, blob)) in set.tiles.iter().enumerate() {
        let in_set = |e: NavMeshError| in_set_tile(i, e);
        let records = read_dnav_blob(blob, Some(set.reference_size)).map_err(in_set)?;
        let tile_params = params_for_tile(&set.params, &records.header, options).map_err(in_set)?;
        let set_params = *params.get_or_insert(tile_params);
        check_same_params(&set_params, &tile_params, &records.name()).map_err(in_set)?;
        let position = (records.header.x, records.header.y, records.header.layer);
        if let Some(first) = positions.insert(position, i) {
            return Err(in_set(NavMeshError::Format(format!("{} is also MSET tile {first}", records.name()))));
        }
        tiles.push(convert_tile(&set_params, &records, options).map_err(in_set)?);
    }
    let params = params.ok_or_else(|| {
        NavMeshError::Format(
            "MSET tile set: no tiles, so no walkable height, radius, climb or cell size to derive parameters from"
                .into(),
        )
    })?;
    Ok(ImportedTileSet { params, tiles })
}

/// Names the set's tile index in a tile's error; a version error keeps its
/// fields.
fn in_set_tile(index: usize, error: NavMeshError) -> NavMeshError {
    match error {
        NavMeshError::Format(m) => NavMeshError::Format(format!("MSET tile {index}: {m}")),
        other => other,
    }
}
