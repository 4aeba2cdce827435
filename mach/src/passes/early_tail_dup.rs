//! `early-tailduplication`: LLVM's `TailDuplicator` before register
//! allocation, in machine SSA form (the first pass after instruction
//! selection at -O1 and up).
//!
//! Candidates (LLVM's `shouldTailDuplicate` with `PreRegAlloc`): a block
//! that cannot fall through, is not its own successor, not the entry, not
//! a landing pad, has no call, return, inline assembly or label, and has at
//! most [`TAIL_DUP_SIZE`] instructions (PHIs, `IMPLICIT_DEF` and `KILL`
//! not counted; 1 in functions optimized for size), or at most
//! [`TAIL_DUP_INDIRECT_BRANCH_SIZE`] when it ends in an indirect branch
//! (a switch's jump through its table, an `indirectbr`: copying it gives
//! each copy its own branch history, which is what makes interpreter
//! dispatch loops fast). For such a block the limit also counts the
//! successor PHI inputs coming from it: the edges of an indirect branch
//! are not split, so PHI elimination puts one copy per input in the block
//! (llc's selector already materializes these copies, so its count
//! includes them), and, as an upper bound of the PHI inputs the SSA
//! repair adds, (values of the block read elsewhere) x (successors): each
//! such input is a copy at the end of every copy of the block. Without
//! these, Lua's dispatch, whose 83 targets read its values, was copied and
//! each copy ended in hundreds of PHI copies that rcc's coalescer does not
//! join (llc's joins copies of one value; rcc's register coalescer does
//! not compare values): Lua ran 4.7 times slower. No PHI of the block or of a successor may read a
//! sub-register, and no instruction may define one. Blocks not ending in
//! an indirect branch are duplicated only when every predecessor can take
//! a copy (`canCompletelyDuplicateBB`), except a block that is only an
//! unconditional branch (`isSimpleBB`), which is bypassed: its
//! predecessors branch to its successor instead (`duplicateSimpleBB`).
//!
//! A copy goes into each predecessor whose only successor is the block,
//! reached by a branch the target understands and can remove (not by
//! falling through to it). In the copy every def gets a new register; a
//! PHI of the block is resolved for that predecessor (its input from there
//! replaces the PHI's register, and a `COPY` of it at the predecessor's end
//! carries the value out); the predecessor takes the block's successors
//! and probabilities. When the block is left with its layout predecessor
//! as its only predecessor, falling into it, its code moves there. A block
//! left without predecessors (and not address-taken) is removed. Then SSA
//! form is repaired: successors' PHIs get an input per new predecessor,
//! and uses of the block's registers elsewhere read the value reaching
//! them, through new PHIs where copies meet ([`crate::ssa_update`]). A
//! `COPY` made for a PHI whose source has no other use is folded away
//! (its uses read the source; classes must allow it). Predecessors that
//! did not get a copy but jump only to the block get the PHI copies too
//! (LLVM's handling of a loop duplicated into some predecessors only).
//! The whole function is walked again until nothing changes.
//!
//! Invariants: SSA form, successor lists, probabilities and PHI inputs
//! stay exact (the machine verifier checks all of them); instructions are
//! copied, never moved between blocks with different dominators. Blocks
//! are edited as per-block lists and written back to the layout once.
//! Cost: one scan of the function per duplicated block (uses of its
//! registers), plus linear work per walk.

use super::tail_dup::{not_duplicable, redirect_succ};
use crate::func::{prop, MBlock, MInst, MachFunction, Preds};
use crate::operand::{flag, OpKind, Operand};
use crate::reg::{Reg, VReg};
use crate::ssa_update::{SsaUpdater, Use};
use crate::target::{iflag, MOpc, TargetInfo, Terminators};
use rcc_ir::entity::EntityId;

/// LLVM's `tail-dup-size`: the most instructions a copied block has.
pub const TAIL_DUP_SIZE: usize = 2;
/// LLVM's `tail-dup-indirect-size`: the limit for a block ending in an
/// indirect branch, before register allocation.
pub const TAIL_DUP_INDIRECT_BRANCH_SIZE: usize = 20;

const NONE: u32 = u32::MAX;

/// What the pass did (LLVM's `tailduplication` statistics).
#[derive(Copy, Clone, Default, Debug)]
pub struct EarlyTailDupStats {
    /// Blocks duplicated or bypassed.
    pub tails: usize,
    /// Copies made into predecessors.
    pub dups: usize,
    /// Instructions added by the copies.
    pub added: usize,
    /// Instructions removed with dead blocks.
    pub removed: usize,
    /// Blocks removed.
    pub dead_blocks: usize,
    /// PHIs added to repair SSA form.
    pub phis: usize,
}

/// Reused buffers of the pass.
#[derive(Default)]
pub struct EarlyTailDup {
    /// Per block: its instructions while the pass edits them.
    insts: Vec<Vec<MInst>>,
    removed: Vec<bool>,
    /// Per block: its position in the layout.
    pos: Vec<u32>,
    ssa: SsaUpdater,
    cond: Vec<Operand>,
    ops: Vec<Operand>,
    /// Per duplication: registers of the block and what replaces them.
    map: Vec<(VReg, VReg)>,
    /// Per duplication: PHI copies to append (new register, source).
    copy_infos: Vec<(VReg, Reg)>,
    /// Per block duplicated: (original register, block, register available
    /// at that block's end), LLVM's `SSAUpdateVals`.
    vals: Vec<(VReg, MBlock, VReg)>,
    /// Per block duplicated: the predecessors that took it.
    td: Vec<MBlock>,
    /// Per block duplicated: the PHI copies made (block, instruction).
    copies: Vec<(MBlock, MInst)>,
    /// Per virtual register: a stamp saying it is in the current scan.
    vstamp: Vec<u32>,
    /// Per virtual register: its role in the current scan.
    vrole: Vec<u8>,
    /// Per virtual register: uses counted by the scan.
    vuses: Vec<u32>,
    /// Per virtual register: the block of its def (`NONE`: not found).
    vdef: Vec<u32>,
    stamp: u32,
    uses: Vec<(VReg, Use)>,
    avail: Vec<(MBlock, VReg)>,
    br: Vec<MInst>,
}

const ORIG: u8 = 1;
const SRC: u8 = 2;
const DST: u8 = 4;

/// Runs the pass on `mf`; `opt_size`: the function is optimized for size.
pub fn early_tail_duplicate(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut EarlyTailDup,
    opt_size: bool,
) -> EarlyTailDupStats {
    let mut st = EarlyTailDupStats::default();
    if !mf.has_prop(prop::IS_SSA) || mf.order.len() < 2 {
        return st;
    }
    let n = mf.blocks.len();
    s.insts.resize_with(n, Vec::new);
    for v in &mut s.insts {
        v.clear();
    }
    for &b in &mf.order {
        let d = mf.blocks[b];
        s.insts[b.index()].extend_from_slice(&mf.layout[d.start as usize..d.end as usize]);
    }
    s.removed.clear();
    s.removed.resize(n, false);
    let mut any = false;
    loop {
        let mut changed = false;
        let order = mf.order.clone();
        let mut preds: Option<Preds> = None;
        for &b in &order[1..] {
            if s.removed[b.index()] {
                continue;
            }
            let Some(simple) = s.should_duplicate(mf, t, b, opt_size, &mut preds) else {
                continue;
            };
            let done = if simple {
                s.duplicate_simple(mf, t, b, &mut preds, &mut st)
            } else {
                s.duplicate(mf, t, b, &mut preds, &mut st)
            };
            if done {
                st.tails += 1;
                changed = true;
                preds = None;
            }
        }
        if !changed {
            break;
        }
        any = true;
    }
    if any {
        let mut layout = Vec::with_capacity(mf.layout.len());
        for &b in &mf.order {
            let start = layout.len() as u32;
            layout.extend_from_slice(&s.insts[b.index()]);
            mf.blocks[b].start = start;
            mf.blocks[b].end = layout.len() as u32;
        }
        mf.layout = layout;
    }
    st
}

impl EarlyTailDup {
    fn refresh_pos(&mut self, mf: &MachFunction) {
        self.pos.clear();
        self.pos.resize(mf.blocks.len(), NONE);
        for (k, &b) in mf.order.iter().enumerate() {
            self.pos[b.index()] = k as u32;
        }
    }

    fn next_of(&self, mf: &MachFunction, b: MBlock) -> Option<MBlock> {
        let p = self.pos[b.index()];
        (p != NONE).then(|| mf.order.get(p as usize + 1).copied())?
    }

    fn prev_of(&self, mf: &MachFunction, b: MBlock) -> Option<MBlock> {
        let p = self.pos[b.index()];
        (p != NONE && p > 0).then(|| mf.order[p as usize - 1])
    }

    fn can_fall_through(&mut self, mf: &MachFunction, t: &dyn TargetInfo, b: MBlock) -> bool {
        let insts = &self.insts[b.index()];
        match t.analyze_branch(mf, insts, &mut self.cond) {
            Some(Terminators::FallThrough) | Some(Terminators::Cond { fbb: None, .. }) => true,
            Some(_) => false,
            None => insts
                .last()
                .is_none_or(|&i| flags(mf, t, i) & iflag::BARRIER == 0),
        }
    }

    /// LLVM's `canTailDuplicate`: `p` jumps only to the tail, by a branch
    /// the target can remove.
    fn can_take_copy(&mut self, mf: &MachFunction, t: &dyn TargetInfo, p: MBlock) -> bool {
        mf.succs(p).len() == 1
            && matches!(
                t.analyze_branch(mf, &self.insts[p.index()], &mut self.cond),
                Some(Terminators::Uncond(_) | Terminators::FallThrough)
            )
    }

    /// LLVM's `shouldTailDuplicate`: `None` if `b` is not a candidate,
    /// else whether it is a simple block (only an unconditional branch).
    fn should_duplicate(
        &mut self,
        mf: &MachFunction,
        t: &dyn TargetInfo,
        b: MBlock,
        opt_size: bool,
        preds: &mut Option<Preds>,
    ) -> Option<bool> {
        let insts = &self.insts[b.index()];
        let last = *insts.last()?;
        if mf.succs(b).contains(&b) || mf.eh.is_pad(b) {
            return None;
        }
        let indirect = flags(mf, t, last) & (iflag::INDIRECT | iflag::BRANCH)
            == iflag::INDIRECT | iflag::BRANCH;
        let max = if indirect {
            TAIL_DUP_INDIRECT_BRANCH_SIZE
        } else if opt_size {
            1
        } else {
            TAIL_DUP_SIZE
        };
        let mut count = 0;
        for &i in insts {
            let o = mf.opc(i);
            if not_duplicable(mf, i) || flags(mf, t, i) & (iflag::CALL | iflag::RETURN) != 0 {
                return None;
            }
            if !matches!(o, MOpc::PHI | MOpc::IMPLICIT_DEF | MOpc::KILL) {
                count += 1;
                if count > max {
                    return None;
                }
            }
            let ops = mf.operands(i);
            if o == MOpc::PHI {
                // Inputs: whole virtual registers.
                if ops[1..]
                    .iter()
                    .step_by(2)
                    .any(|o| o.subreg().is_some() || !mf.is_vreg(o.reg()))
                {
                    return None;
                }
            } else if ops
                .iter()
                .any(|o| o.is_def() && mf.is_vreg(o.reg()) && o.subreg().is_some())
            {
                return None;
            }
        }
        if self.can_fall_through(mf, t, b) {
            return None;
        }
        // No successor PHI reads a sub-register from `b`. After an
        // indirect branch, whose edges cannot be split, each successor
        // PHI input from `b` becomes a copy in `b` at PHI elimination:
        // those count as instructions of `b` (llc's selector already
        // materializes them there, one per PHI, so its count includes
        // them; rcc's shares one register among the PHIs reading a value).
        let succs = mf.succs(b);
        for (n, &sb) in succs.iter().enumerate() {
            if succs[..n].contains(&sb) {
                continue;
            }
            for &i in &self.insts[sb.index()] {
                if mf.opc(i) != MOpc::PHI {
                    break;
                }
                let ops = mf.operands(i);
                for k in (1..ops.len()).step_by(2) {
                    if block_of(ops.get(k + 1)) == Some(b) {
                        if ops[k].subreg().is_some() || !mf.is_vreg(ops[k].reg()) {
                            return None;
                        }
                        if indirect {
                            count += 1;
                            if count > max {
                                return None;
                            }
                        }
                    }
                }
            }
        }
        if indirect {
            count += self.repair_inputs(mf, b);
            if count > max {
                return None;
            }
        }
        let preds = preds.get_or_insert_with(|| mf.preds());
        let simple = mf.succs(b).len() == 1
            && !preds.of(b).is_empty()
            && self.insts[b.index()].len() == 1
            && matches!(
                t.analyze_branch(mf, &self.insts[b.index()], &mut self.cond),
                Some(Terminators::Uncond(_))
            );
        if indirect || simple {
            return Some(simple);
        }
        // canCompletelyDuplicateBB.
        for k in 0..preds.of(b).len() {
            let p = preds.of(b)[k];
            if !self.can_take_copy(mf, t, p) {
                return None;
            }
        }
        Some(false)
    }

    /// An upper bound on the PHI inputs the SSA repair adds per copy of
    /// `b`: a value `b` defines that is read outside it needs a PHI in
    /// each successor it is live into (reached from several copies), with
    /// an input from each copy; after an indirect branch each input is a
    /// copy in the copy of `b`. Counted as (values read outside `b`) x
    /// (distinct successors). One scan of the function.
    fn repair_inputs(&mut self, mf: &MachFunction, b: MBlock) -> usize {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.vstamp.iter_mut().for_each(|x| *x = 0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.vstamp.resize(mf.num_vregs(), 0);
        self.vrole.resize(mf.num_vregs(), 0);
        let mut defs = 0;
        for &i in &self.insts[b.index()] {
            for o in mf.operands(i) {
                if let Some(v) = o
                    .reg()
                    .as_virt()
                    .filter(|_| o.is_def() && mf.is_vreg(o.reg()))
                {
                    self.vstamp[v.index()] = stamp;
                    self.vrole[v.index()] = 0;
                    defs += 1;
                }
            }
        }
        if defs == 0 {
            return 0;
        }
        let mut live_out = 0;
        for &bb in &mf.order {
            if bb == b {
                continue;
            }
            for &i in &self.insts[bb.index()] {
                for o in mf.operands(i) {
                    let Some(v) = o.reg().as_virt() else { continue };
                    if o.is_use()
                        && v.index() < self.vstamp.len()
                        && self.vstamp[v.index()] == stamp
                        && self.vrole[v.index()] == 0
                    {
                        self.vrole[v.index()] = 1;
                        live_out += 1;
                    }
                }
            }
        }
        live_out * unique(mf.succs(b)).len()
    }

    /// LLVM's `duplicateSimpleBB`: `b` is only `jmp X`; its predecessors
    /// branch to `X` instead.
    fn duplicate_simple(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        b: MBlock,
        preds: &mut Option<Preds>,
        st: &mut EarlyTailDupStats,
    ) -> bool {
        let target = mf.succs(b)[0];
        let ps = unique(preds.get_or_insert_with(|| mf.preds()).of(b));
        self.refresh_pos(mf);
        let succ_has_phi = self.insts[target.index()]
            .first()
            .is_some_and(|&i| mf.opc(i) == MOpc::PHI);
        self.td.clear();
        self.copies.clear();
        for p in ps {
            if p == b {
                continue;
            }
            // No EH successors; not when `p` already reaches `X` and `X`
            // has PHIs (LLVM's `bothUsedInPHI`).
            if mf.succs(p).iter().any(|&x| mf.eh.is_pad(x))
                || (succ_has_phi && mf.succs(p).contains(&target))
            {
                continue;
            }
            let insts = std::mem::take(&mut self.insts[p.index()]);
            let Some(term) = t.analyze_branch(mf, &insts, &mut self.cond) else {
                self.insts[p.index()] = insts;
                continue;
            };
            let next = self.next_of(mf, p);
            // LLVM's explicit form: both destinations named.
            let (mut tbb, mut fbb) = match term {
                Terminators::FallThrough => (next, next),
                Terminators::Uncond(x) => (Some(x), Some(x)),
                Terminators::Cond { tbb, fbb } => (Some(tbb), fbb.or(next)),
            };
            let map = |x: Option<MBlock>| if x == Some(b) { Some(target) } else { x };
            tbb = map(tbb);
            fbb = map(fbb);
            let mut cond = std::mem::take(&mut self.cond);
            crate::target::map_cond_blocks(&mut cond, |x| if x == b { target } else { x });
            if tbb == fbb {
                cond.clear();
                fbb = None;
            }
            if fbb == next {
                fbb = None;
            }
            if tbb == next && fbb.is_none() {
                tbb = None;
            }
            let keep = insts.len() - t.remove_branch(mf, &insts);
            let mut out = insts;
            out.truncate(keep);
            if let Some(tb) = tbb {
                self.br.clear();
                t.insert_branch(mf, tb, fbb, &cond, &mut self.br);
                out.extend_from_slice(&self.br);
            }
            self.cond = cond;
            self.insts[p.index()] = out;
            redirect_succ(mf, p, b, target);
            self.td.push(p);
        }
        if self.td.is_empty() {
            return false;
        }
        let succs = [target];
        self.vals.clear();
        self.finish(mf, t, b, &succs, st);
        true
    }

    /// LLVM's `tailDuplicate` and `tailDuplicateAndUpdate` for a block
    /// copied into its predecessors.
    fn duplicate(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        b: MBlock,
        preds: &mut Option<Preds>,
        st: &mut EarlyTailDupStats,
    ) -> bool {
        let ps = unique(preds.get_or_insert_with(|| mf.preds()).of(b));
        let succs = unique(mf.succs(b));
        self.refresh_pos(mf);
        self.td.clear();
        self.vals.clear();
        self.copies.clear();
        let tail_succs = mf.succs(b).to_vec();
        let tail_probs = mf.succ_probs(b).map(<[_]>::to_vec).unwrap_or_default();
        for &p in &ps {
            if p == b || !self.can_take_copy(mf, t, p) {
                continue;
            }
            // Not into a predecessor falling into it.
            if self.next_of(mf, p) == Some(b) && self.can_fall_through(mf, t, p) {
                continue;
            }
            self.td.push(p);
            let mut out = std::mem::take(&mut self.insts[p.index()]);
            let keep = out.len() - t.remove_branch(mf, &out);
            out.truncate(keep);
            self.map.clear();
            self.copy_infos.clear();
            let tail = std::mem::take(&mut self.insts[b.index()]);
            let mut kept = Vec::with_capacity(tail.len());
            for &i in &tail {
                if mf.opc(i) == MOpc::PHI {
                    if let Some(r) = self.process_phi(mf, i, b, p, true) {
                        kept.push(r);
                    }
                } else {
                    self.duplicate_inst(mf, t, i, p, &mut out);
                    kept.push(i);
                }
            }
            st.added += tail.len() - 1;
            self.insts[b.index()] = kept;
            self.append_copies(mf, t, p, &mut out);
            self.insts[p.index()] = out;
            mf.set_succs_with_probs(p, &tail_succs, &tail_probs);
            st.dups += 1;
        }
        // The layout predecessor, now the only one, falling into `b`:
        // `b`'s code moves there.
        let mut merged = false;
        if let Some(prev) = self.prev_of(mf, b) {
            let cur = mf.preds();
            let only = unique(cur.of(b));
            if mf.succs(prev) == [b]
                && only == [prev]
                && !mf.blocks[b].address_taken
                && matches!(
                    t.analyze_branch(mf, &self.insts[prev.index()], &mut self.cond),
                    Some(Terminators::FallThrough) | Some(Terminators::Uncond(_))
                )
            {
                let mut out = std::mem::take(&mut self.insts[prev.index()]);
                let keep = out.len() - t.remove_branch(mf, &out);
                out.truncate(keep);
                self.map.clear();
                self.copy_infos.clear();
                let tail = std::mem::take(&mut self.insts[b.index()]);
                for &i in &tail {
                    if mf.opc(i) == MOpc::PHI {
                        // The PHI has only `prev`'s input: it goes.
                        let _ = self.process_phi(mf, i, b, prev, true);
                    } else {
                        self.duplicate_inst(mf, t, i, prev, &mut out);
                    }
                }
                self.append_copies(mf, t, prev, &mut out);
                self.insts[prev.index()] = out;
                let probs = mf.succ_probs(b).map(<[_]>::to_vec).unwrap_or_default();
                let ss = mf.succs(b).to_vec();
                mf.set_succs_with_probs(prev, &ss, &probs);
                mf.set_succs(b, &[]);
                self.td.push(prev);
                merged = true;
            }
        }
        if self.td.is_empty() {
            return false;
        }
        // Predecessors left jumping only to `b` carry its PHI values out
        // too (a loop duplicated into some of its predecessors).
        if !merged {
            for &p in &ps {
                if p == b || self.td.contains(&p) || mf.succs(p).len() != 1 {
                    continue;
                }
                let mut out = std::mem::take(&mut self.insts[p.index()]);
                self.map.clear();
                self.copy_infos.clear();
                let tail = self.insts[b.index()].clone();
                for &i in &tail {
                    if mf.opc(i) != MOpc::PHI {
                        break;
                    }
                    let _ = self.process_phi(mf, i, b, p, false);
                }
                self.append_copies(mf, t, p, &mut out);
                self.insts[p.index()] = out;
            }
        }
        self.finish(mf, t, b, &succs, st);
        true
    }

    /// LLVM's `processPHI`: the value of PHI `i` of `b` coming from `p`
    /// replaces its register in the copy for `p`, and a copy of it at the
    /// end of `p` is the value available there; with `remove`, `p`'s input
    /// leaves the PHI. Returns the PHI as it stays (`None`: erased).
    fn process_phi(
        &mut self,
        mf: &mut MachFunction,
        i: MInst,
        b: MBlock,
        p: MBlock,
        remove: bool,
    ) -> Option<MInst> {
        let ops = mf.operands(i).to_vec();
        let def = ops[0].reg().as_virt().expect("PHI def is virtual");
        let k = (1..ops.len())
            .step_by(2)
            .find(|&k| block_of(ops.get(k + 1)) == Some(p))
            .expect("a PHI lists every predecessor");
        let src = ops[k].reg();
        let src_v = src.as_virt().expect("PHI input is virtual");
        self.map.push((def, src_v));
        let nd = mf.new_vreg(mf.class_of(def));
        self.copy_infos.push((nd, src));
        self.vals.push((def, p, nd));
        if !remove {
            return Some(i);
        }
        if ops.len() == 3 && !mf.blocks[b].address_taken {
            return None;
        }
        self.ops.clear();
        self.ops.extend_from_slice(&ops[..k]);
        self.ops.extend_from_slice(&ops[k + 2..]);
        if self.ops.len() == 1 {
            return Some(mf.create(MOpc::IMPLICIT_DEF, &self.ops));
        }
        Some(mf.create(MOpc::PHI, &self.ops))
    }

    /// LLVM's `duplicateInstruction`: a copy of `i` at the end of `out`
    /// (the instructions of `p`) with new registers for its defs and the
    /// mapped registers for its uses.
    fn duplicate_inst(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        i: MInst,
        p: MBlock,
        out: &mut Vec<MInst>,
    ) {
        self.ops.clear();
        self.ops.extend_from_slice(mf.operands(i));
        for k in 0..self.ops.len() {
            let o = self.ops[k];
            let Some(v) = o.reg().as_virt().filter(|_| mf.is_vreg(o.reg())) else {
                continue;
            };
            if o.is_def() {
                let nv = mf.new_vreg(mf.class_of(v));
                self.ops[k].set_reg(Reg::virt(nv));
                self.map.push((v, nv));
                self.vals.push((v, p, nv));
            } else if let Some(j) = self.map.iter().rposition(|&(a, _)| a == v) {
                let m = self.map[j].1;
                let (oc, mc) = (mf.class_of(v), mf.class_of(m));
                let r = if t.is_subclass(mc, oc) {
                    m
                } else {
                    // The mapped register's class does not fit: a copy
                    // into the original class, reused by later uses.
                    let nv = mf.new_vreg(oc);
                    let c = mf.create(
                        MOpc::COPY,
                        &[
                            Operand::reg_def(Reg::virt(nv)),
                            Operand::reg_use(Reg::virt(m)),
                        ],
                    );
                    out.push(c);
                    self.map[j].1 = nv;
                    nv
                };
                self.ops[k].set_reg(Reg::virt(r));
                self.ops[k].set(flag::KILL, false);
            }
        }
        let c = mf.create(mf.opc(i), &self.ops);
        out.push(c);
    }

    /// LLVM's `appendCopies`: the PHI copies go before `p`'s terminators.
    fn append_copies(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        p: MBlock,
        out: &mut Vec<MInst>,
    ) {
        if self.copy_infos.is_empty() {
            return;
        }
        let at = out.len()
            - out
                .iter()
                .rev()
                .take_while(|&&i| flags(mf, t, i) & iflag::TERMINATOR != 0)
                .count();
        let mut made = Vec::with_capacity(self.copy_infos.len());
        for &(nd, src) in &self.copy_infos {
            let c = mf.create(
                MOpc::COPY,
                &[Operand::reg_def(Reg::virt(nd)), Operand::reg_use(src)],
            );
            made.push(c);
            self.copies.push((p, c));
        }
        out.splice(at..at, made);
    }

    /// The common end of both forms: successor PHIs, dead block removal,
    /// the SSA repair and the folding of PHI copies.
    fn finish(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        b: MBlock,
        succs: &[MBlock],
        st: &mut EarlyTailDupStats,
    ) {
        let dead = mf.preds().of(b).is_empty() && !mf.blocks[b].address_taken;
        self.update_successor_phis(mf, b, dead, succs);
        if dead {
            st.removed += self.insts[b.index()].len();
            st.dead_blocks += 1;
            self.insts[b.index()].clear();
            self.removed[b.index()] = true;
            mf.order.retain(|&x| x != b);
            mf.blocks[b].start = 0;
            mf.blocks[b].end = 0;
            mf.set_succs(b, &[]);
        }
        if self.vals.is_empty() && self.copies.is_empty() {
            return;
        }
        // One scan: defs and uses of the registers to repair, uses of the
        // PHI copies' sources and destinations.
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.vstamp.iter_mut().for_each(|x| *x = 0);
            self.stamp = 1;
        }
        let nv = mf.num_vregs();
        self.vstamp.resize(nv, 0);
        self.vrole.resize(nv, 0);
        self.vuses.resize(nv, 0);
        self.vdef.resize(nv, NONE);
        let stamp = self.stamp;
        let mark = |s: &mut Self, v: VReg, role: u8| {
            let x = v.index();
            if s.vstamp[x] != stamp {
                s.vstamp[x] = stamp;
                s.vrole[x] = 0;
                s.vuses[x] = 0;
                s.vdef[x] = NONE;
            }
            s.vrole[x] |= role;
        };
        for k in 0..self.vals.len() {
            let v = self.vals[k].0;
            mark(self, v, ORIG);
        }
        for k in 0..self.copies.len() {
            let c = self.copies[k].1;
            let ops = mf.operands(c);
            let (d, s) = (ops[0].reg(), ops[1].reg());
            if let (Some(d), Some(s)) = (d.as_virt(), s.as_virt()) {
                mark(self, d, DST);
                mark(self, s, SRC);
            }
        }
        self.uses.clear();
        for &bb in &mf.order {
            for &i in &self.insts[bb.index()] {
                for (k, o) in mf.operands(i).iter().enumerate() {
                    let Some(v) = o.reg().as_virt() else { continue };
                    if v.index() >= nv || self.vstamp[v.index()] != stamp {
                        continue;
                    }
                    if o.is_def() {
                        self.vdef[v.index()] = bb.as_u32();
                    } else {
                        self.vuses[v.index()] += 1;
                        if self.vrole[v.index()] & (ORIG | DST) != 0 {
                            self.uses.push((
                                v,
                                Use {
                                    block: bb,
                                    inst: i,
                                    op: k as u32,
                                },
                            ));
                        }
                    }
                }
            }
        }
        // Fold PHI copies whose source is read by nothing else (LLVM does
        // this after the repair; doing it first, on the values available,
        // gives the same code without a second scan).
        let mut rename: Vec<(VReg, VReg)> = Vec::new();
        for k in 0..self.copies.len() {
            let (p, c) = self.copies[k];
            let ops = mf.operands(c);
            let (Some(d), Some(s)) = (ops[0].reg().as_virt(), ops[1].reg().as_virt()) else {
                continue;
            };
            if self.vuses[s.index()] != 1
                || self.vrole[s.index()] & (ORIG | DST) != 0
                || !t.is_subclass(mf.class_of(s), mf.class_of(d))
            {
                continue;
            }
            let list = &mut self.insts[p.index()];
            if let Some(at) = list.iter().position(|&x| x == c) {
                list.remove(at);
                rename.push((d, s));
            }
        }
        if !rename.is_empty() {
            let find = |v: VReg| rename.iter().find(|&&(d, _)| d == v).map(|&(_, s)| s);
            for (_, _, r) in &mut self.vals {
                if let Some(s) = find(*r) {
                    *r = s;
                }
            }
            for &(v, u) in &self.uses {
                if let Some(s) = find(v) {
                    let o = &mut mf.operands_mut(u.inst)[u.op as usize];
                    o.set_reg(Reg::virt(s));
                    o.set(flag::KILL, false);
                }
            }
        }
        // Repair: per original register, in first-seen order.
        self.uses.retain(|(v, _)| self.vrole[v.index()] & ORIG != 0);
        self.uses.sort_by_key(|&(v, _)| v.as_u32());
        let preds = mf.preds();
        let mut k = 0;
        let mut done: Vec<VReg> = Vec::new();
        while k < self.vals.len() {
            let v = self.vals[k].0;
            k += 1;
            if done.contains(&v) {
                continue;
            }
            done.push(v);
            self.avail.clear();
            self.avail
                .extend(self.vals.iter().filter(|x| x.0 == v).map(|x| (x.1, x.2)));
            let lo = self.uses.partition_point(|&(x, _)| x.as_u32() < v.as_u32());
            let hi = self
                .uses
                .partition_point(|&(x, _)| x.as_u32() <= v.as_u32());
            if lo == hi {
                continue;
            }
            let uses: Vec<Use> = self.uses[lo..hi].iter().map(|&(_, u)| u).collect();
            let def_block = match self.vdef[v.index()] {
                NONE => None,
                x => Some(MBlock::from_u32(x)),
            };
            st.phis += self
                .ssa
                .rewrite(mf, &preds, v, def_block, &self.avail, &uses);
            for k2 in 0..self.ssa.inserted.len() {
                let (bb, i) = self.ssa.inserted[k2];
                let list = &mut self.insts[bb.index()];
                let at = if mf.opc(i) == MOpc::PHI {
                    0
                } else {
                    list.iter().take_while(|&&x| mf.opc(x) == MOpc::PHI).count()
                };
                list.insert(at, i);
            }
        }
    }

    /// LLVM's `updateSuccessorsPHIs`: the PHIs of `b`'s successors get an
    /// input for each block now reaching them in `b`'s place; a dead `b`'s
    /// inputs go (its first one's place is reused).
    fn update_successor_phis(
        &mut self,
        mf: &mut MachFunction,
        b: MBlock,
        dead: bool,
        succs: &[MBlock],
    ) {
        for &sb in succs {
            for k in 0..self.insts[sb.index()].len() {
                let i = self.insts[sb.index()][k];
                if mf.opc(i) != MOpc::PHI {
                    break;
                }
                let ops = mf.operands(i);
                let Some(idx) = (1..ops.len())
                    .step_by(2)
                    .find(|&j| block_of(ops.get(j + 1)) == Some(b))
                else {
                    continue;
                };
                let reg = ops[idx].reg();
                self.ops.clear();
                self.ops.push(ops[0]);
                let mut slot = None;
                for j in (1..ops.len()).step_by(2) {
                    if dead && block_of(ops.get(j + 1)) == Some(b) {
                        if j == idx {
                            slot = Some(self.ops.len());
                            self.ops.extend_from_slice(&ops[j..j + 2]);
                        }
                        continue;
                    }
                    self.ops.extend_from_slice(&ops[j..j + 2]);
                }
                let mut add = |ops: &mut Vec<Operand>, r: Reg, from: MBlock| match slot.take() {
                    Some(s) => {
                        ops[s] = Operand::reg_use(r);
                        ops[s + 1] = Operand::block(from);
                    }
                    None => {
                        ops.push(Operand::reg_use(r));
                        ops.push(Operand::block(from));
                    }
                };
                let v = reg
                    .as_virt()
                    .filter(|&v| self.vals.iter().any(|x| x.0 == v));
                if let Some(v) = v {
                    for j in 0..self.vals.len() {
                        let (o, from, r) = self.vals[j];
                        if o == v && mf.succs(from).contains(&sb) {
                            add(&mut self.ops, Reg::virt(r), from);
                        }
                    }
                } else {
                    for j in 0..self.td.len() {
                        add(&mut self.ops, reg, self.td[j]);
                    }
                }
                if let Some(s) = slot {
                    self.ops.drain(s..s + 2);
                }
                let np = mf.create(MOpc::PHI, &self.ops);
                self.insts[sb.index()][k] = np;
            }
        }
    }
}

fn flags(mf: &MachFunction, t: &dyn TargetInfo, i: MInst) -> u32 {
    mf.opc(i).as_target().map_or(0, |op| t.inst_flags(op))
}

fn block_of(o: Option<&Operand>) -> Option<MBlock> {
    o.filter(|o| o.kind() == OpKind::Block)
        .map(|o| MBlock::from_u32(o.payload()))
}

/// `xs` without repeats, in order.
fn unique(xs: &[MBlock]) -> Vec<MBlock> {
    let mut out: Vec<MBlock> = Vec::with_capacity(xs.len());
    for &x in xs {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}
