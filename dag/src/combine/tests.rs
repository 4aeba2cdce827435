//! Tests of the combiner: one per rule family on hand-built DAGs, and a
//! property test that random integer DAGs compute the same outputs before
//! and after combining (a small evaluator of the integer nodes below).

use super::*;
use crate::check::check;
use proptest::prelude::*;
use std::collections::HashMap;

/// A block under construction: inputs are `CopyFromReg`s, outputs
/// `CopyToReg`s on one chain.
struct B {
    d: Dag,
    chain: SDValue,
    next_reg: u64,
}

impl B {
    fn new() -> B {
        let mut d = Dag::default();
        let chain = d.entry();
        B {
            d,
            chain,
            next_reg: 100,
        }
    }
    fn input(&mut self, vt: VT) -> SDValue {
        self.next_reg += 1;
        let r = self.d.value(Op::Register, vt, &[], self.next_reg);
        let e = self.d.entry();
        SDValue::new(
            self.d.node(Op::CopyFromReg, &[vt, VT::Chain], &[e, r], 0),
            0,
        )
    }
    fn k(&mut self, vt: VT, v: u64) -> SDValue {
        self.d.constant(vt, v)
    }
    fn v(&mut self, op: Op, vt: VT, ops: &[SDValue]) -> SDValue {
        self.d.value(op, vt, ops, 0)
    }
    fn setcc(&mut self, cc: Cond, a: SDValue, b: SDValue) -> SDValue {
        self.d.value(Op::SetCC, VT::I1, &[a, b], cc as u64)
    }
    fn load(&mut self, vt: VT, info: MemInfo, addr: SDValue) -> SDValue {
        let n = self
            .d
            .node(Op::Load, &[vt, VT::Chain], &[self.chain, addr], info.pack());
        self.chain = SDValue::new(n, 1);
        SDValue::new(n, 0)
    }
    fn store(&mut self, v: SDValue, addr: SDValue, bits: u32) {
        let info = MemInfo {
            mem_bits: bits,
            ext: Ext::None,
            volatile: false,
            segment: crate::Segment::None,
        };
        self.chain = self
            .d
            .value(Op::Store, VT::Chain, &[self.chain, v, addr], info.pack());
    }
    fn output(&mut self, v: SDValue) {
        self.next_reg += 1;
        let vt = self.d.vt(v);
        let r = self.d.value(Op::Register, vt, &[], self.next_reg);
        self.chain = self
            .d
            .value(Op::CopyToReg, VT::Chain, &[self.chain, r, v], 0);
    }
    /// Sets the root, combines, checks, and returns the values of the
    /// outputs in order.
    fn run(&mut self) -> Vec<SDValue> {
        self.run_with(false)
    }
    /// [`B::run`], optimizing or not.
    fn run_with(&mut self, optimize: bool) -> Vec<SDValue> {
        self.run_mem(optimize, X86_MEM)
    }
    /// [`B::run_with`] with the target's memory access facts `mem`.
    fn run_mem(&mut self, optimize: bool, mem: crate::lowering::MemAccess) -> Vec<SDValue> {
        self.d.root = Some(self.chain);
        let mut cx = CombineCtx {
            optimize,
            mem,
            ..CombineCtx::default()
        };
        combine(&mut self.d, &mut cx);
        check(&self.d).expect("well-typed after combining");
        let mut outs = Vec::new();
        let mut c = self.d.root.expect("root");
        loop {
            let n = c.node();
            match self.d.op(n) {
                Op::CopyToReg => outs.push(self.d.operands(n)[2]),
                Op::EntryToken => break,
                _ => {}
            }
            c = self.d.operands(n)[0];
        }
        outs.reverse();
        outs
    }
    /// The one output of a block built by `f`, combined.
    fn one(f: impl FnOnce(&mut B) -> SDValue) -> (B, SDValue) {
        let mut b = B::new();
        let v = f(&mut b);
        b.output(v);
        let o = b.run()[0];
        (b, o)
    }
    fn op(&self, v: SDValue) -> Op {
        self.d.op_of(v)
    }
    fn arg(&self, v: SDValue, k: usize) -> SDValue {
        self.d.operands(v.node())[k]
    }
    fn konst(&self, v: SDValue, k: usize) -> Option<u64> {
        self.d.as_const(self.arg(v, k))
    }
}

/// x86-64's memory access facts (see `X86Lowering::mem_access`).
const X86_MEM: crate::lowering::MemAccess = crate::lowering::MemAccess {
    misaligned_fast_bits: 128,
    max_int_bits: 64,
    store_imm_bits: 32,
    zero_vector: Some(VT::V4I32),
    vector_lane_loads: true,
};

fn plain(bits: u32) -> MemInfo {
    MemInfo {
        mem_bits: bits,
        ext: Ext::None,
        volatile: false,
        segment: crate::Segment::None,
    }
}

#[test]
fn constants_reassociate() {
    for (outer, inner, c1, c2, want_op, want) in [
        (Op::Add, Op::Add, 3, 4, Op::Add, 7),
        (Op::And, Op::And, 0xf0, 0x3c, Op::And, 0x30),
        (Op::Or, Op::Or, 1, 4, Op::Or, 5),
        (Op::Xor, Op::Xor, 6, 3, Op::Xor, 5),
        (Op::Mul, Op::Mul, 3, 5, Op::Mul, 15),
        (Op::Add, Op::Sub, 3, 10, Op::Add, 7),
        (Op::Sub, Op::Add, 10, 3, Op::Add, 7),
        (Op::Sub, Op::Sub, 10, 3, Op::Sub, 13),
    ] {
        let (b, o) = B::one(|b| {
            let x = b.input(VT::I32);
            let k1 = b.k(VT::I32, c1);
            let k2 = b.k(VT::I32, c2);
            let i = b.v(inner, VT::I32, &[x, k1]);
            b.v(outer, VT::I32, &[i, k2])
        });
        assert_eq!(b.op(o), want_op, "{outer:?} of {inner:?}\n{}", b.d.dump());
        assert_eq!(b.op(b.arg(o, 0)), Op::CopyFromReg);
        assert_eq!(b.konst(o, 1), Some(want), "{outer:?} of {inner:?}");
    }
    // Constants cancel: x + 5 - 5 is x.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I64);
        let k = b.k(VT::I64, 5);
        let i = b.v(Op::Add, VT::I64, &[x, k]);
        b.v(Op::Sub, VT::I64, &[i, k])
    });
    assert_eq!(b.op(o), Op::CopyFromReg, "{}", b.d.dump());
}

#[test]
fn constant_operands_move_right() {
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I32);
        let k = b.k(VT::I32, 9);
        SDValue::new(b.d.node(Op::Add, &[VT::I32], &[k, x], 0), 0)
    });
    assert_eq!(b.konst(o, 1), Some(9));
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I32);
        let k = b.k(VT::I32, 9);
        SDValue::new(b.d.node(Op::SetCC, &[VT::I1], &[k, x], Cond::Slt as u64), 0)
    });
    assert_eq!(b.konst(o, 1), Some(9));
    assert_eq!(b.d.payload(o.node()), Cond::Sgt as u64, "9 < x is x > 9");
}

#[test]
fn same_operand_identities() {
    for (op, want_zero) in [
        (Op::And, false),
        (Op::Or, false),
        (Op::Xor, true),
        (Op::Sub, true),
    ] {
        let (b, o) = B::one(|b| {
            let x = b.input(VT::I16);
            b.v(op, VT::I16, &[x, x])
        });
        if want_zero {
            assert_eq!(b.d.as_const(o), Some(0), "{op:?}");
        } else {
            assert_eq!(b.op(o), Op::CopyFromReg, "{op:?}");
        }
    }
}

#[test]
fn masks_of_known_zero_bits_vanish() {
    // (and (zext x:i8) 255) is the zext.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let z = b.v(Op::ZeroExtend, VT::I32, &[x]);
        let m = b.k(VT::I32, 0xff);
        b.v(Op::And, VT::I32, &[z, m])
    });
    assert_eq!(b.op(o), Op::ZeroExtend);
    // A wider mask too; a narrower one stays.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let z = b.v(Op::ZeroExtend, VT::I32, &[x]);
        let m = b.k(VT::I32, 0xfff);
        b.v(Op::And, VT::I32, &[z, m])
    });
    assert_eq!(b.op(o), Op::ZeroExtend);
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let z = b.v(Op::ZeroExtend, VT::I32, &[x]);
        let m = b.k(VT::I32, 0x7f);
        b.v(Op::And, VT::I32, &[z, m])
    });
    assert_eq!(b.op(o), Op::And);
    // After a shift right by 24, only 8 bits are left.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I32);
        let s = b.k(VT::I32, 24);
        let r = b.v(Op::Srl, VT::I32, &[x, s]);
        let m = b.k(VT::I32, 0xff);
        b.v(Op::And, VT::I32, &[r, m])
    });
    assert_eq!(b.op(o), Op::Srl);
    // A zero-extending load (its own or formed from a zext).
    let (b, o) = B::one(|b| {
        let p = b.input(VT::I64);
        let info = MemInfo {
            ext: Ext::Zero,
            ..plain(16)
        };
        let l = b.load(VT::I32, info, p);
        let m = b.k(VT::I32, 0xffff);
        b.v(Op::And, VT::I32, &[l, m])
    });
    assert_eq!(b.op(o), Op::Load);
    // The odd-width pattern: two zero-extended pieces or-ed, then masked.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I16);
        let y = b.input(VT::I8);
        let zx = b.v(Op::ZeroExtend, VT::I32, &[x]);
        let zy = b.v(Op::ZeroExtend, VT::I32, &[y]);
        let s = b.k(VT::I32, 16);
        let hi = b.v(Op::Shl, VT::I32, &[zy, s]);
        let or = b.v(Op::Or, VT::I32, &[zx, hi]);
        let m = b.k(VT::I32, 0xff_ffff);
        b.v(Op::And, VT::I32, &[or, m])
    });
    assert_eq!(b.op(o), Op::Or);
    // (and (anyext x) mask-of-x) is a zero extension.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I16);
        let a = b.v(Op::AnyExtend, VT::I64, &[x]);
        let m = b.k(VT::I64, 0xffff);
        b.v(Op::And, VT::I64, &[a, m])
    });
    assert_eq!(b.op(o), Op::ZeroExtend);
}

#[test]
fn negated_compares_invert() {
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I32);
        let y = b.input(VT::I32);
        let c = b.setcc(Cond::Ult, x, y);
        let one = b.k(VT::I1, 1);
        b.v(Op::Xor, VT::I1, &[c, one])
    });
    assert_eq!(b.op(o), Op::SetCC);
    assert_eq!(b.d.payload(o.node()), Cond::Uge as u64);
    let (b, o) = B::one(|b| {
        let x = b.input(VT::F64);
        let y = b.input(VT::F64);
        let c = b.d.value(Op::FSetCC, VT::I1, &[x, y], FCond::Olt as u64);
        let one = b.k(VT::I1, 1);
        b.v(Op::Xor, VT::I1, &[c, one])
    });
    assert_eq!(b.d.payload(o.node()), FCond::Uge as u64);
    // A compare with another user stays (both would be computed).
    let mut b = B::new();
    let x = b.input(VT::I32);
    let y = b.input(VT::I32);
    let c = b.setcc(Cond::Eq, x, y);
    let one = b.k(VT::I1, 1);
    let n = b.v(Op::Xor, VT::I1, &[c, one]);
    b.output(n);
    b.output(c);
    let outs = b.run();
    assert_eq!(b.op(outs[0]), Op::Xor);
}

#[test]
fn shifts_of_shifts_add_up() {
    for (op, c1, c2, want) in [
        (Op::Shl, 3, 4, Some(7)),
        (Op::Srl, 20, 5, Some(25)),
        (Op::Sra, 20, 20, Some(31)),
        (Op::Shl, 20, 20, None),
        (Op::Srl, 16, 16, None),
    ] {
        let (b, o) = B::one(|b| {
            let x = b.input(VT::I32);
            let k1 = b.k(VT::I8, c1);
            let k2 = b.k(VT::I8, c2);
            let i = b.v(op, VT::I32, &[x, k1]);
            b.v(op, VT::I32, &[i, k2])
        });
        match want {
            Some(k) => {
                assert_eq!(b.op(o), op);
                assert_eq!(b.op(b.arg(o, 0)), Op::CopyFromReg);
                assert_eq!(b.konst(o, 1), Some(k));
                assert_eq!(b.d.vt(b.arg(o, 1)), VT::I8, "the amount keeps its type");
            }
            None => assert_eq!(b.d.as_const(o), Some(0), "{op:?} {c1} {c2}"),
        }
    }
}

#[test]
fn extensions_of_extensions_merge() {
    for (outer, inner, want) in [
        (Op::ZeroExtend, Op::ZeroExtend, Op::ZeroExtend),
        (Op::SignExtend, Op::SignExtend, Op::SignExtend),
        (Op::SignExtend, Op::ZeroExtend, Op::ZeroExtend),
        (Op::AnyExtend, Op::ZeroExtend, Op::ZeroExtend),
        (Op::AnyExtend, Op::SignExtend, Op::SignExtend),
        (Op::AnyExtend, Op::AnyExtend, Op::AnyExtend),
    ] {
        let (b, o) = B::one(|b| {
            let x = b.input(VT::I8);
            let i = b.v(inner, VT::I16, &[x]);
            b.v(outer, VT::I64, &[i])
        });
        assert_eq!(b.op(o), want, "{outer:?} of {inner:?}");
        assert_eq!(b.op(b.arg(o, 0)), Op::CopyFromReg);
    }
    // zext then sext keep two steps only when they cannot merge.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let i = b.v(Op::SignExtend, VT::I16, &[x]);
        b.v(Op::ZeroExtend, VT::I64, &[i])
    });
    assert_eq!(b.op(b.arg(o, 0)), Op::SignExtend);
    // A sign extension of a value with a clear sign bit is a zero extension.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I32);
        let s = b.k(VT::I32, 1);
        let h = b.v(Op::Srl, VT::I32, &[x, s]);
        b.v(Op::SignExtend, VT::I64, &[h])
    });
    assert_eq!(b.op(o), Op::ZeroExtend);
    // zext(trunc x) is x when the dropped bits are zero.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I32);
        let m = b.k(VT::I32, 0x7f);
        let a = b.v(Op::And, VT::I32, &[x, m]);
        let t = b.v(Op::Truncate, VT::I8, &[a]);
        b.v(Op::ZeroExtend, VT::I32, &[t])
    });
    assert_eq!(b.op(o), Op::And);
}

#[test]
fn truncations_look_through_extensions() {
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I64);
        let t = b.v(Op::Truncate, VT::I32, &[x]);
        b.v(Op::Truncate, VT::I8, &[t])
    });
    assert_eq!(b.op(o), Op::Truncate);
    assert_eq!(b.op(b.arg(o, 0)), Op::CopyFromReg);
    for (ext, to, want) in [
        (Op::ZeroExtend, VT::I16, Op::CopyFromReg),
        (Op::SignExtend, VT::I8, Op::Truncate),
        (Op::AnyExtend, VT::I32, Op::AnyExtend),
        (Op::SignExtend, VT::I32, Op::SignExtend),
    ] {
        let (b, o) = B::one(|b| {
            let x = b.input(VT::I16);
            let e = b.v(ext, VT::I64, &[x]);
            b.v(Op::Truncate, to, &[e])
        });
        assert_eq!(b.op(o), want, "trunc {to} of {ext:?}");
        assert_eq!(b.d.vt(o), to);
    }
}

#[test]
fn truncated_arithmetic_narrows() {
    // trunc i8 (xor (zext x:i8) 7) is an i8 xor.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let z = b.v(Op::ZeroExtend, VT::I32, &[x]);
        let k = b.k(VT::I32, 0x107);
        let a = b.v(Op::Xor, VT::I32, &[z, k]);
        b.v(Op::Truncate, VT::I8, &[a])
    });
    assert_eq!((b.op(o), b.d.vt(o)), (Op::Xor, VT::I8));
    assert_eq!(b.konst(o, 1), Some(7));
    // Two extended operands of an add.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I16);
        let y = b.input(VT::I8);
        let zx = b.v(Op::SignExtend, VT::I32, &[x]);
        let zy = b.v(Op::ZeroExtend, VT::I32, &[y]);
        let a = b.v(Op::Add, VT::I32, &[zx, zy]);
        b.v(Op::Truncate, VT::I16, &[a])
    });
    assert_eq!((b.op(o), b.d.vt(o)), (Op::Add, VT::I16));
    assert_eq!(b.op(b.arg(o, 1)), Op::ZeroExtend);
    // Shifts left by less than the narrow width.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let z = b.v(Op::ZeroExtend, VT::I32, &[x]);
        let k = b.k(VT::I32, 3);
        let a = b.v(Op::Shl, VT::I32, &[z, k]);
        b.v(Op::Truncate, VT::I8, &[a])
    });
    assert_eq!((b.op(o), b.d.vt(o)), (Op::Shl, VT::I8));
    // Not when the wide value has another user, nor for an operand that
    // is not an extension, nor an 8-bit multiply.
    let mut b = B::new();
    let x = b.input(VT::I8);
    let z = b.v(Op::ZeroExtend, VT::I32, &[x]);
    let k = b.k(VT::I32, 3);
    let a = b.v(Op::Add, VT::I32, &[z, k]);
    let t = b.v(Op::Truncate, VT::I8, &[a]);
    b.output(t);
    b.output(a);
    let outs = b.run();
    assert_eq!(b.op(outs[0]), Op::Truncate);
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I32);
        let k = b.k(VT::I32, 3);
        let a = b.v(Op::Add, VT::I32, &[x, k]);
        b.v(Op::Truncate, VT::I8, &[a])
    });
    assert_eq!(b.op(o), Op::Truncate);
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let z = b.v(Op::ZeroExtend, VT::I32, &[x]);
        let k = b.k(VT::I32, 3);
        let a = b.v(Op::Mul, VT::I32, &[z, k]);
        b.v(Op::Truncate, VT::I8, &[a])
    });
    assert_eq!(b.op(o), Op::Truncate);
}

#[test]
fn compares_of_extensions_narrow() {
    // Zero extensions: signed predicates become unsigned.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let y = b.input(VT::I8);
        let zx = b.v(Op::ZeroExtend, VT::I32, &[x]);
        let zy = b.v(Op::ZeroExtend, VT::I32, &[y]);
        b.setcc(Cond::Slt, zx, zy)
    });
    assert_eq!(b.d.vt(b.arg(o, 0)), VT::I8);
    assert_eq!(b.d.payload(o.node()), Cond::Ult as u64);
    // Sign extensions keep the predicate; the constant must fit signed.
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let sx = b.v(Op::SignExtend, VT::I32, &[x]);
        let k = b.k(VT::I32, (-5i64) as u64);
        b.setcc(Cond::Sgt, sx, k)
    });
    assert_eq!(b.d.vt(b.arg(o, 0)), VT::I8);
    assert_eq!(b.konst(o, 1), Some(0xfb));
    assert_eq!(b.d.payload(o.node()), Cond::Sgt as u64);
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I8);
        let sx = b.v(Op::SignExtend, VT::I32, &[x]);
        let k = b.k(VT::I32, 200);
        b.setcc(Cond::Eq, sx, k)
    });
    assert_eq!(b.d.vt(b.arg(o, 0)), VT::I32, "200 does not fit a signed i8");
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I16);
        let zx = b.v(Op::ZeroExtend, VT::I64, &[x]);
        let k = b.k(VT::I64, 0xffff);
        b.setcc(Cond::Sge, zx, k)
    });
    assert_eq!(b.d.vt(b.arg(o, 0)), VT::I16);
    assert_eq!(b.d.payload(o.node()), Cond::Uge as u64);
    let (b, o) = B::one(|b| {
        let x = b.input(VT::I16);
        let zx = b.v(Op::ZeroExtend, VT::I64, &[x]);
        let k = b.k(VT::I64, 0x1_0000);
        b.setcc(Cond::Ne, zx, k)
    });
    assert_eq!(b.d.vt(b.arg(o, 0)), VT::I64, "0x10000 does not fit");
}

#[test]
fn compares_of_extended_booleans_are_the_boolean() {
    let cases = [
        (Op::ZeroExtend, Cond::Ne, 0, "x"),
        (Op::ZeroExtend, Cond::Eq, 0, "not"),
        (Op::ZeroExtend, Cond::Eq, 1, "x"),
        (Op::ZeroExtend, Cond::Eq, 2, "0"),
        (Op::ZeroExtend, Cond::Ult, 2, "1"),
        (Op::SignExtend, Cond::Eq, u64::MAX, "x"),
        (Op::SignExtend, Cond::Slt, 0, "x"),
        (Op::SignExtend, Cond::Sge, 0, "not"),
    ];
    for (ext, cc, k, want) in cases {
        let (b, o) = B::one(|b| {
            let x = b.input(VT::I32);
            let y = b.input(VT::I32);
            let c = b.setcc(Cond::Slt, x, y);
            let e = b.v(ext, VT::I32, &[c]);
            let k = b.k(VT::I32, k);
            b.setcc(cc, e, k)
        });
        let got = match (b.op(o), b.d.as_const(o)) {
            (Op::SetCC, _) if b.d.payload(o.node()) == Cond::Slt as u64 => "x",
            (Op::SetCC, _) if b.d.payload(o.node()) == Cond::Sge as u64 => "not",
            (Op::Xor, _) => "not",
            (_, Some(0)) => "0",
            (_, Some(1)) => "1",
            _ => "?",
        };
        assert_eq!(got, want, "{ext:?} {cc:?} {k}\n{}", b.d.dump());
    }
}

#[test]
fn selects_simplify() {
    let (b, o) = B::one(|b| {
        let c = b.input(VT::I1);
        let x = b.input(VT::I32);
        b.d.value(Op::Select, VT::I32, &[c, x, x], 0)
    });
    assert_eq!(b.op(o), Op::CopyFromReg);
    for (t, f, want) in [
        (1, 0, Op::ZeroExtend),
        (0xffff_ffff, 0, Op::SignExtend),
        (0, 1, Op::ZeroExtend),
        (2, 0, Op::Select),
    ] {
        let (b, o) = B::one(|b| {
            let c = b.input(VT::I1);
            let t = b.k(VT::I32, t);
            let f = b.k(VT::I32, f);
            b.d.value(Op::Select, VT::I32, &[c, t, f], 0)
        });
        assert_eq!(b.op(o), want, "select c, {t}, {f}");
        if (t, f) == (0, 1) {
            assert_eq!(b.op(b.arg(o, 0)), Op::Xor);
        }
    }
    let (b, o) = B::one(|b| {
        let c = b.input(VT::I1);
        let t = b.k(VT::I1, 1);
        let f = b.k(VT::I1, 0);
        b.d.value(Op::Select, VT::I1, &[c, t, f], 0)
    });
    assert_eq!(b.op(o), Op::CopyFromReg);
}

#[test]
fn selects_of_bools_with_a_constant_arm_are_logic() {
    // (true arm, false arm) with `None` for the variable: the op wanted,
    // and whether the condition is negated first.
    for (t, f, want, negated) in [
        (Some(1), None, Op::Or, false),
        (None, Some(0), Op::And, false),
        (Some(0), None, Op::And, true),
        (None, Some(1), Op::Or, true),
    ] {
        let (b, o) = B::one(|b| {
            let c = b.input(VT::I1);
            let x = b.input(VT::I1);
            let t = t.map_or(x, |k| b.k(VT::I1, k));
            let f = f.map_or(x, |k| b.k(VT::I1, k));
            b.d.value(Op::Select, VT::I1, &[c, t, f], 0)
        });
        assert_eq!(b.op(o), want, "select c, {t:?}, {f:?}\n{}", b.d.dump());
        let first = b.op(b.arg(o, 0));
        assert_eq!(
            first == Op::Xor,
            negated,
            "select c, {t:?}, {f:?}\n{}",
            b.d.dump()
        );
    }
    // Wider selects keep their arms: `c ? x : 0` on i32 is no `and`.
    let (b, o) = B::one(|b| {
        let c = b.input(VT::I1);
        let x = b.input(VT::I32);
        let z = b.k(VT::I32, 0);
        b.d.value(Op::Select, VT::I32, &[c, x, z], 0)
    });
    assert_eq!(b.op(o), Op::Select);
}

#[test]
fn stores_of_truncations_truncate() {
    let mut b = B::new();
    let p = b.input(VT::I64);
    let x = b.input(VT::I32);
    let t = b.v(Op::Truncate, VT::I8, &[x]);
    b.store(t, p, 8);
    b.output(p);
    b.run();
    let st = b.d.operands(b.d.root.expect("root").node())[0];
    assert_eq!(b.op(st), Op::Store);
    assert_eq!(b.d.vt(b.arg(st, 1)), VT::I32);
    assert_eq!(MemInfo::unpack(b.d.payload(st.node())).mem_bits, 8);
    // An i1 truncation is a mask, not a narrower store.
    let mut b = B::new();
    let p = b.input(VT::I64);
    let x = b.input(VT::I8);
    let t = b.v(Op::Truncate, VT::I1, &[x]);
    b.store(t, p, 8);
    b.output(p);
    b.run();
    let st = b.d.operands(b.d.root.expect("root").node())[0];
    assert_eq!(b.op(b.arg(st, 1)), Op::Truncate);
}

#[test]
fn compares_of_extended_loads_compare_the_narrow_load() {
    // setcc (zext (load i8)), 5 compares the i8 load (cmpb $5, mem), and
    // setcc (sext (load i8)), -3 likewise; the extension is not absorbed.
    for (ext, k, cc, want) in [
        (Op::ZeroExtend, 5u64, Cond::Slt, Cond::Ult),
        (Op::SignExtend, (-3i64) as u64, Cond::Slt, Cond::Slt),
    ] {
        let (b, o) = B::one(|b| {
            let p = b.input(VT::I64);
            let l = b.load(VT::I8, plain(8), p);
            let z = b.v(ext, VT::I32, &[l]);
            let c = b.k(VT::I32, k);
            b.setcc(cc, z, c)
        });
        assert_eq!(b.op(o), Op::SetCC, "{}", b.d.dump());
        assert_eq!(b.d.payload(o.node()), want as u64);
        let l = b.arg(o, 0);
        assert_eq!((b.op(l), b.d.vt(l)), (Op::Load, VT::I8), "{}", b.d.dump());
        assert_eq!(MemInfo::unpack(b.d.payload(l.node())), plain(8));
        assert_eq!(b.konst(o, 1), Some(k & 0xff));
    }
    // A constant that does not fit: the load still absorbs the extension.
    let (b, o) = B::one(|b| {
        let p = b.input(VT::I64);
        let l = b.load(VT::I8, plain(8), p);
        let z = b.v(Op::ZeroExtend, VT::I32, &[l]);
        let c = b.k(VT::I32, 300);
        b.setcc(Cond::Ult, z, c)
    });
    let l = b.arg(o, 0);
    assert_eq!((b.op(l), b.d.vt(l)), (Op::Load, VT::I32), "{}", b.d.dump());
}

#[test]
fn loads_absorb_their_extensions() {
    // zext (load i8) -> zextload8 i32, the chain follows the new load.
    let mut b = B::new();
    let p = b.input(VT::I64);
    let l = b.load(VT::I8, plain(8), p);
    let z = b.v(Op::ZeroExtend, VT::I32, &[l]);
    b.store(p, p, 64);
    b.output(z);
    let o = b.run()[0];
    assert_eq!(b.op(o), Op::Load);
    assert_eq!(b.d.vt(o), VT::I32);
    let info = MemInfo::unpack(b.d.payload(o.node()));
    assert_eq!((info.mem_bits, info.ext), (8, Ext::Zero));
    let st = b.d.operands(b.d.root.expect("root").node())[0];
    assert_eq!(b.op(st), Op::Store);
    assert_eq!(
        b.arg(st, 0),
        SDValue::new(o.node(), 1),
        "store after the new load"
    );
    // A chain: sext i64 (zext i32 (load i8)) is one zextload8 i64.
    let mut b = B::new();
    let p = b.input(VT::I64);
    let l = b.load(VT::I8, plain(8), p);
    let z = b.v(Op::ZeroExtend, VT::I32, &[l]);
    let s = b.v(Op::SignExtend, VT::I64, &[z]);
    b.output(s);
    let o = b.run()[0];
    assert_eq!((b.op(o), b.d.vt(o)), (Op::Load, VT::I64));
    assert_eq!(MemInfo::unpack(b.d.payload(o.node())).ext, Ext::Zero);
    // Truncation narrows the load.
    let mut b = B::new();
    let p = b.input(VT::I64);
    let l = b.load(VT::I64, plain(64), p);
    let t = b.v(Op::Truncate, VT::I16, &[l]);
    b.output(t);
    let o = b.run()[0];
    assert_eq!((b.op(o), b.d.vt(o)), (Op::Load, VT::I16));
    assert_eq!(MemInfo::unpack(b.d.payload(o.node())), plain(16));
    // Not with a second user, not volatile, not to i1.
    let mut b = B::new();
    let p = b.input(VT::I64);
    let l = b.load(VT::I8, plain(8), p);
    let z = b.v(Op::ZeroExtend, VT::I32, &[l]);
    b.output(z);
    b.output(l);
    let o = b.run()[0];
    assert_eq!(b.op(o), Op::ZeroExtend);
    let mut b = B::new();
    let p = b.input(VT::I64);
    let l = b.load(
        VT::I8,
        MemInfo {
            volatile: true,
            ..plain(8)
        },
        p,
    );
    let z = b.v(Op::SignExtend, VT::I32, &[l]);
    b.output(z);
    let o = b.run()[0];
    assert_eq!(b.op(o), Op::SignExtend);
    let mut b = B::new();
    let p = b.input(VT::I64);
    let l = b.load(VT::I8, plain(8), p);
    let t = b.v(Op::Truncate, VT::I1, &[l]);
    b.output(t);
    let o = b.run()[0];
    assert_eq!(b.op(o), Op::Truncate);
}

#[test]
fn divisions_by_constants_become_multiplications_when_optimizing() {
    let ops = [Op::UDiv, Op::SDiv, Op::URem, Op::SRem];
    for vt in [VT::I8, VT::I16, VT::I32, VT::I64] {
        for op in ops {
            for (d, optimize) in [(7u64, true), (10, true), (7, false), (16, true)] {
                // (By a variable: i32 and i64 become one UDivRem/SDivRem.)
                let mut b = B::new();
                let x = b.input(vt);
                let k = b.k(vt, d);
                let q = b.v(op, vt, &[x, k]);
                b.output(q);
                b.run_with(optimize);
                let left = b.d.nodes().filter(|&n| ops.contains(&b.d.op(n))).count();
                let reachable =
                    b.d.nodes()
                        .filter(|&n| b.d.op(n) == op)
                        .any(|n| reaches(&b.d, b.d.root.expect("root"), n));
                assert_eq!(reachable, !optimize, "{op:?} {vt:?} by {d} (left {left})");
            }
        }
    }
}

#[test]
fn extensions_move_before_non_wrapping_adds_of_constants_in_addresses() {
    use crate::opcode::{WRAP_NSW, WRAP_NUW};
    for (ext, flag, moves) in [
        (Op::SignExtend, WRAP_NSW, true),
        (Op::ZeroExtend, WRAP_NUW, true),
        (Op::SignExtend, WRAP_NUW, false),
        (Op::ZeroExtend, WRAP_NSW, false),
        (Op::SignExtend, 0, false),
    ] {
        let mut b = B::new();
        let x = b.input(VT::I32);
        let k = b.k(VT::I32, (-8i64) as u64);
        let s = b.d.value(Op::Add, VT::I32, &[x, k], flag);
        let e = b.v(ext, VT::I64, &[s]);
        let three = b.k(VT::I64, 3);
        let a = b.v(Op::Shl, VT::I64, &[e, three]);
        b.output(a);
        let out = b.run_with(true)[0];
        let inner = b.arg(out, 0);
        assert_eq!(b.op(inner) == Op::Add, moves, "{ext:?} flag {flag}");
        if moves {
            assert_eq!(b.op(b.arg(inner, 0)), ext);
            let want = if ext == Op::SignExtend {
                (-8i64) as u64
            } else {
                0xffff_fff8
            };
            assert_eq!(b.konst(inner, 1), Some(want));
        }
    }
}

#[test]
fn division_and_remainder_by_a_variable_share_one_node() {
    for (vt, shared) in [(VT::I32, true), (VT::I64, true), (VT::I16, false)] {
        for (div, rem, dr) in [
            (Op::UDiv, Op::URem, Op::UDivRem),
            (Op::SDiv, Op::SRem, Op::SDivRem),
        ] {
            let mut b = B::new();
            let x = b.input(vt);
            let y = b.input(vt);
            let q = b.v(div, vt, &[x, y]);
            let r = b.v(rem, vt, &[x, y]);
            b.output(q);
            b.output(r);
            let outs = b.run_with(true);
            if shared {
                assert_eq!(outs[0].node(), outs[1].node(), "{vt:?} {div:?}");
                assert_eq!(b.op(outs[0]), dr);
                assert_eq!((outs[0].res(), outs[1].res()), (0, 1));
            } else {
                assert_eq!((b.op(outs[0]), b.op(outs[1])), (div, rem));
            }
        }
    }
}

/// Whether `target` is reachable from `from` through operands.
fn reaches(d: &Dag, from: SDValue, target: Node) -> bool {
    let mut stack = vec![from.node()];
    let mut seen = std::collections::HashSet::new();
    while let Some(n) = stack.pop() {
        if n == target {
            return true;
        }
        if seen.insert(n) {
            stack.extend(d.operands(n).iter().map(|o| o.node()));
        }
    }
    false
}

#[test]
fn token_factors_drop_repeats() {
    let mut b = B::new();
    let p = b.input(VT::I64);
    let l = b.load(VT::I64, plain(64), p);
    let ch = b.chain;
    let e = b.d.entry();
    b.chain = b.d.value(Op::TokenFactor, VT::Chain, &[ch, e, ch], 0);
    b.output(l);
    b.run();
    let copy = b.d.root.expect("root").node();
    assert_eq!(b.op(b.d.operands(copy)[0]), Op::Load, "{}", b.d.dump());
}

#[test]
fn multi_result_nodes_are_rebuilt_with_their_operands() {
    // A call-like target node with two values and a chain, reading a
    // combined operand: every result maps to the rebuilt node.
    let mut b = B::new();
    let x = b.input(VT::I32);
    let k1 = b.k(VT::I32, 1);
    let k2 = b.k(VT::I32, 2);
    let a = b.v(Op::Add, VT::I32, &[x, k1]);
    let a2 = b.v(Op::Add, VT::I32, &[a, k2]);
    let ch = b.chain;
    let call =
        b.d.node(Op::Target(7), &[VT::I64, VT::I32, VT::Chain], &[ch, a2], 0);
    b.chain = SDValue::new(call, 2);
    b.output(SDValue::new(call, 1));
    b.output(SDValue::new(call, 0));
    let outs = b.run();
    let n = outs[0].node();
    assert_ne!(n, call);
    assert_eq!((outs[0], outs[1]), (SDValue::new(n, 1), SDValue::new(n, 0)));
    let arg = b.d.operands(n)[1];
    assert_eq!((b.op(arg), b.konst(arg, 1)), (Op::Add, Some(3)));
    // Unchanged nodes keep their ids.
    let mut b = B::new();
    let x = b.input(VT::I32);
    let ch = b.chain;
    let call = b.d.node(Op::Target(7), &[VT::I32, VT::Chain], &[ch, x], 0);
    b.chain = SDValue::new(call, 1);
    b.output(SDValue::new(call, 0));
    assert_eq!(b.run()[0], SDValue::new(call, 0));
}

#[test]
fn glue_pairs_are_rebuilt_together() {
    // A glue producer reading a combinable value and its glue user: both
    // are rebuilt, the user reads the new producer's glue, and nothing
    // looks through the glue.
    let mut b = B::new();
    let x = b.input(VT::I64);
    let y = b.input(VT::I64);
    let k1 = b.k(VT::I64, 1);
    let k2 = b.k(VT::I64, 2);
    let a = b.v(Op::Add, VT::I64, &[x, k1]);
    let a2 = b.v(Op::Add, VT::I64, &[a, k2]);
    let p = b.d.node(Op::Target(20), &[VT::I64, VT::Glue], &[a2, y], 0);
    let u =
        b.d.node(Op::Target(21), &[VT::I64], &[y, y, SDValue::new(p, 1)], 0);
    b.output(SDValue::new(u, 0));
    b.output(SDValue::new(p, 0));
    let outs = b.run();
    let (nu, np) = (outs[0].node(), outs[1].node());
    assert_ne!(np, p, "the producer's operand changed");
    assert_eq!(b.d.operands(nu)[2], SDValue::new(np, 1), "{}", b.d.dump());
    let arg = b.d.operands(np)[0];
    assert_eq!((b.op(arg), b.konst(arg, 1)), (Op::Add, Some(3)));
}

// ---- random DAGs against an evaluator

/// Observable behaviour of a block: copies to registers and stores, in
/// chain order.
#[derive(Debug, PartialEq, Eq)]
enum Effect {
    Copy(u64, u64),
    Store(u64, u32, u64),
}

/// Evaluates the integer nodes of `d`. Inputs are the registers' numbers
/// scrambled; memory is read-only (a hash of the address); `fill` gives
/// the bits above an any-extension. `None` when a value is poison (an
/// over-wide shift).
struct Eval<'a> {
    d: &'a Dag,
    fill: u64,
    memo: HashMap<SDValue, Option<u64>>,
}

fn scramble(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Eval<'_> {
    fn mem(&self, addr: u64, bits: u32) -> u64 {
        let mut v = 0;
        for k in 0..bits.div_ceil(8) {
            let byte = scramble(addr.wrapping_add(k as u64)) & 0xff;
            v |= byte << (8 * k);
        }
        v
    }

    fn val(&mut self, v: SDValue) -> Option<u64> {
        if let Some(&r) = self.memo.get(&v) {
            return r;
        }
        let r = self.compute(v);
        self.memo.insert(v, r);
        r
    }

    fn compute(&mut self, v: SDValue) -> Option<u64> {
        let d = self.d;
        let n = v.node();
        let vt = d.vt(v);
        let m = vt.mask();
        let ops = d.operands(n);
        let bits = vt.bits();
        let r = match d.op(n) {
            Op::Constant => d.payload(n),
            Op::CopyFromReg => scramble(d.payload(ops[1].node())),
            Op::Load => {
                let info = MemInfo::unpack(d.payload(n));
                let a = self.val(ops[1])?;
                let raw = self.mem(a, info.mem_bits);
                match info.ext {
                    Ext::None | Ext::Zero => raw,
                    Ext::Sign => sext(raw, info.mem_bits) as u64,
                    Ext::Any => raw | (self.fill & !((1u64 << info.mem_bits) - 1)),
                }
            }
            Op::Add | Op::Sub | Op::Mul | Op::And | Op::Or | Op::Xor => {
                let (a, b) = (self.val(ops[0])?, self.val(ops[1])?);
                match d.op(n) {
                    Op::Add => a.wrapping_add(b),
                    Op::Sub => a.wrapping_sub(b),
                    Op::Mul => a.wrapping_mul(b),
                    Op::And => a & b,
                    Op::Or => a | b,
                    _ => a ^ b,
                }
            }
            Op::Shl | Op::Srl | Op::Sra => {
                let (a, s) = (self.val(ops[0])?, self.val(ops[1])?);
                if s >= bits as u64 {
                    return None;
                }
                match d.op(n) {
                    Op::Shl => a << s,
                    Op::Srl => (a & m) >> s,
                    _ => (sext(a, bits) >> s) as u64,
                }
            }
            Op::SetCC => {
                let w = d.vt(ops[0]).bits();
                let (a, b) = (self.val(ops[0])?, self.val(ops[1])?);
                let cc = Cond::ALL[d.payload(n) as usize];
                cc.eval(a, b, w) as u64
            }
            Op::Select => {
                let c = self.val(ops[0])?;
                if c & 1 != 0 {
                    self.val(ops[1])?
                } else {
                    self.val(ops[2])?
                }
            }
            Op::UDiv | Op::URem | Op::SDiv | Op::SRem => {
                let (a, b) = (self.val(ops[0])? & m, self.val(ops[1])? & m);
                let (sa, sb) = (sext(a, bits), sext(b, bits));
                let min = sext(1u64 << (bits - 1), bits);
                match d.op(n) {
                    _ if b == 0 => return None,
                    Op::UDiv => a / b,
                    Op::URem => a % b,
                    _ if sa == min && sb == -1 => return None,
                    Op::SDiv => (sa / sb) as u64,
                    _ => (sa % sb) as u64,
                }
            }
            Op::UDivRem | Op::SDivRem => {
                let (a, b) = (self.val(ops[0])? & m, self.val(ops[1])? & m);
                let (sa, sb) = (sext(a, bits), sext(b, bits));
                let min = sext(1u64 << (bits - 1), bits);
                let signed = d.op(n) == Op::SDivRem;
                match (signed, v.res()) {
                    _ if b == 0 => return None,
                    (false, 0) => a / b,
                    (false, _) => a % b,
                    _ if sa == min && sb == -1 => return None,
                    (true, 0) => (sa / sb) as u64,
                    (true, _) => (sa % sb) as u64,
                }
            }
            Op::UMulLoHi => {
                let (a, b) = (self.val(ops[0])? as u128, self.val(ops[1])? as u128);
                let p = a * b;
                if v.res() == 0 {
                    p as u64
                } else {
                    (p >> 64) as u64
                }
            }
            Op::ZeroExtend | Op::Truncate => self.val(ops[0])?,
            Op::Bswap => (self.val(ops[0])? & m).swap_bytes() >> (64 - bits),
            Op::SignExtend => sext(self.val(ops[0])?, d.vt(ops[0]).bits()) as u64,
            Op::AnyExtend => {
                let from = d.vt(ops[0]).mask();
                (self.val(ops[0])? & from) | (self.fill & !from)
            }
            op => panic!("evaluator: {op:?}"),
        };
        Some(r & m)
    }

    /// The effects of the chain ending at `c`, in order.
    fn effects(&mut self, c: SDValue, out: &mut Vec<Option<Effect>>) {
        let d = self.d;
        let n = c.node();
        let ops = d.operands(n);
        match d.op(n) {
            Op::EntryToken => {}
            Op::TokenFactor => {
                for &o in ops {
                    self.effects(o, out);
                }
            }
            Op::Store => {
                self.effects(ops[0], out);
                let info = MemInfo::unpack(d.payload(n));
                let e = (|| {
                    let v = self.val(ops[1])? & ((1u128 << info.mem_bits) - 1) as u64;
                    Some(Effect::Store(self.val(ops[2])?, info.mem_bits, v))
                })();
                out.push(e);
            }
            Op::CopyToReg => {
                self.effects(ops[0], out);
                let e = self
                    .val(ops[2])
                    .map(|v| Effect::Copy(d.payload(ops[1].node()), v));
                out.push(e);
            }
            _ => self.effects(ops[0], out),
        }
    }
}

/// The observable behaviour of `d` with any-extension bits `fill`.
fn behaviour(d: &Dag, fill: u64) -> Vec<Option<Effect>> {
    let mut e = Eval {
        d,
        fill,
        memo: HashMap::new(),
    };
    let mut out = Vec::new();
    e.effects(d.root.expect("root"), &mut out);
    out
}

/// What fills the undefined bits of any-extensions in the second run.
const GARBAGE: u64 = 0xa5c3_5a3c_96e1_0f69;

const TYPES: [VT; 5] = [VT::I1, VT::I8, VT::I16, VT::I32, VT::I64];

/// Interesting constants for type `vt`, picked by `k`.
fn interesting(vt: VT, k: u64, raw: u64) -> u64 {
    let m = vt.mask();
    let v = match k % 12 {
        0 => 0,
        1 => 1,
        2 => m,
        3 => 0xff,
        4 => 0xffff,
        5 => 0xffff_ffff,
        6 => 0x7f,
        7 => m >> 1,
        8 => 1 << (raw % vt.bits() as u64),
        9 => raw % vt.bits() as u64,
        10 => (raw as i8) as u64,
        _ => raw,
    };
    v & m
}

/// A type narrower than `vt` (`vt` itself for i1), picked by `k`.
fn narrower(vt: VT, k: u64) -> VT {
    let n = TYPES.iter().position(|&t| t == vt).unwrap_or(0);
    TYPES[k as usize % n.max(1)]
}

/// A constant of type `vt` near the range of the narrower type `from`.
fn boundary(vt: VT, from: VT, k: u64, raw: u64) -> u64 {
    let f = from.mask();
    let v = match k % 10 {
        8 => !(1 << (raw % 64)),
        9 => !(1 << (raw % 8)),
        0 => f,
        1 => f.wrapping_add(1),
        2 => f >> 1,
        3 => (f >> 1).wrapping_add(1),
        4 => sext(raw & f, from.bits()) as u64,
        5 => u64::MAX,
        6 => raw & f,
        _ => raw,
    };
    v & vt.mask()
}

/// The shapes the rules look for, built around `x` with fresh operands.
fn shaped(
    b: &mut B,
    kind: u8,
    x: SDValue,
    vt: VT,
    y: u16,
    raw: u64,
    base: SDValue,
) -> Option<SDValue> {
    let exts = [Op::ZeroExtend, Op::SignExtend, Op::AnyExtend];
    let xt = b.d.vt(x);
    let wide = if vt.bits() > xt.bits() { vt } else { VT::I64 };
    if xt == VT::I64 && !matches!(kind, 15 | 19) {
        return None;
    }
    let ext = exts[y as usize % 2];
    Some(match kind {
        // A compare of an extension with a constant or another extension.
        13 => {
            let e = b.v(ext, wide, &[x]);
            let cc = Cond::ALL[(raw >> 3) as usize % 10];
            let other = if raw.is_multiple_of(3) {
                let z = b.input(xt);
                b.v(ext, wide, &[z])
            } else {
                b.k(wide, boundary(wide, xt, raw >> 8, raw >> 16))
            };
            if raw.is_multiple_of(5) {
                b.setcc(cc, other, e)
            } else {
                b.setcc(cc, e, other)
            }
        }
        // Narrow arithmetic done wide and truncated.
        14 => {
            let z = b.input(xt);
            let ea = b.v(ext, wide, &[x]);
            let kb = (raw >> 4) as usize % 3;
            let eb = if raw.is_multiple_of(3) {
                b.k(wide, raw >> 8)
            } else {
                b.v(exts[kb], wide, &[z])
            };
            // The bits an any-extension leaves undefined must not reach
            // the result: truncate to the operand's width at most.
            let garbage = kb == 2 && !raw.is_multiple_of(3);
            let op = [Op::Add, Op::Sub, Op::Mul, Op::And, Op::Or, Op::Xor, Op::Shl]
                [(raw >> 6) as usize % 7];
            let r = if op == Op::Shl {
                let k = b.k(VT::I8, (raw >> 10) % wide.bits() as u64);
                b.v(op, wide, &[ea, k])
            } else {
                b.v(op, wide, &[ea, eb])
            };
            let mut to = narrower(wide, raw >> 12);
            if garbage {
                to = to.min(xt);
            }
            if to == wide {
                r
            } else {
                b.v(Op::Truncate, to, &[r])
            }
        }
        // Shifts of shifts.
        15 => {
            if xt == VT::I1 {
                return None;
            }
            let op = [Op::Shl, Op::Srl, Op::Sra][y as usize % 3];
            let bits = xt.bits() as u64;
            let k1 = b.k(VT::I8, raw % bits);
            let k2 = b.k(VT::I8, (raw >> 8) % bits);
            let i = b.v(op, xt, &[x, k1]);
            b.v(op, xt, &[i, k2])
        }
        // Extensions of extensions, maybe truncated again.
        16 => {
            let mid = if wide == VT::I64 {
                VT::I32.max(xt)
            } else {
                wide
            };
            if mid.bits() <= xt.bits() {
                return None;
            }
            let (k1, k2) = (raw as usize % 3, (raw >> 2) as usize % 3);
            let e1 = b.v(exts[k1], mid, &[x]);
            let e2 = if mid == VT::I64 {
                e1
            } else {
                b.v(exts[k2], VT::I64, &[e1])
            };
            let garbage = k1 == 2 || (k2 == 2 && mid != VT::I64);
            let to = narrower(VT::I64, raw >> 4);
            if garbage {
                b.v(Op::Truncate, to.min(xt), &[e2])
            } else if raw.is_multiple_of(2) && to != VT::I64 {
                b.v(Op::Truncate, to, &[e2])
            } else {
                e2
            }
        }
        // Loads extended or truncated, once or twice.
        17 => {
            let lt = narrower(VT::I64, raw).max(VT::I8);
            let off = b.k(VT::I64, (raw >> 8) % 64);
            let addr = b.v(Op::Add, VT::I64, &[base, off]);
            let l = b.load(lt, plain(lt.bits()), addr);
            let mut v = l;
            for k in 0..1 + (raw >> 14) % 2 {
                let t = b.d.vt(v);
                let sel = (raw >> (16 + 3 * k)) % 4;
                v = if sel == 3 || t == VT::I64 {
                    let to = narrower(t, raw >> (24 + k));
                    if to == t {
                        break;
                    }
                    b.v(Op::Truncate, to, &[v])
                } else {
                    let to = TYPES[(TYPES.iter().position(|&u| u == t).unwrap_or(0)
                        + 1
                        + (raw >> 30) as usize % 2)
                        .min(4)];
                    let e = b.v(exts[sel as usize], to, &[v]);
                    if sel == 2 {
                        // Only the defined bits of an any-extension.
                        let back = narrower(to, raw >> (40 + k)).min(t);
                        b.v(Op::Truncate, back, &[e])
                    } else {
                        e
                    }
                };
            }
            v
        }
        // Masks after zero extensions and shifts.
        18 => {
            let ke = (raw >> 1) as usize % 3;
            let e = if raw.is_multiple_of(2) {
                b.v(exts[ke], wide, &[x])
            } else {
                let w = b.input(wide);
                let k = b.k(VT::I8, (raw >> 2) % wide.bits() as u64);
                let op = [Op::Srl, Op::Shl, Op::Sra][(raw >> 30) as usize % 3];
                b.v(op, wide, &[w, k])
            };
            let mut mask = boundary(wide, xt, raw >> 8, raw >> 16);
            if ke == 2 && raw.is_multiple_of(2) {
                mask &= xt.mask();
            }
            let m = b.k(wide, mask);
            b.v(Op::And, wide, &[e, m])
        }
        // Negated compares, maybe read twice.
        19 => {
            let z = b.input(xt);
            if xt == VT::I1 {
                return None;
            }
            let c = b.setcc(Cond::ALL[raw as usize % 10], x, z);
            let one = b.k(VT::I1, 1);
            let n = b.v(Op::Xor, VT::I1, &[c, one]);
            if raw.is_multiple_of(4) {
                b.output(c);
            }
            n
        }
        // Selects of constants or of one value.
        20 => {
            let z = b.input(xt);
            let c = b.setcc(Cond::ALL[raw as usize % 10], z, x);
            let c = if xt == VT::I1 { x } else { c };
            let (t, f) = [(1, 0), (0, 1), (u64::MAX, 0), (2, 0)][(raw >> 4) as usize % 4];
            let rt = narrower(VT::I64, raw >> 8);
            let (t, f) = (b.k(rt, t & rt.mask()), b.k(rt, f));
            if raw.is_multiple_of(7) {
                b.d.value(Op::Select, rt, &[c, t, t], 0)
            } else {
                b.d.value(Op::Select, rt, &[c, t, f], 0)
            }
        }
        // Stores of extensions and truncations.
        _ => {
            if xt == VT::I1 {
                return None;
            }
            let ke = (raw >> 1) as usize % 3;
            let e = if raw.is_multiple_of(2) {
                b.v(exts[ke], VT::I64, &[x])
            } else {
                let to = narrower(xt, raw >> 2).max(VT::I8);
                if to >= xt {
                    return None;
                }
                b.v(Op::Truncate, to, &[x])
            };
            let et = b.d.vt(e);
            let off = b.k(VT::I64, (raw >> 8) % 64);
            let addr = b.v(Op::Add, VT::I64, &[base, off]);
            let mut mem = [8, 16, 32, 64][(raw >> 16) as usize % 4].min(et.bits());
            if ke == 2 && raw.is_multiple_of(2) {
                mem = mem.min(xt.bits());
            }
            b.store(e, addr, mem);
            return None;
        }
    })
}

/// Builds a random block from a list of steps (each step's numbers pick
/// an operation, types, operands and constants).
fn random_dag(steps: &[(u8, u8, u16, u16, u64)], outs: &[u16]) -> Dag {
    let mut b = B::new();
    let mut pool: Vec<SDValue> = Vec::new();
    let base = b.input(VT::I64);
    for &t in &TYPES[1..] {
        pool.push(b.input(t));
        pool.push(b.input(t));
    }
    let c = b.setcc(Cond::Ult, pool[0], pool[1]);
    pool.push(c);
    for &(kind, ty, x, y, raw) in steps {
        let vt = TYPES[ty as usize % TYPES.len()];
        let of = |pool: &[SDValue], d: &Dag, k: u16, vt: VT| {
            let same: Vec<SDValue> = pool.iter().copied().filter(|&v| d.vt(v) == vt).collect();
            (!same.is_empty()).then(|| same[k as usize % same.len()])
        };
        let any = pool[x as usize % pool.len()];
        let a = of(&pool, &b.d, x, vt);
        let bb = of(&pool, &b.d, y, vt);
        let new = match kind % 24 {
            0..=2 => {
                let op = [Op::Add, Op::Sub, Op::Mul, Op::And, Op::Or, Op::Xor][raw as usize % 6];
                match (a, bb) {
                    (Some(a), Some(bv)) => Some(b.v(op, vt, &[a, bv])),
                    _ => None,
                }
            }
            3 | 4 => {
                let op = [Op::Add, Op::Sub, Op::Mul, Op::And, Op::Or, Op::Xor][y as usize % 6];
                a.map(|a| {
                    let k = b.k(vt, interesting(vt, raw >> 8, raw));
                    b.v(op, vt, &[a, k])
                })
            }
            5 if vt != VT::I1 => a.map(|a| {
                let op = [Op::Shl, Op::Srl, Op::Sra][y as usize % 3];
                let k = b.k(VT::I8, raw % vt.bits() as u64);
                b.v(op, vt, &[a, k])
            }),
            6 => {
                let from = b.d.vt(any);
                if from.bits() < vt.bits() && from.is_int() {
                    let op = [Op::ZeroExtend, Op::SignExtend][y as usize % 2];
                    Some(b.v(op, vt, &[any]))
                } else if from.bits() > vt.bits() {
                    Some(b.v(Op::Truncate, vt, &[any]))
                } else {
                    None
                }
            }
            7 if vt != VT::I1 => {
                let cc = Cond::ALL[raw as usize % 10];
                match (a, bb) {
                    (Some(a), Some(bv)) if y.is_multiple_of(2) => Some(b.setcc(cc, a, bv)),
                    (Some(a), _) => {
                        let k = b.k(vt, interesting(vt, raw >> 8, raw >> 16));
                        Some(b.setcc(cc, a, k))
                    }
                    _ => None,
                }
            }
            8 => {
                let cond = of(&pool, &b.d, y, VT::I1);
                match (cond, a) {
                    (Some(c), Some(a)) => {
                        let f = match raw % 3 {
                            0 => b.k(vt, interesting(vt, raw >> 4, raw)),
                            1 => a,
                            _ => of(&pool, &b.d, (raw >> 8) as u16, vt).unwrap_or(a),
                        };
                        let t = if raw.is_multiple_of(5) { b.k(vt, 1) } else { a };
                        Some(b.d.value(Op::Select, vt, &[c, t, f], 0))
                    }
                    _ => None,
                }
            }
            9 | 10 if vt != VT::I1 => {
                let off = b.k(VT::I64, raw % 64);
                let addr = b.v(Op::Add, VT::I64, &[base, off]);
                let mem = [8, 16, 32, 64][y as usize % 4].min(vt.bits());
                let ext = if mem == vt.bits() {
                    Ext::None
                } else {
                    [Ext::Zero, Ext::Sign, Ext::Any][(raw >> 8) as usize % 3]
                };
                let info = MemInfo {
                    mem_bits: mem,
                    ext,
                    volatile: raw.is_multiple_of(7),
                    segment: crate::Segment::None,
                };
                let l = b.load(vt, info, addr);
                if ext == Ext::Any {
                    // Only the loaded bits are defined.
                    let t = VT::int(mem).unwrap_or(VT::I8);
                    Some(b.v(Op::Truncate, t, &[l]))
                } else {
                    Some(l)
                }
            }
            11 => {
                let vt = b.d.vt(any);
                if vt == VT::I1 {
                    None
                } else {
                    let off = b.k(VT::I64, raw % 64);
                    let addr = b.v(Op::Add, VT::I64, &[base, off]);
                    let mem = [8, 16, 32, 64][y as usize % 4].min(vt.bits());
                    b.store(any, addr, mem);
                    None
                }
            }
            12 => {
                b.output(any);
                None
            }
            // An extension of a non-wrapping add of a constant feeding a
            // shift (the add cannot wrap: its operand is a byte).
            21 if raw & 4 != 0 => {
                let from = b.d.vt(any);
                (from == VT::I8).then(|| {
                    let sx = raw & 8 != 0;
                    let ext = if sx { Op::SignExtend } else { Op::ZeroExtend };
                    let x32 = b.v(ext, VT::I32, &[any]);
                    let c = (raw >> 16) % 2000;
                    let (c, flag) = if sx {
                        (c.wrapping_sub(1000), crate::opcode::WRAP_NSW)
                    } else {
                        (c, crate::opcode::WRAP_NUW)
                    };
                    let k = b.k(VT::I32, c);
                    let s = b.d.value(Op::Add, VT::I32, &[x32, k], flag);
                    let e = b.v(ext, VT::I64, &[s]);
                    let sh = b.k(VT::I64, y as u64 % 4);
                    b.v(Op::Shl, VT::I64, &[e, sh])
                })
            }
            13..=21 => shaped(&mut b, kind % 24, any, vt, y, raw, base),
            // Division and remainder by a constant (expanded into
            // multiplications and shifts when optimizing); never by 0,
            // nor signed by -1 (INT_MIN / -1 is poison).
            22 | 23 if vt != VT::I1 => a.and_then(|a| {
                let op = [Op::UDiv, Op::SDiv, Op::URem, Op::SRem][y as usize % 4];
                let mut k = interesting(vt, raw >> 8, raw);
                if raw & 1 == 0 {
                    // A plain odd or even divisor of a few bits.
                    k = ((raw >> 16) % 1000) & vt.mask();
                }
                let signed = matches!(op, Op::SDiv | Op::SRem);
                if raw & 2 != 0 {
                    // By a variable: made positive and non-zero.
                    let bv = bb?;
                    let half = b.k(vt, vt.mask() >> 1);
                    let one = b.k(vt, 1);
                    let pos = b.v(Op::And, vt, &[bv, half]);
                    let nz = b.v(Op::Or, vt, &[pos, one]);
                    return Some(b.v(op, vt, &[a, nz]));
                }
                (k != 0 && !(signed && k == vt.mask())).then(|| {
                    let kc = b.k(vt, k);
                    b.v(op, vt, &[a, kc])
                })
            }),
            _ => None,
        };
        if let Some(v) = new {
            pool.push(v);
        }
    }
    for &o in outs {
        let v = pool[o as usize % pool.len()];
        b.output(v);
    }
    // Every value nothing reads is an output too, so each computation
    // is observed.
    let mut read = std::collections::HashSet::new();
    for n in b.d.nodes() {
        read.extend(b.d.operands(n).iter().copied());
    }
    for v in pool {
        if read.insert(v) {
            b.output(v);
        }
    }
    b.d.root = Some(b.chain);
    b.d
}

/// A block assembling an integer of type `vt` from byte loads at offsets
/// `5 + j` from an input pointer (`j` in load order), load `j` giving byte
/// `byte_of[j]`; `between` stores after the first load; `volatile` makes
/// the loads volatile. Returns the block (root set) and its behaviour
/// before combining.
fn byte_tree(vt: VT, byte_of: &[u32], between: bool, volatile: bool) -> (B, Vec<Option<Effect>>) {
    let mut b = B::new();
    let p = b.input(VT::I64);
    let mut acc: Option<SDValue> = None;
    for (j, &k) in byte_of.iter().enumerate() {
        let c = b.k(VT::I64, 5 + j as u64);
        let a = b.v(Op::Add, VT::I64, &[p, c]);
        let info = MemInfo {
            volatile,
            ..plain(8)
        };
        let l = b.load(VT::I8, info, a);
        if between && j == 0 {
            b.store(p, p, 64);
        }
        let z = b.v(Op::ZeroExtend, vt, &[l]);
        let x = if k == 0 {
            z
        } else {
            let sh = b.k(VT::I8, 8 * u64::from(k));
            b.v(Op::Shl, vt, &[z, sh])
        };
        acc = Some(match acc {
            None => x,
            Some(y) => b.v(Op::Or, vt, &[y, x]),
        });
    }
    b.output(acc.expect("bytes"));
    b.d.root = Some(b.chain);
    let before = behaviour(&b.d, 0);
    (b, before)
}

#[test]
fn byte_loads_combine_into_one_load() {
    let le4 = [0, 1, 2, 3];
    let be4 = [3, 2, 1, 0];
    let le8 = [0, 1, 2, 3, 4, 5, 6, 7];
    let be8 = [7, 6, 5, 4, 3, 2, 1, 0];
    // (type, bytes in load order, wide type, swapped)
    for (vt, order, wide, swap) in [
        (VT::I32, &le4[..], VT::I32, false),
        (VT::I32, &be4[..], VT::I32, true),
        (VT::I64, &le4[..], VT::I32, false),
        (VT::I32, &[1, 0][..], VT::I16, true),
        (VT::I16, &[0, 1][..], VT::I16, false),
        (VT::I64, &le8[..], VT::I64, false),
        (VT::I64, &be8[..], VT::I64, true),
    ] {
        let (mut b, before) = byte_tree(vt, order, false, false);
        let o = b.run_with(true)[0];
        assert_eq!(
            behaviour(&b.d, 0),
            before,
            "{vt:?} {order:?}:\n{}",
            b.d.dump()
        );
        let mut v = o;
        if wide != vt {
            assert_eq!(b.op(v), Op::ZeroExtend, "{}", b.d.dump());
            v = b.arg(v, 0);
        }
        if swap {
            assert_eq!(b.op(v), Op::Bswap, "{}", b.d.dump());
            v = b.arg(v, 0);
        }
        assert_eq!((b.op(v), b.d.vt(v)), (Op::Load, wide), "{}", b.d.dump());
        let info = MemInfo::unpack(b.d.payload(v.node()));
        assert_eq!((info.mem_bits, info.ext), (wide.bits(), Ext::None));
        // Byte 0 (little-endian) or the last byte (big-endian) is at
        // p + 5.
        assert_eq!(b.konst(b.arg(v, 1), 1), Some(5));
        // Not without optimization.
        let (mut b, _) = byte_tree(vt, order, false, false);
        let o = b.run_with(false)[0];
        assert_eq!(b.op(o), Op::Or);
    }
    // Not when the target has no fast misaligned access and the first
    // byte load is not aligned to the width.
    let strict = crate::lowering::MemAccess {
        misaligned_fast_bits: 0,
        ..X86_MEM
    };
    let (mut b, _) = byte_tree(VT::I32, &le4, false, false);
    let o = b.run_mem(true, strict)[0];
    assert_eq!(b.op(o), Op::Or);
    // Not: bytes out of order, a missing byte, a store between the loads,
    // volatile loads.
    for (order, between, volatile) in [
        (&[0, 2, 1, 3][..], false, false),
        (&[0, 1, 2][..], false, false),
        (&le4[..], true, false),
        (&le4[..], false, true),
    ] {
        let (mut b, before) = byte_tree(VT::I32, order, between, volatile);
        let o = b.run_with(true)[0];
        assert_eq!(behaviour(&b.d, 0), before);
        assert_eq!(b.op(o), Op::Or, "{order:?}: {}", b.d.dump());
    }
}

/// Memory after the stores among `effects`, byte by byte (address order).
fn memory(effects: &[Option<Effect>]) -> Vec<(u64, u8)> {
    let mut m = std::collections::BTreeMap::new();
    for e in effects {
        if let Some(Effect::Store(a, bits, v)) = e {
            for i in 0..u64::from(bits / 8) {
                m.insert(a.wrapping_add(i), (v >> (8 * i)) as u8);
            }
        }
    }
    m.into_iter().collect()
}

/// The stores on the chain of `b`'s root (offset from the input pointer,
/// stored bits, constant value or `None`) in chain order.
fn stores_of(b: &B, p: SDValue) -> Vec<(u64, u32, Option<u64>)> {
    let mut out = Vec::new();
    let mut c = b.d.root.expect("root");
    while b.d.op(c.node()) != Op::EntryToken {
        let n = c.node();
        if b.d.op(n) == Op::Store {
            let a = b.d.operands(n)[2];
            let off = if a == p {
                0
            } else {
                b.d.as_const(b.arg(a, 1)).expect("p + c")
            };
            let bits = MemInfo::unpack(b.d.payload(n)).mem_bits;
            out.push((off, bits, b.d.as_const(b.d.operands(n)[1])));
        }
        c = b.d.operands(n)[0];
    }
    out.reverse();
    out
}

/// A block storing `(offset, bits, value, align)` to an input pointer `p`
/// in order (`None`: a value computed at run time); `volatile_at` makes
/// that store volatile, `load_at` puts a load of `p + 64` before that
/// store.
fn store_block(
    list: &[(u64, u32, Option<u64>, u32)],
    volatile_at: Option<usize>,
    load_at: Option<usize>,
) -> (B, SDValue, Vec<Option<Effect>>) {
    let mut b = B::new();
    let p = b.input(VT::I64);
    for (j, &(off, bits, v, align)) in list.iter().enumerate() {
        let vt = match bits {
            8 => VT::I8,
            16 => VT::I16,
            32 => VT::I32,
            _ => VT::I64,
        };
        if load_at == Some(j) {
            let c = b.k(VT::I64, 64);
            let a = b.v(Op::Add, VT::I64, &[p, c]);
            let l = b.load(VT::I64, plain(64), a);
            b.output(l);
        }
        let v = match v {
            Some(v) => b.k(vt, v),
            None => b.input(vt),
        };
        let a = if off == 0 {
            p
        } else {
            let c = b.k(VT::I64, off);
            b.v(Op::Add, VT::I64, &[p, c])
        };
        let info = MemInfo {
            volatile: volatile_at == Some(j),
            ..plain(bits)
        };
        let payload = MemInfo::with_align(info.pack(), align);
        b.chain = b.d.value(Op::Store, VT::Chain, &[b.chain, v, a], payload);
    }
    b.d.root = Some(b.chain);
    let before = behaviour(&b.d, 0);
    (b, p, before)
}

#[test]
fn constant_stores_merge() {
    type Case = (
        &'static [(u64, u32, Option<u64>, u32)],
        &'static [(u64, u32, Option<u64>)],
    );
    let cases: [Case; 7] = [
        // Two i32 zeros: one i64.
        (
            &[(0, 32, Some(0), 8), (4, 32, Some(0), 4)],
            &[(0, 64, Some(0))],
        ),
        // Out of address order, with a gap: byte 0 stays, 16..18 merge.
        (
            &[(17, 8, Some(2), 1), (0, 8, Some(1), 1), (16, 8, Some(2), 1)],
            &[(0, 8, Some(1)), (16, 16, Some(0x0202))],
        ),
        // A later store's bytes win.
        (
            &[(0, 32, Some(0x1111_1111), 4), (1, 8, Some(0x22), 1)],
            &[(0, 32, Some(0x1111_2211))],
        ),
        // Mixed widths, as llc's `movl $0x30201`.
        (
            &[
                (16, 8, Some(1), 8),
                (17, 8, Some(2), 1),
                (18, 16, Some(3), 2),
            ],
            &[(16, 32, Some(0x0003_0201))],
        ),
        // A value computed at run time, disjoint, stays (first).
        (
            &[(0, 32, Some(7), 8), (8, 64, None, 8), (4, 32, Some(0), 4)],
            &[(8, 64, None), (0, 64, Some(7))],
        ),
        // An i64 constant beyond a sign-extended imm32: two i32 stay.
        (
            &[(0, 32, Some(0x8000_0000), 8), (4, 32, Some(0), 4)],
            &[(0, 32, Some(0x8000_0000)), (4, 32, Some(0))],
        ),
        // A run-time value overlapping a constant: nothing merges across.
        (
            &[(0, 16, Some(1), 8), (2, 16, Some(2), 2), (2, 8, None, 2)],
            &[(0, 32, Some(0x0002_0001)), (2, 8, None)],
        ),
    ];
    for (list, want) in cases {
        let (mut b, p, before) = store_block(list, None, None);
        b.run_with(true);
        assert_eq!(stores_of(&b, p), want, "{list:?}: {}", b.d.dump());
        assert_eq!(memory(&behaviour(&b.d, 0)), memory(&before), "{list:?}");
        // Nothing without optimization or without the target's facts.
        let (mut b, p, _) = store_block(list, None, None);
        b.run_with(false);
        assert_eq!(stores_of(&b, p).len(), list.len());
        let (mut b, p, _) = store_block(list, None, None);
        b.run_mem(true, crate::lowering::MemAccess::NONE);
        assert_eq!(stores_of(&b, p).len(), list.len());
    }
    // Not across a volatile store or a load between them.
    let two = [(0, 32, Some(0), 8), (4, 32, Some(0), 4)];
    for (vol, load) in [(Some(0), None), (Some(1), None), (None, Some(1))] {
        let (mut b, p, _) = store_block(&two, vol, load);
        b.run_with(true);
        assert_eq!(stores_of(&b, p).len(), 2, "{}", b.d.dump());
    }
    // Misaligned only where the target says it is fast.
    let bytes = [(0, 8, Some(1), 1), (1, 8, Some(2), 1)];
    let strict = crate::lowering::MemAccess {
        misaligned_fast_bits: 0,
        ..X86_MEM
    };
    let (mut b, p, _) = store_block(&bytes, None, None);
    b.run_mem(true, strict);
    assert_eq!(stores_of(&b, p).len(), 2);
    let aligned = [(0, 8, Some(1), 2), (1, 8, Some(2), 1)];
    let (mut b, p, _) = store_block(&aligned, None, None);
    b.run_mem(true, strict);
    assert_eq!(stores_of(&b, p), [(0, 16, Some(0x0201))]);
}

#[test]
fn zero_stores_merge_into_a_vector() {
    let list = [
        (0, 64, Some(0), 16),
        (8, 32, Some(0), 8),
        (12, 32, Some(0), 4),
        (16, 64, Some(0), 16),
    ];
    let (mut b, p, _) = store_block(&list, None, None);
    b.run_with(true);
    let root = b.d.root.expect("root").node();
    // 16 zero bytes as one vector store, then the i64 at 16.
    assert_eq!(
        stores_of(&b, p),
        [(0, 128, None), (16, 64, Some(0))],
        "{}",
        b.d.dump()
    );
    let first = b.d.operands(root)[0].node();
    assert_eq!(b.d.op(first), Op::Store);
    let v = b.d.operands(first)[1];
    assert_eq!((b.op(v), b.d.vt(v)), (Op::BuildVector, VT::V4I32));
    assert_eq!(MemInfo::unpack(b.d.payload(first)).mem_bits, 128);
    assert_eq!(MemInfo::align_of(b.d.payload(first)), 16);
    // Without a zero vector: two i64.
    let (mut b, p, _) = store_block(&list, None, None);
    let no_vec = crate::lowering::MemAccess {
        zero_vector: None,
        ..X86_MEM
    };
    b.run_mem(true, no_vec);
    assert_eq!(
        stores_of(&b, p),
        [(0, 64, Some(0)), (8, 64, Some(0)), (16, 64, Some(0))]
    );
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("RCC_PROPTEST_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(4000),
        ..ProptestConfig::default()
    })]

    #[test]
    fn combining_preserves_random_dags(
        steps in proptest::collection::vec(
            (any::<u8>(), any::<u8>(), any::<u16>(), any::<u16>(), any::<u64>()),
            1..40,
        ),
        outs in proptest::collection::vec(any::<u16>(), 1..6),
    ) {
        let mut d = random_dag(&steps, &outs);
        prop_assert!(check(&d).is_ok(), "generated: {:?}", check(&d));
        // Any-extension bits never reach an output (the generator only
        // reads the bits an any-extension defines), so the behaviour does
        // not depend on what fills the others.
        let before0 = behaviour(&d, 0);
        let before1 = behaviour(&d, GARBAGE);
        prop_assert_eq!(&before0, &before1, "undefined bits observed in\n{}", d.dump());
        prop_assert!(before0.iter().all(Option::is_some), "poison in\n{}", d.dump());
        let dump = d.dump();
        let mut cx = CombineCtx { optimize: true, ..CombineCtx::default() };
        combine(&mut d, &mut cx);
        prop_assert!(check(&d).is_ok(), "{:?}\n{}", check(&d), d.dump());
        prop_assert_eq!(&behaviour(&d, 0), &before0, "before:\n{}after:\n{}", dump, d.dump());
        prop_assert_eq!(&behaviour(&d, GARBAGE), &before0, "before:\n{}after:\n{}", dump, d.dump());
    }
}

#[test]
fn loaded_lanes_are_built_by_unpacking() {
    let ins = |b: &mut B, vt: VT, v: SDValue, x: SDValue, k: u64| {
        let k = b.k(VT::I64, k);
        b.v(Op::InsertElt, vt, &[v, x, k])
    };
    // Four lanes, two loaded at the lane's width: two unpacks of
    // scalar_to_vector pairs, then one of the pairs' low halves.
    let build = |b: &mut B, vt: VT, lanes: &[SDValue]| {
        let mut v = b.v(Op::Undef, vt, &[]);
        for (k, &l) in lanes.iter().enumerate() {
            v = ins(b, vt, v, l, k as u64);
        }
        b.output(v);
    };
    let mut b = B::new();
    let p = b.input(VT::I64);
    let (x, y) = (b.input(VT::I32), b.input(VT::I32));
    let l0 = b.load(VT::I32, plain(32), p);
    let l2 = b.load(VT::I32, plain(32), p);
    build(&mut b, VT::V4I32, &[l0, x, l2, y]);
    let o = b.run_with(true)[0];
    let mask = |b: &B, v: SDValue| -> Vec<Option<u64>> {
        (2..b.d.operands(v.node()).len())
            .map(|k| b.konst(v, k))
            .collect()
    };
    assert_eq!(b.op(o), Op::Shuffle, "{}", b.d.dump());
    assert_eq!(mask(&b, o), [Some(0), Some(1), Some(4), Some(5)]);
    let pairs = [b.arg(o, 0), b.arg(o, 1)];
    let mut leaves = Vec::new();
    for pr in pairs {
        assert_eq!(b.op(pr), Op::Shuffle);
        assert_eq!(mask(&b, pr), [Some(0), Some(4), Some(1), Some(5)]);
        for k in 0..2 {
            let s = b.arg(pr, k);
            assert_eq!((b.op(s), b.d.vt(s)), (Op::ScalarToVector, VT::V4I32));
            leaves.push(b.arg(s, 0));
        }
    }
    assert_eq!(leaves, [l0, x, l2, y]);
    // Two i64 lanes: one unpack.
    let mut b = B::new();
    let p = b.input(VT::I64);
    let x = b.input(VT::I64);
    let l = b.load(VT::I64, plain(64), p);
    build(&mut b, VT::V2I64, &[x, l]);
    let o = b.run_with(true)[0];
    assert_eq!(b.op(o), Op::Shuffle);
    assert_eq!(mask(&b, o), [Some(0), Some(2)]);
    // Not without a loaded lane, with an undefined lane, with a lane
    // loaded narrower (an extending load), with one value in every lane,
    // or when the target does not load lanes into vector registers.
    type Lanes<'a> = &'a dyn Fn(&mut B, SDValue, SDValue) -> [SDValue; 4];
    let cases: [(Lanes, bool); 5] = [
        (
            &|b, p, x| {
                let _ = b.load(VT::I32, plain(32), p);
                [x, x, b.input(VT::I32), x]
            },
            true,
        ),
        (
            &|b, p, x| {
                let l = b.load(VT::I32, plain(32), p);
                [l, x, b.v(Op::Undef, VT::I32, &[]), x]
            },
            true,
        ),
        (
            &|b, p, x| {
                let i = MemInfo {
                    mem_bits: 8,
                    ext: Ext::Zero,
                    volatile: false,
                    segment: crate::Segment::None,
                };
                let l = b.load(VT::I32, i, p);
                [l, x, x, b.input(VT::I32)]
            },
            true,
        ),
        (
            &|b, p, _| {
                let l = b.load(VT::I32, plain(32), p);
                [l; 4]
            },
            true,
        ),
        (
            &|b, p, x| {
                let l = b.load(VT::I32, plain(32), p);
                [l, x, x, x]
            },
            false,
        ),
    ];
    for (i, (lanes, lane_loads)) in cases.iter().enumerate() {
        let mut b = B::new();
        let p = b.input(VT::I64);
        let x = b.input(VT::I32);
        let lanes = lanes(&mut b, p, x);
        build(&mut b, VT::V4I32, &lanes);
        let mem = crate::lowering::MemAccess {
            vector_lane_loads: *lane_loads,
            ..X86_MEM
        };
        let o = b.run_mem(true, mem)[0];
        assert_ne!(b.op(o), Op::Shuffle, "case {i}: {}", b.d.dump());
    }
}

#[test]
fn insert_chains_into_undef_become_build_vectors() {
    let v4 = VT::V4I32;
    let ins = |b: &mut B, v: SDValue, x: SDValue, k: u64| {
        let k = b.k(VT::I64, k);
        b.v(Op::InsertElt, v4, &[v, x, k])
    };
    // Lanes 2, 0, then 2 again: the later insert wins, lanes 1 and 3
    // stay undefined.
    let mut b = B::new();
    let (x, y, z) = (b.input(VT::I32), b.input(VT::I32), b.input(VT::I32));
    let u = b.v(Op::Undef, v4, &[]);
    let v = ins(&mut b, u, x, 2);
    let v = ins(&mut b, v, y, 0);
    let v = ins(&mut b, v, z, 2);
    b.output(v);
    let o = b.run_with(true)[0];
    assert_eq!(b.op(o), Op::BuildVector);
    let lanes: Vec<Op> = (0..4).map(|k| b.op(b.arg(o, k))).collect();
    assert_eq!(b.arg(o, 0), y);
    assert_eq!(b.arg(o, 2), z);
    assert_eq!(lanes[1], Op::Undef);
    assert_eq!(lanes[3], Op::Undef);
    // Not when not optimizing.
    let mut b = B::new();
    let x = b.input(VT::I32);
    let u = b.v(Op::Undef, v4, &[]);
    let v = ins(&mut b, u, x, 1);
    b.output(v);
    let o = b.run_with(false)[0];
    assert_eq!(b.op(o), Op::InsertElt);
    // An intermediate vector read twice is kept, and the insert into it
    // stays an insert; an index past the lanes is left alone.
    let mut b = B::new();
    let (x, y) = (b.input(VT::I32), b.input(VT::I32));
    let u = b.v(Op::Undef, v4, &[]);
    let v = ins(&mut b, u, x, 0);
    let w = ins(&mut b, v, y, 1);
    let far = ins(&mut b, v, y, 4);
    b.output(v);
    b.output(w);
    b.output(far);
    let outs = b.run_with(true);
    assert_eq!(b.op(outs[0]), Op::BuildVector);
    assert_eq!(b.op(outs[1]), Op::InsertElt);
    assert_eq!(b.op(outs[2]), Op::InsertElt);
    // A constant vector stays a constant with an insert.
    let mut b = B::new();
    let x = b.input(VT::I32);
    let lanes: Vec<SDValue> = (1..=4).map(|c| b.k(VT::I32, c)).collect();
    let c = b.v(Op::BuildVector, v4, &lanes);
    let v = ins(&mut b, c, x, 1);
    b.output(v);
    let o = b.run_with(true)[0];
    assert_eq!(b.op(o), Op::InsertElt);
    // Eight lanes: the chain is kept (see combine/vector.rs).
    let v8 = VT::V8I16;
    let mut b = B::new();
    let x = b.input(VT::I16);
    let u = b.v(Op::Undef, v8, &[]);
    let k = b.k(VT::I64, 0);
    let v = b.v(Op::InsertElt, v8, &[u, x, k]);
    b.output(v);
    let o = b.run_with(true)[0];
    assert_eq!(b.op(o), Op::InsertElt);
}

#[test]
fn multiplication_distributes_over_add_like_constants() {
    use crate::opcode::OR_DISJOINT;
    // (mul (add x 3) 768) -> (add (mul x 768) 2304); the same for a
    // disjoint or, not for a plain one.
    for (inner, payload, fires) in [
        (Op::Add, 0, true),
        (Op::Or, OR_DISJOINT, true),
        (Op::Or, 0, false),
    ] {
        let mut b = B::new();
        let x = b.input(VT::I64);
        let k3 = b.k(VT::I64, 3);
        let s = b.d.value(inner, VT::I64, &[x, k3], payload);
        let k = b.k(VT::I64, 768);
        let m = b.v(Op::Mul, VT::I64, &[s, k]);
        b.output(m);
        let o = b.run_with(true)[0];
        if fires {
            assert_eq!(b.op(o), Op::Add, "{inner:?}");
            assert_eq!(b.konst(o, 1), Some(2304));
            let p = b.arg(o, 0);
            assert_eq!(b.op(p), Op::Mul);
            assert_eq!(b.arg(p, 0), x);
            assert_eq!(b.konst(p, 1), Some(768));
        } else {
            assert_eq!(b.op(o), Op::Mul, "{inner:?}");
        }
    }
}

#[test]
fn address_constants_move_to_the_outermost_add() {
    // load (add (add base (add i 16)) j) -> load (add (add (add base i) j) 16),
    // so the constant becomes the displacement; not for an add that is
    // no address.
    let mut b = B::new();
    let (base, i, j) = (b.input(VT::I64), b.input(VT::I64), b.input(VT::I64));
    let k = b.k(VT::I64, 16);
    let ik = b.v(Op::Add, VT::I64, &[i, k]);
    let p = b.v(Op::Add, VT::I64, &[base, ik]);
    let a = b.v(Op::Add, VT::I64, &[p, j]);
    let l = b.load(VT::I32, plain(32), a);
    b.output(l);
    let o = b.run_with(true)[0];
    let addr = b.arg(o, 1);
    assert_eq!(b.op(addr), Op::Add);
    assert_eq!(b.konst(addr, 1), Some(16));
    let mut b = B::new();
    let (x, y) = (b.input(VT::I64), b.input(VT::I64));
    let k = b.k(VT::I64, 16);
    let xk = b.v(Op::Add, VT::I64, &[x, k]);
    let s = b.v(Op::Add, VT::I64, &[xk, y]);
    b.output(s);
    let o = b.run_with(true)[0];
    assert_eq!(b.konst(o, 1), None);
}

#[test]
fn moved_address_constants_share_the_plain_address() {
    // load (add (add base i) j) and load (add (add base (add i 16)) j):
    // the second address is (add <the first address> 16), one node (the
    // inner add keeps base on the left, as written).
    let mut b = B::new();
    let (base, i, j) = (b.input(VT::I64), b.input(VT::I64), b.input(VT::I64));
    let bi = b.v(Op::Add, VT::I64, &[base, i]);
    let a0 = b.v(Op::Add, VT::I64, &[bi, j]);
    let l0 = b.load(VT::I32, plain(32), a0);
    let k = b.k(VT::I64, 16);
    let ik = b.v(Op::Add, VT::I64, &[i, k]);
    let p = b.v(Op::Add, VT::I64, &[base, ik]);
    let a1 = b.v(Op::Add, VT::I64, &[p, j]);
    let l1 = b.load(VT::I32, plain(32), a1);
    b.output(l0);
    b.output(l1);
    let o = b.run_with(true);
    let (first, second) = (b.arg(o[0], 1), b.arg(o[1], 1));
    assert_eq!(b.op(second), Op::Add);
    assert_eq!(b.konst(second, 1), Some(16));
    assert_eq!(b.arg(second, 0), first);
}

#[test]
fn float_adds_absorb_negations() {
    // (fadd x (fmul (fmul a (fneg c)) e)) -> (fsub x (fmul (fmul a c) e));
    // (fsub x (fneg a)) -> (fadd x a); (fadd (fneg a) x) -> (fsub x a);
    // not when the fmul has another reader, nor without optimizing.
    for optimize in [true, false] {
        let mut b = B::new();
        let (x, a, c, e) = (
            b.input(VT::F64),
            b.input(VT::F64),
            b.input(VT::F64),
            b.input(VT::F64),
        );
        let nc = b.v(Op::FNeg, VT::F64, &[c]);
        let m = b.v(Op::FMul, VT::F64, &[a, nc]);
        let m2 = b.v(Op::FMul, VT::F64, &[m, e]);
        let s = b.v(Op::FAdd, VT::F64, &[x, m2]);
        let na = b.v(Op::FNeg, VT::F64, &[a]);
        let t = b.v(Op::FSub, VT::F64, &[x, na]);
        let u = b.v(Op::FAdd, VT::F64, &[na, x]);
        b.output(s);
        b.output(t);
        b.output(u);
        let o = b.run_with(optimize);
        if !optimize {
            assert_eq!(b.op(o[0]), Op::FAdd);
            assert_eq!(b.op(o[1]), Op::FSub);
            continue;
        }
        assert_eq!(b.op(o[0]), Op::FSub);
        assert_eq!(b.arg(o[0], 0), x);
        let p = b.arg(o[0], 1);
        assert_eq!((b.op(p), b.arg(p, 1)), (Op::FMul, e));
        let q = b.arg(p, 0);
        assert_eq!((b.op(q), b.arg(q, 0), b.arg(q, 1)), (Op::FMul, a, c));
        assert_eq!(
            (b.op(o[1]), b.arg(o[1], 0), b.arg(o[1], 1)),
            (Op::FAdd, x, a)
        );
        assert_eq!(
            (b.op(o[2]), b.arg(o[2], 0), b.arg(o[2], 1)),
            (Op::FSub, x, a)
        );
    }
    let mut b = B::new();
    let (x, a, c) = (b.input(VT::F64), b.input(VT::F64), b.input(VT::F64));
    let nc = b.v(Op::FNeg, VT::F64, &[c]);
    let m = b.v(Op::FMul, VT::F64, &[a, nc]);
    let s = b.v(Op::FAdd, VT::F64, &[x, m]);
    b.output(s);
    b.output(m);
    let o = b.run_with(true);
    assert_eq!(b.op(o[0]), Op::FAdd);
}

#[test]
fn logic_of_compares_merges() {
    // (and (seteq x, 0), (seteq y, 0)) -> (seteq (or x, y), 0), when
    // optimizing; (or (setlt x, 0), (setlt y, 0)) likewise.
    for (and, cc, inner) in [(true, Cond::Eq, Op::Or), (false, Cond::Slt, Op::Or)] {
        for optimize in [false, true] {
            let mut b = B::new();
            let x = b.input(VT::I32);
            let y = b.input(VT::I32);
            let z = b.k(VT::I32, 0);
            let c0 = b.setcc(cc, x, z);
            let c1 = b.setcc(cc, y, z);
            let op = if and { Op::And } else { Op::Or };
            let v = b.v(op, VT::I1, &[c0, c1]);
            b.output(v);
            let o = b.run_with(optimize)[0];
            if optimize {
                assert_eq!(b.op(o), Op::SetCC);
                assert_eq!(b.d.payload(o.node()), cc as u64);
                assert_eq!(b.op(b.arg(o, 0)), inner);
            } else {
                assert_eq!(b.op(o), op);
            }
        }
    }
    // (and (seteq x, -1), (seteq y, -1)) -> (seteq (and x, y), -1).
    let mut b = B::new();
    let x = b.input(VT::I64);
    let y = b.input(VT::I64);
    let m = b.k(VT::I64, u64::MAX);
    let c0 = b.setcc(Cond::Eq, x, m);
    let c1 = b.setcc(Cond::Eq, y, m);
    let v = b.v(Op::And, VT::I1, &[c0, c1]);
    b.output(v);
    let o = b.run_with(true)[0];
    assert_eq!(b.op(b.arg(o, 0)), Op::And);
    // Compares of the same operands become one: x < y || y == x is
    // x <= y; x <u y && x > y is false; a signed and an unsigned order
    // stay two.
    let mut b = B::new();
    let x = b.input(VT::I32);
    let y = b.input(VT::I32);
    let c0 = b.setcc(Cond::Slt, x, y);
    let c1 = b.setcc(Cond::Eq, y, x);
    let v = b.v(Op::Or, VT::I1, &[c0, c1]);
    let c2 = b.setcc(Cond::Ult, x, y);
    let c3 = b.setcc(Cond::Sgt, x, y);
    let w = b.v(Op::And, VT::I1, &[c2, c3]);
    let c4 = b.setcc(Cond::Ult, x, y);
    let c5 = b.setcc(Cond::Ugt, x, y);
    let u = b.v(Op::And, VT::I1, &[c4, c5]);
    b.output(v);
    b.output(w);
    b.output(u);
    let outs = b.run_with(true);
    assert_eq!(b.op(outs[0]), Op::SetCC);
    assert_eq!(b.d.payload(outs[0].node()), Cond::Sle as u64);
    assert_eq!(b.op(outs[1]), Op::And);
    assert_eq!(b.d.as_const(outs[2]), Some(0));
    // A compare with another user keeps the zero fold from duplicating it.
    let mut b = B::new();
    let x = b.input(VT::I32);
    let y = b.input(VT::I32);
    let z = b.k(VT::I32, 0);
    let c0 = b.setcc(Cond::Ne, x, z);
    let c1 = b.setcc(Cond::Ne, y, z);
    let v = b.v(Op::Or, VT::I1, &[c0, c1]);
    b.output(v);
    b.output(c0);
    let outs = b.run_with(true);
    assert_eq!(b.op(outs[0]), Op::Or);
}
