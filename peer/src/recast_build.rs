//! Builds Detour tiles with Recast, stage for stage as RecastDemo's
//! `Sample_TileMesh::buildTileMesh` does: per tile a heightfield with a
//! border of walkableRadius + 3 cells, slope marking and rasterisation, the
//! three span filters, the compact heightfield, erosion, watershed regions
//! over the distance field, contours, the polygon mesh, the detail mesh,
//! then `dtCreateNavMeshData` with the tile's coordinates.

use std::ptr::NonNull;

use recastnavigation_sys::*;

use crate::detour_tile_data::DetourTileData;
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

    fn walkable_height(&self) -> i32 {
        (self.agent_height / self.cell_height).ceil() as i32
    }

    fn walkable_climb(&self) -> i32 {
        (self.agent_max_climb / self.cell_height).floor() as i32
    }

    fn walkable_radius(&self) -> i32 {
        (self.agent_radius / self.cell_size).ceil() as i32
    }

    /// Cells of padding around a tile, so borders see their neighbours'
    /// obstacles through erosion.
    fn border_size(&self) -> i32 {
        self.walkable_radius() + 3
    }

    /// A tile's side in world units, computed in f32 as Detour does.
    pub fn tile_width(&self) -> f32 {
        self.tile_size as f32 * self.cell_size
    }
}

/// Detour tiles of one input, with the mesh parameters that hold them.
pub struct RecastTileSet {
    pub params: dtNavMeshParams,
    pub tiles: Vec<DetourTileData>,
}

/// Tile columns and rows covering `min..max`, as RecastDemo counts them.
pub fn tile_grid(min: [f32; 3], max: [f32; 3], settings: &RecastSettings) -> (i32, i32) {
    let (mut cells_x, mut cells_z) = (0, 0);
    // SAFETY: plain arithmetic on the given arrays.
    unsafe { rcCalcGridSize(min.as_ptr(), max.as_ptr(), settings.cell_size, &mut cells_x, &mut cells_z) };
    let ts = settings.tile_size;
    ((cells_x + ts - 1) / ts, (cells_z + ts - 1) / ts)
}

/// RecastDemo's mesh parameters: origin at the bounds' minimum, and the
/// 22 reference bits split between tiles (at most 14) and polygons.
fn nav_mesh_params(min: [f32; 3], tiles_x: i32, tiles_z: i32, settings: &RecastSettings) -> dtNavMeshParams {
    let tiles = (tiles_x * tiles_z).max(1) as u32;
    let tile_bits = tiles.next_power_of_two().trailing_zeros().min(14);
    let poly_bits = 22 - tile_bits;
    dtNavMeshParams {
        orig: min,
        tileWidth: settings.tile_width(),
        tileHeight: settings.tile_width(),
        maxTiles: 1 << tile_bits,
        maxPolys: 1 << poly_bits,
    }
}

/// Builds every tile of `mesh` in row order; tiles with no walkable
/// surface are left out, as RecastDemo leaves them.
pub fn build_tile_set(mesh: &TriangleMesh, settings: &RecastSettings) -> Result<RecastTileSet, String> {
    let (min, max) = mesh.bounds();
    let (tiles_x, tiles_z) = tile_grid(min, max, settings);
    let context = Context::new()?;
    let width = settings.tile_width();
    let mut tiles = Vec::new();
    for z in 0..tiles_z {
        for x in 0..tiles_x {
            let tile_min = [min[0] + x as f32 * width, min[1], min[2] + z as f32 * width];
            let tile_max = [min[0] + (x + 1) as f32 * width, max[1], min[2] + (z + 1) as f32 * width];
            if let Some(tile) = build_tile(&context, mesh, settings, (x, z), tile_min, tile_max)? {
                tiles.push(tile);
            }
        }
    }
    Ok(RecastTileSet { params: nav_mesh_params(min, tiles_x, tiles_z, settings), tiles })
}

/// Recast's build context, without logs or timers.
struct Context(NonNull<rcContext>);

impl Context {
    fn new() -> Result<Context, String> {
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

fn build_tile(
    context: &Context,
    mesh: &TriangleMesh,
    s: &RecastSettings,
    tile: (i32, i32),
    tile_min: [f32; 3],
    tile_max: [f32; 3],
) -> Result<Option<DetourTileData>, String> {
    let ctx = context.ptr();
    let border = s.border_size();
    let side = s.tile_size + 2 * border;
    let pad = border as f32 * s.cell_size;
    let bmin = [tile_min[0] - pad, tile_min[1], tile_min[2] - pad];
    let bmax = [tile_max[0] + pad, tile_max[1], tile_max[2] + pad];
    let (climb, height, radius) = (s.walkable_climb(), s.walkable_height(), s.walkable_radius());

    let triangles = mesh.triangles_overlapping([bmin[0], bmin[2]], [bmax[0], bmax[2]]);
    if triangles.is_empty() {
        return Ok(None);
    }
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
        let ok =
            rcCreateHeightfield(ctx, solid.ptr(), side, side, bmin.as_ptr(), bmax.as_ptr(), s.cell_size, s.cell_height);
        check(ok, "rcCreateHeightfield", tile)?;
        let verts = mesh.vertices.as_ptr();
        rcMarkWalkableTriangles(
            ctx,
            s.agent_max_slope,
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
        rcFilterLowHangingWalkableObstacles(ctx, climb, solid.ptr());
        rcFilterLedgeSpans(ctx, height, climb, solid.ptr());
        rcFilterWalkableLowHeightSpans(ctx, height, solid.ptr());
        check(
            rcBuildCompactHeightfield(ctx, height, climb, solid.ptr(), compact.ptr()),
            "rcBuildCompactHeightfield",
            tile,
        )?;
        check(rcErodeWalkableArea(ctx, radius, compact.ptr()), "rcErodeWalkableArea", tile)?;
        check(rcBuildDistanceField(ctx, compact.ptr()), "rcBuildDistanceField", tile)?;
        let min_area = (s.region_min_size * s.region_min_size) as i32;
        let merge_area = (s.region_merge_size * s.region_merge_size) as i32;
        check(rcBuildRegions(ctx, compact.ptr(), border, min_area, merge_area), "rcBuildRegions", tile)?;
        let max_edge = (s.edge_max_len / s.cell_size) as i32;
        let tess = rcBuildContoursFlags_RC_CONTOUR_TESS_WALL_EDGES as i32;
        check(
            rcBuildContours(ctx, compact.ptr(), s.edge_max_error, max_edge, contours.ptr(), tess),
            "rcBuildContours",
            tile,
        )?;
        if contours.get().nconts == 0 {
            return Ok(None);
        }
        check(rcBuildPolyMesh(ctx, contours.ptr(), s.verts_per_poly, polys.ptr()), "rcBuildPolyMesh", tile)?;
        let sample_dist = if s.detail_sample_dist < 0.9 { 0.0 } else { s.cell_size * s.detail_sample_dist };
        let sample_error = s.cell_height * s.detail_sample_max_error;
        let ok = rcBuildPolyMeshDetail(ctx, polys.ptr(), compact.ptr(), sample_dist, sample_error, detail.ptr());
        check(ok, "rcBuildPolyMeshDetail", tile)?;
        create_tile_data(polys.get(), detail.get(), s, tile)
    }
}

/// `dtCreateNavMeshData` over the polygon and detail meshes, walkable
/// polygons marked as RecastDemo marks them. `None` for a tile without
/// polygons.
unsafe fn create_tile_data(
    polys: &rcPolyMesh,
    detail: &rcPolyMeshDetail,
    s: &RecastSettings,
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
    params.walkableHeight = s.agent_height;
    params.walkableRadius = s.agent_radius;
    params.walkableClimb = s.agent_max_climb;
    params.tileX = tile.0;
    params.tileY = tile.1;
    params.tileLayer = 0;
    params.bmin = polys.bmin;
    params.bmax = polys.bmax;
    params.cs = s.cell_size;
    params.ch = s.cell_height;
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
