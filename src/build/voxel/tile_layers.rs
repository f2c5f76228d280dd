//! Tile layers for overlapping floors (format text: a tile is addressed by
//! (TileX, TileZ, Layer); layers hold overlapping floors): a tile's
//! regions are grouped so that no two regions of one group have floors in
//! one column, and each group becomes its own tile. Regions are taken
//! breadth-first from the lowest floor (then the lowest id), touching
//! regions joining while they overlap none of the group, as Recast's layer
//! merging does, so a ramp stays with the deck it leads to where it can.
//! Groups that overlap nothing of an earlier layer then join the first
//! such layer, so floors that never lie over one another share layer 0 and
//! such a tile is built exactly as before layers existed. Layers are
//! numbered by their lowest floor. Tiles of one column never connect
//! through their interiors, so a ramp from one layer to another inside one
//! column loses that connection (docs/BUILD_3D.md).

use crate::error::{NavMeshError, Result};
use crate::tile::tile_data::MAX_LAYER;

use super::compact_heightfield::CompactHeightfield;
use super::heightfield::column_ranges;
use super::region_graph::{add_unique, RegionGraph, NO_GROUP};
use super::regions::is_border;

/// One region array per layer, lowest first: the layer's regions and the
/// border strips kept, every other region cleared. `regions` itself when
/// nothing overlaps. `count`: regions hold ids 1..=count.
pub(crate) fn split_into_layers(field: &CompactHeightfield, regions: Vec<u32>, count: u32) -> Result<Vec<Vec<u32>>> {
    if !regions_stack(field, &regions) {
        return Ok(vec![regions]);
    }
    let graph = RegionGraph::new(field, &regions, count.saturating_add(1));
    let mut order: Vec<u32> = (1..=count).filter(|&r| graph.has_floors(r)).collect();
    order.sort_unstable_by_key(|&r| (graph.lowest_floor[r as usize], r));
    let (group, group_count) = graph.group_without_overlap(&order, |_, _| true);
    let (layer_of_group, layer_count) = layer_of_each_group(&graph, &group, group_count);
    if layer_count <= 1 {
        return Ok(vec![regions]);
    }
    if layer_count > u32::from(MAX_LAYER) + 1 {
        return Err(NavMeshError::OutOfRange(format!(
            "a tile column holds {layer_count} floors over one another; Layer is 0..={MAX_LAYER}"
        )));
    }
    let layer_of = |r: u32| match group[r as usize] {
        NO_GROUP => NO_GROUP,
        g => layer_of_group[g as usize],
    };
    Ok((0..layer_count)
        .map(|layer| {
            regions.iter().map(|&r| if r == 0 || is_border(r) || layer_of(r) == layer { r } else { 0 }).collect()
        })
        .collect())
}

/// True when some column holds floors of two of the tile's regions; most
/// tiles have none, and this scan spares them the region graph. A column
/// of one floor, the most common, cannot.
fn regions_stack(field: &CompactHeightfield, regions: &[u32]) -> bool {
    column_ranges(&field.column_starts).any(|spans| {
        if spans.len() < 2 {
            return false;
        }
        let mut first = None;
        spans.map(|s| regions[s]).filter(|&r| r != 0 && !is_border(r)).any(|r| *first.get_or_insert(r) != r)
    })
}

/// Greedy colouring of the groups in the order they started: each takes
/// the lowest layer holding no group it overlaps. Returns the layer of
/// every group and the number of layers.
fn layer_of_each_group(graph: &RegionGraph, group: &[u32], group_count: u32) -> (Vec<u32>, u32) {
    let mut overlapping_groups: Vec<Vec<u32>> = vec![Vec::new(); group_count as usize];
    for (r, others) in graph.overlapping.iter().enumerate() {
        let g = group[r];
        if g == NO_GROUP {
            continue;
        }
        for &o in others {
            let h = group[o as usize];
            if h != NO_GROUP && h != g {
                add_unique(&mut overlapping_groups[g as usize], h);
            }
        }
    }
    let mut layer = vec![0u32; group_count as usize];
    let mut layer_count = 0;
    let mut taken: Vec<u32> = Vec::new();
    for g in 0..group_count as usize {
        taken.clear();
        taken.extend(overlapping_groups[g].iter().filter(|&&h| (h as usize) < g).map(|&h| layer[h as usize]));
        taken.sort_unstable();
        taken.dedup();
        let free = taken.iter().enumerate().find(|&(i, &l)| i as u32 != l).map_or(taken.len(), |(i, _)| i);
        layer[g] = free as u32;
        layer_count = layer_count.max(free as u32 + 1);
    }
    (layer, layer_count)
}
