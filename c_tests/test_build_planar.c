/*
 * Exercises the exact 2D builder of onav.h (issue 22):
 * onav_nav_mesh_build_planar over OnavPlanarOutlines (a region with a hole,
 * a second region with its own area and flags, a triangular obstacle) on
 * 16-unit tiles, equal bytes from two builds, and the error paths: NULL
 * arguments and arrays, a NaN coordinate, a self-intersecting ring and an
 * area out of range, each with the output cleared.
 *
 * Built three times like test_api.c: static, shared, ASan+UBSan; the shared
 * build also runs under valgrind.
 */
#include "check.h"

#include <math.h>
#include <stdlib.h>

static const OnavDVec2 outer[] = {{0, 0}, {40, 0}, {40, 24}, {0, 24}};
static const OnavDVec2 hole[] = {{10, 8}, {14, 8}, {14, 16}, {10, 16}};
static const OnavDVec2 inner[] = {{20, 4}, {36, 4}, {36, 20}, {20, 20}};
static const OnavDVec2 obstacle[] = {{26, 10}, {30, 10}, {28, 14}};

static OnavSettings *planar_settings(void) {
    OnavSettings *settings = NULL;
    CHECK_OK(onav_settings_new(&settings, NULL));
    CHECK_OK(onav_settings_set_tile_size(settings, 16.0, NULL));
    CHECK_OK(onav_settings_set_cell_size(settings, 0.25, NULL));
    CHECK_OK(onav_settings_set_agent_radius(settings, 0.5f, NULL));
    return settings;
}

/* The saved bytes of a mesh (malloc'ed). */
static uint8_t *saved(const OnavNavMesh *mesh, size_t *len) {
    *len = 0;
    onav_nav_mesh_save(mesh, NULL, 0, len, NULL);
    uint8_t *bytes = malloc(*len);
    CHECK(bytes != NULL);
    CHECK_OK(onav_nav_mesh_save(mesh, bytes, *len, len, NULL));
    return bytes;
}

static void test_build_planar(void) {
    OnavSettings *settings = planar_settings();
    OnavPlanarRing holes[] = {{hole, 4}};
    OnavPlanarRegion regions[] = {{{outer, 4}, holes, 1, -1, -1}, {{inner, 4}, NULL, 0, 5, 3}};
    OnavPlanarRing obstacles[] = {{obstacle, 3}};
    OnavPlanarOutlines outlines = {regions, 2, obstacles, 1};
    OnavNavMesh *first = NULL, *second = NULL;
    CHECK_OK(onav_nav_mesh_build_planar(settings, &outlines, &first, NULL));
    CHECK_OK(onav_nav_mesh_build_planar(settings, &outlines, &second, NULL));
    size_t len_a = 0, len_b = 0;
    uint8_t *a = saved(first, &len_a);
    uint8_t *b = saved(second, &len_b);
    CHECK(len_a > 0 && len_a == len_b && memcmp(a, b, len_a) == 0);
    free(a);
    free(b);
    onav_nav_mesh_free(first);
    onav_nav_mesh_free(second);
    onav_settings_free(settings);
}

static void test_build_planar_errors(void) {
    OnavSettings *settings = planar_settings();
    OnavError err = fresh_error();
    OnavNavMesh *mesh = NULL;
    OnavNavMesh *stale = (OnavNavMesh *)&err;
    OnavPlanarRegion regions[] = {{{outer, 4}, NULL, 0, -1, -1}};
    OnavPlanarOutlines outlines = {regions, 1, NULL, 0};
    CHECK_FAILS(onav_nav_mesh_build_planar(settings, &outlines, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(NULL, &outlines, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "settings");
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(settings, NULL, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "outlines");
    OnavPlanarRegion null_points[] = {{{NULL, 4}, NULL, 0, -1, -1}};
    OnavPlanarOutlines null_outline = {null_points, 1, NULL, 0};
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(settings, &null_outline, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "outlines.regions[0].outline");
    OnavDVec2 with_nan[] = {{0, 0}, {NAN, 0}, {4, 4}};
    OnavPlanarRegion nan_region[] = {{{with_nan, 3}, NULL, 0, -1, -1}};
    OnavPlanarOutlines nan_outlines = {nan_region, 1, NULL, 0};
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(settings, &nan_outlines, &mesh, &err), ONAV_E_OUT_OF_RANGE, &err,
                       "regions[0].outline[1].x");
    OnavDVec2 bow_tie[] = {{0, 0}, {4, 4}, {4, 0}, {0, 4}};
    OnavPlanarRing bow_tie_ring[] = {{bow_tie, 4}};
    OnavPlanarOutlines crossing = {regions, 1, bow_tie_ring, 1};
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(settings, &crossing, &mesh, &err), ONAV_E_FORMAT, &err,
                       "self-intersecting");
    OnavPlanarRegion bad_area[] = {{{outer, 4}, NULL, 0, 64, -1}};
    OnavPlanarOutlines area_outlines = {bad_area, 1, NULL, 0};
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(settings, &area_outlines, &mesh, &err), ONAV_E_OUT_OF_RANGE, &err,
                       "area");
    onav_settings_free(settings);
}

int main(void) {
    test_build_planar();
    test_build_planar_errors();
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
