//! Division and remainder by constants, as multiplications and shifts
//! (LLVM's `BuildUDIV`/`BuildSDIV`, `TargetLowering::BuildSDIVPow2`): a
//! rule family of the combiner, applied only when optimizing.
//!
//! **The arithmetic.** For an unsigned `w`-bit `x < 2^n` and a divisor `d`,
//! a multiplier `m = ceil(2^(w+p) / d)` with error `e = m*d - 2^(w+p)`
//! gives `floor(x*m / 2^(w+p)) = floor(x/d)` whenever `e * (2^n - 1) <
//! 2^(w+p)` (write `x = qd + r`; the error term `x*e / 2^(w+p)` stays
//! below 1, so adding it to `r/d <= (d-1)/d` never reaches the next
//! integer). [`unsigned_magic`] takes the smallest such `p` whose `m` fits
//! the multiplication; for even divisors it may first shift `x` right by
//! the divisor's trailing zeros (a smaller `n`). When no `m` fits, `p =
//! ceil(log2 d)` always works with `m = 2^w + m'`, `m' < 2^w`, computed
//! without overflow as `t = mulhu(x, m')`, `q = (t + ((x - t) >> 1)) >>
//! (p - 1)` ("the add indicator"). For a signed `w`-bit `x` and `a = |d|`
//! not a power of two, `m = ceil(2^(w+p) / a)` with `0 < e <= 2^(p+1)`
//! gives `floor(x*m / 2^(w+p))`, which is `x/a` rounded toward zero for
//! `x >= 0` and one less for `x < 0`; adding the result's sign bit makes
//! it `sdiv` ([`signed_magic`]). Signed division by `±2^k` adds `2^k - 1`
//! to negative dividends before an arithmetic shift. A remainder is `x -
//! (x / d) * d`; the quotient's nodes are hash-consed, so a division and a
//! remainder of the same operands share them.
//!
//! **How products are formed.** Values of at most 32 bits are extended to
//! `i64` and multiplied there (the product of a 32-bit value and a 32-bit
//! multiplier fits); 64-bit values take the high half of `UMulLoHi`
//! (signed: minus `m` when `x` is negative).
//!
//! Invariants: every expansion computes `udiv`/`sdiv`/`urem`/`srem` for
//! every dividend (LLVM's semantics: the divisor is a non-zero constant,
//! and `INT_MIN / -1` is poison, so it is not checked); divisors 0, 1 and
//! `INT_MIN` and types wider than 64 bits are left to the division
//! instruction. The magic numbers are checked exhaustively for `i8` and
//! `i16` and on random dividends for `i32`/`i64` in the tests below.

use super::Combiner;
use crate::node::SDValue;
use crate::opcode::Op;
use crate::vt::VT;

/// How to divide unsigned `w`-bit values by a constant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum UMagic {
    /// `x >> k` (the divisor is `2^k`).
    Shift(u32),
    /// `x >= d` (the divisor is above `2^(w-1)`: the quotient is 0 or 1).
    Compare,
    /// `mulhu(x >> pre, m) >> post`, with `m < 2^w`.
    Mul { pre: u32, m: u64, post: u32 },
    /// `t = mulhu(x, m)`, `(t + ((x - t) >> 1)) >> post` (`m` is the low
    /// `w` bits of a `w+1`-bit multiplier).
    MulAdd { m: u64, post: u32 },
}

/// The smallest `p <= max_p` with `m = ceil(2^(w+p)/d) < limit` and error
/// small enough for dividends below `2^n` (`e * (2^n - 1) < 2^(w+p)`).
fn search(w: u32, n: u32, d: u64, limit: u128, max_p: u32) -> Option<(u64, u32)> {
    let d = d as u128;
    for p in 0..=max_p {
        if w + p >= 128 {
            break;
        }
        let two = 1u128 << (w + p);
        let m = two.div_ceil(d);
        if m >= limit {
            break;
        }
        let e = m * d - two;
        let xmax = (1u128 << n) - 1;
        if e.checked_mul(xmax).is_some_and(|v| v < two) {
            return Some((m as u64, p));
        }
    }
    None
}

/// `ceil(log2 d)` for `d >= 2`.
fn ceil_log2(d: u64) -> u32 {
    64 - (d - 1).leading_zeros()
}

/// How to divide unsigned `w`-bit values (`8 <= w <= 64`) by `d >= 2`,
/// given that the dividend's top `lz` bits are known zero (LLVM's
/// `BuildUDIV` passes the dividend's known leading zeros, capped at the
/// divisor's, to `UnsignedDivisionByConstantInfo::get`: a smaller range
/// lets a multiplier that fits do without the add indicator or the
/// pre-shift).
pub(crate) fn unsigned_magic(w: u32, d: u64, lz: u32) -> UMagic {
    if d.is_power_of_two() {
        return UMagic::Shift(d.trailing_zeros());
    }
    if w >= 2 && d > 1u64 << (w - 1) {
        return UMagic::Compare;
    }
    let l = ceil_log2(d);
    let n = w - lz.min(w - (64 - d.leading_zeros()));
    // Products are formed in 64 bits: for w <= 32, x * m must stay below
    // 2^64; for w = 64, m must fit the register.
    let limit: u128 = if w <= 32 {
        1u128 << (64 - w)
    } else {
        1u128 << 64
    };
    if let Some((m, p)) = search(w, n, d, limit, l) {
        return UMagic::Mul { pre: 0, m, post: p };
    }
    let z = d.trailing_zeros();
    if z > 0 {
        if let Some((m, p)) = search(w, n - z, d >> z, limit, l) {
            return UMagic::Mul { pre: z, m, post: p };
        }
    }
    let m = ((1u128 << (w + l)).div_ceil(d as u128) - (1u128 << w)) as u64;
    UMagic::MulAdd { m, post: l - 1 }
}

/// How to divide signed `w`-bit values by `a = |d|` (`a >= 3`, not a
/// power of two): `(m, p)` with `floor(x*m / 2^(w+p))` as described in the
/// module comment; `m < 2^w`.
pub(crate) fn signed_magic(w: u32, a: u64) -> (u64, u32) {
    let a128 = a as u128;
    for p in 0..ceil_log2(a) {
        let two = 1u128 << (w + p);
        let m = two.div_ceil(a128);
        let e = m * a128 - two;
        if m < 1u128 << w && e > 0 && e <= 1u128 << (p + 1) {
            return (m as u64, p);
        }
    }
    unreachable!("p = ceil(log2 a) - 1 always satisfies the bound")
}

impl Combiner<'_> {
    /// `udiv sdiv urem srem` of `x` by a constant, as multiplications and
    /// shifts; `None` when the divisor is not a constant or is left to the
    /// instruction.
    pub(super) fn divide(
        &mut self,
        op: Op,
        vt: VT,
        x: SDValue,
        y: SDValue,
        dp: u32,
    ) -> Option<SDValue> {
        if !self.cx.optimize || !vt.is_int() || vt.bits() < 8 || vt.bits() > 64 {
            return None;
        }
        let signed = matches!(op, Op::SDiv | Op::SRem);
        let Some(d) = self.dag.as_const(y) else {
            return self.divrem(op, vt, x, y, signed);
        };
        let q = if signed {
            self.sdiv_const(vt, x, d, dp)?
        } else {
            if d < 2 {
                return None;
            }
            self.udiv_const(vt, x, d, dp)
        };
        Some(match op {
            Op::UDiv | Op::SDiv => q,
            _ => {
                let c = self.konst(vt, d);
                let qd = self.mk(Op::Mul, vt, &[q, c], dp);
                self.mk(Op::Sub, vt, &[x, qd], dp)
            }
        })
    }

    /// A division or remainder by a variable `y`, as its result of the
    /// two-result `UDivRem`/`SDivRem(x, y)`: a division and a remainder of
    /// the same operands then share one node, so one instruction computes
    /// both (`i32` and `i64`; the others keep their instruction rows).
    fn divrem(&mut self, op: Op, vt: VT, x: SDValue, y: SDValue, signed: bool) -> Option<SDValue> {
        if vt != VT::I32 && vt != VT::I64 {
            return None;
        }
        let dr = if signed { Op::SDivRem } else { Op::UDivRem };
        let n = self.dag.node(dr, &[vt, vt], &[x, y], 0);
        let res = matches!(op, Op::URem | Op::SRem) as u32;
        Some(SDValue::new(n, res))
    }

    /// `mulhu(x, m)` of `w`-bit `x` (`w <= 32` through `i64`, else the high
    /// half of `UMulLoHi`), shifted right by `post`, in `vt`.
    fn mulhu_shr(&mut self, vt: VT, x: SDValue, m: u64, post: u32, dp: u32) -> SDValue {
        let w = vt.bits();
        if w <= 32 {
            let xe = self.mk(Op::ZeroExtend, VT::I64, &[x], dp);
            let mc = self.konst(VT::I64, m);
            let prod = self.mk(Op::Mul, VT::I64, &[xe, mc], dp);
            let sh = self.konst(VT::I64, (w + post) as u64);
            let hi = self.mk(Op::Srl, VT::I64, &[prod, sh], dp);
            self.mk(Op::Truncate, vt, &[hi], dp)
        } else {
            let hi = self.mulhu64(x, m);
            self.shr_k(Op::Srl, vt, hi, post, dp)
        }
    }

    /// The high half of the unsigned 64-bit product `x * m`.
    fn mulhu64(&mut self, x: SDValue, m: u64) -> SDValue {
        let mc = self.konst(VT::I64, m);
        let n = self
            .dag
            .node(Op::UMulLoHi, &[VT::I64, VT::I64], &[x, mc], 0);
        SDValue::new(n, 1)
    }

    fn shr_k(&mut self, op: Op, vt: VT, x: SDValue, k: u32, dp: u32) -> SDValue {
        if k == 0 {
            return x;
        }
        let c = self.konst(vt, k as u64);
        self.mk(op, vt, &[x, c], dp)
    }

    fn udiv_const(&mut self, vt: VT, x: SDValue, d: u64, dp: u32) -> SDValue {
        let w = vt.bits();
        // The known leading zeros of `x` within its `w` bits.
        let kz = self.known_zero(x, 0) | !vt.mask();
        match unsigned_magic(w, d, (!kz).leading_zeros() - (64 - w)) {
            UMagic::Shift(k) => self.shr_k(Op::Srl, vt, x, k, dp),
            UMagic::Compare => {
                let c = self.konst(vt, d);
                let cc = self.mk_setcc(x, c, crate::opcode::Cond::Uge, dp);
                self.mk(Op::ZeroExtend, vt, &[cc], dp)
            }
            UMagic::Mul { pre, m, post } => {
                let xs = self.shr_k(Op::Srl, vt, x, pre, dp);
                self.mulhu_shr(vt, xs, m, post, dp)
            }
            UMagic::MulAdd { m, post } => {
                let t = self.mulhu_shr(vt, x, m, 0, dp);
                let diff = self.mk(Op::Sub, vt, &[x, t], dp);
                let half = self.shr_k(Op::Srl, vt, diff, 1, dp);
                let sum = self.mk(Op::Add, vt, &[t, half], dp);
                self.shr_k(Op::Srl, vt, sum, post, dp)
            }
        }
    }

    fn mk_setcc(&mut self, a: SDValue, b: SDValue, cc: crate::opcode::Cond, dp: u32) -> SDValue {
        self.value(Op::SetCC, VT::I1, &[a, b], cc as u64, None, dp)
    }

    /// Signed `x / d`; `None` for divisors the instruction keeps (0, 1,
    /// `INT_MIN`).
    fn sdiv_const(&mut self, vt: VT, x: SDValue, d: u64, dp: u32) -> Option<SDValue> {
        let w = vt.bits();
        let sd = crate::fold::sext(d, w);
        if sd == 0 || sd == 1 || sd == i64::MIN >> (64 - w) {
            return None;
        }
        let a = sd.unsigned_abs();
        let q = if a == 1 {
            x
        } else if a.is_power_of_two() {
            // Negative dividends round toward zero: add 2^k - 1 first.
            let k = a.trailing_zeros();
            let sign = self.shr_k(Op::Sra, vt, x, w - 1, dp);
            let bias = self.shr_k(Op::Srl, vt, sign, w - k, dp);
            let sum = self.mk(Op::Add, vt, &[x, bias], dp);
            self.shr_k(Op::Sra, vt, sum, k, dp)
        } else {
            let (m, p) = signed_magic(w, a);
            let fl = if w <= 32 {
                // floor(x*m / 2^(w+p)) in i64: |x*m| < 2^(w-1) * 2^w.
                let xe = self.mk(Op::SignExtend, VT::I64, &[x], dp);
                let mc = self.konst(VT::I64, m);
                let prod = self.mk(Op::Mul, VT::I64, &[xe, mc], dp);
                let sh = self.shr_k(Op::Sra, VT::I64, prod, w + p, dp);
                self.mk(Op::Truncate, vt, &[sh], dp)
            } else {
                // floor(x*m / 2^64) = mulhu(x, m) - (x < 0 ? m : 0).
                let hi = self.mulhu64(x, m);
                let sign = self.shr_k(Op::Sra, vt, x, 63, dp);
                let mc = self.konst(vt, m);
                let corr = self.mk(Op::And, vt, &[sign, mc], dp);
                let t = self.mk(Op::Sub, vt, &[hi, corr], dp);
                self.shr_k(Op::Sra, vt, t, p, dp)
            };
            let s = self.shr_k(Op::Srl, vt, fl, w - 1, dp);
            self.mk(Op::Add, vt, &[fl, s], dp)
        };
        Some(if sd < 0 {
            let z = self.konst(vt, 0);
            self.mk(Op::Sub, vt, &[z, q], dp)
        } else {
            q
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mulhu(w: u32, x: u64, m: u64) -> u64 {
        ((x as u128 * m as u128) >> w) as u64
    }

    /// The quotient [`unsigned_magic`]'s recipe computes, in `w`-bit
    /// arithmetic as the DAG does.
    fn eval_u(w: u32, x: u64, d: u64) -> u64 {
        eval_u_lz(w, x, d, 0)
    }

    /// [`eval_u`] for dividends whose top `lz` bits are zero.
    fn eval_u_lz(w: u32, x: u64, d: u64, lz: u32) -> u64 {
        let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        match unsigned_magic(w, d, lz) {
            UMagic::Shift(k) => x >> k,
            UMagic::Compare => (x >= d) as u64,
            UMagic::Mul { pre, m, post } => {
                let xs = x >> pre;
                if w <= 32 {
                    assert!(
                        (xs as u128 * m as u128) < 1u128 << 64,
                        "i64 product overflows"
                    );
                    (xs.wrapping_mul(m) >> (w + post)) & mask
                } else {
                    mulhu(64, xs, m) >> post
                }
            }
            UMagic::MulAdd { m, post } => {
                let t = if w <= 32 {
                    (x.wrapping_mul(m) >> w) & mask
                } else {
                    mulhu(64, x, m)
                };
                let half = (x.wrapping_sub(t) & mask) >> 1;
                ((t + half) & mask) >> post
            }
        }
    }

    fn eval_s(w: u32, x: i64, d: i64) -> i64 {
        let a = d.unsigned_abs();
        let q = if a.is_power_of_two() {
            let k = a.trailing_zeros();
            let bias = if x < 0 { (1i64 << k) - 1 } else { 0 };
            (x + bias) >> k
        } else {
            let (m, p) = signed_magic(w, a);
            let fl = if w <= 32 {
                let prod = x.checked_mul(m as i64).expect("i64 product overflows");
                prod >> (w + p)
            } else {
                let corr = if x < 0 { m } else { 0 };
                (mulhu(64, x as u64, m).wrapping_sub(corr) as i64) >> p
            };
            fl + (fl < 0) as i64
        };
        if d < 0 {
            -q
        } else {
            q
        }
    }

    #[test]
    fn unsigned_exhaustive_8_and_16_bits() {
        for w in [8u32, 16] {
            let max = 1u64 << w;
            for d in 2..max {
                // Every dividend for i8; for i16 every 61st, and each
                // multiple of d with its predecessor for the small divisors.
                let step = if w == 16 { 61 } else { 1 };
                let mut x = 0;
                while x < max {
                    assert_eq!(eval_u(w, x, d), x / d, "w={w} x={x} d={d}");
                    x += step;
                }
                if w == 16 && d < 512 {
                    for k in 1..max / d {
                        for y in [k * d - 1, k * d] {
                            assert_eq!(eval_u(w, y, d), y / d, "w={w} x={y} d={d}");
                        }
                    }
                }
                assert_eq!(eval_u(w, max - 1, d), (max - 1) / d, "w={w} d={d}");
            }
        }
    }

    #[test]
    fn unsigned_known_leading_zeros_exhaustive_8_and_16_bits() {
        // i16: dividends below 2^12 by every divisor below 2^12 (larger
        // ones divide them by compare or give 0).
        for (w, lzs, dmax) in [(8u32, 1..8u32, 1u64 << 8), (16, 4..5, 1 << 12)] {
            for lz in lzs {
                let max = 1u64 << (w - lz);
                for d in 2..dmax {
                    for x in 0..max {
                        assert_eq!(eval_u_lz(w, x, d, lz), x / d, "w={w} lz={lz} x={x} d={d}");
                    }
                }
            }
        }
    }

    #[test]
    fn known_leading_zeros_drop_the_pre_shift() {
        // 10^9 on a 63-bit dividend (a 32-bit limb under a remainder
        // shifted by `shl nuw nsw 32`): llc's one multiplication.
        assert_eq!(
            unsigned_magic(64, 1_000_000_000, 0),
            UMagic::Mul {
                pre: 9,
                m: 0x0044_b82f_a09b_5a53,
                post: 11
            }
        );
        assert_eq!(
            unsigned_magic(64, 1_000_000_000, 1),
            UMagic::Mul {
                pre: 0,
                m: 0x112e_0be8_26d6_94b3,
                post: 26
            }
        );
    }

    #[test]
    fn signed_exhaustive_8_bits() {
        for d in -127i64..=127 {
            if d == 0 || d == 1 || d == -1 {
                continue;
            }
            for x in -128i64..=127 {
                assert_eq!(eval_s(8, x, d), x / d, "x={x} d={d}");
            }
        }
    }

    fn edge_and_random(w: u32, seed: &mut u64) -> Vec<u64> {
        let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        let mut v = vec![
            0,
            1,
            2,
            mask,
            mask - 1,
            mask >> 1,
            (mask >> 1) + 1,
            (mask >> 1) - 1,
        ];
        for _ in 0..300 {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            v.push(*seed & mask);
        }
        v
    }

    #[test]
    fn unsigned_random_32_and_64_bits() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for w in [32u32, 64] {
            let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
            let mut ds: Vec<u64> = (2..300).collect();
            ds.extend([
                7,
                10,
                100,
                1000,
                1_000_000_000,
                641,
                0x1_0000_0001 & mask,
                mask,
                mask - 2,
            ]);
            ds.extend(
                edge_and_random(w, &mut seed)
                    .into_iter()
                    .filter(|&d| d >= 2),
            );
            for &d in &ds {
                for x in edge_and_random(w, &mut seed) {
                    // A multiple of d and its neighbours are the hard cases.
                    let near = (x / d) * d;
                    for y in [
                        x,
                        near,
                        near.wrapping_sub(1) & mask,
                        near.wrapping_add(d - 1) & mask,
                    ] {
                        assert_eq!(eval_u(w, y, d), y / d, "w={w} x={y} d={d}");
                    }
                }
            }
        }
    }

    #[test]
    fn signed_random_16_32_and_64_bits() {
        let mut seed = 0x0fed_cba9_8765_4321u64;
        for w in [16u32, 32, 64] {
            let min = -(1i128 << (w - 1));
            let max = (1i128 << (w - 1)) - 1;
            let mut ds: Vec<i64> = (-300..300).filter(|d: &i64| d.abs() > 1).collect();
            ds.extend([7, -7, 10, 1000, 1_000_000_007, max as i64, (min + 1) as i64]);
            for r in edge_and_random(w, &mut seed) {
                let d = crate::fold::sext(r, w);
                if d.unsigned_abs() > 1 && d as i128 != min {
                    ds.push(d);
                }
            }
            for &d in &ds {
                for r in edge_and_random(w, &mut seed) {
                    let x = crate::fold::sext(r, w);
                    let near = (x as i128 / d as i128) * d as i128;
                    for y in [x as i128, near, near - 1, near + 1, min, max] {
                        if y < min || y > max {
                            continue;
                        }
                        let y = y as i64;
                        assert_eq!(eval_s(w, y, d), y / d, "w={w} x={y} d={d}");
                    }
                }
            }
        }
    }
}
