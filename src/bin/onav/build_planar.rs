//! `onav build-planar INPUT.json [--settings FILE.json] -o OUT.onnm
//! [--svg OUT.svg]`: the exact 2D builder over walkable outlines and
//! obstacles (docs/BUILD_PLANAR.md), optionally with a picture.

use std::path::Path;

use onav::{NavMesh, NavSettings};

use crate::failure::Failure;
use crate::mesh_output::save_nav_mesh;
use crate::planar_input_file::read_planar_input;
use crate::settings_file::read_settings;
use crate::svg::scene::Scene;
use crate::svg::write_svg;

pub fn run(input: &Path, settings: Option<&Path>, output: &Path, svg: Option<&Path>) -> Result<(), Failure> {
    let outlines = read_planar_input(input)?;
    let settings = match settings {
        Some(file) => read_settings(file)?,
        None => NavSettings::default(),
    };
    let built = NavMesh::build_planar(settings, &outlines)?;
    save_nav_mesh(&built, output)?;
    match svg {
        Some(picture) => write_svg(picture, &Scene::of(built.mesh(), None)),
        None => Ok(()),
    }
}
