//! `TileStore`: a tile's [`TileSections`] and the [`TileBuffer`] planned
//! with them, kept together so that every section of the table is known to
//! lie in the buffer. The checks of `TileBuffer::get` are then paid once,
//! when the plan is made, and a validated tile reads its arrays (the
//! queries look a polygon up by reference on every step) as plain slices.

use crate::error::Result;
use crate::tile::tile_arrays::TileArrays;
use crate::tile::tile_buffer::{BufferReader, Plain, Section, TileBuffer};
use crate::tile::tile_sections::{TileCounts, TilePlace, TileSections};

/// A section table and its buffer; neither changes after the plan.
#[derive(Debug, Clone)]
pub(crate) struct TileStore {
    sections: TileSections,
    buffer: TileBuffer,
}

impl TileStore {
    /// A zeroed store for `counts` ([`TileSections::plan`]).
    pub fn plan(counts: &TileCounts) -> Result<TileStore> {
        let (sections, buffer) = TileSections::plan(counts)?;
        Ok(TileStore { sections, buffer })
    }

    pub fn sections(&self) -> &TileSections {
        &self.sections
    }

    /// The values of the table's section `pick` chooses.
    #[inline]
    pub fn get<T: Plain>(&self, pick: impl FnOnce(&TileSections) -> Section<T>) -> &[T] {
        // SAFETY: `plan` allocated the buffer for this table, and neither
        // field is replaced afterwards (private, with no `&mut` access to
        // either), so every section of the table lies inside the buffer.
        unsafe { self.buffer.get_unchecked(pick(&self.sections)) }
    }

    /// The values of `section` (of this table), to fill.
    pub fn get_mut<T: Plain>(&mut self, section: Section<T>) -> &mut [T] {
        self.buffer.get_mut(section)
    }

    /// [`TileBuffer::split`] of this store's buffer.
    pub fn split<W: Plain>(&mut self, write: Section<W>) -> (BufferReader<'_>, &mut [W]) {
        self.buffer.split(write)
    }

    /// The format's arrays, borrowed.
    pub fn arrays(&self, place: &TilePlace) -> TileArrays<'_> {
        self.sections.arrays(place, &self.buffer)
    }

    /// Copies the format's arrays of `data`, whose counts planned this
    /// store, into it.
    pub fn copy_in(&mut self, data: &TileArrays<'_>) {
        self.sections.copy_in(data, &mut self.buffer);
    }
}
