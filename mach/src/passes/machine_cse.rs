//! Machine common-subexpression elimination on SSA machine code (LLVM's
//! `machine-cse`, MachineCSE): a walk of the dominator tree with a scoped
//! table of the expressions computed on the way from the entry; an
//! instruction equal to one already in the table (same opcode, same
//! operands other than its virtual defs) is erased and its defs' readers
//! read the earlier defs instead.
//!
//! Candidates ([`is_cse_candidate`]): target instructions (not `COPY`,
//! `PHI` or other generic opcodes) that do not store, call, branch or have
//! side effects; that load only memory that never changes (the target's
//! rematerialization answer: constant pool, GOT); whose physical defs are
//! all `dead` (flags nobody reads); that read no physical register except
//! as such a rematerializable instruction does (`$rip`); with at least one
//! virtual def. Before a candidate is looked up, its operands that read a
//! full `COPY` of a virtual register of the same class read the source
//! instead (LLVM's trivial copy propagation), so equal expressions meet.
//!
//! Profitability, after LLVM's heuristics: an instruction as cheap as a
//! move is only reused from its own block or an immediate predecessor
//! (reuse from further away only lengthens a live range to save a
//! `mov $imm`); an expression with no virtual register operands whose
//! value only feeds copies is not reused; a value read by a PHI is only
//! reused within its own block. The earlier def must have the same
//! register class.
//!
//! Invariants: runs in SSA form (`IS_SSA`); erased instructions' defs are
//! renamed everywhere (PHI inputs included) in one final walk; every
//! buffer is a dense per-vreg/per-block array or a hash table kept across
//! functions. Instructions left without readers are erased by
//! [`super::dead_mi`] afterwards.

use crate::analysis::CfgAnalyses;
use crate::cfg::MCfg;
use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::operand::{flag, OpKind, Operand};
use crate::reg::{Reg, VReg};
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What the pass did to one function (`-stats`).
#[derive(Copy, Clone, Default, Debug)]
pub struct CseStats {
    /// Instructions erased as common subexpressions.
    pub eliminated: u32,
    /// Operands that read a copy's source instead of the copy.
    pub copies_propagated: u32,
    /// Dead instructions erased afterwards.
    pub dead: u32,
    /// Of `eliminated`, those whose physical defs (flags) were read: the
    /// earlier equal instruction's defs reach them (LLVM's
    /// `PhysRegDefsReach`).
    pub phys_reused: u32,
}

/// A hasher for keys that are hashes already.
#[derive(Default)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("IdHasher only hashes u64 keys")
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// Per-worker buffers.
#[derive(Default)]
pub struct MachineCse {
    /// hash -> index in `entries` of the newest entry with that hash.
    table: HashMap<u64, u32, BuildHasherDefault<IdHasher>>,
    /// (instruction, hash, previous entry with that hash or `u32::MAX`).
    entries: Vec<(MInst, u64, u32)>,
    def_of: Vec<u32>,
    /// Per vreg: bit 0 read by something other than a COPY, bit 1 read by
    /// a PHI, bit 2 read by a tied (two-address) use.
    use_kind: Vec<u8>,
    rename: Vec<u32>,
    block_of: Vec<u32>,
    children_start: Vec<u32>,
    children: Vec<MBlock>,
    stack: Vec<(MBlock, u32, u32)>,
    undo: Vec<(u32, Operand)>,
    dead: Vec<bool>,
    scratch: Vec<MInst>,
    pub dead_mi: super::dead_mi::DeadMi,
}

const NON_COPY_USE: u8 = 1;
const PHI_USE: u8 = 2;
const TIED_USE: u8 = 4;

/// Whether `i` may be replaced by an equal earlier instruction (with all
/// its physical defs dead).
pub fn is_cse_candidate(mf: &MachFunction, t: &dyn TargetInfo, i: MInst) -> bool {
    candidate(mf, t, i) == Some(false)
}

/// Whether `i` is a candidate, and if so whether some physical register it
/// writes is read (`Some(true)`: LLVM's `hasLivePhysRegDefUses`; such an
/// instruction reads no physical register and is reused only from an
/// equal instruction shortly before it in its block, see
/// [`phys_defs_reach`]).
fn candidate(mf: &MachFunction, t: &dyn TargetInfo, i: MInst) -> Option<bool> {
    let opc = mf.opc(i);
    let op = opc.as_target()?;
    let f = t.inst_flags(op);
    if f & iflag::EFFECTS != 0 {
        return None;
    }
    let ops = mf.operands(i);
    let mut vdef = false;
    let mut live_phys = false;
    let mut phys_use = !t.implicit_uses(op).is_empty();
    for o in ops {
        match o.kind() {
            OpKind::Reg => {}
            OpKind::RegMask => return None,
            _ => continue,
        }
        let r = o.reg();
        if o.is_def() {
            if r.is_virtual() {
                vdef = true;
            } else if !o.has(flag::DEAD) {
                live_phys = true;
            }
        } else if r.is_phys() && !o.has(flag::UNDEF) {
            phys_use = true;
        }
    }
    if live_phys {
        // Every physical def is one of the target's implicit defs.
        let implicit = |o: &Operand| {
            let r = o.reg();
            t.implicit_defs(op).iter().any(|&p| r == Reg::phys(p))
        };
        let ok = !phys_use
            && f & iflag::MAY_LOAD == 0
            && ops.iter().all(|o| {
                o.kind() != OpKind::Reg || !o.is_def() || o.reg().is_virtual() || implicit(o)
            });
        return ok.then_some(true);
    }
    if !super::implicit_defs_dead(mf, t, i, op) || !vdef {
        return None;
    }
    if (f & iflag::MAY_LOAD != 0 || phys_use) && !t.is_rematerializable(mf, i) {
        return None;
    }
    Some(false)
}

/// The physical registers `i` writes.
fn phys_defs(mf: &MachFunction, i: MInst) -> Vec<Reg> {
    mf.operands(i)
        .iter()
        .filter(|o| o.kind() == OpKind::Reg && o.is_def() && o.reg().is_phys())
        .map(|o| o.reg())
        .collect()
}

/// How many instructions after an equal instruction `c` LLVM's
/// `PhysRegDefsReach` looks for `i` (its `LookAheadLimit`).
const PHYS_LOOK_AHEAD: usize = 5;

/// Whether the physical registers `i` (at layout position `pos`) writes
/// and reads later still hold what `c`, earlier in the same block, wrote:
/// `c` is at most [`PHYS_LOOK_AHEAD`] instructions before `i` and nothing
/// in between writes them. Returns `c`'s layout position.
fn phys_defs_reach(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    c: MInst,
    i: MInst,
    start: u32,
    pos: u32,
) -> Option<u32> {
    let phys = phys_defs(mf, i);
    let clobbers = |j: MInst| {
        mf.operands(j).iter().any(|o| match o.kind() {
            OpKind::RegMask => true,
            OpKind::Reg if o.is_def() => phys.iter().any(|&p| {
                let (Some(a), Some(b)) = (o.reg().as_phys(), p.as_phys()) else {
                    return false;
                };
                a == b || t.aliases(a).contains(&b.0)
            }),
            _ => false,
        })
    };
    let mut p = pos;
    for _ in 0..=PHYS_LOOK_AHEAD {
        if p == start {
            return None;
        }
        p -= 1;
        let j = mf.layout[p as usize];
        if j == c {
            return Some(p);
        }
        if clobbers(j) {
            return None;
        }
    }
    None
}

fn mix(h: u64, v: u64) -> u64 {
    (h.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

/// The value an operand contributes to the expression (defs: only their
/// shape; flags that do not change the value are dropped).
fn operand_key(mf: &MachFunction, o: Operand) -> (u64, u64) {
    let kind = o.kind() as u64;
    let shape = |o: Operand| (o.subreg().map_or(0, |s| s as u64 + 1)) << 8 | kind;
    match o.kind() {
        OpKind::Reg => {
            let tied = o.tied_to().map_or(0, |t| t as u64 + 1) << 16;
            let undef = (o.has(flag::UNDEF) as u64) << 24;
            let imp = (o.has(flag::IMPLICIT) as u64) << 25;
            if o.is_def() {
                let r = if o.reg().is_virtual() {
                    0
                } else {
                    o.reg().bits()
                };
                (shape(o) | tied | imp | 1 << 26, r as u64)
            } else {
                (shape(o) | tied | undef | imp, o.reg().bits() as u64)
            }
        }
        OpKind::Imm64 => (kind, mf.imm_of(o).unwrap_or(0) as u64),
        OpKind::Sym => {
            let s = mf.sym_of(o);
            let v = s.map_or(0, |s| {
                let t = match s.target {
                    crate::func::SymTarget::Global(g) => g.as_u32() as u64,
                    crate::func::SymTarget::External(n) => 1 << 32 | n as u64,
                    crate::func::SymTarget::ConstPool(n) => 2 << 32 | n as u64,
                    crate::func::SymTarget::JumpTable(n) => 3 << 32 | n as u64,
                    crate::func::SymTarget::Block(b) => 4 << 32 | b.as_u32() as u64,
                    crate::func::SymTarget::EhLabel(n) => 5 << 32 | n as u64,
                };
                mix(mix(t, s.offset as u64), s.flag.0 as u64)
            });
            (kind, v)
        }
        _ => (kind, o.payload() as u64),
    }
}

pub(crate) fn inst_hash(mf: &MachFunction, i: MInst) -> u64 {
    let mut h = mix(0x9e37_79b9, mf.opc(i).0 as u64);
    for &o in mf.operands(i) {
        let (a, b) = operand_key(mf, o);
        h = mix(mix(h, a), b);
    }
    h
}

pub(crate) fn same_expr(mf: &MachFunction, a: MInst, b: MInst) -> bool {
    if mf.opc(a) != mf.opc(b) {
        return false;
    }
    let (x, y) = (mf.operands(a), mf.operands(b));
    x.len() == y.len()
        && x.iter().zip(y).all(|(&p, &q)| {
            let (kp, kq) = (operand_key(mf, p), operand_key(mf, q));
            if kp != kq {
                return false;
            }
            // Symbols: compare the whole symbol, not its hash.
            p.kind() != OpKind::Sym || mf.sym_of(p) == mf.sym_of(q)
        })
}

impl MachineCse {
    fn resolve(&self, mut v: u32) -> u32 {
        while let Some(&r) = self.rename.get(v as usize) {
            if r == u32::MAX {
                break;
            }
            v = r;
        }
        v
    }
}

/// Runs machine CSE on an SSA function, then erases what it left dead.
/// The dominator tree comes from `an` (CSE changes no edge).
pub fn machine_cse(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut MachineCse,
    an: &mut CfgAnalyses,
) -> CseStats {
    let mut stats = CseStats::default();
    if !mf.has_prop(prop::IS_SSA) || mf.order.is_empty() {
        return stats;
    }
    let nv = mf.num_vregs();
    s.def_of.clear();
    s.def_of.resize(nv, u32::MAX);
    s.use_kind.clear();
    s.use_kind.resize(nv, 0);
    s.rename.clear();
    s.rename.resize(nv, u32::MAX);
    s.block_of.clear();
    s.block_of.resize(mf.num_insts(), u32::MAX);
    s.dead.clear();
    s.dead.resize(mf.num_insts(), false);
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            s.block_of[i.index()] = b.as_u32();
            let opc = mf.opc(i);
            let kind = match opc {
                MOpc::COPY => 0,
                MOpc::PHI => NON_COPY_USE | PHI_USE,
                _ => NON_COPY_USE,
            };
            for o in mf.operands(i) {
                let Some(v) = o.reg().as_virt().filter(|v| v.index() < nv) else {
                    continue;
                };
                if o.is_def() {
                    s.def_of[v.index()] = i.as_u32();
                } else {
                    let tied = if o.tied_to().is_some() { TIED_USE } else { 0 };
                    s.use_kind[v.index()] |= kind | tied;
                }
            }
        }
    }
    let cfg = an.cfg(mf);
    // Dominator-tree children.
    cfg.dom_children_into(mf.blocks.len(), &mut s.children_start, &mut s.children);
    s.table.clear();
    s.entries.clear();
    s.stack.clear();
    let entry = cfg.rpo[0];
    let mark = s.entries.len() as u32;
    process_block(mf, t, s, cfg, entry, &mut stats);
    s.stack.push((entry, 0, mark));
    while let Some(&(b, k, mark)) = s.stack.last() {
        let (cs, ce) = (s.children_start[b.index()], s.children_start[b.index() + 1]);
        if cs + k < ce {
            if let Some(top) = s.stack.last_mut() {
                top.1 += 1;
            }
            let c = s.children[(cs + k) as usize];
            let m = s.entries.len() as u32;
            process_block(mf, t, s, cfg, c, &mut stats);
            s.stack.push((c, 0, m));
        } else {
            // Leave the scope: drop this block's entries, newest first.
            while s.entries.len() as u32 > mark {
                let Some((_, h, prev)) = s.entries.pop() else {
                    break;
                };
                if prev == u32::MAX {
                    s.table.remove(&h);
                } else {
                    s.table.insert(h, prev);
                }
            }
            s.stack.pop();
        }
    }
    if stats.eliminated > 0 || stats.copies_propagated > 0 {
        // Rename the erased defs' remaining readers (PHIs of blocks seen
        // earlier, and anything the walk did not reach) and drop the erased.
        if stats.eliminated > 0 {
            for idx in 0..mf.layout.len() {
                let i = mf.layout[idx];
                for k in 0..mf.operands(i).len() {
                    let o = mf.operands(i)[k];
                    let Some(v) = o.reg().as_virt() else { continue };
                    if o.is_def() {
                        continue;
                    }
                    let r = s.resolve(v.as_u32());
                    if r != v.as_u32() {
                        let op = &mut mf.operands_mut(i)[k];
                        op.set_reg(Reg::virt(VReg::from_u32(r)));
                        op.set(flag::KILL, false);
                    }
                }
            }
            let dead = std::mem::take(&mut s.dead);
            mf.rewrite(&mut s.scratch, |_, _, old, out| {
                out.extend(old.iter().filter(|i| !dead[i.index()]));
            });
            s.dead = dead;
        }
        stats.dead = super::dead_mi::eliminate_dead_mis(mf, t, &mut s.dead_mi);
    }
    stats
}

fn process_block(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut MachineCse,
    cfg: &MCfg,
    b: MBlock,
    stats: &mut CseStats,
) {
    let d = mf.blocks[b];
    for pos in d.start..d.end {
        let i = mf.layout[pos as usize];
        // Uses of erased defs read the earlier ones.
        for k in 0..mf.operands(i).len() {
            let o = mf.operands(i)[k];
            if o.is_def() {
                continue;
            }
            let Some(v) = o.reg().as_virt() else { continue };
            let r = s.resolve(v.as_u32());
            if r != v.as_u32() {
                let op = &mut mf.operands_mut(i)[k];
                op.set_reg(Reg::virt(VReg::from_u32(r)));
                op.set(flag::KILL, false);
            }
        }
        let Some(live_phys) = candidate(mf, t, i) else {
            continue;
        };
        // Trivial copy propagation: read through full same-class copies
        // (kept only if it makes the expression equal to an earlier one).
        s.undo.clear();
        for k in 0..mf.operands(i).len() {
            let o = mf.operands(i)[k];
            if o.is_def() || o.subreg().is_some() {
                continue;
            }
            let Some(mut v) = o.reg().as_virt() else {
                continue;
            };
            let class = mf.class_of(v);
            let mut changed = false;
            for _ in 0..8 {
                let Some(&di) = s.def_of.get(v.index()).filter(|&&d| d != u32::MAX) else {
                    break;
                };
                let di = MInst::from_u32(di);
                if mf.opc(di) != MOpc::COPY || s.dead[di.index()] {
                    break;
                }
                let ops = mf.operands(di);
                if ops.len() != 2 || ops[0].subreg().is_some() || ops[1].subreg().is_some() {
                    break;
                }
                let Some(src) = ops[1].reg().as_virt() else {
                    break;
                };
                if src.index() >= mf.num_vregs() || mf.class_of(src) != class {
                    break;
                }
                v = VReg::from_u32(s.resolve(src.as_u32()));
                changed = true;
            }
            if changed {
                s.undo.push((k as u32, o));
                let op = &mut mf.operands_mut(i)[k];
                op.set_reg(Reg::virt(v));
                op.set(flag::KILL, false);
            }
        }
        let h = inst_hash(mf, i);
        let mut found = None;
        let mut e = s.table.get(&h).copied().unwrap_or(u32::MAX);
        while e != u32::MAX {
            let (c, _, prev) = s.entries[e as usize];
            if same_expr(mf, c, i) {
                found = Some(c);
                break;
            }
            e = prev;
        }
        let mut found = found.filter(|&c| profitable(mf, t, s, cfg, c, i, b));
        // Reusing live physical defs: `c` is just before `i` in this
        // block and nothing in between writes those registers.
        let reach = match found {
            Some(c) if live_phys => {
                let same = s.block_of[c.index()] == b.as_u32();
                match same
                    .then(|| phys_defs_reach(mf, t, c, i, d.start, pos))
                    .flatten()
                {
                    Some(p) => Some(p),
                    None => {
                        found = None;
                        None
                    }
                }
            }
            _ => None,
        };
        if found.is_none() && !s.undo.is_empty() {
            for k in 0..s.undo.len() {
                let (k, o) = s.undo[k];
                mf.operands_mut(i)[k as usize] = o;
            }
            let h = inst_hash(mf, i);
            let prev = s
                .table
                .insert(h, s.entries.len() as u32)
                .unwrap_or(u32::MAX);
            s.entries.push((i, h, prev));
            continue;
        }
        for &(k, _) in &s.undo {
            if let Some(v) = mf.operands(i)[k as usize].reg().as_virt() {
                s.use_kind[v.index()] |= NON_COPY_USE;
            }
        }
        stats.copies_propagated += s.undo.len() as u32;
        if let Some(c) = found {
            {
                // Map each virtual def of `i` to the def of `c` at the
                // same position.
                let n = mf.operands(i).len();
                for k in 0..n {
                    let o = mf.operands(i)[k];
                    if let (true, Some(v)) = (o.is_def(), o.reg().as_virt()) {
                        let w = mf.operands(c)[k].reg().as_virt().expect("same shape");
                        s.rename[v.index()] = w.as_u32();
                        s.use_kind[w.index()] |= s.use_kind[v.index()];
                    }
                }
                // The earlier defs now live further: no longer dead.
                for k in 0..n {
                    let live = !mf.operands(i)[k].has(flag::DEAD);
                    let o = &mut mf.operands_mut(c)[k];
                    if o.is_def() && (o.reg().is_virtual() || live) {
                        o.set(flag::DEAD, false);
                    }
                }
                // Reads of the reused physical registers between `c` and
                // `i` no longer end their values.
                if let Some(pc) = reach {
                    let phys = phys_defs(mf, i);
                    for q in pc + 1..pos {
                        let j = mf.layout[q as usize];
                        for o in mf.operands_mut(j) {
                            if o.kind() == OpKind::Reg && !o.is_def() && phys.contains(&o.reg()) {
                                o.set(flag::KILL, false);
                            }
                        }
                    }
                    stats.phys_reused += 1;
                }
                s.dead[i.index()] = true;
                stats.eliminated += 1;
                continue;
            }
        }
        let prev = s
            .table
            .insert(h, s.entries.len() as u32)
            .unwrap_or(u32::MAX);
        s.entries.push((i, h, prev));
    }
}

/// LLVM's MachineCSE profitability heuristics (see the module comment).
fn profitable(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    s: &MachineCse,
    cfg: &MCfg,
    c: MInst,
    i: MInst,
    b: MBlock,
) -> bool {
    let cb = MBlock::from_u32(s.block_of[c.index()]);
    let ops_c = mf.operands(c);
    let ops_i = mf.operands(i);
    // Same classes for the defs.
    for (oc, oi) in ops_c.iter().zip(ops_i) {
        if let (true, Some(vc), Some(vi)) = (oi.is_def(), oc.reg().as_virt(), oi.reg().as_virt()) {
            if mf.class_of(vc) != mf.class_of(vi) {
                return false;
            }
        }
    }
    let op = mf.opc(i).as_target().unwrap_or(0);
    let cheap = t.inst_flags(op) & iflag::CHEAP_AS_MOVE != 0;
    if cheap && cb != b && !cfg.preds(b).contains(&cb) {
        return false;
    }
    let has_vreg_use = ops_i.iter().any(|o| o.is_use() && o.reg().is_virtual());
    let defs_i = || {
        ops_i
            .iter()
            .filter_map(|o| o.is_def().then(|| o.reg().as_virt()).flatten())
    };
    if !has_vreg_use && defs_i().all(|v| s.use_kind[v.index()] & NON_COPY_USE == 0) {
        return false;
    }
    // A cheap constant that a two-address instruction overwrites would be
    // copied there anyway: reusing it only lengthens the earlier range.
    if cheap && !has_vreg_use && defs_i().any(|v| s.use_kind[v.index()] & TIED_USE != 0) {
        return false;
    }
    let phi_read = ops_c
        .iter()
        .filter_map(|o| o.is_def().then(|| o.reg().as_virt()).flatten())
        .any(|v| s.use_kind[v.index()] & PHI_USE != 0);
    if phi_read && cb != b {
        return false;
    }
    true
}
