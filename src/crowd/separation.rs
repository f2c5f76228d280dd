//! Separation: a push away from neighbours closer than a distance, added
//! to the desired velocity. Each neighbour within the distance pushes along
//! the line between the two, harder the closer it is (weight × (1 − (d /
//! distance)²)); the pushes are averaged and the result is capped at the
//! desired speed, so separation bends the way but never speeds an agent up,
//! and it never takes more than half of the forward speed away.

use crate::crowd::vector_xz::VectorXz;

/// Neighbours closer than this are on top of the agent: no direction.
const MIN_DISTANCE: f64 = 1e-4;

/// `desired` plus the separation push of the neighbours at `others`
/// (nearest first) on an agent at `position`.
pub fn separate(
    position: VectorXz,
    desired: VectorXz,
    others: impl Iterator<Item = VectorXz>,
    distance: f64,
    weight: f64,
) -> VectorXz {
    if distance <= 0.0 {
        return desired;
    }
    let (mut push, mut count) = (VectorXz::ZERO, 0u32);
    for other in others {
        let away = position - other;
        let d2 = away.length_squared();
        if d2 < MIN_DISTANCE * MIN_DISTANCE || d2 > distance * distance {
            continue;
        }
        let d = d2.sqrt();
        let ratio = d / distance;
        push = push + away * (weight * (1.0 - ratio * ratio) / d);
        count += 1;
    }
    if count == 0 {
        return desired;
    }
    let speed = desired.length();
    let mut push = push / count as f64;
    if let Some(direction) = desired.unit(MIN_DISTANCE) {
        // Never hold back more than half the way forward, so neighbours at
        // rest beside a target cannot keep an agent from reaching it.
        let backward = push.dot(direction);
        if backward < -0.5 * speed {
            push = push + direction * (-0.5 * speed - backward);
        }
    }
    (desired + push).clamped(speed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_away_from_a_close_neighbour_without_speeding_up() {
        let desired = VectorXz::new(1.0, 0.0);
        let v = separate(VectorXz::ZERO, desired, [VectorXz::new(0.0, 0.5)].into_iter(), 2.0, 2.0);
        assert!(v.z < 0.0, "{v:?}");
        assert!(v.length() <= 1.0 + 1e-12);
        let far = separate(VectorXz::ZERO, desired, [VectorXz::new(0.0, 3.0)].into_iter(), 2.0, 2.0);
        assert_eq!(far, desired);
    }
}
