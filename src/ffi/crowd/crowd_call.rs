//! What the functions over either crowd handle (`OnavCrowd` or
//! `OnavWorldCrowd`) share: the body of every change (the panic guard, the
//! NULL check of the crowd and the change itself), and the agent a handle
//! names ([`AgentsOf`]).

use crate::crowd::CrowdAgent;
use crate::error::Result as NavResult;
use crate::ffi::args::arg_mut;
use crate::ffi::crowd::agent_handle::{OnavAgentHandle, OnavWorldAgentHandle};
use crate::ffi::crowd::crowd::OnavCrowd;
use crate::ffi::crowd::world_crowd::OnavWorldCrowd;
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;

/// Checks `crowd` (named "crowd" in the NULL error) and runs `change` on
/// it; the status of the whole call.
///
/// # Safety
/// `crowd` is NULL or points to a valid `C` that nothing else uses during
/// the call; `err` is NULL or valid for writing.
pub(crate) unsafe fn change_crowd<C>(
    crowd: *mut C,
    err: *mut OnavError,
    change: impl FnOnce(&mut C) -> Result<(), Failure>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe { guard(err, || change(arg_mut(crowd, "crowd")?)) }
}

/// A crowd handle whose agents a handle names.
pub(crate) trait AgentsOf {
    type Handle;
    fn agent_of(&self, handle: Self::Handle) -> NavResult<&CrowdAgent>;
}

impl AgentsOf for OnavCrowd {
    type Handle = OnavAgentHandle;
    fn agent_of(&self, handle: OnavAgentHandle) -> NavResult<&CrowdAgent> {
        self.crowd.agent_or_stale(handle.into())
    }
}

impl AgentsOf for OnavWorldCrowd {
    type Handle = OnavWorldAgentHandle;
    fn agent_of(&self, handle: OnavWorldAgentHandle) -> NavResult<&CrowdAgent> {
        self.crowd.agent_or_stale(handle.into())
    }
}
