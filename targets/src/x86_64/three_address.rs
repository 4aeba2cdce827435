//! x86-64 three-address conversion (LLVM's
//! `X86InstrInfo::convertToThreeAddress`, the 64-bit part): when the
//! two-address pass finds the tied source of an `add` still live, `lea`
//! computes the sum into a fresh register without the copy:
//!
//! | two-address            | three-address               |
//! |------------------------|-----------------------------|
//! | `ADD64rr d, a, b`      | `LEA64r d, [a + b]`         |
//! | `ADD64ri8/ri32 d, a, c`| `LEA64r d, [a + c]`         |
//! | `SUB64ri8/ri32 d, a, c`| `LEA64r d, [a - c]`         |
//! | `INC64r`/`DEC64r d, a` | `LEA64r d, [a +- 1]`        |
//! | `SHL64ri d, a, 1`      | `LEA64r d, [a + a]`         |
//!
//! Invariants: `lea` writes no flags, so the conversion is done only when
//! the form's EFLAGS def is dead; sources must be whole virtual registers
//! (no sub-register, not `undef`); the displacement must fit in 32 bits.

use super::{op, regs};
use rcc_mach::{flag, MInst, MOpc, MachFunction, OpKind, Operand, Reg};

/// The `lea` equivalent of `i`, created but not placed, or `None`.
pub fn convert(mf: &mut MachFunction, i: MInst) -> Option<MInst> {
    let o = mf.opc(i).as_target()?;
    let ops = mf.operands(i);
    // def, tied source, then the form's other inputs and implicit operands.
    let def = *ops.first()?;
    let a = *ops.get(1)?;
    if !def.is_reg() || !def.is_def() || def.subreg().is_some() || !plain_vreg(a) {
        return None;
    }
    let flags_dead = ops[2..].iter().any(|x| {
        x.is_reg() && x.is_def() && x.reg() == Reg::from(regs::EFLAGS) && x.has(flag::DEAD)
    });
    if !flags_dead {
        return None;
    }
    let imm = |k: usize| -> Option<i64> {
        let x = *mf.operands(i).get(k)?;
        (x.kind() == OpKind::Imm).then(|| mf.imm_of(x)).flatten()
    };
    let (index, disp): (Reg, i64) = if o == op::ADD64rr.0 {
        let b = ops[2];
        if !plain_vreg(b) {
            return None;
        }
        (b.reg(), 0)
    } else if o == op::ADD64ri8.0 || o == op::ADD64ri32.0 {
        (Reg::NONE, imm(2)?)
    } else if o == op::SUB64ri8.0 || o == op::SUB64ri32.0 {
        (Reg::NONE, imm(2)?.checked_neg()?)
    } else if o == op::INC64r.0 {
        (Reg::NONE, 1)
    } else if o == op::DEC64r.0 {
        (Reg::NONE, -1)
    } else if o == op::SHL64ri.0 && imm(2)? == 1 {
        (a.reg(), 0)
    } else {
        return None;
    };
    let disp = i32::try_from(disp).ok()?;
    let lea = mf.create(
        MOpc::target(op::LEA64r.0),
        &[
            Operand::reg_def(def.reg()),
            Operand::reg_use(a.reg()),
            Operand::imm(1),
            Operand::reg_use(index),
            Operand::imm(disp),
            Operand::reg_use(Reg::NONE),
        ],
    );
    Some(lea)
}

/// A whole virtual register read with a defined value.
fn plain_vreg(o: Operand) -> bool {
    o.is_reg() && o.reg().as_virt().is_some() && o.subreg().is_none() && !o.has(flag::UNDEF)
}
