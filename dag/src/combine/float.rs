//! Floating-point rules of the combiner: an `fadd`/`fsub` absorbs a
//! negation of one operand (LLVM's `visitFADD`/`visitFSUB` with
//! `getNegatedExpression` at cost `Cheaper`):
//! `(fadd x y) -> (fsub x -y)`, `(fadd y x) -> (fsub x -y)` and
//! `(fsub x y) -> (fadd x -y)`, where `-y` is cheaper than `y`: `y` is an
//! `fneg` (`-y` is its operand), or an `fmul`/`fdiv` that nothing else
//! reads with an operand whose negation is cheaper (`-(a * -b) = a * b`),
//! at most [`NEG_DEPTH`] levels down. `x - a*b*c` written as
//! `x + a*(-b)*c` (the IR of `fmuladd` with a negated factor) then needs
//! no sign flip (`xorps` with a pool constant on x86).
//!
//! Invariants: the result equals the original in round-to-nearest for
//! every non-NaN input (negation is exact and commutes with
//! multiplication, division and rounding; `x - y` is `x + (-y)`); a NaN
//! result may differ in its sign bit, which LLVM leaves unspecified (and
//! llc does the same rewrite). Only operations that already exist are
//! rebuilt with one operand negated, so nothing is computed twice unless
//! the rebuilt `fmul`/`fdiv` was read elsewhere, which the single-use
//! check excludes.

use super::Combiner;
use crate::node::{Node, SDValue};
use crate::opcode::Op;
use crate::vt::VT;

/// How deep [`Combiner::negated`] looks (LLVM's `MaxRecursionDepth` of
/// the negation is 6).
const NEG_DEPTH: u32 = 6;

impl Combiner<'_> {
    /// `(fadd x y)` / `(fsub x y)` with a negation absorbed, if one is
    /// cheaper (see the module comment).
    pub(super) fn fadd_of_negation(
        &mut self,
        op: Op,
        vt: VT,
        ops: &[SDValue],
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        let [x, y] = *ops else { return None };
        let flip = |op| if op == Op::FAdd { Op::FSub } else { Op::FAdd };
        let single_y = self.operand_single_use(old, 1) || self.single_use(y);
        if let Some(ny) = self.negated(y, single_y, 0, d) {
            return Some(self.value(flip(op), vt, &[x, ny], 0, None, d));
        }
        if op == Op::FAdd {
            let single_x = self.operand_single_use(old, 0) || self.single_use(x);
            if let Some(nx) = self.negated(x, single_x, 0, d) {
                return Some(self.value(Op::FSub, vt, &[y, nx], 0, None, d));
            }
        }
        None
    }

    /// `-v` when it is cheaper than `v` (an `fneg`'s operand, or a
    /// single-use `fmul`/`fdiv` rebuilt with one operand negated), built;
    /// `single`: nothing but the node being combined reads `v`.
    fn negated(&mut self, v: SDValue, single: bool, level: u32, d: u32) -> Option<SDValue> {
        let dag = &*self.dag;
        let op = dag.op_of(v);
        match op {
            Op::FNeg => Some(dag.operands(v.node())[0]),
            Op::FMul | Op::FDiv if single && level < NEG_DEPTH && v.res() == 0 => {
                let (vt, payload) = (dag.vt(v), dag.payload(v.node()));
                let [a, b] = *dag.operands(v.node()) else {
                    return None;
                };
                let single_a = self.single_use(a);
                if let Some(na) = self.negated(a, single_a, level + 1, d) {
                    return Some(self.value(op, vt, &[na, b], payload, None, d));
                }
                let single_b = self.single_use(b);
                let nb = self.negated(b, single_b, level + 1, d)?;
                Some(self.value(op, vt, &[a, nb], payload, None, d))
            }
            _ => None,
        }
    }
}
