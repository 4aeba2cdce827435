//! Type legalization (LLVM's `DAGTypeLegalizer`, the "expand" action only):
//! rewrites a block's DAG so every value has a type the target has
//! registers for.
//!
//! Pipeline position: after [`crate::build`] has built a block's DAG and
//! before instruction selection. The builder works in the IR's types, so an
//! `i128` add is an `Add` of type `I128`; this pass replaces it by nodes on
//! `I64` halves (`AddC` + `AddE`, glued), and so on for every operation.
//!
//! **Values map to parts.** An illegal value is *expanded* into a low and a
//! high half of half its width (`I128` -> two `I64`; the only illegal
//! integer type of the 64-bit targets). The pass walks the live nodes in
//! index order (a topological order) and records, for every old value,
//! either its legal replacement or its two halves; a node is rebuilt only
//! when an operand changed. The root is replaced last; the old nodes stay
//! in the arena, unreachable (nodes are never mutated).
//!
//! Boundaries with the rest of the function use the same parts:
//! - a wide value in a virtual register occupies two consecutive vregs,
//!   `r` (low) and `r + 1` (high); [`vregs_for`] allocates them, so
//!   `CopyFromReg`/`CopyToReg` of a wide value split into two;
//! - a wide constant is built as `BuildPair(lo, hi)`;
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

use crate::lowering::{CallLowering, IselError};
use crate::node::{Dag, Node, SDValue};
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_mach::{MachFunction, RegClassId, VReg};

/// The type of each half of an expanded value of type `vt`, if `vt` is
/// expanded (not legal on 64-bit targets).
pub fn half_of(vt: VT) -> Option<VT> {
    match vt {
        VT::I128 => Some(VT::I64),
        _ => None,
    }
}

/// The number of registers a value of type `vt` occupies.
pub fn num_regs(vt: VT) -> u32 {
    if half_of(vt).is_some() {
        2
    } else {
        1
    }
}

/// Virtual registers for a value of type `vt`: one of its class, or, for
/// an expanded type, consecutive ones for its parts (low first). Returns
/// the first; `None` if the target has no class for the type or its parts.
pub fn vregs_for(mf: &mut MachFunction, lower: &dyn CallLowering, vt: VT) -> Option<VReg> {
    let (part, n) = match half_of(vt) {
        Some(h) => (h, 2),
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
    /// Per old value (`node * 4 + result`): the legal value or low half.
    lo: Vec<Option<SDValue>>,
    /// Per old value: the high half of an expanded value.
    hi: Vec<Option<SDValue>>,
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
    cx.lo.clear();
    cx.lo.resize(n0 * 4, None);
    cx.hi.clear();
    cx.hi.resize(n0 * 4, None);
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
    /// The legal replacement of old value `v` (of a legal type).
    fn val(&self, v: SDValue) -> SDValue {
        self.cx.lo[slot(v)].expect("operands are legalized before their users")
    }

    /// The halves of old value `v` (of an expanded type).
    fn parts(&self, v: SDValue) -> (SDValue, SDValue) {
        let s = slot(v);
        (
            self.cx.lo[s].expect("operands are legalized before their users"),
            self.cx.hi[s].expect("an expanded value has a high half"),
        )
    }

    fn set(&mut self, v: SDValue, new: SDValue) {
        self.cx.lo[slot(v)] = Some(new);
    }

    fn set_parts(&mut self, v: SDValue, lo: SDValue, hi: SDValue) {
        let s = slot(v);
        self.cx.lo[s] = Some(lo);
        self.cx.hi[s] = Some(hi);
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
