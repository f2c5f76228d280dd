//! `TileStreamer`: queued tile edits applied a few per frame (format text
//! "Authoring: off-mesh links, agent classes, streaming", Streaming).
//!
//! The streamer owns only its queue; `update` applies it to a mesh the host
//! passes in. A host's frame loop keeps owning its `TiledNavMesh` (and may
//! hand frozen clones of it to query threads between updates), queues work
//! whenever the world asks for it, and spends a fixed budget of operations
//! per frame. The same streamer may serve any mesh: tile bytes are read
//! against the parameters of the mesh they are applied to, when applied.
//!
//! Cost: one operation is one read plus one mesh edit, and the mesh
//! re-stitches only what that edit can change (the column, its four side
//! neighbours and the off-mesh links ending there), so an operation does
//! the same work in a mesh of 16 tiles as in one of 4096
//! (`scripts/edit_work.sh` counts it). Timed (benches/streaming.rs), an
//! edit far from the last one also waits for its neighbours' tables to
//! come from memory, which a large mesh no longer keeps in cache.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::error::Result;
use crate::format::tile_format::read_tile_checked;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;

/// One queued operation.
#[derive(Debug, Clone)]
enum StreamOperation {
    /// ONPT bytes to add at their position, or to replace the tile there.
    Tile(Arc<[u8]>),
    /// Every layer of a column, lowest first.
    RemoveColumn { tile_x: i32, tile_z: i32 },
}

/// A queue of tile additions, replacements and column removals.
#[derive(Debug, Clone, Default)]
pub struct TileStreamer {
    queue: VecDeque<StreamOperation>,
}

impl TileStreamer {
    pub fn new() -> TileStreamer {
        TileStreamer::default()
    }

    /// Queues ONPT bytes: when applied they are read against the mesh's
    /// parameters, then added (free position) or replace the tile at their
    /// position. Shared bytes (`Arc<[u8]>`) are queued without a copy.
    pub fn queue_tile(&mut self, bytes: impl Into<Arc<[u8]>>) {
        self.queue.push_back(StreamOperation::Tile(bytes.into()));
    }

    /// Queues the removal of every layer of a column. An empty column is a
    /// no-op when applied, so a host may stream out columns it never got.
    pub fn queue_remove_column(&mut self, tile_x: i32, tile_z: i32) {
        self.queue.push_back(StreamOperation::RemoveColumn { tile_x, tile_z });
    }

    /// Operations not yet applied.
    pub fn pending(&self) -> usize {
        self.queue.len()
    }

    /// Drops every pending operation.
    pub fn clear(&mut self) {
        self.queue.clear();
    }

    /// Applies at most `max_operations` pending operations to `mesh`, in
    /// queue order, and returns how many were applied. Links are stitched
    /// after every operation. A failing operation (version, fingerprint or
    /// format error of its bytes; every slot in use) leaves the queue before
    /// its error is returned, the mesh as it was before that operation, and
    /// the operations after it queued; those before it stay applied, so
    /// `pending` before minus `pending` after minus one of them succeeded.
    pub fn update(&mut self, mesh: &mut TiledNavMesh, max_operations: usize) -> Result<usize> {
        let mut applied = 0;
        self.update_counting(mesh, max_operations, &mut applied)?;
        Ok(applied)
    }

    /// [`TileStreamer::update`] that counts the operations it applied into
    /// `applied`, so the count is known after a failure too (the C ABI
    /// reports it either way).
    pub fn update_counting(
        &mut self,
        mesh: &mut TiledNavMesh,
        max_operations: usize,
        applied: &mut usize,
    ) -> Result<()> {
        *applied = 0;
        while *applied < max_operations {
            let Some(operation) = self.queue.pop_front() else { break };
            apply(mesh, &operation)?;
            *applied += 1;
        }
        Ok(())
    }
}

/// One operation; the mesh's own edits leave it unchanged on failure.
fn apply(mesh: &mut TiledNavMesh, operation: &StreamOperation) -> Result<()> {
    match operation {
        StreamOperation::Tile(bytes) => add_or_replace(mesh, bytes),
        StreamOperation::RemoveColumn { tile_x, tile_z } => {
            mesh.remove_column(*tile_x, *tile_z);
            Ok(())
        }
    }
}

/// ReadTile against the mesh's parameters, then AddTile into a free
/// position or ReplaceTile at an occupied one.
fn add_or_replace(mesh: &mut TiledNavMesh, bytes: &[u8]) -> Result<()> {
    let tile = read_tile_checked(mesh.params(), &mesh.fingerprint(), bytes)?;
    if mesh.tile_at(tile.tile_x(), tile.tile_z(), tile.layer()).is_some() {
        mesh.replace_tile(tile)?;
    } else {
        mesh.add_tile(tile)?;
    }
    Ok(())
}
