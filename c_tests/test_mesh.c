/*
 * Exercises the mesh part of onav.h: OnavMesh creation, edits by tile handle
 * and by bytes, lookups, links, references, ONPM read/write, clones and the
 * debug geometry, with every error path (NULL arguments, size queries,
 * fingerprint, occupied and missing positions, format and version errors)
 * and a byte comparison proving each failed edit left the mesh unchanged.
 *
 * The grid: four tiles (0,0) (1,0) (0,1) (1,1) on layer 0, each a 32x32
 * square of two triangles with every outer edge a portal, a second layer
 * (0,0,1) ten units up (too high to link), and a bidirectional off-mesh link
 * from tile (0,0) into tile (1,0).
 *
 * Built three times like test_api.c: static, shared, ASan+UBSan; the shared
 * build also runs under valgrind.
 */
#include "check.h"
#include "test_params.h"

#include <stdlib.h>

enum { TILE_A, TILE_B, TILE_C, TILE_D, TILE_E, GRID_TILES };

static OnavParams grid_params(void) {
    OnavParams p = test_params(32.0);
    p.origin_x = 100.0;
    return p;
}

/* Parameters whose fingerprint differs from grid_params'. */
static OnavParams other_params(void) {
    OnavParams p = grid_params();
    p.settings_digest = 7;
    return p;
}

/* Polygon 0 = (v0 v1 v2): edges side 3 (-Z), side 0 (+X), diagonal.
 * Polygon 1 = (v0 v2 v3): diagonal, side 1 (+Z), side 2 (-X). */
static const OnavVec3 square_vertices[] = {{0, 0, 0}, {32, 0, 0}, {32, 0, 32}, {0, 0, 32}};
static const OnavPolygon square_polygons[] = {{3, 1, 0x11}, {3, 2, 0x22}};
static const uint32_t square_indices[] = {0, 1, 2, 0, 2, 3};
static const uint32_t square_neighbours[] = {0, 0, 2, 1, 0, 0};
static const uint8_t square_portal_sides[] = {3, 0, 0xFF, 0xFF, 1, 2};
/* From local (8, 0, 4) of tile (0,0), polygon 0, to local (40, 0, 4): world
 * column (1,0), its polygon 0; both ways. */
static const OnavOffMeshLink crossing_link = {{8, 0, 4}, {40, 0, 4}, 0.5f, 1, 1, 3, 7};

static OnavTileData square_tile(int32_t x, int32_t z, uint16_t layer, double origin_y, int with_link) {
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
    if (with_link) {
        d.off_mesh_links = &crossing_link;
        d.off_mesh_link_count = 1;
    }
    return d;
}

static OnavTile *create_tile(const OnavParams *params, const OnavTileData *data) {
    OnavTile *tile = NULL;
    OnavError err = fresh_error();
    CHECK_OK(onav_tile_create(params, data, &tile, &err));
    return tile;
}

static OnavTile *grid_tile(int which) {
    static const struct { int32_t x, z; uint16_t layer; double origin_y; int with_link; } grid[GRID_TILES] = {
        {0, 0, 0, 0.0, 1}, {1, 0, 0, 0.0, 0}, {0, 1, 0, 0.0, 0}, {1, 1, 0, 0.0, 0}, {0, 0, 1, 10.0, 0},
    };
    OnavParams params = grid_params();
    OnavTileData data = square_tile(grid[which].x, grid[which].z, grid[which].layer, grid[which].origin_y, grid[which].with_link);
    return create_tile(&params, &data);
}

/* The grid in slots 0..4 (A..E), their TileRefs in `refs`. The tile
 * handles are freed right away: the mesh keeps its own share. */
static OnavMesh *build_grid(uint64_t refs[GRID_TILES]) {
    OnavParams params = grid_params();
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_mesh_new(&params, &mesh, NULL));
    for (int i = 0; i < GRID_TILES; i++) {
        OnavTile *tile = grid_tile(i);
        CHECK_OK(onav_mesh_add_tile(mesh, tile, &refs[i], NULL));
        onav_tile_free(tile);
    }
    return mesh;
}

/* A reference to polygon `polygon` of a tile: the polygon bits are the low
 * 20 bits of the TileRef, which are 0. */
static uint64_t poly_of(uint64_t tile_ref, uint32_t polygon) {
    return tile_ref | polygon;
}

/* The mesh's ONPM bytes through the size query; free() the result. */
static uint8_t *mesh_bytes(const OnavMesh *mesh, size_t *len) {
    OnavError err = fresh_error();
    CHECK_FAILS(onav_mesh_write(mesh, NULL, 0, len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    uint8_t *bytes = malloc(*len);
    size_t written = 0;
    CHECK_OK(onav_mesh_write(mesh, bytes, *len, &written, &err));
    CHECK(written == *len);
    return bytes;
}

/* True when the mesh still writes exactly `expected`. */
static int mesh_unchanged(const OnavMesh *mesh, const uint8_t *expected, size_t expected_len) {
    size_t len = 0;
    uint8_t *now = mesh_bytes(mesh, &len);
    int same = len == expected_len && memcmp(now, expected, len) == 0;
    free(now);
    return same;
}

/* The tile's ONPT bytes through the size query; free() the result. */
static uint8_t *tile_bytes(const OnavTile *tile, size_t *len) {
    onav_tile_write(tile, NULL, 0, len, NULL);
    uint8_t *bytes = malloc(*len);
    CHECK_OK(onav_tile_write(tile, bytes, *len, len, NULL));
    return bytes;
}

/* The links of a polygon into `links` (room for 8); returns their number. */
static size_t links_of(const OnavMesh *mesh, uint64_t poly_ref, OnavLink links[8]) {
    size_t count = 0;
    OnavError err = fresh_error();
    CHECK_OK(onav_mesh_links(mesh, poly_ref, links, 8, &count, &err));
    return count;
}

static int is_valid_poly(const OnavMesh *mesh, uint64_t poly_ref) {
    uint8_t valid = 2;
    CHECK_OK(onav_mesh_is_valid_poly_ref(mesh, poly_ref, &valid, NULL));
    return valid == 1;
}

static int is_valid_tile(const OnavMesh *mesh, uint64_t tile_ref) {
    uint8_t valid = 2;
    CHECK_OK(onav_mesh_is_valid_tile_ref(mesh, tile_ref, &valid, NULL));
    return valid == 1;
}

static void test_references(void) {
    OnavError err = fresh_error();
    uint64_t ref = 0;
    CHECK_OK(onav_poly_ref_encode(0xABCDEF, 0x12345, 0x6789A, &ref, &err));
    CHECK(ref == ((0xABCDEFull << 40) | (0x12345ull << 20) | 0x6789Aull));
    uint32_t salt = 0, slot = 0, polygon = 0;
    CHECK_OK(onav_poly_ref_decode(ref, &salt, &slot, &polygon, &err));
    CHECK(salt == 0xABCDEF && slot == 0x12345 && polygon == 0x6789A);
    CHECK_OK(onav_poly_ref_encode(0xFFFFFF, 0xFFFFE, 0xFFFFF, &ref, &err));

    uint64_t stale = 0;
    CHECK_FAILS_CLEARS(stale, 99, onav_poly_ref_encode(0, 1, 2, &stale, &err), ONAV_E_OUT_OF_RANGE, &err, "salt 0");
    CHECK_FAILS_CLEARS(stale, 99, onav_poly_ref_encode(0x1000000, 1, 2, &stale, &err), ONAV_E_OUT_OF_RANGE, &err, NULL);
    CHECK_FAILS_CLEARS(stale, 99, onav_poly_ref_encode(1, 0xFFFFF, 2, &stale, &err), ONAV_E_OUT_OF_RANGE, &err, "slot");
    CHECK_FAILS_CLEARS(stale, 99, onav_poly_ref_encode(1, 1, 0x100000, &stale, &err), ONAV_E_OUT_OF_RANGE, &err, "polygon");
    CHECK_FAILS(onav_poly_ref_encode(1, 1, 1, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_poly_ref_decode(ref, NULL, &slot, &polygon, &err), ONAV_E_NULL_ARGUMENT, &err, "salt_out");
    CHECK_FAILS(onav_poly_ref_decode(ref, &salt, NULL, &polygon, &err), ONAV_E_NULL_ARGUMENT, &err, "slot_out");
    CHECK_FAILS(onav_poly_ref_decode(ref, &salt, &slot, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "polygon_out");

    uint64_t tile_ref = 0;
    CHECK_OK(onav_tile_ref_encode(5, 9, &tile_ref, &err));
    CHECK(tile_ref == ((5ull << 40) | (9ull << 20)));
    CHECK_OK(onav_tile_ref_decode(tile_ref, &salt, &slot, &err));
    CHECK(salt == 5 && slot == 9);
    CHECK_FAILS(onav_tile_ref_encode(0, 9, &tile_ref, &err), ONAV_E_OUT_OF_RANGE, &err, NULL);
    CHECK_FAILS(onav_tile_ref_encode(5, 0xFFFFF, &tile_ref, &err), ONAV_E_OUT_OF_RANGE, &err, NULL);
    CHECK_FAILS(onav_tile_ref_encode(5, 9, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    salt = slot = 77;
    CHECK_FAILS(onav_tile_ref_decode(tile_ref | 3, &salt, &slot, &err), ONAV_E_OUT_OF_RANGE, &err, "PolyRef");
    CHECK(salt == 0 && slot == 0);
    CHECK_FAILS(onav_tile_ref_decode(tile_ref, NULL, &slot, &err), ONAV_E_NULL_ARGUMENT, &err, "salt_out");
    CHECK_FAILS(onav_tile_ref_decode(tile_ref, &salt, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "slot_out");
    CHECK(ONAV_LINK_PORTAL == 0 && ONAV_LINK_OFF_MESH == 1 && ONAV_LINK_OFF_MESH_REVERSE == 2);
}

static void test_new_mesh(void) {
    OnavParams params = grid_params();
    OnavError err = fresh_error();
    OnavMesh *sentinel = (OnavMesh *)&err; /* never dereferenced: a stale handle value */
    OnavMesh *mesh = sentinel;
    params.max_verts_per_poly = 2;
    CHECK_FAILS_CLEARS(mesh, sentinel, onav_mesh_new(&params, &mesh, &err), ONAV_E_OUT_OF_RANGE, &err, "MaxVertsPerPoly");
    CHECK_FAILS_CLEARS(mesh, sentinel, onav_mesh_new(NULL, &mesh, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    params = grid_params();
    CHECK_FAILS(onav_mesh_new(&params, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_OK(onav_mesh_new(&params, &mesh, &err));

    OnavParams back;
    CHECK_OK(onav_mesh_params(mesh, &back, &err));
    CHECK(back.origin_x == 100.0 && back.tile_size == 32.0 && back.max_verts_per_poly == 6 && back.walkable_climb == 0.5f);
    CHECK_FAILS(onav_mesh_params(mesh, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_params(NULL, &back, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    OnavFingerprint from_mesh, from_params;
    CHECK_OK(onav_mesh_fingerprint(mesh, &from_mesh, &err));
    CHECK_OK(onav_params_fingerprint(&params, &from_params, &err));
    CHECK(memcmp(&from_mesh, &from_params, sizeof from_mesh) == 0);
    CHECK_FAILS(onav_mesh_fingerprint(mesh, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_fingerprint(NULL, &from_mesh, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    uint32_t count = 99;
    CHECK_OK(onav_mesh_tile_count(mesh, &count, &err));
    CHECK(count == 0);
    CHECK_OK(onav_mesh_slot_count(mesh, &count, &err));
    CHECK(count == 0);
    CHECK_FAILS(onav_mesh_tile_count(NULL, &count, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_slot_count(mesh, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_slot_salt(mesh, 0, &count, &err), ONAV_E_NOT_FOUND, &err, "slot 0");

    int32_t tx = 99, tz = 99;
    CHECK_OK(onav_mesh_world_to_tile(mesh, 100.0 + 33.0, -0.5, &tx, &tz, &err));
    CHECK(tx == 1 && tz == -1);
    tx = tz = 99;
    CHECK_FAILS(onav_mesh_world_to_tile(mesh, 3.0e6, 0.0, &tx, &tz, &err), ONAV_E_OUT_OF_RANGE, &err, NULL);
    CHECK(tx == 0 && tz == 0);
    tx = tz = 99;
    CHECK_FAILS(onav_mesh_world_to_tile(mesh, 0.0, -2097152.0, &tx, &tz, &err), ONAV_E_OUT_OF_RANGE, &err, NULL);
    CHECK(tx == 0 && tz == 0);
    CHECK_FAILS(onav_mesh_world_to_tile(mesh, 0.0, 0.0, NULL, &tz, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_x_out");
    CHECK_FAILS(onav_mesh_world_to_tile(mesh, 0.0, 0.0, &tx, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_z_out");
    CHECK_FAILS(onav_mesh_world_to_tile(NULL, 0.0, 0.0, &tx, &tz, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    onav_mesh_free(mesh);
    onav_mesh_free(NULL);
}

static void test_tile_lookups(void) {
    uint64_t refs[GRID_TILES];
    OnavMesh *mesh = build_grid(refs);
    OnavError err = fresh_error();

    uint32_t count = 0, salt = 0, slot = 0;
    CHECK_OK(onav_mesh_tile_count(mesh, &count, &err));
    CHECK(count == GRID_TILES);
    CHECK_OK(onav_mesh_slot_count(mesh, &count, &err));
    CHECK(count == GRID_TILES);
    for (uint32_t i = 0; i < GRID_TILES; i++) {
        CHECK_OK(onav_tile_ref_decode(refs[i], &salt, &slot, &err));
        CHECK(salt == 1 && slot == i);
        CHECK_OK(onav_mesh_slot_salt(mesh, i, &salt, &err));
        CHECK(salt == 1);
    }
    CHECK_FAILS(onav_mesh_slot_salt(mesh, GRID_TILES, &salt, &err), ONAV_E_NOT_FOUND, &err, "slot 5");

    uint64_t found = 0;
    CHECK_OK(onav_mesh_tile_at(mesh, 0, 0, 1, &found, &err));
    CHECK(found == refs[TILE_E]);
    found = 42;
    CHECK_FAILS(onav_mesh_tile_at(mesh, 0, 0, 2, &found, &err), ONAV_E_NOT_FOUND, &err, "(0, 0, layer 2)");
    CHECK(found == 0);
    CHECK_FAILS(onav_mesh_tile_at(mesh, 0, 0, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_ref_out");
    CHECK_FAILS(onav_mesh_tile_at(NULL, 0, 0, 0, &found, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    uint64_t column[2] = {0, 0};
    size_t len = 0;
    CHECK_FAILS(onav_mesh_column_tiles(mesh, 0, 0, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "2 elements");
    CHECK(len == 2);
    CHECK_FAILS(onav_mesh_column_tiles(mesh, 0, 0, column, 1, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 2 && column[0] == 0);
    CHECK_OK(onav_mesh_column_tiles(mesh, 0, 0, column, 2, &len, &err));
    CHECK(len == 2 && column[0] == refs[TILE_A] && column[1] == refs[TILE_E]);
    CHECK_OK(onav_mesh_column_tiles(mesh, 5, 5, NULL, 0, &len, &err)); /* empty column: nothing to copy */
    CHECK(len == 0);
    CHECK_FAILS(onav_mesh_column_tiles(mesh, 0, 0, column, 2, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_mesh_column_tiles(NULL, 0, 0, column, 2, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    uint64_t all[GRID_TILES];
    CHECK_FAILS(onav_mesh_tiles(mesh, all, 2, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == GRID_TILES);
    CHECK_OK(onav_mesh_tiles(mesh, all, GRID_TILES, &len, &err));
    CHECK(len == GRID_TILES && memcmp(all, refs, sizeof all) == 0);
    CHECK_FAILS(onav_mesh_tiles(NULL, all, GRID_TILES, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    OnavTileInfo info;
    CHECK_OK(onav_mesh_tile_info(mesh, refs[TILE_E], &info, &err));
    CHECK(info.tile_x == 0 && info.tile_z == 0 && info.layer == 1 && info.origin_y == 10.0);
    CHECK(info.polygon_count == 2 && info.portal_edge_count == 4 && info.off_mesh_link_count == 0);
    CHECK_OK(onav_mesh_tile_info(mesh, refs[TILE_A], &info, &err));
    CHECK(info.off_mesh_link_count == 1);
    CHECK_FAILS(onav_mesh_tile_info(mesh, 0, &info, &err), ONAV_E_NOT_FOUND, &err, "tile reference");
    CHECK_FAILS(onav_mesh_tile_info(mesh, refs[TILE_A] | 1, &info, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_mesh_tile_info(mesh, refs[TILE_A], NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_tile_info(NULL, refs[TILE_A], &info, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    /* A handle sharing the mesh's tile outlives the mesh. */
    OnavTile *shared = NULL;
    CHECK_OK(onav_mesh_tile(mesh, refs[TILE_A], &shared, &err));
    OnavTile *sentinel = (OnavTile *)&err;
    OnavTile *none = sentinel;
    CHECK_FAILS_CLEARS(none, sentinel, onav_mesh_tile(mesh, refs[TILE_A] + (1ull << 40), &none, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_mesh_tile(mesh, refs[TILE_A], NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS_CLEARS(none, sentinel, onav_mesh_tile(NULL, refs[TILE_A], &none, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    onav_mesh_free(mesh);

    OnavTile *original = grid_tile(TILE_A);
    size_t shared_len = 0, original_len = 0;
    uint8_t *shared_bytes = tile_bytes(shared, &shared_len);
    uint8_t *original_bytes = tile_bytes(original, &original_len);
    CHECK(shared_len == original_len && memcmp(shared_bytes, original_bytes, shared_len) == 0);
    free(shared_bytes);
    free(original_bytes);
    onav_tile_free(original);
    onav_tile_free(shared);
}

static void test_polygons_and_links(void) {
    uint64_t refs[GRID_TILES];
    OnavMesh *mesh = build_grid(refs);
    OnavError err = fresh_error();
    OnavLink links[8];

    /* A.p0: the portal to B.p1 (side 0, edge 1 against edge 2), then the
     * off-mesh link to B.p0. */
    CHECK(links_of(mesh, poly_of(refs[TILE_A], 0), links) == 2);
    CHECK(links[0].kind == ONAV_LINK_PORTAL && links[0].target == poly_of(refs[TILE_B], 1));
    CHECK(links[0].edge == 1 && links[0].side == 0 && links[0].target_edge == 2);
    CHECK(links[0].range_min == 0 && links[0].range_max == 255 && links[0].off_mesh_index == 0);
    CHECK(links[1].kind == ONAV_LINK_OFF_MESH && links[1].target == poly_of(refs[TILE_B], 0));
    CHECK(links[1].edge == 0xFF && links[1].side == 0xFF && links[1].target_edge == 0xFF && links[1].off_mesh_index == 0);
    CHECK(links_of(mesh, poly_of(refs[TILE_A], 1), links) == 1);
    CHECK(links[0].kind == ONAV_LINK_PORTAL && links[0].target == poly_of(refs[TILE_C], 0) && links[0].side == 1);
    /* B.p0: only the way back. */
    CHECK(links_of(mesh, poly_of(refs[TILE_B], 0), links) == 1);
    CHECK(links[0].kind == ONAV_LINK_OFF_MESH_REVERSE && links[0].target == poly_of(refs[TILE_A], 0) && links[0].off_mesh_index == 0);
    /* B.p1: portals ordered by side: +Z to D.p0, then -X to A.p0. */
    CHECK(links_of(mesh, poly_of(refs[TILE_B], 1), links) == 2);
    CHECK(links[0].side == 1 && links[0].target == poly_of(refs[TILE_D], 0));
    CHECK(links[1].side == 2 && links[1].target == poly_of(refs[TILE_A], 0));
    CHECK(links_of(mesh, poly_of(refs[TILE_C], 0), links) == 2);
    CHECK(links[0].side == 0 && links[0].target == poly_of(refs[TILE_D], 1));
    CHECK(links[1].side == 3 && links[1].target == poly_of(refs[TILE_A], 1));
    CHECK(links_of(mesh, poly_of(refs[TILE_C], 1), links) == 0);
    CHECK(links_of(mesh, poly_of(refs[TILE_D], 0), links) == 1);
    CHECK(links_of(mesh, poly_of(refs[TILE_D], 1), links) == 1);
    /* The second layer is 10 units up: beyond the climb, so unlinked. */
    CHECK(links_of(mesh, poly_of(refs[TILE_E], 0), links) == 0);
    CHECK(links_of(mesh, poly_of(refs[TILE_E], 1), links) == 0);

    size_t len = 0;
    CHECK_FAILS(onav_mesh_links(mesh, poly_of(refs[TILE_A], 0), links, 1, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 2);
    CHECK_FAILS(onav_mesh_links(mesh, poly_of(refs[TILE_A], 0), NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 2);
    CHECK_FAILS(onav_mesh_links(mesh, poly_of(refs[TILE_A], 2), links, 8, &len, &err), ONAV_E_NOT_FOUND, &err, "polygon reference");
    CHECK_FAILS(onav_mesh_links(mesh, 0, links, 8, &len, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_mesh_links(mesh, refs[TILE_A], links, 8, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_mesh_links(NULL, refs[TILE_A], links, 8, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    OnavPolygon polygon;
    CHECK_OK(onav_mesh_polygon(mesh, poly_of(refs[TILE_E], 1), &polygon, &err));
    CHECK(polygon.vertex_count == 3 && polygon.area == 2 && polygon.flags == 0x22);
    CHECK_FAILS(onav_mesh_polygon(mesh, poly_of(refs[TILE_E], 2), &polygon, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_mesh_polygon(mesh, refs[TILE_E], NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_polygon(NULL, refs[TILE_E], &polygon, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    /* World space: X from origin_x 100 + tile_x * 32, Y from the tile's
     * origin_y. */
    OnavDVec3 outline[3];
    CHECK_FAILS(onav_mesh_polygon_outline(mesh, poly_of(refs[TILE_E], 1), outline, 2, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 3);
    CHECK_OK(onav_mesh_polygon_outline(mesh, poly_of(refs[TILE_E], 1), outline, 3, &len, &err));
    CHECK(len == 3);
    CHECK(outline[1].x == 132.0 && outline[1].y == 10.0 && outline[1].z == 32.0);
    CHECK(outline[2].x == 100.0 && outline[2].y == 10.0 && outline[2].z == 32.0);
    CHECK_OK(onav_mesh_polygon_outline(mesh, poly_of(refs[TILE_D], 0), outline, 3, &len, &err));
    CHECK(outline[0].x == 132.0 && outline[0].y == 0.0 && outline[0].z == 32.0);
    CHECK_FAILS(onav_mesh_polygon_outline(mesh, 0, outline, 3, &len, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_mesh_polygon_outline(mesh, refs[TILE_D], outline, 3, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_mesh_polygon_outline(NULL, refs[TILE_D], outline, 3, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    CHECK(is_valid_poly(mesh, poly_of(refs[TILE_C], 1)));
    CHECK(!is_valid_poly(mesh, poly_of(refs[TILE_C], 2)));
    CHECK(!is_valid_poly(mesh, 0));
    CHECK(is_valid_tile(mesh, refs[TILE_C]));
    CHECK(!is_valid_tile(mesh, refs[TILE_C] | 1));
    uint8_t valid = 0;
    CHECK_FAILS(onav_mesh_is_valid_poly_ref(mesh, refs[TILE_C], NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_is_valid_poly_ref(NULL, refs[TILE_C], &valid, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_is_valid_tile_ref(mesh, refs[TILE_C], NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_is_valid_tile_ref(NULL, refs[TILE_C], &valid, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    onav_mesh_free(mesh);
}

/* Remove and replace make references stale; slots are reused lowest first
 * with the salt they advanced to. */
static void test_stale_references(void) {
    uint64_t refs[GRID_TILES];
    OnavMesh *mesh = build_grid(refs);
    OnavError err = fresh_error();
    OnavLink links[8];

    uint64_t removed = 0;
    CHECK_OK(onav_mesh_remove_tile(mesh, 1, 1, 0, &removed, &err));
    CHECK(removed == refs[TILE_D]);
    CHECK(!is_valid_tile(mesh, refs[TILE_D]) && !is_valid_poly(mesh, poly_of(refs[TILE_D], 0)));
    CHECK(links_of(mesh, poly_of(refs[TILE_B], 1), links) == 1);
    uint32_t salt = 0;
    CHECK_OK(onav_mesh_slot_salt(mesh, 3, &salt, &err));
    CHECK(salt == 2);

    /* Replacing with identical content still makes old references stale. */
    OnavTile *a = grid_tile(TILE_A);
    uint64_t replaced = 0;
    CHECK_OK(onav_mesh_replace_tile(mesh, a, &replaced, &err));
    uint32_t slot = 99;
    CHECK_OK(onav_tile_ref_decode(replaced, &salt, &slot, &err));
    CHECK(salt == 2 && slot == 0);
    CHECK(!is_valid_tile(mesh, refs[TILE_A]) && !is_valid_poly(mesh, poly_of(refs[TILE_A], 0)));
    CHECK(is_valid_poly(mesh, poly_of(replaced, 0)));
    CHECK(links_of(mesh, poly_of(refs[TILE_B], 1), links) == 1);
    CHECK(links[0].target == poly_of(replaced, 0));
    CHECK(links_of(mesh, poly_of(refs[TILE_B], 0), links) == 1);
    CHECK(links[0].kind == ONAV_LINK_OFF_MESH_REVERSE && links[0].target == poly_of(replaced, 0));
    onav_tile_free(a);

    /* By bytes: D back into the lowest free slot (3), with its new salt. */
    OnavTile *d = grid_tile(TILE_D);
    size_t d_len = 0;
    uint8_t *d_bytes = tile_bytes(d, &d_len);
    uint64_t re_added = 0;
    CHECK_OK(onav_mesh_add_tile_bytes(mesh, d_bytes, d_len, &re_added, &err));
    CHECK_OK(onav_tile_ref_decode(re_added, &salt, &slot, &err));
    CHECK(salt == 2 && slot == 3);
    CHECK(links_of(mesh, poly_of(refs[TILE_B], 1), links) == 2);
    uint64_t re_replaced = 0;
    CHECK_OK(onav_mesh_replace_tile_bytes(mesh, d_bytes, d_len, &re_replaced, &err));
    CHECK(re_replaced == re_added + (1ull << 40) && !is_valid_tile(mesh, re_added));
    free(d_bytes);
    onav_tile_free(d);

    uint32_t count = 99;
    CHECK_OK(onav_mesh_remove_column(mesh, 0, 0, &count, &err));
    CHECK(count == 2);
    CHECK(!is_valid_tile(mesh, replaced) && !is_valid_tile(mesh, refs[TILE_E]));
    CHECK_OK(onav_mesh_remove_column(mesh, 0, 0, &count, &err));
    CHECK(count == 0);
    CHECK_OK(onav_mesh_tile_count(mesh, &count, &err));
    CHECK(count == 3);
    CHECK_OK(onav_mesh_slot_count(mesh, &count, &err));
    CHECK(count == GRID_TILES);
    CHECK_FAILS(onav_mesh_remove_column(mesh, 0, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "count_out");
    CHECK_FAILS(onav_mesh_remove_column(NULL, 0, 0, &count, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    onav_mesh_free(mesh);
}

/* ONPM: write, read, write gives the same bytes, with free slots and salts
 * restored exactly. */
static void test_round_trip(void) {
    uint64_t refs[GRID_TILES];
    OnavMesh *mesh = build_grid(refs);
    OnavError err = fresh_error();
    uint64_t removed = 0;
    CHECK_OK(onav_mesh_remove_tile(mesh, 1, 0, 0, &removed, &err)); /* slot 1 free, salt 2 */

    size_t len = 0;
    uint8_t *bytes = mesh_bytes(mesh, &len);
    CHECK(memcmp(bytes, "ONPM", 4) == 0 && bytes[4] == 2 && bytes[5] == 0);
    uint8_t *small = malloc(len);
    size_t needed = 0;
    memset(small, 0xEE, len);
    CHECK_FAILS(onav_mesh_write(mesh, small, len - 1, &needed, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "bytes");
    CHECK(needed == len && small[0] == 0xEE);
    free(small);
    CHECK_FAILS(onav_mesh_write(mesh, bytes, len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_mesh_write(NULL, bytes, len, &needed, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");

    OnavMesh *back = NULL;
    CHECK_OK(onav_mesh_read(bytes, len, &back, &err));
    CHECK(mesh_unchanged(back, bytes, len));
    uint32_t salt = 0, count = 0;
    CHECK_OK(onav_mesh_slot_salt(back, 1, &salt, &err));
    CHECK(salt == 2);
    CHECK_OK(onav_mesh_tile_count(back, &count, &err));
    CHECK(count == GRID_TILES - 1);
    CHECK(is_valid_poly(back, poly_of(refs[TILE_C], 1)) && !is_valid_tile(back, refs[TILE_B]));
    OnavLink links[8];
    CHECK(links_of(back, poly_of(refs[TILE_A], 0), links) == 0); /* B is gone: no portal, link unattached */
    /* The next add takes the free slot 1 in the read mesh too. */
    OnavTile *b = grid_tile(TILE_B);
    uint64_t re_added = 0;
    CHECK_OK(onav_mesh_add_tile(back, b, &re_added, &err));
    CHECK(re_added == refs[TILE_B] + (1ull << 40));
    CHECK(links_of(back, poly_of(refs[TILE_A], 0), links) == 2);
    onav_tile_free(b);
    onav_mesh_free(back);

    /* An empty mesh round-trips too. */
    OnavParams params = grid_params();
    OnavMesh *empty = NULL;
    CHECK_OK(onav_mesh_new(&params, &empty, &err));
    size_t empty_len = 0;
    uint8_t *empty_bytes = mesh_bytes(empty, &empty_len);
    CHECK(empty_len == 84);
    OnavMesh *empty_back = NULL;
    CHECK_OK(onav_mesh_read(empty_bytes, empty_len, &empty_back, &err));
    CHECK(mesh_unchanged(empty_back, empty_bytes, empty_len));
    free(empty_bytes);
    onav_mesh_free(empty_back);
    onav_mesh_free(empty);
    free(bytes);
    onav_mesh_free(mesh);
}

static void test_read_errors(void) {
    uint64_t refs[GRID_TILES];
    OnavMesh *mesh = build_grid(refs);
    OnavError err = fresh_error();
    size_t len = 0;
    uint8_t *bytes = mesh_bytes(mesh, &len);
    OnavMesh *sentinel = (OnavMesh *)&err;
    OnavMesh *back = sentinel;

    const uint16_t bad_versions[] = {1, 3};
    for (size_t i = 0; i < 2; i++) {
        bytes[4] = (uint8_t)bad_versions[i];
        err = fresh_error();
        CHECK_FAILS_CLEARS(back, sentinel, onav_mesh_read(bytes, len, &back, &err), ONAV_E_VERSION, &err, "ONPM");
        CHECK(err.found_version == bad_versions[i] && err.expected_version == 2);
    }
    bytes[4] = 2;
    CHECK_FAILS_CLEARS(back, sentinel, onav_mesh_read(bytes, len - 1, &back, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK(err.found_version == 0 && err.expected_version == 0);
    CHECK_FAILS_CLEARS(back, sentinel, onav_mesh_read(bytes, 50, &back, &err), ONAV_E_FORMAT, &err, NULL);
    uint8_t *longer = malloc(len + 1);
    memcpy(longer, bytes, len);
    longer[len] = 0;
    CHECK_FAILS_CLEARS(back, sentinel, onav_mesh_read(longer, len + 1, &back, &err), ONAV_E_FORMAT, &err, NULL);
    free(longer);
    const uint8_t garbage[] = "this is not a navigation mesh, not at all; far from it";
    CHECK_FAILS_CLEARS(back, sentinel, onav_mesh_read(garbage, sizeof garbage, &back, &err), ONAV_E_FORMAT, &err, "magic");
    CHECK_FAILS_CLEARS(back, sentinel, onav_mesh_read(NULL, 0, &back, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS_CLEARS(back, sentinel, onav_mesh_read(NULL, 10, &back, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_mesh_read(bytes, len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK(onav_mesh_read(garbage, sizeof garbage, &back, NULL) == ONAV_E_FORMAT);
    free(bytes);
    onav_mesh_free(mesh);
}

/* Every failing edit reports its error and leaves the mesh's bytes as they
 * were. */
static void test_failed_edits_change_nothing(void) {
    uint64_t refs[GRID_TILES];
    OnavMesh *mesh = build_grid(refs);
    OnavError err = fresh_error();
    size_t before_len = 0;
    uint8_t *before = mesh_bytes(mesh, &before_len);
    uint64_t ref = 42;

    /* The fingerprint is checked first, even at an occupied position. */
    OnavParams other = other_params();
    OnavTileData occupied = square_tile(0, 0, 0, 0.0, 0);
    OnavTile *foreign = create_tile(&other, &occupied);
    CHECK_FAILS(onav_mesh_add_tile(mesh, foreign, &ref, &err), ONAV_E_FINGERPRINT, &err, "fingerprint");
    CHECK_FAILS(onav_mesh_replace_tile(mesh, foreign, &ref, &err), ONAV_E_FINGERPRINT, &err, "fingerprint");
    size_t foreign_len = 0;
    uint8_t *foreign_bytes = tile_bytes(foreign, &foreign_len);
    CHECK_FAILS(onav_mesh_add_tile_bytes(mesh, foreign_bytes, foreign_len, &ref, &err), ONAV_E_FINGERPRINT, &err, NULL);
    CHECK_FAILS(onav_mesh_replace_tile_bytes(mesh, foreign_bytes, foreign_len, &ref, &err), ONAV_E_FINGERPRINT, &err, NULL);
    free(foreign_bytes);
    onav_tile_free(foreign);

    OnavTile *a = grid_tile(TILE_A);
    CHECK_FAILS(onav_mesh_add_tile(mesh, a, &ref, &err), ONAV_E_INVALID_OPERATION, &err, "occupied");
    size_t a_len = 0;
    uint8_t *a_bytes = tile_bytes(a, &a_len);
    CHECK_FAILS(onav_mesh_add_tile_bytes(mesh, a_bytes, a_len, &ref, &err), ONAV_E_INVALID_OPERATION, &err, "occupied");
    a_bytes[4] = 3;
    CHECK_FAILS(onav_mesh_add_tile_bytes(mesh, a_bytes, a_len, &ref, &err), ONAV_E_VERSION, &err, NULL);
    CHECK(err.found_version == 3 && err.expected_version == 2);
    a_bytes[4] = 2;
    CHECK_FAILS(onav_mesh_replace_tile_bytes(mesh, a_bytes, a_len - 1, &ref, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS(onav_mesh_add_tile_bytes(mesh, a_bytes, 10, &ref, &err), ONAV_E_FORMAT, &err, NULL);
    free(a_bytes);

    OnavTileData elsewhere = square_tile(7, 7, 0, 0.0, 0);
    OnavParams params = grid_params();
    OnavTile *missing = create_tile(&params, &elsewhere);
    CHECK_FAILS(onav_mesh_replace_tile(mesh, missing, &ref, &err), ONAV_E_INVALID_OPERATION, &err, NULL);
    onav_tile_free(missing);
    CHECK_FAILS(onav_mesh_remove_tile(mesh, 7, 7, 0, &ref, &err), ONAV_E_NOT_FOUND, &err, "(7, 7, layer 0)");
    CHECK_FAILS(onav_mesh_remove_tile(mesh, 0, 0, 5, &ref, &err), ONAV_E_NOT_FOUND, &err, NULL);

    CHECK_FAILS(onav_mesh_add_tile(NULL, a, &ref, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_add_tile(mesh, NULL, &ref, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");
    CHECK_FAILS(onav_mesh_add_tile(mesh, a, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_ref_out");
    CHECK_FAILS(onav_mesh_replace_tile(NULL, a, &ref, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_replace_tile(mesh, NULL, &ref, &err), ONAV_E_NULL_ARGUMENT, &err, "tile");
    CHECK_FAILS(onav_mesh_replace_tile(mesh, a, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_ref_out");
    CHECK_FAILS(onav_mesh_add_tile_bytes(NULL, NULL, 0, &ref, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_add_tile_bytes(mesh, NULL, 8, &ref, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_mesh_add_tile_bytes(mesh, NULL, 0, &ref, &err), ONAV_E_FORMAT, &err, NULL);
    CHECK_FAILS(onav_mesh_replace_tile_bytes(mesh, NULL, 8, &ref, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    CHECK_FAILS(onav_mesh_replace_tile_bytes(mesh, NULL, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_ref_out");
    CHECK_FAILS(onav_mesh_remove_tile(NULL, 0, 0, 0, &ref, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_remove_tile(mesh, 0, 0, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "tile_ref_out");
    onav_tile_free(a);

    CHECK(ref == 0);
    CHECK(mesh_unchanged(mesh, before, before_len));
    free(before);
    onav_mesh_free(mesh);
}

/* A clone shares tiles but not state: editing the original leaves the
 * clone's bytes and links alone, and it outlives the original. */
static void test_clone_isolation(void) {
    uint64_t refs[GRID_TILES];
    OnavMesh *mesh = build_grid(refs);
    OnavError err = fresh_error();
    OnavMesh *clone = NULL;
    CHECK_OK(onav_mesh_clone(mesh, &clone, &err));
    size_t len = 0;
    uint8_t *before = mesh_bytes(clone, &len);
    CHECK(mesh_unchanged(mesh, before, len));

    uint64_t ref = 0;
    uint32_t count = 0;
    CHECK_OK(onav_mesh_remove_tile(mesh, 1, 0, 0, &ref, &err));
    OnavTile *a = grid_tile(TILE_A);
    CHECK_OK(onav_mesh_replace_tile(mesh, a, &ref, &err));
    onav_tile_free(a);
    CHECK_OK(onav_mesh_remove_column(mesh, 1, 1, &count, &err));
    CHECK(!mesh_unchanged(mesh, before, len));
    CHECK(mesh_unchanged(clone, before, len));
    onav_mesh_free(mesh);

    OnavLink links[8];
    CHECK(links_of(clone, poly_of(refs[TILE_A], 0), links) == 2);
    CHECK(is_valid_tile(clone, refs[TILE_B]) && is_valid_tile(clone, refs[TILE_D]));
    CHECK(mesh_unchanged(clone, before, len));

    OnavMesh *sentinel = (OnavMesh *)&err;
    OnavMesh *none = sentinel;
    CHECK_FAILS_CLEARS(none, sentinel, onav_mesh_clone(NULL, &none, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_mesh_clone(clone, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    free(before);
    onav_mesh_free(clone);
}

/* The off-mesh debug segment runs from departure to arrival in world space. */
static int is_crossing_segment(const OnavDebugLink *link) {
    return link->start.x == 108.0 && link->start.y == 0.0 && link->start.z == 4.0 &&
           link->end.x == 140.0 && link->end.y == 0.0 && link->end.z == 4.0;
}

static void test_debug_geometry(void) {
    uint64_t refs[GRID_TILES];
    OnavMesh *mesh = build_grid(refs);
    OnavError err = fresh_error();
    OnavMeshDebug *debug = NULL;
    CHECK_OK(onav_mesh_debug_collect(mesh, &debug, &err));
    CHECK_FAILS(onav_mesh_debug_collect(mesh, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_mesh_free(mesh); /* the collection is a snapshot of its own */

    uint32_t polygons = 0, links = 0;
    CHECK_OK(onav_mesh_debug_counts(debug, &polygons, &links, &err));
    CHECK(polygons == 2 * GRID_TILES && links == 10);
    CHECK_FAILS(onav_mesh_debug_counts(debug, NULL, &links, &err), ONAV_E_NULL_ARGUMENT, &err, "polygon_count_out");
    CHECK_FAILS(onav_mesh_debug_counts(debug, &polygons, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "link_count_out");
    CHECK_FAILS(onav_mesh_debug_counts(NULL, &polygons, &links, &err), ONAV_E_NULL_ARGUMENT, &err, "debug");
    CHECK(polygons == 0 && links == 0);
    CHECK_OK(onav_mesh_debug_counts(debug, &polygons, &links, &err));

    /* Slot order: the last two polygons are the second layer's. */
    OnavDebugPolygon polygon;
    CHECK_OK(onav_mesh_debug_polygon(debug, 9, &polygon, &err));
    CHECK(polygon.poly_ref == poly_of(refs[TILE_E], 1) && polygon.slot == 4 && polygon.layer == 1);
    CHECK(polygon.tile_x == 0 && polygon.tile_z == 0 && polygon.area == 2 && polygon.flags == 0x22 && polygon.vertex_count == 3);
    CHECK_FAILS(onav_mesh_debug_polygon(debug, 10, &polygon, &err), ONAV_E_NOT_FOUND, &err, "debug polygon 10");
    CHECK_FAILS(onav_mesh_debug_polygon(debug, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_debug_polygon(NULL, 0, &polygon, &err), ONAV_E_NULL_ARGUMENT, &err, "debug");

    OnavDVec3 outline[3];
    size_t len = 0;
    CHECK_FAILS(onav_mesh_debug_polygon_outline(debug, 9, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 3);
    CHECK_OK(onav_mesh_debug_polygon_outline(debug, 9, outline, 3, &len, &err));
    CHECK(outline[1].x == 132.0 && outline[1].y == 10.0 && outline[1].z == 32.0);
    CHECK_FAILS(onav_mesh_debug_polygon_outline(debug, 10, outline, 3, &len, &err), ONAV_E_NOT_FOUND, &err, NULL);
    CHECK_FAILS(onav_mesh_debug_polygon_outline(debug, 0, outline, 3, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    CHECK_FAILS(onav_mesh_debug_polygon_outline(NULL, 0, outline, 3, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "debug");

    int portals = 0, forward = 0, reverse = 0;
    for (uint32_t i = 0; i < links; i++) {
        OnavDebugLink link;
        CHECK_OK(onav_mesh_debug_link(debug, i, &link, &err));
        if (link.kind == ONAV_LINK_PORTAL) {
            portals++;
        } else if (link.kind == ONAV_LINK_OFF_MESH) {
            forward++;
            CHECK(link.from == poly_of(refs[TILE_A], 0) && link.to == poly_of(refs[TILE_B], 0));
            CHECK(is_crossing_segment(&link));
        } else {
            reverse++;
            OnavDebugLink back = {link.kind, link.to, link.from, link.end, link.start};
            CHECK(link.kind == ONAV_LINK_OFF_MESH_REVERSE && is_crossing_segment(&back));
        }
    }
    CHECK(portals == 8 && forward == 1 && reverse == 1);
    /* Link 0 is A.p0's portal to B.p1: the shared edge x = 132, z 0..32. */
    OnavDebugLink first;
    CHECK_OK(onav_mesh_debug_link(debug, 0, &first, &err));
    CHECK(first.kind == ONAV_LINK_PORTAL && first.start.x == 132.0 && first.end.x == 132.0);
    CHECK(first.start.z == 0.0 && first.end.z == 32.0);
    CHECK_FAILS(onav_mesh_debug_link(debug, links, &first, &err), ONAV_E_NOT_FOUND, &err, "debug link");
    CHECK_FAILS(onav_mesh_debug_link(debug, 0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_mesh_debug_link(NULL, 0, &first, &err), ONAV_E_NULL_ARGUMENT, &err, "debug");

    OnavMeshDebug *sentinel = (OnavMeshDebug *)&err;
    OnavMeshDebug *none = sentinel;
    CHECK_FAILS_CLEARS(none, sentinel, onav_mesh_debug_collect(NULL, &none, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    onav_mesh_debug_free(debug);
    onav_mesh_debug_free(NULL);
}

int main(void) {
    test_references();
    test_new_mesh();
    test_tile_lookups();
    test_polygons_and_links();
    test_stale_references();
    test_round_trip();
    test_read_errors();
    test_failed_edits_change_nothing();
    test_clone_isolation();
    test_debug_geometry();
    printf("%d passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
