//! Branch folding at the end of a block, after register allocation: a
//! block that ends `jcc A; jmp B` where `A` is laid out next becomes
//! `j!cc B` and falls through to `A`, as llc leaves it at every
//! optimization level. (An unconditional jump to the next block is already
//! dropped by the AsmPrinter.)
//!
//! Invariants: only the last two instructions of a block change; the
//! successor list stays the same (both targets remain successors). A block
//! whose last two branches are both conditional (`jne A; jp A` of a float
//! compare) is left alone, since inverting one of them changes the meaning.

use super::desc::op;
use rcc_mach::{MBlock, MInst, MOpc, MachFunction, OpKind, Operand};

/// Folds `jcc next; jmp B` into `j!cc B` throughout `mf`. Returns the
/// number of branches removed.
pub fn fold_branches(mf: &mut MachFunction, scratch: &mut Vec<MInst>) -> usize {
    let jcc = MOpc::target(op::JCC_1.0);
    let jmp = MOpc::target(op::JMP_1.0);
    let target = |mf: &MachFunction, i: MInst| {
        mf.operands(i)
            .iter()
            .find(|o| o.kind() == OpKind::Block)
            .map(|o| MBlock::from_u32(o.payload()))
    };
    let mut dropped = Vec::new();
    for k in 0..mf.order.len() {
        let next = mf.order.get(k + 1).copied();
        let insts = mf.block_insts(mf.order[k]);
        let n = insts.len();
        if n < 2 {
            continue;
        }
        let (c, j) = (insts[n - 2], insts[n - 1]);
        if mf.opc(j) != jmp || mf.opc(c) != jcc || (n >= 3 && mf.opc(insts[n - 3]) == jcc) {
            continue;
        }
        let (Some(a), Some(b)) = (target(mf, c), target(mf, j)) else {
            continue;
        };
        if next != Some(a) || a == b {
            continue;
        }
        for o in mf.operands_mut(c) {
            match o.kind() {
                OpKind::Block => *o = Operand::block(b),
                // x86 condition codes come in pairs: cc ^ 1 is the inverse.
                OpKind::Imm => *o = Operand::imm(o.imm_value() ^ 1),
                _ => {}
            }
        }
        dropped.push(j);
    }
    if !dropped.is_empty() {
        dropped.sort_unstable();
        mf.rewrite(scratch, |_, _, old, out| {
            out.extend(old.iter().filter(|i| dropped.binary_search(i).is_err()))
        });
    }
    dropped.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::desc::regs;
    use rcc_ir::GlobalId;

    /// bb0: jcc(cc) bb1; jmp bb2 / bb1: ret / bb2: ret, laid out 0 1 2.
    fn diamond(cc: i32, second_jcc: bool) -> MachFunction {
        let mut mf = MachFunction::new(GlobalId::from_u32(0));
        let b: Vec<MBlock> = (0..3).map(|k| mf.create_block(k)).collect();
        let jcc = MOpc::target(op::JCC_1.0);
        mf.begin_block(b[0]);
        if second_jcc {
            mf.push(jcc, &[Operand::block(b[1]), Operand::imm(10)]);
        }
        mf.push(jcc, &[Operand::block(b[1]), Operand::imm(cc)]);
        mf.push(MOpc::target(op::JMP_1.0), &[Operand::block(b[2])]);
        mf.end_block(&[b[1], b[2]]);
        for &x in &b[1..] {
            mf.begin_block(x);
            mf.push(
                MOpc::target(op::RET64.0),
                &[Operand::implicit_use(regs::RAX)],
            );
            mf.end_block(&[]);
        }
        mf
    }

    #[test]
    fn jcc_to_the_next_block_is_inverted() {
        let mut mf = diamond(4, false); // je bb1; jmp bb2
        assert_eq!(fold_branches(&mut mf, &mut Vec::new()), 1);
        let b0 = mf.order[0];
        let insts = mf.block_insts(b0).to_vec();
        assert_eq!(insts.len(), 1);
        let ops = mf.operands(insts[0]);
        assert_eq!(ops[0], Operand::block(mf.order[2]));
        assert_eq!(ops[1], Operand::imm(5)); // jne
        assert_eq!(mf.succs(b0), &[mf.order[1], mf.order[2]]);
    }

    #[test]
    fn paired_conditional_branches_are_left_alone() {
        let mut mf = diamond(5, true);
        assert_eq!(fold_branches(&mut mf, &mut Vec::new()), 0);
        assert_eq!(mf.block_insts(mf.order[0]).len(), 3);
    }

    #[test]
    fn a_target_not_laid_out_next_is_left_alone() {
        let mut mf = diamond(4, false);
        mf.order.swap(1, 2);
        assert_eq!(fold_branches(&mut mf, &mut Vec::new()), 0);
    }
}
