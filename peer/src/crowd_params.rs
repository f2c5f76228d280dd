//! The crowd table's agent parameters, the same for both libraries:
//! RecastDemo's crowd tool (`CrowdTool.cpp`) for an agent of the
//! harness's Recast settings (radius 0.6, height 2.0): max acceleration 8,
//! max speed 3.5, collision query range 12 radii, path optimisation range
//! 30 radii, separation weight 2, every update flag on (anticipate turns,
//! obstacle avoidance, separation, visibility and topology optimisation),
//! stepped at 30 ticks per second.

use onav::crowd::{AgentParams, TurnStyle, UpdateFlags};
use recastnavigation_sys::{
    dtCrowdAgentParams, UpdateFlags_DT_CROWD_ANTICIPATE_TURNS, UpdateFlags_DT_CROWD_OBSTACLE_AVOIDANCE,
    UpdateFlags_DT_CROWD_OPTIMIZE_TOPO, UpdateFlags_DT_CROWD_OPTIMIZE_VIS, UpdateFlags_DT_CROWD_SEPARATION,
};

pub const AGENT_RADIUS: f64 = 0.6;
pub const AGENT_HEIGHT: f64 = 2.0;
pub const MAX_ACCELERATION: f64 = 8.0;
pub const MAX_SPEED: f64 = 3.5;
pub const COLLISION_QUERY_RANGE: f64 = AGENT_RADIUS * 12.0;
pub const PATH_OPTIMIZATION_RANGE: f64 = AGENT_RADIUS * 30.0;
pub const SEPARATION_WEIGHT: f64 = 2.0;
/// Seconds per tick.
pub const DT: f64 = 1.0 / 30.0;
/// RecastDemo's default avoidance quality, "High (66)": index 3 of the
/// settings [`crate::detour_crowd::DetourCrowd::new`] installs.
pub const DETOUR_AVOIDANCE_TYPE: u8 = 3;

/// onav's parameters, taking turns as `turn_style` says; the rest (ORCA
/// horizons, arrival distance, 10 neighbours and 16 wall segments) are
/// `AgentParams::new`'s defaults.
pub fn onav_params(turn_style: TurnStyle) -> AgentParams {
    AgentParams {
        max_acceleration: MAX_ACCELERATION,
        max_speed: MAX_SPEED,
        collision_query_range: COLLISION_QUERY_RANGE,
        path_optimization_range: PATH_OPTIMIZATION_RANGE,
        separation_weight: SEPARATION_WEIGHT,
        update_flags: UpdateFlags::ALL,
        turn_style,
        ..AgentParams::new(AGENT_RADIUS, AGENT_HEIGHT)
    }
}

pub fn detour_params() -> dtCrowdAgentParams {
    let flags = UpdateFlags_DT_CROWD_ANTICIPATE_TURNS
        | UpdateFlags_DT_CROWD_OBSTACLE_AVOIDANCE
        | UpdateFlags_DT_CROWD_SEPARATION
        | UpdateFlags_DT_CROWD_OPTIMIZE_VIS
        | UpdateFlags_DT_CROWD_OPTIMIZE_TOPO;
    dtCrowdAgentParams {
        radius: AGENT_RADIUS as f32,
        height: AGENT_HEIGHT as f32,
        maxAcceleration: MAX_ACCELERATION as f32,
        maxSpeed: MAX_SPEED as f32,
        collisionQueryRange: COLLISION_QUERY_RANGE as f32,
        pathOptimizationRange: PATH_OPTIMIZATION_RANGE as f32,
        separationWeight: SEPARATION_WEIGHT as f32,
        updateFlags: flags as u8,
        obstacleAvoidanceType: DETOUR_AVOIDANCE_TYPE,
        queryFilterType: 0,
        userData: std::ptr::null_mut(),
    }
}
