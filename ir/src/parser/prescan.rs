//! Finding function bodies' ends in parallel, before phase 1.
//!
//! Phase 1 is sequential and most of its time went into skipping bodies
//! (a byte scan over nearly the whole file) and into faulting in the
//! file's pages as that scan reached them. This pre-scan splits the text
//! into chunks scanned in parallel: in each chunk, every line that starts
//! with `define` and ends with `{` (how LLVM prints a definition) gives a
//! candidate body, whose end the chunk's worker finds with the same brace
//! scan phase 1 uses ([`Lexer::skip_balanced_braces`]).
//!
//! Invariant: a candidate is only a hint. Phase 1 asks [`BodyEnds::take`]
//! for the end of the body whose `{` it actually reached; a candidate is
//! used only when its `{` is that one, and then its end is what phase 1's
//! own scan from there would give (the scan depends on nothing but the
//! text and the start). Anything else (a header spread over lines, a
//! `define` line inside a string, no candidate) falls back to the scan in
//! phase 1, so the result never depends on the pre-scan.

use crate::lexer::Lexer;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Bytes per chunk: large enough that a chunk's work dwarfs its
/// scheduling, small enough to spread a big module over the workers.
const CHUNK: usize = 1 << 20;

/// Body ends found by the pre-scan, in text order.
#[derive(Default)]
pub(super) struct BodyEnds {
    /// `(offset after the '{', offset after the matching '}')`.
    ends: Vec<(usize, usize)>,
    /// The first entry [`BodyEnds::take`] has not passed.
    next: usize,
}

impl BodyEnds {
    /// The end (offset after the `}`) of the body whose `{` ends at
    /// `after_brace`, if the pre-scan found it. Phase 1 asks in increasing
    /// order of `after_brace`.
    pub(super) fn take(&mut self, after_brace: usize) -> Option<usize> {
        while self
            .ends
            .get(self.next)
            .is_some_and(|&(b, _)| b < after_brace)
        {
            self.next += 1;
        }
        match self.ends.get(self.next) {
            Some(&(b, end)) if b == after_brace => {
                self.next += 1;
                Some(end)
            }
            _ => None,
        }
    }
}

/// Where the pre-scan's time went: its wall time, and per chunk the time
/// summed and the largest.
#[derive(Copy, Clone, Debug, Default)]
pub struct ScanTimes {
    pub wall: Duration,
    pub sum: Duration,
    pub largest: Duration,
}

/// Scans `src` in parallel chunks for bodies and their ends.
pub(super) fn scan(src: &str, times: &mut ScanTimes) -> BodyEnds {
    let t0 = Instant::now();
    let chunks = src.len().div_ceil(CHUNK);
    let found: Vec<(Vec<(usize, usize)>, Duration)> = (0..chunks)
        .into_par_iter()
        .map(|k| {
            let t = Instant::now();
            let a = k * CHUNK;
            let b = (a + CHUNK).min(src.len());
            (scan_chunk(src, a, b), t.elapsed())
        })
        .collect();
    let mut ends = Vec::with_capacity(found.iter().map(|(v, _)| v.len()).sum());
    for (v, d) in found {
        ends.extend(v);
        times.sum += d;
        times.largest = times.largest.max(d);
    }
    times.wall = t0.elapsed();
    BodyEnds { ends, next: 0 }
}

/// The candidate bodies of the lines that start in `a..b`.
fn scan_chunk(src: &str, a: usize, b: usize) -> Vec<(usize, usize)> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut line = |s: usize| {
        let rest = &bytes[s..];
        if !(rest.starts_with(b"define") && matches!(rest.get(6), Some(b' ' | b'\t'))) {
            return;
        }
        let e = memchr::memchr(b'\n', rest).map_or(bytes.len(), |n| s + n);
        let Some(last) = bytes[s..e]
            .iter()
            .rposition(|c| !matches!(c, b' ' | b'\t' | b'\r'))
        else {
            return;
        };
        if bytes[s + last] != b'{' {
            return;
        }
        let open = s + last + 1;
        let mut lex = Lexer::new(src, open, src.len());
        if let Some(end) = lex.skip_balanced_braces() {
            out.push((open, end));
        }
    };
    if a == 0 {
        line(0);
    }
    // Line starts in `a..b` other than the file's start: after a newline
    // at `a - 1 .. b - 1`, followed by `define`.
    let from = a.saturating_sub(1);
    let last = b.saturating_sub(1).max(from);
    let hay = &bytes[from..(last + 7).min(bytes.len())];
    for n in memchr::memmem::find_iter(hay, b"\ndefine") {
        if from + n >= last {
            break;
        }
        line(from + n + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ends(src: &str) -> Vec<(usize, usize)> {
        scan(src, &mut ScanTimes::default()).ends
    }

    #[test]
    fn finds_bodies_at_line_start() {
        let src = "define void @f() {\n  ret void\n}\n; define void @g() {\ndefine i32 @h() #0 {\n  ret i32 \"}\"\n}\n";
        let f = src.find('{').unwrap() + 1;
        let h = src.rfind("#0 {").unwrap() + 4;
        let e = ends(src);
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].0, f);
        assert_eq!(&src[e[0].1 - 1..e[0].1], "}");
        assert_eq!(e[1].0, h);
        assert_eq!(e[1].1, src.len() - 1);
    }

    #[test]
    fn take_matches_only_the_brace_phase_1_reached() {
        let mut b = BodyEnds {
            ends: vec![(10, 20), (30, 40)],
            next: 0,
        };
        assert_eq!(b.take(5), None);
        assert_eq!(b.take(30), Some(40));
        assert_eq!(b.take(35), None);
    }

    #[test]
    fn lines_on_chunk_boundaries() {
        // A body whose `define` starts exactly at a chunk boundary, and
        // one whose line's newline is the chunk's last byte.
        let pad = |n: usize| format!("{}\n", ";".repeat(n - 1));
        let mut src = pad(CHUNK);
        src.push_str("define void @f() {\n  ret void\n}\n");
        let k = 2 * CHUNK - src.len();
        src.push_str(&pad(k));
        src.push_str("define void @g() {\n  ret void\n}\n");
        let e = ends(&src);
        assert_eq!(e.len(), 2, "{e:?}");
        assert_eq!(e[0].0, CHUNK + "define void @f() {".len());
        assert_eq!(e[1].0, 2 * CHUNK + "define void @g() {".len());
    }
}
