//! Branch folding at the end of a block, after register allocation: a
//! block that ends "branch to A if c, else branch to B" where `A` is laid
//! out next becomes "branch to B if !c" and falls through to `A`, as llc
//! leaves it at every optimization level. (An unconditional branch to the
//! next block is already dropped by the AsmPrinter.)
//!
//! The pass reads and rewrites branches only through the target's hooks
//! ([`TargetInfo::analyze_branch`], [`TargetInfo::reverse_branch_condition`],
//! [`TargetInfo::remove_branch`], [`TargetInfo::insert_branch`]).
//!
//! Invariants: only the branches ending a block change; the successor list
//! stays the same (both targets remain successors). A block the target
//! cannot analyze or whose condition has no inverse is left alone (x86
//! analyzes and reverses the `jne A; jp A` of a float compare, which
//! becomes `jne A; jnp B` when `A` is next).

use crate::func::{MBlock, MInst, MachFunction};
use crate::operand::Operand;
use crate::target::{TargetInfo, Terminators};

/// One block to rewrite: its new branch to `dest` under `cond`.
struct Fold {
    block: MBlock,
    dest: MBlock,
    cond: Vec<Operand>,
}

/// Folds "branch to next if c, else to B" into "branch to B if !c"
/// throughout `mf`. Returns the number of branches removed.
pub fn fold_branches(mf: &mut MachFunction, t: &dyn TargetInfo, scratch: &mut Vec<MInst>) -> usize {
    let mut folds: Vec<Fold> = Vec::new();
    let mut cond = Vec::new();
    for k in 0..mf.order.len() {
        let b = mf.order[k];
        let next = mf.order.get(k + 1).copied();
        let Some(Terminators::Cond {
            tbb,
            fbb: Some(fbb),
        }) = t.analyze_branch(mf, mf.block_insts(b), &mut cond)
        else {
            continue;
        };
        if next != Some(tbb) || tbb == fbb || !t.reverse_branch_condition(&mut cond) {
            continue;
        }
        folds.push(Fold {
            block: b,
            dest: fbb,
            cond: std::mem::take(&mut cond),
        });
    }
    if folds.is_empty() {
        return 0;
    }
    // `rewrite` visits the blocks in layout order, the order of `folds`.
    let mut pending = folds.iter().peekable();
    let mut removed = 0;
    mf.rewrite(scratch, |mf, b, old, out| {
        let Some(f) = pending.next_if(|f| f.block == b) else {
            out.extend_from_slice(old);
            return;
        };
        let n = t.remove_branch(mf, old);
        out.extend_from_slice(&old[..old.len() - n]);
        let m = t.insert_branch(mf, f.dest, None, &f.cond, out);
        removed += n.saturating_sub(m);
    });
    removed
}
