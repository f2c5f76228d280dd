// The crowd part of onav.hpp: a Crowd over a tier-1 mesh stepped until its
// agents arrive, read back as one std::vector per step; a removed agent's
// stale handle throwing InvalidReferenceError; the same scripted crowd
// giving the same state hash through the wrapper and through the C API;
// and a WorldCrowd over a NavWorld of two classes. The level is
// test_crowd.c's: two 32x32 squares side by side, tiles (0,0) and (1,0).
#include "wrapper_check.hpp"

#include <cmath>
#include <cstring>

namespace {

const onav::DVec2 square_vertices[2][4] = {
    {{0, 0}, {32, 0}, {32, 32}, {0, 32}},
    {{32, 0}, {64, 0}, {64, 32}, {32, 32}},
};
const std::uint8_t square_count[] = {4};
const std::uint32_t square_indices[] = {0, 1, 2, 3};

std::vector<onav::TileInput2d> strip_tiles() {
    std::vector<onav::TileInput2d> tiles(2);
    for (int x = 0; x < 2; x++) {
        tiles[x].tile_x = x;
        tiles[x].vertices = square_vertices[x];
        tiles[x].vertex_counts = square_count;
        tiles[x].indices = square_indices;
    }
    return tiles;
}

onav::NavSettings strip_settings(float radius, std::uint16_t flags) {
    onav::NavSettings settings = onav::NavSettings::create();
    settings.set_tile_size(32.0);
    settings.set_agent_radius(radius);
    settings.set_flags(flags);
    return settings;
}

onav::NavMesh strip_nav_mesh() { return onav::NavMesh::build_2d(strip_settings(0.5f, 1), strip_tiles()); }

double distance_xz(onav::DVec3 a, onav::DVec3 b) { return std::hypot(a.x - b.x, a.z - b.z); }

onav::DVec3 mirrored(onav::DVec3 at) { return {64.0 - at.x, 0, 32.0 - at.z}; }

/// test_crowd.c's scripted crowd: agent i at (3 + 7i, 0, 3 + 3.5i) with
/// radius 0.4 + 0.05i walks to the mirrored point.
onav::DVec3 scripted_start(int i) { return {3.0 + 7.0 * i, 0, 3.0 + 3.5 * i}; }
double scripted_radius(int i) { return 0.4 + 0.05 * i; }
constexpr int scripted_agents = 8;
constexpr int scripted_ticks = 120;

void test_agents_arrive() {
    onav::NavMesh nav_mesh = strip_nav_mesh();
    onav::Crowd crowd = onav::Crowd::for_nav_mesh(nav_mesh);
    onav::AgentParams params = onav::agent_params_default(0.5, 2.0);
    onav::DVec3 targets[] = {{56, 0, 8}, {56, 0, 24}};
    onav::AgentHandle a = crowd.add_agent({8, 0, 8}, params);
    onav::AgentHandle b = crowd.add_agent({8, 0, 24}, params);
    CHECK(a != b);
    CHECK(crowd.agent_count() == 2);
    crowd.request_move_target(a, targets[0]);
    crowd.request_move_target(b, targets[1]);
    CHECK(crowd.agent_corners(a).empty());
    crowd.step();
    std::vector<onav::StraightPathVertex> corners = crowd.agent_corners(a);
    CHECK(!corners.empty() && distance_xz(corners.back().position, targets[0]) < 1e-9);
    std::vector<onav::PolyRef> corridor = crowd.agent_corridor(a);
    CHECK(!corridor.empty() && corridor.front() == crowd.read_agents()[0].poly);
    bool walking = true;
    int ticks = 0;
    while (walking && ticks < 900) {
        crowd.step();
        ticks++;
        walking = false;
        for (const onav::AgentState& state : crowd.read_agents()) {
            walking = walking || state.state == ONAV_AGENT_WALKING || state.state == ONAV_AGENT_OFF_MESH_LINK;
        }
    }
    CHECK(!walking);
    CHECK(crowd.tick() == static_cast<std::uint64_t>(ticks) + 1);
    std::vector<onav::AgentState> states = crowd.read_agents();
    CHECK(states.size() == 2);
    for (std::size_t i = 0; i < states.size(); i++) {
        CHECK(states[i].agent == (i == 0 ? a : b));
        CHECK(states[i].state == ONAV_AGENT_ARRIVED);
        CHECK(distance_xz(states[i].position, targets[i]) <= params.arrival_distance);
    }
}

void test_stale_handle() {
    onav::NavMesh nav_mesh = strip_nav_mesh();
    onav::Crowd crowd = onav::Crowd::for_nav_mesh(nav_mesh);
    onav::AgentParams params = onav::agent_params_default(0.5, 2.0);
    onav::AgentHandle gone = crowd.add_agent({8, 0, 8}, params);
    crowd.remove_agent(gone);
    onav::AgentHandle reused = crowd.add_agent({8, 0, 8}, params);
    CHECK(reused.index == gone.index && reused.generation != gone.generation);
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "agent handle", crowd.remove_agent(gone));
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, nullptr,
                 crowd.request_move_target(gone, {56, 0, 8}));
    CHECK_THROWS(onav::InvalidOperationError, ONAV_E_INVALID_OPERATION, "off-mesh link",
                 crowd.complete_off_mesh_link(reused));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, nullptr, onav::agent_params_default(-1.0, 2.0));
    CHECK(crowd.agent_count() == 1);

    onav::AgentParams walking = params;
    walking.max_speed = 0.5;
    crowd.set_agent_params(reused, walking);
    CHECK(crowd.agent_params(reused).max_speed == 0.5);
    onav::AgentParams bad = walking;
    bad.radius = -1.0;
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "radius", crowd.set_agent_params(reused, bad));
    CHECK(crowd.agent_params(reused).radius == 0.5);
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "agent handle", crowd.agent_params(gone));
}

onav::CrowdHash wrapper_scripted_hash(const onav::NavMesh& nav_mesh) {
    onav::Crowd crowd = onav::Crowd::for_nav_mesh(nav_mesh);
    for (int i = 0; i < scripted_agents; i++) {
        onav::AgentHandle agent =
            crowd.add_agent(scripted_start(i), onav::agent_params_default(scripted_radius(i), 2.0));
        crowd.request_move_target(agent, mirrored(scripted_start(i)));
    }
    // On the calling thread; the C side below steps on the pool.
    for (int tick = 0; tick < scripted_ticks; tick++) {
        crowd.step_on_calling_thread();
    }
    return crowd.state_hash();
}

/// The same scenario written against the C API, as test_crowd.c does.
OnavCrowdHash c_scripted_hash(const OnavNavMesh* nav_mesh) {
    OnavError err;
    OnavCrowdSettings settings;
    OnavCrowd* crowd = nullptr;
    bool ok = onav_crowd_settings_default(&settings, &err) == ONAV_OK &&
              onav_crowd_new_for_nav_mesh(nav_mesh, &settings, &crowd, &err) == ONAV_OK;
    for (int i = 0; ok && i < scripted_agents; i++) {
        OnavAgentParams params;
        OnavAgentHandle agent;
        ok = onav_agent_params_default(scripted_radius(i), 2.0, &params, &err) == ONAV_OK &&
             onav_crowd_add_agent(crowd, scripted_start(i), &params, &agent, &err) == ONAV_OK &&
             onav_crowd_request_move_target(crowd, agent, mirrored(scripted_start(i)), &err) == ONAV_OK;
    }
    for (int tick = 0; ok && tick < scripted_ticks; tick++) {
        ok = onav_crowd_step(crowd, &err) == ONAV_OK;
    }
    OnavCrowdHash hash{};
    ok = ok && onav_crowd_state_hash(crowd, &hash, &err) == ONAV_OK;
    CHECK(ok);
    onav_crowd_free(crowd);
    return hash;
}

void test_hash_equals_c_api() {
    onav::NavMesh nav_mesh = strip_nav_mesh();
    onav::CrowdHash wrapped = wrapper_scripted_hash(nav_mesh);
    OnavCrowdHash c = c_scripted_hash(nav_mesh.get());
    CHECK(std::memcmp(wrapped.bytes, c.bytes, sizeof c.bytes) == 0);
    onav::CrowdHash fresh = onav::Crowd::for_nav_mesh(nav_mesh).state_hash();
    CHECK(std::memcmp(wrapped.bytes, fresh.bytes, sizeof fresh.bytes) != 0);
}

void test_world_crowd() {
    std::vector<onav::NavSettings> classes;
    classes.push_back(strip_settings(0.5f, 0x4));
    classes.push_back(strip_settings(1.5f, 0x8));
    onav::NavWorld world = onav::NavWorld::build_2d(classes, strip_tiles());
    onav::WorldCrowd crowd = onav::WorldCrowd::create(world);
    CHECK(crowd.class_count() == 2);
    CHECK(crowd.class_for(0.4) == 0);
    CHECK(crowd.class_for(1.0) == 1);

    onav::AgentParams small = onav::agent_params_default(0.4, 2.0);
    onav::AgentParams large = onav::agent_params_default(1.0, 2.0);
    onav::WorldAgentHandle a = crowd.add_agent({8, 0, 16}, small);
    onav::WorldAgentHandle b = crowd.add_agent({8, 0, 16}, large);
    CHECK(a.class_index == 0 && b.class_index == 1);
    onav::DVec3 target = {56, 0, 16};
    crowd.request_move_target(a, target);
    crowd.request_move_target(b, target);
    for (int tick = 0; tick < 900; tick++) {
        if (tick % 2 == 0) {
            crowd.step();
        } else {
            crowd.step_on_calling_thread();
        }
    }
    CHECK(crowd.tick() == 900);
    std::vector<onav::AgentState> states = crowd.read_agents();
    CHECK(states.size() == 2);
    for (std::size_t i = 0; i < states.size(); i++) {
        CHECK(states[i].class_index == i);
        CHECK(states[i].state == ONAV_AGENT_ARRIVED);
        CHECK(distance_xz(states[i].position, target) <= (i == 0 ? small : large).arrival_distance);
    }

    onav::WorldAgentHandle added = crowd.add_agent_to_class(0, {40, 0, 8}, large);
    CHECK(added.class_index == 0);
    crowd.set_position(added, {44, 0, 8});
    crowd.set_agent_params(added, small);
    CHECK(crowd.agent_params(added).radius == small.radius);
    CHECK(crowd.agent_corners(added).empty() && crowd.agent_corridor(added).size() == 1);
    crowd.request_move_velocity(added, {1, 0, 0});
    crowd.reset_move_target(added);
    crowd.remove_agent(added);
    CHECK_THROWS(onav::InvalidReferenceError, ONAV_E_INVALID_REFERENCE, "agent handle", crowd.remove_agent(added));
    CHECK_THROWS(onav::OutOfRangeError, ONAV_E_OUT_OF_RANGE, "class index 2",
                 crowd.add_agent_to_class(2, {40, 0, 8}, large));
    crowd.set_world(world);
    CHECK(crowd.agent_count() == 2);
}

}  // namespace

int main() {
    test_agents_arrive();
    test_stale_handle();
    test_hash_equals_c_api();
    test_world_crowd();
    return wrapper_test::report();
}
