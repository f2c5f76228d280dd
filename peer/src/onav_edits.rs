//! onav's side of the edit measurements: `add_tile`/`remove_tile` on the
//! imported tiles (validated once, shared by `Arc`), and a whole mesh read
//! from its own bytes by `read_mesh`, which validates and stitches.

use std::sync::Arc;

use onav::{read_mesh, NavMeshParams, NavTile, TiledNavMesh};

use crate::timing::{timed, RoundResult};

pub struct OnavEdits<'a> {
    pub params: NavMeshParams,
    pub tiles: Vec<Arc<NavTile>>,
    /// Each tile's (x, z), in `tiles` order.
    pub positions: &'a [(i32, i32)],
    pub churn: &'a [usize],
    /// `write_mesh` of the whole mesh.
    pub mesh_bytes: &'a [u8],
}

fn failed(what: &str) -> impl Fn(onav::NavMeshError) -> String + '_ {
    move |error| format!("onav {what}: {error}")
}

impl OnavEdits<'_> {
    /// The same rows as `DetourEdits::round`.
    pub fn round(&mut self) -> RoundResult {
        let count = self.tiles.len();
        let mut mesh = TiledNavMesh::new(self.params).map_err(failed("TiledNavMesh::new"))?;
        let ((), add) = timed(|| {
            self.tiles.iter().try_for_each(|tile| mesh.add_tile(Arc::clone(tile)).map(drop).map_err(failed("add_tile")))
        })?;
        let ((), churn) = timed(|| {
            self.churn.iter().try_for_each(|&index| {
                let (x, z) = self.positions[index];
                mesh.remove_tile(x, z, 0).map_err(failed("remove_tile"))?;
                mesh.add_tile(Arc::clone(&self.tiles[index])).map(drop).map_err(failed("add_tile"))
            })
        })?;
        let ((), remove) = timed(|| {
            self.positions
                .iter()
                .try_for_each(|&(x, z)| mesh.remove_tile(x, z, 0).map(drop).map_err(failed("remove_tile")))
        })?;
        drop(mesh);
        let (loaded, load) = timed(|| read_mesh(self.mesh_bytes).map_err(failed("read_mesh")))?;
        drop(loaded);
        Ok(vec![add / count as f64, churn / self.churn.len() as f64, remove / count as f64, load])
    }
}
