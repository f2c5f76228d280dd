//! `--settings FILE.json`: `NavSettings` fields by their snake_case names
//! (`cell_size`, `agent_radius`, `partition` as "watershed", "monotone" or
//! "layers", `off_mesh_links` as an array of objects, ...). A field left
//! out keeps its default; an unknown field, a value of the wrong type or a
//! value the `NavSettings` setter refuses is a usage error naming the
//! field. Without a file, the build commands use the defaults with the
//! origin at the level's minimum corner.

use std::path::Path;

use onav::{NavSettings, OffMeshLinkDefinition, Partition, TriangleGeometry};
use serde_json::{Map, Value};

use crate::document::read_file;
use crate::failure::Failure;

/// Sets one field from its JSON value, or says what is wrong with it.
type Apply = fn(&mut NavSettings, &Value) -> Result<(), String>;

/// Every field the file may hold, in `NavSettings` order.
const FIELDS: [(&str, Apply); 23] = [
    ("origin_x", |s, v| apply(s, number(v)?, NavSettings::set_origin_x)),
    ("origin_y", |s, v| apply(s, number(v)?, NavSettings::set_origin_y)),
    ("origin_z", |s, v| apply(s, number(v)?, NavSettings::set_origin_z)),
    ("tile_size", apply_tile_size),
    ("cell_size", |s, v| apply(s, number(v)?, NavSettings::set_cell_size)),
    ("agent_radius", |s, v| apply(s, number(v)? as f32, NavSettings::set_agent_radius)),
    ("agent_height", |s, v| apply(s, number(v)? as f32, NavSettings::set_agent_height)),
    ("walkable_climb", |s, v| apply(s, number(v)? as f32, NavSettings::set_walkable_climb)),
    ("agent_max_slope", |s, v| apply(s, number(v)? as f32, NavSettings::set_agent_max_slope)),
    ("max_verts_per_poly", |s, v| apply(s, whole(v)?, NavSettings::set_max_verts_per_poly)),
    ("cell_height", |s, v| apply(s, number(v)?, NavSettings::set_cell_height)),
    ("snap_bits", |s, v| apply(s, whole(v)?, NavSettings::set_snap_bits)),
    ("partition", |s, v| {
        s.set_partition(partition(v)?);
        Ok(())
    }),
    ("min_region_area", |s, v| apply(s, whole(v)?, NavSettings::set_min_region_area)),
    ("merge_region_area", |s, v| apply(s, whole(v)?, NavSettings::set_merge_region_area)),
    ("contour_max_error", |s, v| apply(s, number(v)? as f32, NavSettings::set_contour_max_error)),
    ("max_edge_length", |s, v| apply(s, number(v)?, NavSettings::set_max_edge_length)),
    ("detail_sample_distance", |s, v| apply(s, number(v)?, NavSettings::set_detail_sample_distance)),
    ("detail_max_error", |s, v| apply(s, number(v)?, NavSettings::set_detail_max_error)),
    ("height", |s, v| apply(s, number(v)?, NavSettings::set_height)),
    ("area", |s, v| apply(s, whole(v)?, NavSettings::set_area)),
    ("flags", |s, v| apply(s, whole(v)?, NavSettings::set_flags)),
    ("off_mesh_links", |s, v| apply(s, links(v)?, NavSettings::set_off_mesh_links)),
];

/// The settings the build commands use: the file's, or without one the
/// defaults with the origin at `geometry`'s minimum corner.
pub fn level_settings(file: Option<&Path>, geometry: &TriangleGeometry) -> Result<NavSettings, Failure> {
    match file {
        Some(file) => read_settings(file),
        None => {
            let [x, y, z] = geometry.bounds().min;
            let mut settings = NavSettings::default();
            settings.set_origin_x(x)?.set_origin_y(y)?.set_origin_z(z)?;
            Ok(settings)
        }
    }
}

/// The settings of the JSON file at `path` over the defaults.
pub fn read_settings(path: &Path) -> Result<NavSettings, Failure> {
    let in_file = |message: String| Failure::usage(format!("{}: {message}", path.display()));
    let value: Value = serde_json::from_slice(&read_file(path)?).map_err(|e| in_file(format!("not JSON: {e}")))?;
    let Value::Object(fields) = value else {
        return Err(in_file("expected a JSON object of settings fields".to_string()));
    };
    let mut settings = NavSettings::default();
    for (name, value) in &fields {
        let (_, set) = FIELDS.iter().find(|(known, _)| known == name).ok_or_else(|| {
            let known: Vec<&str> = FIELDS.iter().map(|(known, _)| *known).collect();
            in_file(format!("unknown field `{name}` (the fields are {})", known.join(", ")))
        })?;
        set(&mut settings, value).map_err(|message| in_file(format!("field `{name}`: {message}")))?;
    }
    Ok(settings)
}

/// Runs a validating setter, keeping its message (which names the field as
/// `NavSettings` spells it).
fn apply<T>(
    settings: &mut NavSettings,
    value: T,
    set: fn(&mut NavSettings, T) -> onav::Result<&mut NavSettings>,
) -> Result<(), String> {
    set(settings, value).map(|_| ()).map_err(|e| e.to_string())
}

/// TileSize must be a float32 value; the message names the nearest one,
/// since 14.4 (48 cells of 0.3) is not.
fn apply_tile_size(settings: &mut NavSettings, value: &Value) -> Result<(), String> {
    let size = number(value)?;
    apply(settings, size, NavSettings::set_tile_size)
        .map_err(|message| format!("{message} (the nearest float32 is {})", f64::from(size as f32)))
}

fn number(value: &Value) -> Result<f64, String> {
    value.as_f64().ok_or_else(|| format!("expected a number, got {value}"))
}

/// A whole number that fits the field's type.
fn whole<T: TryFrom<i64>>(value: &Value) -> Result<T, String> {
    let whole = value.as_i64().ok_or_else(|| format!("expected a whole number, got {value}"))?;
    T::try_from(whole).map_err(|_| format!("{whole} is out of range for {}", std::any::type_name::<T>()))
}

fn partition(value: &Value) -> Result<Partition, String> {
    match value.as_str() {
        Some("watershed") => Ok(Partition::Watershed),
        Some("monotone") => Ok(Partition::Monotone),
        Some("layers") => Ok(Partition::Layers),
        _ => Err(format!("expected \"watershed\", \"monotone\" or \"layers\", got {value}")),
    }
}

/// `off_mesh_links`: an array of objects with every field of an
/// `OffMeshLinkDefinition` (`start` and `end` as [x, y, z], `radius`,
/// `bidirectional`, `area`, `flags`, `user_id`).
fn links(value: &Value) -> Result<Vec<OffMeshLinkDefinition>, String> {
    let links = value.as_array().ok_or_else(|| format!("expected an array of links, got {value}"))?;
    links
        .iter()
        .enumerate()
        .map(|(i, link)| {
            let fields = link.as_object().ok_or_else(|| format!("[{i}]: expected an object, got {link}"))?;
            link_of(fields).map_err(|message| format!("[{i}]{message}"))
        })
        .collect()
}

const LINK_FIELDS: [&str; 7] = ["start", "end", "radius", "bidirectional", "area", "flags", "user_id"];

fn link_of(fields: &Map<String, Value>) -> Result<OffMeshLinkDefinition, String> {
    if let Some(name) = fields.keys().find(|name| !LINK_FIELDS.contains(&name.as_str())) {
        return Err(format!(": unknown field `{name}` (the fields are {})", LINK_FIELDS.join(", ")));
    }
    let field = |name: &str| fields.get(name).ok_or_else(|| format!(".{name}: missing"));
    let named = |name: &'static str| move |message: String| format!(".{name}: {message}");
    Ok(OffMeshLinkDefinition {
        start: point(field("start")?).map_err(named("start"))?,
        end: point(field("end")?).map_err(named("end"))?,
        radius: number(field("radius")?).map_err(named("radius"))?,
        bidirectional: field("bidirectional")?
            .as_bool()
            .ok_or_else(|| ".bidirectional: expected true or false".to_string())?,
        area: whole(field("area")?).map_err(named("area"))?,
        flags: whole(field("flags")?).map_err(named("flags"))?,
        user_id: whole(field("user_id")?).map_err(named("user_id"))?,
    })
}

fn point(value: &Value) -> Result<[f64; 3], String> {
    match value.as_array().map(Vec::as_slice) {
        Some([x, y, z]) => Ok([number(x)?, number(y)?, number(z)?]),
        _ => Err(format!("expected [x, y, z], got {value}")),
    }
}
