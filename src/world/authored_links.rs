//! Baking authored off-mesh links into tile slots: the four numbered rules
//! of the format text's "Authored links" (under "Authoring: off-mesh links,
//! agent classes, streaming"). Every build and every rebuild of a tile runs
//! through [`links_for_tile`].

use std::collections::BTreeMap;

use crate::error::{NavMeshError, Result};
use crate::format::params::NavMeshParams;
use crate::stitch::off_mesh_attachment::{best_polygon, Reach, TileFootprint};
use crate::tile::nav_tile::NavTile;
use crate::tile::tile_data::OffMeshLinkSlot;
use crate::world::off_mesh_link_definition::OffMeshLinkDefinition;

/// The slots the tile `target` receives from `links`, in definition order
/// (rule 4). `column` holds every tile of the target's column after the
/// build, the target among them: rule 2 chooses between their layers.
pub fn links_for_tile(
    params: &NavMeshParams,
    links: &[OffMeshLinkDefinition],
    column: &[&NavTile],
    target: &NavTile,
) -> Result<Vec<OffMeshLinkSlot>> {
    let mut slots = Vec::new();
    for (i, link) in links.iter().enumerate() {
        link.check(i)?;
        // Rule 1: the start's column; no tile there (or not this column)
        // means the link is not this tile's.
        let (x, z) = params.world_to_tile(link.start[0], link.start[2])?;
        if (x, z) != (target.tile_x(), target.tile_z()) {
            continue;
        }
        if chosen_layer(params, link, column) != Some(target.layer()) {
            continue;
        }
        if let Some(slot) = slot_values(params, i, link, target)? {
            slots.push(slot);
        }
    }
    Ok(slots)
}

/// Rule 2: the layer whose nearest polygon scores lowest by the stitching
/// rule; no polygon in reach scores infinity; ties and all-infinity go to
/// the lowest layer. `None` for an empty column.
fn chosen_layer(params: &NavMeshParams, link: &OffMeshLinkDefinition, column: &[&NavTile]) -> Option<u16> {
    let reach = Reach { radius: link.radius, climb: params.walkable_climb as f64 };
    column
        .iter()
        .map(|tile| {
            let footprint = TileFootprint::of(params, tile);
            let score = best_polygon(tile, &footprint, link.start, reach).map_or(f64::INFINITY, |(s, _)| s);
            (score, tile.layer())
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, layer)| layer)
}

/// Rule 3: values relative to the tile origin (X, Z) and OriginY (Y). An end
/// beyond MaxLocalExtent in X or Z fails the build naming the link; a start
/// or end beyond it in Y drops the link (`None`).
fn slot_values(
    params: &NavMeshParams,
    index: usize,
    link: &OffMeshLinkDefinition,
    tile: &NavTile,
) -> Result<Option<OffMeshLinkSlot>> {
    let extent = params.max_local_extent();
    let origin = tile.world_origin();
    let local = |p: [f64; 3]| [p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]];
    let (start, end) = (local(link.start), local(link.end));
    if end[0].abs() > extent || end[2].abs() > extent {
        return Err(NavMeshError::out_of_range(format!(
            "OffMeshLinks[{index}]: end ({}, {}) lies beyond MaxLocalExtent {extent} of the start's tile origin ({}, {})",
            link.end[0], link.end[2], origin[0], origin[2]
        )));
    }
    if start[1].abs() > extent || end[1].abs() > extent {
        return Ok(None);
    }
    let to_f32 = |v: [f64; 3]| [v[0] as f32, v[1] as f32, v[2] as f32];
    Ok(Some(OffMeshLinkSlot {
        start: to_f32(start),
        end: to_f32(end),
        radius: link.radius as f32,
        area: link.area,
        bidirectional: link.bidirectional,
        flags: link.flags,
        user_id: link.user_id,
    }))
}

/// `tile` with `extra` appended after the slots its builder filled (rule 4),
/// validated again.
pub fn with_appended_links(params: &NavMeshParams, tile: NavTile, extra: Vec<OffMeshLinkSlot>) -> Result<NavTile> {
    if extra.is_empty() {
        return Ok(tile);
    }
    let mut data = tile.into_data();
    data.off_mesh_links.extend(extra);
    NavTile::create(params, data)
}

/// Every built tile with the slots `links` give it, in key order (tile z,
/// tile x, layer): the order a build adds its tiles in. Rule 2 sees the
/// whole column of each tile.
pub fn bake_links(
    params: &NavMeshParams,
    links: &[OffMeshLinkDefinition],
    built: BTreeMap<(i32, i32, u16), NavTile>,
) -> Result<Vec<NavTile>> {
    let extra: Vec<Vec<OffMeshLinkSlot>> = built
        .values()
        .map(|tile| {
            let column: Vec<&NavTile> = built
                .range((tile.tile_z(), tile.tile_x(), 0)..=(tile.tile_z(), tile.tile_x(), u16::MAX))
                .map(|(_, t)| t)
                .collect();
            links_for_tile(params, links, &column, tile)
        })
        .collect::<Result<_>>()?;
    built.into_values().zip(extra).map(|(tile, slots)| with_appended_links(params, tile, slots)).collect()
}
