//! The frozen bytes of format version 2 (LAYOUT.md): how every layout is
//! read and written, and the values that decide whether bytes belong
//! together. Reading is parsing at the boundary: what leaves this folder is
//! validated.
//!
//! - [`byte_reader`]: the bounds-checked little-endian cursor every reader
//!   uses ("Byte layout").
//! - [`layout_header`]: magic, version and flags, the head of every layout
//!   (LAYOUT section 8 check order).
//! - [`params`], [`param_block`]: `NavMeshParams`, its validation and the
//!   68-byte parameter block (LAYOUT sections 1 and 7).
//! - [`fingerprint`], [`settings_record`]: the build fingerprint and the
//!   settings digest (LAYOUT section 2).
//! - [`tile_format`]: ONPT and the tile content id (LAYOUT section 3).
//! - [`mesh_format`]: ONPM (LAYOUT section 4).
//! - [`snapshot`]: ONPS and restoring a mesh from it (LAYOUT section 5).
//! - [`nav_settings_codec`], [`nav_mesh_envelope`], [`nav_world_envelope`]:
//!   the tier-1 envelopes ONNM and ONNW (LAYOUT section 6).

pub mod byte_reader;
pub mod fingerprint;
pub mod layout_header;
pub mod mesh_format;
pub mod nav_mesh_envelope;
pub mod nav_settings_codec;
pub mod nav_world_envelope;
pub mod param_block;
pub mod params;
pub mod settings_record;
pub mod snapshot;
pub mod tile_format;
