/*
 * Byte helpers shared by the builder tests (test_build.c,
 * test_build_planar.c): a mesh's saved ONNM bytes, one tile's ONPT bytes,
 * the tile count, and byte comparisons. Include after check.h. The
 * functions are static inline so a test that uses only some of them
 * compiles without unused-function warnings.
 */
#ifndef ONAV_C_TESTS_NAV_MESH_BYTES_H
#define ONAV_C_TESTS_NAV_MESH_BYTES_H

#include <stdlib.h>

/* The ONNM bytes of a mesh (malloc'ed). */
static inline uint8_t *saved(const OnavNavMesh *mesh, size_t *len) {
    *len = 0;
    onav_nav_mesh_save(mesh, NULL, 0, len, NULL);
    uint8_t *bytes = malloc(*len);
    CHECK(bytes != NULL);
    CHECK_OK(onav_nav_mesh_save(mesh, bytes, *len, len, NULL));
    return bytes;
}

static inline int same_meshes(const OnavNavMesh *a, const OnavNavMesh *b) {
    size_t len_a = 0, len_b = 0;
    uint8_t *bytes_a = saved(a, &len_a);
    uint8_t *bytes_b = saved(b, &len_b);
    int same = len_a > 0 && len_a == len_b && memcmp(bytes_a, bytes_b, len_a) == 0;
    free(bytes_a);
    free(bytes_b);
    return same;
}

/* The ONPT bytes of layer 0 of column (x, z) (malloc'ed), NULL when the
 * column is empty. */
static inline uint8_t *tile_bytes(const OnavNavMesh *nav_mesh, int32_t x, int32_t z, size_t *len) {
    OnavMesh *mesh = NULL;
    OnavTile *tile = NULL;
    uint64_t tile_ref = 0;
    uint8_t *bytes = NULL;
    *len = 0;
    CHECK_OK(onav_nav_mesh_mesh_clone(nav_mesh, &mesh, NULL));
    if (onav_mesh_tile_at(mesh, x, z, 0, &tile_ref, NULL) == ONAV_OK) {
        CHECK_OK(onav_mesh_tile(mesh, tile_ref, &tile, NULL));
        onav_tile_write(tile, NULL, 0, len, NULL);
        bytes = malloc(*len);
        CHECK(bytes != NULL);
        CHECK_OK(onav_tile_write(tile, bytes, *len, len, NULL));
        onav_tile_free(tile);
    }
    onav_mesh_free(mesh);
    return bytes;
}

static inline uint32_t tile_count(const OnavNavMesh *nav_mesh) {
    OnavMesh *mesh = NULL;
    uint32_t count = 0;
    CHECK_OK(onav_nav_mesh_mesh_clone(nav_mesh, &mesh, NULL));
    CHECK_OK(onav_mesh_tile_count(mesh, &count, NULL));
    onav_mesh_free(mesh);
    return count;
}

static inline int same_bytes(const uint8_t *a, size_t len_a, const uint8_t *b, size_t len_b) {
    return a != NULL && b != NULL && len_a == len_b && memcmp(a, b, len_a) == 0;
}

#endif
