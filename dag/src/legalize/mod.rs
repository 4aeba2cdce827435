//! Type legalization (LLVM's `DAGTypeLegalizer`): rewrites a block's DAG
//! so every value has a type the target has registers for. Two passes:
//! integers wider than 64 bits are *expanded* here ([`legalize_types`],
//! below); vectors are split, widened, promoted or scalarized by
//! [`legalize_vectors`] (`vector.rs`, which also expands vector operations
//! the target lacks). They run in that order and each rebuilds the nodes
//! the other handles unchanged.
//!
//! Pipeline position: after [`crate::build`] has built a block's DAG and
//! before instruction selection. The builder works in the IR's types, so an
//! `i128` add is an `Add` of type `I128`; this pass replaces it by nodes on
//! `I64` halves (`AddC` + `AddE`, glued), and so on for every operation.
//!
//! **Values map to parts.** An illegal value is *expanded* into `I64`
//! parts, low first: two for `I128`, four for `I256` (integers of 129 to
//! 256 bits are promoted to it by the builder). The pass walks the live
//! nodes in index order (a topological order) and records, for every old
//! value, either its legal replacement or its parts; a node is rebuilt only
//! when an operand changed. The root is replaced last; the old nodes stay
//! in the arena, unreachable (nodes are never mutated). Most rules work on
//! any number of parts; multiplication, division, variable shifts,
//! conversions and the integer intrinsics are written for two (an `I256`
//! there is a named error).
//!
//! Boundaries with the rest of the function use the same parts:
//! - a wide value in a virtual register occupies consecutive vregs, one per
//!   part, low first; [`vregs_for`] allocates them, so
//!   `CopyFromReg`/`CopyToReg` of a wide value split into one per part;
//! - a wide constant is built as `BuildPair(lo, hi)` (of `I64` halves, or of
//!   `I128` halves for an `I256`);
//! - the target's call lowering splits wide arguments and results itself
//!   with `ExtractElement` and `BuildPair`, which fold away here;
//! - wide division and remainder are calls to the runtime library
//!   (`__divti3` ...) made through the target's [`CallLowering`].
//!
//! Errors: a node of an illegal type that no rule covers is an
//! [`IselError`] naming it, never a silent truncation.

mod integer;
#[cfg(test)]
mod tests;
mod vector;
mod vector_ops;
#[cfg(test)]
mod vector_tests;

pub use vector::{layout, legalize_vectors, shuffle_mask, shuffle_node, How, Layout, TypeLegality};

use crate::lowering::{CallLowering, IselError};
use crate::node::{Dag, Node, SDValue};
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_mach::{MachFunction, RegClassId, VReg};

/// The type of each part of an expanded value of type `vt`, if `vt` is
/// expanded (not legal on 64-bit targets).
pub fn half_of(vt: VT) -> Option<VT> {
    match vt {
        VT::I128 | VT::I256 => Some(VT::I64),
        _ => None,
    }
}

/// The number of registers (parts) a value of type `vt` occupies.
pub fn num_regs(vt: VT) -> u32 {
    if half_of(vt).is_some() {
        vt.bits() / 64
    } else {
        1
    }
}

/// Virtual registers for a value of type `vt`: one of its class, or, for
/// an expanded type, consecutive ones for its parts (low first). Returns
/// the first; `None` if the target has no class for the type or its parts.
pub fn vregs_for(mf: &mut MachFunction, lower: &dyn CallLowering, vt: VT) -> Option<VReg> {
    let (part, n) = match half_of(vt) {
        Some(h) => (h, num_regs(vt)),
        None => (vt, 1),
    };
    let c: RegClassId = lower.reg_class(part)?;
    let first = mf.new_vreg(c);
    for _ in 1..n {
        mf.new_vreg(c);
    }
    Some(first)
}

/// Reusable buffers of the pass (one per worker), and its one option.
#[derive(Default)]
pub struct LegalizeCtx {
    /// Position-independent code: runtime helpers are called through the
    /// PLT (`__divti3@PLT`), as llc does.
    pub pic: bool,
    /// Per old value (`node * 4 + result`): its replacement's range in
    /// `pool` (one value if legal, the parts if expanded; empty: not yet).
    slots: Vec<(u32, u32)>,
    pool: Vec<SDValue>,
    live: Vec<bool>,
    ops: Vec<SDValue>,
}

/// Legalizes the types of `dag` (its root set). Does nothing when every
/// value is legal.
pub fn legalize_types(
    dag: &mut Dag,
    mf: &mut MachFunction,
    lower: &dyn CallLowering,
    cx: &mut LegalizeCtx,
) -> Result<(), IselError> {
    let Some(root) = dag.root else {
        return Ok(());
    };
    let n0 = dag.len();
    if !dag
        .nodes()
        .any(|n| dag.vts(n).iter().any(|&t| half_of(t).is_some()))
    {
        return Ok(());
    }
    cx.slots.clear();
    cx.slots.resize(n0 * 4, (0, 0));
    cx.pool.clear();
    cx.live.clear();
    cx.live.resize(n0, false);
    cx.live[root.node().index()] = true;
    for i in (0..n0).rev() {
        if cx.live[i] {
            for &o in dag.operands(Node::from_u32(i as u32)) {
                cx.live[o.node().index()] = true;
            }
        }
    }
    let mut l = Legalizer { dag, mf, lower, cx };
    for i in 0..n0 {
        if l.cx.live[i] {
            l.node(Node::from_u32(i as u32))?;
        }
    }
    let r = l.val(root);
    l.dag.root = Some(r);
    Ok(())
}

fn slot(v: SDValue) -> usize {
    v.node().index() * 4 + v.res() as usize
}

struct Legalizer<'a> {
    dag: &'a mut Dag,
    mf: &'a mut MachFunction,
    lower: &'a dyn CallLowering,
    cx: &'a mut LegalizeCtx,
}

impl Legalizer<'_> {
    /// The replacement of old value `v`: its legal value, or its parts.
    fn parts(&self, v: SDValue) -> &[SDValue] {
        let (a, n) = self.cx.slots[slot(v)];
        assert!(n > 0, "operands are legalized before their users");
        &self.cx.pool[a as usize..(a + n) as usize]
    }

    /// The legal replacement of old value `v` (of a legal type).
    fn val(&self, v: SDValue) -> SDValue {
        self.parts(v)[0]
    }

    /// The parts of old value `v` (of an expanded type), owned.
    fn wide(&self, v: SDValue) -> Vec<SDValue> {
        self.parts(v).to_vec()
    }

    /// The two halves of old value `v`, for the rules written for `I128`;
    /// a value of more parts is an error naming node `n`.
    fn pair(&self, v: SDValue, n: Node) -> Result<(SDValue, SDValue), IselError> {
        match *self.parts(v) {
            [lo, hi] => Ok((lo, hi)),
            _ => Err(IselError::new(integer::describe(self, n))),
        }
    }

    fn set(&mut self, v: SDValue, new: SDValue) {
        self.set_parts(v, &[new]);
    }

    fn set_parts(&mut self, v: SDValue, parts: &[SDValue]) {
        let a = self.cx.pool.len() as u32;
        self.cx.pool.extend_from_slice(parts);
        self.cx.slots[slot(v)] = (a, parts.len() as u32);
    }

    fn node(&mut self, n: Node) -> Result<(), IselError> {
        let dag = &*self.dag;
        let wide_result = dag.vts(n).iter().any(|&t| half_of(t).is_some());
        let wide_operand = dag
            .operands(n)
            .iter()
            .any(|&o| half_of(dag.vt(o)).is_some());
        if wide_result || wide_operand {
            return self.expand(n);
        }
        // Legal: rebuild only if an operand changed.
        let mut ops = std::mem::take(&mut self.cx.ops);
        ops.clear();
        ops.extend(dag.operands(n).iter().map(|&o| self.val(o)));
        let same = ops.as_slice() == dag.operands(n);
        let m = if same {
            n
        } else {
            let (op, payload) = (dag.op(n), dag.payload(n));
            let vts = dag.vts(n).to_vec();
            self.dag.node(op, &vts, &ops, payload)
        };
        self.cx.ops = ops;
        for k in 0..self.dag.vts(n).len() as u32 {
            self.set(SDValue::new(n, k), SDValue::new(m, k));
        }
        Ok(())
    }
}
