//! Which tiles' off-mesh links end in which columns.
//!
//! The text re-stitches every tile once any tile has off-mesh links
//! ("Stitching (links)", "Order"), because an end point can be anywhere.
//! This index narrows that: an edit in a column can only change the
//! attachment of links ending in that column, so only their owners (and the
//! tiles holding their reverse links) need re-stitching. Owner lists are
//! Arc-shared so a mesh clone copies none of them and an edit copies only
//! the lists it changes.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

use crate::stitch::portal_stitching::Column;

/// Owner slots whose links end in each column, ascending.
#[derive(Debug, Clone, Default)]
pub(crate) struct OffMeshIndex {
    owners: ColumnMap<Arc<Vec<u32>>>,
}

impl OffMeshIndex {
    /// Records that `owner` has links ending in each of `columns`.
    /// A column named again changes nothing.
    pub fn insert(&mut self, owner: u32, columns: impl IntoIterator<Item = Column>) {
        for column in columns {
            let list = Arc::make_mut(self.owners.entry(column).or_default());
            if let Err(at) = list.binary_search(&owner) {
                list.insert(at, owner);
            }
        }
    }

    /// Forgets `owner`'s links ending in `columns`; a column named again
    /// changes nothing.
    pub fn remove(&mut self, owner: u32, columns: impl IntoIterator<Item = Column>) {
        for column in columns {
            let Some(shared) = self.owners.get_mut(&column) else { continue };
            let list = Arc::make_mut(shared);
            if let Ok(at) = list.binary_search(&owner) {
                list.remove(at);
            }
            if list.is_empty() {
                self.owners.remove(&column);
            }
        }
    }

    /// Slots of tiles with a link ending in `column`, ascending.
    pub fn owners_ending_in(&self, column: Column) -> &[u32] {
        self.owners.get(&column).map_or(&[], |list| list.as_slice())
    }
}

/// A hash map keyed by column.
pub(crate) type ColumnMap<V> = HashMap<Column, V, ColumnHashBuilder>;

/// Builds [`ColumnHasher`]s with a key drawn per map from the standard
/// library's random source, so hostile tile coordinates (a mesh read from
/// bytes) cannot be chosen to collide, while hashing stays a few multiplies.
#[derive(Debug, Clone)]
pub(crate) struct ColumnHashBuilder {
    key: u64,
}

impl Default for ColumnHashBuilder {
    fn default() -> Self {
        ColumnHashBuilder { key: std::collections::hash_map::RandomState::new().hash_one(0u64) }
    }
}

impl BuildHasher for ColumnHashBuilder {
    type Hasher = ColumnHasher;

    fn build_hasher(&self) -> ColumnHasher {
        ColumnHasher { key: self.key, words: 0 }
    }
}

/// Gathers what is written and mixes it once, with the key, by the
/// SplitMix64 finaliser. A column's two coordinates fill the 64 bits
/// exactly, so distinct columns never share a hash: the finaliser is a
/// bijection.
pub(crate) struct ColumnHasher {
    key: u64,
    words: u64,
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Hasher for ColumnHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.words = self.words.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_i32(&mut self, value: i32) {
        self.words = self.words.rotate_left(32) ^ u64::from(value as u32);
    }

    fn finish(&self) -> u64 {
        mix(self.key ^ self.words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_hashes_both_coordinates_whole() {
        let builder = ColumnHashBuilder::default();
        let columns = [(0, 0), (0, 1), (1, 0), (-1, 0), (0, -1), (i32::MAX, i32::MIN), (i32::MIN, i32::MAX)];
        let hashes: std::collections::HashSet<u64> = columns.iter().map(|c| builder.hash_one(c)).collect();
        assert_eq!(hashes.len(), columns.len());
        assert_eq!(builder.hash_one((3, -7)), builder.hash_one((3, -7)));
    }

    #[test]
    fn owners_stay_sorted_and_unique() {
        let mut index = OffMeshIndex::default();
        index.insert(7, [(0, 0), (1, 0), (0, 0)]);
        index.insert(3, [(0, 0)]);
        index.insert(7, [(0, 0)]);
        assert_eq!(index.owners_ending_in((0, 0)), &[3, 7]);
        let snapshot = index.clone();
        index.remove(7, [(1, 0), (0, 0), (1, 0)]);
        assert_eq!(index.owners_ending_in((0, 0)), &[3]);
        assert!(index.owners_ending_in((1, 0)).is_empty());
        assert_eq!(snapshot.owners_ending_in((0, 0)), &[3, 7]);
    }
}
