//! The exact 2D builder end to end (issue 22): outlines → lattice → free
//! space → inward offset by the agent radius → per-class ownership → tile
//! cut → convex partition → the 2D hand-over. Everything between the
//! lattice and the hand-over is integer work, and the hand-over moves no
//! point: each vertex is its lattice point as a tile-local value, exact in
//! float32.

use rayon::prelude::*;

use crate::build::build_2d::TileInput2d;
use crate::build::planar::boolean_ops::{boolean, rings_of, BooleanOp, Shape};
use crate::build::planar::clearance_check::keeps_radius;
use crate::build::planar::convex_partition::ConvexPolygons;
use crate::build::planar::free_space::{class_owners, free_space, RegionClass};
use crate::build::planar::inward_offset::{
    clearance_units, offset_inward, radius_units, rounding_margins, LARGEST_MARGIN,
};
use crate::build::planar::lattice::Lattice;
use crate::build::planar::planar_input::{LatticeOutlines, PlanarOutlines};
use crate::build::planar::tile_cut::{check_area_fits, cut_into_tiles, TilePieces};
use crate::error::{NavMeshError, Result};
use crate::format::params::NavMeshParams;
use crate::mesh::poly_ref::TileRef;
use crate::world::nav_mesh::NavMesh;
use crate::world::nav_settings::NavSettings;
use crate::world::nav_world::NavWorld;

/// Free space after the agent radius is taken off and cut at the tile
/// borders (crossing points rounded to the lattice), on the lattice of
/// the settings: what the built polygons cover, exactly.
pub fn offset_free_space(settings: &NavSettings, outlines: &PlanarOutlines) -> Result<(Lattice, Vec<Shape>)> {
    let (lattice, cut) = cut_plan(settings, outlines)?;
    let pieces = cut.into_iter().flat_map(|(_, tiles)| tiles.into_values().flatten()).collect();
    Ok((lattice, pieces))
}

/// The lattice and, per region class in class order, its part of the
/// offset free space cut into tiles: with the first rounding margin whose
/// pieces keep the agent radius from every obstacle (`clearance_check.rs`).
fn cut_plan(settings: &NavSettings, outlines: &PlanarOutlines) -> Result<(Lattice, Vec<(RegionClass, TilePieces)>)> {
    settings.to_params()?;
    let lattice = Lattice::from_settings(settings)?;
    let on_lattice = outlines.to_lattice(settings, &lattice)?;
    let free = free_space(&on_lattice);
    let owners = class_owners(&on_lattice);
    let radius = radius_units(settings.agent_radius(), &lattice);
    for margin in rounding_margins() {
        let cut = cut_with_clearance(&on_lattice, &free, owners.as_deref(), clearance_units(radius, margin), &lattice)?;
        if radius == 0 || keeps_radius(&cut, &on_lattice.obstacles, radius, lattice.tile_units()) {
            return Ok((lattice, cut));
        }
    }
    Err(NavMeshError::InvalidOperation(format!(
        "the boolean engine moved free space by more than {LARGEST_MARGIN} spacings: the agent radius cannot be kept from every obstacle"
    )))
}

/// Free space offset by `clearance`, each class's part of it, cut into
/// tiles.
fn cut_with_clearance(
    on_lattice: &LatticeOutlines,
    free: &[Shape],
    owners: Option<&[(RegionClass, Vec<Shape>)]>,
    clearance: i64,
    lattice: &Lattice,
) -> Result<Vec<(RegionClass, TilePieces)>> {
    let offset = offset_inward(free, clearance);
    let classes: Vec<(RegionClass, Vec<Shape>)> = match owners {
        None => on_lattice.regions.first().map(|r| ((r.area, r.flags), offset)).into_iter().collect(),
        Some(owners) => owners
            .iter()
            .map(|(class, owned)| (*class, boolean(&rings_of(&offset), &rings_of(owned), BooleanOp::Intersect)))
            .collect(),
    };
    let shapes: Vec<&Shape> = classes.iter().flat_map(|(_, shapes)| shapes).collect();
    check_area_fits(&shapes, lattice.tile_units())?;
    classes.iter().map(|(class, shapes)| Ok((*class, cut_into_tiles(shapes, lattice)?))).collect()
}

/// One 2D tile input per tile that keeps any free space, in (z, x) order;
/// tiles are partitioned in parallel and collected in that order.
pub fn planar_tile_inputs(settings: &NavSettings, outlines: &PlanarOutlines) -> Result<Vec<TileInput2d>> {
    let params = settings.to_params()?;
    let (lattice, cut) = cut_plan(settings, outlines)?;
    let mut tiles: Vec<(i32, i32)> = cut.iter().flat_map(|(_, pieces)| pieces.keys().copied()).collect();
    tiles.sort_unstable();
    tiles.dedup();
    let max_verts = usize::from(settings.max_verts_per_poly());
    Ok(tiles
        .into_par_iter()
        .map(|(tile_z, tile_x)| tile_input(&params, &lattice, &cut, tile_x, tile_z, max_verts))
        .collect::<Vec<_>>()
        .into_iter()
        .filter(|input| !input.vertex_counts.is_empty())
        .collect())
}

/// The convex polygons of one tile, class after class, as a 2D tile input
/// whose world vertices are the tile origin plus exact local values.
fn tile_input(
    params: &NavMeshParams,
    lattice: &Lattice,
    cut: &[(RegionClass, TilePieces)],
    tile_x: i32,
    tile_z: i32,
    max_verts: usize,
) -> TileInput2d {
    let mut polygons = ConvexPolygons::default();
    let mut areas = Vec::new();
    let mut flags = Vec::new();
    for ((area, flag), pieces) in cut {
        let Some(pieces) = pieces.get(&(tile_z, tile_x)) else { continue };
        let before = polygons.vertex_counts.len();
        polygons.add_partition(pieces, max_verts);
        let added = polygons.vertex_counts.len() - before;
        areas.extend(std::iter::repeat_n(*area, added));
        flags.extend(std::iter::repeat_n(*flag, added));
    }
    let (origin_x, origin_z) = params.tile_origin(tile_x, tile_z);
    let ConvexPolygons { points, vertex_counts, indices } = polygons;
    TileInput2d {
        tile_x,
        tile_z,
        layer: 0,
        vertices: points
            .iter()
            .map(|p| [origin_x + lattice.local(p[0], tile_x), origin_z + lattice.local(p[1], tile_z)])
            .collect(),
        vertex_counts,
        indices,
        areas: Some(areas),
        flags: Some(flags),
    }
}

impl NavMesh {
    /// `NavMesh.BuildPlanar`: the exact 2D builder over walkable regions
    /// and obstacles (see [`PlanarOutlines`]); equal input gives equal
    /// bytes for any thread count.
    pub fn build_planar(settings: NavSettings, outlines: &PlanarOutlines) -> Result<NavMesh> {
        let inputs = planar_tile_inputs(&settings, outlines)?;
        NavMesh::build_2d(settings, &inputs)
    }

    /// Rebuilds the tile at (tile_x, tile_z) from changed outlines exactly
    /// as `build_planar` builds it (the whole outline set is cut, so the
    /// tile's borders match its neighbours' built from the same outlines).
    /// Returns the new tile's reference, or `None` when the tile keeps no
    /// free space (a tile there is removed). On failure the mesh is
    /// unchanged.
    pub fn rebuild_tile_planar(
        &mut self,
        outlines: &PlanarOutlines,
        tile_x: i32,
        tile_z: i32,
    ) -> Result<Option<TileRef>> {
        let inputs = planar_tile_inputs(self.settings(), outlines)?;
        match inputs.iter().find(|t| (t.tile_x, t.tile_z) == (tile_x, tile_z)) {
            Some(input) => self.rebuild_tile_2d(input).map(Some),
            None => {
                if self.mesh().tile_at(tile_x, tile_z, 0).is_some() {
                    self.mesh_mut().remove_tile(tile_x, tile_z, 0)?;
                }
                Ok(None)
            }
        }
    }
}

impl NavWorld {
    /// One `NavMesh::build_planar` per settings, in the order given, from
    /// the same outlines; class i is byte-identical to a single-class build.
    pub fn build_planar(classes: &[NavSettings], outlines: &PlanarOutlines) -> Result<NavWorld> {
        let meshes = classes.iter().map(|s| NavMesh::build_planar(s.clone(), outlines)).collect::<Result<Vec<_>>>()?;
        NavWorld::new(meshes)
    }
}
