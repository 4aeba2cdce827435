//! Peephole optimizations on SSA machine code (LLVM's `peephole-opt`,
//! PeepholeOptimizer); today: redundant compare elimination
//! (`optimizeCompareInstr`, narrowed to compares with zero).
//!
//! A compare of a virtual register with zero ([`TargetInfo::compare_with_zero`],
//! x86 `test %v, %v` / `cmp %v, 0`) is erased when
//! - `%v` is defined earlier in the same block by an instruction that also
//!   writes the flags register the compare writes (its flags def, usually
//!   `dead`, becomes live);
//! - nothing between that def and the compare reads or writes any part of
//!   the flags register (tracked per register unit: the last instruction
//!   of the block touching each unit);
//! - every reader of the compare's flags, up to the next write of them
//!   (within the block; at the block's end, a successor reading the flags
//!   before writing them keeps the compare), accepts the def's flags in
//!   place of the compare's ([`TargetInfo::flags_match_zero_compare`]).
//!
//! Invariants: runs in SSA form (`IS_SSA`); only compares are erased and
//! only `dead` flags on the defs that replace them are cleared. Cost: one
//! walk per block; each compare's forward scan stops at the next flags
//! write; dense per-vreg and per-unit arrays reused across functions.

use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::operand::{flag, OpKind};
use crate::reg::PReg;
use crate::target::TargetInfo;
use crate::units::RegUnits;
use rcc_ir::entity::EntityId;

/// What the pass did to one function (`-stats`).
#[derive(Copy, Clone, Default, Debug)]
pub struct PeepholeStats {
    /// Compares erased because an earlier instruction set the same flags.
    pub compares: u32,
}

/// Per-worker buffers.
#[derive(Default)]
pub struct Peephole {
    units: RegUnits,
    def_of: Vec<u32>,
    /// Per unit: (stamp, instruction) of the last touch in this block.
    last_touch: Vec<(u32, u32)>,
    /// Per instruction: its stamp (position in the walk).
    stamp_of: Vec<u32>,
    erased: Vec<bool>,
    scratch: Vec<MInst>,
}

/// Calls `f` with every physical register `i` reads (`false`) or writes
/// (`true`): operands and the opcode's implicit registers. Returns whether
/// `i` has a register mask (clobbers what it does not preserve).
fn for_each_phys(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    i: MInst,
    mut f: impl FnMut(PReg, bool),
) -> bool {
    let mut mask = false;
    for o in mf.operands(i) {
        if o.kind() == OpKind::RegMask {
            mask = true;
        }
        if let Some(p) = o.reg().as_phys() {
            if o.is_def() || !o.has(flag::UNDEF) {
                f(p, o.is_def());
            }
        }
    }
    if let Some(op) = mf.opc(i).as_target() {
        for &p in t.implicit_uses(op) {
            f(p, false);
        }
        for &p in t.implicit_defs(op) {
            f(p, true);
        }
    }
    mask
}

/// How `i` touches the flags register `fl`: (reads, writes).
fn touches(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    u: &RegUnits,
    i: MInst,
    fl: PReg,
) -> (bool, bool) {
    let (mut r, mut w) = (false, false);
    let mask = for_each_phys(mf, t, i, |p, def| {
        if u.overlap(p, fl) {
            if def {
                w = true;
            } else {
                r = true;
            }
        }
    });
    if mask {
        let keeps = mf
            .operands(i)
            .iter()
            .all(|o| o.kind() != OpKind::RegMask || t.preserves(o.payload(), fl));
        w |= !keeps;
    }
    (r, w)
}

/// Whether the flags `fl` may be read in `b` before being written there.
fn flags_live_in(mf: &MachFunction, t: &dyn TargetInfo, u: &RegUnits, b: MBlock, fl: PReg) -> bool {
    if mf.block_live_ins(b).iter().any(|&p| u.overlap(p, fl)) {
        return true;
    }
    for &j in mf.block_insts(b) {
        let (r, w) = touches(mf, t, u, j, fl);
        if r {
            return true;
        }
        if w {
            return false;
        }
    }
    // Falls off the block with the flags untouched: ask the successors
    // only one level deep; beyond that, assume they are read.
    !mf.succs(b).is_empty()
}

/// Runs the peephole optimizations on an SSA function.
pub fn peephole(mf: &mut MachFunction, t: &dyn TargetInfo, s: &mut Peephole) -> PeepholeStats {
    let mut stats = PeepholeStats::default();
    if !mf.has_prop(prop::IS_SSA) {
        return stats;
    }
    s.units.build(t);
    let nv = mf.num_vregs();
    s.def_of.clear();
    s.def_of.resize(nv, u32::MAX);
    s.stamp_of.clear();
    s.stamp_of.resize(mf.num_insts(), 0);
    s.erased.clear();
    s.erased.resize(mf.num_insts(), false);
    s.last_touch.clear();
    s.last_touch.resize(s.units.num_units(), (0, u32::MAX));
    for &i in &mf.layout {
        for o in mf.operands(i) {
            if let Some(v) = o.reg().as_virt().filter(|v| o.is_def() && v.index() < nv) {
                s.def_of[v.index()] = i.as_u32();
            }
        }
    }
    let mut now = 0u32;
    for bi in 0..mf.order.len() {
        let b = mf.order[bi];
        now += 1;
        let block_start = now;
        let d = mf.blocks[b];
        for pos in d.start..d.end {
            let i = mf.layout[pos as usize];
            now += 1;
            s.stamp_of[i.index()] = now;
            if try_erase_compare(mf, t, s, b, pos as usize, block_start) {
                s.erased[i.index()] = true;
                stats.compares += 1;
                continue;
            }
            let (units, last_touch) = (&s.units, &mut s.last_touch);
            let mask = for_each_phys(mf, t, i, |p, _| {
                for &u in units.units(p) {
                    last_touch[u as usize] = (now, i.as_u32());
                }
            });
            if mask {
                for lt in last_touch.iter_mut() {
                    *lt = (now, i.as_u32());
                }
            }
        }
    }
    if stats.compares > 0 {
        let erased = std::mem::take(&mut s.erased);
        mf.rewrite(&mut s.scratch, |_, _, old, out| {
            out.extend(old.iter().filter(|i| !erased[i.index()]));
        });
        s.erased = erased;
    }
    stats
}

/// Whether the instruction at layout position `pos` of `b` is a redundant
/// compare; if so, the def that replaces it has its flags made live.
fn try_erase_compare(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &Peephole,
    b: MBlock,
    pos: usize,
    block_start: u32,
) -> bool {
    let i = mf.layout[pos];
    let Some(k) = t.compare_with_zero(mf, i) else {
        return false;
    };
    let ops = mf.operands(i);
    let Some(o) = ops.get(k).copied() else {
        return false;
    };
    let Some(v) = o.reg().as_virt() else {
        return false;
    };
    if o.subreg().is_some() || o.has(flag::UNDEF) || v.index() >= s.def_of.len() {
        return false;
    }
    // The flags register: the compare's one physical def, live.
    let mut fl = None;
    for o in ops.iter().filter(|o| o.is_def()) {
        match (o.reg().as_phys(), fl) {
            (Some(p), None) if !o.has(flag::DEAD) => fl = Some(p),
            _ => return false,
        }
    }
    let Some(fl) = fl else { return false };
    let dm = s.def_of[v.index()];
    if dm == u32::MAX {
        return false;
    }
    let dm = MInst::from_u32(dm);
    let ds = s.stamp_of[dm.index()];
    // Defined earlier in this block, and the last to touch the flags.
    if ds <= block_start || ds >= s.stamp_of[i.index()] {
        return false;
    }
    if s.units
        .units(fl)
        .iter()
        .any(|&u| s.last_touch[u as usize] != (ds, dm.as_u32()))
    {
        return false;
    }
    // The def writes the flags register itself and `%v` whole.
    let Some(fk) = mf
        .operands(dm)
        .iter()
        .position(|o| o.is_def() && o.reg().as_phys() == Some(fl))
    else {
        return false;
    };
    if !mf
        .operands(dm)
        .iter()
        .any(|o| o.is_def() && o.reg().as_virt() == Some(v) && o.subreg().is_none())
    {
        return false;
    }
    // Every reader of the compare's flags accepts the def's.
    let end = mf.blocks[b].end as usize;
    let mut live_out = true;
    for q in pos + 1..end {
        let j = mf.layout[q];
        let (r, w) = touches(mf, t, &s.units, j, fl);
        if r && !t.flags_match_zero_compare(mf, dm, j) {
            return false;
        }
        if w {
            live_out = false;
            break;
        }
    }
    if live_out
        && mf
            .succs(b)
            .iter()
            .any(|&sb| flags_live_in(mf, t, &s.units, sb, fl))
    {
        return false;
    }
    mf.operands_mut(dm)[fk].set(flag::DEAD, false);
    true
}
