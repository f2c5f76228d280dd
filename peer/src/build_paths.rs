//! Reachability and path length on two meshes built from the same
//! triangles: the same seeded start/end pairs (`query_points`, on Recast's
//! mesh) queried by Detour on Recast's mesh and by onav on onav's mesh,
//! each finding its own nearest polygons (half extents (2, 4, 2)), path and
//! straight path.

use crate::query_points::QueryPair;
use crate::query_round::{PairAnswer, QuerySide};

/// Pairs whose lengths differ by more than this share count as different.
pub const LENGTH_TOLERANCE: f64 = 0.05;

#[derive(Debug, Clone, Default)]
pub struct PathAgreement {
    pub pairs: usize,
    /// Pairs whose two ends both libraries found on their own mesh.
    pub ends_found: usize,
    /// Among those: complete paths in Recast's mesh, in onav's, and pairs
    /// where both say the same (both complete or both not).
    pub complete_recast: usize,
    pub complete_onav: usize,
    pub agree: usize,
    /// onav's straight-path length over Recast's, for pairs both complete.
    pub length_ratios: Vec<f64>,
}

impl PathAgreement {
    pub fn lengths_beyond_tolerance(&self) -> usize {
        self.length_ratios.iter().filter(|r| (*r - 1.0).abs() > LENGTH_TOLERANCE).count()
    }
}

/// What `side` answers for each pair (untimed).
pub fn path_answers<S: QuerySide>(side: &mut S, pairs: &[QueryPair]) -> Result<Vec<PairAnswer>, String> {
    let mut answers = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let (start, end) = (side.find_nearest_poly(&pair.start)?, side.find_nearest_poly(&pair.end)?);
        let mut answer = PairAnswer { found_ends: start.is_some() && end.is_some(), ..PairAnswer::default() };
        if let (Some(start), Some(end)) = (start, end) {
            answer.complete = side.find_path((start, &pair.start), (end, &pair.end))?;
            side.find_straight_path(&pair.start, &pair.end)?;
            answer.length = side.straight_path_length();
        }
        answers.push(answer);
    }
    Ok(answers)
}

pub fn path_agreement(recast: &[PairAnswer], onav: &[PairAnswer]) -> PathAgreement {
    let mut agreement = PathAgreement { pairs: recast.len(), ..PathAgreement::default() };
    for (r, o) in recast.iter().zip(onav).filter(|(r, o)| r.found_ends && o.found_ends) {
        agreement.ends_found += 1;
        agreement.complete_recast += usize::from(r.complete);
        agreement.complete_onav += usize::from(o.complete);
        agreement.agree += usize::from(r.complete == o.complete);
        if r.complete && o.complete && r.length > 0.0 {
            agreement.length_ratios.push(o.length / r.length);
        }
    }
    agreement
}
