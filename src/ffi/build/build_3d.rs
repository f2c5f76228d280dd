//! The voxel 3D builds from C: a mesh (`NavMesh::build_3d`), a world of
//! agent classes (`NavWorld::build_3d`), and one tile rebuilt after an edit
//! (`NavMesh::rebuild_tile_3d`).

use std::ffi::c_void;

use crate::build::voxel::build_progress::ProgressCallback;
use crate::build::voxel::geometry::TriangleGeometry;
use crate::build::voxel::tile_bounds::covered_tiles;
use crate::error::Result;
use crate::world::nav_mesh::NavMesh;
use crate::world::nav_settings::NavSettings;
use crate::world::nav_world::NavWorld;

use crate::ffi::args::{arg_mut, arg_ref, out_arg};
use crate::ffi::build::build_progress::{run_build, OnavBuildProgress};
use crate::ffi::build::triangle_geometry::OnavTriangleGeometry;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::handle::store_new_handle;
use crate::ffi::world::nav_mesh::OnavNavMesh;
use crate::ffi::world::nav_settings::{settings_arg, OnavSettings};
use crate::ffi::world::nav_world::{copy_classes, OnavNavWorld};

/// One class's mesh, reporting to `progress` when there is one.
fn build_mesh(
    settings: &NavSettings,
    geometry: &TriangleGeometry,
    progress: Option<ProgressCallback<'_>>,
) -> Result<NavMesh> {
    match progress {
        Some(progress) => NavMesh::build_3d_with_progress(settings.clone(), geometry, progress),
        None => NavMesh::build_3d(settings.clone(), geometry),
    }
}

/// The tiles the builds of every class of `classes` cover together: the
/// progress total.
fn tiles_in_total(classes: &[NavSettings], geometry: &TriangleGeometry) -> Result<usize> {
    classes.iter().map(|settings| Ok(covered_tiles(settings, geometry)?.len())).sum()
}

/// Builds a mesh from level triangles with the voxel builder
/// (NavMesh.Build for the 3D path) and stores it in `*out_mesh`: every tile
/// under the geometry's box is voxelized and built (in parallel on the
/// library's worker threads), authored links are baked, and the non-empty
/// tiles are added in (tile z, tile x, layer) order, so equal input gives
/// equal bytes whatever the thread count. Units are Recast's: CellSize,
/// CellHeight, TileSize, AgentRadius, AgentHeight, WalkableClimb,
/// ContourMaxError, MaxEdgeLength, DetailSampleDistance and DetailMaxError
/// in world units; AgentMaxSlope in degrees; MinRegionArea and
/// MergeRegionArea in cells (RecastDemo's region sizes 8 and 20 are 64 and
/// 400 cells). `progress` may be NULL; otherwise it is called on this
/// thread after each tile with `user_data`, as OnavBuildProgress says, and
/// a nonzero answer cancels: ONAV_E_INVALID_OPERATION ("cancelled") and
/// `*out_mesh` stays NULL. Errors: ONAV_E_OUT_OF_RANGE for settings whose
/// fields do not fit together, an AgentRadius wider than a tile, a
/// geometry box wider than a mesh's 1048575 tile slots, or an authored link
/// that cannot be baked.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; `progress`, when not NULL, may be called
/// with `user_data`.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_build_3d(
    settings: *const OnavSettings,
    geometry: *const OnavTriangleGeometry,
    progress: OnavBuildProgress,
    user_data: *mut c_void,
    out_mesh: *mut *mut OnavNavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // callback that may be called with `user_data`.
    unsafe {
        guard(err, || {
            let out_mesh = out_arg(out_mesh, "out_mesh")?;
            let settings = settings_arg(settings, "settings")?;
            let geometry = &arg_ref(geometry, "geometry")?.geometry;
            let total = tiles_in_total(std::slice::from_ref(settings), geometry)?;
            let nav_mesh = run_build(progress, user_data, total, |report| build_mesh(settings, geometry, report))?;
            store_new_handle(out_mesh, || Ok(OnavNavMesh { nav_mesh }))
        })
    }
}

/// Builds one mesh per settings of `classes` (`class_count` pointers, at
/// least one), in the order given, from the same triangles, and stores the
/// world in `*out_world`. Class i is byte-identical to
/// onav_nav_mesh_build_3d with `classes[i]`. Progress counts the tiles of
/// every class together: `total` is the sum of each class's tiles, the
/// classes build one after the other. No class is ONAV_E_OUT_OF_RANGE;
/// other errors, units and cancellation as onav_nav_mesh_build_3d.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; `classes` holds `class_count` pointers;
/// `progress`, when not NULL, may be called with `user_data`.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_build_3d(
    classes: *const *const OnavSettings,
    class_count: usize,
    geometry: *const OnavTriangleGeometry,
    progress: OnavBuildProgress,
    user_data: *mut c_void,
    out_world: *mut *mut OnavNavWorld,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts, and a callback that may be called with
    // `user_data`.
    unsafe {
        guard(err, || {
            let out_world = out_arg(out_world, "out_world")?;
            let classes = copy_classes(classes, class_count)?;
            let geometry = &arg_ref(geometry, "geometry")?.geometry;
            let total = tiles_in_total(&classes, geometry)?;
            let world = run_build(progress, user_data, total, |report| {
                let meshes =
                    classes.iter().map(|settings| build_mesh(settings, geometry, report)).collect::<Result<_>>()?;
                NavWorld::new(meshes)
            })?;
            store_new_handle(out_world, || Ok(OnavNavWorld { world }))
        })
    }
}

/// Rebuilds the tile column (tile_x, tile_z) from `geometry` after an edit
/// to it, exactly as onav_nav_mesh_build_3d builds it, bakes its authored
/// links, and puts the result in place of what the column held; the
/// neighbours keep their tiles (their links to the column are
/// restitched). Writes the number of tiles the column holds afterwards,
/// the tiles built, to `*out_count`: 0 when nothing walkable is left, the
/// column then being emptied. Errors as onav_nav_mesh_build_3d; on failure
/// the mesh is unchanged.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_rebuild_tile_3d(
    nav_mesh: *mut OnavNavMesh,
    geometry: *const OnavTriangleGeometry,
    tile_x: i32,
    tile_z: i32,
    out_count: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out_count = out_arg(out_count, "out_count")?;
            let nav_mesh = &mut arg_mut(nav_mesh, "nav_mesh")?.nav_mesh;
            let geometry = &arg_ref(geometry, "geometry")?.geometry;
            nav_mesh.rebuild_tile_3d(geometry, tile_x, tile_z)?;
            out_count.write(nav_mesh.mesh().column_tiles(tile_x, tile_z).count());
            Ok(())
        })
    }
}
