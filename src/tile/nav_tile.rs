//! `NavTile`: a tile whose data passed every rule. Parse once at the
//! boundary ([`NavTile::create`] or the ONPT reader), then trust it.

use crate::error::{NavMeshError, Result};
use crate::format::fingerprint::BuildFingerprint;
use crate::format::params::NavMeshParams;
use crate::stitch::portal_stitching::TilePortals;
use crate::stitch::tile_stitching::TileStitching;
use crate::tile::tile_data::{DetailMesh, NavTileData, OffMeshLinkSlot, Polygon, NOT_PORTAL};
use crate::tile::tile_rules::check_tile;

/// A validated, immutable tile.
#[derive(Debug, Clone, PartialEq)]
pub struct NavTile {
    data: NavTileData,
    fingerprint: BuildFingerprint,
    edge_starts: Vec<u32>,
    portal_edges: Vec<PortalEdge>,
    stitching: TileStitching,
    /// Least and greatest tile-local vertex coordinates per axis.
    vertex_bounds: [[f32; 3]; 2],
    /// The same per polygon.
    polygon_bounds: Vec<[[f32; 3]; 2]>,
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
        let index = check_tile(params, &data)?;
        let portal_edges = collect_portal_edges(&data, &index.edge_starts);
        let vertex_bounds = bounds(data.vertices.iter());
        let corners = |edges: &[u32]| data.indices[edges[0] as usize..edges[1] as usize].iter();
        let polygon_bounds =
            index.edge_starts.windows(2).map(|e| bounds(corners(e).map(|&i| &data.vertices[i as usize]))).collect();
        let mut tile = NavTile {
            data,
            fingerprint,
            edge_starts: index.edge_starts,
            portal_edges,
            stitching: TileStitching::default(),
            vertex_bounds,
            polygon_bounds,
        };
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
                self.data.tile_x,
                self.data.tile_z,
                self.data.layer,
                self.fingerprint.to_hex(),
                expected.to_hex()
            )))
        }
    }

    pub fn fingerprint(&self) -> BuildFingerprint {
        self.fingerprint
    }

    pub fn tile_x(&self) -> i32 {
        self.data.tile_x
    }

    pub fn tile_z(&self) -> i32 {
        self.data.tile_z
    }

    pub fn layer(&self) -> u16 {
        self.data.layer
    }

    pub fn origin_y(&self) -> f64 {
        self.data.origin_y
    }

    /// The validated arrays.
    pub fn data(&self) -> &NavTileData {
        &self.data
    }

    /// Gives the arrays back, e.g. for a builder to edit and re-create.
    pub fn into_data(self) -> NavTileData {
        self.data
    }

    pub fn vertices(&self) -> &[[f32; 3]] {
        &self.data.vertices
    }

    pub fn polygon_count(&self) -> usize {
        self.data.polygons.len()
    }

    /// Total edge count (the sum of all polygons' vertex counts).
    pub fn edge_count(&self) -> usize {
        self.data.indices.len()
    }

    /// Polygon `index`, or `None` beyond the polygon count.
    pub fn polygon(&self, index: usize) -> Option<PolygonView<'_>> {
        let record = *self.data.polygons.get(index)?;
        let edges = self.edge_starts[index] as usize..self.edge_starts[index + 1] as usize;
        Some(PolygonView {
            record,
            indices: &self.data.indices[edges.clone()],
            neighbours: &self.data.neighbours[edges.clone()],
            portal_sides: &self.data.portal_sides[edges],
        })
    }

    /// Tile-local vertices of polygon `index`, in order.
    pub fn polygon_vertices(&self, index: usize) -> impl Iterator<Item = [f32; 3]> + '_ {
        let edges = self.edge_starts[index] as usize..self.edge_starts[index + 1] as usize;
        self.data.indices[edges].iter().map(|&i| self.data.vertices[i as usize])
    }

    /// Portal edges in portal order (polygon index, edge index).
    pub fn portal_edges(&self) -> &[PortalEdge] {
        &self.portal_edges
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
        (self.data.tile_x, self.data.tile_z)
    }

    pub fn detail_meshes(&self) -> &[DetailMesh] {
        &self.data.detail_meshes
    }

    pub fn off_mesh_links(&self) -> &[OffMeshLinkSlot] {
        &self.data.off_mesh_links
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
        &self.polygon_bounds
    }
}

/// Least and greatest coordinate per axis of `points`.
fn bounds<'a>(points: impl Iterator<Item = &'a [f32; 3]>) -> [[f32; 3]; 2] {
    points.fold([[f32::INFINITY; 3], [f32::NEG_INFINITY; 3]], |[low, high], v| {
        [[0, 1, 2].map(|a| low[a].min(v[a])), [0, 1, 2].map(|a| high[a].max(v[a]))]
    })
}

fn collect_portal_edges(data: &NavTileData, edge_starts: &[u32]) -> Vec<PortalEdge> {
    let mut portals = Vec::new();
    for p in 0..data.polygons.len() {
        let first = edge_starts[p] as usize;
        let last = edge_starts[p + 1] as usize;
        for (k, &side) in data.portal_sides[first..last].iter().enumerate() {
            if side != NOT_PORTAL {
                portals.push(PortalEdge { polygon: p as u32, edge: k as u8, side });
            }
        }
    }
    portals
}
