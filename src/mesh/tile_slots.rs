//! Numbered tile slots with 24-bit salts (format text "References"; LAYOUT
//! section 8 "Limits" and "Slots").
//!
//! Slots are created on demand and never shrink: the slot count is part of
//! the mesh's serialized state (LAYOUT section 4), as is every slot's salt.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::error::{NavMeshError, Result};
use crate::mesh::poly_ref::{MAX_SALT, MAX_SLOTS};

/// The salt after `salt`: `(salt + 1) & 0xFFFFFF`, skipping 0.
pub fn next_salt(salt: u32) -> u32 {
    match (salt + 1) & MAX_SALT {
        0 => 1,
        next => next,
    }
}

/// Slots holding `T`, their salts and the set of free slots.
#[derive(Debug, Clone)]
pub(crate) struct TileSlots<T> {
    salts: Vec<u32>,
    items: Vec<Option<T>>,
    /// Free slots, lowest on top, so a new tile takes the lowest one.
    free: BinaryHeap<Reverse<u32>>,
    occupied: usize,
}

impl<T> Default for TileSlots<T> {
    fn default() -> Self {
        TileSlots { salts: Vec::new(), items: Vec::new(), free: BinaryHeap::new(), occupied: 0 }
    }
}

impl<T> TileSlots<T> {
    /// Slots with the given salts (each 1..=0xFFFFFF) and items; every slot
    /// without an item is free.
    pub fn restore(salts: Vec<u32>, items: Vec<Option<T>>) -> Self {
        debug_assert_eq!(salts.len(), items.len());
        debug_assert!(salts.iter().all(|s| (1..=MAX_SALT).contains(s)));
        let free = (0..items.len() as u32).filter(|&s| items[s as usize].is_none()).map(Reverse).collect();
        let occupied = items.iter().filter(|i| i.is_some()).count();
        TileSlots { salts, items, free, occupied }
    }

    /// Slots ever created (S of the ONPM layout).
    pub fn slot_count(&self) -> u32 {
        self.salts.len() as u32
    }

    /// Slots holding an item.
    pub fn occupied_count(&self) -> usize {
        self.occupied
    }

    pub fn salts(&self) -> &[u32] {
        &self.salts
    }

    pub fn salt(&self, slot: u32) -> Option<u32> {
        self.salts.get(slot as usize).copied()
    }

    pub fn get(&self, slot: u32) -> Option<&T> {
        self.items.get(slot as usize)?.as_ref()
    }

    pub fn get_mut(&mut self, slot: u32) -> Option<&mut T> {
        self.items.get_mut(slot as usize)?.as_mut()
    }

    /// Occupied slots in ascending order.
    pub fn occupied(&self) -> impl Iterator<Item = (u32, &T)> {
        self.items.iter().enumerate().filter_map(|(s, item)| Some((s as u32, item.as_ref()?)))
    }

    /// Occupied slots' items in ascending slot order, for changing them in
    /// place.
    pub fn occupied_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.items.iter_mut().flatten()
    }

    /// The slot the next insert would take, or an invalid-operation error
    /// when every one of the 1 048 575 slots holds a tile.
    pub fn next_slot(&self) -> Result<u32> {
        match self.free.peek() {
            Some(&Reverse(slot)) => Ok(slot),
            None if self.slot_count() < MAX_SLOTS => Ok(self.slot_count()),
            None => Err(NavMeshError::InvalidOperation(format!("all {MAX_SLOTS} tile slots hold tiles"))),
        }
    }

    /// Puts `item` into the lowest free slot, creating a slot (salt 1) when
    /// none is free; a reused slot keeps its current salt.
    pub fn insert(&mut self, item: T) -> Result<u32> {
        let slot = self.next_slot()?;
        if self.free.pop().is_none() {
            self.salts.push(1);
            self.items.push(None);
        }
        self.items[slot as usize] = Some(item);
        self.occupied += 1;
        Ok(slot)
    }

    /// Swaps the item of an occupied slot and advances its salt.
    pub fn replace(&mut self, slot: u32, item: T) -> T {
        let old = self.items[slot as usize].replace(item).expect("replace of a free slot");
        self.advance_salt(slot);
        old
    }

    /// Empties an occupied slot and advances its salt.
    pub fn remove(&mut self, slot: u32) -> T {
        let old = self.items[slot as usize].take().expect("remove of a free slot");
        self.advance_salt(slot);
        self.free.push(Reverse(slot));
        self.occupied -= 1;
        old
    }

    fn advance_salt(&mut self, slot: u32) {
        let salt = &mut self.salts[slot as usize];
        *salt = next_salt(*salt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salts_advance_and_wrap_past_zero() {
        assert_eq!(next_salt(1), 2);
        assert_eq!(next_salt(MAX_SALT - 1), MAX_SALT);
        assert_eq!(next_salt(MAX_SALT), 1);
    }

    #[test]
    fn lowest_free_slot_keeps_its_salt() {
        let mut slots = TileSlots::default();
        for item in ['a', 'b', 'c'] {
            slots.insert(item).unwrap();
        }
        assert_eq!(slots.salts(), &[1, 1, 1]);
        slots.remove(2);
        slots.remove(0);
        assert_eq!(slots.replace(1, 'B'), 'b');
        assert_eq!(slots.salts(), &[2, 2, 2]);
        assert_eq!(slots.insert('d').unwrap(), 0);
        assert_eq!(slots.insert('e').unwrap(), 2);
        assert_eq!(slots.insert('f').unwrap(), 3);
        assert_eq!(slots.salts(), &[2, 2, 2, 1]);
        assert_eq!(slots.occupied().map(|(_, &c)| c).collect::<String>(), "dBef");
    }

    #[test]
    fn restore_frees_empty_slots() {
        let mut slots = TileSlots::restore(vec![5, MAX_SALT, 9], vec![None, Some('x'), None]);
        assert_eq!(slots.occupied_count(), 1);
        assert_eq!(slots.insert('y').unwrap(), 0);
        slots.remove(1);
        assert_eq!(slots.salt(1), Some(1));
        assert_eq!(slots.insert('z').unwrap(), 1);
        assert_eq!(slots.insert('w').unwrap(), 2);
    }
}
