//! Run-time switches (issue 25): polygon flags and area by PolyRef and
//! off-mesh links by tile and index or user id, read by every query and
//! crowd of the mesh version that holds them, and by no other version.

mod input_2d;
mod mesh_common;

use mesh_common::{link, params, GridTile};
use onav::{
    write_mesh, AgentParams, AgentState, Crowd, CrowdSettings, NavMesh, NavMeshDebug, NavMeshError, NavMeshQuery,
    OffMeshLinkDefinition, OffMeshLinkSlot, PathStatus, PolyRef, QueryFilter, StraightPathOptions, TiledNavMesh,
};

const NODES: usize = 4096;

/// One 4 × 4 grid tile of 4 m squares (polygon `j * 4 + i` in column i,
/// row j; flags 1, area = polygon index).
fn grid() -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    mesh.add_tile(GridTile::new(0, 0, 4).build(&p)).unwrap();
    mesh
}

fn square(mesh: &TiledNavMesh, i: u32, j: u32) -> PolyRef {
    mesh.tile_at(0, 0, 0).unwrap().0.polygon(j * 4 + i).unwrap()
}

fn centre(i: u32, j: u32) -> [f64; 3] {
    [4.0 * f64::from(i) + 2.0, 0.0, 4.0 * f64::from(j) + 2.0]
}

/// The corridor, cost and straight path (positions as bits) between two
/// points, each on the polygon nearest it.
#[derive(Debug, PartialEq)]
struct Route {
    status: PathStatus,
    cost_bits: u64,
    corridor: Vec<PolyRef>,
    corners: Vec<[u64; 3]>,
}

fn route(mesh: &TiledNavMesh, from: [f64; 3], to: [f64; 3], filter: &QueryFilter) -> Route {
    let mut query = NavMeshQuery::new(mesh, NODES).unwrap();
    let extents = [1.0, 4.0, 1.0];
    let start = query.find_nearest_poly(from, extents, filter).unwrap().expect("a polygon under the start");
    let end = query.find_nearest_poly(to, extents, &QueryFilter::default()).unwrap().expect("a polygon under the end");
    let mut corridor = Vec::new();
    let outcome = query
        .find_path(start.poly_ref, end.poly_ref, start.position, end.position, filter, NODES, &mut corridor)
        .unwrap();
    let mut vertices = Vec::new();
    query
        .find_straight_path(&corridor, start.position, end.position, StraightPathOptions::default(), &mut vertices)
        .unwrap();
    Route {
        status: outcome.status,
        cost_bits: outcome.cost.to_bits(),
        corridor,
        corners: vertices.iter().map(|v| v.position.map(f64::to_bits)).collect(),
    }
}

fn across_the_grid(mesh: &TiledNavMesh) -> Route {
    route(mesh, centre(0, 1), centre(3, 1), &QueryFilter::default())
}

#[test]
fn a_door_switched_off_is_walked_around_and_switched_on_gives_the_path_back_bit_for_bit() {
    let mut mesh = grid();
    let original = across_the_grid(&mesh);
    let door = square(&mesh, 1, 1);
    assert!(original.corridor.contains(&door), "the straight way runs through the door: {original:?}");

    mesh.set_poly_flags(door, 0).unwrap();
    assert_eq!(mesh.poly_flags(door).unwrap(), 0);
    let around = across_the_grid(&mesh);
    assert_eq!(around.status, PathStatus::Complete);
    assert!(!around.corridor.contains(&door), "{around:?}");
    assert!(f64::from_bits(around.cost_bits) > f64::from_bits(original.cost_bits));

    mesh.set_poly_flags(door, 1).unwrap();
    assert_eq!(across_the_grid(&mesh), original);
}

#[test]
fn a_wall_of_closed_doors_leaves_no_complete_path() {
    let mut mesh = grid();
    for j in 0..4 {
        let door = square(&mesh, 1, j);
        mesh.set_poly_flags(door, 0x8).unwrap();
    }
    let mut no_key = QueryFilter::default();
    no_key.set_exclude_flags(0x8);
    let blocked = route(&mesh, centre(0, 1), centre(3, 1), &no_key);
    assert_eq!(blocked.status, PathStatus::Partial, "{blocked:?}");
    assert_eq!(blocked.corridor.last(), Some(&square(&mesh, 0, 1)), "the corridor stops before the wall");
    assert_eq!(across_the_grid(&mesh).status, PathStatus::Complete, "a filter that lets 0x8 through");
}

#[test]
fn an_area_switch_costs_the_polygon_as_the_filter_costs_that_area() {
    let mut mesh = grid();
    let door = square(&mesh, 1, 1);
    let mut filter = QueryFilter::default();
    filter.set_area_cost(40, 1.25).unwrap();
    let original = route(&mesh, centre(0, 1), centre(3, 1), &filter);

    mesh.set_poly_area(door, 40).unwrap();
    assert_eq!(mesh.poly_area(door).unwrap(), 40);
    let dearer = route(&mesh, centre(0, 1), centre(3, 1), &filter);
    assert_eq!(dearer.corridor, original.corridor, "a quarter dearer door is still the cheapest way");
    // The search crosses the door from its left edge's middle to its right
    // edge's middle: 4 m at 1.25 instead of 1.
    let extra = f64::from_bits(dearer.cost_bits) - f64::from_bits(original.cost_bits);
    assert!((extra - 1.0).abs() < 1e-9, "extra cost {extra}");

    filter.set_area_cost(40, 10.0).unwrap();
    assert!(!route(&mesh, centre(0, 1), centre(3, 1), &filter).corridor.contains(&door));
    filter.set_area_cost(40, f64::INFINITY).unwrap();
    let mut query = NavMeshQuery::new(&mesh, NODES).unwrap();
    assert!(!query.is_valid_poly_ref(door, &filter), "an excluded area excludes the switched polygon");
    let mut found = Vec::new();
    query.query_polygons(centre(1, 1), [0.5, 1.0, 0.5], &filter, &mut found).unwrap();
    assert!(found.is_empty(), "{found:?}");
}

/// Tile (0, 0) on the ground, tile (1, 0) 3 m up with no portal between
/// them, joined by off-mesh links (tile (0, 0) owns them).
fn two_floors(links: &[OffMeshLinkSlot]) -> TiledNavMesh {
    let p = params();
    let mut mesh = TiledNavMesh::new(p).unwrap();
    let ground = links.iter().fold(GridTile::new(0, 0, 4), |tile, &l| tile.link(l));
    mesh.add_tile(ground.build(&p)).unwrap();
    mesh.add_tile(GridTile::new(1, 0, 4).height(3.0, 0.0).build(&p)).unwrap();
    mesh
}

const GROUND: [f64; 3] = [2.0, 0.0, 8.0];
const UPPER: [f64; 3] = [28.0, 3.0, 8.0];

fn upstairs(mesh: &TiledNavMesh) -> Route {
    route(mesh, GROUND, UPPER, &QueryFilter::default())
}

fn downstairs(mesh: &TiledNavMesh) -> Route {
    route(mesh, UPPER, GROUND, &QueryFilter::default())
}

fn ground_ref(mesh: &TiledNavMesh) -> onav::TileRef {
    mesh.tile_at(0, 0, 0).unwrap().0
}

#[test]
fn a_disabled_one_way_link_is_never_crossed() {
    let mut mesh = two_floors(&[link([14.0, 0.0, 8.0], [18.0, 3.0, 8.0], 1.0, false)]);
    assert_eq!(upstairs(&mesh).status, PathStatus::Complete);
    assert_eq!(downstairs(&mesh).status, PathStatus::Partial, "one way only");

    let owner = ground_ref(&mesh);
    mesh.set_off_mesh_link_enabled(owner, 0, false).unwrap();
    assert!(!mesh.is_off_mesh_link_enabled(owner, 0).unwrap());
    let blocked = upstairs(&mesh);
    assert_eq!(blocked.status, PathStatus::Partial, "{blocked:?}");
    assert!(blocked.corridor.iter().all(|p| p.tile_ref() == owner), "never on the upper floor: {blocked:?}");
    assert_eq!(downstairs(&mesh).status, PathStatus::Partial);

    mesh.set_off_mesh_link_enabled(owner, 0, true).unwrap();
    assert_eq!(upstairs(&mesh), upstairs(&two_floors(&[link([14.0, 0.0, 8.0], [18.0, 3.0, 8.0], 1.0, false)])));
}

#[test]
fn a_disabled_two_way_link_is_crossed_neither_way() {
    let mut mesh = two_floors(&[link([14.0, 0.0, 8.0], [18.0, 3.0, 8.0], 1.0, true)]);
    let (up, down) = (upstairs(&mesh), downstairs(&mesh));
    assert_eq!((up.status, down.status), (PathStatus::Complete, PathStatus::Complete));

    assert_eq!(mesh.set_off_mesh_links_enabled_by_user_id(77, false), 1);
    assert_eq!(upstairs(&mesh).status, PathStatus::Partial);
    let back = downstairs(&mesh);
    assert_eq!(back.status, PathStatus::Partial, "{back:?}");
    let upper = mesh.tile_at(1, 0, 0).unwrap().0;
    assert!(back.corridor.iter().all(|p| p.tile_ref() == upper), "{back:?}");

    assert_eq!(mesh.set_off_mesh_links_enabled_by_user_id(77, true), 1);
    assert_eq!((upstairs(&mesh), downstairs(&mesh)), (up, down));
    assert_eq!(mesh.set_off_mesh_links_enabled_by_user_id(78, false), 0, "no link carries user id 78");
}

#[test]
fn a_clone_keeps_its_own_switches() {
    let original = grid();
    let door = square(&original, 1, 1);
    let before = across_the_grid(&original);
    let frozen_query = NavMeshQuery::new(&original, NODES).unwrap();

    let mut next = original.clone();
    next.set_poly_flags(door, 0).unwrap();
    assert!(!across_the_grid(&next).corridor.contains(&door));
    assert_eq!(across_the_grid(&original), before, "the original does not see its clone's switch");
    assert!(frozen_query.is_valid_poly_ref(door, &QueryFilter::default()));

    let mut original = original;
    let untouched = next.clone();
    original.set_poly_area(door, 40).unwrap();
    next.set_poly_flags(door, 1).unwrap();
    assert_eq!(untouched.poly_flags(door).unwrap(), 0, "the clone does not see a later switch either");
    assert_eq!((next.poly_area(door).unwrap(), original.poly_area(door).unwrap()), (5, 40));
    assert_eq!(original.poly_flags(door).unwrap(), 1);
}

#[test]
fn switches_are_not_mesh_content() {
    let mut mesh = two_floors(&[link([14.0, 0.0, 8.0], [18.0, 3.0, 8.0], 1.0, true)]);
    let (bytes, snapshot) = (write_mesh(&mesh), mesh.snapshot());
    let door = mesh.tile_at(0, 0, 0).unwrap().0.polygon(5).unwrap();
    mesh.set_poly_flags(door, 0).unwrap();
    mesh.set_poly_area(door, 9).unwrap();
    mesh.set_off_mesh_link_enabled(ground_ref(&mesh), 0, false).unwrap();
    assert_eq!(write_mesh(&mesh), bytes);
    assert_eq!(mesh.snapshot(), snapshot);

    let mut settings = input_2d::settings();
    let definition = OffMeshLinkDefinition {
        start: [-6.0, 2.5, 6.0],
        end: [10.0, 2.5, 6.0],
        radius: 1.0,
        bidirectional: true,
        area: 4,
        flags: 2,
        user_id: 42,
    };
    settings.set_off_mesh_links(vec![definition]).unwrap();
    let mut nav_mesh = NavMesh::build_2d(settings.clone(), &input_2d::grid(&settings, 2, 2, 2)).unwrap();
    let envelope = nav_mesh.save();
    let first = nav_mesh.mesh().tiles().next().unwrap().0.polygon(0).unwrap();
    nav_mesh.mesh_mut().set_poly_flags(first, 0).unwrap();
    assert_eq!(nav_mesh.mesh_mut().set_off_mesh_links_enabled_by_user_id(42, false), 1);
    assert_eq!(nav_mesh.save(), envelope);
}

#[test]
fn a_tile_that_leaves_takes_its_switches_and_user_ids_put_them_back() {
    let links = [link([14.0, 0.0, 8.0], [18.0, 3.0, 8.0], 1.0, false)];
    let mut mesh = two_floors(&links);
    let ground_tile = mesh.tile_at(0, 0, 0).unwrap().1.clone();
    let door = ground_ref(&mesh).polygon(5).unwrap();
    mesh.set_poly_flags(door, 0).unwrap();
    mesh.set_off_mesh_link_enabled(ground_ref(&mesh), 0, false).unwrap();

    let replaced = mesh.replace_tile(ground_tile.clone()).unwrap();
    let stale = mesh.set_poly_flags(door, 0).unwrap_err();
    assert!(matches!(stale, NavMeshError::InvalidReference(_)), "{stale}");
    assert_eq!(mesh.poly_flags(replaced.polygon(5).unwrap()).unwrap(), 1, "the new tile reads its own flags");
    assert!(mesh.is_off_mesh_link_enabled(replaced, 0).unwrap());
    assert_eq!(upstairs(&mesh).status, PathStatus::Complete);

    mesh.set_off_mesh_link_enabled(replaced, 0, false).unwrap();
    mesh.remove_tile(0, 0, 0).unwrap();
    let back = mesh.add_tile(ground_tile).unwrap();
    assert!(mesh.is_off_mesh_link_enabled(back, 0).unwrap(), "a tile streamed back starts with its links enabled");
    assert_eq!(mesh.set_off_mesh_links_enabled_by_user_id(77, false), 1);
    assert_eq!(upstairs(&mesh).status, PathStatus::Partial);
}

#[test]
fn bad_references_and_values_give_typed_errors_and_change_nothing() {
    let mut mesh = two_floors(&[link([14.0, 0.0, 8.0], [18.0, 3.0, 8.0], 1.0, true)]);
    let owner = ground_ref(&mesh);
    let before = (NavMeshDebug::collect(&mesh), upstairs(&mesh), downstairs(&mesh));
    let past_polygons = owner.polygon(16).unwrap();
    let kind = |e: NavMeshError| match e {
        NavMeshError::InvalidReference(_) => "reference",
        NavMeshError::OutOfRange(_) => "range",
        other => panic!("unexpected {other}"),
    };
    for bad in [PolyRef::NULL, past_polygons] {
        assert_eq!(kind(mesh.set_poly_flags(bad, 0).unwrap_err()), "reference");
        assert_eq!(kind(mesh.set_poly_area(bad, 3).unwrap_err()), "reference");
        assert_eq!(kind(mesh.poly_flags(bad).unwrap_err()), "reference");
        assert_eq!(kind(mesh.poly_area(bad).unwrap_err()), "reference");
    }
    assert_eq!(kind(mesh.set_poly_area(owner.polygon(5).unwrap(), 64).unwrap_err()), "range");
    assert_eq!(kind(mesh.set_off_mesh_link_enabled(owner, 1, false).unwrap_err()), "range");
    assert_eq!(kind(mesh.is_off_mesh_link_enabled(owner, 1).unwrap_err()), "range");
    let upper = mesh.tile_at(1, 0, 0).unwrap().0;
    assert_eq!(kind(mesh.set_off_mesh_link_enabled(upper, 0, false).unwrap_err()), "range", "no links there");
    let removed = mesh.clone().remove_tile(0, 0, 0).unwrap();
    let mut gone = mesh.clone();
    gone.remove_tile(0, 0, 0).unwrap();
    assert_eq!(kind(gone.set_off_mesh_link_enabled(removed, 0, false).unwrap_err()), "reference");
    assert_eq!(kind(gone.set_poly_flags(removed.polygon(0).unwrap(), 0).unwrap_err()), "reference");
    assert_eq!((NavMeshDebug::collect(&mesh), upstairs(&mesh), downstairs(&mesh)), before);
}

#[test]
fn the_debug_geometry_shows_the_switched_values() {
    let mut mesh = grid();
    let door = square(&mesh, 1, 1);
    mesh.set_poly_flags(door, 0x10).unwrap();
    mesh.set_poly_area(door, 33).unwrap();
    let debug = NavMeshDebug::collect(&mesh);
    let polygon = debug.polygons.iter().find(|p| p.poly_ref == door).unwrap();
    assert_eq!((polygon.flags, polygon.area), (0x10, 33));
}

/// Two one-way links up, at z 4 (user id 1) and z 12 (user id 2).
fn two_links() -> TiledNavMesh {
    let at = |z: f32, user_id: u32| OffMeshLinkSlot { user_id, ..link([14.0, 0.0, z], [18.0, 3.0, z], 1.0, false) };
    two_floors(&[at(4.0, 1), at(12.0, 2)])
}

/// Steps the crowd until the agent is on a link (`disable` switches user
/// id 1 off after `disable_at` ticks); the link's departure.
fn departure(disable_at: Option<u64>) -> [f64; 3] {
    let mut mesh = two_links();
    let mut crowd = Crowd::new(&mesh, CrowdSettings::default()).unwrap();
    let agent = crowd.add_agent([2.0, 0.0, 4.0], AgentParams::new(0.3, 1.8)).unwrap();
    crowd.request_move_target(agent, [28.0, 3.0, 4.0]).unwrap();
    for _ in 0..600 {
        if Some(crowd.tick()) == disable_at {
            assert_ne!(
                crowd.agent(agent).unwrap().state(),
                AgentState::OffMeshLink,
                "disabled before the agent got there"
            );
            assert_eq!(mesh.set_off_mesh_links_enabled_by_user_id(1, false), 1);
            crowd.set_mesh(&mesh);
        }
        crowd.step();
        if let Some(link) = crowd.agent(agent).unwrap().off_mesh_link() {
            return link.departure;
        }
    }
    panic!("never reached a link: {:?}", crowd.agent(agent).unwrap().state());
}

#[test]
fn a_crowd_replans_when_a_link_on_its_corridor_is_disabled() {
    assert_eq!(departure(None)[2], 4.0, "the near link is the way");
    assert_eq!(departure(Some(10))[2], 12.0, "with the near link off the agent takes the far one");
}

#[test]
fn a_crowd_replans_round_a_door_closed_on_its_corridor() {
    let mut mesh = grid();
    let door = square(&mesh, 1, 1);
    let mut crowd = Crowd::new(&mesh, CrowdSettings::default()).unwrap();
    let agent = crowd.add_agent(centre(0, 1), AgentParams::new(0.3, 1.8)).unwrap();
    crowd.request_move_target(agent, centre(3, 1)).unwrap();
    for _ in 0..3 {
        crowd.step();
    }
    assert!(crowd.agent(agent).unwrap().corridor().contains(&door), "the straight way runs through the door");
    assert!(crowd.agent(agent).unwrap().position()[0] < 4.0, "closed before the agent got there");
    mesh.set_poly_flags(door, 0).unwrap();
    crowd.set_mesh(&mesh);
    let in_door = |p: [f64; 3]| p[0] > 4.0 + 1e-9 && p[0] < 8.0 - 1e-9 && p[2] > 4.0 + 1e-9 && p[2] < 8.0 - 1e-9;
    for _ in 0..600 {
        crowd.step();
        let walker = crowd.agent(agent).unwrap();
        assert!(!in_door(walker.position()), "walked into the closed door at {:?}", walker.position());
        assert!(!walker.corridor().contains(&door));
        if walker.state() == AgentState::Arrived {
            return;
        }
    }
    panic!("never arrived: {:?}", crowd.agent(agent).unwrap().state());
}
