//! Arbitrary small level geometry through `NavMesh::build_3d`: typed errors
//! or valid tiles, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onav_fuzz::SmallGeometry;

fuzz_target!(|input: SmallGeometry| {
    let (settings, geometry) = input.into_input();
    onav_fuzz::check_build_3d(settings, &geometry);
});
