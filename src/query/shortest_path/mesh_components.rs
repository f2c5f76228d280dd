//! `MeshComponents`: what the exact search keeps per mesh version, worked
//! out once, the first time a version is searched: the numbering of the
//! places a path can turn at (tile vertices and off-mesh link arrivals),
//! which keys the best cost seen at each; which vertices end a wall
//! (`wall_ends.rs`: the only ones a path turns at); every polygon's exits
//! (`polygon_exits.rs`); the polygons' kinds
//! (flags and area), to tell whether a filter passes them all; and the
//! directed components of the polygons (`directed_components.rs`), so a
//! pair no chain of ways joins in its direction is answered without a
//! search. A pair joined only through polygons or links the filter
//! refuses is found unreachable by exhausting what the start reaches
//! (`docs/QUERIES.md`, "Exact shortest paths").

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::query_filter::QueryFilter;
use crate::query::shortest_path::cut_regions::{CutRegions, Region};
use crate::query::shortest_path::directed_components::DirectedComponents;
use crate::query::shortest_path::edge_exits::EdgeExit;
use crate::query::shortest_path::polygon_exits::PolygonExits;
use crate::query::shortest_path::wall_ends::WallEnds;
use crate::stitch::links::LinkKind;

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
    key_count: u32,
    components: DirectedComponents,
    wall_ends: WallEnds,
    exits: PolygonExits,
    /// The (flags, area) pairs the polygons have, as queries read them
    /// (switches applied), sorted.
    polygon_kinds: Vec<(u16, u8)>,
    /// Per polygon: the one polygon all its edges lead to when it has no
    /// other way out (no other neighbour, no off-mesh link), else
    /// [`NO_KEY`]: a dead end, which a path never enters unless it ends
    /// there.
    dead_end_of: Vec<u32>,
    /// The regions a path never enters unless it ends there
    /// (`cut_regions.rs`).
    regions: CutRegions,
}

impl MeshComponents {
    /// Forgets the version (the query moved to another mesh).
    pub fn invalidate(&mut self) {
        self.built = false;
    }

    /// Works the version out unless it already is.
    #[inline]
    pub fn ensure_built(&mut self, mesh: &TiledNavMesh) {
        if !self.built {
            self.build(mesh);
        }
    }

    /// Works the version out: once per version, out of line, so the check
    /// every search makes stays a compare (and callgrind counts the build
    /// apart, `scripts/shortest_instructions.sh`).
    #[cold]
    #[inline(never)]
    fn build(&mut self, mesh: &TiledNavMesh) {
        self.number_places(mesh);
        self.find_components(mesh);
        self.wall_ends = WallEnds::build(mesh, self.key_count as usize, |poly, vertex| self.vertex_key(poly, vertex));
        self.exits = PolygonExits::build(
            mesh,
            |poly, vertex| self.vertex_key(poly, vertex),
            |target, source| self.region_behind(target, source),
        );
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
        self.key_count = keys;
    }

    /// The directed components over every way out of every polygon (in-tile
    /// edges, portal and off-mesh links, each in the direction it is
    /// taken), and the polygons' kinds.
    fn find_components(&mut self, mesh: &TiledNavMesh) {
        let (mut first, mut targets) = (vec![0u32], Vec::new());
        self.polygon_kinds.clear();
        self.dead_end_of.clear();
        for (tile_ref, tile) in mesh.tiles() {
            for index in 0..tile.polygon_count() as u32 {
                let poly = tile_ref.polygon(index).expect("index below the count");
                let polygon = QueryPolygon::of(mesh, poly).expect("a polygon of the mesh");
                self.polygon_kinds.push((polygon.view.record.flags, polygon.view.record.area));
                let base = self.polygon_base[tile_ref.slot() as usize];
                targets.extend(polygon.view.neighbours.iter().filter(|&&n| n != 0).map(|&n| base + n - 1));
                let linked = polygon.links().filter(|link| mesh.is_valid(link.target));
                targets.extend(linked.map(|link| self.global(link.target)));
                let ways = &targets[*first.last().expect("starts with 0") as usize..];
                let off_mesh = polygon.links().any(|link| link.kind != LinkKind::Portal);
                let sole = ways.first().copied().filter(|&w| !off_mesh && ways.iter().all(|&other| other == w));
                self.dead_end_of.push(sole.unwrap_or(NO_KEY));
                first.push(targets.len() as u32);
            }
        }
        self.polygon_kinds.sort_unstable();
        self.polygon_kinds.dedup();
        self.components.build(&first, &targets);
        self.regions = CutRegions::build(&first, &targets);
    }

    #[inline(always)]
    fn global(&self, poly: PolyRef) -> u32 {
        self.polygon_base[poly.slot() as usize] + poly.polygon()
    }

    /// True when some chain of ways leads from `a` to `b` (valid polygons
    /// of the built version) in their directions, whatever the filter:
    /// false means unreachable under every filter.
    pub fn reaches(&mut self, a: PolyRef, b: PolyRef) -> bool {
        let (from, to) = (self.global(a), self.global(b));
        self.components.reaches(from, to)
    }

    /// The polygons a path from `from` into `poly` could only leave back
    /// into `from`: the region of `cut_regions.rs`, or `poly` alone when
    /// its every way out leads to `from` (a one-way link arriving there
    /// does not join it to the rest), else [`Region::NONE`].
    fn region_behind(&self, poly: PolyRef, from: PolyRef) -> Region {
        let (to, from) = (self.global(poly), self.global(from));
        match self.regions.behind(from, to) {
            Some(region) => region,
            None if self.dead_end_of[to as usize] == from => self.regions.alone(to),
            None => Region::NONE,
        }
    }

    /// The number `Region::excludes` takes for a path ending in `poly`.
    #[inline]
    pub fn region_number(&self, poly: PolyRef) -> u32 {
        self.regions.preorder(self.global(poly))
    }

    /// True when `filter` passes every polygon, so the mesh's walls are
    /// the only walls and a path turns only at [`Self::is_wall_end`].
    pub fn walls_hold_for(&self, filter: &QueryFilter) -> bool {
        self.polygon_kinds.iter().all(|&(flags, area)| filter.passes(flags, area))
    }

    /// The exits of `poly` (valid in the built version) in edge and link
    /// order, and whether it has off-mesh links.
    #[inline(always)]
    pub fn exits(&self, poly: PolyRef) -> (&[EdgeExit], bool) {
        self.exits.of_polygon(self.global(poly))
    }

    /// True when `key` is a vertex at the end of a wall of the mesh.
    #[inline]
    pub fn is_wall_end(&self, key: u32) -> bool {
        self.wall_ends.contains(key)
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
