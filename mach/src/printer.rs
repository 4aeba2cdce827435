//! The MIR text printer, for `-print-after-all` / `-print-after=<pass>` and
//! for tests. The format follows LLVM's MIR body syntax closely enough to be
//! read by someone who knows it: defs before `=`, `%N` virtual registers
//! with their class on the def, `$name` physical registers, `implicit-def`,
//! `killed`, `dead`, `undef`, `(tied-def N)`, `%bb.N`, `%stack.N`.
//! The whole function section is `crate::mir`'s (this printer puts the
//! dump headings around it); `crate::mir` reads this instruction syntax
//! back, so every operand spelling here has a reader there.

use crate::func::{MachFunction, SymFlag, SymTarget};
use crate::operand::{flag, OpKind, Operand};
use crate::reg::Reg;
use crate::target::TargetInfo;
use rcc_ir::Module;
use std::fmt::Write;

/// Writes `mf` as MIR text after `pass`.
pub fn print_function(
    out: &mut String,
    mf: &MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    pass: &str,
) {
    print_function_at(out, mf, m, t, "After", pass)
}

/// [`print_function`] with the heading's `when` (`After` or `Before`).
pub fn print_function_at(
    out: &mut String,
    mf: &MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    when: &str,
    pass: &str,
) {
    let name = m.str(m.globals[mf.func].name);
    let _ = writeln!(out, "# *** IR Dump {when} {pass} ***:");
    let _ = writeln!(out, "# Machine code for function {name}:");
    crate::mir::write_function(out, mf, m, t);
    let _ = writeln!(out, "\n# End machine code for function {name}.\n");
}

/// Writes one instruction (no newline).
pub fn print_inst(
    out: &mut String,
    mf: &MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    i: crate::func::MInst,
) {
    if let Some(c) = mf.cfi_of(i) {
        out.push_str("CFI_INSTRUCTION ");
        print_cfi(out, t, c);
        return;
    }
    if let Some(d) = crate::inline_asm::descriptor(mf, i) {
        print_inline_asm(out, mf, m, t, i, d);
        return;
    }
    let ops = mf.operands(i);
    let explicit_defs = ops
        .iter()
        .take_while(|o| o.is_def() && !o.has(flag::IMPLICIT))
        .count();
    for (k, &o) in ops[..explicit_defs].iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        print_operand(out, mf, m, t, o, true);
    }
    if explicit_defs > 0 {
        out.push_str(" = ");
    }
    out.push_str(mf.opc(i).name(t));
    for (k, &o) in ops[explicit_defs..].iter().enumerate() {
        out.push_str(if k == 0 { " " } else { ", " });
        if o.is_def() && !o.has(flag::IMPLICIT) {
            out.push_str("def ");
        }
        print_operand(out, mf, m, t, o, false);
    }
}

/// `INLINEASM "template" [sideeffect] [alignstack], operands...`: explicit
/// defs carry `def` since they do not lead the operand list.
fn print_inline_asm(
    out: &mut String,
    mf: &MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    i: crate::func::MInst,
    d: &crate::inline_asm::InlineAsm,
) {
    out.push_str("INLINEASM ");
    write_quoted(out, &d.source);
    if d.side_effects {
        out.push_str(" [sideeffect]");
    }
    if d.align_stack {
        out.push_str(" [alignstack]");
    }
    for &o in &mf.operands(i)[1..] {
        out.push_str(", ");
        if o.is_reg() && o.is_def() && !o.has(flag::IMPLICIT) {
            out.push_str("def ");
        }
        print_operand(out, mf, m, t, o, false);
    }
}

/// A CFI directive in MIR spelling (`def_cfa_offset 16`, `offset $rbx, -24`).
fn print_cfi(out: &mut String, t: &dyn TargetInfo, c: rcc_mc::Cfi) {
    use rcc_mc::Cfi;
    let reg = |n: u16| match t.dwarf_reg_name(n) {
        Some(name) => format!("${name}"),
        None => format!("dwarf.{n}"),
    };
    let _ = match c {
        Cfi::DefCfa { reg: r, offset } => write!(out, "def_cfa {}, {offset}", reg(r)),
        Cfi::DefCfaOffset(o) => write!(out, "def_cfa_offset {o}"),
        Cfi::AdjustCfaOffset(o) => write!(out, "adjust_cfa_offset {o}"),
        Cfi::DefCfaRegister(r) => write!(out, "def_cfa_register {}", reg(r)),
        Cfi::Offset { reg: r, offset } => write!(out, "offset {}, {offset}", reg(r)),
        Cfi::RelOffset { reg: r, offset } => write!(out, "rel_offset {}, {offset}", reg(r)),
        Cfi::Restore(r) => write!(out, "restore {}", reg(r)),
        Cfi::SameValue(r) => write!(out, "same_value {}", reg(r)),
        Cfi::Undefined(r) => write!(out, "undefined {}", reg(r)),
        Cfi::RememberState => write!(out, "remember_state"),
        Cfi::RestoreState => write!(out, "restore_state"),
        Cfi::StartProc
        | Cfi::EndProc
        | Cfi::Escape
        | Cfi::Personality { .. }
        | Cfi::Lsda { .. } => write!(out, "{c:?}"),
    };
}

fn print_reg(out: &mut String, mf: &MachFunction, t: &dyn TargetInfo, r: Reg, with_class: bool) {
    if let Some(v) = r.as_virt() {
        let _ = write!(out, "%{}", v.as_u32());
        if with_class && mf.is_vreg(r) {
            let c = t.class_name(mf.class_of(v)).to_ascii_lowercase();
            let _ = write!(out, ":{c}");
        }
    } else if let Some(p) = r.as_phys() {
        write_preg(out, t, p);
    } else {
        out.push_str("$noreg");
    }
}

fn print_operand(
    out: &mut String,
    mf: &MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    o: Operand,
    explicit_def: bool,
) {
    match o.kind() {
        OpKind::Reg => {
            if o.has(flag::IMPLICIT) {
                out.push_str(if o.is_def() {
                    "implicit-def "
                } else {
                    "implicit "
                });
            }
            for (f, s) in [
                (flag::EARLY_CLOBBER, "early-clobber "),
                (flag::DEAD, "dead "),
                (flag::KILL, "killed "),
                (flag::UNDEF, "undef "),
            ] {
                if o.has(f) {
                    out.push_str(s);
                }
            }
            print_reg(out, mf, t, o.reg(), explicit_def);
            if let Some(s) = o.subreg() {
                let _ = write!(out, ".{}", t.subreg_name(s));
            }
            if let Some(d) = o.tied_to() {
                let _ = write!(out, "(tied-def {d})");
            }
        }
        OpKind::Imm => {
            let _ = write!(out, "{}", o.imm_value());
        }
        OpKind::Imm64 => match mf.imm_of(o) {
            // A 64-bit pool entry that would fit an `Imm` keeps its kind.
            Some(v) if i32::try_from(v).is_ok() => {
                let _ = write!(out, "imm64({v})");
            }
            v => {
                let _ = write!(out, "{}", v.unwrap_or(0));
            }
        },
        OpKind::Block => {
            let _ = write!(out, "%bb.{}", o.payload());
        }
        OpKind::Frame => {
            let _ = write!(out, "%stack.{}", o.payload());
        }
        OpKind::RegMask => {
            let _ = write!(out, "regmask({})", o.payload());
        }
        OpKind::Sym => match mf.sym_of(o) {
            Some(s) => {
                match s.target {
                    SymTarget::Global(g) => write_global(out, m, g),
                    SymTarget::External(e) => {
                        let name = mf.ext_names.get(e as usize).map_or("?", |n| &**n);
                        let _ = write!(out, "&{name}");
                    }
                    SymTarget::ConstPool(c) => {
                        let _ = write!(out, "%const.{c}");
                    }
                    SymTarget::JumpTable(j) => {
                        let _ = write!(out, "%jump-table.{j}");
                    }
                    SymTarget::Block(b) => {
                        let _ = write!(out, "blockaddress(%{b})");
                    }
                    SymTarget::EhLabel(n) => {
                        let _ = write!(out, "<eh-label {n}>");
                    }
                }
                if s.offset != 0 {
                    let _ = write!(out, " + {}", s.offset);
                }
                if s.flag != SymFlag::NONE {
                    let _ = write!(out, " [{}]", t.sym_flag_name(s.flag));
                }
            }
            None => out.push_str("<bad symbol>"),
        },
    }
}

/// `@name`: a global as the IR spells it (quoted when the IR quotes it).
/// An unnamed global is `@N`, numbered among the unnamed globals in
/// order, as the IR numbers them.
pub(crate) fn write_global(out: &mut String, m: &Module, g: rcc_ir::GlobalId) {
    out.push('@');
    if m.globals[g].name.is_none() {
        let k = m
            .globals
            .keys()
            .take_while(|&x| x != g)
            .filter(|&x| m.globals[x].name.is_none())
            .count();
        let _ = write!(out, "{k}");
    } else {
        out.push_str(m.str(m.globals[g].name));
    }
}

/// `$name`: a physical register.
pub(crate) fn write_preg(out: &mut String, t: &dyn TargetInfo, p: crate::reg::PReg) {
    out.push('$');
    out.push_str(t.reg_name(p));
}

/// A string in double quotes with Rust's escapes (`\"`, `\\`, `\n`,
/// `\u{..}`), which `crate::mir` reads back.
pub(crate) fn write_quoted(out: &mut String, s: &str) {
    let _ = write!(out, "{s:?}");
}
