//! The `OnavTriangleGeometry` handle: the voxel builder's input
//! (`TriangleGeometry`), level triangles with optional areas and convex
//! volumes, copied from the caller's arrays and checked as it is made.

use crate::build::voxel::geometry::{ConvexVolume, TriangleGeometry};

use crate::ffi::args::{arg_mut, arg_slice, out_arg};
use crate::ffi::build::build_2d::OnavDVec2;
use crate::ffi::build::nav_tile_assembler::optional_array;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, store_new_handle};
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::status::OnavStatus;

/// Level triangles for the voxel builds (onav_nav_mesh_build_3d,
/// onav_nav_world_build_3d, onav_nav_mesh_rebuild_tile_3d), in world units,
/// Y up, with an optional area per triangle and convex volumes that mark
/// areas. Opaque: created by onav_triangle_geometry_create, released by
/// onav_triangle_geometry_free. Builds take it as const and may run
/// concurrently; adding a volume needs exclusive use.
pub struct OnavTriangleGeometry {
    pub(crate) geometry: TriangleGeometry,
}

/// Area value of a triangle or volume that blocks the agent and is never
/// walked on (every other area is 0..63).
pub const ONAV_UNWALKABLE: u8 = 0xFF;
// cbindgen needs the literal above; this keeps it equal to the builder's.
const _: () = assert!(ONAV_UNWALKABLE == crate::build::voxel::geometry::UNWALKABLE);

/// The triangles of `indices`, three per triangle.
fn triangles_of(indices: &[u32]) -> Result<Vec<[u32; 3]>, Failure> {
    if !indices.len().is_multiple_of(3) {
        return Err(Failure::new(
            OnavStatus::ONAV_E_FORMAT,
            format!("index_count {} is not a multiple of 3 (three indices per triangle)", indices.len()),
        ));
    }
    Ok(indices.chunks_exact(3).map(|t| [t[0], t[1], t[2]]).collect())
}

/// Copies `vertex_count` world positions of `vertices` and `index_count`
/// vertex indices of `indices` (three per triangle) into new geometry
/// stored in `*out`; `areas` is NULL (every walkable triangle gets the
/// settings' Area) or holds one area per triangle (index_count / 3), each
/// 0..63 or ONAV_UNWALKABLE. A triangle steeper than AgentMaxSlope never
/// walks, whatever its area. Checked here, each error naming the entry:
/// ONAV_E_FORMAT for an index_count that is not a multiple of 3 or an index
/// not below vertex_count (`triangles[t][k]`); ONAV_E_OUT_OF_RANGE for no
/// triangle, a NaN, infinite or outside ±2^21 coordinate
/// (`vertices[i].x`), or an area neither 0..63 nor ONAV_UNWALKABLE
/// (`areas[i]`). Degenerate triangles are accepted and add nothing.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; `vertices` holds `vertex_count` records,
/// `indices` `index_count` values and a non-NULL `areas` index_count / 3.
#[no_mangle]
pub unsafe extern "C" fn onav_triangle_geometry_create(
    vertices: *const OnavDVec3,
    vertex_count: usize,
    indices: *const u32,
    index_count: usize,
    areas: *const u8,
    out: *mut *mut OnavTriangleGeometry,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let vertices = arg_slice(vertices, vertex_count, "vertices")?;
            let triangles = triangles_of(arg_slice(indices, index_count, "indices")?)?;
            let areas = optional_array(areas, triangles.len(), "areas")?.map(<[u8]>::to_vec);
            store_new_handle(out, || {
                let geometry = TriangleGeometry {
                    vertices: vertices.iter().map(|&v| v.into()).collect(),
                    triangles,
                    areas,
                    volumes: Vec::new(),
                };
                geometry.validate()?;
                Ok(OnavTriangleGeometry { geometry })
            })
        })
    }
}

/// Adds a convex volume (Recast's): walkable floor whose cell centre lies
/// inside the outline of `point_count` world (x, z) points (at least 3,
/// either winding; OnavDVec2's y is world Z) and whose height lies within
/// `min_y`..`max_y` (world units) takes `area` (0..63, or ONAV_UNWALKABLE
/// to block it). Volumes apply in the order added, after erosion, a later
/// one winning. Errors name `volumes[i]`: ONAV_E_FORMAT for fewer than 3
/// points; ONAV_E_OUT_OF_RANGE for a coordinate outside ±2^21, min_y above
/// max_y or a bad area. On failure the geometry is unchanged.
///
/// Thread safety: exclusive on the geometry.
///
/// # Safety
/// Pointers are NULL or valid; `points` holds `point_count` records.
#[no_mangle]
pub unsafe extern "C" fn onav_triangle_geometry_add_convex_volume(
    geometry: *mut OnavTriangleGeometry,
    points: *const OnavDVec2,
    point_count: usize,
    min_y: f64,
    max_y: f64,
    area: u8,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let geometry = &mut arg_mut(geometry, "geometry")?.geometry;
            let points = arg_slice(points, point_count, "points")?;
            let volume = ConvexVolume { points: points.iter().map(|p| [p.x, p.y]).collect(), min_y, max_y, area };
            volume.validate(geometry.volumes.len())?;
            geometry.volumes.push(volume);
            Ok(())
        })
    }
}

/// Releases geometry. NULL is a no-op; freeing the same geometry twice is
/// not allowed. Meshes built from it do not refer to it.
///
/// Thread safety: exclusive: no other call may use the geometry meanwhile
/// or afterwards.
///
/// # Safety
/// `geometry` is NULL or geometry from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_triangle_geometry_free(geometry: *mut OnavTriangleGeometry) {
    // SAFETY: `geometry` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(geometry) }
}
