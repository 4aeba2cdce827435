//! The rewrite: applies an [`Allocation`] to its function. Virtual
//! register operands get their physical register (with the operand's
//! sub-register index resolved, e.g. `%5.sub_8bit` in `$ecx` becomes `$cl`,
//! and stale `killed` flags dropped); each edit becomes a target
//! instruction (`store_to_slot`, `load_from_slot`, `copy_phys`) placed at its
//! point; copies whose source and destination coincide are deleted. The
//! function then has `NO_VREGS` and records `used_phys`.
//!
//! [`walk`] is the shared traversal: the layout in block order with the
//! edits interleaved at their points; the checker uses it too, so both see
//! the same sequence.

use crate::output::{AllocError, Allocation, Edit, Loc};
use rcc_mach::{flag, prop, MBlock, MInst, MOpc, MachFunction, TargetInfo};

/// One step of [`walk`].
pub enum Step<'e> {
    /// An original instruction at a layout position.
    Inst(usize, MInst),
    /// An inserted move.
    Edit(&'e Edit),
}

/// Calls `f` for every instruction and edit of block `b` in execution
/// order.
pub fn walk<'e>(mf: &MachFunction, b: MBlock, edits: &'e [Edit], mut f: impl FnMut(Step<'e>)) {
    let start = mf.blocks[b].start as usize;
    let mut cursor = first_edit_at(mf, b, edits);
    for (k, &i) in mf.block_insts(b).iter().enumerate() {
        let pos = start + k;
        while let Some(e) = edits.get(cursor).filter(|e| e.point.0 <= pos as u32 * 2) {
            f(Step::Edit(e));
            cursor += 1;
        }
        f(Step::Inst(pos, i));
        while let Some(e) = edits
            .get(cursor)
            .filter(|e| e.point.0 <= pos as u32 * 2 + 1)
        {
            f(Step::Edit(e));
            cursor += 1;
        }
    }
}

/// Index of the first edit at or after the start of block `b`.
pub fn first_edit_at(mf: &MachFunction, b: MBlock, edits: &[Edit]) -> usize {
    let start = mf.blocks[b].start * 2;
    edits.partition_point(|e| e.point.0 < start)
}

/// Creates the target instruction for an edit.
pub fn materialize(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    e: &Edit,
) -> Result<MInst, AllocError> {
    let made = match (e.from, e.to) {
        (Loc::Reg(r), Loc::Stack(s)) => t.store_to_slot(mf, r.into(), e.class, s),
        (Loc::Stack(s), Loc::Reg(r)) => t.load_from_slot(mf, r.into(), e.class, s),
        (Loc::Reg(a), Loc::Reg(b)) => t.copy_phys(mf, b, a),
        (Loc::Stack(_), Loc::Stack(_)) => None,
    };
    made.ok_or(AllocError::CannotMove { class: e.class })
}

/// Rewrites `mf` according to `a`.
pub fn apply(mf: &mut MachFunction, t: &dyn TargetInfo, a: &Allocation) -> Result<(), AllocError> {
    apply_in(mf, t, a, &mut Vec::new())
}

/// [`apply`] with a reused layout buffer.
pub fn apply_in(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    a: &Allocation,
    scratch: &mut Vec<MInst>,
) -> Result<(), AllocError> {
    let mut vreg_ops = Vec::new();
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            let base = mf.operand_range(i).start;
            for (k, o) in mf.operands(i).iter().enumerate() {
                if o.reg().is_virtual() {
                    vreg_ops.push((base + k) as u32);
                }
            }
        }
    }
    apply_at(mf, t, a, &vreg_ops, scratch)
}

/// [`apply_in`] given the operand-pool positions of every virtual
/// register operand of the layout (the fast allocator lists them while
/// it allocates, so the rewrite does not look at the other operands).
pub fn apply_at(
    mf: &mut MachFunction,
    t: &dyn TargetInfo,
    a: &Allocation,
    vreg_ops: &[u32],
    scratch: &mut Vec<MInst>,
) -> Result<(), AllocError> {
    // Operands first: positions are stable, the layout is untouched.
    let pool = mf.operand_pool_mut();
    for &at in vreg_ops {
        let o = &mut pool[at as usize];
        let p = a.allocs[at as usize];
        let p = match o.subreg() {
            Some(idx) => t.sub_reg(p, idx).unwrap_or(p),
            None => p,
        };
        o.set_reg(p.into());
        o.set_subreg(None);
        o.set(flag::KILL, false);
    }
    let mut err = None;
    let edits = &a.edits;
    mf.rewrite(scratch, |mf, b, old, out| {
        let start = mf.blocks[b].start as usize;
        let mut cursor = first_edit_at(mf, b, edits);
        for (k, &i) in old.iter().enumerate() {
            let pos = start + k;
            while let Some(e) = edits.get(cursor).filter(|e| e.point.0 <= pos as u32 * 2) {
                match materialize(mf, t, e) {
                    Ok(m) => out.push(m),
                    Err(x) => err = Some(x),
                }
                cursor += 1;
            }
            let ops = mf.operands(i);
            let identity =
                mf.opc(i) == MOpc::COPY && ops.len() == 2 && ops[0].reg() == ops[1].reg();
            if !identity {
                out.push(i);
            }
            while let Some(e) = edits
                .get(cursor)
                .filter(|e| e.point.0 <= pos as u32 * 2 + 1)
            {
                match materialize(mf, t, e) {
                    Ok(m) => out.push(m),
                    Err(x) => err = Some(x),
                }
                cursor += 1;
            }
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    mf.props |= prop::NO_VREGS;
    mf.used_phys.clear();
    mf.used_phys.extend_from_slice(&a.used_phys);
    Ok(())
}
