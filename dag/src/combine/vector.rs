//! Vector rules of the combiner: a chain of `insert_elt`s at constant
//! lanes into `undef` becomes one `build_vector` (LLVM's
//! `visitINSERT_VECTOR_ELT` folding into `BUILD_VECTOR`), so the target
//! builds the vector from its lanes at once (`movd` + `punpck*` trees on
//! x86) instead of one shuffle per inserted lane. Only vectors of at
//! most four lanes: wider ones (`v8i16`, `v16i8`) are built lane by lane
//! anyway (`pinsrw`), and one `build_vector` would keep every lane's
//! scalar live at once where the chain lets the scheduler load and
//! insert one lane at a time.
//!
//! Invariants: the result has the value of the chain for every input
//! (lanes not inserted stay `undef`, a later insert to a lane wins);
//! an index at or past the lane count (poison in IR) is left alone; the
//! vector a lane goes into is `undef` or a `build_vector` of non-constant
//! or undefined lanes that no other node reads, so no lane is computed
//! twice and constant vectors (a pool load) are never turned into lanes
//! built one by one.

use super::Combiner;
use crate::node::{Node, SDValue};
use crate::opcode::Op;
use crate::vt::VT;

impl Combiner<'_> {
    /// `(insert_elt v x k)` with constant `k` as a `build_vector`, when
    /// `v` is `undef` or a single-use `build_vector` of non-constant
    /// lanes.
    pub(super) fn insert_elt(
        &mut self,
        vt: VT,
        ops: &[SDValue],
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        let dag = &*self.dag;
        let n = vt.lanes();
        let k = dag.as_const(ops[2])?;
        if n > 4 || k >= u64::from(n) || dag.vt(ops[1]) != vt.elem() {
            return None;
        }
        let mut lanes: Vec<SDValue> = match dag.op_of(ops[0]) {
            Op::Undef => {
                let u = self.dag.value(Op::Undef, vt.elem(), &[], 0);
                vec![u; n as usize]
            }
            Op::BuildVector if self.operand_single_use(old, 0) => {
                let lanes = dag.operands(ops[0].node());
                let constant = |l: &SDValue| matches!(dag.op_of(*l), Op::Constant | Op::ConstantFP);
                if lanes.len() != n as usize || lanes.iter().any(constant) {
                    return None;
                }
                lanes.to_vec()
            }
            _ => return None,
        };
        lanes[k as usize] = ops[1];
        Some(self.mk(Op::BuildVector, vt, &lanes, d))
    }
}
