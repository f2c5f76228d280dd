//! Tile builders shared by the mesh tests (and the bench, which includes
//! this file by path), and the exact X/Z tests the query references share:
//! a point's side of an edge, and where a path takes an off-mesh link's end.
#![allow(dead_code)]

use std::sync::Arc;

use robust::{orient2d, Coord};

use onav::{
    write_mesh, LinkKind, NavMeshDebug, NavMeshParams, NavTile, NavTileData, OffMeshLinkSlot, Polygon, TiledNavMesh,
    NOT_PORTAL,
};

/// Tile size 16, climb 0.5, up to 6 vertices per polygon.
pub fn params() -> NavMeshParams {
    NavMeshParams {
        origin_x: 0.0,
        origin_y: 0.0,
        origin_z: 0.0,
        tile_size: 16.0,
        cell_size: 0.25,
        max_verts_per_poly: 6,
        walkable_climb: 0.5,
        agent_radius: 0.5,
        agent_height: 2.0,
        agent_max_slope: 45.0,
        settings_digest: 0,
    }
}

/// A tile of `n` × `n` square polygons covering the tile, at local height
/// `y`, with portals on all four sides. Polygon `j * n + i` is the square in
/// column i (along X) and row j (along Z).
#[derive(Debug, Clone)]
pub struct GridTile {
    pub x: i32,
    pub z: i32,
    pub layer: u16,
    pub n: u32,
    pub origin_y: f64,
    pub y: f32,
    pub links: Vec<OffMeshLinkSlot>,
}

impl GridTile {
    pub fn new(x: i32, z: i32, n: u32) -> GridTile {
        GridTile { x, z, layer: 0, n, origin_y: 0.0, y: 0.0, links: Vec::new() }
    }

    pub fn layer(mut self, layer: u16) -> Self {
        self.layer = layer;
        self
    }

    pub fn height(mut self, origin_y: f64, y: f32) -> Self {
        self.origin_y = origin_y;
        self.y = y;
        self
    }

    pub fn link(mut self, link: OffMeshLinkSlot) -> Self {
        self.links.push(link);
        self
    }

    pub fn data(&self, params: &NavMeshParams) -> NavTileData {
        let n = self.n;
        let ts = params.tile_size as f32;
        // n is a power of two in every test, so i * ts / n is exact and the
        // last line lies bitwise on (float)TileSize.
        let coord = |i: u32| ts * i as f32 / n as f32;
        let vertex = |i: u32, j: u32| j * (n + 1) + i;
        let mut d = NavTileData {
            tile_x: self.x,
            tile_z: self.z,
            layer: self.layer,
            origin_y: self.origin_y,
            off_mesh_links: self.links.clone(),
            ..NavTileData::default()
        };
        for j in 0..=n {
            for i in 0..=n {
                d.vertices.push([coord(i), self.y, coord(j)]);
            }
        }
        let polygon = |i: u32, j: u32| j * n + i;
        for j in 0..n {
            for i in 0..n {
                d.polygons.push(Polygon { vertex_count: 4, area: (polygon(i, j) % 64) as u8, flags: 1 });
                d.indices.extend([vertex(i, j), vertex(i + 1, j), vertex(i + 1, j + 1), vertex(i, j + 1)]);
                // Edges: bottom (z=j), right (x=i+1), top (z=j+1), left (x=i).
                let across = [
                    (j > 0).then(|| polygon(i, j - 1)),
                    (i + 1 < n).then(|| polygon(i + 1, j)),
                    (j + 1 < n).then(|| polygon(i, j + 1)),
                    (i > 0).then(|| polygon(i - 1, j)),
                ];
                let sides = [3u8, 0, 1, 2];
                for (neighbour, side) in across.into_iter().zip(sides) {
                    d.neighbours.push(neighbour.map_or(0, |q| q + 1));
                    d.portal_sides.push(if neighbour.is_some() { NOT_PORTAL } else { side });
                }
            }
        }
        d
    }

    pub fn build(&self, params: &NavMeshParams) -> Arc<NavTile> {
        Arc::new(NavTile::create(params, self.data(params)).expect("valid grid tile"))
    }
}

/// A tile of one convex quad with the given local corners (counter-
/// clockwise) and per-edge portal sides.
pub fn quad_tile(
    params: &NavMeshParams,
    (x, z, layer): (i32, i32, u16),
    origin_y: f64,
    corners: [[f32; 3]; 4],
    sides: [u8; 4],
) -> Arc<NavTile> {
    let data = NavTileData {
        tile_x: x,
        tile_z: z,
        layer,
        origin_y,
        vertices: corners.to_vec(),
        polygons: vec![Polygon { vertex_count: 4, area: 1, flags: 1 }],
        indices: vec![0, 1, 2, 3],
        neighbours: vec![0; 4],
        portal_sides: sides.to_vec(),
        ..NavTileData::default()
    };
    Arc::new(NavTile::create(params, data).expect("valid quad tile"))
}

/// A one-way off-mesh link between tile-local points.
pub fn link(start: [f32; 3], end: [f32; 3], radius: f32, bidirectional: bool) -> OffMeshLinkSlot {
    OffMeshLinkSlot { start, end, radius, area: 5, bidirectional, flags: 2, user_id: 77 }
}

/// A link reduced to what does not depend on salts: kind, edges, range,
/// off-mesh index, target slot and polygon.
pub type SaltFreeLink = (LinkKind, u8, u8, u8, u8, u8, u32, u32, u32);

/// Every link of the mesh by (slot, polygon), salts stripped.
pub fn salt_free_links(mesh: &TiledNavMesh) -> Vec<((u32, u32), Vec<SaltFreeLink>)> {
    let mut out = Vec::new();
    for (tile_ref, tile) in mesh.tiles() {
        for p in 0..tile.polygon_count() as u32 {
            let links = mesh.links(tile_ref.polygon(p).unwrap()).unwrap();
            let reduced = links
                .map(|l| {
                    let (_, slot, polygon) = l.target.decode();
                    (l.kind, l.edge, l.side, l.target_edge, l.range_min, l.range_max, l.off_mesh_index, slot, polygon)
                })
                .collect();
            out.push(((tile_ref.slot(), p), reduced));
        }
    }
    out
}

/// The whole observable state: bytes (slots, salts, tiles) and debug
/// geometry (references, links and their segments).
pub fn full_state(mesh: &TiledNavMesh) -> (Vec<u8>, NavMeshDebug) {
    (write_mesh(mesh), NavMeshDebug::collect(mesh))
}

/// A small deterministic generator (xorshift64*), so random tests repeat.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in 0..n.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// Uniform in [lo, hi).
    pub fn range_f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.below(1 << 20) as f32 / (1 << 20) as f32)
    }
}

/// The exact sign of the turn a → b → c in X/Z: 1 when c lies left of
/// a→b (inside a polygon's edge), −1 right, 0 on the line.
pub fn side(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> i8 {
    let xz = |p: [f64; 3]| Coord { x: p[0], y: p[2] };
    let det = orient2d(xz(a), xz(b), xz(c));
    (det > 0.0) as i8 - (det < 0.0) as i8
}

/// True when `x` lies on the closed convex polygon of `corners`
/// (counter-clockwise in X/Z).
pub fn inside(corners: &[[f64; 3]], x: [f64; 3]) -> bool {
    (0..corners.len()).all(|k| side(corners[k], corners[(k + 1) % corners.len()], x) >= 0)
}

/// An off-mesh link's end `p` as a path takes it: moved in X/Z onto the
/// polygon of `corners` (its height kept) when it lies off it, to the
/// nearest point of the boundary, and from there toward the corners' mean
/// by the least of the steps 0, 4^-26, …, 1 of the way that lies on the
/// polygon exactly (docs/QUERIES.md).
pub fn onto_polygon(corners: &[[f64; 3]], p: [f64; 3]) -> [f64; 3] {
    if inside(corners, p) {
        return p;
    }
    let n = corners.len();
    let nearest = (0..n)
        .map(|k| {
            let (a, b) = (corners[k], corners[(k + 1) % n]);
            let (ex, ez) = (b[0] - a[0], b[2] - a[2]);
            let t = (((p[0] - a[0]) * ex + (p[2] - a[2]) * ez) / (ex * ex + ez * ez)).clamp(0.0, 1.0);
            [a[0] + ex * t, 0.0, a[2] + ez * t]
        })
        .min_by(|a, b| squared_xz(*a, p).total_cmp(&squared_xz(*b, p)))
        .unwrap();
    let mean = corners.iter().fold([0.0; 3], |m, c| [m[0] + c[0] / n as f64, 0.0, m[2] + c[2] / n as f64]);
    let on = std::iter::once(0.0)
        .chain((0..=26).map(|i| 0.25f64.powi(26 - i)))
        .map(|step| [nearest[0] + (mean[0] - nearest[0]) * step, 0.0, nearest[2] + (mean[2] - nearest[2]) * step])
        .find(|&x| inside(corners, x))
        .unwrap();
    [on[0], p[1], on[2]]
}

fn squared_xz(a: [f64; 3], b: [f64; 3]) -> f64 {
    (b[0] - a[0]) * (b[0] - a[0]) + (b[2] - a[2]) * (b[2] - a[2])
}
