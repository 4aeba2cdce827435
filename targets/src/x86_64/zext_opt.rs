//! x86-64 facts for redundant zero-extension elimination (`peephole-opt`):
//! which instruction zero-extends a 32-bit value, and which definitions
//! already leave the upper 32 bits of their register zero.
//!
//! - `MOV32rr` between virtual registers is the zero-extension of a 32-bit
//!   value: selection writes `zext i32 -> i64` as `MOV32rr` then
//!   `SUBREG_TO_REG` (a plain 32-bit copy would be a `COPY`).
//! - Every write of a 32-bit general register by a real instruction zeroes
//!   bits 32..63 of the 64-bit register (Intel SDM vol. 1, 3.4.1.1), `cmov`
//!   included even when the condition is false. This is what LLVM's `def32`
//!   pattern leaf relies on inside one block; here it holds across blocks
//!   because machine SSA gives each register one definition.
//! - Not counted: `COPY`, `PHI`, `SUBREG_TO_REG` and other generic
//!   instructions (after coalescing they may read a 64-bit register's low
//!   half without writing the upper bits), inline assembly, target pseudos
//!   other than `MOV32r0` (expanded to `xor r32, r32`), and `bsf`/`bsr`,
//!   which leave the destination unchanged for a zero source.
//!
//! Invariant: only explicit, whole-register (no sub-register index)
//! definitions of a virtual register in a 32-bit general class count.

use super::desc::{Form, Opcode};
use super::machine::mclass;
use super::op;
use rcc_mach::{MInst, MachFunction, TargetInfo};

/// If `i` is a `MOV32rr` between virtual registers: its source operand.
pub fn zero_extending_copy(mf: &MachFunction, i: MInst) -> Option<usize> {
    if mf.opc(i).as_target() != Some(op::MOV32rr.0) {
        return None;
    }
    let ops = mf.operands(i);
    let [d, s] = ops else { return None };
    let plain = |o: &rcc_mach::Operand| o.reg().as_virt().is_some() && o.subreg().is_none();
    (d.is_def() && s.is_use() && plain(d) && plain(s)).then_some(1)
}

/// Whether `def` writes operand `op`, a whole 32-bit virtual register,
/// with the upper 32 bits of the register zero.
pub fn def_zeroes_high_bits(t: &dyn TargetInfo, mf: &MachFunction, def: MInst, op: usize) -> bool {
    let Some(opc) = mf.opc(def).as_target() else {
        return false;
    };
    let Some(desc) = Opcode(opc).desc() else {
        return false;
    };
    if desc.form == Form::Pseudo && opc != op::MOV32r0.0 {
        return false;
    }
    if [op::BSF32rr, op::BSF32rm, op::BSR32rr, op::BSR32rm]
        .iter()
        .any(|o| o.0 == opc)
    {
        return false;
    }
    // Explicit operands come first: the def must be one of them.
    let explicit = t.operand_slots(opc).len();
    let Some(o) = mf.operands(def).get(op) else {
        return false;
    };
    let Some(v) = o.reg().as_virt() else {
        return false;
    };
    op < explicit
        && o.is_def()
        && o.subreg().is_none()
        && t.is_subclass(mf.class_of(v), mclass::GR32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::machine::X86Info;
    use rcc_mach::{MOpc, Operand};

    #[test]
    fn thirty_two_bit_writes_zero_the_upper_half() {
        let t = X86Info;
        let mut mf = MachFunction::new(rcc_ir::GlobalId::from_u32(0));
        let a = mf.new_vreg(mclass::GR32);
        let c = mf.new_vreg(mclass::GR32);
        let z = mf.new_vreg(mclass::GR32);
        let q = mf.new_vreg(mclass::GR64);
        let tgt = |o: Opcode| MOpc::target(o.0);
        let (def, tied, use_) = (Operand::reg_def, Operand::reg_tied_use, Operand::reg_use);
        let add = mf.create(tgt(op::ADD32rr), &[def(a), tied(c, 0), use_(c)]);
        let bsf = mf.create(tgt(op::BSF32rr), &[def(c), use_(a)]);
        let copy = mf.create(MOpc::COPY, &[def(c), use_(a)]);
        let mov = mf.create(tgt(op::MOV32rr), &[def(z), use_(a)]);
        let wide = mf.create(tgt(op::ADD64rr), &[def(q), tied(q, 0), use_(q)]);
        assert!(def_zeroes_high_bits(&t, &mf, add, 0));
        assert!(def_zeroes_high_bits(&t, &mf, mov, 0));
        assert!(
            !def_zeroes_high_bits(&t, &mf, bsf, 0),
            "bsf keeps its destination for 0"
        );
        assert!(
            !def_zeroes_high_bits(&t, &mf, copy, 0),
            "a copy may read a wider register"
        );
        assert!(
            !def_zeroes_high_bits(&t, &mf, wide, 0),
            "a 64-bit def says nothing"
        );
        assert!(!def_zeroes_high_bits(&t, &mf, add, 1), "a use is not a def");
        assert_eq!(zero_extending_copy(&mf, mov), Some(1));
        assert_eq!(zero_extending_copy(&mf, copy), None);
    }
}
