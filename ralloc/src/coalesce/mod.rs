//! The register coalescer (LLVM's `RegisterCoalescer`): removes copies
//! between virtual registers by giving both sides one register, before
//! allocation, on the live intervals of [`Liveness`].
//!
//! Scheme:
//! 1. **Worklist**: every full `COPY` between two different vregs (no
//!    sub-register index, no `undef` read), ordered by the frequency of its
//!    block (innermost loops first), then layout order, as LLVM's.
//! 2. **Class**: the joined vreg gets the largest common subclass of both
//!    classes with the same spill size ([`common_class`]); no such class,
//!    no join. [`Liveness::compute`] has already narrowed every vreg's
//!    class to what its operands demand, so a subclass of both still
//!    satisfies every operand of either.
//! 3. **Join** ([`join`]): value-aware, so the copy itself and every other
//!    copy between the two that becomes an identity are deleted; the vreg
//!    with fewer occurrences is renamed to the other through the use lists
//!    (union by size: each operand is renamed O(log n) times); the merged
//!    interval replaces the kept one, the other's is emptied; when a
//!    deleted copy was the last read of a value (its def was dead) the
//!    interval is longer than needed: it is cut back to the last read in
//!    the copy's block (or to a dead def), or, when the value is live into
//!    the block and not read there, recomputed from the occurrences once,
//!    at the end (LLVM shrinks it at once; recomputing a long interval
//!    after each of many joins would be quadratic, and an over-long
//!    interval only makes later joins more conservative).
//!    Joins can make other copies joinable, so copies that failed are
//!    retried while a round joins something (at most four rounds).
//! 4. **Rematerialization** (LLVM's `reMaterializeTrivialDef`): when the
//!    join fails and the copied value is defined by an instruction the
//!    target may recompute anywhere (`TargetInfo::is_rematerializable`:
//!    constants, constant-pool loads), the copy is replaced by a copy of
//!    that instruction defining the destination (the destination's value
//!    now starts at it); the source's interval shrinks at the end of the
//!    pass and its def is deleted when nothing reads it any more.
//! 5. Kill flags of joined vregs are dropped (stale where two lifetimes
//!    were merged); the function is materialized.
//!
//! Copies to and from physical registers are not joined (LLVM joins them
//! only in narrow cases); with the copies the coalescer could not join they
//! become allocation hints ([`crate::hints`]), computed by the caller after
//! this pass.
//!
//! Invariants: after [`coalesce`], the intervals of [`Liveness`] describe
//! the materialized function (a joined-away vreg has an empty interval and
//! no occurrences); nothing is joined unless [`join`] proved the merged
//! range consistent. Scratch is kept across functions in
//! [`CoalesceScratch`].

pub mod join;

use crate::liveness::freq::BlockFreqs;
use crate::liveness::intervals::reads;
use crate::liveness::{LiveRange, Liveness, Segment, Slot, SlotIndex};
use join::{JoinScratch, Side};
use rcc_ir::entity::EntityId;
use rcc_mach::{flag, MBlock, MInst, MOpc, MachFunction, Reg, RegClassId, TargetInfo, VReg};

/// What one run did (the `-stats` counters of the pass row).
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct CoalesceStats {
    /// Copies between vregs considered.
    pub copies: u32,
    /// Copies removed by joining (including identities found by a join).
    pub joined: u32,
    /// Copies replaced by a rematerialized def.
    pub remat: u32,
    /// Copies kept because the intervals interfere.
    pub interfering: u32,
    /// Copies kept because no class suits both sides.
    pub class_mismatch: u32,
}

/// Rounds over the copies that failed to join (see [`coalesce`]).
const MAX_ROUNDS: usize = 4;

/// Scratch of [`coalesce`], reused across functions.
#[derive(Default, Debug)]
pub struct CoalesceScratch {
    work: Vec<(u32, u32, MInst)>,
    failed: Vec<(u32, u32, MInst)>,
    join: JoinScratch,
    merged: LiveRange,
    erased: Vec<MInst>,
    /// Defs and blocks of the erased copies.
    erased_at: Vec<(SlotIndex, MBlock)>,
    occ: Vec<(MInst, usize)>,
    /// Occurrence count per vreg (union by size).
    count: Vec<u32>,
    joined: Vec<bool>,
    /// Vregs whose interval is longer than needed (see [`join_pair`]),
    /// recomputed once at the end.
    shrink: Vec<bool>,
    /// Defs copied by rematerialization: deleted at the end if dead.
    remat_defs: Vec<MInst>,
    dead_out: Vec<MInst>,
    /// Join attempts per vreg while its interval is large (see
    /// [`is_high_cost`]).
    large_visits: Vec<u32>,
}

/// An interval with this many values is large (LLVM's
/// `-large-interval-size-threshold`).
const LARGE_INTERVAL_VALUES: usize = 100;
/// A large interval takes part in at most this many more join attempts
/// (LLVM's `-large-interval-freq-threshold`, which is 256 there: 1024
/// changes no join of the corpus, while 256 gave up joins in
/// sqlite3VdbeExec, +6.7 KB of sqlite3 `.text`).
const LARGE_INTERVAL_VISITS: u32 = 1024;

/// LLVM's `isHighCostLiveInterval`: whether `v`'s interval is large and
/// has been offered for joining too often already (counting this offer).
/// Each join copies both intervals, so joining a long chain of copies one
/// by one into one growing interval would be quadratic; this bounds it.
fn is_high_cost(st: &Liveness, sc: &mut CoalesceScratch, v: VReg) -> bool {
    if st.lis.vreg(v).valnos().len() < LARGE_INTERVAL_VALUES {
        return false;
    }
    let n = &mut sc.large_visits[v.index()];
    if *n < LARGE_INTERVAL_VISITS {
        *n += 1;
        return false;
    }
    true
}

/// The largest class that is a subclass of both `a` and `b` and spills
/// like them (same spill size: `FR32` and `VR128` share their members but
/// not their width); `None` if there is none.
pub fn common_class(t: &dyn TargetInfo, a: RegClassId, b: RegClassId) -> Option<RegClassId> {
    let size = t.class_spill_size(a);
    if t.class_spill_size(b) != size {
        return None;
    }
    if t.is_subclass(a, b) {
        return Some(a);
    }
    if t.is_subclass(b, a) {
        return Some(b);
    }
    (0..t.num_classes())
        .map(|c| RegClassId(c as u8))
        .filter(|&c| {
            t.class_spill_size(c) == size
                && !t.class_members(c).is_empty()
                && t.is_subclass(c, a)
                && t.is_subclass(c, b)
        })
        .max_by_key(|&c| (t.class_members(c).len(), std::cmp::Reverse(c.0)))
}

/// `(dst, src)` of a full copy between two different vregs.
fn vreg_copy(mf: &MachFunction, i: MInst) -> Option<(VReg, VReg)> {
    if mf.opc(i) != MOpc::COPY {
        return None;
    }
    let [d, s] = mf.operands(i) else { return None };
    if !d.is_reg() || !s.is_reg() || d.subreg().is_some() || s.subreg().is_some() {
        return None;
    }
    if s.has(flag::UNDEF) {
        return None;
    }
    let (dv, sv) = (d.reg().as_virt()?, s.reg().as_virt()?);
    (dv != sv).then_some((dv, sv))
}

/// Coalesces the copies of `mf` (see the module comment). `st` must hold
/// the liveness of `mf` (after two-address).
pub fn coalesce(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    st: &mut Liveness,
    freqs: &BlockFreqs,
    sc: &mut CoalesceScratch,
) -> CoalesceStats {
    let mut stats = CoalesceStats::default();
    sc.work.clear();
    let mut seq = 0u32;
    for &b in &mf.order {
        // Higher frequency first: sort keys are descending frequency bits
        // (non-negative floats order like their bit patterns).
        let f = freqs.freq(b).max(0.0).to_bits();
        for &i in mf.block_insts(b) {
            if vreg_copy(mf, i).is_some() {
                sc.work.push((u32::MAX - f, seq, i));
                seq += 1;
            }
        }
    }
    sc.work.sort_unstable();
    stats.copies = sc.work.len() as u32;
    let nv = mf.num_vregs();
    sc.count.clear();
    sc.count.resize(nv, 0);
    for (v, c) in sc.count.iter_mut().enumerate() {
        *c = st.uses.iter(VReg::from_u32(v as u32)).count() as u32;
    }
    sc.joined.clear();
    sc.joined.resize(nv, false);
    sc.shrink.clear();
    sc.shrink.resize(nv, false);
    sc.large_visits.clear();
    sc.large_visits.resize(nv, 0);
    sc.remat_defs.clear();
    // Joining can make other copies joinable (a value is then a copy of
    // the same value on both sides): failed copies are retried while a
    // round joins something, at most `MAX_ROUNDS` rounds (LLVM retries
    // while progress is made; the cap keeps the pass linear). Copies still
    // failing are rematerialized where possible.
    let mut work = std::mem::take(&mut sc.work);
    let mut failed = std::mem::take(&mut sc.failed);
    failed.clear();
    for round in 0..MAX_ROUNDS {
        let before = stats.joined;
        for &(_, _, i) in &work {
            if !st.indexes.is_numbered(i) {
                continue; // deleted as an identity by an earlier join
            }
            let Some((d, s)) = vreg_copy(mf, i) else {
                continue;
            };
            let Some(c) = common_class(t, mf.class_of(d), mf.class_of(s)) else {
                if round == 0 {
                    stats.class_mismatch += 1;
                }
                continue;
            };
            if join_pair(mf, st, sc, d, s, c) {
                stats.joined += sc.erased.len() as u32;
            } else {
                failed.push((0, 0, i));
            }
        }
        std::mem::swap(&mut work, &mut failed);
        failed.clear();
        if stats.joined == before {
            break;
        }
    }
    for &(_, _, i) in &work {
        if !st.indexes.is_numbered(i) {
            continue;
        }
        let Some((d, s)) = vreg_copy(mf, i) else {
            continue;
        };
        let Some(c) = common_class(t, mf.class_of(d), mf.class_of(s)) else {
            continue;
        };
        if remat_copy(mf, t, st, sc, i, d, s, c) {
            stats.remat += 1;
        } else {
            stats.interfering += 1;
        }
    }
    sc.work = work;
    sc.failed = failed;
    // Intervals left longer than needed: recomputed once each (an
    // over-long interval only makes later joins more conservative); then
    // the rematerialized defs nothing reads any more are deleted.
    for v in 0..nv {
        if sc.shrink[v] && !st.uses.is_empty(VReg::from_u32(v as u32)) {
            st.recompute(mf, VReg::from_u32(v as u32));
        }
    }
    sc.dead_out.clear();
    st.eliminate_dead_defs(mf, t, &mut sc.remat_defs, &mut sc.dead_out);
    // Kill flags of joined vregs may be stale.
    for v in 0..nv {
        if !sc.joined[v] {
            continue;
        }
        sc.occ.clear();
        sc.occ.extend(st.uses.iter(VReg::from_u32(v as u32)));
        for &(inst, pos) in &sc.occ {
            let k = pos - mf.operand_range(inst).start;
            mf.operands_mut(inst)[k].set(flag::KILL, false);
        }
    }
    st.materialize(mf);
    stats
}

/// Joins `d` and `s` into one vreg of class `c` if their intervals allow
/// it; `sc.erased` receives the deleted copies.
fn join_pair(
    mf: &mut MachFunction,
    st: &mut Liveness,
    sc: &mut CoalesceScratch,
    d: VReg,
    s: VReg,
    c: RegClassId,
) -> bool {
    sc.erased.clear();
    if is_high_cost(st, sc, d) || is_high_cost(st, sc, s) {
        return false;
    }
    // Keep the vreg with more occurrences; rename the other.
    let (keep, gone) = if sc.count[s.index()] > sc.count[d.index()] {
        (s, d)
    } else {
        (d, s)
    };
    let regs = [Reg::virt(keep), Reg::virt(gone)];
    let indexes = &st.indexes;
    let mfr = &*mf;
    let is_copy = |side: Side, def: SlotIndex| {
        if def.slot() != Slot::Register {
            return false;
        }
        let Some(i) = indexes.inst_at(def) else {
            return false;
        };
        let (me, other) = match side {
            Side::A => (regs[0], regs[1]),
            Side::B => (regs[1], regs[0]),
        };
        vreg_copy(mfr, i).is_some_and(|(x, y)| Reg::virt(x) == me && Reg::virt(y) == other)
    };
    let (a, b) = (st.lis.vreg(keep), st.lis.vreg(gone));
    if join::join(a, b, is_copy, &mut sc.join, &mut sc.merged).is_err() {
        return false;
    }
    sc.erased_at.clear();
    for &def in &sc.join.erased {
        if let Some(i) = st.indexes.inst_at(def) {
            sc.erased.push(i);
            if let Some(b) = st.indexes.inst_block(i) {
                sc.erased_at.push((def, b));
            }
        }
    }
    for &i in &sc.erased {
        st.delete_deferred(mf, i);
    }
    sc.occ.clear();
    sc.occ.extend(st.uses.iter(gone));
    for &(inst, pos) in &sc.occ {
        let k = pos - mf.operand_range(inst).start;
        st.set_operand_reg(mf, inst, k, Reg::virt(keep));
    }
    mf.vreg_class[keep] = c;
    std::mem::swap(st.lis.vreg_mut(keep), &mut sc.merged);
    st.lis.vreg_mut(gone).clear();
    // A deleted copy that was its value's last read leaves the value live
    // to the copy's dead slot: trim it back to the last read in the block
    // (or to a dead def); when that cannot be decided locally (the value
    // is live into the block and not read there), the interval is
    // recomputed at the end.
    let mut shrink = sc.shrink[gone.index()];
    if sc.join.needs_shrink {
        for k in 0..sc.erased_at.len() {
            let (def, b) = sc.erased_at[k];
            shrink |= !trim_after_deleted_copy(mf, st, keep, def, b);
        }
    }
    sc.shrink[keep.index()] |= shrink;
    let erased_ops = 2 * sc.erased.len() as u32;
    sc.count[keep.index()] =
        (sc.count[keep.index()] + sc.count[gone.index()]).saturating_sub(erased_ops);
    sc.count[gone.index()] = 0;
    sc.joined[keep.index()] = true;
    true
}

/// After the copy defining at `def` in block `b` was deleted: if `v`'s
/// segment there ends at the copy's dead slot (the copy was the value's
/// last read and its own def was dead), cuts it back to the last read of
/// `v` in the block, or to a dead def when the value is defined in the
/// block and not read. Returns false when the value is live into the
/// block and not read in it (the caller recomputes the interval). Cost:
/// the instructions between that read and the copy.
fn trim_after_deleted_copy(
    mf: &MachFunction,
    st: &mut Liveness,
    v: VReg,
    def: SlotIndex,
    b: MBlock,
) -> bool {
    let lr = st.lis.vreg(v);
    let Some(g) = lr.segment_at(def).copied() else {
        return true;
    };
    if g.end != def.dead() {
        return true; // still live after the copy
    }
    let list = st.indexes.block_list(b);
    let k = list.partition_point(|&(e, _)| e < def.entry());
    let mut end = None;
    for &(e, i) in list[..k].iter().rev() {
        if e <= g.start.entry() {
            break;
        }
        if !st.indexes.is_numbered(i) {
            continue; // deleted, entry not yet dropped
        }
        let read = mf
            .operands(i)
            .iter()
            .any(|&o| o.is_reg() && o.reg() == Reg::virt(v) && reads(o));
        if read {
            end = Some(SlotIndex::new(e, Slot::Register));
            break;
        }
    }
    let is_def = lr.valno(g.valno).def == g.start && !lr.valno(g.valno).is_phi;
    let end = match end {
        Some(e) => e,
        None if is_def => g.start.dead(),
        None => return false,
    };
    st.lis.vreg_mut(v).remove_segment(end, g.end);
    true
}

/// Replaces copy `i` (`%d = COPY %s`) by a rematerialized def of `d` when
/// the value of `s` it reads is defined by a rematerializable
/// instruction.
#[allow(clippy::too_many_arguments)]
fn remat_copy(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    st: &mut Liveness,
    sc: &mut CoalesceScratch,
    i: MInst,
    d: VReg,
    s: VReg,
    c: RegClassId,
) -> bool {
    let at = st.indexes.index(i).reg();
    let lr = st.lis.vreg(s);
    let Some(w) = lr.value_before(at) else {
        return false;
    };
    let info = *lr.valno(w);
    if info.is_phi || info.def.slot() != Slot::Register {
        return false;
    }
    let Some(def_i) = st.indexes.inst_at(info.def) else {
        return false;
    };
    if !t.is_rematerializable(mf, def_i) {
        return false;
    }
    let defines_s = mf
        .operands(def_i)
        .iter()
        .find(|o| o.is_reg() && o.is_def() && !o.has(flag::IMPLICIT))
        .is_some_and(|o| o.reg() == Reg::virt(s) && o.subreg().is_none());
    if !defines_s {
        return false;
    }
    mf.vreg_class[d] = c;
    let new = rcc_mach::remat::rematerialize(mf, def_i, Reg::virt(d));
    let ni = st.insert_before(mf, i, new).reg();
    // Indexes may have been renumbered by the insertion.
    let ci = st.indexes.index(i).reg();
    st.delete(mf, i);
    // `d`'s value now starts at the new def, just before where the copy
    // was (nothing lies between them).
    let lr = st.lis.vreg_mut(d);
    match lr.segment_at(ci).copied().filter(|g| g.start == ci) {
        Some(g) => {
            lr.remove_segment(g.start, g.end);
            let end = if g.end == ci.dead() { ni.dead() } else { g.end };
            lr.add_segment(Segment {
                start: ni,
                end,
                valno: g.valno,
            });
            lr.set_def(g.valno, ni, false);
        }
        None => st.recompute(mf, d),
    }
    // `s` lost a read: its interval shrinks at the end (once, however many
    // copies of it are rematerialized), and its def goes if it is dead.
    sc.shrink[s.index()] = true;
    sc.count[s.index()] = sc.count[s.index()].saturating_sub(1);
    sc.remat_defs.push(def_i);
    true
}
