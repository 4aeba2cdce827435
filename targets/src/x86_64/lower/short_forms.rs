//! Shorter encodings llc's MCInst lowering picks for instructions the
//! selector writes in their general form (LLVM's `X86::optimizeMOVSX`,
//! `optimizeShiftRotateWithImmediateOne` and
//! `optimizeToFixedRegisterOrShortImmediateForm`), applied to each lowered
//! `MCInst` before emission. The meaning never changes:
//!
//! - `movslq %eax, %rax` is `cltq`, `movswl %ax, %eax` is `cwtl`,
//!   `movsbw %al, %ax` is `cbtw` (one byte opcode, no ModRM);
//! - a shift or rotate by the immediate 1 is the by-one form (no
//!   immediate byte);
//! - an ALU or TEST instruction with a full-width immediate on the
//!   accumulator is the accumulator form (no ModRM byte). The sign-extended
//!   8-bit immediate forms are already shorter and are left alone.
//!
//! The assembly text is the same as before except for the three
//! sign extensions, which llvm-mc reads back to the same encoding.

use crate::x86_64::desc::{op, regs, Opcode};
use rcc_mc::{MCInst, MCOperand};

/// `(general form, accumulator form)` for every ALU and TEST immediate
/// form with a full-width immediate.
const ACCUMULATOR: &[(Opcode, Opcode)] = &[
    (op::ADD8ri, op::ADD8i8),
    (op::ADD16ri, op::ADD16i16),
    (op::ADD32ri, op::ADD32i32),
    (op::ADD64ri32, op::ADD64i32),
    (op::OR8ri, op::OR8i8),
    (op::OR16ri, op::OR16i16),
    (op::OR32ri, op::OR32i32),
    (op::OR64ri32, op::OR64i32),
    (op::ADC8ri, op::ADC8i8),
    (op::ADC16ri, op::ADC16i16),
    (op::ADC32ri, op::ADC32i32),
    (op::ADC64ri32, op::ADC64i32),
    (op::SBB8ri, op::SBB8i8),
    (op::SBB16ri, op::SBB16i16),
    (op::SBB32ri, op::SBB32i32),
    (op::SBB64ri32, op::SBB64i32),
    (op::AND8ri, op::AND8i8),
    (op::AND16ri, op::AND16i16),
    (op::AND32ri, op::AND32i32),
    (op::AND64ri32, op::AND64i32),
    (op::SUB8ri, op::SUB8i8),
    (op::SUB16ri, op::SUB16i16),
    (op::SUB32ri, op::SUB32i32),
    (op::SUB64ri32, op::SUB64i32),
    (op::XOR8ri, op::XOR8i8),
    (op::XOR16ri, op::XOR16i16),
    (op::XOR32ri, op::XOR32i32),
    (op::XOR64ri32, op::XOR64i32),
    (op::CMP8ri, op::CMP8i8),
    (op::CMP16ri, op::CMP16i16),
    (op::CMP32ri, op::CMP32i32),
    (op::CMP64ri32, op::CMP64i32),
    (op::TEST8ri, op::TEST8i8),
    (op::TEST16ri, op::TEST16i16),
    (op::TEST32ri, op::TEST32i32),
    (op::TEST64ri32, op::TEST64i32),
];

/// Rewrites `inst` into its shorter equivalent form, if it has one.
pub fn shorten(inst: &mut MCInst) {
    let o = inst.opcode;
    let short = match *inst.operands() {
        [MCOperand::Reg(d), MCOperand::Reg(s)] => {
            let sx = [
                (op::MOVSX64rr32, regs::RAX, regs::EAX, op::CDQE),
                (op::MOVSX32rr16, regs::EAX, regs::AX, op::CWDE),
                (op::MOVSX16rr8, regs::AX, regs::AL, op::CBW),
            ];
            sx.iter()
                .find(|&&(f, dd, ss, _)| f.0 == o && d == dd && s == ss)
                .and_then(|&(.., to)| MCInst::with_operands(to.0, &[]))
        }
        [ref rest @ .., MCOperand::Imm(1)]
            if Opcode(o).desc().is_some_and(|d| d.imm1_form.0 != u16::MAX) =>
        {
            let imm1 = Opcode(o).desc().map_or(u16::MAX, |d| d.imm1_form.0);
            MCInst::with_operands(imm1, rest)
        }
        [MCOperand::Reg(d), MCOperand::Imm(v)] => {
            let acc = [regs::AL, regs::AX, regs::EAX, regs::RAX];
            ACCUMULATOR
                .iter()
                .find(|&&(f, _)| f.0 == o)
                .filter(|_| acc.contains(&d))
                .and_then(|&(_, to)| MCInst::with_operands(to.0, &[MCOperand::Imm(v)]))
        }
        _ => None,
    };
    if let Some(s) = short {
        *inst = s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::encode;

    fn bytes(i: &MCInst) -> usize {
        let mut out = Vec::new();
        let mut fixups = Vec::new();
        encode(i, &mut out, &mut fixups).expect("encodes");
        out.len()
    }

    #[test]
    fn short_forms_are_shorter_and_only_where_they_apply() {
        let cases: &[(MCInst, Option<u16>)] = &[
            (
                MCInst::with_operands(
                    op::MOVSX64rr32.0,
                    &[MCOperand::Reg(regs::RAX), MCOperand::Reg(regs::EAX)],
                )
                .unwrap(),
                Some(op::CDQE.0),
            ),
            (
                MCInst::with_operands(
                    op::MOVSX64rr32.0,
                    &[MCOperand::Reg(regs::RCX), MCOperand::Reg(regs::EAX)],
                )
                .unwrap(),
                None,
            ),
            (
                MCInst::with_operands(
                    op::ADD32ri.0,
                    &[MCOperand::Reg(regs::EAX), MCOperand::Imm(1000)],
                )
                .unwrap(),
                Some(op::ADD32i32.0),
            ),
            (
                MCInst::with_operands(
                    op::CMP64ri32.0,
                    &[MCOperand::Reg(regs::RCX), MCOperand::Imm(1000)],
                )
                .unwrap(),
                None,
            ),
            (
                MCInst::with_operands(
                    op::SHL32ri.0,
                    &[MCOperand::Reg(regs::ECX), MCOperand::Imm(1)],
                )
                .unwrap(),
                Some(op::SHL32r1.0),
            ),
            (
                MCInst::with_operands(
                    op::SHL32ri.0,
                    &[MCOperand::Reg(regs::ECX), MCOperand::Imm(2)],
                )
                .unwrap(),
                None,
            ),
        ];
        for (i, want) in cases {
            let mut s = *i;
            shorten(&mut s);
            match want {
                Some(o) => {
                    assert_eq!(s.opcode, *o, "{i:?}");
                    assert!(bytes(&s) < bytes(i), "{i:?}");
                }
                None => assert_eq!(s, *i),
            }
        }
    }
}
