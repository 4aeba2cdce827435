//! x86-64 facts for redundant compare elimination (`peephole-opt`, LLVM's
//! `X86InstrInfo::optimizeCompareInstr`, narrowed to compares with zero):
//! which instructions compare a register with zero, and when the EFLAGS an
//! arithmetic or logic instruction leaves can stand in for that compare.
//!
//! - `TEST r, r` and `CMP r, 0` (every width) compare `r` with zero: ZF and
//!   SF from `r`, CF = OF = 0, PF from its low byte.
//! - AND, OR, XOR (register destination, any source form) set exactly
//!   those flags from their result, so every condition code reads the same.
//! - ADD, SUB, INC, DEC, NEG set ZF and SF from the result but CF and OF
//!   from the operation, so only E, NE, S and NS read the same.
//!
//! A flag reader is an instruction with a condition-code operand (`JCC`,
//! `SETCC`, `CMOV`), whose last explicit machine operand is the code.
//! Anything else that reads EFLAGS (ADC, SBB, ...) is not understood, and
//! the compare stays.

use super::desc::{OpKind, DESCS};
use rcc_mach::{MInst, MachFunction, Operand, TargetInfo};
use std::sync::OnceLock;

const OTHER: u8 = 0;
/// AND/OR/XOR into a register.
const LOGIC: u8 = 1;
/// ADD/SUB/INC/DEC/NEG into a register.
const ARITH: u8 = 2;
/// TEST r, r (when both operands are one register).
const TEST_RR: u8 = 3;
/// CMP r, imm (when the immediate is 0).
const CMP_RI: u8 = 4;
/// Reads a condition code.
const CC_READER: u8 = 5;

/// The kind of every opcode, from its name (built once).
fn kinds() -> &'static [u8] {
    static K: OnceLock<Vec<u8>> = OnceLock::new();
    K.get_or_init(|| {
        DESCS
            .iter()
            .map(|d| {
                if d.operands.iter().any(|o| matches!(o.kind, OpKind::Cond)) {
                    return CC_READER;
                }
                let n = d.name;
                let split = |p: &str| -> Option<&str> {
                    let rest = n.strip_prefix(p)?;
                    let digits = rest.trim_start_matches(|c: char| c.is_ascii_digit());
                    (digits.len() < rest.len()).then_some(digits)
                };
                // Register-destination forms only (`rr`, `rm`, `ri*`, `r`).
                let reg_dest = |form: &str| form.starts_with('r');
                for p in ["AND", "OR", "XOR"] {
                    if split(p).is_some_and(reg_dest) {
                        return LOGIC;
                    }
                }
                for p in ["ADD", "SUB", "INC", "DEC", "NEG"] {
                    if split(p).is_some_and(reg_dest) {
                        return ARITH;
                    }
                }
                if split("TEST").is_some_and(|f| f == "rr") {
                    return TEST_RR;
                }
                if split("CMP").is_some_and(|f| f == "ri" || f == "ri8" || f == "ri32") {
                    return CMP_RI;
                }
                OTHER
            })
            .collect()
    })
}

fn kind(mf: &MachFunction, i: MInst) -> u8 {
    mf.opc(i)
        .as_target()
        .and_then(|op| kinds().get(op as usize).copied())
        .unwrap_or(OTHER)
}

/// If `i` only compares one register with zero: that register operand's
/// index.
pub fn compare_with_zero(mf: &MachFunction, i: MInst) -> Option<usize> {
    let ops = mf.operands(i);
    match kind(mf, i) {
        TEST_RR => {
            let (a, b) = (ops.first()?, ops.get(1)?);
            (a.is_use() && b.is_use() && a.reg() == b.reg() && a.subreg() == b.subreg())
                .then_some(0)
        }
        CMP_RI => {
            let (a, b) = (ops.first()?, ops.get(1)?);
            (a.is_use() && mf.imm_of(*b) == Some(0)).then_some(0)
        }
        _ => None,
    }
}

/// Whether the flags `def` leaves read, for `user`, as a compare of its
/// result with zero would.
pub fn flags_match_zero_compare(
    t: &dyn TargetInfo,
    mf: &MachFunction,
    def: MInst,
    user: MInst,
) -> bool {
    let def_kind = kind(mf, def);
    if def_kind != LOGIC && def_kind != ARITH {
        return false;
    }
    if kind(mf, user) != CC_READER {
        return false;
    }
    let n = rcc_mach::constraint::explicit_count(t, mf.opc(user));
    let Some(cc) = n
        .checked_sub(1)
        .and_then(|k| mf.operands(user).get(k).copied())
        .and_then(|o: Operand| mf.imm_of(o))
    else {
        return false;
    };
    match def_kind {
        LOGIC => (0..16).contains(&cc),
        // E, NE, S, NS.
        _ => matches!(cc, 4 | 5 | 8 | 9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::op;

    #[test]
    fn kinds_from_names() {
        let k = kinds();
        assert_eq!(k[op::AND32ri8.0 as usize], LOGIC);
        assert_eq!(k[op::XOR64rr.0 as usize], LOGIC);
        assert_eq!(k[op::AND32mr.0 as usize], OTHER);
        assert_eq!(k[op::ADD32rm.0 as usize], ARITH);
        assert_eq!(k[op::ADC32rr.0 as usize], OTHER);
        assert_eq!(k[op::TEST32rr.0 as usize], TEST_RR);
        assert_eq!(k[op::TEST32ri.0 as usize], OTHER);
        assert_eq!(k[op::CMP64ri8.0 as usize], CMP_RI);
        assert_eq!(k[op::JCC_1.0 as usize], CC_READER);
        assert_eq!(k[op::CMOV32rr.0 as usize], CC_READER);
        assert_eq!(k[op::SETCCr.0 as usize], CC_READER);
    }
}
