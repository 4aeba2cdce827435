//! The AT&T instruction printer, driven by the instruction descriptors:
//! mnemonic (with `{cc}`/`{fcc}` filled in from the condition operand), then
//! the operand slots in reverse (source first), including fixed registers
//! and literal operands. Output matches llvm-mc's spelling so printed
//! assembly re-assembles to the same bytes.
//!
//! Invariant: the printer never fails on an instruction the encoder accepts;
//! on an invalid opcode or operand list it writes nothing and reports why.

use super::desc::{reg_info, InstDesc, OpKind, Opcode};
use super::encoder::EncodeError;
use rcc_mc::{Disp, ExprWriter, MCInst, MCOperand, MemRef, Reg};
use std::fmt::Write as _;

/// Condition-code suffixes in encoding order.
pub const CC_NAMES: [&str; 16] = [
    "o", "no", "b", "ae", "e", "ne", "be", "a", "s", "ns", "p", "np", "l", "ge", "le", "g",
];

/// Accepted alternative condition-code spellings and their codes.
pub const CC_ALIASES: [(&str, u8); 14] = [
    ("z", 4),
    ("nz", 5),
    ("c", 2),
    ("nae", 2),
    ("nc", 3),
    ("nb", 3),
    ("na", 6),
    ("nbe", 7),
    ("pe", 10),
    ("po", 11),
    ("nge", 12),
    ("nl", 13),
    ("ng", 14),
    ("nle", 15),
];

/// SSE compare predicates in encoding order.
pub const FCC_NAMES: [&str; 8] = ["eq", "lt", "le", "unord", "neq", "nlt", "nle", "ord"];

/// Writes `%name`.
pub fn write_reg(r: Reg, out: &mut String) {
    out.push('%');
    out.push_str(reg_info(r).asm);
}

/// Writes a memory reference in AT&T syntax.
pub fn write_mem(m: &MemRef, exprs: &dyn ExprWriter, out: &mut String) {
    if let Some(seg) = m.segment() {
        out.push_str(
            ["%es:", "%cs:", "%ss:", "%ds:", "%fs:", "%gs:"]
                .get(seg as usize)
                .copied()
                .unwrap_or("%??:"),
        );
    }
    let has_regs = m.base.is_some() || m.index.is_some();
    match m.disp() {
        Disp::Imm(0) if has_regs => {}
        Disp::Imm(v) => {
            let _ = write!(out, "{v}");
        }
        Disp::Expr(e) => exprs.write_expr(e, out),
    }
    if has_regs {
        out.push('(');
        if m.base.is_some() {
            write_reg(m.base, out);
        }
        if m.index.is_some() {
            out.push(',');
            write_reg(m.index, out);
            if m.scale != 1 {
                let _ = write!(out, ",{}", m.scale);
            }
        }
        out.push(')');
    }
}

/// The mnemonic of `inst` with its condition filled in.
fn write_mnemonic(desc: &InstDesc, inst: &MCInst, out: &mut String) {
    let cond = desc
        .mc_operands()
        .zip(inst.operands())
        .find_map(|(s, o)| match (s.kind, o) {
            (OpKind::Cond, MCOperand::Imm(c)) => {
                Some(CC_NAMES.get(*c as usize).copied().unwrap_or("?"))
            }
            (OpKind::FCond, MCOperand::Imm(c)) => {
                Some(FCC_NAMES.get(*c as usize).copied().unwrap_or("?"))
            }
            _ => None,
        });
    let m = desc.mnemonic;
    for pat in ["{cc}", "{fcc}"] {
        if let Some((a, b)) = m.split_once(pat) {
            out.push_str(a);
            out.push_str(cond.unwrap_or("?"));
            out.push_str(b);
            return;
        }
    }
    out.push_str(m);
}

/// Prints `inst` as `mnemonic\toperands` (no leading tab, no newline).
pub fn print_inst(
    inst: &MCInst,
    exprs: &dyn ExprWriter,
    out: &mut String,
) -> Result<(), EncodeError> {
    let desc = super::encoder::checked_desc(inst)?;
    if desc.has_enc(super::desc::enc::LOCK) {
        out.push_str("lock\t\t");
    }
    if desc.has_enc(super::desc::enc::NOTRACK) {
        out.push_str("notrack\t\t");
    }
    write_mnemonic(desc, inst, out);
    // Pair every slot with its operand (fixed/literal slots have none).
    let mut mc = inst.operands().iter();
    let mut pairs: [(Option<OpKind>, Option<MCOperand>); 8] = [(None, None); 8];
    let mut n = 0;
    for slot in desc.operands.iter().take(8) {
        let op = if slot.kind.is_mc_operand() {
            mc.next().copied()
        } else {
            None
        };
        pairs[n] = (Some(slot.kind), op);
        n += 1;
    }
    let indirect = desc.has(super::desc::iflag::INDIRECT);
    let mut first = true;
    for (kind, op) in pairs[..n].iter().rev() {
        let Some(kind) = kind else { continue };
        if matches!(kind, OpKind::Cond | OpKind::FCond) {
            continue;
        }
        out.push_str(if first { "\t" } else { ", " });
        first = false;
        match (kind, op) {
            // The implicit stack top is spelled `%st`, an explicit one `%st(0)`.
            (OpKind::Fixed(r), _) if reg_info(*r).name == "ST0" => out.push_str("%st"),
            (OpKind::Fixed(r), _) => write_reg(*r, out),
            (OpKind::Lit(t), _) => out.push_str(t),
            (_, Some(MCOperand::Reg(r))) => {
                if indirect {
                    out.push('*');
                }
                write_reg(*r, out)
            }
            (_, Some(MCOperand::Mem(m))) => {
                if indirect {
                    out.push('*');
                }
                write_mem(m, exprs, out)
            }
            (OpKind::MemOffs, Some(MCOperand::Imm(v))) => {
                let _ = write!(out, "{v}");
            }
            (OpKind::MemOffs, Some(MCOperand::Expr(e))) => exprs.write_expr(*e, out),
            (OpKind::Rel(_), Some(MCOperand::Imm(v))) => {
                let _ = write!(out, "{v}");
            }
            (OpKind::Rel(_), Some(MCOperand::Expr(e))) => exprs.write_expr(*e, out),
            (_, Some(MCOperand::Imm(v))) => {
                let _ = write!(out, "${v}");
            }
            (_, Some(MCOperand::Expr(e))) => {
                out.push('$');
                exprs.write_expr(*e, out)
            }
            (_, None) => {
                return Err(EncodeError::OperandKind {
                    form: desc.name,
                    index: 0,
                })
            }
        }
    }
    Ok(())
}

/// `imm = 0x...` comments for large immediates, as llvm-mc writes them
/// (values outside -256..=255, in the narrowest of 16/32/64 bits that holds
/// the sign-extended value).
pub fn imm_comments(inst: &MCInst, out: &mut Vec<String>) {
    let Some(desc) = Opcode(inst.opcode).desc() else {
        return;
    };
    for (slot, op) in desc.mc_operands().zip(inst.operands()) {
        if let (OpKind::Imm(_), MCOperand::Imm(v)) = (slot.kind, op) {
            let v = *v;
            if (-256..=255).contains(&v) {
                continue;
            }
            out.push(if v == i64::from(v as i16) {
                format!("imm = 0x{:X}", v as u16)
            } else if v == i64::from(v as i32) {
                format!("imm = 0x{:X}", v as u32)
            } else {
                format!("imm = 0x{:X}", v as u64)
            });
        }
    }
}
