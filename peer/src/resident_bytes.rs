//! Counts the live heap bytes of both libraries in one counter: Rust's
//! global allocator for onav, and Detour's `dtAllocSetCustom` hook for
//! Detour (every `dtAlloc`/`dtFree`, which Detour otherwise sends to
//! malloc/free). Resident bytes of a mesh are the counter's growth while it
//! is made. Both sides pay the same relaxed atomic add per allocation.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};

use recastnavigation_sys::{dtAllocHint, dtAllocSetCustom};

static LIVE: AtomicUsize = AtomicUsize::new(0);

/// Live heap bytes of this process that went through either hook.
pub fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed)
}

pub struct CountingAllocator;

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let grown = System.realloc(ptr, layout, new_size);
        if !grown.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            LIVE.fetch_add(new_size, Ordering::Relaxed);
        }
        grown
    }
}

/// `dtFree` receives no size, so each Detour block starts with a header
/// holding it; the header keeps malloc's 16-byte alignment for the rest.
const HEADER: usize = 16;

fn detour_layout(size: usize) -> Option<Layout> {
    Layout::from_size_align(size.checked_add(HEADER)?, HEADER).ok()
}

unsafe extern "C" fn detour_alloc(size: usize, _hint: dtAllocHint) -> *mut c_void {
    let Some(layout) = detour_layout(size) else { return std::ptr::null_mut() };
    let block = System.alloc(layout);
    if block.is_null() {
        return std::ptr::null_mut();
    }
    block.cast::<usize>().write(size);
    LIVE.fetch_add(size, Ordering::Relaxed);
    block.add(HEADER).cast()
}

unsafe extern "C" fn detour_free(ptr: *mut c_void) {
    if ptr.is_null() {
        return;
    }
    let block = ptr.cast::<u8>().sub(HEADER);
    let size = block.cast::<usize>().read();
    LIVE.fetch_sub(size, Ordering::Relaxed);
    System.dealloc(block, detour_layout(size).expect("the layout this block was allocated with"));
}

/// Routes Detour's allocations through the counter. Call it first thing,
/// before Detour allocates anything: a block must be freed by the allocator
/// that made it.
pub fn count_detour_allocations() {
    // SAFETY: both functions follow dtAllocFunc/dtFreeFunc's contract, and
    // no Detour block exists yet (see above).
    unsafe { dtAllocSetCustom(Some(detour_alloc), Some(detour_free)) }
}
