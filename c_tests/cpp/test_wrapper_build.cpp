// The C++ wrapper (include/onav.hpp), builder part: NavSettings (every
// getter and setter, links, clone), NavMesh and NavWorld from 2D input with
// their envelopes, the planar builder from outlines (the C call's bytes, the
// hole and obstacle left out, region areas, its errors), TriangleGeometry
// and the voxel builds with a progress callback: its calls in order,
// cancellation by returning false, and an exception thrown inside it
// cancelling the build and reaching the caller with its own type (never
// crossing the C library).
//
// Registered with ctest as C++17 and C++20 and under ASan+UBSan.
#include "wrapper_check.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace {

// One 32-unit tile (x, z) of the default settings' grid, a single quad.
struct Square2d {
    std::array<onav::DVec2, 4> vertices;
    std::array<std::uint8_t, 1> counts{{4}};
    std::array<std::uint32_t, 4> indices{{0, 1, 2, 3}};
    onav::TileInput2d input;

    Square2d(std::int32_t x, std::int32_t z) {
        const double x0 = 32.0 * x;
        const double z0 = 32.0 * z;
        vertices = {{{x0, z0}, {x0 + 32, z0}, {x0 + 32, z0 + 32}, {x0, z0 + 32}}};
        input.tile_x = x;
        input.tile_z = z;
        input.vertices = vertices;
        input.vertex_counts = counts;
        input.indices = indices;
    }
    Square2d(const Square2d&) = delete;
    Square2d& operator=(const Square2d&) = delete;
};

std::vector<std::uint8_t> c_save(const onav::NavMesh& mesh) {
    return wrapper_test::c_two_call<std::uint8_t>([&](std::uint8_t* buf, std::size_t cap, std::size_t* len,
                                                      OnavError* err) {
        return onav_nav_mesh_save(mesh.get(), buf, cap, len, err);
    });
}

std::uint32_t tile_count(const onav::NavMesh& mesh) { return mesh.mesh_clone().tile_count(); }

std::vector<std::uint8_t> tile_bytes(const onav::NavMesh& mesh, std::int32_t x, std::int32_t z) {
    onav::TiledNavMesh tiled = mesh.mesh_clone();
    return tiled.tile(tiled.tile_at(x, z, 0)).write();
}

// test_build.c's level: a 19x19 floor over tiles of 10 (four tiles), and
// the same with a raised 4x4 block on tile (0, 0).
const onav::DVec3 floor_vertices[] = {
    {0.5, 0.0, 0.5}, {19.5, 0.0, 0.5}, {19.5, 0.0, 19.5}, {0.5, 0.0, 19.5},
    {2.0, 1.5, 2.0}, {6.0, 1.5, 2.0},  {6.0, 1.5, 6.0},   {2.0, 1.5, 6.0},
};
const std::uint32_t floor_indices[] = {0, 2, 1, 0, 3, 2, 4, 6, 5, 4, 7, 6};
constexpr std::size_t FLOOR_TILES = 4;

onav::TriangleGeometry floor_geometry() {
    return onav::TriangleGeometry::create(onav::span<const onav::DVec3>(floor_vertices, 4),
                                          onav::span<const std::uint32_t>(floor_indices, 6));
}

onav::NavSettings floor_settings() {
    onav::NavSettings settings = onav::NavSettings::create();
    settings.set_tile_size(10.0);
    return settings;
}

// ---- Settings -------------------------------------------------------------

void test_settings() {
    onav::NavSettings settings = onav::NavSettings::create();
    CHECK(settings.tile_size() == 32.0 && settings.cell_size() == 0.25 && settings.agent_radius() == 0.5f);
    CHECK(settings.partition() == ONAV_PARTITION_WATERSHED && settings.area() == 63 && settings.flags() == 1);
    CHECK(settings.off_mesh_links().empty());

    settings.set_partition(ONAV_PARTITION_MONOTONE);
    settings.set_origin_x(1.5);
    settings.set_origin_y(-2.0);
    settings.set_origin_z(3.0);
    settings.set_tile_size(16.0);
    settings.set_cell_size(0.5);
    settings.set_agent_radius(0.75f);
    settings.set_agent_height(1.75f);
    settings.set_walkable_climb(0.25f);
    settings.set_agent_max_slope(40.0f);
    settings.set_max_verts_per_poly(5);
    settings.set_cell_height(0.125);
    settings.set_snap_bits(10);
    settings.set_min_region_area(8);
    settings.set_merge_region_area(20);
    settings.set_contour_max_error(1.5f);
    settings.set_max_edge_length(12.0);
    settings.set_detail_sample_distance(6.0);
    settings.set_detail_max_error(1.25);
    settings.set_height(2.5);
    settings.set_area(5);
    settings.set_flags(3);
    CHECK(settings.partition() == ONAV_PARTITION_MONOTONE && settings.origin_x() == 1.5 &&
          settings.origin_y() == -2.0 && settings.origin_z() == 3.0 && settings.tile_size() == 16.0 &&
          settings.cell_size() == 0.5 && settings.agent_radius() == 0.75f && settings.agent_height() == 1.75f &&
          settings.walkable_climb() == 0.25f && settings.agent_max_slope() == 40.0f &&
          settings.max_verts_per_poly() == 5 && settings.cell_height() == 0.125 && settings.snap_bits() == 10 &&
          settings.min_region_area() == 8 && settings.merge_region_area() == 20 &&
          settings.contour_max_error() == 1.5f && settings.max_edge_length() == 12.0 &&
          settings.detail_sample_distance() == 6.0 && settings.detail_max_error() == 1.25 &&
          settings.height() == 2.5 && settings.area() == 5 && settings.flags() == 3);

    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "Partition", settings.set_partition(9));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "TileSize", settings.set_tile_size(-1.0));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "Area", settings.set_area(64));
    CHECK(settings.partition() == ONAV_PARTITION_MONOTONE && settings.tile_size() == 16.0);

    onav::OffMeshLinkDefinition link{};
    link.start = onav::DVec3{2, 0, 2};
    link.end = onav::DVec3{6, 0, 2};
    link.radius = 0.5;
    link.bidirectional = 1;
    link.user_id = 77;
    std::vector<onav::OffMeshLinkDefinition> links{link, link};
    links[1].user_id = 78;
    settings.set_off_mesh_links(links);
    std::vector<onav::OffMeshLinkDefinition> back = settings.off_mesh_links();
    std::vector<onav::OffMeshLinkDefinition> c_back = wrapper_test::c_two_call<onav::OffMeshLinkDefinition>(
        [&](onav::OffMeshLinkDefinition* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_settings_off_mesh_links(settings.get(), buf, cap, len, err);
        });
    CHECK(back.size() == 2 && c_back.size() == 2 && back[1].user_id == 78 && c_back[1].user_id == 78 &&
          back[0].radius == 0.5 && wrapper_test::same_point(back[0].end, link.end));
    link.radius = 0.0;
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "OffMeshLinks[0]",
                 settings.set_off_mesh_links(onav::span<const onav::OffMeshLinkDefinition>(&link, 1)));

    onav::NavSettings copy = settings.clone();
    copy.set_tile_size(8.0);
    CHECK(settings.tile_size() == 16.0 && copy.off_mesh_links().size() == 2);
    onav::Params params = settings.to_params();
    CHECK(params.tile_size == 16.0 && params.cell_size == 0.5 && params.max_verts_per_poly == 5 &&
          params.settings_digest != 0);
    CHECK(std::memcmp(onav::params_fingerprint(params).bytes, onav::params_fingerprint(copy.to_params()).bytes,
                      16) != 0);
}

// ---- NavMesh and NavWorld from 2D input -------------------------------------

void test_nav_mesh_2d() {
    onav::NavSettings settings = onav::NavSettings::create();
    Square2d a(0, 0);
    Square2d b(1, 0);
    const onav::TileInput2d inputs[] = {b.input, a.input};
    onav::NavMesh mesh = onav::NavMesh::build_2d(settings, inputs);
    CHECK(tile_count(mesh) == 2);
    std::vector<std::uint8_t> saved = mesh.save();
    CHECK(saved == c_save(mesh));
    CHECK(onav::NavMesh::load(saved).save() == saved);
    std::vector<std::uint8_t> bare = mesh.write_mesh();
    CHECK(bare == mesh.mesh_clone().write());
    CHECK(onav::NavMesh::load_with(settings, bare).save() == saved);
    CHECK(mesh.settings().tile_size() == 32.0);
    CHECK(mesh.params().settings_digest == settings.to_params().settings_digest);

    onav::NavSettings other = settings.clone();
    other.set_agent_radius(1.0f);
    CHECK_THROWS(onav::FingerprintError, ONAV_E_FINGERPRINT, nullptr, onav::NavMesh::load_with(other, bare));
    saved[4] = 9;
    CHECK_THROWS(onav::VersionError, ONAV_E_VERSION, nullptr, onav::NavMesh::load(saved));

    Square2d c(0, 1);
    onav::TileRef rebuilt = mesh.rebuild_tile_2d(c.input);
    onav::TiledNavMesh tiled = mesh.mesh_clone();
    CHECK(tiled.tile_count() == 3 && tiled.tile_at(0, 1, 0) == rebuilt);

    const onav::TileInput2d twice[] = {a.input, a.input};
    CHECK_THROWS(onav::InvalidOperationError, ONAV_E_INVALID_OPERATION, "twice",
                 onav::NavMesh::build_2d(settings, twice));
    const std::uint8_t two_areas[] = {1, 2};
    onav::TileInput2d wrong = a.input;
    wrong.areas = two_areas;
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, "TileInput2d::areas",
                 onav::NavMesh::build_2d(settings, onav::span<const onav::TileInput2d>(&wrong, 1)));

    onav::NavMesh empty = onav::NavMesh::create(settings);
    CHECK(tile_count(empty) == 0);
    onav::NavMeshQuery query = onav::NavMeshQuery::for_nav_mesh(mesh, 32);
    onav::NearestPoly nearest = query.find_nearest_poly(onav::DVec3{40, 0, 8}, onav::DVec3{1, 1, 1},
                                                        onav::default_query_filter());
    CHECK(nearest.poly_ref == tiled.tile_at(1, 0, 0) && nearest.over_polygon == 1);
}

// test_build_planar.c's input: a 40x24 region with a hole, a second region
// with area 5 and flags 3, a triangular obstacle, on 16-unit tiles.
const onav::DVec2 planar_outer[] = {{0, 0}, {40, 0}, {40, 24}, {0, 24}};
const onav::DVec2 planar_hole[] = {{10, 8}, {14, 8}, {14, 16}, {10, 16}};
const onav::DVec2 planar_inner[] = {{20, 4}, {36, 4}, {36, 20}, {20, 20}};
const onav::DVec2 planar_obstacle[] = {{26, 10}, {30, 10}, {28, 14}};

onav::NavSettings planar_settings() {
    onav::NavSettings settings = onav::NavSettings::create();
    settings.set_tile_size(16.0);
    settings.set_cell_size(0.25);
    settings.set_agent_radius(0.5f);
    return settings;
}

// The polygon under (x, z) of a planar build (at any height), 0 for none.
onav::PolyRef planar_poly_at(const onav::NavMesh& mesh, double x, double z) {
    onav::NavMeshQuery query = onav::NavMeshQuery::for_nav_mesh(mesh, 32);
    return query.find_nearest_poly(onav::DVec3{x, 0, z}, onav::DVec3{0.1, 100, 0.1}, onav::default_query_filter())
        .poly_ref;
}

void test_build_planar() {
    onav::NavSettings settings = planar_settings();
    const onav::PlanarRing holes[] = {planar_hole};
    const onav::PlanarRegion regions[] = {{planar_outer, holes}, {planar_inner, {}, 5, 3}};
    const onav::PlanarRing obstacles[] = {planar_obstacle};
    onav::NavMesh mesh = onav::NavMesh::build_planar(settings, onav::PlanarOutlines{regions, obstacles});

    // The wrapper hands the library what a C caller does: equal bytes.
    const OnavPlanarRing c_holes[] = {{planar_hole, 4}};
    const OnavPlanarRegion c_regions[] = {{{planar_outer, 4}, c_holes, 1, -1, -1},
                                          {{planar_inner, 4}, nullptr, 0, 5, 3}};
    const OnavPlanarRing c_obstacles[] = {{planar_obstacle, 3}};
    const OnavPlanarOutlines c_outlines = {c_regions, 2, c_obstacles, 1};
    OnavNavMesh* raw = nullptr;
    CHECK(onav_nav_mesh_build_planar(settings.get(), &c_outlines, &raw, nullptr) == ONAV_OK);
    onav::NavMesh c_mesh(raw);
    CHECK(mesh.save() == c_mesh.save() && !mesh.save().empty());

    onav::TiledNavMesh tiled = mesh.mesh_clone();
    const onav::PolyRef walkable = planar_poly_at(mesh, 4, 4);
    const onav::PolyRef inner = planar_poly_at(mesh, 22, 6);
    CHECK(walkable != 0 && tiled.polygon(walkable).area == settings.area() &&
          tiled.polygon(walkable).flags == settings.flags());
    CHECK(inner != 0 && tiled.polygon(inner).area == 5 && tiled.polygon(inner).flags == 3);
    CHECK(planar_poly_at(mesh, 12, 12) == 0 && planar_poly_at(mesh, 28, 11) == 0);

    const onav::DVec2 with_nan[] = {{0, 0}, {NAN, 0}, {4, 4}};
    const onav::PlanarRegion nan_region[] = {{with_nan, {}}};
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "regions[0].outline[1].x",
                 onav::NavMesh::build_planar(settings, onav::PlanarOutlines{nan_region, {}}));
    const onav::DVec2 bow_tie[] = {{0, 0}, {4, 4}, {4, 0}, {0, 4}};
    const onav::PlanarRing crossing[] = {bow_tie};
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, "self-intersecting",
                 onav::NavMesh::build_planar(settings, onav::PlanarOutlines{regions, crossing}));
    const onav::PlanarRegion bad_area[] = {{planar_outer, {}, 64}};
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "area",
                 onav::NavMesh::build_planar(settings, onav::PlanarOutlines{bad_area, {}}));
}

// NavWorld::build_planar equals one build per class; rebuild_tile_planar
// gives a tile the bytes a whole build of the changed outlines gives it.
void test_planar_world_and_rebuild() {
    std::vector<onav::NavSettings> classes;
    classes.push_back(planar_settings());
    classes.push_back(planar_settings());
    classes[1].set_agent_radius(1.25f);
    const onav::PlanarRing holes[] = {planar_hole};
    const onav::PlanarRegion regions[] = {{planar_outer, holes}, {planar_inner, {}, 5, 3}};
    const onav::PlanarRing obstacles[] = {planar_obstacle};
    const onav::PlanarOutlines outlines{regions, obstacles};
    onav::NavWorld world = onav::NavWorld::build_planar(classes, outlines);
    CHECK(world.class_count() == 2);
    for (std::uint32_t i = 0; i < 2; i++) {
        CHECK(world.clone_class(i).save() == onav::NavMesh::build_planar(classes[i], outlines).save());
    }

    const onav::DVec2 box[] = {{17, 1}, {19, 1}, {19, 3}, {17, 3}};
    const onav::PlanarRing boxed_obstacles[] = {planar_obstacle, box};
    const onav::PlanarOutlines boxed{regions, boxed_obstacles};
    onav::NavMesh mesh = onav::NavMesh::build_planar(classes[0], outlines);
    std::vector<std::uint8_t> before = tile_bytes(mesh, 1, 0);
    CHECK(mesh.rebuild_tile_planar(boxed, 1, 0) == 1);
    std::vector<std::uint8_t> rebuilt = tile_bytes(mesh, 1, 0);
    CHECK(rebuilt != before && rebuilt == tile_bytes(onav::NavMesh::build_planar(classes[0], boxed), 1, 0));
}

void test_world_2d() {
    std::vector<onav::NavSettings> classes;
    classes.push_back(onav::NavSettings::create());
    classes.push_back(onav::NavSettings::create());
    classes[1].set_agent_radius(1.5f);
    Square2d a(0, 0);
    onav::NavWorld world = onav::NavWorld::build_2d(classes, onav::span<const onav::TileInput2d>(&a.input, 1));
    CHECK(world.class_count() == 2);
    CHECK(world.class_for(0.25f) == 0 && world.class_for(1.0f) == 1 && world.class_for(3.0f) == 1);
    onav::NavMesh alone = onav::NavMesh::build_2d(classes[1], onav::span<const onav::TileInput2d>(&a.input, 1));
    CHECK(world.clone_class(1).save() == alone.save());
    CHECK_THROWS(onav::NotFoundError, ONAV_E_NOT_FOUND, nullptr, world.clone_class(2));

    std::vector<std::uint8_t> saved = world.save();
    CHECK(saved == wrapper_test::c_two_call<std::uint8_t>(
                       [&](std::uint8_t* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                           return onav_nav_world_save(world.get(), buf, cap, len, err);
                       }));
    CHECK(onav::NavWorld::load(saved).save() == saved);
    saved.push_back(0);
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, nullptr, onav::NavWorld::load(saved));

    onav::NavMeshQuery query = onav::NavMeshQuery::for_agent(world, 1.2f, 16);
    CHECK(query.max_nodes() == 16);
    onav::NearestPoly nearest = query.find_nearest_poly(onav::DVec3{16, 0, 16}, onav::DVec3{1, 1, 1},
                                                        onav::default_query_filter());
    CHECK(nearest.poly_ref == alone.mesh_clone().tile_at(0, 0, 0));
}

// ---- Voxel builds and the progress callback ----------------------------------

struct Stop : std::runtime_error {
    Stop() : std::runtime_error("stopped by the caller") {}
};

// `call` throws a Stop, and nothing else.
template <class Call>
bool throws_stop(Call call) {
    try {
        call();
    } catch (const Stop& e) {
        return std::string(e.what()) == "stopped by the caller";
    } catch (...) {
        return false;
    }
    return false;
}

void test_build_3d_progress() {
    onav::NavSettings settings = floor_settings();
    onav::TriangleGeometry geometry = floor_geometry();
    std::vector<std::size_t> done_calls;
    std::size_t last_total = 0;
    onav::NavMesh reported = onav::NavMesh::build_3d(settings, geometry, [&](std::size_t done, std::size_t total) {
        done_calls.push_back(done);
        last_total = total;
        return true;
    });
    CHECK(last_total == FLOOR_TILES && done_calls == (std::vector<std::size_t>{1, 2, 3, 4}));
    onav::NavMesh quiet = onav::NavMesh::build_3d(settings, geometry);
    CHECK(quiet.save() == reported.save() && tile_count(quiet) == FLOOR_TILES);

    std::size_t calls = 0;
    CHECK_THROWS(onav::InvalidOperationError, ONAV_E_INVALID_OPERATION, "cancelled",
                 onav::NavMesh::build_3d(settings, geometry, [&](std::size_t, std::size_t) {
                     calls++;
                     return calls < 2;
                 }));
    CHECK(calls == 2);

    // The callback's own exception cancels the build and comes back as
    // itself, not as the library's "cancelled".
    calls = 0;
    CHECK(throws_stop([&] {
        onav::NavMesh::build_3d(settings, geometry, [&](std::size_t, std::size_t) -> bool {
            calls++;
            throw Stop();
        });
    }));
    CHECK(calls == 1);
}

void test_world_build_3d_and_rebuild() {
    onav::TriangleGeometry geometry = floor_geometry();
    std::vector<onav::NavSettings> classes;
    classes.push_back(floor_settings());
    classes.push_back(floor_settings());
    classes[1].set_agent_radius(1.5f);
    std::size_t total = 0;
    onav::NavWorld world = onav::NavWorld::build_3d(classes, geometry, [&](std::size_t, std::size_t all) {
        total = all;
        return true;
    });
    CHECK(total == 2 * FLOOR_TILES && world.class_count() == 2);
    for (std::uint32_t i = 0; i < 2; i++) {
        CHECK(world.clone_class(i).save() == onav::NavMesh::build_3d(classes[i], geometry).save());
    }
    CHECK(throws_stop([&] {
        onav::NavWorld::build_3d(classes, geometry, [](std::size_t, std::size_t) -> bool { throw Stop(); });
    }));

    // The raised block changes tile (0, 0): rebuilding that column from the
    // edited level gives the tile a whole build of it gives.
    onav::TriangleGeometry edited = onav::TriangleGeometry::create(floor_vertices, floor_indices);
    onav::NavMesh mesh = onav::NavMesh::build_3d(classes[0], geometry);
    std::vector<std::uint8_t> before = tile_bytes(mesh, 0, 0);
    CHECK(mesh.rebuild_tile_3d(edited, 0, 0) == 1);
    std::vector<std::uint8_t> rebuilt = tile_bytes(mesh, 0, 0);
    CHECK(rebuilt != before && rebuilt == tile_bytes(onav::NavMesh::build_3d(classes[0], edited), 0, 0));

    onav::TriangleGeometry blocked = floor_geometry();
    const onav::DVec2 square[] = {{-1.0, -1.0}, {10.0, -1.0}, {10.0, 10.0}, {-1.0, 10.0}};
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, "volumes[0]",
                 blocked.add_convex_volume(onav::span<const onav::DVec2>(square, 2), -1.0, 1.0, ONAV_UNWALKABLE));
    blocked.add_convex_volume(square, -1.0, 1.0, ONAV_UNWALKABLE);
    CHECK(tile_count(onav::NavMesh::build_3d(classes[0], blocked)) == FLOOR_TILES - 1);

    const std::uint8_t one_area[] = {ONAV_UNWALKABLE};
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, "areas",
                 onav::TriangleGeometry::create(onav::span<const onav::DVec3>(floor_vertices, 4),
                                                onav::span<const std::uint32_t>(floor_indices, 6), one_area));
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, nullptr,
                 onav::TriangleGeometry::create(onav::span<const onav::DVec3>(floor_vertices, 4),
                                                onav::span<const std::uint32_t>(floor_indices, 5)));
}

}  // namespace

int main() {
    test_settings();
    test_nav_mesh_2d();
    test_build_planar();
    test_planar_world_and_rebuild();
    test_world_2d();
    test_build_3d_progress();
    test_world_build_3d_and_rebuild();
    return wrapper_test::report();
}
