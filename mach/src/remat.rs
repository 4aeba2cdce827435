//! Rematerialization: the copy of an instruction that recomputes a value
//! where it is needed instead of reloading it from a spill slot (LLVM's
//! `TargetInstrInfo::reMaterialize`, target-independent here because
//! every target's remat candidates are plain re-executions).
//!
//! Invariant: the copy is created in the function's arenas and not placed
//! in the layout (the caller places it); the original is left unchanged.
//! Which instructions may be copied is the target's answer to
//! `TargetInfo::is_rematerializable`; this module does not ask again.

use crate::func::{MInst, MachFunction};
use crate::operand::flag;
use crate::reg::Reg;

/// A copy of `orig` whose one register def is `new_def`: same opcode and
/// operands (immediates, symbols, memory references are shared payloads),
/// the def's `dead` flag and every use's `kill` flag dropped (the copy sits
/// elsewhere, so the original's liveness marks do not hold there). Uses of
/// the original def (the `undef` self-reads of a zeroing idiom, tied to
/// it) are renamed to `new_def` as well, so the copy stays two-address
/// consistent. A sub-register on the def is kept.
pub fn rematerialize(mf: &mut MachFunction, orig: MInst, new_def: Reg) -> MInst {
    let opc = mf.opc(orig);
    let old_def = mf
        .operands(orig)
        .iter()
        .find(|o| o.is_def() && !o.has(flag::IMPLICIT))
        .map(|o| o.reg());
    let copy = mf.create(opc, &[]);
    let n = mf.operands(orig).len();
    for k in 0..n {
        let mut o = mf.operands(orig)[k];
        if o.is_reg() {
            o.set(flag::KILL, false);
            o.set(flag::DEAD, false);
            if Some(o.reg()) == old_def && !o.reg().is_none() && !o.has(flag::IMPLICIT) {
                o.set_reg(new_def);
            }
        }
        mf.add_operand(copy, o);
    }
    copy
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operand::Operand;
    use crate::reg::{RegClassId, VReg};
    use crate::target::MOpc;

    #[test]
    fn copy_renames_def_and_self_reads_and_drops_flags() {
        let mut mf = MachFunction::new(rcc_ir::GlobalId::from_u32(0));
        let v: Reg = mf.new_vreg(RegClassId(0)).into();
        let w: Reg = mf.new_vreg(RegClassId(0)).into();
        let other = Reg::virt(VReg::from_u32(7));
        let i = mf.create(
            MOpc::target(3),
            &[
                Operand::reg_def(v).with(flag::DEAD),
                Operand::reg_tied_use(v, 0).with(flag::UNDEF),
                Operand::reg_use(other).with(flag::KILL),
                Operand::imm(42),
            ],
        );
        let c = rematerialize(&mut mf, i, w);
        assert_ne!(c, i);
        assert_eq!(mf.opc(c), mf.opc(i));
        let ops = mf.operands(c);
        assert_eq!(ops.len(), 4);
        assert_eq!(ops[0].reg(), w);
        assert!(ops[0].is_def() && !ops[0].has(flag::DEAD));
        assert_eq!(ops[1].reg(), w);
        assert!(ops[1].has(flag::UNDEF) && ops[1].tied_to() == Some(0));
        assert_eq!(ops[2].reg(), other);
        assert!(!ops[2].has(flag::KILL));
        assert_eq!(ops[3], Operand::imm(42));
        // The original is untouched.
        assert_eq!(mf.operands(i)[0].reg(), v);
        assert!(mf.operands(i)[0].has(flag::DEAD));
        assert!(!mf.layout.contains(&c));
    }
}
