//! RAII around Detour's `dtNavMeshQuery` (`dtAllocNavMeshQuery` /
//! `dtFreeNavMeshQuery`) over a [`DetourMesh`] it borrows, and the
//! queries the harness times.

use std::marker::PhantomData;
use std::ptr::NonNull;

use recastnavigation_sys::{
    dtAllocNavMeshQuery, dtFreeNavMeshQuery, dtNavMeshQuery, dtPolyRef, dtQueryFilter, dtStatus, DT_FAILURE,
};

use crate::detour_mesh::DetourMesh;

pub struct DetourQuery<'m> {
    query: NonNull<dtNavMeshQuery>,
    mesh: PhantomData<&'m DetourMesh>,
}

fn failed(status: dtStatus) -> bool {
    status & DT_FAILURE != 0
}

impl<'m> DetourQuery<'m> {
    /// A query over `mesh` with `max_nodes` search nodes (Detour's limit
    /// is 65 535).
    pub fn new(mesh: &'m DetourMesh, max_nodes: i32) -> Result<DetourQuery<'m>, String> {
        // SAFETY: dtAllocNavMeshQuery returns null or a constructed query.
        let query = NonNull::new(unsafe { dtAllocNavMeshQuery() }).ok_or("dtAllocNavMeshQuery failed")?;
        let mut query = DetourQuery { query, mesh: PhantomData };
        // SAFETY: the query is valid and the mesh outlives it ('m).
        let status = unsafe { query.query.as_mut().init(mesh.as_ptr(), max_nodes) };
        if failed(status) {
            return Err(format!("dtNavMeshQuery::init failed (status {status:#x})"));
        }
        Ok(query)
    }

    /// The nearest polygon's reference, 0 when the box holds none.
    pub fn find_nearest_poly(
        &self,
        center: &[f32; 3],
        half_extents: &[f32; 3],
        filter: &dtQueryFilter,
    ) -> Result<dtPolyRef, String> {
        let mut nearest: dtPolyRef = 0;
        // SAFETY: every pointer is valid for the call; the point out
        // pointer may be null.
        let status = unsafe {
            self.query.as_ref().findNearestPoly(
                center.as_ptr(),
                half_extents.as_ptr(),
                filter,
                &mut nearest,
                std::ptr::null_mut(),
            )
        };
        if failed(status) {
            return Err(format!("Detour findNearestPoly failed (status {status:#x})"));
        }
        Ok(nearest)
    }

    /// The corridor into `path` (its length is the capacity); returns the
    /// status and the corridor's length.
    pub fn find_path(
        &self,
        (start_ref, end_ref): (dtPolyRef, dtPolyRef),
        (start, end): (&[f32; 3], &[f32; 3]),
        filter: &dtQueryFilter,
        path: &mut [dtPolyRef],
    ) -> Result<(dtStatus, usize), String> {
        let mut count = 0;
        // SAFETY: `path` holds `path.len()` references; the rest is valid
        // for the call.
        let status = unsafe {
            self.query.as_ref().findPath(
                start_ref,
                end_ref,
                start.as_ptr(),
                end.as_ptr(),
                filter,
                path.as_mut_ptr(),
                &mut count,
                path.len() as i32,
            )
        };
        if failed(status) {
            return Err(format!("Detour findPath failed (status {status:#x})"));
        }
        Ok((status, count as usize))
    }

    /// The straight path through `corridor` into `points` and `flags` (of
    /// equal length, the capacity); returns how many vertices it has.
    pub fn find_straight_path(
        &self,
        (start, end): (&[f32; 3], &[f32; 3]),
        corridor: &[dtPolyRef],
        points: &mut [[f32; 3]],
        flags: &mut [u8],
    ) -> Result<usize, String> {
        assert_eq!(points.len(), flags.len(), "one flag per point");
        let mut count = 0;
        // SAFETY: `points` holds 3 floats and `flags` one byte per vertex
        // of the capacity; the refs out pointer may be null.
        let status = unsafe {
            self.query.as_ref().findStraightPath(
                start.as_ptr(),
                end.as_ptr(),
                corridor.as_ptr(),
                corridor.len() as i32,
                points.as_mut_ptr().cast(),
                flags.as_mut_ptr(),
                std::ptr::null_mut(),
                &mut count,
                points.len() as i32,
                0,
            )
        };
        if failed(status) {
            return Err(format!("Detour findStraightPath failed (status {status:#x})"));
        }
        Ok(count as usize)
    }
}

impl DetourQuery<'_> {
    /// Casts from `start` (in `start_ref`) towards `end`, the polygons
    /// crossed into `path` (its length is the capacity); returns the hit
    /// parameter (`f32::MAX` when the ray reached `end`).
    pub fn raycast(
        &self,
        start_ref: dtPolyRef,
        (start, end): (&[f32; 3], &[f32; 3]),
        filter: &dtQueryFilter,
        path: &mut [dtPolyRef],
    ) -> Result<f32, String> {
        let (mut t, mut normal, mut count) = (0.0, [0.0f32; 3], 0);
        // SAFETY: `path` holds `path.len()` references; the rest is valid
        // for the call.
        let status = unsafe {
            self.query.as_ref().raycast(
                start_ref,
                start.as_ptr(),
                end.as_ptr(),
                filter,
                &mut t,
                normal.as_mut_ptr(),
                path.as_mut_ptr(),
                &mut count,
                path.len() as i32,
            )
        };
        if failed(status) {
            return Err(format!("Detour raycast failed (status {status:#x})"));
        }
        Ok(t)
    }
}

impl Drop for DetourQuery<'_> {
    fn drop(&mut self) {
        // SAFETY: the query came from dtAllocNavMeshQuery and is freed once.
        unsafe { dtFreeNavMeshQuery(self.query.as_ptr()) }
    }
}
