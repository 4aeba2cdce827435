//! The x86-64 branch hooks of [`TargetInfo`](rcc_mach::TargetInfo)
//! (LLVM's `analyzeBranch` family), which target-independent branch passes
//! such as [`fold_branches`](rcc_mach::passes::branch_folding::fold_branches)
//! use.
//!
//! The branches understood are `JMP_1 bb` and `JCC_1 bb, cc` (operands in
//! that order, `implicit $eflags` after them). A branch condition is one
//! immediate operand, the condition code; x86 condition codes come in
//! pairs, so `cc ^ 1` is the inverse. A block ending in two conditional
//! branches (`jne A; jp A` of a float compare) is not analyzable, since
//! inverting one of them changes the meaning.

use super::desc::op;
use super::isel::emit::push_implicit;
use rcc_mach::{MBlock, MInst, MOpc, MachFunction, OpKind, Operand, Terminators};

const JCC: MOpc = MOpc::target(op::JCC_1.0);
const JMP: MOpc = MOpc::target(op::JMP_1.0);

/// The block operand of branch `i`.
fn dest(mf: &MachFunction, i: MInst) -> Option<MBlock> {
    mf.operands(i)
        .iter()
        .find(|o| o.kind() == OpKind::Block)
        .map(|o| MBlock::from_u32(o.payload()))
}

/// The condition-code operand of `JCC_1` `i`.
fn cc(mf: &MachFunction, i: MInst) -> Option<Operand> {
    mf.operands(i)
        .iter()
        .find(|o| o.kind() == OpKind::Imm)
        .copied()
}

/// See [`TargetInfo::analyze_branch`](rcc_mach::TargetInfo::analyze_branch).
pub fn analyze_branch(
    mf: &MachFunction,
    insts: &[MInst],
    cond: &mut Vec<Operand>,
) -> Option<Terminators> {
    cond.clear();
    let opc = |k: usize| insts.len().checked_sub(k).map(|p| mf.opc(insts[p]));
    let is_term = |o: MOpc| {
        o.as_target()
            .is_some_and(|t| super::DESCS[t as usize].flags & rcc_mach::iflag::TERMINATOR != 0)
    };
    match (opc(3), opc(2), opc(1)) {
        (Some(JCC), Some(JCC), Some(JMP)) => None,
        (_, Some(JCC), Some(JMP)) => {
            let n = insts.len();
            cond.push(cc(mf, insts[n - 2])?);
            Some(Terminators::Cond {
                tbb: dest(mf, insts[n - 2])?,
                fbb: Some(dest(mf, insts[n - 1])?),
            })
        }
        (_, Some(JCC), Some(JCC)) => None,
        (_, _, Some(JCC)) => {
            let last = insts[insts.len() - 1];
            cond.push(cc(mf, last)?);
            Some(Terminators::Cond {
                tbb: dest(mf, last)?,
                fbb: None,
            })
        }
        (_, _, Some(JMP)) => Some(Terminators::Uncond(dest(mf, insts[insts.len() - 1])?)),
        (_, _, Some(o)) if is_term(o) => None,
        _ => Some(Terminators::FallThrough),
    }
}

/// See [`TargetInfo::reverse_branch_condition`](rcc_mach::TargetInfo::reverse_branch_condition).
pub fn reverse_branch_condition(cond: &mut [Operand]) -> bool {
    match cond {
        [c] if c.kind() == OpKind::Imm => {
            *c = Operand::imm(c.imm_value() ^ 1);
            true
        }
        _ => false,
    }
}

/// See [`TargetInfo::remove_branch`](rcc_mach::TargetInfo::remove_branch).
pub fn remove_branch(mf: &MachFunction, insts: &[MInst]) -> usize {
    insts
        .iter()
        .rev()
        .take_while(|&&i| matches!(mf.opc(i), JCC | JMP))
        .count()
}

/// See [`TargetInfo::insert_branch`](rcc_mach::TargetInfo::insert_branch).
pub fn insert_branch(
    mf: &mut MachFunction,
    tbb: MBlock,
    fbb: Option<MBlock>,
    cond: &[Operand],
    out: &mut Vec<MInst>,
) -> usize {
    let mut branch = |opc: MOpc, ops: &[Operand]| {
        let mut v = ops.to_vec();
        push_implicit(&mut v, opc, false);
        out.push(mf.create(opc, &v));
    };
    match cond {
        [] => branch(JMP, &[Operand::block(tbb)]),
        [c] => branch(JCC, &[Operand::block(tbb), *c]),
        _ => return 0,
    }
    if let Some(f) = fbb {
        branch(JMP, &[Operand::block(f)]);
        return 2;
    }
    1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::x86_64::desc::regs;
    use crate::x86_64::X86Info;
    use rcc_ir::GlobalId;
    use rcc_mach::passes::branch_folding;

    fn fold_branches(mf: &mut MachFunction, scratch: &mut Vec<MInst>) -> usize {
        branch_folding::fold_branches(mf, &X86Info, scratch)
    }

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
