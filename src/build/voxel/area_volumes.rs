//! Area marking by convex volumes (Recast's `rcMarkConvexPolyArea`), after
//! erosion: a walkable floor whose cell centre lies inside a volume's
//! outline and whose height lies within the volume takes its area. Tested in
//! tile-local coordinates, like the rasterizer, so a level moved by whole
//! tiles marks the same floors.

use super::cell_settings::CellSettings;
use super::compact_heightfield::CompactHeightfield;
use super::geometry::{ConvexVolume, UNWALKABLE};
use super::rasterize::TileFrame;
use super::walkable_slope::{area_code, NULL_AREA};

/// Applies `volumes` in order to the tile's floors; `base_cell` is the world
/// cell of floor height 0.
pub(crate) fn mark_area_volumes(
    field: &mut CompactHeightfield,
    volumes: &[ConvexVolume],
    frame: &TileFrame,
    settings: &CellSettings,
    base_cell: i64,
) {
    for volume in volumes {
        let outline: Vec<[f64; 2]> = volume
            .points
            .iter()
            .map(|p| [(p[0] - frame.origin_x) / settings.cell_size, (p[1] - frame.origin_z) / settings.cell_size])
            .collect();
        let low = ((volume.min_y - frame.origin_y) / settings.cell_height).floor() as i64;
        let high = ((volume.max_y - frame.origin_y) / settings.cell_height).floor() as i64;
        let code = if volume.area == UNWALKABLE { NULL_AREA } else { area_code(volume.area) };
        let (w, border) = (field.width, field.border as f64);
        for z in 0..w {
            for x in 0..w {
                let centre = [x as f64 - border + 0.5, z as f64 - border + 0.5];
                if !contains(&outline, centre) {
                    continue;
                }
                for s in field.spans(z * w + x) {
                    let height = i64::from(field.floor[s]) + base_cell;
                    if field.area[s] != NULL_AREA && (low..=high).contains(&height) {
                        field.area[s] = code;
                    }
                }
            }
        }
    }
}

/// Even-odd test of `point` against the polygon `outline` (either winding).
fn contains(outline: &[[f64; 2]], point: [f64; 2]) -> bool {
    let mut inside = false;
    let mut j = outline.len() - 1;
    for i in 0..outline.len() {
        let (a, b) = (outline[i], outline[j]);
        if (a[1] > point[1]) != (b[1] > point[1]) && point[0] < (b[0] - a[0]) * (point[1] - a[1]) / (b[1] - a[1]) + a[0]
        {
            inside = !inside;
        }
        j = i;
    }
    inside
}
