//! The stitched links leaving a polygon of an `OnavMesh`, as plain-data
//! `OnavLink` records, and the link kind values.

use crate::mesh::poly_ref::PolyRef;
use crate::stitch::links::{Link, LinkKind};

use crate::ffi::args::arg_ref;
use crate::ffi::buffer::array_buffer;
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::mesh::mesh_polygon::unknown_polygon;
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;

/// Link kind: a shared stretch of two portal edges in neighbouring columns.
pub const ONAV_LINK_PORTAL: i32 = 0;
/// Link kind: an off-mesh link leaving its start polygon.
pub const ONAV_LINK_OFF_MESH: i32 = 1;
/// Link kind: the way back of a bidirectional off-mesh link, leaving its
/// end polygon.
pub const ONAV_LINK_OFF_MESH_REVERSE: i32 = 2;

/// The `ONAV_LINK_*` value of a link kind.
pub(crate) fn link_kind_code(kind: LinkKind) -> i32 {
    match kind {
        LinkKind::Portal => ONAV_LINK_PORTAL,
        LinkKind::OffMesh => ONAV_LINK_OFF_MESH,
        LinkKind::OffMeshReverse => ONAV_LINK_OFF_MESH_REVERSE,
    }
}

/// One stitched link leaving a polygon.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnavLink {
    /// PolyRef of the polygon the link arrives at.
    pub target: u64,
    /// ONAV_LINK_PORTAL, ONAV_LINK_OFF_MESH or ONAV_LINK_OFF_MESH_REVERSE.
    pub kind: i32,
    /// Portal: the source polygon's edge; off-mesh: 0xFF.
    pub edge: u8,
    /// Portal: the edge's tile side 0..3; off-mesh: 0xFF.
    pub side: u8,
    /// Portal: the target polygon's edge; off-mesh: 0xFF.
    pub target_edge: u8,
    /// Portal: start of the covered part of the source edge in 1/255ths
    /// from its first vertex; off-mesh: 0.
    pub range_min: u8,
    /// Portal: end of the covered part in 1/255ths; off-mesh: 255.
    pub range_max: u8,
    /// Off-mesh: the link's index in the tile holding its start (the source
    /// tile for ONAV_LINK_OFF_MESH, the target tile for
    /// ONAV_LINK_OFF_MESH_REVERSE); portal: 0.
    pub off_mesh_index: u32,
}

impl From<&Link> for OnavLink {
    fn from(link: &Link) -> Self {
        OnavLink {
            target: link.target.0,
            kind: link_kind_code(link.kind),
            edge: link.edge,
            side: link.side,
            target_edge: link.target_edge,
            range_min: link.range_min,
            range_max: link.range_max,
            off_mesh_index: link.off_mesh_index,
        }
    }
}

/// The links leaving the polygon `poly_ref` names, in the format's order
/// (portal links, then forward off-mesh links, then reverse ones), copied
/// into `buf` of `cap` entries, their number written to `*len_out` (0 for
/// a polygon without links). A NULL or too small buffer gives
/// ONAV_E_BUFFER_TOO_SMALL with the needed number in `*len_out`;
/// ONAV_E_NOT_FOUND for a null, stale or out-of-range reference.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid; `buf` holds `cap` writable entries.
#[no_mangle]
pub unsafe extern "C" fn onav_mesh_links(
    mesh: *const OnavMesh,
    poly_ref: u64,
    buf: *mut OnavLink,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers and a
    // buffer of `cap` entries.
    unsafe {
        guard(err, || {
            let output = array_buffer(buf, cap, len_out)?;
            let mesh = arg_ref(mesh, "mesh")?;
            let links = mesh.mesh.links(PolyRef(poly_ref)).ok_or_else(|| unknown_polygon(poly_ref))?;
            output.fill(&links.map(|link| OnavLink::from(&link)).collect::<Vec<_>>())
        })
    }
}
