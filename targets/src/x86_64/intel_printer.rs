//! The Intel-syntax instruction printer (llvm-mc's `-output-asm-variant=1`
//! spelling): the descriptor's Intel mnemonic, operands in slot order (the
//! destination first), registers without `%`, immediates without `$`, and
//! memory as `size ptr seg:[base + scale*index + disp]`.
//!
//! Like the AT&T printer it is driven by the descriptors only; on an invalid
//! instruction it reports why and leaves `out` as it was.

use super::desc::{iflag, reg_info, MemSize, OpKind};
use super::encoder::EncodeError;
use super::printer::{CC_NAMES, FCC_NAMES};
use rcc_mc::{Disp, ExprWriter, MCInst, MCOperand, MemRef, Reg};
use std::fmt::Write as _;

fn write_reg(r: Reg, out: &mut String) {
    out.push_str(reg_info(r).asm);
}

fn size_name(bits: u32) -> Option<&'static str> {
    Some(match bits {
        8 => "byte",
        16 => "word",
        32 => "dword",
        64 => "qword",
        80 => "tbyte",
        128 => "xmmword",
        256 => "ymmword",
        _ => return None,
    })
}

fn mem_bits(s: MemSize) -> u32 {
    match s {
        MemSize::Any => 0,
        MemSize::B8 => 8,
        MemSize::B16 => 16,
        MemSize::B32 => 32,
        MemSize::B64 => 64,
        MemSize::B80 => 80,
        MemSize::B128 => 128,
        MemSize::B256 => 256,
    }
}

/// Writes `size ptr seg:[...]` (no size for address-only operands).
fn write_mem(m: &MemRef, bits: u32, exprs: &dyn ExprWriter, out: &mut String) {
    if let Some(s) = size_name(bits) {
        out.push_str(s);
        out.push_str(" ptr ");
    }
    if let Some(seg) = m.segment() {
        out.push_str(
            ["es:", "cs:", "ss:", "ds:", "fs:", "gs:"]
                .get(seg as usize)
                .copied()
                .unwrap_or("??:"),
        );
    }
    out.push('[');
    let mut any = false;
    if m.base.is_some() {
        write_reg(m.base, out);
        any = true;
    }
    if m.index.is_some() {
        if any {
            out.push_str(" + ");
        }
        if m.scale != 1 {
            let _ = write!(out, "{}*", m.scale);
        }
        write_reg(m.index, out);
        any = true;
    }
    match m.disp() {
        Disp::Imm(0) if any => {}
        Disp::Imm(v) if any => {
            let _ = write!(
                out,
                " {} {}",
                if v < 0 { '-' } else { '+' },
                (v as i64).unsigned_abs()
            );
        }
        Disp::Imm(v) => {
            let _ = write!(out, "{v}");
        }
        Disp::Expr(e) => {
            if any {
                out.push_str(" + ");
            }
            exprs.write_expr(e, out);
        }
    }
    out.push(']');
}

/// Converts a string instruction's literal AT&T operand (`%es:(%rdi)`) to
/// Intel (`byte ptr es:[rdi]`), sized by the AT&T mnemonic's suffix.
fn write_lit(text: &str, att_mnemonic: &str, out: &mut String) {
    let bits = match att_mnemonic.chars().last() {
        Some('b') => 8,
        Some('w') => 16,
        Some('l') => 32,
        _ => 64,
    };
    if let Some(s) = size_name(bits) {
        out.push_str(s);
        out.push_str(" ptr ");
    }
    let t = text.replace('%', "").replace('(', "[").replace(')', "]");
    out.push_str(&t);
}

/// Prints `inst` in Intel syntax as `mnemonic\toperands`.
pub fn print_inst_intel(
    inst: &MCInst,
    exprs: &dyn ExprWriter,
    out: &mut String,
) -> Result<(), EncodeError> {
    let desc = super::encoder::checked_desc(inst)?;
    let start = out.len();
    if desc.has_enc(super::desc::enc::LOCK) {
        out.push_str("lock\t\t");
    }
    // Mnemonic with its condition.
    let cond = desc
        .mc_operands()
        .zip(inst.operands())
        .find_map(|(s, o)| match (s.kind, o) {
            (OpKind::Cond, MCOperand::Imm(c)) => CC_NAMES.get(*c as usize).copied(),
            (OpKind::FCond, MCOperand::Imm(c)) => FCC_NAMES.get(*c as usize).copied(),
            _ => None,
        });
    let m = desc.intel;
    match ["{cc}", "{fcc}"].iter().find_map(|p| m.split_once(p)) {
        Some((a, b)) => {
            out.push_str(a);
            out.push_str(cond.unwrap_or("?"));
            out.push_str(b);
        }
        None => out.push_str(m),
    }
    // The width of a fixed accumulator sizes a `movabs` address.
    let acc_bits = desc.operands.iter().find_map(|s| match s.kind {
        OpKind::Fixed(r) => Some(u32::from(reg_info(r).bits)),
        _ => None,
    });
    let indirect_mem_bits = if desc.has(iflag::INDIRECT) {
        Some(64)
    } else {
        None
    };
    let mut mc = inst.operands().iter();
    let mut first = true;
    for slot in desc.operands {
        let op = if slot.kind.is_mc_operand() {
            mc.next().copied()
        } else {
            None
        };
        if matches!(slot.kind, OpKind::Cond | OpKind::FCond) {
            continue;
        }
        out.push_str(if first { "\t" } else { ", " });
        first = false;
        match (slot.kind, op) {
            // The implicit stack top is spelled `st`, an explicit one `st(0)`.
            (OpKind::Fixed(r), _) if reg_info(r).name == "ST0" => out.push_str("st"),
            (OpKind::Fixed(r), _) => write_reg(r, out),
            (OpKind::Lit(t), _) => write_lit(t, desc.mnemonic, out),
            (_, Some(MCOperand::Reg(r))) => write_reg(r, out),
            (OpKind::Mem(s), Some(MCOperand::Mem(mem))) => {
                write_mem(&mem, indirect_mem_bits.unwrap_or(mem_bits(s)), exprs, out)
            }
            (OpKind::MemOffs, Some(MCOperand::Imm(v))) => {
                let _ = write!(
                    out,
                    "{} ptr [{v}]",
                    size_name(acc_bits.unwrap_or(64)).unwrap_or("qword")
                );
            }
            (OpKind::MemOffs, Some(MCOperand::Expr(e))) => {
                let _ = write!(
                    out,
                    "{} ptr [",
                    size_name(acc_bits.unwrap_or(64)).unwrap_or("qword")
                );
                exprs.write_expr(e, out);
                out.push(']');
            }
            (_, Some(MCOperand::Imm(v))) => {
                let _ = write!(out, "{v}");
            }
            (OpKind::Imm(_), Some(MCOperand::Expr(e))) => {
                out.push_str("offset ");
                exprs.write_expr(e, out)
            }
            (_, Some(MCOperand::Expr(e))) => exprs.write_expr(e, out),
            _ => {
                out.truncate(start);
                return Err(EncodeError::OperandKind {
                    form: desc.name,
                    index: 0,
                });
            }
        }
    }
    Ok(())
}
