//! onav's side of the edit measurements: `add_tile`/`remove_tile` on the
//! imported tiles (validated once, shared by `Arc`), and a whole mesh read
//! from its own bytes by `read_mesh`, which validates and stitches; and the
//! same tiles added from their ONPT bytes, each read and validated.

use std::sync::Arc;

use onav::{read_mesh, NavMeshError, NavMeshParams, NavTile, TiledNavMesh};

use crate::edit_round::EditSide;

pub struct OnavEdits<'a> {
    pub params: NavMeshParams,
    pub tiles: Vec<Arc<NavTile>>,
    /// Each tile's (x, z), in set order.
    pub positions: &'a [(i32, i32)],
    /// `write_mesh` of the whole mesh.
    pub mesh_bytes: &'a [u8],
    /// Each tile's ONPT bytes, in set order.
    pub tile_bytes: Vec<Vec<u8>>,
}

fn failed(what: &str) -> impl Fn(NavMeshError) -> String + '_ {
    move |error| format!("onav {what}: {error}")
}

impl EditSide for OnavEdits<'_> {
    type Mesh = TiledNavMesh;
    type Loaded = TiledNavMesh;

    fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    fn empty_mesh(&mut self) -> Result<TiledNavMesh, String> {
        TiledNavMesh::new(self.params).map_err(failed("TiledNavMesh::new"))
    }

    fn add_all(&mut self, mesh: &mut TiledNavMesh) -> Result<(), String> {
        self.tiles.iter().try_for_each(|tile| mesh.add_tile(Arc::clone(tile)).map(drop).map_err(failed("add_tile")))
    }

    /// Out of line, so that `scripts/edit_instructions.sh` counts the row by
    /// this function's name.
    #[inline(never)]
    fn remove_all(&mut self, mesh: &mut TiledNavMesh) -> Result<(), String> {
        self.positions.iter().try_for_each(|&(x, z)| mesh.remove_tile(x, z, 0).map(drop).map_err(failed("remove_tile")))
    }

    fn churn(&mut self, mesh: &mut TiledNavMesh, order: &[usize]) -> Result<(), String> {
        order.iter().try_for_each(|&index| {
            let (x, z) = self.positions[index];
            mesh.remove_tile(x, z, 0).map_err(failed("remove_tile"))?;
            mesh.add_tile(Arc::clone(&self.tiles[index])).map(drop).map_err(failed("add_tile"))
        })
    }

    fn load(&mut self) -> Result<TiledNavMesh, String> {
        read_mesh(self.mesh_bytes).map_err(failed("read_mesh"))
    }

    /// Out of line, so that `scripts/edit_instructions.sh` counts the row by
    /// this function's name.
    #[inline(never)]
    fn add_all_from_bytes(&mut self, mesh: &mut TiledNavMesh) -> Result<(), String> {
        self.tile_bytes
            .iter()
            .try_for_each(|bytes| mesh.add_tile_bytes(bytes).map(drop).map_err(failed("add_tile_bytes")))
    }
}
