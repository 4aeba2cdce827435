//! The fast register allocator (LLVM's RegAllocFast, top-down), for -O0.
//!
//! Input: a function after PHI elimination and the two-address pass
//! (`NO_PHIS`, `TIED_REWRITTEN`; a tied use naming another register than
//! its def is handled too, by copying). Output: an [`Allocation`] beside
//! the function; [`crate::apply`] rewrites the function from it.
//!
//! Scheme, block by block, instruction by instruction:
//! - A *global* virtual register (see [`info`]) has a stack slot; every def
//!   is stored to it right away, so its register copy is always clean and
//!   may be dropped at any time; at a block start nothing is in registers
//!   and the first read reloads it. A *local* one lives in a register from
//!   its def to its last read and goes to a slot only when evicted while
//!   still needed (register pressure, a call, a fixed-register def).
//! - Physical registers the program uses itself are *pinned* from their
//!   def (or the entry, for live-ins) to their last read, so no virtual
//!   register is put there meanwhile.
//! - Per instruction ([`inst`]): reads get registers (reloading or moving
//!   when the current one does not satisfy the operand's class constraint,
//!   which may be narrower than the virtual register's class); values dying
//!   here free their registers; everything the instruction clobbers
//!   (physical defs, implicit defs of the form, a call's register mask) is
//!   emptied, storing live values first; defs get registers (a tied def the
//!   register of its use, a copy a hint towards its source's register, an
//!   early-clobber def none that the instruction reads); physical defs that
//!   are read later get pinned.
//! - Eviction prefers registers whose occupants need no store.
//!
//! Why results are not written directly into the function while
//! allocating: keeping them beside it (one register per operand plus
//! sorted moves) is what the other allocators will produce too, lets the
//! symbolic checker validate exactly what the rewrite will apply, and
//! makes the rewrite one linear walk.

mod info;
mod inst;
mod opcodes;
mod regs;

use crate::output::{AllocError, AllocStats, Allocation, Loc};
pub use info::reads;
use info::Info;
use rcc_mach::{MInst, MachFunction, PReg, TargetInfo};
use regs::RegState;

/// Options of the fast allocator.
#[derive(Copy, Clone, Debug, Default)]
pub struct FastOptions {
    /// The frame pointer, reserved with everything overlapping it when the
    /// function keeps one (`RBP` on x86-64).
    pub frame_pointer: Option<PReg>,
    /// The base pointer, reserved likewise when the function needs one
    /// (`RBX` on x86-64: a realigned frame with dynamic allocas).
    pub base_pointer: Option<PReg>,
    /// Run the symbolic checker on the allocation before the rewrite
    /// ([`crate::run_fast`]; the driver's `-verify-regalloc`, and every
    /// test).
    pub check: bool,
}

/// The fast allocator's buffers, reused from function to function (one
/// per worker; a scratch serves one target): the precomputed facts, the
/// register state, the per-instruction lists and the allocation itself.
#[derive(Default)]
pub struct FastScratch {
    info: Info,
    rs: RegState,
    touched: Vec<usize>,
    dead: Vec<u32>,
    early_phys: Vec<PReg>,
    regk: Vec<inst::RegOp>,
    opcodes: opcodes::OpcodeFacts,
    clobber_order: Vec<u16>,
    after: Vec<crate::output::Edit>,
    /// A block's instructions while it is allocated, then the rewrite's
    /// layout buffer.
    pub(crate) insts: Vec<MInst>,
    /// The result of the last [`allocate_in`].
    pub allocation: Allocation,
    /// The operand-pool positions of the virtual register operands the
    /// last [`allocate_in`] allocated, for [`crate::apply::apply_at`].
    pub vreg_ops: Vec<u32>,
}

/// Allocates registers for `mf`; spill slots are added to `mf.frame`,
/// nothing else of `mf` changes.
pub fn allocate(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    opts: &FastOptions,
) -> Result<Allocation, AllocError> {
    let mut s = FastScratch::default();
    allocate_in(mf, t, opts, &mut s)?;
    Ok(std::mem::take(&mut s.allocation))
}

/// [`allocate`] into `s.allocation`, with the buffers of `s`.
pub fn allocate_in(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    opts: &FastOptions,
    s: &mut FastScratch,
) -> Result<(), AllocError> {
    s.rs.reset(t, mf.num_vregs(), opts.frame_pointer, opts.base_pointer);
    s.info.compute(mf, t, &s.rs.target_reserved);
    let mut a = std::mem::take(&mut s.allocation);
    a.edits.clear();
    a.used_phys.clear();
    info::reset(&mut a.allocs, mf.operand_pool_len(), rcc_mc::Reg(0));
    let mut fast = inst::Fast {
        t,
        info: std::mem::take(&mut s.info),
        rs: std::mem::take(&mut s.rs),
        edits: a.edits,
        after: std::mem::take(&mut s.after),
        allocs: a.allocs,
        touched: std::mem::take(&mut s.touched),
        dead: std::mem::take(&mut s.dead),
        early_phys: std::mem::take(&mut s.early_phys),
        regk: std::mem::take(&mut s.regk),
        vreg_ops: std::mem::take(&mut s.vreg_ops),
        opcodes: std::mem::take(&mut s.opcodes),
        any_clobbered: false,
        clobber_order: std::mem::take(&mut s.clobber_order),
    };
    fast.after.clear();
    fast.vreg_ops.clear();
    fast.touched.clear();
    fast.dead.clear();
    let mut insts = std::mem::take(&mut s.insts);
    let mut result = Ok(());
    'blocks: for n in 0..mf.order.len() {
        let b = mf.order[n];
        fast.rs.reset_block();
        for &r in fast.info.block_live(n) {
            fast.rs.flags[r.0 as usize] |= regs::PINNED;
        }
        let start = mf.blocks[b].start as usize;
        insts.clear();
        insts.extend_from_slice(mf.block_insts(b));
        for (k, &i) in insts.iter().enumerate() {
            if let Err(e) = fast.inst(mf, start + k, i) {
                result = Err(e);
                break 'blocks;
            }
        }
    }
    s.insts = insts;
    let inst::Fast {
        info,
        rs,
        edits,
        after,
        allocs,
        touched,
        dead,
        early_phys,
        regk,
        vreg_ops,
        opcodes,
        clobber_order,
        ..
    } = fast;
    s.clobber_order = clobber_order;
    s.opcodes = opcodes;
    s.regk = regk;
    s.vreg_ops = vreg_ops;
    s.info = info;
    s.rs = rs;
    s.after = after;
    s.touched = touched;
    s.dead = dead;
    s.early_phys = early_phys;
    a.edits = edits;
    a.allocs = allocs;
    result?;
    debug_assert!(a.edits.is_sorted_by_key(|e| e.point));
    let mut stats = AllocStats::default();
    for e in &a.edits {
        match (e.from, e.to) {
            (Loc::Reg(_), Loc::Stack(_)) => stats.spills += 1,
            (Loc::Stack(_), Loc::Reg(_)) => stats.reloads += 1,
            _ => stats.moves += 1,
        }
    }
    stats.spill_slots = s.rs.slot.iter().filter(|&&x| x != regs::NONE).count() as u32;
    a.used_phys.extend(
        s.rs.written
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w)
            .map(|(r, _)| rcc_mc::Reg(r as u16)),
    );
    a.stats = stats;
    s.allocation = a;
    Ok(())
}
