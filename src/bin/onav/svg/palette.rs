//! Fixed colours: one fill per area (the palette repeats after
//! [`AREA_COLOURS`] areas) and one colour per kind of line.

/// Distinct, light enough for dark lines on top.
const AREA_COLOURS: [&str; 16] = [
    "#a6cee3", "#b2df8a", "#fdbf6f", "#cab2d6", "#ffff99", "#fb9a99", "#8dd3c7", "#bebada", "#80b1d3", "#fdb462",
    "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
];

pub const POLYGON_OUTLINE: &str = "#ffffff";
pub const TILE_BORDER: &str = "#555555";
pub const PORTAL: &str = "#1a9641";
pub const ONE_WAY: &str = "#2c3e99";
pub const TWO_WAY: &str = "#7b2d8e";
pub const UNCONNECTED: &str = "#d7191c";
pub const PATH: &str = "#e6550d";
pub const TRAIL: &str = "#08519c";

pub fn area_colour(area: u8) -> &'static str {
    AREA_COLOURS[area as usize % AREA_COLOURS.len()]
}
