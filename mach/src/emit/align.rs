//! Alignment of globals and functions, as llc-19 computes it.
//!
//! Variables (`DataLayout::getPreferredAlign`, then
//! `AsmPrinter::getGVAlignment`): with an explicit `align` and a `section`,
//! exactly the explicit alignment; otherwise the type's preferred alignment,
//! raised to an explicit alignment above it, or kept at least at the ABI
//! alignment when the explicit one is below; without an explicit alignment,
//! globals larger than 128 bits get at least 16 bytes.
//!
//! Functions: 16 bytes (x86's preferred function alignment) unless
//! `optsize`, raised to an explicit `align`, or exactly the explicit
//! alignment in an explicit section.

use super::ModuleEmitter;
use rcc_ir::attrs::Attr;
use rcc_ir::module::{GlobalId, GlobalKind};

/// x86-64's preferred function alignment in bytes.
const PREF_FUNCTION_ALIGN: u64 = 16;

impl ModuleEmitter<'_> {
    /// `DataLayout::getPreferredAlign` of variable `g`.
    pub(super) fn preferred_align(&self, g: GlobalId) -> u64 {
        let gl = &self.m.globals[g];
        let explicit = gl.align.filter(|&a| a > 0);
        if let (Some(a), Some(_)) = (explicit, gl.section) {
            return a;
        }
        let Some(ty) = gl.value_ty else {
            return explicit.unwrap_or(1);
        };
        let t = &self.m.types;
        let mut align = self.dl.pref_align(t, ty) as u64;
        if let Some(a) = explicit {
            align = if a >= align {
                a
            } else {
                a.max(self.dl.abi_align(t, ty) as u64)
            };
        } else if self.dl.size_in_bits(t, ty) > 128 {
            align = align.max(16);
        }
        align
    }

    /// `AsmPrinter::getGVAlignment` of variable `g`.
    pub(super) fn variable_align(&self, g: GlobalId) -> u64 {
        let gl = &self.m.globals[g];
        let mut align = self.preferred_align(g);
        if let Some(a) = gl.align.filter(|&a| a > 0) {
            if a > align || gl.section.is_some() {
                align = a;
            }
        }
        align
    }

    /// The alignment of defined function `g`'s entry.
    pub(super) fn function_align(&self, g: GlobalId) -> u64 {
        let gl = &self.m.globals[g];
        let mut align = if self.fn_has_attr(g, "optsize") {
            1
        } else {
            PREF_FUNCTION_ALIGN
        };
        if let Some(a) = gl.align.filter(|&a| a > 0) {
            if a > align || gl.section.is_some() {
                align = a;
            }
        }
        align
    }

    /// Whether function `g` has the keyword attribute `name`, directly or
    /// through an attribute group.
    pub(super) fn fn_has_attr(&self, g: GlobalId, name: &str) -> bool {
        self.fn_attr(g, |a| matches!(a, Attr::Word(s) if self.m.str(*s) == name))
    }

    /// Whether function `g` has a string attribute `"key"` (any value).
    pub(super) fn fn_has_str_attr(&self, g: GlobalId, key: &str) -> bool {
        let quoted = format!("\"{key}\"");
        self.fn_attr(
            g,
            |a| matches!(a, Attr::Str { key: k, .. } if self.m.str(*k) == quoted),
        )
    }

    /// Whether function `g` has the word attribute `word` (`ssp`).
    pub(super) fn fn_has_word_attr(&self, g: GlobalId, word: &str) -> bool {
        self.fn_attr(
            g,
            |a| matches!(a, Attr::Word(s) | Attr::Raw(s) if self.m.str(*s) == word),
        )
    }

    fn fn_attr(&self, g: GlobalId, pred: impl Fn(&Attr) -> bool) -> bool {
        let GlobalKind::Func(f) = &self.m.globals[g].kind else {
            return false;
        };
        let pool = &self.m.attrs;
        pool.get(f.fn_attrs).iter().any(|a| match a {
            Attr::Group(n) => self
                .m
                .attr_groups
                .iter()
                .filter(|(k, _)| k == n)
                .any(|&(_, r)| pool.get(r).iter().any(&pred)),
            a => pred(a),
        })
    }
}
