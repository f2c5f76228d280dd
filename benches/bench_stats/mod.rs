//! What the benches compute from their samples.

/// The middle of `values`, the upper of the two for an even count.
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
