//! The MIR byte cursor: hand-written tokenizing over the file's bytes, no
//! allocation except for decoded strings. Positions are byte offsets into
//! the whole file, so every error points at its token in the file.
//!
//! Invariants: the cursor never passes `end` (the end of the section being
//! read) and only stops on ASCII bytes or `end`, so every slice it returns
//! as `&str` is valid UTF-8; nothing here panics on any input.

use rcc_ir::ParseError;

/// A cursor over `text[..end]`.
pub(crate) struct Cursor<'t> {
    pub text: &'t str,
    b: &'t [u8],
    pub pos: usize,
    pub end: usize,
}

pub(crate) type PResult<T> = Result<T, ParseError>;

/// Bytes of a word: keywords, opcode, register, class and flag names.
#[inline]
fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

/// Bytes of an unquoted IR identifier (`@name`, `&name`).
#[inline]
fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'$')
}

impl<'t> Cursor<'t> {
    /// A cursor over `text[start..end]` (both clamped to the text and
    /// moved forward to character boundaries).
    pub fn new(text: &'t str, start: usize, end: usize) -> Self {
        let mut end = end.min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let mut pos = start.min(end);
        while !text.is_char_boundary(pos) {
            pos += 1;
        }
        Cursor {
            text,
            b: text.as_bytes(),
            pos,
            end,
        }
    }

    /// An error at the cursor.
    pub fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(ParseError::new(self.pos as u32, msg))
    }

    /// An error at `at`.
    pub fn err_at<T>(&self, at: usize, msg: impl Into<String>) -> PResult<T> {
        Err(ParseError::new(at as u32, msg))
    }

    /// The byte at the cursor (0 at the end).
    #[inline]
    pub fn peek(&self) -> u8 {
        if self.pos < self.end {
            self.b[self.pos]
        } else {
            0
        }
    }

    /// The byte `k` after the cursor (0 past the end).
    #[inline]
    pub fn peek_at(&self, k: usize) -> u8 {
        let p = self.pos + k;
        if p < self.end {
            self.b[p]
        } else {
            0
        }
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    /// Skips spaces, tabs and carriage returns, and a `#` comment to the
    /// end of the line.
    #[inline]
    pub fn skip_spaces(&mut self) {
        while self.pos < self.end {
            match self.b[self.pos] {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'#' => {
                    while self.pos < self.end && self.b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// Whether only spaces or a comment remain on the line.
    pub fn at_eol(&mut self) -> bool {
        self.skip_spaces();
        self.at_end() || self.peek() == b'\n'
    }

    /// Requires the end of the line and moves past its newline.
    pub fn end_line(&mut self) -> PResult<()> {
        self.skip_spaces();
        if self.at_end() {
            return Ok(());
        }
        if self.peek() != b'\n' {
            return self.err("expected the end of the line");
        }
        self.pos += 1;
        Ok(())
    }

    /// Moves to the start of the next line that is not blank or a comment;
    /// returns whether it is indented (and leaves the cursor on its first
    /// non-blank byte), or `None` at the end.
    pub fn next_line(&mut self) -> Option<bool> {
        loop {
            let start = self.pos;
            self.skip_spaces();
            if self.at_end() {
                return None;
            }
            if self.peek() == b'\n' {
                self.pos += 1;
                continue;
            }
            return Some(self.pos > start);
        }
    }

    /// Consumes `c` (after spaces) if it is next.
    #[inline]
    pub fn eat(&mut self, c: u8) -> bool {
        self.skip_spaces();
        if self.peek() == c {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Consumes `c` or fails naming `what`.
    pub fn expect(&mut self, c: u8, what: &str) -> PResult<()> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err(format!("expected {what}"))
        }
    }

    /// Consumes `s` exactly (no spaces skipped) if it is next.
    #[inline]
    pub fn eat_str(&mut self, s: &str) -> bool {
        let s = s.as_bytes();
        if self.end - self.pos.min(self.end) >= s.len()
            && &self.b[self.pos..self.pos + s.len()] == s
        {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// The word at the cursor (after spaces), possibly empty; not consumed.
    #[inline]
    pub fn peek_word(&mut self) -> &'t str {
        self.skip_spaces();
        let mut e = self.pos;
        while e < self.end && is_word(self.b[e]) {
            e += 1;
        }
        &self.text[self.pos..e]
    }

    /// The word starting `k` bytes after the cursor; not consumed.
    pub fn peek_word_after(&self, k: usize) -> &'t str {
        let s = (self.pos + k).min(self.end);
        let mut e = s;
        while e < self.end && is_word(self.b[e]) {
            e += 1;
        }
        &self.text[s..e]
    }

    /// The word at the cursor, consumed (empty if none).
    #[inline]
    pub fn word(&mut self) -> &'t str {
        let w = self.peek_word();
        self.pos += w.len();
        w
    }

    /// An IR identifier (after `@` or `&`): quoted (returned with its
    /// quotes, as the IR spells it) or bare.
    pub fn ident(&mut self, what: &str) -> PResult<&'t str> {
        let start = self.pos;
        if self.peek() == b'"' {
            let mut e = self.pos + 1;
            while e < self.end && self.b[e] != b'"' && self.b[e] != b'\n' {
                e += 1;
            }
            if e >= self.end || self.b[e] != b'"' {
                return self.err("unterminated quoted name");
            }
            self.pos = e + 1;
            return Ok(&self.text[start..self.pos]);
        }
        while self.pos < self.end && is_ident(self.b[self.pos]) {
            self.pos += 1;
        }
        if self.pos == start {
            return self.err(format!("expected {what}"));
        }
        Ok(&self.text[start..self.pos])
    }

    /// A decimal (or `0x` hexadecimal) unsigned integer.
    pub fn uint(&mut self, what: &str) -> PResult<u64> {
        self.skip_spaces();
        let start = self.pos;
        let hex = self.peek() == b'0' && matches!(self.peek_at(1), b'x' | b'X');
        if hex {
            self.pos += 2;
        }
        let radix: u64 = if hex { 16 } else { 10 };
        let mut v: u64 = 0;
        let digits = self.pos;
        while self.pos < self.end {
            let d = match self.b[self.pos] {
                c @ b'0'..=b'9' => (c - b'0') as u64,
                c @ b'a'..=b'f' if hex => (c - b'a' + 10) as u64,
                c @ b'A'..=b'F' if hex => (c - b'A' + 10) as u64,
                _ => break,
            };
            v = match v.checked_mul(radix).and_then(|v| v.checked_add(d)) {
                Some(v) => v,
                None => return self.err_at(start, format!("{what} is too large")),
            };
            self.pos += 1;
        }
        if self.pos == digits {
            self.pos = start;
            return self.err(format!("expected {what}"));
        }
        Ok(v)
    }

    /// An unsigned integer that fits `u32`.
    pub fn u32(&mut self, what: &str) -> PResult<u32> {
        self.skip_spaces();
        let start = self.pos;
        let v = self.uint(what)?;
        u32::try_from(v).or_else(|_| self.err_at(start, format!("{what} is too large")))
    }

    /// A signed decimal integer that fits `i64`.
    pub fn int(&mut self, what: &str) -> PResult<i64> {
        self.skip_spaces();
        let start = self.pos;
        let neg = self.peek() == b'-';
        if neg {
            self.pos += 1;
        }
        let v = self.uint(what)?;
        let v = if neg {
            if v <= i64::MAX as u64 + 1 {
                Some((v as i64).wrapping_neg())
            } else {
                None
            }
        } else {
            i64::try_from(v).ok()
        };
        v.map_or_else(|| self.err_at(start, format!("{what} is out of range")), Ok)
    }

    /// A double-quoted string with Rust's escapes, decoded.
    pub fn string(&mut self, what: &str) -> PResult<String> {
        self.skip_spaces();
        if self.peek() != b'"' {
            return self.err(format!("expected {what} (a quoted string)"));
        }
        self.pos += 1;
        let mut out = String::new();
        let mut run = self.pos;
        loop {
            if self.pos >= self.end || self.b[self.pos] == b'\n' {
                return self.err("unterminated string");
            }
            match self.b[self.pos] {
                b'"' => {
                    out.push_str(&self.text[run..self.pos]);
                    self.pos += 1;
                    return Ok(out);
                }
                b'\\' => {
                    out.push_str(&self.text[run..self.pos]);
                    let at = self.pos;
                    self.pos += 1;
                    let c = self.peek();
                    self.pos += 1;
                    match c {
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        b'r' => out.push('\r'),
                        b'0' => out.push('\0'),
                        b'\\' => out.push('\\'),
                        b'"' => out.push('"'),
                        b'\'' => out.push('\''),
                        b'u' if self.peek() == b'{' => {
                            self.pos += 1;
                            let mut v: u32 = 0;
                            let mut n = 0;
                            while let Some(d) = (self.peek() as char).to_digit(16) {
                                v = v.saturating_mul(16).saturating_add(d);
                                n += 1;
                                self.pos += 1;
                            }
                            let ch = char::from_u32(v).filter(|_| n > 0 && n <= 6);
                            match (ch, self.peek()) {
                                (Some(ch), b'}') => {
                                    self.pos += 1;
                                    out.push(ch);
                                }
                                _ => return self.err_at(at, "bad \\u{...} escape"),
                            }
                        }
                        _ => return self.err_at(at, "unknown escape in string"),
                    }
                    run = self.pos;
                }
                _ => self.pos += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_words_and_strings() {
        let t = "  abc-d 12 -9223372036854775808 0x1f \"a\\\"b\\u{e9}\" 99999999999999999999";
        let mut c = Cursor::new(t, 0, t.len());
        assert_eq!(c.word(), "abc-d");
        assert_eq!(c.u32("n").unwrap(), 12);
        assert_eq!(c.int("n").unwrap(), i64::MIN);
        assert_eq!(c.uint("n").unwrap(), 31);
        assert_eq!(c.string("s").unwrap(), "a\"bé");
        let e = c.int("n").unwrap_err();
        assert_eq!(e.offset as usize, t.len() - 20);
        assert!(e.message.contains("too large"), "{}", e.message);
    }

    #[test]
    fn never_reads_past_end() {
        let t = "\"abc";
        let mut c = Cursor::new(t, 0, 3);
        assert!(c.string("s").is_err());
        let mut c = Cursor::new(t, 1, 3);
        assert_eq!(c.word(), "ab");
        assert!(c.at_end());
        // Ranges inside a character are moved to its end.
        let mut c = Cursor::new("é x", 1, 99);
        assert_eq!((c.pos, c.end), (2, 4));
        assert_eq!(c.word(), "x");
    }
}
