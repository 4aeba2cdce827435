//! Located errors.
//!
//! The parser and the verifier report a byte offset and a message; a
//! [`Diagnostic`] adds the file name, 1-based line and column, and the source
//! line, and displays as `file:line:col: error: message`, then the line, then
//! a caret under the column.

use std::fmt;

/// An error at a byte offset of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub offset: u32,
    pub message: String,
}

impl ParseError {
    /// An error at `offset`.
    pub fn new(offset: u32, message: impl Into<String>) -> Self {
        ParseError {
            offset,
            message: message.into(),
        }
    }
}

/// A located, rendered error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
    /// The source line the error points into (without its newline).
    pub line_text: String,
    /// Bytes from the start of the line to the error.
    col_bytes: u32,
}

impl Diagnostic {
    /// Locates every error of `errs` in `src`, in one pass over the text
    /// (sorted by offset; equal offsets keep their order).
    pub fn locate_all(file: &str, src: &str, errs: &[ParseError]) -> Vec<Diagnostic> {
        let mut order: Vec<usize> = (0..errs.len()).collect();
        order.sort_by_key(|&k| errs[k].offset);
        let bytes = src.as_bytes();
        let (mut line, mut pos) = (1u32, 0usize);
        let mut out = Vec::with_capacity(errs.len());
        for k in order {
            let off = (errs[k].offset as usize).min(src.len());
            line += bytes[pos..off].iter().filter(|&&b| b == b'\n').count() as u32;
            pos = off;
            let mut d = Diagnostic::locate_line(file, src, &errs[k]);
            d.line = line;
            out.push(d);
        }
        out
    }

    /// Locates `err` in `src`.
    pub fn locate(file: &str, src: &str, err: &ParseError) -> Diagnostic {
        let mut d = Diagnostic::locate_line(file, src, err);
        let off = (err.offset as usize).min(src.len());
        let line_start = off - (d.col_bytes as usize);
        d.line = src.as_bytes()[..line_start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u32
            + 1;
        d
    }

    /// Everything but the line number (0).
    fn locate_line(file: &str, src: &str, err: &ParseError) -> Diagnostic {
        let off = (err.offset as usize).min(src.len());
        let bytes = src.as_bytes();
        let line_start = bytes[..off]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let line_end = bytes[off..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(src.len(), |p| off + p);
        let line_text = String::from_utf8_lossy(&bytes[line_start..line_end]).into_owned();
        let col = String::from_utf8_lossy(&bytes[line_start..off])
            .chars()
            .count() as u32
            + 1;
        Diagnostic {
            file: file.to_string(),
            line: 0,
            col,
            col_bytes: (off - line_start) as u32,
            message: err.message.clone(),
            line_text,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.col, self.message
        )?;
        writeln!(f, "{}", self.line_text)?;
        let pad: String = self
            .line_text
            .chars()
            .take(self.col.saturating_sub(1) as usize)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_line_and_column() {
        let src = "abc\n  def\n";
        let d = Diagnostic::locate("f.ll", src, &ParseError::new(6, "bad"));
        assert_eq!((d.line, d.col), (2, 3));
        assert_eq!(d.to_string(), "f.ll:2:3: error: bad\n  def\n  ^");
    }

    #[test]
    fn locating_in_bulk_agrees_with_one_at_a_time() {
        let src = "ab\ncdé\n\nxyz\nlast";
        let errs: Vec<ParseError> = [12, 0, 5, 3, 12, 9, 30, 8]
            .iter()
            .map(|&o| ParseError::new(o, format!("at {o}")))
            .collect();
        let all = Diagnostic::locate_all("f.ll", src, &errs);
        let mut one: Vec<Diagnostic> = errs
            .iter()
            .map(|e| Diagnostic::locate("f.ll", src, e))
            .collect();
        one.sort_by_key(|d| (d.line, d.col));
        assert_eq!(all, one);
    }
}
