//! `TileSwitches`: the run-time state of one tile in one mesh version,
//! which queries read instead of the tile's own flags and area
//! (docs/RUNTIME_SWITCHES.md).
//!
//! The state is host state, not tile content: a tile stays immutable and
//! shared, and its slot holds the switches behind an `Arc`, so a clone of
//! the mesh shares them until either side switches something in that tile
//! (copy on write, per tile). A slot without switches reads the tile as it
//! is, at the cost of one branch.

use crate::tile::nav_tile::{NavTile, PolygonView};
use crate::tile::tile_data::Polygon;

/// Each polygon's flags and area, and each off-mesh link's enabled state,
/// as the queries of one mesh version see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TileSwitches {
    /// Per polygon, in tile order: (flags, area).
    polygons: Box<[(u16, u8)]>,
    /// Per off-mesh link of the tile, in link order: false while disabled.
    links_enabled: Box<[bool]>,
}

impl TileSwitches {
    /// The tile's own values, every off-mesh link enabled: the switches of a
    /// tile before anything is switched. O(polygons + links of the tile).
    pub fn of(tile: &NavTile) -> TileSwitches {
        TileSwitches {
            polygons: tile.data().polygons.iter().map(|p| (p.flags, p.area)).collect(),
            links_enabled: vec![true; tile.off_mesh_links().len()].into_boxed_slice(),
        }
    }

    /// `record` (polygon `index`'s record in the tile) with the switched
    /// flags and area.
    #[inline]
    fn apply(&self, index: usize, record: Polygon) -> Polygon {
        match self.polygons.get(index) {
            Some(&(flags, area)) => Polygon { flags, area, ..record },
            None => record,
        }
    }

    /// Sets polygon `index`'s flags; the caller checked the index.
    pub fn set_flags(&mut self, index: usize, flags: u16) {
        self.polygons[index].0 = flags;
    }

    /// Sets polygon `index`'s area; the caller checked the index and area.
    pub fn set_area(&mut self, index: usize, area: u8) {
        self.polygons[index].1 = area;
    }

    /// True unless off-mesh link `index` is disabled (an index past the
    /// tile's links has nothing to disable).
    #[inline]
    pub fn is_link_enabled(&self, index: usize) -> bool {
        self.links_enabled.get(index).copied().unwrap_or(true)
    }

    /// Enables or disables off-mesh link `index`; the caller checked the
    /// index.
    pub fn set_link_enabled(&mut self, index: usize, enabled: bool) {
        self.links_enabled[index] = enabled;
    }
}

/// The record of polygon `index` of a tile as every query reads it: the
/// tile's own, with the flags and area the slot's switches (if any) give.
#[inline]
pub(crate) fn effective_record(switches: Option<&TileSwitches>, index: usize, record: Polygon) -> Polygon {
    match switches {
        None => record,
        Some(switches) => switches.apply(index, record),
    }
}

/// `view` (polygon `index` of a tile) as every query reads it: its record
/// with the flags and area the slot's switches (if any) give.
#[inline]
pub(crate) fn switched_view<'a>(
    switches: Option<&TileSwitches>,
    mut view: PolygonView<'a>,
    index: usize,
) -> PolygonView<'a> {
    view.record = effective_record(switches, index, view.record);
    view
}

/// True unless the slot's switches disable off-mesh link `index`.
#[inline]
pub(crate) fn is_link_enabled(switches: Option<&TileSwitches>, index: usize) -> bool {
    switches.is_none_or(|s| s.is_link_enabled(index))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(flags: u16, area: u8) -> Polygon {
        Polygon { vertex_count: 4, area, flags }
    }

    #[test]
    fn switches_replace_flags_and_area_only() {
        let mut switches = TileSwitches { polygons: vec![(1, 0), (1, 0)].into(), links_enabled: vec![true].into() };
        switches.set_flags(1, 0x8);
        switches.set_area(1, 5);
        assert_eq!(effective_record(Some(&switches), 1, record(1, 0)), record(0x8, 5));
        assert_eq!(effective_record(Some(&switches), 0, record(1, 0)), record(1, 0));
        assert_eq!(effective_record(None, 1, record(3, 2)), record(3, 2), "no switches: the tile's own values");
    }

    #[test]
    fn links_are_enabled_until_disabled() {
        let mut switches = TileSwitches { polygons: vec![].into(), links_enabled: vec![true, true].into() };
        switches.set_link_enabled(1, false);
        assert!(is_link_enabled(Some(&switches), 0));
        assert!(!is_link_enabled(Some(&switches), 1));
        assert!(is_link_enabled(None, 1));
    }
}
