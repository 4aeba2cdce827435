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
use crate::opcode::{Ext, MemInfo, Op};
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
        if let Some(v) = self.lanes_by_unpacking(vt, &lanes, d) {
            return Some(v);
        }
        Some(self.mk(Op::BuildVector, vt, &lanes, d))
    }

    /// The `build_vector` of `lanes` built from `scalar_to_vector`s and
    /// unpacking shuffles, when some lane is loaded at the lane's width
    /// and the target folds such loads (see the module comment).
    fn lanes_by_unpacking(&mut self, vt: VT, lanes: &[SDValue], d: u32) -> Option<SDValue> {
        let dag = &*self.dag;
        if !self.cx.mem.vector_lane_loads || !matches!(vt, VT::V4I32 | VT::V2I64) {
            return None;
        }
        let defined = |l: &SDValue| !matches!(dag.op_of(*l), Op::Undef);
        let loaded = |l: &SDValue| {
            dag.op_of(*l) == Op::Load && l.res() == 0 && {
                let m = MemInfo::unpack(dag.payload(l.node()));
                !m.volatile && m.ext == Ext::None && m.mem_bits == vt.elem().bits()
            }
        };
        if !lanes.iter().all(defined)
            || !lanes.iter().any(loaded)
            || lanes.iter().all(|l| *l == lanes[0])
        {
            return None;
        }
        let mut parts: Vec<SDValue> = lanes
            .iter()
            .map(|&l| self.mk(Op::ScalarToVector, vt, &[l], d))
            .collect();
        // Lanes 0 and 1 of each operand, interleaved: the low halves of
        // pairs, then (four lanes) the low halves of the two pairs.
        let masks: &[&[u32]] = if vt == VT::V4I32 {
            &[&[0, 4, 1, 5], &[0, 1, 4, 5]]
        } else {
            &[&[0, 2]]
        };
        for mask in masks {
            parts = parts
                .chunks(2)
                .map(|p| {
                    let mut ops = vec![p[0], p[1]];
                    ops.extend(
                        mask.iter()
                            .map(|&m| self.dag.constant(VT::I32, u64::from(m))),
                    );
                    self.mk(Op::Shuffle, vt, &ops, d)
                })
                .collect();
        }
        Some(parts[0])
    }
}
