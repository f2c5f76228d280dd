/*
 * Exercises the voxel 3D builder of onav.h: OnavTriangleGeometry (areas,
 * convex volumes), onav_nav_mesh_build_3d from a small in-memory level and
 * from the shared level nav_test.obj (read by a tiny OBJ reader below),
 * the progress callback (called on the calling thread, done counting 1 to
 * total in order) and cancellation through it, onav_nav_world_build_3d,
 * onav_nav_mesh_rebuild_tile_3d, and the error paths: NULL arguments, a
 * NaN vertex, an index out of range and the other input rules, each with
 * its outputs cleared.
 *
 * The in-memory level: a floor at height 0 from (0.5, 0.5) to (19.5,
 * 19.5) on tiles of 10 units from origin (0, 0, 0), so 2 x 2 tiles; the
 * edited level adds a platform 1.5 units up over (2..6, 2..6), inside
 * tile (0, 0).
 *
 * Built three times like test_api.c: static, shared, ASan+UBSan; the shared
 * build also runs under valgrind.
 */
#include "check.h"
#include "nav_mesh_bytes.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>

/* ---- Levels ----------------------------------------------------------- */

static const OnavDVec3 floor_vertices[] = {
    {0.5, 0.0, 0.5}, {19.5, 0.0, 0.5}, {19.5, 0.0, 19.5}, {0.5, 0.0, 19.5},
    {2.0, 1.5, 2.0}, {6.0, 1.5, 2.0}, {6.0, 1.5, 6.0}, {2.0, 1.5, 6.0},
};
/* Counter-clockwise seen from above (+Y), as walkable floors face. */
static const uint32_t floor_indices[] = {0, 2, 1, 0, 3, 2, 4, 6, 5, 4, 7, 6};
enum { FLOOR_INDICES = 6, EDITED_INDICES = 12, FLOOR_VERTICES = 4, EDITED_VERTICES = 8, FLOOR_TILES = 4 };

static OnavTriangleGeometry *new_geometry(const OnavDVec3 *vertices, size_t vertex_count, const uint32_t *indices,
                                          size_t index_count) {
    OnavTriangleGeometry *geometry = NULL;
    CHECK_OK(onav_triangle_geometry_create(vertices, vertex_count, indices, index_count, NULL, &geometry, NULL));
    return geometry;
}

static OnavTriangleGeometry *floor_geometry(void) {
    return new_geometry(floor_vertices, FLOOR_VERTICES, floor_indices, FLOOR_INDICES);
}

static OnavTriangleGeometry *edited_geometry(void) {
    return new_geometry(floor_vertices, EDITED_VERTICES, floor_indices, EDITED_INDICES);
}

static OnavSettings *floor_settings(void) {
    OnavSettings *settings = NULL;
    CHECK_OK(onav_settings_new(&settings, NULL));
    CHECK_OK(onav_settings_set_tile_size(settings, 10.0, NULL));
    return settings;
}

/* ---- Progress ------------------------------------------------------------ */

typedef struct {
    pthread_t caller;
    size_t cancel_at; /* answer nonzero once done reaches it; 0: never */
    size_t calls;
    size_t last_done;
    size_t total;
    int in_order;  /* every call's done was the previous one plus 1 */
    int on_caller; /* every call ran on the thread that started the build */
} Progress;

static Progress new_progress(size_t cancel_at) {
    Progress progress = {pthread_self(), cancel_at, 0, 0, 0, 1, 1};
    return progress;
}

static int32_t record_progress(size_t done, size_t total, void *user_data) {
    Progress *progress = user_data;
    progress->calls++;
    progress->in_order &= done == progress->calls;
    progress->on_caller &= pthread_equal(pthread_self(), progress->caller) != 0;
    progress->last_done = done;
    progress->total = total;
    return progress->cancel_at != 0 && done >= progress->cancel_at;
}

/* ---- Builds ---------------------------------------------------------------- */

static void test_build_in_memory(void) {
    OnavSettings *settings = floor_settings();
    OnavTriangleGeometry *geometry = floor_geometry();
    Progress progress = new_progress(0);
    OnavNavMesh *reported = NULL, *quiet = NULL;
    CHECK_OK(onav_nav_mesh_build_3d(settings, geometry, record_progress, &progress, &reported, NULL));
    CHECK(reported != NULL);
    CHECK(progress.total == FLOOR_TILES);
    CHECK(progress.calls == FLOOR_TILES && progress.last_done == progress.total);
    CHECK(progress.in_order && progress.on_caller);
    CHECK(tile_count(reported) == FLOOR_TILES);
    /* Reporting changes nothing: without a callback the bytes are equal. */
    CHECK_OK(onav_nav_mesh_build_3d(settings, geometry, NULL, NULL, &quiet, NULL));
    CHECK(same_meshes(reported, quiet));
    onav_nav_mesh_free(reported);
    onav_nav_mesh_free(quiet);
    onav_triangle_geometry_free(geometry);
    onav_settings_free(settings);
}

static void test_build_cancel(void) {
    OnavSettings *settings = floor_settings();
    OnavTriangleGeometry *geometry = floor_geometry();
    OnavError err = fresh_error();
    OnavNavMesh *stale = (OnavNavMesh *)&err;
    /* Cancelled at the first tile, and at the last: a cancel always wins. */
    const size_t cancel_at[] = {1, FLOOR_TILES};
    for (size_t i = 0; i < sizeof cancel_at / sizeof cancel_at[0]; i++) {
        Progress progress = new_progress(cancel_at[i]);
        OnavNavMesh *mesh = NULL;
        CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_3d(settings, geometry, record_progress, &progress, &mesh, &err),
                           ONAV_E_INVALID_OPERATION, &err, "cancelled");
        CHECK(progress.calls == cancel_at[i] && progress.on_caller);
    }
    onav_triangle_geometry_free(geometry);
    onav_settings_free(settings);
}

static void test_build_errors(void) {
    OnavSettings *settings = floor_settings();
    OnavTriangleGeometry *geometry = floor_geometry();
    OnavError err = fresh_error();
    OnavNavMesh *mesh = NULL;
    OnavNavMesh *stale = (OnavNavMesh *)&err;
    CHECK_FAILS(onav_nav_mesh_build_3d(settings, geometry, NULL, NULL, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out_mesh");
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_3d(NULL, geometry, NULL, NULL, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "settings");
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_3d(settings, NULL, NULL, NULL, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "geometry");
    /* An agent wider than a tile. */
    CHECK_OK(onav_settings_set_agent_radius(settings, 11.0f, NULL));
    CHECK_FAILS_CLEARS(mesh, stale, onav_nav_mesh_build_3d(settings, geometry, NULL, NULL, &mesh, &err), ONAV_E_OUT_OF_RANGE, &err,
                       "AgentRadius");
    onav_triangle_geometry_free(geometry);
    onav_settings_free(settings);
}

/* ---- Geometry --------------------------------------------------------------- */

static void test_geometry_errors(void) {
    OnavError err = fresh_error();
    OnavTriangleGeometry *geometry = NULL;
    OnavTriangleGeometry *stale = (OnavTriangleGeometry *)&err;
    OnavDVec3 nan_vertices[FLOOR_VERTICES];
    memcpy(nan_vertices, floor_vertices, sizeof nan_vertices);
    nan_vertices[1].y = NAN;
    const uint32_t past_end[] = {0, 1, FLOOR_VERTICES};
    const uint8_t bad_areas[] = {64, 0};

    CHECK_FAILS(onav_triangle_geometry_create(floor_vertices, FLOOR_VERTICES, floor_indices, FLOOR_INDICES, NULL, NULL, &err),
                ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS_CLEARS(geometry, stale, onav_triangle_geometry_create(NULL, FLOOR_VERTICES, floor_indices, FLOOR_INDICES, NULL, &geometry, &err),
                       ONAV_E_NULL_ARGUMENT, &err, "vertices");
    CHECK_FAILS_CLEARS(geometry, stale, onav_triangle_geometry_create(floor_vertices, FLOOR_VERTICES, NULL, FLOOR_INDICES, NULL, &geometry, &err),
                       ONAV_E_NULL_ARGUMENT, &err, "indices");
    CHECK_FAILS_CLEARS(geometry, stale, onav_triangle_geometry_create(nan_vertices, FLOOR_VERTICES, floor_indices, FLOOR_INDICES, NULL, &geometry, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "vertices[1].y");
    CHECK_FAILS_CLEARS(geometry, stale, onav_triangle_geometry_create(floor_vertices, FLOOR_VERTICES, past_end, 3, NULL, &geometry, &err),
                       ONAV_E_FORMAT, &err, "triangles[0][2]");
    CHECK_FAILS_CLEARS(geometry, stale, onav_triangle_geometry_create(floor_vertices, FLOOR_VERTICES, floor_indices, 4, NULL, &geometry, &err),
                       ONAV_E_FORMAT, &err, "multiple of 3");
    CHECK_FAILS_CLEARS(geometry, stale, onav_triangle_geometry_create(floor_vertices, FLOOR_VERTICES, NULL, 0, NULL, &geometry, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "triangles");
    CHECK_FAILS_CLEARS(geometry, stale, onav_triangle_geometry_create(floor_vertices, FLOOR_VERTICES, floor_indices, FLOOR_INDICES, bad_areas, &geometry, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "areas[0]");
}

static void test_geometry_areas_and_volumes(void) {
    OnavSettings *settings = floor_settings();
    OnavError err = fresh_error();
    /* Every triangle UNWALKABLE: nothing to build. */
    const uint8_t blocked[] = {ONAV_UNWALKABLE, ONAV_UNWALKABLE};
    OnavTriangleGeometry *geometry = NULL;
    CHECK_OK(onav_triangle_geometry_create(floor_vertices, FLOOR_VERTICES, floor_indices, FLOOR_INDICES, blocked, &geometry, NULL));
    OnavNavMesh *mesh = NULL;
    CHECK_OK(onav_nav_mesh_build_3d(settings, geometry, NULL, NULL, &mesh, NULL));
    CHECK(tile_count(mesh) == 0);
    onav_nav_mesh_free(mesh);
    onav_triangle_geometry_free(geometry);

    /* A volume blocking tile (0, 0) whole leaves the other three. */
    geometry = floor_geometry();
    const OnavDVec2 square[] = {{-1.0, -1.0}, {10.0, -1.0}, {10.0, 10.0}, {-1.0, 10.0}};
    CHECK_FAILS(onav_triangle_geometry_add_convex_volume(geometry, square, 2, -1.0, 1.0, ONAV_UNWALKABLE, &err), ONAV_E_FORMAT, &err,
                "volumes[0]");
    CHECK_FAILS(onav_triangle_geometry_add_convex_volume(geometry, square, 4, 1.0, -1.0, ONAV_UNWALKABLE, &err), ONAV_E_OUT_OF_RANGE,
                &err, "volumes[0]");
    CHECK_FAILS(onav_triangle_geometry_add_convex_volume(geometry, square, 4, -1.0, 1.0, 64, &err), ONAV_E_OUT_OF_RANGE, &err,
                "volumes[0]");
    CHECK_FAILS(onav_triangle_geometry_add_convex_volume(geometry, NULL, 4, -1.0, 1.0, 0, &err), ONAV_E_NULL_ARGUMENT, &err, "points");
    CHECK_FAILS(onav_triangle_geometry_add_convex_volume(NULL, square, 4, -1.0, 1.0, 0, &err), ONAV_E_NULL_ARGUMENT, &err, "geometry");
    CHECK_OK(onav_triangle_geometry_add_convex_volume(geometry, square, 4, -1.0, 1.0, ONAV_UNWALKABLE, NULL));
    CHECK_OK(onav_nav_mesh_build_3d(settings, geometry, NULL, NULL, &mesh, NULL));
    CHECK(tile_count(mesh) == FLOOR_TILES - 1);
    size_t len = 0;
    CHECK(tile_bytes(mesh, 0, 0, &len) == NULL);
    onav_nav_mesh_free(mesh);
    onav_triangle_geometry_free(geometry);
    onav_triangle_geometry_free(NULL);
    onav_settings_free(settings);
}

/* ---- The shared level -------------------------------------------------------- */

typedef struct {
    OnavDVec3 *vertices;
    size_t vertex_count;
    uint32_t *indices;
    size_t index_count;
    OnavDVec3 min;
} ObjLevel;

static void push_vertex(ObjLevel *level, size_t *cap, OnavDVec3 v) {
    if (level->vertex_count == *cap) {
        *cap = *cap ? *cap * 2 : 256;
        level->vertices = realloc(level->vertices, *cap * sizeof *level->vertices);
    }
    level->vertices[level->vertex_count++] = v;
}

static void push_index(ObjLevel *level, size_t *cap, uint32_t index) {
    if (level->index_count == *cap) {
        *cap = *cap ? *cap * 2 : 256;
        level->indices = realloc(level->indices, *cap * sizeof *level->indices);
    }
    level->indices[level->index_count++] = index;
}

/* The `v` and `f` lines of an OBJ file, faces as triangle fans (as tobj
 * triangulates them); 0 when the file cannot be read. */
static int read_obj(const char *path, ObjLevel *level) {
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        return 0;
    }
    memset(level, 0, sizeof *level);
    level->min = (OnavDVec3){INFINITY, INFINITY, INFINITY};
    size_t vertex_cap = 0, index_cap = 0;
    char line[1024];
    while (fgets(line, sizeof line, file) != NULL) {
        if (line[0] == 'v' && line[1] == ' ') {
            OnavDVec3 v;
            if (sscanf(line + 2, "%lf %lf %lf", &v.x, &v.y, &v.z) == 3) {
                push_vertex(level, &vertex_cap, v);
                level->min.x = fmin(level->min.x, v.x);
                level->min.y = fmin(level->min.y, v.y);
                level->min.z = fmin(level->min.z, v.z);
            }
        } else if (line[0] == 'f' && line[1] == ' ') {
            uint32_t corners[64];
            size_t count = 0;
            for (char *token = strtok(line + 2, " \t\r\n"); token != NULL && count < 64; token = strtok(NULL, " \t\r\n")) {
                corners[count++] = (uint32_t)(strtol(token, NULL, 10) - 1);
            }
            for (size_t k = 2; k < count; k++) {
                push_index(level, &index_cap, corners[0]);
                push_index(level, &index_cap, corners[k - 1]);
                push_index(level, &index_cap, corners[k]);
            }
        }
    }
    fclose(file);
    return 1;
}

/* RecastDemo's tile-mesh settings, origin at the level's minimum corner. */
static OnavSettings *recast_demo_settings(OnavDVec3 origin) {
    OnavSettings *s = NULL;
    CHECK_OK(onav_settings_new(&s, NULL));
    CHECK_OK(onav_settings_set_origin_x(s, origin.x, NULL));
    CHECK_OK(onav_settings_set_origin_y(s, origin.y, NULL));
    CHECK_OK(onav_settings_set_origin_z(s, origin.z, NULL));
    CHECK_OK(onav_settings_set_cell_size(s, 0.3, NULL));
    CHECK_OK(onav_settings_set_cell_height(s, 0.2, NULL));
    CHECK_OK(onav_settings_set_tile_size(s, (double)14.4f, NULL));
    CHECK_OK(onav_settings_set_agent_height(s, 2.0f, NULL));
    CHECK_OK(onav_settings_set_agent_radius(s, 0.6f, NULL));
    CHECK_OK(onav_settings_set_walkable_climb(s, 0.9f, NULL));
    CHECK_OK(onav_settings_set_max_edge_length(s, 12.0, NULL));
    CHECK_OK(onav_settings_set_min_region_area(s, 64, NULL));
    CHECK_OK(onav_settings_set_merge_region_area(s, 400, NULL));
    return s;
}

static void test_build_shared_level(void) {
    ObjLevel level;
    if (!read_obj(ONAV_MESHES_DIR "/nav_test.obj", &level)) {
        check(0, "read " ONAV_MESHES_DIR "/nav_test.obj", __FILE__, __LINE__);
        return;
    }
    OnavTriangleGeometry *geometry = NULL;
    CHECK_OK(onav_triangle_geometry_create(level.vertices, level.vertex_count, level.indices, level.index_count, NULL, &geometry, NULL));
    OnavSettings *settings = recast_demo_settings(level.min);
    Progress progress = new_progress(0);
    OnavNavMesh *mesh = NULL;
    CHECK_OK(onav_nav_mesh_build_3d(settings, geometry, record_progress, &progress, &mesh, NULL));
    CHECK(progress.total > FLOOR_TILES && progress.last_done == progress.total && progress.in_order && progress.on_caller);
    /* Tiles, not columns: a column of overlapping floors holds several. */
    CHECK(tile_count(mesh) > 0);
    onav_nav_mesh_free(mesh);
    onav_settings_free(settings);
    onav_triangle_geometry_free(geometry);
    free(level.vertices);
    free(level.indices);
}

/* ---- World ----------------------------------------------------------------------- */

static void test_world_build(void) {
    OnavSettings *classes[2] = {floor_settings(), floor_settings()};
    CHECK_OK(onav_settings_set_agent_radius(classes[1], 1.5f, NULL));
    OnavTriangleGeometry *geometry = floor_geometry();
    Progress progress = new_progress(0);
    OnavNavWorld *world = NULL;
    CHECK_OK(onav_nav_world_build_3d((const OnavSettings *const *)classes, 2, geometry, record_progress, &progress, &world, NULL));
    CHECK(progress.total == 2 * FLOOR_TILES && progress.calls == progress.total && progress.in_order && progress.on_caller);
    for (uint32_t i = 0; i < 2; i++) {
        OnavNavMesh *class_mesh = NULL, *alone = NULL;
        CHECK_OK(onav_nav_world_class(world, i, &class_mesh, NULL));
        CHECK_OK(onav_nav_mesh_build_3d(classes[i], geometry, NULL, NULL, &alone, NULL));
        CHECK(same_meshes(class_mesh, alone));
        onav_nav_mesh_free(class_mesh);
        onav_nav_mesh_free(alone);
    }
    onav_nav_world_free(world);

    OnavError err = fresh_error();
    OnavNavWorld *stale = (OnavNavWorld *)&err;
    Progress cancelling = new_progress(FLOOR_TILES + 1);
    CHECK_FAILS_CLEARS(world, stale, onav_nav_world_build_3d((const OnavSettings *const *)classes, 2, geometry, record_progress, &cancelling, &world, &err),
                       ONAV_E_INVALID_OPERATION, &err, "cancelled");
    const OnavSettings *with_null[2] = {classes[0], NULL};
    CHECK_FAILS_CLEARS(world, stale, onav_nav_world_build_3d(with_null, 2, geometry, NULL, NULL, &world, &err), ONAV_E_NULL_ARGUMENT, &err,
                       "classes[1]");
    CHECK_FAILS_CLEARS(world, stale, onav_nav_world_build_3d((const OnavSettings *const *)classes, 0, geometry, NULL, NULL, &world, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "class");
    CHECK_FAILS_CLEARS(world, stale, onav_nav_world_build_3d((const OnavSettings *const *)classes, 2, NULL, NULL, NULL, &world, &err),
                       ONAV_E_NULL_ARGUMENT, &err, "geometry");
    onav_triangle_geometry_free(geometry);
    onav_settings_free(classes[0]);
    onav_settings_free(classes[1]);
}

/* ---- Rebuild ---------------------------------------------------------------------- */

static void test_rebuild_tile(void) {
    OnavSettings *settings = floor_settings();
    OnavTriangleGeometry *before = floor_geometry();
    OnavTriangleGeometry *after = edited_geometry();
    OnavNavMesh *mesh = NULL, *full_after = NULL;
    CHECK_OK(onav_nav_mesh_build_3d(settings, before, NULL, NULL, &mesh, NULL));
    CHECK_OK(onav_nav_mesh_build_3d(settings, after, NULL, NULL, &full_after, NULL));
    size_t len_before = 0, len_rebuilt = 0, len_full = 0, len_neighbour = 0, len_neighbour_after = 0;
    uint8_t *tile_before = tile_bytes(mesh, 0, 0, &len_before);
    uint8_t *neighbour = tile_bytes(mesh, 1, 0, &len_neighbour);

    size_t count = 0;
    CHECK_OK(onav_nav_mesh_rebuild_tile_3d(mesh, after, 0, 0, &count, NULL));
    CHECK(count == 1);
    uint8_t *rebuilt = tile_bytes(mesh, 0, 0, &len_rebuilt);
    uint8_t *full = tile_bytes(full_after, 0, 0, &len_full);
    uint8_t *neighbour_after = tile_bytes(mesh, 1, 0, &len_neighbour_after);
    /* The edit shows in the rebuilt tile, exactly as a full build makes it;
     * the neighbour keeps its bytes. */
    CHECK(!same_bytes(tile_before, len_before, rebuilt, len_rebuilt));
    CHECK(same_bytes(rebuilt, len_rebuilt, full, len_full));
    CHECK(same_bytes(neighbour, len_neighbour, neighbour_after, len_neighbour_after));
    CHECK(tile_count(mesh) == FLOOR_TILES);

    /* Nothing walkable left in the column: the tile goes, the count is 0. */
    const uint8_t blocked[] = {ONAV_UNWALKABLE, ONAV_UNWALKABLE};
    OnavTriangleGeometry *none = NULL;
    CHECK_OK(onav_triangle_geometry_create(floor_vertices, FLOOR_VERTICES, floor_indices, FLOOR_INDICES, blocked, &none, NULL));
    count = 99;
    CHECK_OK(onav_nav_mesh_rebuild_tile_3d(mesh, none, 0, 0, &count, NULL));
    CHECK(count == 0);
    CHECK(tile_count(mesh) == FLOOR_TILES - 1);

    OnavError err = fresh_error();
    CHECK_FAILS_CLEARS(count, 7, onav_nav_mesh_rebuild_tile_3d(NULL, after, 0, 0, &count, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");
    CHECK_FAILS_CLEARS(count, 7, onav_nav_mesh_rebuild_tile_3d(mesh, NULL, 0, 0, &count, &err), ONAV_E_NULL_ARGUMENT, &err, "geometry");
    CHECK_FAILS(onav_nav_mesh_rebuild_tile_3d(mesh, after, 0, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out_count");

    free(tile_before);
    free(neighbour);
    free(rebuilt);
    free(full);
    free(neighbour_after);
    onav_triangle_geometry_free(none);
    onav_triangle_geometry_free(before);
    onav_triangle_geometry_free(after);
    onav_nav_mesh_free(mesh);
    onav_nav_mesh_free(full_after);
    onav_settings_free(settings);
}

int main(void) {
    test_build_in_memory();
    test_build_cancel();
    test_build_errors();
    test_geometry_errors();
    test_geometry_areas_and_volumes();
    test_build_shared_level();
    test_world_build();
    test_rebuild_tile();
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
