//! A character cursor over one statement of assembly, with the lexical
//! rules of GNU as (identifiers, numbers, strings).
//!
//! Invariant: `pos` is always on a char boundary of `text`; `col()` is the
//! 1-based column in the original line.

/// A cursor over a statement.
pub struct Cursor<'a> {
    pub text: &'a str,
    pub pos: usize,
    /// Column of `text[0]` in the source line (0-based).
    pub base_col: usize,
}

/// Whether `c` may start an identifier.
pub fn ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$'
}

/// Whether `c` may continue an identifier.
pub fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`.
    pub fn new(text: &'a str, base_col: usize) -> Self {
        Cursor {
            text,
            pos: 0,
            base_col,
        }
    }

    /// 1-based column of the current position.
    pub fn col(&self) -> usize {
        self.base_col + self.pos + 1
    }

    /// The unconsumed text.
    pub fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    /// Skips blanks.
    pub fn ws(&mut self) {
        while let Some(c) = self.peek() {
            if c == ' ' || c == '\t' || c == '\r' {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// The next char.
    pub fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// The char after the next.
    pub fn peek2(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    /// Consumes `c` (after blanks) if present.
    pub fn eat(&mut self, c: char) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// Whether only blanks remain.
    pub fn at_end(&mut self) -> bool {
        self.ws();
        self.pos >= self.text.len()
    }

    /// An identifier (or a quoted symbol name), if one starts here.
    pub fn ident(&mut self) -> Option<&'a str> {
        self.ws();
        let rest = self.rest();
        if let Some(q) = rest.strip_prefix('"') {
            let end = q.find('"')?;
            self.pos += end + 2;
            return Some(&q[..end]);
        }
        let first = rest.chars().next()?;
        if !ident_start(first) {
            return None;
        }
        let len = rest.find(|c: char| !ident_char(c)).unwrap_or(rest.len());
        self.pos += len;
        Some(&rest[..len])
    }

    /// An integer literal (decimal, 0x, 0b, leading-0 octal, 'c').
    pub fn number(&mut self) -> Option<Result<i64, String>> {
        self.ws();
        let rest = self.rest();
        let c = rest.chars().next()?;
        if c == '\'' {
            let mut it = rest[1..].chars();
            let ch = it.next()?;
            let (v, used) = if ch == '\\' {
                let e = it.next()?;
                (escape_value(e), 2 + e.len_utf8())
            } else {
                (ch as i64, 1 + ch.len_utf8())
            };
            self.pos += used;
            if self.peek() == Some('\'') {
                self.pos += 1;
            }
            return Some(Ok(v));
        }
        if !c.is_ascii_digit() {
            return None;
        }
        let len = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        let tok = &rest[..len];
        self.pos += len;
        let lower = tok.to_ascii_lowercase();
        let parsed = if let Some(h) = lower.strip_prefix("0x") {
            u64::from_str_radix(h, 16).map(|v| v as i64)
        } else if let Some(b) = lower.strip_prefix("0b") {
            u64::from_str_radix(b, 2).map(|v| v as i64)
        } else if lower.len() > 1 && lower.starts_with('0') {
            u64::from_str_radix(&lower[1..], 8).map(|v| v as i64)
        } else {
            lower.parse::<u64>().map(|v| v as i64)
        };
        Some(parsed.map_err(|_| format!("invalid number '{tok}'")))
    }

    /// A double-quoted string with C escapes.
    pub fn string(&mut self) -> Option<Result<Vec<u8>, String>> {
        self.ws();
        if self.peek() != Some('"') {
            return None;
        }
        self.pos += 1;
        let mut out = Vec::new();
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() {
            let b = bytes[self.pos];
            self.pos += 1;
            match b {
                b'"' => return Some(Ok(out)),
                b'\\' => {
                    let Some(&e) = bytes.get(self.pos) else { break };
                    self.pos += 1;
                    match e {
                        b'0'..=b'7' => {
                            let mut v = u32::from(e - b'0');
                            for _ in 0..2 {
                                match bytes.get(self.pos) {
                                    Some(&d @ b'0'..=b'7') => {
                                        v = v * 8 + u32::from(d - b'0');
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push(v as u8);
                        }
                        b'x' | b'X' => {
                            let mut v = 0u32;
                            while let Some(&d) = bytes.get(self.pos) {
                                match (d as char).to_digit(16) {
                                    Some(x) => {
                                        v = v * 16 + x;
                                        self.pos += 1;
                                    }
                                    None => break,
                                }
                            }
                            out.push(v as u8);
                        }
                        _ => out.push(escape_value(e as char) as u8),
                    }
                }
                _ => out.push(b),
            }
        }
        Some(Err("unterminated string".into()))
    }
}

fn escape_value(e: char) -> i64 {
    match e {
        'n' => 10,
        't' => 9,
        'r' => 13,
        'b' => 8,
        'f' => 12,
        'v' => 11,
        'a' => 7,
        '0' => 0,
        c => c as i64,
    }
}

/// Splits a source line into statements at `;` and its `#` comment,
/// respecting string and character literals. Returns (column, text) pairs
/// and the comment from its `#`, if any.
pub fn split_line(line: &str) -> (Vec<(usize, &str)>, Option<&str>) {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut start = 0;
    let mut i = 0;
    let mut in_str = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_str {
            if b == b'\\' {
                i += 1;
            } else if b == b'"' {
                in_str = false;
            }
        } else if b == b'"' {
            in_str = true;
        } else if b == b'\'' {
            // A character literal: skip the char (and an escape).
            i += if bytes.get(i + 1) == Some(&b'\\') {
                2
            } else {
                1
            };
            while i + 1 < bytes.len() && !line.is_char_boundary(i + 1) {
                i += 1;
            }
        } else if b == b'#' {
            break;
        } else if b == b';' {
            out.push((start, &line[start..i]));
            start = i + 1;
        }
        i += 1;
    }
    let end = i.min(line.len());
    out.push((start, &line[start..end]));
    let comment = line.get(end..).filter(|c| c.starts_with('#'));
    (out, comment)
}
