//! The query inputs: start/end pairs of points on the mesh, the same for
//! both libraries and every run.
//!
//! Generator: xorshift64 from a fixed seed; each point picks a polygon of
//! the imported mesh uniformly (tiles in slot order, polygons in index
//! order), a triangle of the polygon's fan from corner 0 with probability
//! proportional to its X/Z area, and a uniform point in that triangle; its
//! height is the polygon's surface there (`NavMeshQuery::poly_height`,
//! from the detail mesh). The point is rounded to f32, so Detour gets it
//! exactly and onav gets the same values widened. Pair k is points 2k and
//! 2k + 1.

use onav::{NavMeshQuery, PolyRef, TiledNavMesh};

use crate::xorshift::Xorshift64;

const SEED: u64 = 0x0A1B_2C3D_4E5F_6071;

/// The generator in a few words, for the report.
pub const GENERATOR: &str = "xorshift64 from a fixed seed: a uniform polygon, a fan triangle by X/Z area, a \
                             uniform point of it on the polygon's surface, rounded to f32";

/// One start/end pair.
#[derive(Debug, Clone, Copy)]
pub struct QueryPair {
    pub start: [f32; 3],
    pub end: [f32; 3],
}

pub fn query_pairs(mesh: &TiledNavMesh, count: usize) -> Result<Vec<QueryPair>, String> {
    let polygons: Vec<PolyRef> = mesh
        .tiles()
        .flat_map(|(tile_ref, tile)| (0..tile.polygon_count() as u32).filter_map(move |i| tile_ref.polygon(i)))
        .collect();
    if polygons.is_empty() {
        return Err("the mesh has no polygons to put query points on".into());
    }
    let query = NavMeshQuery::new(mesh, 1).map_err(|e| format!("onav query: {e}"))?;
    let mut rng = Xorshift64::new(SEED);
    let mut point = || point_on(mesh, &query, polygons[rng.below(polygons.len())], &mut rng);
    (0..count).map(|_| Ok(QueryPair { start: point()?, end: point()? })).collect()
}

/// The triangles of `poly`'s fan from corner 0, in world coordinates.
fn fan_of(mesh: &TiledNavMesh, poly: PolyRef) -> Result<Vec<[[f64; 3]; 3]>, String> {
    let (tile, view) = mesh.polygon(poly).ok_or("a listed polygon is missing")?;
    let (x, z) = mesh.params().tile_origin(tile.tile_x(), tile.tile_z());
    let origin = [x, tile.origin_y(), z];
    let corners: Vec<[f64; 3]> = view
        .indices
        .iter()
        .map(|&i| {
            let v = tile.vertices()[i as usize];
            [0, 1, 2].map(|a| origin[a] + v[a] as f64)
        })
        .collect();
    Ok((1..corners.len().max(2) - 1).map(|k| [corners[0], corners[k], corners[k + 1]]).collect())
}

/// The X/Z area of `poly`.
pub fn polygon_area_xz(mesh: &TiledNavMesh, poly: PolyRef) -> Result<f64, String> {
    Ok(fan_of(mesh, poly)?.iter().map(area_xz).sum())
}

/// A uniform point of the X/Z area of `poly`, on its surface.
pub fn point_on(
    mesh: &TiledNavMesh,
    query: &NavMeshQuery,
    poly: PolyRef,
    rng: &mut Xorshift64,
) -> Result<[f32; 3], String> {
    let fan = fan_of(mesh, poly)?;
    if fan.is_empty() {
        return Err("a polygon with fewer than three corners".into());
    }
    let total: f64 = fan.iter().map(area_xz).sum();
    let mut pick = rng.unit() * total;
    let triangle = fan
        .iter()
        .find(|t| {
            pick -= area_xz(t);
            pick < 0.0
        })
        .unwrap_or(&fan[fan.len() - 1]);
    let (mut u, mut v) = (rng.unit(), rng.unit());
    if u + v > 1.0 {
        (u, v) = (1.0 - u, 1.0 - v);
    }
    let [a, b, c] = *triangle;
    let p = [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * u + (c[i] - a[i]) * v);
    let height = query.poly_height(poly, p).map_err(|e| format!("onav poly_height: {e}"))?.unwrap_or(p[1]);
    Ok([p[0] as f32, height as f32, p[2] as f32])
}

fn area_xz([a, b, c]: &[[f64; 3]; 3]) -> f64 {
    ((b[0] - a[0]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[0] - a[0])).abs() / 2.0
}
