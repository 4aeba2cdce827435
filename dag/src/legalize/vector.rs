//! Vector type legalization (LLVM's `DAGTypeLegalizer` for vectors plus
//! the part of `LegalizeVectorOps` that expands operations the target
//! lacks), run on each block's DAG after the builder and before
//! instruction selection.
//!
//! The target says which vector types live in one register and which
//! operations on them it selects ([`TypeLegality`]). Every other vector
//! type has a [`Layout`]: the legal *part* type that holds it, how many
//! parts, and how the lanes sit in a part:
//!
//! - `Legal`: the type itself, or `count` consecutive lane groups of it
//!   (*split*: `v8i32` is two `v4i32`; `v3i64` is two `v2i64`, the last
//!   lane of the second undefined);
//! - `Widen`: lanes `0..n` of a wider legal vector, the rest undefined
//!   (`v2i32` in a `v4i32`);
//! - `Promote`: vectors of `i1`, one lane per lane of the legal integer
//!   vector with the same lane count (`v4i1` in a `v4i32`), every lane 0 or
//!   -1 (*canonical*: every producer keeps that, so no consumer re-extends),
//!   padded like `Widen` when the lane count is not a power of two, split
//!   like `Legal` when longer than any legal vector;
//! - `Scalar`: a one-lane vector is its element.
//!
//! The walk visits the live nodes in index (topological) order and maps
//! every value to its parts (legal values to themselves), building new
//! nodes at the end of the same DAG; the old ones become unreachable from
//! the new root. Values whose types are all scalar are rebuilt unchanged
//! (hash-consing returns the same node when the operands are the same).
//! Operations on legal types the target does not select are expanded:
//! conditions by swapping operands, inverting and flipping sign bits,
//! `v2i64` compares through `v4i32` ones, anything else unrolled into
//! scalar operations per lane. Memory and variable lane indexes the
//! target cannot address go through a fresh stack slot (stores chained
//! from the entry token, a load after them: the slot is private, so no
//! other memory operation needs ordering against it).
//!
//! Invariant after [`legalize`]: every vector value reachable from the
//! root has a type the target calls legal, and every vector operation is
//! one it selects.

use super::vector_ops as ops;
use crate::lowering::IselError;
use crate::node::{Dag, Node, SDValue};
use crate::opcode::{Cond, Op};
use crate::vt::VT;
use rcc_mach::MachFunction;

pub(super) type LResult<T> = Result<T, IselError>;

/// What a target supports of vectors.
pub trait TypeLegality: Sync {
    /// Whether values of vector type `vt` live in one register.
    fn legal_vector(&self, vt: VT) -> bool;
    /// Whether the target selects `op` of legal vector type `vt` with
    /// (legal) operands `ops` as it is, e.g. shifts only by a splat
    /// constant. For `Load` (no operands): whether it loads the low lane
    /// of `vt` from memory zeroing the rest (a zero-extending load of the
    /// lane's width), which widened vectors of 32 or 64 bits then use. Asked for the arithmetic, logic and shift operations;
    /// conditions are asked with [`TypeLegality::legal_cond`]. Shuffles,
    /// `BuildVector`, lane access with constant indexes, selects, bitcasts
    /// and the in-register extensions of legal types must always be
    /// selectable.
    fn selects(&self, dag: &Dag, op: Op, vt: VT, ops: &[SDValue]) -> bool;
    /// Whether a `SetCC` comparing legal vectors of type `vt` with `cond`
    /// is selectable (its result is the integer vector of `vt`'s shape).
    fn legal_cond(&self, vt: VT, cond: Cond) -> bool;
}

/// How the lanes of a vector sit in its part (see the module comment).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum How {
    Legal,
    Widen,
    Promote,
    Scalar,
}

/// How a value type is held in legal values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    /// The (legal) type of each part.
    pub part: VT,
    /// Number of parts: consecutive, equal lane groups.
    pub count: u32,
    pub how: How,
}

impl Layout {
    /// Lanes of a `vt` value each part holds (the last part may hold
    /// fewer: [`Layout::valid`]).
    pub fn per_part(&self, vt: VT) -> u32 {
        if self.count == 1 {
            vt.lanes()
        } else {
            self.part.lanes()
        }
    }

    /// Lanes of a `vt` value part `k` holds.
    pub fn valid(&self, vt: VT, k: u32) -> u32 {
        let per = self.per_part(vt);
        per.min(vt.lanes().saturating_sub(k * per))
    }

    pub(super) fn legal(vt: VT) -> Layout {
        Layout {
            part: vt,
            count: 1,
            how: How::Legal,
        }
    }
}

/// The layout of `vt` on target `t` (scalars and legal vectors: themselves);
/// `None` for a vector type this legalizer cannot hold (a lane count that
/// is neither a power of two nor widens to a legal vector, elements wider
/// than any legal vector's).
pub fn layout(t: &dyn TypeLegality, vt: VT) -> Option<Layout> {
    if !vt.is_vector() || t.legal_vector(vt) {
        return Some(Layout::legal(vt));
    }
    let (n, e) = (vt.lanes(), vt.elem());
    if n == 1 {
        return Some(Layout {
            part: e,
            count: 1,
            how: How::Scalar,
        });
    }
    let ints = |lanes: u32| {
        [8, 16, 32, 64]
            .into_iter()
            .filter_map(move |w| VT::int(w).and_then(|i| VT::vector(i, lanes)))
    };
    if e == VT::I1 {
        // The integer vector with as many lanes (padded to a power of
        // two), else parts of the one with the most lanes.
        if let Some(p) = ints(n.next_power_of_two()).find(|&p| t.legal_vector(p)) {
            return Some(Layout {
                part: p,
                count: 1,
                how: How::Promote,
            });
        }
        let p = (0..7)
            .rev()
            .flat_map(|k| ints(1 << k))
            .find(|&p| t.legal_vector(p) && p.lanes() < n)?;
        return Some(Layout {
            part: p,
            count: n.div_ceil(p.lanes()),
            how: How::Promote,
        });
    }
    // Legal vectors of this element, by lane count: widen to the smallest
    // wider one when none is narrower, else split into the widest
    // narrower one.
    let legal: Vec<u32> = (0..7)
        .map(|k| 1u32 << k)
        .filter(|&l| VT::vector(e, l).is_some_and(|v| t.legal_vector(v)))
        .collect();
    if !legal.iter().any(|&l| l < n) {
        let w = *legal.iter().find(|&&l| l > n)?;
        return Some(Layout {
            part: VT::vector(e, w)?,
            count: 1,
            how: How::Widen,
        });
    }
    let w = *legal.iter().rev().find(|&&l| l < n)?;
    Some(Layout {
        part: VT::vector(e, w)?,
        count: n.div_ceil(w),
        how: How::Legal,
    })
}

/// A `Shuffle` node of type `vt` over `a` and `b` (mask lanes index `a`,
/// then `b`; `None` = undefined).
pub fn shuffle_node(
    dag: &mut Dag,
    vt: VT,
    a: SDValue,
    b: SDValue,
    mask: &[Option<u32>],
) -> SDValue {
    let mut ops = Vec::with_capacity(mask.len() + 2);
    ops.extend([a, b]);
    for m in mask {
        ops.push(match m {
            Some(i) => dag.constant(VT::I32, u64::from(*i)),
            None => dag.value(Op::Undef, VT::I32, &[], 0),
        });
    }
    dag.value(Op::Shuffle, vt, &ops, 0)
}

/// The mask of `Shuffle` node `n`.
pub fn shuffle_mask(dag: &Dag, n: Node) -> Vec<Option<u32>> {
    dag.operands(n)[2..]
        .iter()
        .map(|&m| dag.as_const(m).map(|x| x as u32))
        .collect()
}

/// Legalizes the vector types and operations of a block's DAG (no-op
/// for a DAG without vectors).
pub fn legalize_vectors(
    dag: &mut Dag,
    mf: &mut MachFunction,
    t: &dyn TypeLegality,
) -> Result<(), IselError> {
    let len = dag.len();
    if !dag
        .nodes()
        .any(|n| dag.vts(n).iter().any(|v| v.is_vector()))
    {
        return Ok(());
    }
    let Some(root) = dag.root else {
        return Ok(());
    };
    // Live nodes: reachable from the root.
    let mut live = vec![false; len];
    live[root.node().index()] = true;
    for i in (0..len).rev() {
        if live[i] {
            for &o in dag.operands(Node::from_index(i)) {
                live[o.node().index()] = true;
            }
        }
    }
    let mut lz = ops::Lz {
        dag,
        mf,
        t,
        map: vec![(0, 0); len * 4],
        pool: Vec::new(),
    };
    for (i, _) in live.iter().enumerate().filter(|(_, &l)| l) {
        lz.node(Node::from_index(i))?;
    }
    let r = lz.one(root)?;
    lz.dag.root = Some(r);
    Ok(())
}

use rcc_ir::entity::EntityId;
