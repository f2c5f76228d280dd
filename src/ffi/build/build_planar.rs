//! The exact 2D builder from C (issue 22): `OnavPlanarOutlines` (walkable
//! regions with holes, obstacles, as caller-owned rings of `OnavDVec2`)
//! `onav_nav_mesh_build_planar` (`NavMesh::build_planar`),
//! `onav_nav_world_build_planar` and `onav_nav_mesh_rebuild_tile_planar`.

use crate::build::planar::planar_input::{PlanarOutlines, PlanarRegion, PlanarRing};
use crate::error::NavMeshError;
use crate::world::nav_mesh::NavMesh;
use crate::world::nav_world::NavWorld;

use crate::ffi::args::{arg_mut, arg_ref, arg_slice, out_arg};
use crate::ffi::build::build_2d::OnavDVec2;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::handle::store_new_handle;
use crate::ffi::world::nav_mesh::OnavNavMesh;
use crate::ffi::world::nav_settings::{settings_arg, OnavSettings};
use crate::ffi::world::nav_world::{copy_classes, OnavNavWorld};

/// A ring of positions on the builder's plane (x is world X, y world Z);
/// the last point connects to the first. `points` may be NULL when
/// `count` is 0.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OnavPlanarRing {
    pub points: *const OnavDVec2,
    pub count: usize,
}

/// A walkable region: its outline, its holes, and its area and flags, or
/// -1 for the settings' Area / Flags.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OnavPlanarRegion {
    pub outline: OnavPlanarRing,
    /// May be NULL when `hole_count` is 0.
    pub holes: *const OnavPlanarRing,
    pub hole_count: usize,
    /// 0..63, or -1 for the settings' Area.
    pub area: i32,
    /// 0..65535, or -1 for the settings' Flags.
    pub flags: i32,
}

/// Everything the planar builder reads besides the settings (copied).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OnavPlanarOutlines {
    /// May be NULL when `region_count` is 0.
    pub regions: *const OnavPlanarRegion,
    pub region_count: usize,
    /// Rings nothing may enter; may be NULL when `obstacle_count` is 0.
    pub obstacles: *const OnavPlanarRing,
    pub obstacle_count: usize,
}

/// Copies one ring; `name` names it in NULL errors.
///
/// # Safety
/// A non-NULL `points` holds `count` records.
unsafe fn copy_ring(ring: &OnavPlanarRing, name: &str) -> Result<PlanarRing, Failure> {
    // SAFETY: forwarded from this function's contract.
    Ok(unsafe { arg_slice(ring.points, ring.count, name) }?.iter().map(|p| [p.x, p.y]).collect())
}

/// Copies `count` rings of `rings`, named `name[i]`.
///
/// # Safety
/// A non-NULL `rings` holds `count` records, each valid for `copy_ring`.
unsafe fn copy_rings(rings: *const OnavPlanarRing, count: usize, name: &str) -> Result<Vec<PlanarRing>, Failure> {
    // SAFETY: forwarded from this function's contract.
    let rings = unsafe { arg_slice(rings, count, name) }?;
    rings
        .iter()
        .enumerate()
        // SAFETY: each ring is valid, as required above.
        .map(|(i, ring)| unsafe { copy_ring(ring, &format!("{name}[{i}]")) })
        .collect()
}

/// An optional per-region value: -1 for the default, else it must fit.
fn optional<T: TryFrom<i32>>(value: i32, name: &str) -> Result<Option<T>, Failure> {
    if value == -1 {
        return Ok(None);
    }
    T::try_from(value)
        .map(Some)
        .map_err(|_| NavMeshError::out_of_range(format!("{name} = {value} is neither -1 nor in range")).into())
}

/// Copies the outlines.
///
/// # Safety
/// Every non-NULL array of `outlines` and of its records holds its count.
unsafe fn copy_outlines(outlines: &OnavPlanarOutlines) -> Result<PlanarOutlines, Failure> {
    // SAFETY (all blocks): forwarded from this function's contract.
    let regions = unsafe { arg_slice(outlines.regions, outlines.region_count, "outlines.regions") }?;
    let regions = regions
        .iter()
        .enumerate()
        .map(|(r, region)| {
            let name = format!("outlines.regions[{r}]");
            Ok(PlanarRegion {
                outline: unsafe { copy_ring(&region.outline, &format!("{name}.outline")) }?,
                holes: unsafe { copy_rings(region.holes, region.hole_count, &format!("{name}.holes")) }?,
                area: optional(region.area, &format!("{name}.area"))?,
                flags: optional(region.flags, &format!("{name}.flags"))?,
            })
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let obstacles = unsafe { copy_rings(outlines.obstacles, outlines.obstacle_count, "outlines.obstacles") }?;
    Ok(PlanarOutlines { regions, obstacles })
}

/// Builds a mesh with the exact 2D builder (NavMesh.BuildPlanar,
/// docs/BUILD_PLANAR.md) and stores it in `*out`: walkable regions minus
/// obstacles, the agent radius kept clear, cut into tiles on a 2^-SnapBits
/// lattice and split into convex polygons, with authored links baked.
/// Equal input gives equal bytes. Errors: ONAV_E_OUT_OF_RANGE for a
/// coordinate that is not finite or outside ±2^21 (naming the point), an
/// area or flags value out of range, or settings whose lattice cannot be
/// used (naming SnapBits); ONAV_E_FORMAT for a ring with fewer than three
/// distinct points or one that crosses or touches itself (naming it).
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; every array of `outlines` holds its count.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_build_planar(
    settings: *const OnavSettings,
    outlines: *const OnavPlanarOutlines,
    out: *mut *mut OnavNavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let settings = settings_arg(settings, "settings")?;
            let outlines = copy_outlines(arg_ref(outlines, "outlines")?)?;
            store_new_handle(out, || Ok(OnavNavMesh { nav_mesh: NavMesh::build_planar(settings.clone(), &outlines)? }))
        })
    }
}

/// Builds one mesh per settings of `classes` (`class_count` pointers, at
/// least one), in the order given, from the same outlines, and stores the
/// world in `*out_world` (NavWorld.BuildPlanar). Class i is byte-identical
/// to onav_nav_mesh_build_planar with `classes[i]`. No class is
/// ONAV_E_OUT_OF_RANGE; other errors as onav_nav_mesh_build_planar.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; `classes` holds `class_count` pointers and
/// every array of `outlines` holds its count.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_build_planar(
    classes: *const *const OnavSettings,
    class_count: usize,
    outlines: *const OnavPlanarOutlines,
    out_world: *mut *mut OnavNavWorld,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let out_world = out_arg(out_world, "out_world")?;
            let classes = copy_classes(classes, class_count)?;
            let outlines = copy_outlines(arg_ref(outlines, "outlines")?)?;
            store_new_handle(out_world, || Ok(OnavNavWorld { world: NavWorld::build_planar(&classes, &outlines)? }))
        })
    }
}

/// Rebuilds the tile at (tile_x, tile_z) from changed outlines exactly as
/// onav_nav_mesh_build_planar builds it (the whole outline set is cut, so
/// its borders meet the neighbours built from the same outlines) and puts
/// it in place of what the position held; the neighbours keep their tiles
/// (their links to it are restitched). Writes the number of tiles the
/// position holds afterwards to `*out_count`: 1, or 0 when the outlines
/// leave no free space there (the tile is then removed). Errors as
/// onav_nav_mesh_build_planar; on failure the mesh is unchanged.
///
/// Thread safety: exclusive on the mesh.
///
/// # Safety
/// Pointers are NULL or valid; every array of `outlines` holds its count.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_mesh_rebuild_tile_planar(
    nav_mesh: *mut OnavNavMesh,
    outlines: *const OnavPlanarOutlines,
    tile_x: i32,
    tile_z: i32,
    out_count: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let out_count = out_arg(out_count, "out_count")?;
            let nav_mesh = &mut arg_mut(nav_mesh, "nav_mesh")?.nav_mesh;
            let outlines = copy_outlines(arg_ref(outlines, "outlines")?)?;
            let built = nav_mesh.rebuild_tile_planar(&outlines, tile_x, tile_z)?;
            out_count.write(usize::from(built.is_some()));
            Ok(())
        })
    }
}
