//! Assembly symbol names: the one place that decides how an IR global and
//! the function-local labels of code emission are spelled, so instruction
//! lowering, data emission and the function headers agree.
//!
//! Rules (LLVM's `Mangler` and `AsmPrinter` on ELF):
//! - a named global is its name without `@` and quotes, escapes decoded; a
//!   leading `\01` means "exactly this name" and is dropped;
//! - a numbered global (`@0`) is `__unnamed_N`, N = 1 + the number of
//!   numbered globals with a smaller id (LLVM numbers them in the order it
//!   first needs a name; id order keeps parallel emission deterministic);
//! - `private` linkage adds the `.L` prefix (a temporary the assembler keeps
//!   out of the symbol table), except for `\01` names;
//! - function-local labels carry the function's number `F` (its position
//!   among the emitted functions): `.LBBF_N` blocks, `.LCPIF_N` constant
//!   pool entries, `.LJTIF_N` jump tables, `.Lfunc_endF` the function end.

use rcc_ir::entity::EntityId;
use rcc_ir::module::Linkage;
use rcc_ir::span::name_bytes;
use rcc_ir::{GlobalId, Module};
use std::borrow::Cow;

/// The prefix of assembler-temporary (`private`) symbols on ELF.
pub const PRIVATE_PREFIX: &str = ".L";

/// The assembly name of global `g`.
pub fn symbol_name(m: &Module, g: GlobalId) -> Cow<'_, str> {
    let gl = &m.globals[g];
    let private = gl.linkage == Linkage::Private;
    let Some(span) = gl.name.get() else {
        let n = 1 + m
            .globals
            .iter()
            .take(g.index())
            .filter(|(_, o)| o.name.is_none())
            .count();
        let p = if private { PRIVATE_PREFIX } else { "" };
        return Cow::Owned(format!("{p}__unnamed_{n}"));
    };
    let raw = m.str(span);
    let bytes = name_bytes(raw);
    if let Some(rest) = bytes.strip_prefix(b"\x01") {
        return Cow::Owned(String::from_utf8_lossy(rest).into_owned());
    }
    let name: Cow<'_, str> = match bytes {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(b) => Cow::Owned(String::from_utf8_lossy(&b).into_owned()),
    };
    if private {
        Cow::Owned(format!("{PRIVATE_PREFIX}{name}"))
    } else {
        name
    }
}

/// The label of the block at layout position `n` of function `f`.
pub fn block_label(f: u32, n: u32) -> String {
    format!("{PRIVATE_PREFIX}BB{f}_{n}")
}

/// The label of constant-pool entry `n` of function `f`.
pub fn const_pool_label(f: u32, n: u32) -> String {
    format!("{PRIVATE_PREFIX}CPI{f}_{n}")
}

/// The label of jump table `n` of function `f`.
pub fn jump_table_label(f: u32, n: u32) -> String {
    format!("{PRIVATE_PREFIX}JTI{f}_{n}")
}

/// The label after the last instruction of function `f` (for `.size`).
pub fn func_end_label(f: u32) -> String {
    format!("{PRIVATE_PREFIX}func_end{f}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn global(m: &Module, name: &str) -> GlobalId {
        m.globals
            .iter()
            .find(|(_, g)| m.str(g.name) == name)
            .map(|(id, _)| id)
            .expect("global")
    }

    #[test]
    fn names_follow_linkage_and_quoting() {
        let src = r#"
@plain = global i32 0
@hidden = private constant i32 1
@"quoted name" = global i32 2
@"\01raw" = private global i32 3
@0 = private constant i8 4
@1 = global i8 5
declare void @ext()
"#;
        let m = rcc_ir::parse_module(src, "t.ll").expect("parses");
        assert_eq!(symbol_name(&m, global(&m, "plain")), "plain");
        assert_eq!(symbol_name(&m, global(&m, "hidden")), ".Lhidden");
        assert_eq!(
            symbol_name(&m, global(&m, "\"quoted name\"")),
            "quoted name"
        );
        assert_eq!(symbol_name(&m, global(&m, "\"\\01raw\"")), "raw");
        assert_eq!(symbol_name(&m, global(&m, "ext")), "ext");
        let unnamed: Vec<GlobalId> = m
            .globals
            .iter()
            .filter(|(_, g)| g.name.is_none())
            .map(|(id, _)| id)
            .collect();
        assert_eq!(symbol_name(&m, unnamed[0]), ".L__unnamed_1");
        assert_eq!(symbol_name(&m, unnamed[1]), "__unnamed_2");
        assert_eq!(block_label(3, 7), ".LBB3_7");
        assert_eq!(const_pool_label(0, 1), ".LCPI0_1");
        assert_eq!(jump_table_label(2, 0), ".LJTI2_0");
        assert_eq!(func_end_label(5), ".Lfunc_end5");
    }
}
