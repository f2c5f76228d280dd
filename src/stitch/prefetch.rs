//! Prefetching the tables an edit is about to read.
//!
//! In a large mesh the side neighbours' portal and link tables are usually
//! cold. Asking for their lines before stitching starts lets the misses
//! overlap instead of meeting them one by one as the tables are read.
//! Measured with `cargo bench --bench mesh` (16-polygon tiles, medians of
//! 9 interleaved runs on a day of slow memory): at 4096 tiles in random
//! order a removal takes 1.11 µs with it and 1.99 without, an add 2.40 and
//! 3.09; with off-mesh links 2.10 and 3.59, 4.06 and 5.27. At 16 tiles,
//! where everything is cached, it costs an edit 0.05 to 0.09 µs.

/// Asks the processor to start loading every cache line `items` touches,
/// from the line its first byte lies in to the line of its last. A hint
/// only: it changes no state and cannot fail.
pub(crate) fn prefetch_lines<T>(items: &[T]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // BYTE-ORDER: addresses for a prefetch hint; nothing is read
        // through them.
        let start = items.as_ptr().cast::<i8>();
        let into_line = start as usize % LINE;
        let first_line = start.wrapping_sub(into_line);
        let span = into_line + std::mem::size_of_val(items);
        let mut offset = 0;
        while offset < span {
            // SAFETY: SSE is part of the x86_64 baseline, so the intrinsic's
            // target feature is always present, and a prefetch never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(first_line.wrapping_add(offset)) };
            offset += LINE;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = items;
}

/// Bytes per cache line on the x86_64 processors this is tuned for.
#[cfg(target_arch = "x86_64")]
const LINE: usize = 64;
