//! Byte output into a caller buffer with the size query convention: a NULL
//! or too small buffer fails with `ONAV_E_BUFFER_TOO_SMALL` and still writes
//! the needed length, so a caller can ask first and allocate once.

use super::args::{out_arg, Out};
use super::error_out::Failure;
use super::status::OnavStatus;

/// The caller's `(buf, cap, len_out)` triple.
pub(crate) struct ByteBuffer<'a> {
    buf: *mut u8,
    cap: usize,
    len_out: Out<'a, usize>,
}

/// Checks `len_out` (required); `buf` may be NULL to query the size.
///
/// # Safety
/// `buf` is NULL or valid for writing `cap` bytes during `'a`; `len_out` is
/// NULL or valid for writing one `size_t`.
pub(crate) unsafe fn byte_buffer<'a>(
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
) -> Result<ByteBuffer<'a>, Failure> {
    // SAFETY: forwarded from this function's contract.
    let len_out = unsafe { out_arg(len_out, "len_out") }?;
    Ok(ByteBuffer { buf, cap, len_out })
}

impl ByteBuffer<'_> {
    /// Copies `bytes` into the buffer and writes their length; or writes the
    /// needed length and fails when they do not fit.
    pub(crate) fn fill(self, bytes: &[u8]) -> Result<(), Failure> {
        let needed = bytes.len();
        let fits = needed <= self.cap && (needed == 0 || !self.buf.is_null());
        if !fits {
            self.len_out.write(needed);
            return Err(Failure::new(
                OnavStatus::ONAV_E_BUFFER_TOO_SMALL,
                format!(
                    "the output needs {needed} bytes; the buffer holds {}",
                    if self.buf.is_null() { 0 } else { self.cap }
                ),
            ));
        }
        if needed > 0 {
            // SAFETY: `buf` is non-NULL and writable for `cap >= needed`
            // bytes (contract of `byte_buffer`); `bytes` is library memory,
            // so the ranges do not overlap.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.buf, needed) };
        }
        self.len_out.write(needed);
        Ok(())
    }
}
