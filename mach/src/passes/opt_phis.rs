//! `opt-phis` (LLVM's OptimizePHIs): removes PHIs that are redundant in
//! SSA form, before `dead-mi-elimination`.
//!
//! - **Single-value PHIs**: a PHI whose inputs are all one virtual register
//!   `%v`, itself, or PHIs of a cycle with the same property (at most 16
//!   PHIs, as LLVM) is `%v`: its uses read `%v` and it is erased. An input
//!   defined by a whole-register `COPY` of a virtual register counts as the
//!   copy's source (one level, as LLVM). `%v` must have the PHI's register
//!   class (rcc does not narrow classes), and no input may name a
//!   sub-register or a physical register.
//! - **Dead PHIs**: a PHI whose value reaches no instruction but PHIs that
//!   are themselves dead (a dead cycle) is erased. Computed as the
//!   complement of liveness: a PHI is live when its register has a non-PHI
//!   reader, and a live PHI makes the PHIs defining its inputs live.
//!
//! Invariants: the function is in SSA form (the pass does nothing
//! otherwise); the value a use reads is unchanged, since a single-value
//! PHI's register `%v` reaches its block on every edge, so `%v`'s def
//! dominates it. Renames are applied in one walk over every operand;
//! copies left unread go to `dead-mi-elimination`.

use crate::func::{prop, MInst, MachFunction};
use crate::operand::{OpKind, Operand};
use crate::reg::{Reg, VReg};
use crate::target::MOpc;
use rcc_ir::entity::EntityId;

/// LLVM's limit on the PHIs of one cycle.
const MAX_CYCLE: usize = 16;

const NONE: u32 = u32::MAX;

/// Reused buffers of the pass.
#[derive(Default)]
pub struct OptPhis {
    /// Per vreg: the defining instruction (`NONE`: none).
    def: Vec<u32>,
    /// Per vreg: read by an instruction other than a PHI.
    non_phi_use: Vec<bool>,
    /// Per vreg: the register its uses read instead (`NONE`: itself).
    rename: Vec<u32>,
    /// Per instruction: erased.
    erased: Vec<bool>,
    /// Per instruction: a live PHI (dead-cycle walk).
    live: Vec<bool>,
    phis: Vec<MInst>,
    cycle: Vec<MInst>,
    work: Vec<MInst>,
    scratch: Vec<MInst>,
}

/// What the pass did.
#[derive(Copy, Clone, Default, Debug)]
pub struct OptPhisStats {
    /// Single-value PHIs replaced by their value.
    pub single_value: usize,
    /// Dead PHIs erased.
    pub dead: usize,
}

/// Runs the pass on `mf`.
pub fn opt_phis(mf: &mut MachFunction, s: &mut OptPhis) -> OptPhisStats {
    let mut st = OptPhisStats::default();
    if !mf.has_prop(prop::IS_SSA) {
        return st;
    }
    s.phis.clear();
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            if mf.opc(i) != MOpc::PHI {
                break;
            }
            s.phis.push(i);
        }
    }
    if s.phis.is_empty() {
        return st;
    }
    let nv = mf.num_vregs();
    s.def.clear();
    s.def.resize(nv, NONE);
    s.non_phi_use.clear();
    s.non_phi_use.resize(nv, false);
    s.rename.clear();
    s.rename.resize(nv, NONE);
    s.erased.clear();
    s.erased.resize(mf.num_insts(), false);
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            let phi = mf.opc(i) == MOpc::PHI;
            for &o in mf.operands(i) {
                let Some(v) = o.reg().as_virt() else { continue };
                if v.index() >= nv {
                    continue;
                }
                if o.is_def() {
                    s.def[v.index()] = i.as_u32();
                } else if !phi {
                    s.non_phi_use[v.index()] = true;
                }
            }
        }
    }
    // Single-value PHIs (and the PHIs of their cycles).
    for k in 0..s.phis.len() {
        let p = s.phis[k];
        if s.erased[p.index()] {
            continue;
        }
        s.cycle.clear();
        let mut single = NONE;
        if !single_value(mf, s, p, &mut single) || single == NONE {
            continue;
        }
        let sv = VReg::from_u32(single);
        for c in 0..s.cycle.len() {
            let q = s.cycle[c];
            let Some(d) = mf.operands(q)[0].reg().as_virt() else {
                continue;
            };
            if mf.class_of(d) != mf.class_of(sv) {
                continue;
            }
            s.rename[d.index()] = single;
            s.erased[q.index()] = true;
            st.single_value += 1;
        }
    }
    // A non-PHI reader of a replaced PHI now reads its value.
    for v in 0..nv {
        if s.rename[v] != NONE && s.non_phi_use[v] {
            let r = resolve(&s.rename, VReg::from_u32(v as u32));
            if let Some(x) = s.non_phi_use.get_mut(r.index()) {
                *x = true;
            }
        }
    }
    // Dead PHIs: liveness from non-PHI readers, through PHI inputs.
    s.live.clear();
    s.live.resize(mf.num_insts(), false);
    s.work.clear();
    for &p in &s.phis {
        if s.erased[p.index()] {
            continue;
        }
        let live = mf.operands(p)[0]
            .reg()
            .as_virt()
            .is_none_or(|d| s.non_phi_use.get(d.index()).copied().unwrap_or(true));
        if live {
            s.live[p.index()] = true;
            s.work.push(p);
        }
    }
    while let Some(p) = s.work.pop() {
        let ops = mf.operands(p);
        for k in (1..ops.len()).step_by(2) {
            let Some(v) = ops[k].reg().as_virt() else {
                continue;
            };
            let v = resolve(&s.rename, v);
            let Some(&d) = s.def.get(v.index()) else {
                continue;
            };
            if d == NONE {
                continue;
            }
            let q = MInst::from_u32(d);
            if mf.opc(q) == MOpc::PHI && !s.live[q.index()] && !s.erased[q.index()] {
                s.live[q.index()] = true;
                s.work.push(q);
            }
        }
    }
    for &p in &s.phis {
        if !s.erased[p.index()] && !s.live[p.index()] {
            s.erased[p.index()] = true;
            st.dead += 1;
        }
    }
    if st.single_value + st.dead == 0 {
        return st;
    }
    // Renames: every operand reading a replaced PHI reads its value.
    if st.single_value > 0 {
        for &b in &mf.order.clone() {
            for k in 0..mf.block_insts(b).len() {
                let i = mf.block_insts(b)[k];
                if s.erased[i.index()] {
                    continue;
                }
                for o in mf.operands_mut(i) {
                    let Some(v) = o.reg().as_virt() else { continue };
                    if o.is_use() && s.rename.get(v.index()).is_some_and(|&r| r != NONE) {
                        let r = resolve(&s.rename, v);
                        o.set_reg(Reg::virt(r));
                        o.set(crate::operand::flag::KILL, false);
                    }
                }
            }
        }
    }
    let erased = &s.erased;
    let mut scratch = std::mem::take(&mut s.scratch);
    mf.rewrite(&mut scratch, |_, _, old, out| {
        out.extend(old.iter().copied().filter(|i| !erased[i.index()]));
    });
    s.scratch = scratch;
    st
}

/// Follows renames to the register a use finally reads.
fn resolve(rename: &[u32], mut v: VReg) -> VReg {
    // Renames point at values that are not renamed PHIs themselves except
    // through earlier cycles; the chain is short and acyclic.
    for _ in 0..rename.len() {
        match rename.get(v.index()) {
            Some(&r) if r != NONE => v = VReg::from_u32(r),
            _ => break,
        }
    }
    v
}

/// LLVM's `IsSingleValuePHICycle`: whether `p`'s inputs are all `*single`
/// (set by the first), `p` itself, or PHIs for which the same holds;
/// collects the PHIs visited in `s.cycle`.
fn single_value(mf: &MachFunction, s: &mut OptPhis, p: MInst, single: &mut u32) -> bool {
    if s.cycle.contains(&p) {
        return true;
    }
    if s.cycle.len() == MAX_CYCLE {
        return false;
    }
    s.cycle.push(p);
    let Some(d) = mf.operands(p)[0].reg().as_virt() else {
        return false;
    };
    let n = mf.operands(p).len();
    for k in (1..n).step_by(2) {
        let o: Operand = mf.operands(p)[k];
        if o.kind() != OpKind::Reg || o.subreg().is_some() {
            return false;
        }
        let Some(v) = o.reg().as_virt() else {
            return false;
        };
        let mut v = resolve(&s.rename, v);
        // One full copy of a virtual register is looked through.
        if let Some(&di) = s.def.get(v.index()).filter(|&&x| x != NONE) {
            let c = MInst::from_u32(di);
            if mf.opc(c) == MOpc::COPY {
                if let &[dst, src] = mf.operands(c) {
                    if dst.subreg().is_none()
                        && src.subreg().is_none()
                        && !src.has(crate::operand::flag::UNDEF)
                    {
                        if let Some(w) = src.reg().as_virt() {
                            v = w;
                        }
                    }
                }
            }
        }
        if v == d {
            continue;
        }
        let def = s.def.get(v.index()).copied().unwrap_or(NONE);
        if def != NONE {
            let q = MInst::from_u32(def);
            if mf.opc(q) == MOpc::PHI && !s.erased[q.index()] {
                if !single_value(mf, s, q, single) {
                    return false;
                }
                continue;
            }
        }
        if *single == NONE {
            *single = v.as_u32();
        } else if *single != v.as_u32() {
            return false;
        }
    }
    true
}
