//! The byte-order rule ("Byte layout": little-endian throughout): every read
//! and write of the format goes through explicit little-endian conversions
//! (`from_le_bytes` / `to_le_bytes`), so no result depends on the host.
//! Since no big-endian machine, cross standard library or Miri can run
//! here, this test enforces the rule on the source instead.
//!
//! The rule, checked on the code of every `.rs` file under `src/` (comments
//! and string literals are ignored):
//!
//! 1. Nowhere: `transmute`, `transmute_copy`, `from_ne_bytes`,
//!    `to_ne_bytes`, `from_be_bytes`, `to_be_bytes`, `align_to`,
//!    `align_to_mut`, `read_unaligned`, `write_unaligned` (each either reads
//!    memory in host order or reinterprets a byte buffer).
//! 2. Outside `src/ffi/` and the measured hot paths of [`HOT_PATHS`]: no
//!    `unsafe` at all and no raw-pointer cast (`as *const T`, `as *mut T`,
//!    `.cast()`, `.cast::<T>()`), so no byte buffer can be reinterpreted as
//!    wider values.
//! 3. In `src/ffi/` and [`HOT_PATHS`], the only places with `unsafe`: a
//!    raw-pointer cast is
//!    allowed only under a comment line `// BYTE-ORDER: <why>` directly
//!    above it (other comment lines may sit between), saying why the cast
//!    does not reinterpret format bytes (for example a `c_char` string).
//!    Today the C surface has no cast at all: it copies typed arrays the
//!    caller passes and writes bytes produced by the Rust writer.

use std::path::{Path, PathBuf};

/// Names that read or reinterpret memory in host order.
const FORBIDDEN_NAMES: &[&str] = &[
    "transmute",
    "transmute_copy",
    "from_ne_bytes",
    "to_ne_bytes",
    "from_be_bytes",
    "to_be_bytes",
    "align_to",
    "align_to_mut",
    "read_unaligned",
    "write_unaligned",
];

const JUSTIFICATION: &str = "// BYTE-ORDER:";

#[derive(Debug, PartialEq)]
struct Violation {
    line: usize,
    what: String,
}

/// Files under `src/` outside the C surface that may hold `unsafe`: hot
/// paths where a benchmark showed the gain (`stitch/prefetch.rs`: cache prefetch
/// hints for stitching, see its module comment; `tile/tile_buffer.rs`: a
/// tile's arrays in one allocation, issue 24's peer `edits` table;
/// `tile/tile_store.rs` and `tile/nav_tile.rs`: a validated tile's
/// sections and polygon edges read without checking again, `docs/QUERIES.md`
/// "Sixth round: the polygon look-up"; slice reads, no pointer casts).
const HOT_PATHS: &[&str] = &["stitch/prefetch.rs", "tile/tile_buffer.rs", "tile/tile_store.rs", "tile/nav_tile.rs"];

/// Where a source file lies, which decides the rule it follows.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    Core,
    /// `src/ffi/` or one of [`HOT_PATHS`].
    Ffi,
}

/// `source` with comments and the contents of string and char literals
/// blanked out; newlines are kept so line numbers stay right.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let skip_to = match (chars[i], chars.get(i + 1).copied()) {
            ('/', Some('/')) => line_comment_end(&chars, i),
            ('/', Some('*')) => block_comment_end(&chars, i),
            ('"', _) => string_end(&chars, i),
            ('r', Some('"' | '#')) if !continues_identifier(&chars, i) => raw_string_end(&chars, i),
            ('\'', _) => char_literal_end(&chars, i),
            _ => None,
        };
        match skip_to {
            Some(end) => {
                out.extend(chars[i..end].iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
                i = end;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

/// True when the character before `i` is part of an identifier, so `r` at
/// `i` is not the start of a raw string.
fn continues_identifier(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

fn line_comment_end(chars: &[char], start: usize) -> Option<usize> {
    Some(chars[start..].iter().position(|&c| c == '\n').map_or(chars.len(), |n| start + n))
}

/// End of a (possibly nested) block comment.
fn block_comment_end(chars: &[char], start: usize) -> Option<usize> {
    let mut depth = 0;
    let mut i = start;
    while i + 1 < chars.len() {
        match (chars[i], chars[i + 1]) {
            ('/', '*') => {
                depth += 1;
                i += 2;
            }
            ('*', '/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    Some(chars.len())
}

fn string_end(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    Some(chars.len())
}

/// `r"..."` or `r#"..."#` with any number of hashes.
fn raw_string_end(chars: &[char], start: usize) -> Option<usize> {
    let hashes = chars[start + 1..].iter().take_while(|&&c| c == '#').count();
    let open = start + 1 + hashes;
    if chars.get(open) != Some(&'"') {
        return None;
    }
    let closing: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
    (open + 1..chars.len())
        .find(|&i| chars[i..].starts_with(&closing))
        .map_or(Some(chars.len()), |i| Some(i + closing.len()))
}

/// A char literal (`'x'`, `'\n'`, `'\''`); `None` for a lifetime.
fn char_literal_end(chars: &[char], start: usize) -> Option<usize> {
    match chars.get(start + 1) {
        Some('\\') => chars[start + 2..].iter().skip(1).position(|&c| c == '\'').map(|n| start + 4 + n),
        Some(_) if chars.get(start + 2) == Some(&'\'') => Some(start + 3),
        _ => None,
    }
}

/// A token of the code with its 1-based line: an identifier or one
/// punctuation character.
struct Token {
    text: String,
    line: usize,
}

fn tokens(code: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut in_word = false;
    for (line_index, line) in code.lines().enumerate() {
        for c in line.chars() {
            let word_char = c.is_alphanumeric() || c == '_';
            if word_char && in_word {
                out.last_mut().expect("a word is open").text.push(c);
            } else if !c.is_whitespace() {
                out.push(Token { text: c.to_string(), line: line_index + 1 });
            }
            in_word = word_char;
        }
        in_word = false;
    }
    out
}

/// True when the tokens at `i` start a raw-pointer cast.
fn is_pointer_cast(t: &[Token], i: usize) -> bool {
    let text = |k: usize| t.get(i + k).map_or("", |token| token.text.as_str());
    let as_raw_pointer = text(0) == "as" && text(1) == "*" && matches!(text(2), "const" | "mut");
    let cast_method = text(0) == "." && text(1) == "cast" && matches!(text(2), "(" | ":");
    as_raw_pointer || cast_method
}

/// True when a `// BYTE-ORDER:` comment sits in the block of comment lines
/// directly above line `line` (1-based).
fn is_justified(source_lines: &[&str], line: usize) -> bool {
    source_lines[..line - 1]
        .iter()
        .rev()
        .map(|l| l.trim_start())
        .take_while(|l| l.starts_with("//"))
        .any(|l| l.starts_with(JUSTIFICATION))
}

/// Every breach of the byte-order rule in one file's `source`.
fn violations(place: Place, source: &str) -> Vec<Violation> {
    let source_lines: Vec<&str> = source.lines().collect();
    let t = tokens(&code_only(source));
    let mut out = Vec::new();
    for (i, token) in t.iter().enumerate() {
        let what = if FORBIDDEN_NAMES.contains(&token.text.as_str()) {
            Some(format!("`{}` reads or reinterprets memory in host order", token.text))
        } else if place == Place::Core && token.text == "unsafe" {
            Some("`unsafe` outside src/ffi/".to_string())
        } else if is_pointer_cast(&t, i) && (place == Place::Core || !is_justified(&source_lines, token.line)) {
            Some(format!("raw-pointer cast without a `{JUSTIFICATION}` comment in src/ffi/"))
        } else {
            None
        };
        out.extend(what.map(|what| Violation { line: token.line, what }));
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn src_reads_and_writes_bytes_only_by_explicit_little_endian_conversions() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let ffi = src.join("ffi");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 10, "found only {} files under {}", files.len(), src.display());
    let mut report = Vec::new();
    for path in files {
        let hot_path = HOT_PATHS.iter().any(|name| path == src.join(name));
        let place = if path.starts_with(&ffi) || hot_path { Place::Ffi } else { Place::Core };
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for v in violations(place, &source) {
            report.push(format!("{}:{}: {}", path.display(), v.line, v.what));
        }
    }
    assert!(report.is_empty(), "byte-order rule broken:\n{}", report.join("\n"));
}

mod scanner {
    use super::*;

    fn lines_of(place: Place, source: &str) -> Vec<usize> {
        violations(place, source).iter().map(|v| v.line).collect()
    }

    #[test]
    fn every_forbidden_name_is_caught() {
        for name in FORBIDDEN_NAMES {
            let source = format!("fn f(b: [u8; 4]) -> u32 {{\n    u32::{name}(b)\n}}\n");
            assert_eq!(lines_of(Place::Core, &source), [2], "{name}");
            assert_eq!(lines_of(Place::Ffi, &source), [2], "{name} in src/ffi");
        }
    }

    #[test]
    fn little_endian_conversions_pass() {
        let source = "fn f(b: [u8; 4]) -> [u8; 4] { u32::from_le_bytes(b).to_le_bytes() }";
        assert!(violations(Place::Core, source).is_empty());
    }

    #[test]
    fn pointer_casts_of_byte_buffers_are_caught() {
        let casts = [
            "let p = bytes.as_ptr() as *const u32;",
            "let p = bytes.as_ptr()  as  * const f64;",
            "let p = bytes.as_mut_ptr() as *mut u64;",
            "let p = bytes.as_ptr() as *const _;",
            "let p = bytes.as_ptr().cast::<f32>();",
            "let p: *const u16 = bytes.as_ptr().cast();",
        ];
        for cast in casts {
            assert_eq!(lines_of(Place::Core, cast), [1], "{cast}");
            assert_eq!(lines_of(Place::Ffi, cast), [1], "{cast} in src/ffi");
        }
    }

    #[test]
    fn unsafe_is_caught_outside_ffi_only() {
        let source = "fn f(p: *const u8) -> u8 {\n    unsafe { *p }\n}\n";
        assert_eq!(lines_of(Place::Core, source), [2]);
        assert!(violations(Place::Ffi, source).is_empty());
    }

    #[test]
    fn a_justified_cast_passes_in_ffi_only() {
        let source = "fn f(s: *const u8) {\n    // BYTE-ORDER: a C string, read byte by byte.\n    // More words.\n    let c = s as *const c_char;\n}\n";
        assert!(violations(Place::Ffi, source).is_empty());
        assert_eq!(lines_of(Place::Core, source), [4]);
        let separated = "// BYTE-ORDER: too far away.\nlet x = 1;\nlet c = s as *const c_char;\n";
        assert_eq!(lines_of(Place::Ffi, separated), [3]);
    }

    #[test]
    fn comments_and_literals_are_ignored() {
        let source = r####"
// never transmuted, no from_ne_bytes
/* as *const u32 /* nested transmute */ still a comment */
let s = "transmute as *const u32 \" unsafe";
let r = r#"align_to "to_ne_bytes""#;
let c = '"'; let lifetime: &'static str = "x";
fn g<'a>(x: &'a [u8]) {}
"####;
        assert!(violations(Place::Core, source).is_empty(), "{:?}", violations(Place::Core, source));
        let after_literals = format!("{source}let v = x.to_ne_bytes();\n");
        assert_eq!(lines_of(Place::Core, &after_literals), [8]);
    }
}
