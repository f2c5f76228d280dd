/*
 * Exercises every function of onav.h, each success path and each error path:
 * NULL arguments, size queries, version, fingerprint, format and range
 * errors, NOT_FOUND indices, the error message rules and (with
 * ONAV_TEST_HOOKS) a panic turned into ONAV_E_INTERNAL.
 *
 * Built three times: against the static library, the shared library, and
 * with AddressSanitizer + UBSan; the shared build also runs under valgrind.
 */
#include "check.h"
#include "test_params.h"

#include <math.h>
#include <stdlib.h>

static OnavParams sample_params(void) {
    return test_params(32.0);
}

/* A 32x32 tile: two counter-clockwise triangles sharing the diagonal, every
 * outer edge a portal, one detail mesh per polygon and one off-mesh link. */
enum { SAMPLE_TILE_LEN = 72 + 12 * 4 + 4 * 2 + 9 * 6 + 16 * 2 + 4 * 2 + 36 };

static const OnavVec3 sample_vertices[] = {{0, 0, 0}, {32, 0, 0}, {32, 0, 32}, {0, 0, 32}};
static const OnavPolygon sample_polygons[] = {{3, 1, 0x11}, {3, 2, 0x22}};
static const uint32_t sample_indices[] = {0, 1, 2, 0, 2, 3};
static const uint32_t sample_neighbours[] = {0, 0, 2, 1, 0, 0};
static const uint8_t sample_portal_sides[] = {3, 0, 0xFF, 0xFF, 1, 2};
static const OnavDetailMesh sample_detail_meshes[] = {{0, 0, 0, 1}, {0, 0, 1, 1}};
static const OnavDetailTriangle sample_detail_triangles[] = {{{0, 1, 2}, 0}, {{0, 1, 2}, 0}};
static const OnavOffMeshLink sample_link = {{4, 0, 4}, {20, 1, 8}, 0.5f, 1, 1, 3, 42};

static OnavTileData sample_tile_data(void) {
    OnavTileData d;
    memset(&d, 0, sizeof d);
    d.tile_x = 1;
    d.tile_z = -2;
    d.origin_y = 10.5;
    d.layer = 3;
    d.vertices = sample_vertices;
    d.vertex_count = 4;
    d.polygons = sample_polygons;
    d.polygon_count = 2;
    d.indices = sample_indices;
    d.neighbours = sample_neighbours;
    d.portal_sides = sample_portal_sides;
    d.edge_count = 6;
    d.detail_meshes = sample_detail_meshes;
    d.detail_mesh_count = 2;
    d.detail_triangles = sample_detail_triangles;
    d.detail_triangle_count = 2;
    d.off_mesh_links = &sample_link;
    d.off_mesh_link_count = 1;
    return d;
}

static OnavTile *create_sample_tile(void) {
    OnavParams params = sample_params();
    OnavTileData data = sample_tile_data();
    OnavTile *tile = NULL;
    CHECK_OK(onav_tile_create(&params, &data, &tile, NULL));
    return tile;
}

/* The sample tile's ONPT bytes, written into `out` (SAMPLE_TILE_LEN). */
static void sample_tile_bytes(uint8_t *out) {
    OnavTile *tile = create_sample_tile();
    size_t len = 0;
    CHECK_OK(onav_tile_write(tile, out, SAMPLE_TILE_LEN, &len, NULL));
    CHECK(len == SAMPLE_TILE_LEN);
    onav_tile_free(tile);
}

static void test_version(void) {
    CHECK(onav_version() == ONAV_VERSION_NUMBER);
    CHECK(onav_version() == (uint32_t)(ONAV_VERSION_MAJOR * 10000 + ONAV_VERSION_MINOR * 100 + ONAV_VERSION_PATCH));

    /* The ABI rule of README "Versioning", as the loaded library applies it. */
    CHECK(ONAV_ABI_IS_COMPATIBLE() == 1);
    CHECK(onav_abi_compatible(ONAV_VERSION_NUMBER + 1) == 1); /* a patch keeps the ABI */
    CHECK(onav_abi_compatible(ONAV_VERSION_NUMBER + 10000) == 0); /* another major */
    char abi[16];
    if (ONAV_VERSION_MAJOR == 0) {
        CHECK(onav_abi_compatible(ONAV_VERSION_NUMBER + 100) == 0); /* during 0.x, another minor */
        snprintf(abi, sizeof abi, "0.%d", ONAV_VERSION_MINOR);
    } else {
        CHECK(onav_abi_compatible(ONAV_VERSION_NUMBER - 100 * ONAV_VERSION_MINOR) == 1); /* an older minor */
        snprintf(abi, sizeof abi, "%d", ONAV_VERSION_MAJOR);
    }
    CHECK(strcmp(ONAV_ABI_VERSION, abi) == 0);
}

static void test_status_names(void) {
    static const struct { int32_t status; const char *name; } known[] = {
        {ONAV_OK, "ONAV_OK"},
        {ONAV_E_FORMAT, "ONAV_E_FORMAT"},
        {ONAV_E_VERSION, "ONAV_E_VERSION"},
        {ONAV_E_FINGERPRINT, "ONAV_E_FINGERPRINT"},
        {ONAV_E_OUT_OF_RANGE, "ONAV_E_OUT_OF_RANGE"},
        {ONAV_E_INVALID_OPERATION, "ONAV_E_INVALID_OPERATION"},
        {ONAV_E_NULL_ARGUMENT, "ONAV_E_NULL_ARGUMENT"},
        {ONAV_E_BUFFER_TOO_SMALL, "ONAV_E_BUFFER_TOO_SMALL"},
        {ONAV_E_NOT_FOUND, "ONAV_E_NOT_FOUND"},
        {ONAV_E_INVALID_REFERENCE, "ONAV_E_INVALID_REFERENCE"},
        {ONAV_E_INTERNAL, "ONAV_E_INTERNAL"},
    };
    CHECK(ONAV_OK == 0 && ONAV_E_FORMAT == 1 && ONAV_E_VERSION == 2 && ONAV_E_FINGERPRINT == 3);
    CHECK(ONAV_E_OUT_OF_RANGE == 4 && ONAV_E_INVALID_OPERATION == 5 && ONAV_E_NULL_ARGUMENT == 6);
    CHECK(ONAV_E_BUFFER_TOO_SMALL == 7 && ONAV_E_NOT_FOUND == 8 && ONAV_E_INVALID_REFERENCE == 9);
    CHECK(ONAV_E_INTERNAL == 100);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        CHECK(strcmp(onav_status_name(known[i].status), known[i].name) == 0);
    }
    const int32_t unknown[] = {-1, 10, 99, 101, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK(strcmp(onav_status_name(unknown[i]), "ONAV_E_UNKNOWN") == 0);
    }
}

static void test_params_validate(void) {
    OnavParams params = sample_params();
    OnavError err = fresh_error();
    OnavError untouched = fresh_error();
    CHECK_OK(onav_params_validate(&params, &err));
    CHECK(memcmp(&err, &untouched, sizeof err) == 0); /* filled only on failure */
    CHECK_FAILS(onav_params_validate(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    CHECK(err.found_version == 0 && err.expected_version == 0);
    CHECK(onav_params_validate(NULL, NULL) == ONAV_E_NULL_ARGUMENT);

    params.max_verts_per_poly = 17;
    CHECK_FAILS(onav_params_validate(&params, &err), ONAV_E_OUT_OF_RANGE, &err, "MaxVertsPerPoly");
    params = sample_params();
    params.origin_x = NAN;
    CHECK_FAILS(onav_params_validate(&params, &err), ONAV_E_OUT_OF_RANGE, &err, "OriginX");
    params = sample_params();
    params.tile_size = 0.1; /* not a float */
    CHECK_FAILS(onav_params_validate(&params, &err), ONAV_E_OUT_OF_RANGE, &err, "TileSize");
}

static void test_params_encode_decode(void) {
    OnavParams params = sample_params();
    params.settings_digest = 0x0123456789ABCDEFull;
    OnavError err = fresh_error();
    uint8_t block[ONAV_PARAM_BLOCK_LEN + 4];
    size_t len = 0;

    CHECK_FAILS(onav_params_encode(&params, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "68");
    CHECK(len == ONAV_PARAM_BLOCK_LEN);
    memset(block, 0xEE, sizeof block);
    len = 0;
    CHECK_FAILS(onav_params_encode(&params, block, 10, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == ONAV_PARAM_BLOCK_LEN);
    CHECK(block[0] == 0xEE);
    CHECK_FAILS(onav_params_encode(&params, block, sizeof block, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_params_encode(NULL, block, sizeof block, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    CHECK_OK(onav_params_encode(&params, block, sizeof block, &len, &err));
    CHECK(len == ONAV_PARAM_BLOCK_LEN);
    CHECK(block[24 + 7] == 0x40 && block[40] == 6 && block[42] == 0 && block[60] == 0xEF);

    OnavParams back;
    memset(&back, 0, sizeof back);
    CHECK_OK(onav_params_decode(block, ONAV_PARAM_BLOCK_LEN, &back, &err));
    CHECK(memcmp(&back.settings_digest, &params.settings_digest, sizeof back.settings_digest) == 0);
    CHECK(back.tile_size == params.tile_size && back.max_verts_per_poly == 6 && back.agent_max_slope == 45.0f);

    OnavParams decoded = sample_params();
    CHECK_FAILS(onav_params_decode(block, 30, &decoded, &err), ONAV_E_FORMAT, &err, "truncated");
    CHECK(decoded.origin_y == 0.0 && decoded.tile_size == 0.0); /* a failed call zeroes its output */
    CHECK_FAILS(onav_params_decode(block, ONAV_PARAM_BLOCK_LEN + 1, &decoded, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS(onav_params_decode(NULL, 0, &decoded, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS(onav_params_decode(NULL, 5, &decoded, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_params_decode(block, ONAV_PARAM_BLOCK_LEN, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    block[42] = 1; /* reserved */
    CHECK_FAILS(onav_params_decode(block, ONAV_PARAM_BLOCK_LEN, &decoded, &err), ONAV_E_FORMAT, &err, "reserved");

    params.cell_size = -1.0;
    CHECK_FAILS(onav_params_encode(&params, block, sizeof block, &len, &err), ONAV_E_OUT_OF_RANGE, &err, "CellSize");
}

static void test_params_fingerprint(void) {
    OnavParams params = sample_params();
    OnavError err = fresh_error();
    OnavFingerprint a, b;
    CHECK_OK(onav_params_fingerprint(&params, &a, &err));
    CHECK_OK(onav_params_fingerprint(&params, &b, &err));
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    params.settings_digest = 1;
    CHECK_OK(onav_params_fingerprint(&params, &b, &err));
    CHECK(memcmp(&a, &b, sizeof a) != 0);
    CHECK_FAILS(onav_params_fingerprint(&params, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_params_fingerprint(NULL, &b, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    params.agent_max_slope = 91.0f;
    CHECK_FAILS(onav_params_fingerprint(&params, &b, &err), ONAV_E_OUT_OF_RANGE, &err, "AgentMaxSlope");
}

static void test_params_grid(void) {
    OnavParams params = sample_params();
    params.origin_x = -100.0;
    params.origin_z = 10.0;
    OnavError err = fresh_error();

    double extent = 0.0;
    CHECK_OK(onav_params_max_local_extent(&params, &extent, &err));
    CHECK(extent == 4096.0);
    CHECK_FAILS(onav_params_max_local_extent(&params, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_params_max_local_extent(NULL, &extent, &err), ONAV_E_NULL_ARGUMENT, &err, "params");

    double x = 0.0, z = 0.0;
    CHECK_OK(onav_params_tile_origin(&params, -2, 3, &x, &z, &err));
    CHECK(x == -164.0 && z == 106.0);
    CHECK_FAILS(onav_params_tile_origin(&params, 0, 0, &x, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "z_out");
    CHECK_FAILS(onav_params_tile_origin(&params, 0, 0, NULL, &z, &err), ONAV_E_NULL_ARGUMENT, &err, "x_out");

    int32_t tx = 99, tz = 99;
    CHECK_OK(onav_params_world_to_tile(&params, -100.000001, 41.999, &tx, &tz, &err));
    CHECK(tx == -1 && tz == 0);
    CHECK_OK(onav_params_world_to_tile(&params, -68.0, 42.0, &tx, &tz, &err));
    CHECK(tx == 1 && tz == 1);
    tx = tz = 99;
    CHECK_FAILS(onav_params_world_to_tile(&params, 3.0e6, 0.0, &tx, &tz, &err), ONAV_E_OUT_OF_RANGE, &err, "2097152");
    CHECK(tx == 0 && tz == 0);
    CHECK_FAILS(onav_params_world_to_tile(&params, 0.0, -2097152.0, &tx, &tz, &err), ONAV_E_OUT_OF_RANGE, &err, "z");
    CHECK_FAILS(onav_params_world_to_tile(&params, NAN, 0.0, &tx, &tz, &err), ONAV_E_OUT_OF_RANGE, &err, NULL);
    CHECK_FAILS(onav_params_world_to_tile(&params, 0.0, 0.0, NULL, &tz, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_x_out");
    params.tile_size = -1.0;
    CHECK_FAILS(onav_params_world_to_tile(&params, 0.0, 0.0, &tx, &tz, &err), ONAV_E_OUT_OF_RANGE, &err, "TileSize");
}

static void test_tile_create_and_accessors(void) {
    OnavParams params = sample_params();
    OnavTileData data = sample_tile_data();
    OnavError err = fresh_error();
    OnavTile *tile = NULL;
    CHECK_OK(onav_tile_create(&params, &data, &tile, &err));
    CHECK(tile != NULL);

    OnavTileInfo info;
    CHECK_OK(onav_tile_info(tile, &info, &err));
    CHECK(info.tile_x == 1 && info.tile_z == -2 && info.layer == 3 && info.origin_y == 10.5);
    CHECK(info.vertex_count == 4 && info.polygon_count == 2 && info.edge_count == 6 && info.portal_edge_count == 4);
    CHECK(info.detail_mesh_count == 2 && info.detail_vertex_count == 0 && info.detail_triangle_count == 2);
    CHECK(info.off_mesh_link_count == 1);
    CHECK_FAILS(onav_tile_info(tile, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_tile_info(NULL, &info, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");

    OnavVec3 v = {-1, -1, -1};
    CHECK_OK(onav_tile_vertex(tile, 2, &v, &err));
    CHECK(v.x == 32.0f && v.y == 0.0f && v.z == 32.0f);
    v.x = -1;
    CHECK_FAILS(onav_tile_vertex(tile, 4, &v, &err), ONAV_E_NOT_FOUND, &err, "vertex 4");
    CHECK(v.x == 0.0f && v.y == 0.0f && v.z == 0.0f);
    CHECK_FAILS(onav_tile_vertex(tile, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_tile_vertex(NULL, 0, &v, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");

    OnavPolygonInfo poly;
    CHECK_OK(onav_tile_polygon(tile, 1, &poly, &err));
    CHECK(poly.polygon.vertex_count == 3 && poly.polygon.area == 2 && poly.polygon.flags == 0x22);
    CHECK(poly.indices[0] == 0 && poly.indices[1] == 2 && poly.indices[2] == 3 && poly.indices[3] == 0);
    CHECK(poly.neighbours[0] == 1 && poly.neighbours[1] == 0);
    CHECK(poly.portal_sides[0] == 0xFF && poly.portal_sides[1] == 1 && poly.portal_sides[2] == 2);
    CHECK_FAILS(onav_tile_polygon(tile, 2, &poly, &err), ONAV_E_NOT_FOUND, &err, "polygon 2");
    CHECK_FAILS(onav_tile_polygon(tile, UINT32_MAX, &poly, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_tile_polygon(tile, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_tile_polygon(NULL, 0, &poly, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");

    OnavOffMeshLink link;
    CHECK_OK(onav_tile_off_mesh_link(tile, 0, &link, &err));
    CHECK(memcmp(&link, &sample_link, sizeof link) == 0);
    CHECK_FAILS(onav_tile_off_mesh_link(tile, 1, &link, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_tile_off_mesh_link(tile, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_tile_off_mesh_link(NULL, 0, &link, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");

    OnavFingerprint from_tile, from_params;
    CHECK_OK(onav_tile_fingerprint(tile, &from_tile, &err));
    CHECK_OK(onav_params_fingerprint(&params, &from_params, &err));
    CHECK(memcmp(&from_tile, &from_params, sizeof from_tile) == 0);
    CHECK_FAILS(onav_tile_fingerprint(tile, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_tile_fingerprint(NULL, &from_tile, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");

    OnavContentId id_a, id_b;
    CHECK_OK(onav_tile_content_id(tile, &id_a, &err));
    CHECK_OK(onav_tile_content_id(tile, &id_b, &err));
    CHECK(memcmp(&id_a, &id_b, sizeof id_a) == 0);
    CHECK_FAILS(onav_tile_content_id(tile, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_tile_content_id(NULL, &id_a, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");

    onav_tile_free(tile);
    onav_tile_free(NULL);
}

static void test_tile_create_errors(void) {
    OnavParams params = sample_params();
    OnavError err = fresh_error();
    OnavTile *sentinel = (OnavTile *)&err; /* never dereferenced: a stale handle value */
    OnavTile *tile = sentinel;
    OnavTileData data = sample_tile_data();

    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_create(NULL, &data, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_create(&params, NULL, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_tile_create(&params, &data, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    data.indices = NULL;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_create(&params, &data, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "data->indices");

    data = sample_tile_data();
    OnavPolygon bad_area[] = {{3, 64, 0}, {3, 2, 0}};
    data.polygons = bad_area;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_create(&params, &data, &tile, &err), ONAV_E_FORMAT, &err, "polygon 0");

    data = sample_tile_data();
    const uint32_t clockwise[] = {0, 2, 1, 0, 2, 3};
    data.indices = clockwise;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_create(&params, &data, &tile, &err), ONAV_E_FORMAT, &err, NULL);

    data = sample_tile_data();
    OnavOffMeshLink link = sample_link;
    link.bidirectional = 2;
    data.off_mesh_links = &link;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_create(&params, &data, &tile, &err), ONAV_E_FORMAT, &err, "bidirectional");

    data = sample_tile_data();
    data.edge_count = 5;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_create(&params, &data, &tile, &err), ONAV_E_FORMAT, &err, "indices");

    data = sample_tile_data();
    params.agent_radius = -1.0f;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_create(&params, &data, &tile, &err), ONAV_E_OUT_OF_RANGE, &err, "AgentRadius");

    /* An empty tile: every array NULL with count 0. */
    params = sample_params();
    OnavTileData empty;
    memset(&empty, 0, sizeof empty);
    CHECK_OK(onav_tile_create(&params, &empty, &tile, &err));
    onav_tile_free(tile);
}

static void test_tile_write_read(void) {
    OnavParams params = sample_params();
    OnavError err = fresh_error();
    OnavTile *tile = create_sample_tile();
    uint8_t bytes[SAMPLE_TILE_LEN];
    size_t len = 0;

    CHECK_FAILS(onav_tile_write(tile, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == SAMPLE_TILE_LEN);
    len = 0;
    memset(bytes, 0xEE, sizeof bytes);
    CHECK_FAILS(onav_tile_write(tile, bytes, SAMPLE_TILE_LEN - 1, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == SAMPLE_TILE_LEN);
    CHECK(bytes[0] == 0xEE);
    CHECK_FAILS(onav_tile_write(tile, bytes, sizeof bytes, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_tile_write(NULL, bytes, sizeof bytes, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");
    CHECK_OK(onav_tile_write(tile, bytes, sizeof bytes, &len, &err));
    CHECK(len == SAMPLE_TILE_LEN);
    CHECK(memcmp(bytes, "ONPT", 4) == 0 && bytes[4] == 2 && bytes[5] == 0);

    OnavTile *back = NULL;
    CHECK_OK(onav_tile_read(&params, bytes, len, &back, &err));
    uint8_t again[SAMPLE_TILE_LEN];
    size_t again_len = 0;
    CHECK_OK(onav_tile_write(back, again, sizeof again, &again_len, &err));
    CHECK(again_len == len && memcmp(bytes, again, len) == 0);
    OnavContentId id_a, id_b;
    CHECK_OK(onav_tile_content_id(tile, &id_a, &err));
    CHECK_OK(onav_tile_content_id(back, &id_b, &err));
    CHECK(memcmp(&id_a, &id_b, sizeof id_a) == 0);
    onav_tile_free(back);
    onav_tile_free(tile);
}

static void test_tile_read_errors(void) {
    OnavParams params = sample_params();
    OnavError err = fresh_error();
    uint8_t bytes[SAMPLE_TILE_LEN];
    sample_tile_bytes(bytes);
    OnavTile *sentinel = (OnavTile *)&err;
    OnavTile *tile = sentinel;

    const uint16_t bad_versions[] = {1, 3};
    for (size_t i = 0; i < 2; i++) {
        uint8_t patched[SAMPLE_TILE_LEN];
        memcpy(patched, bytes, sizeof patched);
        patched[4] = (uint8_t)bad_versions[i];
        err = fresh_error();
        CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&params, patched, sizeof patched, &tile, &err), ONAV_E_VERSION, &err, "version");
        CHECK(err.found_version == bad_versions[i] && err.expected_version == 2);
    }
    /* A 10-byte tile whose version says 3 is still a version error. */
    uint8_t head[10];
    memcpy(head, bytes, sizeof head);
    head[4] = 3;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&params, head, sizeof head, &tile, &err), ONAV_E_VERSION, &err, NULL);

    OnavParams other = sample_params();
    other.settings_digest = 7;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&other, bytes, sizeof bytes, &tile, &err), ONAV_E_FINGERPRINT, &err, "fingerprint");
    CHECK(err.found_version == 0 && err.expected_version == 0);

    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&params, bytes, sizeof bytes - 1, &tile, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&params, bytes, 30, &tile, &err), ONAV_E_FORMAT, &err, "truncated");
    const uint8_t garbage[] = "this is not a navigation tile at all";
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&params, garbage, sizeof garbage, &tile, &err), ONAV_E_FORMAT, &err, "magic");
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&params, NULL, 0, &tile, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&params, NULL, 10, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(NULL, bytes, sizeof bytes, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    CHECK_FAILS(onav_tile_read(&params, bytes, sizeof bytes, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    other = sample_params();
    other.origin_z = 3.0e6;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_read(&other, bytes, sizeof bytes, &tile, &err), ONAV_E_OUT_OF_RANGE, &err, "OriginZ");
    CHECK(onav_tile_read(&params, garbage, sizeof garbage, &tile, NULL) == ONAV_E_FORMAT);
}

#if defined(ONAV_TEST_HOOKS)
/* A panic inside the library becomes ONAV_E_INTERNAL, the process lives,
 * and a long multi-byte message is cut at a character boundary. */
static void test_panic_boundary(void) {
    OnavError err = fresh_error();
    const char *short_message = "boom";
    CHECK_FAILS(onav_debug_panic((const uint8_t *)short_message, strlen(short_message), &err), ONAV_E_INTERNAL, &err, "boom");
    CHECK(onav_debug_panic(NULL, 0, NULL) == ONAV_E_INTERNAL);

    char long_message[3 * 300 + 1];
    for (int i = 0; i < 300; i++) {
        memcpy(long_message + 3 * i, "\xE2\x82\xAC", 3); /* the euro sign */
    }
    long_message[sizeof long_message - 1] = '\0';
    for (size_t shift = 0; shift < 3; shift++) {
        err = fresh_error();
        CHECK_FAILS(onav_debug_panic((const uint8_t *)long_message + shift, strlen(long_message) - shift, &err), ONAV_E_INTERNAL, &err,
                    "\xE2\x82\xAC");
        CHECK(strlen(err.message) >= ONAV_ERROR_MESSAGE_LEN - 4);
    }
    /* Still alive and working after the panics. */
    OnavTile *tile = create_sample_tile();
    CHECK(tile != NULL);
    onav_tile_free(tile);
}
#endif

int main(void) {
    test_version();
    test_status_names();
    test_params_validate();
    test_params_encode_decode();
    test_params_fingerprint();
    test_params_grid();
    test_tile_create_and_accessors();
    test_tile_create_errors();
    test_tile_write_read();
    test_tile_read_errors();
#if defined(ONAV_TEST_HOOKS)
    test_panic_boundary();
#else
    printf("onav built without test hooks: the panic boundary test is skipped\n");
#endif
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
