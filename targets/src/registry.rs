//! The target registry: every target rcc can generate code for, and the
//! choice of one from a triple (the module's `target triple`, or
//! `-mtriple`, which overrides it) or from llc's `-march` name.
//!
//! Invariants: the registry is a static list; a lookup either returns a
//! target that accepted the whole triple or an error naming the triple and
//! what is wrong with it.

use crate::target::Target;
use crate::triple::{Triple, DEFAULT_TRIPLE};

/// Every registered target.
pub static TARGETS: &[&'static dyn Target] = &[&crate::x86_64::target::X86_64];

/// The target for `triple` (default [`DEFAULT_TRIPLE`]), or with `march`
/// the target of that name, whatever the triple's architecture (as llc's
/// `-march` replaces it); the rest of the triple is checked either way.
pub fn lookup(triple: Option<&str>, march: Option<&str>) -> Result<&'static dyn Target, String> {
    let text = triple.unwrap_or(DEFAULT_TRIPLE);
    let t = Triple::parse(text);
    let target = match march {
        Some(name) => {
            let found = TARGETS.iter().find(|x| x.name() == name).ok_or_else(|| {
                format!(
                    "invalid target '{name}' for -march (registered targets: {})",
                    names()
                )
            })?;
            *found
        }
        None => *TARGETS
            .iter()
            .find(|x| x.matches_arch(t.arch))
            .ok_or_else(|| {
                format!(
                    "no registered target for triple '{text}' (registered targets: {})",
                    names()
                )
            })?,
    };
    target.check_triple(&t)?;
    Ok(target)
}

/// The registered targets' names, comma-separated.
pub fn names() -> String {
    TARGETS
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        assert_eq!(lookup(None, None).unwrap().name(), "x86-64");
        assert_eq!(
            lookup(Some("x86_64-pc-linux-gnu"), None).unwrap().name(),
            "x86-64"
        );
        assert_eq!(lookup(None, Some("x86-64")).unwrap().name(), "x86-64");
        let e = lookup(Some("aarch64-unknown-linux-gnu"), None).unwrap_err();
        assert!(
            e.contains("no registered target for triple 'aarch64-unknown-linux-gnu'"),
            "{e}"
        );
        let e = lookup(Some("x86_64-apple-macosx14.0.0"), None).unwrap_err();
        assert!(e.contains("only ELF"), "{e}");
        let e = lookup(None, Some("arm")).unwrap_err();
        assert!(e.contains("invalid target 'arm'"), "{e}");
        // -march replaces the triple's architecture, as in llc.
        assert!(lookup(Some("i686-pc-linux-gnu"), Some("x86-64")).is_ok());
        assert!(lookup(Some("x86_64-linux-gnux32"), None).is_err());
    }
}
