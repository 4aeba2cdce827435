//! Reading the input file.
//!
//! A regular file is memory-mapped (pre-faulted with `MAP_POPULATE`) instead
//! of read into a `String`: the kernel maps its page-cache pages directly, so
//! there is no copy and no zero-filled anonymous memory to fault in. On
//! sqlite3-O2.ll (15.5 MB) that saves about a tenth of the parse time.
//! Standard input, pipes and empty files are read the ordinary way.
//!
//! Invariant: a [`MappedText`] holds UTF-8, checked once when it is made.

use crate::Error;
use memmap2::{Mmap, MmapOptions};
use rcc_ir::Source;
use std::fs::File;
use std::io::Read;
use std::path::Path;

/// A read-only mapping of a file whose bytes were checked to be UTF-8.
struct MappedText(Mmap);

impl AsRef<str> for MappedText {
    #[inline]
    fn as_ref(&self) -> &str {
        // SAFETY: `map_utf8` checked that the mapped bytes are UTF-8, and the
        // mapping is private and read-only, so this process never writes it.
        unsafe { std::str::from_utf8_unchecked(&self.0) }
    }
}

fn not_utf8(name: &str, valid_up_to: usize) -> Error {
    Error::Other(format!(
        "{name}: input is not valid UTF-8 (byte {valid_up_to})"
    ))
}

fn io_error(name: &str, e: std::io::Error) -> Error {
    Error::Other(format!("{name}: {e}"))
}

/// Maps `file` (of `len` bytes) and checks that it is UTF-8. `Ok(None)`
/// when the file cannot be mapped (it is then read instead).
fn map_utf8(file: &File, len: usize, name: &str) -> Result<Option<Source>, Error> {
    // SAFETY: the mapping is read-only and private. Like every compiler that
    // maps its input (LLVM's MemoryBuffer does), we assume no other process
    // truncates or rewrites the file while we compile it; that is outside
    // what this process can control, and the alternative is to copy.
    let Ok(map) = (unsafe { MmapOptions::new().len(len).populate().map(file) }) else {
        return Ok(None);
    };
    if let Err(e) = std::str::from_utf8(&map) {
        return Err(not_utf8(name, e.valid_up_to()));
    }
    Ok(Some(Source::new(MappedText(map))))
}

/// Reads `path` (`-` is standard input) as UTF-8 text, and returns it with
/// the name diagnostics should use.
pub fn read_source(path: &Path) -> Result<(Source, String), Error> {
    if path.as_os_str() == "-" {
        let name = "<stdin>".to_string();
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| io_error(&name, e))?;
        return Ok((Source::from(s), name));
    }
    let name = path.display().to_string();
    let mut file = File::open(path).map_err(|e| io_error(&name, e))?;
    let meta = file.metadata().map_err(|e| io_error(&name, e))?;
    if meta.is_file() && meta.len() > 0 {
        if let Ok(len) = usize::try_from(meta.len()) {
            if let Some(src) = map_utf8(&file, len, &name)? {
                return Ok((src, name));
            }
        }
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .map_err(|e| io_error(&name, e))?;
    let s = String::from_utf8(bytes).map_err(|e| not_utf8(&name, e.utf8_error().valid_up_to()))?;
    Ok((Source::from(s), name))
}
