//! Spellings of the function-local labels of code emission, shared by
//! instruction lowering and the function header/footer emitter, and the
//! display name of a global for messages. The assembly names of globals
//! (ELF mangling, `__unnamed_N`, `.L` for private linkage) are decided in
//! one place only: [`crate::emit::ModuleEmitter::symbol_name`].
//!
//! Labels carry the function's number `F` (its position among the emitted
//! functions): `.LBBF_N` blocks, `.LCPIF_N` constant pool entries,
//! `.LJTIF_N` jump tables, `.Lfunc_endF` the function end, `.LBAF_B` the
//! IR block `B` whose address a global initializer takes.

use rcc_ir::entity::EntityId;
use rcc_ir::{GlobalId, Module};

/// The prefix of assembler-temporary (`private`) symbols on ELF.
pub const PRIVATE_PREFIX: &str = ".L";

/// The name of global `g` as the IR spells it, without `@`
/// (`<unnamed N>` for a numbered global), for messages.
pub fn display_name(m: &Module, g: GlobalId) -> String {
    let gl = &m.globals[g];
    if gl.name.is_none() {
        format!("<unnamed {}>", g.index())
    } else {
        m.str(gl.name).to_string()
    }
}

/// The label of the block at layout position `n` of function `f`.
pub fn block_label(f: u32, n: u32) -> String {
    let mut s = String::with_capacity(16);
    write_block_label(&mut s, f, n);
    s
}

/// Replaces `out` with [`block_label`]`(f, n)`, without formatting
/// machinery or allocation once `out` has room (emission makes one per
/// branch target).
pub fn write_block_label(out: &mut String, f: u32, n: u32) {
    out.clear();
    out.push_str(PRIVATE_PREFIX);
    out.push_str("BB");
    push_decimal(out, f);
    out.push('_');
    push_decimal(out, n);
}

/// Appends `v` in decimal.
fn push_decimal(out: &mut String, mut v: u32) {
    let mut digits = [0u8; 10];
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for &d in &digits[k..] {
        out.push(char::from(d));
    }
}

/// The label of constant-pool entry `n` of function `f`.
pub fn const_pool_label(f: u32, n: u32) -> String {
    format!("{PRIVATE_PREFIX}CPI{f}_{n}")
}

/// The label of jump table `n` of function `f`.
pub fn jump_table_label(f: u32, n: u32) -> String {
    format!("{PRIVATE_PREFIX}JTI{f}_{n}")
}

/// The label of IR block `b` of function `f` when a global initializer
/// takes its address (`blockaddress`): named by the IR block, not the
/// layout position, so the data emitter can spell it without the
/// function's machine code.
pub fn block_address_label(f: u32, b: u32) -> String {
    format!("{PRIVATE_PREFIX}BA{f}_{b}")
}

/// The name of the indirection word of type info `name` (PIC unwind
/// tables reach type infos through it: llc's GV stub).
pub fn type_info_stub(name: &str) -> String {
    format!(".L{name}.DW.stub")
}

/// Exception-handling label `n` of function `f` (`EH_LABEL`; llc numbers
/// its `.Ltmp` labels across the module, per-function numbering keeps
/// functions independent).
pub fn eh_label(f: u32, n: u32) -> String {
    format!("{PRIVATE_PREFIX}tmp{f}_{n}")
}

/// The label at the entry of function `f` when it has an exception table.
pub fn func_begin_label(f: u32) -> String {
    format!("{PRIVATE_PREFIX}func_begin{f}")
}

/// The label of the exception table (LSDA) of function `f`.
pub fn exception_label(f: u32) -> String {
    format!("{PRIVATE_PREFIX}exception{f}")
}

/// The label after the last instruction of function `f` (for `.size`).
pub fn func_end_label(f: u32) -> String {
    format!("{PRIVATE_PREFIX}func_end{f}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_display_names() {
        let m = rcc_ir::parse_module("@plain = global i32 0\n@0 = global i8 5\n", "t.ll")
            .expect("parses");
        let names: Vec<String> = m.globals.keys().map(|g| display_name(&m, g)).collect();
        assert_eq!(names, ["plain", "<unnamed 1>"]);
        assert_eq!(block_label(3, 7), ".LBB3_7");
        assert_eq!(const_pool_label(0, 1), ".LCPI0_1");
        assert_eq!(jump_table_label(2, 0), ".LJTI2_0");
        assert_eq!(func_end_label(5), ".Lfunc_end5");
        assert_eq!(block_address_label(1, 9), ".LBA1_9");
    }
}
