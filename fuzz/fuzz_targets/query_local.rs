//! Random local queries (NaN, infinities, huge values, stale references)
//! on random meshes, between edits: answers or the two query errors, never
//! a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onav_fuzz::query_local::{check_local_queries, QueryInput};

fuzz_target!(|input: QueryInput| {
    check_local_queries(&input);
});
