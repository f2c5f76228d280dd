//! `NavMeshParams` of an import: the grid from Detour's `dtNavMeshParams`,
//! the agent and the cell size from the tile headers, the slope from the
//! caller's [`ImportOptions`].
//!
//! | onav field | from |
//! |---|---|
//! | OriginX/Y/Z | `dtNavMeshParams.orig` |
//! | TileSize | `tileWidth` (which must equal `tileHeight`: onav tiles are square) |
//! | CellSize | `1 / bvQuantFactor` of the tile header |
//! | MaxVertsPerPoly | 6 (`DT_VERTS_PER_POLYGON`, the size of Detour's polygon arrays) |
//! | WalkableClimb, AgentRadius, AgentHeight | `walkableClimb`, `walkableRadius`, `walkableHeight` of the tile header |
//! | AgentMaxSlope | [`ImportOptions::max_slope_degrees`] |
//! | SettingsDigest | 0 (hand-built parameters) |

use crate::format::byte_reader::ByteReader;
use crate::{NavMeshError, NavMeshParams, Result};

use super::dnav_blob::{DnavHeader, VERTS_PER_POLYGON};
use super::options::ImportOptions;

/// Detour's `dtNavMeshParams` (28 bytes in an MSET header).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DetourMeshParams {
    /// World origin of the tile grid, x, y, z.
    pub origin: [f32; 3],
    /// Tile extent along x.
    pub tile_width: f32,
    /// Tile extent along z.
    pub tile_height: f32,
    /// Detour's allocation limits; onav needs neither.
    pub max_tiles: i32,
    pub max_polys: i32,
}

impl DetourMeshParams {
    /// Reads the 28 bytes of `dtNavMeshParams`.
    pub(crate) fn read(r: &mut ByteReader<'_>) -> Result<DetourMeshParams> {
        Ok(DetourMeshParams {
            origin: [r.f32("orig")?, r.f32("orig")?, r.f32("orig")?],
            tile_width: r.f32("tileWidth")?,
            tile_height: r.f32("tileHeight")?,
            max_tiles: r.i32("maxTiles")?,
            max_polys: r.i32("maxPolys")?,
        })
    }
}

/// The parameters a tile with `header` converts against in a mesh with
/// grid `detour`. Options outside their ranges are an out-of-range error;
/// values from the data that break a parameter rule are a format error
/// naming the field and the tile.
pub fn params_for_tile(
    detour: &DetourMeshParams,
    header: &DnavHeader,
    options: &ImportOptions,
) -> Result<NavMeshParams> {
    options.validate()?;
    let tile = format!("Detour tile ({}, {}, layer {})", header.x, header.y, header.layer);
    if detour.tile_width != detour.tile_height {
        return Err(NavMeshError::Format(format!(
            "dtNavMeshParams: tileWidth {} differs from tileHeight {}; onav tiles are square",
            detour.tile_width, detour.tile_height
        )));
    }
    let params = NavMeshParams {
        origin_x: f64::from(detour.origin[0]),
        origin_y: f64::from(detour.origin[1]),
        origin_z: f64::from(detour.origin[2]),
        tile_size: f64::from(detour.tile_width),
        cell_size: 1.0 / f64::from(header.bv_quant_factor),
        max_verts_per_poly: VERTS_PER_POLYGON as u16,
        walkable_climb: header.walkable_climb,
        agent_radius: header.walkable_radius,
        agent_height: header.walkable_height,
        agent_max_slope: options.max_slope_degrees,
        settings_digest: 0,
    };
    params.check().map_err(|v| NavMeshError::Format(format!("{tile} with dtNavMeshParams: {v}")))?;
    Ok(params)
}

/// Fails unless a tile's parameters equal the set's (taken from its first
/// tile), naming the Detour field that differs.
pub fn check_same_params(set: &NavMeshParams, tile: &NavMeshParams, name: &str) -> Result<()> {
    let fields = [
        ("bvQuantFactor (as CellSize)", set.cell_size, tile.cell_size),
        ("walkableHeight", f64::from(set.agent_height), f64::from(tile.agent_height)),
        ("walkableRadius", f64::from(set.agent_radius), f64::from(tile.agent_radius)),
        ("walkableClimb", f64::from(set.walkable_climb), f64::from(tile.walkable_climb)),
    ];
    match fields.iter().find(|(_, a, b)| a != b) {
        None => Ok(()),
        Some((field, a, b)) => Err(NavMeshError::Format(format!(
            "{name}: {field} {b} differs from the set's {a} (from its first tile); one onav mesh has one agent"
        ))),
    }
}
