//! A token cursor over one span of the source: the current token, one-token
//! lookahead, and the `expect`/`eat` helpers every parsing routine uses.
//! Also tracks nesting depth so that deeply nested input is an error, not a
//! stack overflow.

use crate::error::ParseError;
use crate::lexer::{Lexer, Tok, TokKind};

/// A parse result.
/// A parse result. The error is boxed so that results fit in registers on
/// the hot paths (a `PResult<Value>` is 16 bytes, not 40).
pub type PResult<T> = Result<T, Box<ParseError>>;

/// The deepest nesting of types or constants accepted.
pub const MAX_DEPTH: u32 = 200;

/// The cursor.
#[derive(Clone)]
pub struct Cursor<'a> {
    pub src: &'a str,
    pub lex: Lexer<'a>,
    pub tok: Tok,
    /// End offset of the token before `tok`.
    pub prev_end: u32,
    /// The token after `tok`, once `peek` has lexed it.
    peeked: Option<Tok>,
    depth: u32,
}

impl<'a> Cursor<'a> {
    /// A cursor over `src[start..end]`, positioned on the first token.
    pub fn new(src: &'a str, start: usize, end: usize) -> Self {
        let mut lex = Lexer::new(src, start, end);
        let tok = lex.next_tok();
        Cursor {
            src,
            lex,
            tok,
            prev_end: start as u32,
            peeked: None,
            depth: 0,
        }
    }

    /// The text of token `t`.
    #[inline]
    pub fn text(&self, t: Tok) -> &'a str {
        &self.src[t.start as usize..t.end as usize]
    }

    /// The text of the current token.
    #[inline]
    pub fn cur(&self) -> &'a str {
        self.text(self.tok)
    }

    /// Advances and returns the token that was current.
    #[inline]
    pub fn bump(&mut self) -> Tok {
        let t = self.tok;
        self.prev_end = t.end;
        self.tok = match self.peeked.take() {
            Some(p) => p,
            None => self.lex.next_tok(),
        };
        t
    }

    /// The token after the current one (lexed once, then buffered).
    pub fn peek(&mut self) -> Tok {
        if let Some(t) = self.peeked {
            return t;
        }
        let t = self.lex.next_tok();
        self.peeked = Some(t);
        t
    }

    /// Skips from the current `{` to just past its matching `}` with a byte
    /// scan (no tokens), then lexes the token after it. Returns the offset of
    /// the `}`, or `None` if the input ends first.
    pub fn skip_brace_block(&mut self) -> Option<usize> {
        self.peeked = None;
        self.lex.set_pos(self.tok.end as usize);
        let after = self.lex.skip_balanced_braces()?;
        self.prev_end = after as u32;
        self.tok = self.lex.next_tok();
        Some(after - 1)
    }

    /// [`Cursor::skip_brace_block`] when the offset just past the matching
    /// `}` is already known (`after`, from the pre-scan).
    pub fn skip_brace_block_to(&mut self, after: usize) -> usize {
        self.peeked = None;
        self.lex.set_pos(after);
        self.prev_end = after as u32;
        self.tok = self.lex.next_tok();
        after - 1
    }

    /// Whether the current token is of kind `k`.
    #[inline]
    pub fn is(&self, k: TokKind) -> bool {
        self.tok.kind == k
    }

    /// Whether the current token is the word `w`.
    #[inline]
    pub fn is_word(&self, w: &str) -> bool {
        self.tok.kind == TokKind::Ident && self.cur() == w
    }

    /// Consumes a token of kind `k` if current.
    #[inline]
    pub fn eat(&mut self, k: TokKind) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes the word `w` if current.
    #[inline]
    pub fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes a token of kind `k` or fails with "expected `what`".
    #[inline]
    pub fn expect(&mut self, k: TokKind, what: &str) -> PResult<Tok> {
        if self.tok.kind == k {
            Ok(self.bump())
        } else {
            self.expected(what)
        }
    }

    /// Consumes the word `w` or fails.
    #[inline]
    pub fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            self.expected_word(w)
        }
    }

    #[cold]
    #[inline(never)]
    fn expected<T>(&self, what: &str) -> PResult<T> {
        self.err(format!("expected {what}"))
    }

    #[cold]
    #[inline(never)]
    fn expected_word<T>(&self, w: &str) -> PResult<T> {
        self.err(format!("expected '{w}'"))
    }

    /// An error at the current token. A lexer error token gets a message
    /// about the bad token itself.
    pub fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        let msg = msg.into();
        if self.tok.kind == TokKind::Error {
            let t = self.cur();
            let what = if t.contains('"') {
                "unterminated string".to_string()
            } else {
                format!(
                    "invalid token '{}'",
                    t.chars()
                        .take(20)
                        .flat_map(char::escape_debug)
                        .collect::<String>()
                )
            };
            return Err(Box::new(ParseError::new(self.tok.start, what)));
        }
        if self.tok.kind == TokKind::Eof {
            return Err(Box::new(ParseError::new(
                self.tok.start,
                format!("{msg}, found end of input"),
            )));
        }
        Err(Box::new(ParseError::new(self.tok.start, msg)))
    }

    /// An error at byte `offset`.
    pub fn err_at<T>(&self, offset: u32, msg: impl Into<String>) -> PResult<T> {
        Err(Box::new(ParseError::new(offset, msg)))
    }

    /// Enters one level of nesting.
    pub fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        Ok(())
    }

    /// Leaves one level of nesting.
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parses an unsigned decimal integer token.
    pub fn parse_u64(&mut self, what: &str) -> PResult<u64> {
        if self.tok.kind != TokKind::Int {
            return self.err(format!("expected {what}"));
        }
        let d = self.cur().as_bytes();
        // Up to 19 plain digits cannot overflow: decode them directly.
        if d.len() <= 19 {
            let mut v = 0u64;
            let mut ok = true;
            for &b in d {
                let x = b.wrapping_sub(b'0');
                ok &= x < 10;
                v = v.wrapping_mul(10).wrapping_add(u64::from(x));
            }
            if ok {
                self.bump();
                return Ok(v);
            }
        }
        match self.cur().parse::<u64>() {
            Ok(v) => {
                self.bump();
                Ok(v)
            }
            Err(_) => self.err(format!("{what} out of range")),
        }
    }

    /// Parses an unsigned 32-bit integer.
    pub fn parse_u32(&mut self, what: &str) -> PResult<u32> {
        let t = self.tok.start;
        let v = self.parse_u64(what)?;
        u32::try_from(v).or_else(|_| self.err_at(t, format!("{what} out of range")))
    }

    /// Parses a signed 64-bit integer.
    pub fn parse_i64(&mut self, what: &str) -> PResult<i64> {
        if self.tok.kind != TokKind::Int {
            return self.err(format!("expected {what}"));
        }
        match self.cur().parse::<i64>() {
            Ok(v) => {
                self.bump();
                Ok(v)
            }
            Err(_) => self.err(format!("{what} out of range")),
        }
    }

    /// Skips a balanced `(...)` group starting at the current `(`.
    pub fn skip_parens(&mut self) -> PResult<()> {
        self.expect(TokKind::LParen, "'('")?;
        let mut depth = 1u32;
        loop {
            match self.tok.kind {
                TokKind::LParen => depth += 1,
                TokKind::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        return Ok(());
                    }
                }
                TokKind::Eof | TokKind::Error => return self.err("expected ')'"),
                _ => {}
            }
            self.bump();
        }
    }

    /// Skips a balanced group opened by the current token (`(`, `{` or `<`),
    /// counting all three bracket kinds together.
    pub fn skip_group(&mut self) -> PResult<()> {
        let mut depth = 0u32;
        loop {
            match self.tok.kind {
                TokKind::LParen | TokKind::LBrace | TokKind::LSquare => depth += 1,
                TokKind::RParen | TokKind::RBrace | TokKind::RSquare => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.bump();
                        return Ok(());
                    }
                }
                TokKind::Eof | TokKind::Error => return self.err("unbalanced brackets"),
                _ => {}
            }
            self.bump();
        }
    }
}
