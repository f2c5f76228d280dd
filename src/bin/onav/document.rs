//! A file given on the command line: read, recognised by its magic and
//! decoded with the library's validating readers.

use std::path::Path;

use onav::format::layout_header::{LayoutHeader, ONNM, ONNW, ONPM, ONPS, ONPT};
use onav::{read_mesh, NavMesh, NavMeshError, NavMeshParams, NavWorld, TiledNavMesh};

use crate::failure::Failure;
use crate::tile_header::{read_tile_header, TileHeader};
use onav::format::snapshot::Snapshot;

/// Every layout the tool knows, in the order error messages list them.
const LAYOUTS: [LayoutHeader; 5] = [ONPT, ONPM, ONPS, ONNM, ONNW];

/// A decoded file. Meshes and envelopes are fully validated; a bare tile
/// only has its header read, since checking it needs parameters it does not
/// carry; a snapshot has its own layout read (its tiles live elsewhere).
pub enum Document {
    Tile(TileHeader),
    Mesh(TiledNavMesh),
    Snapshot(Snapshot),
    MeshEnvelope(NavMesh),
    World(NavWorld),
}

/// The bytes of `path`, or an I/O failure naming it.
pub fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::io(path, e))
}

/// The layout whose magic starts `bytes`; a format error otherwise.
pub fn layout_of(bytes: &[u8]) -> Result<LayoutHeader, NavMeshError> {
    let magic = bytes.get(..4);
    LAYOUTS.into_iter().find(|layout| magic == Some(&layout.magic[..])).ok_or_else(|| {
        let known: Vec<String> = LAYOUTS.iter().map(|l| String::from_utf8_lossy(&l.magic).into_owned()).collect();
        let start: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02X}")).collect();
        NavMeshError::Format(format!(
            "not an onav file: it starts with [{}], expected the magic of {}",
            start.join(" "),
            known.join(", ")
        ))
    })
}

impl Document {
    pub fn read(bytes: &[u8]) -> Result<Document, NavMeshError> {
        let layout = layout_of(bytes)?;
        Ok(match &layout.magic {
            b"ONPT" => Document::Tile(read_tile_header(bytes)?),
            b"ONPM" => Document::Mesh(read_mesh(bytes)?),
            b"ONPS" => Document::Snapshot(Snapshot::read(bytes)?),
            b"ONNM" => Document::MeshEnvelope(NavMesh::load(bytes)?),
            _ => Document::World(NavWorld::load(bytes)?),
        })
    }

    /// Reads and decodes the file at `path`.
    pub fn open(path: &Path) -> Result<Document, Failure> {
        Ok(Document::read(&read_file(path)?)?)
    }

    /// The mesh of the document (class `class` of a world); a usage failure
    /// for a tile or a snapshot, which hold no stitched mesh.
    pub fn into_mesh(self, class: usize) -> Result<TiledNavMesh, Failure> {
        match self {
            Document::Mesh(mesh) => Ok(mesh),
            Document::MeshEnvelope(nav_mesh) => Ok(nav_mesh.into_parts().1),
            Document::World(world) => Ok(world_class(&world, class)?.mesh().clone()),
            Document::Tile(_) | Document::Snapshot(_) => Err(Failure::usage(format!(
                "this command needs a mesh (ONPM, ONNM or ONNW), not {}",
                self.layout().what
            ))),
        }
    }

    /// The parameters the document records (class `class` of a world); a
    /// tile records none.
    pub fn params(&self, class: usize) -> Result<NavMeshParams, Failure> {
        match self {
            Document::Mesh(mesh) => Ok(*mesh.params()),
            Document::MeshEnvelope(nav_mesh) => Ok(*nav_mesh.params()),
            Document::World(world) => Ok(*world_class(world, class)?.params()),
            Document::Snapshot(snapshot) => Ok(snapshot.params),
            Document::Tile(_) => Err(Failure::usage("an ONPT tile carries no parameters")),
        }
    }

    pub fn layout(&self) -> LayoutHeader {
        match self {
            Document::Tile(_) => ONPT,
            Document::Mesh(_) => ONPM,
            Document::Snapshot(_) => ONPS,
            Document::MeshEnvelope(_) => ONNM,
            Document::World(_) => ONNW,
        }
    }
}

fn world_class(world: &NavWorld, class: usize) -> Result<&NavMesh, Failure> {
    world.class(class).ok_or_else(|| {
        Failure::usage(format!("--class {class}: the world has classes 0 to {}", world.classes().len() - 1))
    })
}
