// The C++ wrapper (include/onav.hpp), run-time switches (issue 25, see
// docs/RUNTIME_SWITCHES.md): a closed door changes the path and reopening
// it gives the path back; a disabled off-mesh link is not crossed and its
// user id enables it again; a reference made stale by a removal, an area
// above 63 and a link index past the tile's links throw, changing nothing.
//
// Registered with ctest as C++17 and C++20 and under ASan+UBSan.
#include "square_mesh.hpp"
#include "wrapper_check.hpp"

#include <algorithm>
#include <utility>

using square_mesh::TILE_A;
using square_mesh::TILE_B;
using square_mesh::TILE_C;
using square_mesh::TILES;

namespace {

constexpr std::uint32_t MAX_NODES = 64;

onav::Path find_path(const onav::TiledNavMesh& mesh, onav::PolyRef from, onav::PolyRef to, onav::DVec3 start,
                     onav::DVec3 end) {
    onav::NavMeshQuery query = onav::NavMeshQuery::create(mesh, MAX_NODES);
    return query.find_path(from, to, start, end, onav::default_query_filter(), MAX_NODES);
}

bool passes_tile(const std::vector<onav::PolyRef>& corridor, onav::TileRef tile) {
    return std::any_of(corridor.begin(), corridor.end(),
                       [&](onav::PolyRef poly) { return (poly & ~onav::PolyRef{0xFFFFF}) == tile; });
}

// The square mesh plus tile E at (0,1), closing the square A B C E: from A
// to C the short way runs through E, the long way through B.
void test_closed_door_changes_the_path() {
    std::array<onav::TileRef, TILES> refs{};
    onav::TiledNavMesh mesh = square_mesh::build(refs);
    onav::TileData e = square_mesh::data(TILE_A);
    e.tile_z = 1;
    onav::TileRef tile_e = mesh.add_tile(onav::NavTile::create(square_mesh::params(), e));

    const onav::PolyRef from = refs[TILE_A] | 1, to = refs[TILE_C] | 1;
    const onav::DVec3 start{4, 0, 28}, end{36, 0, 60};
    onav::Path open = find_path(mesh, from, to, start, end);
    CHECK(open.outcome.status == ONAV_PATH_COMPLETE && passes_tile(open.corridor, tile_e));

    // E's polygon 0 holds E's edges towards A and C: closing it shuts E.
    const onav::PolyRef door = tile_e | 0;
    CHECK(mesh.poly_flags(door) == 0x11);
    onav::TiledNavMesh before = mesh.clone();
    mesh.set_poly_flags(door, 0);
    CHECK(mesh.poly_flags(door) == 0 && mesh.polygon(door).flags == 0);
    CHECK(before.poly_flags(door) == 0x11);
    onav::Path closed = find_path(mesh, from, to, start, end);
    CHECK(closed.outcome.status == ONAV_PATH_COMPLETE);
    CHECK(!passes_tile(closed.corridor, tile_e) && passes_tile(closed.corridor, refs[TILE_B]));
    CHECK(find_path(before, from, to, start, end).corridor == open.corridor);

    mesh.set_poly_flags(door, 0x11);
    onav::Path reopened = find_path(mesh, from, to, start, end);
    CHECK(reopened.corridor == open.corridor && reopened.outcome.status == open.outcome.status &&
          reopened.outcome.cost == open.outcome.cost);

    mesh.set_poly_area(door, 63);
    CHECK(mesh.poly_area(door) == 63 && before.poly_area(door) == 1);
    CHECK(mesh.write() == before.write());
}

// test_switches.c's pair: tile A on the ground, tile B (1,0) 3 units up
// (above the climb, so no portal joins them) and a two-way off-mesh link,
// user id 7, from A up to B.
const onav::OffMeshLink stairs{{24, 0, 16}, {40, 3, 16}, 1.0f, 4, 1, 1, 7};

struct Stairs {
    onav::TiledNavMesh mesh = onav::TiledNavMesh::create(square_mesh::params());
    onav::TileRef ground = add(0, 0.0, true);
    onav::TileRef upper = add(1, 3.0, false);

    onav::TileRef add(std::int32_t tile_x, double origin_y, bool with_link) {
        onav::TileData d = square_mesh::data(TILE_A);
        d.tile_x = tile_x;
        d.origin_y = origin_y;
        if (with_link) {
            d.off_mesh_links = onav::span<const onav::OffMeshLink>(&stairs, 1);
        }
        return mesh.add_tile(onav::NavTile::create(square_mesh::params(), d));
    }
    std::int32_t path_up_status() const {
        return find_path(mesh, ground | 1, upper | 0, onav::DVec3{4, 0, 20}, onav::DVec3{60, 3, 10}).outcome.status;
    }
};

void test_disabled_link_is_not_crossed() {
    Stairs s;
    CHECK(s.path_up_status() == ONAV_PATH_COMPLETE && s.mesh.off_mesh_link_enabled(s.ground, 0));
    s.mesh.set_off_mesh_link_enabled(s.ground, 0, false);
    CHECK(!s.mesh.off_mesh_link_enabled(s.ground, 0));
    CHECK(s.path_up_status() == ONAV_PATH_PARTIAL);
    CHECK(s.mesh.set_off_mesh_links_enabled_by_user_id(7, true) == 1);
    CHECK(s.mesh.off_mesh_link_enabled(s.ground, 0) && s.path_up_status() == ONAV_PATH_COMPLETE);
    CHECK(s.mesh.set_off_mesh_links_enabled_by_user_id(8, false) == 0);
    CHECK(s.mesh.off_mesh_link_enabled(s.ground, 0));
}

void test_errors_change_nothing() {
    Stairs s;
    const onav::PolyRef door = s.ground | 1;
    s.mesh.set_poly_flags(door, 0x5);
    std::vector<std::uint8_t> bytes = s.mesh.write();
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "64", s.mesh.set_poly_area(door, 64));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "link 1",
                 s.mesh.set_off_mesh_link_enabled(s.ground, 1, false));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "0 off-mesh links",
                 s.mesh.set_off_mesh_link_enabled(s.upper, 0, false));
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "poly_ref", s.mesh.set_poly_flags(0, 0));
    CHECK(s.mesh.poly_flags(door) == 0x5 && s.mesh.poly_area(door) == 2 && s.mesh.off_mesh_link_enabled(s.ground, 0));
    CHECK(s.mesh.write() == bytes);

    onav::TiledNavMesh moved = std::move(s.mesh);
    CHECK_THROWS(onav::NullArgumentError, ONAV_E_NULL_ARGUMENT, "mesh", s.mesh.set_poly_flags(door, 0));
    CHECK_THROWS(onav::NullArgumentError, ONAV_E_NULL_ARGUMENT, "mesh",
                 s.mesh.set_off_mesh_links_enabled_by_user_id(7, false));
    CHECK(moved.poly_flags(door) == 0x5);
}

void test_stale_reference_throws() {
    Stairs s;
    s.mesh.set_poly_flags(s.ground | 1, 0);
    s.mesh.set_off_mesh_link_enabled(s.ground, 0, false);
    const onav::TileRef removed = s.mesh.remove_tile(0, 0, 0);
    CHECK(removed == s.ground);
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "names no polygon",
                 s.mesh.set_poly_flags(removed | 1, 1));
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, nullptr, s.mesh.poly_area(removed | 1));
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "names no tile",
                 s.mesh.set_off_mesh_link_enabled(removed, 0, true));
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, nullptr,
                 s.mesh.off_mesh_link_enabled(removed, 0));

    // The tile that comes back starts with its own flags and its link on.
    s.ground = s.add(0, 0.0, true);
    CHECK(s.ground != removed);
    CHECK(s.mesh.poly_flags(s.ground | 1) == 0x22 && s.mesh.off_mesh_link_enabled(s.ground, 0));
    CHECK(s.path_up_status() == ONAV_PATH_COMPLETE);
}

}  // namespace

int main() {
    test_closed_door_changes_the_path();
    test_disabled_link_is_not_crossed();
    test_errors_change_nothing();
    test_stale_reference_throws();
    return wrapper_test::report();
}
