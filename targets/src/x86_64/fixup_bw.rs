//! x86 byte/word instruction fixup (llc's `x86-fixup-bw-insts`,
//! X86FixupBWInsts): after allocation, an instruction that writes only the
//! low 8 or 16 bits of a general-purpose register merges its result into
//! the register's old value, a false dependency on whatever wrote the
//! register before (and a partial-register stall on some cores). Where the
//! rest of the register is dead after the instruction, the 32-bit form
//! that writes (and zero-extends into) the whole register computes the same
//! low bits without the dependency:
//!
//! | byte/word form                 | becomes                          |
//! |--------------------------------|----------------------------------|
//! | `$al = MOV8rm addr`            | `$eax = MOVZX32rm8 addr` (not under `optsize`/`minsize`: one byte longer) |
//! | `$ax = MOV16rm addr`           | `$eax = MOVZX32rm16 addr`        |
//! | `$al = MOV8rr $cl`             | `$eax = MOV32rr undef $ecx, implicit $cl` |
//! | `$ax = MOV16rr $cx`            | `$eax = MOV32rr undef $ecx, implicit $cx` |
//! | `$ax = MOVZX16rm8`/`MOVSX16rm8`| `$eax = MOVZX32rm8`/`MOVSX32rm8` |
//! | `$ax = MOVZX16rr8`/`MOVSX16rr8`| `$eax = MOVZX32rr8`/`MOVSX32rr8` |
//!
//! Liveness: each block is walked backwards from its live-outs (the union
//! of its successors' live-ins). Per register family (RAX..R15) four bits
//! say which parts may still be read: bits 0-7, 8-15, 16-31, 32-63. A read
//! of a register marks the parts it covers (AH marks bits 8-15 only); a
//! write kills the parts it writes (a 32-bit write zero-extends, so it
//! kills all four, as in LLVM's register units where `RAX` has the units of
//! `EAX`); a call's register mask kills the families it does not preserve.
//! Reads are the instruction's register operands (sub-register applied,
//! `undef` ones excepted) and the opcode's implicit uses; writes its
//! defined operands and implicit defs.
//!
//! Invariants: runs on allocated functions (`NO_VREGS`) at `-O1` and up,
//! before the AsmPrinter, as in llc's pre-emit passes. An instruction is
//! widened only when no part of its destination's family other than the
//! part it writes is live after it, the destination is a low part (never
//! AH..BH) without a sub-register index, the instruction carries no
//! operands beyond its explicit ones, and for a register copy the source is
//! the same kind of low part (so `movb %ah, %al` stays). Widening changes
//! only bits nothing reads. Cost: one backward walk per block over a
//! 16-entry array; no allocation.

use super::desc::{subreg, RegFlags, REG_INFO};
use super::op;
use rcc_mach::{flag, prop, MOpc, MachFunction, OpKind, PReg, TargetInfo};
use rcc_mc::Reg;
use std::sync::OnceLock;

/// Live-part bits of a register family.
const LOW8: u8 = 1;
const HIGH8: u8 = 2;
const BITS16_31: u8 = 4;
const BITS32_63: u8 = 8;
const ALL: u8 = LOW8 | HIGH8 | BITS16_31 | BITS32_63;

/// What a GPR is within its family.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Part {
    Low8,
    High8,
    R16,
    R32,
    R64,
}

impl Part {
    /// The bits a read of this part needs.
    fn read_mask(self) -> u8 {
        match self {
            Part::Low8 => LOW8,
            Part::High8 => HIGH8,
            Part::R16 => LOW8 | HIGH8,
            Part::R32 => LOW8 | HIGH8 | BITS16_31,
            Part::R64 => ALL,
        }
    }

    /// The bits a write of this part replaces.
    fn kill_mask(self) -> u8 {
        match self {
            Part::Low8 => LOW8,
            Part::High8 => HIGH8,
            Part::R16 => LOW8 | HIGH8,
            Part::R32 | Part::R64 => ALL,
        }
    }
}

/// Per register index: `(family, part)` for general-purpose registers.
struct GprTable {
    part: Vec<Option<(u8, Part)>>,
    /// The 32-bit and 64-bit register of each family (by hardware number).
    r32: [Reg; 16],
    r64: [Reg; 16],
}

fn gprs() -> &'static GprTable {
    static T: OnceLock<GprTable> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = GprTable {
            part: vec![None; REG_INFO.len()],
            r32: [Reg(0); 16],
            r64: [Reg(0); 16],
        };
        for (r, info) in REG_INFO.iter().enumerate() {
            if !info.flags.has(RegFlags::GPR) || info.bits != 64 || info.enc >= 16 {
                continue;
            }
            let f = info.enc;
            t.r64[f as usize] = Reg(r as u16);
            t.part[r] = Some((f, Part::R64));
            for (idx, p) in [
                (subreg::SUB_32BIT, Part::R32),
                (subreg::SUB_16BIT, Part::R16),
                (subreg::SUB_8BIT, Part::Low8),
                (subreg::SUB_8BIT_HI, Part::High8),
            ] {
                let s = info.subregs[idx] as usize;
                if s != 0 {
                    t.part[s] = Some((f, p));
                    if p == Part::R32 {
                        t.r32[f as usize] = Reg(s as u16);
                    }
                }
            }
        }
        t
    })
}

fn part_of(r: PReg) -> Option<(u8, Part)> {
    gprs().part.get(r.0 as usize).copied().flatten()
}

/// The live parts of every family at one point of a block.
struct Live([u8; 16]);

impl Live {
    fn read(&mut self, r: PReg) {
        if let Some((f, p)) = part_of(r) {
            self.0[f as usize] |= p.read_mask();
        }
    }

    fn write(&mut self, r: PReg) {
        if let Some((f, p)) = part_of(r) {
            self.0[f as usize] &= !p.kill_mask();
        }
    }
}

/// The physical register an operand names, its sub-register applied.
fn phys_of(t: &dyn TargetInfo, o: rcc_mach::Operand) -> Option<PReg> {
    let p = o.reg().as_phys()?;
    match o.subreg() {
        Some(s) => t.sub_reg(p, s),
        None => Some(p),
    }
}

/// The widened opcode of a byte/word form, and whether it is a register
/// copy whose source widens too.
fn widened(opc: u16, opt_size: bool) -> Option<(u16, bool)> {
    Some(match opc {
        o if o == op::MOV8rm.0 && !opt_size => (op::MOVZX32rm8.0, false),
        o if o == op::MOV16rm.0 => (op::MOVZX32rm16.0, false),
        o if o == op::MOV8rr.0 || o == op::MOV16rr.0 => (op::MOV32rr.0, true),
        o if o == op::MOVZX16rm8.0 => (op::MOVZX32rm8.0, false),
        o if o == op::MOVSX16rm8.0 => (op::MOVSX32rm8.0, false),
        o if o == op::MOVZX16rr8.0 => (op::MOVZX32rr8.0, false),
        o if o == op::MOVSX16rr8.0 => (op::MOVSX32rr8.0, false),
        _ => return None,
    })
}

/// Widens the byte/word instructions of `mf` whose destination's other
/// parts are dead; returns how many changed. `opt_size` (the function is
/// `optsize` or `minsize`) keeps 8-bit loads, whose widened form is one
/// byte longer.
pub fn fixup_bw_insts(mf: &mut MachFunction, t: &dyn TargetInfo, opt_size: bool) -> u32 {
    if !mf.has_prop(prop::NO_VREGS) {
        return 0;
    }
    let table = gprs();
    let mut changed = 0;
    for bi in 0..mf.order.len() {
        let b = mf.order[bi];
        let mut live = Live([0; 16]);
        for k in 0..mf.succs(b).len() {
            let s = mf.succs(b)[k];
            for &r in mf.block_live_ins(s) {
                live.read(r);
            }
            if mf.order.first() == Some(&s) {
                for &r in &mf.live_ins {
                    live.read(r);
                }
            }
        }
        let d = mf.blocks[b];
        for pos in (d.start..d.end).rev() {
            let i = mf.layout[pos as usize];
            let opc = mf.opc(i);
            if let Some((new, copy)) = opc.as_target().and_then(|o| widened(o, opt_size)) {
                let ops = mf.operands(i);
                let plain = ops.iter().all(|o| !o.has(flag::IMPLICIT));
                let dst = ops.first().copied();
                let dst = dst.filter(|o| {
                    plain
                        && o.is_reg()
                        && o.is_def()
                        && o.subreg().is_none()
                        && !o.has(flag::IMPLICIT)
                });
                let target = dst.and_then(|o| o.reg().as_phys()).and_then(|r| {
                    let (f, p) = part_of(r)?;
                    if !matches!(p, Part::Low8 | Part::R16) {
                        return None;
                    }
                    // Nothing but the written part may be live after it.
                    if live.0[f as usize] & !p.kill_mask() != 0 {
                        return None;
                    }
                    Some((f, p))
                });
                let src = if copy {
                    target.and_then(|(_, p)| {
                        let s = ops[1];
                        let r = s.reg().as_phys().filter(|_| {
                            s.is_reg() && s.is_use() && s.subreg().is_none() && !s.has(flag::UNDEF)
                        })?;
                        let (sf, sp) = part_of(r)?;
                        (sp == p).then_some(Some(table.r32[sf as usize]))
                    })
                } else {
                    target.map(|_| None)
                };
                let mut i = i;
                if let (Some((f, _)), Some(src)) = (target, src) {
                    let mut def = mf.operands(i)[0];
                    def.set_reg(table.r32[f as usize].into());
                    if let Some(s) = src {
                        // As in LLVM: the 32-bit source is read `undef`
                        // (its upper bits hold nothing meaningful) and the
                        // original source stays an implicit use, so
                        // liveness still sees exactly what is read.
                        let orig = mf.operands(i)[1];
                        let mut wide = orig.with(flag::UNDEF);
                        wide.set(flag::KILL, false);
                        wide.set_reg(s.into());
                        let mut keep = rcc_mach::Operand::implicit_use(orig.reg());
                        keep.set(flag::KILL, orig.has(flag::KILL));
                        i = mf.create(MOpc::target(new), &[def, wide, keep]);
                        mf.layout[pos as usize] = i;
                    } else {
                        mf.operands_mut(i)[0] = def;
                        mf.set_opc(i, MOpc::target(new));
                    }
                    changed += 1;
                }
            }
            step(mf, t, i, &mut live);
        }
    }
    changed
}

/// Moves `live` from after instruction `i` to before it.
fn step(mf: &MachFunction, t: &dyn TargetInfo, i: rcc_mach::MInst, live: &mut Live) {
    let opc = mf.opc(i);
    let ops = mf.operands(i);
    for &o in ops {
        if o.kind() == OpKind::RegMask {
            let table = gprs();
            for f in 0..16 {
                let r = table.r64[f];
                if r.0 != 0 && !t.preserves(o.payload(), r) {
                    live.0[f] = 0;
                }
            }
        } else if o.is_reg() && o.is_def() {
            if let Some(r) = phys_of(t, o) {
                live.write(r);
            }
        }
    }
    if let Some(op) = opc.as_target() {
        for &r in t.implicit_defs(op) {
            live.write(r);
        }
        for &r in t.implicit_uses(op) {
            live.read(r);
        }
    }
    for &o in ops {
        if o.is_reg() && o.is_use() && !o.has(flag::UNDEF) {
            if let Some(r) = phys_of(t, o) {
                live.read(r);
            }
        }
    }
}
