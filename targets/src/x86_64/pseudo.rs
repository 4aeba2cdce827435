//! x86-64 post-allocation pseudo expansion (LLVM's
//! `X86InstrInfo::expandPostRAPseudo`, the part rcc needs): `MOV32r0`,
//! the zero idiom, and `MOV32ri64`, a 64-bit constant below 2^32 (`movl`
//! to the low half, or the zero idiom).
//!
//! Until allocation is done `MOV32r0 %r` reads nothing and writes no flags,
//! so the allocator and machine passes move, copy and rematerialize it like
//! any constant. Here it becomes `xorl %r, %r` (2 bytes, the recognised
//! dependency-breaking idiom) where EFLAGS are dead and `movl $0, %r`
//! where they are live (LLVM makes the same choice when it
//! rematerializes the zero where the flags are live). Invariant: the
//! expansion never changes a flags value some instruction reads.
//!
//! Liveness of EFLAGS at the pseudo is a look-ahead over the rest of the
//! block: the first instruction that reads them makes them live, the first
//! that writes them without reading makes them dead. At the end of the
//! block they are live exactly when a successor lists EFLAGS among its
//! live-ins (selection never leaves flags live across a block boundary,
//! so no successor does unless a MIR input says so).

use super::desc::{sub_reg, subreg, DESCS};
use super::{op, regs};
use rcc_mach::{flag, MBlock, MInst, MOpc, MachFunction, Operand, PReg, Reg};

/// The expansion of `i` (block `b`, followed by `rest`), or `None` when
/// `i` is not a pseudo expanded here.
pub fn expand_post_ra(mf: &mut MachFunction, b: MBlock, i: MInst, rest: &[MInst]) -> Option<MInst> {
    let opc = mf.opc(i);
    let mut r = mf.operands(i).first().filter(|o| o.is_reg())?.reg();
    if opc == MOpc::target(op::MOV32ri64.0) {
        // The low half of the register; a 32-bit write zeroes the rest.
        r = Reg::phys(sub_reg(r.as_phys()?, subreg::SUB_32BIT)?);
        let k = mf.operands(i).get(1).and_then(|&o| mf.imm_of(o))?;
        if k != 0 {
            let imm = mf.imm(k);
            return Some(mf.create(MOpc::target(op::MOV32ri.0), &[Operand::reg_def(r), imm]));
        }
    } else if opc != MOpc::target(op::MOV32r0.0) {
        return None;
    }
    let new = if flags_live_after(mf, b, rest) {
        mf.create(
            MOpc::target(op::MOV32ri.0),
            &[Operand::reg_def(r), Operand::imm(0)],
        )
    } else {
        mf.create(
            MOpc::target(op::XOR32rr.0),
            &[
                Operand::reg_def(r),
                Operand::reg_tied_use(r, 0).with(flag::UNDEF),
                Operand::reg_use(r).with(flag::UNDEF),
                Operand::implicit_def(regs::EFLAGS).with(flag::DEAD),
            ],
        )
    };
    Some(new)
}

/// Whether EFLAGS may be read before being written in `rest` or after the
/// block (see the module comment).
pub fn flags_live_after(mf: &MachFunction, b: MBlock, rest: &[MInst]) -> bool {
    let eflags: PReg = regs::EFLAGS;
    for &j in rest {
        let mut writes = false;
        for o in mf.operands(j) {
            if !o.is_reg() || o.reg().as_phys() != Some(eflags) {
                continue;
            }
            if o.is_def() {
                writes = true;
            } else if !o.has(flag::UNDEF) {
                return true;
            }
        }
        // A target form's implicit reads count even if an operand list
        // (a hand-made instruction) left them out.
        if let Some(d) = mf.opc(j).as_target().and_then(|t| DESCS.get(t as usize)) {
            if d.implicit_uses.contains(&regs::EFLAGS) {
                return true;
            }
        }
        // Anything but a target form or a generic copy-like pseudo (inline
        // assembly, calls of other kinds) is not looked into.
        if mf.opc(j).as_target().is_none()
            && !matches!(
                mf.opc(j),
                MOpc::COPY | MOpc::SUBREG_TO_REG | MOpc::IMPLICIT_DEF | MOpc::KILL | MOpc::CFI
            )
        {
            return true;
        }
        if writes {
            return false;
        }
    }
    mf.succs(b)
        .iter()
        .any(|&s| mf.block_live_ins(s).contains(&eflags))
}
