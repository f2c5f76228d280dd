//! `NavSettings`: everything a build needs (format text "Build fingerprint"
//! for the digest fields, "Authoring" for the links; ranges of LAYOUT
//! section 8). Every setter validates its value: out of range is an
//! out-of-range error naming the field, so a `NavSettings` never holds a
//! value outside its range. Rules between fields (TileSize against
//! CellSize) are checked by [`NavSettings::to_params`].

use crate::error::{NavMeshError, Result};
use crate::format::params::{NavMeshParams, MAX_VERTS_PER_POLY, MIN_VERTS_PER_POLY};
use crate::format::settings_record::SettingsRecord;
use crate::tile::coordinate::is_within_bound;
use crate::tile::tile_data::MAX_AREA;
use crate::world::off_mesh_link_definition::OffMeshLinkDefinition;

/// Region partitioning of the 3D builder; its i32 value is part of the digest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Partition {
    Watershed = 0,
    Monotone = 1,
    Layers = 2,
}

impl Partition {
    /// The partition with this digest value, if any.
    pub fn from_i32(value: i32) -> Option<Partition> {
        match value {
            0 => Some(Partition::Watershed),
            1 => Some(Partition::Monotone),
            2 => Some(Partition::Layers),
            _ => None,
        }
    }
}

/// Build settings of one agent class over one tile grid.
#[derive(Debug, Clone, PartialEq)]
pub struct NavSettings {
    origin_x: f64,
    origin_y: f64,
    origin_z: f64,
    tile_size: f64,
    cell_size: f64,
    agent_radius: f32,
    agent_height: f32,
    walkable_climb: f32,
    agent_max_slope: f32,
    max_verts_per_poly: u16,
    cell_height: f64,
    snap_bits: i32,
    partition: Partition,
    min_region_area: i32,
    merge_region_area: i32,
    contour_max_error: f32,
    max_edge_length: f64,
    detail_sample_distance: f64,
    detail_max_error: f64,
    height: f64,
    area: u8,
    flags: u16,
    off_mesh_links: Vec<OffMeshLinkDefinition>,
}

impl Default for NavSettings {
    /// Recast's customary values for a human-sized agent on 32-unit tiles.
    fn default() -> Self {
        NavSettings {
            origin_x: 0.0,
            origin_y: 0.0,
            origin_z: 0.0,
            tile_size: 32.0,
            cell_size: 0.25,
            agent_radius: 0.5,
            agent_height: 2.0,
            walkable_climb: 0.5,
            agent_max_slope: 45.0,
            max_verts_per_poly: 6,
            cell_height: 0.2,
            snap_bits: -1,
            partition: Partition::Watershed,
            min_region_area: 8,
            merge_region_area: 20,
            contour_max_error: 1.3,
            max_edge_length: 12.0,
            detail_sample_distance: 6.0,
            detail_max_error: 1.0,
            height: 0.0,
            area: MAX_AREA,
            flags: 1,
            off_mesh_links: Vec::new(),
        }
    }
}

fn out_of_range(field: &str, value: impl std::fmt::Debug, rule: &str) -> NavMeshError {
    NavMeshError::out_of_range(format!("NavSettings.{field} = {value:?} {rule}"))
}

fn finite_non_negative(v: f64) -> bool {
    v.is_finite() && v >= 0.0
}

/// A getter and a validating setter per field: `rule` says in words what
/// `valid` checks, for the error message.
macro_rules! setting {
    ($field:ident, $setter:ident, $ty:ty, $name:literal, $valid:expr, $rule:literal) => {
        pub fn $field(&self) -> $ty {
            self.$field
        }

        #[doc = concat!("Sets ", $name, "; out of range unless it ", $rule, ".")]
        pub fn $setter(&mut self, value: $ty) -> Result<&mut Self> {
            let valid: fn($ty) -> bool = $valid;
            if !valid(value) {
                return Err(out_of_range($name, value, concat!("must ", $rule)));
            }
            self.$field = value;
            Ok(self)
        }
    };
}

impl NavSettings {
    setting!(origin_x, set_origin_x, f64, "OriginX", is_within_bound, "be finite and strictly within ±2097152");
    setting!(origin_y, set_origin_y, f64, "OriginY", is_within_bound, "be finite and strictly within ±2097152");
    setting!(origin_z, set_origin_z, f64, "OriginZ", is_within_bound, "be finite and strictly within ±2097152");
    setting!(
        tile_size,
        set_tile_size,
        f64,
        "TileSize",
        |v| v.is_finite() && v > 0.0 && (v as f32) as f64 == v,
        "be finite, > 0 and exactly representable as float32"
    );
    setting!(cell_size, set_cell_size, f64, "CellSize", |v| v.is_finite() && v > 0.0, "be finite and > 0");
    setting!(
        agent_radius,
        set_agent_radius,
        f32,
        "AgentRadius",
        |v| finite_non_negative(v as f64),
        "be finite and >= 0"
    );
    setting!(
        agent_height,
        set_agent_height,
        f32,
        "AgentHeight",
        |v| finite_non_negative(v as f64),
        "be finite and >= 0"
    );
    setting!(
        walkable_climb,
        set_walkable_climb,
        f32,
        "WalkableClimb",
        |v| finite_non_negative(v as f64),
        "be finite and >= 0"
    );
    setting!(
        agent_max_slope,
        set_agent_max_slope,
        f32,
        "AgentMaxSlope",
        |v| (0.0..=90.0).contains(&v),
        "be in 0..=90 degrees"
    );
    setting!(
        max_verts_per_poly,
        set_max_verts_per_poly,
        u16,
        "MaxVertsPerPoly",
        |v| (MIN_VERTS_PER_POLY..=MAX_VERTS_PER_POLY).contains(&v),
        "be in 3..=16"
    );
    setting!(cell_height, set_cell_height, f64, "CellHeight", |v| v.is_finite() && v > 0.0, "be finite and > 0");
    setting!(
        snap_bits,
        set_snap_bits,
        i32,
        "SnapBits",
        |v| v == -1 || (0..=24).contains(&v),
        "be -1 (automatic) or 0..=24"
    );
    setting!(min_region_area, set_min_region_area, i32, "MinRegionArea", |v| v >= 0, "be >= 0");
    setting!(merge_region_area, set_merge_region_area, i32, "MergeRegionArea", |v| v >= 0, "be >= 0");
    setting!(
        contour_max_error,
        set_contour_max_error,
        f32,
        "ContourMaxError",
        |v| finite_non_negative(v as f64),
        "be finite and >= 0"
    );
    setting!(max_edge_length, set_max_edge_length, f64, "MaxEdgeLength", finite_non_negative, "be finite and >= 0");
    setting!(
        detail_sample_distance,
        set_detail_sample_distance,
        f64,
        "DetailSampleDistance",
        finite_non_negative,
        "be finite and >= 0"
    );
    setting!(detail_max_error, set_detail_max_error, f64, "DetailMaxError", finite_non_negative, "be finite and >= 0");
    setting!(height, set_height, f64, "Height", is_within_bound, "be finite and strictly within ±2097152");
    setting!(area, set_area, u8, "Area", |v| v <= MAX_AREA, "be in 0..=63");
    setting!(flags, set_flags, u16, "Flags", |_| true, "be a u16");

    pub fn partition(&self) -> Partition {
        self.partition
    }

    /// Sets Partition (every enum value is in range).
    pub fn set_partition(&mut self, value: Partition) -> &mut Self {
        self.partition = value;
        self
    }

    pub fn off_mesh_links(&self) -> &[OffMeshLinkDefinition] {
        &self.off_mesh_links
    }

    /// Sets the authored links, each checked by rule 3 of "Authored links"
    /// (an out-of-range error naming `OffMeshLinks[i]`).
    pub fn set_off_mesh_links(&mut self, links: Vec<OffMeshLinkDefinition>) -> Result<&mut Self> {
        for (i, link) in links.iter().enumerate() {
            link.check(i)?;
        }
        self.off_mesh_links = links;
        Ok(self)
    }

    /// The digest fields and links as the settings record (LAYOUT section 2).
    pub fn record(&self) -> SettingsRecord {
        SettingsRecord {
            cell_height: self.cell_height,
            snap_bits: self.snap_bits,
            partition: self.partition as i32,
            min_region_area: self.min_region_area,
            merge_region_area: self.merge_region_area,
            contour_max_error: self.contour_max_error,
            max_edge_length: self.max_edge_length,
            detail_sample_distance: self.detail_sample_distance,
            detail_max_error: self.detail_max_error,
            height: self.height,
            area: self.area,
            flags: self.flags,
            links: self.off_mesh_links.clone(),
        }
    }

    /// `NavSettings.ToParams`: grid and agent fields plus the settings digest.
    /// A rule between fields (TileSize <= 8192 * CellSize) that fails is an
    /// out-of-range error naming the field.
    pub fn to_params(&self) -> Result<NavMeshParams> {
        let params = self.params_with_digest(self.record().digest());
        params.validate()?;
        Ok(params)
    }

    /// The grid and agent fields as parameters carrying `digest`, not
    /// validated as a whole.
    pub(crate) fn params_with_digest(&self, digest: u64) -> NavMeshParams {
        NavMeshParams {
            origin_x: self.origin_x,
            origin_y: self.origin_y,
            origin_z: self.origin_z,
            tile_size: self.tile_size,
            cell_size: self.cell_size,
            max_verts_per_poly: self.max_verts_per_poly,
            walkable_climb: self.walkable_climb,
            agent_radius: self.agent_radius,
            agent_height: self.agent_height,
            agent_max_slope: self.agent_max_slope,
            settings_digest: digest,
        }
    }
}
