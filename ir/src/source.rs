//! The source text a module is parsed from.
//!
//! A [`Module`](crate::Module) keeps its source for as long as it lives: names,
//! strings and metadata are spans into it. The text may be an owned `String`
//! or any other immutable UTF-8 buffer (the driver passes a memory-mapped
//! file), so the parser never copies its input.
//!
//! Invariant: the text never changes while a `Source` exists; an owner that
//! cannot promise this (a mapped file) must copy instead.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// Immutable, shareable UTF-8 source text. Derefs to `str`.
#[derive(Clone)]
pub struct Source(Arc<dyn AsRef<str> + Send + Sync>);

impl Source {
    /// Wraps any immutable text buffer.
    pub fn new(text: impl AsRef<str> + Send + Sync + 'static) -> Self {
        Source(Arc::new(text))
    }
}

impl Deref for Source {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        (*self.0).as_ref()
    }
}

impl AsRef<str> for Source {
    #[inline]
    fn as_ref(&self) -> &str {
        self
    }
}

impl From<String> for Source {
    fn from(s: String) -> Self {
        Source::new(s)
    }
}

impl From<&str> for Source {
    fn from(s: &str) -> Self {
        Source::new(s.to_string())
    }
}

impl Default for Source {
    fn default() -> Self {
        Source::new(String::new())
    }
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Source({} bytes)", self.len())
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}
