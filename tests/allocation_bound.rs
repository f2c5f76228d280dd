//! Hostile bytes never make the reader allocate more than their length
//! justifies ("Behaviour on bad input": counts are checked against the
//! remaining bytes first). A counting global allocator measures it; this
//! binary holds one test so no other thread allocates meanwhile.

mod tile_fixture;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use onav::{read_tile, write_tile, NavTile};
use tile_fixture::{full_tile, grid_tile, params, with_detail};

struct Counting;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);
static LARGEST: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::SeqCst);
        LARGEST.fetch_max(layout.size(), Ordering::SeqCst);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size, Ordering::SeqCst);
        LARGEST.fetch_max(new_size, Ordering::SeqCst);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Bytes allocated in total and in the largest single request while `f` runs.
fn measure(f: impl FnOnce()) -> (usize, usize) {
    ALLOCATED.store(0, Ordering::SeqCst);
    LARGEST.store(0, Ordering::SeqCst);
    f();
    (ALLOCATED.load(Ordering::SeqCst), LARGEST.load(Ordering::SeqCst))
}

#[test]
fn reading_allocates_in_proportion_to_the_input() {
    let p = params();
    let valid = write_tile(&NavTile::create(&p, full_tile(&p)).unwrap());

    // A 100-byte tile whose header claims 0xFFFFFFFF of each count.
    let mut hostile = valid[..100].to_vec();
    for offset in (44..72).step_by(4) {
        hostile[offset..offset + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    }
    hostile[48..52].copy_from_slice(&0u32.to_le_bytes()); // pass the polygon-count check
    hostile[56..60].copy_from_slice(&0u32.to_le_bytes());
    let (total, largest) = measure(|| assert!(read_tile(&p, &hostile).is_err()));
    assert!(total < 1024 && largest < 512, "hostile header allocated {total} bytes (largest {largest})");

    // Every single-count corruption of a valid tile and of a large one.
    let large = write_tile(&NavTile::create(&p, with_detail(grid_tile(&p, 16))).unwrap());
    for bytes in [&valid, &large] {
        for offset in (44..72).step_by(4) {
            for count in [u32::MAX, 1 << 20, 1 << 28] {
                let mut bad = bytes.to_vec();
                bad[offset..offset + 4].copy_from_slice(&count.to_le_bytes());
                let (total, largest) = measure(|| assert!(read_tile(&p, &bad).is_err()));
                assert!(total < 1024, "offset {offset} count {count}: allocated {total} (largest {largest})");
            }
        }
        // A valid read allocates a small multiple of its input. Its largest
        // allocation is the tile's one buffer: the decoded arrays (as long
        // as the input) and what validation derives from them (bounds and
        // first edge per polygon, edge and polygon per portal), less again.
        let (total, largest) = measure(|| {
            read_tile(&p, bytes).unwrap();
        });
        assert!(largest <= 2 * bytes.len(), "largest allocation {largest} for {} bytes", bytes.len());
        assert!(total <= 4 * bytes.len() + 1024, "allocated {total} for {} bytes", bytes.len());
    }
}
