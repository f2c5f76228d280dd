//! `find_straight_path`: turns at the corners the funnel cannot see past,
//! off-mesh departures and arrivals, crossing vertices, partial paths, and
//! a property: through random corridors the path is never longer than the
//! walk through the crossings' entry points, and another: a crossing cache
//! kept across corridors that change at the front, the tail or the limit
//! gives the paths found without it.

mod mesh_common;
mod query_common;

use mesh_common::{link, params, quad_tile, GridTile, Rng};
use onav::{
    straight_path_length, CrossingCache, NavMeshError, NavMeshQuery, NavTile, PathCrossings, PathStatus, PolyRef,
    QueryFilter, StraightPathOptions, StraightPathStatus, StraightPathVertex, TiledNavMesh, VertexFlags, NOT_PORTAL,
};
use query_common::{all_polygons, centre, dist, random_mesh, steps};

fn mesh_of(tiles: &[GridTile]) -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for tile in tiles {
        mesh.add_tile(tile.build(&p)).unwrap();
    }
    mesh
}

fn path(
    mesh: &TiledNavMesh,
    start: [f64; 3],
    end: [f64; 3],
    options: StraightPathOptions,
) -> (Vec<PolyRef>, StraightPathStatus, Vec<StraightPathVertex>) {
    let mut query = NavMeshQuery::new(mesh, 4096).unwrap();
    let filter = QueryFilter::default();
    let half = [1.0, 1.0, 1.0];
    let start_ref = query.find_nearest_poly(start, half, &filter).unwrap().unwrap().poly_ref;
    let end_ref = query.find_nearest_poly(end, half, &filter).unwrap().unwrap().poly_ref;
    let mut corridor = Vec::new();
    let outcome = query.find_path(start_ref, end_ref, start, end, &filter, 4096, &mut corridor).unwrap();
    assert_eq!(outcome.status, PathStatus::Complete);
    let mut out = Vec::new();
    let status = query.find_straight_path(&corridor, start, end, options, &mut out).unwrap();
    (corridor, status, out)
}

fn positions(path: &[StraightPathVertex]) -> Vec<[f64; 3]> {
    path.iter().map(|v| v.position).collect()
}

#[test]
fn a_visible_end_is_reached_in_one_segment() {
    let mesh = mesh_of(&[GridTile::new(0, 0, 4), GridTile::new(1, 0, 4)]);
    // Row 1 of squares (z 4..8) holds the whole segment.
    let (corridor, status, out) = path(&mesh, [1.0, 0.0, 5.0], [30.0, 0.0, 7.0], StraightPathOptions::default());
    assert_eq!(status, StraightPathStatus::Complete);
    assert_eq!(positions(&out), vec![[1.0, 0.0, 5.0], [30.0, 0.0, 7.0]]);
    assert_eq!((out[0].flags, out[0].poly), (VertexFlags::START, corridor[0]));
    assert_eq!((out[1].flags, out[1].poly), (VertexFlags::END, *corridor.last().unwrap()));
    assert_eq!(straight_path_length(&out), dist(out[0].position, out[1].position));
}

#[test]
fn the_path_turns_at_the_inner_corner_of_an_l() {
    // Tiles (0, 0), (1, 0), (1, 1): the end is hidden behind the corner
    // (16, 16) from the start.
    let mesh = mesh_of(&[GridTile::new(0, 0, 4), GridTile::new(1, 0, 4), GridTile::new(1, 1, 4)]);
    let (corridor, status, out) = path(&mesh, [2.0, 0.0, 2.0], [18.0, 0.0, 30.0], StraightPathOptions::default());
    assert_eq!(status, StraightPathStatus::Complete);
    assert_eq!(positions(&out), vec![[2.0, 0.0, 2.0], [16.0, 0.0, 16.0], [18.0, 0.0, 30.0]]);
    assert_eq!(out[1].flags, VertexFlags::default());
    assert!(corridor.contains(&out[1].poly));
}

#[test]
fn an_off_mesh_link_is_a_departure_and_an_arrival() {
    // A gap between tiles 0 and 2, crossed by a link from (14, 2) to
    // (34, 2) at a height of 1 on the far side (the far tile is at 1).
    let one_way = link([14.0, 0.0, 2.0], [34.0, 1.0, 2.0], 1.0, false);
    let mesh = mesh_of(&[GridTile::new(0, 0, 4).link(one_way), GridTile::new(2, 0, 4).height(1.0, 0.0)]);
    let (corridor, status, out) = path(&mesh, [2.0, 0.0, 10.0], [40.0, 1.0, 10.0], StraightPathOptions::default());
    assert_eq!(status, StraightPathStatus::Complete);
    assert_eq!(positions(&out), vec![[2.0, 0.0, 10.0], [14.0, 0.0, 2.0], [34.0, 1.0, 2.0], [40.0, 1.0, 10.0]]);
    let flags: Vec<VertexFlags> = out.iter().map(|v| v.flags).collect();
    assert_eq!(flags, vec![VertexFlags::START, VertexFlags::OFF_MESH, VertexFlags::default(), VertexFlags::END]);
    let landing = mesh.tile_at(2, 0, 0).unwrap().0;
    assert_eq!(out[1].poly.tile_ref(), landing, "a departure names the polygon the link lands in");
    assert_eq!(out[2].poly, out[1].poly);
    assert_eq!(out[3].poly, *corridor.last().unwrap());
    // X/Z on the surface (√208 and √100) and the link in 3D (√401).
    let expected = 208f64.sqrt() + 401f64.sqrt() + 100f64.sqrt();
    assert!((straight_path_length(&out) - expected).abs() < 1e-12);
}

#[test]
fn a_link_end_off_its_polygon_is_taken_at_the_nearest_point_on_it() {
    // Tile 2 holds one quad, x 32..44 at a height of 1; the link lands at
    // (44.5, 1, 2), half a metre beyond it, within its radius of 1, so
    // stitching attaches it there. The path lands on the quad's edge at
    // (44, 1, 2), the height as stored.
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let one_way = link([14.0, 0.0, 2.0], [44.5, 1.0, 2.0], 1.0, false);
    mesh.add_tile(GridTile::new(0, 0, 4).link(one_way).build(&p)).unwrap();
    let corners = [[0.0, 0.0, 0.0], [12.0, 0.0, 0.0], [12.0, 0.0, 16.0], [0.0, 0.0, 16.0]];
    mesh.add_tile(quad_tile(&p, (2, 0, 0), 1.0, corners, [NOT_PORTAL; 4])).unwrap();
    let (_, status, out) = path(&mesh, [2.0, 0.0, 10.0], [40.0, 1.0, 10.0], StraightPathOptions::default());
    assert_eq!(status, StraightPathStatus::Complete);
    assert_eq!(positions(&out), vec![[2.0, 0.0, 10.0], [14.0, 0.0, 2.0], [44.0, 1.0, 2.0], [40.0, 1.0, 10.0]]);
    let expected = 208f64.sqrt() + (30f64 * 30.0 + 1.0).sqrt() + 80f64.sqrt();
    assert!((straight_path_length(&out) - expected).abs() < 1e-12);
}

#[test]
fn an_arrival_on_the_next_crossing_pulls_the_path_tight() {
    // The link lands at (40, 6), on the edge x = 40 between two squares of
    // tile 2 (the corridor's first crossing there): the funnel starts as a
    // half-plane, and the end (46, 2) is in sight of the arrival.
    let one_way = link([14.0, 0.0, 2.0], [40.0, 0.0, 6.0], 1.0, false);
    let mesh = mesh_of(&[GridTile::new(0, 0, 4).link(one_way), GridTile::new(2, 0, 4)]);
    let (_, status, out) = path(&mesh, [2.0, 0.0, 10.0], [46.0, 0.0, 2.0], StraightPathOptions::default());
    assert_eq!(status, StraightPathStatus::Complete);
    assert_eq!(positions(&out), vec![[2.0, 0.0, 10.0], [14.0, 0.0, 2.0], [40.0, 0.0, 6.0], [46.0, 0.0, 2.0]]);
    let flags: Vec<VertexFlags> = out.iter().map(|v| v.flags).collect();
    assert_eq!(flags, vec![VertexFlags::START, VertexFlags::OFF_MESH, VertexFlags::default(), VertexFlags::END]);
}

#[test]
fn a_path_along_a_polygon_edge_has_no_vertex_on_the_line() {
    // From the arrival (34, 8) to (42, 8) the path runs along z = 8, the
    // edge between two rows of squares, through their corners (36, 8) and
    // (40, 8): neither is a turn. Then the same along x = 36 (the other
    // way of the grid) from a start on it.
    let one_way = link([14.0, 0.0, 2.0], [34.0, 0.0, 8.0], 1.0, false);
    let mesh = mesh_of(&[GridTile::new(0, 0, 4).link(one_way), GridTile::new(2, 0, 4)]);
    let (_, status, out) = path(&mesh, [2.0, 0.0, 10.0], [42.0, 0.0, 8.0], StraightPathOptions::default());
    assert_eq!(status, StraightPathStatus::Complete);
    assert_eq!(positions(&out), vec![[2.0, 0.0, 10.0], [14.0, 0.0, 2.0], [34.0, 0.0, 8.0], [42.0, 0.0, 8.0]]);
    let (_, _, out) = path(&mesh, [36.0, 0.0, 1.0], [36.0, 0.0, 15.0], StraightPathOptions::default());
    assert_eq!(positions(&out), vec![[36.0, 0.0, 1.0], [36.0, 0.0, 15.0]]);
    let (_, _, out) = path(&mesh, [36.0, 0.0, 15.0], [36.0, 0.0, 1.0], StraightPathOptions::default());
    assert_eq!(positions(&out), vec![[36.0, 0.0, 15.0], [36.0, 0.0, 1.0]]);
}

#[test]
fn crossing_options_add_vertices_on_the_crossed_edges() {
    // One row of 4 squares per tile over two tiles; the areas of the
    // squares of each row are 0, 0, 1, 1 | 1, 2, 2, 2 (by column).
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    for (x, areas) in [(0, [0u8, 0, 1, 1]), (1, [1, 2, 2, 2])] {
        let mut data = GridTile::new(x, 0, 4).data(&p);
        for (k, polygon) in data.polygons.iter_mut().enumerate() {
            polygon.area = areas[k % 4];
        }
        mesh.add_tile(NavTile::create(&p, data).unwrap()).unwrap();
    }
    let (start, end) = ([1.0, 0.0, 6.0], [31.0, 0.0, 6.0]);
    let all =
        path(&mesh, start, end, StraightPathOptions { crossings: PathCrossings::AllEdges, ..Default::default() }).2;
    let xs = |out: &[StraightPathVertex]| out.iter().map(|v| v.position[0]).collect::<Vec<_>>();
    assert_eq!(xs(&all), vec![1.0, 4.0, 8.0, 12.0, 16.0, 20.0, 24.0, 28.0, 31.0]);
    assert!(all.iter().all(|v| v.position[2] == 6.0));
    // Area changes between columns 1|2 (0→1) and 4|5 (1→2), at x 8 and 20.
    let area_changes = StraightPathOptions { crossings: PathCrossings::AreaChanges, ..Default::default() };
    let changes = path(&mesh, start, end, area_changes).2;
    assert_eq!(xs(&changes), vec![1.0, 8.0, 20.0, 31.0]);
    // A crossing vertex names the polygon it enters.
    let entered = mesh.polygon(changes[1].poly).unwrap().1.record.area;
    assert_eq!(entered, 1);
}

#[test]
fn a_broken_corridor_gives_a_partial_path_to_the_last_joined_polygon() {
    let mesh = mesh_of(&[GridTile::new(0, 0, 4), GridTile::new(2, 0, 4)]);
    let tile = |x| mesh.tile_at(x, 0, 0).unwrap().0;
    // Squares 4, 5 of tile 0 are joined; square 4 of tile 2 is not.
    let corridor = [tile(0).polygon(4).unwrap(), tile(0).polygon(5).unwrap(), tile(2).polygon(4).unwrap()];
    let mut query = NavMeshQuery::new(&mesh, 16).unwrap();
    let mut out = Vec::new();
    let status =
        query.find_straight_path(&corridor, [1.0, 0.0, 6.0], [36.0, 0.0, 6.0], Default::default(), &mut out).unwrap();
    assert_eq!(status, StraightPathStatus::Partial);
    let last = out.last().unwrap();
    assert_eq!((last.position, last.flags, last.poly), ([8.0, 0.0, 6.0], VertexFlags::END, corridor[1]));
}

#[test]
fn bad_corridors_are_typed_errors() {
    let mut mesh = mesh_of(&[GridTile::new(0, 0, 4)]);
    let poly = mesh.tile_at(0, 0, 0).unwrap().0.polygon(0).unwrap();
    mesh.remove_tile(0, 0, 0).unwrap();
    let mut query = NavMeshQuery::new(&mesh, 16).unwrap();
    let mut out = Vec::new();
    let here = [1.0, 0.0, 1.0];
    let err = query.find_straight_path(&[], here, here, Default::default(), &mut out).unwrap_err();
    assert!(matches!(err, NavMeshError::OutOfRange(_)), "{err}");
    let err = query.find_straight_path(&[poly], here, here, Default::default(), &mut out).unwrap_err();
    assert!(matches!(&err, NavMeshError::InvalidReference(m) if m.contains("corridor[0]")), "{err}");
}

/// Calls `visit` for 10 random pairs of polygons (the first valid under
/// the default filter) on each of `rounds` random meshes, with the query,
/// the pair and its polygons' centres.
fn for_random_pairs(
    seed: u64,
    rounds: usize,
    mut visit: impl FnMut(&TiledNavMesh, &mut NavMeshQuery, (PolyRef, PolyRef), ([f64; 3], [f64; 3])),
) {
    let p = params();
    let mut rng = Rng::new(seed);
    for round in 0..rounds {
        let mesh = random_mesh(&p, &mut rng, 3, 3, 4, round % 3);
        let polys = all_polygons(&mesh);
        let mut query = NavMeshQuery::new(&mesh, 4096).unwrap();
        for _ in 0..10 {
            let (a, b) = (polys[rng.below(polys.len() as u64) as usize], polys[rng.below(polys.len() as u64) as usize]);
            if query.is_valid_poly_ref(a, &QueryFilter::default()) {
                visit(&mesh, &mut query, (a, b), (centre(&mesh, a), centre(&mesh, b)));
            }
        }
    }
}

#[test]
fn the_path_is_never_longer_than_the_walk_through_the_entries() {
    let filter = QueryFilter::default();
    let mut checked = 0;
    let (mut corridor, mut out) = (Vec::new(), Vec::new());
    for_random_pairs(99, 30, |mesh, query, (a, b), (pa, pb)| {
        if query.find_path(a, b, pa, pb, &filter, 4096, &mut corridor).unwrap().status != PathStatus::Complete {
            return;
        }
        let status = query.find_straight_path(&corridor, pa, pb, Default::default(), &mut out).unwrap();
        assert_eq!(status, StraightPathStatus::Complete);
        assert_eq!((out[0].position, out.last().unwrap().position), (pa, pb));
        // The walk through the entries, measured as the path is.
        let mut walk = Vec::new();
        let mut flags = Vec::new();
        walk.push(pa);
        flags.push(VertexFlags::START);
        for pair in corridor.windows(2) {
            let step = steps(mesh, pair[0]).into_iter().find(|s| s.target == pair[1]).unwrap();
            if let Some((departure, _, _)) = step.link {
                walk.push(departure);
                flags.push(VertexFlags::OFF_MESH);
            }
            walk.push(step.entry);
            flags.push(VertexFlags::default());
        }
        walk.push(pb);
        flags.push(VertexFlags::END);
        let reference: Vec<StraightPathVertex> = walk
            .iter()
            .zip(&flags)
            .map(|(&position, &flags)| StraightPathVertex { position, flags, poly: PolyRef::NULL })
            .collect();
        let (straight, walked) = (straight_path_length(&out), straight_path_length(&reference));
        assert!(straight <= walked + 1e-9 * walked.max(1.0), "straight {straight} > walk {walked}");
        checked += 1;
    });
    assert!(checked > 100, "only {checked} complete paths");
}

#[test]
fn a_vertex_limit_gives_the_first_vertices_of_the_whole_path() {
    let filter = QueryFilter::default();
    let mut cut = 0;
    let (mut corridor, mut whole, mut limited) = (Vec::new(), Vec::new(), Vec::new());
    for_random_pairs(7, 20, |_, query, (a, b), (pa, pb)| {
        query.find_path(a, b, pa, pb, &filter, 4096, &mut corridor).unwrap();
        for crossings in [PathCrossings::None, PathCrossings::AreaChanges, PathCrossings::AllEdges] {
            let options = StraightPathOptions { crossings, max_vertices: None };
            let status = query.find_straight_path(&corridor, pa, pb, options, &mut whole).unwrap();
            for limit in 0..=whole.len() + 1 {
                let options = StraightPathOptions { crossings, max_vertices: Some(limit) };
                let limited_status = query.find_straight_path(&corridor, pa, pb, options, &mut limited).unwrap();
                assert_eq!(limited, whole[..limit.min(whole.len())], "limit {limit}");
                if limit >= whole.len() {
                    assert_eq!(limited_status, status);
                } else {
                    assert!(limited.last().is_none_or(|v| !v.flags.contains(VertexFlags::END)));
                    cut += 1;
                }
            }
        }
    });
    assert!(cut > 1000, "only {cut} paths cut short");
}

#[test]
fn a_path_cut_before_a_break_in_its_corridor_is_not_partial() {
    // The L of tiles (0, 0), (1, 0), (1, 1), its corridor running on into
    // tile (3, 3), which it does not join: the path turns at (16, 16)
    // before the funnel reaches the break.
    let tiles = [GridTile::new(0, 0, 4), GridTile::new(1, 0, 4), GridTile::new(1, 1, 4), GridTile::new(3, 3, 4)];
    let mesh = mesh_of(&tiles);
    let (start, end) = ([2.0, 0.0, 2.0], [18.0, 0.0, 30.0]);
    let (mut corridor, _, whole) = path(&mesh, start, end, StraightPathOptions::default());
    corridor.push(mesh.tile_at(3, 3, 0).unwrap().0.polygon(0).unwrap());
    let mut query = NavMeshQuery::new(&mesh, 16).unwrap();
    let mut out = Vec::new();
    let options = StraightPathOptions { max_vertices: Some(1), ..Default::default() };
    let status = query.find_straight_path(&corridor, start, end, options, &mut out).unwrap();
    assert_eq!(status, StraightPathStatus::Complete, "the funnel stopped at the turn, before the break");
    assert_eq!(positions(&out), vec![start]);
    let status = query.find_straight_path(&corridor, start, end, Default::default(), &mut out).unwrap();
    assert_eq!(status, StraightPathStatus::Partial);
    assert_eq!(out, whole, "the break comes after the end's polygon: the whole path is the same");
}

#[test]
fn a_kept_crossing_cache_gives_the_paths_found_without_it() {
    let p = params();
    let mut rng = Rng::new(21);
    let filter = QueryFilter::default();
    let mut compared = 0;
    for round in 0..20 {
        let mesh = random_mesh(&p, &mut rng, 3, 3, 4, round % 3);
        let polys = all_polygons(&mesh);
        let mut query = NavMeshQuery::new(&mesh, 4096).unwrap();
        let mut cache = CrossingCache::default();
        let (mut corridor, mut tail, mut plain, mut cached) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..10 {
            let (a, b) = (polys[rng.below(polys.len() as u64) as usize], polys[rng.below(polys.len() as u64) as usize]);
            let (pa, pb) = (centre(&mesh, a), centre(&mesh, b));
            if !query.is_valid_poly_ref(a, &filter) {
                continue;
            }
            query.find_path(a, b, pa, pb, &filter, 4096, &mut corridor).unwrap();
            // The same corridor again, its front walked on, its tail
            // searched anew from a middle polygon, cut, and broken.
            let mut variants = vec![corridor.clone(), corridor.clone()];
            for front in 1..corridor.len().min(4) {
                variants.push(corridor[front..].to_vec());
            }
            let middle = corridor.len() / 2;
            query
                .find_path(corridor[middle], a, centre(&mesh, corridor[middle]), pa, &filter, 4096, &mut tail)
                .unwrap();
            variants.push(corridor[..middle].iter().chain(&tail).copied().collect());
            variants.push(corridor[..middle + 1].to_vec());
            variants.push(corridor.iter().chain(&[a]).copied().collect());
            variants.push(corridor.clone());
            for variant in &variants {
                let start = centre(&mesh, variant[0]);
                for max_vertices in [None, Some(1), Some(3)] {
                    let options = StraightPathOptions { crossings: PathCrossings::AllEdges, max_vertices };
                    let status = query.find_straight_path(variant, start, pb, options, &mut plain).unwrap();
                    let with_cache = query
                        .find_straight_path_cached(variant, (start, pb), options, &mut cache, &mut cached)
                        .unwrap();
                    assert_eq!((with_cache, &cached), (status, &plain));
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} paths compared");
}
