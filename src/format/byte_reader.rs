//! A bounds-checked little-endian cursor over untrusted bytes.
//!
//! Every read goes through `from_le_bytes` ("Byte layout": little-endian
//! throughout), so nothing depends on the host's byte order, and every read
//! checks the remaining length first, so hostile input can never index out of
//! range.

use crate::error::{NavMeshError, Result};

/// Reads fields one after another, naming the structure in its errors.
pub struct ByteReader<'a> {
    bytes: &'a [u8],
    position: usize,
    what: &'static str,
}

impl<'a> ByteReader<'a> {
    /// A reader over `bytes`; `what` names the layout in error messages.
    pub fn new(bytes: &'a [u8], what: &'static str) -> Self {
        ByteReader { bytes, position: 0, what }
    }

    /// Byte offset of the next read.
    pub fn position(&self) -> usize {
        self.position
    }

    /// Bytes not yet read.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.position
    }

    /// The next `len` bytes; a format error naming `field` when too short.
    pub fn take(&mut self, len: usize, field: &str) -> Result<&'a [u8]> {
        if self.remaining() < len {
            return Err(NavMeshError::format(format!(
                "{}: truncated at offset {} reading {field} ({len} bytes needed, {} left)",
                self.what,
                self.position,
                self.remaining()
            )));
        }
        let slice = &self.bytes[self.position..self.position + len];
        self.position += len;
        Ok(slice)
    }

    /// The next `N` bytes as an array.
    pub fn array<const N: usize>(&mut self, field: &str) -> Result<[u8; N]> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N, field)?);
        Ok(out)
    }

    pub fn u8(&mut self, field: &str) -> Result<u8> {
        Ok(self.array::<1>(field)?[0])
    }

    pub fn u16(&mut self, field: &str) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array(field)?))
    }

    pub fn u32(&mut self, field: &str) -> Result<u32> {
        Ok(u32::from_le_bytes(self.array(field)?))
    }

    pub fn i32(&mut self, field: &str) -> Result<i32> {
        Ok(i32::from_le_bytes(self.array(field)?))
    }

    pub fn u64(&mut self, field: &str) -> Result<u64> {
        Ok(u64::from_le_bytes(self.array(field)?))
    }

    pub fn f32(&mut self, field: &str) -> Result<f32> {
        Ok(f32::from_le_bytes(self.array(field)?))
    }

    pub fn f64(&mut self, field: &str) -> Result<f64> {
        Ok(f64::from_le_bytes(self.array(field)?))
    }

    /// Fails unless every byte has been read ("nothing may follow").
    pub fn expect_end(&self) -> Result<()> {
        if self.remaining() == 0 {
            Ok(())
        } else {
            Err(NavMeshError::format(format!(
                "{}: {} trailing bytes after offset {}",
                self.what,
                self.remaining(),
                self.position
            )))
        }
    }
}

/// Little-endian f32 at `offset` of a slice whose length the caller checked.
pub fn f32_at(bytes: &[u8], offset: usize) -> f32 {
    let mut raw = [0u8; 4];
    raw.copy_from_slice(&bytes[offset..offset + 4]);
    f32::from_le_bytes(raw)
}

/// Little-endian u32 at `offset` of a slice whose length the caller checked.
pub fn u32_at(bytes: &[u8], offset: usize) -> u32 {
    let mut raw = [0u8; 4];
    raw.copy_from_slice(&bytes[offset..offset + 4]);
    u32::from_le_bytes(raw)
}

/// Little-endian u16 at `offset` of a slice whose length the caller checked.
pub fn u16_at(bytes: &[u8], offset: usize) -> u16 {
    u16::from_le_bytes([bytes[offset], bytes[offset + 1]])
}
