//! Symbols: temporary `.L` labels and real symbols, with ELF binding,
//! visibility, type and size.
//!
//! Invariants: a symbol is defined at most once (as a label, a `.set`
//! variable or a common symbol); names are unique within a context;
//! temporary symbols never reach the symbol table (relocations against them
//! are rewritten against their section).

use crate::expr::ExprId;
use crate::section::SectionId;
use rcc_ir::entity::PackedOption;

/// ELF symbol binding.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Binding {
    Local,
    Global,
    Weak,
}

/// ELF symbol visibility.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Visibility {
    Default,
    Internal,
    Hidden,
    Protected,
}

/// ELF symbol type.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SymbolType {
    NoType,
    Object,
    Func,
    Section,
    File,
    Tls,
    GnuIndirectFunc,
}

/// Where a symbol's value comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SymbolDef {
    Undefined,
    /// A label: `offset` bytes into fragment `frag` of `section`.
    Label {
        section: SectionId,
        frag: u32,
        offset: u64,
    },
    /// `.set sym, expr`.
    Variable(ExprId),
    /// `.comm sym, size, align`.
    Common {
        size: u64,
        align: u64,
    },
}

/// One symbol.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub binding: Binding,
    /// `.local` was given (keeps a common symbol local).
    pub explicit_local: bool,
    pub visibility: Visibility,
    pub ty: SymbolType,
    pub size: PackedOption<ExprId>,
    /// `.L`-prefixed: assembler-internal, never in the symbol table.
    pub temporary: bool,
    /// Made by [`MCContext::temp_symbol`](crate::MCContext::temp_symbol):
    /// its name is a placeholder, not an identity. A fragment's anonymous
    /// symbols become fresh temporaries when it is replayed, where named
    /// symbols (`.L` ones included) are looked up by name.
    pub anonymous: bool,
    /// Made by [`MCContext::function_label`](crate::MCContext::function_label):
    /// only code of the function being emitted refers to it by name (a
    /// block label). A recorded fragment need not carry such a label to
    /// the merge when its own assembled code is all that refers to it.
    pub function_local: bool,
    pub def: SymbolDef,
    /// Mentioned by a relocation, `.addrsig_sym` or a directive that forces
    /// it into the symbol table.
    pub used: bool,
    pub addrsig: bool,
}

impl Symbol {
    /// A new undefined symbol named `name`.
    pub fn new(name: &str) -> Symbol {
        Symbol {
            name: name.to_string(),
            binding: Binding::Local,
            explicit_local: false,
            visibility: Visibility::Default,
            ty: SymbolType::NoType,
            size: PackedOption::NONE,
            temporary: name.starts_with(".L"),
            anonymous: false,
            function_local: false,
            def: SymbolDef::Undefined,
            used: false,
            addrsig: false,
        }
    }

    /// Whether the symbol has a definition.
    pub fn is_defined(&self) -> bool {
        !matches!(self.def, SymbolDef::Undefined)
    }

    /// The section a label is in.
    pub fn section(&self) -> Option<SectionId> {
        match self.def {
            SymbolDef::Label { section, .. } => Some(section),
            _ => None,
        }
    }
}

/// A symbol name as assembly text (llvm-mc's `MCSymbol::print`): bare if
/// every character is a letter, digit, `_`, `$`, `.` or `@`, else quoted
/// with `\n`, `\"` and `\\` escaped.
pub fn name_text(name: &str) -> std::borrow::Cow<'_, str> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '@');
    if !name.is_empty() && name.chars().all(plain) {
        return std::borrow::Cow::Borrowed(name);
    }
    let mut s = String::with_capacity(name.len() + 2);
    s.push('"');
    for c in name.chars() {
        match c {
            '\n' => s.push_str("\\n"),
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c => s.push(c),
        }
    }
    s.push('"');
    std::borrow::Cow::Owned(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(name_text("a.b$c@d_1"), "a.b$c@d_1");
        assert_eq!(name_text("quoted name"), "\"quoted name\"");
        assert_eq!(name_text("a\"b\\"), "\"a\\\"b\\\\\"");
        assert_eq!(name_text(""), "\"\"");
    }
}
