//! `OnavAgentParams`: the plain-data form of an agent's parameters, the
//! update flag bits, turn styles and off-mesh modes, and
//! `onav_agent_params_default`.

use std::borrow::Borrow;

use crate::crowd::{AgentParams, OffMeshMode, TurnStyle, UpdateFlags};
use crate::error::NavMeshError;
use crate::query::query_filter::QueryFilter;

use crate::ffi::args::{arg_ref, out_arg};
use crate::ffi::error_out::{Failure, OnavError};
use crate::ffi::guard::guard;
use crate::ffi::query::query_filter::{filter_arg, OnavQueryFilter};

/// Update flag: take the turn at the next corner as the agent's
/// `turn_style` says, rather than heading straight for the corner.
pub const ONAV_AGENT_ANTICIPATE_TURNS: u8 = 1;
/// Update flag: reciprocal collision avoidance (ORCA) against neighbours
/// and walls.
pub const ONAV_AGENT_OBSTACLE_AVOIDANCE: u8 = 2;
/// Update flag: push away from neighbours closer than the collision query
/// range.
pub const ONAV_AGENT_SEPARATION: u8 = 4;
/// Update flag: shortcut the corridor where a ray along the path sees
/// further.
pub const ONAV_AGENT_OPTIMIZE_VISIBILITY: u8 = 8;
/// Update flag: search the corridor's next stretch again for a cheaper one.
pub const ONAV_AGENT_OPTIMIZE_TOPOLOGY: u8 = 16;
/// Update flag: search the path again from where the agent stands once its
/// avoidance has held it nearly at rest (under 5 % of a wanted speed over a
/// quarter of its max speed) for 3 seconds.
pub const ONAV_AGENT_REPLAN_WHEN_STALLED: u8 = 32;
/// Update flag: an agent that arrived and was then pushed further from its
/// target than its arrival distance (or, when it arrived against a group
/// short of the target, than where it stopped) plus 1.5 radii walks back
/// to it (state `ONAV_AGENT_WALKING` again, its path searched from where
/// it stands).
pub const ONAV_AGENT_WALK_BACK_WHEN_PUSHED: u8 = 64;
/// Update flag: a walking agent stops where it stands on touching an agent
/// (no wall between their centres) whose walk to the same target (within
/// its arrival distance of its own) already ended: it arrives, or, when
/// its path ends short of the target, stops with ONAV_AGENT_NO_PATH as it
/// would at the end. Agents sent to one point come to rest round it
/// instead of pushing toward it for good.
pub const ONAV_AGENT_ARRIVE_IN_GROUPS: u8 = 128;
/// Every update flag.
pub const ONAV_AGENT_ALL_UPDATES: u8 = 255;
const _: () = assert!(
    ONAV_AGENT_ANTICIPATE_TURNS == UpdateFlags::ANTICIPATE_TURNS.0
        && ONAV_AGENT_OBSTACLE_AVOIDANCE == UpdateFlags::OBSTACLE_AVOIDANCE.0
        && ONAV_AGENT_SEPARATION == UpdateFlags::SEPARATION.0
        && ONAV_AGENT_OPTIMIZE_VISIBILITY == UpdateFlags::OPTIMIZE_VISIBILITY.0
        && ONAV_AGENT_OPTIMIZE_TOPOLOGY == UpdateFlags::OPTIMIZE_TOPOLOGY.0
        && ONAV_AGENT_REPLAN_WHEN_STALLED == UpdateFlags::REPLAN_WHEN_STALLED.0
        && ONAV_AGENT_WALK_BACK_WHEN_PUSHED == UpdateFlags::WALK_BACK_WHEN_PUSHED.0
        && ONAV_AGENT_ARRIVE_IN_GROUPS == UpdateFlags::ARRIVE_IN_GROUPS.0
        && ONAV_AGENT_ALL_UPDATES == UpdateFlags::ALL.0
);

/// Turn style (the default): within four radii of a corner the agent leans
/// toward the next corner, cutting inside the turn along the corner.
pub const ONAV_TURN_INSIDE: u8 = 0;
/// Turn style: the agent heads for a point beside the corner, the corner
/// moved back by half its distance along the direction to the next corner
/// (DetourCrowd's rule), rounding the turn wide, off the corner. Measured
/// in docs/CROWD_PEER.md: more agents arrive on real levels, fewer at a
/// door two crowds cross both ways.
pub const ONAV_TURN_WIDE: u8 = 1;

/// Off-mesh mode: the crowd moves the agent in a straight line from where
/// it is to the link's departure, then to its arrival, at its max speed.
pub const ONAV_OFF_MESH_STRAIGHT: i32 = 0;
/// Off-mesh mode: the agent stops at the link (state
/// ONAV_AGENT_OFF_MESH_LINK); the host animates it and calls
/// onav_crowd_complete_off_mesh_link, which puts it at the arrival.
pub const ONAV_OFF_MESH_HOST_DRIVEN: i32 = 1;

/// Per-agent parameters. Lengths in world units, times in seconds. Plain
/// data, checked when an agent is added (ONAV_E_OUT_OF_RANGE naming the
/// field): every length finite, radius, height and the time horizons > 0,
/// the rest >= 0. Start from onav_agent_params_default.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnavAgentParams {
    /// Radius: also picks an OnavWorldCrowd agent's class.
    pub radius: f64,
    /// Height.
    pub height: f64,
    /// Largest change of velocity per second.
    pub max_acceleration: f64,
    /// Largest speed.
    pub max_speed: f64,
    /// Neighbours within this distance are considered, and so are wall
    /// segments within it that avoidance can reach before the walls are
    /// gathered again: within max speed times wall time horizon plus a
    /// quarter of this range (the agent gathers them again when it moved
    /// that quarter).
    pub collision_query_range: f64,
    /// How far ahead the visibility optimisation looks.
    pub path_optimization_range: f64,
    /// Weight of the push away from close neighbours.
    pub separation_weight: f64,
    /// ORCA's time horizon against other agents.
    pub time_horizon: f64,
    /// ORCA's time horizon against walls.
    pub wall_time_horizon: f64,
    /// An agent this close (in X/Z) to its target has arrived.
    pub arrival_distance: f64,
    /// Which polygons and links the agent walks, at what cost.
    pub filter: OnavQueryFilter,
    /// How many of the nearest neighbours steer the agent.
    pub max_neighbours: u32,
    /// How many of the nearest wall segments bound its avoidance.
    pub max_wall_segments: u32,
    /// ONAV_OFF_MESH_STRAIGHT or ONAV_OFF_MESH_HOST_DRIVEN.
    pub off_mesh_mode: i32,
    /// ONAV_AGENT_* update flag bits, combined with `|`.
    pub update_flags: u8,
    /// ONAV_TURN_INSIDE or ONAV_TURN_WIDE: how the agent takes turns with
    /// ONAV_AGENT_ANTICIPATE_TURNS.
    pub turn_style: u8,
}

impl<F: Borrow<QueryFilter>> From<&AgentParams<F>> for OnavAgentParams {
    fn from(params: &AgentParams<F>) -> Self {
        OnavAgentParams {
            radius: params.radius,
            height: params.height,
            max_acceleration: params.max_acceleration,
            max_speed: params.max_speed,
            collision_query_range: params.collision_query_range,
            path_optimization_range: params.path_optimization_range,
            separation_weight: params.separation_weight,
            time_horizon: params.time_horizon,
            wall_time_horizon: params.wall_time_horizon,
            arrival_distance: params.arrival_distance,
            filter: OnavQueryFilter::from(params.filter.borrow()),
            max_neighbours: saturating_u32(params.max_neighbours),
            max_wall_segments: saturating_u32(params.max_wall_segments),
            off_mesh_mode: match params.off_mesh_mode {
                OffMeshMode::Straight => ONAV_OFF_MESH_STRAIGHT,
                OffMeshMode::HostDriven => ONAV_OFF_MESH_HOST_DRIVEN,
            },
            update_flags: params.update_flags.0,
            turn_style: match params.turn_style {
                TurnStyle::Inside => ONAV_TURN_INSIDE,
                TurnStyle::Wide => ONAV_TURN_WIDE,
            },
        }
    }
}

/// The defaults hold small counts; a count beyond uint32_t means "all".
fn saturating_u32(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// The parameters an agent is added with, read from `params`; the flags,
/// the mode and the filter are checked here, the lengths by the crowd.
///
/// # Safety
/// `params` is NULL or points to a valid OnavAgentParams.
pub(crate) unsafe fn params_arg(params: *const OnavAgentParams) -> Result<AgentParams, Failure> {
    // Every bit of `update_flags` names a flag: no value is refused.
    // SAFETY: forwarded from this function's contract.
    let c = unsafe { arg_ref(params, "params") }?;
    let turn_style = one_of_two(
        "turn_style",
        c.turn_style,
        (ONAV_TURN_INSIDE, "ONAV_TURN_INSIDE", TurnStyle::Inside),
        (ONAV_TURN_WIDE, "ONAV_TURN_WIDE", TurnStyle::Wide),
    )?;
    let off_mesh_mode = one_of_two(
        "off_mesh_mode",
        c.off_mesh_mode,
        (ONAV_OFF_MESH_STRAIGHT, "ONAV_OFF_MESH_STRAIGHT", OffMeshMode::Straight),
        (ONAV_OFF_MESH_HOST_DRIVEN, "ONAV_OFF_MESH_HOST_DRIVEN", OffMeshMode::HostDriven),
    )?;
    Ok(AgentParams {
        radius: c.radius,
        height: c.height,
        max_acceleration: c.max_acceleration,
        max_speed: c.max_speed,
        collision_query_range: c.collision_query_range,
        path_optimization_range: c.path_optimization_range,
        separation_weight: c.separation_weight,
        time_horizon: c.time_horizon,
        wall_time_horizon: c.wall_time_horizon,
        arrival_distance: c.arrival_distance,
        // SAFETY: `c.filter` is a valid OnavQueryFilter inside `c`.
        filter: unsafe { filter_arg(&c.filter) }?,
        update_flags: UpdateFlags(c.update_flags),
        turn_style,
        off_mesh_mode,
        max_neighbours: c.max_neighbours as usize,
        max_wall_segments: c.max_wall_segments as usize,
    })
}

/// The value `value` of `OnavAgentParams.field` read as one of two named
/// constants (value, name, meaning): the meaning of the one it equals,
/// else ONAV_E_OUT_OF_RANGE naming the field and both constants.
fn one_of_two<V: Copy + PartialEq + std::fmt::Display, T>(
    field: &str,
    value: V,
    first: (V, &str, T),
    second: (V, &str, T),
) -> Result<T, Failure> {
    if value == first.0 {
        return Ok(first.2);
    }
    if value == second.0 {
        return Ok(second.2);
    }
    let message = format!("OnavAgentParams.{field} = {value} is neither {} nor {}", first.1, second.1);
    Err(NavMeshError::out_of_range(message).into())
}

/// Writes to `*out` the parameters of an agent of `radius` and `height`
/// with defaults for the rest, in the proportions DetourCrowd's samples
/// use: max acceleration 8, max speed 3.5, collision query range 12 radii,
/// path optimisation range 30 radii, separation weight 2, time horizons 2
/// (agents) and 0.5 (walls), arrival within half a radius, the default
/// filter, every update flag, turns taken inside (ONAV_TURN_INSIDE),
/// straight off-mesh traversal, 10 neighbours
/// and 16 wall segments. ONAV_E_OUT_OF_RANGE for a radius or height that
/// is not finite and > 0, or a radius so large that 30 radii (a default
/// range) is not finite; the message names the radius and height given.
///
/// Thread safety: may be called concurrently.
///
/// # Safety
/// Pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn onav_agent_params_default(
    radius: f64,
    height: f64,
    out: *mut OnavAgentParams,
    err: *mut OnavError,
) -> i32 {
    // SAFETY (all blocks): the caller passes NULL or valid pointers.
    unsafe {
        guard(err, || {
            let out = out_arg(out, "out")?;
            let params = AgentParams::new(radius, height);
            let prefix = format!("the defaults for radius {radius:?} and height {height:?}");
            params.validate().map_err(|e| e.prefixed(&prefix))?;
            out.write(OnavAgentParams::from(&params));
            Ok(())
        })
    }
}
