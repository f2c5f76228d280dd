//! Builds Detour tiles with Recast, stage for stage as RecastDemo's
//! `Sample_TileMesh::buildTileMesh` does: per tile a heightfield with a
//! border of walkableRadius + 3 cells, slope marking and rasterisation, the
//! three span filters, the compact heightfield, erosion, regions (watershed
//! over the distance field, or monotone), contours, the polygon mesh, the
//! detail mesh, then `dtCreateNavMeshData` with the tile's coordinates.

use std::ptr::NonNull;

use recastnavigation_sys::*;

use crate::detour_tile_data::DetourTileData;
use crate::recast_recipe::{RecastPartition, TileRecipe};
use crate::stage_clock::StageClock;
use crate::triangle_mesh::TriangleMesh;

/// RecastDemo's settings (`Sample::resetCommonSettings`, tile size 32).
#[derive(Debug, Clone, Copy)]
pub struct RecastSettings {
    pub cell_size: f32,
    pub cell_height: f32,
    pub agent_height: f32,
    pub agent_radius: f32,
    pub agent_max_climb: f32,
    /// Degrees.
    pub agent_max_slope: f32,
    /// Cells per side of the smallest region kept.
    pub region_min_size: f32,
    pub region_merge_size: f32,
    pub edge_max_len: f32,
    pub edge_max_error: f32,
    pub verts_per_poly: i32,
    /// In cells.
    pub detail_sample_dist: f32,
    /// In cell heights.
    pub detail_sample_max_error: f32,
    /// Cells per tile side.
    pub tile_size: i32,
}

impl RecastSettings {
    pub const TILE_MESH_DEFAULTS: RecastSettings = RecastSettings {
        cell_size: 0.3,
        cell_height: 0.2,
        agent_height: 2.0,
        agent_radius: 0.6,
        agent_max_climb: 0.9,
        agent_max_slope: 45.0,
        region_min_size: 8.0,
        region_merge_size: 20.0,
        edge_max_len: 12.0,
        edge_max_error: 1.3,
        verts_per_poly: 6,
        detail_sample_dist: 6.0,
        detail_sample_max_error: 1.0,
        tile_size: 32,
    };

    /// rcConfig as RecastDemo's `Sample_TileMesh` fills it from these
    /// settings (its roundings: height up, climb down, radius up; border
    /// walkableRadius + 3 cells, so borders see their neighbours' obstacles
    /// through erosion), watershed partition.
    pub fn recipe(&self) -> TileRecipe {
        let radius = (self.agent_radius / self.cell_size).ceil() as i32;
        let sample_dist = if self.detail_sample_dist < 0.9 { 0.0 } else { self.cell_size * self.detail_sample_dist };
        let config = rcConfig {
            width: 0,
            height: 0,
            tileSize: self.tile_size,
            borderSize: radius + 3,
            cs: self.cell_size,
            ch: self.cell_height,
            bmin: [0.0; 3],
            bmax: [0.0; 3],
            walkableSlopeAngle: self.agent_max_slope,
            walkableHeight: (self.agent_height / self.cell_height).ceil() as i32,
            walkableClimb: (self.agent_max_climb / self.cell_height).floor() as i32,
            walkableRadius: radius,
            maxEdgeLen: (self.edge_max_len / self.cell_size) as i32,
            maxSimplificationError: self.edge_max_error,
            minRegionArea: (self.region_min_size * self.region_min_size) as i32,
            mergeRegionArea: (self.region_merge_size * self.region_merge_size) as i32,
            maxVertsPerPoly: self.verts_per_poly,
            detailSampleDist: sample_dist,
            detailSampleMaxError: self.cell_height * self.detail_sample_max_error,
        };
        TileRecipe {
            config,
            partition: RecastPartition::Watershed,
            agent_height: self.agent_height,
            agent_radius: self.agent_radius,
            agent_climb: self.agent_max_climb,
        }
    }
}

/// Detour tiles of one input, with the mesh parameters that hold them.
pub struct RecastTileSet {
    pub params: dtNavMeshParams,
    pub tiles: Vec<DetourTileData>,
}

/// Tile columns and rows covering `min..max`, as RecastDemo counts them.
pub fn tile_grid(min: [f32; 3], max: [f32; 3], recipe: &TileRecipe) -> (i32, i32) {
    let (mut cells_x, mut cells_z) = (0, 0);
    // SAFETY: plain arithmetic on the given arrays.
    unsafe { rcCalcGridSize(min.as_ptr(), max.as_ptr(), recipe.config.cs, &mut cells_x, &mut cells_z) };
    let ts = recipe.config.tileSize;
    ((cells_x + ts - 1) / ts, (cells_z + ts - 1) / ts)
}

/// RecastDemo's mesh parameters: origin at the bounds' minimum, and the
/// 22 reference bits split between tiles (at most 14) and polygons.
fn nav_mesh_params(min: [f32; 3], tiles_x: i32, tiles_z: i32, recipe: &TileRecipe) -> dtNavMeshParams {
    let tiles = (tiles_x * tiles_z).max(1) as u32;
    let tile_bits = tiles.next_power_of_two().trailing_zeros().min(14);
    let poly_bits = 22 - tile_bits;
    dtNavMeshParams {
        orig: min,
        tileWidth: recipe.tile_width(),
        tileHeight: recipe.tile_width(),
        maxTiles: 1 << tile_bits,
        maxPolys: 1 << poly_bits,
    }
}

/// One tile to build: its place, its heightfield's box (the tile and its
/// border) and the triangles whose X/Z bounds overlap that box.
pub struct TileJob {
    pub tile: (i32, i32),
    bmin: [f32; 3],
    bmax: [f32; 3],
    pub triangles: Vec<i32>,
}

/// The mesh parameters and one job per tile of the grid, in row order:
/// what RecastDemo's chunky triangle mesh hands each tile.
pub fn tile_jobs(mesh: &TriangleMesh, recipe: &TileRecipe) -> (dtNavMeshParams, Vec<TileJob>) {
    let (min, max) = mesh.bounds();
    let (tiles_x, tiles_z) = tile_grid(min, max, recipe);
    let width = recipe.tile_width();
    let pad = recipe.config.borderSize as f32 * recipe.config.cs;
    let mut jobs = Vec::new();
    for z in 0..tiles_z {
        for x in 0..tiles_x {
            let bmin = [min[0] + x as f32 * width - pad, min[1], min[2] + z as f32 * width - pad];
            let bmax = [min[0] + (x + 1) as f32 * width + pad, max[1], min[2] + (z + 1) as f32 * width + pad];
            let triangles = mesh.triangles_overlapping([bmin[0], bmin[2]], [bmax[0], bmax[2]]);
            jobs.push(TileJob { tile: (x, z), bmin, bmax, triangles });
        }
    }
    (nav_mesh_params(min, tiles_x, tiles_z, recipe), jobs)
}

/// Builds every tile of `mesh` in row order; tiles with no walkable
/// surface are left out, as RecastDemo leaves them.
pub fn build_tile_set(mesh: &TriangleMesh, recipe: &TileRecipe) -> Result<RecastTileSet, String> {
    let (params, jobs) = tile_jobs(mesh, recipe);
    let context = Context::new()?;
    let mut clock = StageClock::new(RECAST_STAGES.len());
    let mut tiles = Vec::new();
    for job in &jobs {
        if let Some(tile) = build_tile(&context, mesh, recipe, job, &mut clock)? {
            tiles.push(tile);
        }
    }
    Ok(RecastTileSet { params, tiles })
}

/// Recast's build context, without logs or timers.
pub struct Context(NonNull<rcContext>);

impl Context {
    pub fn new() -> Result<Context, String> {
        // SAFETY: CreateContext returns null or a new context.
        NonNull::new(unsafe { CreateContext(false) }).map(Context).ok_or_else(|| "CreateContext failed".to_string())
    }

    fn ptr(&self) -> *mut rcContext {
        self.0.as_ptr()
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: made by CreateContext, deleted once.
        unsafe { DeleteContext(self.0.as_ptr()) }
    }
}

/// One of Recast's intermediate products, freed by its own free function.
struct Owned<T> {
    ptr: NonNull<T>,
    free: unsafe extern "C" fn(*mut T),
}

impl<T> Owned<T> {
    fn new(
        alloc: unsafe extern "C" fn() -> *mut T,
        free: unsafe extern "C" fn(*mut T),
        what: &str,
    ) -> Result<Self, String> {
        // SAFETY: Recast's rcAlloc* return null or a constructed object.
        let ptr = NonNull::new(unsafe { alloc() }).ok_or_else(|| format!("out of memory for {what}"))?;
        Ok(Owned { ptr, free })
    }

    fn ptr(&self) -> *mut T {
        self.ptr.as_ptr()
    }

    fn get(&self) -> &T {
        // SAFETY: valid from allocation to drop.
        unsafe { self.ptr.as_ref() }
    }
}

impl<T> Drop for Owned<T> {
    fn drop(&mut self) {
        // SAFETY: `free` is the allocator's own counterpart; called once.
        unsafe { (self.free)(self.ptr.as_ptr()) }
    }
}

fn check(ok: bool, stage: &str, tile: (i32, i32)) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("Recast: {stage} failed for tile {tile:?}"))
    }
}

/// RecastDemo's area and flag for walkable ground
/// (SAMPLE_POLYAREA_GROUND, SAMPLE_POLYFLAGS_WALK).
const GROUND_AREA: u8 = 0;
const WALK_FLAG: u16 = 1;

/// The stages `build_tile` times, in order.
pub const RECAST_STAGES: [&str; 9] = [
    "rasterize (slopes, triangles)",
    "span filters",
    "compact heightfield",
    "erode",
    "regions",
    "contours",
    "polygon mesh",
    "detail mesh",
    "tile data (dtCreateNavMeshData)",
];

/// One tile from its triangles to Detour tile data, each stage's time
/// added to `clock`; `None` when nothing walkable is left. Never inlined,
/// so callgrind counts its instructions under its own name (`build-count`).
#[inline(never)]
pub fn build_tile(
    context: &Context,
    mesh: &TriangleMesh,
    recipe: &TileRecipe,
    job: &TileJob,
    clock: &mut StageClock,
) -> Result<Option<DetourTileData>, String> {
    if job.triangles.is_empty() {
        return Ok(None);
    }
    clock.start();
    let ctx = context.ptr();
    let tile = job.tile;
    let c = &recipe.config;
    let side = c.tileSize + 2 * c.borderSize;
    let (climb, height, radius) = (c.walkableClimb, c.walkableHeight, c.walkableRadius);
    let triangles = &job.triangles;
    let triangle_count = (triangles.len() / 3) as i32;
    let vertex_count = mesh.vertex_count() as i32;

    let solid = Owned::new(rcAllocHeightfield, rcFreeHeightField, "the heightfield")?;
    let compact = Owned::new(rcAllocCompactHeightfield, rcFreeCompactHeightfield, "the compact heightfield")?;
    let contours = Owned::new(rcAllocContourSet, rcFreeContourSet, "the contours")?;
    let polys = Owned::new(rcAllocPolyMesh, rcFreePolyMesh, "the polygon mesh")?;
    let detail = Owned::new(rcAllocPolyMeshDetail, rcFreePolyMeshDetail, "the detail mesh")?;
    let mut areas = vec![0u8; triangles.len() / 3];
    // SAFETY: every pointer is valid for the counts passed with it, and each
    // Recast object was allocated above and lives to the end of the call.
    unsafe {
        let ok = rcCreateHeightfield(ctx, solid.ptr(), side, side, job.bmin.as_ptr(), job.bmax.as_ptr(), c.cs, c.ch);
        check(ok, "rcCreateHeightfield", tile)?;
        let verts = mesh.vertices.as_ptr();
        rcMarkWalkableTriangles(
            ctx,
            c.walkableSlopeAngle,
            verts,
            vertex_count,
            triangles.as_ptr(),
            triangle_count,
            areas.as_mut_ptr(),
        );
        let ok = rcRasterizeTriangles(
            ctx,
            verts,
            vertex_count,
            triangles.as_ptr(),
            areas.as_ptr(),
            triangle_count,
            solid.ptr(),
            climb,
        );
        check(ok, "rcRasterizeTriangles", tile)?;
        clock.lap(0);
        rcFilterLowHangingWalkableObstacles(ctx, climb, solid.ptr());
        rcFilterLedgeSpans(ctx, height, climb, solid.ptr());
        rcFilterWalkableLowHeightSpans(ctx, height, solid.ptr());
        clock.lap(1);
        check(
            rcBuildCompactHeightfield(ctx, height, climb, solid.ptr(), compact.ptr()),
            "rcBuildCompactHeightfield",
            tile,
        )?;
        clock.lap(2);
        check(rcErodeWalkableArea(ctx, radius, compact.ptr()), "rcErodeWalkableArea", tile)?;
        clock.lap(3);
        let (border, min_area, merge_area) = (c.borderSize, c.minRegionArea, c.mergeRegionArea);
        match recipe.partition {
            RecastPartition::Watershed => {
                check(rcBuildDistanceField(ctx, compact.ptr()), "rcBuildDistanceField", tile)?;
                check(rcBuildRegions(ctx, compact.ptr(), border, min_area, merge_area), "rcBuildRegions", tile)?;
            }
            RecastPartition::Monotone => check(
                rcBuildRegionsMonotone(ctx, compact.ptr(), border, min_area, merge_area),
                "rcBuildRegionsMonotone",
                tile,
            )?,
        }
        clock.lap(4);
        let tess = rcBuildContoursFlags_RC_CONTOUR_TESS_WALL_EDGES as i32;
        check(
            rcBuildContours(ctx, compact.ptr(), c.maxSimplificationError, c.maxEdgeLen, contours.ptr(), tess),
            "rcBuildContours",
            tile,
        )?;
        clock.lap(5);
        if contours.get().nconts == 0 {
            return Ok(None);
        }
        check(rcBuildPolyMesh(ctx, contours.ptr(), c.maxVertsPerPoly, polys.ptr()), "rcBuildPolyMesh", tile)?;
        clock.lap(6);
        let ok = rcBuildPolyMeshDetail(
            ctx,
            polys.ptr(),
            compact.ptr(),
            c.detailSampleDist,
            c.detailSampleMaxError,
            detail.ptr(),
        );
        check(ok, "rcBuildPolyMeshDetail", tile)?;
        clock.lap(7);
        let data = create_tile_data(polys.get(), detail.get(), recipe, tile);
        clock.lap(8);
        data
    }
}

/// `dtCreateNavMeshData` over the polygon and detail meshes, walkable
/// polygons marked as RecastDemo marks them. `None` for a tile without
/// polygons.
unsafe fn create_tile_data(
    polys: &rcPolyMesh,
    detail: &rcPolyMeshDetail,
    recipe: &TileRecipe,
    tile: (i32, i32),
) -> Result<Option<DetourTileData>, String> {
    if polys.nverts >= 0xffff {
        return Err(format!("tile {tile:?} has {} vertices; Detour indexes at most 65534", polys.nverts));
    }
    let count = polys.npolys as usize;
    let areas = std::slice::from_raw_parts_mut(polys.areas, count);
    let flags = std::slice::from_raw_parts_mut(polys.flags, count);
    for (area, flag) in areas.iter_mut().zip(flags) {
        if *area == RC_WALKABLE_AREA {
            *area = GROUND_AREA;
            *flag = WALK_FLAG;
        }
    }
    let mut params: dtNavMeshCreateParams = std::mem::zeroed();
    params.verts = polys.verts;
    params.vertCount = polys.nverts;
    params.polys = polys.polys;
    params.polyAreas = polys.areas;
    params.polyFlags = polys.flags;
    params.polyCount = polys.npolys;
    params.nvp = polys.nvp;
    params.detailMeshes = detail.meshes;
    params.detailVerts = detail.verts;
    params.detailVertsCount = detail.nverts;
    params.detailTris = detail.tris;
    params.detailTriCount = detail.ntris;
    params.walkableHeight = recipe.agent_height;
    params.walkableRadius = recipe.agent_radius;
    params.walkableClimb = recipe.agent_climb;
    params.tileX = tile.0;
    params.tileY = tile.1;
    params.tileLayer = 0;
    params.bmin = polys.bmin;
    params.bmax = polys.bmax;
    params.cs = recipe.config.cs;
    params.ch = recipe.config.ch;
    params.buildBvTree = true;
    let mut data: *mut u8 = std::ptr::null_mut();
    let mut size = 0;
    // dtCreateNavMeshData returns false for a tile with no polygons too.
    if !dtCreateNavMeshData(&mut params, &mut data, &mut size) {
        return if count == 0 { Ok(None) } else { Err(format!("dtCreateNavMeshData failed for tile {tile:?}")) };
    }
    let data = NonNull::new(data).ok_or_else(|| format!("dtCreateNavMeshData gave no data for tile {tile:?}"))?;
    Ok(Some(DetourTileData::from_raw(data, size as usize)))
}
