//! One tile's Detour data (`dtCreateNavMeshData`'s output): a buffer from
//! `dtAlloc`, freed with `dtFree` when dropped unless a mesh took it.

use std::ptr::NonNull;

use recastnavigation_sys::{dtAlloc, dtAllocHint_DT_ALLOC_PERM, dtFree, dtMeshHeader};

pub struct DetourTileData {
    ptr: NonNull<u8>,
    len: usize,
}

impl DetourTileData {
    /// Takes ownership of a buffer that `dtAlloc` made.
    ///
    /// # Safety
    /// `ptr` came from `dtAlloc`, holds `len` initialised bytes, and nothing
    /// else frees it.
    pub unsafe fn from_raw(ptr: NonNull<u8>, len: usize) -> DetourTileData {
        DetourTileData { ptr, len }
    }

    /// A `dtAlloc` copy of `bytes` (Detour's way of loading a saved tile).
    pub fn copy_of(bytes: &[u8]) -> Result<DetourTileData, String> {
        // SAFETY: dtAlloc returns null or a block of at least that size.
        let ptr = unsafe { dtAlloc(bytes.len().max(1), dtAllocHint_DT_ALLOC_PERM) }.cast::<u8>();
        let ptr = NonNull::new(ptr).ok_or_else(|| format!("dtAlloc of {} bytes failed", bytes.len()))?;
        // SAFETY: the block is fresh, so it cannot overlap `bytes`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.as_ptr(), bytes.len()) };
        Ok(DetourTileData { ptr, len: bytes.len() })
    }

    /// Hands the buffer over; the receiver frees it with `dtFree`.
    pub fn into_raw(self) -> (NonNull<u8>, usize) {
        let parts = (self.ptr, self.len);
        std::mem::forget(self);
        parts
    }

    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: the buffer holds `len` initialised bytes (from_raw's contract).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    /// The tile's header, if the data is long enough to hold one.
    pub fn header(&self) -> Option<dtMeshHeader> {
        if self.len < std::mem::size_of::<dtMeshHeader>() {
            return None;
        }
        // SAFETY: the buffer holds a whole header; read_unaligned makes no
        // alignment assumption.
        Some(unsafe { self.ptr.as_ptr().cast::<dtMeshHeader>().read_unaligned() })
    }
}

// SAFETY: the value owns its dtAlloc buffer outright and nothing in it is
// tied to a thread, so it may move to another thread (the parallel Recast
// build hands tiles back to the thread that adds them).
unsafe impl Send for DetourTileData {}

impl Drop for DetourTileData {
    fn drop(&mut self) {
        // SAFETY: the buffer came from dtAlloc and this value still owns it.
        unsafe { dtFree(self.ptr.as_ptr().cast()) }
    }
}
