//! Detour's side of the edit measurements: `addTile`/`removeTile` on tile
//! data made once and lent to the mesh (no allocation while timed, as a
//! tile cache runs Detour), and a whole mesh loaded from MSET bytes.

use recastnavigation_sys::dtNavMeshParams;

use crate::detour_mesh::DetourMesh;
use crate::detour_tile_data::DetourTileData;
use crate::edit_round::EditSide;
use crate::mset::load_mset;

pub struct DetourEdits<'a> {
    pub params: dtNavMeshParams,
    /// The tiles while no mesh holds them.
    pub tiles: Vec<DetourTileData>,
    /// Each tile's (x, y), in set order.
    pub positions: &'a [(i32, i32)],
    pub mset: &'a [u8],
}

fn add(mesh: &mut DetourMesh, tile: DetourTileData) -> Result<(), String> {
    mesh.add_tile_kept(tile).map(drop).map_err(|(_, status)| format!("Detour addTile: {status:#x}"))
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

impl EditSide for DetourEdits<'_> {
    type Mesh = DetourMesh;
    type Loaded = DetourMesh;

    fn tile_count(&self) -> usize {
        self.positions.len()
    }

    fn empty_mesh(&mut self) -> Result<DetourMesh, String> {
        DetourMesh::new(&self.params)
    }

    /// Out of line, so that `scripts/edit_instructions.sh` counts the row by
    /// this function's name.
    #[inline(never)]
    fn add_all(&mut self, mesh: &mut DetourMesh) -> Result<(), String> {
        self.tiles.drain(..).try_for_each(|tile| add(mesh, tile))
    }

    /// Out of line, so that `scripts/edit_instructions.sh` counts the row by
    /// this function's name.
    #[inline(never)]
    fn remove_all(&mut self, mesh: &mut DetourMesh) -> Result<(), String> {
        // `tiles` kept its capacity, so this pushes without allocating.
        for &position in self.positions {
            self.tiles.push(take_back(mesh, position)?);
        }
        Ok(())
    }

    fn churn(&mut self, mesh: &mut DetourMesh, order: &[usize]) -> Result<(), String> {
        order.iter().try_for_each(|&index| {
            let tile = take_back(mesh, self.positions[index])?;
            add(mesh, tile)
        })
    }

    fn load(&mut self) -> Result<DetourMesh, String> {
        load_mset(self.mset)
    }

    /// Detour's tile data is its tile bytes: `addTile` takes them as they are.
    fn add_all_from_bytes(&mut self, mesh: &mut DetourMesh) -> Result<(), String> {
        self.add_all(mesh)
    }
}
