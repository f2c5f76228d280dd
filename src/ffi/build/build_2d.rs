//! `OnavTileInput2d`: one tile's polygons from a builder working in the X/Y
//! plane, as plain data, and its conversion to `TileInput2d`.

use crate::build::build_2d::TileInput2d;

use crate::ffi::args::{arg_ref, arg_slice};
use crate::ffi::build::nav_tile_assembler::optional_array;
use crate::ffi::error_out::Failure;

/// A position on a 2D builder's plane: x is world X, y is world Z.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OnavDVec2 {
    /// World X.
    pub x: f64,
    /// World Z.
    pub y: f64,
}

/// The polygons of one tile column and layer from a builder working in the
/// X/Y plane, every vertex at the settings' Height, as caller-owned arrays
/// (copied). Polygons share vertices by index and may wind either way. An
/// array pointer may be NULL when its count is 0.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct OnavTileInput2d {
    /// Tile column.
    pub tile_x: i32,
    /// Tile row.
    pub tile_z: i32,
    /// Layer, 0..1023.
    pub layer: u16,
    /// World (x, y) per vertex; y becomes world Z.
    pub vertices: *const OnavDVec2,
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
    /// Area per polygon, or NULL for the settings' Area everywhere.
    pub areas: *const u8,
    /// Flags per polygon, or NULL for the settings' Flags everywhere.
    pub flags: *const u16,
}

/// Copies one input tile; `name` names it in NULL errors (`tiles[3]`).
///
/// # Safety
/// Every non-NULL array pointer of `input` points to its count of valid,
/// aligned records.
unsafe fn copy_input(input: &OnavTileInput2d, name: &str) -> Result<TileInput2d, Failure> {
    let field = |array: &str| format!("{name}.{array}");
    // SAFETY (every call below): each (pointer, count) pair of `input` is
    // valid as this function requires; NULL with a nonzero count is
    // rejected by arg_slice.
    unsafe {
        Ok(TileInput2d {
            tile_x: input.tile_x,
            tile_z: input.tile_z,
            layer: input.layer,
            vertices: arg_slice(input.vertices, input.vertex_count, &field("vertices"))?
                .iter()
                .map(|v| [v.x, v.y])
                .collect(),
            vertex_counts: arg_slice(input.vertex_counts, input.polygon_count, &field("vertex_counts"))?.to_vec(),
            indices: arg_slice(input.indices, input.index_count, &field("indices"))?.to_vec(),
            areas: optional_array(input.areas, input.polygon_count, &field("areas"))?.map(<[u8]>::to_vec),
            flags: optional_array(input.flags, input.polygon_count, &field("flags"))?.map(<[u16]>::to_vec),
        })
    }
}

/// Copies the `count` input tiles of `tiles` (NULL allowed when `count` is
/// 0).
///
/// # Safety
/// `tiles` is NULL or points to `count` valid records whose arrays hold
/// their counts of records.
pub(crate) unsafe fn copy_inputs(tiles: *const OnavTileInput2d, count: usize) -> Result<Vec<TileInput2d>, Failure> {
    // SAFETY: forwarded from this function's contract.
    let tiles = unsafe { arg_slice(tiles, count, "tiles") }?;
    tiles
        .iter()
        .enumerate()
        // SAFETY: each record's arrays are valid, as required above.
        .map(|(i, tile)| unsafe { copy_input(tile, &format!("tiles[{i}]")) })
        .collect()
}

/// Copies the single input tile `input`.
///
/// # Safety
/// `input` is NULL or a valid record whose arrays hold their counts of
/// records.
pub(crate) unsafe fn copy_one_input(input: *const OnavTileInput2d) -> Result<TileInput2d, Failure> {
    // SAFETY: forwarded from this function's contract.
    unsafe { copy_input(arg_ref(input, "input")?, "input") }
}
