/* The C side of the crowd hash test: test_crowd.c's scripted scenario
 * written against the C API (two 32x32 squares built from 2D input; eight
 * agents, agent i at (3 + 7i, 0, 3 + 3.5i) with radius 0.4 + 0.05i, walking
 * to the mirrored point for 120 ticks), so CrowdTests can check that the
 * same scenario through Onav.dll gives the same state hash. */
#include <stdint.h>
#include <string.h>

#include "onav.h"

static const OnavDVec2 square_vertices[2][4] = {
    {{0, 0}, {32, 0}, {32, 32}, {0, 32}},
    {{32, 0}, {64, 0}, {64, 32}, {32, 32}},
};
static const uint8_t square_count[] = {4};
static const uint32_t square_indices[] = {0, 1, 2, 3};

static OnavNavMesh *strip_nav_mesh(void) {
    OnavTileInput2d input[2];
    memset(input, 0, sizeof input);
    for (int x = 0; x < 2; x++) {
        input[x].tile_x = x;
        input[x].vertices = square_vertices[x];
        input[x].vertex_count = 4;
        input[x].vertex_counts = square_count;
        input[x].polygon_count = 1;
        input[x].indices = square_indices;
        input[x].index_count = 4;
    }
    OnavSettings *settings = NULL;
    OnavNavMesh *nav_mesh = NULL;
    if (onav_settings_new(&settings, NULL) == ONAV_OK && onav_settings_set_tile_size(settings, 32.0, NULL) == ONAV_OK &&
        onav_settings_set_agent_radius(settings, 0.5f, NULL) == ONAV_OK && onav_settings_set_flags(settings, 1, NULL) == ONAV_OK) {
        onav_nav_mesh_build_2d(settings, input, 2, &nav_mesh, NULL);
    }
    onav_settings_free(settings);
    return nav_mesh;
}

static int32_t run_scenario(OnavCrowd *crowd) {
    for (int i = 0; i < 8; i++) {
        OnavDVec3 at = {3.0 + 7.0 * i, 0, 3.0 + 3.5 * i};
        OnavDVec3 target = {64.0 - at.x, 0, 32.0 - at.z};
        OnavAgentParams params;
        OnavAgentHandle agent;
        int32_t status = onav_agent_params_default(0.4 + 0.05 * i, 2.0, &params, NULL);
        if (status == ONAV_OK) status = onav_crowd_add_agent(crowd, at, &params, &agent, NULL);
        if (status == ONAV_OK) status = onav_crowd_request_move_target(crowd, agent, target, NULL);
        if (status != ONAV_OK) return status;
    }
    for (int tick = 0; tick < 120; tick++) {
        int32_t status = onav_crowd_step(crowd, NULL);
        if (status != ONAV_OK) return status;
    }
    return ONAV_OK;
}

/* Runs the scenario and writes its state hash to `out` (32 bytes); the
 * first failing status, or ONAV_E_INTERNAL when the mesh did not build. */
#if defined(_WIN32)
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
int32_t onav_test_scripted_crowd_hash(uint8_t *out)
{
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    if (nav_mesh == NULL) return ONAV_E_INTERNAL;
    OnavCrowdSettings settings;
    OnavCrowd *crowd = NULL;
    OnavCrowdHash hash;
    int32_t status = onav_crowd_settings_default(&settings, NULL);
    if (status == ONAV_OK) status = onav_crowd_new_for_nav_mesh(nav_mesh, &settings, &crowd, NULL);
    if (status == ONAV_OK) status = run_scenario(crowd);
    if (status == ONAV_OK) status = onav_crowd_state_hash(crowd, &hash, NULL);
    if (status == ONAV_OK) memcpy(out, hash.bytes, sizeof hash.bytes);
    onav_crowd_free(crowd);
    onav_nav_mesh_free(nav_mesh);
    return status;
}
