//! The README's demo: builds tiles of a small grid from plain arrays, writes
//! them as ONPT, reads them back against the parameters and shows what the
//! format guarantees (same bytes, typed errors on bad input).
//! Run with `cargo run --release --example demo`.

#[path = "../tests/tile_fixture/mod.rs"]
mod tile_fixture;

use onav::{read_tile, write_tile, BuildFingerprint, NavMeshParams, NavTile};

fn main() -> Result<(), onav::NavMeshError> {
    let params = tile_fixture::params();
    params.validate()?;
    println!("fingerprint of the parameters: {}", BuildFingerprint::of(&params).to_hex());
    for (tile_x, tile_z, cells) in [(0, 0, 2), (1, 0, 4), (0, 1, 8)] {
        let mut data = tile_fixture::with_detail(tile_fixture::grid_tile(&params, cells));
        data.tile_x = tile_x;
        data.tile_z = tile_z;
        let tile = NavTile::create(&params, data)?;
        let bytes = write_tile(&tile);
        let back = read_tile(&params, &bytes)?;
        assert_eq!(write_tile(&back), bytes);
        println!(
            "tile ({tile_x}, {tile_z}): {} polygons, {} portal edges, {} bytes, content id {}",
            back.polygon_count(),
            back.portal_edges().len(),
            bytes.len(),
            back.content_id().to_hex()
        );
    }
    let tile = NavTile::create(&params, tile_fixture::grid_tile(&params, 2))?;
    let other = NavMeshParams { agent_radius: 0.75, ..params };
    let mut bytes = write_tile(&tile);
    println!("read with other agent radius: {}", read_tile(&other, &bytes).unwrap_err());
    bytes[4] = 3;
    println!("read a version-3 tile: {}", read_tile(&params, &bytes).unwrap_err());
    Ok(())
}
