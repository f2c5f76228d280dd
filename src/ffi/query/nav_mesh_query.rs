//! The `OnavQuery` handle: queries over one version of a mesh, created
//! over an `OnavMesh`, an `OnavNavMesh` or the class of an `OnavNavWorld`
//! an agent walks, moved to another version by onav_query_set_mesh; the
//! query's limits and reference validity.

use crate::mesh::poly_ref::PolyRef;
use crate::query::local_neighbourhood::NeighbourPoly;
use crate::query::nav_mesh_query::NavMeshQuery;
use crate::query::polys_around_circle::PolyAround;
use crate::query::query_status::PathOutcome;
use crate::query::straight_path::StraightPathVertex;
use crate::query::wall_segments::WallSegment;

use crate::ffi::args::{arg_mut, arg_ref, out_arg};
use crate::ffi::error_out::OnavError;
use crate::ffi::guard::guard;
use crate::ffi::handle::{free_handle, store_new_handle, write_handle_value};
use crate::ffi::mesh::tiled_nav_mesh::OnavMesh;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};
use crate::ffi::world::nav_mesh::OnavNavMesh;
use crate::ffi::world::nav_world::OnavNavWorld;

/// Queries over one version of a mesh: a cheap clone taken when the query
/// is created (or moved by onav_query_set_mesh), so the host may edit,
/// stream or free its OnavMesh meanwhile; the query keeps answering from
/// its version. It owns the search nodes and scratch buffers every query
/// reuses, so warm queries do not allocate. Opaque: created by
/// onav_query_new, onav_query_new_for_nav_mesh or
/// onav_query_new_for_agent, released by onav_query_free.
///
/// Thread safety: one thread at a time per OnavQuery (every query function
/// takes it non-const: searches write its nodes and scratch buffers). Many OnavQuery handles,
/// over one mesh or clones of it, run concurrently on different threads
/// while another thread edits the original mesh.
pub struct OnavQuery {
    pub(crate) query: NavMeshQuery,
    /// Scratch, reused between calls: a corridor handed in or found (or the
    /// polygons a local query visited), the straight path's vertices and
    /// the local queries' answers.
    pub(crate) corridor: Vec<PolyRef>,
    pub(crate) vertices: Vec<StraightPathVertex>,
    pub(crate) around: Vec<PolyAround>,
    pub(crate) neighbours: Vec<NeighbourPoly>,
    pub(crate) walls: Vec<WallSegment>,
    /// A finalized sliced search whose corridor (in `corridor`) did not fit
    /// the caller's buffer: the next finalize returns it instead of failing
    /// for want of a search, since finalizing ended the search.
    pub(crate) pending: Option<PathOutcome>,
}

impl OnavQuery {
    fn over(query: NavMeshQuery) -> OnavQuery {
        OnavQuery {
            query,
            corridor: Vec::new(),
            vertices: Vec::new(),
            around: Vec::new(),
            neighbours: Vec::new(),
            walls: Vec::new(),
            pending: None,
        }
    }
}

/// Stores in `*out` a query over the mesh as it is now (a cheap clone:
/// later edits of `mesh` are not seen), whose path searches may create up
/// to `max_nodes` nodes each. Node memory grows to what searches use, never
/// beyond `max_nodes`. `max_nodes` 0 is ONAV_E_OUT_OF_RANGE.
///
/// Thread safety: may be called concurrently on the same mesh (it reads
/// the mesh), for example from worker threads while no thread edits it.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_new(
    mesh: *const OnavMesh,
    max_nodes: u32,
    out: *mut *mut OnavQuery,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let mesh = arg_ref(mesh, "mesh")?;
            store_new_handle(out, || Ok(OnavQuery::over(NavMeshQuery::new(&mesh.mesh, max_nodes as usize)?)))
        })
    }
}

/// As onav_query_new, over the tiled mesh of a tier-1 mesh.
///
/// Thread safety: may be called concurrently on the same mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_new_for_nav_mesh(
    nav_mesh: *const OnavNavMesh,
    max_nodes: u32,
    out: *mut *mut OnavQuery,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let nav_mesh = arg_ref(nav_mesh, "nav_mesh")?;
            store_new_handle(out, || {
                Ok(OnavQuery::over(NavMeshQuery::for_nav_mesh(&nav_mesh.nav_mesh, max_nodes as usize)?))
            })
        })
    }
}

/// As onav_query_new, over the class of `world` an agent of `radius`
/// walks (onav_nav_world_class_for: the smallest AgentRadius >= `radius`,
/// else the largest).
///
/// Thread safety: may be called concurrently on the same world.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_new_for_agent(
    world: *const OnavNavWorld,
    radius: f32,
    max_nodes: u32,
    out: *mut *mut OnavQuery,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let world = arg_ref(world, "world")?;
            store_new_handle(out, || {
                Ok(OnavQuery::over(NavMeshQuery::for_agent(&world.world, radius, max_nodes as usize)?))
            })
        })
    }
}

/// Moves the query to the mesh as it is now (a cheap clone), keeping its
/// buffers. A sliced search in progress (or a finalized corridor not yet
/// collected) ends: its references may not hold in the new version.
///
/// Thread safety: exclusive on the query; may run concurrently with other
/// readers of the mesh.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_set_mesh(query: *mut OnavQuery, mesh: *const OnavMesh, err: *mut OnavError) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let query = arg_mut(query, "query")?;
            let mesh = arg_ref(mesh, "mesh")?;
            query.query.set_mesh(&mesh.mesh);
            query.pending = None;
            Ok(())
        })
    }
}

/// The largest node budget a path search of this query may be given (its
/// `max_nodes`).
///
/// Thread safety: may be called concurrently on the same query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_max_nodes(query: *const OnavQuery, out: *mut u32, err: *mut OnavError) -> i32 {
    // SAFETY: the caller passes NULL or valid pointers.
    unsafe {
        write_handle_value(query, "query", out, err, |query| {
            // It came from a uint32_t max_nodes.
            Ok(query.query.max_nodes() as u32)
        })
    }
}

/// Writes 1 to `*valid_out` when `poly_ref` names a polygon of the query's
/// version that `filter` lets a query use, else 0.
///
/// Thread safety: exclusive on the query.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_query_is_valid_poly_ref(
    query: *mut OnavQuery,
    poly_ref: u64,
    filter: *const OnavQueryFilter,
    valid_out: *mut u8,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let valid_out = out_arg(valid_out, "valid_out")?;
            let query = arg_mut(query, "query")?;
            let filter = filter_arg(filter)?;
            valid_out.write(u8::from(query.query.is_valid_poly_ref(PolyRef(poly_ref), &filter)));
            Ok(())
        })
    }
}

/// Releases a query. Its mesh version goes with it; the host's meshes are
/// unaffected. NULL is a no-op; freeing the same query twice is not
/// allowed.
///
/// Thread safety: exclusive: no other call may use the query meanwhile or
/// afterwards.
///
/// # Safety
/// `query` is NULL or a query from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn onav_query_free(query: *mut OnavQuery) {
    // SAFETY: `query` is NULL or a handle from this library not yet freed
    // and not used again, as required above.
    unsafe { free_handle(query) }
}
