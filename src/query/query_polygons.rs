//! `query_polygons`: the polygons whose world bounds overlap a box.
//!
//! A tile's vertices may reach one tile beyond its own column (the
//! coordinate rule's [−TileSize, 2·TileSize]), so the columns under the box
//! and one more on each side are searched. Answers come by tile in (TileZ,
//! TileX, layer) order, polygons ascending within a tile, whatever the
//! slots: a box wider than the mesh has tiles walks the tiles instead of
//! the columns and sorts them into that order. A tile's polygons are
//! passed over a block of 16 at a time when the union of their bounds
//! misses the box (the blocks are unions of the polygons' bounds, so the
//! same comparisons decide).

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::{PolyRef, TileRef};
use crate::mesh::tile_switches::switched_view;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::{check_position, NavMeshQuery, QueryPolygon};
use crate::query::polygon_geometry::WorldPolygon;
use crate::query::query_filter::QueryFilter;
use crate::tile::tile_sections::POLYGON_BLOCK;

/// An axis-aligned world box, min and max corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SearchBox {
    pub min: [f64; 3],
    pub max: [f64; 3],
}

impl SearchBox {
    /// The box `center ± half_extents`. The center must obey the
    /// coordinate rule and the half extents be finite and ≥ 0, else an
    /// out-of-range error.
    pub fn around(center: [f64; 3], half_extents: [f64; 3]) -> Result<SearchBox> {
        check_position("center", center)?;
        for (axis, extent) in ["x", "y", "z"].iter().zip(half_extents) {
            if !(extent.is_finite() && extent >= 0.0) {
                return Err(NavMeshError::out_of_range(format!(
                    "half_extents.{axis} = {extent:?} is not a finite value ≥ 0"
                )));
            }
        }
        let min = [0, 1, 2].map(|a| center[a] - half_extents[a]);
        let max = [0, 1, 2].map(|a| center[a] + half_extents[a]);
        Ok(SearchBox { min, max })
    }

    /// True when tile-local bounds placed at `origin` overlap the box.
    /// Placing is monotonic (f64 addition rounds monotonically), so the
    /// placed bounds of points are the bounds of the placed points: a
    /// polygon's bounds decide as its world corners would, and a tile's
    /// vertex bounds for all its polygons.
    #[inline]
    fn overlaps(&self, origin: [f64; 3], [low, high]: &[[f32; 3]; 2]) -> bool {
        (0..3).all(|a| origin[a] + low[a] as f64 <= self.max[a] && origin[a] + high[a] as f64 >= self.min[a])
    }
}

/// A tile to search: its column, layer and reference.
pub(crate) type TileKey = (i32, i32, u16, TileRef);

/// Tile index range along one axis covering `[low, high]` and one tile
/// either side, clamped to the i32 tile coordinates.
fn tile_range(low: f64, high: f64, origin: f64, tile_size: f64) -> (i64, i64) {
    let index = |v: f64| ((v - origin) / tile_size).floor().clamp(i32::MIN as f64 + 1.0, i32::MAX as f64 - 1.0) as i64;
    (index(low) - 1, index(high) + 1)
}

/// Calls `visit` with every polygon passing `filter` whose world bounds
/// overlap `search`, in the order of the module text, unless `wanted`,
/// given the tile origin and the polygon's tile-local bounds before the
/// polygon is placed, says no. `tiles` is scratch.
pub(crate) fn visit_polygons_in_box<'m>(
    mesh: &'m TiledNavMesh,
    tiles: &mut Vec<TileKey>,
    search: &SearchBox,
    filter: &QueryFilter,
    wanted: impl Fn([f64; 3], &[[f32; 3]; 2]) -> bool,
    mut visit: impl FnMut(PolyRef, &QueryPolygon<'m>, &WorldPolygon),
) {
    let params = mesh.params();
    let (x_low, x_high) = tile_range(search.min[0], search.max[0], params.origin_x, params.tile_size);
    let (z_low, z_high) = tile_range(search.min[2], search.max[2], params.origin_z, params.tile_size);
    let columns = (x_high - x_low + 1) as u128 * (z_high - z_low + 1) as u128;
    tiles.clear();
    if columns <= mesh.tile_count() as u128 {
        for z in z_low..=z_high {
            for x in x_low..=x_high {
                let (x, z) = (x as i32, z as i32);
                tiles.extend(mesh.column_tiles(x, z).map(|(tile_ref, tile)| (z, x, tile.layer(), tile_ref)));
            }
        }
    } else {
        let inside = |x: i32, z: i32| (x_low..=x_high).contains(&(x as i64)) && (z_low..=z_high).contains(&(z as i64));
        let listed = mesh.tiles().filter(|(_, t)| inside(t.tile_x(), t.tile_z()));
        tiles.extend(listed.map(|(tile_ref, t)| (t.tile_z(), t.tile_x(), t.layer(), tile_ref)));
        tiles.sort_unstable();
    }
    let mut world = WorldPolygon::EMPTY;
    for &(_, _, _, tile_ref) in tiles.iter() {
        let (tile, tile_links, switches) = mesh.tile_and_links(tile_ref).expect("listed from the mesh");
        let origin = tile.world_origin();
        if !search.overlaps(origin, tile.vertex_bounds()) {
            continue;
        }
        let polygon_bounds = tile.polygon_bounds();
        let blocks = tile.polygon_blocks().iter().zip(polygon_bounds.chunks(POLYGON_BLOCK));
        let overlapping = blocks.enumerate().filter(|(_, (block, _))| search.overlaps(origin, block));
        let in_blocks = overlapping
            .flat_map(|(block, (_, run))| run.iter().enumerate().map(move |(i, b)| (block * POLYGON_BLOCK + i, b)));
        for (index, bounds) in in_blocks {
            if !search.overlaps(origin, bounds) || !wanted(origin, bounds) {
                continue;
            }
            let view = switched_view(switches, tile.polygon(index).expect("index below the count"), index);
            if !filter.passes(view.record.flags, view.record.area) {
                continue;
            }
            let polygon = QueryPolygon { tile, tile_links, switches, view, index, origin, vertices: tile.vertices() };
            world.place(tile, origin, &polygon.view);
            visit(tile_ref.polygon(index as u32).expect("index of a valid tile"), &polygon, &world);
        }
    }
}

impl NavMeshQuery {
    /// Replaces `out` with the polygons passing `filter` whose world bounds
    /// overlap the box `center ± half_extents`, by tile in (TileZ, TileX,
    /// layer) order and polygon index within a tile. Errors: out of range
    /// for a center outside the coordinate rule or a negative or non-finite
    /// extent.
    pub fn query_polygons(
        &mut self,
        center: [f64; 3],
        half_extents: [f64; 3],
        filter: &QueryFilter,
        out: &mut Vec<PolyRef>,
    ) -> Result<()> {
        let search = SearchBox::around(center, half_extents)?;
        out.clear();
        let every = |_: [f64; 3], _: &[[f32; 3]; 2]| true;
        visit_polygons_in_box(&self.mesh, &mut self.box_tiles, &search, filter, every, |poly_ref, _, _| {
            out.push(poly_ref)
        });
        Ok(())
    }
}
