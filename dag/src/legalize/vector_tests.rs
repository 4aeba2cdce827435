//! Layouts and legalized DAGs against an SSE2-like target (128-bit
//! vectors; integer add, logic and eq/sgt compares only).

use super::vector::*;
use crate::node::{Dag, SDValue};
use crate::opcode::{Cond, MemInfo, Op};
use crate::vt::Elem;
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_ir::GlobalId;
use rcc_mach::MachFunction;
use rcc_mach::{Reg, RegClassId};

struct Sse2Like;

impl TypeLegality for Sse2Like {
    fn legal_vector(&self, vt: VT) -> bool {
        vt.bits() == 128
    }
    fn selects(&self, _dag: &Dag, op: Op, vt: VT, _ops: &[SDValue]) -> bool {
        vt.is_int_vector() && matches!(op, Op::Add | Op::Sub | Op::And | Op::Or | Op::Xor)
    }
    fn legal_cond(&self, vt: VT, cond: Cond) -> bool {
        vt.elem() != VT::I64 && matches!(cond, Cond::Eq | Cond::Sgt)
    }
}

fn v(e: Elem, n: u16) -> VT {
    VT::Vector(e, n)
}

fn lay(vt: VT) -> Option<(VT, u32, How)> {
    layout(&Sse2Like, vt).map(|l| (l.part, l.count, l.how))
}

#[test]
fn layouts_split_widen_promote_scalarize() {
    use Elem::*;
    assert_eq!(lay(VT::V4I32), Some((VT::V4I32, 1, How::Legal)));
    assert_eq!(lay(VT::I64), Some((VT::I64, 1, How::Legal)));
    assert_eq!(lay(v(I32, 8)), Some((VT::V4I32, 2, How::Legal)));
    assert_eq!(lay(v(I8, 64)), Some((VT::V16I8, 4, How::Legal)));
    assert_eq!(lay(v(I32, 2)), Some((VT::V4I32, 1, How::Widen)));
    assert_eq!(lay(v(I8, 4)), Some((VT::V16I8, 1, How::Widen)));
    assert_eq!(lay(v(F32, 2)), Some((VT::V4F32, 1, How::Widen)));
    assert_eq!(lay(v(I1, 4)), Some((VT::V4I32, 1, How::Promote)));
    assert_eq!(lay(v(I1, 16)), Some((VT::V16I8, 1, How::Promote)));
    assert_eq!(lay(v(I1, 32)), Some((VT::V16I8, 2, How::Promote)));
    assert_eq!(lay(v(I1, 3)), Some((VT::V4I32, 1, How::Promote)));
    assert_eq!(lay(v(I64, 1)), Some((VT::I64, 1, How::Scalar)));
    // Not a power of two: padded, or split with a partial last part.
    assert_eq!(lay(v(I32, 3)), Some((VT::V4I32, 1, How::Widen)));
    assert_eq!(lay(v(I64, 3)), Some((VT::V2I64, 2, How::Legal)));
    assert_eq!(lay(v(I32, 6)), Some((VT::V4I32, 2, How::Legal)));
    let l = layout(&Sse2Like, v(I64, 3)).unwrap();
    assert_eq!((l.valid(v(I64, 3), 0), l.valid(v(I64, 3), 1)), (2, 1));
}

#[test]
fn vector_names_round_trip() {
    for s in ["v4i32", "v16i8", "v2f64", "v3i64", "v32i1", "i32", "f64"] {
        assert_eq!(VT::from_name(s).map(|t| t.to_string()), Some(s.to_string()));
    }
    assert_eq!(VT::from_name("v0i32"), None);
    assert_eq!(VT::from_name("v4i7"), None);
    assert_eq!(VT::V8I16.bits(), 128);
    assert!(!VT::V4I32.is_int() && VT::V4I32.is_int_vector());
}

/// The types of the values reachable from the root.
fn live_types(dag: &Dag) -> Vec<VT> {
    let mut live = vec![false; dag.len()];
    let root = dag.root.unwrap();
    live[root.node().index()] = true;
    let mut out = Vec::new();
    for n in dag.nodes().rev() {
        if live[n.index()] {
            out.extend_from_slice(dag.vts(n));
            for &o in dag.operands(n) {
                live[o.node().index()] = true;
            }
        }
    }
    out
}

fn copy_from(dag: &mut Dag, vt: VT, first_vreg: u32) -> SDValue {
    let r = Reg::virt(rcc_mach::VReg::from_u32(first_vreg));
    let reg = dag.value(Op::Register, vt, &[], u64::from(r.bits()));
    let e = dag.entry();
    SDValue::new(dag.node(Op::CopyFromReg, &[vt, VT::Chain], &[e, reg], 0), 0)
}

fn store_root(dag: &mut Dag, v: SDValue) {
    let e = dag.entry();
    let p = dag.value(Op::FrameIndex, VT::I64, &[], 0);
    let vt = dag.vt(v);
    let info = MemInfo {
        mem_bits: 0,
        ext: crate::opcode::Ext::None,
        volatile: false,
        segment: crate::Segment::None,
    };
    let st = dag.value(Op::Store, VT::Chain, &[e, v, p], info.pack());
    assert_eq!(dag.vt(v), vt);
    dag.root = Some(st);
}

fn mf_with_regs(n: u32) -> MachFunction {
    let mut mf = MachFunction::new(GlobalId::from_u32(0));
    for _ in 0..n {
        mf.new_vreg(RegClassId(0));
    }
    mf
}

#[test]
fn split_arithmetic_becomes_legal_halves() {
    let mut dag = Dag::default();
    let t = v(Elem::I32, 8);
    let a = copy_from(&mut dag, t, 0);
    let b = copy_from(&mut dag, t, 2);
    let s = dag.value(Op::Add, t, &[a, b], 0);
    store_root(&mut dag, s);
    let mut mf = mf_with_regs(4);
    legalize_vectors(&mut dag, &mut mf, &Sse2Like).unwrap();
    let types = live_types(&dag);
    assert!(
        types.iter().all(|t| !t.is_vector() || *t == VT::V4I32),
        "{types:?}"
    );
    let dump = dag.dump();
    assert_eq!(dump.matches("v4i32 = Add").count(), 2, "{dump}");
    assert_eq!(dump.matches("ch = CopyFromReg").count(), 4, "{dump}");
    assert_eq!(dump.matches("ch = Store").count(), 2, "{dump}");
}

#[test]
fn unsupported_operations_are_unrolled_and_compares_expanded() {
    let mut dag = Dag::default();
    let t = VT::V4I32;
    let a = copy_from(&mut dag, t, 0);
    let b = copy_from(&mut dag, t, 1);
    let m = dag.value(Op::Mul, t, &[a, b], 0);
    let c = dag.value(Op::SetCC, v(Elem::I1, 4), &[m, b], Cond::Ult as u64);
    let s = dag.value(Op::Select, t, &[c, m, a], 0);
    store_root(&mut dag, s);
    let mut mf = mf_with_regs(2);
    legalize_vectors(&mut dag, &mut mf, &Sse2Like).unwrap();
    let dump = dag.dump();
    // The multiply is four scalar i32 multiplies; ult flips sign bits and
    // compares with sgt.
    let muls = dump.lines().filter(|l| l.contains(": i32 = Mul")).count();
    assert_eq!(muls, 4, "{dump}");
    assert!(dump.contains("v4i32 = SetCC<0x6>"), "{dump}");
    assert!(!dump.contains("v4i1"), "{dump}");
    crate::check::check(&dag).unwrap();
}

#[test]
fn memory_of_widened_types_is_narrow() {
    let mut dag = Dag::default();
    let t = v(Elem::I32, 2);
    let e = dag.entry();
    let p = dag.value(Op::FrameIndex, VT::I64, &[], 0);
    let ld = dag.node(
        Op::Load,
        &[t, VT::Chain],
        &[e, p],
        MemInfo::with_align(0, 8),
    );
    let x = SDValue::new(ld, 0);
    let s = dag.value(Op::Add, t, &[x, x], 0);
    let st = dag.value(
        Op::Store,
        VT::Chain,
        &[SDValue::new(ld, 1), s, p],
        MemInfo::with_align(0, 8),
    );
    dag.root = Some(st);
    let mut mf = mf_with_regs(0);
    legalize_vectors(&mut dag, &mut mf, &Sse2Like).unwrap();
    let dump = dag.dump();
    assert!(dump.contains("i64,ch = Load"), "an 8-byte load: {dump}");
    assert!(dump.contains("v2i64 = ScalarToVector"), "{dump}");
    assert!(dump.contains("i64 = ExtractElt"), "an 8-byte store: {dump}");
    assert!(!dump.contains("v4i32,ch = Load"), "{dump}");
}
