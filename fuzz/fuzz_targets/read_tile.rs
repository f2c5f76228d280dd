//! ONPT bytes against the fixed golden parameters: never panics; what reads
//! writes back the same bytes and re-validates through `NavTile::create`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| onav_fuzz::check_tile_bytes(bytes));
