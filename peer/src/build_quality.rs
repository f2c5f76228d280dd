//! Quality of onav's mesh against Recast's mesh of the same triangles and
//! settings: polygons, connected components, walkable area overlap, and
//! reachability and path length over seeded pairs. Recast's tiles are read
//! by onav's Detour importer for the geometric measures (the importer keeps
//! every polygon and links what Detour links, issue 17) and loaded into
//! Detour for its queries.

use onav::TiledNavMesh;

use crate::build_paths::{path_agreement, path_answers, PathAgreement};
use crate::detour_queries::DetourQueries;
use crate::detour_query::DetourQuery;
use crate::fixtures::mset_bytes;
use crate::mset::load_mset;
use crate::onav_queries::OnavQueries;
use crate::polygon_components::connected_components;
use crate::prepared_input::import;
use crate::queries::MAX_NODES;
use crate::query_points::query_pairs;
use crate::recast_build::RecastTileSet;
use crate::walkable_overlap::{walkable_overlap, Overlap};

pub struct Quality {
    /// (Recast, onav) for each count.
    pub polygons: (usize, usize),
    pub components: (usize, usize),
    /// Area a is Recast's, b onav's.
    pub overlap: Overlap,
    pub paths: PathAgreement,
}

fn polygon_count(mesh: &TiledNavMesh) -> usize {
    mesh.tiles().map(|(_, tile)| tile.polygon_count()).sum()
}

pub fn measure_quality(recast: &RecastTileSet, onav: &TiledNavMesh, pair_count: usize) -> Result<Quality, String> {
    let mset = mset_bytes(recast)?;
    let imported = import(&mset)?.mesh;
    let detour_mesh = load_mset(&mset)?;
    let pairs = query_pairs(&imported, pair_count)?;
    let mut detour = DetourQueries::new(DetourQuery::new(&detour_mesh, MAX_NODES as i32)?);
    let mut onav_side = OnavQueries::new(onav, MAX_NODES)?;
    let paths = path_agreement(&path_answers(&mut detour, &pairs)?, &path_answers(&mut onav_side, &pairs)?);
    Ok(Quality {
        polygons: (polygon_count(&imported), polygon_count(onav)),
        components: (connected_components(&imported), connected_components(onav)),
        overlap: walkable_overlap(&imported, onav)?,
        paths,
    })
}
