//! Prefetching the tables an edit is about to read.
//!
//! In a large mesh the side neighbours' portal and link tables are usually
//! cold. Asking for every line of them before stitching starts lets the
//! misses overlap instead of meeting them one by one as the tables are
//! read. Measured with `cargo bench --bench mesh` (16-polygon tiles): at
//! 4096 tiles a removal takes 0.55 µs with it and 0.62 without, and an add
//! about 0.2 µs less; at 16 tiles it costs a removal about 0.03 µs and an
//! add 0.1.

/// Asks the processor to start loading every cache line of `items`. A hint
/// only: it changes no state and cannot fail.
pub(crate) fn prefetch_lines<T>(items: &[T]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // BYTE-ORDER: an address for a prefetch hint; nothing is read
        // through it.
        let start = items.as_ptr().cast::<i8>();
        for offset in (0..std::mem::size_of_val(items)).step_by(64) {
            // SAFETY: SSE is part of the x86_64 baseline, so the intrinsic's
            // target feature is always present; a prefetch never faults and
            // the address lies within `items`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = items;
}
