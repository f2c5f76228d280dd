//! Reading the exact path back from the goal node: the roots from the
//! start to the last turn, an off-mesh arrival written as its departure
//! (flagged [`VertexFlags::OFF_MESH`]) and then its arrival, and the end.
//! Each vertex carries the polygon the path runs in from it, as the
//! straight path's do; a vertex at the place of the one before merges into
//! it.

use crate::mesh::poly_ref::PolyRef;
use crate::query::shortest_path::search_root::{SearchRoot, NO_ROOT};
use crate::query::straight_path::{StraightPathVertex, VertexFlags};

/// Appends a vertex, or merges it into the last one at the same place.
fn push(out: &mut Vec<StraightPathVertex>, position: [f64; 3], flags: VertexFlags, poly: PolyRef) {
    if let Some(last) = out.last_mut() {
        if last.position == position {
            (last.flags, last.poly) = (VertexFlags(last.flags.0 | flags.0), poly);
            return;
        }
    }
    out.push(StraightPathVertex { position, flags, poly });
}

/// Replaces `out` with the path from the start (root 0) through the roots
/// leading to `last` and on to `end` in `end_ref`; `chain` is scratch.
pub(crate) fn write_corners(
    roots: &[SearchRoot],
    last: u32,
    (end, end_ref): ([f64; 3], PolyRef),
    chain: &mut Vec<u32>,
    out: &mut Vec<StraightPathVertex>,
) {
    chain.clear();
    let mut at = last;
    while at != NO_ROOT {
        chain.push(at);
        at = roots[at as usize].parent;
    }
    out.clear();
    for (i, &index) in chain.iter().rev().enumerate() {
        let root = roots[index as usize];
        if let Some(departure) = root.departure {
            push(out, departure, VertexFlags::OFF_MESH, root.poly);
        }
        let flags = if i == 0 { VertexFlags::START } else { VertexFlags::default() };
        push(out, root.position, flags, root.poly);
    }
    push(out, end, VertexFlags::END, end_ref);
}
