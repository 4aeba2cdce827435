//! A consistency check of a DAG about to be selected: the value types of
//! each generic node's operands agree with its own, as instruction
//! selection assumes. A node that breaks this is a bug in the builder or a
//! lowering, reported as an `IselError` that prints the node, instead of a
//! selection failure or a register-class mismatch much later.
//!
//! Only generic integer and float operations (and float-vector lanes)
//! whose rules are fixed are checked; target nodes, chains and glue are
//! left alone.

use crate::lowering::IselError;
use crate::node::{Dag, Node};
use crate::opcode::Op;
use crate::vt::VT;

/// Checks every node of `dag`.
pub fn check(dag: &Dag) -> Result<(), IselError> {
    for n in dag.nodes() {
        if let Some(why) = problem(dag, n) {
            return Err(IselError::new(format!(
                "internal error: malformed DAG node {n:?} {:?} {:?} of {:?}: {why}",
                dag.op(n),
                dag.vts(n),
                dag.operands(n)
                    .iter()
                    .map(|&o| (dag.op_of(o), dag.vt(o)))
                    .collect::<Vec<_>>(),
            )));
        }
    }
    Ok(())
}

fn problem(dag: &Dag, n: Node) -> Option<&'static str> {
    let ops = dag.operands(n);
    let vt = *dag.vts(n).first()?;
    let opvt = |k: usize| ops.get(k).map(|&o| dag.vt(o));
    match dag.op(n) {
        op if op.is_binary() => {
            if ops.len() != 2 {
                return Some("a binary operation needs two operands");
            }
            if opvt(0) != Some(vt) || opvt(1) != Some(vt) {
                return Some("operand types differ from the result type");
            }
        }
        op if op.is_shift() => {
            if opvt(0) != Some(vt) {
                return Some("the shifted value's type differs from the result type");
            }
            let amount_ok = if vt.is_vector() {
                opvt(1) == Some(vt)
            } else {
                opvt(1).is_some_and(VT::is_int)
            };
            if !amount_ok {
                return Some("the shift amount is not an integer (of the vector's shape)");
            }
        }
        Op::SetCC if opvt(0) != opvt(1) => {
            return Some("compared values of different types");
        }
        Op::Select => {
            let c = opvt(0)?;
            let mask = c.is_int_vector() && c.lanes() == vt.lanes() && vt.is_vector();
            if c != VT::I1 && !mask {
                return Some("the condition of a select is not i1 or a mask of its shape");
            }
            if opvt(1) != Some(vt) || opvt(2) != Some(vt) {
                return Some("select operands differ from the result type");
            }
        }
        Op::ZeroExtend | Op::SignExtend => {
            let from = opvt(0)?;
            if !(int_shape(from, vt) && from.elem().bits() < vt.elem().bits()) {
                return Some("an extension must widen an integer");
            }
        }
        Op::Truncate => {
            let from = opvt(0)?;
            if !(int_shape(from, vt) && from.elem().bits() > vt.elem().bits()) {
                return Some("a truncation must narrow an integer");
            }
        }
        Op::Bitcast
            if opvt(0).map(VT::bits) != Some(vt.bits())
                && !opvt(0).is_some_and(|f| crate::build::mask_bits_cast(f, vt)) =>
        {
            return Some("a bitcast changes the width");
        }
        Op::BuildVector
            if ops.len() as u32 != vt.lanes()
                || (0..ops.len()).any(|k| opvt(k) != Some(vt.elem())) =>
        {
            return Some("a build_vector needs one lane of the element type per lane");
        }
        Op::ExtractElt if opvt(0).map(VT::elem) != Some(vt) || opvt(1) != Some(VT::I64) => {
            return Some("an extract_elt yields the element of its vector");
        }
        Op::InsertElt
            if opvt(0) != Some(vt) || opvt(1) != Some(vt.elem()) || opvt(2) != Some(VT::I64) =>
        {
            return Some("an insert_elt takes a vector, an element and an index");
        }
        Op::Shuffle => {
            let same = opvt(0) == opvt(1) && opvt(0).map(VT::elem) == Some(vt.elem());
            if !same || ops.len() as u32 != vt.lanes() + 2 {
                return Some("a shuffle takes two vectors of its element and one index per lane");
            }
        }
        Op::Load if opvt(1) != Some(VT::I64) => {
            return Some("a load address is not a pointer-sized integer");
        }
        Op::Store if opvt(2) != Some(VT::I64) => {
            return Some("a store address is not a pointer-sized integer");
        }
        Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FCopySign | Op::FMinNum | Op::FMaxNum => {
            if !(vt.is_float() || vt.is_vector()) {
                return Some("float arithmetic on a non-float type");
            }
            if ops.len() != 2 || opvt(0) != Some(vt) || opvt(1) != Some(vt) {
                return Some("operand types differ from the result type");
            }
        }
        Op::FNeg | Op::FAbs | Op::FSqrt
            if !(vt.is_float() || vt.is_vector()) || opvt(0) != Some(vt) =>
        {
            return Some("a float operation's operand differs from its result type");
        }
        Op::FSetCC
            if !opvt(0)?.elem().is_float()
                || opvt(0) != opvt(1)
                || !(vt == VT::I1 || (vt.is_int_vector() && vt.lanes() == opvt(0)?.lanes())) =>
        {
            return Some("an fsetcc compares two floats of one type into an i1 (per lane)");
        }
        Op::FpExtend | Op::FpRound => {
            let from = opvt(0)?;
            let widens = from.elem().bits() < vt.elem().bits();
            let floats = from.elem().is_float() && vt.elem().is_float();
            if !(floats && widens == (dag.op(n) == Op::FpExtend) && same_shape(from, vt))
                || from == vt
            {
                return Some("fpext must widen and fpround narrow a float");
            }
        }
        Op::SintToFp
            if !(opvt(0)?.elem().is_int() && vt.elem().is_float() && same_shape(opvt(0)?, vt)) =>
        {
            return Some("sint_to_fp converts an integer to a float");
        }
        Op::FpToSint
            if !(opvt(0)?.elem().is_float() && vt.elem().is_int() && same_shape(opvt(0)?, vt)) =>
        {
            return Some("fp_to_sint converts a float to an integer");
        }
        _ => {}
    }
    None
}

/// Both scalars, or both vectors: a legalized lane conversion may read or
/// write only the low lanes (`cvtps2pd` of a `v4f32` into a `v2f64`).
fn same_shape(a: VT, b: VT) -> bool {
    a.is_vector() == b.is_vector()
}

/// Both integers, or integer vectors with the same lane count.
fn int_shape(a: VT, b: VT) -> bool {
    (a.is_int() && b.is_int()) || (a.is_int_vector() && b.is_int_vector() && a.lanes() == b.lanes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_width_arithmetic_is_reported() {
        let mut dag = Dag::default();
        let a = dag.value(Op::Undef, VT::I64, &[], 0);
        let b = dag.value(Op::Undef, VT::I32, &[], 0);
        let _ = dag.value(Op::Add, VT::I64, &[a, b], 0);
        let e = check(&dag).unwrap_err();
        assert!(e.what.contains("operand types differ"), "{e}");
    }

    #[test]
    fn float_nodes_are_checked() {
        let mut dag = Dag::default();
        let a = dag.value(Op::Undef, VT::F64, &[], 0);
        let b = dag.value(Op::Undef, VT::F32, &[], 0);
        let v = dag.value(Op::Undef, VT::V2F64, &[], 0);
        let _ = dag.value(Op::FAdd, VT::F64, &[a, a], 0);
        let _ = dag.value(Op::FpExtend, VT::F64, &[b], 0);
        let _ = dag.value(Op::FSetCC, VT::I1, &[a, a], 1);
        let k = dag.constant(VT::I64, 1);
        let _ = dag.value(Op::ExtractElt, VT::F64, &[v, k], 0);
        let _ = dag.value(Op::InsertElt, VT::V2F64, &[v, a, k], 0);
        assert_eq!(check(&dag), Ok(()));
        let _ = dag.value(Op::FMul, VT::F64, &[a, b], 0);
        let e = check(&dag).unwrap_err();
        assert!(e.what.contains("operand types differ"), "{e}");
        let mut dag = Dag::default();
        let a = dag.value(Op::Undef, VT::F64, &[], 0);
        let _ = dag.value(Op::FpExtend, VT::F32, &[a], 0);
        assert!(check(&dag).is_err());
    }

    #[test]
    fn well_typed_nodes_pass() {
        let mut dag = Dag::default();
        let a = dag.value(Op::Undef, VT::I32, &[], 0);
        let b = dag.value(Op::Undef, VT::I32, &[], 1);
        let s = dag.value(Op::Sub, VT::I32, &[a, b], 0);
        let w = dag.value(Op::SignExtend, VT::I64, &[s], 0);
        let c = dag.value(Op::SetCC, VT::I1, &[a, b], 0);
        let _ = dag.value(Op::Select, VT::I32, &[c, a, s], 0);
        let sh = dag.constant(VT::I8, 3);
        let _ = dag.value(Op::Shl, VT::I64, &[w, sh], 0);
        assert_eq!(check(&dag), Ok(()));
    }
}
