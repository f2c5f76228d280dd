//! The `queries` table of exact shortest paths: onav's search nodes and how
//! much longer Detour's find_path + find_straight_path is than onav's exact
//! find_shortest_path on the pairs both complete.

use onav::ShortestPathStatus;

use crate::markdown_table::Table;
use crate::queries::Measured;
use crate::query_round::{p99, PairAnswer, ShortestAnswer};
use crate::timing::median;

/// Detour's path counts as visibly longer beyond this share of the exact one.
const VISIBLY_LONGER: f64 = 0.01;
/// Detour's path counts as shorter than the exact one beyond this share of
/// it: more than f32 noise in Detour's vertices.
const SHORTER_BEYOND: f64 = 1e-4;

/// Detour's length against the exact one over pairs both complete.
#[derive(Debug, PartialEq)]
struct Excess {
    pairs: usize,
    visibly_longer: usize,
    mean: f64,
    worst: f64,
    shorter: usize,
    /// Most that Detour's path falls short of the exact one: relative, metres.
    most_shorter: (f64, f64),
}

/// `lengths`: (Detour, exact) per pair both complete.
fn excess(lengths: &[(f64, f64)]) -> Excess {
    let relative: Vec<f64> =
        lengths.iter().map(|&(detour, exact)| detour / exact - 1.0).filter(|r| r.is_finite()).collect();
    let most_shorter = lengths
        .iter()
        .map(|&(detour, exact)| (1.0 - detour / exact, exact - detour))
        .filter(|(r, _)| r.is_finite())
        .fold((0.0, 0.0), |most, shorter| if shorter.0 > most.0 { shorter } else { most });
    Excess {
        pairs: lengths.len(),
        visibly_longer: relative.iter().filter(|&&r| r > VISIBLY_LONGER).count(),
        mean: relative.iter().sum::<f64>() / relative.len().max(1) as f64,
        worst: relative.iter().copied().fold(0.0, f64::max),
        shorter: relative.iter().filter(|&&r| r < -SHORTER_BEYOND).count(),
        most_shorter,
    }
}

fn median_and_p99_text(values: &[f64]) -> String {
    if values.is_empty() {
        "—".into()
    } else {
        format!("{} / {}", median(values), p99(values))
    }
}

fn complete(answer: &PairAnswer) -> Option<ShortestAnswer> {
    answer.shortest.filter(|s| s.status == ShortestPathStatus::Complete)
}

fn status_counts(answers: &[PairAnswer]) -> String {
    let count = |status| answers.iter().filter(|a| a.shortest.is_some_and(|s| s.status == status)).count();
    [ShortestPathStatus::Complete, ShortestPathStatus::Unreachable, ShortestPathStatus::OutOfNodes]
        .map(count)
        .map(|n| n.to_string())
        .join(" / ")
}

pub fn shortest_table(measured: &[Measured]) -> Table {
    let mut table = Table::new(&[
        "input",
        "onav exact: complete / unreachable / out of nodes",
        "Detour complete",
        "onav search nodes: median / p99 (all; complete)",
        "both complete",
        "Detour > 1% longer",
        "Detour excess: mean / worst",
        "Detour shorter (> 1e-4): pairs, most (relative, metres)",
    ]);
    for m in measured {
        let nodes = |pick: fn(&ShortestAnswer) -> bool| -> Vec<f64> {
            m.onav.iter().filter_map(|a| a.shortest).filter(pick).map(|s| s.nodes as f64).collect()
        };
        let lengths: Vec<(f64, f64)> = m
            .detour
            .iter()
            .zip(&m.onav)
            .filter_map(|(d, o)| Some((complete(d)?.length, complete(o)?.length)))
            .collect();
        let e = excess(&lengths);
        let per_cent = |share: f64| format!("{:.3}%", share * 100.0);
        table.push(vec![
            m.input.name().to_string(),
            status_counts(&m.onav),
            m.detour.iter().filter(|a| complete(a).is_some()).count().to_string(),
            format!(
                "{} ({})",
                median_and_p99_text(&nodes(|_| true)),
                median_and_p99_text(&nodes(|s| s.status == ShortestPathStatus::Complete))
            ),
            e.pairs.to_string(),
            format!("{} ({})", e.visibly_longer, per_cent(e.visibly_longer as f64 / e.pairs.max(1) as f64)),
            format!("{} / {}", per_cent(e.mean), per_cent(e.worst)),
            format!("{}, {:.1e} ({:.1e} m)", e.shorter, e.most_shorter.0, e.most_shorter.1),
        ]);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excess_is_detour_over_exact() {
        let e = excess(&[(10.0, 10.0), (10.5, 10.0), (10.05, 10.0), (9.99, 10.0)]);
        assert_eq!((e.pairs, e.visibly_longer, e.shorter), (4, 1, 1));
        assert!((e.worst - 0.05).abs() < 1e-12);
        assert!((e.mean - (0.0 + 0.05 + 0.005 - 0.001) / 4.0).abs() < 1e-12);
        assert!((e.most_shorter.0 - 0.001).abs() < 1e-12 && (e.most_shorter.1 - 0.01).abs() < 1e-12);
    }

    #[test]
    fn no_pairs_have_no_excess() {
        let e = excess(&[]);
        assert_eq!((e.pairs, e.visibly_longer, e.mean, e.worst, e.shorter), (0, 0, 0.0, 0.0, 0));
    }
}
