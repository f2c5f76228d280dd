//! Small meshes for the exact-path tests and fuzz target: tiles of square
//! cells (some blocked, the others one quad or two triangles each) put
//! together by `NavTileAssembler`, over negative and positive tile
//! coordinates and a non-zero origin. Neighbouring tiles cut their sides
//! into different numbers of cells, so portals cover parts of edges; a
//! blocked cell at a side leaves a wall beside a portal. One mesh has a
//! bridge over a floor, reached by ramps, and a one-way drop from it.
#![allow(dead_code)]

use onav::{NavMeshParams, NavTile, NavTileAssembler, OffMeshLinkSlot, TilePolygons, TiledNavMesh};

use crate::mesh_common::Rng;

/// Tile size 8, the origin away from zero, otherwise mesh_common's.
pub fn params() -> NavMeshParams {
    NavMeshParams { origin_x: -20.0, origin_z: 10.0, tile_size: 8.0, ..crate::mesh_common::params() }
}

/// A tile of `n` × `n` cells.
pub struct CellTile<'a> {
    pub x: i32,
    pub z: i32,
    pub layer: u16,
    pub n: u32,
    /// Cell (i, j) is blocked.
    pub blocked: &'a dyn Fn(u32, u32) -> bool,
    /// World height at grid point (i, j).
    pub height: &'a dyn Fn(u32, u32) -> f64,
    /// Splits cells into triangles (at random) instead of quads.
    pub triangles: bool,
    pub seed: u64,
}

impl CellTile<'_> {
    pub fn build(&self, params: &NavMeshParams) -> NavTile {
        let (ox, oz) = params.tile_origin(self.x, self.z);
        let step = params.tile_size / self.n as f64;
        let n = self.n;
        let mut rng = Rng::new(self.seed);
        let mut vertices = Vec::new();
        for j in 0..=n {
            for i in 0..=n {
                // The last line lands on the tile's side exactly.
                let along = |k: u32| if k == n { params.tile_size } else { k as f64 * step };
                vertices.push([ox + along(i), (self.height)(i, j), oz + along(j)]);
            }
        }
        let vertex = |i: u32, j: u32| j * (n + 1) + i;
        let (mut counts, mut indices) = (Vec::new(), Vec::new());
        for j in 0..n {
            for i in 0..n {
                if (self.blocked)(i, j) {
                    continue;
                }
                let (a, b, c, d) = (vertex(i, j), vertex(i + 1, j), vertex(i + 1, j + 1), vertex(i, j + 1));
                match (self.triangles, rng.below(2)) {
                    (false, _) => {
                        counts.push(4);
                        indices.extend([a, d, c, b]);
                    }
                    (true, 0) => {
                        counts.extend([3, 3]);
                        indices.extend([a, c, b, a, d, c]);
                    }
                    (true, _) => {
                        counts.extend([3, 3]);
                        indices.extend([a, d, b, b, d, c]);
                    }
                }
            }
        }
        let polygons = counts.len();
        let flags = vec![1u16; polygons];
        let areas: Vec<u8> = (0..polygons).map(|_| rng.below(3) as u8).collect();
        let input = TilePolygons {
            tile_x: self.x,
            tile_z: self.z,
            layer: self.layer,
            origin_y: 0.0,
            vertices: &vertices,
            vertex_counts: &counts,
            indices: &indices,
            areas: Some(&areas),
            flags: Some(&flags),
        };
        NavTileAssembler::from_polygons(params, &input).expect("a cell tile is valid")
    }
}

/// `tile` with `links` (tile-local ends) added.
pub fn with_links(params: &NavMeshParams, tile: NavTile, links: &[OffMeshLinkSlot]) -> NavTile {
    let mut data = tile.into_data();
    data.off_mesh_links.extend_from_slice(links);
    NavTile::create(params, data).expect("links are valid")
}

pub fn link(start: [f32; 3], end: [f32; 3], bidirectional: bool) -> OffMeshLinkSlot {
    OffMeshLinkSlot { start, end, radius: 0.25, area: 1, bidirectional, flags: 1, user_id: 0 }
}

/// Rooms over tiles x −1..=1, z −1..=0 with random blocked cells, each
/// tile cut into 2, 4 or 8 cells a side (so portals cover parts of
/// edges), and a two-way and a one-way link between random open cells.
pub fn rooms(seed: u64) -> TiledNavMesh {
    let p = params();
    let mut rng = Rng::new(seed);
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let mut tiles = Vec::new();
    for z in -1..=0 {
        for x in -1..=1 {
            let n = [2, 4, 8][rng.below(3) as usize];
            let blocked: Vec<bool> = (0..n * n).map(|_| rng.below(4) == 0).collect();
            tiles.push((x, z, n, blocked, rng.next_u64()));
        }
    }
    let open_cell_point = |rng: &mut Rng, n: u32, blocked: &[bool]| -> Option<[f32; 3]> {
        let open: Vec<u32> = (0..n * n).filter(|&c| !blocked[c as usize]).collect();
        let cell = *open.get(rng.below(open.len().max(1) as u64) as usize)?;
        let step = 8.0 / n as f32;
        // Off the cell's diagonals, so the point lies inside one triangle.
        Some([((cell % n) as f32 + 0.3) * step, 0.0, ((cell / n) as f32 + 0.6) * step])
    };
    for (t, (x, z, n, blocked, tile_seed)) in tiles.iter().enumerate() {
        let tile = CellTile {
            x: *x,
            z: *z,
            layer: 0,
            n: *n,
            blocked: &|i, j| blocked[(j * n + i) as usize],
            height: &|_, _| 0.0,
            triangles: tile_seed % 2 == 0,
            seed: *tile_seed,
        }
        .build(&p);
        let mut links = Vec::new();
        if t % 3 == 0 {
            let other = &tiles[t + 1];
            if let (Some(start), Some(end)) =
                (open_cell_point(&mut rng, *n, blocked), open_cell_point(&mut rng, other.2, &other.3))
            {
                // The end, local to this tile.
                let end = [end[0] + 8.0 * (other.0 - x) as f32, 0.0, end[2] + 8.0 * (other.1 - z) as f32];
                links.push(link(start, end, t == 0));
            }
        }
        mesh.add_tile(with_links(&p, tile, &links)).unwrap();
    }
    mesh
}

/// A bridge at height 3 over a floor in column (0, 0), rows z 3..5, with
/// ramps down to the floor in columns (−1, 0) and (1, 0), a pillar under
/// the bridge, and a one-way drop from the bridge to the floor below.
pub fn bridge(seed: u64) -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let band = |j: u32| (3..=5).contains(&j);
    // Rows 2 and 5 are blocked beside the ramp, so ramp and floor share no vertex.
    let east = CellTile {
        x: 1,
        z: 0,
        layer: 0,
        n: 8,
        blocked: &|i, j| (j == 2 || j == 5) && i < 6,
        height: &|i, j| if band(j) && i <= 6 { 3.0 * (1.0 - i as f64 / 6.0) } else { 0.0 },
        triangles: true,
        seed,
    };
    let west = CellTile {
        x: -1,
        z: 0,
        layer: 0,
        n: 8,
        blocked: &|i, j| (j == 2 || j == 5) && i >= 2,
        height: &|i, j| if band(j) && i >= 2 { 3.0 * (i as f64 - 2.0) / 6.0 } else { 0.0 },
        triangles: false,
        seed: seed + 1,
    };
    let floor = CellTile {
        x: 0,
        z: 0,
        layer: 0,
        n: 4,
        blocked: &|i, j| i == 2 && j == 1,
        height: &|_, _| 0.0,
        triangles: true,
        seed: seed + 2,
    };
    let deck = CellTile {
        x: 0,
        z: 0,
        layer: 1,
        n: 8,
        blocked: &|_, j| !(3..5).contains(&j),
        height: &|_, _| 3.0,
        triangles: true,
        seed: seed + 3,
    };
    mesh.add_tile(east.build(&p)).unwrap();
    mesh.add_tile(west.build(&p)).unwrap();
    mesh.add_tile(floor.build(&p)).unwrap();
    let drop = link([4.3, 3.0, 4.4], [6.3, 0.0, 1.3], false);
    mesh.add_tile(with_links(&p, deck.build(&p), &[drop])).unwrap();
    mesh
}

/// Two floors of tile column (0, 0), at heights 0 and 0.3 (within the
/// climb of each other), both joined over the border z = 18 to the floor
/// of tile (0, 1) at 0.15, which is joined on to (1, 1): the only way
/// between the two floors is over that border. `cells[k]` cells a side
/// in each of those four tiles; with more than one, `seed` blocks some
/// (walls and partial portals on the border) and splits them.
pub fn stacked_floors(cells: [u32; 4], seed: u64) -> TiledNavMesh {
    let p = params();
    let mut rng = Rng::new(seed);
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let tiles = [(0, 0, 0, 0.0), (0, 0, 1, 0.3), (0, 1, 0, 0.15), (1, 1, 0, 0.15)];
    for ((x, z, layer, height), n) in tiles.into_iter().zip(cells) {
        let blocked: Vec<bool> = (0..n * n).map(|_| n > 1 && rng.below(5) == 0).collect();
        let tile = CellTile {
            x,
            z,
            layer,
            n,
            blocked: &|i, j| blocked[(j * n + i) as usize],
            height: &|_, _| height,
            triangles: n > 1 && rng.below(2) == 0,
            seed: rng.next_u64(),
        };
        mesh.add_tile(tile.build(&p)).unwrap();
    }
    mesh
}
