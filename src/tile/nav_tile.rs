//! `NavTile`: a tile whose data passed every rule. Parse once at the
//! boundary ([`NavTile::create`] or the ONPT reader), then trust it.

use crate::error::{NavMeshError, Result};
use crate::format::fingerprint::BuildFingerprint;
use crate::format::params::NavMeshParams;
use crate::stitch::portal_stitching::{fill_portal_table, fill_sweeps, PortalSides, TilePortals};
use crate::stitch::tile_stitching::TileStitching;
use crate::tile::tile_arrays::TileArrays;
use crate::tile::tile_buffer::{Plain, Section};
use crate::tile::tile_data::{DetailMesh, DetailTriangle, NavTileData, OffMeshLinkSlot, Polygon, NOT_PORTAL};
use crate::tile::tile_rules::{check_contents, check_shape, fill_edge_starts};
use crate::tile::tile_sections::{TileCounts, TilePlace, TileSections, POLYGON_BLOCK};
use crate::tile::tile_store::TileStore;

/// A validated, immutable tile: its arrays and what validation derives from
/// them in one buffer (`TileStore`), and what stitching derives.
#[derive(Debug, Clone)]
pub struct NavTile {
    place: TilePlace,
    fingerprint: BuildFingerprint,
    /// Its per-edge sections hold as many entries as the last of its edge
    /// starts says (`assemble` checks it), so a polygon's edges are read
    /// without bounds checks.
    store: TileStore,
    stitching: TileStitching,
    /// Where each side's portals lie in the portal table section.
    portal_sides: PortalSides,
    /// Least and greatest tile-local vertex coordinates per axis.
    vertex_bounds: [[f32; 3]; 2],
    /// World X and Z of the tile's origin under the parameters its
    /// fingerprint names ([`NavMeshParams::tile_origin`]): worked out once
    /// here, as every query step into the tile would otherwise.
    origin_xz: [f64; 2],
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
        let mut store = TileStore::plan(&TileCounts::of(&arrays))?;
        store.copy_in(&arrays);
        let place = TilePlace { tile_x: data.tile_x, tile_z: data.tile_z, layer: data.layer, origin_y: data.origin_y };
        Self::assemble(params, fingerprint, place, store)
    }

    /// The tile whose arrays `store` holds, once they passed `check_shape`:
    /// derives the first edge of each polygon, checks every other rule,
    /// then derives the rest.
    pub(crate) fn assemble(
        params: &NavMeshParams,
        fingerprint: BuildFingerprint,
        place: TilePlace,
        mut store: TileStore,
    ) -> Result<NavTile> {
        let sections = *store.sections();
        let (reader, edge_starts) = store.split(sections.edge_starts());
        fill_edge_starts(reader.get(sections.polygons()), edge_starts);
        let edge_count = *store.get(|s| s.edge_starts()).last().expect("one more edge start than polygons");
        assert_eq!(
            edge_count as usize,
            sections.indices().len(),
            "check_shape ran: the vertex counts sum to the edges"
        );
        check_contents(params, &store.arrays(&place), store.get(|s| s.edge_starts()))?;
        let (reader, polygon_bounds) = store.split(sections.polygon_bounds());
        let (vertices, indices) = (reader.get(sections.vertices()), reader.get(sections.indices()));
        for (out, edges) in polygon_bounds.iter_mut().zip(reader.get(sections.edge_starts()).windows(2)) {
            *out = bounds(indices[edges[0] as usize..edges[1] as usize].iter().map(|&i| &vertices[i as usize]));
        }
        let (reader, polygon_blocks) = store.split(sections.polygon_blocks());
        for (out, run) in polygon_blocks.iter_mut().zip(reader.get(sections.polygon_bounds()).chunks(POLYGON_BLOCK)) {
            *out = bounds(run.iter().flatten());
        }
        let (reader, portal_table) = store.split(sections.portal_table());
        let (edge_starts, indices) = (reader.get(sections.edge_starts()), reader.get(sections.indices()));
        let (portal_sides, vertices) = (reader.get(sections.portal_sides()), reader.get(sections.vertices()));
        let portal_sides = fill_portal_table(edge_starts, indices, portal_sides, vertices, portal_table);
        let (reader, portal_sweeps) = store.split(sections.portal_sweeps());
        fill_sweeps(&portal_sides, reader.get(sections.portal_table()), portal_sweeps);
        let vertex_bounds = bounds(store.get(|s| s.vertices()).iter());
        let stitching = TileStitching::default();
        let (origin_x, origin_z) = params.tile_origin(place.tile_x, place.tile_z);
        let origin_xz = [origin_x, origin_z];
        let mut tile = NavTile { place, fingerprint, store, stitching, portal_sides, vertex_bounds, origin_xz };
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

    /// World X of the tile's origin, its OriginY and world Z of the origin:
    /// where its tile-local vertices are placed from, under the parameters
    /// of any mesh it joins (they share its fingerprint).
    #[inline]
    pub(crate) fn world_origin(&self) -> [f64; 3] {
        [self.origin_xz[0], self.place.origin_y, self.origin_xz[1]]
    }

    /// The validated arrays, borrowed.
    pub fn data(&self) -> TileArrays<'_> {
        self.store.arrays(&self.place)
    }

    /// Copies of the arrays, e.g. for a builder to edit and re-create.
    pub fn into_data(self) -> NavTileData {
        self.data().to_data()
    }

    pub fn vertices(&self) -> &[[f32; 3]] {
        self.store.get(|s| s.vertices())
    }

    /// The polygons' flags and area records, read without building the
    /// other arrays (the path search reads one per crossing).
    pub fn polygon_records(&self) -> &[Polygon] {
        self.store.get(|s| s.polygons())
    }

    pub fn polygon_count(&self) -> usize {
        self.store.sections().polygons().len()
    }

    /// Total edge count (the sum of all polygons' vertex counts).
    pub fn edge_count(&self) -> usize {
        self.store.sections().indices().len()
    }

    /// Polygon `index`, or `None` beyond the polygon count.
    #[inline]
    pub fn polygon(&self, index: usize) -> Option<PolygonView<'_>> {
        let record = *self.polygon_records().get(index)?;
        let edges = self.edges_of(index)?;
        Some(PolygonView {
            record,
            indices: self.edge_entries(|s| s.indices(), edges.clone()),
            neighbours: self.edge_entries(|s| s.neighbours(), edges.clone()),
            portal_sides: self.edge_entries(|s| s.portal_sides(), edges),
        })
    }

    /// Tile-local vertices of polygon `index`, in order.
    pub fn polygon_vertices(&self, index: usize) -> impl Iterator<Item = [f32; 3]> + '_ {
        let vertices = self.vertices();
        let edges = self.edges_of(index).expect("a polygon of the tile");
        self.edge_entries(|s| s.indices(), edges).iter().map(|&i| vertices[i as usize])
    }

    /// The per-edge entries of polygon `index`, or `None` beyond the
    /// polygon count.
    #[inline]
    fn edges_of(&self, index: usize) -> Option<std::ops::Range<usize>> {
        if index >= self.polygon_count() {
            return None;
        }
        let starts = self.store.get(|s| s.edge_starts());
        // SAFETY: `TileSections::plan` gives `edge_starts` one entry more
        // than the polygon count, and `index` is below that count.
        let (start, end) = unsafe { (*starts.get_unchecked(index), *starts.get_unchecked(index + 1)) };
        Some(start as usize..end as usize)
    }

    /// Entries `edges` (a range [`Self::edges_of`] gave) of the per-edge
    /// section `pick` chooses.
    #[inline]
    fn edge_entries<T: Plain>(
        &self,
        pick: impl FnOnce(&TileSections) -> Section<T>,
        edges: std::ops::Range<usize>,
    ) -> &[T] {
        let entries = self.store.get(pick);
        debug_assert!(edges.start <= edges.end && edges.end <= entries.len());
        // SAFETY: the edge starts ascend (`fill_edge_starts` adds vertex
        // counts) and the last equals the per-edge sections' length
        // (`assemble` asserts it; `TileSections::plan` gives the three one
        // length), so every range `edges_of` gives lies within.
        unsafe { entries.get_unchecked(edges) }
    }

    /// Portal edges in portal order (polygon index, edge index), read from
    /// the per-edge portal sides: the tile keeps no list of them (issue 24).
    pub fn portal_edges(&self) -> impl Iterator<Item = PortalEdge> + Clone + '_ {
        portal_edges_of(self.store.get(|s| s.edge_starts()), self.store.get(|s| s.portal_sides()))
    }

    /// The distinct polygons with a portal on `side`, ascending: what a
    /// re-stitch of that side touches.
    pub(crate) fn portal_polygons_on(&self, side: u8) -> impl Iterator<Item = u32> + '_ {
        self.portals().polygons_on(side)
    }

    /// What stitching derives from this tile alone.
    pub(crate) fn stitching(&self) -> &TileStitching {
        &self.stitching
    }

    /// The portal table stitching matches.
    pub(crate) fn portals(&self) -> TilePortals<'_> {
        let (portals, sweeps) = (self.store.get(|s| s.portal_table()), self.store.get(|s| s.portal_sweeps()));
        TilePortals::new(self.place.origin_y, &self.portal_sides, portals, sweeps)
    }

    /// The tile's column (TileX, TileZ).
    pub fn column(&self) -> (i32, i32) {
        (self.place.tile_x, self.place.tile_z)
    }

    pub fn detail_meshes(&self) -> &[DetailMesh] {
        self.store.get(|s| s.detail_meshes())
    }

    pub fn detail_vertices(&self) -> &[[f32; 3]] {
        self.store.get(|s| s.detail_vertices())
    }

    pub fn detail_triangles(&self) -> &[DetailTriangle] {
        self.store.get(|s| s.detail_triangles())
    }

    pub fn off_mesh_links(&self) -> &[OffMeshLinkSlot] {
        self.store.get(|s| s.off_mesh_links())
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
        self.store.get(|s| s.polygon_bounds())
    }

    /// The union of the polygon bounds of each run of 16 polygons, in
    /// polygon order, so a box search passes over a block's polygons
    /// without reading their bounds. A tile of at most 16 polygons keeps
    /// no block: its vertex bounds, which hold every corner, stand in for
    /// its one block. They are a looser box, so they pass the same
    /// polygons to the test of each one's own bounds (issue 24: 24 bytes
    /// of nearly every Recast tile and of every one-polygon tile).
    pub(crate) fn polygon_blocks(&self) -> &[[[f32; 3]; 2]] {
        let blocks = self.store.get(|s| s.polygon_blocks());
        if blocks.is_empty() {
            std::slice::from_ref(&self.vertex_bounds)
        } else {
            blocks
        }
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

/// The portal edges in portal order: each edge whose portal side is not
/// [`NOT_PORTAL`], polygon by polygon as `edge_starts` divides them.
fn portal_edges_of<'a>(
    edge_starts: &'a [u32],
    portal_sides: &'a [u8],
) -> impl Iterator<Item = PortalEdge> + Clone + 'a {
    edge_starts.windows(2).enumerate().flat_map(move |(p, edges)| {
        let sides = portal_sides[edges[0] as usize..edges[1] as usize].iter().enumerate();
        sides.filter(|&(_, &side)| side != NOT_PORTAL).map(move |(k, &side)| PortalEdge {
            polygon: p as u32,
            edge: k as u8,
            side,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 24: a one-polygon tile's resident bytes are mostly this
    /// record, so its section table is `u32` offsets and counts (the
    /// record was 480 bytes with `usize` ones), its portal table lies in
    /// its buffer and the buffer keeps a `u32` size, not a `Layout` (352
    /// bytes before those two), and it keeps neither a list of the polygons
    /// with a portal on each side nor its placement in world space, which
    /// both derive (320 bytes before those); the sweep steps' own section
    /// adds 8 bytes to its table, and the portal edges, read from the
    /// portal sides, take 8 bytes from it (264 before); the table keeps
    /// where each section ends, its counts derived (256 before), and its
    /// stitching keeps no list of the columns its off-mesh links end in,
    /// which their ends name (200 before). Issue 18 (raycast10) gave 16
    /// bytes back for the origin's world X and Z, which every query step
    /// into the tile read from the mesh parameters (176 before).
    #[test]
    fn a_tile_record_stays_small() {
        assert_eq!(std::mem::size_of::<NavTile>(), 192);
    }
}
