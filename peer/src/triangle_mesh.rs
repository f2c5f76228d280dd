//! The input geometry in Recast's layout: flat xyz vertex floats and
//! triangle vertex indices, Y up.

pub struct TriangleMesh {
    /// x, y, z per vertex.
    pub vertices: Vec<f32>,
    /// Three vertex indices per triangle.
    pub triangles: Vec<i32>,
}

impl TriangleMesh {
    pub fn vertex_count(&self) -> usize {
        self.vertices.len() / 3
    }

    /// Appends a vertex and returns its index.
    pub fn push_vertex(&mut self, x: f32, y: f32, z: f32) -> i32 {
        self.vertices.extend_from_slice(&[x, y, z]);
        self.vertex_count() as i32 - 1
    }

    /// The floor rectangle `min..max` (x, z) at y = 0: two triangles
    /// counter-clockwise seen from above (normals +y), as the flat grid's.
    pub fn push_floor_quad(&mut self, min: [f32; 2], max: [f32; 2]) {
        let a = self.push_vertex(min[0], 0.0, min[1]);
        let b = self.push_vertex(min[0], 0.0, max[1]);
        let c = self.push_vertex(max[0], 0.0, max[1]);
        let d = self.push_vertex(max[0], 0.0, min[1]);
        self.triangles.extend_from_slice(&[a, b, c, a, c, d]);
    }

    /// The axis-aligned bounds of every vertex, as Recast's `rcCalcBounds`
    /// computes them (RecastDemo's navigation-mesh bounds).
    pub fn bounds(&self) -> ([f32; 3], [f32; 3]) {
        let mut min = [f32::INFINITY; 3];
        let mut max = [f32::NEG_INFINITY; 3];
        for vertex in self.vertices.chunks_exact(3) {
            for axis in 0..3 {
                min[axis] = min[axis].min(vertex[axis]);
                max[axis] = max[axis].max(vertex[axis]);
            }
        }
        (min, max)
    }

    /// The indices of the triangles whose xz bounds overlap the rectangle
    /// `min..max` (x, z): what RecastDemo's chunky mesh hands one tile.
    pub fn triangles_overlapping(&self, min: [f32; 2], max: [f32; 2]) -> Vec<i32> {
        let mut selected = Vec::new();
        for triangle in self.triangles.chunks_exact(3) {
            let corner = |i: usize, axis: usize| self.vertices[triangle[i] as usize * 3 + axis];
            let overlaps_axis = |axis: usize, lo: f32, hi: f32| {
                let (a, b, c) = (corner(0, axis), corner(1, axis), corner(2, axis));
                a.min(b).min(c) <= hi && a.max(b).max(c) >= lo
            };
            if overlaps_axis(0, min[0], max[0]) && overlaps_axis(2, min[1], max[1]) {
                selected.extend_from_slice(triangle);
            }
        }
        selected
    }
}
