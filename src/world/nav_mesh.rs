//! Tier-1 `NavMesh`: a `TiledNavMesh` together with the `NavSettings` it is
//! built with, so tiles built through it match its parameters and its
//! envelope (ONNM, [`crate::format::nav_mesh_envelope`]) carries the settings.

use crate::build::build_2d::{assemble_2d, build_tiles_2d, TileInput2d};
use crate::build::voxel::build_3d::{build_tile_3d, build_tiles_3d};
use crate::build::voxel::build_progress::ProgressCallback;
use crate::build::voxel::geometry::TriangleGeometry;
use crate::error::{NavMeshError, Result};
use crate::format::param_block::encode_param_block;
use crate::format::params::NavMeshParams;
use crate::mesh::poly_ref::{TileRef, MAX_SLOTS};
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::tile::nav_tile::NavTile;
use crate::world::authored_links::{links_for_tile, with_appended_links};
use crate::world::nav_settings::NavSettings;

/// A mesh and the settings it was built with. Cloning is as cheap as
/// cloning the `TiledNavMesh` (tiles and links are shared).
#[derive(Debug, Clone)]
pub struct NavMesh {
    settings: NavSettings,
    mesh: TiledNavMesh,
}

impl NavMesh {
    /// An empty mesh over the settings' grid and agent class.
    pub fn new(settings: NavSettings) -> Result<NavMesh> {
        let mesh = TiledNavMesh::new(settings.to_params()?)?;
        Ok(NavMesh { settings, mesh })
    }

    /// `settings` and `mesh` together, after checking that the settings
    /// produce exactly the mesh's parameter block (grid, agent class and
    /// settings digest), else a fingerprint error.
    pub fn from_parts(settings: NavSettings, mesh: TiledNavMesh) -> Result<NavMesh> {
        check_settings_match(&settings, mesh.params())?;
        Ok(NavMesh { settings, mesh })
    }

    /// `NavMesh.Build` for the 2D path: each input tile through the
    /// hand-over, authored links baked, tiles added in (z, x, layer) order,
    /// so equal input gives equal bytes.
    pub fn build_2d(settings: NavSettings, input: &[TileInput2d]) -> Result<NavMesh> {
        let mut nav_mesh = NavMesh::new(settings)?;
        for tile in build_tiles_2d(&nav_mesh.settings, nav_mesh.mesh.params(), input)? {
            nav_mesh.mesh.add_tile(tile)?;
        }
        Ok(nav_mesh)
    }

    /// `NavMesh.Build` for the voxel 3D path: every tile the geometry's box
    /// covers is voxelized and built (in parallel on rayon's current pool),
    /// authored links baked, non-empty tiles added in (z, x, layer) order,
    /// so equal input gives equal bytes for any thread count.
    ///
    /// Units are Recast's: CellSize, CellHeight, TileSize, the agent values,
    /// MaxEdgeLength and ContourMaxError in world units; MinRegionArea and
    /// MergeRegionArea in cells. Bad geometry is a typed error naming the
    /// vertex, triangle or area (see [`TriangleGeometry::validate`]).
    pub fn build_3d(settings: NavSettings, geometry: &TriangleGeometry) -> Result<NavMesh> {
        NavMesh::build_3d_reported(settings, geometry, None)
    }

    /// `build_3d` calling `progress(tiles done, tiles in total)` after each
    /// tile (from the building threads); answering `BuildControl::Cancel`
    /// stops the build with an invalid-operation error.
    pub fn build_3d_with_progress(
        settings: NavSettings,
        geometry: &TriangleGeometry,
        progress: ProgressCallback<'_>,
    ) -> Result<NavMesh> {
        NavMesh::build_3d_reported(settings, geometry, Some(progress))
    }

    fn build_3d_reported(
        settings: NavSettings,
        geometry: &TriangleGeometry,
        progress: Option<ProgressCallback<'_>>,
    ) -> Result<NavMesh> {
        let mut nav_mesh = NavMesh::new(settings)?;
        for tile in build_tiles_3d(&nav_mesh.settings, nav_mesh.mesh.params(), geometry, progress)? {
            nav_mesh.mesh.add_tile(tile)?;
        }
        Ok(nav_mesh)
    }

    /// Rebuilds one tile from 2D input and adds it, or replaces the tile at
    /// its position. Authored links are baked against the tiles the column
    /// holds now. On failure the mesh is unchanged.
    pub fn rebuild_tile_2d(&mut self, input: &TileInput2d) -> Result<TileRef> {
        let tile = assemble_2d(&self.settings, self.mesh.params(), input)?;
        self.put_tile(tile)
    }

    /// Rebuilds the tile column at (tile_x, tile_z) from `geometry` (after
    /// an edit to it) exactly as `build_3d` would build it: one tile per
    /// layer of overlapping floors, lowest first, each with its authored
    /// links baked against the new column. Layers the column keeps are
    /// replaced, new ones added, and layers no longer built removed (all
    /// of them when nothing walkable is left). Returns the references of
    /// the column's new tiles in layer order (empty when nothing is left).
    /// No other tile changes (their links to this column are restitched).
    /// On failure the mesh is unchanged.
    pub fn rebuild_tile_3d(&mut self, geometry: &TriangleGeometry, tile_x: i32, tile_z: i32) -> Result<Vec<TileRef>> {
        let params = *self.mesh.params();
        let built = build_tile_3d(&self.settings, &params, geometry, tile_x, tile_z)?;
        let column: Vec<&NavTile> = built.iter().collect();
        let extra = built
            .iter()
            .map(|tile| links_for_tile(&params, self.settings.off_mesh_links(), &column, tile))
            .collect::<Result<Vec<_>>>()?;
        let tiles = built
            .into_iter()
            .zip(extra)
            .map(|(tile, extra)| with_appended_links(&params, tile, extra))
            .collect::<Result<Vec<_>>>()?;
        self.put_column(tile_x, tile_z, tiles)
    }

    /// Makes `tiles` (layers 0.. of one column, links baked) the column at
    /// (tile_x, tile_z): surplus old layers removed first, so their slots
    /// can be reused, then each layer replaced or added. Checks first that
    /// the slots suffice, so no step can fail halfway.
    fn put_column(&mut self, tile_x: i32, tile_z: i32, tiles: Vec<NavTile>) -> Result<Vec<TileRef>> {
        let old_layers: Vec<u16> = self.mesh.column_tiles(tile_x, tile_z).map(|(_, t)| t.layer()).collect();
        let kept = old_layers.iter().filter(|&&l| usize::from(l) < tiles.len()).count();
        let free = (MAX_SLOTS as usize).saturating_sub(self.mesh.tile_count());
        let surplus = old_layers.len() - kept;
        if tiles.len() - kept > free + surplus {
            return Err(NavMeshError::InvalidOperation(format!(
                "tile column ({tile_x}, {tile_z}) needs {} new slots, {} are free",
                tiles.len() - kept,
                free + surplus
            )));
        }
        for &layer in old_layers.iter().filter(|&&l| usize::from(l) >= tiles.len()) {
            self.mesh.remove_tile(tile_x, tile_z, layer)?;
        }
        tiles
            .into_iter()
            .map(|tile| {
                if old_layers.contains(&tile.layer()) {
                    self.mesh.replace_tile(tile)
                } else {
                    self.mesh.add_tile(tile)
                }
            })
            .collect()
    }

    /// Bakes the authored links into a freshly built `tile` against its
    /// column as it will be, then adds it or replaces the tile at its place.
    fn put_tile(&mut self, tile: NavTile) -> Result<TileRef> {
        let params = *self.mesh.params();
        let mut column: Vec<&NavTile> = self
            .mesh
            .column_tiles(tile.tile_x(), tile.tile_z())
            .filter(|(_, t)| t.layer() != tile.layer())
            .map(|(_, t)| t.as_ref())
            .collect();
        column.push(&tile);
        let extra = links_for_tile(&params, self.settings.off_mesh_links(), &column, &tile)?;
        let tile = with_appended_links(&params, tile, extra)?;
        if self.mesh.tile_at(tile.tile_x(), tile.tile_z(), tile.layer()).is_some() {
            self.mesh.replace_tile(tile)
        } else {
            self.mesh.add_tile(tile)
        }
    }

    pub fn settings(&self) -> &NavSettings {
        &self.settings
    }

    pub fn params(&self) -> &NavMeshParams {
        self.mesh.params()
    }

    /// The tiled mesh, for lookups and queries.
    pub fn mesh(&self) -> &TiledNavMesh {
        &self.mesh
    }

    /// The tiled mesh for edits; every tile it accepts carries this mesh's
    /// fingerprint, so the settings keep describing it.
    pub fn mesh_mut(&mut self) -> &mut TiledNavMesh {
        &mut self.mesh
    }

    pub fn into_parts(self) -> (NavSettings, TiledNavMesh) {
        (self.settings, self.mesh)
    }
}

/// Fingerprint error unless `settings` give exactly `params` (bitwise).
pub(crate) fn check_settings_match(settings: &NavSettings, params: &NavMeshParams) -> Result<()> {
    let expected = settings.to_params()?;
    if encode_param_block(&expected) == encode_param_block(params) {
        Ok(())
    } else {
        Err(NavMeshError::Fingerprint(format!(
            "the settings give parameters {expected:?} (digest {:016x}), the mesh has {params:?} (digest {:016x})",
            expected.settings_digest, params.settings_digest
        )))
    }
}
