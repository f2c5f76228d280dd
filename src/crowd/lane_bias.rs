//! Lane bias: an agent with neighbours ahead coming toward it turns its
//! desired velocity a little to its right. ORCA alone lets two streams
//! meeting in a doorway press into a standstill, each side leaving the
//! other no room; when everyone keeps right, the streams sort themselves
//! into lanes that pass (the convention of pedestrian models, and of
//! people). The speed is kept; only the direction turns.

use crate::crowd::vector_xz::VectorXz;

/// How far right an agent turns when met head-on: the right-hand
/// component added to the unit direction.
const RIGHT_TURN: f64 = 0.35;

/// Directions shorter than this are no direction.
const MIN_SPEED: f64 = 1e-6;

/// `desired`, turned right when one of `others` (position and velocity)
/// within `range` lies ahead, less than `lane_width` to either side of the
/// agent's line, and moves against it (only a head-on meeting turns an
/// agent, so a queue beside a door is not sent along the wall).
pub fn keep_right(
    position: VectorXz,
    desired: VectorXz,
    others: impl Iterator<Item = (VectorXz, VectorXz)>,
    (range, lane_width): (f64, f64),
) -> VectorXz {
    let speed = desired.length();
    let Some(direction) = desired.unit(MIN_SPEED) else {
        return desired;
    };
    let met = others.into_iter().any(|(other, velocity)| {
        let ahead = other - position;
        ahead.length_squared() <= range * range
            && ahead.dot(direction) > 0.0
            && direction.det(ahead).abs() < lane_width
            && velocity.dot(direction) < 0.0
    });
    if !met {
        return desired;
    }
    let right = -direction.left();
    (direction + right * RIGHT_TURN).unit(MIN_SPEED).map_or(desired, |turned| turned * speed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_right_only_when_met_head_on() {
        let north = VectorXz::new(0.0, 2.0);
        let oncoming = [(VectorXz::new(0.0, 1.5), VectorXz::new(0.0, -1.0))];
        let turned = keep_right(VectorXz::ZERO, north, oncoming.into_iter(), (3.0, 1.0));
        assert!(turned.x > 0.0, "right of north (+Z) is +X: {turned:?}");
        assert!((turned.length() - 2.0).abs() < 1e-12);
        let following = [(VectorXz::new(0.0, 1.5), VectorXz::new(0.0, 1.0))];
        assert_eq!(keep_right(VectorXz::ZERO, north, following.into_iter(), (3.0, 1.0)), north);
        let behind = [(VectorXz::new(0.0, -1.5), VectorXz::new(0.0, 1.0))];
        assert_eq!(keep_right(VectorXz::ZERO, north, behind.into_iter(), (3.0, 1.0)), north);
        let beside = [(VectorXz::new(1.5, 1.5), VectorXz::new(0.0, -1.0))];
        assert_eq!(keep_right(VectorXz::ZERO, north, beside.into_iter(), (3.0, 1.0)), north);
    }
}
