//! Connected components of a mesh's polygons: two polygons are connected
//! when one reaches the other through an in-tile neighbour edge or a link
//! (portal links across tile borders, off-mesh links).

use std::collections::BTreeMap;

use onav::TiledNavMesh;

/// Disjoint sets with path halving.
struct Sets(Vec<usize>);

impl Sets {
    fn root(&mut self, mut at: usize) -> usize {
        while self.0[at] != at {
            self.0[at] = self.0[self.0[at]];
            at = self.0[at];
        }
        at
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        self.0[ra.max(rb)] = ra.min(rb);
    }
}

pub fn connected_components(mesh: &TiledNavMesh) -> usize {
    let mut first = BTreeMap::new();
    let mut count = 0;
    for (tile_ref, tile) in mesh.tiles() {
        first.insert(tile_ref.slot(), count);
        count += tile.polygon_count();
    }
    let mut sets = Sets((0..count).collect());
    for (tile_ref, tile) in mesh.tiles() {
        let base = first[&tile_ref.slot()];
        for p in 0..tile.polygon_count() {
            let Some(view) = tile.polygon(p) else { continue };
            for &neighbour in view.neighbours.iter().filter(|&&n| n != 0) {
                sets.join(base + p, base + neighbour as usize - 1);
            }
            let links = tile_ref.polygon(p as u32).and_then(|poly| mesh.links(poly)).unwrap_or_default();
            for link in links {
                if let Some(&target_base) = first.get(&link.target.slot()) {
                    sets.join(base + p, target_base + link.target.polygon() as usize);
                }
            }
        }
    }
    (0..count).filter(|&i| sets.root(i) == i).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use onav::{NavSettings, NavTileAssembler, TilePolygons};

    /// Axis-aligned squares (x0, z0, side) at height 0 as one tile; squares
    /// that share corners share their vertices (the assembler finds in-tile
    /// neighbours by shared vertex indices).
    fn tile_of(params: &onav::NavMeshParams, tile_x: i32, squares: &[(f64, f64, f64)]) -> onav::NavTile {
        let mut vertices: Vec<[f64; 3]> = Vec::new();
        let mut indices = Vec::new();
        for &(x, z, s) in squares {
            for corner in [[x, 0.0, z], [x, 0.0, z + s], [x + s, 0.0, z + s], [x + s, 0.0, z]] {
                let index = vertices.iter().position(|v| *v == corner).unwrap_or_else(|| {
                    vertices.push(corner);
                    vertices.len() - 1
                });
                indices.push(index as u32);
            }
        }
        let counts = vec![4u8; squares.len()];
        let input = TilePolygons {
            tile_x,
            tile_z: 0,
            layer: 0,
            origin_y: 0.0,
            vertices: &vertices,
            vertex_counts: &counts,
            indices: &indices,
            areas: None,
            flags: None,
        };
        NavTileAssembler::from_polygons(params, &input).unwrap()
    }

    #[test]
    fn neighbour_edges_and_portal_links_join_polygons() {
        let params = NavSettings::default().to_params().unwrap();
        let side = params.tile_size;
        let mut mesh = TiledNavMesh::new(params).unwrap();
        // Two squares sharing an edge, one alone, one against the +x border.
        mesh.add_tile(tile_of(
            &params,
            0,
            &[(0.0, 0.0, 4.0), (4.0, 0.0, 4.0), (20.0, 20.0, 4.0), (side - 4.0, 0.0, 4.0)],
        ))
        .unwrap();
        assert_eq!(connected_components(&mesh), 3);
        // Its neighbour across the border joins the border square only.
        mesh.add_tile(tile_of(&params, 1, &[(side, 0.0, 4.0)])).unwrap();
        assert_eq!(connected_components(&mesh), 3);
        mesh.add_tile(tile_of(&params, 2, &[(2.0 * side + 8.0, 8.0, 4.0)])).unwrap();
        assert_eq!(connected_components(&mesh), 4);
    }
}
