//! NULL-checked views of the caller's pointer arguments. Each helper turns a
//! raw pointer into a reference, slice or write-once output, or fails with
//! `ONAV_E_NULL_ARGUMENT` naming the argument.

use std::marker::PhantomData;
use std::ptr::NonNull;

use super::error_out::Failure;

/// The referent of an input pointer.
///
/// # Safety
/// `ptr` is NULL or points to a valid, aligned `T` that stays unchanged for
/// `'a`.
pub(crate) unsafe fn arg_ref<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, Failure> {
    // SAFETY: non-NULL pointers are valid for `'a`, as required above.
    unsafe { ptr.as_ref() }.ok_or_else(|| Failure::null_argument(name))
}

/// The referent of an in-out pointer, for exclusive use.
///
/// # Safety
/// `ptr` is NULL or points to a valid, aligned `T` that nothing else uses
/// during `'a`.
pub(crate) unsafe fn arg_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T, Failure> {
    // SAFETY: non-NULL pointers are valid and unaliased for `'a`, as
    // required above.
    unsafe { ptr.as_mut() }.ok_or_else(|| Failure::null_argument(name))
}

/// The `(ptr, len)` array; `ptr` may be NULL when `len` is 0.
///
/// # Safety
/// When `len > 0`, `ptr` is NULL or points to `len` valid, aligned `T`s
/// that stay unchanged for `'a`.
pub(crate) unsafe fn arg_slice<'a, T>(ptr: *const T, len: usize, name: &str) -> Result<&'a [T], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Failure::null_argument(name));
    }
    // SAFETY: non-NULL with `len` valid elements, as required above.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// An output argument: cleared when checked, written at most once, on
/// success.
pub(crate) struct Out<'a, T: Copy> {
    ptr: NonNull<T>,
    _borrow: PhantomData<&'a mut T>,
}

/// The output pointer `ptr`, checked for NULL and cleared to all-zero bytes
/// (a NULL handle, a 0 count, a zeroed struct). Entry points check their
/// outputs before anything else can fail, so a failing call leaves every
/// output cleared and a host's reused handle variable never keeps a handle
/// it already freed.
///
/// # Safety
/// `ptr` is NULL or valid for writing one aligned `T` during `'a`; `T` is a
/// C type for which all-zero bytes are a valid value (integers, floats,
/// pointers, plain structs of them).
pub(crate) unsafe fn out_arg<'a, T: Copy>(ptr: *mut T, name: &str) -> Result<Out<'a, T>, Failure> {
    let ptr = NonNull::new(ptr).ok_or_else(|| Failure::null_argument(name))?;
    // SAFETY: writable for one aligned `T`, and all-zero bytes are a valid
    // `T`, as required above.
    unsafe { ptr.as_ptr().write_bytes(0, 1) };
    Ok(Out { ptr, _borrow: PhantomData })
}

impl<T: Copy> Out<'_, T> {
    pub(crate) fn write(self, value: T) {
        // SAFETY: `out_arg` checked NULL and its caller vouched the pointer
        // is writable for this lifetime; `write` never reads the old value.
        unsafe { self.ptr.as_ptr().write(value) }
    }
}
