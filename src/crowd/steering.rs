//! Steering: the velocity an agent wants from the corners of its straight
//! path, before separation and avoidance.
//!
//! The agent heads for the first corner. With turn anticipation it takes
//! the turn at that corner as its [`TurnStyle`] says: leaning inside the
//! turn near the corner, or rounding it wide all the way there, so it
//! rounds the turn instead of stopping on it. Approaching the end of its
//! path it slows down over the last two radii, so it stops on its target
//! instead of overshooting.

use crate::crowd::vector_xz::VectorXz;
use crate::query::straight_path::{StraightPathVertex, VertexFlags};

/// Directions shorter than this are no direction.
const MIN_DIRECTION: f64 = 1e-9;

/// How an agent with turn anticipation takes the turn at its next corner.
///
/// The corners of a straight path are the ends of walls, so the choice
/// is between hugging them and keeping off them. docs/CROWD_PEER.md ("A
/// crowd on a real level") measures both: on real levels (nav_test, the
/// dungeon) more agents arrive and fewer get stuck with [`TurnStyle::Wide`];
/// at a door that two crowds cross both ways, and on a dense plaza, fewer
/// do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TurnStyle {
    /// Within four radii of the corner the agent leans toward the next
    /// corner, up to halfway between the two directions on the corner: it
    /// cuts inside the turn, along the corner.
    #[default]
    Inside,
    /// The agent heads for a point beside the corner: the corner moved
    /// back, by half the agent's distance to it, along the direction from
    /// the agent to the next corner (DetourCrowd's rule). It rounds the
    /// turn wide, off the corner.
    Wide,
}

/// How an agent steers.
#[derive(Debug, Clone, Copy)]
pub struct Steering {
    pub radius: f64,
    pub max_speed: f64,
    /// How it anticipates turns; `None` heads straight for each corner.
    pub turns: Option<TurnStyle>,
}

impl Steering {
    /// The desired velocity at `position` toward `corners`; zero without
    /// corners.
    pub fn desired_velocity(&self, position: VectorXz, corners: &[StraightPathVertex]) -> VectorXz {
        let Some(first) = corners.first() else {
            return VectorXz::ZERO;
        };
        let to_first = VectorXz::of(first.position) - position;
        let Some(mut direction) = to_first.unit(MIN_DIRECTION) else {
            return VectorXz::ZERO;
        };
        if let (Some(style), Some(second)) = (self.turns, corners.get(1)) {
            if !first.flags.contains(VertexFlags::OFF_MESH) {
                let to_second = VectorXz::of(second.position) - position;
                direction = match style {
                    TurnStyle::Inside => self.lean_into_turn(direction, to_first.length(), to_second),
                    TurnStyle::Wide => swing_wide(direction, to_second),
                };
            }
        }
        direction * (self.max_speed * self.end_slowdown(position, corners))
    }

    /// Within a few radii of the first corner, turns `direction` part of
    /// the way toward the next corner.
    fn lean_into_turn(&self, direction: VectorXz, distance_to_first: f64, to_second: VectorXz) -> VectorXz {
        let turn_distance = self.radius * 4.0;
        let Some(toward_second) = to_second.unit(MIN_DIRECTION) else {
            return direction;
        };
        let weight = 0.5 * (1.0 - distance_to_first / turn_distance).clamp(0.0, 1.0);
        (direction * (1.0 - weight) + toward_second * weight).unit(MIN_DIRECTION).unwrap_or(direction)
    }

    /// 1, or less within two radii of the path's end.
    fn end_slowdown(&self, position: VectorXz, corners: &[StraightPathVertex]) -> f64 {
        match corners.last() {
            Some(last) if last.flags.contains(VertexFlags::END) => {
                let remaining = (VectorXz::of(last.position) - position).length();
                (remaining / (self.radius * 2.0)).min(1.0)
            }
            _ => 1.0,
        }
    }
}

/// [`TurnStyle::Wide`]: `direction` (toward the first corner) turned away
/// from the next corner. The point beside the corner lies half the
/// corner's distance back along the direction to the next corner, so the
/// heading is `direction − toward_second / 2`, whatever the distance.
fn swing_wide(direction: VectorXz, to_second: VectorXz) -> VectorXz {
    let Some(toward_second) = to_second.unit(MIN_DIRECTION) else {
        return direction;
    };
    (direction - toward_second * 0.5).unit(MIN_DIRECTION).unwrap_or(direction)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::poly_ref::PolyRef;

    fn corner(x: f64, z: f64, flags: VertexFlags) -> StraightPathVertex {
        StraightPathVertex { position: [x, 0.0, z], flags, poly: PolyRef::NULL }
    }

    #[test]
    fn heads_for_the_first_corner_at_full_speed() {
        let steering = Steering { radius: 0.5, max_speed: 2.0, turns: None };
        let v = steering.desired_velocity(VectorXz::ZERO, &[corner(10.0, 0.0, VertexFlags::default())]);
        assert_eq!(v, VectorXz::new(2.0, 0.0));
    }

    #[test]
    fn slows_down_near_the_end_and_leans_into_turns() {
        let steering = Steering { radius: 0.5, max_speed: 2.0, turns: Some(TurnStyle::Inside) };
        let v = steering.desired_velocity(VectorXz::ZERO, &[corner(0.5, 0.0, VertexFlags::END)]);
        assert_eq!(v, VectorXz::new(1.0, 0.0));
        let turn = [corner(1.0, 0.0, VertexFlags::default()), corner(1.0, 5.0, VertexFlags::END)];
        let v = steering.desired_velocity(VectorXz::ZERO, &turn);
        assert!(v.z > 0.0 && v.x > v.z, "{v:?}");
        assert!((v.length() - 2.0).abs() < 1e-12);
    }

    #[test]
    fn wide_turns_swing_away_from_the_next_corner_at_any_distance() {
        let steering = Steering { radius: 0.5, max_speed: 2.0, turns: Some(TurnStyle::Wide) };
        for x in [1.0, 10.0] {
            let turn = [corner(x, 0.0, VertexFlags::default()), corner(x, 5.0, VertexFlags::END)];
            let v = steering.desired_velocity(VectorXz::ZERO, &turn);
            assert!(v.x > 0.0 && v.z < 0.0, "{v:?}");
            assert!((v.length() - 2.0).abs() < 1e-12);
        }
        let straight = [corner(1.0, 0.0, VertexFlags::default()), corner(2.0, 0.0, VertexFlags::END)];
        let v = steering.desired_velocity(VectorXz::ZERO, &straight);
        assert_eq!(v, VectorXz::new(2.0, 0.0));
    }
}
