//! Prefetching the tables an edit is about to read.
//!
//! In a large mesh the side neighbours' portal and link tables are usually
//! cold. Asking for their lines before stitching starts lets the misses
//! overlap instead of meeting them one by one as the tables are read.
//! Measured with `cargo bench --bench mesh` (16-polygon tiles, medians of
//! 5 runs): at 4096 tiles in random order a removal takes 0.69 µs with it
//! and 1.04 without, an add 1.89 and 2.19; at 16 tiles, where everything is
//! cached, it costs a removal about 0.06 µs and an add 0.11.

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
