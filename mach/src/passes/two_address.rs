//! The two-address pass: makes every tied use name its def's register.
//!
//! `%d = OP %a(tied-def 0), %b` becomes `%d = COPY %a` followed by
//! `%d = OP %d(tied-def 0), %b`, so the register allocator only has to give
//! the def and the tied use one register. The copy keeps the use's
//! sub-register index and flags (less `tied`); the rewritten tied use loses
//! `kill`/`undef`. Other uses of the same register by the instruction read
//! `%d` too (as LLVM's pass does): `%d = OP %a(tied), %a` becomes
//! `%d = COPY %a ; %d = OP %d, %d`, so `%a` may die at the copy (`pxor`
//! of a register with itself needs no second register). Physical registers
//! are handled the same way.
//!
//! When the tied source `%a` (a virtual register) is still live after the
//! instruction, the copy cannot be coalesced away, so as LLVM's pass does
//! it first tries (1) commuting a commutable instruction whose other
//! source dies there (`%d = OP %b(tied), %a`: `%b`'s copy coalesces), then
//! (2) the target's three-address form
//! ([`TargetInfo::convert_to_three_address`], x86: `lea` for `add`, `inc`,
//! `shl` by 1), which needs no copy at all.
//!
//! When both sources die there, either copy coalesces, but not always
//! both of the copies around the instruction: in a loop-carried update
//! `%d = OP %b(tied), %c` whose `%d` flows back into `%c` through copies
//! (PHI elimination's `%t = COPY %d` in the latch and `%c = COPY %t` in
//! the header), tying `%b` leaves `%d` and `%c` overlapping, so one copy
//! per iteration stays. As LLVM's `isRevCopyChain` rule does, a
//! commutable instruction is commuted when `%c` is reached from `%d`
//! through at most [`MAX_COPY_CHAIN`] full copies and `%b` is not (`%c`
//! then shares `%d`'s register around the loop).
//!
//! Liveness is a cheap local approximation, linear in the function: a
//! virtual register is *live after* instruction `p` of block `B` when it
//! is read again later in `B`; it is *dead after* `p` when it has exactly
//! one def, that def and all its reads are in `B`, and `p` is its last
//! read (such a value cannot be live around a loop: the def precedes every
//! read in the block). Otherwise it counts as live for the three-address
//! conversion (a value read in other blocks usually lives on; `lea` with
//! an immediate is as short as the `add`, so a wrong guess costs at most a
//! byte) but not for commuting, which needs the other source known dead.
//!
//! Runs after PHI elimination; afterwards the function has
//! `TIED_REWRITTEN` and is no longer `IS_SSA`.

use crate::func::{prop, MBlock, MInst, MachFunction};
use crate::operand::{flag, Operand};
use crate::reg::VReg;
use crate::target::{iflag, MOpc, TargetInfo};
use rcc_ir::entity::EntityId;

/// Per virtual register: how many defs, the block of its first def, and
/// the block(s) it is read in (see the module comment). Kept in a
/// [`TwoAddressScratch`] from function to function.
#[derive(Default)]
struct VregFacts {
    defs: Vec<u8>,
    def_block: Vec<u32>,
    /// The block of its reads: `NONE` when it has none, `MANY` when they
    /// are in several blocks.
    read_block: Vec<u32>,
    /// Per vreg, `(block stamp, index)` of its last read in the block
    /// being rewritten.
    last_read: Vec<(u32, u32)>,
    /// Every full copy between virtual registers as `(dst, src)` vreg
    /// indices, sorted by `dst` (a vreg may have several after PHI
    /// elimination).
    copies: Vec<(u32, u32)>,
    /// Per layout position of a block, the index of its first instruction
    /// with a tied pair to rewrite (`NONE`: none).
    first_fix: Vec<u32>,
}

const NONE: u32 = u32::MAX;
const MANY: u32 = u32::MAX - 1;

/// Makes `v` `n` copies of `x`, keeping its capacity.
fn reset<T: Copy>(v: &mut Vec<T>, n: usize, x: T) {
    v.clear();
    v.resize(n, x);
}

/// The two-address pass's buffers, reused from function to function.
#[derive(Default)]
pub struct TwoAddressScratch {
    facts: VregFacts,
    layout: Vec<MInst>,
}

/// How many copies [`VregFacts::copy_chain`] follows (LLVM's
/// `MaxDataFlowEdge`).
const MAX_COPY_CHAIN: usize = 3;

impl VregFacts {
    /// Computes the facts of `mf` in one walk over its operands, with
    /// each block's first instruction to rewrite. Returns whether there
    /// is any.
    fn compute(&mut self, mf: &MachFunction) -> bool {
        let n = mf.num_vregs();
        let f = self;
        reset(&mut f.defs, n, 0);
        reset(&mut f.def_block, n, NONE);
        reset(&mut f.read_block, n, NONE);
        reset(&mut f.last_read, n, (NONE, 0));
        f.copies.clear();
        f.first_fix.clear();
        let mut any = false;
        for &b in &mf.order {
            let b = b.as_u32();
            let mut first = NONE;
            for (p, &i) in mf.block_insts(MBlock::from_u32(b)).iter().enumerate() {
                let ops = mf.operands(i);
                if first == NONE && needs_fix(ops) {
                    first = p as u32;
                }
                if mf.opc(i) == MOpc::COPY {
                    if let [d, u] = ops {
                        let full =
                            |o: &Operand| o.is_reg() && o.subreg().is_none() && !o.has(flag::UNDEF);
                        if let (Some(dv), Some(uv), true) =
                            (d.reg().as_virt(), u.reg().as_virt(), full(d) && full(u))
                        {
                            f.copies.push((dv.index() as u32, uv.index() as u32));
                        }
                    }
                }
                for o in ops {
                    // Not a register: `reg()` is none.
                    let Some(v) = o.reg().as_virt() else { continue };
                    let k = v.index();
                    if o.has(flag::DEF) {
                        f.defs[k] = f.defs[k].saturating_add(1);
                        if f.def_block[k] == NONE {
                            f.def_block[k] = b;
                        }
                    } else {
                        // The last read in the block of the last read:
                        // `live_after` needs it only for vregs read in
                        // one block.
                        f.last_read[k] = (b, p as u32);
                        if f.read_block[k] == NONE {
                            f.read_block[k] = b;
                        } else if f.read_block[k] != b {
                            f.read_block[k] = MANY;
                        }
                    }
                }
            }
            any |= first != NONE;
            f.first_fix.push(first);
        }
        f.copies.sort_unstable();
        any
    }

    /// Whether `to` reaches `from` through at most [`MAX_COPY_CHAIN`]
    /// full copies: some def of `from` copies a vreg, some def of that one
    /// copies another, ..., and one of them copies `to`.
    fn copy_chain(&self, from: VReg, to: VReg) -> bool {
        let mut frontier = vec![from.index() as u32];
        let mut next = Vec::new();
        for _ in 0..MAX_COPY_CHAIN {
            next.clear();
            for &v in &frontier {
                let start = self.copies.partition_point(|&(d, _)| d < v);
                for &(_, s) in self.copies[start..].iter().take_while(|&&(d, _)| d == v) {
                    if s == to.index() as u32 {
                        return true;
                    }
                    if !next.contains(&s) {
                        next.push(s);
                    }
                }
            }
            if next.is_empty() {
                return false;
            }
            std::mem::swap(&mut frontier, &mut next);
        }
        false
    }

    /// `Some(true)`: `v` is read after position `p` of block `b`;
    /// `Some(false)`: it is dead after `p`; `None`: not known (callers
    /// only tell `Some(false)` from the rest).
    fn live_after(&self, v: VReg, b: MBlock, p: usize) -> Option<bool> {
        let k = v.index();
        let (sb, last) = self.last_read[k];
        if sb == b.as_u32() && last as usize > p {
            return Some(true);
        }
        let b = b.as_u32();
        let reads_here = self.read_block[k] == NONE || self.read_block[k] == b;
        let local = self.defs[k] == 1 && self.def_block[k] == b && reads_here;
        local.then_some(false)
    }
}

/// Whether an instruction with operands `ops` has a tied use naming
/// another register than its def.
fn needs_fix(ops: &[Operand]) -> bool {
    // Most operands are not tied: one flag test each.
    ops.iter().any(|u| {
        u.has(flag::TIED)
            && u.tied_to()
                .filter(|_| u.is_use())
                .and_then(|d| ops.get(d))
                .is_some_and(|def| def.reg() != u.reg() || def.subreg() != u.subreg())
    })
}

/// The explicit register use of commutable `i` other than tied use `k`,
/// when there is exactly one and it is a plain virtual register.
fn other_source(mf: &MachFunction, i: MInst, k: usize) -> Option<(usize, VReg)> {
    let mut found = None;
    for (j, o) in mf.operands(i).iter().enumerate() {
        if j == k || !o.is_reg() || !o.is_use() || o.has(flag::IMPLICIT) {
            continue;
        }
        if found.is_some() {
            return None;
        }
        found = Some((j, o));
    }
    let (j, o) = found?;
    let v = o.reg().as_virt()?;
    (o.subreg().is_none() && !o.has(flag::UNDEF)).then_some((j, v))
}

/// Rewrites every tied operand pair of `mf` into two-address form.
/// Returns how many instructions were commuted by rule (0) (the other
/// source carried back from the def through copies).
pub fn two_address(mf: &mut MachFunction, t: &dyn TargetInfo) -> u64 {
    two_address_in(mf, t, &mut TwoAddressScratch::default())
}

/// [`two_address`] with the buffers of `s` (one per worker).
pub fn two_address_in(mf: &mut MachFunction, t: &dyn TargetInfo, s: &mut TwoAddressScratch) -> u64 {
    let mut commuted = 0u64;
    let facts = &mut s.facts;
    // Most blocks (and many functions) have nothing to rewrite: they are
    // not rebuilt.
    if !facts.compute(mf) {
        mf.props = (mf.props & !prop::IS_SSA) | prop::TIED_REWRITTEN;
        return 0;
    }
    let mut fix: Vec<(usize, Operand, Operand)> = Vec::new();
    let mut n = 0;
    mf.rewrite(&mut s.layout, |mf, b, old, out| {
        let first = facts.first_fix[n];
        n += 1;
        if first == NONE {
            out.extend_from_slice(old);
            return;
        }
        // The instructions before the first one to rewrite stay as they are.
        let first = first as usize;
        out.extend_from_slice(&old[..first]);
        for (p, &i) in old.iter().enumerate().skip(first) {
            fix.clear();
            let ops = mf.operands(i);
            for (k, &u) in ops.iter().enumerate() {
                let Some(d) = u.tied_to().filter(|_| u.is_use()) else {
                    continue;
                };
                let Some(&def) = ops.get(d) else { continue };
                if def.reg() != u.reg() || def.subreg() != u.subreg() {
                    fix.push((k, def, u));
                }
            }
            let single = fix.len() == 1;
            if let (true, Some(op)) = (single, mf.opc(i).as_target()) {
                let (k, def, u) = fix[0];
                let src = u.reg().as_virt().filter(|_| u.subreg().is_none());
                let live = src.and_then(|v| facts.live_after(v, b, p));
                let commutable = t.inst_flags(op) & iflag::COMMUTABLE != 0;
                if let (Some(b_src), Some(d), Some(false), true) = (
                    src,
                    def.reg().as_virt(),
                    live,
                    commutable && def.subreg().is_none(),
                ) {
                    // (0) Both sources die: commute when the other one is
                    // the def's value carried back through copies.
                    if let Some((j, w)) = other_source(mf, i, k) {
                        if w != b_src
                            && facts.live_after(w, b, p) == Some(false)
                            && facts.copy_chain(w, d)
                            && !facts.copy_chain(b_src, d)
                        {
                            fix[0].2 = commute(mf, i, k, j);
                            commuted += 1;
                        }
                    }
                }
                if src.is_some() && live != Some(false) && def.subreg().is_none() {
                    // (1) Commute when the other source dies here.
                    if commutable {
                        if let Some((j, w)) = other_source(mf, i, k) {
                            if Some(w) != src && facts.live_after(w, b, p) == Some(false) {
                                fix[0].2 = commute(mf, i, k, j);
                            }
                        }
                    }
                    // (2) The three-address form needs no copy.
                    if fix[0].2.reg() == u.reg() {
                        if let Some(n) = t.convert_to_three_address(mf, i) {
                            out.push(n);
                            continue;
                        }
                    }
                }
            }
            for &(k, def, u) in &fix {
                let mut dst = Operand::reg_def(def.reg());
                dst.set_subreg(def.subreg());
                let mut src = u;
                src.set(flag::TIED, false);
                let c = mf.create(MOpc::COPY, &[dst, src]);
                out.push(c);
                let o = &mut mf.operands_mut(i)[k];
                o.set_reg(def.reg());
                o.set_subreg(def.subreg());
                o.set(flag::KILL | flag::UNDEF, false);
                for o in mf.operands_mut(i).iter_mut() {
                    let same = o.is_reg()
                        && o.is_use()
                        && !o.has(flag::IMPLICIT)
                        && o.reg() == u.reg()
                        && o.subreg() == u.subreg();
                    if same && single {
                        o.set_reg(def.reg());
                        o.set_subreg(def.subreg());
                        o.set(flag::KILL | flag::UNDEF, false);
                    }
                }
            }
            out.push(i);
        }
    });
    mf.props = (mf.props & !prop::IS_SSA) | prop::TIED_REWRITTEN;
    commuted
}

/// Swaps the registers of source operands `k` and `j` of `i` (a
/// commutable instruction), clearing their kill flags, and returns the
/// new operand `k`.
fn commute(mf: &mut MachFunction, i: MInst, k: usize, j: usize) -> Operand {
    let ops = mf.operands_mut(i);
    let (a, c) = (ops[k].reg(), ops[j].reg());
    ops[k].set_reg(c);
    ops[j].set_reg(a);
    ops[k].set(flag::KILL, false);
    ops[j].set(flag::KILL, false);
    ops[k]
}
