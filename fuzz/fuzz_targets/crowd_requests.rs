//! Random crowd requests (NaN, infinities, huge values, stale handles,
//! bad parameters) on random meshes, between steps and edits: answers or
//! refusals that change nothing, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onav_fuzz::crowd_requests::{check_crowd_requests, CrowdInput};

fuzz_target!(|input: CrowdInput| {
    check_crowd_requests(&input);
});
