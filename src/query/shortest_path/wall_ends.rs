//! `WallEnds`: the tile vertices a shortest path may turn at. A taut path
//! bends only where it wraps round a wall, so only at the end of a wall:
//! an end of an edge with no neighbour, or of a part of a portal edge the
//! neighbouring tile's edges leave uncovered (that end may be a vertex of
//! either tile). A vertex every side of which is surface (all its edges
//! shared) is never a turn, and the search makes no root there
//! (Polyanya's rule: non-observable successors only at corners).
//!
//! One place on a tile border is a vertex of each tile; the keys of
//! vertices the portals say coincide (equal coordinate along the border)
//! are joined, so a wall end in one tile lets the search turn there from
//! either. Walls are those of the mesh whatever the filter: a filter that
//! refuses some polygon makes more walls, and the search then turns at
//! every vertex (`MeshComponents::walls_hold_for`).

use crate::mesh::poly_ref::PolyRef;
use crate::mesh::tiled_nav_mesh::TiledNavMesh;
use crate::query::nav_mesh_query::QueryPolygon;
use crate::query::shortest_path::edge_exits::overlap;
use crate::query::shortest_path::search_node::IntervalEnd;
use crate::stitch::links::LinkKind;
use crate::stitch::portal_stitching::along_axis;
use crate::tile::tile_data::NOT_PORTAL;

#[derive(Debug, Clone, Default)]
pub(crate) struct WallEnds {
    /// Per key: true at a wall end.
    wall_end: Vec<bool>,
}

impl WallEnds {
    /// The wall ends of `mesh`, over `key_count` keys handed out by `key`
    /// (a polygon's tile and a vertex index of that tile).
    pub fn build(mesh: &TiledNavMesh, key_count: usize, key: impl Fn(PolyRef, u32) -> u32) -> WallEnds {
        let mut marks = Marks { wall_end: vec![false; key_count], same_place: (0..key_count as u32).collect() };
        for (tile_ref, tile) in mesh.tiles() {
            for index in 0..tile.polygon_count() as u32 {
                let poly = tile_ref.polygon(index).expect("index below the count");
                let polygon = QueryPolygon::of(mesh, poly).expect("a polygon of the mesh");
                for k in 0..polygon.corner_count() {
                    marks.edge(mesh, (poly, &polygon), k, &key);
                }
            }
        }
        marks.spread_over_places();
        WallEnds { wall_end: marks.wall_end }
    }

    /// True when key `key` is a wall end.
    #[inline]
    pub fn contains(&self, key: u32) -> bool {
        self.wall_end.get(key as usize).copied().unwrap_or(false)
    }
}

/// The marks being made, and which keys name one place.
struct Marks {
    wall_end: Vec<bool>,
    /// Union-find over keys: vertices of two tiles at one border place.
    same_place: Vec<u32>,
}

impl Marks {
    /// Marks the wall ends edge `k` of `polygon` makes.
    fn edge(
        &mut self,
        mesh: &TiledNavMesh,
        (poly, polygon): (PolyRef, &QueryPolygon<'_>),
        k: usize,
        key: &impl Fn(PolyRef, u32) -> u32,
    ) {
        if polygon.view.neighbours[k] != 0 {
            return;
        }
        let n = polygon.corner_count();
        let end = |i: usize| IntervalEnd { point: polygon.corner(i % n), key: key(poly, polygon.view.indices[i % n]) };
        let (a, b) = (end(k), end(k + 1));
        if polygon.view.portal_sides[k] == NOT_PORTAL {
            self.mark(a.key);
            self.mark(b.key);
            return;
        }
        let axis = along_axis(polygon.view.portal_sides[k]);
        let from_a = |e: &IntervalEnd| (e.point[axis] - a.point[axis]).abs();
        // Each covered part as (distance from a of its ends, their keys).
        let mut covered: Vec<(f64, u32, f64, u32)> = Vec::new();
        for link in polygon.links() {
            if link.kind != LinkKind::Portal || link.edge as usize != k {
                continue;
            }
            let Some(target) = QueryPolygon::of(mesh, link.target) else { continue };
            let te = link.target_edge as usize;
            let m = target.corner_count();
            let target_end = |i: usize| IntervalEnd {
                point: target.corner(i % m),
                key: key(link.target, target.view.indices[i % m]),
            };
            let (c, d) = (target_end(te), target_end(te + 1));
            for own in [a, b] {
                for other in [c, d] {
                    if own.point[axis] == other.point[axis] {
                        self.join(own.key, other.key);
                    }
                }
            }
            if let Some((start, finish)) = overlap((a, b), (c, d), axis) {
                covered.push((from_a(&start), start.key, from_a(&finish), finish.key));
            }
        }
        covered.sort_unstable_by(|x, y| x.0.total_cmp(&y.0).then(x.2.total_cmp(&y.2)).then(x.1.cmp(&y.1)));
        let mut reach = (0.0, a.key);
        for (start, start_key, finish, finish_key) in covered {
            if start > reach.0 {
                self.mark(reach.1);
                self.mark(start_key);
            }
            if finish > reach.0 {
                reach = (finish, finish_key);
            }
        }
        if reach.0 < from_a(&b) {
            self.mark(reach.1);
            self.mark(b.key);
        }
    }

    fn mark(&mut self, key: u32) {
        self.wall_end[key as usize] = true;
    }

    fn find(&mut self, mut i: u32) -> u32 {
        while self.same_place[i as usize] != i {
            let parent = self.same_place[i as usize];
            self.same_place[i as usize] = self.same_place[parent as usize];
            i = parent;
        }
        i
    }

    fn join(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        let (low, high) = (ra.min(rb), ra.max(rb));
        self.same_place[high as usize] = low;
    }

    /// A place is a wall end when any of its keys is.
    fn spread_over_places(&mut self) {
        for key in 0..self.wall_end.len() as u32 {
            if self.wall_end[key as usize] {
                let place = self.find(key);
                self.wall_end[place as usize] = true;
            }
        }
        for key in 0..self.wall_end.len() as u32 {
            let place = self.find(key);
            self.wall_end[key as usize] = self.wall_end[place as usize];
        }
    }
}
