//! The assembler's instruction matcher: (mnemonic, parsed AT&T operands) ->
//! `MCInst`, driven by the generated matcher tables.
//!
//! Lookup order: the exact mnemonic, then its alias, then condition-code
//! patterns (`j{cc}`, `cmov{cc}l`, `cmp{fcc}ps`), then — if nothing matched —
//! the mnemonic with each size suffix b/w/l/q (accepted only if exactly one
//! suffix matches, as llvm-mc does). Within one mnemonic, forms are tried in
//! description order, which puts short encodings first.

use super::desc::{
    iflag, reg_by_asm_name, OpKind, Opcode, MATCH_PATTERNS, MATCH_TABLE, MNEMONIC_ALIASES,
};
use super::opt::optimize_for_encoding;
use super::printer::{CC_ALIASES, CC_NAMES, FCC_NAMES};
use rcc_mc::{Disp, ExprId, MCInst, MCOperand, MemRef, Reg};
use std::fmt;

/// A parsed AT&T operand.
#[derive(Copy, Clone, Debug)]
pub enum AsmOperand {
    /// `%reg`.
    Reg(Reg),
    /// `$expr`; `value` is set when the expression is a constant.
    Imm { expr: ExprId, value: Option<i64> },
    /// A memory reference, or a bare expression (`foo`, a branch target).
    Mem(MemRef),
}

/// A parsed operand and whether it was written with a leading `*`.
#[derive(Copy, Clone, Debug)]
pub struct ParsedOperand {
    pub op: AsmOperand,
    pub star: bool,
    /// For a memory operand that is only a displacement: its value when
    /// constant (it may not fit the 32-bit displacement of `MemRef`).
    pub abs: Option<i64>,
}

/// Why matching failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MatchError {
    UnknownMnemonic(String),
    InvalidOperands,
    Ambiguous(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::UnknownMnemonic(m) => write!(f, "invalid instruction mnemonic '{m}'"),
            MatchError::InvalidOperands => write!(f, "invalid operand for instruction"),
            MatchError::Ambiguous(m) => write!(
                f,
                "ambiguous instructions require an explicit suffix (could be {m})"
            ),
        }
    }
}

impl std::error::Error for MatchError {}

/// Looks up a register by its AT&T name (without `%`), accepting `st` for
/// `st(0)`.
pub fn register(name: &str) -> Option<Reg> {
    let lower = name.to_ascii_lowercase();
    if lower == "st" {
        return reg_by_asm_name("st(0)");
    }
    reg_by_asm_name(&lower)
}

fn table_forms(m: &str) -> &'static [u16] {
    MATCH_TABLE
        .binary_search_by(|(k, _)| (*k).cmp(m))
        .map_or(&[], |i| MATCH_TABLE[i].1)
}

fn alias(m: &str) -> Option<&'static str> {
    MNEMONIC_ALIASES
        .binary_search_by(|(k, _)| (*k).cmp(m))
        .ok()
        .map(|i| MNEMONIC_ALIASES[i].1)
}

fn cc_code(s: &str) -> Option<u8> {
    CC_NAMES
        .iter()
        .position(|c| *c == s)
        .map(|i| i as u8)
        .or_else(|| CC_ALIASES.iter().find(|(n, _)| *n == s).map(|(_, c)| *c))
}

/// Candidate forms for a mnemonic: (form, condition value if any).
fn candidates(m: &str, out: &mut Vec<(u16, Option<u8>)>) {
    out.extend(table_forms(m).iter().map(|&o| (o, None)));
    if let Some(a) = alias(m) {
        out.extend(table_forms(a).iter().map(|&o| (o, None)));
    }
    for (prefix, suffix, fcc, forms) in MATCH_PATTERNS.iter() {
        let Some(mid) = m.strip_prefix(prefix).and_then(|r| r.strip_suffix(suffix)) else {
            continue;
        };
        let code = if *fcc {
            FCC_NAMES.iter().position(|c| *c == mid).map(|i| i as u8)
        } else {
            cc_code(mid)
        };
        if let Some(c) = code {
            out.extend(forms.iter().map(|&o| (o, Some(c))));
        }
    }
}

/// Tries one form; returns the MCInst on success.
fn try_form(opcode: u16, cond: Option<u8>, ops: &[ParsedOperand]) -> Option<MCInst> {
    let desc = Opcode(opcode).desc()?;
    let slots = desc.operands;
    let n_cond = slots
        .iter()
        .filter(|s| matches!(s.kind, OpKind::Cond | OpKind::FCond))
        .count();
    if (n_cond > 0) != cond.is_some() {
        return None;
    }
    let n_lit = slots
        .iter()
        .filter(|s| matches!(s.kind, OpKind::Lit(_)))
        .count();
    let n_full = slots.len() - n_cond;
    // Literal operands (and, for string instructions, their fixed
    // accumulator) may be omitted: `stosq` means `stosq %rax, %es:(%rdi)`.
    let all_implicit = slots
        .iter()
        .all(|s| !s.kind.is_mc_operand() || matches!(s.kind, OpKind::Cond | OpKind::FCond));
    let skip_lits = if ops.len() == n_full {
        false
    } else if n_lit > 0 && (ops.len() + n_lit == n_full || (ops.is_empty() && all_implicit)) {
        true
    } else {
        return None;
    };
    let indirect = desc.has(iflag::INDIRECT);
    let mut inst = MCInst::new(opcode);
    // AT&T operands are reversed relative to the slots.
    let mut parsed = ops.iter().rev();
    for slot in slots {
        let kind = slot.kind;
        match kind {
            OpKind::Cond | OpKind::FCond => {
                inst.push(MCOperand::Imm(i64::from(cond?)))?;
                continue;
            }
            OpKind::Lit(_) if skip_lits => continue,
            OpKind::Fixed(_) if skip_lits && ops.is_empty() => continue,
            _ => {}
        }
        let p = parsed.next()?;
        if p.star != (indirect && matches!(kind, OpKind::Reg(_) | OpKind::Mem(_))) {
            return None;
        }
        match (kind, p.op) {
            (OpKind::Reg(c), AsmOperand::Reg(r)) if c.contains(r) => {
                inst.push(MCOperand::Reg(r))?
            }
            (OpKind::Fixed(f), AsmOperand::Reg(r)) if f == r => {}
            (OpKind::Lit(_), AsmOperand::Mem(_)) => {}
            (OpKind::Mem(_), AsmOperand::Mem(m)) => inst.push(MCOperand::Mem(m))?,
            (OpKind::Imm(k), AsmOperand::Imm { expr, value }) => match value {
                Some(v) if k.fits(v) => inst.push(MCOperand::Imm(v))?,
                Some(_) => return None,
                None => {
                    use super::desc::ImmKind;
                    // A symbolic imm8 is only possible if the form can be
                    // relaxed to imm32 when the value turns out not to fit
                    // (llvm-mc picks the imm8 form and relaxes it).
                    if matches!(k, ImmKind::I16I8 | ImmKind::I32I8 | ImmKind::I64I8)
                        && desc.relaxed().is_none()
                    {
                        return None;
                    }
                    inst.push(MCOperand::Expr(expr))?
                }
            },
            (OpKind::MemOffs, AsmOperand::Mem(m))
                if m.base.is_none() && m.index.is_none() && m.segment().is_none() =>
            {
                match (p.abs, m.disp()) {
                    (Some(v), _) => inst.push(MCOperand::Imm(v))?,
                    (None, Disp::Expr(e)) => inst.push(MCOperand::Expr(e))?,
                    (None, Disp::Imm(v)) => inst.push(MCOperand::Imm(i64::from(v)))?,
                }
            }
            (OpKind::Rel(_), AsmOperand::Mem(m))
                if m.base.is_none() && m.index.is_none() && m.segment().is_none() =>
            {
                match m.disp() {
                    Disp::Expr(e) => inst.push(MCOperand::Expr(e))?,
                    Disp::Imm(v) => inst.push(MCOperand::Imm(i64::from(v)))?,
                }
            }
            _ => return None,
        }
    }
    // `shl $1, x` has a shorter by-one form.
    if desc.imm1_form.0 != u16::MAX {
        if let Some(MCOperand::Imm(1)) = inst.operands().last() {
            let mut short = MCInst::new(desc.imm1_form.0);
            for &o in &inst.operands()[..inst.operands().len() - 1] {
                short.push(o)?;
            }
            return Some(short);
        }
    }
    Some(inst)
}

fn match_exact(m: &str, ops: &[ParsedOperand]) -> (bool, Option<MCInst>) {
    let mut cands = Vec::new();
    candidates(m, &mut cands);
    let known = !cands.is_empty();
    for (op, cond) in cands {
        if let Some(i) = try_form(op, cond, ops) {
            return (true, Some(i));
        }
    }
    (known, None)
}

/// Matches an instruction, applying the encoding optimizations llvm-mc
/// applies after matching.
pub fn match_instruction(mnemonic: &str, ops: &[ParsedOperand]) -> Result<MCInst, MatchError> {
    let m = mnemonic.to_ascii_lowercase();
    let (known, found) = match_exact(&m, ops);
    if let Some(mut i) = found {
        optimize_for_encoding(&mut i);
        return Ok(i);
    }
    let mut hits = Vec::new();
    let mut known_any = known;
    for sfx in ["b", "w", "l", "q"] {
        let name = format!("{m}{sfx}");
        let (k, f) = match_exact(&name, ops);
        known_any |= k;
        if let Some(i) = f {
            hits.push((name, i));
        }
    }
    match hits.len() {
        0 if known_any => Err(MatchError::InvalidOperands),
        0 => Err(MatchError::UnknownMnemonic(mnemonic.to_string())),
        1 => {
            let mut i = hits[0].1;
            optimize_for_encoding(&mut i);
            Ok(i)
        }
        _ => {
            let names: Vec<String> = hits.iter().map(|(n, _)| format!("'{n}'")).collect();
            let (last, init) = names.split_last().unwrap_or((&names[0], &[]));
            Err(MatchError::Ambiguous(format!(
                "{}, or {last}",
                init.join(", ")
            )))
        }
    }
}
