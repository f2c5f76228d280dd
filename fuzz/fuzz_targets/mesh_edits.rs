//! Random edit sequences on a `TiledNavMesh`: after each edit the links
//! equal a full re-stitch, issued references are valid exactly while their
//! tile stays, and failed edits change nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onav_fuzz::mesh_edits::{check_edit_sequence, Edit};

fuzz_target!(|edits: Vec<Edit>| {
    check_edit_sequence(&edits);
});
