//! `NavWorld`: one tier-1 `NavMesh` per agent class over the same input
//! (format text "Agent classes (NavWorld)"). Its ONNW envelope is
//! [`crate::format::nav_world_envelope`].

use crate::build::build_2d::TileInput2d;
use crate::build::voxel::geometry::TriangleGeometry;
use crate::error::{NavMeshError, Result};
use crate::world::nav_mesh::NavMesh;
use crate::world::nav_settings::NavSettings;

/// The meshes of several agent classes, in class order.
#[derive(Debug, Clone)]
pub struct NavWorld {
    classes: Vec<NavMesh>,
}

impl NavWorld {
    /// A world of at least one class.
    pub fn new(classes: Vec<NavMesh>) -> Result<NavWorld> {
        if classes.is_empty() {
            return Err(NavMeshError::out_of_range("NavWorld needs at least one class"));
        }
        Ok(NavWorld { classes })
    }

    /// One `NavMesh::build_2d` per settings, in the order given, from the
    /// same input; class i is byte-identical to a single-class build with
    /// `classes[i]`.
    pub fn build_2d(classes: &[NavSettings], input: &[TileInput2d]) -> Result<NavWorld> {
        let meshes = classes.iter().map(|s| NavMesh::build_2d(s.clone(), input)).collect::<Result<Vec<_>>>()?;
        NavWorld::new(meshes)
    }

    /// One `NavMesh::build_3d` per settings, in the order given, from the
    /// same triangles; class i is byte-identical to a single-class build
    /// with `classes[i]`.
    pub fn build_3d(classes: &[NavSettings], geometry: &TriangleGeometry) -> Result<NavWorld> {
        let meshes = classes.iter().map(|s| NavMesh::build_3d(s.clone(), geometry)).collect::<Result<Vec<_>>>()?;
        NavWorld::new(meshes)
    }

    pub fn classes(&self) -> &[NavMesh] {
        &self.classes
    }

    pub fn class(&self, index: usize) -> Option<&NavMesh> {
        self.classes.get(index)
    }

    pub fn class_mut(&mut self, index: usize) -> Option<&mut NavMesh> {
        self.classes.get_mut(index)
    }

    /// `ClassFor(radius)`: the class with the smallest AgentRadius >=
    /// `radius` (lowest index among equals), else the class with the largest
    /// AgentRadius (lowest index among equals).
    pub fn class_for(&self, radius: f32) -> usize {
        class_for_radius(&self.agent_radii(), f64::from(radius))
    }

    /// Each class's AgentRadius, in class order, widened to f64 (exactly).
    pub fn agent_radii(&self) -> Vec<f64> {
        self.classes.iter().map(|c| f64::from(c.settings().agent_radius())).collect()
    }
}

/// `ClassFor(radius)` over the classes' radii, shared by [`NavWorld`] and
/// [`crate::crowd::WorldCrowd`] (which keeps the radii, not the world);
/// f64 so an agent's f64 radius is compared without rounding it to f32.
pub(crate) fn class_for_radius(radii: &[f64], radius: f64) -> usize {
    let indices = 0..radii.len();
    let fitting =
        indices.clone().filter(|&i| radii[i] >= radius).min_by(|&a, &b| radii[a].total_cmp(&radii[b]).then(a.cmp(&b)));
    fitting.unwrap_or_else(|| indices.max_by(|&a, &b| radii[a].total_cmp(&radii[b]).then(b.cmp(&a))).unwrap_or(0))
}
