//! The crowd table's plaza: a 200 m square floor at y = 0 with 64 square
//! pillars, one per cell of an 8 × 8 grid, each moved off its cell's centre
//! and sized by the harness's seeded generator. A pillar is four 3 m walls
//! around a hole in the floor, so nothing under it is walkable.

use crate::triangle_mesh::TriangleMesh;
use crate::xorshift::Xorshift64;

pub const PLAZA_SIDE: f32 = 200.0;
const PILLARS_PER_SIDE: usize = 8;
const PILLAR_HEIGHT: f32 = 3.0;
/// Half the side of a pillar lies in this range (metres).
const PILLAR_HALF_SIDE: (f32, f32) = (0.75, 2.0);
/// How far a pillar's centre moves off its cell's centre, at most, per axis.
const PILLAR_JITTER: f32 = 6.0;
const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// A pillar's footprint: (min x, min z), (max x, max z).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pillar {
    pub min: [f32; 2],
    pub max: [f32; 2],
}

pub fn pillars() -> Vec<Pillar> {
    let mut rng = Xorshift64::new(SEED);
    let cell = PLAZA_SIDE / PILLARS_PER_SIDE as f32;
    let mut pillars = Vec::with_capacity(PILLARS_PER_SIDE * PILLARS_PER_SIDE);
    for row in 0..PILLARS_PER_SIDE {
        for column in 0..PILLARS_PER_SIDE {
            let mut jitter = || (rng.unit() as f32 * 2.0 - 1.0) * PILLAR_JITTER;
            let centre = [(column as f32 + 0.5) * cell + jitter(), (row as f32 + 0.5) * cell + jitter()];
            let (lo, hi) = PILLAR_HALF_SIDE;
            let half = lo + rng.unit() as f32 * (hi - lo);
            pillars.push(Pillar { min: centre.map(|c| c - half), max: centre.map(|c| c + half) });
        }
    }
    pillars
}

/// The floor (every cell of the grid that the pillars' edges cut it into,
/// except the cells inside a pillar) and the pillars' walls.
pub fn plaza_geometry() -> TriangleMesh {
    let pillars = pillars();
    let breaks = |axis: usize| {
        let mut values: Vec<f32> =
            pillars.iter().flat_map(|p| [p.min[axis], p.max[axis]]).chain([0.0, PLAZA_SIDE]).collect();
        values.sort_by(f32::total_cmp);
        values.dedup();
        values
    };
    let (xs, zs) = (breaks(0), breaks(1));
    let mut mesh = TriangleMesh { vertices: Vec::new(), triangles: Vec::new() };
    for x in xs.windows(2) {
        for z in zs.windows(2) {
            let centre = [(x[0] + x[1]) / 2.0, (z[0] + z[1]) / 2.0];
            if !pillars.iter().any(|p| p.contains(centre)) {
                mesh.push_floor_quad([x[0], z[0]], [x[1], z[1]]);
            }
        }
    }
    for pillar in &pillars {
        push_walls(&mut mesh, pillar);
    }
    mesh
}

impl Pillar {
    pub fn contains(&self, point: [f32; 2]) -> bool {
        (0..2).all(|axis| self.min[axis] < point[axis] && point[axis] < self.max[axis])
    }
}

/// A vertical quad from the floor to the pillar's top along one side.
fn push_wall(mesh: &mut TriangleMesh, from: [f32; 2], to: [f32; 2]) {
    let a = mesh.push_vertex(from[0], 0.0, from[1]);
    let b = mesh.push_vertex(to[0], 0.0, to[1]);
    let c = mesh.push_vertex(to[0], PILLAR_HEIGHT, to[1]);
    let d = mesh.push_vertex(from[0], PILLAR_HEIGHT, from[1]);
    mesh.triangles.extend_from_slice(&[a, b, c, a, c, d]);
}

fn push_walls(mesh: &mut TriangleMesh, pillar: &Pillar) {
    let ([x0, z0], [x1, z1]) = (pillar.min, pillar.max);
    let corners = [[x0, z0], [x1, z0], [x1, z1], [x0, z1]];
    for side in 0..4 {
        push_wall(mesh, corners[side], corners[(side + 1) % 4]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_four_pillars_inside_the_plaza_and_apart() {
        let pillars = pillars();
        assert_eq!(pillars.len(), 64);
        for (i, p) in pillars.iter().enumerate() {
            assert!(p.min.iter().all(|&v| v > 0.0) && p.max.iter().all(|&v| v < PLAZA_SIDE), "{p:?}");
            for q in &pillars[i + 1..] {
                let apart = (0..2).any(|axis| p.max[axis] < q.min[axis] || q.max[axis] < p.min[axis]);
                assert!(apart, "{p:?} and {q:?} overlap");
            }
        }
        assert_eq!(pillars, super::pillars(), "seeded: the same plaza every run");
    }

    #[test]
    fn the_floor_covers_the_plaza_less_the_pillars() {
        let mesh = plaza_geometry();
        let floor_area: f64 = mesh
            .triangles
            .chunks_exact(3)
            .map(|t| {
                let v = |i: usize| {
                    let k = t[i] as usize * 3;
                    [mesh.vertices[k] as f64, mesh.vertices[k + 1] as f64, mesh.vertices[k + 2] as f64]
                };
                let (a, b, c) = (v(0), v(1), v(2));
                if a[1] != 0.0 || b[1] != 0.0 || c[1] != 0.0 {
                    return 0.0;
                }
                ((b[0] - a[0]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[0] - a[0])).abs() / 2.0
            })
            .sum();
        let pillar_area: f64 =
            pillars().iter().map(|p| (p.max[0] - p.min[0]) as f64 * (p.max[1] - p.min[1]) as f64).sum();
        let side = PLAZA_SIDE as f64;
        assert!((floor_area - (side * side - pillar_area)).abs() < 1e-2, "{floor_area} vs {pillar_area}");
    }
}
