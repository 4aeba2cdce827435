//! The register-allocation checker (after regalloc2's): proves that an
//! [`Allocation`] preserves the data flow of the function it was made for.
//!
//! It runs on the function *before* the rewrite, with the allocation
//! beside it, and simulates the allocated program symbolically: the
//! abstract [`state`] says which values each register and stack slot
//! holds. Original instructions read and write what their operands say,
//! through the allocated registers; the allocator's moves copy labels; the
//! states of a block's predecessors meet by intersection, iterated to a
//! fixed point over the CFG. Then every read is checked:
//!
//! - a virtual-register read finds its value in the allocated register;
//! - a physical-register read of the program (`$rdi`, `$cl`, a call's
//!   implicit uses) finds the value the program put there, i.e. the
//!   allocator did not overwrite it meanwhile;
//! - every allocated register is in the virtual register's class, not
//!   reserved, and its part named by the operand's sub-register index is in
//!   the operand's class constraint;
//! - a tied use and its def end up in the same register; two defs of one
//!   instruction do not overlap; an early-clobber def overlaps no read; a
//!   virtual-register def does not overlap a physical def of the same
//!   instruction.
//!
//! A COPY between whole virtual registers labels its destination with the
//! source's values as well, so an allocator may keep both names in one
//! register. Reserved registers are not tracked.
//!
//! For the interval allocators ([`check_with_originals`]), values are the
//! *original* vregs of the [`VirtRegMap`]: a def of a vreg made by
//! splitting or spilling labels its register with its original, and every
//! read must find its original's label. Spill stores and reloads (to and
//! from `FrameKind::Spill` objects, recognised with
//! `TargetInfo::is_store_to_slot` / `is_load_from_slot`) move labels
//! between registers and slots, so a reload from the wrong slot, a store
//! of the wrong register or a split copy in the wrong place is caught; a
//! slot the spiller folded into an instruction (`vrm::Fold`) is read (its
//! original must be there) and/or written by it.
//!
//! An `IMPLICIT_DEF` makes its value *undefined*: every location holds it
//! (`state::State::undef`) until a real def of the same value (not a
//! reload or a split copy), so an allocator need not store or move an
//! undefined value anywhere, as LLVM's spiller and splitter do not.
//!
//! A landing pad (`rcc_mach::eh`) is entered from inside its invoke's
//! call: its predecessor contributes the state right after the last call
//! between two `EH_LABEL`s (what the unwinder restores; the call's
//! clobbers applied), with the pad's live-ins written by the unwinder.

pub mod state;

use crate::apply::{walk, Step};
use crate::fast::reads;
use crate::output::{Allocation, Edit, Loc};
use crate::vrm::VirtRegMap;
use rcc_ir::entity::EntityId;
use rcc_ir::Module;
use rcc_mach::cfg::MCfg;
use rcc_mach::constraint::reg_constraint;
use rcc_mach::printer::print_inst;
use rcc_mach::{flag, iflag, MBlock, MInst, MOpc, MachFunction, OpKind, PReg, TargetInfo};
use state::{phys_label, show, State};

/// One violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    pub block: MBlock,
    /// The original instruction, if the problem is at one (not at a move).
    pub inst: Option<MInst>,
    pub message: String,
}

/// Checks `a` against `mf` (which must be the function the allocation was
/// made for, not yet rewritten).
pub fn check(mf: &MachFunction, t: &dyn TargetInfo, a: &Allocation) -> Result<(), Vec<CheckError>> {
    check_with_originals(mf, t, a, None)
}

/// [`check`] for an interval allocator: with `vrm`, values are original
/// vregs and spill stores/reloads move them (see the module comment).
pub fn check_with_originals(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    a: &Allocation,
    vrm: Option<&VirtRegMap>,
) -> Result<(), Vec<CheckError>> {
    let cfg = MCfg::compute(mf);
    let n = mf.blocks.len();
    let mut entry = State::new(t.num_regs(), mf.frame.objects.len());
    for &p in &mf.live_ins {
        entry.write_phys(t, p);
    }
    let mut ins: Vec<Option<State>> = vec![None; n];
    if let Some(&e) = cfg.rpo.first() {
        ins[e.index()] = Some(entry);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &cfg.rpo {
            let Some(mut s) = ins[b.index()].clone() else {
                continue;
            };
            let unwind = run_block(mf, t, a, vrm, b, &mut s, None);
            for &succ in mf.succs(b) {
                let mut s = match &unwind {
                    Some(u) if mf.eh.is_pad(succ) => u.clone(),
                    _ => s.clone(),
                };
                for &p in mf.block_live_ins(succ) {
                    s.write_phys(t, p);
                }
                match &mut ins[succ.index()] {
                    slot @ None => {
                        *slot = Some(s.clone());
                        changed = true;
                    }
                    Some(x) => changed |= x.meet(&s),
                }
            }
        }
    }
    let mut errors = Vec::new();
    for &b in &cfg.rpo {
        if let Some(mut s) = ins[b.index()].clone() {
            run_block(mf, t, a, vrm, b, &mut s, Some(&mut errors));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// [`check`], with the errors rendered one per line (instructions printed
/// as MIR with their virtual registers).
pub fn check_to_string(
    mf: &MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    a: &Allocation,
) -> Result<(), String> {
    check_to_string_with_originals(mf, m, t, a, None)
}

/// [`check_with_originals`], with the errors rendered as
/// [`check_to_string`] does.
pub fn check_to_string_with_originals(
    mf: &MachFunction,
    m: &Module,
    t: &dyn TargetInfo,
    a: &Allocation,
    vrm: Option<&VirtRegMap>,
) -> Result<(), String> {
    check_with_originals(mf, t, a, vrm).map_err(|errs| {
        let mut s = String::new();
        for e in errs {
            s.push_str(&format!("{}: ", e.block));
            if let Some(i) = e.inst {
                s.push('`');
                print_inst(&mut s, mf, m, t, i);
                s.push_str("`: ");
            }
            s.push_str(&e.message);
            s.push('\n');
        }
        s
    })
}

/// Runs block `b` from state `s`; returns the state after the last call
/// inside an invoke's `EH_LABEL` pair, if any (where unwinding leaves).
fn run_block(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    a: &Allocation,
    vrm: Option<&VirtRegMap>,
    b: MBlock,
    s: &mut State,
    mut errors: Option<&mut Vec<CheckError>>,
) -> Option<State> {
    let mut in_range = false;
    let mut unwind = None;
    walk(mf, b, &a.edits, |step| match step {
        Step::Edit(e) => edit(t, s, e, b, errors.as_deref_mut()),
        Step::Inst(_, i) => {
            inst(mf, t, a, vrm, s, b, i, errors.as_deref_mut());
            let opc = mf.opc(i);
            if let Some(n) = rcc_mach::eh::label_of(mf, i) {
                if mf.eh.is_begin(n) {
                    in_range = true;
                } else if mf.eh.is_end(n) {
                    in_range = false;
                }
            } else if in_range
                && opc
                    .as_target()
                    .is_some_and(|op| t.inst_flags(op) & iflag::CALL != 0)
            {
                unwind = Some(s.clone());
            }
        }
    });
    unwind
}

fn edit(
    t: &dyn TargetInfo,
    s: &mut State,
    e: &Edit,
    b: MBlock,
    errors: Option<&mut Vec<CheckError>>,
) {
    for l in [e.from, e.to] {
        if let Loc::Reg(r) = l {
            if t.is_reserved(r) {
                if let Some(errs) = errors {
                    errs.push(CheckError {
                        block: b,
                        inst: None,
                        message: format!(
                            "move {:?} -> {:?} uses a reserved register",
                            e.from, e.to
                        ),
                    });
                }
                return;
            }
        }
    }
    let labels = s.get(e.from).to_vec();
    s.write(t, e.to, labels);
}

/// The register operand `k` finally names.
fn final_reg(
    t: &dyn TargetInfo,
    a: &Allocation,
    mf: &MachFunction,
    i: MInst,
    k: usize,
) -> Option<PReg> {
    let o = mf.operands(i)[k];
    let r = if o.reg().is_virtual() {
        a.alloc(mf, i, k)
    } else {
        o.reg().as_phys()?
    };
    match o.subreg() {
        Some(idx) => t.sub_reg(r, idx),
        None => Some(r),
    }
}

/// Whether `i` is a COPY between two vregs with the same original (a
/// split copy: it moves a value, possibly an undefined one).
fn is_split_copy(mf: &MachFunction, i: MInst, vrm: Option<&VirtRegMap>) -> bool {
    let ops = mf.operands(i);
    mf.opc(i) == MOpc::COPY
        && ops.len() == 2
        && match (ops[0].reg().as_virt(), ops[1].reg().as_virt(), vrm) {
            (Some(d), Some(u), Some(m)) => m.original(d) == m.original(u),
            (Some(d), Some(u), None) => d == u,
            _ => false,
        }
}

fn overlap(t: &dyn TargetInfo, x: PReg, y: PReg) -> bool {
    t.aliases(x).contains(&y.0)
}

#[allow(clippy::too_many_arguments)]
fn inst(
    mf: &MachFunction,
    t: &dyn TargetInfo,
    a: &Allocation,
    vrm: Option<&VirtRegMap>,
    s: &mut State,
    b: MBlock,
    i: MInst,
    mut errors: Option<&mut Vec<CheckError>>,
) {
    let ops = mf.operands(i);
    let opc = mf.opc(i);
    let mut report = |m: String| {
        if let Some(e) = errors.as_deref_mut() {
            e.push(CheckError {
                block: b,
                inst: Some(i),
                message: m,
            });
        }
    };
    let name = |r: PReg| format!("${}", t.reg_name(r));
    let label = |v: rcc_mach::VReg| vrm.map_or(v, |m| m.original(v)).as_u32();
    let is_spill = |f: rcc_mach::FrameIdx| {
        vrm.is_some()
            && mf
                .frame
                .objects
                .get(f)
                .is_some_and(|o| o.kind == rcc_mach::FrameKind::Spill)
    };
    // The slot a folded instruction really accesses: its frame operand.
    let folded = vrm.and_then(|m| m.fold_of(i)).copied().map(|mut f| {
        if let Some(o) = ops.iter().find(|o| o.kind() == OpKind::Frame) {
            f.slot = rcc_mach::FrameIdx::from_u32(o.payload());
        }
        f
    });
    // Spill stores and reloads the spiller made (a folded instruction,
    // e.g. a copy whose source became a load from the slot, defines its
    // own value instead: the fold record checks the slot).
    let spill_store = t
        .is_store_to_slot(mf, i)
        .filter(|&(f, _)| is_spill(f) && folded.is_none());
    let reload = t
        .is_load_from_slot(mf, i)
        .filter(|&(f, _)| is_spill(f) && folded.is_none());
    if let Some(f) = folded.filter(|f| f.reads) {
        if !s.holds(Loc::Stack(f.slot), f.original.as_u32()) {
            report(format!(
                "folded reload of {} from {:?}, which holds {}",
                f.original,
                f.slot,
                show(t, s.get(Loc::Stack(f.slot)))
            ));
        }
    }
    // Reads and per-operand facts.
    for (k, &o) in ops.iter().enumerate() {
        if !o.is_reg() {
            continue;
        }
        if let Some(v) = o.reg().as_virt() {
            let r = a.alloc(mf, i, k);
            if r.0 == 0 {
                report(format!("operand {k}: {v} has no register"));
                continue;
            }
            let c = mf.class_of(v);
            if !t.class_contains(c, r)
                || t.aliases(r).iter().any(|&x| t.is_reserved(rcc_mc::Reg(x)))
            {
                report(format!(
                    "operand {k}: {} is not an allocatable {}",
                    name(r),
                    t.class_name(c)
                ));
            }
            match final_reg(t, a, mf, i, k) {
                None => report(format!("operand {k}: {} has no such sub-register", name(r))),
                Some(p) => {
                    if let Some(sc) = reg_constraint(t, opc, k) {
                        if !t.class_contains(sc, p) {
                            report(format!(
                                "operand {k}: {} is not in {}",
                                name(p),
                                t.class_name(sc)
                            ));
                        }
                    }
                }
            }
            if reads(o) && !s.holds(Loc::Reg(r), label(v)) {
                report(format!(
                    "operand {k}: {v} ({}) expected in {}, which holds {}",
                    rcc_mach::VReg::from_u32(label(v)),
                    name(r),
                    show(t, s.get(Loc::Reg(r)))
                ));
            }
        } else if let Some(p) = o.reg().as_phys() {
            if o.is_use()
                && !o.has(flag::UNDEF)
                && !t.is_reserved(p)
                && !s.holds(Loc::Reg(p), phys_label(p))
            {
                report(format!(
                    "operand {k}: {} no longer holds the program's value (holds {})",
                    name(p),
                    show(t, s.get(Loc::Reg(p)))
                ));
            }
        }
    }
    // Tied pairs and overlapping writes.
    for (k, &o) in ops.iter().enumerate() {
        if let Some(d) = o.tied_to().filter(|_| o.is_use()) {
            if d < ops.len() && final_reg(t, a, mf, i, k) != final_reg(t, a, mf, i, d) {
                report(format!(
                    "operand {k}: tied use and def {d} are in different registers"
                ));
            }
        }
    }
    let phys_defs: Vec<PReg> = ops
        .iter()
        .filter(|o| o.is_def())
        .filter_map(|o| o.reg().as_phys())
        .chain(
            opc.as_target()
                .map_or(&[][..], |op| t.implicit_defs(op))
                .iter()
                .copied(),
        )
        .filter(|&p| !t.is_reserved(p))
        .collect();
    for (k, &o) in ops.iter().enumerate() {
        if !o.is_def() || !o.reg().is_virtual() {
            continue;
        }
        let Some(r) = final_reg(t, a, mf, i, k) else {
            continue;
        };
        for (j, &p) in ops.iter().enumerate() {
            if j == k || !p.is_reg() {
                continue;
            }
            let Some(q) = final_reg(t, a, mf, i, j) else {
                continue;
            };
            if p.is_def() && p.reg().is_virtual() && j > k && overlap(t, r, q) {
                report(format!(
                    "operands {k} and {j}: two defs in overlapping registers"
                ));
            }
            // The use tied to an early-clobber def is its own register.
            if o.has(flag::EARLY_CLOBBER)
                && p.is_use()
                && p.tied_to() != Some(k)
                && overlap(t, r, q)
            {
                report(format!(
                    "operand {k}: early-clobber def overlaps read operand {j}"
                ));
            }
        }
        if phys_defs.iter().any(|&p| overlap(t, r, p)) {
            report(format!(
                "operand {k}: def overlaps a register the instruction writes itself"
            ));
        }
    }
    // Effects: the register mask, physical defs, then vreg defs.
    for &o in ops {
        if o.kind() == OpKind::RegMask {
            let keep = t.preserved_regs(o.payload());
            for r in 0..t.num_regs() {
                let p = rcc_mc::Reg(r as u16);
                if !keep.contains(&p) {
                    s.regs[r].clear();
                }
            }
        }
    }
    for &p in &phys_defs {
        s.write_phys(t, p);
    }
    if let Some(f) = folded.filter(|f| f.writes) {
        s.write(t, Loc::Stack(f.slot), vec![f.original.as_u32()]);
    }
    if let Some((f, k)) = spill_store {
        if let Some(r) = final_reg(t, a, mf, i, k) {
            let labels = s.get(Loc::Reg(r)).to_vec();
            s.write(t, Loc::Stack(f), labels);
        }
    }
    for (k, &o) in ops.iter().enumerate() {
        let Some(v) = o.reg().as_virt().filter(|_| o.is_def()) else {
            continue;
        };
        let r = a.alloc(mf, i, k);
        if r.0 == 0 {
            continue;
        }
        let mut labels = vec![label(v)];
        let reloaded = reload.filter(|&(_, d)| d == k);
        if opc == MOpc::IMPLICIT_DEF {
            s.set_undef(label(v));
        } else if reloaded.is_none() && !is_split_copy(mf, i, vrm) {
            // A real def (not a move of the same value to a new place).
            s.set_defined(label(v));
        }
        if let Some((f, _)) = reloaded {
            labels = s.get(Loc::Stack(f)).to_vec();
        }
        if opc == MOpc::COPY && k == 0 && o.subreg().is_none() {
            let src = ops[1];
            if src.reg().is_virtual() && src.subreg().is_none() {
                labels.extend_from_slice(s.get(Loc::Reg(a.alloc(mf, i, 1))));
                labels.sort_unstable();
                labels.dedup();
            }
        }
        s.write(t, Loc::Reg(r), labels);
    }
}
