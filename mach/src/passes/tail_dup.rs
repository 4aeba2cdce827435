//! Tail duplication after register allocation (LLVM's `tailduplication`
//! pass, `TailDuplicator` with its -O2 size limit of 2 instructions): a
//! small block that cannot fall through is copied into the predecessors
//! that jump to it unconditionally, which lose that jump; a block that is
//! only an unconditional branch is bypassed instead (its predecessors'
//! branches go straight to its target, LLVM's `duplicateSimpleBB`), and so
//! is an empty block falling into its only successor (LLVM's branch folder
//! makes everyone use an empty block's fall-through). A block left without
//! predecessors is removed from the layout.
//!
//! Candidates: not the entry, not address-taken, not a landing pad, not
//! their own successor, ending in a return-like barrier or an unconditional
//! branch the target understands, at most [`MAX_INSTS`] instructions (a
//! call, sibling calls included, only alone, as in LLVM), and
//! without CFI directives (a copied epilogue would leave the block laid out
//! after the copy with the wrong CFA), inline assembly or labels.
//! Predecessors: their only successor is the candidate, reached by a branch
//! the target understands (falling through is left alone, as in LLVM); for
//! a bypassed block, any predecessor whose branches the target understands.
//! Every edit reads the function as it was before the pass (instructions
//! and successors of the copied blocks are taken from that state), so a
//! block may both receive a copy and be copied.
//!
//! Invariants: successor lists and probabilities stay exact (a copy's
//! block inherits the candidate's successors and probabilities; a bypass
//! moves the edge's probability to the target, merging with an existing
//! edge); only the ends of blocks change. Cost: linear in the function.

use crate::func::{MBlock, MachFunction};
use crate::operand::{flag, OpKind, Operand};
use crate::prob::BranchProb;
use crate::target::{iflag, TargetInfo, Terminators};
use crate::MOpc;
use rcc_ir::entity::EntityId;

/// The most instructions a copied block may have (LLVM's
/// `tail-dup-size`).
const MAX_INSTS: usize = 2;

/// How a candidate is handled.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Cand {
    No,
    /// Copied into its jumping predecessors.
    Copy,
    /// Only `jmp X`: bypassed to `X`.
    Bypass(MBlock),
}

/// What happens to one predecessor.
#[derive(Copy, Clone)]
enum Edit {
    /// Its branch to the candidate is replaced by the candidate's body.
    CopyIn(MBlock),
    /// Its branches to `from` go to `to`.
    Redirect { from: MBlock, to: MBlock },
}

/// Duplicates small tails throughout `mf` (see the module comment);
/// returns the number of predecessors changed.
pub fn tail_duplicate(mf: &mut MachFunction, t: &dyn TargetInfo) -> usize {
    if mf.order.len() < 2 {
        return 0;
    }
    let mut cond = Vec::new();
    let cands: Vec<Cand> = {
        let mut c = vec![Cand::No; mf.blocks.len()];
        for (k, &b) in mf.order.iter().enumerate().skip(1) {
            let next = mf.order.get(k + 1).copied();
            c[b.index()] = candidate(mf, t, b, next, &mut cond);
        }
        c
    };
    if cands.iter().all(|&c| c == Cand::No) {
        return 0;
    }
    let preds = mf.preds();
    let mut edits: Vec<(MBlock, Edit)> = Vec::new();
    for (k, &p) in mf.order.iter().enumerate() {
        let insts = mf.block_insts(p);
        let Some(term) = t.analyze_branch(mf, insts, &mut cond) else {
            continue;
        };
        let next = mf.order.get(k + 1).copied();
        match term {
            Terminators::Uncond(b) if mf.succs(p) == [b] && Some(b) != next => {
                match cands[b.index()] {
                    Cand::Copy if b != p => edits.push((p, Edit::CopyIn(b))),
                    Cand::Bypass(x) if b != p => edits.push((p, Edit::Redirect { from: b, to: x })),
                    _ => {}
                }
            }
            Terminators::Cond { tbb, fbb } => {
                // Bypass a branch-only block named by a branch.
                let named = [Some(tbb), fbb];
                if let Some(b) = named.into_iter().flatten().find(|&b| {
                    matches!(cands[b.index()], Cand::Bypass(_)) && preds.of(b).contains(&p)
                }) {
                    if let Cand::Bypass(x) = cands[b.index()] {
                        edits.push((p, Edit::Redirect { from: b, to: x }));
                    }
                }
            }
            _ => {}
        }
    }
    if edits.is_empty() {
        return 0;
    }
    let n = edits.len();
    apply(mf, t, &edits);
    remove_unreachable(mf, &cands);
    n
}

/// How block `b` can be duplicated.
fn candidate(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    b: MBlock,
    next: Option<MBlock>,
    cond: &mut Vec<Operand>,
) -> Cand {
    let d = &mf.blocks[b];
    if d.address_taken || mf.eh.is_pad(b) || mf.succs(b).contains(&b) {
        return Cand::No;
    }
    let insts = mf.block_insts(b);
    // An empty block falling into its only successor: bypassed like a
    // lone `jmp` (LLVM's branch folder makes everyone use the
    // fall-through of an empty block).
    if let (true, [s], Some(n)) = (insts.is_empty(), mf.succs(b), next) {
        return if *s == n { Cand::Bypass(n) } else { Cand::No };
    }
    if insts.is_empty() || insts.len() > MAX_INSTS {
        return Cand::No;
    }
    if insts.iter().any(|&i| not_duplicable(mf, i)) {
        return Cand::No;
    }
    // LLVM does not copy calls (sibling calls included) with anything
    // else: less likely to pay for the larger code.
    let is_call = |i| {
        mf.opc(i).as_target().is_some_and(|op| {
            let f = t.inst_flags(op);
            let target = mf
                .operands(i)
                .first()
                .is_some_and(|o| o.kind() == OpKind::Sym || (o.is_reg() && !o.has(flag::IMPLICIT)));
            f & iflag::CALL != 0 || (f & iflag::RETURN != 0 && target)
        })
    };
    if insts.len() > 1 && insts.iter().any(|&i| is_call(i)) {
        return Cand::No;
    }
    let last = insts[insts.len() - 1];
    let returns = mf.opc(last).as_target().is_some_and(|op| {
        let f = t.inst_flags(op);
        f & iflag::RETURN != 0 && f & iflag::BARRIER != 0
    });
    if returns && mf.succs(b).is_empty() {
        return Cand::Copy;
    }
    match t.analyze_branch(mf, insts, cond) {
        Some(Terminators::Uncond(x)) if mf.succs(b) == [x] && x != b => {
            if insts.len() == 1 {
                Cand::Bypass(x)
            } else {
                Cand::Copy
            }
        }
        _ => Cand::No,
    }
}

/// Whether `i` must not be copied by tail duplication: CFI directives
/// (a copied epilogue would leave the block laid out after the copy with
/// the wrong CFA), inline assembly (its labels) and labels. Shared with
/// `early-tailduplication`.
pub(super) fn not_duplicable(mf: &MachFunction, i: crate::func::MInst) -> bool {
    let o = mf.opc(i);
    o == MOpc::CFI || o == MOpc::INLINEASM || o == MOpc::EH_LABEL
}

/// Applies `edits` (in layout order) in one walk over the layout.
fn apply(mf: &mut MachFunction, t: &dyn TargetInfo, edits: &[(MBlock, Edit)]) {
    let mut pending = edits.iter().peekable();
    let old_layout = std::mem::take(&mut mf.layout);
    let order = std::mem::take(&mut mf.order);
    // The old ranges: blocks already walked have new ones.
    let ranges: Vec<(u32, u32)> = mf.blocks.values().map(|d| (d.start, d.end)).collect();
    // The old successors of the copied blocks (a copied block may itself
    // get a copy of another block).
    let old_succs: Vec<(Vec<MBlock>, Vec<BranchProb>)> = edits
        .iter()
        .filter_map(|e| match e.1 {
            Edit::CopyIn(b) => Some(b),
            Edit::Redirect { .. } => None,
        })
        .map(|b| {
            (
                mf.succs(b).to_vec(),
                mf.succ_probs(b).map(<[_]>::to_vec).unwrap_or_default(),
            )
        })
        .collect();
    let mut copy_k = 0;
    let mut layout = Vec::with_capacity(old_layout.len() + 2 * edits.len());
    let mut cond = Vec::new();
    let mut ops: Vec<Operand> = Vec::new();
    let mut br = Vec::new();
    let mut written = vec![false; t.num_regs()];
    let mut exposed = Vec::new();
    for (k, &p) in order.iter().enumerate() {
        let d = mf.blocks[p];
        let insts = &old_layout[d.start as usize..d.end as usize];
        let start = layout.len() as u32;
        match pending.next_if(|e| e.0 == p).map(|e| e.1) {
            None => layout.extend_from_slice(insts),
            Some(Edit::CopyIn(b)) => {
                let keep = insts.len() - t.remove_branch(mf, insts);
                layout.extend_from_slice(&insts[..keep]);
                let (bs, be) = ranges[b.index()];
                for &i in &old_layout[bs as usize..be as usize] {
                    ops.clear();
                    ops.extend_from_slice(mf.operands(i));
                    let c = mf.create(mf.opc(i), &ops);
                    layout.push(c);
                }
                let (succs, probs) = &old_succs[copy_k];
                copy_k += 1;
                mf.set_succs_with_probs(p, succs, probs);
                // What the copy reads that `p` does not write came live
                // into `p` (it was live out of it).
                super::tail_merge::upward_exposed(
                    mf,
                    t,
                    &layout[start as usize..],
                    &mut written,
                    &mut exposed,
                );
                let mut ins = mf.block_live_ins(p).to_vec();
                let entry_ins = if k == 0 {
                    mf.live_ins.clone()
                } else {
                    Vec::new()
                };
                for &r in &exposed {
                    let covered = ins
                        .iter()
                        .chain(&entry_ins)
                        .any(|&x| x == r || t.aliases(r).contains(&x.0));
                    if !covered {
                        ins.push(r);
                    }
                }
                mf.set_block_live_ins(p, &ins);
            }
            Some(Edit::Redirect { from, to }) => {
                let next = order.get(k + 1).copied();
                let term = t.analyze_branch(mf, insts, &mut cond);
                let keep = insts.len() - t.remove_branch(mf, insts);
                layout.extend_from_slice(&insts[..keep]);
                let map = |x: MBlock| if x == from { to } else { x };
                br.clear();
                match term {
                    Some(Terminators::Uncond(x)) => {
                        t.insert_branch(mf, map(x), None, &[], &mut br);
                    }
                    Some(Terminators::Cond { tbb, fbb }) => {
                        // The not-taken side: the explicit branch, else the
                        // fall-through.
                        let f = fbb.or(next).map(map);
                        let tb = map(tbb);
                        crate::target::map_cond_blocks(&mut cond, map);
                        match f {
                            Some(f) if f == tb => {
                                t.insert_branch(mf, tb, None, &[], &mut br);
                            }
                            Some(f) if Some(f) == next => {
                                t.insert_branch(mf, tb, None, &cond, &mut br);
                            }
                            Some(f) => {
                                t.insert_branch(mf, tb, Some(f), &cond, &mut br);
                            }
                            None => {
                                t.insert_branch(mf, tb, None, &cond, &mut br);
                            }
                        }
                    }
                    _ => {}
                }
                layout.extend_from_slice(&br);
                redirect_succ(mf, p, from, to);
            }
        }
        mf.blocks[p].start = start;
        mf.blocks[p].end = layout.len() as u32;
    }
    mf.layout = layout;
    mf.order = order;
}

/// Replaces successor `from` of `p` by `to`, merging the edges (and their
/// probabilities) when `to` already is one. Shared with
/// `early-tailduplication`.
pub(super) fn redirect_succ(mf: &mut MachFunction, p: MBlock, from: MBlock, to: MBlock) {
    let succs = mf.succs(p).to_vec();
    let probs: Option<Vec<BranchProb>> = mf
        .succ_probs(p)
        .filter(|q| q.len() == succs.len())
        .map(<[_]>::to_vec);
    let mut ns: Vec<MBlock> = Vec::with_capacity(succs.len());
    let mut np: Vec<u64> = Vec::with_capacity(succs.len());
    for (k, &s) in succs.iter().enumerate() {
        let s = if s == from { to } else { s };
        let w = probs.as_ref().map_or(0, |q| u64::from(q[k].raw()));
        match ns.iter().position(|&x| x == s) {
            Some(j) => np[j] += w,
            None => {
                ns.push(s);
                np.push(w);
            }
        }
    }
    match probs {
        Some(_) => {
            let mut out = Vec::with_capacity(ns.len());
            BranchProb::from_masses(&np, &mut out);
            mf.set_succs_with_probs(p, &ns, &out);
        }
        None => mf.set_succs(p, &ns),
    }
}

/// Takes candidates left without predecessors out of the layout.
fn remove_unreachable(mf: &mut MachFunction, cands: &[Cand]) {
    let preds = mf.preds();
    let entry = mf.order[0];
    let dead = |b: MBlock| b != entry && cands[b.index()] != Cand::No && preds.of(b).is_empty();
    if !mf.order.iter().any(|&b| dead(b)) {
        return;
    }
    let old = std::mem::take(&mut mf.order);
    let order: Vec<MBlock> = old.iter().copied().filter(|&b| !dead(b)).collect();
    for &b in &old {
        if dead(b) {
            // An unplaced block has no instructions and no successors.
            mf.blocks[b].start = 0;
            mf.blocks[b].end = 0;
            mf.set_succs(b, &[]);
        }
    }
    mf.order = order;
}
