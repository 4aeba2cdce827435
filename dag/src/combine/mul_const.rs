//! Multiplication by a constant as shifts, adds and small multiplies
//! (LLVM's X86 `combineMul`), a rule family of the combiner for targets
//! that ask for it ([`crate::lowering::CallLowering::mul_by_shift_add`]),
//! applied only when optimizing: an `imul` by an immediate has a latency
//! of three cycles, a shift or an add one, and a multiply by 3, 5 or 9 is
//! one `lea`.
//!
//! For a positive `i32`/`i64` amount `c` that is neither a power of two
//! nor 3, 5 or 9 (which selection already makes a shift or one `lea`):
//! - `c = m1 * m2` with `m1` one of 9, 5, 3 (tried in that order) and
//!   `m2` a power of two or one of 3, 5, 9: two steps, a multiply by 3, 5
//!   or 9 (a `lea`) and a shift or another `lea`. With a power of two the
//!   shift comes first, so that the `lea` is the outer step (it may fold
//!   into an address), unless the product's only reader is an `add` (which
//!   takes the shifted value as a scaled index instead);
//! - otherwise `2^N + 1` → `(x << N) + x`, `2^N - 1` → `(x << N) - x`,
//!   `2^N + 2` → `(x << N) + (x + x)`, `2^N - 2` → `(x << N) - (x + x)`.
//!
//! Not done (LLVM does them): negative amounts (the product negated) and
//! `combineMulSpecial`'s two-`lea` forms of 11, 13, 19, 21, 37, 41, 73...
//!
//! A product rewritten once in a block is reused when the same multiply
//! comes again (say from the distribution of `(k | 1) * c`), so that the
//! two do not take different step orders and lose their sharing.
//!
//! Invariants: every rewrite computes `x * c` modulo `2^w`; the multiplies
//! by 3, 5 or 9 it makes are built without being combined again (the
//! reassociation of constant multiplies would merge them back).

use super::{slot, Combiner, NONE};
use crate::node::{Node, SDValue};
use crate::opcode::Op;
use crate::vt::VT;

impl Combiner<'_> {
    /// `x * c` (`c` the constant operand, `old` the original multiply) as
    /// shifts and adds, if the rule applies.
    pub(super) fn mul_by_constant(
        &mut self,
        vt: VT,
        x: SDValue,
        c: u64,
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        if !(self.cx.optimize && self.cx.mul_by_shift_add && matches!(vt, VT::I32 | VT::I64)) {
            return None;
        }
        let w = vt.bits();
        let amt = ((c << (64 - w)) as i64) >> (64 - w);
        if amt <= 0 {
            return None;
        }
        let amt = amt as u64;
        if amt.is_power_of_two() || matches!(amt, 3 | 5 | 9) {
            return None;
        }
        // A product already rewritten in this block (the same multiply
        // reached again through a rule) is reused, whatever its readers.
        if let Some(&(_, _, v)) = self.cx.muls.iter().find(|m| m.0 == x && m.1 == amt) {
            return Some(v);
        }
        let v = self.mul_steps(vt, x, amt, old, d)?;
        self.cx.muls.push((x, amt, v));
        Some(v)
    }

    fn mul_steps(
        &mut self,
        vt: VT,
        x: SDValue,
        amt: u64,
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        for m1 in [9u64, 5, 3] {
            if !amt.is_multiple_of(m1) {
                continue;
            }
            let m2 = amt / m1;
            if !(m2.is_power_of_two() || matches!(m2, 3 | 5 | 9)) {
                continue;
            }
            let (first, second) = if m2.is_power_of_two() && !self.read_only_by_add(old) {
                (m2, m1)
            } else {
                (m1, m2)
            };
            let v = self.times(vt, x, first, d);
            return Some(self.times(vt, v, second, d));
        }
        let log = |k: u64| k.trailing_zeros() as u64;
        let shl = |s: &mut Self, k: u64| {
            let n = s.konst(vt, log(k));
            s.mk(Op::Shl, vt, &[x, n], d)
        };
        if (amt - 1).is_power_of_two() {
            let s = shl(self, amt - 1);
            Some(self.mk(Op::Add, vt, &[s, x], d))
        } else if (amt + 1).is_power_of_two() {
            let s = shl(self, amt + 1);
            Some(self.mk(Op::Sub, vt, &[s, x], d))
        } else if (amt - 2).is_power_of_two() {
            let s = shl(self, amt - 2);
            let x2 = self.mk(Op::Add, vt, &[x, x], d);
            Some(self.mk(Op::Add, vt, &[s, x2], d))
        } else if (amt + 2).is_power_of_two() {
            let s = shl(self, amt + 2);
            let x2 = self.mk(Op::Add, vt, &[x, x], d);
            Some(self.mk(Op::Sub, vt, &[s, x2], d))
        } else {
            None
        }
    }

    /// `v * k` for `k` a power of two (a shift) or 3, 5, 9 (a multiply the
    /// target selects as one `lea`, built as is).
    fn times(&mut self, vt: VT, v: SDValue, k: u64, d: u32) -> SDValue {
        if k.is_power_of_two() {
            let n = self.konst(vt, k.trailing_zeros() as u64);
            self.mk(Op::Shl, vt, &[v, n], d)
        } else {
            let k = self.konst(vt, k);
            self.dag.value(Op::Mul, vt, &[v, k], 0)
        }
    }

    /// Whether the old multiply's value has exactly one reader, an `add`.
    fn read_only_by_add(&self, old: Option<Node>) -> bool {
        old.is_some_and(|n| {
            let s = slot(SDValue::new(n, 0));
            self.cx.uses.get(s) == Some(&1)
                && self.cx.user[s] != NONE
                && self.dag.op(Node::from_u32(self.cx.user[s])) == Op::Add
        })
    }
}
