//! `OnavCrowdHash`: a crowd's state hash as a plain struct.

/// SHA-256 over a crowd's tick and every agent's handle and state, as
/// onav_crowd_state_hash and onav_world_crowd_state_hash define it: equal
/// hashes mean equal crowds to the bit (a lockstep host compares them
/// across machines).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnavCrowdHash {
    /// Digest bytes.
    pub bytes: [u8; 32],
}
