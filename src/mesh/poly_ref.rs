//! Polygon and tile references (format text "References"; LAYOUT section 8
//! on TileRef and the slot limit).
//!
//! A reference packs salt (24 bits) | tile slot (20 bits) | polygon index
//! (20 bits), from the top of a u64. Salt 0 is never issued, so the zero
//! value is the null reference. Whether a well-formed reference is *valid*
//! depends on the mesh (`TiledNavMesh::is_valid`).

/// Bits of the salt, the slot and the polygon index, from the top.
pub const SALT_BITS: u32 = 24;
pub const SLOT_BITS: u32 = 20;
pub const POLYGON_BITS: u32 = 20;

/// Largest salt; salts run 1..=MAX_SALT.
pub const MAX_SALT: u32 = (1 << SALT_BITS) - 1;
/// Most slots a mesh may have: slot index 0xFFFFF is never used.
pub const MAX_SLOTS: u32 = (1 << SLOT_BITS) - 1;
/// Largest polygon index a reference can carry.
pub const MAX_POLYGON_INDEX: u32 = (1 << POLYGON_BITS) - 1;

const POLYGON_MASK: u64 = MAX_POLYGON_INDEX as u64;
const SLOT_MASK: u64 = MAX_SLOTS as u64;
const SLOT_SHIFT: u32 = POLYGON_BITS;
const SALT_SHIFT: u32 = POLYGON_BITS + SLOT_BITS;

/// A polygon reference: salt | slot | polygon index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct PolyRef(pub u64);

/// A tile reference: the PolyRef layout with polygon bits 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TileRef(pub u64);

/// True when the parts can form a reference a mesh could issue.
fn parts_fit(salt: u32, slot: u32, polygon: u32) -> bool {
    (1..=MAX_SALT).contains(&salt) && slot < MAX_SLOTS && polygon <= MAX_POLYGON_INDEX
}

fn pack(salt: u32, slot: u32, polygon: u32) -> u64 {
    debug_assert!(parts_fit(salt, slot, polygon));
    (u64::from(salt) << SALT_SHIFT) | (u64::from(slot) << SLOT_SHIFT) | u64::from(polygon)
}

impl PolyRef {
    /// The null reference; never valid.
    pub const NULL: PolyRef = PolyRef(0);

    /// Encodes the parts; `None` for salt 0 or above 24 bits, slot 0xFFFFF or
    /// above, or a polygon index above 20 bits.
    pub fn encode(salt: u32, slot: u32, polygon: u32) -> Option<PolyRef> {
        parts_fit(salt, slot, polygon).then(|| PolyRef(pack(salt, slot, polygon)))
    }

    /// (salt, slot, polygon).
    pub fn decode(self) -> (u32, u32, u32) {
        (self.salt(), self.slot(), self.polygon())
    }

    pub fn salt(self) -> u32 {
        (self.0 >> SALT_SHIFT) as u32
    }

    pub fn slot(self) -> u32 {
        ((self.0 >> SLOT_SHIFT) & SLOT_MASK) as u32
    }

    pub fn polygon(self) -> u32 {
        (self.0 & POLYGON_MASK) as u32
    }

    pub fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The reference of the polygon's tile.
    pub fn tile_ref(self) -> TileRef {
        TileRef(self.0 & !POLYGON_MASK)
    }
}

impl TileRef {
    /// The null reference; never valid.
    pub const NULL: TileRef = TileRef(0);

    /// Encodes (salt, slot); `None` when they do not fit (see [`PolyRef::encode`]).
    pub fn encode(salt: u32, slot: u32) -> Option<TileRef> {
        parts_fit(salt, slot, 0).then(|| TileRef(pack(salt, slot, 0)))
    }

    pub(crate) fn from_parts(salt: u32, slot: u32) -> TileRef {
        TileRef(pack(salt, slot, 0))
    }

    /// (salt, slot).
    pub fn decode(self) -> (u32, u32) {
        (self.salt(), self.slot())
    }

    pub fn salt(self) -> u32 {
        PolyRef(self.0).salt()
    }

    pub fn slot(self) -> u32 {
        PolyRef(self.0).slot()
    }

    pub fn is_null(self) -> bool {
        self.0 == 0
    }

    /// True when the polygon bits are 0, as every issued TileRef has.
    pub fn is_well_formed(self) -> bool {
        self.0 & POLYGON_MASK == 0 && parts_fit(self.salt(), self.slot(), 0)
    }

    /// The reference of polygon `index` of this tile; `None` above 20 bits.
    pub fn polygon(self, index: u32) -> Option<PolyRef> {
        (index <= MAX_POLYGON_INDEX).then(|| PolyRef(self.0 | u64::from(index)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_from_the_top() {
        let r = PolyRef::encode(0xABCDEF, 0x12345, 0x6789A).unwrap();
        assert_eq!(r.0, (0xABCDEF << 40) | (0x12345 << 20) | 0x6789A);
        assert_eq!(r.decode(), (0xABCDEF, 0x12345, 0x6789A));
        assert_eq!(r.tile_ref(), TileRef::encode(0xABCDEF, 0x12345).unwrap());
        assert_eq!(r.tile_ref().polygon(0x6789A), Some(r));
    }

    #[test]
    fn limits() {
        assert!(PolyRef::encode(0, 0, 0).is_none());
        assert!(PolyRef::encode(MAX_SALT + 1, 0, 0).is_none());
        assert!(PolyRef::encode(1, MAX_SLOTS, 0).is_none());
        assert!(PolyRef::encode(1, MAX_SLOTS - 1, MAX_POLYGON_INDEX).is_some());
        assert!(PolyRef::encode(1, 0, MAX_POLYGON_INDEX + 1).is_none());
        assert!(PolyRef::NULL.is_null() && TileRef::NULL.is_null());
        assert!(!TileRef(PolyRef::encode(1, 0, 3).unwrap().0).is_well_formed());
        assert!(TileRef::encode(MAX_SALT, 7).unwrap().is_well_formed());
    }
}
