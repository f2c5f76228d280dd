//! Arbitrary small outlines through `NavMesh::build_planar`: typed errors
//! or valid tiles, the same bytes twice, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onav_fuzz::planar::SmallOutlines;

fuzz_target!(|input: SmallOutlines| {
    let (settings, outlines) = input.into_input();
    onav_fuzz::planar::check_build_planar(settings, &outlines);
});
