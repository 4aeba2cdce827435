//! The `.ll` lexer: turns bytes into tokens on demand.
//!
//! A token is a kind plus a byte span into the source; nothing is copied or
//! unescaped here. The lexer can start at any byte offset that begins a token,
//! which is how function bodies are lexed in parallel: the top-level parser
//! finds each body's span, and a worker lexes only that span. Every byte of the
//! file is lexed exactly once.
//!
//! Dispatch is one load from a token-start class table (`START`) and one
//! dense jump; comment and body-skipping scans run sixteen bytes at a time
//! (SSE2, the x86-64 baseline; SWAR and bytewise elsewhere and at the end).
//!
//! Invariants: spans are in bounds and lie on UTF-8 boundaries of ASCII bytes;
//! the lexer never panics on any input (bad bytes give `TokKind::Error`).

/// What a token is. Payload-carrying tokens keep their text in the span.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum TokKind {
    Eof,
    Error,
    /// `=`
    Equal,
    /// `,`
    Comma,
    /// `*`
    Star,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Less,
    Greater,
    /// `!` alone (before `{` or a specialized node name).
    Exclaim,
    /// `|` (in DIFlags).
    Bar,
    /// `...`
    DotDotDot,
    /// `%name` or `%"name"`; span covers the sigil.
    LocalVar,
    /// `%12`
    LocalId,
    /// `@name` or `@"name"`
    GlobalVar,
    /// `@12`
    GlobalId,
    /// `$name` or `$"name"`
    ComdatVar,
    /// `!name` (named metadata or attachment kind).
    MetadataVar,
    /// `!12`
    MetadataId,
    /// `!"..."`
    MetadataString,
    /// `#12`
    AttrGroupId,
    /// `#dbg_value` and other debug record keywords.
    DbgRecord,
    /// `name:` or `"name":`; span covers the colon.
    LabelStr,
    /// `12:`
    LabelId,
    /// `"..."`
    String,
    /// `c"..."`
    CString,
    /// A decimal integer, maybe negative.
    Int,
    /// `s0x...` / `u0x...`
    HexInt,
    /// A decimal float or a hex float (`0x...`, `0xK...`, ...).
    Float,
    /// `iN`
    IntType,
    /// A bare word: keyword, type name or DWARF enumerator.
    Ident,
}

/// A token: kind and byte span.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Tok {
    pub kind: TokKind,
    pub start: u32,
    pub end: u32,
}

/// Lexes `src[pos..end]` one token at a time.
#[derive(Clone)]
pub struct Lexer<'a> {
    /// The source up to the end of the lexed range (offsets stay absolute).
    src: &'a [u8],
    pos: usize,
}

/// Byte classes, one bit each.
const C_IDENT: u8 = 1; // [-a-zA-Z$._0-9]
const C_KEYWORD: u8 = 2; // [a-zA-Z0-9_.]
const C_DIGIT: u8 = 4;
const C_SPACE: u8 = 8;
/// Bytes that may end a keyword without changing the token: anything but
/// `:` `"` `-` `$` `\\` (and the keyword bytes themselves, which cannot
/// follow a maximal run).
const C_WORD_END: u8 = 16;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let alnum = b.is_ascii_alphanumeric();
        if alnum || b == b'-' || b == b'$' || b == b'.' || b == b'_' {
            t[c] |= C_IDENT;
        }
        if alnum || b == b'_' || b == b'.' {
            t[c] |= C_KEYWORD;
        }
        if b.is_ascii_digit() {
            t[c] |= C_DIGIT;
        }
        if b.is_ascii_whitespace() {
            t[c] |= C_SPACE;
        }
        if !matches!(b, b':' | b'"' | b'-' | b'$' | b'\\') {
            t[c] |= C_WORD_END;
        }
        c += 1;
    }
    t
};

/// What a token starting with a given byte is (`START`): a one-byte
/// punctuator (its kind in `PUNCT`), a word, a number, a sigil, or nothing.
const S_BAD: u8 = 0;
const S_PUNCT: u8 = 1;
const S_WORD: u8 = 2;
const S_NUMBER: u8 = 3;
const S_PERCENT: u8 = 4;
const S_AT: u8 = 5;
const S_DOT: u8 = 6;
const S_DOLLAR: u8 = 7;
const S_HASH: u8 = 8;
const S_BANG: u8 = 9;
const S_QUOTE: u8 = 10;

/// The token start class of each byte, so that `next_tok` dispatches with
/// one table load and one dense jump table.
static START: [u8; 256] = {
    let mut t = [S_BAD; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'-' | b'+' | b'0'..=b'9' => S_NUMBER,
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => S_WORD,
            b'%' => S_PERCENT,
            b'@' => S_AT,
            b'.' => S_DOT,
            b'$' => S_DOLLAR,
            b'#' => S_HASH,
            b'!' => S_BANG,
            b'"' => S_QUOTE,
            _ => S_BAD,
        };
        c += 1;
    }
    let mut i = 0;
    while i < PUNCTUATORS.len() {
        t[PUNCTUATORS[i].0 as usize] = S_PUNCT;
        i += 1;
    }
    t
};

/// The one-byte punctuators and their kinds.
const PUNCTUATORS: [(u8, TokKind); 12] = {
    use TokKind as K;
    [
        (b'=', K::Equal),
        (b',', K::Comma),
        (b'*', K::Star),
        (b'[', K::LSquare),
        (b']', K::RSquare),
        (b'{', K::LBrace),
        (b'}', K::RBrace),
        (b'(', K::LParen),
        (b')', K::RParen),
        (b'<', K::Less),
        (b'>', K::Greater),
        (b'|', K::Bar),
    ]
};

/// The kind of each one-byte punctuator (`Error` for other bytes).
static PUNCT: [TokKind; 256] = {
    let mut t = [TokKind::Error; 256];
    let mut i = 0;
    while i < PUNCTUATORS.len() {
        t[PUNCTUATORS[i].0 as usize] = PUNCTUATORS[i].1;
        i += 1;
    }
    t
};

#[inline]
fn is_ident_char(c: u8) -> bool {
    CLASS[c as usize] & C_IDENT != 0
}

impl<'a> Lexer<'a> {
    /// A lexer over `src[start..end]`.
    pub fn new(src: &'a str, start: usize, end: usize) -> Self {
        let src = &src.as_bytes()[..end.min(src.len())];
        Lexer {
            src,
            pos: start.min(src.len()),
        }
    }

    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves to byte offset `pos`, which must begin a token or trivia.
    pub fn set_pos(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }

    #[inline]
    fn peek_at(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    #[inline]
    fn skip_trivia(&mut self) {
        let src = self.src;
        let mut p = self.pos;
        while p < src.len() {
            let c = src[p];
            if CLASS[c as usize] & C_SPACE != 0 {
                p += 1;
            } else if c == b';' {
                p = find_newline(src, p);
            } else {
                break;
            }
        }
        self.pos = p;
    }

    /// The end of the run of bytes of class `class` starting at `p`.
    #[inline]
    fn run_end(&self, mut p: usize, class: u8) -> usize {
        let src = self.src;
        while p < src.len() && CLASS[src[p] as usize] & class != 0 {
            p += 1;
        }
        p
    }

    /// Scans a `"..."` string starting at the opening quote; returns the
    /// offset after the closing quote, or `None` if unterminated.
    #[inline]
    fn scan_string(&self, open: usize) -> Option<usize> {
        let rest = &self.src[open + 1..];
        rest.iter()
            .position(|&b| b == b'"')
            .map(|i| open + 1 + i + 1)
    }

    #[inline]
    fn tok(&mut self, kind: TokKind, start: usize, end: usize) -> Tok {
        self.pos = end;
        Tok {
            kind,
            start: start as u32,
            end: end as u32,
        }
    }

    /// Lexes a sigil-prefixed name (`%x`, `@"x"`, `%12`, `$x`).
    #[inline]
    fn sigil_name(&mut self, start: usize, named: TokKind, numbered: TokKind) -> Tok {
        let p = start + 1;
        let c = self.peek_at(p);
        if c == b'"' {
            return match self.scan_string(p) {
                Some(e) => self.tok(named, start, e),
                None => self.tok(TokKind::Error, start, self.src.len()),
            };
        }
        if c.is_ascii_digit() {
            let e = self.run_end(p, C_DIGIT);
            if !is_ident_char(self.peek_at(e)) {
                return self.tok(numbered, start, e);
            }
        }
        let e = self.run_end(p, C_IDENT);
        if e == p {
            return self.tok(TokKind::Error, start, p);
        }
        self.tok(named, start, e)
    }

    /// The next token.
    pub fn next_tok(&mut self) -> Tok {
        self.skip_trivia();
        let start = self.pos;
        if start >= self.src.len() {
            return Tok {
                kind: TokKind::Eof,
                start: self.src.len() as u32,
                end: self.src.len() as u32,
            };
        }
        let c = self.src[start];
        use TokKind as K;
        match START[c as usize] {
            S_PUNCT => self.tok(PUNCT[c as usize], start, start + 1),
            S_WORD => self.ident_or_label(start),
            S_NUMBER => self.number(start),
            S_PERCENT => self.sigil_name(start, K::LocalVar, K::LocalId),
            S_AT => self.sigil_name(start, K::GlobalVar, K::GlobalId),
            S_DOT => {
                if self.peek_at(start + 1) == b'.' && self.peek_at(start + 2) == b'.' {
                    self.tok(K::DotDotDot, start, start + 3)
                } else {
                    self.ident_or_label(start)
                }
            }
            S_DOLLAR => {
                let t = self.sigil_name(start, K::ComdatVar, K::ComdatVar);
                if t.kind == K::Error {
                    // `$` may also start a label or identifier.
                    self.ident_or_label(start)
                } else {
                    t
                }
            }
            S_HASH => self.attr_group_or_record(start),
            S_BANG => self.metadata_token(start),
            S_QUOTE => self.string_or_label(start),
            _ => self.bad_char(start),
        }
    }

    /// `"..."` or `"name":`.
    #[inline(never)]
    fn string_or_label(&mut self, start: usize) -> Tok {
        match self.scan_string(start) {
            Some(e) => {
                if self.peek_at(e) == b':' {
                    self.tok(TokKind::LabelStr, start, e + 1)
                } else {
                    self.tok(TokKind::String, start, e)
                }
            }
            None => self.tok(TokKind::Error, start, self.src.len()),
        }
    }

    /// A byte that starts no token: an error token covering one whole
    /// UTF-8 character, so spans stay on boundaries.
    #[cold]
    #[inline(never)]
    fn bad_char(&mut self, start: usize) -> Tok {
        let mut e = start + 1;
        while e < self.src.len() && (self.src[e] & 0xC0) == 0x80 {
            e += 1;
        }
        self.tok(TokKind::Error, start, e)
    }

    /// `#12` or a debug record keyword (`#dbg_value`).
    #[inline(never)]
    fn attr_group_or_record(&mut self, start: usize) -> Tok {
        use TokKind as K;
        let p = start + 1;
        if self.peek_at(p).is_ascii_digit() {
            let mut e = p;
            while self.peek_at(e).is_ascii_digit() {
                e += 1;
            }
            self.tok(K::AttrGroupId, start, e)
        } else {
            let mut e = p;
            while self.peek_at(e).is_ascii_alphanumeric() || self.peek_at(e) == b'_' {
                e += 1;
            }
            if e == p {
                self.tok(K::Error, start, p)
            } else {
                self.tok(K::DbgRecord, start, e)
            }
        }
    }

    /// A token starting with `!`.
    #[inline(never)]
    fn metadata_token(&mut self, start: usize) -> Tok {
        use TokKind as K;
        let p = start + 1;
        let n = self.peek_at(p);
        if n == b'"' {
            match self.scan_string(p) {
                Some(e) => self.tok(K::MetadataString, start, e),
                None => self.tok(K::Error, start, self.src.len()),
            }
        } else if n.is_ascii_digit() {
            let mut e = p;
            while self.peek_at(e).is_ascii_digit() {
                e += 1;
            }
            self.tok(K::MetadataId, start, e)
        } else if n.is_ascii_alphabetic() || matches!(n, b'-' | b'$' | b'.' | b'_' | b'\\') {
            let mut e = p;
            while is_ident_char(self.peek_at(e)) || self.peek_at(e) == b'\\' {
                e += 1;
            }
            self.tok(K::MetadataVar, start, e)
        } else {
            self.tok(K::Exclaim, start, p)
        }
    }

    #[inline(always)]
    fn ident_or_label(&mut self, start: usize) -> Tok {
        let src = self.src;
        // Keywords use [a-zA-Z0-9_.]; labels also allow `-` and `$`.
        let k = self.run_end(start, C_KEYWORD);
        let next = self.peek_at(k);
        if CLASS[next as usize] & C_WORD_END == 0 {
            // `:`, `"`, `-`, `$` or `\\` after the word: a label, `c"..."`,
            // or an error; all rare.
            return self.word_then_punct(start, k);
        }
        if k == start {
            return self.tok(TokKind::Error, start, start + 1);
        }
        self.tok(word_kind(&src[start..k]), start, k)
    }

    /// A word at `start..k` followed by a byte that may continue it into a
    /// label (`name:`, `a-b:`), start a `c"..."` string, or be an error.
    #[cold]
    fn word_then_punct(&mut self, start: usize, k: usize) -> Tok {
        if self.src[start] == b'c' && k == start + 1 && self.peek_at(k) == b'"' {
            return match self.scan_string(k) {
                Some(e) => self.tok(TokKind::CString, start, e),
                None => self.tok(TokKind::Error, start, self.src.len()),
            };
        }
        let e = self.run_end(k, C_IDENT);
        if self.peek_at(e) == b':' {
            return self.tok(TokKind::LabelStr, start, e + 1);
        }
        if k == start {
            return self.tok(TokKind::Error, start, start + 1);
        }
        // Not a label: the keyword part alone is the token.
        self.tok(word_kind(&self.src[start..k]), start, k)
    }

    #[inline]
    fn number(&mut self, start: usize) -> Tok {
        let mut p = start;
        let c = self.src[p];
        if c == b'-' || c == b'+' {
            p += 1;
            if !self.peek_at(p).is_ascii_digit() {
                // `-` may begin a label like `-foo:`.
                let mut e = start;
                while is_ident_char(self.peek_at(e)) {
                    e += 1;
                }
                if self.peek_at(e) == b':' && e > start + 1 {
                    return self.tok(TokKind::LabelStr, start, e + 1);
                }
                return self.tok(TokKind::Error, start, start + 1);
            }
        }
        // Hex float: 0x, 0xK, 0xL, 0xM, 0xH, 0xR.
        if c == b'0' && self.peek_at(p + 1) == b'x' {
            let mut e = p + 2;
            if matches!(self.peek_at(e), b'K' | b'L' | b'M' | b'H' | b'R') {
                e += 1;
            }
            let digits = e;
            while self.peek_at(e).is_ascii_hexdigit() {
                e += 1;
            }
            if e == digits {
                return self.tok(TokKind::Error, start, e);
            }
            return self.tok(TokKind::Float, start, e);
        }
        let mut e = p;
        while self.peek_at(e).is_ascii_digit() {
            e += 1;
        }
        // A label like `12:` or `1abc:`.
        if is_ident_char(self.peek_at(e)) && self.peek_at(e) != b'.' || self.peek_at(e) == b':' {
            let mut l = e;
            while is_ident_char(self.peek_at(l)) {
                l += 1;
            }
            if self.peek_at(l) == b':' {
                let all_digits = self.src[start..l].iter().all(u8::is_ascii_digit);
                let kind = if all_digits {
                    TokKind::LabelId
                } else {
                    TokKind::LabelStr
                };
                return self.tok(kind, start, l + 1);
            }
        }
        if self.peek_at(e) == b'.' {
            e += 1;
            while self.peek_at(e).is_ascii_digit() {
                e += 1;
            }
            if matches!(self.peek_at(e), b'e' | b'E') {
                let mut x = e + 1;
                if matches!(self.peek_at(x), b'-' | b'+') {
                    x += 1;
                }
                if self.peek_at(x).is_ascii_digit() {
                    while self.peek_at(x).is_ascii_digit() {
                        x += 1;
                    }
                    e = x;
                }
            }
            return self.tok(TokKind::Float, start, e);
        }
        self.tok(TokKind::Int, start, e)
    }

    /// Skips from just after an opening `{` to just after its matching `}`,
    /// stepping over strings and comments. Returns the offset after the `}`,
    /// or `None` if the file ends first.
    pub fn skip_balanced_braces(&mut self) -> Option<usize> {
        let mut depth = 1usize;
        let mut p = self.pos;
        let src = self.src;
        loop {
            p = find_stop(src, p);
            if p >= src.len() {
                self.pos = self.src.len();
                return None;
            }
            match src[p] {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos = p + 1;
                        return Some(p + 1);
                    }
                }
                b'"' => {
                    p = self.scan_string(p)?;
                    continue;
                }
                _ => {
                    // `;` comment: to the end of the line.
                    p = find_newline(src, p);
                    continue;
                }
            }
            p += 1;
        }
    }
}

/// The kind of a non-empty run of keyword bytes: `iN`, `s0x..`/`u0x..`, or a
/// bare word.
#[inline]
fn word_kind(word: &[u8]) -> TokKind {
    match word {
        [b'i', digits @ ..] if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) => {
            TokKind::IntType
        }
        [b's' | b'u', b'0', b'x', hex @ ..]
            if !hex.is_empty() && hex.iter().all(u8::is_ascii_hexdigit) =>
        {
            TokKind::HexInt
        }
        _ => TokKind::Ident,
    }
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// High bit set in bytes of `w` equal to `b`. Bytes above the lowest match
/// may be flagged falsely (borrows run upward), so only the lowest flagged
/// byte is meaningful.
#[inline]
fn has(w: u64, b: u8) -> u64 {
    let x = w ^ (LO * b as u64);
    x.wrapping_sub(LO) & !x & HI
}

/// Eight bytes of `src` at `p` as a little-endian word, if there are eight.
#[inline]
fn word_at(src: &[u8], p: usize) -> Option<u64> {
    let w = src.get(p..p + 8)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(w);
    Some(u64::from_le_bytes(a))
}

/// Scans `src` from `p` sixteen bytes at a time (SSE2, part of the x86-64
/// baseline) for any of the bytes in `set`. Returns the offset of the first
/// match, or the first offset with fewer than sixteen bytes left (the caller
/// finishes the scan), so the result never passes a match.
#[inline]
fn scan16(src: &[u8], mut p: usize, set: [u8; 4]) -> usize {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is always enabled on x86-64, and every load reads the
    // sixteen bytes at `p` only while `p + 16 <= src.len()` (no alignment
    // requirement for `loadu`).
    unsafe {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
            _mm_set1_epi8,
        };
        let [a, b, c, d] = set.map(|x| _mm_set1_epi8(x as i8));
        while p + 16 <= src.len() {
            let v = _mm_loadu_si128(src.as_ptr().add(p).cast::<__m128i>());
            let m = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(v, a), _mm_cmpeq_epi8(v, b)),
                _mm_or_si128(_mm_cmpeq_epi8(v, c), _mm_cmpeq_epi8(v, d)),
            );
            let bits = _mm_movemask_epi8(m) as u32;
            if bits != 0 {
                return p + bits.trailing_zeros() as usize;
            }
            p += 16;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = set;
    p
}

/// The offset of the first `\n` at or after `p`, or the length of `src`.
/// Out of line: the lexer's token loop should not keep its constants live.
#[inline(never)]
fn find_newline(src: &[u8], mut p: usize) -> usize {
    p = scan16(src, p, [b'\n'; 4]);
    while let Some(w) = word_at(src, p) {
        let m = has(w, b'\n');
        if m != 0 {
            return p + (m.trailing_zeros() / 8) as usize;
        }
        p += 8;
    }
    match src[p.min(src.len())..].iter().position(|&b| b == b'\n') {
        Some(k) => p + k,
        None => src.len(),
    }
}

/// The first offset at or after `p` holding `{`, `}`, `"` or `;`, or the
/// length of `src`. Scans sixteen bytes at a time, then eight.
fn find_stop(src: &[u8], mut p: usize) -> usize {
    p = scan16(src, p, [b'{', b'}', b'"', b';']);
    while let Some(w) = word_at(src, p) {
        let m = has(w, b'{') | has(w, b'}') | has(w, b'"') | has(w, b';');
        if m != 0 {
            // The lowest flagged byte is a true match (borrows only run upward).
            return p + (m.trailing_zeros() / 8) as usize;
        }
        p += 8;
    }
    while p < src.len() && !SKIP_STOP[src[p] as usize] {
        p += 1;
    }
    p
}

/// Bytes that stop the body-skipping scan.
static SKIP_STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[b'"' as usize] = true;
    t[b';' as usize] = true;
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<TokKind> {
        let mut l = Lexer::new(s, 0, s.len());
        let mut v = Vec::new();
        loop {
            let t = l.next_tok();
            if t.kind == TokKind::Eof {
                return v;
            }
            v.push(t.kind);
        }
    }

    #[test]
    fn names_and_numbers() {
        use TokKind::*;
        assert_eq!(
            kinds("%x = add nsw i32 %1, -7 ; c\n@g @\"q r\" @0 $c !5 !\"s\" !foo #3 entry: 12: c\"ab\\00\""),
            vec![
                LocalVar, Equal, Ident, Ident, IntType, LocalId, Comma, Int, GlobalVar, GlobalVar,
                GlobalId, ComdatVar, MetadataId, MetadataString, MetadataVar, AttrGroupId, LabelStr,
                LabelId, CString
            ]
        );
        assert_eq!(
            kinds("1.5e+10 0x3FF0000000000000 0xK4000 s0x1F ..."),
            vec![Float, Float, Float, HexInt, DotDotDot]
        );
        assert_eq!(kinds("\"abc"), vec![Error]);
    }
}
