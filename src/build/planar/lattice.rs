//! The planar builder's lattice: every coordinate becomes an integer count
//! of the spacing 2^-k from the settings' origin (k = SnapBits), so every
//! later step is exact integer work and the hand-over moves nothing.
//!
//! Automatic k (SnapBits = -1): start from the smallest k with
//! 2^(9-k) <= CellSize (spacing in (CellSize/1024, CellSize/512]), read
//! from the float's exponent rather than `log2`; raise it to the smallest k
//! on which OriginX, OriginZ and TileSize lie (tile borders must be lattice
//! lines); lower it to the largest k keeping TileSize·2^k <= 2^24 (every
//! tile-local lattice value exact in float32). Explicit or automatic, a k
//! that breaks one of these rules, or whose spacing is not above the
//! hand-over's CellSize/1024 boundary snap, is an out-of-range error.

use std::fmt::Display;

use crate::error::{NavMeshError, Result};
use crate::tile::coordinate::{check_world, is_within_bound};
use crate::world::nav_settings::NavSettings;

/// The largest SnapBits the settings accept.
pub const MAX_SNAP_BITS: u32 = 24;

/// Tile-local lattice values stay below this many spacings (float32 has a
/// 24-bit significand).
const FLOAT32_EXACT_UNITS: i64 = 1 << 24;

/// The lattice of one build: its bits, origin and tile size in spacings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lattice {
    bits: u32,
    origin_x: f64,
    origin_z: f64,
    tile_units: i64,
}

impl Lattice {
    /// The lattice the settings ask for (module comment for the rule).
    pub fn from_settings(settings: &NavSettings) -> Result<Lattice> {
        let aligned =
            [("OriginX", settings.origin_x()), ("OriginZ", settings.origin_z()), ("TileSize", settings.tile_size())];
        let needed = aligned.iter().map(|&(_, v)| lowest_bit(v)).max().unwrap_or(0);
        let widest = float32_bits_limit(settings.tile_size());
        let bits = match settings.snap_bits() {
            -1 => cell_bits(settings.cell_size()).max(needed).min(widest),
            explicit => explicit as u32,
        };
        for (name, value) in aligned {
            if lowest_bit(value) > bits {
                return Err(snap_error(bits, format!("{name} = {value} is not a multiple of the spacing 2^-{bits}")));
            }
        }
        if settings.tile_size() * scale(bits) > FLOAT32_EXACT_UNITS as f64 {
            return Err(snap_error(
                bits,
                format!("TileSize = {} spans more than 2^24 spacings 2^-{bits}", settings.tile_size()),
            ));
        }
        if spacing(bits) * 1024.0 <= settings.cell_size() {
            return Err(snap_error(
                bits,
                format!(
                    "the spacing 2^-{bits} is not above CellSize/1024 = {} (OriginX, OriginZ and TileSize need 2^-{needed} or finer)",
                    settings.cell_size() / 1024.0
                ),
            ));
        }
        let tile_units = (settings.tile_size() * scale(bits)) as i64;
        Ok(Lattice { bits, origin_x: settings.origin_x(), origin_z: settings.origin_z(), tile_units })
    }

    /// k: the spacing is 2^-k.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// TileSize in spacings.
    pub fn tile_units(&self) -> i64 {
        self.tile_units
    }

    /// The lattice point nearest to world (x, y) of the builder's plane
    /// (y is world Z), after checking the coordinate rule; `name` names the
    /// point in errors. The name is formatted only for an error: formatting
    /// one per point cost more than snapping the points.
    pub fn to_units(&self, name: impl Display, point: [f64; 2]) -> Result<[i64; 2]> {
        for (axis, value) in [("x", point[0]), ("y", point[1])] {
            if !is_within_bound(value) {
                check_world(&format!("{name}.{axis}"), value)?;
            }
        }
        let units = |value: f64, origin: f64| ((value - origin) * scale(self.bits)).round() as i64;
        Ok([units(point[0], self.origin_x), units(point[1], self.origin_z)])
    }

    /// The tile (x, z) whose half-open square holds lattice coordinates.
    pub fn tile_of(&self, units: [i64; 2]) -> (i32, i32) {
        (units[0].div_euclid(self.tile_units) as i32, units[1].div_euclid(self.tile_units) as i32)
    }

    /// The tile-local value of a lattice coordinate in tile `tile` along
    /// one axis: exact in f32 and f64 alike.
    pub fn local(&self, units: i64, tile: i32) -> f64 {
        (units - i64::from(tile) * self.tile_units) as f64 * spacing(self.bits)
    }
}

fn snap_error(bits: u32, why: String) -> NavMeshError {
    NavMeshError::out_of_range(format!("NavSettings.SnapBits: lattice 2^-{bits} cannot be used: {why}"))
}

/// 2^k, exact.
fn scale(bits: u32) -> f64 {
    (1u64 << bits) as f64
}

/// 2^-k, exact.
fn spacing(bits: u32) -> f64 {
    1.0 / scale(bits)
}

/// The smallest k with 2^(9-k) <= cell_size, clamped to 0..=24: with
/// cell_size = m·2^e (1 <= m < 2) that is 9 - e.
fn cell_bits(cell_size: f64) -> u32 {
    let exponent = ((cell_size.to_bits() >> 52) & 0x7ff) as i64 - 1023;
    (9 - exponent).clamp(0, i64::from(MAX_SNAP_BITS)) as u32
}

/// The smallest k with value·2^k an integer, or 25 when none up to 24 is
/// (values are finite: the settings never hold anything else).
fn lowest_bit(value: f64) -> u32 {
    (0..=MAX_SNAP_BITS).find(|&k| (value * scale(k)).fract() == 0.0).unwrap_or(MAX_SNAP_BITS + 1)
}

/// The largest k (at most 24) with tile_size·2^k <= 2^24, or 0 if none.
fn float32_bits_limit(tile_size: f64) -> u32 {
    (0..=MAX_SNAP_BITS).rev().find(|&k| tile_size * scale(k) <= FLOAT32_EXACT_UNITS as f64).unwrap_or(0)
}
