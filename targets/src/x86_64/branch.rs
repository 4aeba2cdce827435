//! The x86-64 branch hooks of [`TargetInfo`](rcc_mach::TargetInfo)
//! (LLVM's `analyzeBranch` family), which target-independent branch passes
//! such as [`fold_branches`](rcc_mach::passes::branch_folding::fold_branches)
//! use.
//!
//! The branches understood are `JMP_1 bb` and `JCC_1 bb, cc` (operands in
//! that order, `implicit $eflags` after them). A branch condition is one
//! immediate operand, the condition code; x86 condition codes come in
//! pairs, so `cc ^ 1` is the inverse.
//!
//! Two conditional branches ending a block are understood in the two
//! shapes a float compare leaves (LLVM's `COND_NE_OR_P` and
//! `COND_E_AND_NP`, which are each other's inverse):
//!
//! - `jne T; jp T` (either order): to `T` if unequal or unordered,
//!   condition `[NE_OR_P, T]`;
//! - `jne F; jnp T` or `jp F; je T`: to `T` if equal and ordered, else to
//!   `F`, which must be the block's other destination (the `jmp` after
//!   them, or else the fall-through), condition `[E_AND_NP, F]`.
//!
//! The block operand of such a condition is the destination of the `jne`
//! either way, so reversing the condition keeps it; passes that retarget
//! branches map it with the destinations
//! ([`rcc_mach::map_cond_blocks`]). Other pairs (and three or more
//! conditional branches) are not analyzable.

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

/// The condition codes of the branches (LLVM's `X86::CondCode`).
pub const COND_E: i32 = 4;
pub const COND_NE: i32 = 5;
pub const COND_P: i32 = 10;
pub const COND_NP: i32 = 11;
/// The two-branch conditions, which exist only in branch conditions
/// (never in an instruction): `NE_OR_P ^ 1 == E_AND_NP`.
pub const COND_NE_OR_P: i32 = 16;
pub const COND_E_AND_NP: i32 = 17;

/// See [`TargetInfo::analyze_branch`](rcc_mach::TargetInfo::analyze_branch).
pub fn analyze_branch(
    mf: &MachFunction,
    insts: &[MInst],
    cond: &mut Vec<Operand>,
) -> Option<Terminators> {
    cond.clear();
    let is_term = |o: MOpc| {
        o.as_target()
            .is_some_and(|t| super::DESCS[t as usize].flags & rcc_mach::iflag::TERMINATOR != 0)
    };
    let mut k = insts.len();
    let jmp = match insts.last() {
        Some(&i) if mf.opc(i) == JMP => {
            k -= 1;
            Some(dest(mf, i)?)
        }
        _ => None,
    };
    let mut j = k;
    while j > 0 && mf.opc(insts[j - 1]) == JCC {
        j -= 1;
    }
    match insts[j..k] {
        [] => match (jmp, insts.last()) {
            (Some(d), _) => Some(Terminators::Uncond(d)),
            (None, Some(&i)) if is_term(mf.opc(i)) => None,
            (None, _) => Some(Terminators::FallThrough),
        },
        [b] => {
            cond.push(cc(mf, b)?);
            Some(Terminators::Cond {
                tbb: dest(mf, b)?,
                fbb: jmp,
            })
        }
        [a, b] => {
            let (ta, tb) = (dest(mf, a)?, dest(mf, b)?);
            let (ca, cb) = (cc(mf, a)?.imm_value(), cc(mf, b)?.imm_value());
            let pair = |x: i32, y: i32| (ca, cb) == (x, y) || (ca, cb) == (y, x);
            if ta == tb && pair(COND_NE, COND_P) {
                cond.extend([Operand::imm(COND_NE_OR_P), Operand::block(ta)]);
                return Some(Terminators::Cond { tbb: ta, fbb: jmp });
            }
            let e_and_np = (ca, cb) == (COND_NE, COND_NP) || (ca, cb) == (COND_P, COND_E);
            // `a` goes to the other destination: the `jmp`'s, or the
            // fall-through (which the caller's successor list names).
            if e_and_np && ta != tb && jmp.is_none_or(|f| f == ta) {
                cond.extend([Operand::imm(COND_E_AND_NP), Operand::block(ta)]);
                return Some(Terminators::Cond { tbb: tb, fbb: jmp });
            }
            None
        }
        _ => None,
    }
}

/// See [`TargetInfo::reverse_branch_condition`](rcc_mach::TargetInfo::reverse_branch_condition).
/// The two-branch conditions keep their block (the `jne`'s destination).
pub fn reverse_branch_condition(cond: &mut [Operand]) -> bool {
    match cond {
        [c] if c.kind() == OpKind::Imm => {
            *c = Operand::imm(c.imm_value() ^ 1);
            true
        }
        [c, b]
            if c.kind() == OpKind::Imm
                && b.kind() == OpKind::Block
                && matches!(c.imm_value(), COND_NE_OR_P | COND_E_AND_NP) =>
        {
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
///
/// Panics if a two-branch condition disagrees with the destinations
/// (`NE_OR_P` naming another block than `tbb`, `E_AND_NP` another than
/// `fbb`): the caller retargeted the branch without
/// [`rcc_mach::map_cond_blocks`].
pub fn insert_branch(
    mf: &mut MachFunction,
    tbb: MBlock,
    fbb: Option<MBlock>,
    cond: &[Operand],
    out: &mut Vec<MInst>,
) -> usize {
    let mut n = 0;
    let mut branch = |opc: MOpc, ops: &[Operand]| {
        let mut v = ops.to_vec();
        push_implicit(&mut v, opc, false);
        out.push(mf.create(opc, &v));
        n += 1;
    };
    match *cond {
        [] => branch(JMP, &[Operand::block(tbb)]),
        [c] => branch(JCC, &[Operand::block(tbb), c]),
        [c, b] if c.imm_value() == COND_NE_OR_P => {
            assert_eq!(b, Operand::block(tbb), "NE_OR_P names its destination");
            branch(JCC, &[Operand::block(tbb), Operand::imm(COND_NE)]);
            branch(JCC, &[Operand::block(tbb), Operand::imm(COND_P)]);
        }
        [c, b] if c.imm_value() == COND_E_AND_NP => {
            assert!(
                fbb.is_none_or(|f| b == Operand::block(f)),
                "E_AND_NP names its other destination"
            );
            branch(JCC, &[b, Operand::imm(COND_NE)]);
            branch(JCC, &[Operand::block(tbb), Operand::imm(COND_NP)]);
        }
        _ => return 0,
    }
    if let Some(f) = fbb {
        branch(JMP, &[Operand::block(f)]);
    }
    n
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

    /// bb0 ends in the conditional branches `(dest, cc)` and, if given,
    /// `jmp` to block `jmp` (indices of bb0..bb2).
    fn two_jcc(brs: &[(usize, i32)], jmp: Option<usize>) -> MachFunction {
        let mut mf = diamond(4, false);
        let b = mf.order.clone();
        let jcc = MOpc::target(op::JCC_1.0);
        let b0 = b[0];
        let mut insts = Vec::new();
        for &(d, c) in brs {
            insts.push(mf.create(jcc, &[Operand::block(b[d]), Operand::imm(c)]));
        }
        if let Some(d) = jmp {
            insts.push(mf.create(MOpc::target(op::JMP_1.0), &[Operand::block(b[d])]));
        }
        mf.rewrite(&mut Vec::new(), |_, x, old, out| {
            if x == b0 {
                out.extend_from_slice(&insts);
            } else {
                out.extend_from_slice(old);
            }
        });
        mf
    }

    fn analyze(mf: &MachFunction) -> (Option<Terminators>, Vec<Operand>) {
        let mut cond = Vec::new();
        let t = analyze_branch(mf, mf.block_insts(mf.order[0]), &mut cond);
        (t, cond)
    }

    #[test]
    fn float_branch_pairs_are_analyzed() {
        // jne bb1; jp bb1; jmp bb2 (either order): NE_OR_P to bb1.
        for brs in [[(1, COND_NE), (1, COND_P)], [(1, COND_P), (1, COND_NE)]] {
            let mf = two_jcc(&brs, Some(2));
            let b = &mf.order;
            let (t, cond) = analyze(&mf);
            let want = Terminators::Cond {
                tbb: b[1],
                fbb: Some(b[2]),
            };
            assert_eq!(t, Some(want));
            assert_eq!(cond, [Operand::imm(COND_NE_OR_P), Operand::block(b[1])]);
        }
        // jne bb2; jnp bb1 (falling through to bb2) and jp bb2; je bb1;
        // jmp bb2: E_AND_NP to bb1, naming bb2.
        for (brs, jmp) in [
            ([(2, COND_NE), (1, COND_NP)], None),
            ([(2, COND_P), (1, COND_E)], Some(2)),
        ] {
            let mf = two_jcc(&brs, jmp);
            let b = &mf.order;
            let (t, cond) = analyze(&mf);
            let want = Terminators::Cond {
                tbb: b[1],
                fbb: jmp.map(|k| b[k]),
            };
            assert_eq!(t, Some(want));
            assert_eq!(cond, [Operand::imm(COND_E_AND_NP), Operand::block(b[2])]);
        }
    }

    #[test]
    fn other_branch_pairs_are_not_analyzable() {
        for (brs, jmp) in [
            // NE and P to different blocks.
            ([(1, COND_NE), (2, COND_P)], None),
            // Not a float pair.
            ([(1, COND_E), (1, 10)], Some(2)),
            // E_AND_NP whose other destination is not the jmp's.
            ([(2, COND_NE), (1, COND_NP)], Some(1)),
        ] {
            let mf = two_jcc(&brs, jmp);
            assert_eq!(analyze(&mf).0, None);
        }
        let mut mf = two_jcc(&[(1, COND_NE), (1, COND_P), (1, COND_P)], Some(2));
        assert_eq!(analyze(&mf).0, None);
        assert_eq!(fold_branches(&mut mf, &mut Vec::new()), 0);
    }

    #[test]
    fn float_branch_pairs_reverse_into_each_other() {
        let b = MBlock::from_u32(7);
        let mut cond = [Operand::imm(COND_NE_OR_P), Operand::block(b)];
        assert!(reverse_branch_condition(&mut cond));
        assert_eq!(cond, [Operand::imm(COND_E_AND_NP), Operand::block(b)]);
        assert!(reverse_branch_condition(&mut cond));
        assert_eq!(cond, [Operand::imm(COND_NE_OR_P), Operand::block(b)]);
    }

    #[test]
    fn a_float_branch_pair_to_the_next_block_is_inverted() {
        // jne bb1; jp bb1; jmp bb2 with bb1 next: jne bb1; jnp bb2.
        let mut mf = two_jcc(&[(1, COND_NE), (1, COND_P)], Some(2));
        assert_eq!(fold_branches(&mut mf, &mut Vec::new()), 1);
        let b = mf.order.clone();
        let insts = mf.block_insts(b[0]).to_vec();
        assert_eq!(insts.len(), 2);
        assert_eq!(
            &mf.operands(insts[0])[..2],
            [Operand::block(b[1]), Operand::imm(COND_NE)]
        );
        assert_eq!(
            &mf.operands(insts[1])[..2],
            [Operand::block(b[2]), Operand::imm(COND_NP)]
        );
        assert_eq!(mf.succs(b[0]), &[b[1], b[2]]);
    }

    #[test]
    fn a_target_not_laid_out_next_is_left_alone() {
        let mut mf = diamond(4, false);
        mf.order.swap(1, 2);
        assert_eq!(fold_branches(&mut mf, &mut Vec::new()), 0);
    }
}
