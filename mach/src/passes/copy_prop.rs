//! Post-allocation machine copy propagation (LLVM's `machine-cp`,
//! MachineCopyPropagation, forward half): one walk over each block that
//! tracks which physical registers currently hold a copy of another.
//!
//! Per block, in order, it
//! - forwards copy sources into uses: after `$rcx = COPY $rax`, an explicit
//!   use of `$rcx` (or of a sub-register, e.g. `$ecx` -> `$eax`) becomes a
//!   use of `$rax` while neither register has been written since;
//! - erases redundant copies: `$rcx = COPY $rax` again, or the reverse
//!   `$rax = COPY $rcx`, while the first copy still holds; and no-op copies
//!   `$rax = COPY $rax`;
//! - erases dead copies: a copy whose destination is not read before it is
//!   overwritten by a def of the same or a wider register containing it,
//!   before it is clobbered by a call's register mask, or before the end of
//!   a block with no successors.
//!
//! Registers are tracked by register unit ([`crate::units::RegUnits`]), so
//! a write of any overlapping register ends a copy. Reads and writes are
//! the instruction's register operands plus the target's implicit
//! registers of the opcode; a register mask clobbers every register the
//! call does not preserve. Reserved registers (the target's and the
//! function's) are never tracked, forwarded or erased.
//!
//! A use is only rewritten where the new register is one an allocator
//! could have put there (LLVM's "renamable" operands): an explicit operand
//! of a target instruction whose slot class allocates the new register,
//! with no implicit operand or early-clobber def overlapping it and every
//! other explicit register operand itself allocatable in its slot; or the
//! source of a `COPY` the target can still emit as one instruction
//! ([`TargetInfo::can_copy_phys`]). Tied, `undef` and sub-register operands
//! are left alone.
//!
//! Invariants: runs on allocated functions (`NO_VREGS`); only uses change
//! and only copies are removed, so every read still sees the value it saw
//! before; `used_phys` shrinks to the registers still written. Cost: one
//! linear walk, dense per-unit arrays reused across functions.

use crate::func::{prop, MInst, MachFunction};
use crate::operand::{flag, OpKind};
use crate::reg::{PReg, Reg};
use crate::target::{MOpc, TargetInfo};
use crate::units::RegUnits;

/// What the pass did to one function (`-stats`).
#[derive(Copy, Clone, Default, Debug)]
pub struct CopyPropStats {
    /// Uses rewritten to read a copy's source.
    pub forwarded: u32,
    /// Copies erased because an equal copy still held.
    pub redundant: u32,
    /// Copies erased because their destination was never read.
    pub dead: u32,
    /// Copies of a register to itself erased.
    pub nop: u32,
}

/// A copy seen in the current block.
#[derive(Copy, Clone)]
struct CopyRec {
    inst: MInst,
    dst: PReg,
    src: PReg,
    /// The instruction stamp of the copy.
    stamp: u32,
    used: bool,
    erased: bool,
}

/// Per-worker state, reused from function to function.
#[derive(Default)]
pub struct CopyProp {
    units: RegUnits,
    /// Per class, a bit set over registers: the allocation order.
    alloc_sets: Vec<u64>,
    words: usize,
    built_for: usize,
    /// Per register-mask id, the units it clobbers.
    mask_units: Vec<(u32, Vec<u16>)>,
    /// Per unit: the stamp of the instruction that last wrote it (0: not
    /// in this function yet).
    last_def: Vec<u32>,
    /// Per unit: the index in `copies` of the copy that last wrote it
    /// (meaningful when that copy's stamp equals `last_def`).
    copy_at: Vec<u32>,
    copies: Vec<CopyRec>,
    /// Indices in `copies` of copies not known used (pruned at calls).
    maybe_dead: Vec<u32>,
    erased: Vec<MInst>,
    regs: Vec<(PReg, bool)>,
    scratch: Vec<MInst>,
    /// Per register: reserved (by the target or the function).
    reserved: Vec<bool>,
    target_reserved: Vec<bool>,
    /// The register class of each explicit operand of the instruction
    /// being rewritten.
    classes: Vec<Option<crate::reg::RegClassId>>,
}

impl CopyProp {
    fn prepare(&mut self, t: &dyn TargetInfo, mf: &MachFunction) {
        self.units.build(t);
        let n = t.num_regs();
        if self.target_reserved.len() != n {
            self.target_reserved.clear();
            self.target_reserved
                .extend((0..n).map(|r| r == 0 || t.is_reserved(rcc_mc::Reg(r as u16))));
        }
        self.reserved.clear();
        self.reserved.extend_from_slice(&self.target_reserved);
        for &x in &mf.reserved {
            for &a in t.aliases(x) {
                if let Some(r) = self.reserved.get_mut(a as usize) {
                    *r = true;
                }
            }
            if let Some(r) = self.reserved.get_mut(x.0 as usize) {
                *r = true;
            }
        }
        if self.built_for != n || n == 0 {
            self.words = n.div_ceil(64);
            self.alloc_sets.clear();
            self.alloc_sets.resize(t.num_classes() * self.words, 0);
            for c in 0..t.num_classes() {
                for &r in t.allocation_order(crate::reg::RegClassId(c as u8)) {
                    let r = r.0 as usize;
                    if r < n {
                        self.alloc_sets[c * self.words + r / 64] |= 1 << (r % 64);
                    }
                }
            }
            self.mask_units.clear();
            self.built_for = n;
        }
        let nu = self.units.num_units();
        self.last_def.clear();
        self.last_def.resize(nu, 0);
        self.copy_at.clear();
        self.copy_at.resize(nu, u32::MAX);
        self.erased.clear();
    }

    /// Whether `r` is reserved (never tracked, forwarded or erased).
    #[inline]
    fn reserved(&self, r: PReg) -> bool {
        self.reserved.get(r.0 as usize).copied().unwrap_or(true)
    }

    /// Whether class `c` allocates `r`.
    fn allocatable(&self, c: crate::reg::RegClassId, r: PReg) -> bool {
        let (c, r) = (c.0 as usize, r.0 as usize);
        self.alloc_sets
            .get(c * self.words + r / 64)
            .is_some_and(|w| w >> (r % 64) & 1 != 0)
    }

    /// The units register mask `mask` clobbers (cached per mask).
    fn mask_clobbers(&mut self, t: &dyn TargetInfo, mask: u32) -> usize {
        if let Some(k) = self.mask_units.iter().position(|m| m.0 == mask) {
            return k;
        }
        let mut us = Vec::new();
        for r in 1..t.num_regs() {
            let p = rcc_mc::Reg(r as u16);
            if !t.preserves(mask, p) {
                us.extend_from_slice(self.units.units(p));
            }
        }
        us.sort_unstable();
        us.dedup();
        self.mask_units.push((mask, us));
        self.mask_units.len() - 1
    }

    /// The copy whose destination currently holds `r` (the whole
    /// destination intact, its source not written since), with the part of
    /// the source that corresponds to `r`.
    fn avail(&self, t: &dyn TargetInfo, r: PReg) -> Option<(usize, PReg)> {
        let &u0 = self.units.units(r).first()?;
        let c = *self.copy_at.get(u0 as usize)? as usize;
        let rec = self.copies.get(c)?;
        if rec.erased || self.last_def[u0 as usize] != rec.stamp {
            return None;
        }
        if self
            .units
            .units(rec.dst)
            .iter()
            .any(|&u| self.last_def[u as usize] != rec.stamp)
            || self
                .units
                .units(rec.src)
                .iter()
                .any(|&u| self.last_def[u as usize] >= rec.stamp)
        {
            return None;
        }
        if r == rec.dst {
            return Some((c, rec.src));
        }
        (0..15u8)
            .find(|&idx| t.sub_reg(rec.dst, idx) == Some(r))
            .and_then(|idx| t.sub_reg(rec.src, idx))
            .map(|s| (c, s))
    }

    /// Marks the copy (if any) currently defining a unit of `r` as read.
    fn read(&mut self, r: PReg) {
        for &u in self.units.units(r) {
            let c = self.copy_at[u as usize] as usize;
            if let Some(rec) = self.copies.get_mut(c) {
                if rec.stamp == self.last_def[u as usize] {
                    rec.used = true;
                }
            }
        }
    }

    fn erase(&mut self, c: usize, stats: &mut CopyPropStats) {
        let rec = &mut self.copies[c];
        if !rec.erased {
            rec.erased = true;
            self.erased.push(rec.inst);
            stats.dead += 1;
        }
    }

    /// A write of `r` at `now`: an unread copy whose destination `r`
    /// covers is dead; then every unit of `r` is written.
    fn write(&mut self, t: &dyn TargetInfo, r: PReg, now: u32, stats: &mut CopyPropStats) {
        for k in 0..self.units.units(r).len() {
            let u = self.units.units(r)[k] as usize;
            let c = self.copy_at[u] as usize;
            if let Some(rec) = self.copies.get(c) {
                if rec.stamp == self.last_def[u]
                    && !rec.used
                    && !rec.erased
                    && covers(t, r, rec.dst)
                {
                    self.erase(c, stats);
                }
            }
        }
        for &u in self.units.units(r) {
            self.last_def[u as usize] = now;
        }
    }
}

/// Whether a write of `r` overwrites all of `d`.
fn covers(t: &dyn TargetInfo, r: PReg, d: PReg) -> bool {
    r == d || (t.reg_bits(r) >= t.reg_bits(d) && t.aliases(r).contains(&d.0))
}

/// The physical register an operand names (its sub-register applied).
fn phys_of(t: &dyn TargetInfo, o: crate::operand::Operand) -> Option<PReg> {
    let p = o.reg().as_phys()?;
    match o.subreg() {
        Some(s) => t.sub_reg(p, s),
        None => Some(p),
    }
}

/// Runs copy propagation on an allocated function.
pub fn propagate_copies(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut CopyProp,
) -> CopyPropStats {
    let mut stats = CopyPropStats::default();
    if !mf.has_prop(prop::NO_VREGS) {
        return stats;
    }
    s.prepare(t, mf);
    let mut now: u32 = 1;
    for bi in 0..mf.order.len() {
        let b = mf.order[bi];
        s.copies.clear();
        s.maybe_dead.clear();
        let d = mf.blocks[b];
        for pos in d.start..d.end {
            let i = mf.layout[pos as usize];
            now += 1;
            step(mf, t, s, i, now, &mut stats);
        }
        if mf.succs(b).is_empty() {
            for c in 0..s.copies.len() {
                if !s.copies[c].used {
                    s.erase(c, &mut stats);
                }
            }
        }
    }
    if !s.erased.is_empty() {
        s.erased.sort_unstable();
        let erased = std::mem::take(&mut s.erased);
        let mut scratch = std::mem::take(&mut s.scratch);
        mf.rewrite(&mut scratch, |_, _, old, out| {
            out.extend(old.iter().filter(|i| erased.binary_search(i).is_err()));
        });
        s.scratch = scratch;
        s.erased = erased;
        // Registers no longer written need no saving.
        let mut written = vec![false; t.num_regs()];
        for &i in &mf.layout {
            for o in mf.operands(i) {
                if let Some(p) = o.reg().as_phys().filter(|_| o.is_def()) {
                    if let Some(w) = written.get_mut(p.0 as usize) {
                        *w = true;
                    }
                }
            }
        }
        mf.used_phys
            .retain(|p| written.get(p.0 as usize).copied().unwrap_or(true));
    }
    stats
}

/// A plain whole-register copy between physical registers: (dst, src).
fn plain_copy(mf: &MachFunction, i: MInst) -> Option<(PReg, PReg)> {
    let ops = mf.operands(i);
    if ops.len() != 2 {
        return None;
    }
    let (d, u) = (ops[0], ops[1]);
    if !d.is_def() || !u.is_use() || d.subreg().is_some() || u.subreg().is_some() {
        return None;
    }
    if u.has(flag::UNDEF) {
        return None;
    }
    Some((d.reg().as_phys()?, u.reg().as_phys()?))
}

fn step(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut CopyProp,
    i: MInst,
    now: u32,
    stats: &mut CopyPropStats,
) {
    let opc = mf.opc(i);
    let mut track: Option<(PReg, PReg)> = None;
    if opc == MOpc::COPY {
        if let Some((d, src)) = plain_copy(mf, i) {
            if d == src {
                s.erased.push(i);
                stats.nop += 1;
                return;
            }
            let trackable = !s.reserved(d) && !s.reserved(src) && !s.units.overlap(d, src);
            if trackable {
                let same = |x: Option<(usize, PReg)>, want: PReg, of: PReg| {
                    x.is_some_and(|(c, sr)| sr == want && s.copies[c].dst == of)
                };
                if same(s.avail(t, d), src, d) || same(s.avail(t, src), d, src) {
                    s.erased.push(i);
                    stats.redundant += 1;
                    return;
                }
                forward_copy_source(mf, t, s, i, d, stats);
                let src = mf.operands(i)[1].reg().as_phys().unwrap_or(src);
                if src == d {
                    s.erased.push(i);
                    stats.nop += 1;
                    return;
                }
                track = Some((d, src));
            }
        }
    } else if opc.as_target().is_some() {
        forward_uses(mf, t, s, i, stats);
    }
    // Reads.
    let n = mf.operands(i).len();
    let mut mask = None;
    for k in 0..n {
        let o = mf.operands(i)[k];
        if o.kind() == OpKind::RegMask {
            mask = Some(o.payload());
        }
        if o.is_use() && !o.has(flag::UNDEF) {
            if let Some(p) = phys_of(t, o) {
                s.read(p);
            }
        }
    }
    if let Some(op) = opc.as_target() {
        for &p in t.implicit_uses(op) {
            s.read(p);
        }
    }
    // A call's mask: unread copies into clobbered registers are dead.
    if let Some(m) = mask {
        let mut k = 0;
        while k < s.maybe_dead.len() {
            let c = s.maybe_dead[k] as usize;
            let rec = s.copies[c];
            let live = !rec.used
                && !rec.erased
                && s.units
                    .units(rec.dst)
                    .iter()
                    .any(|&u| s.last_def[u as usize] == rec.stamp);
            if !live {
                s.maybe_dead.swap_remove(k);
                continue;
            }
            if !t.preserves(m, rec.dst) {
                s.erase(c, stats);
                s.maybe_dead.swap_remove(k);
                continue;
            }
            k += 1;
        }
        let mk = s.mask_clobbers(t, m);
        for &u in &s.mask_units[mk].1 {
            s.last_def[u as usize] = now;
        }
    }
    // Writes.
    s.regs.clear();
    for k in 0..n {
        let o = mf.operands(i)[k];
        if o.is_def() {
            if let Some(p) = phys_of(t, o) {
                s.regs.push((p, true));
            }
        }
    }
    if let Some(op) = opc.as_target() {
        for &p in t.implicit_defs(op) {
            s.regs.push((p, true));
        }
    }
    for k in 0..s.regs.len() {
        let p = s.regs[k].0;
        s.write(t, p, now, stats);
    }
    if let Some((d, src)) = track {
        let c = s.copies.len() as u32;
        s.copies.push(CopyRec {
            inst: i,
            dst: d,
            src,
            stamp: now,
            used: false,
            erased: false,
        });
        for &u in s.units.units(d) {
            s.copy_at[u as usize] = c;
        }
        s.maybe_dead.push(c);
    }
}

/// Forwards into the source of `COPY i` (destination `d`).
fn forward_copy_source(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut CopyProp,
    i: MInst,
    d: PReg,
    stats: &mut CopyPropStats,
) {
    let o = mf.operands(i)[1];
    let Some(r) = o.reg().as_phys() else { return };
    let Some((_, new)) = s.avail(t, r) else {
        return;
    };
    if s.reserved(new) || t.reg_bits(new) != t.reg_bits(r) {
        return;
    }
    // A copy that would partly overwrite the register it now reads.
    if new != d && s.units.overlap(new, d) {
        return;
    }
    if new != d && !t.can_copy_phys(d, new) {
        return;
    }
    // The new source must be a register some class allocates together
    // with the old one (not, e.g., a high-byte register).
    let ok = (0..t.num_classes()).any(|c| {
        let c = crate::reg::RegClassId(c as u8);
        s.allocatable(c, new) && s.allocatable(c, r)
    });
    if !ok {
        return;
    }
    let op = &mut mf.operands_mut(i)[1];
    op.set_reg(Reg::phys(new));
    op.set(flag::KILL, false);
    stats.forwarded += 1;
}

/// Forwards copy sources into the explicit uses of target instruction `i`.
fn forward_uses(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    s: &mut CopyProp,
    i: MInst,
    stats: &mut CopyPropStats,
) {
    let opc = mf.opc(i);
    let n = mf.operands(i).len();
    let mut explicit = usize::MAX;
    let mut checked = false;
    for k in 0..n {
        let o = mf.operands(i)[k];
        if !o.is_use()
            || o.has(flag::IMPLICIT)
            || o.has(flag::UNDEF)
            || o.tied_to().is_some()
            || o.subreg().is_some()
        {
            continue;
        }
        let Some(r) = o.reg().as_phys() else { continue };
        if s.reserved(r) {
            continue;
        }
        let Some((_, new)) = s.avail(t, r) else {
            continue;
        };
        if s.reserved(new) {
            continue;
        }
        if explicit == usize::MAX {
            // The class of every explicit operand, once per instruction.
            s.classes.clear();
            let classes = &mut s.classes;
            crate::constraint::for_each_explicit(t, opc, |c| {
                classes.push(match c {
                    crate::constraint::OpConstraint::Def(c)
                    | crate::constraint::OpConstraint::Use(c)
                    | crate::constraint::OpConstraint::TiedUse(c, _) => Some(c),
                    crate::constraint::OpConstraint::Mem(crate::target::MemPart::Base) => {
                        t.mem_base_class()
                    }
                    crate::constraint::OpConstraint::Mem(crate::target::MemPart::Index) => {
                        t.mem_index_class()
                    }
                    _ => None,
                })
            });
            explicit = s.classes.len().min(n);
        }
        if k >= explicit {
            continue;
        }
        let Some(c) = s.classes[k] else {
            continue;
        };
        if !s.allocatable(c, new) || t.reg_bits(new) != t.reg_bits(r) {
            continue;
        }
        // Every explicit register of the instruction must be one an
        // allocator chose (no fixed register the new one could clash
        // with in the encoding).
        if !checked {
            let all = (0..explicit).all(|j| {
                let oj = mf.operands(i)[j];
                match oj.reg().as_phys() {
                    None => true,
                    Some(p) => s.reserved(p) || s.classes[j].is_some_and(|cj| s.allocatable(cj, p)),
                }
            });
            if !all {
                return;
            }
            checked = true;
        }
        let clash = mf.operands(i).iter().enumerate().any(|(j, oj)| {
            j != k
                && oj.is_reg()
                && (oj.has(flag::IMPLICIT) || (oj.is_def() && oj.has(flag::EARLY_CLOBBER)))
                && phys_of(t, *oj).is_some_and(|p| s.units.overlap(p, new))
        }) || opc.as_target().is_some_and(|op| {
            t.implicit_uses(op)
                .iter()
                .chain(t.implicit_defs(op))
                .any(|&p| s.units.overlap(p, new))
        });
        if clash {
            continue;
        }
        let op = &mut mf.operands_mut(i)[k];
        op.set_reg(Reg::phys(new));
        op.set(flag::KILL, false);
        stats.forwarded += 1;
    }
}
