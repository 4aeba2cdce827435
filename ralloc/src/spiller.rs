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
//! Everything goes through the edit layer ([`Liveness`]); the function
//! stays in virtual-register form. Spill and reload instructions are built
//! by the target hooks on a placeholder physical register of the class and
//! their register operand is then replaced by the new vreg.
//!
//! Invariant: after `spill(v)`, `v` has no occurrence left and an empty
//! interval; every new vreg is returned for the allocator's queue.

use crate::liveness::Liveness;
use crate::output::AllocError;
use crate::weights::remat_def;
use rcc_mach::{
    flag, iflag, FrameIdx, FrameKind, MInst, MOpc, MachFunction, Operand, Reg, TargetInfo, VReg,
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
    ops: Vec<Operand>,
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
        let placeholder = t
            .allocation_order(class)
            .first()
            .or_else(|| t.class_members(class).first())
            .copied()
            .ok_or(AllocError::CannotMove { class })?;
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
            for o in mf.operands(i) {
                if o.reg().as_virt() == Some(v) {
                    reads |= crate::liveness::intervals::reads(*o);
                    writes |= o.is_def();
                }
            }
            let n = st.new_vreg_like(mf, v);
            if reads {
                let load = match remat {
                    Some(d) => {
                        self.ops.clear();
                        self.ops.extend_from_slice(mf.operands(d));
                        for o in &mut self.ops {
                            if o.is_def() && o.reg().as_virt() == Some(v) {
                                o.set_reg(Reg::virt(n));
                                o.set(flag::DEAD, false);
                            }
                        }
                        self.stats.remats += 1;
                        mf.create(mf.opc(d), &self.ops)
                    }
                    None => {
                        let s = slot.expect("slot without remat");
                        let l = t
                            .load_from_slot(mf, Reg::phys(placeholder), class, s)
                            .ok_or(AllocError::CannotMove { class })?;
                        replace_reg(mf, l, Reg::phys(placeholder), Reg::virt(n), true);
                        self.stats.reloads += 1;
                        l
                    }
                };
                st.insert_before(mf, i, load);
            }
            let nops = mf.operands(i).len();
            for kk in 0..nops {
                if mf.operands(i)[kk].reg().as_virt() == Some(v) {
                    st.set_operand_reg(mf, i, kk, Reg::virt(n));
                    mf.operands_mut(i)[kk].set(flag::KILL, false);
                }
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
                    .store_to_slot(mf, Reg::phys(placeholder), class, s)
                    .ok_or(AllocError::CannotMove { class })?;
                replace_reg(mf, store, Reg::phys(placeholder), Reg::virt(n), false);
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

/// Replaces the first def (or use) operand of `i` naming `from` by `to`
/// (before `i` is registered with the edit layer).
fn replace_reg(mf: &mut MachFunction, i: MInst, from: Reg, to: Reg, def: bool) {
    if let Some(o) = mf
        .operands_mut(i)
        .iter_mut()
        .find(|o| o.is_reg() && o.reg() == from && o.is_def() == def)
    {
        o.set_reg(to);
    }
}
