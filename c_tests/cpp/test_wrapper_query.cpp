// The C++ wrapper (include/onav.hpp), query part: NavMeshQuery over the
// square mesh (test_query.c's known answers), every query with its vector
// result compared with the C two-call result, the sliced search, errors as
// exceptions, and a corridor longer than the wrapper's first guess at a
// result's length (a strip of 40 tiles), so the size negotiation's second
// call runs.
//
// Registered with ctest as C++17 and C++20 and under ASan+UBSan.
#include "square_mesh.hpp"
#include "wrapper_check.hpp"

#include <cmath>
#include <utility>

using square_mesh::TILE_A;
using square_mesh::TILE_B;
using square_mesh::TILE_C;
using square_mesh::TILE_D;
using square_mesh::TILES;

namespace {

constexpr std::uint32_t MAX_NODES = 64;
const onav::DVec3 path_start{4, 0, 28};
const onav::DVec3 path_end{36, 0, 60};

struct Fixture {
    std::array<onav::TileRef, TILES> refs{};
    onav::TiledNavMesh mesh = square_mesh::build(refs);
    onav::NavMeshQuery query = onav::NavMeshQuery::create(mesh, MAX_NODES);
    onav::QueryFilter filter = onav::default_query_filter();

    onav::PolyRef poly(int tile, std::uint32_t polygon) const { return refs[tile] | polygon; }
    // A1, A0, B1, C0, C1: from A round the corner (32, 32) into C.
    std::vector<onav::PolyRef> expected_corridor() const {
        return {poly(TILE_A, 1), poly(TILE_A, 0), poly(TILE_B, 1), poly(TILE_C, 0), poly(TILE_C, 1)};
    }
};

std::vector<onav::PolyRef> c_find_path(onav::NavMeshQuery& query, onav::PolyRef start_ref, onav::PolyRef end_ref,
                                       onav::DVec3 start, onav::DVec3 end, const onav::QueryFilter& filter) {
    OnavPathOutcome outcome;
    return wrapper_test::c_two_call<onav::PolyRef>(
        [&](onav::PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_query_find_path(query.get(), start_ref, end_ref, start, end, &filter, MAX_NODES, buf, cap,
                                        len, &outcome, err);
        });
}

void test_handles() {
    Fixture f;
    CHECK(f.query.max_nodes() == MAX_NODES);
    CHECK(f.query.is_valid_poly_ref(f.poly(TILE_A, 1), f.filter));
    onav::QueryFilter no_area_2 = f.filter;
    no_area_2.area_costs[2] = INFINITY;
    CHECK(!f.query.is_valid_poly_ref(f.poly(TILE_A, 1), no_area_2));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "max_nodes", onav::NavMeshQuery::create(f.mesh, 0));

    // The query keeps its version of the mesh; set_mesh moves it on.
    f.mesh.remove_column(0, 0);
    CHECK(f.query.is_valid_poly_ref(f.poly(TILE_A, 1), f.filter));
    f.query.set_mesh(f.mesh);
    CHECK(!f.query.is_valid_poly_ref(f.poly(TILE_A, 1), f.filter));

    onav::NavMeshQuery moved = std::move(f.query);
    CHECK(!f.query && moved.max_nodes() == MAX_NODES);
    CHECK_THROWS(onav::NullArgumentError, ONAV_E_NULL_ARGUMENT, "query", f.query.max_nodes());
}

void test_point_queries() {
    Fixture f;
    onav::NearestPoly nearest = f.query.find_nearest_poly(path_start, onav::DVec3{1, 1, 1}, f.filter);
    CHECK(nearest.poly_ref == f.poly(TILE_A, 1) && nearest.over_polygon == 1 &&
          wrapper_test::same_point(nearest.position, path_start));
    CHECK(f.query.find_nearest_poly(onav::DVec3{80, 0, 80}, onav::DVec3{1, 1, 1}, f.filter).poly_ref == 0);
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, nullptr,
                 f.query.find_nearest_poly(path_start, onav::DVec3{-1, 1, 1}, f.filter));

    std::vector<onav::PolyRef> box = f.query.polygons(onav::DVec3{32, 0, 16}, onav::DVec3{1, 1, 1}, f.filter);
    CHECK(box == wrapper_test::c_two_call<onav::PolyRef>(
                     [&](onav::PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                         return onav_query_polygons(f.query.get(), onav::DVec3{32, 0, 16}, onav::DVec3{1, 1, 1},
                                                    &f.filter, buf, cap, len, err);
                     }));
    CHECK(box.size() == 4);

    onav::ClosestPoint closest = f.query.closest_point_on_poly(f.poly(TILE_A, 1), onav::DVec3{30, 5, 10});
    CHECK(closest.over_polygon == 0 && std::fabs(closest.position.x - 20.0) < 1e-9);
    CHECK(wrapper_test::same_point(f.query.closest_point_on_poly_boundary(f.poly(TILE_A, 1), onav::DVec3{4, 0, 40}),
                                   onav::DVec3{4, 0, 32}));
    onav::PolyHeight height = f.query.poly_height(f.poly(TILE_A, 1), path_start);
    CHECK(height.over && height.height == 0.0);
    CHECK(!f.query.poly_height(f.poly(TILE_A, 1), onav::DVec3{30, 0, 2}).over);
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, nullptr,
                 f.query.poly_height(f.poly(TILE_A, 2), path_start));

    onav::RandomPoint point = f.query.find_random_point(f.filter, 7);
    CHECK(point.poly_ref != 0 && f.mesh.is_valid_poly_ref(point.poly_ref));
    CHECK(wrapper_test::same_point(f.query.find_random_point(f.filter, 7).position, point.position));
    onav::RandomPointAround around = f.query.find_random_point_around_circle(f.poly(TILE_A, 1), path_start, 20.0,
                                                                             f.filter, 7);
    CHECK(around.status == ONAV_SEARCH_COMPLETE &&
          (around.point.poly_ref == f.poly(TILE_A, 1) || around.point.poly_ref == f.poly(TILE_A, 0)));
}

void test_find_path_and_straight_path() {
    Fixture f;
    const onav::PolyRef a1 = f.poly(TILE_A, 1);
    const onav::PolyRef c1 = f.poly(TILE_C, 1);
    onav::Path path = f.query.find_path(a1, c1, path_start, path_end, f.filter, MAX_NODES);
    CHECK(path.corridor == f.expected_corridor() && path.outcome.status == ONAV_PATH_COMPLETE && path.outcome.cost > 0);
    CHECK(path.corridor == c_find_path(f.query, a1, c1, path_start, path_end, f.filter));
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "start_ref",
                 f.query.find_path(0, c1, path_start, path_end, f.filter, MAX_NODES));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "budget",
                 f.query.find_path(a1, c1, path_start, path_end, f.filter, 0));
    onav::Path unreachable = f.query.find_path(a1, f.poly(TILE_D, 1), path_start, onav::DVec3{100, 0, 16}, f.filter,
                                               MAX_NODES);
    CHECK(unreachable.outcome.status == ONAV_PATH_PARTIAL && unreachable.corridor.front() == a1);

    onav::StraightPath straight = f.query.find_straight_path(path.corridor, path_start, path_end);
    std::int32_t c_status = -1;
    std::vector<onav::StraightPathVertex> c_straight = wrapper_test::c_two_call<onav::StraightPathVertex>(
        [&](onav::StraightPathVertex* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_query_find_straight_path(f.query.get(), path.corridor.data(), path.corridor.size(),
                                                 path_start, path_end, ONAV_STRAIGHT_PATH_CROSSINGS_NONE, buf, cap,
                                                 len, &c_status, err);
        });
    CHECK(straight.status == ONAV_PATH_COMPLETE && c_status == ONAV_PATH_COMPLETE);
    CHECK(straight.vertices.size() == 3 && c_straight.size() == 3);
    for (std::size_t i = 0; i < straight.vertices.size() && i < c_straight.size(); i++) {
        CHECK(wrapper_test::same_point(straight.vertices[i].position, c_straight[i].position) &&
              straight.vertices[i].flags == c_straight[i].flags &&
              straight.vertices[i].poly_ref == c_straight[i].poly_ref);
    }
    CHECK(wrapper_test::same_point(straight.vertices[1].position, onav::DVec3{32, 0, 32}));
    const double expected_length = std::sqrt(28.0 * 28.0 + 4.0 * 4.0) + std::sqrt(4.0 * 4.0 + 28.0 * 28.0);
    CHECK(std::fabs(onav::straight_path_length(straight.vertices) - expected_length) < 1e-9);
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, nullptr,
                 f.query.find_straight_path(onav::span<const onav::PolyRef>(), path_start, path_end));
}

// The exact shortest path from A round (32, 32) into C: the same three
// vertices and length as the straight path of the cheapest corridor, as a
// C caller gets them; unreachable D; a weighted filter and a null
// reference refused.
void test_find_shortest_path() {
    Fixture f;
    const onav::PolyRef a1 = f.poly(TILE_A, 1);
    const onav::PolyRef c1 = f.poly(TILE_C, 1);
    onav::ShortestPath path = f.query.find_shortest_path(a1, c1, path_start, path_end, f.filter);
    OnavShortestPathOutcome c_outcome{};
    std::vector<onav::StraightPathVertex> c_path = wrapper_test::c_two_call<onav::StraightPathVertex>(
        [&](onav::StraightPathVertex* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_query_find_shortest_path(f.query.get(), a1, c1, path_start, path_end, &f.filter, buf, cap, len,
                                                 &c_outcome, err);
        });
    CHECK(path.outcome.status == ONAV_SHORTEST_PATH_COMPLETE && c_outcome.status == ONAV_SHORTEST_PATH_COMPLETE);
    CHECK(path.vertices.size() == 3 && c_path.size() == 3);
    for (std::size_t i = 0; i < path.vertices.size() && i < c_path.size(); i++) {
        CHECK(wrapper_test::same_point(path.vertices[i].position, c_path[i].position) &&
              path.vertices[i].flags == c_path[i].flags && path.vertices[i].poly_ref == c_path[i].poly_ref);
    }
    CHECK(path.vertices.size() == 3 && wrapper_test::same_point(path.vertices[1].position, onav::DVec3{32, 0, 32}));
    const double expected_length = std::sqrt(28.0 * 28.0 + 4.0 * 4.0) + std::sqrt(4.0 * 4.0 + 28.0 * 28.0);
    CHECK(std::fabs(path.outcome.length - expected_length) < 1e-9 && path.outcome.length == c_outcome.length);
    CHECK(path.outcome.nodes > 0 && path.outcome.nodes == c_outcome.nodes);

    onav::ShortestPath unreachable =
        f.query.find_shortest_path(a1, f.poly(TILE_D, 1), path_start, onav::DVec3{100, 0, 16}, f.filter);
    CHECK(unreachable.outcome.status == ONAV_SHORTEST_PATH_UNREACHABLE && unreachable.vertices.empty() &&
          unreachable.outcome.length == 0);

    onav::QueryFilter weighted = f.filter;
    weighted.area_costs[2] = 2;
    CHECK_THROWS(onav::InvalidOperationError, ONAV_E_INVALID_OPERATION, "cost the same",
                 f.query.find_shortest_path(a1, c1, path_start, path_end, weighted));
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "start_ref",
                 f.query.find_shortest_path(0, c1, path_start, path_end, f.filter));
}

void test_sliced_find_path() {
    Fixture f;
    const onav::PolyRef a1 = f.poly(TILE_A, 1);
    const onav::PolyRef c1 = f.poly(TILE_C, 1);
    CHECK_THROWS(onav::InvalidOperationError, ONAV_E_INVALID_OPERATION, nullptr, f.query.update_sliced_find_path(1));
    CHECK_THROWS(onav::InvalidOperationError, ONAV_E_INVALID_OPERATION, nullptr, f.query.finalize_sliced_find_path());

    f.query.init_sliced_find_path(a1, c1, path_start, path_end, f.filter, MAX_NODES);
    onav::SliceProgress progress{};
    std::uint32_t updates = 0;
    do {
        progress = f.query.update_sliced_find_path(1);
        updates++;
    } while (progress.finished == 0 && updates < 1000);
    CHECK(progress.finished == 1 && updates >= 5);
    onav::Path sliced = f.query.finalize_sliced_find_path();
    onav::Path whole = f.query.find_path(a1, c1, path_start, path_end, f.filter, MAX_NODES);
    CHECK(sliced.corridor == whole.corridor && sliced.outcome.status == whole.outcome.status &&
          sliced.outcome.cost == whole.outcome.cost);

    // Finalized early, towards D: the latest polygon of the old corridor
    // the two expansions reached.
    std::vector<onav::PolyRef> old = f.expected_corridor();
    f.query.init_sliced_find_path(a1, f.poly(TILE_D, 1), path_start, onav::DVec3{100, 0, 16}, f.filter, MAX_NODES);
    f.query.update_sliced_find_path(2);
    onav::Path partial = f.query.finalize_sliced_find_path_partial(old);
    CHECK(partial.outcome.status == ONAV_PATH_PARTIAL &&
          partial.corridor == std::vector<onav::PolyRef>(old.begin(), old.begin() + 3));
}

void test_local_queries() {
    Fixture f;
    const onav::PolyRef a0 = f.poly(TILE_A, 0);
    const onav::PolyRef a1 = f.poly(TILE_A, 1);

    onav::Raycast ray = f.query.raycast(a1, path_start, onav::DVec3{62, 0, 28}, f.filter, ONAV_RAYCAST_PATH_COST);
    OnavRaycastHit c_hit;
    CHECK(ray.polygons == wrapper_test::c_two_call<onav::PolyRef>(
                              [&](onav::PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                                  return onav_query_raycast(f.query.get(), a1, path_start, onav::DVec3{62, 0, 28},
                                                            &f.filter, ONAV_RAYCAST_PATH_COST, buf, cap, len, &c_hit,
                                                            err);
                              }));
    CHECK(ray.hit.t == 1.0 && ray.hit.hit == 0 && ray.polygons.size() == 4 && ray.hit.has_path_cost == 1 &&
          std::fabs(ray.hit.path_cost - 58.0) < 1e-9);
    onav::Raycast wall_ray = f.query.raycast(a1, path_start, onav::DVec3{4, 0, 40}, f.filter);
    CHECK(wall_ray.hit.hit == 1 && wall_ray.hit.wall_poly_ref == a1 && wall_ray.hit.wall_edge == 1 &&
          wall_ray.polygons == std::vector<onav::PolyRef>{a1});
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, nullptr,
                 f.query.raycast(a1, path_start, onav::DVec3{62, 0, 28}, f.filter, 8));

    onav::SurfaceWalk walk = f.query.move_along_surface(a1, path_start, onav::DVec3{30, 0, 28}, f.filter);
    CHECK(wrapper_test::same_point(walk.move.position, onav::DVec3{30, 0, 28}) &&
          walk.move.status == ONAV_SEARCH_COMPLETE && walk.visited == (std::vector<onav::PolyRef>{a1, a0}));

    onav::PolysAroundCircle around = f.query.find_polys_around_circle(a1, path_start, 20.0, f.filter);
    std::int32_t c_status = -1;
    std::vector<onav::PolyAround> c_around = wrapper_test::c_two_call<onav::PolyAround>(
        [&](onav::PolyAround* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_query_find_polys_around_circle(f.query.get(), a1, path_start, 20.0, &f.filter, buf, cap, len,
                                                       &c_status, err);
        });
    CHECK(around.status == ONAV_SEARCH_COMPLETE && around.polygons.size() == 2 && c_around.size() == 2);
    for (std::size_t i = 0; i < around.polygons.size() && i < c_around.size(); i++) {
        CHECK(around.polygons[i].poly_ref == c_around[i].poly_ref &&
              around.polygons[i].parent == c_around[i].parent && around.polygons[i].cost == c_around[i].cost);
    }

    onav::LocalNeighbourhood local = f.query.find_local_neighbourhood(a1, path_start, 20.0, f.filter);
    CHECK(local.status == ONAV_SEARCH_COMPLETE && local.polygons.size() == 2 && local.polygons[0].poly_ref == a1 &&
          local.polygons[1].poly_ref == a0 && local.polygons[1].parent == a1);
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "start_ref",
                 f.query.find_local_neighbourhood(0, path_start, 1.0, f.filter));

    onav::WallDistance wall = f.query.find_distance_to_wall(a1, onav::DVec3{6, 0, 29}, 10.0, f.filter);
    CHECK(wall.hit == 1 && std::fabs(wall.distance - 3.0) < 1e-12 &&
          wrapper_test::same_point(wall.position, onav::DVec3{6, 0, 32}));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "radius",
                 f.query.find_distance_to_wall(a1, onav::DVec3{6, 0, 29}, INFINITY, f.filter));

    std::vector<onav::WallSegment> segments = f.query.poly_wall_segments(a1, f.filter, true);
    std::vector<onav::WallSegment> c_segments = wrapper_test::c_two_call<onav::WallSegment>(
        [&](onav::WallSegment* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_query_poly_wall_segments(f.query.get(), a1, &f.filter, 1, buf, cap, len, err);
        });
    CHECK(segments.size() == 3 && c_segments.size() == 3);
    for (std::size_t i = 0; i < segments.size() && i < c_segments.size(); i++) {
        CHECK(wrapper_test::same_point(segments[i].start, c_segments[i].start) &&
              wrapper_test::same_point(segments[i].end, c_segments[i].end) &&
              segments[i].neighbour == c_segments[i].neighbour);
    }
    CHECK(segments[0].neighbour == a0 && f.query.poly_wall_segments(a1, f.filter, false).size() == 2);
}

// 40 tiles in a row: a corridor of 80 polygons, past the first guess.
void test_long_corridor() {
    constexpr int STRIP = 40;
    onav::TiledNavMesh mesh = onav::TiledNavMesh::create(square_mesh::params());
    for (int x = 0; x < STRIP; x++) {
        onav::TileData data = square_mesh::data(TILE_A);
        data.tile_x = x;
        mesh.add_tile(onav::NavTile::create(square_mesh::params(), data));
    }
    onav::NavMeshQuery query = onav::NavMeshQuery::create(mesh, 1000);
    const onav::QueryFilter filter = onav::default_query_filter();
    const onav::PolyRef first = mesh.tile_at(0, 0, 0) | 1;
    const onav::PolyRef last = mesh.tile_at(STRIP - 1, 0, 0);
    const onav::DVec3 end{32.0 * STRIP - 4, 0, 4};
    onav::Path path = query.find_path(first, last, path_start, end, filter, 1000);
    OnavPathOutcome outcome;
    std::vector<onav::PolyRef> c_corridor = wrapper_test::c_two_call<onav::PolyRef>(
        [&](onav::PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_query_find_path(query.get(), first, last, path_start, end, &filter, 1000, buf, cap, len,
                                        &outcome, err);
        });
    CHECK(path.outcome.status == ONAV_PATH_COMPLETE && path.corridor.size() == 2 * STRIP);
    CHECK(path.corridor == c_corridor && path.outcome.cost == outcome.cost);
    CHECK(path.corridor.size() > onav::NavMeshQuery::initial_capacity);

    query.init_sliced_find_path(first, last, path_start, end, filter, 1000);
    query.update_sliced_find_path(100000);
    CHECK(query.finalize_sliced_find_path().corridor == c_corridor);
    onav::StraightPath straight = query.find_straight_path(path.corridor, path_start, end,
                                                           ONAV_STRAIGHT_PATH_CROSSINGS_ALL_EDGES);
    CHECK(straight.status == ONAV_PATH_COMPLETE && straight.vertices.size() > onav::NavMeshQuery::initial_capacity);
}

}  // namespace

int main() {
    test_handles();
    test_point_queries();
    test_find_path_and_straight_path();
    test_find_shortest_path();
    test_sliced_find_path();
    test_local_queries();
    test_long_corridor();
    return wrapper_test::report();
}
