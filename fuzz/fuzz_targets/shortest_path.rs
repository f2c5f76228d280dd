//! Random exact shortest paths on random meshes: every search ends, and a
//! path is never shorter than the straight line between its ends.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onav_fuzz::shortest_path::{check_shortest_paths, ShortestPathInput};

fuzz_target!(|input: ShortestPathInput| {
    check_shortest_paths(&input);
});
