//! Early machine loop-invariant code motion on SSA machine code (LLVM's
//! `early-machinelicm`, MachineLICM in its pre-register-allocation mode):
//! instructions whose result is the same on every iteration of a loop are
//! moved to the end of the loop's preheader, before its terminators.
//!
//! Loops ([`MachineLoops`]) are visited from the outside in: an outermost
//! loop with a preheader is walked in dominator-tree order from its header
//! (blocks of loops whose header is a landing pad are skipped); an
//! instruction invariant in it moves to its preheader, and one that is not
//! (or not profitably) tries the preheaders of the loops between it and the
//! outermost one, outer to inner (what LLVM 17+ does: `k * 0x600` of an
//! inner loop lands in the middle loop's preheader). An outermost loop
//! without a preheader is not walked; its subloops are visited as
//! outermost loops instead.
//!
//! Preheader: the header's one out-of-loop predecessor, when that block's
//! only successor is the header and the header is not a landing pad.
//! LLVM splits the edge from a lone predecessor with other successors to
//! make one (`getCurPreheader`); rcc does not split edges here (instruction
//! selection already gives loops from loop-simplified IR their preheader
//! block); such a loop is handled as one without a preheader.
//!
//! Invariance (LLVM's `IsLICMCandidate` and `MachineLoop::isLoopInvariant`):
//! a target instruction without effects (store, call, branch, side effect;
//! no register mask), or a `COPY`, `SUBREG_TO_REG` or `IMPLICIT_DEF`, with
//! a virtual def; every virtual register it reads is defined outside the
//! loop (or by an instruction already hoisted); every physical register it
//! reads is constant (reserved and never written in the function: RIP);
//! every physical register it writes is `dead` and not read in the loop or
//! by the preheader's terminators before being written (x86: a dead
//! EFLAGS def). Machine code carries no memory operands, so the only loads
//! hoisted are those the target knows read memory that never changes
//! ([`TargetInfo::is_invariant_load`]: constant pool, jump tables, GOT),
//! which, as in LLVM, may also be hoisted from blocks that do not execute
//! on every iteration.
//!
//! Profitability (LLVM's pre-RA `IsProfitableToHoist`): an instruction as
//! cheap as a move is not hoisted when its value feeds a PHI of the loop
//! or of an exit block (a copy would stay in the loop); a rematerializable
//! instruction when its def keeps the back trace below the limit (LLVM
//! hoists it always; see `profitable`); the rest when its register cost (per pressure group: +1 per virtual def,
//! -1 per operand it kills, a kill being a kill flag or the register's
//! only reader) is not positive, or keeps every block of the back trace
//! below the group's limit ([`TargetInfo::reg_pressure_limit`], else the
//! allocatable registers), a cheap instruction only when it adds no
//! pressure; under high pressure only an invariant load executed on every
//! iteration (or equal to one in the preheader) and creating no PHI copy.
//! The pressure model is LLVM's: the running estimate starts at the end
//! of the preheader (each def +1, each first-seen value that is not killed
//! +1, each later kill -1, also over the chain of single predecessors that
//! end in an unconditional branch), each block entered in the dominator
//! walk pushes it on the back trace, each instruction visited updates it,
//! each hoisted one adds its cost to every entry of the back trace. The
//! walk does not descend into blocks dominated by a large switch (25
//! successors or more).
//!
//! Load unfolding (LLVM's `ExtractHoistableLoad`): an instruction that is
//! not hoisted but reads memory that never changes through a folded load
//! (x86 `mulsd c(%rip), %x`) is split by the target
//! ([`TargetInfo::unfold_load`]) into a load and its register form; the
//! load is hoisted (or CSEd) by the rules above, the register form takes
//! the instruction's place. Only when the loop has room for the loaded
//! value: at its bank's pressure limit the instruction stays folded and
//! nothing is created (LLVM hoists such a rematerializable load anyway).
//!
//! CSE (LLVM's `CSEMap`): an instruction equal to one already at the end
//! of the target preheader (present before or hoisted there) is erased and
//! its readers read the earlier def instead.
//!
//! Invariants: runs in SSA form (`IS_SSA`); the CFG and loops are those of
//! the function on entry (no block is added); instructions are only moved,
//! erased or unfolded (the register form replaces the instruction at its
//! layout position), the layout rewritten once at the end; kill flags on the moved
//! values' readers are cleared (their live ranges now cross the loop).

use super::machine_cse::{inst_hash, same_expr};
use crate::analysis::CfgAnalyses;
use crate::cfg::MCfg;
use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::loops::{MLoop, MachineLoops};
use crate::operand::{flag, OpKind};
use crate::reg::{PReg, Reg, RegClassId, VReg};
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;
use std::collections::HashMap;

/// What the pass did to one function (`-stats`).
#[derive(Copy, Clone, Default, Debug)]
pub struct LicmStats {
    /// Instructions moved to a preheader.
    pub hoisted: u32,
    /// Invariant instructions erased as equal to one in the preheader.
    pub cse: u32,
    /// Instructions hoisted because the loop's register pressure was low
    /// (neither rematerializable nor an invariant load).
    pub low_rp: u32,
    /// Folded loads unfolded and hoisted (also counted in `hoisted` or
    /// `cse`).
    pub unfolded: u32,
}

const NONE: u32 = u32::MAX;

/// A block with this many successors or more is a large switch: the walk
/// does not descend into the blocks it dominates (LLVM's limit).
const BIG_SWITCH: usize = 25;

/// What `try_hoist` did with an instruction.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Hoisted {
    No,
    /// Moved to a preheader.
    Moved,
    /// Erased as equal to one already in the preheader.
    Erased,
}

/// Per-worker buffers.
#[derive(Default)]
pub struct MachineLicm {
    /// Per instruction: its block (`NONE` outside the layout).
    inst_block: Vec<u32>,
    /// Per instruction: moved or erased.
    gone: Vec<bool>,
    /// Per vreg: the block of its def, updated when the def is hoisted.
    def_block: Vec<u32>,
    /// Per vreg: its readers (a counting sort), `use_start` indexes.
    use_start: Vec<u32>,
    use_pool: Vec<MInst>,
    /// Per vreg: the vreg it was replaced by (CSE), or `NONE`.
    rename: Vec<u32>,
    /// Per vreg: stamp of the last pressure count that saw it.
    seen: Vec<u32>,
    /// (preheader, instruction) in hoisting order.
    moved: Vec<(MBlock, MInst)>,
    /// Per physical register: written somewhere in the function.
    phys_written: Vec<bool>,
    /// Per class: its pressure group (register bank); per group: limit.
    group: Vec<u8>,
    limit: Vec<u32>,
    /// LLVM's `RegPressure`: per group, the running estimate of the
    /// pressure at the current point of the walk.
    rp: Vec<i32>,
    /// LLVM's `BackTrace`: the pressure on entry to each block from the
    /// header to the current one in the dominator tree (one row of groups
    /// per depth).
    back: Vec<i32>,
    /// Scratch: an instruction's cost per group (`reg_cost`).
    cost: Vec<i32>,
    children_start: Vec<u32>,
    children: Vec<MBlock>,
    /// Per block: its CSE entries were collected.
    cse_ready: Vec<bool>,
    cse: HashMap<(u32, u64), Vec<MInst>>,
    /// (loop, physical register) -> whether a def of it may move to the
    /// loop's preheader.
    phys_ok: HashMap<(u32, u16), bool>,
    /// Dominator-tree walk: (block, depth below the header).
    walk: Vec<(MBlock, u32)>,
    work: Vec<VReg>,
    scratch: Vec<MInst>,
    stamp: u32,
}

/// Runs early machine LICM on an SSA function.
/// The CFG and loops come from `an` (hoisting into existing preheaders
/// keeps them valid).
pub fn machine_licm(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut MachineLicm,
    an: &mut CfgAnalyses,
) -> LicmStats {
    let mut stats = LicmStats::default();
    if !mf.has_prop(prop::IS_SSA) || mf.order.is_empty() {
        return stats;
    }
    let (cfg, loops) = an.loops(mf);
    if loops.is_empty() {
        return stats;
    }
    s.prepare(mf, t, cfg);
    let mut cx = Cx {
        t,
        cfg,
        loops,
        stats: &mut stats,
    };
    let mut work: Vec<MLoop> = loops
        .loops()
        .filter(|&l| loops.parent(l).is_none())
        .collect();
    work.reverse();
    while let Some(l) = work.pop() {
        match preheader(mf, cfg, loops, l) {
            Some(ph) => s.hoist_out_of_loop(mf, &mut cx, l, ph),
            None => {
                let at = work.len();
                work.extend(loops.loops().filter(|&x| loops.parent(x) == Some(l)));
                work[at..].reverse();
            }
        }
    }
    if stats.hoisted + stats.cse > 0 {
        s.finish(mf, t);
    }
    stats
}

/// The preheader of `l` (see the module comment).
fn preheader(mf: &MachFunction, cfg: &MCfg, loops: &MachineLoops, l: MLoop) -> Option<MBlock> {
    let h = loops.header(l);
    if mf.eh.pads().iter().any(|p| p.block == h) {
        return None;
    }
    let mut pred = None;
    for &p in cfg.preds(h) {
        if !cfg.is_reachable(p) || loops.contains(l, p) {
            continue;
        }
        match pred {
            None => pred = Some(p),
            Some(q) if q == p => {}
            Some(_) => return None,
        }
    }
    let p = pred?;
    (mf.succs(p) == [h]).then_some(p)
}

struct Cx<'a> {
    t: &'a dyn TargetInfo,
    cfg: &'a MCfg,
    loops: &'a MachineLoops,
    stats: &'a mut LicmStats,
}

fn is_generic_movable(opc: MOpc) -> bool {
    matches!(opc, MOpc::COPY | MOpc::SUBREG_TO_REG | MOpc::IMPLICIT_DEF)
}

impl MachineLicm {
    fn prepare(&mut self, mf: &MachFunction, t: &dyn TargetInfo, cfg: &MCfg) {
        let nv = mf.num_vregs();
        let ni = mf.num_insts();
        self.inst_block.clear();
        self.inst_block.resize(ni, NONE);
        self.gone.clear();
        self.gone.resize(ni, false);
        self.def_block.clear();
        self.def_block.resize(nv, NONE);
        self.rename.clear();
        self.rename.resize(nv, NONE);
        self.seen.clear();
        self.seen.resize(nv, 0);
        self.stamp = 0;
        self.use_start.clear();
        self.use_start.resize(nv + 1, 0);
        self.phys_written.clear();
        self.phys_written.resize(t.num_regs(), false);
        self.moved.clear();
        self.cse.clear();
        self.phys_ok.clear();
        self.cse_ready.clear();
        self.cse_ready.resize(mf.blocks.len(), false);
        for &b in &mf.order {
            for &i in mf.block_insts(b) {
                self.inst_block[i.index()] = b.as_u32();
                for o in mf.operands(i) {
                    if !o.is_reg() {
                        continue;
                    }
                    let r = o.reg();
                    if let Some(v) = r.as_virt().filter(|v| v.index() < nv) {
                        if o.is_def() {
                            self.def_block[v.index()] = b.as_u32();
                        } else {
                            self.use_start[v.index() + 1] += 1;
                        }
                    } else if let (true, Some(p)) = (o.is_def(), r.as_phys()) {
                        for &a in t.aliases(p) {
                            if let Some(w) = self.phys_written.get_mut(a as usize) {
                                *w = true;
                            }
                        }
                    }
                }
                if let Some(op) = mf.opc(i).as_target() {
                    for &p in t.implicit_defs(op) {
                        for &a in t.aliases(p) {
                            if let Some(w) = self.phys_written.get_mut(a as usize) {
                                *w = true;
                            }
                        }
                    }
                }
            }
        }
        for k in 0..nv {
            self.use_start[k + 1] += self.use_start[k];
        }
        self.use_pool.clear();
        self.use_pool
            .resize(self.use_start[nv] as usize, MInst::from_u32(0));
        let mut fill: Vec<u32> = self.use_start[..nv].to_vec();
        for &b in &mf.order {
            for &i in mf.block_insts(b) {
                for o in mf.operands(i) {
                    if o.is_reg() && !o.is_def() {
                        if let Some(v) = o.reg().as_virt().filter(|v| v.index() < nv) {
                            self.use_pool[fill[v.index()] as usize] = i;
                            fill[v.index()] += 1;
                        }
                    }
                }
            }
        }
        // Dominator-tree children.
        cfg.dom_children_into(
            mf.blocks.len(),
            &mut self.children_start,
            &mut self.children,
        );
        // Pressure groups: classes whose registers overlap share one
        // (computed once per worker: the target does not change); a
        // group's limit is the most allocatable registers of one of its
        // classes in this function.
        let nc = t.num_classes();
        if self.group.len() != nc {
            self.group.clear();
            for c in 0..nc {
                let members = t.class_members(RegClassId(c as u8));
                let g = members.first().map_or(c, |&first| {
                    let al = t.aliases(first);
                    (0..nc)
                        .find(|&c2| {
                            t.class_members(RegClassId(c2 as u8))
                                .iter()
                                .any(|m| al.contains(&m.0))
                        })
                        .unwrap_or(c)
                });
                self.group.push(g as u8);
            }
        }
        self.limit.clear();
        self.limit.resize(nc, 0);
        for c in 0..nc {
            let g = self.group[c] as usize;
            let n = t
                .allocation_order(RegClassId(c as u8))
                .iter()
                .filter(|&&r| !mf.is_reserved(t, r))
                .count() as u32;
            let n = t.reg_pressure_limit(RegClassId(c as u8)).unwrap_or(n);
            self.limit[g] = self.limit[g].max(n);
        }
    }

    fn resolve(&self, mut v: u32) -> u32 {
        while let Some(&r) = self.rename.get(v as usize) {
            if r == NONE {
                break;
            }
            v = r;
        }
        v
    }

    fn uses(&self, v: VReg) -> &[MInst] {
        let (a, b) = (self.use_start[v.index()], self.use_start[v.index() + 1]);
        &self.use_pool[a as usize..b as usize]
    }

    /// Walks outermost loop `l` (preheader `ph`) in dominator-tree order,
    /// tracking register pressure as LLVM's `HoistOutOfLoop` does: the
    /// estimate starts from the preheader (`init_pressure`), each block
    /// entered pushes it on the back trace, each instruction visited (and
    /// not erased) updates it, and each hoisted one adds its cost to every
    /// entry of the back trace.
    fn hoist_out_of_loop(&mut self, mf: &mut MachFunction, cx: &mut Cx<'_>, l: MLoop, ph: MBlock) {
        self.stamp += 1;
        self.init_pressure(mf, cx, ph);
        let ng = self.limit.len();
        self.back.clear();
        self.walk.clear();
        self.walk.push((cx.loops.header(l), 0));
        let mut inner: Vec<MLoop> = Vec::new();
        while let Some((b, depth)) = self.walk.pop() {
            self.back.truncate(depth as usize * ng);
            self.back.extend_from_slice(&self.rp);
            // LLVM does not hoist out of the blocks a large switch
            // dominates (code that would likely not run, in a place where
            // pressure matters).
            if mf.succs(b).len() < BIG_SWITCH {
                let (cs, ce) = (
                    self.children_start[b.index()],
                    self.children_start[b.index() + 1],
                );
                for k in (cs..ce).rev() {
                    let c = self.children[k as usize];
                    if cx.loops.contains(l, c) {
                        self.walk.push((c, depth + 1));
                    }
                }
            }
            let bl = cx.loops.loop_of(b).expect("a block of the loop");
            let pad = mf.eh.pads().iter().any(|p| p.block == cx.loops.header(bl));
            let d = mf.blocks[b];
            for pos in d.start as usize..d.end as usize {
                let i = mf.layout[pos];
                if pad || mf.opc(i) == MOpc::PHI {
                    self.update_pressure(mf, i, false);
                    continue;
                }
                self.rename_uses(mf, i);
                // LLVM's `Hoist`: the instruction, else the load it folds.
                let mut r = self.try_hoist(mf, cx, i, l, ph);
                if r == Hoisted::No && self.try_unfold(mf, cx, pos, i, l, ph) {
                    r = Hoisted::Erased;
                }
                if r == Hoisted::No {
                    // Then the preheaders of the loops between, outer to
                    // inner.
                    inner.clear();
                    let mut x = Some(bl);
                    while let Some(y) = x.filter(|&y| y != l) {
                        inner.push(y);
                        x = cx.loops.parent(y);
                    }
                    while let Some(y) = inner.pop() {
                        if let Some(p) = preheader(mf, cx.cfg, cx.loops, y) {
                            r = self.try_hoist(mf, cx, i, y, p);
                            if r == Hoisted::No && self.try_unfold(mf, cx, pos, i, y, p) {
                                r = Hoisted::Erased;
                            }
                            if r != Hoisted::No {
                                break;
                            }
                        }
                    }
                }
                if r != Hoisted::Erased {
                    self.update_pressure(mf, i, false);
                }
            }
        }
    }

    /// Uses of CSE-erased defs read the earlier defs.
    fn rename_uses(&self, mf: &mut MachFunction, i: MInst) {
        for k in 0..mf.operands(i).len() {
            let o = mf.operands(i)[k];
            if !o.is_reg() || o.is_def() {
                continue;
            }
            let Some(v) = o.reg().as_virt() else { continue };
            let r = self.resolve(v.as_u32());
            if r != v.as_u32() {
                let op = &mut mf.operands_mut(i)[k];
                op.set_reg(Reg::virt(VReg::from_u32(r)));
                op.set(flag::KILL, false);
            }
        }
    }

    /// LLVM's `InitRegPressure`: the pressure at the end of the preheader
    /// `ph`, estimated from its instructions (and those of the chain of
    /// single predecessors that end in an unconditional branch): each
    /// virtual def adds one, each first-seen use that is not a kill (a
    /// value live into the block) adds one, each later killing use takes
    /// one away.
    fn init_pressure(&mut self, mf: &MachFunction, cx: &Cx<'_>, ph: MBlock) {
        self.rp.clear();
        self.rp.resize(self.limit.len(), 0);
        let mut chain = vec![ph];
        let mut b = ph;
        while chain.len() < mf.blocks.len() {
            let preds = cx.cfg.preds(b);
            if preds.len() != 1 || mf.succs(b).len() != 1 {
                break;
            }
            b = preds[0];
            chain.push(b);
        }
        while let Some(b) = chain.pop() {
            for &i in mf.block_insts(b) {
                self.update_pressure(mf, i, true);
            }
        }
    }

    /// LLVM's `UpdateRegPressure`: adds `i`'s cost, counting registers not
    /// seen before in this walk (`unseen_as_def`: as values live in), to
    /// the running estimate (never below zero).
    fn update_pressure(&mut self, mf: &MachFunction, i: MInst, unseen_as_def: bool) {
        self.reg_cost(mf, i, true, unseen_as_def);
        for g in 0..self.cost.len() {
            let c = self.cost[g];
            if c != 0 {
                self.rp[g] = (self.rp[g] + c).max(0);
            }
        }
    }

    /// LLVM's `calcRegisterCost` into `self.cost`: per pressure group,
    /// +1 per explicit virtual def, -1 per killing use (a kill flag or the
    /// register's only use) of a register already seen (always, unless
    /// `consider_seen`), +1 per first-seen non-killing use when
    /// `unseen_as_def`. PHIs count their def only; `IMPLICIT_DEF` nothing.
    fn reg_cost(&mut self, mf: &MachFunction, i: MInst, consider_seen: bool, unseen_as_def: bool) {
        self.cost.clear();
        self.cost.resize(self.limit.len(), 0);
        let opc = mf.opc(i);
        if opc == MOpc::IMPLICIT_DEF {
            return;
        }
        if opc == MOpc::INLINEASM {
            return;
        }
        let defs_only = opc == MOpc::PHI;
        let stamp = self.stamp;
        for o in mf.operands(i) {
            if !o.is_reg() || o.has(flag::IMPLICIT) || (defs_only && !o.is_def()) {
                continue;
            }
            let Some(v) = o.reg().as_virt().filter(|v| v.index() < self.seen.len()) else {
                continue;
            };
            let is_new = consider_seen && self.seen[v.index()] != stamp;
            if consider_seen {
                self.seen[v.index()] = stamp;
            }
            let c = if o.is_def() {
                1
            } else {
                let kill = o.has(flag::KILL) || self.uses(v).len() == 1;
                if is_new && !kill && unseen_as_def {
                    1
                } else if !is_new && kill {
                    -1
                } else {
                    0
                }
            };
            if c != 0 {
                let g = self.group[mf.class_of(v).0 as usize] as usize;
                self.cost[g] += c;
            }
        }
    }

    /// LLVM's `CanCauseHighRegPressure` for the cost in `self.cost`: a
    /// group whose pressure grows reaches its limit at some block of the
    /// back trace, or grows at all for a cheap instruction.
    fn can_cause_high_pressure(&self, cheap: bool) -> bool {
        let ng = self.limit.len();
        (0..ng).any(|g| {
            let c = self.cost[g];
            c > 0
                && (cheap
                    || self
                        .back
                        .chunks(ng)
                        .any(|rp| rp[g] + c >= self.limit[g] as i32))
        })
    }

    /// LLVM's `ExtractHoistableLoad`: when `i` reads invariant memory
    /// through a folded load, unfolds it into a load and the register form
    /// and hoists the load to `ph` (or erases it as equal to one there);
    /// the register form takes `i`'s place at layout position `pos`. The
    /// loop must have room for the loaded value: at the pressure limit of
    /// its bank `i` stays folded (nothing is created). When the load is
    /// not invariant or not profitable, the two new instructions are
    /// dropped unplaced and `i` stays.
    fn try_unfold(
        &mut self,
        mf: &mut MachFunction,
        cx: &mut Cx<'_>,
        pos: usize,
        i: MInst,
        l: MLoop,
        ph: MBlock,
    ) -> bool {
        let t = cx.t;
        if mf.opc(i).as_target().is_none() || !t.is_invariant_load(mf, i) {
            return false;
        }
        let Some(c) = t.unfold_load_class(mf, i) else {
            return false;
        };
        self.cost.clear();
        self.cost.resize(self.limit.len(), 0);
        self.cost[self.group[c.0 as usize] as usize] = 1;
        if self.can_cause_high_pressure(false) {
            return false;
        }
        let r = mf.new_vreg(c);
        let Some((ld, rr)) = t.unfold_load(mf, i, Reg::virt(r)) else {
            return false;
        };
        // Grow the per-instruction and per-vreg tables for the new ones
        // (the new register's only reader is `rr`, never a PHI: no uses
        // are recorded for it).
        let b = self.inst_block[i.index()];
        self.inst_block.resize(mf.num_insts(), NONE);
        self.gone.resize(mf.num_insts(), false);
        let nv = mf.num_vregs();
        self.def_block.resize(nv, NONE);
        self.rename.resize(nv, NONE);
        self.seen.resize(nv, 0);
        let end = *self.use_start.last().expect("prepared");
        self.use_start.resize(nv + 1, end);
        self.inst_block[ld.index()] = b;
        self.def_block[r.index()] = b;
        if self.try_hoist(mf, cx, ld, l, ph) == Hoisted::No {
            self.inst_block[ld.index()] = NONE;
            self.def_block[r.index()] = NONE;
            return false;
        }
        mf.layout[pos] = rr;
        self.inst_block[rr.index()] = b;
        self.inst_block[i.index()] = NONE;
        self.gone[i.index()] = true;
        // `rr` reads what `i` read (but the memory's registers).
        for k in 0..mf.operands(rr).len() {
            let o = mf.operands(rr)[k];
            if let (true, false, Some(v)) = (o.is_reg(), o.is_def(), o.reg().as_virt()) {
                if v.index() + 1 < self.use_start.len() {
                    let (a, e) = (self.use_start[v.index()], self.use_start[v.index() + 1]);
                    for u in &mut self.use_pool[a as usize..e as usize] {
                        if *u == i {
                            *u = rr;
                        }
                    }
                }
            }
        }
        cx.stats.unfolded += 1;
        true
    }

    /// Hoists `i` to `ph`, the preheader of `l`, if it is invariant in `l`
    /// and profitable to move; true if it was moved or erased.
    fn try_hoist(
        &mut self,
        mf: &mut MachFunction,
        cx: &mut Cx<'_>,
        i: MInst,
        l: MLoop,
        ph: MBlock,
    ) -> Hoisted {
        if !self.is_invariant(mf, cx, i, l, ph) || !self.profitable(mf, cx, i, l, ph) {
            return Hoisted::No;
        }
        let found = self.cse_lookup(mf, cx.t, i, ph);
        if let Some(c) = found {
            let n = mf.operands(i).len();
            for k in 0..n {
                let o = mf.operands(i)[k];
                if let (true, Some(v)) = (o.is_def(), o.reg().as_virt()) {
                    let w = mf.operands(c)[k].reg().as_virt().expect("same shape");
                    self.rename[v.index()] = w.as_u32();
                    self.def_block[v.index()] = ph.as_u32();
                }
            }
            for k in 0..n {
                let o = &mut mf.operands_mut(c)[k];
                if o.is_def() && o.reg().is_virtual() {
                    o.set(flag::DEAD, false);
                }
            }
            self.gone[i.index()] = true;
            cx.stats.cse += 1;
            return Hoisted::Erased;
        }
        // Move it: its cost is now live through every block walked so far
        // (LLVM's `UpdateBackTraceRegPressure`).
        self.reg_cost(mf, i, false, false);
        let ng = self.limit.len();
        for rp in self.back.chunks_mut(ng) {
            for (p, c) in rp.iter_mut().zip(&self.cost) {
                *p += c;
            }
        }
        let n = mf.operands(i).len();
        for k in 0..n {
            let o = mf.operands(i)[k];
            if !o.is_reg() {
                continue;
            }
            if o.is_def() {
                if let Some(v) = o.reg().as_virt() {
                    self.def_block[v.index()] = ph.as_u32();
                    self.clear_kills(mf, v);
                }
            } else {
                mf.operands_mut(i)[k].set(flag::KILL, false);
            }
        }
        self.gone[i.index()] = true;
        self.inst_block[i.index()] = ph.as_u32();
        self.moved.push((ph, i));
        let h = inst_hash(mf, i);
        self.cse.entry((ph.as_u32(), h)).or_default().push(i);
        cx.stats.hoisted += 1;
        Hoisted::Moved
    }

    fn clear_kills(&self, mf: &mut MachFunction, v: VReg) {
        let (a, b) = (self.use_start[v.index()], self.use_start[v.index() + 1]);
        for k in a..b {
            let u = self.use_pool[k as usize];
            for o in mf.operands_mut(u) {
                if o.is_reg() && !o.is_def() && o.reg() == Reg::virt(v) {
                    o.set(flag::KILL, false);
                }
            }
        }
    }

    /// An instruction at the end of `ph` equal to `i` with defs of the
    /// same classes.
    fn cse_lookup(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        i: MInst,
        ph: MBlock,
    ) -> Option<MInst> {
        if !self.cse_ready[ph.index()] {
            self.cse_ready[ph.index()] = true;
            for &j in mf.block_insts(ph) {
                let plain = mf.opc(j).as_target().is_some_and(|op| {
                    t.inst_flags(op) & (iflag::EFFECTS | iflag::MAY_LOAD) == 0
                        || t.is_invariant_load(mf, j)
                }) && !mf.operands(j).iter().any(|o| {
                    o.kind() == OpKind::RegMask
                        || (o.is_reg()
                            && o.is_use()
                            && o.reg()
                                .as_phys()
                                .is_some_and(|p| !self.is_constant_phys(mf, t, p)))
                });
                if plain && !self.gone[j.index()] {
                    let h = inst_hash(mf, j);
                    self.cse.entry((ph.as_u32(), h)).or_default().push(j);
                }
            }
        }
        let h = inst_hash(mf, i);
        let list = self.cse.get(&(ph.as_u32(), h))?;
        list.iter().copied().find(|&c| {
            c != i
                && same_expr(mf, c, i)
                && mf.operands(c).iter().zip(mf.operands(i)).all(|(oc, oi)| {
                    match (oc.is_def(), oc.reg().as_virt(), oi.reg().as_virt()) {
                        (true, Some(vc), Some(vi)) if oc.is_reg() => {
                            mf.class_of(vc) == mf.class_of(vi)
                        }
                        _ => true,
                    }
                })
        })
    }

    /// A physical register that no instruction of the function writes and
    /// that is reserved (RIP).
    fn is_constant_phys(&self, mf: &MachFunction, t: &dyn TargetInfo, p: PReg) -> bool {
        mf.is_reserved(t, p) && !self.phys_written.get(p.0 as usize).copied().unwrap_or(true)
    }

    /// LLVM's `IsLICMCandidate` and `IsLoopInvariantInst` (module comment).
    fn is_invariant(
        &mut self,
        mf: &MachFunction,
        cx: &Cx<'_>,
        i: MInst,
        l: MLoop,
        ph: MBlock,
    ) -> bool {
        let t = cx.t;
        let opc = mf.opc(i);
        if let Some(op) = opc.as_target() {
            let f = t.inst_flags(op);
            if f & iflag::EFFECTS != 0 {
                return false;
            }
            if f & iflag::MAY_LOAD != 0 && !t.is_invariant_load(mf, i) {
                return false;
            }
            if t.implicit_uses(op)
                .iter()
                .any(|&p| !self.is_constant_phys(mf, t, p))
            {
                return false;
            }
            if !super::implicit_defs_dead(mf, t, i, op) {
                return false;
            }
        } else if !is_generic_movable(opc) {
            return false;
        }
        let mut vdef = false;
        for k in 0..mf.operands(i).len() {
            let o = mf.operands(i)[k];
            match o.kind() {
                OpKind::Reg => {}
                OpKind::RegMask => return false,
                _ => continue,
            }
            let r = o.reg();
            if r.is_none() {
                continue;
            }
            if let Some(v) = r.as_virt() {
                if o.is_def() {
                    vdef = true;
                } else if !o.has(flag::UNDEF) {
                    let v = self.resolve(v.as_u32()) as usize;
                    let d = self.def_block.get(v).copied().unwrap_or(NONE);
                    if d == NONE || cx.loops.contains(l, MBlock::from_u32(d)) {
                        return false;
                    }
                }
                continue;
            }
            let p = r.as_phys().expect("a physical register");
            if !o.is_def() {
                if !o.has(flag::UNDEF) && !self.is_constant_phys(mf, t, p) {
                    return false;
                }
            } else if !o.has(flag::DEAD) || !self.phys_def_may_move(mf, cx, l, ph, p) {
                return false;
            }
        }
        vdef
    }

    /// Whether a dead def of `p` may move to the end of `ph`: nothing in
    /// loop `l` reads `p` before writing it, and the preheader's
    /// terminators do not read it.
    fn phys_def_may_move(
        &mut self,
        mf: &MachFunction,
        cx: &Cx<'_>,
        l: MLoop,
        ph: MBlock,
        p: PReg,
    ) -> bool {
        if let Some(&ok) = self.phys_ok.get(&(l.as_u32(), p.0)) {
            return ok;
        }
        let t = cx.t;
        let al = t.aliases(p);
        let touches = |i: MInst, def: bool| {
            mf.operands(i).iter().any(|o| {
                o.is_reg()
                    && o.is_def() == def
                    && !o.has(flag::UNDEF)
                    && o.reg().as_phys().is_some_and(|q| al.contains(&q.0))
            }) || mf.opc(i).as_target().is_some_and(|op| {
                let regs = if def {
                    t.implicit_defs(op)
                } else {
                    t.implicit_uses(op)
                };
                regs.iter().any(|q| al.contains(&q.0))
            })
        };
        let mut ok = true;
        'blocks: for &b in cx.loops.blocks(l) {
            for &i in mf.block_insts(b) {
                if touches(i, false) {
                    ok = false;
                    break 'blocks;
                }
                if touches(i, true) {
                    break;
                }
            }
        }
        if ok {
            ok = !mf
                .block_insts(ph)
                .iter()
                .filter(|&&i| {
                    mf.opc(i)
                        .as_target()
                        .is_some_and(|op| t.inst_flags(op) & iflag::TERMINATOR != 0)
                })
                .any(|&i| touches(i, false));
        }
        self.phys_ok.insert((l.as_u32(), p.0), ok);
        ok
    }

    /// LLVM's pre-RA `IsProfitableToHoist` (module comment).
    fn profitable(
        &mut self,
        mf: &MachFunction,
        cx: &mut Cx<'_>,
        i: MInst,
        l: MLoop,
        ph: MBlock,
    ) -> bool {
        let t = cx.t;
        let opc = mf.opc(i);
        if opc == MOpc::IMPLICIT_DEF {
            return true;
        }
        let cheap = match opc.as_target() {
            Some(op) => t.inst_flags(op) & iflag::CHEAP_AS_MOVE != 0,
            None => true,
        };
        let creates_copy = self.has_loop_phi_use(mf, cx, i, l);
        if cheap && creates_copy {
            return false;
        }
        // A rematerializable instruction: LLVM hoists it unconditionally
        // (the allocator can sink it back); here only when it does not
        // bring the loop's pressure to the limit: unconditionally, sqlite3
        // -O2 compiled 5.3% slower (greedy +477 M instructions) for +4.4 KB
        // of `.text`.
        let remat = opc.as_target().is_some() && t.is_rematerializable(mf, i);
        self.reg_cost(mf, i, false, false);
        if remat {
            return !self.can_cause_high_pressure(false);
        }
        // Low pressure: hoisted when no block from the header to here
        // would reach the limit (a cheap instruction only when it adds no
        // pressure: its def replaces the last use of an operand).
        if !self.can_cause_high_pressure(cheap) {
            cx.stats.low_rp += 1;
            return true;
        }
        if creates_copy {
            return false;
        }
        let b = MBlock::from_u32(self.inst_block[i.index()]);
        let guaranteed =
            b == cx.loops.header(l) || cx.loops.exiting(l).iter().all(|&e| cx.cfg.dominates(b, e));
        if !guaranteed && self.cse_lookup(mf, t, i, ph).is_none() {
            return false;
        }
        opc.as_target().is_some() && t.is_invariant_load(mf, i)
    }

    /// Whether a def of `i` is read by a PHI in `l` or in one of its exit
    /// blocks, directly or through copies in the loop.
    fn has_loop_phi_use(&mut self, mf: &MachFunction, cx: &Cx<'_>, i: MInst, l: MLoop) -> bool {
        self.work.clear();
        for o in mf.operands(i) {
            if let (true, true, Some(v)) = (o.is_reg(), o.is_def(), o.reg().as_virt()) {
                self.work.push(v);
            }
        }
        let mut budget = 64;
        while let Some(v) = self.work.pop() {
            for k in 0..self.uses(v).len() {
                let u = self.uses(v)[k];
                let ub = self.inst_block[u.index()];
                if ub == NONE {
                    continue;
                }
                let ub = MBlock::from_u32(ub);
                let inside = cx.loops.contains(l, ub);
                match mf.opc(u) {
                    MOpc::PHI
                        if inside || cx.cfg.preds(ub).iter().any(|&p| cx.loops.contains(l, p)) =>
                    {
                        return true;
                    }
                    MOpc::COPY if inside => {
                        budget -= 1;
                        if budget == 0 {
                            return true;
                        }
                        if let Some(w) = mf.operands(u)[0].reg().as_virt() {
                            if w.index() < self.seen.len() {
                                self.work.push(w);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// Renames the remaining readers of CSE-erased defs and writes the new
    /// layout: moved instructions at the end of their preheaders, before
    /// the terminators.
    fn finish(&mut self, mf: &mut MachFunction, t: &dyn TargetInfo) {
        if self.rename.iter().any(|&r| r != NONE) {
            for idx in 0..mf.layout.len() {
                let i = mf.layout[idx];
                self.rename_uses(mf, i);
            }
        }
        let gone = std::mem::take(&mut self.gone);
        let mut moved = std::mem::take(&mut self.moved);
        // Stable: each preheader keeps the hoisting order.
        moved.sort_by_key(|&(p, _)| p.as_u32());
        let mut scratch = std::mem::take(&mut self.scratch);
        mf.rewrite(&mut scratch, |mf, b, old, out| {
            let mut term = old.len();
            while term > 0
                && mf
                    .opc(old[term - 1])
                    .as_target()
                    .is_some_and(|op| t.inst_flags(op) & iflag::TERMINATOR != 0)
            {
                term -= 1;
            }
            out.extend(old[..term].iter().filter(|i| !gone[i.index()]));
            let at = moved.partition_point(|&(p, _)| p.as_u32() < b.as_u32());
            let end = moved.partition_point(|&(p, _)| p.as_u32() <= b.as_u32());
            out.extend(moved[at..end].iter().map(|&(_, i)| i));
            out.extend(old[term..].iter().filter(|i| !gone[i.index()]));
        });
        self.gone = gone;
        self.moved = moved;
        self.scratch = scratch;
    }
}
