//! Target triples (`arch-vendor-os[-environment]`), split into their
//! components as LLVM's `Triple` does, for the registry to pick a target
//! and for a target to refuse what it cannot generate code for.
//!
//! Invariants: parsing never fails (an odd triple has empty or unknown
//! components; the registry and the target judge them); the components
//! borrow from the text.

/// A parsed target triple.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Triple<'a> {
    /// The whole triple as written.
    pub text: &'a str,
    pub arch: &'a str,
    pub vendor: &'a str,
    pub os: &'a str,
    pub env: &'a str,
}

/// The triple rcc compiles for when neither the module nor `-mtriple`
/// names one.
pub const DEFAULT_TRIPLE: &str = "x86_64-unknown-linux-gnu";

impl<'a> Triple<'a> {
    /// Splits `text` at its first three dashes (the environment keeps any
    /// further dashes).
    pub fn parse(text: &'a str) -> Triple<'a> {
        let mut it = text.splitn(4, '-');
        let mut next = || it.next().unwrap_or("");
        let (arch, vendor, os, env) = (next(), next(), next(), next());
        Triple {
            text,
            arch,
            vendor,
            os,
            env,
        }
    }

    /// Whether the OS is one whose objects are not ELF or whose C ABI is
    /// not System V (Darwin's Mach-O, Windows' COFF and its own calling
    /// convention, UEFI's PE).
    pub fn is_non_elf_os(&self) -> bool {
        let os = self.os;
        [
            "darwin", "macos", "ios", "tvos", "watchos", "windows", "win32", "mingw", "cygwin",
            "uefi",
        ]
        .iter()
        .any(|p| os.starts_with(p))
            || self.env.starts_with("msvc")
            || self.env.starts_with("macho")
            || self.env.starts_with("coff")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components() {
        let t = Triple::parse("x86_64-pc-linux-gnu");
        assert_eq!(
            (t.arch, t.vendor, t.os, t.env),
            ("x86_64", "pc", "linux", "gnu")
        );
        let t = Triple::parse("x86_64-unknown-linux-gnu-extra");
        assert_eq!(t.env, "gnu-extra");
        let t = Triple::parse("aarch64");
        assert_eq!((t.arch, t.os), ("aarch64", ""));
        assert!(Triple::parse("x86_64-apple-macosx14.0.0").is_non_elf_os());
        assert!(Triple::parse("x86_64-pc-windows-msvc").is_non_elf_os());
        assert!(!Triple::parse("x86_64-unknown-freebsd").is_non_elf_os());
    }
}
