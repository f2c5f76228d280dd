//! A global allocator that counts allocations and reallocations, for the
//! tests that show a tile read, a refill or a warm query allocates a fixed
//! few times or not at all. A test binary installs it with
//! `#[global_allocator] static GLOBAL: Counting = Counting;` and measures
//! with `allocations_in`.
//!
//! Only the measuring thread's allocations count: the test harness's own
//! threads allocate when they like (on a busy machine a tile read once
//! seemed to allocate 6 times instead of 2), while the code measured here
//! runs on its caller's thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

pub struct Counting;

thread_local! {
    /// Allocations and reallocations this thread has made.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // A thread being torn down has no counter left; it is not measured.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

/// Runs `f`; returns its result and the allocations this thread made meanwhile.
pub fn allocations_in<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = f();
    let after = ALLOCATIONS.with(Cell::get);
    (result, after - before)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        System.realloc(ptr, layout, new_size)
    }
}
