/*
 * Exercises the tier-1 part of onav.h: OnavSettings (every getter and
 * validating setter, partition, authored links, parameters), the hand-over
 * onav_tile_assemble, OnavNavMesh (2D build with an authored link, rebuild,
 * ONNM save/load, bare ONPM with caller settings, the bridge to OnavMesh)
 * and OnavNavWorld (classes, ClassFor, ONNW), with every error path: NULL
 * arguments, size queries, range, format, version and fingerprint errors.
 *
 * The 2D grid: tiles of 16 units from origin (-8, _, 4), the plane at
 * height 2.5, each tile covered by 2x2 squares; the authored link runs from
 * world (-6, 2.5, 6) in tile (0,0) to (10, 2.5, 6) in tile (1,0).
 *
 * Built three times like test_api.c: static, shared, ASan+UBSan; the shared
 * build also runs under valgrind.
 */
#include "check.h"
#include "test_params.h"

#include <math.h>
#include <stdlib.h>

/* ---- Settings ------------------------------------------------------- */

/* Field by field: OnavParams has padding that memcmp would compare. */
static int same_params(const OnavParams *a, const OnavParams *b) {
    return a->origin_x == b->origin_x && a->origin_y == b->origin_y && a->origin_z == b->origin_z &&
           a->tile_size == b->tile_size && a->cell_size == b->cell_size && a->max_verts_per_poly == b->max_verts_per_poly &&
           a->walkable_climb == b->walkable_climb && a->agent_radius == b->agent_radius && a->agent_height == b->agent_height &&
           a->agent_max_slope == b->agent_max_slope && a->settings_digest == b->settings_digest;
}

static OnavSettings *new_settings(void) {
    OnavSettings *settings = NULL;
    CHECK_OK(onav_settings_new(&settings, NULL));
    return settings;
}

static const OnavOffMeshLinkDefinition grid_link = {{-6.0, 2.5, 6.0}, {10.0, 2.5, 6.0}, 1.0, 1, 4, 2, 42};

/* The grid's settings with the authored link. */
static OnavSettings *grid_settings(void) {
    OnavSettings *s = new_settings();
    CHECK_OK(onav_settings_set_origin_x(s, -8.0, NULL));
    CHECK_OK(onav_settings_set_origin_z(s, 4.0, NULL));
    CHECK_OK(onav_settings_set_tile_size(s, 16.0, NULL));
    CHECK_OK(onav_settings_set_height(s, 2.5, NULL));
    CHECK_OK(onav_settings_set_area(s, 7, NULL));
    CHECK_OK(onav_settings_set_flags(s, 0x0101, NULL));
    CHECK_OK(onav_settings_set_off_mesh_links(s, &grid_link, 1, NULL));
    return s;
}

/*
 * One table per C type of setter: each row sets a valid value, then an
 * out-of-range one that must fail naming the field and leave the valid
 * value in place. has_bad is 0 only for Flags, where every uint16_t is valid.
 */
#define DEFINE_FIELD_CASES(suffix, type)                                                                     \
    typedef struct {                                                                                         \
        const char *field;                                                                                   \
        int32_t (*get)(const OnavSettings *, type *, OnavError *);                                          \
        int32_t (*set)(OnavSettings *, type, OnavError *);                                                  \
        type good;                                                                                           \
        int has_bad;                                                                                         \
        type bad;                                                                                            \
    } FieldCase_##suffix;                                                                                    \
    static void run_field_cases_##suffix(const FieldCase_##suffix *cases, size_t count) {                   \
        for (size_t i = 0; i < count; i++) {                                                                 \
            const FieldCase_##suffix *c = &cases[i];                                                         \
            OnavSettings *s = new_settings();                                                                \
            OnavError err = fresh_error();                                                                   \
            type value;                                                                                      \
            CHECK_OK(c->set(s, c->good, &err));                                                              \
            CHECK_OK(c->get(s, &value, &err));                                                               \
            CHECK(value == c->good);                                                                         \
            if (c->has_bad) {                                                                                \
                CHECK_FAILS(c->set(s, c->bad, &err), ONAV_E_OUT_OF_RANGE, &err, c->field);                  \
                CHECK_OK(c->get(s, &value, &err));                                                           \
                CHECK(value == c->good);                                                                     \
            }                                                                                                \
            CHECK_FAILS(c->set(NULL, c->good, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");               \
            CHECK_FAILS(c->get(NULL, &value, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");                \
            CHECK_FAILS(c->get(s, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");                          \
            onav_settings_free(s);                                                                           \
        }                                                                                                    \
    }

DEFINE_FIELD_CASES(f64, double)
DEFINE_FIELD_CASES(f32, float)
DEFINE_FIELD_CASES(i32, int32_t)
DEFINE_FIELD_CASES(u16, uint16_t)
DEFINE_FIELD_CASES(u8, uint8_t)

#define FIELD(name, field, good, bad) {field, onav_settings_##name, onav_settings_set_##name, good, 1, bad}
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static void test_settings_fields(void) {
    const FieldCase_f64 f64_cases[] = {
        FIELD(origin_x, "OriginX", -100.5, 2097152.0),
        FIELD(origin_y, "OriginY", 3.0, NAN),
        FIELD(origin_z, "OriginZ", 7.0, -INFINITY),
        FIELD(tile_size, "TileSize", 48.0, 0.1),
        FIELD(cell_size, "CellSize", 0.5, 0.0),
        FIELD(cell_height, "CellHeight", 0.1, -0.1),
        FIELD(max_edge_length, "MaxEdgeLength", 20.0, -1.0),
        FIELD(detail_sample_distance, "DetailSampleDistance", 3.0, INFINITY),
        FIELD(detail_max_error, "DetailMaxError", 0.5, -2.0),
        FIELD(height, "Height", -12.0, 3.0e6),
    };
    const FieldCase_f32 f32_cases[] = {
        FIELD(agent_radius, "AgentRadius", 0.75f, -0.5f),
        FIELD(agent_height, "AgentHeight", 1.5f, NAN),
        FIELD(walkable_climb, "WalkableClimb", 0.25f, -1.0f),
        FIELD(agent_max_slope, "AgentMaxSlope", 60.0f, 90.5f),
        FIELD(contour_max_error, "ContourMaxError", 2.0f, INFINITY),
    };
    const FieldCase_i32 i32_cases[] = {
        FIELD(snap_bits, "SnapBits", 12, 25),
        FIELD(min_region_area, "MinRegionArea", 3, -1),
        FIELD(merge_region_area, "MergeRegionArea", 0, INT32_MIN),
    };
    const FieldCase_u16 u16_cases[] = {
        FIELD(max_verts_per_poly, "MaxVertsPerPoly", 16, 17),
        {"Flags", onav_settings_flags, onav_settings_set_flags, 0xFFFF, 0, 0},
    };
    const FieldCase_u8 u8_cases[] = {FIELD(area, "Area", 63, 64)};
    run_field_cases_f64(f64_cases, COUNT(f64_cases));
    run_field_cases_f32(f32_cases, COUNT(f32_cases));
    run_field_cases_i32(i32_cases, COUNT(i32_cases));
    run_field_cases_u16(u16_cases, COUNT(u16_cases));
    run_field_cases_u8(u8_cases, COUNT(u8_cases));
    /* 21 scalar fields plus Partition: every setter is in a table. */
    CHECK(COUNT(f64_cases) + COUNT(f32_cases) + COUNT(i32_cases) + COUNT(u16_cases) + COUNT(u8_cases) == 21);

    /* A few defaults, and the other SnapBits boundary. */
    OnavSettings *s = new_settings();
    double tile_size = 0;
    int32_t snap_bits = 0;
    uint8_t area = 0;
    CHECK_OK(onav_settings_tile_size(s, &tile_size, NULL));
    CHECK_OK(onav_settings_snap_bits(s, &snap_bits, NULL));
    CHECK_OK(onav_settings_area(s, &area, NULL));
    CHECK(tile_size == 32.0 && snap_bits == -1 && area == 63);
    OnavError err = fresh_error();
    CHECK_FAILS(onav_settings_set_snap_bits(s, -2, &err), ONAV_E_OUT_OF_RANGE, &err, "SnapBits");
    onav_settings_free(s);
}

static void test_settings_partition(void) {
    OnavSettings *s = new_settings();
    OnavError err = fresh_error();
    int32_t partition = -1;
    CHECK_OK(onav_settings_partition(s, &partition, &err));
    CHECK(partition == ONAV_PARTITION_WATERSHED);
    CHECK_OK(onav_settings_set_partition(s, ONAV_PARTITION_LAYERS, &err));
    CHECK_FAILS(onav_settings_set_partition(s, 3, &err), ONAV_E_OUT_OF_RANGE, &err, "Partition");
    CHECK_FAILS(onav_settings_set_partition(s, -1, &err), ONAV_E_OUT_OF_RANGE, &err, "Partition");
    CHECK_OK(onav_settings_partition(s, &partition, &err));
    CHECK(partition == ONAV_PARTITION_LAYERS);
    CHECK_OK(onav_settings_set_partition(s, ONAV_PARTITION_MONOTONE, &err));
    CHECK_OK(onav_settings_partition(s, &partition, &err));
    CHECK(partition == 1);
    CHECK_FAILS(onav_settings_set_partition(NULL, 0, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_FAILS(onav_settings_partition(s, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_settings_partition(NULL, &partition, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    onav_settings_free(s);
}

static void test_settings_links(void) {
    OnavSettings *s = new_settings();
    OnavError err = fresh_error();
    OnavOffMeshLinkDefinition links[2] = {grid_link, grid_link};
    links[1].user_id = 43;
    links[1].bidirectional = 0;
    CHECK_OK(onav_settings_set_off_mesh_links(s, links, 2, &err));

    OnavOffMeshLinkDefinition back[3];
    size_t len = 0;
    CHECK_FAILS(onav_settings_off_mesh_links(s, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "2 elements");
    CHECK(len == 2);
    len = 0;
    CHECK_FAILS(onav_settings_off_mesh_links(s, back, 1, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 2);
    CHECK_FAILS(onav_settings_off_mesh_links(s, back, 3, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_settings_off_mesh_links(NULL, back, 3, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    memset(back, 0, sizeof back);
    CHECK_OK(onav_settings_off_mesh_links(s, back, 3, &len, &err));
    CHECK(len == 2 && memcmp(back, links, sizeof links) == 0);

    /* Each rejected list leaves the two links in place. */
    OnavOffMeshLinkDefinition bad[2] = {grid_link, grid_link};
    bad[1].bidirectional = 2;
    CHECK_FAILS(onav_settings_set_off_mesh_links(s, bad, 2, &err), ONAV_E_OUT_OF_RANGE, &err, "OffMeshLinks[1]");
    bad[1] = grid_link;
    bad[1].radius = 0.0;
    CHECK_FAILS(onav_settings_set_off_mesh_links(s, bad, 2, &err), ONAV_E_OUT_OF_RANGE, &err, "OffMeshLinks[1]");
    bad[1] = grid_link;
    bad[1].area = 64;
    CHECK_FAILS(onav_settings_set_off_mesh_links(s, bad, 2, &err), ONAV_E_OUT_OF_RANGE, &err, "area");
    bad[0].end.y = NAN;
    CHECK_FAILS(onav_settings_set_off_mesh_links(s, bad, 2, &err), ONAV_E_OUT_OF_RANGE, &err, "OffMeshLinks[0]");
    CHECK_FAILS(onav_settings_set_off_mesh_links(s, NULL, 1, &err), ONAV_E_NULL_ARGUMENT, &err, "links");
    CHECK_FAILS(onav_settings_set_off_mesh_links(NULL, links, 1, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_OK(onav_settings_off_mesh_links(s, back, 3, &len, &err));
    CHECK(len == 2);

    /* NULL with count 0 clears them; the copy-out then needs no buffer. */
    CHECK_OK(onav_settings_set_off_mesh_links(s, NULL, 0, &err));
    CHECK_OK(onav_settings_off_mesh_links(s, NULL, 0, &len, &err));
    CHECK(len == 0);
    onav_settings_free(s);
}

static void test_settings_clone_and_params(void) {
    OnavSettings *s = grid_settings();
    OnavError err = fresh_error();
    OnavParams params;
    CHECK_OK(onav_settings_to_params(s, &params, &err));
    CHECK(params.origin_x == -8.0 && params.origin_z == 4.0 && params.tile_size == 16.0 && params.cell_size == 0.25);
    CHECK(params.max_verts_per_poly == 6 && params.agent_radius == 0.5f && params.settings_digest != 0);
    CHECK_OK(onav_params_validate(&params, &err));

    /* The clone is independent, and a digest field changes the digest. */
    OnavSettings *copy = NULL;
    CHECK_OK(onav_settings_clone(s, &copy, &err));
    CHECK_OK(onav_settings_set_detail_max_error(copy, 2.0, &err));
    OnavParams copy_params;
    CHECK_OK(onav_settings_to_params(copy, &copy_params, &err));
    CHECK(copy_params.settings_digest != params.settings_digest);
    OnavParams again;
    CHECK_OK(onav_settings_to_params(s, &again, &err));
    CHECK(same_params(&again, &params));

    /* TileSize above 8192 * CellSize: each value alone is in range. */
    CHECK_OK(onav_settings_set_cell_size(copy, 0.001, &err));
    CHECK_FAILS(onav_settings_to_params(copy, &copy_params, &err), ONAV_E_OUT_OF_RANGE, &err, "TileSize");
    CHECK_FAILS(onav_settings_to_params(NULL, &params, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_FAILS(onav_settings_to_params(s, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    OnavSettings *none = NULL;
    CHECK_FAILS_CLEARS(none, copy, onav_settings_clone(NULL, &none, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_FAILS(onav_settings_clone(s, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_settings_new(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_settings_free(copy);
    onav_settings_free(s);
    onav_settings_free(NULL);
}

/* ---- Tile assembly -------------------------------------------------- */

static OnavParams square_params(void) {
    return test_params(32.0);
}

/* Tile (1,0) covered by two clockwise triangles; vertex 2 lies a hair
 * (within cell_size/1024) outside the corner and snaps onto it. */
static const OnavDVec3 square_world[] = {{32, 5, 0}, {64, 5, 0}, {64.0001, 5, 32}, {32, 5, 32}};
static const uint8_t square_counts[] = {3, 3};
static const uint32_t square_clockwise[] = {0, 2, 1, 0, 3, 2};
static const uint16_t square_flags[] = {5, 6};

static OnavTilePolygons square_polygons(void) {
    OnavTilePolygons p;
    memset(&p, 0, sizeof p);
    p.tile_x = 1;
    p.origin_y = 5.0;
    p.layer = 2;
    p.vertices = square_world;
    p.vertex_count = 4;
    p.vertex_counts = square_counts;
    p.polygon_count = 2;
    p.indices = square_clockwise;
    p.index_count = 6;
    p.flags = square_flags;
    return p;
}

static void check_polygon(const OnavTile *tile, uint32_t index, const uint32_t indices[3], const uint32_t neighbours[3],
                          const uint8_t sides[3], uint16_t flags) {
    OnavPolygonInfo info;
    CHECK_OK(onav_tile_polygon(tile, index, &info, NULL));
    CHECK(info.polygon.vertex_count == 3 && info.polygon.area == 0 && info.polygon.flags == flags);
    for (int k = 0; k < 3; k++) {
        CHECK(info.indices[k] == indices[k]);
        CHECK(info.neighbours[k] == neighbours[k]);
        CHECK(info.portal_sides[k] == sides[k]);
    }
}

static void test_tile_assemble(void) {
    OnavParams params = square_params();
    OnavTilePolygons polygons = square_polygons();
    OnavError err = fresh_error();
    OnavTile *tile = NULL;
    CHECK_OK(onav_tile_assemble(&params, &polygons, &tile, &err));

    OnavTileInfo info;
    CHECK_OK(onav_tile_info(tile, &info, &err));
    CHECK(info.tile_x == 1 && info.tile_z == 0 && info.layer == 2 && info.origin_y == 5.0);
    CHECK(info.polygon_count == 2 && info.edge_count == 6 && info.portal_edge_count == 4);
    OnavVec3 corner;
    CHECK_OK(onav_tile_vertex(tile, 2, &corner, &err));
    CHECK(corner.x == 32.0f && corner.y == 0.0f && corner.z == 32.0f); /* snapped */

    /* Reversed to (1 2 0) and (2 3 0); the diagonal 2-0 links them; the
     * outer edges are portals of sides +X (0), +Z (1), -X (2), -Z (3). */
    const uint32_t first[] = {1, 2, 0}, second[] = {2, 3, 0};
    const uint32_t first_links[] = {0, 2, 0}, second_links[] = {0, 0, 1};
    const uint8_t first_sides[] = {0, 0xFF, 3}, second_sides[] = {1, 2, 0xFF};
    check_polygon(tile, 0, first, first_links, first_sides, 5);
    check_polygon(tile, 1, second, second_links, second_sides, 6);
    onav_tile_free(tile);
}

static void test_tile_assemble_errors(void) {
    OnavParams params = square_params();
    OnavTilePolygons polygons = square_polygons();
    OnavError err = fresh_error();
    OnavTile *sentinel = (OnavTile *)&err; /* never dereferenced: a stale handle value */
    OnavTile *tile = sentinel;

    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_assemble(NULL, &polygons, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_assemble(&params, NULL, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "polygons");
    CHECK_FAILS(onav_tile_assemble(&params, &polygons, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    polygons.vertices = NULL;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_assemble(&params, &polygons, &tile, &err), ONAV_E_NULL_ARGUMENT, &err, "polygons->vertices");
    polygons = square_polygons();
    polygons.index_count = 5;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_assemble(&params, &polygons, &tile, &err), ONAV_E_FORMAT, &err, "indices");
    polygons = square_polygons();
    const uint8_t too_high[] = {0, 64};
    polygons.areas = too_high;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_assemble(&params, &polygons, &tile, &err), ONAV_E_FORMAT, &err, "polygon 1");
    polygons = square_polygons();
    const OnavDVec3 far_away[] = {{32, 5, 0}, {64, 5, 0}, {64, 5, 32}, {32, 3.0e6, 32}};
    polygons.vertices = far_away;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_assemble(&params, &polygons, &tile, &err), ONAV_E_OUT_OF_RANGE, &err, "vertices[3].y");
    polygons = square_polygons();
    params.max_verts_per_poly = 2;
    CHECK_FAILS_CLEARS(tile, sentinel, onav_tile_assemble(&params, &polygons, &tile, &err), ONAV_E_OUT_OF_RANGE, &err, "MaxVertsPerPoly");
}

/* ---- 2D input ------------------------------------------------------- */

enum { GRID_N = 2, GRID_VERTS = (GRID_N + 1) * (GRID_N + 1), GRID_QUADS = GRID_N * GRID_N };
static const double GRID_ORIGIN_X = -8.0, GRID_ORIGIN_Z = 4.0, GRID_TILE = 16.0;

/* The arrays behind one OnavTileInput2d. */
typedef struct {
    OnavDVec2 vertices[GRID_VERTS];
    uint8_t counts[GRID_QUADS];
    uint32_t indices[4 * GRID_QUADS];
} TileArrays;

/* Tile (x, z) covered by `n` x `n` counter-clockwise squares (n <= GRID_N). */
static OnavTileInput2d square_tile_2d(TileArrays *a, int32_t x, int32_t z, int n) {
    const double step = GRID_TILE / n;
    for (int j = 0; j <= n; j++) {
        for (int i = 0; i <= n; i++) {
            a->vertices[j * (n + 1) + i].x = GRID_ORIGIN_X + x * GRID_TILE + i * step;
            a->vertices[j * (n + 1) + i].y = GRID_ORIGIN_Z + z * GRID_TILE + j * step;
        }
    }
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < n; i++) {
            uint32_t *q = &a->indices[4 * (j * n + i)];
            a->counts[j * n + i] = 4;
            q[0] = (uint32_t)(j * (n + 1) + i);
            q[1] = q[0] + 1;
            q[2] = q[1] + (uint32_t)(n + 1);
            q[3] = q[0] + (uint32_t)(n + 1);
        }
    }
    OnavTileInput2d t;
    memset(&t, 0, sizeof t);
    t.tile_x = x;
    t.tile_z = z;
    t.vertices = a->vertices;
    t.vertex_count = (size_t)((n + 1) * (n + 1));
    t.vertex_counts = a->counts;
    t.polygon_count = (size_t)(n * n);
    t.indices = a->indices;
    t.index_count = (size_t)(4 * n * n);
    return t;
}

enum { GRID_TILES = 4 };

/* The 2x2 grid, listed out of order (the build sorts). */
static void grid_input(TileArrays arrays[GRID_TILES], OnavTileInput2d tiles[GRID_TILES]) {
    const int32_t at[GRID_TILES][2] = {{1, 1}, {0, 0}, {1, 0}, {0, 1}};
    for (int i = 0; i < GRID_TILES; i++) {
        tiles[i] = square_tile_2d(&arrays[i], at[i][0], at[i][1], GRID_N);
    }
}

static OnavNavMesh *build_grid(const OnavSettings *settings) {
    TileArrays arrays[GRID_TILES];
    OnavTileInput2d tiles[GRID_TILES];
    grid_input(arrays, tiles);
    OnavNavMesh *mesh = NULL;
    CHECK_OK(onav_nav_mesh_build_2d(settings, tiles, GRID_TILES, &mesh, NULL));
    return mesh;
}

typedef int32_t (*NavMeshWriter)(const OnavNavMesh *, uint8_t *, size_t, size_t *, OnavError *);

/* Bytes from `write` (onav_nav_mesh_save or _write_mesh), sized by a
 * query first; free with free(). */
static uint8_t *nav_mesh_bytes(const OnavNavMesh *mesh, NavMeshWriter write, size_t *len) {
    OnavError err = fresh_error();
    *len = 0;
    CHECK_FAILS(write(mesh, NULL, 0, len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "bytes");
    uint8_t *bytes = malloc(*len + 1);
    CHECK(bytes != NULL);
    size_t written = 0;
    CHECK_OK(write(mesh, bytes, *len + 1, &written, &err));
    CHECK(written == *len);
    return bytes;
}

static uint8_t *world_bytes(const OnavNavWorld *world, size_t *len) {
    OnavError err = fresh_error();
    *len = 0;
    CHECK_FAILS(onav_nav_world_save(world, NULL, 0, len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "bytes");
    uint8_t *bytes = malloc(*len);
    CHECK(bytes != NULL);
    size_t written = 0;
    CHECK_OK(onav_nav_world_save(world, bytes, *len, &written, &err));
    CHECK(written == *len);
    return bytes;
}

/* Both meshes save to the same ONNM bytes. */
static int same_save(const OnavNavMesh *a, const OnavNavMesh *b) {
    size_t a_len = 0, b_len = 0;
    uint8_t *a_bytes = nav_mesh_bytes(a, onav_nav_mesh_save, &a_len);
    uint8_t *b_bytes = nav_mesh_bytes(b, onav_nav_mesh_save, &b_len);
    int same = a_len == b_len && memcmp(a_bytes, b_bytes, a_len) == 0;
    free(a_bytes);
    free(b_bytes);
    return same;
}

/* ---- Tier-1 mesh ---------------------------------------------------- */

/* The grid through the OnavMesh bridge: four tiles, the authored link baked
 * into tile (0,0) only. */
static void test_nav_mesh_build_2d(void) {
    OnavSettings *settings = grid_settings();
    OnavNavMesh *nav = build_grid(settings);
    OnavError err = fresh_error();
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_nav_mesh_mesh_clone(nav, &mesh, &err));
    uint32_t count = 0;
    CHECK_OK(onav_mesh_tile_count(mesh, &count, &err));
    CHECK(count == GRID_TILES);

    uint64_t ref = 0;
    CHECK_OK(onav_mesh_tile_at(mesh, 0, 0, 0, &ref, &err));
    OnavTile *tile = NULL;
    CHECK_OK(onav_mesh_tile(mesh, ref, &tile, &err));
    OnavTileInfo info;
    CHECK_OK(onav_tile_info(tile, &info, &err));
    CHECK(info.polygon_count == GRID_QUADS && info.off_mesh_link_count == 1 && info.origin_y == 2.5);
    OnavOffMeshLink link;
    CHECK_OK(onav_tile_off_mesh_link(tile, 0, &link, &err));
    CHECK(link.user_id == 42 && link.bidirectional == 1 && link.area == 4 && link.flags == 2);
    CHECK(link.start.x == 2.0f && link.start.z == 2.0f && link.end.x == 18.0f);
    OnavPolygonInfo poly;
    CHECK_OK(onav_tile_polygon(tile, 0, &poly, &err));
    CHECK(poly.polygon.area == 7 && poly.polygon.flags == 0x0101); /* the settings' defaults */
    onav_tile_free(tile);

    CHECK_OK(onav_mesh_tile_at(mesh, 1, 0, 0, &ref, &err));
    CHECK_OK(onav_mesh_tile_info(mesh, ref, &info, &err));
    CHECK(info.off_mesh_link_count == 0);

    /* The clone's ONPM bytes are onav_nav_mesh_write_mesh's. */
    size_t onpm_len = 0, clone_len = 0;
    uint8_t *onpm = nav_mesh_bytes(nav, onav_nav_mesh_write_mesh, &onpm_len);
    CHECK(onav_mesh_write(mesh, NULL, 0, &clone_len, NULL) == ONAV_E_BUFFER_TOO_SMALL);
    uint8_t *clone_bytes = malloc(clone_len);
    CHECK_OK(onav_mesh_write(mesh, clone_bytes, clone_len, &clone_len, &err));
    CHECK(clone_len == onpm_len && memcmp(onpm, clone_bytes, onpm_len) == 0);
    CHECK(memcmp(onpm, "ONPM", 4) == 0);
    free(clone_bytes);
    free(onpm);

    /* Equal input gives equal bytes, whatever the input order. */
    TileArrays arrays[GRID_TILES];
    OnavTileInput2d tiles[GRID_TILES], reversed[GRID_TILES];
    grid_input(arrays, tiles);
    for (int i = 0; i < GRID_TILES; i++) {
        reversed[i] = tiles[GRID_TILES - 1 - i];
    }
    OnavNavMesh *again = NULL;
    CHECK_OK(onav_nav_mesh_build_2d(settings, reversed, GRID_TILES, &again, &err));
    CHECK(same_save(nav, again));
    onav_nav_mesh_free(again);

    onav_mesh_free(mesh);
    onav_nav_mesh_free(nav);
    onav_settings_free(settings);
}

static void test_nav_mesh_build_errors(void) {
    OnavSettings *settings = grid_settings();
    TileArrays arrays[GRID_TILES];
    OnavTileInput2d tiles[GRID_TILES];
    grid_input(arrays, tiles);
    OnavError err = fresh_error();
    OnavNavMesh *sentinel = (OnavNavMesh *)&err;
    OnavNavMesh *nav = sentinel;

    CHECK_FAILS_CLEARS(nav, sentinel, onav_nav_mesh_build_2d(NULL, tiles, GRID_TILES, &nav, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_FAILS_CLEARS(nav, sentinel, onav_nav_mesh_build_2d(settings, NULL, 1, &nav, &err), ONAV_E_NULL_ARGUMENT, &err, "tiles");
    CHECK_FAILS(onav_nav_mesh_build_2d(settings, tiles, GRID_TILES, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    tiles[1].indices = NULL;
    CHECK_FAILS(onav_nav_mesh_build_2d(settings, tiles, GRID_TILES, &nav, &err), ONAV_E_NULL_ARGUMENT, &err,
                "tiles[1].indices");
    grid_input(arrays, tiles);
    tiles[2].index_count -= 1;
    CHECK_FAILS_CLEARS(nav, sentinel, onav_nav_mesh_build_2d(settings, tiles, GRID_TILES, &nav, &err), ONAV_E_FORMAT, &err, "indices");
    grid_input(arrays, tiles);
    tiles[3] = tiles[0];
    CHECK_FAILS_CLEARS(nav, sentinel, onav_nav_mesh_build_2d(settings, tiles, GRID_TILES, &nav, &err), ONAV_E_INVALID_OPERATION, &err, "twice");

    /* Authored links beyond MaxLocalExtent (4096 here) of the start tile:
     * in X or Z the build fails naming the link, in Y the link is dropped. */
    grid_input(arrays, tiles);
    OnavOffMeshLinkDefinition far = grid_link;
    far.end.x = 5000.0;
    CHECK_OK(onav_settings_set_off_mesh_links(settings, &far, 1, &err));
    CHECK_FAILS_CLEARS(nav, sentinel, onav_nav_mesh_build_2d(settings, tiles, GRID_TILES, &nav, &err), ONAV_E_OUT_OF_RANGE, &err, "OffMeshLinks[0]");
    far = grid_link;
    far.end.y = 5000.0;
    CHECK_OK(onav_settings_set_off_mesh_links(settings, &far, 1, &err));
    OnavNavMesh *dropped = NULL;
    CHECK_OK(onav_nav_mesh_build_2d(settings, tiles, GRID_TILES, &dropped, &err));
    OnavMesh *mesh = NULL;
    uint64_t ref = 0;
    OnavTileInfo info;
    CHECK_OK(onav_nav_mesh_mesh_clone(dropped, &mesh, &err));
    CHECK_OK(onav_mesh_tile_at(mesh, 0, 0, 0, &ref, &err));
    CHECK_OK(onav_mesh_tile_info(mesh, ref, &info, &err));
    CHECK(info.off_mesh_link_count == 0);
    onav_mesh_free(mesh);
    onav_nav_mesh_free(dropped);

    /* No tiles at all: an empty mesh, as onav_nav_mesh_new gives. */
    OnavNavMesh *empty_build = NULL, *empty_new = NULL;
    CHECK_OK(onav_nav_mesh_build_2d(settings, NULL, 0, &empty_build, &err));
    CHECK_OK(onav_nav_mesh_new(settings, &empty_new, &err));
    CHECK(same_save(empty_build, empty_new));
    onav_nav_mesh_free(empty_build);
    onav_nav_mesh_free(empty_new);
    CHECK_FAILS_CLEARS(nav, sentinel, onav_nav_mesh_new(NULL, &nav, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_FAILS(onav_nav_mesh_new(settings, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_OK(onav_settings_set_cell_size(settings, 0.001, &err));
    CHECK_FAILS_CLEARS(nav, sentinel, onav_nav_mesh_new(settings, &nav, &err), ONAV_E_OUT_OF_RANGE, &err, "TileSize");
    onav_settings_free(settings);
}

static void test_nav_mesh_rebuild(void) {
    OnavSettings *settings = grid_settings();
    OnavNavMesh *nav = build_grid(settings);
    OnavError err = fresh_error();
    OnavMesh *before = NULL;
    CHECK_OK(onav_nav_mesh_mesh_clone(nav, &before, &err));
    uint64_t old_ref = 0;
    CHECK_OK(onav_mesh_tile_at(before, 0, 0, 0, &old_ref, &err));

    /* Tile (0,0) again with one square: replaced, the link still baked. */
    TileArrays arrays;
    OnavTileInput2d coarse = square_tile_2d(&arrays, 0, 0, 1);
    uint64_t new_ref = 0;
    CHECK_OK(onav_nav_mesh_rebuild_tile_2d(nav, &coarse, &new_ref, &err));
    CHECK(new_ref != 0 && new_ref != old_ref);
    OnavMesh *after = NULL;
    CHECK_OK(onav_nav_mesh_mesh_clone(nav, &after, &err));
    OnavTileInfo info;
    CHECK_OK(onav_mesh_tile_info(after, new_ref, &info, &err));
    CHECK(info.polygon_count == 1 && info.off_mesh_link_count == 1);
    /* The earlier clone still has the old tile. */
    CHECK_OK(onav_mesh_tile_info(before, old_ref, &info, &err));
    CHECK(info.polygon_count == GRID_QUADS);

    /* A new position is added. */
    OnavTileInput2d fresh = square_tile_2d(&arrays, 2, 0, 1);
    CHECK_OK(onav_nav_mesh_rebuild_tile_2d(nav, &fresh, &new_ref, &err));
    uint32_t count = 0;
    OnavMesh *grown = NULL;
    CHECK_OK(onav_nav_mesh_mesh_clone(nav, &grown, &err));
    CHECK_OK(onav_mesh_tile_count(grown, &count, &err));
    CHECK(count == GRID_TILES + 1);

    /* A failed rebuild leaves the mesh unchanged. */
    size_t saved_len = 0, again_len = 0;
    uint8_t *saved = nav_mesh_bytes(nav, onav_nav_mesh_save, &saved_len);
    OnavTileInput2d broken = square_tile_2d(&arrays, 0, 1, 1);
    broken.index_count = 3;
    uint64_t stale = 0;
    CHECK_FAILS_CLEARS(stale, 77, onav_nav_mesh_rebuild_tile_2d(nav, &broken, &stale, &err), ONAV_E_FORMAT, &err, "indices");
    CHECK_FAILS_CLEARS(stale, 77, onav_nav_mesh_rebuild_tile_2d(nav, NULL, &stale, &err), ONAV_E_NULL_ARGUMENT, &err, "input");
    CHECK_FAILS(onav_nav_mesh_rebuild_tile_2d(nav, &fresh, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_ref_out");
    CHECK_FAILS_CLEARS(stale, 77, onav_nav_mesh_rebuild_tile_2d(NULL, &fresh, &stale, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");
    uint8_t *again = nav_mesh_bytes(nav, onav_nav_mesh_save, &again_len);
    CHECK(again_len == saved_len && memcmp(saved, again, saved_len) == 0);
    free(saved);
    free(again);

    onav_mesh_free(grown);
    onav_mesh_free(after);
    onav_mesh_free(before);
    onav_nav_mesh_free(nav);
    onav_settings_free(settings);
}

static void test_nav_mesh_accessors(void) {
    OnavSettings *settings = grid_settings();
    OnavNavMesh *nav = build_grid(settings);
    OnavError err = fresh_error();

    OnavParams from_mesh, from_settings;
    CHECK_OK(onav_nav_mesh_params(nav, &from_mesh, &err));
    CHECK_OK(onav_settings_to_params(settings, &from_settings, &err));
    CHECK(same_params(&from_mesh, &from_settings));
    CHECK_FAILS(onav_nav_mesh_params(nav, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_nav_mesh_params(NULL, &from_mesh, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");

    /* A copy: changing it changes neither the mesh nor the original. */
    OnavSettings *copy = NULL;
    CHECK_OK(onav_nav_mesh_settings(nav, &copy, &err));
    double height = 0;
    size_t links = 0;
    CHECK_OK(onav_settings_height(copy, &height, &err));
    CHECK(onav_settings_off_mesh_links(copy, NULL, 0, &links, NULL) == ONAV_E_BUFFER_TOO_SMALL);
    CHECK(height == 2.5 && links == 1);
    CHECK_OK(onav_settings_set_height(copy, 9.0, &err));
    OnavSettings *second = NULL;
    CHECK_OK(onav_nav_mesh_settings(nav, &second, &err));
    CHECK_OK(onav_settings_height(second, &height, &err));
    CHECK(height == 2.5);
    CHECK_FAILS(onav_nav_mesh_settings(nav, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    OnavSettings *none = NULL;
    CHECK_FAILS_CLEARS(none, copy, onav_nav_mesh_settings(NULL, &none, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");

    OnavMesh *mesh = NULL;
    CHECK_FAILS(onav_nav_mesh_mesh_clone(nav, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_nav_mesh_mesh_clone(NULL, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");

    size_t len = 0;
    uint8_t small[8];
    CHECK_FAILS(onav_nav_mesh_save(nav, small, sizeof small, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len > sizeof small);
    CHECK_FAILS(onav_nav_mesh_save(nav, small, sizeof small, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_nav_mesh_save(NULL, small, sizeof small, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");
    CHECK_FAILS(onav_nav_mesh_write_mesh(nav, small, sizeof small, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK_FAILS(onav_nav_mesh_write_mesh(NULL, small, sizeof small, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");

    onav_settings_free(second);
    onav_settings_free(copy);
    onav_nav_mesh_free(nav);
    onav_nav_mesh_free(NULL);
    onav_settings_free(settings);
}

/* Offset of the settings record in ONNM: header 8 + grid and agent 60. */
enum { ONNM_RECORD = 68 };

static void test_nav_mesh_save_load(void) {
    OnavSettings *settings = grid_settings();
    OnavNavMesh *nav = build_grid(settings);
    OnavError err = fresh_error();
    size_t len = 0;
    uint8_t *bytes = nav_mesh_bytes(nav, onav_nav_mesh_save, &len);
    CHECK(memcmp(bytes, "ONNM\x01\x00\x00\x00", 8) == 0);

    OnavNavMesh *loaded = NULL;
    CHECK_OK(onav_nav_mesh_load(bytes, len, &loaded, &err));
    size_t again_len = 0;
    uint8_t *again = nav_mesh_bytes(loaded, onav_nav_mesh_save, &again_len);
    CHECK(again_len == len && memcmp(bytes, again, len) == 0);
    free(again);
    onav_nav_mesh_free(loaded);

    OnavNavMesh *sentinel = (OnavNavMesh *)&err;
    OnavNavMesh *out = sentinel;
    uint8_t *bad = malloc(len + 1);

    /* Envelope version 2: found 2, expected 1. */
    memcpy(bad, bytes, len);
    bad[4] = 2;
    err = fresh_error();
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(bad, len, &out, &err), ONAV_E_VERSION, &err, NULL);
    CHECK(err.found_version == 2 && err.expected_version == 1);
    /* A trailing byte. */
    memcpy(bad, bytes, len);
    bad[len] = 0;
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(bad, len + 1, &out, &err), ONAV_E_FORMAT, &err, NULL);
    /* Settings out of range inside the envelope: format errors naming them. */
    const double zero = 0.0;
    memcpy(bad, bytes, len);
    memcpy(bad + 8 + 32, &zero, sizeof zero); /* CellSize */
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(bad, len, &out, &err), ONAV_E_FORMAT, &err, "CellSize");
    memcpy(bad, bytes, len);
    bad[ONNM_RECORD + 12] = 3; /* Partition, little-endian int32 */
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(bad, len, &out, &err), ONAV_E_FORMAT, &err, "Partition");
    memcpy(bad, bytes, len);
    bad[ONNM_RECORD + 60] = 64; /* Area */
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(bad, len, &out, &err), ONAV_E_FORMAT, &err, "Area");
    /* In range but a different digest: the settings no longer give the mesh. */
    memcpy(bad, bytes, len);
    bad[ONNM_RECORD + 62] ^= 0x10; /* Flags */
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(bad, len, &out, &err), ONAV_E_FINGERPRINT, &err, NULL);
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(bytes, 20, &out, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(NULL, 0, &out, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load(NULL, len, &out, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_nav_mesh_load(bytes, len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    free(bad);
    free(bytes);
    onav_nav_mesh_free(nav);
    onav_settings_free(settings);
}

static void test_nav_mesh_load_with(void) {
    OnavSettings *settings = grid_settings();
    OnavNavMesh *nav = build_grid(settings);
    OnavError err = fresh_error();
    size_t onpm_len = 0, onnm_len = 0;
    uint8_t *onpm = nav_mesh_bytes(nav, onav_nav_mesh_write_mesh, &onpm_len);
    uint8_t *onnm = nav_mesh_bytes(nav, onav_nav_mesh_save, &onnm_len);

    /* Bare ONPM and ONNM both load with matching settings. */
    OnavNavMesh *from_onpm = NULL, *from_onnm = NULL;
    CHECK_OK(onav_nav_mesh_load_with(settings, onpm, onpm_len, &from_onpm, &err));
    CHECK_OK(onav_nav_mesh_load_with(settings, onnm, onnm_len, &from_onnm, &err));
    CHECK(same_save(nav, from_onpm));
    CHECK(same_save(nav, from_onnm));
    onav_nav_mesh_free(from_onpm);
    onav_nav_mesh_free(from_onnm);

    /* A digest field or the agent class differs: a fingerprint error. */
    OnavSettings *other = NULL;
    OnavNavMesh *sentinel = (OnavNavMesh *)&err;
    OnavNavMesh *out = sentinel;
    CHECK_OK(onav_settings_clone(settings, &other, &err));
    CHECK_OK(onav_settings_set_detail_max_error(other, 2.0, &err));
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load_with(other, onpm, onpm_len, &out, &err), ONAV_E_FINGERPRINT, &err, NULL);
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load_with(other, onnm, onnm_len, &out, &err), ONAV_E_FINGERPRINT, &err, NULL);
    onav_settings_free(other);
    CHECK_OK(onav_settings_clone(settings, &other, &err));
    CHECK_OK(onav_settings_set_agent_radius(other, 0.6f, &err));
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load_with(other, onpm, onpm_len, &out, &err), ONAV_E_FINGERPRINT, &err, NULL);
    onav_settings_free(other);

    const uint8_t tile_magic[] = {'O', 'N', 'P', 'T'};
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load_with(settings, tile_magic, sizeof tile_magic, &out, &err), ONAV_E_FORMAT, &err, "magic");
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load_with(NULL, onpm, onpm_len, &out, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_mesh_load_with(settings, NULL, 4, &out, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_nav_mesh_load_with(settings, onpm, onpm_len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    free(onnm);
    free(onpm);
    onav_nav_mesh_free(nav);
    onav_settings_free(settings);
}

/* ---- NavWorld ------------------------------------------------------- */

enum { CLASSES = 4 };

/* Radii by index: 1.5, 0.5, 1.0, 1.0 (the last with other flags). */
static void world_classes(OnavSettings *classes[CLASSES]) {
    const float radii[CLASSES] = {1.5f, 0.5f, 1.0f, 1.0f};
    for (int i = 0; i < CLASSES; i++) {
        classes[i] = grid_settings();
        CHECK_OK(onav_settings_set_agent_radius(classes[i], radii[i], NULL));
    }
    CHECK_OK(onav_settings_set_flags(classes[3], 3, NULL));
}

static void free_classes(OnavSettings *classes[CLASSES]) {
    for (int i = 0; i < CLASSES; i++) {
        onav_settings_free(classes[i]);
    }
}

static OnavNavWorld *build_world(OnavSettings *classes[CLASSES]) {
    TileArrays arrays[GRID_TILES];
    OnavTileInput2d tiles[GRID_TILES];
    grid_input(arrays, tiles);
    OnavNavWorld *world = NULL;
    CHECK_OK(onav_nav_world_build_2d((const OnavSettings *const *)classes, CLASSES, tiles, GRID_TILES, &world, NULL));
    return world;
}

static void test_nav_world_classes(void) {
    OnavSettings *classes[CLASSES];
    world_classes(classes);
    OnavNavWorld *world = build_world(classes);
    OnavError err = fresh_error();

    size_t count = 0;
    CHECK_OK(onav_nav_world_class_count(world, &count, &err));
    CHECK(count == CLASSES);
    for (uint32_t i = 0; i < CLASSES; i++) {
        OnavNavMesh *class_mesh = NULL;
        CHECK_OK(onav_nav_world_class(world, i, &class_mesh, &err));
        OnavNavMesh *single = build_grid(classes[i]);
        CHECK(same_save(class_mesh, single));
        onav_nav_mesh_free(single);
        onav_nav_mesh_free(class_mesh);
    }
    OnavNavMesh *sentinel = (OnavNavMesh *)&err;
    OnavNavMesh *out = sentinel;
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_class(world, CLASSES, &out, &err), ONAV_E_NOT_FOUND, &err, "class 4");
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_class(world, UINT32_MAX, &out, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_nav_world_class(world, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out_clone");
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_class(NULL, 0, &out, &err), ONAV_E_NULL_ARGUMENT, &err, "world");
    CHECK_FAILS(onav_nav_world_class_count(world, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_nav_world_class_count(NULL, &count, &err), ONAV_E_NULL_ARGUMENT, &err, "world");

    /* The smallest radius that fits, lowest index among equals, else the
     * largest class. */
    const struct { float radius; uint32_t index; } picks[] = {
        {0.1f, 1}, {0.5f, 1}, {0.75f, 2}, {1.0f, 2}, {1.2f, 0}, {9.0f, 0},
    };
    for (size_t i = 0; i < COUNT(picks); i++) {
        uint32_t index = 99;
        CHECK_OK(onav_nav_world_class_for(world, picks[i].radius, &index, &err));
        CHECK(index == picks[i].index);
    }
    uint32_t index = 0;
    CHECK_FAILS(onav_nav_world_class_for(world, 1.0f, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "index_out");
    CHECK_FAILS_CLEARS(index, 99, onav_nav_world_class_for(NULL, 1.0f, &index, &err), ONAV_E_NULL_ARGUMENT, &err, "world");
    onav_nav_world_free(world);
    onav_nav_world_free(NULL);
    free_classes(classes);
}

static void test_nav_world_build_errors(void) {
    OnavSettings *classes[CLASSES];
    world_classes(classes);
    TileArrays arrays[GRID_TILES];
    OnavTileInput2d tiles[GRID_TILES];
    grid_input(arrays, tiles);
    OnavError err = fresh_error();
    OnavNavWorld *sentinel = (OnavNavWorld *)&err;
    OnavNavWorld *world = sentinel;
    const OnavSettings *with_null[CLASSES] = {classes[0], NULL, classes[2], classes[3]};

    CHECK_FAILS(onav_nav_world_build_2d(with_null, CLASSES, tiles, GRID_TILES, &world, &err), ONAV_E_NULL_ARGUMENT, &err,
                "classes[1]");
    CHECK_FAILS_CLEARS(world, sentinel, onav_nav_world_build_2d(NULL, 1, tiles, GRID_TILES, &world, &err), ONAV_E_NULL_ARGUMENT, &err, "classes");
    CHECK_FAILS_CLEARS(world, sentinel, onav_nav_world_build_2d(NULL, 0, tiles, GRID_TILES, &world, &err), ONAV_E_OUT_OF_RANGE, &err, "class");
    CHECK_FAILS(onav_nav_world_build_2d((const OnavSettings *const *)classes, CLASSES, NULL, 2, &world, &err),
                ONAV_E_NULL_ARGUMENT, &err, "tiles");
    CHECK_FAILS(onav_nav_world_build_2d((const OnavSettings *const *)classes, CLASSES, tiles, GRID_TILES, NULL, &err),
                ONAV_E_NULL_ARGUMENT, &err, "out");
    tiles[0].index_count = 1;
    CHECK_FAILS(onav_nav_world_build_2d((const OnavSettings *const *)classes, CLASSES, tiles, GRID_TILES, &world, &err),
                ONAV_E_FORMAT, &err, "indices");
    free_classes(classes);
}

static void test_nav_world_save_load(void) {
    OnavSettings *classes[CLASSES];
    world_classes(classes);
    OnavNavWorld *world = build_world(classes);
    OnavError err = fresh_error();
    size_t len = 0;
    uint8_t *bytes = world_bytes(world, &len);
    CHECK(memcmp(bytes, "ONNW", 4) == 0);

    OnavNavWorld *loaded = NULL;
    CHECK_OK(onav_nav_world_load(bytes, len, &loaded, &err));
    size_t again_len = 0;
    uint8_t *again = world_bytes(loaded, &again_len);
    CHECK(again_len == len && memcmp(bytes, again, len) == 0);
    uint32_t index = 99;
    CHECK_OK(onav_nav_world_class_for(loaded, 0.75f, &index, &err));
    CHECK(index == 2); /* class order kept */
    free(again);
    onav_nav_world_free(loaded);

    OnavNavWorld *sentinel = (OnavNavWorld *)&err;
    OnavNavWorld *out = sentinel;
    uint8_t *bad = malloc(len + 1);
    memcpy(bad, bytes, len);
    bad[len] = 0;
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_load(bad, len + 1, &out, &err), ONAV_E_FORMAT, &err, NULL);
    memcpy(bad, bytes, len);
    bad[11] = 0x7F; /* class count (bytes 8..11) far beyond what the bytes hold */
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_load(bad, len, &out, &err), ONAV_E_FORMAT, &err, "class count");
    memcpy(bad, bytes, len);
    bad[4] = 2;
    err = fresh_error();
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_load(bad, len, &out, &err), ONAV_E_VERSION, &err, NULL);
    CHECK(err.found_version == 2 && err.expected_version == 1);
    /* An error inside class 0's envelope keeps its kind. */
    memcpy(bad, bytes, len);
    bad[16 + 4] = 2; /* after header 8, count 4, length 4: class 0's ONNM version */
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_load(bad, len, &out, &err), ONAV_E_VERSION, &err, NULL);
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_load(NULL, 0, &out, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS_CLEARS(out, sentinel, onav_nav_world_load(NULL, len, &out, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_nav_world_load(bytes, len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");

    size_t needed = 0;
    CHECK_FAILS(onav_nav_world_save(world, bad, 16, &needed, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(needed == len);
    CHECK_FAILS(onav_nav_world_save(world, bad, len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_nav_world_save(NULL, bad, len, &needed, &err), ONAV_E_NULL_ARGUMENT, &err, "world");
    free(bad);
    free(bytes);
    onav_nav_world_free(world);
    free_classes(classes);
}

int main(void) {
    test_settings_fields();
    test_settings_partition();
    test_settings_links();
    test_settings_clone_and_params();
    test_tile_assemble();
    test_tile_assemble_errors();
    test_nav_mesh_build_2d();
    test_nav_mesh_build_errors();
    test_nav_mesh_rebuild();
    test_nav_mesh_accessors();
    test_nav_mesh_save_load();
    test_nav_mesh_load_with();
    test_nav_world_classes();
    test_nav_world_build_errors();
    test_nav_world_save_load();
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
