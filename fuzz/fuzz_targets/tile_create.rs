//! A `NavTileData` built from arbitrary small arrays: `NavTile::create`
//! never panics, and what it accepts round-trips byte-identically.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onav_fuzz::SmallTile;

fuzz_target!(|tile: SmallTile| onav_fuzz::check_created(tile.into_data()));
