//! The mesh, snapshot and envelope readers (`read_mesh`, snapshot restore,
//! `NavMesh::load`, `NavWorld::load`) never allocate more than their input
//! justifies ("Behaviour on bad input": counts are checked against the
//! remaining bytes first). A counting global allocator measures it, as in
//! `tests/allocation_bound.rs`; this binary holds one test so no other
//! thread allocates meanwhile.
//!
//! - Short inputs whose header claims huge counts or lengths allocate next
//!   to nothing (under [`HOSTILE_HEADER_BYTES`] in total).
//! - Valid inputs, and every corruption of one that writes a u32 count-like
//!   value at any byte offset, allocate at most [`PER_INPUT_BYTE`] times
//!   their length plus [`SLACK`] (snapshot restore: plus what restoring
//!   the valid snapshot allocates, since its tiles come from the library,
//!   not from its bytes).

mod input_2d;
mod tile_fixture;
#[path = "golden/cases.rs"]
mod cases;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use onav::{read_mesh, write_mesh, NavMesh, NavWorld, TileLibrary, TiledNavMesh};

struct Counting;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::SeqCst);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size, Ordering::SeqCst);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Total bytes a short hostile header may make a reader allocate: room for
/// an error message, nothing sized by a claimed count.
const HOSTILE_HEADER_BYTES: usize = 1024;

/// Bytes a reader may allocate per input byte. A valid read builds the
/// tiles (about 4× their ONPT bytes, see `tests/allocation_bound.rs`), the
/// slot table and the stitched links. Measured: 5× to 7× for the golden
/// mesh and envelopes (and for every corruption of them), 17× for an ONPM
/// of free slots (each 4-byte salt becomes a slot entry of about 68
/// bytes), the most a valid input can cost per byte. 24 leaves 40% margin
/// over that and still catches an allocation sized by a claimed count,
/// which costs its element size per 4 to 8 claimed bytes.
const PER_INPUT_BYTE: usize = 24;

/// Fixed allocations of any read (error messages, hash-set seeds).
const SLACK: usize = 4096;

/// Values written over the input: counts and lengths far beyond any input,
/// and small ones that pass the count checks and fail later.
/// Three values keep the run (every offset of four inputs) near ten
/// seconds in a debug build.
const HOSTILE_VALUES: [u32; 3] = [u32::MAX, 0xFFFF, 0x7F];

/// Bytes allocated in total while `f` runs.
fn allocated_by(f: impl FnOnce()) -> usize {
    ALLOCATED.store(0, Ordering::SeqCst);
    f();
    ALLOCATED.load(Ordering::SeqCst)
}

fn put_u32(bytes: &mut [u8], offset: usize, value: u32) {
    bytes[offset..offset + 4].copy_from_slice(&value.to_le_bytes());
}

/// One reader under test: its name, a valid input, and the read itself
/// (the result is dropped inside, so its deallocation is not counted).
struct Reader<'a> {
    name: &'static str,
    valid: Vec<u8>,
    read: ReadFn<'a>,
}

/// Reads bytes; true when they were accepted.
type ReadFn<'a> = Box<dyn Fn(&[u8]) -> bool + 'a>;

/// Every count a header claims, each set to u32::MAX in a prefix of a
/// valid input just long enough to reach it.
fn check_hostile_header(reader: &Reader, count_offsets: &[usize]) {
    for &offset in count_offsets {
        let mut short = reader.valid[..offset + 4 + 16].to_vec();
        put_u32(&mut short, offset, u32::MAX);
        let mut accepted = true;
        let total = allocated_by(|| accepted = (reader.read)(&short));
        assert!(!accepted, "{}: short input with a huge count at {offset} reads", reader.name);
        assert!(total < HOSTILE_HEADER_BYTES, "{}: huge count at {offset} allocated {total} bytes", reader.name);
    }
}

/// The valid input and every one-u32 corruption of it stay within the
/// proportional bound, `base` bytes added.
fn check_proportional(reader: &Reader, base: usize) {
    let bound = PER_INPUT_BYTE * reader.valid.len() + SLACK + base;
    let mut accepted = false;
    let total = allocated_by(|| accepted = (reader.read)(&reader.valid));
    assert!(accepted, "{}: the valid input does not read", reader.name);
    assert!(total <= bound, "{}: valid input of {} bytes allocated {total}", reader.name, reader.valid.len());
    for offset in 0..reader.valid.len() - 3 {
        for value in HOSTILE_VALUES {
            let mut bad = reader.valid.clone();
            put_u32(&mut bad, offset, value);
            let total = allocated_by(|| {
                (reader.read)(&bad);
            });
            assert!(total <= bound, "{}: {value:#x} at offset {offset} allocated {total} (bound {bound})", reader.name);
        }
    }
}

/// Offset of S (slot count) in ONPM and ONPS; T follows.
const SLOT_COUNT: usize = 76;

fn mesh_reader(valid: Vec<u8>) -> Reader<'static> {
    Reader { name: "read_mesh", valid, read: Box::new(|b| read_mesh(b).is_ok()) }
}

/// A valid ONPM of `slots` free slots (salt 1 each) and no tiles.
fn free_slots_mesh(slots: u32) -> Vec<u8> {
    let mut bytes = write_mesh(&TiledNavMesh::new(tile_fixture::params()).expect("valid parameters"));
    put_u32(&mut bytes, SLOT_COUNT, slots);
    for _ in 0..slots {
        bytes.extend_from_slice(&1u32.to_le_bytes());
    }
    bytes
}

fn snapshot_reader<'a>(library: &'a TileLibrary, target: &'a TiledNavMesh) -> Reader<'a> {
    let valid = cases::edited_mesh().snapshot();
    let read = move |bytes: &[u8]| target.clone().restore_snapshot(bytes, library).is_ok();
    Reader { name: "restore_snapshot", valid, read: Box::new(read) }
}

fn nav_mesh_reader() -> Reader<'static> {
    let valid = cases::nav_meshes().into_iter().next().expect("golden ONNM").bytes;
    Reader { name: "NavMesh::load", valid, read: Box::new(|b| NavMesh::load(b).is_ok()) }
}

fn nav_world_reader() -> Reader<'static> {
    let valid = cases::nav_worlds().into_iter().next().expect("golden ONNW").bytes;
    Reader { name: "NavWorld::load", valid, read: Box::new(|b| NavWorld::load(b).is_ok()) }
}

/// Offsets of the authored-link count and the mesh length in `envelope`,
/// the ONNM bytes of `mesh`: the length sits just before the ONPM bytes,
/// the count before the link records.
fn onnm_count_offsets(envelope: &[u8], mesh: &NavMesh) -> [usize; 2] {
    const LINK_RECORD_LEN: usize = 64;
    let mesh_length = envelope.len() - write_mesh(mesh.mesh()).len() - 4;
    [mesh_length - LINK_RECORD_LEN * mesh.settings().off_mesh_links().len() - 4, mesh_length]
}

#[test]
fn readers_allocate_in_proportion_to_the_input() {
    let mesh = mesh_reader(cases::meshes().into_iter().last().expect("golden meshes").bytes);
    check_hostile_header(&mesh, &[SLOT_COUNT, SLOT_COUNT + 4]);
    check_proportional(&mesh, 0);
    check_proportional(&mesh_reader(free_slots_mesh(256)), 0);

    let library = cases::snapshot_library();
    let target = TiledNavMesh::new(tile_fixture::params()).expect("valid parameters");
    let snapshot = snapshot_reader(&library, &target);
    check_hostile_header(&snapshot, &[SLOT_COUNT, SLOT_COUNT + 4]);
    let restore_cost = allocated_by(|| assert!((snapshot.read)(&snapshot.valid)));
    check_proportional(&snapshot, restore_cost);

    let nav_mesh = nav_mesh_reader();
    let loaded = NavMesh::load(&nav_mesh.valid).expect("golden ONNM loads");
    check_hostile_header(&nav_mesh, &onnm_count_offsets(&nav_mesh.valid, &loaded));
    check_proportional(&nav_mesh, 0);

    let world = nav_world_reader();
    check_hostile_header(&world, &[8, 12]);
    check_proportional(&world, 0);
    check_many_claimed_classes();
}

/// ONNW bytes of a header, a class count N and 8·N zero bytes (the most
/// classes the layout's 8-bytes-per-class bound lets through) must not make
/// the reader reserve room for N meshes before reading one.
fn check_many_claimed_classes() {
    let classes = 100_000u32;
    let mut bytes = b"ONNW\x01\x00\x00\x00".to_vec();
    bytes.extend_from_slice(&classes.to_le_bytes());
    bytes.resize(bytes.len() + 8 * classes as usize, 0);
    let total = allocated_by(|| assert!(NavWorld::load(&bytes).is_err()));
    assert!(total <= PER_INPUT_BYTE * bytes.len() + SLACK, "{} bytes allocated {total}", bytes.len());
}
