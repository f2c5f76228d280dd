//! `TileBuffer`: one heap block holding a tile's arrays side by side, each a
//! typed [`Section`] at an offset fixed once from the counts. A tile read
//! from bytes is then one allocation instead of one per array, and its
//! arrays lie together in memory (issue 24: reading and validating a tile
//! allocates at most twice, whatever its polygon count).

use std::alloc::{alloc_zeroed, dealloc, handle_alloc_error, Layout};
use std::marker::PhantomData;
use std::ptr::NonNull;

use crate::stitch::portal_stitching::{Portal, SweepEntry};
use crate::tile::tile_data::{DetailMesh, DetailTriangle, OffMeshLinkSlot, Polygon};

/// A `Copy` type without drop glue for which every all-zero byte pattern
/// is a valid value, so a zeroed buffer holds valid elements everywhere.
///
/// # Safety
/// Implement it only for such types.
pub(crate) unsafe trait Plain: Copy + 'static {}

// SAFETY: integers, floats and arrays of them are valid when zero.
unsafe impl Plain for u8 {}
unsafe impl Plain for u32 {}
unsafe impl Plain for [f32; 3] {}
unsafe impl Plain for [[f32; 3]; 2] {}
// SAFETY: records of integers, floats and one `bool` (zero is `false`).
unsafe impl Plain for Polygon {}
unsafe impl Plain for DetailMesh {}
unsafe impl Plain for DetailTriangle {}
unsafe impl Plain for OffMeshLinkSlot {}
// SAFETY: records of floats and integers.
unsafe impl Plain for Portal {}
unsafe impl Plain for SweepEntry {}

/// The most bytes a buffer holds: sections are placed by `u32` offsets and
/// counts, so a tile's section table is 8 bytes a section.
pub(crate) const MAX_BUFFER_BYTES: u64 = u32::MAX as u64;

/// The alignment of every block: that of its most aligned section type
/// (each is made of 4-byte values or bytes), fixed so a buffer keeps only
/// its size (issue 24: less fixed memory per tile). A section type needing
/// more fails to compile in [`SectionPlanner::section`].
const BLOCK_ALIGN: usize = 4;

/// Where `len` values of `T` lie in a buffer: `offset` bytes in, aligned
/// for `T`.
#[derive(Debug)]
pub(crate) struct Section<T> {
    offset: u32,
    len: u32,
    element: PhantomData<T>,
}

impl<T> Clone for Section<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Section<T> {}

impl<T> Section<T> {
    /// The values of `T` from byte `start` to byte `end` of a buffer, a
    /// whole number of them.
    #[inline]
    pub fn between(start: u32, end: u32) -> Section<T> {
        debug_assert!(((end - start) as usize).is_multiple_of(std::mem::size_of::<T>()));
        Section { offset: start, len: (end - start) / std::mem::size_of::<T>() as u32, element: PhantomData }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    fn offset(&self) -> usize {
        self.offset as usize
    }

    /// One past the section's last byte.
    fn end(&self) -> usize {
        self.offset() + self.len() * std::mem::size_of::<T>()
    }
}

/// Lays out sections one after another: each starts at the next offset
/// aligned for its type.
pub(crate) struct SectionPlanner {
    end: u64,
}

impl SectionPlanner {
    pub fn new() -> Self {
        SectionPlanner { end: 0 }
    }

    /// Reserves `len` values of `T`. The sizes add up in 64 bits, which
    /// the caller's counts (each at most `u32::MAX` or a slice's length)
    /// cannot overflow; a section of a plan past [`MAX_BUFFER_BYTES`] gets
    /// clamped fields, and [`Self::allocate`] refuses that plan.
    pub fn section<T: Plain>(&mut self, len: usize) -> Section<T> {
        let align = const {
            assert!(std::mem::align_of::<T>() <= BLOCK_ALIGN, "a section type aligned beyond the block");
            std::mem::align_of::<T>()
        };
        let offset = self.end.next_multiple_of(align as u64);
        self.end = offset.saturating_add((len as u64).saturating_mul(std::mem::size_of::<T>() as u64));
        let clamp = |value: u64| u32::try_from(value).unwrap_or(u32::MAX);
        Section { offset: clamp(offset), len: clamp(len as u64), element: PhantomData }
    }

    /// Reserves `len` values of `T` where the last section ended, and gives
    /// where it ends (clamped as [`Self::section`]'s fields): for a table
    /// that keeps only ends, so a section that would need padding first is
    /// refused.
    pub fn section_end<T: Plain>(&mut self, len: usize) -> u32 {
        assert!(self.end.is_multiple_of(std::mem::align_of::<T>() as u64), "a section after padding");
        self.section::<T>(len);
        u32::try_from(self.end).unwrap_or(u32::MAX)
    }

    /// Bytes of the sections reserved so far, padding included.
    pub fn size(&self) -> u64 {
        self.end
    }

    /// A zeroed buffer holding every section reserved so far, or `None`
    /// past [`MAX_BUFFER_BYTES`] (then every section's offset and count
    /// fit `u32`, as every section ends within the buffer).
    pub fn allocate(self) -> Option<TileBuffer> {
        if self.end > MAX_BUFFER_BYTES {
            return None;
        }
        Some(TileBuffer::zeroed(self.end as u32))
    }
}

/// The block itself: zeroed, then written only through typed sections, so
/// every section holds valid values and the block is copied as raw memory.
pub(crate) struct TileBuffer {
    ptr: NonNull<u8>,
    /// Bytes of the block, aligned to [`BLOCK_ALIGN`].
    size: u32,
}

// SAFETY: the buffer owns its block and only hands out references tied to
// `&self` or `&mut self`, like a `Vec<u8>`.
unsafe impl Send for TileBuffer {}
unsafe impl Sync for TileBuffer {}

impl TileBuffer {
    fn zeroed(size: u32) -> TileBuffer {
        if size == 0 {
            // A dangling pointer aligned for every section: empty slices only.
            // BYTE-ORDER: an address, never read through.
            let ptr = NonNull::new(BLOCK_ALIGN as *mut u8).expect("alignment is nonzero");
            return TileBuffer { ptr, size };
        }
        let layout = Self::layout_of(size);
        // SAFETY: the layout has a nonzero size.
        let raw = unsafe { alloc_zeroed(layout) };
        let ptr = NonNull::new(raw).unwrap_or_else(|| handle_alloc_error(layout));
        TileBuffer { ptr, size }
    }

    /// The layout of a block of `size` bytes.
    fn layout_of(size: u32) -> Layout {
        Layout::from_size_align(size as usize, BLOCK_ALIGN).expect("at most 4 GiB, a power of two")
    }

    /// The values of `section`, which was planned for this buffer.
    pub fn get<T: Plain>(&self, section: Section<T>) -> &[T] {
        self.check(&section);
        // SAFETY: `check` proved what `get_unchecked` requires.
        unsafe { self.get_unchecked(section) }
    }

    /// The values of `section` without the check of [`Self::get`].
    ///
    /// # Safety
    /// `section` must come from the plan that allocated this buffer (or
    /// one of the same layout), so it lies inside the block.
    pub unsafe fn get_unchecked<T: Plain>(&self, section: Section<T>) -> &[T] {
        // SAFETY: the caller keeps the section inside the block; its offset
        // is aligned for `T` within a block aligned for every section; the
        // bytes are initialised and valid for a `Plain` type.
        // BYTE-ORDER: the block holds typed values written through typed
        // sections, never format bytes, which are decoded before.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr().add(section.offset()).cast::<T>(), section.len()) }
    }

    /// The values of `section`, to fill.
    pub fn get_mut<T: Plain>(&mut self, section: Section<T>) -> &mut [T] {
        self.check(&section);
        // SAFETY: as in `get`; `&mut self` makes the borrow exclusive.
        // BYTE-ORDER: the block holds typed values written through typed
        // sections, never format bytes, which are decoded before.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr().add(section.offset()).cast::<T>(), section.len()) }
    }

    /// `write`'s values to fill, and the rest of the buffer to read while
    /// filling them.
    pub fn split<W: Plain>(&mut self, write: Section<W>) -> (BufferReader<'_>, &mut [W]) {
        self.check(&write);
        let (offset, len) = (write.offset(), write.len());
        // SAFETY: as in `get_mut`; the reader refuses every section that
        // overlaps `write`, so the two borrows never alias.
        // BYTE-ORDER: the block holds typed values written through typed
        // sections, never format bytes, which are decoded before.
        let out = unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr().add(offset).cast::<W>(), len) };
        let excluded = write.offset()..write.end();
        (BufferReader { buffer: self, excluded }, out)
    }

    /// Bytes the block holds.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    fn check<T>(&self, section: &Section<T>) {
        assert!(
            section.end() <= self.size() && section.offset().is_multiple_of(std::mem::align_of::<T>()),
            "a section of another buffer"
        );
    }
}

/// A buffer's sections other than the one [`TileBuffer::split`] lent out.
pub(crate) struct BufferReader<'a> {
    buffer: &'a TileBuffer,
    excluded: std::ops::Range<usize>,
}

impl<'a> BufferReader<'a> {
    pub fn get<T: Plain>(&self, section: Section<T>) -> &'a [T] {
        let (start, end) = (section.offset(), section.end());
        let disjoint = end <= self.excluded.start || start >= self.excluded.end || end == start;
        assert!(disjoint, "a section overlapping the one being filled");
        self.buffer.get(section)
    }
}

/// Where a tile's arrays are read from: the whole buffer, or the part of
/// it a [`BufferReader`] may read.
pub(crate) trait SectionSource<'a> {
    fn slice<T: Plain>(&self, section: Section<T>) -> &'a [T];
}

impl<'a> SectionSource<'a> for &'a TileBuffer {
    fn slice<T: Plain>(&self, section: Section<T>) -> &'a [T] {
        self.get(section)
    }
}

impl<'a> SectionSource<'a> for BufferReader<'a> {
    fn slice<T: Plain>(&self, section: Section<T>) -> &'a [T] {
        self.get(section)
    }
}

impl Clone for TileBuffer {
    fn clone(&self) -> Self {
        let copy = TileBuffer::zeroed(self.size);
        if self.size != 0 {
            // SAFETY: both blocks are `size` bytes and distinct.
            unsafe { std::ptr::copy_nonoverlapping(self.ptr.as_ptr(), copy.ptr.as_ptr(), self.size()) };
        }
        copy
    }
}

impl Drop for TileBuffer {
    fn drop(&mut self) {
        if self.size != 0 {
            // SAFETY: allocated by `alloc_zeroed` with this layout.
            unsafe { dealloc(self.ptr.as_ptr(), Self::layout_of(self.size)) };
        }
    }
}

impl std::fmt::Debug for TileBuffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TileBuffer({} bytes)", self.size())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_aligned_disjoint_and_keep_their_values() {
        let mut planner = SectionPlanner::new();
        let bytes = planner.section::<u8>(3);
        let words = planner.section::<u32>(2);
        let points = planner.section::<[f32; 3]>(1);
        let mut buffer = planner.allocate().expect("a small plan");
        buffer.get_mut(bytes).copy_from_slice(&[1, 2, 3]);
        buffer.get_mut(words).copy_from_slice(&[7, 8]);
        buffer.get_mut(points)[0] = [0.5, -1.0, 2.0];
        let copy = buffer.clone();
        drop(buffer);
        assert_eq!(copy.get(bytes), &[1, 2, 3]);
        assert_eq!(copy.get(words), &[7, 8]);
        assert_eq!(copy.get(points), &[[0.5, -1.0, 2.0]]);
        assert_eq!(copy.size(), 4 + 8 + 12);
    }

    #[test]
    fn split_lends_one_section_and_reads_the_others() {
        let mut planner = SectionPlanner::new();
        let input = planner.section::<u32>(3);
        let output = planner.section::<u32>(3);
        let mut buffer = planner.allocate().expect("a small plan");
        buffer.get_mut(input).copy_from_slice(&[1, 2, 3]);
        let (reader, out) = buffer.split(output);
        out.iter_mut().zip(reader.get(input)).for_each(|(o, i)| *o = i * 10);
        assert_eq!(buffer.get(output), &[10, 20, 30]);
    }

    #[test]
    #[should_panic(expected = "a section overlapping the one being filled")]
    fn split_refuses_to_read_the_lent_section() {
        let mut planner = SectionPlanner::new();
        let output = planner.section::<u32>(3);
        let mut buffer = planner.allocate().expect("a small plan");
        let (reader, _out) = buffer.split(output);
        reader.get(output);
    }

    #[test]
    fn an_empty_buffer_gives_empty_sections() {
        let mut planner = SectionPlanner::new();
        let none = planner.section::<OffMeshLinkSlot>(0);
        let buffer = planner.allocate().expect("a small plan");
        assert!(buffer.get(none).is_empty());
        assert!(buffer.clone().get(none).is_empty());
    }

    #[test]
    fn a_plan_past_four_gib_is_refused_before_allocating() {
        let mut planner = SectionPlanner::new();
        let points = planner.section::<[f32; 3]>(u32::MAX as usize);
        assert_eq!(planner.size(), 12 * u64::from(u32::MAX));
        assert_eq!(points.len(), u32::MAX as usize);
        assert!(planner.allocate().is_none());
    }

    #[test]
    fn a_plan_of_exactly_four_gib_less_one_byte_fits_the_offsets() {
        let mut planner = SectionPlanner::new();
        planner.section::<u8>(u32::MAX as usize - 1);
        let last = planner.section::<u8>(1);
        assert_eq!(planner.size(), MAX_BUFFER_BYTES);
        assert_eq!((last.offset(), last.end()), (u32::MAX as usize - 1, u32::MAX as usize));
    }

    #[test]
    #[should_panic(expected = "a section of another buffer")]
    fn a_foreign_section_is_refused() {
        let mut big = SectionPlanner::new();
        let words = big.section::<u32>(8);
        SectionPlanner::new().allocate().expect("an empty plan").get(words);
    }
}
