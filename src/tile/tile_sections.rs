//! `TileSections`: where each array of a validated tile lies in its one
//! [`TileBuffer`], planned once from the counts, which the ONPT header
//! gives before any array is read. Besides the format's arrays the buffer
//! holds what validation derives (first edge per polygon, polygon bounds,
//! the portal table stitching matches), so a tile is one allocation.
//! Four-byte sections come first and the byte array last, so no section
//! needs padding.

use crate::error::{NavMeshError, Result};
use crate::stitch::portal_stitching::{sweep_steps_needed, Portal, SweepEntry};
use crate::tile::tile_arrays::TileArrays;
use crate::tile::tile_buffer::{Section, SectionPlanner, SectionSource, TileBuffer, MAX_BUFFER_BYTES};
use crate::tile::tile_data::{DetailMesh, DetailTriangle, OffMeshLinkSlot, Polygon, NOT_PORTAL};

/// Polygons per block of `TileSections::polygon_blocks`.
pub(crate) const POLYGON_BLOCK: usize = 16;

/// Blocks kept for a tile of `polygons` polygons: none for one block or
/// less (`NavTile::polygon_blocks`).
fn block_count(polygons: usize) -> usize {
    if polygons <= POLYGON_BLOCK {
        0
    } else {
        polygons.div_ceil(POLYGON_BLOCK)
    }
}

/// How many values each array of a tile holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TileCounts {
    pub vertices: usize,
    pub polygons: usize,
    /// Entries of each per-edge array.
    pub edges: usize,
    pub detail_meshes: usize,
    pub detail_vertices: usize,
    pub detail_triangles: usize,
    pub off_mesh_links: usize,
    /// Edges with a portal side.
    pub portals: usize,
    /// Room for sweep steps ([`sweep_steps_needed`]).
    pub sweep_steps: usize,
}

impl TileCounts {
    /// The counts of `data`, whose per-edge arrays have equal lengths.
    pub fn of(data: &TileArrays<'_>) -> TileCounts {
        let PortalCounts { portals, sweep_steps } = PortalCounts::of(data.portal_sides);
        TileCounts {
            vertices: data.vertices.len(),
            polygons: data.polygons.len(),
            edges: data.indices.len(),
            detail_meshes: data.detail_meshes.len(),
            detail_vertices: data.detail_vertices.len(),
            detail_triangles: data.detail_triangles.len(),
            off_mesh_links: data.off_mesh_links.len(),
            portals,
            sweep_steps,
        }
    }
}

/// What the portal table needs of a tile's buffer, counted from its
/// per-edge portal sides before they are checked: entries other than
/// [`NOT_PORTAL`], and the room for sweep steps of the sides 0..=3 they
/// name (a tile with another value fails the rules before its table is
/// filled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PortalCounts {
    pub portals: usize,
    pub sweep_steps: usize,
}

impl PortalCounts {
    pub fn of(portal_sides: &[u8]) -> PortalCounts {
        let mut per_side = [0usize; 4];
        let mut portals = 0;
        for &side in portal_sides.iter().filter(|&&side| side != NOT_PORTAL) {
            portals += 1;
            if let Some(count) = per_side.get_mut(side as usize) {
                *count += 1;
            }
        }
        PortalCounts { portals, sweep_steps: sweep_steps_needed(&per_side) }
    }
}

/// A tile's column, layer and height origin: the fields of [`TileArrays`]
/// that are not arrays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TilePlace {
    pub tile_x: i32,
    pub tile_z: i32,
    pub layer: u16,
    pub origin_y: f64,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct TileSections {
    pub vertices: Section<[f32; 3]>,
    /// Least and greatest corner coordinates per axis, per polygon.
    pub polygon_bounds: Section<[[f32; 3]; 2]>,
    /// The union of the bounds of each run of [`POLYGON_BLOCK`] polygons,
    /// in polygon order: a box that misses a block's union misses each of
    /// its polygons. Empty for a tile of at most one block's polygons
    /// (`NavTile::polygon_blocks`).
    pub polygon_blocks: Section<[[f32; 3]; 2]>,
    /// First edge of each polygon, then the edge count.
    pub edge_starts: Section<u32>,
    pub indices: Section<u32>,
    pub neighbours: Section<u32>,
    pub polygons: Section<Polygon>,
    pub detail_meshes: Section<DetailMesh>,
    pub detail_vertices: Section<[f32; 3]>,
    pub detail_triangles: Section<DetailTriangle>,
    pub off_mesh_links: Section<OffMeshLinkSlot>,
    /// The portal edges as stitching matches them: grouped by side
    /// (`NavTile::portals`).
    pub portal_table: Section<Portal>,
    /// The sweep orders of the sides that need one (`NavTile::portals`).
    pub portal_sweeps: Section<SweepEntry>,
    pub portal_sides: Section<u8>,
}

impl TileSections {
    /// The sections for `counts` and a zeroed buffer holding them; a format
    /// error if they need more than [`MAX_BUFFER_BYTES`].
    pub fn plan(counts: &TileCounts) -> Result<(TileSections, TileBuffer)> {
        let mut planner = SectionPlanner::new();
        let sections = TileSections {
            vertices: planner.section(counts.vertices),
            polygon_bounds: planner.section(counts.polygons),
            polygon_blocks: planner.section(block_count(counts.polygons)),
            edge_starts: planner.section(counts.polygons + 1),
            indices: planner.section(counts.edges),
            neighbours: planner.section(counts.edges),
            polygons: planner.section(counts.polygons),
            detail_meshes: planner.section(counts.detail_meshes),
            detail_vertices: planner.section(counts.detail_vertices),
            detail_triangles: planner.section(counts.detail_triangles),
            off_mesh_links: planner.section(counts.off_mesh_links),
            portal_table: planner.section(counts.portals),
            portal_sweeps: planner.section(counts.sweep_steps),
            portal_sides: planner.section(counts.edges),
        };
        let size = planner.size();
        let buffer = planner.allocate().ok_or_else(|| {
            NavMeshError::format(format!(
                "tile arrays need {size} bytes in memory, above the {MAX_BUFFER_BYTES} a tile may hold"
            ))
        })?;
        Ok((sections, buffer))
    }

    /// The format's arrays as `source` holds them.
    pub fn arrays<'a>(&self, place: &TilePlace, source: impl SectionSource<'a>) -> TileArrays<'a> {
        TileArrays {
            tile_x: place.tile_x,
            tile_z: place.tile_z,
            layer: place.layer,
            origin_y: place.origin_y,
            vertices: source.slice(self.vertices),
            polygons: source.slice(self.polygons),
            indices: source.slice(self.indices),
            neighbours: source.slice(self.neighbours),
            portal_sides: source.slice(self.portal_sides),
            detail_meshes: source.slice(self.detail_meshes),
            detail_vertices: source.slice(self.detail_vertices),
            detail_triangles: source.slice(self.detail_triangles),
            off_mesh_links: source.slice(self.off_mesh_links),
        }
    }

    /// Copies the format's arrays of `data` (counted by [`TileCounts::of`]
    /// for these sections) into `buffer`.
    pub fn copy_in(&self, data: &TileArrays<'_>, buffer: &mut TileBuffer) {
        buffer.get_mut(self.vertices).copy_from_slice(data.vertices);
        buffer.get_mut(self.polygons).copy_from_slice(data.polygons);
        buffer.get_mut(self.indices).copy_from_slice(data.indices);
        buffer.get_mut(self.neighbours).copy_from_slice(data.neighbours);
        buffer.get_mut(self.portal_sides).copy_from_slice(data.portal_sides);
        buffer.get_mut(self.detail_meshes).copy_from_slice(data.detail_meshes);
        buffer.get_mut(self.detail_vertices).copy_from_slice(data.detail_vertices);
        buffer.get_mut(self.detail_triangles).copy_from_slice(data.detail_triangles);
        buffer.get_mut(self.off_mesh_links).copy_from_slice(data.off_mesh_links);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(vertices: usize, polygons: usize, edges: usize) -> TileCounts {
        TileCounts {
            vertices,
            polygons,
            edges,
            detail_meshes: 0,
            detail_vertices: 0,
            detail_triangles: 0,
            off_mesh_links: 0,
            portals: 0,
            sweep_steps: 0,
        }
    }

    #[test]
    fn a_tile_past_four_gib_in_memory_is_a_format_error() {
        let error = TileSections::plan(&counts(u32::MAX as usize, 0, 0)).unwrap_err();
        assert!(matches!(error, NavMeshError::Format(ref m) if m.contains("51539607544 bytes")), "{error}");
    }

    #[test]
    fn the_section_table_is_eight_bytes_a_section() {
        let (sections, buffer) = TileSections::plan(&counts(4, 1, 4)).unwrap();
        assert_eq!(std::mem::size_of::<TileSections>(), 14 * 8);
        assert_eq!(buffer.get(sections.indices).len(), 4);
    }
}
