//! The layers partition (Recast's `rcBuildLayerRegions`): the monotone
//! sweep's regions are merged breadth-first, from the first sweep region
//! on, into large regions that never hold two floors of one column (the
//! sweep's regions joined while they touch, share an area and overlap no
//! region taken so far). Regions come out few and large, possibly with
//! holes, and each is a single floor everywhere, so bridges and storeys
//! stay in regions of their own. Small regions are then filtered as for
//! the other partitions; MergeRegionArea is not used, as in Recast.

use super::compact_heightfield::CompactHeightfield;
use super::monotone_regions::monotone_regions;
use super::region_graph::RegionGraph;
use super::regions::is_border;

/// The region of every floor (0 for unwalkable floors) and the next free id.
pub(crate) fn layer_regions(field: &CompactHeightfield) -> (Vec<u32>, u32) {
    let (mut regions, next) = monotone_regions(field);
    let graph = RegionGraph::new(field, &regions, next);
    let order: Vec<u32> = (1..next).filter(|&r| graph.has_floors(r)).collect();
    let (group, count) = graph.group_without_overlap(&order, |a, b| graph.area[a as usize] == graph.area[b as usize]);
    for region in regions.iter_mut().filter(|r| **r != 0 && !is_border(**r)) {
        *region = group[*region as usize] + 1;
    }
    (regions, count + 1)
}
