// The C++ wrapper (include/onav.hpp), core part: the exception of every
// status with its fields, move-only ownership of the tile, mesh, library,
// streamer and debug handles, parameters and references, tiles, the tiled
// mesh with snapshots, streaming, debug geometry and the Detour importer,
// each std::vector result compared with the C two-call result.
//
// Registered with ctest as C++17 and C++20 and under ASan+UBSan.
#include "detour_tile_set.h"
#include "square_mesh.hpp"
#include "wrapper_check.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

using square_mesh::TILE_A;
using square_mesh::TILE_B;
using square_mesh::TILE_C;
using square_mesh::TILE_D;
using square_mesh::TILES;

namespace {

template <class Owner>
constexpr bool move_only =
    !std::is_copy_constructible<Owner>::value && !std::is_copy_assignable<Owner>::value &&
    std::is_nothrow_move_constructible<Owner>::value && std::is_nothrow_move_assignable<Owner>::value;
static_assert(move_only<onav::NavTile> && move_only<onav::TiledNavMesh> && move_only<onav::TileLibrary> &&
                  move_only<onav::TileStreamer> && move_only<onav::NavMeshDebug> && move_only<onav::NavSettings> &&
                  move_only<onav::NavMesh> && move_only<onav::NavWorld> && move_only<onav::TriangleGeometry> &&
                  move_only<onav::NavMeshQuery>,
              "every owner is move-only");
#if defined(__cpp_lib_span)
static_assert(std::is_same<onav::span<const int>, std::span<const int>>::value, "C++20 views are std::span");
#endif
static_assert(std::is_base_of<onav::FormatError, onav::VersionError>::value &&
                  std::is_base_of<onav::FormatError, onav::FingerprintError>::value &&
                  std::is_base_of<std::out_of_range, onav::OutOfRangeError>::value &&
                  std::is_base_of<onav::Error, onav::InternalError>::value,
              "the exception hierarchy of the format text");

std::vector<std::uint8_t> tile_bytes(int which) { return square_mesh::tile(which).write(); }

onav::Params other_params() {
    onav::Params params = square_mesh::params();
    params.cell_size = 0.5;
    return params;
}

// ---- Errors ---------------------------------------------------------------

void test_every_status_throws_its_exception() {
    onav::Params bad = square_mesh::params();
    bad.max_verts_per_poly = 2;
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "MaxVertsPerPoly", onav::validate_params(bad));
    try {
        onav::TiledNavMesh::create(bad);
        CHECK(false);
    } catch (const std::out_of_range& e) {
        CHECK(std::string(e.what()).find("MaxVertsPerPoly") != std::string::npos);
    }

    const std::uint8_t garbage[] = "this is not a tile, not at all; far from it";
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, "magic", onav::NavTile::read(square_mesh::params(), garbage));

    std::vector<std::uint8_t> bytes = tile_bytes(TILE_A);
    bytes[4] = 3;
    CHECK_THROWS(onav::VersionError, ONAV_E_VERSION, nullptr, onav::NavTile::read(square_mesh::params(), bytes));
    try {
        onav::NavTile::read(square_mesh::params(), bytes);
        CHECK(false);
    } catch (const onav::FormatError& e) {
        const onav::VersionError* version = dynamic_cast<const onav::VersionError*>(&e);
        CHECK(version != nullptr && version->found() == 3 && version->expected() == 2);
        CHECK(e.status() == ONAV_E_VERSION);
    }
    bytes[4] = 2;

    CHECK_THROWS(onav::FingerprintError, ONAV_E_FINGERPRINT, "fingerprint",
                 onav::NavTile::read(other_params(), bytes));
    CHECK_THROWS(onav::FormatError, ONAV_E_FINGERPRINT, nullptr, onav::NavTile::read(other_params(), bytes));

    std::array<onav::TileRef, TILES> refs{};
    onav::TiledNavMesh mesh = square_mesh::build(refs);
    CHECK_THROWS(onav::InvalidOperationError, ONAV_E_INVALID_OPERATION, "occupied",
                 mesh.add_tile(square_mesh::tile(TILE_A)));
    CHECK_THROWS(onav::NotFoundError, ONAV_E_NOT_FOUND, "(7, 7, layer 0)", mesh.remove_tile(7, 7, 0));
    CHECK_THROWS(onav::NotFoundError, ONAV_E_NOT_FOUND, nullptr, square_mesh::tile(TILE_A).vertex(4));

    onav::NavMeshQuery query = onav::NavMeshQuery::create(mesh, 64);
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, nullptr,
                 query.closest_point_on_poly(0, onav::DVec3{1, 0, 1}));

    onav::TiledNavMesh moved = std::move(mesh);
    CHECK_THROWS(onav::NullArgumentError, ONAV_E_NULL_ARGUMENT, "mesh", mesh.tile_count());

    // Every exception is also a std::exception, caught once.
    try {
        onav::NavTile::read(other_params(), bytes);
        CHECK(false);
    } catch (const std::exception& e) {
        CHECK(std::string(e.what()).find("fingerprint") != std::string::npos);
    }
}

// The statuses no safe call produces (a library bug, a newer status, a
// message filling the whole array) map through the same function.
void test_raised_status_fields() {
    OnavError err{};
    std::strcpy(err.message, "panicked at src/somewhere.rs");
    CHECK_THROWS(onav::InternalError, ONAV_E_INTERNAL, "panicked at src/somewhere.rs",
                 onav::detail::raise(ONAV_E_INTERNAL, err));
    CHECK_THROWS(onav::UnknownStatusError, 42, "panicked", onav::detail::raise(42, err));
    CHECK_THROWS(onav::BufferTooSmallError, ONAV_E_BUFFER_TOO_SMALL, nullptr,
                 onav::detail::raise(ONAV_E_BUFFER_TOO_SMALL, err));
    std::memset(err.message, 'x', sizeof err.message);
    try {
        onav::detail::raise(ONAV_E_FORMAT, err);
    } catch (const onav::Error& e) {
        CHECK(std::strlen(e.message()) == ONAV_ERROR_MESSAGE_LEN);
    }
}

// ---- Ownership ------------------------------------------------------------

void test_move_semantics() {
    onav::NavTile a = square_mesh::tile(TILE_A);
    OnavTile* raw_a = a.get();
    CHECK(raw_a != nullptr && static_cast<bool>(a));
    onav::NavTile b = std::move(a);
    CHECK(!a && a.get() == nullptr && b.get() == raw_a);

    onav::NavTile c = square_mesh::tile(TILE_B);
    c = std::move(b);  // frees c's tile B; ASan and LSan see a double free or a leak
    CHECK(!b && c.get() == raw_a);
    onav::NavTile& alias = c;
    c = std::move(alias);
    CHECK(c.get() == raw_a);

    OnavTile* released = c.release();
    CHECK(!c && released == raw_a);
    onav::NavTile adopted(released);
    CHECK(adopted.info().tile_x == 0);
    adopted.reset();
    CHECK(!adopted);
    onav::NavTile empty;
    CHECK(!empty);

    onav::TiledNavMesh mesh = onav::TiledNavMesh::create(square_mesh::params());
    onav::TiledNavMesh other;
    other = std::move(mesh);
    CHECK(!mesh && other.tile_count() == 0);
}

// ---- Parameters and references --------------------------------------------

void test_params_and_refs() {
    onav::Params params = square_mesh::params();
    onav::validate_params(params);
    std::vector<std::uint8_t> block = onav::encode_params(params);
    CHECK(block.size() == ONAV_PARAM_BLOCK_LEN);
    CHECK(block == wrapper_test::c_two_call<std::uint8_t>([&](std::uint8_t* buf, std::size_t cap, std::size_t* len,
                                                              OnavError* err) {
              return onav_params_encode(&params, buf, cap, len, err);
          }));
    onav::Params back = onav::decode_params(block);
    CHECK(back.tile_size == 32.0 && back.cell_size == 0.25 && back.max_verts_per_poly == 6);
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, nullptr,
                 onav::decode_params(onav::span<const std::uint8_t>(block.data(), block.size() - 1)));

    OnavFingerprint expected;
    CHECK(onav_params_fingerprint(&params, &expected, nullptr) == ONAV_OK);
    CHECK(std::memcmp(onav::params_fingerprint(params).bytes, expected.bytes, sizeof expected.bytes) == 0);
    CHECK(onav::max_local_extent(params) == 16384 * 0.25);
    onav::WorldXZ origin = onav::tile_origin(params, 2, -1);
    CHECK(origin.x == 64.0 && origin.z == -32.0);
    onav::TileXZ tile = onav::world_to_tile(params, 40.0, -0.5);
    CHECK(tile.x == 1 && tile.z == -1);
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, nullptr, onav::world_to_tile(params, 3e6, 0));

    onav::PolyRef ref = onav::encode_poly_ref(5, 9, 3);
    onav::PolyRefParts parts = onav::decode_poly_ref(ref);
    CHECK(parts.salt == 5 && parts.slot == 9 && parts.polygon == 3);
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "salt 0", onav::encode_poly_ref(0, 1, 2));
    onav::TileRef tile_ref = onav::encode_tile_ref(5, 9);
    CHECK(tile_ref == (ref & ~onav::PolyRef{0xFFFFF}));
    onav::TileRefParts tile_parts = onav::decode_tile_ref(tile_ref);
    CHECK(tile_parts.salt == 5 && tile_parts.slot == 9);
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "PolyRef", onav::decode_tile_ref(ref));

    CHECK(onav::version() == ONAV_VERSION_NUMBER && onav::abi_compatible());
    CHECK(std::strcmp(onav::status_name(ONAV_E_FORMAT), "ONAV_E_FORMAT") == 0);
}

// ---- Tiles ------------------------------------------------------------------

void test_tiles() {
    onav::NavTile tile = square_mesh::tile(TILE_B);
    std::vector<std::uint8_t> bytes = tile.write();
    CHECK(bytes == wrapper_test::c_two_call<std::uint8_t>(
                       [&](std::uint8_t* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                           return onav_tile_write(tile.get(), buf, cap, len, err);
                       }));
    onav::NavTile back = onav::NavTile::read(square_mesh::params(), bytes);
    CHECK(std::memcmp(back.content_id().bytes, tile.content_id().bytes, 16) == 0);
    CHECK(std::memcmp(back.fingerprint().bytes, onav::params_fingerprint(square_mesh::params()).bytes, 16) == 0);
    onav::TileInfo info = back.info();
    CHECK(info.tile_x == 1 && info.tile_z == 0 && info.vertex_count == 4 && info.polygon_count == 2 &&
          info.edge_count == 6 && info.portal_edge_count == 4);
    onav::Vec3 vertex = back.vertex(2);
    CHECK(vertex.x == 32.0f && vertex.z == 32.0f);
    onav::PolygonInfo polygon = back.polygon(1);
    CHECK(polygon.polygon.area == 2 && polygon.polygon.flags == 0x22 && polygon.neighbours[0] == 1 &&
          polygon.portal_sides[1] == 1);
    CHECK_THROWS(onav::NotFoundError, ONAV_E_NOT_FOUND, nullptr, back.off_mesh_link(0));

    // The per-edge arrays run in step: the wrapper refuses a short one
    // before the library would read past it.
    onav::TileData broken = square_mesh::data(TILE_A);
    broken.neighbours = onav::span<const std::uint32_t>(square_mesh::neighbours, 5);
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, "TileData::neighbours",
                 onav::NavTile::create(square_mesh::params(), broken));

    // The assembler: tile A's two triangles in world space give tile A.
    const onav::DVec3 world[] = {{0, 0, 0}, {32, 0, 0}, {32, 0, 32}, {0, 0, 32}};
    const std::uint8_t counts[] = {3, 3};
    const std::uint32_t assembled_indices[] = {0, 1, 2, 0, 2, 3};
    const std::uint8_t areas[] = {1, 2};
    const std::uint16_t flags[] = {0x11, 0x22};
    onav::TilePolygons polygons;
    polygons.vertices = world;
    polygons.vertex_counts = counts;
    polygons.indices = assembled_indices;
    polygons.areas = areas;
    polygons.flags = flags;
    onav::NavTile assembled = onav::NavTile::assemble(square_mesh::params(), polygons);
    CHECK(assembled.write() == tile_bytes(TILE_A));
    polygons.flags = onav::span<const std::uint16_t>(flags, 1);
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, "TilePolygons::flags",
                 onav::NavTile::assemble(square_mesh::params(), polygons));
}

// ---- The tiled mesh ---------------------------------------------------------

void test_mesh() {
    std::array<onav::TileRef, TILES> refs{};
    onav::TiledNavMesh mesh = square_mesh::build(refs);
    CHECK(mesh.tile_count() == 4 && mesh.slot_count() == 4);
    CHECK(mesh.params().tile_size == 32.0);
    CHECK(std::memcmp(mesh.fingerprint().bytes, onav::params_fingerprint(square_mesh::params()).bytes, 16) == 0);
    onav::TileXZ column = mesh.world_to_tile(40, 40);
    CHECK(column.x == 1 && column.z == 1);

    std::vector<onav::TileRef> tiles = mesh.tiles();
    CHECK(tiles == std::vector<onav::TileRef>(refs.begin(), refs.end()));
    CHECK(tiles == wrapper_test::c_two_call<onav::TileRef>(
                       [&](onav::TileRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                           return onav_mesh_tiles(mesh.get(), buf, cap, len, err);
                       }));
    CHECK(mesh.column_tiles(1, 1) == std::vector<onav::TileRef>{refs[TILE_C]});
    CHECK(mesh.column_tiles(5, 5).empty());
    CHECK(mesh.tile_at(3, 0, 0) == refs[TILE_D]);
    CHECK(mesh.tile_info(refs[TILE_C]).tile_z == 1);
    CHECK(mesh.is_valid_tile_ref(refs[TILE_A]) && mesh.is_valid_poly_ref(refs[TILE_A] | 1));
    CHECK(!mesh.is_valid_poly_ref(refs[TILE_A] | 2));
    CHECK(mesh.slot_salt(0) == onav::decode_tile_ref(refs[TILE_A]).salt);

    // Polygon 1 of B: its +Z edge joins tile C, its -X edge tile A.
    onav::PolyRef b1 = refs[TILE_B] | 1;
    CHECK(mesh.polygon(b1).flags == 0x22);
    std::vector<onav::Link> links = mesh.links(b1);
    std::vector<onav::Link> c_links = wrapper_test::c_two_call<onav::Link>(
        [&](onav::Link* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_mesh_links(mesh.get(), b1, buf, cap, len, err);
        });
    CHECK(links.size() == 2 && c_links.size() == 2);
    for (std::size_t i = 0; i < links.size() && i < c_links.size(); i++) {
        CHECK(links[i].target == c_links[i].target && links[i].kind == c_links[i].kind &&
              links[i].edge == c_links[i].edge && links[i].side == c_links[i].side);
    }
    std::vector<onav::DVec3> outline = mesh.polygon_outline(b1);
    CHECK(outline.size() == 3 && wrapper_test::same_point(outline[1], onav::DVec3{64, 0, 32}));
    CHECK_THROWS(onav::NotFoundError, ONAV_E_NOT_FOUND, nullptr, mesh.polygon_outline(0));

    // Bytes round trip; a clone is independent; a tile handle outlives the mesh.
    std::vector<std::uint8_t> bytes = mesh.write();
    CHECK(bytes == wrapper_test::c_two_call<std::uint8_t>(
                       [&](std::uint8_t* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                           return onav_mesh_write(mesh.get(), buf, cap, len, err);
                       }));
    CHECK(onav::TiledNavMesh::read(bytes).write() == bytes);
    onav::TiledNavMesh clone = mesh.clone();
    onav::NavTile shared = clone.tile(refs[TILE_D]);
    CHECK(mesh.remove_tile(3, 0, 0) == refs[TILE_D]);
    CHECK(!mesh.is_valid_tile_ref(refs[TILE_D]) && clone.is_valid_tile_ref(refs[TILE_D]));
    clone = onav::TiledNavMesh();
    CHECK(shared.info().tile_x == 3);

    // Replacing advances the salt; removing a column counts its tiles.
    onav::TileRef replaced = mesh.replace_tile_bytes(tile_bytes(TILE_B));
    CHECK(replaced != refs[TILE_B] && !mesh.is_valid_tile_ref(refs[TILE_B]));
    CHECK(mesh.replace_tile(square_mesh::tile(TILE_B)) != replaced);
    CHECK(mesh.remove_column(1, 1) == 1 && mesh.remove_column(1, 1) == 0);
    onav::TileRef back = mesh.add_tile_bytes(tile_bytes(TILE_C));
    CHECK(mesh.tile_at(1, 1, 0) == back);
}

void test_snapshot_and_library() {
    std::array<onav::TileRef, TILES> refs{};
    onav::TiledNavMesh mesh = square_mesh::build(refs);
    std::vector<std::uint8_t> snapshot = mesh.snapshot();
    CHECK(snapshot == wrapper_test::c_two_call<std::uint8_t>(
                          [&](std::uint8_t* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                              return onav_mesh_snapshot(mesh.get(), buf, cap, len, err);
                          }));
    std::vector<std::uint8_t> before = mesh.write();

    onav::TileLibrary library = onav::TileLibrary::create(square_mesh::params());
    for (int i = 0; i < TILES; i++) {
        onav::ContentId id = library.add(tile_bytes(i));
        CHECK(std::memcmp(id.bytes, square_mesh::tile(i).content_id().bytes, 16) == 0);
    }
    library.add(tile_bytes(TILE_A));
    CHECK(library.count() == TILES);
    CHECK_THROWS(onav::FingerprintError, ONAV_E_FINGERPRINT, nullptr,
                 library.add(onav::NavTile::create(other_params(), square_mesh::data(TILE_A)).write()));

    mesh.remove_column(0, 0);
    mesh.remove_column(1, 0);
    mesh.restore(snapshot, library);
    CHECK(mesh.write() == before && mesh.is_valid_tile_ref(refs[TILE_A]));

    onav::TileLibrary empty = onav::TileLibrary::create(square_mesh::params());
    CHECK_THROWS(onav::FormatError, ONAV_E_FORMAT, nullptr, mesh.restore(snapshot, empty));
    CHECK(mesh.write() == before);
}

void test_streamer() {
    onav::TiledNavMesh mesh = onav::TiledNavMesh::create(square_mesh::params());
    onav::TileStreamer streamer = onav::TileStreamer::create();
    streamer.queue_tile(tile_bytes(TILE_A));
    streamer.queue_tile(tile_bytes(TILE_B));
    streamer.queue_remove_column(0, 0);
    CHECK(streamer.pending() == 3);
    CHECK(streamer.update(mesh, 2) == 2 && mesh.tile_count() == 2 && streamer.pending() == 1);
    CHECK(streamer.update(mesh, 5) == 1 && mesh.tile_count() == 1);

    std::vector<std::uint8_t> bad = tile_bytes(TILE_C);
    bad[4] = 3;
    streamer.queue_tile(tile_bytes(TILE_A));
    streamer.queue_tile(bad);
    streamer.queue_tile(tile_bytes(TILE_D));
    std::size_t applied = 99;
    CHECK_THROWS(onav::VersionError, ONAV_E_VERSION, nullptr, streamer.update(mesh, 5, &applied));
    CHECK(applied == 1 && mesh.tile_count() == 2 && streamer.pending() == 1);
    streamer.clear();
    CHECK(streamer.pending() == 0);
}

void test_debug() {
    std::array<onav::TileRef, TILES> refs{};
    onav::TiledNavMesh mesh = square_mesh::build(refs);
    onav::NavMeshDebug debug = mesh.debug_collect();
    mesh.remove_column(3, 0);
    onav::DebugCounts counts = debug.counts();
    CHECK(counts.polygons == 8 && counts.links > 0);
    onav::DebugPolygon polygon = debug.polygon(7);
    CHECK(polygon.tile_x == 3 && polygon.vertex_count == 3);
    std::vector<onav::DVec3> outline = debug.polygon_outline(7);
    std::vector<onav::DVec3> c_outline = wrapper_test::c_two_call<onav::DVec3>(
        [&](onav::DVec3* buf, std::size_t cap, std::size_t* len, OnavError* err) {
            return onav_mesh_debug_polygon_outline(debug.get(), 7, buf, cap, len, err);
        });
    CHECK(outline.size() == 3 && c_outline.size() == 3);
    for (std::size_t i = 0; i < outline.size() && i < c_outline.size(); i++) {
        CHECK(wrapper_test::same_point(outline[i], c_outline[i]));
    }
    CHECK(debug.link(0).kind == ONAV_LINK_PORTAL);
    CHECK_THROWS(onav::NotFoundError, ONAV_E_NOT_FOUND, nullptr, debug.link(counts.links));
    CHECK(onav::NavMeshDebug::collect(mesh).counts().polygons == 6);
}

// ---- Detour import ------------------------------------------------------------

void test_detour_import() {
    onav::DetourImportOptions options = onav::default_detour_import_options();
    CHECK(options.max_slope_degrees == 45.0f && options.boundary_tolerance_cells == 0.25);
    onav::TiledNavMesh mesh = onav::TiledNavMesh::import_detour_tile_set(two_tile_set, options);
    CHECK(mesh.tile_count() == 2);
    onav::span<const std::uint8_t> blob(two_tile_set + FIRST_BLOB, first_blob_len());
    onav::NavTile tile = onav::NavTile::import_detour(mesh.params(), blob, options);
    CHECK(std::memcmp(tile.content_id().bytes, mesh.tile(mesh.tile_at(0, 0, 0)).content_id().bytes, 16) == 0);

    std::vector<std::uint8_t> copy(std::begin(two_tile_set), std::end(two_tile_set));
    copy[FIRST_BLOB + BLOB_VERSION] = 8;
    try {
        onav::TiledNavMesh::import_detour_tile_set(copy, options);
        CHECK(false);
    } catch (const onav::VersionError& e) {
        CHECK(e.found() == 8 && e.expected() == 7 && std::strstr(e.message(), "DNAV") != nullptr);
    }
    options.max_slope_degrees = 95.0f;
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "max_slope_degrees",
                 onav::TiledNavMesh::import_detour_tile_set(two_tile_set, options));
}

}  // namespace

int main() {
    test_every_status_throws_its_exception();
    test_raised_status_fields();
    test_move_semantics();
    test_params_and_refs();
    test_tiles();
    test_mesh();
    test_snapshot_and_library();
    test_streamer();
    test_debug();
    test_detour_import();
    return wrapper_test::report();
}
