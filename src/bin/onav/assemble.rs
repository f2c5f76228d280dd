//! `onav assemble [--settings FILE.json] -o OUT.onnm TILES.onpt...`: the
//! tiles of a tile-by-tile bake joined into one mesh. Each tile is read
//! against the settings' parameters, and the tiles are added in the order
//! `onav build` adds them (tile z, tile x, layer), so the mesh equals the
//! one `onav build` writes, byte for byte.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use onav::{read_tile, NavMesh, NavMeshError, NavSettings, NavTile};

use crate::document::read_file;
use crate::failure::Failure;
use crate::mesh_output::save_nav_mesh;
use crate::settings_file::read_settings;

/// Without `--settings` the defaults, origin (0, 0, 0): assemble reads no
/// level to take a corner from.
pub fn run(settings: Option<&Path>, output: &Path, tiles: &[PathBuf]) -> Result<(), Failure> {
    let settings = settings.map_or_else(|| Ok(NavSettings::default()), read_settings)?;
    let mut nav_mesh = NavMesh::new(settings)?;
    let mut in_order: BTreeMap<(i32, i32, u16), (NavTile, &Path)> = BTreeMap::new();
    for path in tiles {
        let tile = read_tile(nav_mesh.params(), &read_file(path)?).map_err(|e| in_file(path, e))?;
        let key = (tile.tile_z(), tile.tile_x(), tile.layer());
        if let Some((_, first)) = in_order.insert(key, (tile, path)) {
            return Err(Failure::usage(format!(
                "{} and {} both hold tile {},{} layer {}",
                first.display(),
                path.display(),
                key.1,
                key.0,
                key.2
            )));
        }
    }
    for (tile, _) in in_order.into_values() {
        nav_mesh.mesh_mut().add_tile(tile)?;
    }
    save_nav_mesh(&nav_mesh, output)
}

/// `error` naming the tile file; a fingerprint mismatch also says what
/// usually causes it.
fn in_file(path: &Path, error: NavMeshError) -> Failure {
    let name = path.display();
    Failure::Invalid(match error {
        NavMeshError::Fingerprint(m) => NavMeshError::Fingerprint(format!(
            "{name}: {m} (were the tiles built with the --settings file given here?)"
        )),
        NavMeshError::Format(m) => NavMeshError::Format(format!("{name}: {m}")),
        NavMeshError::OutOfRange(m) => NavMeshError::OutOfRange(format!("{name}: {m}")),
        NavMeshError::InvalidOperation(m) => NavMeshError::InvalidOperation(format!("{name}: {m}")),
        NavMeshError::InvalidReference(m) => NavMeshError::InvalidReference(format!("{name}: {m}")),
        version @ NavMeshError::Version { .. } => version,
    })
}
