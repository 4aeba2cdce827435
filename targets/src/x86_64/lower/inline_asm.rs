//! Emission of `INLINEASM`: the template with its operands substituted in
//! AT&T syntax, handed to the module emitter's assembler between llc's
//! `#APP` / `#NO_APP` markers (comments, so only assembly text shows
//! them).
//!
//! Operand printing follows llc's x86 `PrintAsmOperand`: a register as
//! allocated, or with `k` `q` `w` `b` `h` as its 32/64/16/low-8/high-8-bit
//! part, `a` as `(%reg)`; an immediate as `$n` (`$sym`), bare with `c`, `P`
//! or `a`, negated with `n`; a memory operand as its reference, with `a`
//! too. Any other combination, or an assembler error in the substituted
//! text, is an [`EmitErrorKind::InlineAsm`] naming the function.

use super::inst::{mem_ref, operand_expr, phys};
use super::{EmitErrorKind, FnEmitter};
use crate::x86_64::desc::{reg_info, sub_reg, subreg};
use crate::x86_64::isel::inline_asm::full_gpr;
use crate::x86_64::printer::{write_mem, write_reg};
use rcc_mach::inline_asm::{descriptor, AsmOperandKind, InlineAsm, Piece};
use rcc_mach::{MInst, OpKind};
use rcc_mc::{ExprWriter, Reg, Streamer};
use std::fmt::Write;

use super::EmitError;

fn asm_error(e: &FnEmitter<'_>, text: &str, message: String) -> EmitError {
    e.error(EmitErrorKind::InlineAsm {
        text: text.to_string(),
        message,
    })
}

/// Emits `INLINEASM` instruction `i`.
pub(super) fn emit(e: &FnEmitter<'_>, i: MInst, s: &mut dyn Streamer) -> Result<(), EmitError> {
    let Some(d) = descriptor(e.mf, i) else {
        return Err(asm_error(e, "", "INLINEASM without its descriptor".into()));
    };
    let text = substitute(e, i, d, s)?;
    let Some(asm) = e.cx.emitter.assembler() else {
        return Err(asm_error(e, &text, "no assembler for inline asm".into()));
    };
    s.emit_verbatim("\t#APP");
    let sec = s.current_section();
    asm.assemble(&text, s).map_err(|m| asm_error(e, &text, m))?;
    if let Some(sec) = sec.filter(|&x| Some(x) != s.current_section()) {
        s.switch_section(sec);
    }
    s.emit_verbatim("\t#NO_APP");
    Ok(())
}

/// The template of `d` with the operands of `i` substituted.
fn substitute(
    e: &FnEmitter<'_>,
    i: MInst,
    d: &InlineAsm,
    s: &mut dyn Streamer,
) -> Result<String, EmitError> {
    let mut out = String::new();
    let k =
        e.mf.operands(i)
            .first()
            .and_then(|o| e.mf.imm_of(*o))
            .unwrap_or(0);
    for p in &d.template.pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Comment => out.push('#'),
            Piece::Private => out.push_str(".L"),
            Piece::Uid => {
                let _ = write!(out, "{}", (u64::from(e.cx.fn_number) << 16) + k as u64);
            }
            Piece::Operand { n, modifier } => {
                operand(e, i, d, *n, *modifier, s, &mut out)
                    .map_err(|m| asm_error(e, &d.source, m))?;
            }
        }
    }
    Ok(out)
}

/// Appends template operand `n` with `modifier`; `Err` is the message.
fn operand(
    e: &FnEmitter<'_>,
    i: MInst,
    d: &InlineAsm,
    n: u32,
    modifier: Option<char>,
    s: &mut dyn Streamer,
    out: &mut String,
) -> Result<(), String> {
    let ops = e.mf.operands(i);
    let Some(a) = d.operands.get(n as usize) else {
        return Err(format!("operand ${n} was not selected"));
    };
    let first = a.first as usize;
    let bad_mod = |m: char, what: &str| format!("modifier '{m}' on {what} operand ${n}");
    match a.kind {
        AsmOperandKind::Reg => {
            let o = *ops.get(first).ok_or("operand out of range")?;
            let r = phys(e, i, o).map_err(|x| x.to_string())?;
            let part = |idx: usize| -> Result<Reg, String> {
                let full = full_gpr(r).ok_or_else(|| {
                    format!(
                        "operand ${n} (%{}) is not a general register",
                        reg_info(r).asm
                    )
                })?;
                sub_reg(full, idx)
                    .ok_or_else(|| format!("%{} has no such part", reg_info(full).asm))
            };
            let r = match modifier {
                None | Some('P') => r,
                Some('k') => part(subreg::SUB_32BIT)?,
                Some('w') => part(subreg::SUB_16BIT)?,
                Some('b') => part(subreg::SUB_8BIT)?,
                Some('h') => part(subreg::SUB_8BIT_HI)?,
                Some('q') => full_gpr(r).ok_or_else(|| bad_mod('q', "a non-general register"))?,
                Some('a') => {
                    out.push('(');
                    write_reg(r, out);
                    out.push(')');
                    return Ok(());
                }
                Some(m) => return Err(bad_mod(m, "register")),
            };
            write_reg(r, out);
        }
        AsmOperandKind::Imm => {
            let o = *ops.get(first).ok_or("operand out of range")?;
            let dollar = match modifier {
                None | Some('k' | 'q' | 'w' | 'b' | 'h') => true,
                Some('c' | 'P' | 'a' | 'n') => false,
                Some(m) => return Err(bad_mod(m, "immediate")),
            };
            if dollar {
                out.push('$');
            }
            match o.kind() {
                OpKind::Imm | OpKind::Imm64 => {
                    let v = e.mf.imm_of(o).unwrap_or(0);
                    let v = if modifier == Some('n') {
                        v.wrapping_neg()
                    } else {
                        v
                    };
                    let _ = write!(out, "{v}");
                }
                OpKind::Sym if modifier != Some('n') => {
                    let x = operand_expr(e, i, o, s).map_err(|x| x.to_string())?;
                    s.ctx().write_expr(x, out);
                }
                _ => return Err(format!("operand ${n} is not an immediate")),
            }
        }
        AsmOperandKind::Mem => {
            if !matches!(modifier, None | Some('a' | 'P')) {
                return Err(bad_mod(modifier.unwrap_or(' '), "memory"));
            }
            let m = ops
                .get(first..first + 5)
                .ok_or("memory operand out of range")?;
            let mr = mem_ref(e, i, m, s).map_err(|x| x.to_string())?;
            write_mem(&mr, &*s.ctx(), out);
        }
    }
    Ok(())
}
