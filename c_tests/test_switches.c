/*
 * Exercises the run-time switches of onav.h (issue 25): polygon flags and
 * area by PolyRef, off-mesh links by tile and index and by user id, what
 * queries see of them, that clones and written bytes do not carry them,
 * and every error path (NULL arguments, out-of-range values and indices,
 * references made stale by a removal), each leaving the mesh unchanged.
 *
 * The mesh: tile A (0,0) on the ground and tile B (1,0) 3 units up (above
 * the climb, so no portal joins them), each a 32x32 square of two
 * triangles; a two-way off-mesh link, user id 7, from A up to B.
 *
 * Built three times like test_mesh.c: static, shared, ASan+UBSan; the
 * shared build also runs under valgrind.
 */
#include "check.h"
#include "test_params.h"

#include <stdlib.h>

/* Polygon 0 = (v0 v1 v2) below the diagonal x = z, polygon 1 = (v0 v2 v3). */
static const OnavVec3 square_vertices[] = {{0, 0, 0}, {32, 0, 0}, {32, 0, 32}, {0, 0, 32}};
static const OnavPolygon square_polygons[] = {{3, 1, 0x11}, {3, 2, 0x22}};
static const uint32_t square_indices[] = {0, 1, 2, 0, 2, 3};
static const uint32_t square_neighbours[] = {0, 0, 2, 1, 0, 0};
static const uint8_t square_portal_sides[] = {3, 0, 0xFF, 0xFF, 1, 2};
/* From local (24, 0, 16) of A (its polygon 0) to world (40, 3, 16): B's
 * polygon 1; both ways, area 4, flags 1, user id 7. */
static const OnavOffMeshLink stairs = {{24, 0, 16}, {40, 3, 16}, 1.0f, 4, 1, 1, 7};

enum { TILE_A, TILE_B };

static OnavTile *square_tile(int which) {
    OnavParams params = test_params(32.0);
    OnavTileData d;
    memset(&d, 0, sizeof d);
    d.tile_x = which == TILE_A ? 0 : 1;
    d.origin_y = which == TILE_A ? 0.0 : 3.0;
    d.vertices = square_vertices;
    d.vertex_count = 4;
    d.polygons = square_polygons;
    d.polygon_count = 2;
    d.indices = square_indices;
    d.neighbours = square_neighbours;
    d.portal_sides = square_portal_sides;
    d.edge_count = 6;
    if (which == TILE_A) {
        d.off_mesh_links = &stairs;
        d.off_mesh_link_count = 1;
    }
    OnavTile *tile = NULL;
    CHECK_OK(onav_tile_create(&params, &d, &tile, NULL));
    return tile;
}

static OnavMesh *build_mesh(uint64_t refs[2]) {
    OnavParams params = test_params(32.0);
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_mesh_new(&params, &mesh, NULL));
    for (int i = TILE_A; i <= TILE_B; i++) {
        OnavTile *tile = square_tile(i);
        CHECK_OK(onav_mesh_add_tile(mesh, tile, &refs[i], NULL));
        onav_tile_free(tile);
    }
    return mesh;
}

static uint64_t poly_of(uint64_t tile_ref, uint32_t polygon) {
    return tile_ref | polygon;
}

static uint16_t flags_of(const OnavMesh *mesh, uint64_t poly_ref) {
    uint16_t flags = 0;
    CHECK_OK(onav_mesh_poly_flags(mesh, poly_ref, &flags, NULL));
    return flags;
}

static uint8_t link_enabled(const OnavMesh *mesh, uint64_t tile_ref) {
    uint8_t enabled = 2;
    CHECK_OK(onav_mesh_off_mesh_link_enabled(mesh, tile_ref, 0, &enabled, NULL));
    return enabled;
}

/* The status of a path search from A's polygon 1 up to B's polygon 0. */
static int32_t path_up(const OnavMesh *mesh, const uint64_t refs[2]) {
    OnavQuery *query = NULL;
    CHECK_OK(onav_query_new(mesh, 256, &query, NULL));
    OnavQueryFilter filter;
    CHECK_OK(onav_query_filter_default(&filter, NULL));
    uint64_t corridor[16];
    size_t len = 0;
    OnavPathOutcome outcome = {-1, 0.0};
    OnavDVec3 start = {4, 0, 20}, end = {60, 3, 10};
    CHECK_OK(onav_query_find_path(query, poly_of(refs[TILE_A], 1), poly_of(refs[TILE_B], 0), start, end, &filter, 256,
                                  corridor, 16, &len, &outcome, NULL));
    onav_query_free(query);
    return outcome.status;
}

/* The mesh's ONPM bytes; free() the result. */
static uint8_t *mesh_bytes(const OnavMesh *mesh, size_t *len) {
    onav_mesh_write(mesh, NULL, 0, len, NULL);
    uint8_t *bytes = malloc(*len);
    CHECK_OK(onav_mesh_write(mesh, bytes, *len, len, NULL));
    return bytes;
}

static void test_polygon_switches(void) {
    uint64_t refs[2];
    OnavMesh *mesh = build_mesh(refs);
    OnavMesh *before = NULL;
    CHECK_OK(onav_mesh_clone(mesh, &before, NULL));
    uint64_t door = poly_of(refs[TILE_A], 1);
    CHECK(flags_of(mesh, door) == 0x22);

    OnavError err = fresh_error();
    CHECK_OK(onav_mesh_set_poly_flags(mesh, door, 0, &err));
    CHECK(flags_of(mesh, door) == 0);
    OnavPolygon polygon;
    CHECK_OK(onav_mesh_polygon(mesh, door, &polygon, NULL));
    CHECK(polygon.flags == 0 && polygon.area == 2 && polygon.vertex_count == 3);
    CHECK(flags_of(before, door) == 0x22);

    OnavQuery *query = NULL;
    CHECK_OK(onav_query_new(mesh, 16, &query, NULL));
    OnavQueryFilter filter;
    CHECK_OK(onav_query_filter_default(&filter, NULL));
    uint8_t valid = 2;
    CHECK_OK(onav_query_is_valid_poly_ref(query, door, &filter, &valid, NULL));
    CHECK(valid == 0);
    CHECK_OK(onav_mesh_set_poly_flags(mesh, door, 0x22, NULL));
    CHECK_OK(onav_query_is_valid_poly_ref(query, door, &filter, &valid, NULL));
    CHECK(valid == 0);
    onav_query_free(query);

    uint8_t area = 0;
    CHECK_OK(onav_mesh_set_poly_area(mesh, door, 63, NULL));
    CHECK_OK(onav_mesh_poly_area(mesh, door, &area, NULL));
    CHECK(area == 63);
    CHECK_OK(onav_mesh_poly_area(before, door, &area, NULL));
    CHECK(area == 2);

    size_t len = 0, before_len = 0;
    uint8_t *bytes = mesh_bytes(mesh, &len);
    uint8_t *before_bytes = mesh_bytes(before, &before_len);
    CHECK(len == before_len && memcmp(bytes, before_bytes, len) == 0);
    free(bytes);
    free(before_bytes);
    onav_mesh_free(before);
    onav_mesh_free(mesh);
}

static void test_link_switches(void) {
    uint64_t refs[2];
    OnavMesh *mesh = build_mesh(refs);
    CHECK(path_up(mesh, refs) == ONAV_PATH_COMPLETE);
    CHECK(link_enabled(mesh, refs[TILE_A]) == 1);

    CHECK_OK(onav_mesh_set_off_mesh_link_enabled(mesh, refs[TILE_A], 0, 0, NULL));
    CHECK(link_enabled(mesh, refs[TILE_A]) == 0);
    CHECK(path_up(mesh, refs) == ONAV_PATH_PARTIAL);

    size_t count = 99;
    CHECK_OK(onav_mesh_set_off_mesh_links_enabled_by_user_id(mesh, 7, 1, &count, NULL));
    CHECK(count == 1);
    CHECK(path_up(mesh, refs) == ONAV_PATH_COMPLETE);
    CHECK_OK(onav_mesh_set_off_mesh_links_enabled_by_user_id(mesh, 8, 0, &count, NULL));
    CHECK(count == 0);
    CHECK(link_enabled(mesh, refs[TILE_A]) == 1);
    onav_mesh_free(mesh);
}

static void test_errors_change_nothing(void) {
    uint64_t refs[2];
    OnavMesh *mesh = build_mesh(refs);
    CHECK_OK(onav_mesh_set_poly_flags(mesh, poly_of(refs[TILE_A], 0), 0x5, NULL));
    size_t len = 0;
    uint8_t *bytes = mesh_bytes(mesh, &len);
    uint64_t door = poly_of(refs[TILE_A], 0);
    OnavError err = fresh_error();
    uint16_t flags = 0;
    uint8_t area = 0, enabled = 0;
    size_t count = 0;

    CHECK_FAILS(onav_mesh_set_poly_flags(NULL, door, 0, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_set_poly_area(NULL, door, 0, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_poly_flags(mesh, door, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS_CLEARS(flags, 9, onav_mesh_poly_flags(NULL, door, &flags, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS_CLEARS(area, 9, onav_mesh_poly_area(NULL, door, &area, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_off_mesh_link_enabled(mesh, refs[TILE_A], 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err,
                "out");
    CHECK_FAILS(onav_mesh_set_off_mesh_link_enabled(NULL, refs[TILE_A], 0, 0, &err), ONAV_E_NULL_ARGUMENT, &err,
                "mesh");
    CHECK_FAILS(onav_mesh_set_off_mesh_links_enabled_by_user_id(mesh, 7, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err,
                "count_out");
    CHECK_FAILS_CLEARS(count, 9, onav_mesh_set_off_mesh_links_enabled_by_user_id(NULL, 7, 0, &count, &err),
                       ONAV_E_NULL_ARGUMENT, &err, "mesh");

    CHECK_FAILS(onav_mesh_set_poly_flags(mesh, 0, 0, &err), ONAV_E_INVALID_REFERENCE, &err, "poly_ref");
    CHECK_FAILS(onav_mesh_set_poly_flags(mesh, poly_of(refs[TILE_A], 2), 0, &err), ONAV_E_INVALID_REFERENCE, &err,
                "polygon 2");
    CHECK_FAILS_CLEARS(flags, 9, onav_mesh_poly_flags(mesh, poly_of(refs[TILE_B], 7), &flags, &err),
                       ONAV_E_INVALID_REFERENCE, &err, NULL);
    CHECK_FAILS(onav_mesh_set_poly_area(mesh, door, 64, &err), ONAV_E_OUT_OF_RANGE, &err, "64");
    CHECK_FAILS(onav_mesh_set_off_mesh_link_enabled(mesh, refs[TILE_A], 1, 0, &err), ONAV_E_OUT_OF_RANGE, &err,
                "link 1");
    CHECK_FAILS(onav_mesh_set_off_mesh_link_enabled(mesh, refs[TILE_B], 0, 0, &err), ONAV_E_OUT_OF_RANGE, &err,
                "0 off-mesh links");
    CHECK_FAILS(onav_mesh_set_off_mesh_link_enabled(mesh, refs[TILE_A], 0, 2, &err), ONAV_E_OUT_OF_RANGE, &err,
                "enabled 2");
    CHECK_FAILS_CLEARS(count, 9, onav_mesh_set_off_mesh_links_enabled_by_user_id(mesh, 7, 5, &count, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "enabled 5");
    CHECK_FAILS_CLEARS(enabled, 9, onav_mesh_off_mesh_link_enabled(mesh, refs[TILE_A], 3, &enabled, &err),
                       ONAV_E_OUT_OF_RANGE, &err, NULL);
    size_t now_len = 0;
    uint8_t *now = mesh_bytes(mesh, &now_len);
    CHECK(now_len == len && memcmp(now, bytes, len) == 0);
    CHECK(flags_of(mesh, door) == 0x5 && link_enabled(mesh, refs[TILE_A]) == 1);
    free(now);
    free(bytes);
    onav_mesh_free(mesh);
}

static void test_stale_after_removal(void) {
    uint64_t refs[2];
    OnavMesh *mesh = build_mesh(refs);
    CHECK_OK(onav_mesh_set_poly_flags(mesh, poly_of(refs[TILE_A], 1), 0, NULL));
    CHECK_OK(onav_mesh_set_off_mesh_link_enabled(mesh, refs[TILE_A], 0, 0, NULL));
    uint64_t removed = 0;
    CHECK_OK(onav_mesh_remove_tile(mesh, 0, 0, 0, &removed, NULL));
    CHECK(removed == refs[TILE_A]);

    OnavError err = fresh_error();
    uint8_t enabled = 0;
    CHECK_FAILS(onav_mesh_set_poly_flags(mesh, poly_of(removed, 1), 1, &err), ONAV_E_INVALID_REFERENCE, &err,
                "names no polygon");
    CHECK_FAILS(onav_mesh_set_off_mesh_link_enabled(mesh, removed, 0, 1, &err), ONAV_E_INVALID_REFERENCE, &err,
                "names no tile");
    CHECK_FAILS_CLEARS(enabled, 9, onav_mesh_off_mesh_link_enabled(mesh, removed, 0, &enabled, &err),
                       ONAV_E_INVALID_REFERENCE, &err, NULL);

    OnavTile *tile = square_tile(TILE_A);
    CHECK_OK(onav_mesh_add_tile(mesh, tile, &refs[TILE_A], NULL));
    onav_tile_free(tile);
    CHECK(refs[TILE_A] != removed);
    CHECK(flags_of(mesh, poly_of(refs[TILE_A], 1)) == 0x22);
    CHECK(link_enabled(mesh, refs[TILE_A]) == 1);
    CHECK(path_up(mesh, refs) == ONAV_PATH_COMPLETE);
    size_t count = 0;
    CHECK_OK(onav_mesh_set_off_mesh_links_enabled_by_user_id(mesh, 7, 0, &count, NULL));
    CHECK(count == 1);
    CHECK(path_up(mesh, refs) == ONAV_PATH_PARTIAL);
    onav_mesh_free(mesh);
}

int main(void) {
    test_polygon_switches();
    test_link_switches();
    test_errors_change_nothing();
    test_stale_after_removal();
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
