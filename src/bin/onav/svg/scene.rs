//! What a picture shows: the mesh's polygons, tile borders, portal links and
//! off-mesh links, limited to one layer when asked, a path or a crowd's
//! trails drawn over them when given, and their extent.

use std::collections::BTreeSet;

use onav::{LinkKind, NavMeshDebug, PolyRef, TiledNavMesh};

use crate::off_mesh_links::{off_mesh_links, OffMeshLinkView};

/// A polygon's area and its outline in world X/Z.
pub struct ScenePolygon {
    pub area: u8,
    pub outline: Vec<[f64; 2]>,
}

/// Everything to draw, in world X/Z.
pub struct Scene {
    pub layer: Option<u16>,
    pub polygons: Vec<ScenePolygon>,
    /// Tiles drawn (several layers of a column count apart).
    pub tile_count: usize,
    /// Tile squares (min corner, max corner), one per column drawn.
    pub tiles: Vec<([f64; 2], [f64; 2])>,
    /// The covered edge segment of every portal link.
    pub portals: Vec<[[f64; 2]; 2]>,
    pub off_mesh_links: Vec<OffMeshLinkView>,
    /// The corners of a path drawn over the mesh; empty when there is none.
    pub path: Vec<[f64; 2]>,
    /// The trails of a crowd's agents, one per agent; empty when there is
    /// no crowd.
    pub trails: Vec<Vec<[f64; 2]>>,
}

/// Drops the height: the picture is a view from above.
pub fn top_down(p: [f64; 3]) -> [f64; 2] {
    [p[0], p[2]]
}

impl Scene {
    /// The scene of `mesh`, or of its tiles on `layer` only.
    pub fn of(mesh: &TiledNavMesh, layer: Option<u16>) -> Scene {
        let shown = |l: u16| layer.is_none_or(|wanted| wanted == l);
        let debug = NavMeshDebug::collect(mesh);
        let polygons = debug
            .polygons
            .iter()
            .enumerate()
            .filter(|(_, p)| shown(p.layer))
            .map(|(i, p)| ScenePolygon {
                area: p.area,
                outline: debug.outline(i).iter().copied().map(top_down).collect(),
            })
            .collect();
        let layer_of = |r: PolyRef| mesh.tile(r.tile_ref()).map(|t| t.layer());
        let portals = debug
            .links
            .iter()
            .filter(|l| l.kind == LinkKind::Portal && layer_of(l.from).is_some_and(shown))
            .map(|l| [top_down(l.start), top_down(l.end)])
            .collect();
        let positions: Vec<(i32, i32)> =
            mesh.tiles().filter(|(_, t)| shown(t.layer())).map(|(_, t)| (t.tile_x(), t.tile_z())).collect();
        let tile_count = positions.len();
        let columns: BTreeSet<(i32, i32)> = positions.into_iter().collect();
        let size = mesh.params().tile_size;
        let tiles = columns
            .into_iter()
            .map(|(x, z)| {
                let (x0, z0) = mesh.params().tile_origin(x, z);
                ([x0, z0], [x0 + size, z0 + size])
            })
            .collect();
        let off_mesh_links = off_mesh_links(mesh).into_iter().filter(|l| shown(l.layer)).collect();
        Scene { layer, polygons, tile_count, tiles, portals, off_mesh_links, path: Vec::new(), trails: Vec::new() }
    }

    /// The scene with the path through `corners` drawn over it.
    pub fn with_path(mut self, corners: &[[f64; 3]]) -> Scene {
        self.path = corners.iter().copied().map(top_down).collect();
        self
    }

    /// The scene with the agents' trails (positions over time) drawn over it.
    pub fn with_trails(mut self, trails: &[Vec<[f64; 3]>]) -> Scene {
        self.trails = trails.iter().map(|trail| trail.iter().copied().map(top_down).collect()).collect();
        self
    }

    /// Smallest and largest X/Z of everything drawn; `None` when empty.
    pub fn extent(&self) -> Option<([f64; 2], [f64; 2])> {
        let points = self
            .polygons
            .iter()
            .flat_map(|p| p.outline.iter().copied())
            .chain(self.tiles.iter().flat_map(|&(lo, hi)| [lo, hi]))
            .chain(self.off_mesh_links.iter().flat_map(|l| [top_down(l.start), top_down(l.end)]))
            .chain(self.path.iter().copied())
            .chain(self.trails.iter().flatten().copied());
        points.fold(None, |acc, p| {
            let (lo, hi) = acc.unwrap_or((p, p));
            Some(([lo[0].min(p[0]), lo[1].min(p[1])], [hi[0].max(p[0]), hi[1].max(p[1])]))
        })
    }

    /// Distinct areas of the drawn polygons, ascending.
    pub fn areas(&self) -> BTreeSet<u8> {
        self.polygons.iter().map(|p| p.area).collect()
    }
}
