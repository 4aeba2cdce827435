//! Expansion of wide integer operations into operations on halves (LLVM's
//! `ExpandIntegerResult` / `ExpandIntegerOperand`). Each rule reads the
//! halves of its wide operands and records the halves of its wide result.
//!
//! The rules, for a value `x = (xh:xl)`:
//! - `and/or/xor`: per half; `add/sub`: `AddC`/`SubC` on the low halves,
//!   glued to `AddE`/`SubE` on the high ones (the carry never leaves the
//!   flags);
//! - `mul`: `UMulLoHi(al, bl)` plus the cross products `al*bh + ah*bl` in
//!   the high half;
//! - shifts by a constant: moves, single-word shifts and funnel shifts
//!   (`FShl`/`FShr`); by a variable amount `s`: the shift of both halves by
//!   `s mod 64` (one funnel shift, one plain shift of `s & 63`), then a
//!   select on bit 6 of `s` (`s & 64`) moves one half over the other;
//! - `setcc`: equality as `((al^bl) | (ah^bh)) == 0`; orderings as
//!   `SubC(al, bl)` glued to `SetCCCarry(ah, bh)` (the borrow out of the
//!   full subtraction), after swapping operands so only `ult uge slt sge`
//!   remain; a sign test against zero looks at the high half only;
//! - `select`: per half with the same condition;
//! - extensions: the value (extended to a half) and `0`, `sra(lo, 63)` or
//!   undef; truncation: the low half (truncated further if needed);
//! - loads and stores: two accesses at `addr` and `addr + 8`, chained in
//!   that order (the low half at the lower address: little-endian);
//! - `CopyFromReg`/`CopyToReg`: the registers `r` and `r + 1`;
//! - `sdiv udiv srem urem`: a call of `__divti3 __udivti3 __modti3
//!   __umodti3` through the target's call lowering, ordered after the entry
//!   (the helpers have no side effects).

use super::{half_of, Legalizer};
use crate::lowering::IselError;
use crate::node::{Node, SDValue};
use crate::opcode::{Cond, Ext, MemInfo, Op};
use crate::vt::VT;
use rcc_mach::{Reg, SymFlag, SymOperand};

/// The (low, high) halves of a wide value.
type Parts = (SDValue, SDValue);

impl Legalizer<'_> {
    /// Expands node `n`, which has a wide result or operand.
    pub(super) fn expand(&mut self, n: Node) -> Result<(), IselError> {
        let op = self.dag.op(n);
        let ops: Vec<SDValue> = self.dag.operands(n).to_vec();
        let payload = self.dag.payload(n);
        let vt0 = self.dag.vts(n)[0];
        let out = SDValue::new(n, 0);
        let h = VT::I64;
        match op {
            // Read by the CopyFromReg/CopyToReg rules (`reg_pair`).
            Op::Register => {}
            Op::Constant => {
                let lo = self.dag.constant(h, payload);
                let hi = self.dag.constant(h, 0);
                self.set_parts(out, lo, hi);
            }
            Op::Undef => {
                let u = self.dag.value(Op::Undef, h, &[], 0);
                self.set_parts(out, u, u);
            }
            Op::BuildPair => {
                let (lo, hi) = (self.val(ops[0]), self.val(ops[1]));
                self.set_parts(out, lo, hi);
            }
            Op::ExtractElement => {
                let (lo, hi) = self.parts(ops[0]);
                self.set(out, if payload == 0 { lo } else { hi });
            }
            Op::And | Op::Or | Op::Xor => {
                let ((al, ah), (bl, bh)) = (self.parts(ops[0]), self.parts(ops[1]));
                let lo = self.dag.value(op, h, &[al, bl], 0);
                let hi = self.dag.value(op, h, &[ah, bh], 0);
                self.set_parts(out, lo, hi);
            }
            Op::Add | Op::Sub => {
                let ((al, ah), (bl, bh)) = (self.parts(ops[0]), self.parts(ops[1]));
                let (first, next) = if op == Op::Add {
                    (Op::AddC, Op::AddE)
                } else {
                    (Op::SubC, Op::SubE)
                };
                let c = self.dag.node(first, &[h, VT::Glue], &[al, bl], 0);
                let e = self
                    .dag
                    .node(next, &[h, VT::Glue], &[ah, bh, SDValue::new(c, 1)], 0);
                self.set_parts(out, SDValue::new(c, 0), SDValue::new(e, 0));
            }
            Op::Mul => {
                let ((al, ah), (bl, bh)) = (self.parts(ops[0]), self.parts(ops[1]));
                let m = self.dag.node(Op::UMulLoHi, &[h, h], &[al, bl], 0);
                let (lo, hi0) = (SDValue::new(m, 0), SDValue::new(m, 1));
                let x = self.dag.value(Op::Mul, h, &[al, bh], 0);
                let y = self.dag.value(Op::Mul, h, &[ah, bl], 0);
                let hi1 = self.dag.value(Op::Add, h, &[hi0, x], 0);
                let hi = self.dag.value(Op::Add, h, &[hi1, y], 0);
                self.set_parts(out, lo, hi);
            }
            Op::Shl | Op::Srl | Op::Sra => self.shift(op, out, ops[0], ops[1]),
            Op::Rotl | Op::Rotr => {
                // x << s | x >> (-s mod 128), the direction swapped for rotr.
                let (x, (amt, _)) = (self.parts(ops[0]), self.parts(ops[1]));
                let m = self.dag.constant(h, 127);
                let zero = self.dag.constant(h, 0);
                let s = self.dag.value(Op::And, h, &[amt, m], 0);
                let neg = self.dag.value(Op::Sub, h, &[zero, amt], 0);
                let t = self.dag.value(Op::And, h, &[neg, m], 0);
                let (first, second) = if op == Op::Rotl { (s, t) } else { (t, s) };
                let (al, ah) = self.shift_parts(Op::Shl, x, first);
                let (bl, bh) = self.shift_parts(Op::Srl, x, second);
                let lo = self.dag.value(Op::Or, h, &[al, bl], 0);
                let hi = self.dag.value(Op::Or, h, &[ah, bh], 0);
                self.set_parts(out, lo, hi);
            }
            Op::Bswap => {
                let (xl, xh) = self.parts(ops[0]);
                let lo = self.dag.value(Op::Bswap, h, &[xh], 0);
                let hi = self.dag.value(Op::Bswap, h, &[xl], 0);
                self.set_parts(out, lo, hi);
            }
            Op::Ctlz | Op::CtlzZeroUndef | Op::Cttz | Op::CttzZeroUndef => {
                // The count in the half that decides (the high one for
                // leading zeros), else 64 + the count in the other.
                let (xl, xh) = self.parts(ops[0]);
                let leading = matches!(op, Op::Ctlz | Op::CtlzZeroUndef);
                let (first, second) = if leading { (xh, xl) } else { (xl, xh) };
                let zero = self.dag.constant(h, 0);
                let nz = self
                    .dag
                    .value(Op::SetCC, VT::I1, &[first, zero], Cond::Ne as u64);
                let undef_op = if leading {
                    Op::CtlzZeroUndef
                } else {
                    Op::CttzZeroUndef
                };
                let c1 = self.dag.value(undef_op, h, &[first], 0);
                // The other half may be zero too unless zero is poison.
                let other_op = match op {
                    Op::CtlzZeroUndef | Op::CttzZeroUndef => undef_op,
                    o => o,
                };
                let c2 = self.dag.value(other_op, h, &[second], 0);
                let k64 = self.dag.constant(h, 64);
                let c2 = self.dag.value(Op::Add, h, &[c2, k64], 0);
                let lo = self.dag.value(Op::Select, h, &[nz, c1, c2], 0);
                self.set_parts(out, lo, zero);
            }
            Op::UAddO | Op::USubO | Op::SAddO | Op::SSubO => {
                let r = self.overflow(op, ops[0], ops[1]);
                self.set(out, r);
            }
            Op::SDiv | Op::UDiv | Op::SRem | Op::URem => self.libcall(op, out, &ops)?,
            Op::SetCC => {
                let cond = Cond::ALL
                    .get(payload as usize)
                    .copied()
                    .ok_or_else(|| IselError::new("a setcc condition"))?;
                let r = self.setcc(cond, ops[0], ops[1]);
                self.set(out, r);
            }
            Op::Select => {
                let c = self.val(ops[0]);
                let ((al, ah), (bl, bh)) = (self.parts(ops[1]), self.parts(ops[2]));
                let lo = self.dag.value(Op::Select, h, &[c, al, bl], 0);
                let hi = self.dag.value(Op::Select, h, &[c, ah, bh], 0);
                self.set_parts(out, lo, hi);
            }
            Op::ZeroExtend | Op::SignExtend | Op::AnyExtend => {
                let x = self.val(ops[0]);
                let lo = if self.dag.vt(x) == h {
                    x
                } else {
                    self.dag.value(op, h, &[x], 0)
                };
                let hi = match op {
                    Op::ZeroExtend => self.dag.constant(h, 0),
                    Op::SignExtend => {
                        let s = self.dag.constant(h, 63);
                        self.dag.value(Op::Sra, h, &[lo, s], 0)
                    }
                    _ => self.dag.value(Op::Undef, h, &[], 0),
                };
                self.set_parts(out, lo, hi);
            }
            Op::Truncate => {
                let (lo, _) = self.parts(ops[0]);
                let v = if vt0 == h {
                    lo
                } else {
                    self.dag.value(Op::Truncate, vt0, &[lo], 0)
                };
                self.set(out, v);
            }
            Op::CopyFromReg => {
                let (r0, r1) = self.reg_pair(ops[1])?;
                let ch = self.val(ops[0]);
                let lo = self
                    .dag
                    .node(Op::CopyFromReg, &[h, VT::Chain], &[ch, r0], 0);
                let hi = self.dag.node(
                    Op::CopyFromReg,
                    &[h, VT::Chain],
                    &[SDValue::new(lo, 1), r1],
                    0,
                );
                self.set_parts(out, SDValue::new(lo, 0), SDValue::new(hi, 0));
                self.set(SDValue::new(n, 1), SDValue::new(hi, 1));
            }
            Op::CopyToReg => {
                let (r0, r1) = self.reg_pair(ops[1])?;
                let ch = self.val(ops[0]);
                let (lo, hi) = self.parts(ops[2]);
                let c0 = self.dag.value(Op::CopyToReg, VT::Chain, &[ch, r0, lo], 0);
                let c1 = self.dag.value(Op::CopyToReg, VT::Chain, &[c0, r1, hi], 0);
                self.set(out, c1);
            }
            Op::Load => self.load(n, &ops, payload)?,
            Op::Store => self.store(n, &ops, payload)?,
            _ => return Err(IselError::new(describe(self, n))),
        }
        Ok(())
    }

    /// The `Register` nodes of the two vregs holding a wide value whose
    /// first vreg is named by `reg`.
    fn reg_pair(&mut self, reg: SDValue) -> Result<(SDValue, SDValue), IselError> {
        let r = Reg::from_bits(self.dag.payload(reg.node()) as u32);
        let Some(v) = r.as_virt() else {
            return Err(IselError::new(
                "a wide value in a physical register (only virtual pairs are expanded)",
            ));
        };
        let next = Reg::virt(rcc_mach::VReg::from_u32(v.as_u32() + 1));
        let r0 = self.dag.value(Op::Register, VT::I64, &[], r.bits() as u64);
        let r1 = self
            .dag
            .value(Op::Register, VT::I64, &[], next.bits() as u64);
        Ok((r0, r1))
    }

    /// `addr + by`, reassociated into `base + (c + by)` when `addr` is
    /// `base + c`, so both halves' addresses fold into addressing modes.
    fn offset(&mut self, addr: SDValue, by: u64) -> SDValue {
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
        let h = VT::I64;
        let mi = MemInfo::unpack(payload);
        let ch = self.val(ops[0]);
        let addr = self.val(ops[1]);
        let out = SDValue::new(n, 0);
        if mi.mem_bits == 128 {
            let half = MemInfo {
                mem_bits: 64,
                ext: Ext::None,
                volatile: mi.volatile,
            }
            .pack();
            let lo = self.dag.node(Op::Load, &[h, VT::Chain], &[ch, addr], half);
            let a8 = self.offset(addr, 8);
            let hi = self
                .dag
                .node(Op::Load, &[h, VT::Chain], &[SDValue::new(lo, 1), a8], half);
            self.set_parts(out, SDValue::new(lo, 0), SDValue::new(hi, 0));
            self.set(SDValue::new(n, 1), SDValue::new(hi, 1));
            return Ok(());
        }
        if mi.mem_bits > 64 || mi.ext == Ext::None {
            return Err(IselError::new(describe(self, n)));
        }
        // An extending load into a wide value: load into the low half.
        let low = MemInfo {
            ext: if mi.mem_bits == 64 { Ext::None } else { mi.ext },
            ..mi
        };
        let lo = self
            .dag
            .node(Op::Load, &[h, VT::Chain], &[ch, addr], low.pack());
        let lo_v = SDValue::new(lo, 0);
        let hi = match mi.ext {
            Ext::Zero => self.dag.constant(h, 0),
            Ext::Sign => {
                let s = self.dag.constant(h, 63);
                self.dag.value(Op::Sra, h, &[lo_v, s], 0)
            }
            _ => self.dag.value(Op::Undef, h, &[], 0),
        };
        self.set_parts(out, lo_v, hi);
        self.set(SDValue::new(n, 1), SDValue::new(lo, 1));
        Ok(())
    }

    fn store(&mut self, n: Node, ops: &[SDValue], payload: u64) -> Result<(), IselError> {
        let mi = MemInfo::unpack(payload);
        let ch = self.val(ops[0]);
        let (lo, hi) = self.parts(ops[1]);
        let addr = self.val(ops[2]);
        let out = SDValue::new(n, 0);
        if mi.mem_bits == 128 {
            let half = MemInfo { mem_bits: 64, ..mi }.pack();
            let s0 = self.dag.value(Op::Store, VT::Chain, &[ch, lo, addr], half);
            let a8 = self.offset(addr, 8);
            let s1 = self.dag.value(Op::Store, VT::Chain, &[s0, hi, a8], half);
            self.set(out, s1);
        } else if mi.mem_bits <= 64 {
            let s = self
                .dag
                .value(Op::Store, VT::Chain, &[ch, lo, addr], payload);
            self.set(out, s);
        } else {
            return Err(IselError::new(describe(self, n)));
        }
        Ok(())
    }

    /// `x op s` for a wide `x` and shift amount `s`.
    fn shift(&mut self, op: Op, out: SDValue, x: SDValue, s: SDValue) {
        let (x, (amt, _)) = (self.parts(x), self.parts(s));
        let (lo, hi) = self.shift_parts(op, x, amt);
        self.set_parts(out, lo, hi);
    }

    /// The halves of `(xh:xl) op amt` (`amt` the low half of the count).
    fn shift_parts(&mut self, op: Op, (xl, xh): Parts, amt: SDValue) -> Parts {
        let h = VT::I64;
        let zero = self.dag.constant(h, 0);
        let c = |d: &mut crate::node::Dag, v: u64| d.constant(h, v);
        if let Some(k) = self.dag.as_const(amt) {
            let k = k & 127;
            let kk = c(self.dag, k & 63);
            let (lo, hi) = match (op, k) {
                (_, 0) => (xl, xh),
                (Op::Shl, 1..=63) => (
                    self.dag.value(Op::Shl, h, &[xl, kk], 0),
                    self.dag.value(Op::FShl, h, &[xh, xl, kk], 0),
                ),
                (Op::Shl, _) => (zero, self.dag.value(Op::Shl, h, &[xl, kk], 0)),
                (_, 1..=63) => (
                    self.dag.value(Op::FShr, h, &[xh, xl, kk], 0),
                    self.dag.value(op, h, &[xh, kk], 0),
                ),
                (Op::Srl, _) => (self.dag.value(Op::Srl, h, &[xh, kk], 0), zero),
                _ => {
                    let s63 = c(self.dag, 63);
                    let sign = self.dag.value(Op::Sra, h, &[xh, s63], 0);
                    (self.dag.value(Op::Sra, h, &[xh, kk], 0), sign)
                }
            };
            return (lo, hi);
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
    /// value itself is the separate `Add`/`Sub` node).
    fn overflow(&mut self, op: Op, a: SDValue, b: SDValue) -> SDValue {
        let h = VT::I64;
        let (pa, pb) = (self.parts(a), self.parts(b));
        if op == Op::USubO {
            return self.setcc_parts(Cond::Ult, pa, pb);
        }
        // The sum or difference again (glued halves are never shared).
        let (first, next) = if matches!(op, Op::UAddO | Op::SAddO) {
            (Op::AddC, Op::AddE)
        } else {
            (Op::SubC, Op::SubE)
        };
        let c = self.dag.node(first, &[h, VT::Glue], &[pa.0, pb.0], 0);
        let e = self
            .dag
            .node(next, &[h, VT::Glue], &[pa.1, pb.1, SDValue::new(c, 1)], 0);
        let r = (SDValue::new(c, 0), SDValue::new(e, 0));
        if op == Op::UAddO {
            // A carry out wraps the sum below either operand.
            return self.setcc_parts(Cond::Ult, r, pa);
        }
        // Signed: the result's sign differs from a's, and b's sign is a's
        // (add) or not (sub): ((r ^ a) & (r ^ b)) < 0 or ((a ^ b) & (a ^ r)) < 0.
        let ra = self.dag.value(Op::Xor, h, &[r.1, pa.1], 0);
        let other = if op == Op::SAddO {
            self.dag.value(Op::Xor, h, &[r.1, pb.1], 0)
        } else {
            self.dag.value(Op::Xor, h, &[pa.1, pb.1], 0)
        };
        let both = self.dag.value(Op::And, h, &[ra, other], 0);
        let zero = self.dag.constant(h, 0);
        self.dag
            .value(Op::SetCC, VT::I1, &[both, zero], Cond::Slt as u64)
    }

    /// The i1 value of `a cond b` for wide `a` and `b`.
    fn setcc(&mut self, cond: Cond, a: SDValue, b: SDValue) -> SDValue {
        let (a, b) = (self.parts(a), self.parts(b));
        self.setcc_parts(cond, a, b)
    }

    /// The i1 value of `a cond b` for halves `a` and `b`.
    fn setcc_parts(&mut self, cond: Cond, (al, ah): Parts, (bl, bh): Parts) -> SDValue {
        let h = VT::I64;
        let zero = self.dag.constant(h, 0);
        if matches!(cond, Cond::Eq | Cond::Ne) {
            let x = self.dag.value(Op::Xor, h, &[al, bl], 0);
            let y = self.dag.value(Op::Xor, h, &[ah, bh], 0);
            let o = self.dag.value(Op::Or, h, &[x, y], 0);
            return self.dag.value(Op::SetCC, VT::I1, &[o, zero], cond as u64);
        }
        // Sign tests look at the high half only: a < 0, a >= 0, a > -1,
        // a <= -1.
        let b_is =
            |d: &crate::node::Dag, v: u64| d.as_const(bl) == Some(v) && d.as_const(bh) == Some(v);
        let sign_test = (b_is(self.dag, 0) && matches!(cond, Cond::Slt | Cond::Sge))
            || (b_is(self.dag, u64::MAX) && matches!(cond, Cond::Sgt | Cond::Sle));
        if sign_test {
            return self.dag.value(Op::SetCC, VT::I1, &[ah, bh], cond as u64);
        }
        // Only the conditions the borrow and sign flags answer directly.
        let (cond, (al, ah), (bl, bh)) = match cond {
            Cond::Ugt | Cond::Ule | Cond::Sgt | Cond::Sle => (cond.swapped(), (bl, bh), (al, ah)),
            _ => (cond, (al, ah), (bl, bh)),
        };
        let c = self.dag.node(Op::SubC, &[h, VT::Glue], &[al, bl], 0);
        SDValue::new(
            self.dag.node(
                Op::SetCCCarry,
                &[VT::I1],
                &[ah, bh, SDValue::new(c, 1)],
                cond as u64,
            ),
            0,
        )
    }

    /// Wide division or remainder as a call of the runtime library.
    fn libcall(&mut self, op: Op, out: SDValue, ops: &[SDValue]) -> Result<(), IselError> {
        let name = match op {
            Op::SDiv => "__divti3",
            Op::UDiv => "__udivti3",
            Op::SRem => "__modti3",
            _ => "__umodti3",
        };
        let wide = self.dag.vt(out);
        let mut args = Vec::with_capacity(2);
        for &o in ops {
            let (lo, hi) = self.parts(o);
            args.push(self.dag.value(Op::BuildPair, wide, &[lo, hi], 0));
        }
        let target = self.mf.external(name);
        let s = self.mf.sym(SymOperand {
            target,
            offset: 0,
            flag: if self.cx.pic {
                SymFlag::Plt
            } else {
                SymFlag::None
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
        self.set_parts(out, lo, hi);
        Ok(())
    }
}

/// A node no rule expands, for the error message.
fn describe(l: &Legalizer<'_>, n: Node) -> String {
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
