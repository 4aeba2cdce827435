//! The inline spiller (LLVM's `InlineSpiller`, in its simple form): spills
//! a vreg the allocator could not place by giving every instruction that
//! touches it a tiny interval of its own.
//!
//! For a spilled vreg `v` (original `o`, see [`crate::vrm::VirtRegMap`]):
//! - `o` owns one spill slot (a `FrameKind::Spill` object sized and aligned
//!   by the class's spill size), shared by every piece of `o`;
//! - each instruction reading `v` gets a new vreg `n` loaded right before
//!   it (`TargetInfo::load_from_slot`) or, when `v`'s one def is
//!   rematerializable ([`crate::weights::remat_def`]), a copy of that def
//!   recomputing the value (the original def is then deleted);
//! - each instruction writing `v` writes `n` instead, stored right after it
//!   (`TargetInfo::store_to_slot`; nothing for `IMPLICIT_DEF`);
//! - `v`'s operands are renamed to `n`; `n` gets its interval (around one
//!   instruction) and an infinite weight: it must not be spilled again.
//!
//! - when the target can fold the slot into the instruction
//!   (`TargetInfo::fold_memory_operand`: `v` is one explicit operand or a
//!   tied pair), the folded instruction replaces it at the same slot index
//!   and no new vreg is needed.
//!
//! Everything goes through the edit layer ([`Liveness`]); the function
//! stays in virtual-register form (`store_to_slot`/`load_from_slot` take
//! the new vreg).
//!
//! Invariant: after `spill(v)`, `v` has no occurrence left and an empty
//! interval; every new vreg is returned for the allocator's queue.

use crate::liveness::Liveness;
use crate::output::AllocError;
use crate::weights::remat_def;
use rcc_mach::remat::rematerialize;
use rcc_mach::{
    flag, iflag, FrameIdx, FrameKind, MInst, MOpc, MachFunction, Reg, TargetInfo, VReg,
};

/// Counts for `-stats`.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct SpillStats {
    /// Stores inserted.
    pub spills: u32,
    /// Reloads inserted.
    pub reloads: u32,
    /// Defs recomputed instead of reloads.
    pub remats: u32,
    /// Reloads folded into their user (with the target's fold hook).
    pub folds: u32,
    /// Spill slots created.
    pub slots: u32,
}

/// Reused buffers of the spiller.
#[derive(Default)]
pub struct Spiller {
    insts: Vec<MInst>,
    pub stats: SpillStats,
}

impl Spiller {
    /// The spill slot of `v`'s original, made on first use.
    fn slot(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
    ) -> FrameIdx {
        let o = st.vrm.original(v);
        if let Some(s) = st.vrm.slot(o) {
            return s;
        }
        let size = t.class_spill_size(mf.class_of(v)).max(1);
        let s = mf
            .frame
            .create(size as u64, size.next_power_of_two(), FrameKind::Spill);
        st.vrm.set_slot(o, s);
        self.stats.slots += 1;
        s
    }

    /// Spills `v` (see the module comment); the new vregs are appended to
    /// `new_vregs`.
    pub fn spill(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        v: VReg,
        new_vregs: &mut Vec<VReg>,
    ) -> Result<(), AllocError> {
        let class = mf.class_of(v);
        let remat = remat_def(st, mf, t, v);
        let slot = match remat {
            Some(_) => None,
            None => Some(self.slot(mf, t, st, v)),
        };
        self.insts.clear();
        self.insts.extend(st.uses.iter(v).map(|(i, _)| i));
        self.insts.sort_unstable();
        self.insts.dedup();
        for k in 0..self.insts.len() {
            let i = self.insts[k];
            if Some(i) == remat {
                continue;
            }
            let (mut reads, mut writes) = (false, false);
            let mut at: Vec<usize> = Vec::new();
            for (kk, o) in mf.operands(i).iter().enumerate() {
                if o.reg().as_virt() == Some(v) {
                    reads |= crate::liveness::intervals::reads(*o);
                    writes |= o.is_def();
                    at.push(kk);
                }
            }
            // Fold the slot into the instruction when the target can.
            if let Some(s) = slot.filter(|_| mf.opc(i).as_target().is_some()) {
                if let Some(f) = fold_target(mf, i, &at) {
                    if let Some(new) = t.fold_memory_operand(mf, i, f, s) {
                        st.replace(mf, i, new);
                        let original = st.vrm.original(v);
                        st.vrm.add_fold(crate::vrm::Fold {
                            inst: new,
                            slot: s,
                            original,
                            reads,
                            writes,
                        });
                        self.stats.folds += 1;
                        continue;
                    }
                }
            }
            let n = st.new_vreg_like(mf, v);
            if reads {
                let load = match remat {
                    Some(d) => {
                        self.stats.remats += 1;
                        rematerialize(mf, d, Reg::virt(n))
                    }
                    None => {
                        let s = slot.expect("slot without remat");
                        self.stats.reloads += 1;
                        t.load_from_slot(mf, Reg::virt(n), class, s)
                            .ok_or(AllocError::CannotMove { class })?
                    }
                };
                st.insert_before(mf, i, load);
            }
            for &kk in &at {
                st.set_operand_reg(mf, i, kk, Reg::virt(n));
                mf.operands_mut(i)[kk].set(flag::KILL, false);
            }
            if writes && mf.opc(i) != MOpc::IMPLICIT_DEF {
                let s = slot.expect("a rematerializable vreg has one def");
                let f = mf.opc(i).as_target().map_or(0, |op| t.inst_flags(op));
                if f & iflag::TERMINATOR != 0 {
                    return Err(AllocError::Unsupported {
                        pos: 0,
                        what: "a terminator defines a value that must be spilled",
                    });
                }
                let store = t
                    .store_to_slot(mf, Reg::virt(n), class, s)
                    .ok_or(AllocError::CannotMove { class })?;
                st.insert_after(mf, i, store);
                self.stats.spills += 1;
            }
            st.recompute(mf, n);
            st.lis.weights[n.as_u32() as usize] = f32::INFINITY;
            new_vregs.push(n);
        }
        if let Some(d) = remat {
            st.delete(mf, d);
        }
        st.recompute(mf, v);
        Ok(())
    }
}

/// The operand to fold when `v` occurs at operand positions `at` of `i`:
/// one explicit operand, or a tied def/use pair (the def's index).
fn fold_target(mf: &MachFunction, i: MInst, at: &[usize]) -> Option<usize> {
    let ops = mf.operands(i);
    match at {
        [k] => Some(*k),
        [a, b] => {
            let (x, y) = (ops[*a], ops[*b]);
            if x.is_def() && y.tied_to() == Some(*a) {
                Some(*a)
            } else if y.is_def() && x.tied_to() == Some(*b) {
                Some(*b)
            } else {
                None
            }
        }
        _ => None,
    }
}
