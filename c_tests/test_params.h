/*
 * The mesh parameters the C tests start from: grid origin 0, tiles of
 * `tile_size` units, 0.25 cells, up to 6 vertices per polygon, and a
 * 0.5-radius, 2-high agent climbing 0.5 on slopes up to 45 degrees; no
 * settings digest. Each test adjusts what its grid needs.
 */
#ifndef ONAV_C_TESTS_TEST_PARAMS_H
#define ONAV_C_TESTS_TEST_PARAMS_H

#include "onav.h"

#include <string.h>

static inline OnavParams test_params(double tile_size) {
    OnavParams p;
    memset(&p, 0, sizeof p);
    p.tile_size = tile_size;
    p.cell_size = 0.25;
    p.max_verts_per_poly = 6;
    p.walkable_climb = 0.5f;
    p.agent_radius = 0.5f;
    p.agent_height = 2.0f;
    p.agent_max_slope = 45.0f;
    return p;
}

#endif /* ONAV_C_TESTS_TEST_PARAMS_H */
