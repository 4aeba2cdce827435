//! The virtual-register rewriter (LLVM's `VirtRegRewriter`): the last step
//! of the interval allocators. It materializes pending edits, turns the
//! [`crate::vrm::VirtRegMap`] into an [`Allocation`] (a physical register
//! per vreg operand, no moves: spill code is already in the function as
//! instructions over vregs), runs the checker when asked, and applies the
//! allocation with [`crate::apply`] (which resolves sub-register indices,
//! drops `killed` flags and deletes identity copies).
//!
//! A vreg with no register (an empty interval: only `undef` reads) gets the
//! first allowed register of its class: its value is undefined anyway.
//! `used_phys` lists every register written afterwards (vreg defs'
//! registers and the program's own physical defs), as the fast allocator
//! records it, for prolog/epilog to find callee-saved registers.
//!
//! Invariant: after `rewrite`, the function has `NO_VREGS` and the
//! liveness state is marked invalid.

use crate::basic::RaScratch;
use crate::liveness::Liveness;
use crate::output::{AllocError, AllocStats, Allocation};
use crate::{checker, RegAllocError};
use rcc_ir::entity::EntityId;
use rcc_mach::{MachFunction, PReg, TargetInfo};

/// Counts of the rewrite for `-stats`.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct RewriteStats {
    /// Identity copies deleted.
    pub identity_copies: u32,
}

/// Builds the allocation of `mf` from `st.vrm` (see the module comment).
pub fn allocation(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    st: &Liveness,
    rs: &RaScratch,
) -> Result<Allocation, AllocError> {
    let mut allocs = vec![rcc_mc::Reg(0); mf.operand_pool_len()];
    let mut written = vec![false; t.num_regs()];
    let mut pos = 0;
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            let base = mf.operand_range(i).start;
            for (k, o) in mf.operands(i).iter().enumerate() {
                let p = match (o.reg().as_virt(), o.reg().as_phys()) {
                    (Some(v), _) => {
                        let p = match st.vrm.phys(v) {
                            Some(p) => p,
                            None => fallback(mf, t, rs, v).ok_or(AllocError::OutOfRegisters {
                                pos,
                                class: mf.class_of(v),
                            })?,
                        };
                        allocs[base + k] = p;
                        p
                    }
                    (_, Some(p)) => p,
                    _ => continue,
                };
                if o.is_def() {
                    written[p.0 as usize] = true;
                }
            }
            pos += 1;
        }
    }
    let used_phys: Vec<PReg> = written
        .iter()
        .enumerate()
        .filter(|&(_, &w)| w)
        .map(|(r, _)| rcc_mc::Reg(r as u16))
        .collect();
    Ok(Allocation {
        allocs,
        edits: Vec::new(),
        used_phys,
        stats: AllocStats::default(),
    })
}

/// Adds to every block but the entry the registers of the vregs live at
/// its start (merged with the live-ins it has), as the verifier and the
/// later passes expect after allocation.
pub fn set_block_live_ins(mf: &mut MachFunction, st: &Liveness) {
    let mut pairs: Vec<(u32, u16)> = Vec::new();
    let blocks = st.indexes.blocks();
    for k in 0..st.lis.num_vregs().min(mf.num_vregs()) {
        let v = rcc_mach::VReg::from_index(k);
        let Some(p) = st.vrm.phys(v) else { continue };
        for s in st.lis.vreg(v).segments() {
            let mut j = blocks.partition_point(|&(b, _)| b < s.start);
            while let Some(&(start, b)) = blocks.get(j) {
                if start >= s.end {
                    break;
                }
                if j > 0 {
                    pairs.push((b.as_u32(), p.0));
                }
                j += 1;
            }
        }
    }
    if pairs.is_empty() {
        return;
    }
    pairs.sort_unstable();
    pairs.dedup();
    let mut regs: Vec<PReg> = Vec::new();
    let mut k = 0;
    while k < pairs.len() {
        let b = rcc_mach::MBlock::from_u32(pairs[k].0);
        regs.clear();
        regs.extend_from_slice(mf.block_live_ins(b));
        while k < pairs.len() && pairs[k].0 == b.as_u32() {
            let p = rcc_mc::Reg(pairs[k].1);
            if !regs.contains(&p) {
                regs.push(p);
            }
            k += 1;
        }
        mf.set_block_live_ins(b, &regs);
    }
}

fn fallback(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    rs: &RaScratch,
    v: rcc_mach::VReg,
) -> Option<PReg> {
    t.allocation_order(mf.class_of(v))
        .iter()
        .copied()
        .find(|&p| !rs.is_reserved(t, p))
}

/// Materializes, builds the allocation, checks it when `check`, applies
/// it. The state is invalid afterwards.
pub fn rewrite(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    st: &mut Liveness,
    rs: &RaScratch,
    check: bool,
) -> Result<RewriteStats, RegAllocError> {
    st.materialize(mf);
    st.vrm.sort_folds();
    let a = allocation(mf, t, st, rs).map_err(RegAllocError::Alloc)?;
    if check {
        checker::check_with_originals(mf, t, &a, Some(&st.vrm)).map_err(RegAllocError::Check)?;
    }
    set_block_live_ins(mf, st);
    let before: usize = mf.order.iter().map(|&b| mf.block_insts(b).len()).sum();
    crate::apply(mf, t, &a).map_err(RegAllocError::Alloc)?;
    let after: usize = mf.order.iter().map(|&b| mf.block_insts(b).len()).sum();
    st.valid = false;
    Ok(RewriteStats {
        identity_copies: before.saturating_sub(after) as u32,
    })
}
