//! ONNW bytes (`NavWorld::load`): never panics; what loads saves the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| onav_fuzz::check_reread(bytes, onav_fuzz::cases::reread_nav_world));
