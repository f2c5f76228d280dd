//! Random edit sequences on a `TiledNavMesh` (proptest, fixed seed), with
//! the invariants of the `mesh_edits` fuzz target checked after each edit:
//! links equal a full re-stitch, every issued reference is valid until its
//! tile is removed or replaced and invalid after, and an edit fails exactly
//! when it must and then changes nothing. The edits and the checks are the
//! fuzz crate's (`fuzz/src/mesh_edits.rs`), included by path.

mod mesh_common;
#[path = "../fuzz/src/mesh_edits.rs"]
mod mesh_edits;

use mesh_edits::{check_edit_sequence, mostly_without_off_mesh_links, Coverage, Edit, MAX_EDITS};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(0x6f6e_6176),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn edit() -> impl Strategy<Value = Edit> {
    any::<(u8, u8, u8)>().prop_map(|(kind, operand, extra)| Edit::from_code(kind, operand, extra))
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn edit_sequences_keep_links_references_and_failed_edits_right(edits in vec(edit(), 1..MAX_EDITS)) {
        check_edit_sequence(&edits);
    }
}

/// `MAX_EDITS` edits from a xorshift32 stream starting at `seed`.
fn fixed_sequence(seed: u32) -> Vec<Edit> {
    let mut state = seed;
    let mut byte = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as u8
    };
    (0..MAX_EDITS).map(|_| Edit::from_code(byte(), byte(), byte())).collect()
}

/// The sequences reach what the checks are about: failed edits, retired
/// references, off-mesh links between columns and adds beside neighbours.
#[test]
fn fixed_sequences_exercise_every_check() {
    let runs: Vec<Coverage> =
        (1..=8u32).map(|seed| check_edit_sequence(&fixed_sequence(seed.wrapping_mul(0x9E37_79B9)))).collect();
    let total = |field: fn(&Coverage) -> usize| runs.iter().map(field).sum::<usize>();
    let failed = total(|c| c.failed_edits);
    let retired = total(|c| c.retired_refs);
    let crossing = total(|c| c.cross_column_off_mesh_links);
    let beside = total(|c| c.adds_beside_neighbours);
    assert!(
        failed >= 40 && retired >= 40 && crossing >= 8 && beside >= 4,
        "{failed} failed, {retired} retired, {crossing} crossing, {beside} beside neighbours"
    );
}

/// Adds into an empty column beside other tiles, with no off-mesh link
/// touching it, only add the neighbours' portal links across the side
/// facing it (the add's shortcut, issue 24): sequences rich in them keep
/// the links equal to a full re-stitch, neighbours in two layers and with
/// off-mesh links of their own among them.
#[test]
fn adds_beside_neighbours_keep_links_right() {
    let runs = (1..=8u32).map(|seed| {
        let edits = fixed_sequence(seed.wrapping_mul(0x85EB_CA6B)).into_iter().map(mostly_without_off_mesh_links);
        check_edit_sequence(&edits.collect::<Vec<_>>())
    });
    let beside: usize = runs.map(|c| c.adds_beside_neighbours).sum();
    assert!(beside >= 30, "{beside} adds beside neighbours");
}
