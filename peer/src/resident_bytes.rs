//! Counts the live heap bytes of both libraries in one counter: Rust's
//! global allocator for onav, Detour's `dtAllocSetCustom` hook for Detour
//! (every `dtAlloc`/`dtFree`, which Detour otherwise sends to malloc/free)
//! and Recast's `rcAllocSetCustom` hook for Recast's `rcAlloc`/`rcFree`.
//! Resident bytes of a mesh are the counter's growth while it is made; the
//! peak since the last `reset_peak` is what a build step held at most.
//! Both sides pay the same relaxed atomic add (and a load of the peak) per
//! allocation. Each thread also counts what it allocated and freed itself,
//! so a load measured on one thread is not disturbed by what other threads
//! (tests running beside it) free meanwhile.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};

use recastnavigation_sys::{dtAllocHint, dtAllocSetCustom};

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Bytes this thread allocated minus those it freed (negative when it
    /// frees blocks another thread made). Const-initialised and without a
    /// destructor, so the allocator can touch it at any point of a thread's life.
    static THREAD_LIVE: Cell<isize> = const { Cell::new(0) };
}

/// Live heap bytes of this process that went through any hook.
pub fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Bytes this thread has allocated and not freed itself: the growth of
/// this over a load on this thread is what the load left live.
pub fn thread_live_bytes() -> isize {
    THREAD_LIVE.with(Cell::get)
}

/// The most live bytes since the last [`reset_peak`].
pub fn peak_bytes() -> usize {
    PEAK.load(Ordering::Relaxed)
}

/// Starts a new peak from the bytes live now.
pub fn reset_peak() {
    PEAK.store(live_bytes(), Ordering::Relaxed);
}

/// Counts `size` more live bytes.
fn grow(size: usize) {
    THREAD_LIVE.with(|bytes| bytes.set(bytes.get().wrapping_add_unsigned(size)));
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    if live > PEAK.load(Ordering::Relaxed) {
        PEAK.fetch_max(live, Ordering::Relaxed);
    }
}

/// Counts `size` fewer live bytes.
fn shrink(size: usize) {
    THREAD_LIVE.with(|bytes| bytes.set(bytes.get().wrapping_sub_unsigned(size)));
    LIVE.fetch_sub(size, Ordering::Relaxed);
}

pub struct CountingAllocator;

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let grown = System.realloc(ptr, layout, new_size);
        if !grown.is_null() {
            shrink(layout.size());
            grow(new_size);
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
    grow(size);
    block.add(HEADER).cast()
}

unsafe extern "C" fn detour_free(ptr: *mut c_void) {
    if ptr.is_null() {
        return;
    }
    let block = ptr.cast::<u8>().sub(HEADER);
    let size = block.cast::<usize>().read();
    shrink(size);
    System.dealloc(block, detour_layout(size).expect("the layout this block was allocated with"));
}

/// Recast's allocation hints (`rcAllocHint`, a C enum).
type RecastAllocHint = std::ffi::c_int;

extern "C" {
    /// `rcAllocSetCustom` from RecastAlloc.h, which recastnavigation-sys does
    /// not bind (its bindings cover Recast.h only): declared here with its
    /// Itanium C++ name, as bindgen declares the rest of Recast.
    #[link_name = "\u{1}_Z16rcAllocSetCustomPFPvm11rcAllocHintEPFvS_E"]
    fn rcAllocSetCustom(
        alloc: Option<unsafe extern "C" fn(usize, RecastAllocHint) -> *mut c_void>,
        free: Option<unsafe extern "C" fn(*mut c_void)>,
    );
}

unsafe extern "C" fn recast_alloc(size: usize, _hint: RecastAllocHint) -> *mut c_void {
    detour_alloc(size, 0)
}

/// Routes Detour's and Recast's allocations through the counter. Call it
/// first thing, before either allocates anything: a block must be freed by
/// the allocator that made it.
pub fn count_peer_allocations() {
    // SAFETY: the functions follow dtAllocFunc/dtFreeFunc's and
    // rcAllocFunc/rcFreeFunc's contracts, and no block of either library
    // exists yet (see above).
    unsafe {
        dtAllocSetCustom(Some(detour_alloc), Some(detour_free));
        rcAllocSetCustom(Some(recast_alloc), Some(detour_free));
    }
}
