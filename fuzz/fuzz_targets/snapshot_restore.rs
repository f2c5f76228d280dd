//! ONPS bytes restored against the golden tile library: never panics; what
//! restores snapshots the same bytes and is stitched as from scratch; a
//! failed restore leaves the mesh unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| onav_fuzz::check_snapshot_bytes(bytes));
