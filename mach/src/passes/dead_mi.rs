//! Dead machine instruction elimination on SSA machine code (LLVM's
//! `dead-mi-elimination`, DeadMachineInstructionElim): an instruction
//! whose every def is a virtual register nobody reads, and that does
//! nothing else, is erased; erasing it may make the defs of its operands
//! dead in turn (a worklist follows them, so chains die in one pass).
//!
//! "Does nothing else" ([`is_dead_candidate`]): a `PHI`, `COPY`,
//! `IMPLICIT_DEF` or `SUBREG_TO_REG` whose defs are all virtual, or a target
//! instruction that does not store, load (machine code does not record
//! whether a load is volatile or atomic, so no load is removed), call,
//! branch, return or have side effects, and whose physical register defs
//! (operands and the opcode's implicit defs) are all marked `dead`
//! (`implicit-def dead $eflags`).
//!
//! Invariants: runs while the function is in SSA form (`IS_SSA`; one def
//! per virtual register, so a use count of zero means no reader); it only
//! removes instructions, in one linear scan plus the worklist, with dense
//! per-vreg arrays reused across functions.

use crate::func::{prop, MInst, MachFunction};
use crate::operand::flag;
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;

/// Per-worker buffers.
#[derive(Default)]
pub struct DeadMi {
    uses: Vec<u32>,
    def_of: Vec<u32>,
    dead: Vec<bool>,
    work: Vec<MInst>,
    scratch: Vec<MInst>,
}

/// Whether `i` may be erased when none of its virtual defs is read.
pub fn is_dead_candidate(mf: &MachFunction, t: &dyn TargetInfo, i: MInst) -> bool {
    let opc = mf.opc(i);
    let ops = mf.operands(i);
    let mut has_def = false;
    match opc {
        MOpc::PHI | MOpc::COPY | MOpc::IMPLICIT_DEF | MOpc::SUBREG_TO_REG => {
            for o in ops.iter().filter(|o| o.is_def()) {
                if !o.reg().is_virtual() {
                    return false;
                }
                has_def = true;
            }
            has_def
        }
        _ => {
            let Some(op) = opc.as_target() else {
                return false;
            };
            let f = t.inst_flags(op);
            if f & (iflag::MAY_LOAD | iflag::EFFECTS) != 0 {
                return false;
            }
            for o in ops.iter().filter(|o| o.is_def()) {
                if o.reg().is_virtual() {
                    has_def = true;
                } else if !o.has(flag::DEAD) {
                    return false;
                }
            }
            // Implicit defs of the opcode must be present and dead.
            if !super::implicit_defs_dead(mf, t, i, op) {
                return false;
            }
            has_def
        }
    }
}

/// Erases dead instructions of an SSA function; returns how many.
pub fn eliminate_dead_mis(mf: &mut MachFunction, t: &dyn TargetInfo, s: &mut DeadMi) -> u32 {
    if !mf.has_prop(prop::IS_SSA) {
        return 0;
    }
    let nv = mf.num_vregs();
    s.uses.clear();
    s.uses.resize(nv, 0);
    s.def_of.clear();
    s.def_of.resize(nv, u32::MAX);
    s.dead.clear();
    s.dead.resize(mf.num_insts(), false);
    s.work.clear();
    for &i in &mf.layout {
        for o in mf.operands(i) {
            let Some(v) = o.reg().as_virt() else { continue };
            let Some(k) = (v.index() < nv).then_some(v.index()) else {
                continue;
            };
            if o.is_def() {
                s.def_of[k] = i.as_u32();
            } else {
                s.uses[k] += 1;
            }
        }
    }
    let unread = |s: &DeadMi, mf: &MachFunction, i: MInst| {
        mf.operands(i)
            .iter()
            .all(|o| !o.is_def() || o.reg().as_virt().is_none_or(|v| s.uses[v.index()] == 0))
    };
    // Seeds: the defs of unread vregs (each checked again when popped).
    for v in 0..nv {
        if s.uses[v] == 0 && s.def_of[v] != u32::MAX {
            s.work.push(MInst::from_u32(s.def_of[v]));
        }
    }
    let mut n = 0;
    while let Some(i) = s.work.pop() {
        if s.dead[i.index()] || !unread(s, mf, i) || !is_dead_candidate(mf, t, i) {
            continue;
        }
        s.dead[i.index()] = true;
        n += 1;
        for o in mf.operands(i) {
            if o.is_def() {
                continue;
            }
            let Some(v) = o.reg().as_virt() else { continue };
            let u = &mut s.uses[v.index()];
            *u -= 1;
            if *u == 0 {
                if let Some(d) = s.def_of.get(v.index()).filter(|&&d| d != u32::MAX) {
                    s.work.push(MInst::from_u32(*d));
                }
            }
        }
    }
    if n > 0 {
        let dead = std::mem::take(&mut s.dead);
        mf.rewrite(&mut s.scratch, |_, _, old, out| {
            out.extend(old.iter().filter(|i| !dead[i.index()]));
        });
        s.dead = dead;
    }
    n
}
