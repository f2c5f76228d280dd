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
            let links = tile_ref.polygon(p as u32).and_then(|poly| mesh.links(poly)).unwrap_or(&[]);
            for link in links {
                if let Some(&target_base) = first.get(&link.target.slot()) {
                    sets.join(base + p, target_base + link.target.polygon() as usize);
                }
            }
        }
    }
    (0..count).filter(|&i| sets.root(i) == i).count()
}
