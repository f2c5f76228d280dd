//! The harness's inputs: the two shared level meshes and the flat grid,
//! and where the shared meshes are found.

use std::path::{Path, PathBuf};

use crate::flat_grid::flat_square;
use crate::obj_mesh::read_obj;
use crate::recast_build::RecastSettings;
use crate::triangle_mesh::TriangleMesh;

/// Overrides the folder of the shared meshes, as `--meshes DIR` does.
pub const MESHES_ENV: &str = "ONAV_PEER_MESHES";

/// Tiles per side of the flat grid: 64 x 64 = 4096 tiles.
const FLAT_TILES_PER_SIDE: u32 = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    NavTest,
    Dungeon,
    FlatGrid,
}

impl Input {
    /// Smallest tile set first (41, 66 and 4096 tiles).
    pub const ALL: [Input; 3] = [Input::Dungeon, Input::NavTest, Input::FlatGrid];
    /// The inputs committed as fixtures.
    pub const SHARED: [Input; 2] = [Input::NavTest, Input::Dungeon];

    /// The shared meshes' file stems, and the fixtures'.
    pub fn name(self) -> &'static str {
        match self {
            Input::NavTest => "nav_test",
            Input::Dungeon => "dungeon",
            Input::FlatGrid => "flat 64x64",
        }
    }

    pub fn geometry(self, meshes: &Path, settings: &RecastSettings) -> Result<TriangleMesh, String> {
        match self {
            Input::NavTest | Input::Dungeon => read_obj(&meshes.join(format!("{}.obj", self.name())))
                .map_err(|e| format!("{e} (--meshes DIR or ${MESHES_ENV} names the shared meshes' folder)")),
            Input::FlatGrid => Ok(flat_square(FLAT_TILES_PER_SIDE, settings.tile_size as u32, settings.cell_size)),
        }
    }
}

/// The repository root: this package's parent folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("peer/ sits in the repository").to_path_buf()
}

/// The shared meshes: `override_dir`, else `$ONAV_PEER_MESHES`, else
/// `../shared/data/meshes` from the repository root (where CI lays it).
pub fn meshes_dir(override_dir: Option<PathBuf>) -> PathBuf {
    override_dir
        .or_else(|| std::env::var_os(MESHES_ENV).map(PathBuf::from))
        .unwrap_or_else(|| repo_root().join("../shared/data/meshes"))
}
