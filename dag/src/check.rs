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
        Op::Add
        | Op::Sub
        | Op::Mul
        | Op::SDiv
        | Op::UDiv
        | Op::SRem
        | Op::URem
        | Op::And
        | Op::Or
        | Op::Xor => {
            if ops.len() != 2 {
                return Some("a binary operation needs two operands");
            }
            if opvt(0) != Some(vt) || opvt(1) != Some(vt) {
                return Some("operand types differ from the result type");
            }
        }
        Op::Shl | Op::Srl | Op::Sra => {
            if opvt(0) != Some(vt) {
                return Some("the shifted value's type differs from the result type");
            }
            if !opvt(1).is_some_and(VT::is_int) {
                return Some("the shift amount is not an integer");
            }
        }
        Op::SetCC if opvt(0) != opvt(1) => {
            return Some("compared values of different types");
        }
        Op::Select => {
            if opvt(0) != Some(VT::I1) {
                return Some("the condition of a select is not i1");
            }
            if opvt(1) != Some(vt) || opvt(2) != Some(vt) {
                return Some("select operands differ from the result type");
            }
        }
        Op::ZeroExtend | Op::SignExtend => {
            let from = opvt(0)?;
            if !(from.is_int() && vt.is_int() && from.bits() < vt.bits()) {
                return Some("an extension must widen an integer");
            }
        }
        Op::Truncate => {
            let from = opvt(0)?;
            if !(from.is_int() && vt.is_int() && from.bits() > vt.bits()) {
                return Some("a truncation must narrow an integer");
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
        Op::FSetCC if vt != VT::I1 || !opvt(0)?.is_float() || opvt(0) != opvt(1) => {
            return Some("an fsetcc compares two floats of one type into an i1");
        }
        Op::FpExtend | Op::FpRound => {
            let from = opvt(0)?;
            let widens = from.bits() < vt.bits();
            if !(from.is_float() && vt.is_float() && widens == (dag.op(n) == Op::FpExtend))
                || from == vt
            {
                return Some("fpext must widen and fpround narrow a float");
            }
        }
        Op::SintToFp if !(opvt(0)?.is_int() && vt.is_float()) => {
            return Some("sint_to_fp converts an integer to a float");
        }
        Op::FpToSint if !(opvt(0)?.is_float() && vt.is_int()) => {
            return Some("fp_to_sint converts a float to an integer");
        }
        Op::Bitcast if opvt(0)?.bits() != vt.bits() => {
            return Some("a bitcast changes the width");
        }
        Op::ExtractElt if opvt(0)?.lanes().map(|l| l.0) != Some(vt) || !opvt(1)?.is_int() => {
            return Some("an extracted element differs from the vector's element type");
        }
        Op::InsertElt
            if opvt(0) != Some(vt) || vt.lanes().map(|l| l.0) != opvt(1) || !opvt(2)?.is_int() =>
        {
            return Some("an inserted element differs from the vector's element type");
        }
        _ => {}
    }
    None
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
