//! `onav build LEVEL.obj [--settings FILE.json] -o OUT.onnm`: the voxel
//! builder over a whole OBJ level, with a progress bar on a terminal.

use std::path::Path;

use onav::NavMesh;

use crate::failure::Failure;
use crate::level_obj::read_level;
use crate::mesh_output::save_nav_mesh;
use crate::progress_bar::ProgressBar;
use crate::settings_file::level_settings;

pub fn run(level: &Path, settings: Option<&Path>, output: &Path) -> Result<(), Failure> {
    let geometry = read_level(level)?;
    let settings = level_settings(settings, &geometry)?;
    let bar = ProgressBar::on_stderr();
    let built = NavMesh::build_3d_with_progress(settings, &geometry, &|done, total| bar.report(done, total));
    bar.finish();
    save_nav_mesh(&built?, output)
}
