/*
 * Streaming, snapshots and the tile library through the C ABI: every
 * function of OnavStreamer and OnavTileLibrary, onav_mesh_snapshot and
 * onav_mesh_restore, with each error path, and a ring of tiles streamed
 * around a moving point for many frames, checked against a mesh built
 * directly from the same tiles (world-space polygons and links).
 */
#include "check.h"
#include "test_params.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* Grid parameters: 16-unit tiles, climb 0.5. */
static OnavParams params(void) {
    return test_params(16.0);
}

/* Parameters with another settings digest: another fingerprint. */
static OnavParams other_params(void) {
    OnavParams p = params();
    p.settings_digest = 42;
    return p;
}

typedef struct {
    uint8_t *data;
    size_t len;
} Bytes;

static void bytes_free(Bytes *b) {
    free(b->data);
    b->data = NULL;
    b->len = 0;
}

static Bytes bytes_copy(const Bytes *b) {
    Bytes copy = {malloc(b->len), b->len};
    memcpy(copy.data, b->data, b->len);
    return copy;
}

/* One tile: 2 x 2 squares covering the column at local height 0, portals
 * on all four sides; optionally a bidirectional off-mesh link into the
 * next column along X. */
static Bytes tile_bytes(const OnavParams *p, int32_t x, int32_t z, uint16_t layer, double origin_y, int with_link) {
    OnavVec3 vertices[9];
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 3; i++) {
            OnavVec3 v = {8.0f * (float)i, 0.0f, 8.0f * (float)j};
            vertices[j * 3 + i] = v;
        }
    }
    OnavPolygon polygons[4];
    uint32_t indices[16], neighbours[16];
    uint8_t sides[16];
    for (int j = 0; j < 2; j++) {
        for (int i = 0; i < 2; i++) {
            int poly = j * 2 + i, e = poly * 4;
            OnavPolygon rec = {4, (uint8_t)poly, 1};
            polygons[poly] = rec;
            uint32_t corners[4] = {(uint32_t)(j * 3 + i), (uint32_t)(j * 3 + i + 1), (uint32_t)((j + 1) * 3 + i + 1),
                                   (uint32_t)((j + 1) * 3 + i)};
            /* Edges: bottom (side 3), right (side 0), top (side 1), left (side 2). */
            int across[4] = {j > 0 ? poly - 2 : -1, i < 1 ? poly + 1 : -1, j < 1 ? poly + 2 : -1, i > 0 ? poly - 1 : -1};
            uint8_t side[4] = {3, 0, 1, 2};
            for (int k = 0; k < 4; k++) {
                indices[e + k] = corners[k];
                neighbours[e + k] = across[k] < 0 ? 0u : (uint32_t)across[k] + 1;
                sides[e + k] = across[k] < 0 ? side[k] : 0xFF;
            }
        }
    }
    OnavOffMeshLink link;
    memset(&link, 0, sizeof link);
    link.start.x = 12.0f;
    link.start.z = 4.0f;
    link.end.x = 20.0f;
    link.end.z = 4.0f;
    link.radius = 0.5f;
    link.area = 5;
    link.bidirectional = 1;
    link.user_id = 7;
    OnavTileData d;
    memset(&d, 0, sizeof d);
    d.tile_x = x;
    d.tile_z = z;
    d.layer = layer;
    d.origin_y = origin_y;
    d.vertices = vertices;
    d.vertex_count = 9;
    d.polygons = polygons;
    d.polygon_count = 4;
    d.indices = indices;
    d.neighbours = neighbours;
    d.portal_sides = sides;
    d.edge_count = 16;
    d.off_mesh_links = with_link ? &link : NULL;
    d.off_mesh_link_count = with_link ? 1 : 0;
    OnavTile *tile = NULL;
    Bytes out = {NULL, 0};
    CHECK_OK(onav_tile_create(p, &d, &tile, NULL));
    CHECK(onav_tile_write(tile, NULL, 0, &out.len, NULL) == ONAV_E_BUFFER_TOO_SMALL);
    out.data = malloc(out.len);
    CHECK_OK(onav_tile_write(tile, out.data, out.len, &out.len, NULL));
    onav_tile_free(tile);
    return out;
}

static Bytes mesh_bytes(const OnavMesh *mesh) {
    Bytes out = {NULL, 0};
    CHECK(onav_mesh_write(mesh, NULL, 0, &out.len, NULL) == ONAV_E_BUFFER_TOO_SMALL);
    out.data = malloc(out.len);
    CHECK_OK(onav_mesh_write(mesh, out.data, out.len, &out.len, NULL));
    return out;
}

static Bytes snapshot_bytes(const OnavMesh *mesh) {
    Bytes out = {NULL, 0};
    CHECK(onav_mesh_snapshot(mesh, NULL, 0, &out.len, NULL) == ONAV_E_BUFFER_TOO_SMALL);
    out.data = malloc(out.len);
    CHECK_OK(onav_mesh_snapshot(mesh, out.data, out.len, &out.len, NULL));
    return out;
}

static int bytes_equal(const Bytes *a, const Bytes *b) {
    return a->len == b->len && memcmp(a->data, b->data, a->len) == 0;
}

/* The mesh's ONPM bytes equal `expected`. */
static int mesh_is(const OnavMesh *mesh, const Bytes *expected) {
    Bytes now = mesh_bytes(mesh);
    int same = bytes_equal(&now, expected);
    bytes_free(&now);
    return same;
}

static OnavMesh *new_mesh(const OnavParams *p) {
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_mesh_new(p, &mesh, NULL));
    return mesh;
}

static size_t pending(const OnavStreamer *s) {
    size_t n = 0;
    CHECK_OK(onav_streamer_pending(s, &n, NULL));
    return n;
}

static uint32_t tile_count(const OnavMesh *mesh) {
    uint32_t n = 0;
    CHECK_OK(onav_mesh_tile_count(mesh, &n, NULL));
    return n;
}

static void test_streamer_arguments(void) {
    OnavParams p = params();
    OnavMesh *mesh = new_mesh(&p);
    OnavStreamer *s = NULL;
    OnavError err = fresh_error();
    size_t n = 0;
    CHECK_FAILS(onav_streamer_new(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_OK(onav_streamer_new(&s, NULL));
    onav_streamer_free(NULL);
    uint8_t byte = 0;
    err = fresh_error();
    CHECK_FAILS(onav_streamer_queue_tile(NULL, &byte, 1, &err), ONAV_E_NULL_ARGUMENT, &err, "streamer");
    err = fresh_error();
    CHECK_FAILS(onav_streamer_queue_tile(s, NULL, 1, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    err = fresh_error();
    CHECK_FAILS(onav_streamer_queue_remove_column(NULL, 0, 0, &err), ONAV_E_NULL_ARGUMENT, &err, "streamer");
    err = fresh_error();
    CHECK_FAILS(onav_streamer_pending(NULL, &n, &err), ONAV_E_NULL_ARGUMENT, &err, "streamer");
    err = fresh_error();
    CHECK_FAILS(onav_streamer_pending(s, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    err = fresh_error();
    CHECK_FAILS(onav_streamer_clear(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "streamer");
    err = fresh_error();
    CHECK_FAILS(onav_streamer_update(NULL, mesh, 1, &n, &err), ONAV_E_NULL_ARGUMENT, &err, "streamer");
    err = fresh_error();
    CHECK_FAILS(onav_streamer_update(s, NULL, 1, &n, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    err = fresh_error();
    CHECK_FAILS(onav_streamer_update(s, mesh, 1, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "applied_out");
    CHECK(pending(s) == 0);
    /* An empty tile may be queued (NULL with length 0); reading it fails. */
    CHECK_OK(onav_streamer_queue_tile(s, NULL, 0, NULL));
    CHECK(pending(s) == 1);
    err = fresh_error();
    CHECK_FAILS(onav_streamer_update(s, mesh, 1, &n, &err), ONAV_E_FORMAT, &err, "truncated");
    CHECK(pending(s) == 0);
    onav_streamer_free(s);
    onav_mesh_free(mesh);
}

static void test_update_order_budget_and_clear(void) {
    OnavParams p = params();
    OnavMesh *mesh = new_mesh(&p);
    OnavStreamer *s = NULL;
    CHECK_OK(onav_streamer_new(&s, NULL));
    Bytes a = tile_bytes(&p, 0, 0, 0, 0.0, 0), b = tile_bytes(&p, 1, 0, 0, 0.0, 1), raised = tile_bytes(&p, 0, 0, 0, 2.0, 0);
    CHECK_OK(onav_streamer_queue_tile(s, a.data, a.len, NULL));
    CHECK_OK(onav_streamer_queue_tile(s, b.data, b.len, NULL));
    CHECK_OK(onav_streamer_queue_tile(s, raised.data, raised.len, NULL));
    CHECK_OK(onav_streamer_queue_remove_column(s, 1, 0, NULL));
    CHECK(pending(s) == 4);
    size_t applied = 99;
    CHECK_OK(onav_streamer_update(s, mesh, 0, &applied, NULL));
    CHECK(applied == 0 && tile_count(mesh) == 0);
    CHECK_OK(onav_streamer_update(s, mesh, 2, &applied, NULL));
    CHECK(applied == 2 && pending(s) == 2 && tile_count(mesh) == 2);
    uint64_t first = 0, second = 0;
    CHECK_OK(onav_mesh_tile_at(mesh, 0, 0, 0, &first, NULL));
    CHECK_OK(onav_streamer_update(s, mesh, 1, &applied, NULL));
    CHECK_OK(onav_mesh_tile_at(mesh, 0, 0, 0, &second, NULL));
    CHECK(applied == 1 && tile_count(mesh) == 2);
    uint32_t salt = 0;
    CHECK_OK(onav_mesh_slot_salt(mesh, 0, &salt, NULL));
    CHECK(second != first && salt == 2); /* replaced: same slot, next salt */
    uint8_t valid = 1;
    CHECK_OK(onav_mesh_is_valid_tile_ref(mesh, first, &valid, NULL));
    CHECK(valid == 0);
    CHECK_OK(onav_streamer_update(s, mesh, 10, &applied, NULL));
    CHECK(applied == 1 && pending(s) == 0 && tile_count(mesh) == 1);
    CHECK_OK(onav_streamer_queue_tile(s, b.data, b.len, NULL));
    CHECK_OK(onav_streamer_queue_remove_column(s, 0, 0, NULL));
    CHECK_OK(onav_streamer_clear(s, NULL));
    CHECK(pending(s) == 0);
    CHECK_OK(onav_streamer_update(s, mesh, 10, &applied, NULL));
    CHECK(applied == 0 && tile_count(mesh) == 1);
    bytes_free(&a);
    bytes_free(&b);
    bytes_free(&raised);
    onav_streamer_free(s);
    onav_mesh_free(mesh);
}

/* `bad` fails with `status`; it leaves the queue, the mesh is unchanged,
 * the next operation stays queued and applied_out counts the operations
 * applied before it (none). */
static void check_failing_operation(const Bytes *bad, int32_t status, const char *needle, int line) {
    OnavParams p = params();
    OnavMesh *mesh = new_mesh(&p);
    OnavStreamer *s = NULL;
    CHECK_OK(onav_streamer_new(&s, NULL));
    Bytes good = tile_bytes(&p, 0, 0, 0, 0.0, 1), next = tile_bytes(&p, 1, 0, 0, 0.0, 0);
    size_t applied = 0;
    CHECK_OK(onav_streamer_queue_tile(s, good.data, good.len, NULL));
    CHECK_OK(onav_streamer_update(s, mesh, 1, &applied, NULL));
    Bytes before = mesh_bytes(mesh);
    CHECK_OK(onav_streamer_queue_tile(s, bad->data, bad->len, NULL));
    CHECK_OK(onav_streamer_queue_tile(s, next.data, next.len, NULL));
    OnavError err = fresh_error();
    applied = 12345;
    check_failure(onav_streamer_update(s, mesh, 5, &applied, &err), status, &err, needle, __FILE__, line);
    check(applied == 0, "applied_out counts no operation before the failing one", __FILE__, line);
    check(pending(s) == 1, "the failing operation left the queue", __FILE__, line);
    check(mesh_is(mesh, &before), "the mesh is unchanged", __FILE__, line);
    if (status == ONAV_E_VERSION) {
        check(err.found_version == 3 && err.expected_version == 2, "found and expected versions", __FILE__, line);
    }
    CHECK_OK(onav_streamer_update(s, mesh, 5, &applied, NULL));
    check(applied == 1 && tile_count(mesh) == 2, "the next operation applies", __FILE__, line);
    bytes_free(&good);
    bytes_free(&next);
    bytes_free(&before);
    onav_streamer_free(s);
    onav_mesh_free(mesh);
}

static void test_failing_operations(void) {
    OnavParams p = params(), q = other_params();
    Bytes foreign = tile_bytes(&q, 2, 0, 0, 0.0, 0);
    check_failing_operation(&foreign, ONAV_E_FINGERPRINT, "fingerprint", __LINE__);
    Bytes version3 = tile_bytes(&p, 2, 0, 0, 0.0, 0);
    version3.data[4] = 3;
    check_failing_operation(&version3, ONAV_E_VERSION, "version", __LINE__);
    Bytes truncated = tile_bytes(&p, 2, 0, 0, 0.0, 0);
    truncated.len = 60;
    check_failing_operation(&truncated, ONAV_E_FORMAT, "truncated", __LINE__);
    bytes_free(&foreign);
    bytes_free(&version3);
    bytes_free(&truncated);
}

/* A failing update still reports how many operations it applied before the
 * failing one, and the mesh keeps them. */
static void test_failed_update_reports_what_it_applied(void) {
    OnavParams p = params(), q = other_params();
    OnavMesh *mesh = new_mesh(&p);
    OnavStreamer *s = NULL;
    CHECK_OK(onav_streamer_new(&s, NULL));
    Bytes first = tile_bytes(&p, 0, 0, 0, 0.0, 0), second = tile_bytes(&p, 1, 0, 0, 0.0, 0);
    Bytes foreign = tile_bytes(&q, 2, 0, 0, 0.0, 0), last = tile_bytes(&p, 3, 0, 0, 0.0, 0);
    CHECK_OK(onav_streamer_queue_tile(s, first.data, first.len, NULL));
    CHECK_OK(onav_streamer_queue_tile(s, second.data, second.len, NULL));
    CHECK_OK(onav_streamer_queue_tile(s, foreign.data, foreign.len, NULL));
    CHECK_OK(onav_streamer_queue_tile(s, last.data, last.len, NULL));
    OnavError err = fresh_error();
    size_t applied = 99;
    CHECK_FAILS(onav_streamer_update(s, mesh, 10, &applied, &err), ONAV_E_FINGERPRINT, &err, "fingerprint");
    CHECK(applied == 2);
    CHECK(tile_count(mesh) == 2 && pending(s) == 1);
    applied = 99;
    CHECK_FAILS(onav_streamer_update(NULL, mesh, 10, &applied, &err), ONAV_E_NULL_ARGUMENT, &err, "streamer");
    CHECK(applied == 0);
    bytes_free(&first);
    bytes_free(&second);
    bytes_free(&foreign);
    bytes_free(&last);
    onav_streamer_free(s);
    onav_mesh_free(mesh);
}

static void test_tile_library(void) {
    OnavParams p = params(), q = other_params(), bad = params();
    bad.cell_size = 0.0;
    OnavTileLibrary *lib = NULL;
    OnavError err = fresh_error();
    CHECK_FAILS(onav_tile_library_new(NULL, &lib, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_new(&bad, &lib, &err), ONAV_E_OUT_OF_RANGE, &err, "CellSize");
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_new(&p, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_tile_library_free(NULL);
    CHECK_OK(onav_tile_library_new(&p, &lib, NULL));
    size_t count = 99;
    CHECK_OK(onav_tile_library_count(lib, &count, NULL));
    CHECK(count == 0);
    Bytes t = tile_bytes(&p, 0, 0, 0, 0.0, 0);
    OnavContentId id1, id2, expected;
    CHECK_OK(onav_tile_library_add(lib, t.data, t.len, &id1, NULL));
    CHECK_OK(onav_tile_library_add(lib, t.data, t.len, &id2, NULL));
    OnavTile *tile = NULL;
    CHECK_OK(onav_tile_read(&p, t.data, t.len, &tile, NULL));
    CHECK_OK(onav_tile_content_id(tile, &expected, NULL));
    onav_tile_free(tile);
    CHECK(memcmp(&id1, &id2, sizeof id1) == 0 && memcmp(&id1, &expected, sizeof id1) == 0);
    CHECK_OK(onav_tile_library_count(lib, &count, NULL));
    CHECK(count == 1); /* equal bytes twice are one entry */
    Bytes foreign = tile_bytes(&q, 0, 0, 0, 0.0, 0);
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_add(lib, foreign.data, foreign.len, &id1, &err), ONAV_E_FINGERPRINT, &err, "fingerprint");
    Bytes version3 = bytes_copy(&t);
    version3.data[4] = 3;
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_add(lib, version3.data, version3.len, &id1, &err), ONAV_E_VERSION, &err, NULL);
    CHECK(err.found_version == 3 && err.expected_version == 2);
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_add(lib, t.data, t.len - 1, &id1, &err), ONAV_E_FORMAT, &err, NULL);
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_add(NULL, t.data, t.len, &id1, &err), ONAV_E_NULL_ARGUMENT, &err, "library");
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_add(lib, NULL, t.len, &id1, &err), ONAV_E_NULL_ARGUMENT, &err, "data");
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_add(lib, t.data, t.len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "id_out");
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_count(NULL, &count, &err), ONAV_E_NULL_ARGUMENT, &err, "library");
    err = fresh_error();
    CHECK_FAILS(onav_tile_library_count(lib, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_OK(onav_tile_library_count(lib, &count, NULL));
    CHECK(count == 1);
    bytes_free(&t);
    bytes_free(&foreign);
    bytes_free(&version3);
    onav_tile_library_free(lib);
}

/* A mesh of five tiles with a removal behind it (a free slot, salts > 1)
 * and a library holding its tiles. */
static OnavMesh *sample_mesh(OnavTileLibrary **library) {
    OnavParams p = params();
    OnavMesh *mesh = new_mesh(&p);
    CHECK_OK(onav_tile_library_new(&p, library, NULL));
    for (int32_t x = 0; x < 5; x++) {
        Bytes t = tile_bytes(&p, x, 0, 0, 0.0, x == 1);
        uint64_t ref = 0;
        OnavContentId id;
        CHECK_OK(onav_mesh_add_tile_bytes(mesh, t.data, t.len, &ref, NULL));
        CHECK_OK(onav_tile_library_add(*library, t.data, t.len, &id, NULL));
        bytes_free(&t);
    }
    uint64_t removed = 0;
    CHECK_OK(onav_mesh_remove_tile(mesh, 3, 0, 0, &removed, NULL));
    return mesh;
}

static void test_snapshot_and_restore(void) {
    OnavParams p = params(), q = other_params();
    OnavTileLibrary *library = NULL;
    OnavMesh *source = sample_mesh(&library);
    OnavError err = fresh_error();
    size_t len = 0;
    CHECK_FAILS(onav_mesh_snapshot(source, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 84 + 4 * 5 + 20 * 4);
    uint8_t small[8];
    err = fresh_error();
    CHECK_FAILS(onav_mesh_snapshot(source, small, sizeof small, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 184);
    err = fresh_error();
    CHECK_FAILS(onav_mesh_snapshot(NULL, small, sizeof small, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    err = fresh_error();
    CHECK_FAILS(onav_mesh_snapshot(source, small, sizeof small, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    Bytes snap = snapshot_bytes(source);
    CHECK(memcmp(snap.data, "ONPS", 4) == 0);
    Bytes expected = mesh_bytes(source);

    /* Restore into a mesh with other content: exactly the source's state. */
    OnavMesh *target = new_mesh(&p);
    Bytes odd = tile_bytes(&p, 9, 9, 2, 0.0, 0);
    uint64_t ref = 0;
    CHECK_OK(onav_mesh_add_tile_bytes(target, odd.data, odd.len, &ref, NULL));
    CHECK_OK(onav_mesh_restore(target, snap.data, snap.len, library, NULL));
    CHECK(mesh_is(target, &expected));
    Bytes again = snapshot_bytes(target);
    CHECK(bytes_equal(&again, &snap));

    /* Every error leaves the target untouched. */
    OnavMesh *untouched = new_mesh(&p);
    CHECK_OK(onav_mesh_add_tile_bytes(untouched, odd.data, odd.len, &ref, NULL));
    Bytes before = mesh_bytes(untouched);
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(NULL, snap.data, snap.len, library, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, NULL, snap.len, library, &err), ONAV_E_NULL_ARGUMENT, &err, "snapshot");
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, snap.data, snap.len, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "library");
    Bytes bad = bytes_copy(&snap);
    bad.data[0] = 'X';
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, bad.data, bad.len, library, &err), ONAV_E_FORMAT, &err, "magic");
    bad.data[0] = 'O';
    bad.data[4] = 3;
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, bad.data, bad.len, library, &err), ONAV_E_VERSION, &err, "ONPS");
    CHECK(err.found_version == 3 && err.expected_version == 2);
    bad.data[4] = 2;
    bad.data[6] = 1;
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, bad.data, bad.len, library, &err), ONAV_E_FORMAT, &err, "flags");
    bad.data[6] = 0;
    bad.data[84 + 4 * 2] = 0; /* salt of slot 2 becomes 0 */
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, bad.data, bad.len, library, &err), ONAV_E_FORMAT, &err, "salt");
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, snap.data, snap.len - 1, library, &err), ONAV_E_FORMAT, &err, "need at least");
    bytes_free(&bad);
    bad = bytes_copy(&snap);
    bad.data[bad.len - 1] ^= 0xFF; /* the last record's content id */
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, bad.data, bad.len, library, &err), ONAV_E_FORMAT, &err, "slot 4");

    OnavMesh *foreign_mesh = new_mesh(&q);
    Bytes foreign_snap = snapshot_bytes(foreign_mesh);
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, foreign_snap.data, foreign_snap.len, library, &err), ONAV_E_FINGERPRINT, &err,
                "parameter block");
    OnavTileLibrary *foreign_library = NULL;
    CHECK_OK(onav_tile_library_new(&q, &foreign_library, NULL));
    err = fresh_error();
    CHECK_FAILS(onav_mesh_restore(untouched, snap.data, snap.len, foreign_library, &err), ONAV_E_FINGERPRINT, &err,
                "library");
    CHECK(mesh_is(untouched, &before));

    bytes_free(&snap);
    bytes_free(&expected);
    bytes_free(&odd);
    bytes_free(&again);
    bytes_free(&before);
    bytes_free(&bad);
    bytes_free(&foreign_snap);
    onav_mesh_free(source);
    onav_mesh_free(target);
    onav_mesh_free(untouched);
    onav_mesh_free(foreign_mesh);
    onav_tile_library_free(library);
    onav_tile_library_free(foreign_library);
}

/* ---- A ring of tiles streamed around a moving point ---- */

enum { WORLD = 12, RING = 2, FRAMES = 240, BUDGET = 3, MAX_OPS = 4 * WORLD * WORLD };

/* A column's tiles: layer 0 everywhere, layer 1 on every third column, an
 * off-mesh link into the next column on every fourth. */
static int has_upper(int x, int z) { return (x + z) % 3 == 0; }

static void queue_column(OnavStreamer *s, const OnavParams *p, int x, int z) {
    Bytes ground = tile_bytes(p, x, z, 0, 0.0, x % 4 == 1);
    CHECK_OK(onav_streamer_queue_tile(s, ground.data, ground.len, NULL));
    bytes_free(&ground);
    if (has_upper(x, z)) {
        Bytes upper = tile_bytes(p, x, z, 1, 10.0, 0);
        CHECK_OK(onav_streamer_queue_tile(s, upper.data, upper.len, NULL));
        bytes_free(&upper);
    }
}

/* A polygon by position and index: its identity apart from slots. */
typedef struct {
    int32_t tile_x, tile_z, layer, polygon;
} Place;

typedef struct {
    Place place;
    int32_t area, flags, vertex_count;
    OnavDVec3 outline[4];
} PolygonKey;

typedef struct {
    int32_t kind;
    Place from, to;
    OnavDVec3 start, end;
} LinkKey;

typedef struct {
    PolygonKey *polygons;
    LinkKey *links;
    uint32_t polygon_count, link_count;
} WorldView;

static int compare_polygons(const void *a, const void *b) { return memcmp(a, b, sizeof(PolygonKey)); }
static int compare_links(const void *a, const void *b) { return memcmp(a, b, sizeof(LinkKey)); }

static Place place_of(const OnavDebugPolygon *polygons, uint32_t count, uint64_t poly_ref) {
    Place place;
    memset(&place, 0, sizeof place);
    place.polygon = -1;
    for (uint32_t i = 0; i < count; i++) {
        if (polygons[i].poly_ref == poly_ref) {
            place.tile_x = polygons[i].tile_x;
            place.tile_z = polygons[i].tile_z;
            place.layer = polygons[i].layer;
            place.polygon = (int32_t)(poly_ref & 0xFFFFF);
        }
    }
    return place;
}

/* Every polygon and link in world terms, sorted; zeroed first so padding
 * compares equal. */
static WorldView world_view(const OnavMesh *mesh) {
    OnavMeshDebug *debug = NULL;
    WorldView view;
    memset(&view, 0, sizeof view);
    CHECK_OK(onav_mesh_debug_collect(mesh, &debug, NULL));
    CHECK_OK(onav_mesh_debug_counts(debug, &view.polygon_count, &view.link_count, NULL));
    OnavDebugPolygon *raw = calloc(view.polygon_count + 1, sizeof *raw);
    view.polygons = calloc(view.polygon_count + 1, sizeof *view.polygons);
    view.links = calloc(view.link_count + 1, sizeof *view.links);
    for (uint32_t i = 0; i < view.polygon_count; i++) {
        CHECK_OK(onav_mesh_debug_polygon(debug, i, &raw[i], NULL));
        PolygonKey *key = &view.polygons[i];
        key->place = place_of(&raw[i], 1, raw[i].poly_ref);
        key->area = raw[i].area;
        key->flags = raw[i].flags;
        key->vertex_count = (int32_t)raw[i].vertex_count;
        size_t len = 0;
        CHECK_OK(onav_mesh_debug_polygon_outline(debug, i, key->outline, 4, &len, NULL));
    }
    for (uint32_t i = 0; i < view.link_count; i++) {
        OnavDebugLink link;
        CHECK_OK(onav_mesh_debug_link(debug, i, &link, NULL));
        LinkKey *key = &view.links[i];
        key->kind = link.kind;
        key->from = place_of(raw, view.polygon_count, link.from);
        key->to = place_of(raw, view.polygon_count, link.to);
        key->start = link.start;
        key->end = link.end;
    }
    qsort(view.polygons, view.polygon_count, sizeof *view.polygons, compare_polygons);
    qsort(view.links, view.link_count, sizeof *view.links, compare_links);
    free(raw);
    onav_mesh_debug_free(debug);
    return view;
}

static void world_view_free(WorldView *view) {
    free(view->polygons);
    free(view->links);
}

static int same_world(const WorldView *a, const WorldView *b) {
    return a->polygon_count == b->polygon_count && a->link_count == b->link_count &&
           memcmp(a->polygons, b->polygons, a->polygon_count * sizeof *a->polygons) == 0 &&
           memcmp(a->links, b->links, a->link_count * sizeof *a->links) == 0;
}

/* A queued operation as the test mirrors it: +1 load, -1 unload a column
 * (a load of a two-layer column is two operations, the first counted). */
typedef struct {
    int x, z, load;
} MirrorOp;

/* A mesh built directly from the columns marked loaded. */
static OnavMesh *direct_mesh(const OnavParams *p, const int loaded[WORLD][WORLD]) {
    OnavMesh *mesh = new_mesh(p);
    for (int z = 0; z < WORLD; z++) {
        for (int x = 0; x < WORLD; x++) {
            for (int layer = 0; loaded[z][x] && layer < 1 + has_upper(x, z); layer++) {
                Bytes t = tile_bytes(p, x, z, (uint16_t)layer, layer ? 10.0 : 0.0, layer == 0 && x % 4 == 1);
                uint64_t ref = 0;
                CHECK_OK(onav_mesh_add_tile_bytes(mesh, t.data, t.len, &ref, NULL));
                bytes_free(&t);
            }
        }
    }
    return mesh;
}

/* The point walks a loop through the world; the ring is every column
 * within RING of the point's column. */
static void point_column(const OnavMesh *mesh, int frame, int *cx, int *cz) {
    double t = (double)frame / FRAMES * 6.283185307179586;
    double x = 16.0 * WORLD / 2 + 60.0 * cos(t), z = 16.0 * WORLD / 2 + 60.0 * sin(2.0 * t);
    int32_t tx = 0, tz = 0;
    CHECK_OK(onav_mesh_world_to_tile(mesh, x, z, &tx, &tz, NULL));
    *cx = tx;
    *cz = tz;
}

static int wanted(int x, int z, int cx, int cz) { return abs(x - cx) <= RING && abs(z - cz) <= RING; }

static void test_ring_streaming(void) {
    OnavParams p = params();
    OnavMesh *mesh = new_mesh(&p);
    OnavStreamer *s = NULL;
    CHECK_OK(onav_streamer_new(&s, NULL));
    int requested[WORLD][WORLD], loaded[WORLD][WORLD];
    memset(requested, 0, sizeof requested);
    memset(loaded, 0, sizeof loaded);
    MirrorOp *mirror = calloc(MAX_OPS * FRAMES, sizeof *mirror);
    size_t head = 0, tail = 0;
    int comparisons = 0, streamed_out = 0;
    for (int frame = 0; frame <= FRAMES; frame++) {
        int cx = 0, cz = 0;
        point_column(mesh, frame, &cx, &cz);
        for (int z = 0; z < WORLD; z++) {
            for (int x = 0; x < WORLD; x++) {
                int want = wanted(x, z, cx, cz);
                if (want && !requested[z][x]) {
                    queue_column(s, &p, x, z);
                    MirrorOp op = {x, z, 1};
                    mirror[tail++] = op;
                    if (has_upper(x, z)) {
                        MirrorOp second = {x, z, 0};
                        mirror[tail++] = second;
                    }
                } else if (!want && requested[z][x]) {
                    CHECK_OK(onav_streamer_queue_remove_column(s, x, z, NULL));
                    MirrorOp op = {x, z, -1};
                    mirror[tail++] = op;
                    streamed_out++;
                }
                requested[z][x] = want;
            }
        }
        CHECK(pending(s) == tail - head);
        size_t applied = 0;
        CHECK_OK(onav_streamer_update(s, mesh, frame == FRAMES ? SIZE_MAX : BUDGET, &applied, NULL));
        CHECK(applied <= (frame == FRAMES ? tail - head : (size_t)BUDGET));
        for (size_t i = 0; i < applied; i++, head++) {
            MirrorOp op = mirror[head];
            if (op.load > 0) {
                loaded[op.z][op.x] = 1;
            } else if (op.load < 0) {
                loaded[op.z][op.x] = 0;
            }
        }
        /* A column counts as loaded after its first layer; compare when no
         * column is half streamed in. */
        int half = head < tail && mirror[head].load == 0;
        if (!half && (frame % 4 == 0 || frame == FRAMES)) {
            OnavMesh *direct = direct_mesh(&p, (const int(*)[WORLD])loaded);
            WorldView a = world_view(mesh), b = world_view(direct);
            CHECK(same_world(&a, &b));
            CHECK(a.link_count > 0);
            world_view_free(&a);
            world_view_free(&b);
            onav_mesh_free(direct);
            comparisons++;
        }
    }
    CHECK(pending(s) == 0 && head == tail);
    CHECK(comparisons > FRAMES / 8);
    CHECK(streamed_out > 20);
    free(mirror);
    onav_streamer_free(s);
    onav_mesh_free(mesh);
}

int main(void) {
    test_streamer_arguments();
    test_update_order_budget_and_clear();
    test_failing_operations();
    test_failed_update_reports_what_it_applied();
    test_tile_library();
    test_snapshot_and_restore();
    test_ring_streaming();
    printf("%d checks passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}
