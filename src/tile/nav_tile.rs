//! `NavTile`: a tile whose data passed every rule. Parse once at the
//! boundary ([`NavTile::create`] or the ONPT reader), then trust it.

use crate::error::{NavMeshError, Result};
use crate::format::fingerprint::BuildFingerprint;
use crate::format::params::NavMeshParams;
use crate::stitch::portal_stitching::TilePortals;
use crate::stitch::tile_stitching::TileStitching;
use crate::tile::tile_arrays::TileArrays;
use crate::tile::tile_buffer::TileBuffer;
use crate::tile::tile_data::{DetailMesh, DetailTriangle, NavTileData, OffMeshLinkSlot, Polygon, NOT_PORTAL};
use crate::tile::tile_rules::{check_contents, check_shape, fill_edge_starts};
use crate::tile::tile_sections::{TileCounts, TilePlace, TileSections, POLYGON_BLOCK};

/// A validated, immutable tile: its arrays and what validation derives from
/// them in one buffer ([`TileSections`]), and what stitching derives.
#[derive(Debug, Clone)]
pub struct NavTile {
    place: TilePlace,
    fingerprint: BuildFingerprint,
    sections: TileSections,
    buffer: TileBuffer,
    stitching: TileStitching,
    /// Side `s`'s polygons with a portal are
    /// `portal_polygons[portal_polygon_starts[s]..portal_polygon_starts[s + 1]]`.
    portal_polygon_starts: [u32; 5],
    /// Least and greatest tile-local vertex coordinates per axis.
    vertex_bounds: [[f32; 3]; 2],
}

/// Everything else derives from the arrays and the parameters the
/// fingerprint names.
impl PartialEq for NavTile {
    fn eq(&self, other: &Self) -> bool {
        self.fingerprint == other.fingerprint && self.data() == other.data()
    }
}

/// A portal edge of the tile, in portal order (polygon, then edge: LAYOUT
/// section 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PortalEdge {
    pub polygon: u32,
    pub edge: u8,
    /// 0..=3.
    pub side: u8,
}

/// Borrowed view of one polygon and its edges.
#[derive(Debug, Clone, Copy)]
pub struct PolygonView<'a> {
    pub record: Polygon,
    /// Vertex index per edge.
    pub indices: &'a [u32],
    /// Per edge: 0 = none, k = in-tile polygon k-1.
    pub neighbours: &'a [u32],
    /// Per edge: 0xFF = not a portal, else the side.
    pub portal_sides: &'a [u8],
}

impl NavTile {
    /// `NavTile.Create`: validates `params` (an out-of-range error naming the
    /// field) and every tile rule (a format error naming the polygon, edge or
    /// array), and takes the fingerprint of `params`.
    pub fn create(params: &NavMeshParams, data: NavTileData) -> Result<NavTile> {
        params.validate()?;
        Self::create_checked(params, BuildFingerprint::of(params), data)
    }

    /// The tile rules only: `params` is known valid and `fingerprint` is its
    /// fingerprint.
    pub(crate) fn create_checked(
        params: &NavMeshParams,
        fingerprint: BuildFingerprint,
        data: NavTileData,
    ) -> Result<NavTile> {
        let arrays = data.arrays();
        check_shape(params, &arrays)?;
        let (sections, mut buffer) = TileSections::plan(&TileCounts::of(&arrays));
        sections.copy_in(&arrays, &mut buffer);
        let place = TilePlace { tile_x: data.tile_x, tile_z: data.tile_z, layer: data.layer, origin_y: data.origin_y };
        Self::assemble(params, fingerprint, place, sections, buffer)
    }

    /// The tile whose arrays `buffer` holds as `sections` plans, once they
    /// passed `check_shape`: derives the first edge of each polygon, checks
    /// every other rule, then derives the rest.
    pub(crate) fn assemble(
        params: &NavMeshParams,
        fingerprint: BuildFingerprint,
        place: TilePlace,
        sections: TileSections,
        mut buffer: TileBuffer,
    ) -> Result<NavTile> {
        let (reader, edge_starts) = buffer.split(sections.edge_starts);
        fill_edge_starts(reader.get(sections.polygons), edge_starts);
        check_contents(params, &sections.arrays(&place, &buffer), buffer.get(sections.edge_starts))?;
        let (reader, portal_edges) = buffer.split(sections.portal_edges);
        fill_portal_edges(reader.get(sections.edge_starts), reader.get(sections.portal_sides), portal_edges);
        let (reader, polygon_bounds) = buffer.split(sections.polygon_bounds);
        let (vertices, indices) = (reader.get(sections.vertices), reader.get(sections.indices));
        for (out, edges) in polygon_bounds.iter_mut().zip(reader.get(sections.edge_starts).windows(2)) {
            *out = bounds(indices[edges[0] as usize..edges[1] as usize].iter().map(|&i| &vertices[i as usize]));
        }
        let (reader, polygon_blocks) = buffer.split(sections.polygon_blocks);
        for (out, run) in polygon_blocks.iter_mut().zip(reader.get(sections.polygon_bounds).chunks(POLYGON_BLOCK)) {
            *out = bounds(run.iter().flatten());
        }
        let (reader, portal_polygons) = buffer.split(sections.portal_polygons);
        let portal_polygon_starts = fill_portal_polygons(reader.get(sections.portal_edges), portal_polygons);
        let vertex_bounds = bounds(buffer.get(sections.vertices).iter());
        let stitching = TileStitching::default();
        let mut tile =
            NavTile { place, fingerprint, sections, buffer, stitching, portal_polygon_starts, vertex_bounds };
        tile.stitching = TileStitching::of(params, &tile);
        Ok(tile)
    }

    /// Fails with a fingerprint error unless the tile was built against
    /// parameters with `expected` fingerprint.
    pub fn check_fingerprint(&self, expected: &BuildFingerprint) -> Result<()> {
        if &self.fingerprint == expected {
            Ok(())
        } else {
            Err(NavMeshError::Fingerprint(format!(
                "tile ({}, {}, layer {}) has fingerprint {}, the parameters give {}",
                self.place.tile_x,
                self.place.tile_z,
                self.place.layer,
                self.fingerprint.to_hex(),
                expected.to_hex()
            )))
        }
    }

    pub fn fingerprint(&self) -> BuildFingerprint {
        self.fingerprint
    }

    pub fn tile_x(&self) -> i32 {
        self.place.tile_x
    }

    pub fn tile_z(&self) -> i32 {
        self.place.tile_z
    }

    pub fn layer(&self) -> u16 {
        self.place.layer
    }

    pub fn origin_y(&self) -> f64 {
        self.place.origin_y
    }

    /// The validated arrays, borrowed.
    pub fn data(&self) -> TileArrays<'_> {
        self.sections.arrays(&self.place, &self.buffer)
    }

    /// Copies of the arrays, e.g. for a builder to edit and re-create.
    pub fn into_data(self) -> NavTileData {
        self.data().to_data()
    }

    pub fn vertices(&self) -> &[[f32; 3]] {
        self.buffer.get(self.sections.vertices)
    }

    /// The polygons' flags and area records, read without building the
    /// other arrays (the path search reads one per crossing).
    pub fn polygon_records(&self) -> &[Polygon] {
        self.buffer.get(self.sections.polygons)
    }

    pub fn polygon_count(&self) -> usize {
        self.sections.polygons.len()
    }

    /// Total edge count (the sum of all polygons' vertex counts).
    pub fn edge_count(&self) -> usize {
        self.sections.indices.len()
    }

    /// Polygon `index`, or `None` beyond the polygon count.
    pub fn polygon(&self, index: usize) -> Option<PolygonView<'_>> {
        let record = *self.polygon_records().get(index)?;
        let edges = self.edges_of(index);
        Some(PolygonView {
            record,
            indices: &self.buffer.get(self.sections.indices)[edges.clone()],
            neighbours: &self.buffer.get(self.sections.neighbours)[edges.clone()],
            portal_sides: &self.buffer.get(self.sections.portal_sides)[edges],
        })
    }

    /// Tile-local vertices of polygon `index`, in order.
    pub fn polygon_vertices(&self, index: usize) -> impl Iterator<Item = [f32; 3]> + '_ {
        let vertices = self.vertices();
        self.buffer.get(self.sections.indices)[self.edges_of(index)].iter().map(|&i| vertices[i as usize])
    }

    /// The per-edge entries of polygon `index`.
    fn edges_of(&self, index: usize) -> std::ops::Range<usize> {
        let starts = self.buffer.get(self.sections.edge_starts);
        starts[index] as usize..starts[index + 1] as usize
    }

    /// Portal edges in portal order (polygon index, edge index).
    pub fn portal_edges(&self) -> &[PortalEdge] {
        self.buffer.get(self.sections.portal_edges)
    }

    /// The distinct polygons with a portal on `side`, ascending: what a
    /// re-stitch of that side touches, without reading the portals.
    pub(crate) fn portal_polygons_on(&self, side: u8) -> &[u32] {
        let (start, end) = (self.portal_polygon_starts[side as usize], self.portal_polygon_starts[side as usize + 1]);
        &self.buffer.get(self.sections.portal_polygons)[start as usize..end as usize]
    }

    /// What stitching derives from this tile alone.
    pub(crate) fn stitching(&self) -> &TileStitching {
        &self.stitching
    }

    pub(crate) fn portals(&self) -> &TilePortals {
        &self.stitching.portals
    }

    /// The tile's column (TileX, TileZ).
    pub fn column(&self) -> (i32, i32) {
        (self.place.tile_x, self.place.tile_z)
    }

    pub fn detail_meshes(&self) -> &[DetailMesh] {
        self.buffer.get(self.sections.detail_meshes)
    }

    pub fn detail_vertices(&self) -> &[[f32; 3]] {
        self.buffer.get(self.sections.detail_vertices)
    }

    pub fn detail_triangles(&self) -> &[DetailTriangle] {
        self.buffer.get(self.sections.detail_triangles)
    }

    pub fn off_mesh_links(&self) -> &[OffMeshLinkSlot] {
        self.buffer.get(self.sections.off_mesh_links)
    }

    /// Least and greatest tile-local vertex coordinates per axis (infinite
    /// and empty for a tile without vertices), so a box search skips a
    /// tile no polygon of which can reach the box.
    pub(crate) fn vertex_bounds(&self) -> &[[f32; 3]; 2] {
        &self.vertex_bounds
    }

    /// The same for each polygon's corners, so a box search skips a
    /// polygon without visiting its corners.
    pub(crate) fn polygon_bounds(&self) -> &[[[f32; 3]; 2]] {
        self.buffer.get(self.sections.polygon_bounds)
    }

    /// The union of the polygon bounds of each run of 16 polygons, in
    /// polygon order, so a box search passes over a block's polygons
    /// without reading their bounds.
    pub(crate) fn polygon_blocks(&self) -> &[[[f32; 3]; 2]] {
        self.buffer.get(self.sections.polygon_blocks)
    }
}

/// Least and greatest coordinate per axis of `points`, which passed the
/// vertex rules and so are never NaN: a plain comparison finds the same
/// extremes as `f32::min` and `f32::max` (which leave the sign of a zero
/// unspecified too) without their NaN handling, which cost 6% of reading
/// a tile of 16 quads (`scripts/load_work.sh`).
fn bounds<'a>(points: impl Iterator<Item = &'a [f32; 3]>) -> [[f32; 3]; 2] {
    let least = |a: f32, b: f32| if b < a { b } else { a };
    let greatest = |a: f32, b: f32| if b > a { b } else { a };
    points.fold([[f32::INFINITY; 3], [f32::NEG_INFINITY; 3]], |[low, high], v| {
        [[0, 1, 2].map(|a| least(low[a], v[a])), [0, 1, 2].map(|a| greatest(high[a], v[a]))]
    })
}

/// Writes the portal edges in portal order into `out`, which holds one
/// entry per edge with a portal side.
fn fill_portal_edges(edge_starts: &[u32], portal_sides: &[u8], out: &mut [PortalEdge]) {
    let mut slots = out.iter_mut();
    for (p, edges) in edge_starts.windows(2).enumerate() {
        for (k, &side) in portal_sides[edges[0] as usize..edges[1] as usize].iter().enumerate() {
            if side != NOT_PORTAL {
                *slots.next().expect("one entry per portal side") =
                    PortalEdge { polygon: p as u32, edge: k as u8, side };
            }
        }
    }
}

/// Writes each side's distinct polygons with a portal into `out`, side
/// after side, and returns where each side's start (the total last).
fn fill_portal_polygons(portal_edges: &[PortalEdge], out: &mut [u32]) -> [u32; 5] {
    let mut starts = [0u32; 5];
    let mut filled = 0;
    for side in 0..4u8 {
        // In portal order a polygon's portals on one side are adjacent.
        for portal in portal_edges.iter().filter(|portal| portal.side == side) {
            if filled == starts[side as usize] as usize || out[filled - 1] != portal.polygon {
                out[filled] = portal.polygon;
                filled += 1;
            }
        }
        starts[side as usize + 1] = filled as u32;
    }
    starts
}
