//! Detour's side of the edit measurements: `addTile`/`removeTile` on tile
//! data made once and lent to the mesh (no allocation while timed, as a
//! tile cache runs Detour), and a whole mesh loaded from MSET bytes.

use recastnavigation_sys::dtNavMeshParams;

use crate::detour_mesh::DetourMesh;
use crate::detour_tile_data::DetourTileData;
use crate::mset::load_mset;
use crate::timing::{timed, RoundResult};

pub struct DetourEdits<'a> {
    pub params: dtNavMeshParams,
    /// The tiles, between rounds; lent to the mesh during one.
    pub tiles: Vec<DetourTileData>,
    /// Each tile's (x, y), in `tiles` order.
    pub positions: &'a [(i32, i32)],
    pub churn: &'a [usize],
    pub mset: &'a [u8],
}

impl DetourEdits<'_> {
    /// Seconds per add (all into an empty mesh), per churn step (remove a
    /// tile and add it back, in a full mesh), per remove (all), and for one
    /// whole load.
    pub fn round(&mut self) -> RoundResult {
        let count = self.tiles.len();
        let mut mesh = DetourMesh::new(&self.params)?;
        let tiles = std::mem::take(&mut self.tiles);
        let ((), add) = timed(|| {
            tiles.into_iter().try_for_each(|tile| {
                mesh.add_tile_kept(tile).map(drop).map_err(|(_, status)| format!("Detour addTile: {status:#x}"))
            })
        })?;
        let ((), churn) = timed(|| {
            self.churn.iter().try_for_each(|&index| {
                let tile = take_back(&mut mesh, self.positions[index])?;
                mesh.add_tile_kept(tile).map(drop).map_err(|(_, status)| format!("Detour addTile: {status:#x}"))
            })
        })?;
        let mut returned = Vec::with_capacity(count);
        let ((), remove) = timed(|| {
            self.positions.iter().try_for_each(|&position| Ok(returned.push(take_back(&mut mesh, position)?)))
        })?;
        self.tiles = returned;
        drop(mesh);
        let (loaded, load) = timed(|| load_mset(self.mset))?;
        drop(loaded);
        Ok(vec![add / count as f64, churn / self.churn.len() as f64, remove / count as f64, load])
    }
}

/// Removes the lent tile at `position` and returns its data.
fn take_back(mesh: &mut DetourMesh, position: (i32, i32)) -> Result<DetourTileData, String> {
    match mesh.remove_tile_at(position.0, position.1) {
        Some(Ok(Some(data))) => Ok(data),
        Some(Ok(None)) => Err(format!("Detour kept no data for the tile at {position:?}")),
        Some(Err(status)) => Err(format!("Detour removeTile at {position:?}: {status:#x}")),
        None => Err(format!("Detour has no tile at {position:?}")),
    }
}
