//! A scratch directory for tests that run external tools: it owns one
//! directory under the system temp dir, named by the test's tag and the
//! process id, and removes it with everything in it when dropped (also
//! when the test fails), so test runs leave nothing behind.

use std::path::{Path, PathBuf};

/// The directory (see the module comment); derefs to its path.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    /// Creates `<temp>/<prefix>-<pid>-<tag>` (emptied first if a run with
    /// the same process id left it behind).
    pub fn new(prefix: &str, tag: &str) -> ScratchDir {
        let d = std::env::temp_dir().join(format!("{prefix}-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("scratch dir");
        ScratchDir(d)
    }
}

impl std::ops::Deref for ScratchDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
