//! Expansion of wide integer operations into operations on `I64` parts
//! (LLVM's `ExpandIntegerResult` / `ExpandIntegerOperand`). Each rule reads
//! the parts of its wide operands and records the parts of its wide
//! result, low first.
//!
//! The rules, for a value `x = (.. x1:x0)`:
//! - `and/or/xor`, `select`: per part; `add/sub`: `AddC`/`SubC` on the
//!   lowest parts, glued to `AddE`/`SubE` on each higher one (the carry
//!   never leaves the flags);
//! - `mul` (two parts): `UMulLoHi(a0, b0)` plus the cross products
//!   `a0*b1 + a1*b0` in the high half; more parts: schoolbook
//!   (`mul_parts`);
//! - shifts by a constant: whole-part moves and, within parts, single
//!   shifts and funnel shifts (`FShl`/`FShr`); by a variable amount `s`
//!   (two parts): the shift of both halves by `s mod 64` (one funnel shift,
//!   one plain shift of `s & 63`), then a select on bit 6 of `s` (`s & 64`)
//!   moves one half over the other;
//! - `setcc`: equality as `OR of (ai ^ bi) == 0`; orderings as a borrow
//!   chain `SubC(a0, b0)`, `SubE(ai, bi)`.., glued to `SetCCCarry` of the
//!   top parts, after swapping operands so only `ult uge slt sge` remain;
//!   a sign test (`< 0`, `>= 0`, `> -1`, `<= -1`) reads the top part only;
//! - extensions: the value (extended to a part) and `0`, `sra(top, 63)` or
//!   undef above; truncation: the low parts (truncated further if needed);
//! - loads and stores: one access per part at `addr + 8k`, chained in that
//!   order (the low part at the lowest address: little-endian); extending
//!   loads and truncating stores touch only the parts they need;
//! - `CopyFromReg`/`CopyToReg`: the consecutive registers `r + k`;
//! - two parts only: `sdiv udiv srem urem` as calls of `__divti3
//!   __udivti3 __modti3 __umodti3` through the target's call lowering,
//!   ordered after the entry (the helpers have no side effects); rotations,
//!   `bswap` (any number of parts), `ctlz/cttz`, the add/sub/mul overflow
//!   bits (mul: from the double-width product, see `mul_overflow`; any
//!   number of parts).

use super::{half_of, num_regs, Legalizer};
use crate::lowering::{IselError, SymRef};
use crate::node::{Node, SDValue};
use crate::opcode::{Cond, Ext, MemInfo, Op};
use crate::vt::VT;
use rcc_mach::{Reg, SymFlag, SymOperand};

/// The (low, high) halves of a wide value.
type Parts = (SDValue, SDValue);

const H: VT = VT::I64;

impl Legalizer<'_> {
    /// Expands node `n`, which has a wide result or operand.
    pub(super) fn expand(&mut self, n: Node) -> Result<(), IselError> {
        let op = self.dag.op(n);
        let ops: Vec<SDValue> = self.dag.operands(n).to_vec();
        let payload = self.dag.payload(n);
        let vt0 = self.dag.vts(n)[0];
        let out = SDValue::new(n, 0);
        let nparts = num_regs(vt0) as usize;
        match op {
            // Read by the CopyFromReg/CopyToReg rules (`regs_of`).
            Op::Register => {}
            Op::Constant => {
                let mut parts = vec![self.dag.constant(H, payload)];
                parts.resize(nparts, self.dag.constant(H, 0));
                self.set_parts(out, &parts);
            }
            Op::Undef => {
                let u = self.dag.value(Op::Undef, H, &[], 0);
                self.set_parts(out, &vec![u; nparts]);
            }
            Op::BuildPair => {
                let mut parts = self.wide(ops[0]);
                parts.extend_from_slice(self.parts(ops[1]));
                self.set_parts(out, &parts);
            }
            Op::ExtractElement => {
                let x = self.wide(ops[0]);
                let k = payload as usize * nparts;
                let Some(half) = x.get(k..k + nparts) else {
                    return Err(IselError::new(describe(self, n)));
                };
                self.set_parts(out, half);
            }
            Op::And | Op::Or | Op::Xor => {
                let (a, b) = (self.wide(ops[0]), self.wide(ops[1]));
                let parts: Vec<SDValue> = a
                    .iter()
                    .zip(&b)
                    .map(|(&x, &y)| self.dag.value(op, H, &[x, y], 0))
                    .collect();
                self.set_parts(out, &parts);
            }
            Op::Add | Op::Sub => {
                let (a, b) = (self.wide(ops[0]), self.wide(ops[1]));
                let parts = self.carry_chain(op == Op::Add, &a, &b);
                self.set_parts(out, &parts);
            }
            Op::Mul if nparts > 2 => {
                let (a, b) = (self.wide(ops[0]), self.wide(ops[1]));
                let parts = self.mul_parts(&a, &b, nparts);
                self.set_parts(out, &parts);
            }
            Op::Mul => {
                let ((al, ah), (bl, bh)) = (self.pair(ops[0], n)?, self.pair(ops[1], n)?);
                let m = self.dag.node(Op::UMulLoHi, &[H, H], &[al, bl], 0);
                let (lo, hi0) = (SDValue::new(m, 0), SDValue::new(m, 1));
                let x = self.dag.value(Op::Mul, H, &[al, bh], 0);
                let y = self.dag.value(Op::Mul, H, &[ah, bl], 0);
                let hi1 = self.dag.value(Op::Add, H, &[hi0, x], 0);
                let hi = self.dag.value(Op::Add, H, &[hi1, y], 0);
                self.set_parts(out, &[lo, hi]);
            }
            Op::Shl | Op::Srl | Op::Sra => {
                let x = self.wide(ops[0]);
                let amt = self.parts(ops[1])[0];
                let parts = match self.dag.as_const(amt) {
                    Some(k) => self.shift_const(op, &x, k),
                    None => {
                        let x = self.pair(ops[0], n)?;
                        let (lo, hi) = self.shift_parts(op, x, amt);
                        vec![lo, hi]
                    }
                };
                self.set_parts(out, &parts);
            }
            Op::Rotl | Op::Rotr => {
                // x << s | x >> (-s mod 128), the direction swapped for rotr.
                let x = self.pair(ops[0], n)?;
                let amt = self.parts(ops[1])[0];
                let m = self.dag.constant(H, 127);
                let zero = self.dag.constant(H, 0);
                let s = self.dag.value(Op::And, H, &[amt, m], 0);
                let neg = self.dag.value(Op::Sub, H, &[zero, amt], 0);
                let t = self.dag.value(Op::And, H, &[neg, m], 0);
                let (first, second) = if op == Op::Rotl { (s, t) } else { (t, s) };
                let (al, ah) = self.shift_parts(Op::Shl, x, first);
                let (bl, bh) = self.shift_parts(Op::Srl, x, second);
                let lo = self.dag.value(Op::Or, H, &[al, bl], 0);
                let hi = self.dag.value(Op::Or, H, &[ah, bh], 0);
                self.set_parts(out, &[lo, hi]);
            }
            Op::Bswap => {
                // The byte-swapped parts in the reverse order.
                let x = self.wide(ops[0]);
                let parts: Vec<SDValue> = x
                    .iter()
                    .rev()
                    .map(|&p| self.dag.value(Op::Bswap, H, &[p], 0))
                    .collect();
                self.set_parts(out, &parts);
            }
            Op::Ctlz | Op::CtlzZeroUndef | Op::Cttz | Op::CttzZeroUndef => {
                // The count in the half that decides (the high one for
                // leading zeros), else 64 + the count in the other.
                let (xl, xh) = self.pair(ops[0], n)?;
                let leading = matches!(op, Op::Ctlz | Op::CtlzZeroUndef);
                let (first, second) = if leading { (xh, xl) } else { (xl, xh) };
                let zero = self.dag.constant(H, 0);
                let nz = self
                    .dag
                    .value(Op::SetCC, VT::I1, &[first, zero], Cond::Ne as u64);
                let undef_op = if leading {
                    Op::CtlzZeroUndef
                } else {
                    Op::CttzZeroUndef
                };
                let c1 = self.dag.value(undef_op, H, &[first], 0);
                // The other half may be zero too unless zero is poison.
                let other_op = match op {
                    Op::CtlzZeroUndef | Op::CttzZeroUndef => undef_op,
                    o => o,
                };
                let c2 = self.dag.value(other_op, H, &[second], 0);
                let k64 = self.dag.constant(H, 64);
                let c2 = self.dag.value(Op::Add, H, &[c2, k64], 0);
                let lo = self.dag.value(Op::Select, H, &[nz, c1, c2], 0);
                self.set_parts(out, &[lo, zero]);
            }
            Op::UAddO | Op::USubO | Op::SAddO | Op::SSubO => {
                let (a, b) = (self.wide(ops[0]), self.wide(ops[1]));
                let r = self.overflow(op, &a, &b);
                self.set(out, r);
            }
            Op::UMulO | Op::SMulO => {
                let (a, b) = (self.wide(ops[0]), self.wide(ops[1]));
                let r = self.mul_overflow(op == Op::SMulO, &a, &b);
                self.set(out, r);
            }
            Op::SDiv | Op::UDiv | Op::SRem | Op::URem => {
                let (a, b) = (self.pair(ops[0], n)?, self.pair(ops[1], n)?);
                self.libcall(op, out, &[a, b])?
            }
            Op::SetCC => {
                let cond = Cond::ALL
                    .get(payload as usize)
                    .copied()
                    .ok_or_else(|| IselError::new("a setcc condition"))?;
                let (a, b) = (self.wide(ops[0]), self.wide(ops[1]));
                let r = self.setcc_parts(cond, &a, &b);
                self.set(out, r);
            }
            Op::Select => {
                let c = self.val(ops[0]);
                let (a, b) = (self.wide(ops[1]), self.wide(ops[2]));
                let parts: Vec<SDValue> = a
                    .iter()
                    .zip(&b)
                    .map(|(&x, &y)| self.dag.value(Op::Select, H, &[c, x, y], 0))
                    .collect();
                self.set_parts(out, &parts);
            }
            Op::ZeroExtend | Op::SignExtend | Op::AnyExtend => {
                let mut parts = self.wide(ops[0]);
                if self.dag.vt(parts[0]) != H {
                    // A legal value narrower than a part.
                    parts[0] = self.dag.value(op, H, &[parts[0]], 0);
                }
                let top = *parts.last().expect("a value has a part");
                let fill = match op {
                    Op::ZeroExtend => self.dag.constant(H, 0),
                    Op::SignExtend => {
                        let s = self.dag.constant(H, 63);
                        self.dag.value(Op::Sra, H, &[top, s], 0)
                    }
                    _ => self.dag.value(Op::Undef, H, &[], 0),
                };
                parts.resize(nparts, fill);
                self.set_parts(out, &parts);
            }
            Op::Truncate => {
                let x = self.wide(ops[0]);
                if half_of(vt0).is_some() {
                    self.set_parts(out, &x[..nparts]);
                } else if vt0 == H {
                    self.set(out, x[0]);
                } else {
                    let v = self.dag.value(Op::Truncate, vt0, &[x[0]], 0);
                    self.set(out, v);
                }
            }
            Op::CopyFromReg => {
                let regs = self.regs_of(ops[1], nparts)?;
                let mut ch = self.val(ops[0]);
                let mut parts = Vec::with_capacity(nparts);
                for r in regs {
                    let c = self.dag.node(Op::CopyFromReg, &[H, VT::Chain], &[ch, r], 0);
                    parts.push(SDValue::new(c, 0));
                    ch = SDValue::new(c, 1);
                }
                self.set_parts(out, &parts);
                self.set(SDValue::new(n, 1), ch);
            }
            Op::CopyToReg => {
                let x = self.wide(ops[2]);
                let regs = self.regs_of(ops[1], x.len())?;
                let mut ch = self.val(ops[0]);
                for (r, p) in regs.into_iter().zip(x) {
                    ch = self.dag.value(Op::CopyToReg, VT::Chain, &[ch, r, p], 0);
                }
                self.set(out, ch);
            }
            Op::Load => self.load(n, &ops, payload)?,
            Op::Store => self.store(n, &ops, payload)?,
            _ => return Err(IselError::new(describe(self, n))),
        }
        Ok(())
    }

    /// The `Register` nodes of the `count` consecutive vregs holding a wide
    /// value whose first vreg is named by `reg`.
    fn regs_of(&mut self, reg: SDValue, count: usize) -> Result<Vec<SDValue>, IselError> {
        let r = Reg::from_bits(self.dag.payload(reg.node()) as u32);
        let Some(v) = r.as_virt() else {
            return Err(IselError::new(
                "a wide value in a physical register (only virtual registers are expanded)",
            ));
        };
        Ok((0..count as u32)
            .map(|k| {
                let rk = Reg::virt(rcc_mach::VReg::from_u32(v.as_u32() + k));
                self.dag.value(Op::Register, H, &[], rk.bits() as u64)
            })
            .collect())
    }

    /// `a + b` (`add`) or `a - b` over parts: a glued carry chain.
    fn carry_chain(&mut self, add: bool, a: &[SDValue], b: &[SDValue]) -> Vec<SDValue> {
        let (first, next) = if add {
            (Op::AddC, Op::AddE)
        } else {
            (Op::SubC, Op::SubE)
        };
        let mut out = Vec::with_capacity(a.len());
        let mut glue: Option<SDValue> = None;
        for (&x, &y) in a.iter().zip(b) {
            let node = match glue {
                None => self.dag.node(first, &[H, VT::Glue], &[x, y], 0),
                Some(g) => self.dag.node(next, &[H, VT::Glue], &[x, y, g], 0),
            };
            out.push(SDValue::new(node, 0));
            glue = Some(SDValue::new(node, 1));
        }
        out
    }

    /// `addr + by`, reassociated into `base + (c + by)` when `addr` is
    /// `base + c`, so every part's address folds into an addressing mode.
    fn offset(&mut self, addr: SDValue, by: u64) -> SDValue {
        if by == 0 {
            return addr;
        }
        let (mut base, mut off) = (addr, by);
        if self.dag.op_of(addr) == Op::Add {
            let ops = self.dag.operands(addr.node());
            if let Some(c) = self.dag.as_const(ops[1]) {
                (base, off) = (ops[0], c.wrapping_add(by));
            }
        }
        let c = self.dag.constant(VT::I64, off);
        self.dag.value(Op::Add, VT::I64, &[base, c], 0)
    }

    fn load(&mut self, n: Node, ops: &[SDValue], payload: u64) -> Result<(), IselError> {
        let mi = MemInfo::unpack(payload);
        let vt = self.dag.vts(n)[0];
        let mut ch = self.val(ops[0]);
        let addr = self.val(ops[1]);
        let bits = mi.mem_bits;
        // Whole parts read, and how the rest above them is filled.
        let whole = if bits >= 64 && bits.is_multiple_of(64) && bits <= vt.bits() {
            (bits / 64) as usize
        } else if bits < 64 && mi.ext != Ext::None {
            0
        } else {
            return Err(IselError::new(describe(self, n)));
        };
        let part = MemInfo {
            mem_bits: 64,
            ext: Ext::None,
            volatile: mi.volatile,
            segment: mi.segment,
        };
        let mut parts = Vec::with_capacity(num_regs(vt) as usize);
        for k in 0..whole {
            let a = self.offset(addr, 8 * k as u64);
            let l = self
                .dag
                .node(Op::Load, &[H, VT::Chain], &[ch, a], part.pack());
            parts.push(SDValue::new(l, 0));
            ch = SDValue::new(l, 1);
        }
        if whole == 0 {
            // An extending load of less than a part.
            let l = self
                .dag
                .node(Op::Load, &[H, VT::Chain], &[ch, addr], payload);
            parts.push(SDValue::new(l, 0));
            ch = SDValue::new(l, 1);
        }
        let top = *parts.last().expect("a part was loaded");
        let fill = match mi.ext {
            Ext::Sign => {
                let s = self.dag.constant(H, 63);
                self.dag.value(Op::Sra, H, &[top, s], 0)
            }
            Ext::Zero => self.dag.constant(H, 0),
            _ => self.dag.value(Op::Undef, H, &[], 0),
        };
        parts.resize(num_regs(vt) as usize, fill);
        self.set_parts(SDValue::new(n, 0), &parts);
        self.set(SDValue::new(n, 1), ch);
        Ok(())
    }

    fn store(&mut self, n: Node, ops: &[SDValue], payload: u64) -> Result<(), IselError> {
        let mi = MemInfo::unpack(payload);
        let mut ch = self.val(ops[0]);
        let x = self.wide(ops[1]);
        let addr = self.val(ops[2]);
        let bits = mi.mem_bits;
        if bits < 64 {
            // A truncating store of the low part.
            let s = self
                .dag
                .value(Op::Store, VT::Chain, &[ch, x[0], addr], payload);
            self.set(SDValue::new(n, 0), s);
            return Ok(());
        }
        if !bits.is_multiple_of(64) || bits as usize > 64 * x.len() {
            return Err(IselError::new(describe(self, n)));
        }
        let part = MemInfo { mem_bits: 64, ..mi }.pack();
        for (k, &p) in x.iter().take((bits / 64) as usize).enumerate() {
            let a = self.offset(addr, 8 * k as u64);
            ch = self.dag.value(Op::Store, VT::Chain, &[ch, p, a], part);
        }
        self.set(SDValue::new(n, 0), ch);
        Ok(())
    }

    /// The parts of `x op k` for a constant `k` (taken modulo the width):
    /// whole parts move by `k / 64`, and bits within parts by `k % 64`
    /// with funnel shifts of neighbouring parts.
    fn shift_const(&mut self, op: Op, x: &[SDValue], k: u64) -> Vec<SDValue> {
        let n = x.len();
        let k = k % (64 * n as u64);
        let (q, r) = ((k / 64) as usize, k % 64);
        let rr = self.dag.constant(H, r);
        let zero = self.dag.constant(H, 0);
        if op == Op::Shl {
            return (0..n)
                .map(|i| {
                    if i < q {
                        zero
                    } else if r == 0 {
                        x[i - q]
                    } else if i == q {
                        self.dag.value(Op::Shl, H, &[x[0], rr], 0)
                    } else {
                        self.dag
                            .value(Op::FShl, H, &[x[i - q], x[i - q - 1], rr], 0)
                    }
                })
                .collect();
        }
        let fill = if op == Op::Sra {
            let s63 = self.dag.constant(H, 63);
            self.dag.value(Op::Sra, H, &[x[n - 1], s63], 0)
        } else {
            zero
        };
        (0..n)
            .map(|i| {
                let j = i + q;
                if j >= n {
                    fill
                } else if r == 0 {
                    x[j]
                } else if j == n - 1 {
                    self.dag.value(op, H, &[x[j], rr], 0)
                } else {
                    self.dag.value(Op::FShr, H, &[x[j + 1], x[j], rr], 0)
                }
            })
            .collect()
    }

    /// The halves of `(xh:xl) op amt` (`amt` the low half of the count).
    fn shift_parts(&mut self, op: Op, (xl, xh): Parts, amt: SDValue) -> Parts {
        let h = H;
        let zero = self.dag.constant(h, 0);
        let c = |d: &mut crate::node::Dag, v: u64| d.constant(h, v);
        if let Some(k) = self.dag.as_const(amt) {
            let p = self.shift_const(op, &[xl, xh], k);
            return (p[0], p[1]);
        }
        let m63 = c(self.dag, 63);
        let m64 = c(self.dag, 64);
        let masked = self.dag.value(Op::And, h, &[amt, m63], 0);
        let bit6 = self.dag.value(Op::And, h, &[amt, m64], 0);
        let big = self
            .dag
            .value(Op::SetCC, VT::I1, &[bit6, zero], Cond::Ne as u64);
        let sel = |d: &mut crate::node::Dag, t: SDValue, f: SDValue| {
            d.value(Op::Select, h, &[big, t, f], 0)
        };
        let (lo, hi) = if op == Op::Shl {
            let l1 = self.dag.value(Op::Shl, h, &[xl, masked], 0);
            let h1 = self.dag.value(Op::FShl, h, &[xh, xl, amt], 0);
            (sel(self.dag, zero, l1), sel(self.dag, l1, h1))
        } else {
            let h1 = self.dag.value(op, h, &[xh, masked], 0);
            let l1 = self.dag.value(Op::FShr, h, &[xh, xl, amt], 0);
            let fill = if op == Op::Srl {
                zero
            } else {
                self.dag.value(Op::Sra, h, &[xh, m63], 0)
            };
            (sel(self.dag, h1, l1), sel(self.dag, fill, h1))
        };
        (lo, hi)
    }

    /// The overflow bit of a wide `a op b` (`UAddO USubO SAddO SSubO`; the
    /// value itself is the separate `Add`/`Sub` node), over any number of
    /// parts.
    fn overflow(&mut self, op: Op, a: &[SDValue], b: &[SDValue]) -> SDValue {
        if op == Op::USubO {
            return self.setcc_parts(Cond::Ult, a, b);
        }
        // The sum or difference again (glued parts are never shared).
        let r = self.carry_chain(matches!(op, Op::UAddO | Op::SAddO), a, b);
        if op == Op::UAddO {
            // A carry out wraps the sum below either operand.
            return self.setcc_parts(Cond::Ult, &r, a);
        }
        // Signed: the result's sign differs from a's, and b's sign is a's
        // (add) or not (sub): ((r ^ a) & (r ^ b)) < 0 or ((a ^ b) & (a ^ r)) < 0.
        let top = a.len() - 1;
        let ra = self.dag.value(Op::Xor, H, &[r[top], a[top]], 0);
        let other = if op == Op::SAddO {
            self.dag.value(Op::Xor, H, &[r[top], b[top]], 0)
        } else {
            self.dag.value(Op::Xor, H, &[a[top], b[top]], 0)
        };
        let both = self.dag.value(Op::And, H, &[ra, other], 0);
        let zero = self.dag.constant(H, 0);
        self.dag
            .value(Op::SetCC, VT::I1, &[both, zero], Cond::Slt as u64)
    }

    /// The low `words` parts of `a * b` (at most twice the parts of `a`;
    /// schoolbook: each partial product `a_i * b_j` adds its two words at
    /// part `i + j` through a carry chain, only its low word at the top
    /// part).
    fn mul_parts(&mut self, a: &[SDValue], b: &[SDValue], words: usize) -> Vec<SDValue> {
        let zero = self.dag.constant(H, 0);
        let mut acc = vec![zero; words];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                let k = i + j;
                if k >= words {
                    break;
                }
                let mut add = vec![zero; words - k];
                if k + 1 < words {
                    let m = self.dag.node(Op::UMulLoHi, &[H, H], &[x, y], 0);
                    add[0] = SDValue::new(m, 0);
                    add[1] = SDValue::new(m, 1);
                } else {
                    add[0] = self.dag.value(Op::Mul, H, &[x, y], 0);
                }
                let sum = self.carry_chain(true, &acc[k..], &add);
                acc[k..].copy_from_slice(&sum);
            }
        }
        acc
    }

    /// The overflow bit of a wide `a * b` (`UMulO`, `SMulO`; the value
    /// itself is the separate `Mul` node): the upper half of the
    /// double-width unsigned product must be zero (unsigned); signed, it
    /// is first corrected to the signed product's upper half by
    /// subtracting `b` if `a < 0` and `a` if `b < 0`, and must equal the
    /// sign of the lower half in every part.
    fn mul_overflow(&mut self, signed: bool, a: &[SDValue], b: &[SDValue]) -> SDValue {
        let n = a.len();
        let full = self.mul_parts(a, b, 2 * n);
        let mut hi = full[n..].to_vec();
        if !signed {
            let zeros = vec![self.dag.constant(H, 0); n];
            return self.setcc_parts(Cond::Ne, &hi, &zeros);
        }
        let k63 = self.dag.constant(H, 63);
        for (sign_of, x) in [(a[n - 1], b), (b[n - 1], a)] {
            let m = self.dag.value(Op::Sra, H, &[sign_of, k63], 0);
            let y: Vec<SDValue> = x
                .iter()
                .map(|&p| self.dag.value(Op::And, H, &[p, m], 0))
                .collect();
            hi = self.carry_chain(false, &hi, &y);
        }
        let s = self.dag.value(Op::Sra, H, &[full[n - 1], k63], 0);
        self.setcc_parts(Cond::Ne, &hi, &vec![s; n])
    }

    /// The i1 value of `a cond b` for parts `a` and `b`.
    fn setcc_parts(&mut self, cond: Cond, a: &[SDValue], b: &[SDValue]) -> SDValue {
        let zero = self.dag.constant(H, 0);
        let n = a.len();
        if matches!(cond, Cond::Eq | Cond::Ne) {
            let mut acc: Option<SDValue> = None;
            for (&x, &y) in a.iter().zip(b) {
                let d = self.dag.value(Op::Xor, H, &[x, y], 0);
                acc = Some(match acc {
                    None => d,
                    Some(p) => self.dag.value(Op::Or, H, &[p, d], 0),
                });
            }
            let o = acc.expect("a value has a part");
            return self.dag.value(Op::SetCC, VT::I1, &[o, zero], cond as u64);
        }
        // Sign tests look at the top part only: a < 0, a >= 0, a > -1,
        // a <= -1.
        let b_is = |d: &crate::node::Dag, v: u64| b.iter().all(|&p| d.as_const(p) == Some(v));
        let sign_test = (b_is(self.dag, 0) && matches!(cond, Cond::Slt | Cond::Sge))
            || (b_is(self.dag, u64::MAX) && matches!(cond, Cond::Sgt | Cond::Sle));
        if sign_test {
            return self
                .dag
                .value(Op::SetCC, VT::I1, &[a[n - 1], b[n - 1]], cond as u64);
        }
        // Only the conditions the borrow and sign flags answer directly.
        let (cond, a, b) = match cond {
            Cond::Ugt | Cond::Ule | Cond::Sgt | Cond::Sle => (cond.swapped(), b, a),
            _ => (cond, a, b),
        };
        // The borrow chain of the low parts, then the top parts' flags.
        let mut glue: Option<SDValue> = None;
        for (&x, &y) in a[..n - 1].iter().zip(b) {
            let node = match glue {
                None => self.dag.node(Op::SubC, &[H, VT::Glue], &[x, y], 0),
                Some(g) => self.dag.node(Op::SubE, &[H, VT::Glue], &[x, y, g], 0),
            };
            glue = Some(SDValue::new(node, 1));
        }
        let g = glue.expect("a wide value has two parts or more");
        SDValue::new(
            self.dag.node(
                Op::SetCCCarry,
                &[VT::I1],
                &[a[n - 1], b[n - 1], g],
                cond as u64,
            ),
            0,
        )
    }

    /// Wide division or remainder as a call of the runtime library.
    fn libcall(&mut self, op: Op, out: SDValue, ops: &[Parts]) -> Result<(), IselError> {
        let name = match op {
            Op::SDiv => "__divti3",
            Op::UDiv => "__udivti3",
            Op::SRem => "__modti3",
            _ => "__umodti3",
        };
        let wide = self.dag.vt(out);
        let mut args = Vec::with_capacity(2);
        for &(lo, hi) in ops {
            args.push(self.dag.value(Op::BuildPair, wide, &[lo, hi], 0));
        }
        let target = self.mf.external(name);
        let s = self.mf.sym(SymOperand {
            target,
            offset: 0,
            flag: if self.cx.pic {
                self.lower.sym_flag(SymRef::PreemptibleCall)
            } else {
                SymFlag::NONE
            },
        });
        let callee = self.dag.value(Op::Symbol, VT::I64, &[], s.payload() as u64);
        let entry = self.dag.entry();
        let (_, r) =
            self.lower
                .lower_call(self.dag, self.mf, entry, callee, &args, &[wide], false)?;
        let r = *r
            .first()
            .ok_or_else(|| IselError::new(format!("the result of {name}")))?;
        if self.dag.op_of(r) != Op::BuildPair {
            return Err(IselError::new(format!(
                "the result of {name} (the target must return wide values as BuildPair)"
            )));
        }
        let (lo, hi) = (
            self.dag.operands(r.node())[0],
            self.dag.operands(r.node())[1],
        );
        self.set_parts(out, &[lo, hi]);
        Ok(())
    }
}

/// A node no rule expands, for the error message.
pub(super) fn describe(l: &Legalizer<'_>, n: Node) -> String {
    let d = &*l.dag;
    let vts: Vec<String> = d.vts(n).iter().map(|v| v.to_string()).collect();
    let ops: Vec<String> = d.operands(n).iter().map(|&o| d.vt(o).to_string()).collect();
    let wide = d
        .vts(n)
        .iter()
        .copied()
        .chain(d.operands(n).iter().map(|&o| d.vt(o)))
        .find(|&t| half_of(t).is_some())
        .unwrap_or(VT::I128);
    format!(
        "{wide} operation ({:?} {} <- {})",
        d.op(n),
        vts.join(","),
        ops.join(", ")
    )
}
