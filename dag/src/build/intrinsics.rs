//! Integer intrinsics: each call of a known `llvm.*` integer intrinsic
//! becomes DAG nodes, as LLVM's SelectionDAGBuilder and the legalizer's
//! expansions produce them for x86-64 without optional CPU features.
//!
//! - `smin`/`smax`/`umin`/`umax`: compare + select; `abs`: select of the
//!   negation; `*.sat`: the operation and its overflow bit + select;
//!   `{s,u}shl.sat`: the shift, and the bound when shifting back does not
//!   give the operand; `scmp`/`ucmp`: two compares and selects.
//! - `fshl`/`fshr`: `Rotl`/`Rotr` when both inputs are the same value,
//!   otherwise shifts and an `or` (a constant amount taken modulo the
//!   width; a variable one through the shift-by-one form that never shifts
//!   by the full width).
//! - `bswap`, `ctlz`, `cttz`: their own nodes (the target has rows); i8
//!   bit scans are done in 32 bits (cttz with bit 8 set, ctlz minus 24).
//! - `ctpop` and `bitreverse`: LLVM's bit-parallel expansions, since the
//!   baseline CPU has no POPCNT (ctpop of i8/i16 in 32 bits).
//! - `*.with.overflow`: the value node plus an overflow-bit node
//!   (`SAddO`...), joined as the two results of a `MergeValues` node that
//!   `extractvalue` takes apart.
//! - `expect` is its first operand; `objectsize` is llc's fallback (-1, or
//!   0 when asked for the minimum); `is.constant` is true exactly for a
//!   constant operand (llc's LowerConstantIntrinsics); `trap`/`ubsantrap`
//!   and `debugtrap` are chained `Trap`/`DebugTrap` nodes, `x86.sse2.pause`
//!   a `Pause` node; data `prefetch` is a `Prefetch`
//!   node (an instruction-cache prefetch has no code, as in llc);
//!   `load.relative` is base + the sign-extended 32-bit offset it loads;
//!   `returnaddress(0)` loads the word at the incoming stack pointer.
//! - `memcpy`/`memmove`/`memset`: see [`super::memops`].
//! - On odd widths (`iN` promoted by [`super::promote`], kept
//!   zero-extended): min/max, abs, bit counts, byte and bit reversal and
//!   the overflow intrinsics compute in the wider type with signed
//!   operands sign-extended first, mask results to `N` bits and judge
//!   overflow at `N` bits; funnel shifts and saturation are refused.
//!
//! Anything else (other widths, other intrinsics) is left to the caller,
//! which reports it as unsupported.

use super::{const_int, BResult, Builder};
use crate::lowering::IselError;
use crate::node::SDValue;
use crate::opcode::{Cond, Ext, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_ir::Inst;

/// The integer intrinsic families handled here (the name after `llvm.` up
/// to its overload suffix), longest first where one is a prefix of
/// another.
const FAMILIES: &[&str] = &[
    "sadd.with.overflow",
    "uadd.with.overflow",
    "ssub.with.overflow",
    "usub.with.overflow",
    "smul.with.overflow",
    "umul.with.overflow",
    "expect.with.probability",
    "memcpy.inline",
    "memset.inline",
    "sadd.sat",
    "uadd.sat",
    "ssub.sat",
    "usub.sat",
    "sshl.sat",
    "ushl.sat",
    "scmp",
    "ucmp",
    "smin",
    "smax",
    "umin",
    "umax",
    "abs",
    "fshl",
    "fshr",
    "bswap",
    "ctpop",
    "ctlz",
    "cttz",
    "bitreverse",
    "expect",
    "objectsize",
    "is.constant",
    "ubsantrap",
    "debugtrap",
    "trap",
    "prefetch",
    "x86.sse2.pause",
    "memcpy",
    "memmove",
    "memset",
    "load.relative",
    "returnaddress",
    "ptrmask",
];

/// The family of intrinsic `name` (`llvm.smax.i32` -> `smax`).
pub(super) fn family(name: &str) -> Option<&'static str> {
    let rest = name.strip_prefix("llvm.")?;
    FAMILIES.iter().copied().find(|f| {
        rest.strip_prefix(f)
            .is_some_and(|t| t.is_empty() || t.starts_with('.'))
    })
}

impl Builder<'_, '_> {
    /// Lowers call `i` of intrinsic `name` if it is one of the integer
    /// intrinsics; `Ok(false)` when it is not.
    pub(super) fn int_intrinsic(&mut self, i: Inst, name: &str) -> BResult<bool> {
        let Some(fam) = family(name) else {
            return Ok(false);
        };
        let f = self.fl.f;
        let nargs = f.call_info(i).num_args as usize;
        let args = &f.inst_ops(i)[1..1 + nargs];
        let arg = |b: &mut Self, k: usize| -> BResult<SDValue> {
            match args.get(k) {
                Some(&v) => b.get(v),
                None => Err(IselError::new(format!("{name} without operand {k}"))),
            }
        };
        let odd = args.first().and_then(|&a| self.odd_bits(self.value_ty(a)));
        if let Some(n) = odd {
            let ops = args
                .iter()
                .map(|&a| self.get(a))
                .collect::<BResult<Vec<_>>>()?;
            let v = self.odd_width_intrinsic(fam, name, n, &ops)?;
            self.set(i, v);
            return Ok(true);
        }
        let v = match fam {
            "smin" | "smax" | "umin" | "umax" => {
                let (a, b) = (arg(self, 0)?, arg(self, 1)?);
                let cond = match fam {
                    "smin" => Cond::Slt,
                    "smax" => Cond::Sgt,
                    "umin" => Cond::Ult,
                    _ => Cond::Ugt,
                };
                let vt = self.dag.vt(a);
                let c = self.dag.value(Op::SetCC, VT::I1, &[a, b], cond as u64);
                self.dag.value(Op::Select, vt, &[c, a, b], 0)
            }
            "abs" => {
                let a = arg(self, 0)?;
                let vt = self.dag.vt(a);
                let zero = self.dag.constant(vt, 0);
                let neg = self.dag.value(Op::Sub, vt, &[zero, a], 0);
                let c = self
                    .dag
                    .value(Op::SetCC, VT::I1, &[a, zero], Cond::Slt as u64);
                self.dag.value(Op::Select, vt, &[c, neg, a], 0)
            }
            "fshl" | "fshr" => {
                let (a, b, c) = (arg(self, 0)?, arg(self, 1)?, arg(self, 2)?);
                self.funnel(fam == "fshl", a, b, c)
            }
            "bswap" => {
                let a = arg(self, 0)?;
                let vt = self.dag.vt(a);
                if !vt.bits().is_multiple_of(16) {
                    return Err(IselError::new(format!("{name} of an odd number of bytes")));
                }
                self.dag.value(Op::Bswap, vt, &[a], 0)
            }
            "ctpop" => {
                let a = arg(self, 0)?;
                self.ctpop(a)
            }
            "ctlz" | "cttz" => {
                let a = arg(self, 0)?;
                let poison = args.get(1).and_then(|&p| const_int(f, p)).unwrap_or(0) & 1 != 0;
                self.bit_scan(fam == "ctlz", poison, a)
            }
            "bitreverse" => {
                let a = arg(self, 0)?;
                self.bitreverse(a)
            }
            "sadd.with.overflow" | "uadd.with.overflow" | "ssub.with.overflow"
            | "usub.with.overflow" | "smul.with.overflow" | "umul.with.overflow" => {
                let (a, b) = (arg(self, 0)?, arg(self, 1)?);
                let vt = self.dag.vt(a);
                let (op, ovf) = overflow_ops(fam);
                let (v, o) = match self.odd_bits(self.value_ty(args[0])) {
                    // A promoted odd width overflows at its own width.
                    Some(n) => self.odd_overflow(op, ovf, n, a, b),
                    None => (
                        self.dag.value(op, vt, &[a, b], 0),
                        self.dag.value(ovf, VT::I1, &[a, b], 0),
                    ),
                };
                let n = self.dag.node(Op::MergeValues, &[vt, VT::I1], &[v, o], 0);
                SDValue::new(n, 0)
            }
            "sadd.sat" | "uadd.sat" | "ssub.sat" | "usub.sat" => {
                let (a, b) = (arg(self, 0)?, arg(self, 1)?);
                self.saturating(fam, a, b)
            }
            "sshl.sat" | "ushl.sat" => {
                let (a, b) = (arg(self, 0)?, arg(self, 1)?);
                self.shift_saturating(fam == "sshl.sat", a, b)
            }
            "scmp" | "ucmp" => {
                let (a, b) = (arg(self, 0)?, arg(self, 1)?);
                let vt = self.vt(f.ty[i.index()])?;
                let (lt, gt) = if fam == "scmp" {
                    (Cond::Slt, Cond::Sgt)
                } else {
                    (Cond::Ult, Cond::Ugt)
                };
                let is_lt = self.dag.value(Op::SetCC, VT::I1, &[a, b], lt as u64);
                let is_gt = self.dag.value(Op::SetCC, VT::I1, &[a, b], gt as u64);
                let words = vt.bits().div_ceil(64) as usize;
                let minus_one = self.int_words(vt, &vec![u64::MAX; words]);
                let one = self.int_words(vt, &[1]);
                let zero = self.int_words(vt, &[0]);
                let r = self.dag.value(Op::Select, vt, &[is_gt, one, zero], 0);
                let r = self.dag.value(Op::Select, vt, &[is_lt, minus_one, r], 0);
                // An odd result width is kept zero-extended (`promote`).
                match self.odd_bits(f.ty[i.index()]) {
                    Some(n) => self.zext_in_reg(r, n),
                    None => r,
                }
            }
            "expect" | "expect.with.probability" => arg(self, 0)?,
            "objectsize" => {
                let min = args.get(1).and_then(|&p| const_int(f, p)).unwrap_or(0) & 1 != 0;
                let vt = self.vt(f.ty[i.index()])?;
                self.dag.constant(vt, if min { 0 } else { u64::MAX })
            }
            // LowerConstantIntrinsics: true exactly for a constant operand.
            "is.constant" => {
                let known = args.first().is_some_and(|a| {
                    matches!(a.tag(), rcc_ir::ValueTag::Const | rcc_ir::ValueTag::Global)
                });
                self.dag.constant(VT::I1, known as u64)
            }
            "trap" | "ubsantrap" | "debugtrap" => {
                let op = if fam == "debugtrap" {
                    Op::DebugTrap
                } else {
                    Op::Trap
                };
                self.chain = self.dag.value(op, VT::Chain, &[self.chain], 0);
                return Ok(true);
            }
            "x86.sse2.pause" => {
                self.chain = self.dag.value(Op::Pause, VT::Chain, &[self.chain], 0);
                return Ok(true);
            }
            "prefetch" => {
                let p = arg(self, 0)?;
                let k = |b: &Self, n: usize| args.get(n).and_then(|&v| const_int(b.fl.f, v));
                let (rw, loc, data) = (k(self, 1), k(self, 2), k(self, 3));
                let (Some(rw), Some(loc), Some(data)) = (rw, loc, data) else {
                    return Err(IselError::new(format!("{name} with non-constant operands")));
                };
                if data == 1 {
                    let rw = self.dag.constant(VT::I32, rw & 1);
                    let loc = self.dag.constant(VT::I32, loc & 3);
                    self.chain =
                        self.dag
                            .value(Op::Prefetch, VT::Chain, &[self.chain, p, rw, loc], 0);
                }
                return Ok(true);
            }
            "memcpy" | "memcpy.inline" | "memmove" | "memset" | "memset.inline" => {
                self.mem_intrinsic(i, fam, name)?;
                return Ok(true);
            }
            "ptrmask" => {
                // The pointer with the mask's zero bits cleared (the mask
                // has the pointer's index width).
                let (p, m) = (arg(self, 0)?, arg(self, 1)?);
                if self.dag.vt(p) != self.dag.vt(m) {
                    return Err(IselError::new(format!("{name} with a narrower mask")));
                }
                self.dag.value(Op::And, self.dag.vt(p), &[p, m], 0)
            }
            "load.relative" => {
                let (p, mut off) = (arg(self, 0)?, arg(self, 1)?);
                if self.dag.vt(off) != VT::I64 {
                    // `llvm.load.relative.i32` takes an i32 offset.
                    off = self.dag.value(Op::SignExtend, VT::I64, &[off], 0);
                }
                let addr = self.dag.value(Op::Add, VT::I64, &[p, off], 0);
                let rel = self.load(addr, VT::I64, 32, Ext::Sign, false);
                self.dag.value(Op::Add, VT::I64, &[p, rel], 0)
            }
            "returnaddress" => {
                if args.first().and_then(|&d| const_int(f, d)) != Some(0) {
                    return Err(IselError::new(format!("{name} of an outer frame")));
                }
                // The return address is the word at the incoming stack
                // pointer, the fixed object at offset 0.
                let fi = self.mf.frame.create_fixed(8, 0);
                let a = self
                    .dag
                    .value(Op::FrameIndex, VT::I64, &[], fi.as_u32() as u64);
                self.load(a, VT::I64, 64, Ext::None, false)
            }
            _ => return Ok(false),
        };
        self.set(i, v);
        Ok(true)
    }

    /// Intrinsic family `fam` on `iN` values promoted to a wider type
    /// (`ops`, kept zero-extended; see [`super::promote`]): the same
    /// computations in the wider type, with signed operands sign-extended
    /// in the register first, results masked back to `N` bits, and
    /// overflow judged at `N` bits. Funnel shifts and saturation of odd
    /// widths are refused.
    fn odd_width_intrinsic(
        &mut self,
        fam: &str,
        name: &str,
        n: u32,
        ops: &[SDValue],
    ) -> BResult<SDValue> {
        let need = |k: usize| {
            ops.get(k)
                .copied()
                .ok_or_else(|| IselError::new(format!("{name} without operand {k}")))
        };
        let a = need(0)?;
        let vt = self.dag.vt(a);
        let shift = (vt.bits() - n) as u64;
        Ok(match fam {
            "expect" | "expect.with.probability" => a,
            "umin" | "umax" => {
                let b = need(1)?;
                let cond = if fam == "umin" { Cond::Ult } else { Cond::Ugt };
                let c = self.dag.value(Op::SetCC, VT::I1, &[a, b], cond as u64);
                self.dag.value(Op::Select, vt, &[c, a, b], 0)
            }
            "smin" | "smax" => {
                let b = need(1)?;
                let (sa, sb) = (self.sext_in_reg(a, n), self.sext_in_reg(b, n));
                let cond = if fam == "smin" { Cond::Slt } else { Cond::Sgt };
                let c = self.dag.value(Op::SetCC, VT::I1, &[sa, sb], cond as u64);
                self.dag.value(Op::Select, vt, &[c, a, b], 0)
            }
            "abs" => {
                let sa = self.sext_in_reg(a, n);
                let zero = self.dag.constant(vt, 0);
                let neg = self.dag.value(Op::Sub, vt, &[zero, sa], 0);
                let c = self
                    .dag
                    .value(Op::SetCC, VT::I1, &[sa, zero], Cond::Slt as u64);
                let r = self.dag.value(Op::Select, vt, &[c, neg, sa], 0);
                self.zext_in_reg(r, n)
            }
            "ctpop" => self.ctpop(a),
            // The bits above N are zero: N leading zeros fewer.
            "ctlz" => {
                let z = self.bit_scan(true, false, a);
                self.bin_k(Op::Sub, z, shift)
            }
            // Bit N set: a zero input counts N.
            "cttz" => {
                let wide = if vt == VT::I8 { VT::I32 } else { vt };
                let x = if wide != vt {
                    self.dag.value(Op::ZeroExtend, wide, &[a], 0)
                } else {
                    a
                };
                let w = self.bin_k(Op::Or, x, 1u64 << n);
                let r = self.dag.value(Op::CttzZeroUndef, wide, &[w], 0);
                if wide != vt {
                    self.dag.value(Op::Truncate, vt, &[r], 0)
                } else {
                    r
                }
            }
            "bswap" if n.is_multiple_of(16) => {
                let r = self.dag.value(Op::Bswap, vt, &[a], 0);
                self.bin_k(Op::Srl, r, shift)
            }
            "bitreverse" => {
                let r = self.bitreverse(a);
                self.bin_k(Op::Srl, r, shift)
            }
            "uadd.with.overflow" | "usub.with.overflow" | "umul.with.overflow"
            | "sadd.with.overflow" | "ssub.with.overflow" | "smul.with.overflow" => {
                let b = need(1)?;
                let (op, wide_ovf) = overflow_ops(fam);
                let signed = fam.starts_with('s');
                let (x, y) = if signed {
                    (self.sext_in_reg(a, n), self.sext_in_reg(b, n))
                } else {
                    (a, b)
                };
                let r = self.dag.value(op, vt, &[x, y], 0);
                // Out of N bits: the wide result does not survive
                // re-extension from N bits (or the wide operation itself
                // overflowed; a difference of zero-extended values only
                // borrows).
                let narrow = if signed {
                    self.sext_in_reg(r, n)
                } else {
                    self.zext_in_reg(r, n)
                };
                let lost = self
                    .dag
                    .value(Op::SetCC, VT::I1, &[narrow, r], Cond::Ne as u64);
                let o = match fam {
                    "usub.with.overflow" => {
                        self.dag.value(Op::SetCC, VT::I1, &[a, b], Cond::Ult as u64)
                    }
                    "uadd.with.overflow" | "sadd.with.overflow" | "ssub.with.overflow" => lost,
                    _ => {
                        let w = self.dag.value(wide_ovf, VT::I1, &[x, y], 0);
                        self.dag.value(Op::Or, VT::I1, &[lost, w], 0)
                    }
                };
                let v = self.zext_in_reg(r, n);
                let node = self.dag.node(Op::MergeValues, &[vt, VT::I1], &[v, o], 0);
                SDValue::new(node, 0)
            }
            _ => return Err(IselError::new(format!("{name} on an odd-width integer"))),
        })
    }

    /// A load of `mem_bits` bits at `addr` on the block's chain, extended
    /// by `ext` to `vt`.
    pub(super) fn load(
        &mut self,
        addr: SDValue,
        vt: VT,
        mem_bits: u32,
        ext: Ext,
        volatile: bool,
    ) -> SDValue {
        let info = MemInfo {
            mem_bits,
            ext,
            volatile,
            segment: crate::Segment::None,
        };
        let n = self
            .dag
            .node(Op::Load, &[vt, VT::Chain], &[self.chain, addr], info.pack());
        self.chain = SDValue::new(n, 1);
        SDValue::new(n, 0)
    }

    /// A store of `v` (all of its bits) at `addr` on the block's chain.
    pub(super) fn store(&mut self, v: SDValue, addr: SDValue, volatile: bool) {
        let info = MemInfo {
            mem_bits: self.dag.vt(v).bits(),
            ext: Ext::None,
            volatile,
            segment: crate::Segment::None,
        };
        self.chain = self
            .dag
            .value(Op::Store, VT::Chain, &[self.chain, v, addr], info.pack());
    }

    fn bin(&mut self, op: Op, a: SDValue, b: SDValue) -> SDValue {
        let vt = self.dag.vt(a);
        self.dag.value(op, vt, &[a, b], 0)
    }

    fn bin_k(&mut self, op: Op, a: SDValue, k: u64) -> SDValue {
        let vt = self.dag.vt(a);
        let c = self.dag.constant(vt, k);
        self.dag.value(op, vt, &[a, c], 0)
    }

    /// `fshl(a, b, c)` (`left`) or `fshr(a, b, c)`.
    fn funnel(&mut self, left: bool, a: SDValue, b: SDValue, c: SDValue) -> SDValue {
        let vt = self.dag.vt(a);
        let bw = vt.bits() as u64;
        if a == b {
            let op = if left { Op::Rotl } else { Op::Rotr };
            return match self.dag.as_const(c) {
                Some(k) => self.bin_k(op, a, k % bw),
                None => self.bin(op, a, c),
            };
        }
        if let Some(k) = self.dag.as_const(c) {
            let k = k % bw;
            if k == 0 {
                return if left { a } else { b };
            }
            let (l, r) = if left { (k, bw - k) } else { (bw - k, k) };
            let hi = self.bin_k(Op::Shl, a, l);
            let lo = self.bin_k(Op::Srl, b, r);
            return self.bin(Op::Or, hi, lo);
        }
        // s = c mod bw; the other side shifts by bw-1-s after a shift by
        // one, so no shift is ever by the full width.
        let s = self.bin_k(Op::And, c, bw - 1);
        let inv = self.bin_k(Op::Xor, s, bw - 1);
        if left {
            let hi = self.bin(Op::Shl, a, s);
            let b1 = self.bin_k(Op::Srl, b, 1);
            let lo = self.bin(Op::Srl, b1, inv);
            self.bin(Op::Or, hi, lo)
        } else {
            let a1 = self.bin_k(Op::Shl, a, 1);
            let hi = self.bin(Op::Shl, a1, inv);
            let lo = self.bin(Op::Srl, b, s);
            self.bin(Op::Or, hi, lo)
        }
    }

    /// Population count without POPCNT (bit-parallel sums), in at least
    /// 32 bits.
    fn ctpop(&mut self, a: SDValue) -> SDValue {
        let vt = self.dag.vt(a);
        if let Some(half) = VT::int(vt.bits() / 2).filter(|_| vt.bits() > 64) {
            // The counts of the halves, added (counts fit in the low half).
            let lo = self.dag.value(Op::ExtractElement, half, &[a], 0);
            let hi = self.dag.value(Op::ExtractElement, half, &[a], 1);
            let (cl, ch) = (self.ctpop(lo), self.ctpop(hi));
            let c = self.bin(Op::Add, cl, ch);
            return self.dag.value(Op::ZeroExtend, vt, &[c], 0);
        }
        let wide = if vt.bits() < 32 { VT::I32 } else { vt };
        let mut x = if wide != vt {
            self.dag.value(Op::ZeroExtend, wide, &[a], 0)
        } else {
            a
        };
        let rep = |byte: u64| byte.wrapping_mul(0x0101_0101_0101_0101) & wide.mask();
        let h = self.bin_k(Op::Srl, x, 1);
        let h = self.bin_k(Op::And, h, rep(0x55));
        x = self.bin(Op::Sub, x, h);
        let lo = self.bin_k(Op::And, x, rep(0x33));
        let h = self.bin_k(Op::Srl, x, 2);
        let h = self.bin_k(Op::And, h, rep(0x33));
        x = self.bin(Op::Add, lo, h);
        let h = self.bin_k(Op::Srl, x, 4);
        x = self.bin(Op::Add, x, h);
        x = self.bin_k(Op::And, x, rep(0x0f));
        x = self.bin_k(Op::Mul, x, rep(0x01));
        x = self.bin_k(Op::Srl, x, wide.bits() as u64 - 8);
        if wide != vt {
            x = self.dag.value(Op::Truncate, vt, &[x], 0);
        }
        x
    }

    /// `ctlz` (`leading`) or `cttz` of `a`; `poison`: a zero input is
    /// poison.
    fn bit_scan(&mut self, leading: bool, poison: bool, a: SDValue) -> SDValue {
        let vt = self.dag.vt(a);
        if vt == VT::I1 {
            // One bit: 1 when it is clear.
            return self.bin_k(Op::Xor, a, 1);
        }
        if vt == VT::I8 {
            let w = self.dag.value(Op::ZeroExtend, VT::I32, &[a], 0);
            let r = if leading {
                let op = if poison { Op::CtlzZeroUndef } else { Op::Ctlz };
                let z = self.dag.value(op, VT::I32, &[w], 0);
                self.bin_k(Op::Sub, z, 24)
            } else {
                // Bit 8 set: a zero input gives 8.
                let w = self.bin_k(Op::Or, w, 0x100);
                self.dag.value(Op::CttzZeroUndef, VT::I32, &[w], 0)
            };
            return self.dag.value(Op::Truncate, VT::I8, &[r], 0);
        }
        let op = match (leading, poison) {
            (true, false) => Op::Ctlz,
            (true, true) => Op::CtlzZeroUndef,
            (false, false) => Op::Cttz,
            (false, true) => Op::CttzZeroUndef,
        };
        self.dag.value(op, vt, &[a], 0)
    }

    /// Bit reversal: a byte swap, then nibbles, pairs and bits swapped
    /// with masks.
    fn bitreverse(&mut self, a: SDValue) -> SDValue {
        let vt = self.dag.vt(a);
        if vt == VT::I1 {
            return a;
        }
        if let Some(half) = VT::int(vt.bits() / 2).filter(|_| vt.bits() > 64) {
            // The reversed halves, swapped.
            let lo = self.dag.value(Op::ExtractElement, half, &[a], 0);
            let hi = self.dag.value(Op::ExtractElement, half, &[a], 1);
            let (rl, rh) = (self.bitreverse(lo), self.bitreverse(hi));
            return self.dag.value(Op::BuildPair, vt, &[rh, rl], 0);
        }
        let mut x = if vt.bits() > 8 {
            self.dag.value(Op::Bswap, vt, &[a], 0)
        } else {
            a
        };
        for (sh, byte) in [(4u64, 0x0fu64), (2, 0x33), (1, 0x55)] {
            let m = byte.wrapping_mul(0x0101_0101_0101_0101) & vt.mask();
            let lo = self.bin_k(Op::And, x, m);
            let lo = self.bin_k(Op::Shl, lo, sh);
            let hi = self.bin_k(Op::Srl, x, sh);
            let hi = self.bin_k(Op::And, hi, m);
            x = self.bin(Op::Or, lo, hi);
        }
        x
    }

    /// `{s,u}{add,sub}.sat`: the plain result, or the bound it crossed.
    fn saturating(&mut self, fam: &str, a: SDValue, b: SDValue) -> SDValue {
        let vt = self.dag.vt(a);
        let add = fam.contains("add");
        let (op, ovf) = if add {
            (
                Op::Add,
                if fam.starts_with('s') {
                    Op::SAddO
                } else {
                    Op::UAddO
                },
            )
        } else {
            (
                Op::Sub,
                if fam.starts_with('s') {
                    Op::SSubO
                } else {
                    Op::USubO
                },
            )
        };
        let r = self.dag.value(op, vt, &[a, b], 0);
        let o = self.dag.value(ovf, VT::I1, &[a, b], 0);
        let bound = if fam.starts_with('s') {
            // Overflow flips the sign: a negative wrapped result means the
            // true one was above the maximum. (r >> (w-1)) ^ MIN is MAX for
            // negative r and MIN otherwise.
            let sign = self.bin_k(Op::Sra, r, vt.bits() as u64 - 1);
            let mut words = vec![0u64; vt.bits().div_ceil(64) as usize];
            let top = vt.bits() - 1;
            words[(top / 64) as usize] = 1 << (top % 64);
            let min = self.int_words(vt, &words);
            self.bin(Op::Xor, sign, min)
        } else {
            let all = if add { u64::MAX } else { 0 };
            self.int_words(vt, &vec![all; vt.bits().div_ceil(64) as usize])
        };
        self.dag.value(Op::Select, vt, &[o, bound, r], 0)
    }
}

impl Builder<'_, '_> {
    /// `{s,u}shl.sat(a, b)`: `a << b`, unless shifting it back (arithmetic
    /// for signed) does not give `a`: then the bound on `a`'s side (all
    /// ones unsigned; `MAX` for `a >= 0`, `MIN` for `a < 0` signed).
    fn shift_saturating(&mut self, signed: bool, a: SDValue, b: SDValue) -> SDValue {
        let vt = self.dag.vt(a);
        let words = vt.bits().div_ceil(64) as usize;
        let r = self.dag.value(Op::Shl, vt, &[a, b], 0);
        let back_op = if signed { Op::Sra } else { Op::Srl };
        let back = self.dag.value(back_op, vt, &[r, b], 0);
        let lost = self
            .dag
            .value(Op::SetCC, VT::I1, &[back, a], Cond::Ne as u64);
        let bound = if signed {
            // (a >> (w-1)) ^ MAX: MAX for a >= 0, MIN for a < 0.
            let sign = self.bin_k(Op::Sra, a, vt.bits() as u64 - 1);
            let mut max = vec![u64::MAX; words];
            let top = vt.bits() - 1;
            max[(top / 64) as usize] &= !(1u64 << (top % 64));
            let max = self.int_words(vt, &max);
            self.bin(Op::Xor, sign, max)
        } else {
            self.int_words(vt, &vec![u64::MAX; words])
        };
        self.dag.value(Op::Select, vt, &[lost, bound, r], 0)
    }
}

/// The value operation and the overflow-bit operation of an
/// `*.with.overflow` family.
fn overflow_ops(fam: &str) -> (Op, Op) {
    match fam {
        "sadd.with.overflow" => (Op::Add, Op::SAddO),
        "uadd.with.overflow" => (Op::Add, Op::UAddO),
        "ssub.with.overflow" => (Op::Sub, Op::SSubO),
        "usub.with.overflow" => (Op::Sub, Op::USubO),
        "smul.with.overflow" => (Op::Mul, Op::SMulO),
        _ => (Op::Mul, Op::UMulO),
    }
}
