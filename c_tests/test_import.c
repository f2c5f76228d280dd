/*
 * Exercises the Detour importer of onav.h: the default options, a
 * RecastDemo tile set (MSET) imported into a stitched mesh, one Detour tile
 * blob (DNAV) imported against parameters, and the error paths: NULL
 * arguments, options out of range, version and format errors.
 *
 * The set is detour_tile_set.h's two one-quad Detour tiles.
 *
 * Built three times like test_api.c: static, shared, ASan+UBSan; the shared
 * build also runs under valgrind.
 */
#include "check.h"
#include "detour_tile_set.h"

#include <stdlib.h>

static void test_default_options(void) {
    OnavError err = fresh_error();
    OnavDetourImportOptions options;
    CHECK_OK(onav_import_detour_options_default(&options, &err));
    CHECK(options.max_slope_degrees == 45.0f);
    CHECK(options.boundary_tolerance_cells == 0.25);
    CHECK_FAILS(onav_import_detour_options_default(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
}

static OnavDetourImportOptions defaults(void) {
    OnavDetourImportOptions options;
    CHECK_OK(onav_import_detour_options_default(&options, NULL));
    return options;
}

static void test_tile_set(void) {
    OnavError err = fresh_error();
    OnavDetourImportOptions options = defaults();
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_import_detour_tile_set(two_tile_set, sizeof two_tile_set, &options, &mesh, &err));
    uint32_t tiles = 0;
    CHECK_OK(onav_mesh_tile_count(mesh, &tiles, &err));
    CHECK(tiles == 2);
    OnavParams params;
    CHECK_OK(onav_mesh_params(mesh, &params, &err));
    CHECK(params.origin_x == -8.0 && params.origin_y == 2.0 && params.origin_z == 4.0);
    CHECK(params.tile_size == (double)(48.0f * 0.3f));
    CHECK(params.max_verts_per_poly == 6 && params.agent_max_slope == 45.0f && params.walkable_climb == 0.9f);

    /* The shared boundary is stitched: one portal link each way. */
    uint64_t left = 0, right = 0;
    CHECK_OK(onav_mesh_tile_at(mesh, 0, 0, 0, &left, &err));
    CHECK_OK(onav_mesh_tile_at(mesh, 1, 0, 0, &right, &err));
    OnavLink links[4];
    size_t count = 0;
    CHECK_OK(onav_mesh_links(mesh, left, links, 4, &count, &err));
    CHECK(count == 1 && links[0].kind == ONAV_LINK_PORTAL && links[0].side == 0 && links[0].target == right);
    CHECK_OK(onav_mesh_links(mesh, right, links, 4, &count, &err));
    CHECK(count == 1 && links[0].side == 2 && links[0].target == left);

    /* The lone blob against the set's parameters is the mesh's tile. */
    OnavTile *tile = NULL, *in_mesh = NULL;
    CHECK_OK(onav_import_detour_tile(&params, two_tile_set + FIRST_BLOB, first_blob_len(), &options, &tile, &err));
    CHECK_OK(onav_mesh_tile(mesh, left, &in_mesh, &err));
    OnavContentId a, b;
    CHECK_OK(onav_tile_content_id(tile, &a, &err));
    CHECK_OK(onav_tile_content_id(in_mesh, &b, &err));
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    onav_tile_free(tile);
    onav_tile_free(in_mesh);
    onav_mesh_free(mesh);
}

static void test_errors(void) {
    OnavError err = fresh_error();
    OnavDetourImportOptions options = defaults();
    OnavMesh *sentinel = (OnavMesh *)&err;
    OnavMesh *mesh = sentinel;
    CHECK_FAILS_CLEARS(mesh, sentinel, onav_import_detour_tile_set(two_tile_set, sizeof two_tile_set, NULL, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err, "options");
    CHECK_FAILS_CLEARS(mesh, sentinel, onav_import_detour_tile_set(NULL, 4, &options, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_import_detour_tile_set(two_tile_set, sizeof two_tile_set, &options, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS_CLEARS(mesh, sentinel, onav_import_detour_tile_set(two_tile_set, sizeof two_tile_set - 1, &options, &mesh, &err), ONAV_E_FORMAT, &err, "MSET");
    CHECK_FAILS_CLEARS(mesh, sentinel, onav_import_detour_tile_set(NULL, 0, &options, &mesh, &err), ONAV_E_FORMAT, &err, NULL);

    OnavDetourImportOptions steep = options;
    steep.max_slope_degrees = 95.0f;
    CHECK_FAILS_CLEARS(mesh, sentinel, onav_import_detour_tile_set(two_tile_set, sizeof two_tile_set, &steep, &mesh, &err), ONAV_E_OUT_OF_RANGE, &err, "max_slope_degrees");

    uint8_t *copy = malloc(sizeof two_tile_set);
    CHECK(copy != NULL);
    if (copy == NULL) {
        return;
    }
    memcpy(copy, two_tile_set, sizeof two_tile_set);
    copy[FIRST_BLOB + BLOB_VERSION] = 8;
    CHECK_FAILS_CLEARS(mesh, sentinel, onav_import_detour_tile_set(copy, sizeof two_tile_set, &options, &mesh, &err), ONAV_E_VERSION, &err, "DNAV");
    CHECK(err.found_version == 8 && err.expected_version == 7);

    OnavParams params;
    memset(&params, 0, sizeof params);
    OnavTile *tile_sentinel = (OnavTile *)&err;
    OnavTile *tile = tile_sentinel;
    CHECK_FAILS_CLEARS(tile, tile_sentinel, onav_import_detour_tile(&params, two_tile_set + FIRST_BLOB, first_blob_len(), &options, &tile, &err), ONAV_E_OUT_OF_RANGE, &err, NULL);
    CHECK_FAILS_CLEARS(tile, tile_sentinel, onav_import_detour_tile(NULL, two_tile_set + FIRST_BLOB, first_blob_len(), &options, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    free(copy);
}

int main(void) {
    test_default_options();
    test_tile_set();
    test_errors();
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
