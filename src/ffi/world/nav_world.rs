//! The `OnavNavWorld` handle: one tier-1 mesh per agent class over the same
//! input. 2D build, the classes, ClassFor, ONNW save and load, free.

use crate::world::nav_settings::NavSettings;
use crate::world::nav_world::NavWorld;

use crate::ffi::args::{arg_ref, arg_slice, out_arg};
use crate::ffi::buffer::write_handle_bytes;
use crate::ffi::build::build_2d::{copy_inputs, OnavTileInput2d};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, into_handle, read_into_handle, store_new_handle, write_handle_value};
use crate::ffi::world::nav_mesh::OnavNavMesh;
use crate::ffi::world::nav_settings::{settings_arg, OnavSettings};

/// The meshes of several agent classes over the same input, in class
/// order. Opaque: created by onav_nav_world_build_2d or
/// onav_nav_world_load, released by onav_nav_world_free. Every function
/// takes it as const, so it may be used from several threads at once.
pub struct OnavNavWorld {
    pub(crate) world: NavWorld,
}

/// Copies the settings behind each of the `count` pointers of `classes`,
/// naming a NULL one `classes[i]`.
///
/// # Safety
/// `classes` is NULL or points to `count` pointers, each NULL or valid.
pub(crate) unsafe fn copy_classes(
    classes: *const *const OnavSettings,
    count: usize,
) -> Result<Vec<NavSettings>, Failure> {
    // SAFETY: forwarded from this function's contract.
    let pointers = unsafe { arg_slice(classes, count, "classes") }?;
    pointers
        .iter()
        .enumerate()
        // SAFETY: each pointer is NULL or valid, as required above.
        .map(|(i, &settings)| unsafe { settings_arg(settings, &format!("classes[{i}]")) }.cloned())
        .collect()
}

/// Builds one mesh per settings of `classes` (`class_count` pointers, at
/// least one), in the order given, from the same `tile_count` tiles of
/// `tiles` (as onav_nav_mesh_build_2d), and stores the world in `*out`.
/// Class i is byte-identical to onav_nav_mesh_build_2d with `classes[i]`.
/// No class is ONAV_E_OUT_OF_RANGE; build errors as onav_nav_mesh_build_2d.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid; `classes` holds `class_count` pointers and
/// `tiles` holds `tile_count` records whose arrays hold their counts.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_build_2d(
    classes: *const *const OnavSettings,
    class_count: usize,
    tiles: *const OnavTileInput2d,
    tile_count: usize,
    out: *mut *mut OnavNavWorld,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // arrays of the stated counts.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let classes = copy_classes(classes, class_count)?;
            let inputs = copy_inputs(tiles, tile_count)?;
            store_new_handle(out, || Ok(OnavNavWorld { world: NavWorld::build_2d(&classes, &inputs)? }))
        })
    }
}

/// The number of agent classes (at least 1).
///
/// Thread safety: may be called concurrently on the same world.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_class_count(
    world: *const OnavNavWorld,
    out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe { write_handle_value(world, "world", out, err, |world| Ok(world.world.classes().len())) }
}

/// Stores a clone of class `index`'s mesh in `*out_clone` (cheap: tiles
/// are shared), to release with onav_nav_mesh_free; rebuilding the clone
/// does not change the world. An index past the last class is
/// ONAV_E_NOT_FOUND.
///
/// Thread safety: may be called concurrently on the same world.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_class(
    world: *const OnavNavWorld,
    index: u32,
    out_clone: *mut *mut OnavNavMesh,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out_clone = out_arg(out_clone, "out_clone")?;
            let world = &arg_ref(world, "world")?.world;
            let class =
                world.class(index as usize).ok_or_else(|| Failure::not_found("class", index, world.classes().len()))?;
            out_clone.write(into_handle(OnavNavMesh { nav_mesh: class.clone() }));
            Ok(())
        })
    }
}

/// ClassFor(radius): writes to `*index_out` the class with the smallest
/// AgentRadius >= `radius` (lowest index among equals), else the class with
/// the largest AgentRadius (lowest index among equals).
///
/// Thread safety: may be called concurrently on the same world.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_class_for(
    world: *const OnavNavWorld,
    radius: f32,
    index_out: *mut u32,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let index_out = out_arg(index_out, "index_out")?;
            let world = arg_ref(world, "world")?;
            let index = world.world.class_for(radius);
            // The class count fits u32: ONNW stores it as one, and a build
            // has one class per caller-given pointer.
            index_out.write(index as u32);
            Ok(())
        })
    }
}

/// Writes the world's ONNW envelope (each class's ONNM in class order)
/// into `buf` of `cap` bytes and its length to `*len_out`. A NULL or too
/// small buffer gives ONAV_E_BUFFER_TOO_SMALL with the needed length in
/// `*len_out`.
///
/// Thread safety: may be called concurrently on the same world.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_save(
    world: *const OnavNavWorld,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers and a buffer of
    // `cap` bytes.
    unsafe { write_handle_bytes(world, "world", buf, cap, len_out, err, |world| world.world.save()) }
}

/// Reads an ONNW envelope into a new world stored in `*out`, keeping the
/// class order. A class count the bytes cannot hold or trailing bytes are
/// ONAV_E_FORMAT; errors inside a class keep their kind (as
/// onav_nav_mesh_load).
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// `data` holds `len` readable bytes (may be NULL when `len` is 0); other
/// pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_load(
    data: *const u8,
    len: usize,
    out: *mut *mut OnavNavWorld,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and
    // `len` readable bytes.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            read_into_handle(data, len, out, |bytes| Ok(OnavNavWorld { world: NavWorld::load(bytes)? }))
        })
    }
}

/// Releases a world. Class clones taken from it stay valid. NULL is a
/// no-op; freeing the same world twice is not allowed.
///
/// Thread safety: exclusive: no other call may use the world meanwhile or
/// afterwards.
///
/// # Safety
/// `world` is NULL or a world from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_nav_world_free(world: *mut OnavNavWorld) {
    // SAFETY: `world` is NULL or a handle from this library not yet
    // freed and not used again, as required above.
    unsafe { free_handle(world) }
}
