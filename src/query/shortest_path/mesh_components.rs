//! `MeshComponents`: what the exact search keeps per mesh version, worked
//! out once, the first time a version is searched: a component id per
//! polygon (polygons joined by an edge, a portal or an off-mesh link in
//! either direction, whatever the filter), and the numbering of the places
//! a path can turn at (tile vertices and off-mesh link arrivals), which
//! keys the best cost seen at each.
//!
//! Components ignore link direction and the filter, so two polygons in
//! different components are unreachable under every filter and the search
//! answers them without expanding a node. A pair joined only against a
//! one-way link or through polygons the filter refuses is in one component;
//! the search finds it unreachable by exhausting what the start reaches
//! (`docs/QUERIES.md`, "Exact shortest paths").

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;

/// Marks "no key": a place the search may not turn at.
pub(crate) const NO_KEY: u32 = u32::MAX;

/// The numbering and components of one mesh version.
#[derive(Debug, Clone, Default)]
pub(crate) struct MeshComponents {
    /// True once worked out for the query's current mesh.
    built: bool,
    /// Per tile slot: the global index of the tile's polygon 0.
    polygon_base: Vec<u32>,
    /// Per tile slot: the key of the tile's vertex 0.
    vertex_base: Vec<u32>,
    /// Per tile slot: the key of the arrival of the tile's off-mesh link 0
    /// (two keys a link: forward arrival at its end, reverse at its start).
    link_base: Vec<u32>,
    /// Per global polygon index: its component.
    component: Vec<u32>,
    key_count: u32,
}

impl MeshComponents {
    /// Forgets the version (the query moved to another mesh).
    pub fn invalidate(&mut self) {
        self.built = false;
    }

    /// Works the version out unless it already is.
    pub fn ensure_built(&mut self, mesh: &TiledNavMesh) {
        if self.built {
            return;
        }
        self.number_places(mesh);
        self.join_components(mesh);
        self.built = true;
    }

    /// How many keys [`Self::vertex_key`] and [`Self::link_key`] hand out.
    pub fn key_count(&self) -> usize {
        self.key_count as usize
    }

    fn number_places(&mut self, mesh: &TiledNavMesh) {
        let slots = mesh.slot_count() as usize;
        for base in [&mut self.polygon_base, &mut self.vertex_base, &mut self.link_base] {
            base.clear();
            base.resize(slots, 0);
        }
        let (mut polygons, mut keys) = (0u32, 0u32);
        for (tile_ref, tile) in mesh.tiles() {
            let slot = tile_ref.slot() as usize;
            self.polygon_base[slot] = polygons;
            polygons += tile.polygon_count() as u32;
            self.vertex_base[slot] = keys;
            keys += tile.vertices().len() as u32;
            self.link_base[slot] = keys;
            keys += 2 * tile.off_mesh_links().len() as u32;
        }
        self.component.clear();
        self.component.extend(0..polygons);
        self.key_count = keys;
    }

    fn join_components(&mut self, mesh: &TiledNavMesh) {
        for (tile_ref, tile) in mesh.tiles() {
            for index in 0..tile.polygon_count() as u32 {
                let poly = tile_ref.polygon(index).expect("index below the count");
                let own = self.global(poly);
                let view = tile.polygon(index as usize).expect("index below the count");
                for &neighbour in view.neighbours {
                    if neighbour != 0 {
                        self.union(own, self.polygon_base[tile_ref.slot() as usize] + neighbour - 1);
                    }
                }
                for link in mesh.links(poly).unwrap_or_default() {
                    if mesh.is_valid(link.target) {
                        self.union(own, self.global(link.target));
                    }
                }
            }
        }
        for i in 0..self.component.len() as u32 {
            let root = self.find(i);
            self.component[i as usize] = root;
        }
    }

    fn global(&self, poly: PolyRef) -> u32 {
        self.polygon_base[poly.slot() as usize] + poly.polygon()
    }

    /// The representative of `i`'s set, halving the path on the way.
    fn find(&mut self, mut i: u32) -> u32 {
        while self.component[i as usize] != i {
            let parent = self.component[i as usize];
            self.component[i as usize] = self.component[parent as usize];
            i = parent;
        }
        i
    }

    /// Joins two sets; the smaller representative stays, so the ids do not
    /// depend on the order links are met in.
    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        let (low, high) = (ra.min(rb), ra.max(rb));
        self.component[high as usize] = low;
    }

    /// True when `a` and `b` (valid polygons of the built version) are
    /// joined by some chain of edges and links.
    pub fn connected(&self, a: PolyRef, b: PolyRef) -> bool {
        self.component[self.global(a) as usize] == self.component[self.global(b) as usize]
    }

    /// The key of vertex `vertex` of the tile in `poly`'s slot.
    #[inline]
    pub fn vertex_key(&self, poly: PolyRef, vertex: u32) -> u32 {
        self.vertex_base[poly.slot() as usize] + vertex
    }

    /// The key of an off-mesh link's arrival: link `index` of the tile in
    /// `owner`'s slot, arriving at its end (`reverse` false) or its start.
    #[inline]
    pub fn link_key(&self, owner: PolyRef, index: u32, reverse: bool) -> u32 {
        self.link_base[owner.slot() as usize] + 2 * index + reverse as u32
    }
}
