/*
 * Exercises the crowd part of onav.h: OnavCrowd over an OnavMesh and an
 * OnavNavMesh, the settings and agent parameter defaults, agents added,
 * stepped and arriving, read back in one call per step; teleports,
 * velocities, resets; parameters changed in place and read back; one
 * agent's corners and corridor; a host-driven off-mesh link completed by
 * the host;
 * a target streamed out (NoPath) after onav_crowd_set_mesh; stale handles
 * after removal; NULL arguments, cleared outputs and buffers too small;
 * two identical crowds giving the same state hash; and OnavWorldCrowd over
 * an OnavNavWorld with two classes; agents of extreme radii stepping
 * without a hang or a non-finite state. No golden hash is asserted: the crowd's
 * behaviour may change, determinism (equal runs, equal hashes) may not.
 *
 * The mesh: two 32x32 squares side by side, tiles (0,0) and (1,0), built
 * from 2D input; for the off-mesh test a third square at tile (3,0) out of
 * reach but for an authored link.
 *
 * Built three times like test_query.c: static, shared, ASan+UBSan; the
 * shared build also runs under valgrind.
 */
#include "check.h"
#include "test_params.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

enum { MAX_TICKS = 900 };

/* The square of tile column x (0..3): its corners in world X, Z. */
static const OnavDVec2 quad_vertices[4][4] = {
    {{0, 0}, {32, 0}, {32, 32}, {0, 32}},
    {{32, 0}, {64, 0}, {64, 32}, {32, 32}},
    {{64, 0}, {96, 0}, {96, 32}, {64, 32}},
    {{96, 0}, {128, 0}, {128, 32}, {96, 32}},
};
static const uint8_t quad_count[] = {4};
static const uint32_t quad_indices[] = {0, 1, 2, 3};

static OnavTileInput2d quad_input(int32_t tile_x) {
    OnavTileInput2d t;
    memset(&t, 0, sizeof t);
    t.tile_x = tile_x;
    t.vertices = quad_vertices[tile_x];
    t.vertex_count = 4;
    t.vertex_counts = quad_count;
    t.polygon_count = 1;
    t.indices = quad_indices;
    t.index_count = 4;
    return t;
}

static OnavSettings *strip_settings(double radius, uint16_t flags) {
    OnavSettings *settings = NULL;
    CHECK_OK(onav_settings_new(&settings, NULL));
    CHECK_OK(onav_settings_set_tile_size(settings, 32.0, NULL));
    CHECK_OK(onav_settings_set_agent_radius(settings, (float)radius, NULL));
    CHECK_OK(onav_settings_set_flags(settings, flags, NULL));
    return settings;
}

/* The two squares (0..64 by 0..32) as a tier-1 mesh. */
static OnavNavMesh *strip_nav_mesh(void) {
    OnavTileInput2d input[2] = {quad_input(0), quad_input(1)};
    OnavSettings *settings = strip_settings(0.5, 1);
    OnavNavMesh *nav_mesh = NULL;
    CHECK_OK(onav_nav_mesh_build_2d(settings, input, 2, &nav_mesh, NULL));
    onav_settings_free(settings);
    return nav_mesh;
}

static OnavDVec3 vec3(double x, double y, double z) {
    OnavDVec3 v = {x, y, z};
    return v;
}

static double distance_xz(OnavDVec3 a, OnavDVec3 b) {
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.z - b.z) * (a.z - b.z));
}

static double speed_xz(OnavDVec3 v) {
    return sqrt(v.x * v.x + v.z * v.z);
}

static OnavCrowdSettings default_settings(void) {
    OnavCrowdSettings settings;
    CHECK_OK(onav_crowd_settings_default(&settings, NULL));
    return settings;
}

static OnavAgentParams default_params(double radius) {
    OnavAgentParams params;
    CHECK_OK(onav_agent_params_default(radius, 2.0, &params, NULL));
    return params;
}

static OnavCrowd *new_crowd(const OnavNavMesh *nav_mesh) {
    OnavCrowdSettings settings = default_settings();
    OnavCrowd *crowd = NULL;
    CHECK_OK(onav_crowd_new_for_nav_mesh(nav_mesh, &settings, &crowd, NULL));
    return crowd;
}

static OnavAgentHandle add_agent(OnavCrowd *crowd, OnavDVec3 at, double radius) {
    OnavAgentParams params = default_params(radius);
    OnavAgentHandle handle = {0, 0};
    CHECK_OK(onav_crowd_add_agent(crowd, at, &params, &handle, NULL));
    return handle;
}

/* Every agent's state, read in one call; the count in `*count`. */
static OnavAgentState *read_agents(const OnavCrowd *crowd, size_t *count) {
    size_t needed = 0;
    CHECK_OK(onav_crowd_agent_count(crowd, &needed, NULL));
    OnavAgentState *states = calloc(needed + 1, sizeof *states);
    CHECK_OK(onav_crowd_read_agents(crowd, states, needed, count, NULL));
    CHECK(*count == needed);
    return states;
}

/* The state of the agent `handle` names; a zeroed struct when absent. */
static OnavAgentState agent_state(const OnavCrowd *crowd, OnavAgentHandle handle) {
    size_t count = 0;
    OnavAgentState *states = read_agents(crowd, &count);
    OnavAgentState found;
    memset(&found, 0, sizeof found);
    for (size_t i = 0; i < count; i++) {
        if (states[i].agent.index == handle.index && states[i].agent.generation == handle.generation) {
            found = states[i];
        }
    }
    free(states);
    return found;
}

/* Steps until no agent walks (or MAX_TICKS); the ticks stepped. */
static int step_until_settled(OnavCrowd *crowd) {
    for (int tick = 1; tick <= MAX_TICKS; tick++) {
        CHECK_OK(onav_crowd_step(crowd, NULL));
        size_t count = 0;
        OnavAgentState *states = read_agents(crowd, &count);
        int walking = 0;
        for (size_t i = 0; i < count; i++) {
            walking |= states[i].state == ONAV_AGENT_WALKING || states[i].state == ONAV_AGENT_OFF_MESH_LINK;
        }
        free(states);
        if (!walking) {
            return tick;
        }
    }
    return MAX_TICKS + 1;
}

static int same_handle(OnavAgentHandle a, OnavAgentHandle b) {
    return a.index == b.index && a.generation == b.generation;
}

static OnavCrowdHash state_hash(const OnavCrowd *crowd) {
    OnavCrowdHash hash;
    CHECK_OK(onav_crowd_state_hash(crowd, &hash, NULL));
    return hash;
}

/* ---- Defaults ------------------------------------------------------- */

static void test_defaults(void) {
    OnavError err = fresh_error();
    OnavCrowdSettings settings = default_settings();
    CHECK(fabs(settings.dt - 1.0 / 30.0) < 1e-15);
    CHECK(settings.max_nodes > 0);
    OnavAgentParams params = default_params(0.5);
    CHECK(params.radius == 0.5 && params.height == 2.0);
    CHECK(params.update_flags == ONAV_AGENT_ALL_UPDATES);
    CHECK((ONAV_AGENT_ALL_UPDATES & ONAV_AGENT_REPLAN_WHEN_STALLED) == ONAV_AGENT_REPLAN_WHEN_STALLED);
    CHECK((ONAV_AGENT_ALL_UPDATES & ONAV_AGENT_WALK_BACK_WHEN_PUSHED) == ONAV_AGENT_WALK_BACK_WHEN_PUSHED);
    CHECK(params.off_mesh_mode == ONAV_OFF_MESH_STRAIGHT);
    CHECK(params.filter.include_flags != 0 && params.filter.area_costs[0] == 1.0);

    memset(&params, 0x5A, sizeof params);
    CHECK_FAILS(onav_agent_params_default(0.0, 2.0, &params, &err), ONAV_E_OUT_OF_RANGE, &err, "radius");
    CHECK(params.radius == 0.0 && params.update_flags == 0);
    CHECK_FAILS(onav_agent_params_default(0.5, NAN, &params, &err), ONAV_E_OUT_OF_RANGE, &err, "height");
    /* Finite, but 30 radii (the path optimisation range) is not: the
     * message names the radius given, not only the range it overflowed. */
    CHECK_FAILS(onav_agent_params_default(1.0e308, 2.0, &params, &err), ONAV_E_OUT_OF_RANGE, &err, "radius 1e308");
    CHECK_FAILS(onav_agent_params_default(0.5, 2.0, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_crowd_settings_default(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
}

/* ---- Creating ------------------------------------------------------- */

static void test_new_and_free(void) {
    OnavError err = fresh_error();
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_nav_mesh_mesh_clone(nav_mesh, &mesh, &err));
    OnavCrowdSettings settings = default_settings();
    OnavCrowd *sentinel = (OnavCrowd *)&err;
    OnavCrowd *crowd = NULL;
    CHECK_OK(onav_crowd_new(mesh, &settings, &crowd, &err));
    CHECK(crowd != NULL);
    /* The crowd holds its own version: freeing the mesh changes nothing. */
    onav_mesh_free(mesh);
    OnavAgentHandle agent = add_agent(crowd, vec3(4, 0, 4), 0.5);
    CHECK_OK(onav_crowd_request_move_target(crowd, agent, vec3(20, 0, 4), &err));
    CHECK(step_until_settled(crowd) <= MAX_TICKS);
    CHECK(agent_state(crowd, agent).state == ONAV_AGENT_ARRIVED);
    onav_crowd_free(crowd);

    OnavCrowdSettings bad = settings;
    bad.dt = 0.0;
    CHECK_FAILS_CLEARS(crowd, sentinel, onav_crowd_new_for_nav_mesh(nav_mesh, &bad, &crowd, &err), ONAV_E_OUT_OF_RANGE, &err, "dt");
    bad = settings;
    bad.max_nodes = 0;
    CHECK_FAILS_CLEARS(crowd, sentinel, onav_crowd_new_for_nav_mesh(nav_mesh, &bad, &crowd, &err), ONAV_E_OUT_OF_RANGE, &err, "max_nodes");
    bad = settings;
    bad.placement_half_extents.y = -1.0;
    CHECK_FAILS_CLEARS(crowd, sentinel, onav_crowd_new_for_nav_mesh(nav_mesh, &bad, &crowd, &err), ONAV_E_OUT_OF_RANGE, &err, "placement_half_extents");
    CHECK_FAILS_CLEARS(crowd, sentinel, onav_crowd_new_for_nav_mesh(NULL, &settings, &crowd, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");
    CHECK_FAILS_CLEARS(crowd, sentinel, onav_crowd_new_for_nav_mesh(nav_mesh, NULL, &crowd, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_FAILS_CLEARS(crowd, sentinel, onav_crowd_new(NULL, &settings, &crowd, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_crowd_new_for_nav_mesh(nav_mesh, &settings, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    onav_crowd_free(NULL);
    onav_nav_mesh_free(nav_mesh);
}

/* ---- Walking -------------------------------------------------------- */

static void test_agents_cross_and_arrive(void) {
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavCrowd *crowd = new_crowd(nav_mesh);
    const OnavDVec3 starts[4] = {{4, 0, 4}, {60, 0, 28}, {4, 0, 28}, {60, 0, 4}};
    OnavAgentHandle agents[4];
    for (int i = 0; i < 4; i++) {
        agents[i] = add_agent(crowd, starts[i], 0.5);
        CHECK(agents[i].index == (uint32_t)i);
        /* Each walks to the opposite corner: the four cross in the middle. */
        CHECK_OK(onav_crowd_request_move_target(crowd, agents[i], starts[i ^ 1], NULL));
    }
    size_t count = 0;
    OnavAgentState *states = read_agents(crowd, &count);
    CHECK(count == 4);
    for (size_t i = 0; i < count; i++) {
        CHECK(same_handle(states[i].agent, agents[i]) && states[i].class_index == 0);
        CHECK(states[i].state == ONAV_AGENT_WALKING);
        CHECK(distance_xz(states[i].position, starts[i]) < 1e-9);
        CHECK(states[i].has_target == 1 && distance_xz(states[i].target, starts[i ^ 1]) < 1e-9);
        CHECK(states[i].poly != 0);
    }
    free(states);

    int ticks = step_until_settled(crowd);
    CHECK(ticks <= MAX_TICKS);
    uint64_t tick = 0;
    CHECK_OK(onav_crowd_tick(crowd, &tick, NULL));
    CHECK(tick == (uint64_t)ticks);
    states = read_agents(crowd, &count);
    OnavAgentParams params = default_params(0.5);
    for (size_t i = 0; i < count; i++) {
        CHECK(states[i].state == ONAV_AGENT_ARRIVED);
        /* Arrival is within arrival_distance; collision pushes after it
         * stay below the radius (the neighbours arrived elsewhere). */
        CHECK(distance_xz(states[i].position, starts[i ^ 1]) <= params.radius);
        CHECK(states[i].off_mesh_link.landing_poly == 0);
    }
    free(states);
    onav_crowd_free(crowd);
    onav_nav_mesh_free(nav_mesh);
}

static void test_teleport_velocity_reset(void) {
    OnavError err = fresh_error();
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavCrowd *crowd = new_crowd(nav_mesh);
    OnavAgentHandle agent = add_agent(crowd, vec3(4, 0, 16), 0.5);

    CHECK_OK(onav_crowd_set_position(crowd, agent, vec3(50, 0, 10), &err));
    OnavAgentState state = agent_state(crowd, agent);
    CHECK(distance_xz(state.position, vec3(50, 0, 10)) < 1e-9);
    CHECK(state.state == ONAV_AGENT_ARRIVED && state.velocity.x == 0.0);
    /* Off the mesh beyond the placement box: refused, nothing moves. */
    CHECK_FAILS(onav_crowd_set_position(crowd, agent, vec3(500, 0, 10), &err), ONAV_E_INVALID_OPERATION, &err, "no polygon");
    CHECK(distance_xz(agent_state(crowd, agent).position, vec3(50, 0, 10)) < 1e-9);
    CHECK_FAILS(onav_crowd_set_position(crowd, agent, vec3(NAN, 0, 10), &err), ONAV_E_OUT_OF_RANGE, &err, "position.x");

    CHECK_OK(onav_crowd_request_move_velocity(crowd, agent, vec3(-2, 0, 0), &err));
    for (int i = 0; i < 30; i++) {
        CHECK_OK(onav_crowd_step(crowd, &err));
    }
    state = agent_state(crowd, agent);
    CHECK(state.state == ONAV_AGENT_WALKING && state.has_target == 0);
    CHECK(state.position.x < 50.0 - 1.0 && fabs(state.position.z - 10.0) < 0.5);
    CHECK(state.velocity.x < 0.0);
    CHECK_FAILS(onav_crowd_request_move_velocity(crowd, agent, vec3(INFINITY, 0, 0), &err), ONAV_E_OUT_OF_RANGE, &err, "velocity");

    CHECK_OK(onav_crowd_reset_move_target(crowd, agent, &err));
    CHECK(agent_state(crowd, agent).state == ONAV_AGENT_ARRIVED);
    CHECK_FAILS(onav_crowd_complete_off_mesh_link(crowd, agent, &err), ONAV_E_INVALID_OPERATION, &err, "off-mesh link");
    CHECK_FAILS(onav_crowd_request_move_target(crowd, agent, vec3(0, 1e30, 0), &err), ONAV_E_OUT_OF_RANGE, &err, "target.y");
    onav_crowd_free(crowd);
    onav_nav_mesh_free(nav_mesh);
}

/* ---- Off-mesh links ------------------------------------------------- */

static void test_host_driven_off_mesh_link(void) {
    OnavError err = fresh_error();
    OnavTileInput2d input[2] = {quad_input(0), quad_input(3)};
    OnavSettings *settings = strip_settings(0.5, 1);
    OnavOffMeshLinkDefinition link;
    memset(&link, 0, sizeof link);
    link.start = vec3(30, 0, 16);
    link.end = vec3(98, 0, 16);
    link.radius = 1.0;
    link.flags = 1;
    CHECK_OK(onav_settings_set_off_mesh_links(settings, &link, 1, &err));
    OnavNavMesh *nav_mesh = NULL;
    CHECK_OK(onav_nav_mesh_build_2d(settings, input, 2, &nav_mesh, &err));
    onav_settings_free(settings);

    OnavCrowd *crowd = new_crowd(nav_mesh);
    OnavAgentParams params = default_params(0.5);
    params.off_mesh_mode = ONAV_OFF_MESH_HOST_DRIVEN;
    OnavAgentHandle agent = {0, 0};
    CHECK_OK(onav_crowd_add_agent(crowd, vec3(4, 0, 16), &params, &agent, &err));
    CHECK_OK(onav_crowd_request_move_target(crowd, agent, vec3(120, 0, 16), &err));
    OnavAgentState state = agent_state(crowd, agent);
    for (int tick = 0; tick < MAX_TICKS && state.state != ONAV_AGENT_OFF_MESH_LINK; tick++) {
        CHECK_OK(onav_crowd_step(crowd, &err));
        state = agent_state(crowd, agent);
    }
    CHECK(state.state == ONAV_AGENT_OFF_MESH_LINK);
    CHECK(distance_xz(state.off_mesh_link.departure, link.start) < 1e-6);
    CHECK(distance_xz(state.off_mesh_link.arrival, link.end) < 1e-6);
    uint64_t landing = state.off_mesh_link.landing_poly;
    CHECK(landing != 0);
    /* Host-driven: the crowd leaves it on the link until told. */
    for (int i = 0; i < 30; i++) {
        CHECK_OK(onav_crowd_step(crowd, &err));
    }
    CHECK(agent_state(crowd, agent).state == ONAV_AGENT_OFF_MESH_LINK);
    CHECK_OK(onav_crowd_complete_off_mesh_link(crowd, agent, &err));
    state = agent_state(crowd, agent);
    CHECK(distance_xz(state.position, link.end) < 1e-6);
    CHECK(state.poly == landing && state.state == ONAV_AGENT_WALKING);
    CHECK(state.off_mesh_link.landing_poly == 0);
    CHECK(step_until_settled(crowd) <= MAX_TICKS);
    state = agent_state(crowd, agent);
    CHECK(state.state == ONAV_AGENT_ARRIVED && distance_xz(state.position, vec3(120, 0, 16)) <= params.radius);

    params.off_mesh_mode = 7;
    OnavAgentHandle none = {0, 0};
    CHECK_FAILS(onav_crowd_add_agent(crowd, vec3(4, 0, 16), &params, &none, &err), ONAV_E_OUT_OF_RANGE, &err, "off_mesh_mode");
    onav_crowd_free(crowd);
    onav_nav_mesh_free(nav_mesh);
}

/* ---- Streaming ------------------------------------------------------ */

static void test_target_streams_out(void) {
    OnavError err = fresh_error();
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_nav_mesh_mesh_clone(nav_mesh, &mesh, &err));
    OnavCrowdSettings settings = default_settings();
    OnavCrowd *crowd = NULL;
    CHECK_OK(onav_crowd_new(mesh, &settings, &crowd, &err));
    OnavAgentHandle agent = add_agent(crowd, vec3(4, 0, 16), 0.5);
    CHECK_OK(onav_crowd_request_move_target(crowd, agent, vec3(60, 0, 16), &err));
    CHECK_OK(onav_crowd_step(crowd, &err));
    CHECK(agent_state(crowd, agent).state == ONAV_AGENT_WALKING);

    uint64_t removed = 0;
    CHECK_OK(onav_mesh_remove_tile(mesh, 1, 0, 0, &removed, &err));
    CHECK_OK(onav_crowd_set_mesh(crowd, mesh, &err));
    CHECK_OK(onav_crowd_step(crowd, &err));
    CHECK(agent_state(crowd, agent).state == ONAV_AGENT_NO_PATH);

    /* The host sends the target again after the tile returns. */
    CHECK_OK(onav_crowd_set_nav_mesh(crowd, nav_mesh, &err));
    CHECK_OK(onav_crowd_request_move_target(crowd, agent, vec3(60, 0, 16), &err));
    CHECK(step_until_settled(crowd) <= MAX_TICKS);
    CHECK(agent_state(crowd, agent).state == ONAV_AGENT_ARRIVED);

    CHECK_FAILS(onav_crowd_set_mesh(crowd, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "mesh");
    CHECK_FAILS(onav_crowd_set_mesh(NULL, mesh, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_set_nav_mesh(crowd, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "nav_mesh");
    onav_crowd_free(crowd);
    onav_mesh_free(mesh);
    onav_nav_mesh_free(nav_mesh);
}

/* ---- Handles and errors --------------------------------------------- */

static void test_stale_handles(void) {
    OnavError err = fresh_error();
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavCrowd *crowd = new_crowd(nav_mesh);
    OnavAgentHandle first = add_agent(crowd, vec3(4, 0, 4), 0.5);
    OnavAgentHandle second = add_agent(crowd, vec3(40, 0, 4), 0.5);
    CHECK_OK(onav_crowd_remove_agent(crowd, first, &err));
    size_t count = 0;
    CHECK_OK(onav_crowd_agent_count(crowd, &count, &err));
    CHECK(count == 1);

    CHECK_FAILS(onav_crowd_remove_agent(crowd, first, &err), ONAV_E_INVALID_REFERENCE, &err, "agent handle");
    CHECK_FAILS(onav_crowd_set_position(crowd, first, vec3(8, 0, 8), &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    CHECK_FAILS(onav_crowd_request_move_target(crowd, first, vec3(8, 0, 8), &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    CHECK_FAILS(onav_crowd_request_move_velocity(crowd, first, vec3(1, 0, 0), &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    CHECK_FAILS(onav_crowd_reset_move_target(crowd, first, &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    CHECK_FAILS(onav_crowd_complete_off_mesh_link(crowd, first, &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    OnavAgentHandle never = {99, 0};
    CHECK_FAILS(onav_crowd_remove_agent(crowd, never, &err), ONAV_E_INVALID_REFERENCE, &err, "index 99");

    /* The slot is reused with a new generation: the old handle stays stale. */
    OnavAgentHandle third = add_agent(crowd, vec3(8, 0, 8), 0.5);
    CHECK(third.index == first.index && third.generation != first.generation);
    CHECK_FAILS(onav_crowd_request_move_target(crowd, first, vec3(8, 0, 8), &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    CHECK(distance_xz(agent_state(crowd, third).position, vec3(8, 0, 8)) < 1e-9);
    CHECK(distance_xz(agent_state(crowd, second).position, vec3(40, 0, 4)) < 1e-9);
    onav_crowd_free(crowd);
    onav_nav_mesh_free(nav_mesh);
}

static void test_null_arguments_and_cleared_outputs(void) {
    OnavError err = fresh_error();
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavCrowd *crowd = new_crowd(nav_mesh);
    OnavAgentParams params = default_params(0.5);
    OnavAgentHandle agent = add_agent(crowd, vec3(4, 0, 4), 0.5);
    OnavAgentHandle out = {7, 7};

    CHECK_FAILS(onav_crowd_add_agent(NULL, vec3(4, 0, 4), &params, &out, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK(out.index == 0 && out.generation == 0);
    out.index = 7;
    CHECK_FAILS(onav_crowd_add_agent(crowd, vec3(4, 0, 4), NULL, &out, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    CHECK(out.index == 0);
    CHECK_FAILS(onav_crowd_add_agent(crowd, vec3(4, 0, 4), &params, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    OnavAgentParams bad = params;
    bad.max_speed = -1.0;
    out.index = 7;
    CHECK_FAILS(onav_crowd_add_agent(crowd, vec3(4, 0, 4), &bad, &out, &err), ONAV_E_OUT_OF_RANGE, &err, "max_speed");
    CHECK(out.index == 0);
    bad = params;
    bad.filter.area_costs[3] = -2.0;
    CHECK_FAILS(onav_crowd_add_agent(crowd, vec3(4, 0, 4), &bad, &out, &err), ONAV_E_OUT_OF_RANGE, &err, NULL);
    CHECK_FAILS(onav_crowd_add_agent(crowd, vec3(300, 0, 4), &params, &out, &err), ONAV_E_INVALID_OPERATION, &err, "no polygon");
    size_t count = 0;
    CHECK_OK(onav_crowd_agent_count(crowd, &count, &err));
    CHECK(count == 1);

    CHECK_FAILS(onav_crowd_remove_agent(NULL, agent, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_set_position(NULL, agent, vec3(4, 0, 4), &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_request_move_target(NULL, agent, vec3(4, 0, 4), &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_request_move_velocity(NULL, agent, vec3(1, 0, 0), &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_reset_move_target(NULL, agent, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_complete_off_mesh_link(NULL, agent, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_step(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_step_on_calling_thread(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");

    uint64_t tick = 0;
    CHECK_FAILS_CLEARS(tick, 5, onav_crowd_tick(NULL, &tick, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_tick(crowd, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS_CLEARS(count, 5, onav_crowd_agent_count(NULL, &count, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_agent_count(crowd, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    OnavCrowdHash hash;
    memset(&hash, 0x5A, sizeof hash);
    CHECK_FAILS(onav_crowd_state_hash(NULL, &hash, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    OnavCrowdHash zero;
    memset(&zero, 0, sizeof zero);
    CHECK(memcmp(&hash, &zero, sizeof hash) == 0);
    CHECK_FAILS(onav_crowd_state_hash(crowd, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");

    OnavAgentState states[1];
    CHECK_FAILS_CLEARS(count, 5, onav_crowd_read_agents(NULL, states, 1, &count, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_read_agents(crowd, states, 1, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");
    /* A NULL error pointer is allowed: the status alone reports. */
    CHECK(onav_crowd_step(NULL, NULL) == ONAV_E_NULL_ARGUMENT);
    onav_crowd_free(crowd);
    onav_nav_mesh_free(nav_mesh);
}

static void test_buffer_too_small(void) {
    OnavError err = fresh_error();
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavCrowd *crowd = new_crowd(nav_mesh);
    for (int i = 0; i < 3; i++) {
        add_agent(crowd, vec3(4 + 10 * i, 0, 4), 0.5);
    }
    size_t len = 0;
    CHECK_FAILS(onav_crowd_read_agents(crowd, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 3);
    OnavAgentState states[3];
    memset(states, 0x5A, sizeof states);
    len = 0;
    CHECK_FAILS(onav_crowd_read_agents(crowd, states, 2, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, "3");
    CHECK(len == 3);
    CHECK_OK(onav_crowd_read_agents(crowd, states, 3, &len, &err));
    CHECK(len == 3 && states[2].agent.index == 2 && distance_xz(states[2].position, vec3(24, 0, 4)) < 1e-9);
    onav_crowd_free(crowd);

    OnavCrowd *empty = new_crowd(nav_mesh);
    len = 9;
    CHECK_OK(onav_crowd_read_agents(empty, NULL, 0, &len, &err));
    CHECK(len == 0);
    onav_crowd_free(empty);
    onav_nav_mesh_free(nav_mesh);
}

/* ---- Determinism ---------------------------------------------------- */

/* A crowd of eight agents walking to the mirrored points, after 120 ticks
 * of `step`. */
static OnavCrowd *scripted_crowd(const OnavNavMesh *nav_mesh, int32_t (*step)(OnavCrowd *, OnavError *)) {
    OnavCrowd *crowd = new_crowd(nav_mesh);
    for (int i = 0; i < 8; i++) {
        OnavDVec3 at = vec3(3.0 + 7.0 * i, 0, 3.0 + 3.5 * i);
        OnavAgentHandle agent = add_agent(crowd, at, 0.4 + 0.05 * i);
        CHECK_OK(onav_crowd_request_move_target(crowd, agent, vec3(64.0 - at.x, 0, 32.0 - at.z), NULL));
    }
    for (int tick = 0; tick < 120; tick++) {
        CHECK_OK(step(crowd, NULL));
    }
    return crowd;
}

static void test_two_crowds_same_hash(void) {
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavCrowd *fresh = new_crowd(nav_mesh);
    /* The pool and the calling thread alone give the same bits. */
    OnavCrowd *a = scripted_crowd(nav_mesh, onav_crowd_step);
    OnavCrowd *b = scripted_crowd(nav_mesh, onav_crowd_step_on_calling_thread);
    OnavCrowdHash hash_a = state_hash(a);
    OnavCrowdHash hash_b = state_hash(b);
    OnavCrowdHash hash_fresh = state_hash(fresh);
    CHECK(memcmp(hash_a.bytes, hash_b.bytes, sizeof hash_a.bytes) == 0);
    CHECK(memcmp(hash_a.bytes, hash_fresh.bytes, sizeof hash_a.bytes) != 0);
    /* One more step of one of them tells them apart. */
    CHECK_OK(onav_crowd_step(b, NULL));
    hash_b = state_hash(b);
    CHECK(memcmp(hash_a.bytes, hash_b.bytes, sizeof hash_a.bytes) != 0);
    onav_crowd_free(fresh);
    onav_crowd_free(a);
    onav_crowd_free(b);
    onav_nav_mesh_free(nav_mesh);
}

/* ---- Parameters changed in place ------------------------------------ */

static OnavAgentParams agent_params(const OnavCrowd *crowd, OnavAgentHandle agent) {
    OnavAgentParams params;
    memset(&params, 0, sizeof params);
    CHECK_OK(onav_crowd_agent_params(crowd, agent, &params, NULL));
    return params;
}

static void test_agent_params_changed_in_place(void) {
    OnavError err = fresh_error();
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavCrowd *crowd = new_crowd(nav_mesh);
    OnavAgentHandle agent = add_agent(crowd, vec3(4, 0, 16), 0.5);
    CHECK_OK(onav_crowd_request_move_target(crowd, agent, vec3(60, 0, 16), &err));
    for (int i = 0; i < 15; i++) {
        CHECK_OK(onav_crowd_step(crowd, &err));
    }
    CHECK(speed_xz(agent_state(crowd, agent).velocity) > 2.0);
    OnavAgentParams added = default_params(0.5);
    OnavAgentParams read = agent_params(crowd, agent);
    CHECK(read.radius == added.radius && read.max_speed == added.max_speed);
    CHECK(read.update_flags == added.update_flags && read.filter.include_flags == added.filter.include_flags);
    CHECK(added.turn_style == ONAV_TURN_INSIDE && read.turn_style == ONAV_TURN_INSIDE);

    /* Walking instead of running: the agent keeps its place, state and
     * target, and walks on at the new max speed. */
    OnavAgentParams walking = added;
    walking.max_speed = 0.5;
    OnavDVec3 before = agent_state(crowd, agent).position;
    CHECK_OK(onav_crowd_set_agent_params(crowd, agent, &walking, &err));
    OnavAgentState state = agent_state(crowd, agent);
    CHECK(distance_xz(state.position, before) == 0.0 && state.state == ONAV_AGENT_WALKING && state.has_target == 1);
    for (int i = 0; i < 30; i++) {
        CHECK_OK(onav_crowd_step(crowd, &err));
    }
    state = agent_state(crowd, agent);
    CHECK(state.state == ONAV_AGENT_WALKING);
    CHECK(speed_xz(state.velocity) > 0.45 && speed_xz(state.velocity) <= 0.5 + 1e-12);
    CHECK(agent_params(crowd, agent).max_speed == 0.5);

    /* Refused changes change nothing. */
    OnavAgentParams bad = walking;
    bad.radius = -1.0;
    CHECK_FAILS(onav_crowd_set_agent_params(crowd, agent, &bad, &err), ONAV_E_OUT_OF_RANGE, &err, "radius");
    bad = walking;
    bad.turn_style = 2;
    CHECK_FAILS(onav_crowd_set_agent_params(crowd, agent, &bad, &err), ONAV_E_OUT_OF_RANGE, &err, "turn_style");
    read = agent_params(crowd, agent);
    CHECK(read.radius == 0.5 && read.max_speed == 0.5 && read.update_flags == ONAV_AGENT_ALL_UPDATES);
    CHECK(read.turn_style == ONAV_TURN_INSIDE);

    /* Rounding turns wide instead: read back as set. */
    OnavAgentParams wide = walking;
    wide.turn_style = ONAV_TURN_WIDE;
    CHECK_OK(onav_crowd_set_agent_params(crowd, agent, &wide, &err));
    CHECK(agent_params(crowd, agent).turn_style == ONAV_TURN_WIDE);
    CHECK_OK(onav_crowd_set_agent_params(crowd, agent, &walking, &err));
    CHECK_FAILS(onav_crowd_set_agent_params(crowd, agent, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "params");
    CHECK_FAILS(onav_crowd_set_agent_params(NULL, agent, &walking, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_agent_params(crowd, agent, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "out");
    CHECK_FAILS(onav_crowd_agent_params(NULL, agent, &read, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");

    /* A filter passing no polygon: the target is searched again with it
     * at the next step, and nothing leads there. */
    OnavAgentParams nowhere = walking;
    nowhere.filter.include_flags = 0;
    CHECK_OK(onav_crowd_set_agent_params(crowd, agent, &nowhere, &err));
    CHECK_OK(onav_crowd_step(crowd, &err));
    CHECK(agent_state(crowd, agent).state == ONAV_AGENT_NO_PATH);
    CHECK(agent_params(crowd, agent).filter.include_flags == 0);

    CHECK_OK(onav_crowd_remove_agent(crowd, agent, &err));
    CHECK_FAILS(onav_crowd_set_agent_params(crowd, agent, &walking, &err), ONAV_E_INVALID_REFERENCE, &err, "agent handle");
    CHECK_FAILS(onav_crowd_agent_params(crowd, agent, &read, &err), ONAV_E_INVALID_REFERENCE, &err, "agent handle");
    onav_crowd_free(crowd);
    onav_nav_mesh_free(nav_mesh);
}

/* ---- One agent's corners and corridor ------------------------------- */

static void test_agent_corners_and_corridor(void) {
    OnavError err = fresh_error();
    OnavNavMesh *nav_mesh = strip_nav_mesh();
    OnavCrowd *crowd = new_crowd(nav_mesh);
    OnavAgentHandle agent = add_agent(crowd, vec3(4, 0, 16), 0.5);
    OnavStraightPathVertex corners[8];
    uint64_t corridor[16];
    size_t len = 99;
    /* Standing without a target: no corners, a corridor of its polygon. */
    CHECK_OK(onav_crowd_agent_corners(crowd, agent, corners, 8, &len, &err));
    CHECK(len == 0);
    CHECK_OK(onav_crowd_agent_corridor(crowd, agent, corridor, 16, &len, &err));
    CHECK(len == 1 && corridor[0] == agent_state(crowd, agent).poly);

    CHECK_OK(onav_crowd_request_move_target(crowd, agent, vec3(60, 0, 16), &err));
    CHECK_OK(onav_crowd_step(crowd, &err));
    CHECK_OK(onav_crowd_agent_corners(crowd, agent, corners, 8, &len, &err));
    size_t corner_count = len;
    CHECK(corner_count >= 1 && distance_xz(corners[corner_count - 1].position, vec3(60, 0, 16)) < 1e-9);
    CHECK((corners[corner_count - 1].flags & ONAV_STRAIGHT_PATH_END) != 0);
    CHECK_OK(onav_crowd_agent_corridor(crowd, agent, corridor, 16, &len, &err));
    size_t corridor_len = len;
    CHECK(corridor_len >= 2 && corridor[0] == agent_state(crowd, agent).poly);
    CHECK(corridor[corridor_len - 1] != corridor[0]);

    /* Buffers too small report the needed count; NULL arguments are named. */
    CHECK_FAILS(onav_crowd_agent_corridor(crowd, agent, corridor, 1, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == corridor_len);
    CHECK_FAILS(onav_crowd_agent_corners(crowd, agent, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == corner_count);
    CHECK_FAILS(onav_crowd_agent_corners(NULL, agent, corners, 8, &len, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_crowd_agent_corridor(crowd, agent, corridor, 16, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "len_out");

    CHECK_OK(onav_crowd_remove_agent(crowd, agent, &err));
    CHECK_FAILS(onav_crowd_agent_corners(crowd, agent, corners, 8, &len, &err), ONAV_E_INVALID_REFERENCE, &err, "agent handle");
    CHECK_FAILS(onav_crowd_agent_corridor(crowd, agent, corridor, 16, &len, &err), ONAV_E_INVALID_REFERENCE, &err, "agent handle");
    onav_crowd_free(crowd);
    onav_nav_mesh_free(nav_mesh);
}

/* ---- WorldCrowd ----------------------------------------------------- */

static OnavNavWorld *strip_world(size_t class_count) {
    OnavTileInput2d input[2] = {quad_input(0), quad_input(1)};
    OnavSettings *classes[2] = {strip_settings(0.5, 0x4), strip_settings(1.5, 0x8)};
    OnavNavWorld *world = NULL;
    CHECK_OK(onav_nav_world_build_2d((const OnavSettings *const *)classes, class_count, input, 2, &world, NULL));
    onav_settings_free(classes[0]);
    onav_settings_free(classes[1]);
    return world;
}

static OnavAgentState *read_world_agents(const OnavWorldCrowd *crowd, size_t *count) {
    size_t needed = 0;
    CHECK_OK(onav_world_crowd_agent_count(crowd, &needed, NULL));
    OnavAgentState *states = calloc(needed + 1, sizeof *states);
    CHECK_OK(onav_world_crowd_read_agents(crowd, states, needed, count, NULL));
    CHECK(*count == needed);
    return states;
}

static void test_world_crowd(void) {
    OnavError err = fresh_error();
    OnavNavWorld *world = strip_world(2);
    OnavCrowdSettings settings = default_settings();
    OnavWorldCrowd *sentinel = (OnavWorldCrowd *)&err;
    OnavWorldCrowd *crowd = NULL;
    CHECK_OK(onav_world_crowd_new(world, &settings, &crowd, &err));
    uint32_t classes = 0;
    CHECK_OK(onav_world_crowd_class_count(crowd, &classes, &err));
    CHECK(classes == 2);
    uint32_t class_index = 9;
    CHECK_OK(onav_world_crowd_class_for(crowd, 0.4, &class_index, &err));
    CHECK(class_index == 0);
    CHECK_OK(onav_world_crowd_class_for(crowd, 1.0, &class_index, &err));
    CHECK(class_index == 1);

    /* Two agents of different classes on the same spot: they do not see
     * each other, so both walk straight through the other's place. */
    OnavAgentParams small = default_params(0.4);
    OnavAgentParams large = default_params(1.0);
    OnavWorldAgentHandle a = {9, {9, 9}};
    OnavWorldAgentHandle b = {9, {9, 9}};
    CHECK_OK(onav_world_crowd_add_agent(crowd, vec3(8, 0, 16), &small, &a, &err));
    CHECK_OK(onav_world_crowd_add_agent(crowd, vec3(8, 0, 16), &large, &b, &err));
    CHECK(a.class_index == 0 && b.class_index == 1);
    CHECK(a.agent.index == 0 && b.agent.index == 0);
    CHECK_OK(onav_world_crowd_request_move_target(crowd, a, vec3(56, 0, 16), &err));
    CHECK_OK(onav_world_crowd_request_move_target(crowd, b, vec3(56, 0, 16), &err));
    size_t count = 0;
    for (int tick = 0; tick < MAX_TICKS; tick++) {
        CHECK_OK(onav_world_crowd_step(crowd, &err));
    }
    uint64_t tick = 0;
    CHECK_OK(onav_world_crowd_tick(crowd, &tick, &err));
    CHECK(tick == MAX_TICKS);
    OnavAgentState *states = read_world_agents(crowd, &count);
    CHECK(count == 2);
    for (size_t i = 0; i < count; i++) {
        CHECK(states[i].class_index == (uint32_t)i && states[i].agent.index == 0);
        CHECK(states[i].state == ONAV_AGENT_ARRIVED);
        /* Alone in its class, nothing pushes it after it arrives. */
        const OnavAgentParams *params = i == 0 ? &small : &large;
        CHECK(distance_xz(states[i].position, vec3(56, 0, 16)) <= params->arrival_distance);
    }
    free(states);

    OnavWorldAgentHandle added = {9, {9, 9}};
    CHECK_OK(onav_world_crowd_add_agent_to_class(crowd, 0, vec3(40, 0, 8), &large, &added, &err));
    CHECK(added.class_index == 0 && added.agent.index == 1);
    CHECK_OK(onav_world_crowd_set_position(crowd, added, vec3(44, 0, 8), &err));
    CHECK_OK(onav_world_crowd_request_move_velocity(crowd, added, vec3(1, 0, 0), &err));
    CHECK_OK(onav_world_crowd_reset_move_target(crowd, added, &err));
    CHECK_FAILS(onav_world_crowd_complete_off_mesh_link(crowd, added, &err), ONAV_E_INVALID_OPERATION, &err, "off-mesh link");
    CHECK_OK(onav_world_crowd_remove_agent(crowd, added, &err));
    CHECK_FAILS(onav_world_crowd_remove_agent(crowd, added, &err), ONAV_E_INVALID_REFERENCE, &err, "agent handle");
    CHECK_FAILS(onav_world_crowd_set_position(crowd, added, vec3(44, 0, 8), &err), ONAV_E_INVALID_REFERENCE, &err, NULL);
    OnavWorldAgentHandle no_class = {7, {0, 0}};
    CHECK_FAILS(onav_world_crowd_request_move_target(crowd, no_class, vec3(8, 0, 8), &err), ONAV_E_INVALID_REFERENCE, &err, "class 7");
    /* New parameters keep an agent in its class, whatever the radius. */
    CHECK_OK(onav_world_crowd_set_agent_params(crowd, a, &large, &err));
    OnavAgentParams read;
    memset(&read, 0, sizeof read);
    CHECK_OK(onav_world_crowd_agent_params(crowd, a, &read, &err));
    CHECK(read.radius == large.radius && a.class_index == 0);
    CHECK_OK(onav_world_crowd_set_agent_params(crowd, a, &small, &err));
    CHECK_FAILS(onav_world_crowd_set_agent_params(crowd, no_class, &small, &err), ONAV_E_INVALID_REFERENCE, &err, "class 7");
    CHECK_FAILS(onav_world_crowd_agent_params(crowd, no_class, &read, &err), ONAV_E_INVALID_REFERENCE, &err, "class 7");
    CHECK_FAILS(onav_world_crowd_agent_params(crowd, added, &read, &err), ONAV_E_INVALID_REFERENCE, &err, "agent handle");
    /* An arrived agent has no corners; its corridor starts at its polygon. */
    OnavStraightPathVertex corners[8];
    uint64_t corridor[16];
    size_t len = 99;
    CHECK_OK(onav_world_crowd_agent_corners(crowd, b, corners, 8, &len, &err));
    CHECK(len == 0);
    CHECK_OK(onav_world_crowd_agent_corridor(crowd, b, corridor, 16, &len, &err));
    CHECK(len >= 1);
    CHECK_FAILS(onav_world_crowd_agent_corners(crowd, no_class, corners, 8, &len, &err), ONAV_E_INVALID_REFERENCE, &err, "class 7");
    CHECK_FAILS(onav_world_crowd_agent_corridor(crowd, added, corridor, 16, &len, &err), ONAV_E_INVALID_REFERENCE, &err, "agent handle");
    CHECK_FAILS(onav_world_crowd_add_agent_to_class(crowd, 2, vec3(40, 0, 8), &large, &added, &err), ONAV_E_OUT_OF_RANGE, &err, "class index 2");
    CHECK(added.class_index == 0 && added.agent.index == 0 && added.agent.generation == 0);
    CHECK_FAILS(onav_world_crowd_add_agent(crowd, vec3(40, 0, 8), NULL, &added, &err), ONAV_E_NULL_ARGUMENT, &err, "params");

    /* A later version of the same world is taken; another world is not. */
    CHECK_OK(onav_world_crowd_set_world(crowd, world, &err));
    OnavNavWorld *one_class = strip_world(1);
    CHECK_FAILS(onav_world_crowd_set_world(crowd, one_class, &err), ONAV_E_INVALID_OPERATION, &err, "classes");
    CHECK_FAILS(onav_world_crowd_set_world(crowd, NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "world");

    OnavCrowdHash hash;
    CHECK_OK(onav_world_crowd_state_hash(crowd, &hash, &err));
    OnavWorldCrowd *twin = NULL;
    CHECK_OK(onav_world_crowd_new(world, &settings, &twin, &err));
    OnavWorldAgentHandle twin_a, twin_b;
    CHECK_OK(onav_world_crowd_add_agent(twin, vec3(8, 0, 16), &small, &twin_a, &err));
    CHECK_OK(onav_world_crowd_add_agent(twin, vec3(8, 0, 16), &large, &twin_b, &err));
    CHECK_OK(onav_world_crowd_request_move_target(twin, twin_a, vec3(56, 0, 16), &err));
    CHECK_OK(onav_world_crowd_request_move_target(twin, twin_b, vec3(56, 0, 16), &err));
    for (int i = 0; i < MAX_TICKS; i++) {
        CHECK_OK(onav_world_crowd_step_on_calling_thread(twin, &err));
    }
    /* Only the agents present count: the one added and removed between
     * steps left no trace; and the twin's steps on the calling thread give
     * the same bits as the pool's. */
    OnavCrowdHash twin_hash;
    CHECK_OK(onav_world_crowd_state_hash(twin, &twin_hash, &err));
    CHECK(memcmp(hash.bytes, twin_hash.bytes, sizeof hash.bytes) == 0);

    len = 0;
    CHECK_FAILS(onav_world_crowd_read_agents(crowd, NULL, 0, &len, &err), ONAV_E_BUFFER_TOO_SMALL, &err, NULL);
    CHECK(len == 2);
    OnavWorldCrowd *failed = NULL;
    CHECK_FAILS_CLEARS(failed, sentinel, onav_world_crowd_new(world, NULL, &failed, &err), ONAV_E_NULL_ARGUMENT, &err, "settings");
    CHECK_FAILS_CLEARS(failed, sentinel, onav_world_crowd_new(NULL, &settings, &failed, &err), ONAV_E_NULL_ARGUMENT, &err, "world");
    CHECK_FAILS(onav_world_crowd_step(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    CHECK_FAILS(onav_world_crowd_step_on_calling_thread(NULL, &err), ONAV_E_NULL_ARGUMENT, &err, "crowd");
    onav_world_crowd_free(crowd);
    onav_world_crowd_free(twin);
    onav_world_crowd_free(NULL);
    onav_nav_world_free(one_class);
    onav_nav_world_free(world);
}

/* ---- Replanning a stalled walker ------------------------------------- */

/* A flat floor of `columns` x `rows` cells of 1 m (at most 16 x 16, one
 * tile), each cell its own polygon (the assembler keeps them: it links
 * polygons, it does not merge them), as a one-tile mesh. */
static OnavMesh *cell_floor_mesh(int columns, int rows) {
    enum { MAX_CELLS = 16 * 16, MAX_VERTICES = 17 * 17 };
    CHECK(columns <= 16 && rows <= 16);
    OnavDVec3 vertices[MAX_VERTICES];
    for (int j = 0; j <= rows; j++) {
        for (int i = 0; i <= columns; i++) {
            vertices[j * (columns + 1) + i] = vec3(i, 0, j);
        }
    }
    uint8_t counts[MAX_CELLS];
    uint32_t indices[4 * MAX_CELLS];
    uint16_t flags[MAX_CELLS];
    for (int j = 0; j < rows; j++) {
        for (int i = 0; i < columns; i++) {
            int cell = j * columns + i, corner = j * (columns + 1) + i;
            counts[cell] = 4;
            flags[cell] = 1;
            uint32_t *quad = indices + 4 * cell;
            quad[0] = (uint32_t)corner;
            quad[1] = (uint32_t)corner + 1;
            quad[2] = (uint32_t)(corner + columns + 2);
            quad[3] = (uint32_t)(corner + columns + 1);
        }
    }
    OnavTilePolygons polygons;
    memset(&polygons, 0, sizeof polygons);
    polygons.vertices = vertices;
    polygons.vertex_count = (size_t)((columns + 1) * (rows + 1));
    polygons.vertex_counts = counts;
    polygons.polygon_count = (size_t)(columns * rows);
    polygons.indices = indices;
    polygons.index_count = (size_t)(4 * columns * rows);
    polygons.flags = flags;
    OnavParams params = test_params(16.0);
    OnavTile *tile = NULL;
    CHECK_OK(onav_tile_assemble(&params, &polygons, &tile, NULL));
    OnavTileInfo info;
    CHECK_OK(onav_tile_info(tile, &info, NULL));
    CHECK(info.polygon_count == (size_t)(columns * rows));
    OnavMesh *mesh = NULL;
    CHECK_OK(onav_mesh_new(&params, &mesh, NULL));
    uint64_t tile_ref = 0;
    CHECK_OK(onav_mesh_add_tile(mesh, tile, &tile_ref, NULL));
    onav_tile_free(tile);
    return mesh;
}

/* The parameters of both agents of the stall scene: radius 0.3, height
 * 1.8, the defaults otherwise, on `update_flags`. */
static OnavAgentParams stall_scene_params(uint8_t update_flags) {
    OnavAgentParams params;
    CHECK_OK(onav_agent_params_default(0.3, 1.8, &params, NULL));
    params.update_flags = update_flags;
    return params;
}

/* tests/crowd_stall_replan.rs's scene: an agent at rest on its target at
 * (2.5, 1.95), just below the cell border z = 2, and a walker from (1, 2)
 * to (5.5, 2) along that border, every agent on `update_flags`. ORCA
 * holds the walker at the cell vertex (2, 2) in front of the agent at
 * rest. Steps `ticks` ticks on the calling thread; the walker's state. */
static OnavAgentState walk_past_an_agent_at_rest(uint8_t update_flags, int ticks) {
    OnavMesh *mesh = cell_floor_mesh(6, 4);
    OnavCrowdSettings settings = default_settings();
    CHECK(settings.dt == 1.0 / 30.0);
    OnavCrowd *crowd = NULL;
    CHECK_OK(onav_crowd_new(mesh, &settings, &crowd, NULL));
    OnavAgentParams params = stall_scene_params(update_flags);
    const OnavDVec3 at_rest = vec3(2.5, 0, 1.95), start = vec3(1, 0, 2), goal = vec3(5.5, 0, 2);
    OnavAgentHandle resting = {0, 0}, walker = {0, 0};
    CHECK_OK(onav_crowd_add_agent(crowd, at_rest, &params, &resting, NULL));
    CHECK_OK(onav_crowd_request_move_target(crowd, resting, at_rest, NULL));
    CHECK_OK(onav_crowd_add_agent(crowd, start, &params, &walker, NULL));
    CHECK_OK(onav_crowd_request_move_target(crowd, walker, goal, NULL));
    for (int tick = 0; tick < ticks; tick++) {
        CHECK_OK(onav_crowd_step_on_calling_thread(crowd, NULL));
    }
    OnavAgentState state = agent_state(crowd, walker);
    CHECK(same_handle(state.agent, walker));
    onav_crowd_free(crowd);
    onav_mesh_free(mesh);
    return state;
}

static void test_stalled_walker_replans(void) {
    /* With the default flags (ONAV_AGENT_REPLAN_WHEN_STALLED among them)
     * the walker searches its path again and arrives within 10 s. */
    OnavAgentState replanned = walk_past_an_agent_at_rest(ONAV_AGENT_ALL_UPDATES, 300);
    CHECK(replanned.state == ONAV_AGENT_ARRIVED);
    CHECK(distance_xz(replanned.position, vec3(5.5, 0, 2)) <= stall_scene_params(ONAV_AGENT_ALL_UPDATES).radius);
    /* Without the flag it stands for good, held by ORCA while its steering
     * asks for more than a quarter of its max speed. */
    OnavAgentState held = walk_past_an_agent_at_rest(ONAV_AGENT_ALL_UPDATES & ~ONAV_AGENT_REPLAN_WHEN_STALLED, 600);
    CHECK(held.state == ONAV_AGENT_WALKING);
    CHECK(speed_xz(held.velocity) < 0.05 * speed_xz(held.desired_velocity));
    CHECK(speed_xz(held.desired_velocity) > 0.25 * stall_scene_params(ONAV_AGENT_ALL_UPDATES).max_speed);
}

/* ---- Walking back when pushed off ------------------------------------ */

/* tests/crowd_walk_back.rs's scene: a corridor of 16 x 2 cells, an agent at
 * rest on its target at (4, 1) in its middle, and six walkers from behind
 * it (two abreast) to the far end, whose stream carries it along; every
 * agent on `update_flags`, 40 s of steps. The agent at rest's state after
 * them, and in `farthest` how far it was pushed off its target at most;
 * `walkers_arrived` tells whether every walker ends arrived. */
static OnavAgentState pushed_along_a_corridor(uint8_t update_flags, double *farthest, int *walkers_arrived) {
    OnavMesh *mesh = cell_floor_mesh(16, 2);
    OnavCrowdSettings settings = default_settings();
    OnavCrowd *crowd = NULL;
    CHECK_OK(onav_crowd_new(mesh, &settings, &crowd, NULL));
    OnavAgentParams params = stall_scene_params(update_flags);
    const OnavDVec3 at_rest = vec3(4, 0, 1);
    OnavAgentHandle handles[7];
    CHECK_OK(onav_crowd_add_agent(crowd, at_rest, &params, &handles[0], NULL));
    CHECK_OK(onav_crowd_request_move_target(crowd, handles[0], at_rest, NULL));
    const double xs[3] = {0.5, 1.2, 1.9}, zs[2] = {0.5, 1.5};
    int count = 1;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 2; j++, count++) {
            CHECK_OK(onav_crowd_add_agent(crowd, vec3(xs[i], 0, zs[j]), &params, &handles[count], NULL));
            CHECK_OK(onav_crowd_request_move_target(crowd, handles[count], vec3(13.1 + xs[i], 0, zs[j]), NULL));
        }
    }
    *farthest = 0.0;
    for (int tick = 0; tick < 1200; tick++) {
        CHECK_OK(onav_crowd_step_on_calling_thread(crowd, NULL));
        double off = distance_xz(agent_state(crowd, handles[0]).position, at_rest);
        *farthest = off > *farthest ? off : *farthest;
    }
    *walkers_arrived = 1;
    for (int k = 1; k < count; k++) {
        *walkers_arrived &= agent_state(crowd, handles[k]).state == ONAV_AGENT_ARRIVED;
    }
    OnavAgentState state = agent_state(crowd, handles[0]);
    onav_crowd_free(crowd);
    onav_mesh_free(mesh);
    return state;
}

static void test_pushed_off_agent_walks_back(void) {
    const OnavAgentParams params = stall_scene_params(ONAV_AGENT_ALL_UPDATES);
    double farthest = 0.0;
    int walkers_arrived = 0;
    /* With the default flags (ONAV_AGENT_WALK_BACK_WHEN_PUSHED among them)
     * the agent, pushed beyond its arrival distance plus 1.5 radii, walks
     * back and ends on its target, and every walker arrives. */
    OnavAgentState back = pushed_along_a_corridor(ONAV_AGENT_ALL_UPDATES, &farthest, &walkers_arrived);
    CHECK(farthest > params.arrival_distance + 1.5 * params.radius);
    CHECK(back.state == ONAV_AGENT_ARRIVED);
    CHECK(distance_xz(back.position, vec3(4, 0, 1)) <= params.arrival_distance);
    CHECK(walkers_arrived);
    /* Without the flag it stays, arrived, where the push left it. */
    OnavAgentState left = pushed_along_a_corridor(ONAV_AGENT_ALL_UPDATES & ~ONAV_AGENT_WALK_BACK_WHEN_PUSHED, &farthest,
                                                  &walkers_arrived);
    CHECK(left.state == ONAV_AGENT_ARRIVED);
    CHECK(distance_xz(left.position, vec3(4, 0, 1)) > 2.0 * params.radius);
}

/* ---- Agents sent to one point ---------------------------------------- */

/* tests/crowd_group_arrival.rs's rule on a smaller scene: twelve agents
 * round a 12 x 12 floor sent to its middle (6, 6), every agent on
 * `update_flags`, stepped 30 s on the calling thread. How many arrived,
 * and how far the agents moved in all over the last 5 s. */
static int sent_to_one_point(uint8_t update_flags, double *moved_at_the_end) {
    OnavMesh *mesh = cell_floor_mesh(12, 12);
    OnavCrowdSettings settings = default_settings();
    OnavCrowd *crowd = NULL;
    CHECK_OK(onav_crowd_new(mesh, &settings, &crowd, NULL));
    const OnavAgentParams params = stall_scene_params(update_flags);
    const double starts[12][2] = {{1.5, 1.5}, {4.5, 1.5}, {7.5, 1.5}, {10.5, 1.5}, {1.5, 10.5}, {4.5, 10.5},
                                  {7.5, 10.5}, {10.5, 10.5}, {1.5, 4.5}, {1.5, 7.5}, {10.5, 4.5}, {10.5, 7.5}};
    OnavAgentHandle handles[12];
    for (int k = 0; k < 12; k++) {
        CHECK_OK(onav_crowd_add_agent(crowd, vec3(starts[k][0], 0, starts[k][1]), &params, &handles[k], NULL));
        CHECK_OK(onav_crowd_request_move_target(crowd, handles[k], vec3(6, 0, 6), NULL));
    }
    *moved_at_the_end = 0.0;
    for (int tick = 0; tick < 900; tick++) {
        OnavDVec3 before[12];
        for (int k = 0; k < 12; k++) {
            before[k] = agent_state(crowd, handles[k]).position;
        }
        CHECK_OK(onav_crowd_step_on_calling_thread(crowd, NULL));
        for (int k = 0; tick >= 750 && k < 12; k++) {
            *moved_at_the_end += distance_xz(agent_state(crowd, handles[k]).position, before[k]);
        }
    }
    int arrived = 0;
    for (int k = 0; k < 12; k++) {
        arrived += agent_state(crowd, handles[k]).state == ONAV_AGENT_ARRIVED;
    }
    onav_crowd_free(crowd);
    onav_mesh_free(mesh);
    return arrived;
}

static void test_agents_sent_to_one_point_come_to_rest(void) {
    double moved = 0.0;
    /* With the default flags (ONAV_AGENT_ARRIVE_IN_GROUPS among them)
     * every agent arrives round the point and the group stands still. */
    CHECK(sent_to_one_point(ONAV_AGENT_ALL_UPDATES, &moved) == 12);
    CHECK(moved < 0.05);
    /* Without the flag they push toward the point for as long as they run. */
    CHECK(sent_to_one_point(ONAV_AGENT_ALL_UPDATES & ~ONAV_AGENT_ARRIVE_IN_GROUPS, &moved) < 12);
    CHECK(moved > 1.0);
}

/* ---- Walls gathered again for faster parameters ---------------------- */

/* An agent 1.2 m from the east end (x = 16) of a 16 x 2 corridor. At
 * 1 m/s with a 2 m collision query range it gathers walls within 1 m (its
 * reach in the 0.5 s wall time horizon plus the half metre it moves before
 * it gathers again), so not that end; made faster through
 * onav_crowd_set_agent_params, it must see it at the next step although it
 * has not moved that half metre: ORCA then lets it near the end no faster
 * than 1.17 m in 0.5 s. */
static void test_faster_agent_gathers_further_walls(void) {
    OnavMesh *mesh = cell_floor_mesh(16, 2);
    OnavCrowdSettings settings = default_settings();
    OnavCrowd *crowd = NULL;
    CHECK_OK(onav_crowd_new(mesh, &settings, &crowd, NULL));
    OnavAgentParams params = stall_scene_params(ONAV_AGENT_ALL_UPDATES);
    params.max_speed = 1.0;
    params.collision_query_range = 2.0;
    params.max_acceleration = 1000.0;
    OnavAgentHandle agent;
    CHECK_OK(onav_crowd_add_agent(crowd, vec3(14.8, 0, 1), &params, &agent, NULL));
    CHECK_OK(onav_crowd_request_move_velocity(crowd, agent, vec3(1, 0, 0), NULL));
    CHECK_OK(onav_crowd_step_on_calling_thread(crowd, NULL));
    OnavAgentState slow = agent_state(crowd, agent);
    CHECK(slow.velocity.x == 1.0 && slow.velocity.z == 0.0);
    params.max_speed = 3.5;
    CHECK_OK(onav_crowd_set_agent_params(crowd, agent, &params, NULL));
    CHECK_OK(onav_crowd_request_move_velocity(crowd, agent, vec3(3.5, 0, 0), NULL));
    CHECK_OK(onav_crowd_step_on_calling_thread(crowd, NULL));
    OnavAgentState fast = agent_state(crowd, agent);
    CHECK(fast.velocity.x > 2.0 && fast.velocity.x < 2.4);
    onav_crowd_free(crowd);
    onav_mesh_free(mesh);
}

/* tests/crowd_api.rs's agents_of_extreme_radii_step: agents of a subnormal
 * radius, and of radius 1e300 and DBL_MAX beside ordinary ones (two of
 * them overlapping), step 300 ticks on a 12 x 12 floor. Once the step hung
 * on the first and panicked on the others; now every position and velocity
 * stays finite, and the subnormal agents end within a metre of their
 * targets (their slow-down zone is nothing, so they circle the target
 * rather than stop on it). */
typedef struct {
    OnavDVec3 start;
    OnavAgentParams params;
    OnavDVec3 target;
} ExtremeTrip;

static int finite_xyz(OnavDVec3 v) {
    return isfinite(v.x) && isfinite(v.y) && isfinite(v.z);
}

static void step_extreme_trips(const OnavMesh *mesh, const ExtremeTrip *trips, size_t count, int near_targets) {
    OnavCrowdSettings settings = default_settings();
    OnavCrowd *crowd = NULL;
    CHECK_OK(onav_crowd_new(mesh, &settings, &crowd, NULL));
    OnavAgentHandle handles[4];
    CHECK(count <= 4);
    for (size_t i = 0; i < count; i++) {
        CHECK_OK(onav_crowd_add_agent(crowd, trips[i].start, &trips[i].params, &handles[i], NULL));
        CHECK_OK(onav_crowd_request_move_target(crowd, handles[i], trips[i].target, NULL));
    }
    for (int tick = 0; tick < 300; tick++) {
        CHECK_OK(onav_crowd_step(crowd, NULL));
    }
    for (size_t i = 0; i < count; i++) {
        OnavAgentState state = agent_state(crowd, handles[i]);
        CHECK(same_handle(state.agent, handles[i]));
        CHECK(finite_xyz(state.position) && finite_xyz(state.velocity));
        CHECK(!near_targets || distance_xz(state.position, trips[i].target) < 1.0);
    }
    onav_crowd_free(crowd);
}

static void test_agents_of_extreme_radii_step(void) {
    OnavMesh *mesh = cell_floor_mesh(12, 12);
    OnavAgentParams tiny;
    CHECK_OK(onav_agent_params_default(1.0e-316, 1.8, &tiny, NULL));
    const ExtremeTrip subnormal[] = {
        {{0.0, 0.0, 6.5}, tiny, {6.0, 0.0, 6.5}},
        {{5.5, 0.0, 5.5}, tiny, {5.5, 0.0, 10.5}},
    };
    step_extreme_trips(mesh, subnormal, 2, 1);
    /* The huge radii with an ordinary agent's ranges (twelve times
     * DBL_MAX, the default query range, is not finite). */
    const double huge_radii[] = {1.0e300, DBL_MAX};
    for (size_t r = 0; r < 2; r++) {
        OnavAgentParams ordinary;
        CHECK_OK(onav_agent_params_default(0.3, 1.8, &ordinary, NULL));
        OnavAgentParams big = ordinary;
        big.radius = huge_radii[r];
        const ExtremeTrip huge[] = {
            {{1.5, 0.0, 1.5}, big, {10.5, 0.0, 1.5}},
            {{1.6, 0.0, 1.9}, ordinary, {10.6, 0.0, 1.9}},
            {{10.5, 0.0, 2.5}, big, {0.5, 0.0, 2.5}},
            {{0.0, 0.0, 6.5}, ordinary, {11.0, 0.0, 6.5}},
        };
        step_extreme_trips(mesh, huge, 4, 0);
    }
    onav_mesh_free(mesh);
}

int main(void) {
    test_defaults();
    test_new_and_free();
    test_agents_cross_and_arrive();
    test_teleport_velocity_reset();
    test_host_driven_off_mesh_link();
    test_target_streams_out();
    test_stale_handles();
    test_null_arguments_and_cleared_outputs();
    test_buffer_too_small();
    test_two_crowds_same_hash();
    test_agent_params_changed_in_place();
    test_agent_corners_and_corridor();
    test_world_crowd();
    test_stalled_walker_replans();
    test_pushed_off_agent_walks_back();
    test_agents_sent_to_one_point_come_to_rest();
    test_faster_agent_gathers_further_walls();
    test_agents_of_extreme_radii_step();
    printf("%d checks passed, %d failed\n", checks_passed, checks_failed);
    return checks_failed == 0 ? 0 : 1;
}
