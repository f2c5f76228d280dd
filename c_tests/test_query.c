/*
 * Exercises the query part of onav.h: OnavQuery over a mesh, a tier-1 mesh
 * and a world class, the filter, every point query, the path search whole
 * and sliced, the straight path and its length, the exact shortest path,
 * the raycast and the local queries (move, circle and neighbourhood
 * searches, distance to the wall, wall segments, seeded random points),
 * with known answers on a small L-shaped mesh and every error path (NULL arguments, stale and null
 * references, coordinates outside the coordinate rule, bad budgets and
 * costs, buffers too small with the needed size, cleared outputs). Then
 * two worker threads query their own OnavQuery over clones of a mesh in a
 * loop while the main thread removes and adds its tiles: the workers'
 * answers stay those of their version.
 *
 * The mesh: tiles A (0,0), B (1,0) and C (1,1), each a 32x32 square at
 * height 0 split along its diagonal: polygon 0 = (0,0) (32,0) (32,32)
 * (area 1, flags 0x11), polygon 1 = (0,0) (32,32) (0,32) (area 2, flags
 * 0x22), every outer edge a portal. A path from A to C turns round the
 * inner corner (32, 32). Tile D (3,0) stands alone, out of reach.
 *
 * Built three times like test_mesh.c: static, shared, ASan+UBSan; the
 * shared build also runs under valgrind.
 */
#define _POSIX_C_SOURCE 200809L

#include "check.h"
#include "test_params.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { TILE_A, TILE_B, TILE_C, TILE_D, TILES };
enum { MAX_NODES = 64 };

static const OnavVec3 square_vertices[] = {{0, 0, 0}, {32, 0, 0}, {32, 0, 32}, {0, 0, 32}};
static const OnavPolygon square_polygons[] = {{3, 1, 0x11}, {3, 2, 0x22}};
static const uint32_t square_indices[] = {0, 1, 2, 0, 2, 3};
static const uint32_t square_neighbours[] = {0, 0, 2, 1, 0, 0};
static const uint8_t square_portal_sides[] = {3, 0, 0xFF, 0xFF, 1, 2};
static const int32_t tile_columns[TILES][2] = {{0, 0}, {1, 0}, {1, 1}, {3, 0}};

/* The path of the known answers: from A (over polygon 1) to C (polygon 1). */
static const OnavDVec3 path_start = {4, 0, 28};
static const OnavDVec3 path_end = {36, 0, 60};

/* The two-triangle square as floor `layer` of column (x, z) at `origin_y`. */
static OnavTile *square_tile_at(int32_t x, int32_t z, uint16_t layer, double origin_y) {
    OnavParams params = test_params(32.0);
    OnavTileData d;
    memset(&d, 0, sizeof d);
    d.tile_x = x;
    d.tile_z = z;
    d.layer = layer;
    d.origin_y = origin_y;
    d.vertices = square_vertices;
    d.vertex_count = 4;
    d.polygons = square_polygons;
    d.polygon_count = 2;
    d.indices = square_indices;
    d.neighbours = square_neighbours;
    d.portal_sides = square_portal_sides;
    d.edge_count = 6;
    OnavTile *tile = NULL;
    CHECK_OK(onav_tile_create(&params, &d, &tile, NULL));
    return tile;
}

static OnavTile *square_tile(int which) {
    return square_tile_at(tile_columns[which][0], tile_columns[which][1], 0, 0.0);
}

/* Adds `tile` to `mesh` and frees it; returns its TileRef. */
static uint64_t add_and_free(OnavMesh *mesh, OnavTile *tile) {
    uint64_t tile_ref = 0;
    CHECK_OK(onav_mesh_add_tile(mesh, tile, &tile_ref, NULL));
    onav_tile_free(tile);
    return tile_ref;
}

/* Adds tile `which` to `mesh`; returns its TileRef. */
static uint64_t add_square(OnavMesh *mesh, int which) {
    return add_and_free(mesh, square_tile(which));
}

/* The four tiles, their TileRefs in `refs`. */
static OnavMesh *build_mesh(uint64_t refs[TILES]) {
    OnavParams params = test_params(32.0);
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_mesh_new(&params, &mesh, NULL));
    for (int i = 0; i < TILES; i++) {
        refs[i] = add_square(mesh, i);
    }
    return mesh;
}

/* A TileRef's polygon bits are 0. */
static uint64_t poly_of(uint64_t tile_ref, uint32_t polygon) {
    return tile_ref | polygon;
}

static OnavQueryFilter default_filter(void) {
    OnavQueryFilter filter;
    CHECK_OK(onav_query_filter_default(&filter, NULL));
    return filter;
}

static OnavQuery *new_query(const OnavMesh *mesh) {
    OnavQuery *query = NULL;
    CHECK_OK(onav_query_new(mesh, MAX_NODES, &query, NULL));
    return query;
}

static OnavDVec3 vec3(double x, double y, double z) {
    OnavDVec3 v = {x, y, z};
    return v;
}

static int same_point(OnavDVec3 a, OnavDVec3 b) {
    return fabs(a.x - b.x) < 1e-9 && fabs(a.y - b.y) < 1e-9 && fabs(a.z - b.z) < 1e-9;
}

static double distance(OnavDVec3 a, OnavDVec3 b) {
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}

static int all_zero(const void *p, size_t n) {
    const unsigned char *bytes = p;
    for (size_t i = 0; i < n; i++) {
        if (bytes[i] != 0) {
            return 0;
        }
    }
    return 1;
}

/* `call` fails as CHECK_FAILS does and leaves the struct `out`, filled with
 * garbage just before, all zero bytes. */
#define CHECK_FAILS_ZEROES(out, call, status, err, needle) \
    do { \
        memset(&(out), 0x5A, sizeof(out)); \
        CHECK_FAILS(call, status, err, needle); \
        CHECK(all_zero(&(out), sizeof(out))); \
    } while (0)

/* ---- The handle ------------------------------------------------------ */

static void test_new_and_free(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavError err = fresh_error();
    OnavQuery *sentinel = (OnavQuery *)&err; /* never dereferenced: a stale handle value */
    OnavQuery *query = sentinel;
    CHECK_FAILS_CLEARS(query, sentinel, onav_query_new(mesh, 0, &query, &err), ONAV_E_OUT_OF_RANGE, &err, "max_nodes");
    CHECK_FAILS_CLEARS(query, sentinel, onav_query_new(NULL, MAX_NODES, &query, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_query_new(mesh, MAX_NODES, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_OK(onav_query_new(mesh, 70000, &query, &err));
    uint32_t max_nodes = 0;
    CHECK_OK(onav_query_max_nodes(query, &max_nodes, &err));
    CHECK(max_nodes == 70000);
    CHECK_FAILS_CLEARS(max_nodes, 5, onav_query_max_nodes(NULL, &max_nodes, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_max_nodes(query, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_query_free(query);
    onav_query_free(NULL);
    onav_mesh_free(mesh);
}

static void test_filter_default(void) {
    OnavError err = fresh_error();
    OnavQueryFilter filter;
    memset(&filter, 0x5A, sizeof filter);
    CHECK_OK(onav_query_filter_default(&filter, &err));
    CHECK(filter.include_flags == 0xFFFF && filter.exclude_flags == 0);
    for (int area = 0; area < ONAV_AREA_COUNT; area++) {
        CHECK(filter.area_costs[area] == 1.0);
    }
    CHECK_FAILS(onav_query_filter_default(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
}

static void test_valid_references(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    uint8_t valid = 7;
    CHECK_OK(onav_query_is_valid_poly_ref(query, poly_of(refs[TILE_A], 1), &filter, &valid, &err));
    CHECK(valid == 1);
    CHECK_OK(onav_query_is_valid_poly_ref(query, poly_of(refs[TILE_A], 2), &filter, &valid, &err));
    CHECK(valid == 0);
    CHECK_OK(onav_query_is_valid_poly_ref(query, 0, &filter, &valid, &err));
    CHECK(valid == 0);
    filter.exclude_flags = 0x20;
    CHECK_OK(onav_query_is_valid_poly_ref(query, poly_of(refs[TILE_A], 1), &filter, &valid, &err));
    CHECK(valid == 0);
    CHECK_OK(onav_query_is_valid_poly_ref(query, poly_of(refs[TILE_A], 0), &filter, &valid, &err));
    CHECK(valid == 1);
    CHECK_FAILS_CLEARS(valid, 7, onav_query_is_valid_poly_ref(query, refs[TILE_A], NULL, &valid, &err), ONAV_E_NULL_ARGUMENT, &err, "filter");
    CHECK_FAILS_CLEARS(valid, 7, onav_query_is_valid_poly_ref(NULL, refs[TILE_A], &filter, &valid, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_is_valid_poly_ref(query, refs[TILE_A], &filter, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "valid_out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

/* ---- Point queries --------------------------------------------------- */

static void test_nearest_poly(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    OnavNearestPoly nearest;

    /* Over polygon 1 of A, 1 unit above: within the box, the floor below. */
    CHECK_OK(onav_query_find_nearest_poly(query, vec3(4, 1, 28), vec3(2, 2, 2), &filter, &nearest, &err));
    CHECK(nearest.poly_ref == poly_of(refs[TILE_A], 1));
    CHECK(same_point(nearest.position, vec3(4, 0, 28)) && nearest.over_polygon == 1);
    /* Beside the mesh: the nearest boundary point. */
    CHECK_OK(onav_query_find_nearest_poly(query, vec3(-1, 0, 28), vec3(2, 2, 2), &filter, &nearest, &err));
    CHECK(nearest.poly_ref == poly_of(refs[TILE_A], 1));
    CHECK(same_point(nearest.position, vec3(0, 0, 28)) && nearest.over_polygon == 0);
    /* The filter decides: polygon 1 excluded, polygon 0 of A is nearest. */
    filter.exclude_flags = 0x20;
    CHECK_OK(onav_query_find_nearest_poly(query, vec3(4, 0, 28), vec3(16, 2, 16), &filter, &nearest, &err));
    CHECK(nearest.poly_ref == poly_of(refs[TILE_A], 0));
    CHECK(same_point(nearest.position, vec3(16, 0, 16)) && nearest.over_polygon == 0);
    filter.exclude_flags = 0;
    filter.area_costs[1] = INFINITY;
    CHECK_OK(onav_query_find_nearest_poly(query, vec3(20, 0, 4), vec3(16, 2, 16), &filter, &nearest, &err));
    CHECK(nearest.poly_ref == poly_of(refs[TILE_A], 1));
    filter = default_filter();
    /* Nothing in the box is no error. */
    nearest.poly_ref = 99;
    CHECK_OK(onav_query_find_nearest_poly(query, vec3(200, 0, 200), vec3(2, 2, 2), &filter, &nearest, &err));
    CHECK(nearest.poly_ref == 0);

    CHECK_FAILS_ZEROES(nearest, onav_query_find_nearest_poly(query, vec3(3e6, 0, 0), vec3(2, 2, 2), &filter, &nearest, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "center.x");
    CHECK_FAILS_ZEROES(nearest, onav_query_find_nearest_poly(query, vec3(0, NAN, 0), vec3(2, 2, 2), &filter, &nearest, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "center.y");
    CHECK_FAILS_ZEROES(nearest, onav_query_find_nearest_poly(query, vec3(0, 0, 0), vec3(2, -1, 2), &filter, &nearest, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "half_extents.y");
    filter.area_costs[5] = -1.0;
    CHECK_FAILS_ZEROES(nearest, onav_query_find_nearest_poly(query, vec3(0, 0, 0), vec3(2, 2, 2), &filter, &nearest, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "area 5");
    filter.area_costs[5] = NAN;
    CHECK_FAILS(onav_query_find_nearest_poly(query, vec3(0, 0, 0), vec3(2, 2, 2), &filter, &nearest, &err), ONAV_E_OUT_OF_RANGE, &err, "area 5");
    filter = default_filter();
    CHECK_FAILS_ZEROES(nearest, onav_query_find_nearest_poly(query, vec3(0, 0, 0), vec3(2, 2, 2), NULL, &nearest, &err),
                       ONAV_E_NULL_ARGUMENT, &err, "filter");
    CHECK_FAILS_ZEROES(nearest, onav_query_find_nearest_poly(NULL, vec3(0, 0, 0), vec3(2, 2, 2), &filter, &nearest, &err),
                       ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_find_nearest_poly(query, vec3(0, 0, 0), vec3(2, 2, 2), &filter, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

static void test_polygons_in_box(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    uint64_t polys[8];
    size_t len = 0;
    /* A, B and C, by tile (z, x) then polygon; D lies beyond the box. */
    const uint64_t expected[6] = {poly_of(refs[TILE_A], 0), poly_of(refs[TILE_A], 1), poly_of(refs[TILE_B], 0),
                                  poly_of(refs[TILE_B], 1), poly_of(refs[TILE_C], 0), poly_of(refs[TILE_C], 1)};
    CHECK_OK(onav_query_polygons(query, vec3(32, 0, 32), vec3(32, 1, 32), &filter, polys, 8, &len, &err));
    CHECK(len == 6 && memcmp(polys, expected, sizeof expected) == 0);
    filter.include_flags = 0x01;
    CHECK_OK(onav_query_polygons(query, vec3(32, 0, 32), vec3(32, 1, 32), &filter, polys, 8, &len, &err));
    CHECK(len == 3 && polys[0] == expected[0] && polys[1] == expected[2] && polys[2] == expected[4]);
    filter = default_filter();
    CHECK_OK(onav_query_polygons(query, vec3(200, 0, 200), vec3(1, 1, 1), &filter, NULL, 0, &len, &err));
    CHECK(len == 0);

    CHECK_FAILS(onav_query_polygons(query, vec3(32, 0, 32), vec3(32, 1, 32), &filter, polys, 2, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "6");
    CHECK(len == 6);
    CHECK_FAILS(onav_query_polygons(query, vec3(32, 0, 32), vec3(32, 1, 32), &filter, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 6);
    CHECK_FAILS_CLEARS(len, 9, onav_query_polygons(query, vec3(32, 0, 32), vec3(INFINITY, 1, 1), &filter, polys, 8, &len, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "half_extents.x");
    CHECK_FAILS_CLEARS(len, 9, onav_query_polygons(query, vec3(32, 0, -3e6), vec3(1, 1, 1), &filter, polys, 8, &len, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "center.z");
    CHECK_FAILS_CLEARS(len, 9, onav_query_polygons(NULL, vec3(0, 0, 0), vec3(1, 1, 1), &filter, polys, 8, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_polygons(query, vec3(0, 0, 0), vec3(1, 1, 1), &filter, polys, 8, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

static void test_surface_points(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavError err = fresh_error();
    const uint64_t a0 = poly_of(refs[TILE_A], 0), a1 = poly_of(refs[TILE_A], 1);
    OnavClosestPoint closest;
    CHECK_OK(onav_query_closest_point_on_poly(query, a1, vec3(4, 5, 28), &closest, &err));
    CHECK(same_point(closest.position, vec3(4, 0, 28)) && closest.over_polygon == 1);
    /* (4, 28) lies beyond A0's diagonal x = z: the foot of the normal. */
    CHECK_OK(onav_query_closest_point_on_poly(query, a0, vec3(4, 5, 28), &closest, &err));
    CHECK(same_point(closest.position, vec3(16, 0, 16)) && closest.over_polygon == 0);
    OnavDVec3 boundary;
    CHECK_OK(onav_query_closest_point_on_poly_boundary(query, a1, vec3(4, 5, 28), &boundary, &err));
    CHECK(same_point(boundary, vec3(4, 5, 28)));
    CHECK_OK(onav_query_closest_point_on_poly_boundary(query, a0, vec3(4, 5, 28), &boundary, &err));
    CHECK(same_point(boundary, vec3(16, 0, 16)));
    uint8_t over = 7;
    double height = 7.0;
    CHECK_OK(onav_query_poly_height(query, a1, vec3(4, 5, 28), &over, &height, &err));
    CHECK(over == 1 && height == 0.0);
    CHECK_OK(onav_query_poly_height(query, a0, vec3(4, 5, 28), &over, &height, &err));
    CHECK(over == 0 && height == 0.0);

    const uint64_t bad_refs[] = {0, poly_of(refs[TILE_A], 2), refs[TILE_A] + (1ull << 40)};
    for (size_t i = 0; i < sizeof bad_refs / sizeof bad_refs[0]; i++) {
        CHECK_FAILS_ZEROES(closest, onav_query_closest_point_on_poly(query, bad_refs[i], vec3(4, 0, 28), &closest, &err),
                           ONAV_E_INVALID_REFERENCE, &err, "poly_ref");
        CHECK_FAILS_ZEROES(boundary, onav_query_closest_point_on_poly_boundary(query, bad_refs[i], vec3(4, 0, 28), &boundary, &err),
                           ONAV_E_INVALID_REFERENCE, &err, "poly_ref");
        over = 7;
        CHECK_FAILS_CLEARS(height, 7.0, onav_query_poly_height(query, bad_refs[i], vec3(4, 0, 28), &over, &height, &err),
                           ONAV_E_INVALID_REFERENCE, &err, "poly_ref");
        CHECK(over == 0);
    }
    CHECK_FAILS_ZEROES(closest, onav_query_closest_point_on_poly(query, a1, vec3(4, 0, 2097152.0), &closest, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "position.z");
    CHECK_FAILS_ZEROES(boundary, onav_query_closest_point_on_poly_boundary(query, a1, vec3(NAN, 0, 0), &boundary, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "position.x");
    CHECK_FAILS_CLEARS(height, 7.0, onav_query_poly_height(query, a1, vec3(0, -INFINITY, 0), &over, &height, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "position.y");
    CHECK_FAILS(onav_query_closest_point_on_poly(NULL, a1, vec3(0, 0, 0), &closest, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_closest_point_on_poly(query, a1, vec3(0, 0, 0), NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_query_closest_point_on_poly_boundary(NULL, a1, vec3(0, 0, 0), &boundary, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_closest_point_on_poly_boundary(query, a1, vec3(0, 0, 0), NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_query_poly_height(NULL, a1, vec3(0, 0, 0), &over, &height, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_poly_height(query, a1, vec3(0, 0, 0), NULL, &height, &err), ONAV_E_NULL_ARGUMENT, &err, "over_out");
    CHECK_FAILS(onav_query_poly_height(query, a1, vec3(0, 0, 0), &over, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "height_out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

/* ---- Paths ----------------------------------------------------------- */

/* The corridor from A1 to C1: the only way round the inner corner. */
static void expected_corridor(const uint64_t refs[TILES], uint64_t out[5]) {
    out[0] = poly_of(refs[TILE_A], 1);
    out[1] = poly_of(refs[TILE_A], 0);
    out[2] = poly_of(refs[TILE_B], 1);
    out[3] = poly_of(refs[TILE_C], 0);
    out[4] = poly_of(refs[TILE_C], 1);
}

/* docs/QUERIES.md's cost of that corridor at cost 1 everywhere: from the
 * start through the middles of the crossings it enters by, to the end. */
static double expected_cost(void) {
    const OnavDVec3 nodes[] = {path_start, {16, 0, 16}, {32, 0, 16}, {48, 0, 32}, {48, 0, 48}, path_end};
    double cost = 0.0;
    for (int i = 0; i + 1 < 6; i++) {
        cost += distance(nodes[i], nodes[i + 1]);
    }
    return cost;
}

static void test_find_path(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    const uint64_t a1 = poly_of(refs[TILE_A], 1), c1 = poly_of(refs[TILE_C], 1), d1 = poly_of(refs[TILE_D], 1);
    uint64_t expected[5];
    expected_corridor(refs, expected);
    uint64_t corridor[8];
    size_t len = 0;
    OnavPathOutcome outcome;

    CHECK_OK(onav_query_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, corridor, 8, &len, &outcome, &err));
    CHECK(len == 5 && memcmp(corridor, expected, sizeof expected) == 0);
    CHECK(outcome.status == ONAV_PATH_COMPLETE && fabs(outcome.cost - expected_cost()) < 1e-9);
    /* Area costs scale the steps in their areas. */
    filter.area_costs[2] = 0.5;
    CHECK_OK(onav_query_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, corridor, 8, &len, &outcome, &err));
    CHECK(len == 5 && outcome.status == ONAV_PATH_COMPLETE && outcome.cost < expected_cost());
    filter = default_filter();
    /* The same polygon: the corridor is that polygon alone. */
    CHECK_OK(onav_query_find_path(query, a1, a1, path_start, vec3(2, 0, 30), &filter, MAX_NODES, corridor, 8, &len, &outcome, &err));
    CHECK(len == 1 && corridor[0] == a1 && outcome.status == ONAV_PATH_COMPLETE);
    CHECK(fabs(outcome.cost - distance(path_start, vec3(2, 0, 30))) < 1e-12);
    /* D is out of reach: the corridor leads to the reached polygon whose
     * node (B0's, the middle of B's diagonal) lies nearest the end. */
    const OnavDVec3 in_d = {100, 0, 16};
    CHECK_OK(onav_query_find_path(query, a1, d1, path_start, in_d, &filter, MAX_NODES, corridor, 8, &len, &outcome, &err));
    CHECK(outcome.status == ONAV_PATH_PARTIAL);
    CHECK(len == 4 && corridor[0] == a1 && corridor[2] == expected[2] && corridor[3] == poly_of(refs[TILE_B], 0));
    /* Two nodes are not enough to reach C. */
    CHECK_OK(onav_query_find_path(query, a1, c1, path_start, path_end, &filter, 2, corridor, 8, &len, &outcome, &err));
    CHECK(outcome.status == ONAV_PATH_OUT_OF_NODES && len >= 1 && corridor[0] == a1 && corridor[len - 1] != c1);

    /* Too small: the needed count, the outcome cleared. */
    memset(&outcome, 0x5A, sizeof outcome);
    CHECK_FAILS(onav_query_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, corridor, 4, &len, &outcome, &err),
                ONAV_E_BUFFER_TOO_SMALL, &err, "5");
    CHECK(len == 5 && all_zero(&outcome, sizeof outcome));
    CHECK_FAILS(onav_query_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, NULL, 0, &len, &outcome, &err),
                ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 5);

    /* Errors clear both outputs. */
    struct { uint64_t start_ref, end_ref; OnavDVec3 start; uint32_t budget; int32_t status; const char *needle; } cases[] = {
        {0, c1, path_start, MAX_NODES, ONAV_E_INVALID_REFERENCE, "start_ref"},
        {a1, 0, path_start, MAX_NODES, ONAV_E_INVALID_REFERENCE, "end_ref"},
        {a1, poly_of(refs[TILE_C], 9), path_start, MAX_NODES, ONAV_E_INVALID_REFERENCE, "end_ref"},
        {a1, c1, path_start, 0, ONAV_E_OUT_OF_RANGE, "budget"},
        {a1, c1, path_start, MAX_NODES + 1, ONAV_E_OUT_OF_RANGE, "budget"},
        {a1, c1, {4, 0, 2.5e6}, MAX_NODES, ONAV_E_OUT_OF_RANGE, "start.z"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&outcome, 0x5A, sizeof outcome);
        len = 9;
        CHECK_FAILS(onav_query_find_path(query, cases[i].start_ref, cases[i].end_ref, cases[i].start, path_end, &filter, cases[i].budget,
                                         corridor, 8, &len, &outcome, &err),
                    cases[i].status, &err, cases[i].needle);
        CHECK(len == 0 && all_zero(&outcome, sizeof outcome));
    }
    filter.include_flags = 0x01; /* A1 has flags 0x22 */
    CHECK_FAILS_ZEROES(outcome, onav_query_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, corridor, 8, &len, &outcome, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "filter");
    filter = default_filter();
    filter.area_costs[63] = -0.5;
    CHECK_FAILS_ZEROES(outcome, onav_query_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, corridor, 8, &len, &outcome, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "area 63");
    filter = default_filter();
    CHECK_FAILS(onav_query_find_path(query, a1, c1, path_start, path_end, NULL, MAX_NODES, corridor, 8, &len, &outcome, &err),
                ONAV_E_NULL_ARGUMENT, &err, "filter");
    CHECK_FAILS(onav_query_find_path(NULL, a1, c1, path_start, path_end, &filter, MAX_NODES, corridor, 8, &len, &outcome, &err),
                ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, corridor, 8, NULL, &outcome, &err),
                ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_query_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, corridor, 8, &len, NULL, &err),
                ONAV_E_NULL_ARGUMENT, &err, "outcome_out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

static void test_sliced_find_path(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    const uint64_t a1 = poly_of(refs[TILE_A], 1), c1 = poly_of(refs[TILE_C], 1), d1 = poly_of(refs[TILE_D], 1);
    uint64_t expected[5];
    expected_corridor(refs, expected);
    uint64_t corridor[8];
    size_t len = 0;
    OnavPathOutcome outcome;
    OnavSliceProgress progress;

    CHECK_FAILS_ZEROES(progress, onav_query_update_sliced_find_path(query, 1, &progress, &err), ONAV_E_INVALID_OPERATION, &err, "init");
    CHECK_FAILS_CLEARS(len, 3, onav_query_finalize_sliced_find_path(query, corridor, 8, &len, &outcome, &err), ONAV_E_INVALID_OPERATION, &err, NULL);

    /* All at once: the number of expansions the search takes. */
    CHECK_OK(onav_query_init_sliced_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, &err));
    CHECK_OK(onav_query_update_sliced_find_path(query, 1000, &progress, &err));
    const uint32_t expansions = progress.iterations;
    CHECK(progress.finished == 1 && expansions >= 5);
    /* One expansion per update: finished after as many updates. */
    CHECK_OK(onav_query_init_sliced_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, &err));
    uint32_t updates = 0;
    do {
        CHECK_OK(onav_query_update_sliced_find_path(query, 1, &progress, &err));
        updates++;
    } while (!progress.finished && updates < 1000);
    CHECK(progress.finished == 1 && progress.iterations == 1 && updates == expansions);
    /* Too small: the corridor is kept for the next finalize. */
    CHECK_FAILS(onav_query_finalize_sliced_find_path(query, corridor, 2, &len, &outcome, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 5 && all_zero(&outcome, sizeof outcome));
    CHECK_OK(onav_query_finalize_sliced_find_path(query, corridor, 8, &len, &outcome, &err));
    CHECK(len == 5 && memcmp(corridor, expected, sizeof expected) == 0);
    CHECK(outcome.status == ONAV_PATH_COMPLETE && fabs(outcome.cost - expected_cost()) < 1e-9);
    CHECK_FAILS(onav_query_finalize_sliced_find_path(query, corridor, 8, &len, &outcome, &err), ONAV_E_INVALID_OPERATION, &err, NULL);

    /* Finalized early, towards D: the latest polygon of the old corridor
     * that the two expansions reached (A1, A0 and B1). */
    CHECK_OK(onav_query_init_sliced_find_path(query, a1, d1, path_start, vec3(100, 0, 16), &filter, MAX_NODES, &err));
    CHECK_OK(onav_query_update_sliced_find_path(query, 2, &progress, &err));
    CHECK(progress.iterations == 2 && progress.finished == 0);
    CHECK_OK(onav_query_finalize_sliced_find_path_partial(query, expected, 5, corridor, 8, &len, &outcome, &err));
    CHECK(outcome.status == ONAV_PATH_PARTIAL && len == 3 && memcmp(corridor, expected, 3 * sizeof expected[0]) == 0);

    /* A kept corridor goes with a new search: finalize gives the new one's. */
    CHECK_OK(onav_query_init_sliced_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, &err));
    CHECK_OK(onav_query_update_sliced_find_path(query, 1000, &progress, &err));
    CHECK(progress.finished == 1 && progress.iterations == expansions);
    CHECK_FAILS(onav_query_finalize_sliced_find_path_partial(query, NULL, 0, NULL, 0, &len, &outcome, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 5);
    CHECK_OK(onav_query_init_sliced_find_path(query, a1, a1, path_start, path_start, &filter, MAX_NODES, &err));
    CHECK_OK(onav_query_finalize_sliced_find_path(query, corridor, 8, &len, &outcome, &err));
    CHECK(len == 1 && corridor[0] == a1 && outcome.status == ONAV_PATH_PARTIAL);
    CHECK_FAILS(onav_query_finalize_sliced_find_path(query, corridor, 8, &len, &outcome, &err), ONAV_E_INVALID_OPERATION, &err, NULL);
    /* And with set_mesh. */
    CHECK_OK(onav_query_init_sliced_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, &err));
    CHECK_OK(onav_query_update_sliced_find_path(query, 1000, &progress, &err));
    CHECK_FAILS(onav_query_finalize_sliced_find_path(query, corridor, 1, &len, &outcome, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK_OK(onav_query_set_mesh(query, mesh, &err));
    CHECK_FAILS(onav_query_finalize_sliced_find_path(query, corridor, 8, &len, &outcome, &err), ONAV_E_INVALID_OPERATION, &err, NULL);

    CHECK_FAILS(onav_query_init_sliced_find_path(query, 0, c1, path_start, path_end, &filter, MAX_NODES, &err), ONAV_E_INVALID_REFERENCE, &err, "start_ref");
    CHECK_FAILS(onav_query_init_sliced_find_path(query, a1, c1, path_start, path_end, &filter, 0, &err), ONAV_E_OUT_OF_RANGE, &err, "budget");
    CHECK_FAILS(onav_query_init_sliced_find_path(query, a1, c1, path_start, path_end, NULL, MAX_NODES, &err), ONAV_E_NULL_ARGUMENT, &err, "filter");
    CHECK_FAILS(onav_query_init_sliced_find_path(NULL, a1, c1, path_start, path_end, &filter, MAX_NODES, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_update_sliced_find_path(query, 1, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "progress_out");
    CHECK_FAILS(onav_query_update_sliced_find_path(NULL, 1, &progress, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_finalize_sliced_find_path(query, corridor, 8, &len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "outcome_out");
    CHECK_FAILS(onav_query_finalize_sliced_find_path(NULL, corridor, 8, &len, &outcome, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_finalize_sliced_find_path_partial(query, NULL, 2, corridor, 8, &len, &outcome, &err), ONAV_E_NULL_ARGUMENT, &err, "existing");
    CHECK_FAILS(onav_query_finalize_sliced_find_path_partial(query, expected, 5, corridor, 8, NULL, &outcome, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

static void test_straight_path(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavError err = fresh_error();
    uint64_t corridor[5];
    expected_corridor(refs, corridor);
    OnavStraightPathVertex path[16];
    size_t len = 0;
    int32_t status = 9;

    /* Round the inner corner (32, 32). */
    CHECK_OK(onav_query_find_straight_path(query, corridor, 5, path_start, path_end, ONAV_STRAIGHT_PATH_CROSSINGS_NONE, path, 16, &len, &status, &err));
    CHECK(status == ONAV_PATH_COMPLETE && len == 3);
    CHECK(same_point(path[0].position, path_start) && path[0].flags == ONAV_STRAIGHT_PATH_START && path[0].poly_ref == corridor[0]);
    CHECK(same_point(path[1].position, vec3(32, 0, 32)) && path[1].flags == 0);
    int corner_in_corridor = 0;
    for (int i = 0; i < 5; i++) {
        corner_in_corridor |= path[1].poly_ref == corridor[i];
    }
    CHECK(corner_in_corridor);
    CHECK(same_point(path[2].position, path_end) && path[2].flags == ONAV_STRAIGHT_PATH_END && path[2].poly_ref == corridor[4]);
    double length = 0.0;
    CHECK_OK(onav_straight_path_length(path, len, &length, &err));
    const double expected_length = distance(path_start, vec3(32, 0, 32)) + distance(vec3(32, 0, 32), path_end);
    CHECK(fabs(length - expected_length) < 1e-9);

    /* Straight from A0 to B0 through B1: a vertex where the path crosses
     * the portal x = 32 and B's diagonal when asked for, and for area
     * changes too (areas 1, 2, 1); the length stays the same. */
    const OnavDVec3 from = {8, 0, 4}, to = {60, 0, 20};
    const uint64_t through_b[] = {poly_of(refs[TILE_A], 0), poly_of(refs[TILE_B], 1), poly_of(refs[TILE_B], 0)};
    CHECK_OK(onav_query_find_straight_path(query, through_b, 3, from, to, ONAV_STRAIGHT_PATH_CROSSINGS_NONE, path, 16, &len, &status, &err));
    CHECK(status == ONAV_PATH_COMPLETE && len == 2);
    const int32_t crossing_options[] = {ONAV_STRAIGHT_PATH_CROSSINGS_ALL_EDGES, ONAV_STRAIGHT_PATH_CROSSINGS_AREA_CHANGES};
    for (int i = 0; i < 2; i++) {
        CHECK_OK(onav_query_find_straight_path(query, through_b, 3, from, to, crossing_options[i], path, 16, &len, &status, &err));
        CHECK(status == ONAV_PATH_COMPLETE && len == 4);
        CHECK(path[0].flags == ONAV_STRAIGHT_PATH_START && path[3].flags == ONAV_STRAIGHT_PATH_END);
        CHECK(fabs(path[1].position.x - 32.0) < 1e-9 && path[1].flags == 0 && path[1].poly_ref == through_b[1]);
        CHECK(fabs((path[2].position.x - 32.0) - path[2].position.z) < 1e-9 && path[2].poly_ref == through_b[2]);
        CHECK_OK(onav_straight_path_length(path, len, &length, &err));
        CHECK(fabs(length - distance(from, to)) < 1e-9);
    }

    /* A0 and C0 are not joined: the path stops in A0, nearest the end. */
    const uint64_t broken[] = {corridor[0], corridor[1], corridor[3]};
    CHECK_OK(onav_query_find_straight_path(query, broken, 3, path_start, path_end, ONAV_STRAIGHT_PATH_CROSSINGS_NONE, path, 16, &len, &status, &err));
    CHECK(status == ONAV_PATH_PARTIAL && len >= 2);
    CHECK(same_point(path[len - 1].position, vec3(32, 0, 32)) && path[len - 1].flags == ONAV_STRAIGHT_PATH_END && path[len - 1].poly_ref == corridor[1]);

    CHECK_FAILS(onav_query_find_straight_path(query, corridor, 5, path_start, path_end, 0, path, 2, &len, &status, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "3");
    CHECK(len == 3 && status == 0);
    CHECK_FAILS(onav_query_find_straight_path(query, corridor, 5, path_start, path_end, 0, NULL, 0, &len, &status, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 3);
    struct { const uint64_t *corridor; size_t corridor_len; OnavDVec3 end; int32_t crossings; int32_t status; const char *needle; } cases[] = {
        {corridor, 0, path_end, 0, ONAV_E_OUT_OF_RANGE, "empty"},
        {NULL, 2, path_end, 0, ONAV_E_NULL_ARGUMENT, "corridor"},
        {corridor, 5, {NAN, 0, 0}, 0, ONAV_E_OUT_OF_RANGE, "end.x"},
        {corridor, 5, path_end, 3, ONAV_E_OUT_OF_RANGE, "crossings"},
        {corridor, 5, path_end, -1, ONAV_E_OUT_OF_RANGE, "crossings"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        len = 9;
        CHECK_FAILS_CLEARS(status, 9, onav_query_find_straight_path(query, cases[i].corridor, cases[i].corridor_len, path_start, cases[i].end,
                                                                    cases[i].crossings, path, 16, &len, &status, &err),
                           cases[i].status, &err, cases[i].needle);
        CHECK(len == 0);
    }
    const uint64_t stale_first[] = {poly_of(refs[TILE_A], 0) + (1ull << 40), corridor[1]};
    CHECK_FAILS_CLEARS(status, 9, onav_query_find_straight_path(query, stale_first, 2, path_start, path_end, 0, path, 16, &len, &status, &err),
                       ONAV_E_INVALID_REFERENCE, &err, "corridor[0]");
    CHECK_FAILS(onav_query_find_straight_path(NULL, corridor, 5, path_start, path_end, 0, path, 16, &len, &status, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_find_straight_path(query, corridor, 5, path_start, path_end, 0, path, 16, NULL, &status, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_query_find_straight_path(query, corridor, 5, path_start, path_end, 0, path, 16, &len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "status_out");

    CHECK_OK(onav_straight_path_length(NULL, 0, &length, &err));
    CHECK(length == 0.0);
    CHECK_FAILS_CLEARS(length, 3.0, onav_straight_path_length(NULL, 2, &length, &err), ONAV_E_NULL_ARGUMENT, &err, "vertices");
    CHECK_FAILS(onav_straight_path_length(path, 1, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

/* ---- Raycast and local queries --------------------------------------- */

static void test_raycast(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    const uint64_t a0 = poly_of(refs[TILE_A], 0), a1 = poly_of(refs[TILE_A], 1);
    uint64_t visited[8];
    size_t len = 0;
    OnavRaycastHit hit;

    /* Along z = 28: A1, over the diagonal into A0, the portal into B1, B's
     * diagonal into B0, where the end lies. */
    const uint64_t crossed[4] = {a1, a0, poly_of(refs[TILE_B], 1), poly_of(refs[TILE_B], 0)};
    CHECK_OK(onav_query_raycast(query, a1, path_start, vec3(62, 0, 28), &filter, ONAV_RAYCAST_PATH_COST, visited, 8, &len, &hit, &err));
    CHECK(hit.t == 1.0 && hit.hit == 0 && hit.wall_poly_ref == 0 && len == 4 && memcmp(visited, crossed, sizeof crossed) == 0);
    CHECK(hit.has_path_cost == 1 && fabs(hit.path_cost - 58.0) < 1e-9);
    CHECK_OK(onav_query_raycast(query, a1, path_start, vec3(62, 0, 28), &filter, 0, visited, 8, &len, &hit, &err));
    CHECK(hit.has_path_cost == 0 && hit.path_cost == 0.0);
    /* North from A1: A's +Z edge (edge 1) is a wall, a third of the way. */
    CHECK_OK(onav_query_raycast(query, a1, path_start, vec3(4, 0, 40), &filter, 0, visited, 8, &len, &hit, &err));
    CHECK(hit.hit == 1 && fabs(hit.t - 1.0 / 3.0) < 1e-12 && hit.wall_poly_ref == a1 && hit.wall_edge == 1);
    CHECK(same_point(hit.normal, vec3(0, 0, -1)) && len == 1 && visited[0] == a1);
    /* A filter refusing A0 turns the diagonal into a wall. */
    filter.exclude_flags = 0x10;
    CHECK_OK(onav_query_raycast(query, a1, path_start, vec3(62, 0, 28), &filter, 0, visited, 8, &len, &hit, &err));
    CHECK(hit.hit == 1 && hit.wall_poly_ref == a1 && hit.wall_edge == 0 && len == 1);
    filter = default_filter();

    memset(&hit, 0x5A, sizeof hit);
    CHECK_FAILS(onav_query_raycast(query, a1, path_start, vec3(62, 0, 28), &filter, 0, visited, 2, &len, &hit, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "4");
    CHECK(len == 4 && all_zero(&hit, sizeof hit));
    CHECK_FAILS_ZEROES(hit, onav_query_raycast(query, 0, path_start, path_end, &filter, 0, visited, 8, &len, &hit, &err), ONAV_E_INVALID_REFERENCE, &err, "start_ref");
    CHECK_FAILS_ZEROES(hit, onav_query_raycast(query, a1, path_start, vec3(0, INFINITY, 0), &filter, 0, visited, 8, &len, &hit, &err), ONAV_E_OUT_OF_RANGE, &err, "end.y");
    CHECK_FAILS_ZEROES(hit, onav_query_raycast(query, a1, path_start, path_end, &filter, 2, visited, 8, &len, &hit, &err), ONAV_E_OUT_OF_RANGE, &err, "options");
    filter.include_flags = 0x01;
    CHECK_FAILS_ZEROES(hit, onav_query_raycast(query, a1, path_start, path_end, &filter, 0, visited, 8, &len, &hit, &err), ONAV_E_OUT_OF_RANGE, &err, "start_ref");
    filter = default_filter();
    CHECK_FAILS(onav_query_raycast(query, a1, path_start, path_end, NULL, 0, visited, 8, &len, &hit, &err), ONAV_E_NULL_ARGUMENT, &err, "filter");
    CHECK_FAILS(onav_query_raycast(NULL, a1, path_start, path_end, &filter, 0, visited, 8, &len, &hit, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_raycast(query, a1, path_start, path_end, &filter, 0, visited, 8, NULL, &hit, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_query_raycast(query, a1, path_start, path_end, &filter, 0, visited, 8, &len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "hit_out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

static void test_move_along_surface(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    const uint64_t a0 = poly_of(refs[TILE_A], 0), a1 = poly_of(refs[TILE_A], 1);
    uint64_t visited[8];
    size_t len = 0;
    OnavSurfaceMove moved;
    /* Into A0, where the end lies. */
    CHECK_OK(onav_query_move_along_surface(query, a1, path_start, vec3(30, 0, 28), &filter, visited, 8, &len, &moved, &err));
    CHECK(same_point(moved.position, vec3(30, 0, 28)) && moved.status == ONAV_SEARCH_COMPLETE);
    CHECK(len == 2 && visited[0] == a1 && visited[1] == a0);
    /* Against A's +Z wall: the wall point nearest the end. */
    CHECK_OK(onav_query_move_along_surface(query, a1, path_start, vec3(4, 0, 40), &filter, visited, 8, &len, &moved, &err));
    CHECK(same_point(moved.position, vec3(4, 0, 32)) && len == 1 && visited[0] == a1);

    memset(&moved, 0x5A, sizeof moved);
    CHECK_FAILS(onav_query_move_along_surface(query, a1, path_start, vec3(30, 0, 28), &filter, visited, 1, &len, &moved, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 2 && all_zero(&moved, sizeof moved));
    CHECK_FAILS_ZEROES(moved, onav_query_move_along_surface(query, poly_of(refs[TILE_A], 5), path_start, path_end, &filter, visited, 8, &len, &moved, &err),
                       ONAV_E_INVALID_REFERENCE, &err, "start_ref");
    CHECK_FAILS_ZEROES(moved, onav_query_move_along_surface(query, a1, vec3(-3e6, 0, 0), path_end, &filter, visited, 8, &len, &moved, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "start.x");
    CHECK_FAILS(onav_query_move_along_surface(query, a1, path_start, path_end, &filter, visited, 8, &len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "move_out");
    CHECK_FAILS(onav_query_move_along_surface(NULL, a1, path_start, path_end, &filter, visited, 8, &len, &moved, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

static void test_circle_searches(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    const uint64_t a0 = poly_of(refs[TILE_A], 0), a1 = poly_of(refs[TILE_A], 1);
    OnavPolyAround around[8];
    OnavNeighbourPoly neighbours[8];
    size_t len = 0;
    int32_t status = 9;

    /* Radius 20 reaches A's diagonal (16.97 away, A0 placed at its middle
     * (16, 16)) but not A0's portal (28 away). */
    CHECK_OK(onav_query_find_polys_around_circle(query, a1, path_start, 20.0, &filter, around, 8, &len, &status, &err));
    CHECK(status == ONAV_SEARCH_COMPLETE && len == 2);
    CHECK(around[0].poly_ref == a1 && around[0].parent == 0 && around[0].cost == 0.0);
    CHECK(around[1].poly_ref == a0 && around[1].parent == a1 && fabs(around[1].cost - distance(path_start, vec3(16, 0, 16))) < 1e-9);
    CHECK_OK(onav_query_find_polys_around_circle(query, a1, path_start, 1.0, &filter, around, 8, &len, &status, &err));
    CHECK(len == 1 && around[0].poly_ref == a1);
    CHECK_OK(onav_query_find_local_neighbourhood(query, a1, path_start, 20.0, &filter, neighbours, 8, &len, &status, &err));
    CHECK(status == ONAV_SEARCH_COMPLETE && len == 2);
    CHECK(neighbours[0].poly_ref == a1 && neighbours[0].parent == 0 && neighbours[1].poly_ref == a0 && neighbours[1].parent == a1);

    CHECK_FAILS_CLEARS(status, 9, onav_query_find_polys_around_circle(query, a1, path_start, 20.0, &filter, around, 1, &len, &status, &err),
                       ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 2);
    CHECK_FAILS_CLEARS(status, 9, onav_query_find_local_neighbourhood(query, a1, path_start, 20.0, &filter, NULL, 0, &len, &status, &err),
                       ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 2);
    CHECK_FAILS_CLEARS(status, 9, onav_query_find_polys_around_circle(query, a1, path_start, -1.0, &filter, around, 8, &len, &status, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "radius");
    CHECK_FAILS_CLEARS(status, 9, onav_query_find_local_neighbourhood(query, a1, path_start, NAN, &filter, neighbours, 8, &len, &status, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "radius");
    CHECK_FAILS_CLEARS(status, 9, onav_query_find_polys_around_circle(query, a1, vec3(NAN, 0, 0), 1.0, &filter, around, 8, &len, &status, &err),
                       ONAV_E_OUT_OF_RANGE, &err, "center.x");
    CHECK_FAILS_CLEARS(status, 9, onav_query_find_local_neighbourhood(query, 0, path_start, 1.0, &filter, neighbours, 8, &len, &status, &err),
                       ONAV_E_INVALID_REFERENCE, &err, "start_ref");
    CHECK_FAILS(onav_query_find_polys_around_circle(query, a1, path_start, 1.0, &filter, around, 8, &len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "status_out");
    CHECK_FAILS(onav_query_find_local_neighbourhood(NULL, a1, path_start, 1.0, &filter, neighbours, 8, &len, &status, &err), ONAV_E_NULL_ARGUMENT, &err, "query");

    /* The nearest wall from (6, 29): A's +Z edge, 3 away. */
    OnavWallDistance wall;
    CHECK_OK(onav_query_find_distance_to_wall(query, a1, vec3(6, 0, 29), 10.0, &filter, &wall, &err));
    CHECK(wall.hit == 1 && fabs(wall.distance - 3.0) < 1e-12 && wall.status == ONAV_SEARCH_COMPLETE);
    CHECK(same_point(wall.position, vec3(6, 0, 32)) && same_point(wall.normal, vec3(0, 0, -1)));
    CHECK_OK(onav_query_find_distance_to_wall(query, a1, vec3(6, 0, 29), 2.0, &filter, &wall, &err));
    CHECK(wall.hit == 0 && wall.distance == 0.0 && wall.status == ONAV_SEARCH_COMPLETE);
    CHECK_FAILS_ZEROES(wall, onav_query_find_distance_to_wall(query, a1, vec3(6, 0, 29), INFINITY, &filter, &wall, &err), ONAV_E_OUT_OF_RANGE, &err, "radius");
    CHECK_FAILS_ZEROES(wall, onav_query_find_distance_to_wall(query, poly_of(refs[TILE_A], 2), vec3(6, 0, 29), 1.0, &filter, &wall, &err),
                       ONAV_E_INVALID_REFERENCE, &err, "start_ref");
    CHECK_FAILS(onav_query_find_distance_to_wall(query, a1, vec3(6, 0, 29), 1.0, &filter, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

static void test_wall_segments(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    const uint64_t a0 = poly_of(refs[TILE_A], 0), a1 = poly_of(refs[TILE_A], 1);
    OnavWallSegment segments[8];
    size_t len = 0;
    /* A1 edge by edge: the diagonal opens into A0; +Z and -X are walls. */
    CHECK_OK(onav_query_poly_wall_segments(query, a1, &filter, 1, segments, 8, &len, &err));
    CHECK(len == 3);
    CHECK(same_point(segments[0].start, vec3(0, 0, 0)) && same_point(segments[0].end, vec3(32, 0, 32)) && segments[0].neighbour == a0);
    CHECK(same_point(segments[1].start, vec3(32, 0, 32)) && same_point(segments[1].end, vec3(0, 0, 32)) && segments[1].neighbour == 0);
    CHECK(same_point(segments[2].start, vec3(0, 0, 32)) && same_point(segments[2].end, vec3(0, 0, 0)) && segments[2].neighbour == 0);
    CHECK_OK(onav_query_poly_wall_segments(query, a1, &filter, 0, segments, 8, &len, &err));
    CHECK(len == 2 && segments[0].neighbour == 0 && same_point(segments[0].start, vec3(32, 0, 32)));
    /* A0: the -Z wall, the portal into B1, the diagonal into A1. */
    CHECK_OK(onav_query_poly_wall_segments(query, a0, &filter, 1, segments, 8, &len, &err));
    CHECK(len == 3 && segments[0].neighbour == 0 && segments[1].neighbour == poly_of(refs[TILE_B], 1) && segments[2].neighbour == a1);
    /* Refusing area 2 (A1, B1) walls both openings. */
    filter.area_costs[2] = INFINITY;
    CHECK_OK(onav_query_poly_wall_segments(query, a0, &filter, 1, segments, 8, &len, &err));
    CHECK(len == 3 && segments[0].neighbour == 0 && segments[1].neighbour == 0 && segments[2].neighbour == 0);
    filter = default_filter();

    CHECK_FAILS(onav_query_poly_wall_segments(query, a1, &filter, 1, segments, 2, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "3");
    CHECK(len == 3);
    CHECK_FAILS_CLEARS(len, 9, onav_query_poly_wall_segments(query, 0, &filter, 1, segments, 8, &len, &err), ONAV_E_INVALID_REFERENCE, &err, "poly_ref");
    CHECK_FAILS_CLEARS(len, 9, onav_query_poly_wall_segments(query, a1, NULL, 1, segments, 8, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "filter");
    CHECK_FAILS(onav_query_poly_wall_segments(query, a1, &filter, 1, segments, 8, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

/* True when `point` lies on its polygon (over it, on its surface). */
static int on_its_polygon(OnavQuery *query, OnavRandomPoint point) {
    OnavClosestPoint closest;
    return onav_query_closest_point_on_poly(query, point.poly_ref, point.position, &closest, NULL) == ONAV_OK && closest.over_polygon == 1 &&
           same_point(closest.position, point.position);
}

static void test_random_points(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavQueryFilter filter = default_filter();
    OnavError err = fresh_error();
    const uint64_t a0 = poly_of(refs[TILE_A], 0), a1 = poly_of(refs[TILE_A], 1);
    OnavRandomPoint point, again;
    for (uint64_t seed = 0; seed < 20; seed++) {
        CHECK_OK(onav_query_find_random_point(query, &filter, seed, &point, &err));
        CHECK(point.poly_ref != 0 && on_its_polygon(query, point));
        CHECK_OK(onav_query_find_random_point(query, &filter, seed, &again, &err));
        CHECK(again.poly_ref == point.poly_ref && same_point(again.position, point.position));
        int32_t status = 9;
        CHECK_OK(onav_query_find_random_point_around_circle(query, a1, path_start, 20.0, &filter, seed, &point, &status, &err));
        CHECK(status == ONAV_SEARCH_COMPLETE && (point.poly_ref == a1 || point.poly_ref == a0) && on_its_polygon(query, point));
    }
    filter.include_flags = 0;
    point.poly_ref = 5;
    CHECK_OK(onav_query_find_random_point(query, &filter, 1, &point, &err));
    CHECK(point.poly_ref == 0);
    filter = default_filter();
    int32_t status = 9;
    CHECK_FAILS_ZEROES(point, onav_query_find_random_point_around_circle(query, a1, path_start, -2.0, &filter, 1, &point, &status, &err), ONAV_E_OUT_OF_RANGE, &err, "radius");
    CHECK(status == 0);
    CHECK_FAILS_ZEROES(point, onav_query_find_random_point_around_circle(query, 0, path_start, 2.0, &filter, 1, &point, &status, &err), ONAV_E_INVALID_REFERENCE, &err, "start_ref");
    CHECK_FAILS(onav_query_find_random_point_around_circle(query, a1, path_start, 2.0, &filter, 1, &point, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "status_out");
    CHECK_FAILS_ZEROES(point, onav_query_find_random_point(query, NULL, 1, &point, &err), ONAV_E_NULL_ARGUMENT, &err, "filter");
    CHECK_FAILS(onav_query_find_random_point(NULL, &filter, 1, &point, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_find_random_point(query, &filter, 1, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

/* ---- Versions: set_mesh, stale references, tier-1 constructors ------- */

static void path_status(OnavQuery *query, uint64_t start_ref, uint64_t end_ref, int32_t *status, size_t *len) {
    OnavQueryFilter filter = default_filter();
    uint64_t corridor[8];
    OnavPathOutcome outcome;
    CHECK_OK(onav_query_find_path(query, start_ref, end_ref, path_start, path_end, &filter, MAX_NODES, corridor, 8, len, &outcome, NULL));
    *status = outcome.status;
}

static void test_versions(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavError err = fresh_error();
    const uint64_t a1 = poly_of(refs[TILE_A], 1), c1 = poly_of(refs[TILE_C], 1);
    uint64_t removed = 0;
    CHECK_OK(onav_mesh_remove_tile(mesh, 1, 0, 0, &removed, &err));
    CHECK(removed == refs[TILE_B]);

    /* The query still answers from its version. */
    int32_t status = -1;
    size_t len = 0;
    path_status(query, a1, c1, &status, &len);
    CHECK(status == ONAV_PATH_COMPLETE && len == 5);
    /* Moved to the edited mesh: B is gone, C out of reach (the start node
     * lies nearer the end than A0's), B's references stale. */
    CHECK_OK(onav_query_set_mesh(query, mesh, &err));
    path_status(query, a1, c1, &status, &len);
    CHECK(status == ONAV_PATH_PARTIAL && len == 1);
    OnavClosestPoint closest;
    CHECK_FAILS(onav_query_closest_point_on_poly(query, poly_of(refs[TILE_B], 0), path_start, &closest, &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    /* Back again under a new reference: the answer returns. */
    const uint64_t b_again = add_square(mesh, TILE_B);
    CHECK(b_again != refs[TILE_B]);
    CHECK_OK(onav_query_set_mesh(query, mesh, &err));
    path_status(query, a1, c1, &status, &len);
    CHECK(status == ONAV_PATH_COMPLETE && len == 5);
    CHECK_FAILS(onav_query_closest_point_on_poly(query, poly_of(refs[TILE_B], 0), path_start, &closest, &err), ONAV_E_INVALID_REFERENCE, &err, NULL);

    /* A sliced search ends with set_mesh. */
    OnavQueryFilter filter = default_filter();
    CHECK_OK(onav_query_init_sliced_find_path(query, a1, c1, path_start, path_end, &filter, MAX_NODES, &err));
    CHECK_OK(onav_query_set_mesh(query, mesh, &err));
    OnavSliceProgress progress;
    CHECK_FAILS(onav_query_update_sliced_find_path(query, 1, &progress, &err), ONAV_E_INVALID_OPERATION, &err, NULL);

    CHECK_FAILS(onav_query_set_mesh(query, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_query_set_mesh(NULL, mesh, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

/* One 32x32 square tile of 2D input at the origin. */
static const OnavDVec2 square_2d[] = {{0, 0}, {32, 0}, {32, 32}, {0, 32}};
static const uint8_t square_2d_counts[] = {4};
static const uint32_t square_2d_indices[] = {0, 1, 2, 3};

static OnavTileInput2d square_input(void) {
    OnavTileInput2d t;
    memset(&t, 0, sizeof t);
    t.vertices = square_2d;
    t.vertex_count = 4;
    t.vertex_counts = square_2d_counts;
    t.polygon_count = 1;
    t.indices = square_2d_indices;
    t.index_count = 4;
    return t;
}

static OnavSettings *square_settings(float radius, uint16_t flags) {
    OnavSettings *settings = NULL;
    CHECK_OK(onav_settings_new(&settings, NULL));
    CHECK_OK(onav_settings_set_tile_size(settings, 32.0, NULL));
    CHECK_OK(onav_settings_set_agent_radius(settings, radius, NULL));
    CHECK_OK(onav_settings_set_flags(settings, flags, NULL));
    return settings;
}

/* The flags of the polygon under (16, 0, 16) as the query sees it. */
static uint16_t flags_seen(OnavQuery *query) {
    OnavQueryFilter filter = default_filter();
    for (uint16_t bit = 1; bit != 0; bit = (uint16_t)(bit << 1)) {
        filter.include_flags = bit;
        OnavNearestPoly nearest;
        CHECK_OK(onav_query_find_nearest_poly(query, vec3(16, 0, 16), vec3(1, 1, 1), &filter, &nearest, NULL));
        if (nearest.poly_ref != 0) {
            return bit;
        }
    }
    return 0;
}

static void test_tier1_constructors(void) {
    OnavError err = fresh_error();
    OnavTileInput2d input = square_input();
    OnavSettings *classes[2] = {square_settings(0.5f, 0x4), square_settings(1.5f, 0x8)};
    OnavNavMesh *nav_mesh = NULL;
    CHECK_OK(onav_nav_mesh_build_2d(classes[0], &input, 1, &nav_mesh, &err));
    OnavQuery *sentinel = (OnavQuery *)&err;
    OnavQuery *query = NULL;
    CHECK_OK(onav_query_new_for_nav_mesh(nav_mesh, MAX_NODES, &query, &err));
    CHECK(flags_seen(query) == 0x4);
    onav_query_free(query);
    CHECK_FAILS_CLEARS(query, sentinel, onav_query_new_for_nav_mesh(nav_mesh, 0, &query, &err), ONAV_E_OUT_OF_RANGE, &err, "max_nodes");
    CHECK_FAILS_CLEARS(query, sentinel, onav_query_new_for_nav_mesh(NULL, MAX_NODES, &query, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");
    CHECK_FAILS(onav_query_new_for_nav_mesh(nav_mesh, MAX_NODES, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");

    OnavNavWorld *world = NULL;
    CHECK_OK(onav_nav_world_build_2d((const OnavSettings *const *)classes, 2, &input, 1, &world, &err));
    /* class_for: the smallest radius >= the agent's, else the largest. */
    const struct { float radius; uint16_t flags; } agents[] = {{0.25f, 0x4}, {0.5f, 0x4}, {1.0f, 0x8}, {9.0f, 0x8}};
    for (size_t i = 0; i < sizeof agents / sizeof agents[0]; i++) {
        CHECK_OK(onav_query_new_for_agent(world, agents[i].radius, MAX_NODES, &query, &err));
        CHECK(flags_seen(query) == agents[i].flags);
        onav_query_free(query);
    }
    CHECK_FAILS_CLEARS(query, sentinel, onav_query_new_for_agent(world, 1.0f, 0, &query, &err), ONAV_E_OUT_OF_RANGE, &err, "max_nodes");
    CHECK_FAILS_CLEARS(query, sentinel, onav_query_new_for_agent(NULL, 1.0f, MAX_NODES, &query, &err), ONAV_E_NULL_ARGUMENT, &err, "world");
    CHECK_FAILS(onav_query_new_for_agent(world, 1.0f, MAX_NODES, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_nav_world_free(world);
    onav_nav_mesh_free(nav_mesh);
    onav_settings_free(classes[0]);
    onav_settings_free(classes[1]);
}

/* ---- Threads --------------------------------------------------------- */

enum { WORKER_ROUNDS = 200 };

typedef struct {
    const OnavMesh *clone; /* the worker's version; nobody edits it */
    uint64_t expected[5];
    int mismatches;
    int rounds;
} Worker;

static atomic_int workers_running;

/* One round of the worker's queries: the nearest polygons of the start and
 * end, the path between them and its straight path; 1 when every answer
 * is the version's. */
static int worker_round(OnavQuery *query, const Worker *w) {
    OnavQueryFilter filter;
    OnavNearestPoly from, to;
    uint64_t corridor[8];
    size_t len = 0, vertices = 0;
    OnavPathOutcome outcome;
    OnavStraightPathVertex path[8];
    int32_t status = -1;
    int ok = onav_query_filter_default(&filter, NULL) == ONAV_OK &&
             onav_query_find_nearest_poly(query, path_start, vec3(2, 2, 2), &filter, &from, NULL) == ONAV_OK &&
             onav_query_find_nearest_poly(query, path_end, vec3(2, 2, 2), &filter, &to, NULL) == ONAV_OK &&
             onav_query_find_path(query, from.poly_ref, to.poly_ref, path_start, path_end, &filter, MAX_NODES, corridor, 8, &len, &outcome, NULL) == ONAV_OK &&
             onav_query_find_straight_path(query, corridor, len, path_start, path_end, 0, path, 8, &vertices, &status, NULL) == ONAV_OK;
    return ok && from.poly_ref == w->expected[0] && to.poly_ref == w->expected[4] && outcome.status == ONAV_PATH_COMPLETE &&
           len == 5 && memcmp(corridor, w->expected, sizeof w->expected) == 0 && status == ONAV_PATH_COMPLETE && vertices == 3 &&
           same_point(path[1].position, vec3(32, 0, 32));
}

static void *worker_main(void *arg) {
    Worker *w = arg;
    OnavQuery *query = NULL;
    if (onav_query_new(w->clone, MAX_NODES, &query, NULL) != ONAV_OK) {
        w->mismatches = -1;
    } else {
        for (w->rounds = 0; w->rounds < WORKER_ROUNDS; w->rounds++) {
            w->mismatches += !worker_round(query, w);
        }
    }
    onav_query_free(query);
    atomic_fetch_sub(&workers_running, 1);
    return NULL;
}

static void test_threads(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    Worker workers[2];
    pthread_t threads[2];
    OnavMesh *clones[2] = {NULL, NULL};
    atomic_store(&workers_running, 2);
    for (int i = 0; i < 2; i++) {
        memset(&workers[i], 0, sizeof workers[i]);
        CHECK_OK(onav_mesh_clone(mesh, &clones[i], NULL));
        workers[i].clone = clones[i];
        expected_corridor(refs, workers[i].expected);
        CHECK(pthread_create(&threads[i], NULL, worker_main, &workers[i]) == 0);
    }
    /* Meanwhile: B and C leave and come back, over and over. */
    int edits = 0;
    int edits_ok = 1;
    while (atomic_load(&workers_running) > 0 || edits == 0) {
        uint64_t gone = 0;
        edits_ok &= onav_mesh_remove_tile(mesh, 1, 0, 0, &gone, NULL) == ONAV_OK;
        edits_ok &= onav_mesh_remove_tile(mesh, 1, 1, 0, &gone, NULL) == ONAV_OK;
        OnavTile *b = square_tile(TILE_B), *c = square_tile(TILE_C);
        uint64_t added = 0;
        edits_ok &= onav_mesh_add_tile(mesh, b, &added, NULL) == ONAV_OK;
        edits_ok &= onav_mesh_add_tile(mesh, c, &added, NULL) == ONAV_OK;
        onav_tile_free(b);
        onav_tile_free(c);
        edits++;
    }
    for (int i = 0; i < 2; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        CHECK(workers[i].rounds == WORKER_ROUNDS && workers[i].mismatches == 0);
        onav_mesh_free(clones[i]);
    }
    CHECK(edits_ok && edits > 0);
    /* The edits were real: the workers' references are stale in the mesh now. */
    OnavQuery *fresh = new_query(mesh);
    OnavClosestPoint closest;
    OnavError err = fresh_error();
    CHECK_FAILS(onav_query_closest_point_on_poly(fresh, workers[0].expected[2], path_start, &closest, &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    onav_query_free(fresh);
    onav_mesh_free(mesh);
}

/* ---- The exact shortest path ------------------------------------------ */

static void test_shortest_path(void) {
    uint64_t refs[TILES];
    OnavMesh *mesh = build_mesh(refs);
    OnavQuery *query = new_query(mesh);
    OnavError err = fresh_error();
    OnavQueryFilter filter = default_filter();
    OnavStraightPathVertex path[16];
    OnavShortestPathOutcome outcome;
    size_t len = 0;
    const uint64_t start_ref = poly_of(refs[TILE_A], 1), end_ref = poly_of(refs[TILE_C], 1);

    /* From A round the inner corner (32, 32) into C: the shortest path is
     * the corridor's here. */
    CHECK_OK(onav_query_find_shortest_path(query, start_ref, end_ref, path_start, path_end, &filter, path, 16, &len, &outcome, &err));
    CHECK(outcome.status == ONAV_SHORTEST_PATH_COMPLETE && len == 3 && outcome.nodes > 0);
    CHECK(same_point(path[0].position, path_start) && path[0].flags == ONAV_STRAIGHT_PATH_START && path[0].poly_ref == start_ref);
    CHECK(same_point(path[1].position, vec3(32, 0, 32)) && path[1].flags == 0);
    CHECK(same_point(path[2].position, path_end) && path[2].flags == ONAV_STRAIGHT_PATH_END && path[2].poly_ref == end_ref);
    const double expected_length = distance(path_start, vec3(32, 0, 32)) + distance(vec3(32, 0, 32), path_end);
    CHECK(fabs(outcome.length - expected_length) < 1e-9);
    double length = 0.0;
    CHECK_OK(onav_straight_path_length(path, len, &length, &err));
    CHECK(length == outcome.length);

    /* D stands alone: unreachable without a search. */
    CHECK_OK(onav_query_find_shortest_path(query, start_ref, poly_of(refs[TILE_D], 0), path_start, vec3(100, 0, 4), &filter, path, 16, &len, &outcome, &err));
    CHECK(outcome.status == ONAV_SHORTEST_PATH_UNREACHABLE && len == 0 && outcome.length == 0.0 && outcome.nodes == 0);

    CHECK_FAILS(onav_query_find_shortest_path(query, start_ref, end_ref, path_start, path_end, &filter, path, 2, &len, &outcome, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "3");
    CHECK(len == 3);
    OnavQueryFilter weighted = default_filter();
    weighted.area_costs[2] = 4.0;
    CHECK_FAILS_ZEROES(outcome, onav_query_find_shortest_path(query, start_ref, end_ref, path_start, path_end, &weighted, path, 16, &len, &outcome, &err), ONAV_E_INVALID_OPERATION, &err, "area 2 costs 4");
    CHECK(len == 0);
    CHECK_FAILS_ZEROES(outcome, onav_query_find_shortest_path(query, 0, end_ref, path_start, path_end, &filter, path, 16, &len, &outcome, &err), ONAV_E_INVALID_REFERENCE, &err, "start_ref");
    CHECK_FAILS_ZEROES(outcome, onav_query_find_shortest_path(query, start_ref, end_ref, vec3(NAN, 0, 0), path_end, &filter, path, 16, &len, &outcome, &err), ONAV_E_OUT_OF_RANGE, &err, "start.x");
    CHECK_FAILS(onav_query_find_shortest_path(NULL, start_ref, end_ref, path_start, path_end, &filter, path, 16, &len, &outcome, &err), ONAV_E_NULL_ARGUMENT, &err, "query");
    CHECK_FAILS(onav_query_find_shortest_path(query, start_ref, end_ref, path_start, path_end, &filter, path, 16, &len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "outcome_out");
    onav_query_free(query);
    onav_mesh_free(mesh);
}

/* tests/query_shortest_path.rs's a_path_onto_the_other_floor_of_a_tile_column_goes_over_the_border:
 * two floors of column (0, 0), 0.3 apart, each joined over the border
 * z = 32 to the floor of (0, 1), not to each other. From (8, 24) on the
 * upper floor to (8, 20) on the lower one the search once answered the
 * straight 4 (coming back over the border onto the other floor, it took
 * the wedge behind its root for seen); the path turns at the border's
 * wall end (0, 32). */
static void test_shortest_path_onto_the_other_floor(void) {
    OnavParams params = test_params(32.0);
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_mesh_new(&params, &mesh, NULL));
    const uint64_t lower = add_and_free(mesh, square_tile_at(0, 0, 0, 0.0));
    const uint64_t upper = add_and_free(mesh, square_tile_at(0, 0, 1, 0.3));
    add_and_free(mesh, square_tile_at(0, 1, 0, 0.15));
    OnavQuery *query = new_query(mesh);
    OnavError err = fresh_error();
    OnavQueryFilter filter = default_filter();
    OnavStraightPathVertex path[8];
    OnavShortestPathOutcome outcome;
    size_t len = 0;
    const OnavDVec3 start = {8, 0.3, 24}, end = {8, 0, 20};
    CHECK_OK(onav_query_find_shortest_path(query, poly_of(upper, 1), poly_of(lower, 1), start, end, &filter, path, 8, &len, &outcome, &err));
    CHECK(outcome.status == ONAV_SHORTEST_PATH_COMPLETE && len == 3);
    CHECK(path[1].position.x == 0.0 && path[1].position.z == 32.0);
    CHECK(fabs(outcome.length - (sqrt(128.0) + sqrt(208.0))) < 1e-9);
    onav_query_free(query);
    onav_mesh_free(mesh);
}

int main(void) {
    test_new_and_free();
    test_filter_default();
    test_valid_references();
    test_nearest_poly();
    test_polygons_in_box();
    test_surface_points();
    test_find_path();
    test_sliced_find_path();
    test_straight_path();
    test_shortest_path();
    test_shortest_path_onto_the_other_floor();
    test_raycast();
    test_move_along_surface();
    test_circle_searches();
    test_wall_segments();
    test_random_points();
    test_versions();
    test_tier1_constructors();
    test_threads();
    printf("%d checks passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}
