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
use crate::tile::tile_buffer::{Plain, Section, SectionPlanner, SectionSource, TileBuffer, MAX_BUFFER_BYTES};
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

/// Where each section of a tile's buffer ends. The sections lie end to end
/// (four-byte ones first, the byte array last, so none needs padding):
/// each starts where the one before it ends, and its count is its bytes
/// over its element's size, a subtraction and a division by a constant
/// (issue 24: a table of offsets and counts was 56 bytes more of every
/// tile record).
#[derive(Debug, Clone, Copy)]
pub(crate) struct TileSections {
    ends: [u32; PARTS],
}

impl TileSections {
    /// The sections for `counts` and a zeroed buffer holding them; a format
    /// error if they need more than [`MAX_BUFFER_BYTES`].
    pub fn plan(counts: &TileCounts) -> Result<(TileSections, TileBuffer)> {
        let mut planner = SectionPlanner::new();
        let p = &mut planner;
        // In `Part` order; each accessor names its section's element type.
        let ends = [
            end_of(p, Self::polygons, counts.polygons),
            end_of(p, Self::vertices, counts.vertices),
            end_of(p, Self::polygon_bounds, counts.polygons),
            end_of(p, Self::polygon_blocks, block_count(counts.polygons)),
            end_of(p, Self::edge_starts, counts.polygons + 1),
            end_of(p, Self::indices, counts.edges),
            end_of(p, Self::neighbours, counts.edges),
            end_of(p, Self::detail_meshes, counts.detail_meshes),
            end_of(p, Self::detail_vertices, counts.detail_vertices),
            end_of(p, Self::detail_triangles, counts.detail_triangles),
            end_of(p, Self::off_mesh_links, counts.off_mesh_links),
            end_of(p, Self::portal_table, counts.portals),
            end_of(p, Self::portal_sweeps, counts.sweep_steps),
            end_of(p, Self::portal_sides, counts.edges),
        ];
        let size = planner.size();
        let buffer = planner.allocate().ok_or_else(|| {
            NavMeshError::format(format!(
                "tile arrays need {size} bytes in memory, above the {MAX_BUFFER_BYTES} a tile may hold"
            ))
        })?;
        Ok((TileSections { ends }, buffer))
    }

    /// Section `part`: from where the one before it ends to its own end.
    #[inline]
    fn section<T: Plain>(&self, part: Part) -> Section<T> {
        let index = part as usize;
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        Section::between(start, self.ends[index])
    }

    /// The format's arrays as `source` holds them.
    pub fn arrays<'a>(&self, place: &TilePlace, source: impl SectionSource<'a>) -> TileArrays<'a> {
        TileArrays {
            tile_x: place.tile_x,
            tile_z: place.tile_z,
            layer: place.layer,
            origin_y: place.origin_y,
            vertices: source.slice(self.vertices()),
            polygons: source.slice(self.polygons()),
            indices: source.slice(self.indices()),
            neighbours: source.slice(self.neighbours()),
            portal_sides: source.slice(self.portal_sides()),
            detail_meshes: source.slice(self.detail_meshes()),
            detail_vertices: source.slice(self.detail_vertices()),
            detail_triangles: source.slice(self.detail_triangles()),
            off_mesh_links: source.slice(self.off_mesh_links()),
        }
    }

    /// Copies the format's arrays of `data` (counted by [`TileCounts::of`]
    /// for these sections) into `buffer`.
    pub fn copy_in(&self, data: &TileArrays<'_>, buffer: &mut TileBuffer) {
        buffer.get_mut(self.vertices()).copy_from_slice(data.vertices);
        buffer.get_mut(self.polygons()).copy_from_slice(data.polygons);
        buffer.get_mut(self.indices()).copy_from_slice(data.indices);
        buffer.get_mut(self.neighbours()).copy_from_slice(data.neighbours);
        buffer.get_mut(self.portal_sides()).copy_from_slice(data.portal_sides);
        buffer.get_mut(self.detail_meshes()).copy_from_slice(data.detail_meshes);
        buffer.get_mut(self.detail_vertices()).copy_from_slice(data.detail_vertices);
        buffer.get_mut(self.detail_triangles()).copy_from_slice(data.detail_triangles);
        buffer.get_mut(self.off_mesh_links()).copy_from_slice(data.off_mesh_links);
    }
}

/// Declares the sections in buffer order: the `Part` naming each, their
/// number, and the accessor giving each typed section.
macro_rules! sections {
    ($($(#[$doc:meta])* $part:ident => $name:ident: $element:ty,)*) => {
        #[derive(Debug, Clone, Copy)]
        enum Part {
            $($part,)*
        }

        const PARTS: usize = [$(Part::$part),*].len();

        impl TileSections {
            $(
                $(#[$doc])*
                pub fn $name(&self) -> Section<$element> {
                    self.section(Part::$part)
                }
            )*
        }
    };
}

sections! {
    /// First, so its count, which every polygon look-up checks, is its
    /// end over its size.
    Polygons => polygons: Polygon,
    Vertices => vertices: [f32; 3],
    /// Least and greatest corner coordinates per axis, per polygon.
    PolygonBounds => polygon_bounds: [[f32; 3]; 2],
    /// The union of the bounds of each run of [`POLYGON_BLOCK`] polygons,
    /// in polygon order: a box that misses a block's union misses each of
    /// its polygons. Empty for a tile of at most one block's polygons
    /// (`NavTile::polygon_blocks`).
    PolygonBlocks => polygon_blocks: [[f32; 3]; 2],
    /// First edge of each polygon, then the edge count.
    EdgeStarts => edge_starts: u32,
    Indices => indices: u32,
    Neighbours => neighbours: u32,
    DetailMeshes => detail_meshes: DetailMesh,
    DetailVertices => detail_vertices: [f32; 3],
    DetailTriangles => detail_triangles: DetailTriangle,
    OffMeshLinks => off_mesh_links: OffMeshLinkSlot,
    /// The portal edges as stitching matches them: grouped by side
    /// (`NavTile::portals`).
    PortalTable => portal_table: Portal,
    /// The sweep orders of the sides that need one (`NavTile::portals`).
    PortalSweeps => portal_sweeps: SweepEntry,
    PortalSides => portal_sides: u8,
}

/// Reserves `len` values of the section `_accessor` reads, right after the
/// sections before it, and gives where it ends.
fn end_of<T: Plain>(planner: &mut SectionPlanner, _accessor: fn(&TileSections) -> Section<T>, len: usize) -> u32 {
    planner.section_end::<T>(len)
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

    /// Every count its own, so a section that read another's bytes would
    /// show a wrong length.
    #[test]
    fn each_section_holds_its_planned_count_right_after_the_one_before() {
        let counts = TileCounts {
            vertices: 5,
            polygons: 17,
            edges: 61,
            detail_meshes: 3,
            detail_vertices: 7,
            detail_triangles: 11,
            off_mesh_links: 2,
            portals: 9,
            sweep_steps: 13,
        };
        let (s, buffer) = TileSections::plan(&counts).unwrap();
        let lens = [
            s.vertices().len(),
            s.polygon_bounds().len(),
            s.polygon_blocks().len(),
            s.edge_starts().len(),
            s.indices().len(),
            s.neighbours().len(),
            s.polygons().len(),
            s.detail_meshes().len(),
            s.detail_vertices().len(),
            s.detail_triangles().len(),
            s.off_mesh_links().len(),
            s.portal_table().len(),
            s.portal_sweeps().len(),
            s.portal_sides().len(),
        ];
        assert_eq!(lens, [5, 17, 2, 18, 61, 61, 17, 3, 7, 11, 2, 9, 13, 61]);
        assert_eq!(s.ends[PARTS - 1] as usize, buffer.size());
        assert_eq!(buffer.get(s.portal_sides()).len(), 61);
    }

    #[test]
    fn the_section_table_is_four_bytes_a_section() {
        let (sections, buffer) = TileSections::plan(&counts(4, 1, 4)).unwrap();
        assert_eq!(std::mem::size_of::<TileSections>(), 14 * 4);
        assert_eq!(buffer.get(sections.indices()).len(), 4);
    }
}
