//! Folding at node creation (LLVM's `getNode` folding): constant operands
//! are evaluated and algebraic identities applied before a node is
//! interned, so the builder, the legalizer and the combiner never create a
//! node whose value is already known.
//!
//! Invariant: a fold returns a value of the requested type that computes the
//! same result as the node it replaces for every input, including the
//! wrap-around of fixed-width arithmetic; division by a constant zero and
//! over-wide shifts (poison in the IR) are left alone.

use crate::node::{Dag, SDValue};
use crate::opcode::{Cond, Op};
use crate::vt::VT;

/// `v` sign-extended from its low `bits` bits.
pub(crate) fn sext(v: u64, bits: u32) -> i64 {
    let sh = 64 - bits.min(64);
    ((v << sh) as i64) >> sh
}

/// The folded value of `(op vt ops payload)`, if it folds.
pub fn fold(dag: &mut Dag, op: Op, vt: VT, ops: &[SDValue], payload: u64) -> Option<SDValue> {
    match op {
        // A half of a pair is the pair's operand; a pair of the halves of
        // one value is that value.
        Op::ExtractElement if dag.op_of(ops[0]) == Op::BuildPair => {
            return dag.operands(ops[0].node()).get(payload as usize).copied();
        }
        Op::BuildPair => {
            let (a, b) = (ops[0], ops[1]);
            let half = |v: SDValue, k: u64| {
                (dag.op_of(v) == Op::ExtractElement && dag.payload(v.node()) == k)
                    .then(|| dag.operands(v.node())[0])
            };
            return match (half(a, 0), half(b, 1)) {
                (Some(x), Some(y)) if x == y && dag.vt(x) == vt => Some(x),
                _ => None,
            };
        }
        _ => {}
    }
    if !vt.is_int() && vt != VT::I1 {
        return None;
    }
    let bits = vt.bits();
    if bits > 64 {
        return None;
    }
    if vt == VT::I1 {
        if let Some(v) = fold_i1(dag, op, ops) {
            return Some(v);
        }
    }
    if op == Op::SetCC && dag.vt(ops[0]) == VT::I1 {
        // i1 compares in signed order (1 is -1): the unsigned condition of
        // the swapped operands, so no signed compare of i1 is ever selected.
        let cond = Cond::ALL.get(payload as usize)?;
        let u = match cond {
            Cond::Slt => Cond::Ugt,
            Cond::Sle => Cond::Uge,
            Cond::Sgt => Cond::Ult,
            Cond::Sge => Cond::Ule,
            _ => *cond,
        };
        if u != *cond {
            return Some(dag.value(Op::SetCC, VT::I1, ops, u as u64));
        }
    }
    if let Some(v) = constant_to_the_right(dag, op, vt, ops, payload) {
        return Some(v);
    }
    let c = |k: usize| ops.get(k).and_then(|&v| dag.as_const(v));
    // Commutative operations keep a constant on the right (LLVM's getNode
    // canonicalization), so the identities below and the target's
    // immediate forms see it there.
    if op.is_binary() && op.is_commutative() && c(0).is_some() && c(1).is_none() {
        return Some(dag.value(op, vt, &[ops[1], ops[0]], payload));
    }
    match op {
        _ if op.is_binary() || op.is_shift() => {
            if let (Some(a), Some(b)) = (c(0), c(1)) {
                let r = eval(op, a, b, bits)?;
                return Some(dag.constant(vt, r));
            }
            let (x, b) = (ops[0], c(1)?);
            let all = vt.mask();
            let identity = match op {
                Op::Add | Op::Sub | Op::Or | Op::Xor | Op::Shl | Op::Srl | Op::Sra => b == 0,
                Op::Mul | Op::SDiv | Op::UDiv => b == 1,
                Op::And => b == all,
                _ => false,
            };
            if identity {
                return Some(x);
            }
            match op {
                Op::Mul | Op::And if b == 0 => Some(dag.constant(vt, 0)),
                // A multiply by a power of two is a shift (LLVM's combiner
                // does this; a shift is cheaper and folds into addresses).
                Op::Mul if b.is_power_of_two() => {
                    let k = dag.constant(vt, b.trailing_zeros() as u64);
                    Some(dag.value(Op::Shl, vt, &[x, k], 0))
                }
                Op::Or if b == all => Some(dag.constant(vt, all)),
                _ => None,
            }
        }
        Op::SetCC => {
            let (a, b) = (c(0)?, c(1)?);
            let w = dag.vt(ops[0]).bits();
            let cond = Cond::ALL.get(payload as usize)?;
            Some(dag.constant(VT::I1, cond.eval(a, b, w) as u64))
        }
        Op::ZeroExtend | Op::Truncate | Op::AnyExtend => Some(dag.constant(vt, c(0)?)),
        Op::SignExtend => {
            let from = dag.vt(ops[0]).bits();
            Some(dag.constant(vt, sext(c(0)?, from) as u64))
        }
        Op::Select => {
            let k = c(0)?;
            Some(if k & 1 != 0 { ops[1] } else { ops[2] })
        }
        Op::Rotl | Op::Rotr => {
            let (a, b) = (c(0)?, c(1)? % bits as u64);
            let m = vt.mask();
            let r = if b == 0 {
                a
            } else if op == Op::Rotl {
                (a << b) | (a >> (bits as u64 - b))
            } else {
                (a >> b) | (a << (bits as u64 - b))
            };
            Some(dag.constant(vt, r & m))
        }
        Op::Bswap if bits.is_multiple_of(16) => {
            let r = c(0)?.swap_bytes() >> (64 - bits);
            Some(dag.constant(vt, r))
        }
        Op::Ctlz | Op::CtlzZeroUndef => {
            let a = c(0)? & vt.mask();
            Some(dag.constant(vt, (a.leading_zeros() - (64 - bits)) as u64))
        }
        Op::Cttz | Op::CttzZeroUndef => {
            let a = c(0)? & vt.mask();
            Some(dag.constant(vt, a.trailing_zeros().min(bits) as u64))
        }
        _ if op.is_overflow() => {
            let w = dag.vt(ops[0]).bits();
            let (a, b) = (c(0)?, c(1)?);
            Some(dag.constant(VT::I1, overflows(op, a, b, w)? as u64))
        }
        _ => None,
    }
}

/// A commutative operation (or a compare, with its condition swapped)
/// with a constant on the left only, rewritten with the constant on the
/// right, as LLVM's `getNode` canonicalizes: the selector's immediate forms
/// take the constant as their second operand.
fn constant_to_the_right(
    dag: &mut Dag,
    op: Op,
    vt: VT,
    ops: &[SDValue],
    payload: u64,
) -> Option<SDValue> {
    let &[a, b] = ops else { return None };
    if dag.as_const(a).is_none() || dag.as_const(b).is_some() {
        return None;
    }
    match op {
        _ if op.is_commutative() => Some(dag.value(op, vt, &[b, a], payload)),
        Op::SetCC => {
            let cond = Cond::ALL.get(payload as usize)?.swapped();
            Some(dag.value(op, vt, &[b, a], cond as u64))
        }
        _ => None,
    }
}

/// i1 arithmetic in the operations x86 has rows for, as LLVM's `getNode`
/// canonicalizes it: add/sub are xor, mul is and; division by the only
/// non-zero divisor (1) is the identity, a remainder is 0, and the only
/// shift that is not poison is by 0.
fn fold_i1(dag: &mut Dag, op: Op, ops: &[SDValue]) -> Option<SDValue> {
    match op {
        Op::Add | Op::Sub => Some(dag.value(Op::Xor, VT::I1, ops, 0)),
        Op::Mul => Some(dag.value(Op::And, VT::I1, ops, 0)),
        Op::SDiv | Op::UDiv | Op::Shl | Op::Srl | Op::Sra => Some(ops[0]),
        Op::SRem | Op::URem => Some(dag.constant(VT::I1, 0)),
        _ => None,
    }
}

/// Whether `a op b` overflows on `bits`-bit values (an overflow opcode).
fn overflows(op: Op, a: u64, b: u64, bits: u32) -> Option<bool> {
    if bits > 64 {
        return None;
    }
    let m = if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let (ua, ub) = ((a & m) as u128, (b & m) as u128);
    let (sa, sb) = (sext(a, bits) as i128, sext(b, bits) as i128);
    let (smin, smax) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
    let srange = |x: i128| x < smin || x > smax;
    Some(match op {
        Op::UAddO => ua + ub > m as u128,
        Op::USubO => ua < ub,
        Op::UMulO => ua * ub > m as u128,
        Op::SAddO => srange(sa + sb),
        Op::SSubO => srange(sa - sb),
        Op::SMulO => srange(sa * sb),
        _ => return None,
    })
}

/// Evaluates a binary integer operation on `bits`-bit values.
fn eval(op: Op, a: u64, b: u64, bits: u32) -> Option<u64> {
    let m = if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let (a, b) = (a & m, b & m);
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    Some(
        match op {
            Op::Add => a.wrapping_add(b),
            Op::Sub => a.wrapping_sub(b),
            Op::Mul => a.wrapping_mul(b),
            Op::And => a & b,
            Op::Or => a | b,
            Op::Xor => a ^ b,
            Op::Shl if b < bits as u64 => a << b,
            Op::Srl if b < bits as u64 => a >> b,
            Op::Sra if b < bits as u64 => (sa >> b) as u64,
            Op::UDiv if b != 0 => a / b,
            Op::URem if b != 0 => a % b,
            // Signed overflow (MIN / -1) is undefined behaviour in the IR: leave it.
            Op::SDiv if sb != 0 && !(sb == -1 && a == (1u64 << (bits - 1))) => {
                sa.wrapping_div(sb) as u64
            }
            Op::SRem if sb != 0 && !(sb == -1 && a == (1u64 << (bits - 1))) => {
                sa.wrapping_rem(sb) as u64
            }
            _ => return None,
        } & m,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_and_identities() {
        let mut d = Dag::default();
        let a = d.constant(VT::I8, 200);
        let b = d.constant(VT::I8, 100);
        let s = d.value(Op::Add, VT::I8, &[a, b], 0);
        assert_eq!(d.as_const(s), Some(44));
        let m = d.constant(VT::I8, 0xff);
        let one = d.constant(VT::I8, 1);
        let x = d.value(Op::Sra, VT::I8, &[m, one], 0);
        assert_eq!(d.as_const(x), Some(0xff));
        let e = d.entry();
        let r = d.value(Op::Register, VT::I32, &[], 5);
        let v = SDValue::new(
            d.node(Op::CopyFromReg, &[VT::I32, VT::Chain], &[e, r], 0),
            0,
        );
        let z = d.constant(VT::I32, 0);
        assert_eq!(d.value(Op::Add, VT::I32, &[v, z], 0), v);
        let p = d.value(Op::Mul, VT::I32, &[v, z], 0);
        assert_eq!(d.as_const(p), Some(0));
        let lt = d.value(Op::SetCC, VT::I1, &[a, b], Cond::Slt as u64);
        assert_eq!(d.as_const(lt), Some(1), "-56 < 100");
        let ult = d.value(Op::SetCC, VT::I1, &[a, b], Cond::Ult as u64);
        assert_eq!(d.as_const(ult), Some(0));
        let se = d.value(Op::SignExtend, VT::I32, &[a], 0);
        assert_eq!(d.as_const(se), Some(0xffff_ffc8));
        let min = d.constant(VT::I32, 0x8000_0000);
        let m1 = d.constant(VT::I32, 0xffff_ffff);
        let q = d.value(Op::SDiv, VT::I32, &[min, m1], 0);
        assert_eq!(d.op_of(q), Op::SDiv, "INT_MIN / -1 is not folded");
        let zero = d.constant(VT::I32, 0);
        let u = d.value(Op::UDiv, VT::I32, &[v, zero], 0);
        assert_eq!(d.op_of(u), Op::UDiv);
    }

    #[test]
    fn constants_go_to_the_right() {
        let mut d = Dag::default();
        let e = d.entry();
        let r = d.value(Op::Register, VT::I32, &[], 5);
        let x = SDValue::new(
            d.node(Op::CopyFromReg, &[VT::I32, VT::Chain], &[e, r], 0),
            0,
        );
        let k = d.constant(VT::I32, 7);
        let s = d.value(Op::Add, VT::I32, &[k, x], 0);
        assert_eq!(d.operands(s.node()), &[x, k]);
        let lt = d.value(Op::SetCC, VT::I1, &[k, x], Cond::Slt as u64);
        assert_eq!(d.operands(lt.node()), &[x, k]);
        assert_eq!(d.payload(lt.node()), Cond::Sgt as u64, "7 < x is x > 7");
        let sub = d.value(Op::Sub, VT::I32, &[k, x], 0);
        assert_eq!(d.operands(sub.node()), &[k, x], "not commutative");
        let eight = d.constant(VT::I32, 8);
        let m = d.value(Op::Mul, VT::I32, &[eight, x], 0);
        assert_eq!(d.op_of(m), Op::Shl);
        assert_eq!(d.as_const(d.operands(m.node())[1]), Some(3));
    }

    #[test]
    fn i1_arithmetic_is_canonicalized() {
        let mut d = Dag::default();
        let e = d.entry();
        let r = d.value(Op::Register, VT::I1, &[], 5);
        let a = SDValue::new(d.node(Op::CopyFromReg, &[VT::I1, VT::Chain], &[e, r], 0), 0);
        let r2 = d.value(Op::Register, VT::I1, &[], 6);
        let b = SDValue::new(
            d.node(Op::CopyFromReg, &[VT::I1, VT::Chain], &[e, r2], 0),
            0,
        );
        let s = d.value(Op::Add, VT::I1, &[a, b], 0);
        assert_eq!(d.op_of(s), Op::Xor);
        let m = d.value(Op::Mul, VT::I1, &[a, b], 0);
        assert_eq!(d.op_of(m), Op::And);
        assert_eq!(d.value(Op::SDiv, VT::I1, &[a, b], 0), a);
        let rem = d.value(Op::URem, VT::I1, &[a, b], 0);
        assert_eq!(d.as_const(rem), Some(0));
        let lt = d.value(Op::SetCC, VT::I1, &[a, b], Cond::Slt as u64);
        assert_eq!(d.payload(lt.node()), Cond::Ugt as u64, "1 (-1) < 0 signed");
    }

    #[test]
    fn intrinsic_operations_fold() {
        let mut d = Dag::default();
        let x = d.constant(VT::I16, 0x1234);
        let s = d.value(Op::Bswap, VT::I16, &[x], 0);
        assert_eq!(d.as_const(s), Some(0x3412));
        let four = d.constant(VT::I16, 4);
        let r = d.value(Op::Rotl, VT::I16, &[x, four], 0);
        assert_eq!(d.as_const(r), Some(0x2341));
        let r = d.value(Op::Rotr, VT::I16, &[x, four], 0);
        assert_eq!(d.as_const(r), Some(0x4123));
        let z = d.constant(VT::I32, 0);
        let lz = d.value(Op::Ctlz, VT::I32, &[z], 0);
        assert_eq!(d.as_const(lz), Some(32));
        let tz = d.value(Op::Cttz, VT::I16, &[x], 0);
        assert_eq!(d.as_const(tz), Some(2));
        let big = d.constant(VT::I8, 0x7f);
        let one = d.constant(VT::I8, 1);
        let o = d.value(Op::SAddO, VT::I1, &[big, one], 0);
        assert_eq!(d.as_const(o), Some(1));
        let o = d.value(Op::UAddO, VT::I1, &[big, one], 0);
        assert_eq!(d.as_const(o), Some(0));
        let o = d.value(Op::USubO, VT::I1, &[one, big], 0);
        assert_eq!(d.as_const(o), Some(1));
        let o = d.value(Op::SMulO, VT::I1, &[big, big], 0);
        assert_eq!(d.as_const(o), Some(1));
    }
}
