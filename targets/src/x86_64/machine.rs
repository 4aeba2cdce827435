//! The x86-64 target as machine code sees it: [`X86Info`] implements
//! `rcc_mach::TargetInfo` over the generated tables.
//!
//! Machine operands of a form are derived from its descriptor, once, into a
//! flat table: a `w` register slot is a def, an `r` slot a use, an `rw` slot
//! a def followed by a use tied to it (two-address form, before register
//! allocation); a memory slot is five operands (base, scale, index,
//! displacement, segment; the base may be a frame index); immediates,
//! condition codes and SSE predicates are immediates; a branch target is a
//! block. Fixed registers are not explicit operands: they are the form's
//! implicit defs and uses.

use super::desc::{
    aliases, class, iflag as xflag, reg_info, sub_reg, OpKind, Role, CLASSES, DESCS, NUM_OPCODES,
    NUM_REGS, SUBREG_INDEX_NAMES,
};
use super::regs;
use rcc_mach::{iflag, OperandSlot, PReg, RegClassId, TargetInfo};
use std::sync::OnceLock;

// The generated flag bits are the machine-level ones.
const _: () = {
    assert!(xflag::MAY_LOAD == iflag::MAY_LOAD && xflag::MAY_STORE == iflag::MAY_STORE);
    assert!(xflag::TERMINATOR == iflag::TERMINATOR && xflag::BRANCH == iflag::BRANCH);
    assert!(xflag::INDIRECT == iflag::INDIRECT && xflag::CALL == iflag::CALL);
    assert!(xflag::RETURN == iflag::RETURN && xflag::BARRIER == iflag::BARRIER);
    assert!(xflag::COMMUTABLE == iflag::COMMUTABLE && xflag::REMAT == iflag::REMAT);
    assert!(xflag::CHEAP_AS_MOVE == iflag::CHEAP_AS_MOVE);
    assert!(xflag::SIDE_EFFECTS == iflag::SIDE_EFFECTS);
};

/// Register masks: what a call preserves.
pub mod mask {
    /// The System V C calling convention.
    pub const SYSV: u32 = 0;
}

/// Callee-saved registers of the System V ABI, with their sub-registers.
static SYSV_PRESERVED: [PReg; 26] = [
    regs::RBX,
    regs::EBX,
    regs::BX,
    regs::BL,
    regs::BH,
    regs::RBP,
    regs::EBP,
    regs::BP,
    regs::BPL,
    regs::R12,
    regs::R12D,
    regs::R12W,
    regs::R12B,
    regs::R13,
    regs::R13D,
    regs::R13W,
    regs::R13B,
    regs::R14,
    regs::R14D,
    regs::R14W,
    regs::R14B,
    regs::R15,
    regs::R15D,
    regs::R15W,
    regs::R15B,
    regs::RSP,
];

struct Slots {
    /// Per opcode, a range into `pool`.
    ranges: Vec<(u32, u32)>,
    pool: Vec<OperandSlot>,
}

fn slots() -> &'static Slots {
    static SLOTS: OnceLock<Slots> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let mut pool = Vec::new();
        let mut ranges = Vec::with_capacity(NUM_OPCODES);
        for d in DESCS.iter() {
            let start = pool.len() as u32;
            // Defs come first in machine operands; the descriptor is in
            // Intel order, where the destination is already first.
            let mut explicit = 0u8;
            for o in d.operands {
                match o.kind {
                    OpKind::Reg(c) => {
                        let c = RegClassId(c.0);
                        match o.role {
                            Role::Def => pool.push(OperandSlot::Def(c)),
                            Role::Use => pool.push(OperandSlot::Use(c)),
                            Role::UseDef => {
                                let def = explicit;
                                pool.push(OperandSlot::Def(c));
                                pool.push(OperandSlot::TiedUse(c, def));
                                explicit += 1;
                            }
                        }
                        explicit += 1;
                    }
                    OpKind::Mem(_) => {
                        pool.push(OperandSlot::Mem);
                        explicit += 5;
                    }
                    OpKind::Imm(_) | OpKind::Cond | OpKind::FCond | OpKind::MemOffs => {
                        pool.push(OperandSlot::Imm);
                        explicit += 1;
                    }
                    OpKind::Rel(_) => {
                        pool.push(OperandSlot::Block);
                        explicit += 1;
                    }
                    OpKind::Fixed(_) | OpKind::Lit(_) => {}
                }
            }
            ranges.push((start, pool.len() as u32));
        }
        Slots { ranges, pool }
    })
}

/// The x86-64 target for machine code.
#[derive(Copy, Clone, Debug, Default)]
pub struct X86Info;

impl TargetInfo for X86Info {
    fn num_opcodes(&self) -> u16 {
        NUM_OPCODES as u16
    }
    fn inst_name(&self, op: u16) -> &'static str {
        DESCS.get(op as usize).map_or("<bad opcode>", |d| d.name)
    }
    fn inst_flags(&self, op: u16) -> u32 {
        DESCS.get(op as usize).map_or(0, |d| d.flags)
    }
    fn implicit_defs(&self, op: u16) -> &'static [PReg] {
        DESCS.get(op as usize).map_or(&[], |d| d.implicit_defs)
    }
    fn implicit_uses(&self, op: u16) -> &'static [PReg] {
        DESCS.get(op as usize).map_or(&[], |d| d.implicit_uses)
    }
    fn operand_slots(&self, op: u16) -> &'static [OperandSlot] {
        let s = slots();
        match s.ranges.get(op as usize) {
            Some(&(a, b)) => &s.pool[a as usize..b as usize],
            None => &[],
        }
    }
    fn reg_name(&self, r: PReg) -> &'static str {
        reg_info(r).asm
    }
    fn num_regs(&self) -> usize {
        NUM_REGS
    }
    fn num_classes(&self) -> usize {
        CLASSES.len()
    }
    fn class_name(&self, c: RegClassId) -> &'static str {
        CLASSES.get(c.0 as usize).map_or("<bad class>", |c| c.name)
    }
    fn class_members(&self, c: RegClassId) -> &'static [PReg] {
        CLASSES.get(c.0 as usize).map_or(&[], |c| c.members)
    }
    fn class_contains(&self, c: RegClassId, r: PReg) -> bool {
        super::desc::RegClass(c.0).contains(r)
    }
    fn class_spill_size(&self, c: RegClassId) -> u32 {
        CLASSES.get(c.0 as usize).map_or(0, |c| c.spill_size)
    }
    fn aliases(&self, r: PReg) -> &'static [u16] {
        aliases(r)
    }
    fn sub_reg(&self, r: PReg, idx: u8) -> Option<PReg> {
        sub_reg(r, idx as usize)
    }
    fn subreg_name(&self, idx: u8) -> &'static str {
        SUBREG_INDEX_NAMES
            .get(idx as usize)
            .copied()
            .unwrap_or("sub_?")
    }
    fn preserved_regs(&self, m: u32) -> &'static [PReg] {
        match m {
            mask::SYSV => &SYSV_PRESERVED,
            _ => &[],
        }
    }
    fn is_reserved(&self, r: PReg) -> bool {
        [regs::RSP, regs::RIP, regs::EFLAGS, regs::FPSW, regs::FPCW]
            .iter()
            .any(|&s| aliases(s).contains(&r.0))
            || class::SEGMENT.contains(r)
    }
    fn dwarf_reg_name(&self, n: u16) -> Option<&'static str> {
        super::desc::reg_by_dwarf(n).map(|r| reg_info(r).asm)
    }
}

/// Machine register classes of the generated classes.
pub mod mclass {
    use rcc_mach::RegClassId;
    pub const GR8: RegClassId = RegClassId(super::class::GR8.0);
    pub const GR8_NOREX: RegClassId = RegClassId(super::class::GR8_NOREX.0);
    pub const GR16: RegClassId = RegClassId(super::class::GR16.0);
    pub const GR32: RegClassId = RegClassId(super::class::GR32.0);
    pub const GR64: RegClassId = RegClassId(super::class::GR64.0);
    pub const GR64_NOSP: RegClassId = RegClassId(super::class::GR64_NOSP.0);
    pub const VR128: RegClassId = RegClassId(super::class::VR128.0);
    pub const VR256: RegClassId = RegClassId(super::class::VR256.0);
    pub const RST: RegClassId = RegClassId(super::class::RST.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::op;

    #[test]
    fn derived_operand_slots() {
        let t = X86Info;
        use OperandSlot::*;
        assert_eq!(
            t.operand_slots(op::ADD32rr.0),
            &[
                Def(mclass::GR32),
                TiedUse(mclass::GR32, 0),
                Use(mclass::GR32)
            ]
        );
        assert_eq!(t.operand_slots(op::MOV64rm.0), &[Def(mclass::GR64), Mem]);
        assert_eq!(t.operand_slots(op::MOV64mr.0), &[Mem, Use(mclass::GR64)]);
        assert_eq!(t.operand_slots(op::JCC_1.0), &[Block, Imm]);
        assert!(t.is_reserved(regs::ESP) && t.is_reserved(regs::SPL));
        assert!(!t.is_reserved(regs::RBX));
        assert_eq!(t.reg_name(regs::R10D), "r10d");
        assert!(t.preserved_regs(mask::SYSV).contains(&regs::R12D));
    }
}
