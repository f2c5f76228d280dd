//! `onav_tile_assemble`: the builders' hand-over (NavTileAssembler
//! .FromPolygons) from world-space polygons in `OnavTilePolygons`.

use crate::build::nav_tile_assembler::{NavTileAssembler, TilePolygons};

use crate::ffi::args::{arg_ref, arg_slice, out_arg};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::format::params::OnavParams;
use crate::ffi::guard::guard;
use crate::ffi::handle::into_handle;
use crate::ffi::mesh::mesh_polygon::OnavDVec3;
use crate::ffi::tile::nav_tile::OnavTile;

/// The polygons of one tile in world space, as caller-owned arrays (copied
/// by onav_tile_assemble). An array pointer may be NULL when its count is
/// 0. Polygons may wind either way; clockwise ones are reversed.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OnavTilePolygons {
    /// Tile column.
    pub tile_x: i32,
    /// Tile row.
    pub tile_z: i32,
    /// World height the tile's local Y values are relative to.
    pub origin_y: f64,
    /// Layer, 0..1023.
    pub layer: u16,
    /// World positions.
    pub vertices: *const OnavDVec3,
    /// Number of vertices.
    pub vertex_count: usize,
    /// Vertex count per polygon.
    pub vertex_counts: *const u8,
    /// Number of polygons (entries of `vertex_counts`, `areas`, `flags`).
    pub polygon_count: usize,
    /// Vertex indices, polygon after polygon.
    pub indices: *const u32,
    /// Number of indices: the sum of the vertex counts.
    pub index_count: usize,
    /// Area per polygon (0..63), or NULL for area 0 everywhere.
    pub areas: *const u8,
    /// Flags per polygon, or NULL for flags 0 everywhere.
    pub flags: *const u16,
}

/// The `(ptr, count)` array named `name`, or None when `ptr` is NULL (an
/// optional per-polygon array left to its default).
///
/// # Safety
/// `ptr` is NULL or points to `count` valid, aligned `T`s that stay
/// unchanged for `'a`.
pub(crate) unsafe fn optional_array<'a, T>(
    ptr: *const T,
    count: usize,
    name: &str,
) -> Result<Option<&'a [T]>, Failure> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: non-NULL with `count` valid elements, as required above.
    unsafe { arg_slice(ptr, count, name) }.map(Some)
}

/// World vertices as the assembler's `[x, y, z]` arrays.
fn world_vertices(vertices: &[OnavDVec3]) -> Vec<[f64; 3]> {
    vertices.iter().map(|&v| v.into()).collect()
}

/// Runs the hand-over for one tile: converts to tile-local coordinates,
/// snaps coordinates within cell_size/1024 of a tile boundary onto it,
/// reverses clockwise polygons, links polygons sharing an edge (an edge
/// used by other than two polygons stays a wall), marks boundary walls as
/// portals, then validates the tile and stores it in `*out`. Errors:
/// ONAV_E_OUT_OF_RANGE for bad `params` or a world coordinate outside
/// ±2^21; ONAV_E_FORMAT naming the array or polygon for arrays that do not
/// fit together or polygons that cannot be made valid.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; each array of `polygons` holds its count of
/// records.
#[no_mangle]
pub unsafe extern "C" fn onav_tile_assemble(
    params: *const OnavParams,
    polygons: *const OnavTilePolygons,
    out: *mut *mut OnavTile,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = arg_ref(params, "params")?;
            let input = arg_ref(polygons, "polygons")?;
            let vertices = world_vertices(arg_slice(input.vertices, input.vertex_count, "polygons->vertices")?);
            let tile = NavTileAssembler::from_polygons(
                &params.into(),
                &TilePolygons {
                    tile_x: input.tile_x,
                    tile_z: input.tile_z,
                    layer: input.layer,
                    origin_y: input.origin_y,
                    vertices: &vertices,
                    vertex_counts: arg_slice(input.vertex_counts, input.polygon_count, "polygons->vertex_counts")?,
                    indices: arg_slice(input.indices, input.index_count, "polygons->indices")?,
                    areas: optional_array(input.areas, input.polygon_count, "polygons->areas")?,
                    flags: optional_array(input.flags, input.polygon_count, "polygons->flags")?,
                },
            )?;
            out.write(into_handle(OnavTile { tile: tile.into() }));
            Ok(())
        })
    }
}
