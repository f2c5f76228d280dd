//! `StepThreads`: where a crowd step's per-agent phases run, on the
//! current rayon pool or on the calling thread alone.
//!
//! Both run the same per-chunk closures over the same chunks of slots, and
//! no phase depends on which thread ran an agent, so the two give the same
//! bits; the calling thread alone spares a host that steps on its own
//! thread the hand-off to a pool and back (0.06–0.1 ms a tick measured on
//! the peer harness's plaza, most of a 100-agent tick).

use rayon::prelude::*;

/// Chunks of slots per pool thread.
const CHUNKS_PER_THREAD: usize = 4;

/// Where a step's per-agent phases run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepThreads {
    /// The current rayon pool (rayon's global pool outside any pool).
    Pool,
    /// The thread that called the step, one chunk after another.
    CallingThread,
}

impl StepThreads {
    /// How many chunks the phases cut the slots into: a few per pool
    /// thread, so that rayon can balance agents of uneven cost, and one on
    /// the calling thread (one worker's query and scratch stay in cache).
    pub(crate) fn chunks(self) -> usize {
        match self {
            StepThreads::Pool => rayon::current_num_threads().max(1) * CHUNKS_PER_THREAD,
            StepThreads::CallingThread => 1,
        }
    }

    /// Calls `work(chunk_index, chunk, worker)` for each chunk of
    /// `chunk_len` items with the worker of the same index.
    pub(crate) fn for_each_chunk<T: Send, W: Send>(
        self,
        items: &mut [T],
        chunk_len: usize,
        workers: &mut [W],
        work: impl Fn(usize, &mut [T], &mut W) + Sync + Send,
    ) {
        match self {
            StepThreads::Pool => items
                .par_chunks_mut(chunk_len)
                .zip(workers.par_iter_mut())
                .enumerate()
                .for_each(|(index, (chunk, worker))| work(index, chunk, worker)),
            StepThreads::CallingThread => items
                .chunks_mut(chunk_len)
                .zip(workers.iter_mut())
                .enumerate()
                .for_each(|(index, (chunk, worker))| work(index, chunk, worker)),
        }
    }

    /// `out[i] = value(i, &items[i])` for every item.
    pub(crate) fn map_into<T: Sync, R: Send>(
        self,
        items: &[T],
        value: impl Fn(usize, &T) -> R + Sync + Send,
        out: &mut Vec<R>,
    ) {
        match self {
            StepThreads::Pool => items.par_iter().enumerate().map(|(i, item)| value(i, item)).collect_into_vec(out),
            StepThreads::CallingThread => {
                out.clear();
                out.extend(items.iter().enumerate().map(|(i, item)| value(i, item)));
            }
        }
    }
}
