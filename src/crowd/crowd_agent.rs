//! A crowd agent: its parameters, update flags, handle, state, move target
//! and off-mesh traversal, and what a host reads of it.

use std::sync::Arc;

use crate::crowd::local_boundary::LocalBoundary;
use crate::crowd::path_corridor::PathCorridor;
use crate::crowd::steering::TurnStyle;
use crate::crowd::vector_xz::VectorXz;
use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::PolyRef;
use crate::query::query_filter::QueryFilter;
use crate::query::straight_path::StraightPathVertex;

/// Which parts of the update an agent takes; bits combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UpdateFlags(pub u8);

impl UpdateFlags {
    /// Take the turn at the next corner as `AgentParams::turn_style`
    /// says, rather than heading straight for the corner.
    pub const ANTICIPATE_TURNS: UpdateFlags = UpdateFlags(1);
    /// Reciprocal collision avoidance (ORCA) against neighbours and walls.
    pub const OBSTACLE_AVOIDANCE: UpdateFlags = UpdateFlags(2);
    /// Push away from neighbours closer than the collision query range.
    pub const SEPARATION: UpdateFlags = UpdateFlags(4);
    /// Shortcut the corridor where a ray along the path sees further.
    pub const OPTIMIZE_VISIBILITY: UpdateFlags = UpdateFlags(8);
    /// Search the corridor's next stretch again for a cheaper one.
    pub const OPTIMIZE_TOPOLOGY: UpdateFlags = UpdateFlags(16);
    /// Search the path again from where the agent stands once its
    /// avoidance has held it nearly at rest for a while
    /// (`stall_replan.rs`).
    pub const REPLAN_WHEN_STALLED: UpdateFlags = UpdateFlags(32);
    /// Walk back to the target when pushed well off it after arriving
    /// (`walk_back.rs`).
    pub const WALK_BACK_WHEN_PUSHED: UpdateFlags = UpdateFlags(64);
    /// Stop on touching an agent (in sight) whose walk to the same target
    /// already ended: arrived, or at the end of a path short of it, with
    /// no path; so agents sent to one point come to rest round it
    /// (`group_arrival.rs`).
    pub const ARRIVE_IN_GROUPS: UpdateFlags = UpdateFlags(128);
    pub const ALL: UpdateFlags = UpdateFlags(255);

    pub fn contains(self, other: UpdateFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

/// Who moves an agent across an off-mesh link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OffMeshMode {
    /// The crowd moves it in a straight line from where it is to the
    /// link's departure, then to its arrival, at its max speed.
    #[default]
    Straight,
    /// The agent stops at the link; the host animates it and calls
    /// `Crowd::complete_off_mesh_link`, which puts it at the arrival.
    HostDriven,
}

/// Per-agent parameters. Lengths in world units, times in seconds.
///
/// `F` is how the filter is held: a host builds and reads back the
/// parameters with the filter as a value (the default); the crowd keeps
/// each agent's filter shared with the agents of the same filter
/// (`filter_table.rs`), so an agent record is not mostly its filter.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentParams<F = QueryFilter> {
    pub radius: f64,
    pub height: f64,
    pub max_acceleration: f64,
    pub max_speed: f64,
    /// Neighbours within this distance are considered, and so are wall
    /// segments within it that avoidance can reach before the walls are
    /// gathered again: within max speed times wall time horizon plus a
    /// quarter of this range (the agent gathers them again when it moved
    /// that quarter).
    pub collision_query_range: f64,
    /// How far ahead the visibility optimisation looks.
    pub path_optimization_range: f64,
    pub separation_weight: f64,
    /// ORCA's time horizon against other agents.
    pub time_horizon: f64,
    /// ORCA's time horizon against walls.
    pub wall_time_horizon: f64,
    /// An agent this close (in X/Z) to its target has arrived.
    pub arrival_distance: f64,
    pub filter: F,
    pub update_flags: UpdateFlags,
    /// How the agent takes turns with [`UpdateFlags::ANTICIPATE_TURNS`].
    pub turn_style: TurnStyle,
    pub off_mesh_mode: OffMeshMode,
    /// How many of the nearest neighbours steer the agent.
    pub max_neighbours: usize,
    /// How many of the nearest wall segments bound its avoidance.
    pub max_wall_segments: usize,
}

impl AgentParams {
    /// Parameters for an agent of `radius` and `height` with defaults for
    /// the rest, in the proportions DetourCrowd's samples use.
    pub fn new(radius: f64, height: f64) -> AgentParams {
        AgentParams {
            radius,
            height,
            max_acceleration: 8.0,
            max_speed: 3.5,
            collision_query_range: radius * 12.0,
            path_optimization_range: radius * 30.0,
            separation_weight: 2.0,
            time_horizon: 2.0,
            wall_time_horizon: 0.5,
            arrival_distance: radius * 0.5,
            filter: QueryFilter::default(),
            update_flags: UpdateFlags::ALL,
            turn_style: TurnStyle::Inside,
            off_mesh_mode: OffMeshMode::Straight,
            max_neighbours: 10,
            max_wall_segments: 16,
        }
    }
}

impl AgentParams<&QueryFilter> {
    /// The parameters with a copy of the filter, as a host builds them.
    pub fn cloned(&self) -> AgentParams {
        self.with_filter(self.filter.clone())
    }
}

impl<F> AgentParams<F> {
    /// The same parameters with the filter held as `filter`.
    pub(crate) fn with_filter<G>(&self, filter: G) -> AgentParams<G> {
        AgentParams {
            radius: self.radius,
            height: self.height,
            max_acceleration: self.max_acceleration,
            max_speed: self.max_speed,
            collision_query_range: self.collision_query_range,
            path_optimization_range: self.path_optimization_range,
            separation_weight: self.separation_weight,
            time_horizon: self.time_horizon,
            wall_time_horizon: self.wall_time_horizon,
            arrival_distance: self.arrival_distance,
            filter,
            update_flags: self.update_flags,
            turn_style: self.turn_style,
            off_mesh_mode: self.off_mesh_mode,
            max_neighbours: self.max_neighbours,
            max_wall_segments: self.max_wall_segments,
        }
    }

    /// Out of range unless every length is finite, the radius, height and
    /// time horizons are positive and the rest not negative.
    pub(crate) fn validate(&self) -> Result<()> {
        let positive = [("radius", self.radius), ("height", self.height)]
            .into_iter()
            .chain([("time_horizon", self.time_horizon), ("wall_time_horizon", self.wall_time_horizon)]);
        for (name, value) in positive {
            if !(value.is_finite() && value > 0.0) {
                return Err(NavMeshError::out_of_range(format!(
                    "AgentParams.{name} = {value:?} must be finite and > 0"
                )));
            }
        }
        let not_negative = [
            ("max_acceleration", self.max_acceleration),
            ("max_speed", self.max_speed),
            ("collision_query_range", self.collision_query_range),
            ("path_optimization_range", self.path_optimization_range),
            ("separation_weight", self.separation_weight),
            ("arrival_distance", self.arrival_distance),
        ];
        for (name, value) in not_negative {
            if !(value.is_finite() && value >= 0.0) {
                return Err(NavMeshError::out_of_range(format!(
                    "AgentParams.{name} = {value:?} must be finite and ≥ 0"
                )));
            }
        }
        Ok(())
    }
}

/// Names an agent of a crowd: its slot and the slot's generation, so a
/// handle of a removed agent never names the agent added after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AgentHandle {
    pub index: u32,
    pub generation: u32,
}

/// What an agent is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AgentState {
    /// Following a corridor toward its target, or a requested velocity.
    Walking,
    /// Crossing an off-mesh link ([`CrowdAgent::off_mesh_link`]).
    OffMeshLink,
    /// No route: the target lies on no polygon, its polygon streamed out,
    /// the agent stands on no polygon, or (after walking as far as it
    /// could) the target cannot be reached.
    NoPath,
    /// At its target (within its arrival distance when it arrived; with
    /// [`UpdateFlags::WALK_BACK_WHEN_PUSHED`], walking again once pushed
    /// further off than that distance plus 1.5 radii), or never given one.
    Arrived,
}

impl AgentState {
    /// The state's number in hashes and in the C ABI.
    pub fn code(self) -> u8 {
        match self {
            AgentState::Walking => 0,
            AgentState::OffMeshLink => 1,
            AgentState::NoPath => 2,
            AgentState::Arrived => 3,
        }
    }
}

/// What the agent was asked to do.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum MoveTarget {
    None,
    /// A target position whose path the next step searches.
    Requested([f64; 3]),
    /// A target on polygon `poly`, with a corridor toward it.
    Position {
        poly: PolyRef,
        position: [f64; 3],
    },
    Velocity(VectorXz),
}

/// The off-mesh link an agent is crossing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OffMeshTraversal {
    /// Where the agent was when it reached the link.
    pub from: [f64; 3],
    /// The link's departure and arrival.
    pub departure: [f64; 3],
    pub arrival: [f64; 3],
    /// The polygon the link lands on.
    pub landing_poly: PolyRef,
    /// Seconds spent on the link so far (straight traversal).
    pub elapsed: f64,
}

/// A neighbour of an agent: its slot and squared X/Z distance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Neighbour {
    pub index: u32,
    pub distance_squared: f64,
}

/// One agent of a crowd.
#[derive(Debug, Clone)]
pub struct CrowdAgent {
    /// The filter shared through the crowd's `FilterTable`.
    pub(crate) params: AgentParams<Arc<QueryFilter>>,
    pub(crate) state: AgentState,
    pub(crate) position: [f64; 3],
    pub(crate) velocity: VectorXz,
    pub(crate) desired_velocity: VectorXz,
    pub(crate) target: MoveTarget,
    /// True when the corridor leads only as near the target as the mesh
    /// allows.
    pub(crate) partial: bool,
    pub(crate) corridor: PathCorridor,
    pub(crate) boundary: LocalBoundary,
    pub(crate) neighbours: Vec<Neighbour>,
    pub(crate) corners: Vec<StraightPathVertex>,
    /// Boxed: an agent is seldom on a link, and the traversal (96 bytes
    /// inline) would widen every agent record a step walks.
    pub(crate) off_mesh: Option<Box<OffMeshTraversal>>,
    /// Where the velocity integration puts the agent this step, before
    /// collisions are resolved and the move is clamped to the surface.
    pub(crate) next_position: VectorXz,
    /// Consecutive steps its avoidance held the agent nearly at rest while
    /// it wanted to move (`stall_replan.rs`).
    pub(crate) stalled_ticks: u32,
    /// How far from its target the agent arrived beside others that had
    /// arrived there (`group_arrival.rs`); 0 after an arrival on the
    /// target itself.
    pub(crate) arrived_off_target: f64,
}

impl CrowdAgent {
    pub(crate) fn new(params: AgentParams<Arc<QueryFilter>>, poly: PolyRef, position: [f64; 3]) -> CrowdAgent {
        CrowdAgent {
            params,
            state: AgentState::Arrived,
            position,
            velocity: VectorXz::ZERO,
            desired_velocity: VectorXz::ZERO,
            target: MoveTarget::None,
            partial: false,
            corridor: PathCorridor::new(poly, position),
            boundary: LocalBoundary::default(),
            neighbours: Vec::new(),
            corners: Vec::new(),
            off_mesh: None,
            next_position: VectorXz::of(position),
            stalled_ticks: 0,
            arrived_off_target: 0.0,
        }
    }

    /// The parameters the agent was added with, its filter borrowed from
    /// the crowd, which shares it among agents: reading a field copies no
    /// filter ([`AgentParams::cloned`] gives an owned copy).
    pub fn params(&self) -> AgentParams<&QueryFilter> {
        self.params.with_filter(&*self.params.filter)
    }

    pub fn state(&self) -> AgentState {
        self.state
    }

    pub fn position(&self) -> [f64; 3] {
        self.position
    }

    /// The velocity in X/Z as `[x, 0, z]`.
    pub fn velocity(&self) -> [f64; 3] {
        self.velocity.with_y(0.0)
    }

    /// What steering asked for before avoidance, as `[x, 0, z]`.
    pub fn desired_velocity(&self) -> [f64; 3] {
        self.desired_velocity.with_y(0.0)
    }

    /// The polygon the agent stands on ([`PolyRef::NULL`] when none).
    pub fn poly(&self) -> PolyRef {
        self.corridor.first()
    }

    /// The target position, when it has one.
    pub fn target_position(&self) -> Option<[f64; 3]> {
        match self.target {
            MoveTarget::Requested(position) | MoveTarget::Position { position, .. } => Some(position),
            MoveTarget::None | MoveTarget::Velocity(_) => None,
        }
    }

    /// The corridor's polygons, from the agent's own.
    pub fn corridor(&self) -> &[PolyRef] {
        self.corridor.path()
    }

    /// True when the corridor ends short of an unreachable target.
    pub fn is_partial(&self) -> bool {
        self.partial
    }

    /// The next corners of the straight path toward the target.
    pub fn corners(&self) -> &[StraightPathVertex] {
        &self.corners
    }

    /// The slots of the neighbours considered this step, nearest first.
    pub fn neighbours(&self) -> impl Iterator<Item = u32> + '_ {
        self.neighbours.iter().map(|n| n.index)
    }

    /// The link being crossed, in state [`AgentState::OffMeshLink`].
    pub fn off_mesh_link(&self) -> Option<&OffMeshTraversal> {
        self.off_mesh.as_deref()
    }

    /// The agent's state as little-endian bytes: state code, position,
    /// velocity and desired velocity (f64 each, -0.0 written +0.0). The
    /// crowd's state hash is made of these.
    pub fn state_bytes(&self) -> [u8; 57] {
        let mut bytes = [0u8; 57];
        bytes[0] = self.state.code();
        let values = [
            self.position[0],
            self.position[1],
            self.position[2],
            self.velocity.x,
            self.velocity.z,
            self.desired_velocity.x,
            self.desired_velocity.z,
        ];
        for (k, value) in values.into_iter().enumerate() {
            bytes[1 + 8 * k..9 + 8 * k].copy_from_slice(&(value + 0.0).to_le_bytes());
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_validate_and_bad_values_are_named() {
        assert!(AgentParams::new(0.5, 2.0).validate().is_ok());
        let mut params = AgentParams::new(0.5, 2.0);
        params.max_speed = f64::NAN;
        let err = params.validate().unwrap_err();
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("max_speed")), "{err}");
        let err = AgentParams::new(0.0, 2.0).validate().unwrap_err();
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("radius")), "{err}");
        let err = AgentParams::new(-1.0e-300, 2.0).validate().unwrap_err();
        assert!(matches!(&err, NavMeshError::OutOfRange(m) if m.contains("radius = -1e-300 must")), "{err}");
    }

    #[test]
    fn flags_combine() {
        assert!(UpdateFlags::ALL.contains(UpdateFlags::SEPARATION));
        assert!(!UpdateFlags(UpdateFlags::SEPARATION.0).contains(UpdateFlags::OBSTACLE_AVOIDANCE));
        assert!(UpdateFlags::ALL.contains(UpdateFlags::REPLAN_WHEN_STALLED));
    }
}
