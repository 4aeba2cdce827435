//! Shrink wrapping (llc's `shrink-wrap`, LLVM's ShrinkWrap analysis):
//! finds the blocks where prolog/epilog insertion may put the prologue
//! (the save point) and the epilogue (the restore point) instead of the
//! entry block and every return, so that paths that need no stack frame
//! and no callee-saved register (an early `return 0`) run without them.
//!
//! As LLVM does, over the blocks in reverse post-order:
//!
//! - a block *uses the frame* when one of its instructions is a call-frame
//!   pseudo, names a frame object, reads or writes the stack pointer
//!   (calls and returns aside: their implicit `%rsp` is harmless), reads or writes a
//!   callee-saved register of the calling convention (any width), or has a
//!   register mask clobbering a register the function saves; or when it
//!   loads or stores and a block before it in RPO used the frame (machine
//!   instructions carry no memory operands here, so any such access may
//!   go through an escaped stack address: LLVM's `StackAddressUsed` with
//!   its memory-operand test always failing);
//! - the save point is the nearest common dominator of those blocks, the
//!   restore point their nearest common post-dominator, then both are
//!   moved until the save dominates the restore, the restore
//!   post-dominates the save and neither is in a loop (the save to its
//!   immediate dominator, the restore past the loop's exits);
//! - a restore block whose terminators use the frame moves to the common
//!   post-dominator of its successors;
//! - points more frequent than the entry, or a save block the target
//!   cannot start a prologue in, move up (save) or down (restore) again.
//!
//! The analysis gives up (the prologue stays in the entry) when the save
//! point would be the entry, when no restore point exists (two exits, an
//! exit that never returns, an infinite loop), on an irreducible CFG, when
//! a block cannot reach an exit (LLVM connects such blocks to the virtual
//! exit; we do not model them), and in functions with landing pads (they
//! have no CFG predecessors here, so dominance cannot place them; LLVM
//! puts them inside the region instead).
//!
//! Output: `FrameInfo::save_point`/`restore_point` (printed in MIR as
//! `save-point=`/`restore-point=`), consumed and cleared by prolog/epilog
//! insertion. Nothing else changes.

use crate::analysis::CfgAnalyses;
use crate::cfg::{MCfg, MPostDom};
use crate::func::{MBlock, MInst, MachFunction};
use crate::loops::MachineLoops;
use crate::operand::{flag, OpKind};
use crate::reg::PReg;
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;

/// What the target tells shrink wrapping.
pub struct ShrinkWrapTarget<'a> {
    /// The callee-saved registers of the function's calling convention
    /// (LLVM's `RegisterClassInfo::getLastCalleeSavedAlias` set).
    pub callee_saved: &'a [PReg],
    /// The registers this function will save (the register-mask test).
    pub saved: &'a [PReg],
    /// The stack pointer.
    pub sp: PReg,
    /// Whether the prologue may go at the top of a block (LLVM's
    /// `canUseAsPrologue`).
    pub can_use_as_prologue: &'a dyn Fn(&MachFunction, MBlock) -> bool,
    /// Whether the epilogue may go before a block's terminators (LLVM's
    /// `canUseAsEpilogue`).
    pub can_use_as_epilogue: &'a dyn Fn(&MachFunction, MBlock) -> bool,
}

/// What the analysis decided for one function.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct ShrinkWrapStats {
    /// Save and restore points were set (LLVM's `NumCandidates`).
    pub candidate: bool,
    /// Points were found but dropped because of frequency or the target
    /// (LLVM's `NumCandidatesDropped`).
    pub dropped: bool,
}

struct Analysis<'a> {
    mf: &'a MachFunction,
    t: &'a dyn TargetInfo,
    st: &'a ShrinkWrapTarget<'a>,
    cfg: &'a MCfg,
    pdom: &'a MPostDom,
    loops: &'a MachineLoops,
    entry: MBlock,
    save: Option<MBlock>,
    restore: Option<MBlock>,
}

impl Analysis<'_> {
    fn interesting(&self) -> bool {
        self.save.is_some_and(|s| s != self.entry) && self.restore.is_some()
    }

    /// LLVM's `useOrDefCSROrFI`.
    fn uses_frame(&self, i: MInst, stack_address_used: bool) -> bool {
        uses_frame(self.mf, self.t, self.st, i, stack_address_used)
    }

    fn is_terminator(&self, i: MInst) -> bool {
        self.mf
            .opc(i)
            .as_target()
            .is_some_and(|o| self.t.inst_flags(o) & iflag::TERMINATOR != 0)
    }

    /// LLVM's `FindIDom` over the dominator tree: the nearest common
    /// dominator of `b` and its predecessors, `None` if that is `b`.
    fn idom_of_preds(&self, b: MBlock) -> Option<MBlock> {
        let mut d = b;
        for &p in self.cfg.preds(b) {
            if !self.cfg.is_reachable(p) {
                continue;
            }
            d = self.cfg.nearest_common_dominator(d, p)?;
        }
        (d != b).then_some(d)
    }

    /// LLVM's `FindIDom` over the post-dominator tree: the nearest common
    /// post-dominator of `b` and the successors of `of`, `None` if that is
    /// `b` or only the virtual exit.
    fn ipdom_of_succs(&self, b: MBlock, of: MBlock) -> Option<MBlock> {
        let mut d = b;
        for &s in self.mf.succs(of) {
            d = self.pdom.nearest_common(d, s)?;
        }
        (d != b).then_some(d)
    }

    /// LLVM's `updateSaveRestorePoints`: the points must dominate
    /// (post-dominate) block `b`.
    fn update(&mut self, b: MBlock) {
        let save = match self.save {
            None => Some(b),
            Some(s) => self.cfg.nearest_common_dominator(s, b),
        };
        let Some(mut save) = save else {
            self.save = None;
            return;
        };
        self.restore = match self.restore {
            None if self.pdom.contains(b) => Some(b),
            Some(r) if self.pdom.contains(b) => self.pdom.nearest_common(r, b),
            _ => None,
        };
        // The epilogue goes before the terminators: if one of them uses the
        // frame, restore after them.
        if self.restore == Some(b) {
            let insts = self.mf.block_insts(b);
            let uses = insts
                .iter()
                .filter(|&&i| self.is_terminator(i))
                .any(|&i| self.uses_frame(i, true));
            if uses {
                self.restore = if self.mf.succs(b).is_empty() {
                    None
                } else {
                    self.ipdom_of_succs(b, b)
                };
            }
        }
        let Some(mut restore) = self.restore else {
            self.save = Some(save);
            return;
        };
        // Save dominates restore, restore post-dominates save, and neither
        // is in a loop.
        loop {
            let save_dom = self.cfg.dominates(save, restore);
            let restore_pdom = self.pdom.post_dominates(restore, save);
            let in_loop =
                self.loops.loop_of(save).is_some() || self.loops.loop_of(restore).is_some();
            if save_dom && restore_pdom && !in_loop {
                break;
            }
            if !save_dom {
                match self.cfg.nearest_common_dominator(save, restore) {
                    Some(s) => save = s,
                    None => {
                        self.restore = None;
                        self.save = Some(save);
                        return;
                    }
                }
                continue;
            }
            if !restore_pdom {
                match self.pdom.nearest_common(restore, save) {
                    Some(r) => restore = r,
                    None => {
                        self.restore = None;
                        self.save = Some(save);
                        return;
                    }
                }
            }
            if self.loops.loop_of(save).is_some() || self.loops.loop_of(restore).is_some() {
                if self.loops.loop_depth(save) > self.loops.loop_depth(restore) {
                    match self.idom_of_preds(save) {
                        Some(s) => save = s,
                        None => {
                            self.save = Some(save);
                            self.restore = Some(restore);
                            return;
                        }
                    }
                } else {
                    let Some(l) = self.loops.loop_of(restore) else {
                        self.restore = None;
                        self.save = Some(save);
                        return;
                    };
                    let mut ipdom = Some(restore);
                    for &x in self.loops.exiting(l) {
                        ipdom = ipdom.and_then(|d| self.ipdom_of_succs(d, x));
                        if ipdom.is_none() {
                            break;
                        }
                    }
                    match ipdom {
                        Some(d) if self.loops.loop_depth(d) < self.loops.loop_depth(restore) => {
                            restore = d
                        }
                        _ => {
                            self.restore = None;
                            self.save = Some(save);
                            return;
                        }
                    }
                }
            }
        }
        self.save = Some(save);
        self.restore = Some(restore);
    }
}

/// LLVM's `useOrDefCSROrFI`: whether `i` uses the frame (see the module
/// comment).
fn uses_frame(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    st: &ShrinkWrapTarget<'_>,
    i: MInst,
    stack_address_used: bool,
) -> bool {
    let opc = mf.opc(i);
    if opc == MOpc::ADJCALLSTACKDOWN || opc == MOpc::ADJCALLSTACKUP {
        return true;
    }
    let flags = opc.as_target().map_or(0, |o| t.inst_flags(o));
    // A call's stack-pointer operands are harmless (LLVM ignores them
    // so that tail calls need not be post-dominated); here sibling
    // calls are returns that read %rsp, and returns follow the
    // epilogue anyway.
    let is_call = flags & (iflag::CALL | iflag::RETURN) != 0;
    if stack_address_used && flags & (iflag::MAY_LOAD | iflag::MAY_STORE) != 0 {
        return true;
    }
    // Generic instructions with memory effects (inline asm) count as
    // loads and stores too.
    if stack_address_used && opc == MOpc::INLINEASM {
        return true;
    }
    let overlaps = |r: PReg, x: PReg| t.aliases(x).contains(&r.0);
    for o in mf.operands(i) {
        match o.kind() {
            OpKind::Frame => return true,
            OpKind::RegMask => {
                let m = o.payload();
                if st.saved.iter().any(|&r| !t.preserves(m, r)) {
                    return true;
                }
            }
            _ if o.is_reg() => {
                if o.is_use() && o.has(flag::UNDEF) {
                    continue;
                }
                let Some(r) = o.reg().as_phys() else { continue };
                if r.0 == 0 {
                    continue;
                }
                if (!is_call && overlaps(r, st.sp))
                    || st.callee_saved.iter().any(|&c| overlaps(r, c))
                {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether the CFG of `cfg` is irreducible: a retreating edge (to a block
/// not after its source in RPO) whose target does not dominate its source.
fn irreducible(mf: &MachFunction, cfg: &MCfg) -> bool {
    cfg.rpo.iter().any(|&b| {
        let bi = cfg.rpo_position(b);
        mf.succs(b).iter().any(|&s| {
            let si = cfg.rpo_position(s);
            si != u32::MAX && si <= bi && !cfg.dominates(s, b)
        })
    })
}

/// Runs the analysis on `mf` (registers allocated, frame indices not yet
/// eliminated), with the CFG analyses from `an`, and sets
/// `mf.frame.save_point`/`restore_point` when the prologue and epilogue
/// can move out of the entry block and the returns. A function whose entry
/// block uses the frame leaves before any analysis is asked for.
pub fn shrink_wrap(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    st: &ShrinkWrapTarget<'_>,
    an: &mut CfgAnalyses,
) -> ShrinkWrapStats {
    mf.frame.save_point = None;
    mf.frame.restore_point = None;
    let mut stats = ShrinkWrapStats::default();
    let Some(&entry) = mf.order.first() else {
        return stats;
    };
    if !mf.eh.pads().is_empty() {
        return stats;
    }
    // The entry block using the frame makes it the save point: nothing to
    // move (the common case, decided before any analysis).
    if mf
        .block_insts(entry)
        .iter()
        .any(|&i| uses_frame(mf, t, st, i, false))
    {
        return stats;
    }
    let (cfg, pdom, loops, freq) = an.all(mf, t);
    if irreducible(mf, cfg) {
        return stats;
    }
    if cfg.rpo.iter().any(|&b| !pdom.contains(b)) {
        return stats;
    }
    let mut a = Analysis {
        mf,
        t,
        st,
        cfg,
        pdom,
        loops,
        entry,
        save: None,
        restore: None,
    };
    let mut used = vec![false; mf.blocks.len()];
    for &b in &cfg.rpo {
        let mut stack_address_used = cfg.preds(b).iter().any(|&p| used[p.index()]);
        for &i in mf.block_insts(b) {
            if a.uses_frame(i, stack_address_used) {
                a.update(b);
                if !a.interesting() {
                    return stats;
                }
                stack_address_used = true;
                break;
            }
        }
        used[b.index()] = stack_address_used;
    }
    if !a.interesting() {
        return stats;
    }
    // Move points that run more often than the entry, or that the target
    // cannot use, out of the way.
    // Frequencies are floating point: a block on every path has the
    // entry's frequency up to rounding.
    let entry_freq = f64::from(freq.entry_freq()) * (1.0 + 1e-5);
    while let (Some(save), Some(restore)) = (a.save, a.restore) {
        let save_cheap = f64::from(freq.freq(save)) <= entry_freq;
        let restore_cheap = f64::from(freq.freq(restore)) <= entry_freq;
        let prologue_ok = (st.can_use_as_prologue)(mf, save);
        if save_cheap && restore_cheap && prologue_ok && (st.can_use_as_epilogue)(mf, restore) {
            break;
        }
        let next = if !save_cheap || !prologue_ok {
            a.save = a.idom_of_preds(save);
            a.save
        } else {
            a.restore = a.ipdom_of_succs(restore, restore);
            a.restore
        };
        let Some(b) = next else { break };
        a.update(b);
    }
    if !a.interesting() {
        stats.dropped = true;
        return stats;
    }
    let (save, restore) = (a.save, a.restore);
    mf.frame.save_point = save;
    mf.frame.restore_point = restore;
    stats.candidate = true;
    stats
}
