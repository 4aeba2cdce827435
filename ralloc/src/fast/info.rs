//! What the fast allocator precomputes in two linear scans, instead of
//! full liveness:
//!
//! - per virtual register: whether it is *global* (occurs in more than one
//!   block, or is read in its block before being written there, i.e. may
//!   be live into a block) and the layout position of its last read. A
//!   *local* register is live exactly from its first def to its last read
//!   inside one block; a global one is kept in a stack slot that every def
//!   updates, so it can be dropped from a register at any time;
//! - per physical-register operand (by operand-pool position): whether the
//!   register is still read later in the block (for a def: the def is live;
//!   for a use: it is not the last read). Physical registers are live only
//!   inside a block (argument and return copies, fixed operands), except
//!   the function's live-ins at the entry and the block live-ins of blocks
//!   entered by unwinding (a landing pad's exception registers), which
//!   [`Info::block_live`] lists per layout position.
//!
//! Reads are non-`undef` uses and defs with a sub-register index without
//! `undef` (a partial write keeps the rest of the register).

use rcc_ir::entity::EntityId;
use rcc_mach::{flag, MInst, MachFunction, Operand, PReg, TargetInfo};

const NONE: u32 = u32::MAX;

/// Makes `v` `n` copies of `x`, keeping its capacity.
pub fn reset<T: Copy>(v: &mut Vec<T>, n: usize, x: T) {
    v.clear();
    v.resize(n, x);
}

/// Whether operand `o` reads its register.
pub fn reads(o: Operand) -> bool {
    o.is_reg() && !o.has(flag::UNDEF) && (o.is_use() || o.subreg().is_some())
}

/// Precomputed facts (see the module comment). The vectors keep their
/// capacity from function to function ([`super::FastScratch`]).
#[derive(Default)]
pub struct Info {
    /// Block of the first occurrence of each vreg.
    block: Vec<u32>,
    global: Vec<bool>,
    last_read: Vec<u32>,
    /// Per operand position: a physical register operand is read later.
    phys_live: Vec<bool>,
    /// Per layout position of a block, a range into `live_pool`: its
    /// live-ins (the function's for the entry, the block's own otherwise)
    /// read before being written.
    block_live: Vec<(u32, u32)>,
    live_pool: Vec<PReg>,
    /// Scratch of the backward scan: physical registers live.
    live: Vec<bool>,
    /// The instructions with a physical register operand, in layout
    /// order: the backward scan visits only them (nothing else changes
    /// which physical registers are live).
    phys_insts: Vec<MInst>,
    /// Per layout position of a block, its range of `phys_insts`.
    block_phys: Vec<(u32, u32)>,
}

impl Info {
    /// Computes the facts of `mf` in place; `reserved[r]`: the target
    /// reserves physical register `r`.
    pub fn compute(&mut self, mf: &MachFunction, t: &dyn TargetInfo, reserved: &[bool]) {
        let n = mf.num_vregs();
        let info = self;
        reset(&mut info.block, n, NONE);
        reset(&mut info.global, n, false);
        reset(&mut info.last_read, n, NONE);
        reset(&mut info.phys_live, mf.operand_pool_len(), false);
        info.block_live.clear();
        info.live_pool.clear();
        info.phys_insts.clear();
        info.block_phys.clear();
        for &b in &mf.order {
            let start = mf.blocks[b].start as usize;
            let first_phys = info.phys_insts.len() as u32;
            for (k, &i) in mf.block_insts(b).iter().enumerate() {
                let pos = (start + k) as u32;
                let ops = mf.operands(i);
                let mut has_phys = false;
                // Reads happen before writes within an instruction.
                let mut writes = false;
                for &o in ops {
                    let reg = o.reg();
                    let Some(v) = reg.as_virt() else {
                        has_phys |= reg.is_phys();
                        continue;
                    };
                    if !reads(o) {
                        writes = true;
                        continue;
                    }
                    let v = v.index();
                    if info.block[v] == NONE {
                        info.block[v] = b.as_u32();
                        info.global[v] = true;
                    } else if info.block[v] != b.as_u32() {
                        info.global[v] = true;
                    }
                    info.last_read[v] = pos;
                }
                for &o in ops.iter().filter(|_| writes) {
                    let Some(v) = o.reg().as_virt().filter(|_| !reads(o)) else {
                        continue;
                    };
                    let v = v.index();
                    if info.block[v] == NONE {
                        info.block[v] = b.as_u32();
                    } else if info.block[v] != b.as_u32() {
                        info.global[v] = true;
                    }
                }
                if has_phys {
                    info.phys_insts.push(i);
                }
            }
            info.block_phys
                .push((first_phys, info.phys_insts.len() as u32));
        }
        info.phys_liveness(mf, t, reserved);
    }

    /// Backward scan of each block over physical registers.
    fn phys_liveness(&mut self, mf: &MachFunction, t: &dyn TargetInfo, reserved: &[bool]) {
        let mut live = std::mem::take(&mut self.live);
        reset(&mut live, t.num_regs(), false);
        let any_live = |live: &[bool], r: PReg| {
            t.aliases(r)
                .iter()
                .any(|&a| live.get(a as usize).copied().unwrap_or(false))
        };
        for (bn, &b) in mf.order.iter().enumerate() {
            let (s, e) = self.block_phys[bn];
            if s == e {
                self.block_live.push((0, 0));
                continue;
            }
            live.fill(false);
            for &i in self.phys_insts[s as usize..e as usize].iter().rev() {
                let base = mf.operand_range(i).start;
                let ops = mf.operands(i);
                for (k, &o) in ops.iter().enumerate() {
                    let Some(r) = o.reg().as_phys().filter(|_| o.is_def()) else {
                        continue;
                    };
                    if reserved[r.0 as usize] {
                        continue;
                    }
                    self.phys_live[base + k] = any_live(&live, r);
                    for &a in t.aliases(r) {
                        live[a as usize] = false;
                    }
                }
                for (k, &o) in ops.iter().enumerate() {
                    let Some(r) = o.reg().as_phys().filter(|_| o.is_use()) else {
                        continue;
                    };
                    if reserved[r.0 as usize] || o.has(flag::UNDEF) {
                        continue;
                    }
                    self.phys_live[base + k] = any_live(&live, r);
                    live[r.0 as usize] = true;
                }
            }
            let ins = if bn == 0 {
                &mf.live_ins[..]
            } else {
                mf.block_live_ins(b)
            };
            let start = self.live_pool.len() as u32;
            self.live_pool
                .extend(ins.iter().copied().filter(|&r| any_live(&live, r)));
            self.block_live.push((start, self.live_pool.len() as u32));
        }
        self.live = live;
    }

    /// The live-ins of the block at layout position `n` read before being
    /// written there.
    pub fn block_live(&self, n: usize) -> &[PReg] {
        let (s, e) = self.block_live[n];
        &self.live_pool[s as usize..e as usize]
    }

    /// Whether vreg `v` (index) may be live across blocks.
    #[inline]
    pub fn is_global(&self, v: usize) -> bool {
        self.global[v]
    }

    /// Whether vreg `v`'s value is still needed after layout position `pos`
    /// (always true for a global vreg).
    #[inline]
    pub fn live_after(&self, v: usize, pos: usize) -> bool {
        self.global[v] || (self.last_read[v] != NONE && self.last_read[v] as usize > pos)
    }

    /// Whether the physical register operand at pool position `p` is read
    /// later in its block.
    #[inline]
    pub fn phys_live_after(&self, p: usize) -> bool {
        self.phys_live[p]
    }
}
