//! Integers of odd widths (`i2`..`i255` other than 8, 16, 32, 64 and
//! 128), promoted to the next legal type, as LLVM's type legalizer
//! promotes them; `i65`..`i127` go to `i128` and `i129`..`i255` to `i256`,
//! which type legalization then expands into parts (`crate::legalize`).
//!
//! Invariant: a promoted `iN` value is kept **zero-extended** in its wider
//! type: the bits above `N` are zero. Constants are zero-extended by the
//! parser; loads read `ceil(N/8)` bytes with zero-extending loads; incoming
//! arguments and call results (whose upper bits the SysV ABI leaves
//! unspecified) are masked once where they enter. Operations that can set
//! upper bits (`add sub mul shl`, truncation to `iN`, sign extension into
//! `iN`) mask their result; `and or xor lshr udiv urem`, `zext`, equality
//! and unsigned comparisons need nothing. Operations that read the sign
//! (`sdiv srem ashr`, signed comparisons, `sext`, GEP indices) first
//! sign-extend in the register (`shl` then `sra` by the width difference).
//! Stores write `ceil(N/8)` bytes, split into power-of-two pieces.
//! Constants of `i128` are built with `int_const` (a `BuildPair`).

use super::{BResult, Builder};
use crate::node::SDValue;
use crate::opcode::{Cond, Ext, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::types::{Type, TypeId, TypeLookup};

/// The legal type an `iN` is promoted to, if `N` is an odd width this
/// module handles.
pub(super) fn promoted(bits: u32) -> Option<VT> {
    match bits {
        2..=7 => Some(VT::I8),
        9..=15 => Some(VT::I16),
        17..=31 => Some(VT::I32),
        33..=63 => Some(VT::I64),
        65..=127 => Some(VT::I128),
        129..=255 => Some(VT::I256),
        _ => None,
    }
}

impl Builder<'_, '_> {
    /// `N` when IR type `ty` is a promoted odd-width integer.
    pub(super) fn odd_bits(&self, ty: TypeId) -> Option<u32> {
        match self.fl.m.types.get(ty) {
            Type::Int(n) if promoted(n).is_some() => Some(n),
            _ => None,
        }
    }

    /// `v` with the bits above `n` cleared.
    pub(super) fn zext_in_reg(&mut self, v: SDValue, n: u32) -> SDValue {
        let vt = self.dag.vt(v);
        if n >= vt.bits() {
            return v;
        }
        // The low n bits set, as 64-bit words.
        let words: Vec<u64> = (0..n.div_ceil(64))
            .map(|k| match n - 64 * k {
                b if b >= 64 => u64::MAX,
                b => (1u64 << b) - 1,
            })
            .collect();
        let m = self.int_words(vt, &words);
        self.dag.value(Op::And, vt, &[v, m], 0)
    }

    /// `v` with bit `n - 1` copied into the bits above it.
    pub(super) fn sext_in_reg(&mut self, v: SDValue, n: u32) -> SDValue {
        let vt = self.dag.vt(v);
        if n >= vt.bits() {
            return v;
        }
        let sh = self.dag.constant(vt, (vt.bits() - n) as u64);
        let up = self.dag.value(Op::Shl, vt, &[v, sh], 0);
        self.dag.value(Op::Sra, vt, &[up, sh], 0)
    }

    /// Binary operation `o` on promoted `iN` operands (zero-extended).
    pub(super) fn odd_binary(&mut self, o: Op, vt: VT, n: u32, a: SDValue, b: SDValue) -> SDValue {
        match o {
            Op::SDiv | Op::SRem => {
                let (x, y) = (self.sext_in_reg(a, n), self.sext_in_reg(b, n));
                let v = self.dag.value(o, vt, &[x, y], 0);
                self.zext_in_reg(v, n)
            }
            Op::Sra => {
                let x = self.sext_in_reg(a, n);
                let v = self.dag.value(o, vt, &[x, b], 0);
                self.zext_in_reg(v, n)
            }
            Op::Add | Op::Sub | Op::Mul | Op::Shl => {
                let v = self.dag.value(o, vt, &[a, b], 0);
                self.zext_in_reg(v, n)
            }
            _ => self.dag.value(o, vt, &[a, b], 0),
        }
    }

    /// `*.with.overflow` of promoted `iN` values: the `op` (`Add`, `Sub`,
    /// `Mul`) result masked to `N` bits, and whether the `N`-bit operation
    /// overflowed (`ovf` is the overflow operation of the promoted type,
    /// `SAddO`..`UMulO`). The sum or difference of two `N`-bit values fits
    /// in the promoted type; a product may not, then the promoted type's
    /// own overflow counts too.
    pub(super) fn odd_overflow(
        &mut self,
        op: Op,
        ovf: Op,
        n: u32,
        a: SDValue,
        b: SDValue,
    ) -> (SDValue, SDValue) {
        let vt = self.dag.vt(a);
        let signed = matches!(ovf, Op::SAddO | Op::SSubO | Op::SMulO);
        let (x, y) = if signed {
            (self.sext_in_reg(a, n), self.sext_in_reg(b, n))
        } else {
            (a, b)
        };
        let r = self.dag.value(op, vt, &[x, y], 0);
        let zero = self.int_const(vt, 0);
        let outside = if signed {
            let s = self.sext_in_reg(r, n);
            self.dag.value(Op::SetCC, VT::I1, &[s, r], Cond::Ne as u64)
        } else if op == Op::Sub {
            self.dag.value(Op::SetCC, VT::I1, &[a, b], Cond::Ult as u64)
        } else {
            let sh = self.dag.constant(vt, n as u64);
            let hi = self.dag.value(Op::Srl, vt, &[r, sh], 0);
            self.dag
                .value(Op::SetCC, VT::I1, &[hi, zero], Cond::Ne as u64)
        };
        let o = if op == Op::Mul && 2 * n > vt.bits() {
            let w = self.dag.value(ovf, VT::I1, &[x, y], 0);
            self.dag.value(Op::Or, VT::I1, &[w, outside], 0)
        } else {
            outside
        };
        (self.zext_in_reg(r, n), o)
    }

    /// The operands of a comparison `cond` of promoted `iN` values: signed
    /// predicates see them sign-extended.
    pub(super) fn odd_compare(
        &mut self,
        cond: Cond,
        n: u32,
        a: SDValue,
        b: SDValue,
    ) -> (SDValue, SDValue) {
        if matches!(cond, Cond::Sgt | Cond::Sge | Cond::Slt | Cond::Sle) {
            (self.sext_in_reg(a, n), self.sext_in_reg(b, n))
        } else {
            (a, b)
        }
    }

    /// Loads a promoted `iN` from `addr`: `ceil(N/8)` bytes, zero-extended.
    pub(super) fn odd_load(
        &mut self,
        vt: VT,
        n: u32,
        addr: SDValue,
        volatile: bool,
    ) -> BResult<SDValue> {
        let mut acc: Option<SDValue> = None;
        for (off, bytes) in pieces(n.div_ceil(8)) {
            let info = MemInfo {
                mem_bits: bytes * 8,
                ext: if bytes * 8 == vt.bits() {
                    Ext::None
                } else {
                    Ext::Zero
                },
                volatile,
                segment: crate::Segment::None,
            };
            let a = self.offset_addr(addr, off);
            let node = self
                .dag
                .node(Op::Load, &[vt, VT::Chain], &[self.chain, a], info.pack());
            self.chain = SDValue::new(node, 1);
            let mut part = SDValue::new(node, 0);
            if off != 0 {
                let sh = self.dag.constant(vt, (off * 8) as u64);
                part = self.dag.value(Op::Shl, vt, &[part, sh], 0);
            }
            acc = Some(match acc {
                None => part,
                Some(x) => self.dag.value(Op::Or, vt, &[x, part], 0),
            });
        }
        // The last piece may hold bits above N (an i12 reads two bytes).
        Ok(self.zext_in_reg(acc.expect("at least one byte"), n))
    }

    /// Stores promoted `iN` value `v` to `addr`: `ceil(N/8)` bytes.
    pub(super) fn odd_store(&mut self, n: u32, v: SDValue, addr: SDValue, volatile: bool) {
        let vt = self.dag.vt(v);
        for (off, bytes) in pieces(n.div_ceil(8)) {
            let mut part = v;
            if off != 0 {
                let sh = self.dag.constant(vt, (off * 8) as u64);
                part = self.dag.value(Op::Srl, vt, &[v, sh], 0);
            }
            let info = MemInfo {
                mem_bits: bytes * 8,
                ext: Ext::None,
                volatile,
                segment: crate::Segment::None,
            };
            let a = self.offset_addr(addr, off);
            self.chain = self
                .dag
                .value(Op::Store, VT::Chain, &[self.chain, part, a], info.pack());
        }
    }

    fn offset_addr(&mut self, addr: SDValue, off: u32) -> SDValue {
        if off == 0 {
            return addr;
        }
        let c = self.dag.constant(VT::I64, off as u64);
        self.dag.value(Op::Add, VT::I64, &[addr, c], 0)
    }
}

/// A `bytes`-byte memory access as power-of-two pieces of at most 16
/// bytes, largest first: (byte offset, piece bytes). Three bytes are 2 + 1,
/// seven 4 + 2 + 1, seventeen 16 + 1, thirty-two 16 + 16.
fn pieces(bytes: u32) -> impl Iterator<Item = (u32, u32)> {
    let mut off = 0;
    std::iter::from_fn(move || {
        let left = bytes - off;
        let p = [16u32, 8, 4, 2, 1].into_iter().find(|&p| p <= left)?;
        let r = (off, p);
        off += p;
        Some(r)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cover_the_bytes_once() {
        for bytes in 1..=32 {
            let ps: Vec<_> = pieces(bytes).collect();
            let mut next = 0;
            for &(off, p) in &ps {
                assert_eq!(off, next, "{bytes}: {ps:?}");
                assert!(p.is_power_of_two());
                next += p;
            }
            assert_eq!(next, bytes, "{ps:?}");
        }
        assert_eq!(pieces(3).collect::<Vec<_>>(), vec![(0, 2), (2, 1)]);
        assert_eq!(pieces(7).collect::<Vec<_>>(), vec![(0, 4), (4, 2), (6, 1)]);
        assert_eq!(pieces(17).collect::<Vec<_>>(), vec![(0, 16), (16, 1)]);
        assert_eq!(pieces(32).collect::<Vec<_>>(), vec![(0, 16), (16, 16)]);
    }

    #[test]
    fn odd_widths_promote_to_the_next_legal_type() {
        assert_eq!(promoted(24), Some(VT::I32));
        assert_eq!(promoted(5), Some(VT::I8));
        assert_eq!(promoted(40), Some(VT::I64));
        assert_eq!(promoted(32), None);
        assert_eq!(promoted(1), None);
        assert_eq!(promoted(72), Some(VT::I128));
        assert_eq!(promoted(64), None);
        assert_eq!(promoted(128), None);
        assert_eq!(promoted(136), Some(VT::I256));
        assert_eq!(promoted(256), None);
    }
}
