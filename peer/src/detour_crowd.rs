//! RAII around DetourCrowd's `dtCrowd` (`dtAllocCrowd` / `dtFreeCrowd`)
//! over a [`DetourMesh`] it borrows, set up as RecastDemo's crowd tool sets
//! it up.

use std::marker::PhantomData;
use std::ptr::NonNull;

use recastnavigation_sys::{dtAllocCrowd, dtCrowd, dtCrowdAgentParams, dtFreeCrowd, dtNavMesh, dtPolyRef};

use crate::detour_mesh::DetourMesh;

pub struct DetourCrowd<'m> {
    crowd: NonNull<dtCrowd>,
    mesh: PhantomData<&'m DetourMesh>,
}

/// RecastDemo's four avoidance qualities (low, medium, good, high) as
/// (adaptive divisions, rings, depth), each with velocity bias 0.5 over
/// DetourCrowd's defaults.
const AVOIDANCE_QUALITIES: [(u8, u8, u8); 4] = [(5, 2, 1), (5, 2, 2), (7, 2, 3), (7, 3, 3)];

impl<'m> DetourCrowd<'m> {
    /// A crowd of up to `max_agents` agents of radius up to `max_radius`.
    pub fn new(mesh: &'m DetourMesh, max_agents: usize, max_radius: f32) -> Result<DetourCrowd<'m>, String> {
        let max_agents = i32::try_from(max_agents).map_err(|_| format!("{max_agents} agents: beyond an int"))?;
        // SAFETY: dtAllocCrowd returns null or a constructed crowd.
        let crowd = NonNull::new(unsafe { dtAllocCrowd() }).ok_or("dtAllocCrowd failed")?;
        let mut crowd = DetourCrowd { crowd, mesh: PhantomData };
        // SAFETY: the crowd is valid and the mesh outlives it ('m); the
        // crowd only reads the mesh through its queries.
        let ready = unsafe { crowd.crowd.as_mut().init(max_agents, max_radius, mesh.as_ptr() as *mut dtNavMesh) };
        if !ready {
            return Err("dtCrowd::init failed".into());
        }
        for (index, (divs, rings, depth)) in AVOIDANCE_QUALITIES.into_iter().enumerate() {
            // SAFETY: index 0 always holds parameters after init; the copy
            // is plain data.
            let mut params = unsafe { *crowd.crowd.as_ref().getObstacleAvoidanceParams(0) };
            params.velBias = 0.5;
            params.adaptiveDivs = divs;
            params.adaptiveRings = rings;
            params.adaptiveDepth = depth;
            // SAFETY: index < DT_CROWD_MAX_OBSTAVOIDANCE_PARAMS; the
            // parameters are copied.
            unsafe { crowd.crowd.as_mut().setObstacleAvoidanceParams(index as i32, &params) };
        }
        Ok(crowd)
    }

    /// The new agent's index.
    pub fn add_agent(&mut self, position: &[f32; 3], params: &dtCrowdAgentParams) -> Result<i32, String> {
        // SAFETY: both pointers are valid for the call; the crowd copies them.
        let index = unsafe { self.crowd.as_mut().addAgent(position.as_ptr(), params) };
        if index < 0 {
            return Err(format!("dtCrowd::addAgent refused the agent at {position:?}"));
        }
        Ok(index)
    }

    pub fn request_move_target(&mut self, index: i32, poly: dtPolyRef, position: &[f32; 3]) -> Result<(), String> {
        // SAFETY: the position is valid for the call; the crowd copies it.
        if unsafe { self.crowd.as_mut().requestMoveTarget(index, poly, position.as_ptr()) } {
            Ok(())
        } else {
            Err(format!("dtCrowd::requestMoveTarget refused agent {index}"))
        }
    }

    pub fn update(&mut self, dt: f32) {
        // SAFETY: the crowd is valid; no debug info is asked for.
        unsafe { self.crowd.as_mut().update(dt, std::ptr::null_mut()) }
    }

    /// The agent's position (`npos`).
    pub fn position(&mut self, index: i32) -> Result<[f32; 3], String> {
        // SAFETY: getAgent returns null for an index out of range, else an
        // agent that lives as long as the crowd.
        let agent = unsafe { self.crowd.as_mut().getAgent(index).as_ref() };
        agent.map(|a| a.npos).ok_or_else(|| format!("dtCrowd has no agent {index}"))
    }
}

impl Drop for DetourCrowd<'_> {
    fn drop(&mut self) {
        // SAFETY: the crowd came from dtAllocCrowd and is freed once.
        unsafe { dtFreeCrowd(self.crowd.as_ptr()) }
    }
}
