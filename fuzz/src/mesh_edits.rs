//! Random edit sequences on a `TiledNavMesh` through its public API, with
//! the invariants of issue 8 checked after every edit:
//!
//! - the links equal a from-scratch stitch (the mesh written and read back
//!   has the same debug geometry: references, links and their segments);
//! - every issued reference (tile and polygon) stays valid until its tile
//!   is removed or replaced, and is invalid from then on;
//! - an edit fails exactly when its position or parameters say it must,
//!   and a failed edit changes nothing (the written bytes are equal).
//!
//! Shared by the fuzz target `mesh_edits` (through `fuzz/src/lib.rs`) and
//! the proptest `tests/mesh_edit_properties.rs`, which both include this
//! file by path next to `tests/mesh_common/mod.rs`.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use onav::{
    read_mesh, write_mesh, Link, LinkKind, NavMeshDebug, NavMeshParams, NavTile, PolyRef, TileRef, TiledNavMesh,
};

use crate::mesh_common::{link, params, GridTile};

/// The columns edits reach; off-mesh links of the pool cross between them.
const COLUMNS: [(i32, i32); 6] = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)];
const LAYERS: u16 = 2;
/// Height between layers, above the walkable climb so layers never stitch.
const LAYER_HEIGHT: f64 = 3.0;
const POSITION_COUNT: usize = COLUMNS.len() * LAYERS as usize;
/// Tiles the pool holds per position (see [`pool_tile`]).
const VARIANTS: usize = 4;
const POOL_SIZE: usize = POSITION_COUNT * VARIANTS;

/// Most edits one sequence applies: a dozen positions reach every state in
/// far fewer, and longer inputs only slow the fuzzer down.
pub const MAX_EDITS: usize = 64;

/// (tile_x, tile_z, layer).
type Position = (i32, i32, u16);

/// One edit, its operands already reduced into the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Adds pool tile `i`: fails iff its position is occupied.
    Add(usize),
    /// Replaces with pool tile `i`: fails iff its position is free.
    Replace(usize),
    /// Removes the tile at position `i`: fails iff there is none.
    Remove(usize),
    /// Removes every layer of column `i`; never fails.
    RemoveColumn(usize),
    /// Adds pool tile `i` built with other parameters: always fails.
    AddForeign(usize),
    /// Replaces with pool tile `i` built with other parameters: always fails.
    ReplaceForeign(usize),
    /// Adds the bytes of pool tile `i` cut to `len % length` bytes: always fails.
    AddTruncated(usize, usize),
}

impl Edit {
    /// The edit a (kind, operand, extra) triple names. Every triple names
    /// one, so any byte string is a sequence; adds are the most frequent so
    /// the mesh fills up.
    pub fn from_code(kind: u8, operand: u8, extra: u8) -> Edit {
        let tile = usize::from(operand) % POOL_SIZE;
        match kind % 12 {
            0..=3 => Edit::Add(tile),
            4 | 5 => Edit::Replace(tile),
            6 | 7 => Edit::Remove(usize::from(operand) % POSITION_COUNT),
            8 => Edit::RemoveColumn(usize::from(operand) % COLUMNS.len()),
            9 => Edit::AddForeign(tile),
            10 => Edit::ReplaceForeign(tile),
            _ => Edit::AddTruncated(tile, usize::from(extra)),
        }
    }
}

/// `edit` with the tile it adds or places swapped for the same position's
/// tile without off-mesh links, unless that tile's links run into the next
/// column along X: sequences of these add many tiles into empty columns
/// beside others with nothing to re-stitch there but portals, some of the
/// neighbours with off-mesh links of their own.
pub fn mostly_without_off_mesh_links(edit: Edit) -> Edit {
    let plain = |i: usize| if i % VARIANTS == 1 { i } else { i - i % VARIANTS };
    match edit {
        Edit::Add(i) => Edit::Add(plain(i)),
        Edit::Replace(i) => Edit::Replace(plain(i)),
        other => other,
    }
}

fn position(index: usize) -> Position {
    let (x, z) = COLUMNS[index / LAYERS as usize];
    (x, z, (index % LAYERS as usize) as u16)
}

/// The tiles edits choose from, built once: valid ones, the same built with
/// other parameters, and the valid ones' bytes.
struct Pool {
    tiles: Vec<Arc<NavTile>>,
    foreign: Vec<Arc<NavTile>>,
    bytes: Vec<Vec<u8>>,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let build = |p: &NavMeshParams| (0..POOL_SIZE).map(|i| pool_tile(p, i).build(p)).collect::<Vec<_>>();
        let tiles = build(&params());
        let foreign = build(&foreign_params());
        let bytes = tiles.iter().map(|t| t.to_bytes()).collect();
        Pool { tiles, foreign, bytes }
    })
}

/// The mesh parameters with another agent radius: another fingerprint.
fn foreign_params() -> NavMeshParams {
    NavMeshParams { agent_radius: 0.75, ..params() }
}

/// Pool tile `i`: variant `i % VARIANTS` at position `i / VARIANTS`. The
/// variants differ in grid size and height (portals that stitch or stay
/// above the climb) and carry off-mesh links into the next column along X
/// (one layer up), the previous one along X, and the next along Z (one
/// layer down), each end sometimes landing on a tile and sometimes not.
fn pool_tile(p: &NavMeshParams, i: usize) -> GridTile {
    let (x, z, layer) = position(i / VARIANTS);
    let base = |n: u32, y: f32| GridTile::new(x, z, n).layer(layer).height(f64::from(layer) * LAYER_HEIGHT, y);
    let up = LAYER_HEIGHT as f32;
    let size = p.tile_size as f32;
    match i % VARIANTS {
        0 => base(1, 0.0),
        1 => base(2, 0.0).link(link([4.0, 0.0, 4.0], [size + 4.0, up, 4.0], 1.0, true)),
        2 => base(2, 0.25).link(link([12.0, 0.25, 12.0], [-4.0, 0.0, 12.0], 1.0, false)),
        _ => base(1, 1.0).link(link([8.0, 1.0, 8.0], [8.0, -up, size + 8.0], 1.0, true)),
    }
}

/// The columns the off-mesh links of `tile` end in, found as stitching
/// finds them: each end in world space, under WorldToTile.
fn link_end_columns(tile: &NavTile) -> impl Iterator<Item = (i32, i32)> + '_ {
    let p = params();
    let (origin_x, origin_z) = p.tile_origin(tile.tile_x(), tile.tile_z());
    let end_column =
        move |end: [f32; 3]| p.world_to_tile(origin_x + f64::from(end[0]), origin_z + f64::from(end[2])).ok();
    tile.off_mesh_links().iter().filter_map(move |link| end_column(link.end))
}

/// What a run reached, so tests can show the sequences exercise the checks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Coverage {
    pub failed_edits: usize,
    pub retired_refs: usize,
    /// Most off-mesh links (either direction) between different columns
    /// seen in the mesh at once.
    pub cross_column_off_mesh_links: usize,
    /// Adds that re-stitch no neighbour's links, only add to them: a tile
    /// without off-mesh links into an empty column with a tile beside it,
    /// no off-mesh link of the mesh ending in that column.
    pub adds_beside_neighbours: usize,
}

/// Applies `edits` (at most [`MAX_EDITS`]) to an empty mesh, checking every
/// invariant after each; panics on the first violation.
pub fn check_edit_sequence(edits: &[Edit]) -> Coverage {
    let mut run = EditRun::new();
    for (step, &edit) in edits.iter().take(MAX_EDITS).enumerate() {
        run.apply(edit).unwrap_or_else(|e| panic!("edit {step} {edit:?}: {e}"));
        run.check_invariants().unwrap_or_else(|e| panic!("after edit {step} {edit:?}: {e}"));
    }
    run.coverage
}

/// Panics unless `mesh` written and read back (stitched once, from scratch)
/// writes the same bytes and has the same references and links.
pub fn assert_links_match_a_full_restitch(mesh: &TiledNavMesh) {
    if let Err(e) = links_match_a_full_restitch(mesh) {
        panic!("{e}");
    }
}

fn links_match_a_full_restitch(mesh: &TiledNavMesh) -> Result<(), String> {
    let bytes = write_mesh(mesh);
    let scratch = read_mesh(&bytes).map_err(|e| format!("the written mesh does not read back: {e}"))?;
    check(write_mesh(&scratch) == bytes, "the mesh read back writes other bytes")?;
    check(NavMeshDebug::collect(mesh) == NavMeshDebug::collect(&scratch), "links differ from a full re-stitch")?;
    check(every_link(mesh) == every_link(&scratch), "link records differ from a full re-stitch")
}

/// Every polygon's links, whole (the ranges and the crate's whole-edge
/// marks with them, which the debug geometry does not show), in slot,
/// polygon and link order.
fn every_link(mesh: &TiledNavMesh) -> Vec<(PolyRef, Link)> {
    let polygons = mesh.tiles().flat_map(|(tile_ref, tile)| {
        (0..tile.polygon_count() as u32).map(move |p| tile_ref.polygon(p).expect("validated polygon index"))
    });
    let links_of = |poly_ref: PolyRef| mesh.links(poly_ref).expect("current reference").map(move |l| (poly_ref, l));
    polygons.flat_map(links_of).collect()
}

fn check(condition: bool, what: &str) -> Result<(), String> {
    condition.then_some(()).ok_or_else(|| what.to_string())
}

/// A reference the mesh issued and how many polygons its tile has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Issued {
    tile_ref: TileRef,
    polygons: u32,
}

/// The mesh under edit and the model of what it must hold.
struct EditRun {
    mesh: TiledNavMesh,
    current: BTreeMap<Position, Issued>,
    /// References whose tile was removed or replaced.
    retired: Vec<Issued>,
    coverage: Coverage,
}

/// What a successful edit did, for the model.
enum Outcome {
    Placed(Position, Issued),
    Removed(Vec<TileRef>),
}

impl EditRun {
    fn new() -> EditRun {
        let mesh = TiledNavMesh::new(params()).expect("valid parameters");
        EditRun { mesh, current: BTreeMap::new(), retired: Vec::new(), coverage: Coverage::default() }
    }

    /// Applies `edit`; checks it failed exactly when the model says it must
    /// and, if it failed, that the mesh's bytes did not change.
    fn apply(&mut self, edit: Edit) -> Result<(), String> {
        let before = write_mesh(&self.mesh);
        let must_succeed = self.must_succeed(edit);
        let beside_neighbours = self.adds_beside_neighbours(edit);
        match self.perform(edit) {
            Ok(outcome) => {
                check(must_succeed, "succeeded where it must fail")?;
                self.coverage.adds_beside_neighbours += usize::from(beside_neighbours);
                self.record(outcome)
            }
            Err(e) => {
                check(!must_succeed, &format!("failed where it must succeed: {e}"))?;
                self.coverage.failed_edits += 1;
                check(write_mesh(&self.mesh) == before, "a failed edit changed the mesh")
            }
        }
    }

    fn must_succeed(&self, edit: Edit) -> bool {
        let occupied = |position| self.current.contains_key(&position);
        match edit {
            Edit::Add(i) => !occupied(position(i / VARIANTS)),
            Edit::Replace(i) => occupied(position(i / VARIANTS)),
            Edit::Remove(p) => occupied(position(p)),
            Edit::RemoveColumn(_) => true,
            Edit::AddForeign(_) | Edit::ReplaceForeign(_) | Edit::AddTruncated(..) => false,
        }
    }

    /// True when `edit` adds a tile as [`Coverage::adds_beside_neighbours`]
    /// counts.
    fn adds_beside_neighbours(&self, edit: Edit) -> bool {
        let Edit::Add(i) = edit else { return false };
        let tile = &pool().tiles[i];
        let (x, z, _) = position(i / VARIANTS);
        let column_has_tiles = |c: (i32, i32)| self.current.keys().any(|&(tx, tz, _)| (tx, tz) == c);
        let ending_here = self.mesh.tiles().any(|(_, t)| link_end_columns(t).any(|c| c == (x, z)));
        let beside = [(x + 1, z), (x, z + 1), (x - 1, z), (x, z - 1)].into_iter().any(column_has_tiles);
        tile.off_mesh_links().is_empty() && !column_has_tiles((x, z)) && !ending_here && beside
    }

    fn perform(&mut self, edit: Edit) -> onav::Result<Outcome> {
        let pool = pool();
        let placed = |i: usize, tile_ref| {
            let issued = Issued { tile_ref, polygons: pool.tiles[i].polygon_count() as u32 };
            Outcome::Placed(position(i / VARIANTS), issued)
        };
        Ok(match edit {
            Edit::Add(i) => placed(i, self.mesh.add_tile(Arc::clone(&pool.tiles[i]))?),
            Edit::Replace(i) => placed(i, self.mesh.replace_tile(Arc::clone(&pool.tiles[i]))?),
            Edit::Remove(p) => {
                let (x, z, layer) = position(p);
                Outcome::Removed(vec![self.mesh.remove_tile(x, z, layer)?])
            }
            Edit::RemoveColumn(c) => Outcome::Removed(self.mesh.remove_column(COLUMNS[c].0, COLUMNS[c].1)),
            Edit::AddForeign(i) => placed(i, self.mesh.add_tile(Arc::clone(&pool.foreign[i]))?),
            Edit::ReplaceForeign(i) => placed(i, self.mesh.replace_tile(Arc::clone(&pool.foreign[i]))?),
            Edit::AddTruncated(i, len) => {
                let bytes = &pool.bytes[i];
                placed(i, self.mesh.add_tile_bytes(&bytes[..len % bytes.len()])?)
            }
        })
    }

    /// Updates the model: a placed tile retires the reference it replaces;
    /// each removed reference must be a current one.
    fn record(&mut self, outcome: Outcome) -> Result<(), String> {
        match outcome {
            Outcome::Placed(position, issued) => {
                if let Some(old) = self.current.insert(position, issued) {
                    self.retired.push(old);
                }
            }
            Outcome::Removed(refs) => {
                for tile_ref in refs {
                    let position = self.current.iter().find(|(_, i)| i.tile_ref == tile_ref).map(|(p, _)| *p);
                    let position =
                        position.ok_or_else(|| format!("removal returned {tile_ref:?}, not a current reference"))?;
                    self.retired.extend(self.current.remove(&position));
                }
            }
        }
        self.coverage.retired_refs = self.retired.len();
        Ok(())
    }

    fn check_invariants(&mut self) -> Result<(), String> {
        self.check_tiles_match_the_model()?;
        for issued in self.current.values() {
            check(self.all_valid(issued), &format!("current reference {:?} is not valid", issued.tile_ref))?;
        }
        for issued in &self.retired {
            check(self.none_valid(issued), &format!("retired reference {:?} is still valid", issued.tile_ref))?;
        }
        links_match_a_full_restitch(&self.mesh)?;
        let crossing = self.cross_column_off_mesh_links();
        self.coverage.cross_column_off_mesh_links = self.coverage.cross_column_off_mesh_links.max(crossing);
        Ok(())
    }

    /// The mesh holds exactly the model's tiles, under the model's references.
    fn check_tiles_match_the_model(&self) -> Result<(), String> {
        let in_mesh: BTreeMap<Position, Issued> = self
            .mesh
            .tiles()
            .map(|(tile_ref, t)| {
                ((t.tile_x(), t.tile_z(), t.layer()), Issued { tile_ref, polygons: t.polygon_count() as u32 })
            })
            .collect();
        check(in_mesh == self.current, &format!("the mesh holds {in_mesh:?}, the model {:?}", self.current))
    }

    /// The tile reference and each of its polygons' references are valid;
    /// the polygon index one past the last is not.
    fn all_valid(&self, issued: &Issued) -> bool {
        self.mesh.is_valid_tile_ref(issued.tile_ref)
            && (0..issued.polygons).all(|p| self.polygon_valid(issued, p))
            && !self.polygon_valid(issued, issued.polygons)
    }

    fn none_valid(&self, issued: &Issued) -> bool {
        !self.mesh.is_valid_tile_ref(issued.tile_ref) && !(0..issued.polygons).any(|p| self.polygon_valid(issued, p))
    }

    fn polygon_valid(&self, issued: &Issued, polygon: u32) -> bool {
        issued.tile_ref.polygon(polygon).is_some_and(|r| self.mesh.is_valid(r))
    }

    fn cross_column_off_mesh_links(&self) -> usize {
        let column = |tile_ref: TileRef| self.mesh.tile(tile_ref).map(|t| (t.tile_x(), t.tile_z()));
        NavMeshDebug::collect(&self.mesh)
            .links
            .iter()
            .filter(|l| l.kind != LinkKind::Portal && column(l.from.tile_ref()) != column(l.to.tile_ref()))
            .count()
    }
}
