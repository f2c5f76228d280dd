/*
 * Exercises the exact 2D builder of onav.h (issue 22):
 * onav_nav_mesh_build_planar over OnavPlanarOutlines (a region with a hole,
 * a second region with its own area and flags, a triangular obstacle) on
 * 16-unit tiles, equal bytes from two builds, and the error paths: NULL
 * arguments and arrays, a NaN coordinate, a self-intersecting ring, an
 * area out of range and an outline wider than a mesh's tiles, each with
 * the output cleared; onav_nav_world_build_planar
 * (each class equals its single-class build) and
 * onav_nav_mesh_rebuild_tile_planar (a rebuilt tile equals the full build's,
 * a tile left without free space goes, a failing call changes nothing).
 *
 * Built three times like test_api.c: static, shared, ASan+UBSan; the shared
 * build also runs under valgrind.
 */
#include "check.h"
#include "nav_mesh_bytes.h"

#include <math.h>
#include <stdlib.h>

static const OnavDVec2 outer[] = {{0, 0}, {40, 0}, {40, 24}, {0, 24}};
static const OnavDVec2 hole[] = {{10, 8}, {14, 8}, {14, 16}, {10, 16}};
static const OnavDVec2 inner[] = {{20, 4}, {36, 4}, {36, 20}, {20, 20}};
static const OnavDVec2 obstacle[] = {{26, 10}, {30, 10}, {28, 14}};

static const OnavPlanarRing holes[] = {{hole, 4}};
static const OnavPlanarRegion regions[] = {{{outer, 4}, holes, 1, -1, -1}, {{inner, 4}, NULL, 0, 5, 3}};
static const OnavPlanarRing obstacles[] = {{obstacle, 3}};

/* A small box inside tile (1, 0) (x 16..32, z 0..16), then a wall over
 * x 31..41 that leaves tile (2, 0) (x 32..48) no free space. */
static const OnavDVec2 box[] = {{17, 1}, {19, 1}, {19, 3}, {17, 3}};
static const OnavDVec2 wall[] = {{31, -1}, {41, -1}, {41, 25}, {31, 25}};

static OnavSettings *planar_settings(void) {
    OnavSettings *settings = NULL;
    CHECK_OK(onav_settings_new(&settings, NULL));
    CHECK_OK(onav_settings_set_tile_size(settings, 16.0, NULL));
    CHECK_OK(onav_settings_set_cell_size(settings, 0.25, NULL));
    CHECK_OK(onav_settings_set_agent_radius(settings, 0.5f, NULL));
    return settings;
}

static void test_build_planar(void) {
    OnavSettings *settings = planar_settings();
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
    OnavPlanarRegion plain[] = {{{outer, 4}, NULL, 0, -1, -1}};
    OnavPlanarOutlines outlines = {plain, 1, NULL, 0};
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
    OnavPlanarOutlines crossing = {plain, 1, bow_tie_ring, 1};
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(settings, &crossing, &mesh, &err), ONAV_E_FORMAT, &err,
                       "self-intersecting");
    OnavPlanarRegion bad_area[] = {{{outer, 4}, NULL, 0, 64, -1}};
    OnavPlanarOutlines area_outlines = {bad_area, 1, NULL, 0};
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(settings, &area_outlines, &mesh, &err), ONAV_E_OUT_OF_RANGE, &err,
                       "area");
    /* 20 km square on 16-unit tiles: the area of 1 562 500 tiles, more
     * than a mesh's slots, refused before any tile is cut. */
    OnavDVec2 wide[] = {{-10000, -10000}, {10000, -10000}, {10000, 10000}, {-10000, 10000}};
    OnavPlanarRegion wide_region[] = {{{wide, 4}, NULL, 0, -1, -1}};
    OnavPlanarOutlines wide_outlines = {wide_region, 1, NULL, 0};
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_planar(settings, &wide_outlines, &mesh, &err), ONAV_E_OUT_OF_RANGE,
                       &err, "more area than the 1048575 tiles");
    onav_settings_free(settings);
}

static void test_world_build_planar(void) {
    OnavSettings *classes[2] = {planar_settings(), planar_settings()};
    CHECK_OK(onav_settings_set_agent_radius(classes[1], 1.25f, NULL));
    OnavPlanarOutlines outlines = {regions, 2, obstacles, 1};
    OnavNavWorld *world = NULL;
    CHECK_OK(onav_nav_world_build_planar((const OnavSettings *const *)classes, 2, &outlines, &world, NULL));
    size_t count = 0;
    CHECK_OK(onav_nav_world_class_count(world, &count, NULL));
    CHECK(count == 2);
    for (size_t i = 0; i < 2; i++) {
        OnavNavMesh *class_mesh = NULL, *alone = NULL;
        CHECK_OK(onav_nav_world_class(world, i, &class_mesh, NULL));
        CHECK_OK(onav_nav_mesh_build_planar(classes[i], &outlines, &alone, NULL));
        CHECK(same_meshes(class_mesh, alone));
        onav_nav_mesh_free(class_mesh);
        onav_nav_mesh_free(alone);
    }
    onav_nav_world_free(world);

    OnavError err = fresh_error();
    OnavNavWorld *stale = (OnavNavWorld *)&err;
    CHECK_FAILS(onav_nav_world_build_planar((const OnavSettings *const *)classes, 2, &outlines, NULL, &err), ONAV_E_NULL_ARGUMENT,
                &err, "out_world");
    CHECK_FAILS_CLEARS(world, stale, onav_nav_world_build_planar((const OnavSettings *const *)classes, 0, &outlines, &world, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "class");
    const OnavSettings *with_null[2] = {classes[0], NULL};
    CHECK_FAILS_CLEARS(world, stale, onav_nav_world_build_planar(with_null, 2, &outlines, &world, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "classes[1]");
    CHECK_FAILS_CLEARS(world, stale, onav_nav_world_build_planar((const OnavSettings *const *)classes, 2, NULL, &world, &err),
                       ONAV_E_NULL_ARGUMENT, &err, "outlines");
    onav_settings_free(classes[0]);
    onav_settings_free(classes[1]);
}

static void test_rebuild_tile_planar(void) {
    OnavSettings *settings = planar_settings();
    OnavPlanarOutlines before = {regions, 2, obstacles, 1};
    OnavPlanarRing boxed_rings[] = {{obstacle, 3}, {box, 4}};
    OnavPlanarOutlines boxed = {regions, 2, boxed_rings, 2};
    OnavNavMesh *mesh = NULL, *full_boxed = NULL;
    CHECK_OK(onav_nav_mesh_build_planar(settings, &before, &mesh, NULL));
    CHECK_OK(onav_nav_mesh_build_planar(settings, &boxed, &full_boxed, NULL));
    uint32_t tiles_before = tile_count(mesh);
    size_t len_before = 0, len_rebuilt = 0, len_full = 0, len_neighbour = 0, len_neighbour_after = 0;
    uint8_t *tile_before = tile_bytes(mesh, 1, 0, &len_before);
    uint8_t *neighbour = tile_bytes(mesh, 0, 0, &len_neighbour);

    size_t count = 0;
    CHECK_OK(onav_nav_mesh_rebuild_tile_planar(mesh, &boxed, 1, 0, &count, NULL));
    CHECK(count == 1);
    uint8_t *rebuilt = tile_bytes(mesh, 1, 0, &len_rebuilt);
    uint8_t *full = tile_bytes(full_boxed, 1, 0, &len_full);
    uint8_t *neighbour_after = tile_bytes(mesh, 0, 0, &len_neighbour_after);
    /* The box shows in the rebuilt tile exactly as a full build cuts it;
     * the neighbour keeps its bytes. */
    CHECK(!same_bytes(tile_before, len_before, rebuilt, len_rebuilt));
    CHECK(same_bytes(rebuilt, len_rebuilt, full, len_full));
    CHECK(same_bytes(neighbour, len_neighbour, neighbour_after, len_neighbour_after));
    CHECK(tile_count(mesh) == tiles_before);

    OnavPlanarRing walled_rings[] = {{obstacle, 3}, {box, 4}, {wall, 4}};
    OnavPlanarOutlines walled = {regions, 2, walled_rings, 3};
    size_t len_gone = 0;
    uint8_t *present = tile_bytes(mesh, 2, 0, &len_gone);
    CHECK(present != NULL);
    free(present);
    count = 99;
    CHECK_OK(onav_nav_mesh_rebuild_tile_planar(mesh, &walled, 2, 0, &count, NULL));
    CHECK(count == 0);
    CHECK(tile_count(mesh) == tiles_before - 1);
    CHECK(tile_bytes(mesh, 2, 0, &len_gone) == NULL);

    /* A failing call changes nothing. */
    size_t len_kept = 0, len_after_failures = 0;
    uint8_t *kept = saved(mesh, &len_kept);
    OnavError err = fresh_error();
    CHECK_FAILS_CLEARS(count, 7, onav_nav_mesh_rebuild_tile_planar(NULL, &boxed, 1, 0, &count, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "nav_mesh");
    CHECK_FAILS_CLEARS(count, 7, onav_nav_mesh_rebuild_tile_planar(mesh, NULL, 1, 0, &count, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "outlines");
    CHECK_FAILS(onav_nav_mesh_rebuild_tile_planar(mesh, &boxed, 1, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out_count");
    OnavDVec2 with_nan[] = {{0, 0}, {NAN, 0}, {4, 4}};
    OnavPlanarRing nan_ring[] = {{with_nan, 3}};
    OnavPlanarOutlines nan_outlines = {regions, 2, nan_ring, 1};
    CHECK_FAILS_CLEARS(count, 7, onav_nav_mesh_rebuild_tile_planar(mesh, &nan_outlines, 1, 0, &count, &err), ONAV_E_OUT_OF_RANGE,
                       &err, "obstacles[0][1].x");
    uint8_t *after_failures = saved(mesh, &len_after_failures);
    CHECK(same_bytes(kept, len_kept, after_failures, len_after_failures));

    free(kept);
    free(after_failures);
    free(tile_before);
    free(neighbour);
    free(rebuilt);
    free(full);
    free(neighbour_after);
    onav_nav_mesh_free(mesh);
    onav_nav_mesh_free(full_boxed);
    onav_settings_free(settings);
}

int main(void) {
    test_build_planar();
    test_build_planar_errors();
    test_world_build_planar();
    test_rebuild_tile_planar();
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
