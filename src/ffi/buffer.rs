//! Output into a caller buffer with the size query convention: a NULL or too
//! small buffer fails with `ONAV_E_BUFFER_TOO_SMALL` and still writes the
//! needed length, so a caller can ask first and allocate once. Any other
//! failure leaves the length 0 (it is cleared when checked). Byte output
//! counts bytes; array output (references, links, vertices) counts elements.

use super::args::{arg_ref, out_arg, Out};
use super::error_out::{Failure, OnavError};
use super::guard::guard;
use super::status::OnavStatus;

/// The caller's `(buf, cap, len_out)` triple for elements of type `T`.
pub(crate) struct OutBuffer<'a, T: Copy> {
    buf: *mut T,
    cap: usize,
    len_out: Out<'a, usize>,
    /// What one element is called in the too-small message.
    unit: &'static str,
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
) -> Result<OutBuffer<'a, u8>, Failure> {
    // SAFETY: forwarded from this function's contract.
    unsafe { out_buffer(buf, cap, len_out, "bytes") }
}

/// The whole body of a function writing a handle's bytes: checks (and
/// clears) `len_out`, then `handle` (named `name` in the NULL error), then
/// copies `bytes(handle)` into the caller's buffer with the size query.
///
/// # Safety
/// `handle` is NULL or points to a valid `H` that stays unchanged during
/// the call; `buf` is NULL or valid for writing `cap` bytes; `len_out` and
/// `err` are NULL or valid for writing.
pub(crate) unsafe fn write_handle_bytes<H>(
    handle: *const H,
    name: &str,
    buf: *mut u8,
    cap: usize,
    len_out: *mut usize,
    err: *mut OnavError,
    bytes: impl FnOnce(&H) -> Vec<u8>,
) -> i32 {
    // SAFETY (all blocks): forwarded from this function's contract.
    unsafe {
        guard(err, || {
            let buffer = byte_buffer(buf, cap, len_out)?;
            buffer.fill(&bytes(arg_ref(handle, name)?))
        })
    }
}

/// Checks `len_out` (required); `buf` may be NULL to query the count.
///
/// # Safety
/// `buf` is NULL or valid for writing `cap` aligned `T`s during `'a`;
/// `len_out` is NULL or valid for writing one `size_t`.
pub(crate) unsafe fn array_buffer<'a, T: Copy>(
    buf: *mut T,
    cap: usize,
    len_out: *mut usize,
) -> Result<OutBuffer<'a, T>, Failure> {
    // SAFETY: forwarded from this function's contract.
    unsafe { out_buffer(buf, cap, len_out, "elements") }
}

/// # Safety
/// As [`array_buffer`].
unsafe fn out_buffer<'a, T: Copy>(
    buf: *mut T,
    cap: usize,
    len_out: *mut usize,
    unit: &'static str,
) -> Result<OutBuffer<'a, T>, Failure> {
    // SAFETY: forwarded from this function's contract.
    let len_out = unsafe { out_arg(len_out, "len_out") }?;
    Ok(OutBuffer { buf, cap, len_out, unit })
}

impl<T: Copy> OutBuffer<'_, T> {
    /// Copies `items` into the buffer and writes their count; or writes the
    /// needed count and fails when they do not fit.
    pub(crate) fn fill(self, items: &[T]) -> Result<(), Failure> {
        self.fill_mapped(items, |&item| item)
    }

    /// As [`Self::fill`], converting each of `items` with `convert` on the
    /// way, so library values reach the caller's C structs without an
    /// intermediate copy.
    pub(crate) fn fill_mapped<S>(self, items: &[S], convert: impl Fn(&S) -> T) -> Result<(), Failure> {
        let needed = items.len();
        let fits = needed <= self.cap && (needed == 0 || !self.buf.is_null());
        if !fits {
            self.len_out.write(needed);
            return Err(Failure::new(
                OnavStatus::ONAV_E_BUFFER_TOO_SMALL,
                format!(
                    "the output needs {needed} {unit}; the buffer holds {}",
                    if self.buf.is_null() { 0 } else { self.cap },
                    unit = self.unit
                ),
            ));
        }
        for (i, item) in items.iter().enumerate() {
            // SAFETY: `buf` is non-NULL and writable for `cap >= needed`
            // elements (contract of `byte_buffer` / `array_buffer`); `write`
            // never reads the caller's old (maybe uninitialised) element.
            unsafe { self.buf.add(i).write(convert(item)) };
        }
        self.len_out.write(needed);
        Ok(())
    }
}
