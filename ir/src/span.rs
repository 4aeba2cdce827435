//! [`Span`]: a byte range into the module's text, the one representation of
//! every name and string the IR keeps (names are never copied out of the
//! source). Helpers decode LLVM's `\XX` escapes on demand.

/// A byte range `start..end` into [`crate::Module::text`]. `Span::NONE`
/// means absent (an unnamed value, say).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// No span.
    pub const NONE: Span = Span {
        start: u32::MAX,
        end: u32::MAX,
    };

    /// The span `start..end`.
    #[inline]
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// Whether this is `NONE`.
    #[inline]
    pub fn is_none(self) -> bool {
        self.start == u32::MAX
    }

    /// The text of this span; empty for `NONE`.
    #[inline]
    pub fn text(self, src: &str) -> &str {
        if self.is_none() {
            ""
        } else {
            &src[self.start as usize..self.end as usize]
        }
    }

    /// `Some(self)` unless `NONE`.
    pub fn get(self) -> Option<Span> {
        (!self.is_none()).then_some(self)
    }
}

/// Decodes the body of an LLVM string (between the quotes): `\\` and `\XX`.
pub fn unescape(body: &str) -> Vec<u8> {
    let b = body.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            if b[i + 1] == b'\\' {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
                let h = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                out.push(h(b[i + 1]) * 16 + h(b[i + 2]));
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// The symbol a name token denotes: strips the sigil and, for quoted
/// names, the quotes and escapes.
pub fn name_bytes(raw: &str) -> std::borrow::Cow<'_, [u8]> {
    if let Some(q) = raw.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        std::borrow::Cow::Owned(unescape(q))
    } else {
        std::borrow::Cow::Borrowed(raw.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes() {
        assert_eq!(unescape(r"a\00\5C\\b\0A"), b"a\0\\\\b\n");
        assert_eq!(&*name_bytes("\"\\01foo\""), b"\x01foo");
        assert_eq!(&*name_bytes("foo"), b"foo");
    }
}
