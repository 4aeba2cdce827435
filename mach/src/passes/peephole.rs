//! Peephole optimizations on SSA machine code (LLVM's `peephole-opt`,
//! PeepholeOptimizer): redundant compare elimination
//! (`optimizeCompareInstr`, narrowed to compares with zero) and redundant
//! zero extensions.
//!
//! A zero-extending copy ([`TargetInfo::zero_extending_copy`], x86
//! `MOV32rr` before `SUBREG_TO_REG`) becomes a plain `COPY`, which the
//! coalescer can remove, when its source register's one definition
//! already leaves the high bits zero ([`TargetInfo::def_zeroes_high_bits`],
//! x86: any 32-bit register write), looking through whole-register copies
//! between virtual registers of one size. Inside one block selection knows this
//! (LLVM's `def32`); across blocks only the machine code does (LLVM gets
//! there by moving extensions next to their loads in CodeGenPrepare).
//! Every candidate is judged on the function as selected, before any is
//! changed; a source with more than one definition is left alone.
//!
//! A compare of a virtual register with zero ([`TargetInfo::compare_with_zero`],
//! x86 `test %v, %v` / `cmp %v, 0`) is erased when
//! - `%v` is defined earlier in the same block by an instruction that also
//!   writes the flags register the compare writes (its flags def, usually
//!   `dead`, becomes live);
//! - nothing between that def and the compare reads or writes any part of
//!   the flags register (the def is looked for at most 16 instructions
//!   back, and must be the first to touch the flags on the way);
//! - every reader of the compare's flags, up to the next write of them
//!   (within the block; at the block's end, a successor reading the flags
//!   before writing them keeps the compare), accepts the def's flags in
//!   place of the compare's ([`TargetInfo::flags_match_zero_compare`]).
//!
//! Invariants: runs in SSA form (`IS_SSA`); only compares are erased and
//! only `dead` flags on the defs that replace them are cleared. Cost: one
//! opcode test per instruction; each compare scans a bounded window back
//! and forward to the next flags write.

use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::operand::{flag, OpKind};
use crate::reg::PReg;
use crate::target::TargetInfo;
use crate::units::RegUnits;
use crate::MOpc;
use rcc_ir::entity::EntityId;

/// What the pass did to one function (`-stats`).
#[derive(Copy, Clone, Default, Debug)]
pub struct PeepholeStats {
    /// Compares erased because an earlier instruction set the same flags.
    pub compares: u32,
    /// Zero-extending copies made plain copies.
    pub zexts: u32,
}

/// Per-worker buffers.
#[derive(Default)]
pub struct Peephole {
    units: RegUnits,
    erased: Vec<bool>,
    scratch: Vec<MInst>,
    /// Zero-extending copies found, with their source operand.
    zexts: Vec<(MInst, usize)>,
    /// Per virtual register: its definition and operand index
    /// (`NO_DEF` none yet, `MANY_DEFS` more than one).
    defs: Vec<(u32, u32)>,
}

const NO_DEF: u32 = u32::MAX;
const MANY_DEFS: u32 = u32::MAX - 1;

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

/// How far back from a compare its operand's def is looked for.
const WINDOW: usize = 16;

/// Runs the peephole optimizations on an SSA function.
pub fn peephole(mf: &mut MachFunction, t: &dyn TargetInfo, s: &mut Peephole) -> PeepholeStats {
    let mut stats = PeepholeStats::default();
    if !mf.has_prop(prop::IS_SSA) {
        return stats;
    }
    stats.zexts = drop_redundant_zexts(mf, t, s);
    s.units.build(t);
    let mut any = false;
    for bi in 0..mf.order.len() {
        let b = mf.order[bi];
        let d = mf.blocks[b];
        for pos in d.start..d.end {
            let i = mf.layout[pos as usize];
            if t.compare_with_zero(mf, i).is_none() {
                continue;
            }
            if !any {
                s.erased.clear();
                s.erased.resize(mf.num_insts(), false);
                any = true;
            }
            if try_erase_compare(mf, t, s, b, pos as usize) {
                s.erased[i.index()] = true;
                stats.compares += 1;
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

/// Makes every zero-extending copy whose source is already zero-extended
/// a `COPY`; returns how many.
fn drop_redundant_zexts(mf: &mut MachFunction, t: &dyn TargetInfo, s: &mut Peephole) -> u32 {
    s.zexts.clear();
    for &i in &mf.layout {
        if let Some(k) = t.zero_extending_copy(mf, i) {
            s.zexts.push((i, k));
        }
    }
    if s.zexts.is_empty() {
        return 0;
    }
    s.defs.clear();
    s.defs.resize(mf.num_vregs(), (NO_DEF, 0));
    for &i in &mf.layout {
        for (k, o) in mf.operands(i).iter().enumerate() {
            if let (true, Some(v)) = (o.is_def(), o.reg().as_virt()) {
                let d = &mut s.defs[v.index()];
                *d = if d.0 == NO_DEF {
                    (i.as_u32(), k as u32)
                } else {
                    (MANY_DEFS, 0)
                };
            }
        }
    }
    // Judge every candidate before changing any.
    let defs = &s.defs;
    s.zexts.retain(|&(i, k)| {
        let Some(v) = mf.operands(i)[k].reg().as_virt() else {
            return false;
        };
        let (mut v, mut steps) = (v, 0);
        loop {
            let (d, op) = defs[v.index()];
            if d >= MANY_DEFS {
                return false;
            }
            let d = MInst::from_u32(d);
            // Through whole-register copies between registers of one size
            // (exported values are copies of their defs).
            if mf.opc(d) == MOpc::COPY && steps < 8 {
                if let [dst, src] = mf.operands(d) {
                    if let Some(u) = src.reg().as_virt() {
                        let size = |r| t.class_spill_size(mf.class_of(r));
                        if dst.subreg().is_none() && src.subreg().is_none() && size(u) == size(v) {
                            v = u;
                            steps += 1;
                            continue;
                        }
                    }
                }
            }
            return t.def_zeroes_high_bits(mf, d, op as usize);
        }
    });
    for &(i, _) in &s.zexts {
        mf.set_opc(i, MOpc::COPY);
    }
    s.zexts.len() as u32
}

/// Whether the instruction at layout position `pos` of `b` is a redundant
/// compare; if so, the def that replaces it has its flags made live.
fn try_erase_compare(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &Peephole,
    b: MBlock,
    pos: usize,
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
    if o.subreg().is_some() || o.has(flag::UNDEF) {
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
    // Back to `%v`'s def, which must be the first to touch the flags.
    let start = mf.blocks[b].start as usize;
    let mut dm = None;
    for q in (start.max(pos.saturating_sub(WINDOW))..pos).rev() {
        let j = mf.layout[q];
        if s.erased[j.index()] {
            continue;
        }
        let defines_v = mf
            .operands(j)
            .iter()
            .any(|o| o.is_def() && o.reg().as_virt() == Some(v) && o.subreg().is_none());
        let (r, w) = touches(mf, t, &s.units, j, fl);
        if defines_v {
            if w && !r {
                dm = Some(j);
            }
            break;
        }
        if r || w {
            return false;
        }
    }
    let Some(dm) = dm else { return false };
    let Some(fk) = mf
        .operands(dm)
        .iter()
        .position(|o| o.is_def() && o.reg().as_phys() == Some(fl))
    else {
        return false;
    };
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
