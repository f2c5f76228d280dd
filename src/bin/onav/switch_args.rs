//! `--disable-link ID` and `--poly-flags REF=FLAGS` of `onav path`: run-time
//! switches (docs/RUNTIME_SWITCHES.md) set on the loaded mesh before the
//! query, so their effect shows in the report and the SVG. The file is not
//! changed: switches are host state, not mesh content.

use onav::{PolyRef, TiledNavMesh};

use crate::failure::Failure;
use crate::query_args::argument_error;

/// The switches given on the command line, applied in order: links first,
/// then polygon flags.
pub struct SwitchArgs<'a> {
    /// User ids of the off-mesh links to disable.
    pub disabled_links: &'a [u32],
    /// (PolyRef, flags) pairs.
    pub poly_flags: &'a [(u64, u16)],
}

/// Parses `REF=FLAGS` for clap: a decimal PolyRef (as `--json` prints it)
/// and flags in decimal or `0x` hexadecimal.
pub fn parse_poly_flags(text: &str) -> Result<(u64, u16), String> {
    let (poly_ref, flags) =
        text.split_once('=').ok_or_else(|| format!("expected REF=FLAGS (a PolyRef and its flags), got {text:?}"))?;
    let poly_ref = poly_ref.trim().parse::<u64>().map_err(|_| format!("{poly_ref:?} is not a decimal PolyRef"))?;
    let flags = flags.trim();
    let parsed = match flags.strip_prefix("0x").or_else(|| flags.strip_prefix("0X")) {
        Some(hex) => u16::from_str_radix(hex, 16),
        None => flags.parse::<u16>(),
    };
    let flags = parsed.map_err(|_| format!("{flags:?} is not a 16-bit flags value (decimal or 0x hex)"))?;
    Ok((poly_ref, flags))
}

impl SwitchArgs<'_> {
    /// Sets the switches on `mesh`. A user id no link carries, or a
    /// reference naming no polygon, is a usage failure naming the option.
    pub fn apply(&self, mesh: &mut TiledNavMesh) -> Result<(), Failure> {
        for &user_id in self.disabled_links {
            if mesh.set_off_mesh_links_enabled_by_user_id(user_id, false) == 0 {
                return Err(Failure::usage(format!(
                    "--disable-link {user_id}: no off-mesh link has user id {user_id}"
                )));
            }
        }
        for &(poly_ref, flags) in self.poly_flags {
            mesh.set_poly_flags(PolyRef(poly_ref), flags).map_err(|e| argument_error("--poly-flags", e))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poly_flags_take_decimal_or_hex_flags() {
        assert_eq!(parse_poly_flags("1099511627781=0"), Ok((1099511627781, 0)));
        assert_eq!(parse_poly_flags("7=0x8"), Ok((7, 8)));
        assert!(parse_poly_flags("7").is_err());
        assert!(parse_poly_flags("x=1").is_err());
        assert!(parse_poly_flags("7=65536").is_err());
    }
}
