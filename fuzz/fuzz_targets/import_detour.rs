//! Detour data through the importer (`onav::import::detour`): any bytes read
//! as a RecastDemo tile set (MSET) and as a lone tile blob (DNAV) give a
//! format-family error or tiles that re-validate through `NavTile::create`
//! unchanged and stitch into one mesh. Detour's own reader is where the open
//! fuzzing crash reports live (recastnavigation #829–#839); this one must
//! never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onav::import::detour::{read_tile, read_tile_set, ImportOptions};
use onav::{NavMeshParams, NavTile, TiledNavMesh};

/// The grid of the synthetic seeds (`tests/detour_blob`, RecastDemo's 48
/// cells of 0.3) for lone blobs, which carry no grid of their own.
fn blob_params() -> NavMeshParams {
    NavMeshParams {
        origin_x: 0.0,
        origin_y: 0.0,
        origin_z: 0.0,
        tile_size: f64::from(48.0f32 * 0.3f32),
        cell_size: 1.0 / f64::from(1.0f32 / 0.3f32),
        max_verts_per_poly: 6,
        walkable_climb: 0.9,
        agent_radius: 0.6,
        agent_height: 2.0,
        agent_max_slope: 45.0,
        settings_digest: 0,
    }
}

fn check_tile(params: &NavMeshParams, tile: &NavTile) {
    let again = NavTile::create(params, tile.data().to_data()).expect("an imported tile re-validates");
    assert!(&again == tile, "re-creating an imported tile changed it");
}

fuzz_target!(|bytes: &[u8]| {
    let options = ImportOptions::default();
    match read_tile_set(bytes, &options) {
        Ok(set) => {
            let mut mesh = TiledNavMesh::new(set.params).expect("imported parameters are valid");
            for tile in set.tiles {
                check_tile(&set.params, &tile);
                mesh.add_tile(tile).expect("the tiles of one set have distinct positions");
            }
        }
        Err(error) => assert!(error.is_format_family(), "{error:?}"),
    }
    let params = blob_params();
    match read_tile(&params, bytes, &options) {
        Ok(tile) => check_tile(&params, &tile),
        Err(error) => assert!(error.is_format_family(), "{error:?}"),
    }
});
