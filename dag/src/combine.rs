//! The DAG combiner (LLVM's `DAGCombiner`, a small subset): rewrites one
//! block's DAG with the algebraic rules that folding at node creation
//! ([`crate::fold`]) cannot apply because they look through an operand's
//! own operands, or at how often a value is used.
//!
//! Pipeline position: after the block's DAG is built (and its types
//! legalized), before [`crate::check`] and instruction selection.
//!
//! **How it rewrites.** Nodes are never mutated, so the pass rebuilds: it
//! walks the nodes reachable from the root in index order (a topological
//! order) and records, per old value (`node * 4 + result`), its
//! replacement. A single-result node is re-created from its replaced
//! operands through [`Combiner::value`], which puts a constant operand of a
//! commutative operation on the right, folds ([`crate::fold::fold`]), then
//! tries the rules below; a rule builds its result through `value` again,
//! so rewrites compose (the operands a rule sees are already combined, so
//! one pass reaches the fixed point of rules that only look downwards).
//! Nodes with several results (loads, calls, copies), glue producers and
//! glue users are only re-created when an operand changed, with the same
//! opcode, types and payload. The new nodes go into the same arena (their
//! ids are larger, hash-consing reuses equal ones); the root is replaced
//! last and the old nodes stay behind, unreachable.
//!
//! **Rules** (`c`, `c1`, `c2` constants; `x`, `y` any values):
//! - reassociation of constants: `(op (op x c1) c2) -> (op x (c1 op c2))`
//!   for `add and or xor mul`, and `add`/`sub` mixes to one `add`;
//! - `(and x x) -> x`, `(or x x) -> x`, `(xor x x) -> 0`, `(sub x x) -> 0`;
//! - `(and x c) -> x` when every bit `c` clears is known to be zero in `x`
//!   (a small known-bits analysis: constants, zero extensions and
//!   zero-extending loads, `and or xor select`, shifts by constants), which
//!   removes the masks after zero extensions, zero-extending loads and the
//!   odd-width promotion; `(and (anyext x) mask-of-x) -> (zext x)`;
//! - `(xor (setcc a b cc) 1) -> (setcc a b !cc)` (also `fsetcc`) when the
//!   compare has no other user;
//! - shifts of shifts by constants in the same direction add up;
//! - extensions: `zext(zext x)`, `sext(sext x)`, `sext(zext x) -> zext x`,
//!   `anyext(ext x) -> ext x`, `sext x -> zext x` when the sign bit of `x`
//!   is known zero, `zext(trunc x) -> x` when the bits the truncation drops
//!   are known zero;
//! - truncations: `trunc(trunc x)`, `trunc(ext x)` to the original width
//!   (`x`), narrower (`trunc x`) or wider (`ext x`); a single-use
//!   `add sub mul and or xor` (and `shl` by a small constant) whose
//!   operands are extensions or constants is done in the narrow type;
//! - compares: a constant left operand moves right; `(setcc (zext a)
//!   (zext b))` and `(setcc (zext a) c)` with `c` fitting `a`'s type
//!   compare `a` (signed predicates become unsigned), the same with `sext`
//!   (predicates kept, `c` fitting signed); a compare of an extended `i1`
//!   with a constant is that `i1`, its negation or a constant;
//! - `(select c x x) -> x`; `select c, 1, 0` and `select c, -1, 0` are
//!   extensions of `c`, `select c, 0, 1` the extension of `!c`;
//! - stores: a stored `trunc x` (or extension of `x`) whose stored width
//!   fits `x` stores `x` as a truncating store;
//! - loads: a non-volatile integer load whose value has exactly one user,
//!   an extension or truncation (possibly a chain of them, each with one
//!   user), becomes one extending or narrower load at the same address
//!   (little-endian) and chain position, as LLVM's `zextload`/`sextload`/
//!   `extload` forming and load narrowing; not an extension read only by
//!   a compare with a constant that fits the loaded width (the compare
//!   narrows instead, so its row reads the plain load from memory);
//! - when optimizing, negations absorbed by floating-point adds and
//!   subtractions, as LLVM's `getNegatedExpression` (cost `Cheaper`) does:
//!   `(fadd x y) -> (fsub x -y)` (either operand) and `(fsub x y) ->
//!   (fadd x -y)` when `-y` is an `fneg`'s operand or a single-use
//!   `fmul`/`fdiv` with such an operand (`-(a * -b) = a * b`), so `x -
//!   a*b*c` computed as `x + a*(-b)*c` needs no sign flip ([`float`]);
//! - `TokenFactor`: repeated operands dropped, one operand is that
//!   operand;
//! - when optimizing, an `or` tree assembling an integer from byte loads
//!   of consecutive addresses is one wide load, byte-swapped for
//!   big-endian order ([`load_combine`]);
//! - when optimizing, `(mul (add x c1) c2) -> (add (mul x c2) c1*c2)`
//!   (also for an `or` the IR marks `disjoint`) when the add has no other
//!   reader, and `(add (add a c) y) -> (add (add a y) c)` in address
//!   arithmetic (the outer add is a load or store address or feeds an
//!   add), so `base + (i + k) * size + j` shares `base + i * size + j`
//!   and keeps `k * size` as a displacement;
//! - when optimizing, a chain of `insert_elt`s at constant lanes into
//!   `undef` is one `build_vector` ([`vector`]); with a lane loaded from
//!   memory and a target that loads lanes into vector registers, it is
//!   `scalar_to_vector`s joined by unpacking shuffles instead.
//!
//! Invariants: every rewrite computes the same value for every input
//! (`combine/tests.rs` checks random DAGs against an evaluator); produced
//! nodes are well-typed for [`crate::check`]; `i1` values stay 0/1 and
//! are never compared (no `setcc` on `i1` operands is created); glue
//! results and operands are never looked through.

use crate::fold::{fold, sext};
use crate::node::{Dag, Node, SDValue};
use crate::opcode::{Cond, Ext, FCond, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::entity::EntityId;

/// How deep rules may nest (`value` calling `value`), and how far the
/// known-bits analysis looks.
const MAX_DEPTH: u32 = 8;

/// No plan / no user.
const NONE: u32 = u32::MAX;

/// Reusable buffers of the combiner (one per worker).
#[derive(Default)]
pub struct CombineCtx {
    /// Per old value (`node * 4 + result`): its replacement.
    map: Vec<Option<SDValue>>,
    /// Per old value: how many operand edges of live nodes read it.
    uses: Vec<u32>,
    /// Per old value: the last live node reading it (the only one when
    /// `uses` is 1).
    user: Vec<u32>,
    live: Vec<bool>,
    /// Per old node: the index in `plans` of the load folding it takes
    /// part in (the load itself or one of the extensions it absorbs).
    plan_of: Vec<u32>,
    plans: Vec<LoadPlan>,
    /// The live loads (candidates for plans).
    loads: Vec<Node>,
    /// Per old node: the index in `groups` of the load group it belongs
    /// to ([`load_combine`]).
    group_of: Vec<u32>,
    groups: Vec<load_combine::LoadGroup>,
    /// The live stores in index order (candidates for [`store_merge`]).
    stores: Vec<Node>,
    /// Per old node: the index in `merges` of the store run it belongs to.
    merge_of: Vec<u32>,
    merges: Vec<store_merge::Merge>,
    merge_keep: Vec<Node>,
    merge_chunks: Vec<store_merge::Chunk>,
    run: Vec<store_merge::Member>,
    /// What the target's memory accesses allow (widened loads and stores).
    pub mem: crate::lowering::MemAccess,
    /// Whether a live node produces glue (else no node needs the check).
    has_glue: bool,
    ops: Vec<SDValue>,
    /// Optimizing (`-O1` and up): the rules that trade an instruction for
    /// a longer but faster sequence (division by constants) apply.
    pub optimize: bool,
    /// The target wants multiplies by constants as shifts and adds
    /// ([`mul_const`]).
    pub mul_by_shift_add: bool,
    /// The block's multiplies rewritten so far: (operand, amount, value).
    muls: Vec<(SDValue, u64, SDValue)>,
}

/// A load that absorbs the chain of extensions and truncations reading
/// its value: the new load's type and memory access, and the last node of
/// the chain (whose value the new load's value replaces).
#[derive(Copy, Clone, Debug)]
struct LoadPlan {
    vt: VT,
    /// The new load's payload (the old one's alignment kept).
    payload: u64,
    last: Node,
}

/// Whether some rule looks at nodes of opcode `op` (the others are only
/// rebuilt when an operand changed).
fn has_rules(op: Op) -> bool {
    matches!(
        op,
        Op::Add
            | Op::Sub
            | Op::Mul
            | Op::UDiv
            | Op::SDiv
            | Op::URem
            | Op::SRem
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::Shl
            | Op::Srl
            | Op::Sra
            | Op::ZeroExtend
            | Op::SignExtend
            | Op::AnyExtend
            | Op::Truncate
            | Op::SetCC
            | Op::Select
            | Op::Store
            | Op::TokenFactor
            | Op::InsertElt
            | Op::FAdd
            | Op::FSub
    )
}

fn slot(v: SDValue) -> usize {
    v.node().index() * 4 + v.res() as usize
}

/// Combines the DAG of one block in place (see the module comment).
pub fn combine(dag: &mut Dag, cx: &mut CombineCtx) {
    let Some(root) = dag.root else { return };
    let n0 = dag.len();
    cx.live.clear();
    cx.live.resize(n0, false);
    cx.uses.clear();
    cx.uses.resize(n0 * 4, 0);
    cx.user.clear();
    cx.user.resize(n0 * 4, NONE);
    cx.map.clear();
    cx.map.resize(n0 * 4, None);
    cx.plan_of.clear();
    cx.plan_of.resize(n0, NONE);
    cx.plans.clear();
    cx.loads.clear();
    cx.stores.clear();
    cx.muls.clear();
    cx.has_glue = false;
    cx.live[root.node().index()] = true;
    for i in (0..n0).rev() {
        if !cx.live[i] {
            continue;
        }
        let n = Node::from_u32(i as u32);
        match dag.op(n) {
            Op::Load => cx.loads.push(n),
            Op::Store => cx.stores.push(n),
            _ if dag.vts(n).last() == Some(&VT::Glue) => cx.has_glue = true,
            _ => {}
        }
        for &o in dag.operands(n) {
            cx.live[o.node().index()] = true;
            let s = slot(o);
            cx.uses[s] += 1;
            cx.user[s] = i as u32;
        }
    }
    cx.stores.reverse();
    load_combine::plan_load_groups(dag, cx);
    store_merge::plan_store_merges(dag, cx);
    plan_loads(dag, cx);
    let mut c = Combiner { dag, cx };
    for i in 0..n0 {
        if c.cx.live[i] {
            c.node(Node::from_u32(i as u32));
        }
    }
    let r = c.val(root);
    c.dag.root = Some(r);
}

/// Finds the loads that absorb their extensions (see [`LoadPlan`]).
fn plan_loads(dag: &Dag, cx: &mut CombineCtx) {
    for k in 0..cx.loads.len() {
        let n = cx.loads[k];
        if dag.vts(n).len() != 2 || cx.group_of[n.index()] != NONE {
            continue;
        }
        let vt = dag.vts(n)[0];
        let info = MemInfo::unpack(dag.payload(n));
        let plain = info.ext == Ext::None;
        if !matches!(vt, VT::I8 | VT::I16 | VT::I32 | VT::I64)
            || info.volatile
            || !matches!(info.mem_bits, 8 | 16 | 32 | 64)
            || plain != (info.mem_bits == vt.bits())
        {
            continue;
        }
        let mut state = info;
        let mut last = None;
        let mut cur = SDValue::new(n, 0);
        while cx.uses[slot(cur)] == 1 {
            let u = Node::from_u32(cx.user[slot(cur)]);
            if state.ext == Ext::None && compared_narrow(dag, cx, u, dag.vt(cur)) {
                // The compare narrows instead (`setcc` rule), and its row
                // then reads the plain load from memory (`cmpb $c, (m)`),
                // as LLVM narrows compares of extending loads.
                break;
            }
            let Some(next) = absorb(dag, u, state) else {
                break;
            };
            state = next;
            last = Some(u);
            cur = SDValue::new(u, 0);
        }
        let Some(last) = last else { continue };
        let k = cx.plans.len() as u32;
        cx.plans.push(LoadPlan {
            vt: dag.vts(last)[0],
            payload: MemInfo::with_align(state.pack(), MemInfo::align_of(dag.payload(n))),
            last,
        });
        let mut cur = SDValue::new(n, 0);
        cx.plan_of[n.index()] = k;
        while cur.node() != last {
            let u = Node::from_u32(cx.user[slot(cur)]);
            cx.plan_of[u.index()] = k;
            cur = SDValue::new(u, 0);
        }
    }
}

/// Whether `u`, an extension of a `from` value, is read only by a compare
/// with a constant that fits `from` (which the `setcc` rule narrows to a
/// compare of the unextended value).
fn compared_narrow(dag: &Dag, cx: &CombineCtx, u: Node, from: VT) -> bool {
    let op = dag.op(u);
    let uv = SDValue::new(u, 0);
    if !matches!(op, Op::ZeroExtend | Op::SignExtend)
        || from == VT::I1
        || cx.uses[slot(uv)] != 1
        || cx.user[slot(uv)] == NONE
    {
        return false;
    }
    let s = Node::from_u32(cx.user[slot(uv)]);
    let ops = dag.operands(s);
    if dag.op(s) != Op::SetCC || ops.len() != 2 {
        return false;
    }
    let other = if ops[0] == uv { ops[1] } else { ops[0] };
    let Some(k) = dag.as_const(other) else {
        return false;
    };
    let w = dag.vt(uv).bits();
    if op == Op::ZeroExtend {
        k & !from.mask() & dag.vt(uv).mask() == 0
    } else {
        sext(k, w) == sext(k & from.mask(), from.bits())
    }
}

/// The memory access of a load after extension or truncation node `u` of
/// its value (the load's type becomes `u`'s), if it is still one load the
/// target can select.
fn absorb(dag: &Dag, u: Node, info: MemInfo) -> Option<MemInfo> {
    let to = dag.vts(u)[0];
    if !matches!(to, VT::I8 | VT::I16 | VT::I32 | VT::I64) {
        return None;
    }
    let mut info = info;
    match dag.op(u) {
        Op::ZeroExtend => match info.ext {
            Ext::None => info.ext = Ext::Zero,
            Ext::Zero => {}
            Ext::Sign | Ext::Any => return None,
        },
        // The bits above a zero-extended memory value are zero, so its
        // sign extension is its zero extension.
        Op::SignExtend => match info.ext {
            Ext::None => info.ext = Ext::Sign,
            Ext::Sign | Ext::Zero => {}
            Ext::Any => return None,
        },
        Op::AnyExtend => {
            if info.ext == Ext::None {
                info.ext = Ext::Any;
            }
        }
        Op::Truncate => {
            if to.bits() < info.mem_bits {
                info.mem_bits = to.bits();
                info.ext = Ext::None;
            } else if to.bits() == info.mem_bits {
                info.ext = Ext::None;
            }
        }
        _ => return None,
    }
    Some(info)
}

/// The state of one run.
struct Combiner<'a> {
    dag: &'a mut Dag,
    cx: &'a mut CombineCtx,
}

impl Combiner<'_> {
    /// The replacement of old value `v`.
    fn val(&self, v: SDValue) -> SDValue {
        self.cx.map[slot(v)].expect("operands are combined before their users")
    }

    /// Whether old value `v` has exactly one reader.
    fn single_use(&self, v: SDValue) -> bool {
        self.cx.uses.get(slot(v)) == Some(&1)
    }

    fn node(&mut self, n: Node) {
        let merge = self.cx.merge_of[n.index()];
        if merge != NONE {
            self.merged(n, merge as usize);
            return;
        }
        let group = self.cx.group_of[n.index()];
        if group != NONE {
            self.grouped(n, group as usize);
            return;
        }
        let plan = self.cx.plan_of[n.index()];
        if plan != NONE {
            self.planned(n, plan as usize);
            return;
        }
        let dag = &*self.dag;
        if dag.operands(n).is_empty() {
            // A leaf: nothing to rebuild.
            for k in 0..dag.vts(n).len() {
                self.cx.map[n.index() * 4 + k] = Some(SDValue::new(n, k as u32));
            }
            return;
        }
        let mut ops = std::mem::take(&mut self.cx.ops);
        ops.clear();
        ops.extend(dag.operands(n).iter().map(|&o| self.val(o)));
        let vts = dag.vts(n);
        let glued = self.cx.has_glue
            && (vts.contains(&VT::Glue) || dag.operands(n).iter().any(|&o| dag.vt(o) == VT::Glue));
        let same = ops.as_slice() == dag.operands(n);
        if vts.len() == 1 && !glued && (!same || has_rules(dag.op(n))) {
            let (op, vt, payload) = (dag.op(n), vts[0], dag.payload(n));
            let v = self.value(op, vt, &ops, payload, Some(n), 0);
            self.cx.map[n.index() * 4] = Some(v);
        } else {
            let m = if same {
                n
            } else {
                let (op, payload) = (dag.op(n), dag.payload(n));
                let vts = vts.to_vec();
                self.dag.node(op, &vts, &ops, payload)
            };
            for k in 0..self.dag.vts(n).len() {
                self.cx.map[n.index() * 4 + k] = Some(SDValue::new(m, k as u32));
            }
        }
        self.cx.ops = ops;
    }

    /// Node `n` takes part in load folding `plan`: the load is rebuilt
    /// with the plan's type, the last absorbed node takes its value, the
    /// nodes in between have no other reader.
    fn planned(&mut self, n: Node, plan: usize) {
        let p = self.cx.plans[plan];
        if self.dag.op(n) == Op::Load {
            let ops = [
                self.val(self.dag.operands(n)[0]),
                self.val(self.dag.operands(n)[1]),
            ];
            let m = self.dag.node(Op::Load, &[p.vt, VT::Chain], &ops, p.payload);
            self.cx.map[n.index() * 4 + 1] = Some(SDValue::new(m, 1));
            self.cx.map[p.last.index() * 4] = Some(SDValue::new(m, 0));
        }
    }

    /// The combined value of `(op vt ops payload)`; `old` is the node it
    /// replaces (for use counts), if any.
    fn value(
        &mut self,
        op: Op,
        vt: VT,
        ops: &[SDValue],
        payload: u64,
        old: Option<Node>,
        depth: u32,
    ) -> SDValue {
        let c = |k: usize| ops.get(k).and_then(|&o| self.dag.as_const(o));
        // Canonical operand order: constants on the right.
        if ops.len() == 2 && c(0).is_some() && c(1).is_none() {
            let swapped = [ops[1], ops[0]];
            match op {
                // (The old node's operand order no longer applies.)
                _ if op.is_binary() && op.is_commutative() => {
                    return self.value(op, vt, &swapped, payload, None, depth);
                }
                Op::SetCC => {
                    if let Some(cc) = Cond::ALL.get(payload as usize) {
                        let p = cc.swapped() as u64;
                        return self.value(op, vt, &swapped, p, None, depth);
                    }
                }
                _ => {}
            }
        }
        if let Some(v) = fold(self.dag, op, vt, ops, payload) {
            return v;
        }
        if depth < MAX_DEPTH {
            if let Some(v) = self.rule(op, vt, ops, payload, old, depth + 1) {
                return v;
            }
        }
        // Unchanged: the old node itself, without hashing it again.
        if let Some(n) = old.filter(|&n| self.dag.operands(n) == ops) {
            return SDValue::new(n, 0);
        }
        SDValue::new(self.dag.node(op, &[vt], ops, payload), 0)
    }

    /// A new value made by a rule (no old node, so no use counts).
    fn mk(&mut self, op: Op, vt: VT, ops: &[SDValue], depth: u32) -> SDValue {
        self.value(op, vt, ops, 0, None, depth)
    }

    fn konst(&mut self, vt: VT, v: u64) -> SDValue {
        self.dag.constant(vt, v)
    }

    /// Whether operand `k` of old node `old` has no other reader (unknown
    /// for nodes made by rules: false).
    fn operand_single_use(&self, old: Option<Node>, k: usize) -> bool {
        old.and_then(|n| self.dag.operands(n).get(k).copied())
            .is_some_and(|o| self.single_use(o))
    }

    fn rule(
        &mut self,
        op: Op,
        vt: VT,
        ops: &[SDValue],
        payload: u64,
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        let dag = &*self.dag;
        if op == Op::InsertElt {
            return if self.cx.optimize {
                self.insert_elt(vt, ops, old, d)
            } else {
                None
            };
        }
        if matches!(op, Op::FAdd | Op::FSub) {
            return if self.cx.optimize {
                self.fadd_of_negation(op, vt, ops, old, d)
            } else {
                None
            };
        }
        if !vt.is_int() && op != Op::Store && op != Op::TokenFactor {
            return None;
        }
        match op {
            Op::Add | Op::Sub | Op::And | Op::Or | Op::Xor | Op::Mul => {
                self.binary(op, vt, ops[0], ops[1], old, d)
            }
            Op::Shl | Op::Srl | Op::Sra => {
                let (x, c2) = (ops[0], dag.as_const(ops[1])?);
                if dag.op_of(x) != op {
                    return None;
                }
                let c1 = dag.as_const(dag.operands(x.node())[1])?;
                let inner = dag.operands(x.node())[0];
                let bits = vt.bits() as u64;
                if c1 >= bits || c2 >= bits {
                    return None;
                }
                let at = dag.vt(ops[1]);
                if c1 + c2 < bits {
                    let k = self.konst(at, c1 + c2);
                    Some(self.mk(op, vt, &[inner, k], d))
                } else if op == Op::Sra {
                    let k = self.konst(at, bits - 1);
                    Some(self.mk(op, vt, &[inner, k], d))
                } else {
                    Some(self.konst(vt, 0))
                }
            }
            Op::UDiv | Op::SDiv | Op::URem | Op::SRem => self.divide(op, vt, ops[0], ops[1], d),
            Op::ZeroExtend | Op::SignExtend | Op::AnyExtend => self
                .ext_before_add(op, vt, ops[0], old, d)
                .or_else(|| self.extend(op, vt, ops[0], d)),
            Op::Truncate => self.truncate(vt, ops[0], old, d),
            Op::SetCC => self.setcc(ops[0], ops[1], payload, d),
            Op::Select => self.select(vt, ops, d),
            Op::Store => self.store(ops, payload),
            Op::TokenFactor => {
                let mut keep: Vec<SDValue> = Vec::with_capacity(ops.len());
                for &o in ops {
                    if !keep.contains(&o) && (ops.len() == 1 || dag.op_of(o) != Op::EntryToken) {
                        keep.push(o);
                    }
                }
                match keep.len() {
                    0 => Some(self.dag.entry()),
                    1 => Some(keep[0]),
                    n if n == ops.len() => None,
                    _ => Some(SDValue::new(
                        self.dag.node(Op::TokenFactor, &[VT::Chain], &keep, payload),
                        0,
                    )),
                }
            }
            _ => None,
        }
    }

    /// Reassociation: `(add (add a c) y) -> (add (add a y) c)` (either
    /// operand) when the inner add has no other reader and the outer one
    /// is an address (or part of one), so constants move
    /// to the outermost add: addresses `base + (i*size + k) + j` share
    /// `base + i*size + j` and keep `k` as a displacement.
    fn add_constant_outwards(
        &mut self,
        vt: VT,
        x: SDValue,
        y: SDValue,
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        // Only address arithmetic: the old add's one reader is a load or
        // store address or another add (elsewhere the longer-lived `a + y`
        // costs registers for nothing).
        let n = old?;
        let s = n.index() * 4;
        if self.cx.uses.get(s) != Some(&1) {
            return None;
        }
        let u = Node::from_u32(self.cx.user[s]);
        let dag = &*self.dag;
        let address = match dag.op(u) {
            Op::Load => dag.operands(u)[1] == SDValue::new(n, 0),
            Op::Store => dag.operands(u)[2] == SDValue::new(n, 0),
            Op::Add => true,
            _ => false,
        };
        if !address {
            return None;
        }
        let split = |v: SDValue| {
            if dag.op_of(v) != Op::Add || v.res() != 0 {
                return None;
            }
            let o = dag.operands(v.node());
            dag.as_const(o[1]).map(|_| (o[0], o[1]))
        };
        // The inner add keeps the operands' positions, so `x + (a + c)`
        // and the `x + a` written elsewhere are one node.
        let (l, r, c) = if let Some((a, c)) = split(y).filter(|_| self.operand_single_use(old, 1)) {
            (x, a, c)
        } else if let Some((a, c)) = split(x).filter(|_| self.operand_single_use(old, 0)) {
            (a, y, c)
        } else {
            return None;
        };
        let inner = self.mk(Op::Add, vt, &[l, r], d);
        Some(self.mk(Op::Add, vt, &[inner, c], d))
    }

    /// Rules of `add sub and or xor mul`.
    fn binary(
        &mut self,
        op: Op,
        vt: VT,
        x: SDValue,
        y: SDValue,
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        if matches!(op, Op::And | Op::Or) && vt == VT::I1 && self.cx.optimize {
            if let Some(v) = self.logic_of_setccs(op == Op::And, x, y, old, d) {
                return Some(v);
            }
        }
        let dag = &*self.dag;
        if x == y {
            return match op {
                Op::And | Op::Or => Some(x),
                Op::Xor | Op::Sub => Some(self.konst(vt, 0)),
                _ => None,
            };
        }
        if op == Op::Add && dag.as_const(y).is_none() {
            if !self.cx.optimize {
                return None;
            }
            return self.add_constant_outwards(vt, x, y, old, d);
        }
        let c2 = dag.as_const(y)?;
        let xop = dag.op_of(x);
        let inner = dag.operands(x.node());
        let c1 = match inner.get(1) {
            Some(&k) if x.res() == 0 => dag.as_const(k),
            _ => None,
        };
        // Reassociation of constants.
        if let Some(c1) = c1 {
            let m = vt.mask();
            let base = inner[0];
            let merged = match (op, xop) {
                (Op::And, Op::And) => Some((Op::And, c1 & c2)),
                (Op::Or, Op::Or) => Some((Op::Or, c1 | c2)),
                (Op::Xor, Op::Xor) => Some((Op::Xor, c1 ^ c2)),
                (Op::Mul, Op::Mul) => Some((Op::Mul, c1.wrapping_mul(c2))),
                (Op::Add, Op::Add) => Some((Op::Add, c1.wrapping_add(c2))),
                (Op::Add, Op::Sub) => Some((Op::Add, c2.wrapping_sub(c1))),
                (Op::Sub, Op::Add) => Some((Op::Add, c1.wrapping_sub(c2))),
                (Op::Sub, Op::Sub) => Some((Op::Sub, c1.wrapping_add(c2))),
                _ => None,
            };
            if let Some((o, k)) = merged {
                let k = self.konst(vt, k & m);
                return Some(self.mk(o, vt, &[base, k], d));
            }
        }
        // Distribution: (mul (add x c1) c2) -> (add (mul x c2) c1*c2), an
        // `or` with disjoint operands being an add, when the add has no
        // other reader (address arithmetic `(i + k) * size` then shares
        // `i * size` and keeps `k * size` as a displacement).
        let add_like = xop == Op::Add
            || (xop == Op::Or && dag.payload(x.node()) & crate::opcode::OR_DISJOINT != 0);
        if let (Op::Mul, true, Some(c1)) = (op, add_like, c1) {
            if self.cx.optimize && self.operand_single_use(old, 0) {
                let base = inner[0];
                let k2 = self.konst(vt, c2);
                let m = self.mk(Op::Mul, vt, &[base, k2], d);
                let k = self.konst(vt, c1.wrapping_mul(c2) & vt.mask());
                return Some(self.mk(Op::Add, vt, &[m, k], d));
            }
        }

        match op {
            Op::And => {
                let m = vt.mask();
                if (self.known_zero(x, 0) | c2) & m == m {
                    return Some(x);
                }
                if xop == Op::AnyExtend && c2 == dag.vt(inner[0]).mask() {
                    let a = inner[0];
                    return Some(self.mk(Op::ZeroExtend, vt, &[a], d));
                }
                None
            }
            Op::Mul => self.mul_by_constant(vt, x, c2, old, d),
            Op::Xor if vt == VT::I1 && c2 == 1 && self.operand_single_use(old, 0) => {
                let (a, b) = (inner.first().copied()?, inner.get(1).copied()?);
                let p = dag.payload(x.node());
                match xop {
                    Op::SetCC => {
                        let cc = Cond::ALL.get(p as usize)?.inverse();
                        Some(self.value(Op::SetCC, VT::I1, &[a, b], cc as u64, None, d))
                    }
                    Op::FSetCC => {
                        let cc = FCond::ALL.get(p as usize)?.inverse();
                        Some(self.value(Op::FSetCC, VT::I1, &[a, b], cc as u64, None, d))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// LLVM's `foldLogicOfSetCCs`, for two single-use compares of
    /// integers of one type with the same constant 0 or -1:
    /// `(and (seteq x, 0), (seteq y, 0))` -> `(seteq (or x, y), 0)`, and
    /// likewise `and`/`setgt -1`, `or`/`setne 0`, `or`/`setlt 0` through an
    /// `or`; `and`/`seteq -1`, `and`/`setlt 0`, `or`/`setne -1`,
    /// `or`/`setgt -1` through an `and`. (The branches that keep such
    /// conditions together, `build::merge_cond`, rely on it.)
    fn logic_of_setccs(
        &mut self,
        and: bool,
        x: SDValue,
        y: SDValue,
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        let dag = &*self.dag;
        if dag.op_of(x) != Op::SetCC || dag.op_of(y) != Op::SetCC {
            return None;
        }
        let (cc, cc1) = (dag.payload(x.node()), dag.payload(y.node()));
        let (xo, yo) = (dag.operands(x.node()), dag.operands(y.node()));
        let (lx, rx, ly, ry) = (xo[0], xo[1], yo[0], yo[1]);
        let ovt = dag.vt(lx);
        // Compares of the same operands: one compare.
        let (c0, mut c1) = (*Cond::ALL.get(cc as usize)?, *Cond::ALL.get(cc1 as usize)?);
        let same = if lx == ly && rx == ry {
            true
        } else if lx == ry && rx == ly {
            c1 = c1.swapped();
            true
        } else {
            false
        };
        if same && ovt.is_int() && ovt != VT::I1 {
            return match merge_conds(and, c0, c1)? {
                Merged::Const(b) => Some(self.konst(VT::I1, b as u64)),
                Merged::Cond(c) => {
                    Some(self.value(Op::SetCC, VT::I1, &[lx, rx], c as u64, None, d))
                }
            };
        }
        // Single use: in the old DAG (through `old`, or the operand itself
        // when it is an old node, as for the `and` a select of booleans
        // becomes).
        let one = |k: usize, v: SDValue| self.operand_single_use(old, k) || self.single_use(v);
        if !one(0, x) || !one(1, y) {
            return None;
        }
        if cc != cc1 || rx != ry || ovt != dag.vt(ly) || !ovt.is_int() || ovt == VT::I1 {
            return None;
        }
        let k = dag.as_const(rx)?;
        let cc = *Cond::ALL.get(cc as usize)?;
        let (zero, ones) = (k == 0, k & ovt.mask() == ovt.mask());
        let via_or = (and && cc == Cond::Eq && zero)
            || (and && cc == Cond::Sgt && ones)
            || (!and && cc == Cond::Ne && zero)
            || (!and && cc == Cond::Slt && zero);
        let via_and = (and && cc == Cond::Eq && ones)
            || (and && cc == Cond::Slt && zero)
            || (!and && cc == Cond::Ne && ones)
            || (!and && cc == Cond::Sgt && ones);
        let inner = match (via_or, via_and) {
            (true, _) => Op::Or,
            (_, true) => Op::And,
            _ => return None,
        };
        let v = self.mk(inner, ovt, &[lx, ly], d);
        Some(self.value(Op::SetCC, VT::I1, &[v, rx], cc as u64, None, d))
    }

    /// `(sext (add nsw x, c))` -> `(add (sext x), c)` and `(zext (add nuw
    /// x, c))` -> `(add (zext x), c)` to `i64` when the extension feeds an
    /// `add`, `shl` or `mul` (address arithmetic: the constant becomes a
    /// displacement and the extension of `x` is shared by neighbouring
    /// accesses; LLVM's x86 `promoteExtBeforeAdd`). The wrap flag makes
    /// the two equal: the narrow sum does not wrap.
    fn ext_before_add(
        &mut self,
        op: Op,
        vt: VT,
        x: SDValue,
        old: Option<Node>,
        d: u32,
    ) -> Option<SDValue> {
        let dag = &*self.dag;
        let flag = match op {
            Op::SignExtend => crate::opcode::WRAP_NSW,
            Op::ZeroExtend => crate::opcode::WRAP_NUW,
            _ => return None,
        };
        if vt != VT::I64 || dag.op_of(x) != Op::Add || dag.payload(x.node()) & flag == 0 {
            return None;
        }
        let [a, c] = *dag.operands(x.node()) else {
            return None;
        };
        let k = dag.as_const(c)?;
        let from = dag.vt(x);
        let user = self.cx.user[old?.index() * 4];
        if user == NONE || !matches!(dag.op(Node::from_u32(user)), Op::Add | Op::Shl | Op::Mul) {
            return None;
        }
        let wide = if op == Op::SignExtend {
            sext(k, from.bits()) as u64
        } else {
            k
        };
        let xe = self.mk(op, vt, &[a], d);
        let kc = self.konst(vt, wide);
        Some(self.mk(Op::Add, vt, &[xe, kc], d))
    }

    /// Rules of `zext sext anyext` of `x` to `vt`.
    fn extend(&mut self, op: Op, vt: VT, x: SDValue, d: u32) -> Option<SDValue> {
        let dag = &*self.dag;
        let from = dag.vt(x);
        let xop = dag.op_of(x);
        let inner = dag.operands(x.node()).first().copied();
        let kind = match (op, xop) {
            (Op::ZeroExtend, Op::ZeroExtend) => Some(Op::ZeroExtend),
            (Op::SignExtend, Op::SignExtend) => Some(Op::SignExtend),
            (Op::SignExtend, Op::ZeroExtend) => Some(Op::ZeroExtend),
            (Op::AnyExtend, Op::ZeroExtend | Op::SignExtend | Op::AnyExtend) => Some(xop),
            _ => None,
        };
        if let Some(kind) = kind {
            return Some(self.mk(kind, vt, &[inner?], d));
        }
        if op == Op::SignExtend
            && from != VT::I1
            && self.known_zero(x, 0) & (1 << (from.bits() - 1)) != 0
        {
            return Some(self.mk(Op::ZeroExtend, vt, &[x], d));
        }
        if op == Op::ZeroExtend && xop == Op::Truncate {
            let y = inner?;
            let dropped = vt.mask() & !from.mask();
            if dag.vt(y) == vt && self.known_zero(y, 0) & dropped == dropped {
                return Some(y);
            }
        }
        None
    }

    /// Rules of `trunc x` to `vt`.
    fn truncate(&mut self, vt: VT, x: SDValue, old: Option<Node>, d: u32) -> Option<SDValue> {
        let dag = &*self.dag;
        let xop = dag.op_of(x);
        let inner = dag.operands(x.node());
        match xop {
            Op::Truncate => Some(self.mk(Op::Truncate, vt, &[inner[0]], d)),
            Op::ZeroExtend | Op::SignExtend | Op::AnyExtend => {
                let y = inner[0];
                let from = dag.vt(y);
                Some(match from.bits().cmp(&vt.bits()) {
                    std::cmp::Ordering::Equal => y,
                    std::cmp::Ordering::Greater => self.mk(Op::Truncate, vt, &[y], d),
                    std::cmp::Ordering::Less => self.mk(xop, vt, &[y], d),
                })
            }
            Op::Add | Op::Sub | Op::Mul | Op::And | Op::Or | Op::Xor | Op::Shl
                if x.res() == 0 && self.operand_single_use(old, 0) =>
            {
                if xop == Op::Mul && vt == VT::I8 {
                    // An 8-bit multiply needs %al: not cheaper.
                    return None;
                }
                let (a, b) = (inner[0], inner[1]);
                let narrow = |v: SDValue| match dag.op_of(v) {
                    Op::Constant => true,
                    Op::ZeroExtend | Op::SignExtend | Op::AnyExtend => {
                        dag.vt(dag.operands(v.node())[0]).bits() <= vt.bits()
                    }
                    _ => false,
                };
                if xop == Op::Shl {
                    let c = dag.as_const(b)?;
                    if c >= vt.bits() as u64 || !narrow(a) {
                        return None;
                    }
                    let ta = self.mk(Op::Truncate, vt, &[a], d);
                    return Some(self.mk(Op::Shl, vt, &[ta, b], d));
                }
                if !(narrow(a) && narrow(b)) {
                    return None;
                }
                let ta = self.mk(Op::Truncate, vt, &[a], d);
                let tb = self.mk(Op::Truncate, vt, &[b], d);
                Some(self.mk(xop, vt, &[ta, tb], d))
            }
            _ => None,
        }
    }

    /// Rules of `setcc a b cc` (operands in their combined form).
    fn setcc(&mut self, a: SDValue, b: SDValue, payload: u64, d: u32) -> Option<SDValue> {
        let dag = &*self.dag;
        let cc = *Cond::ALL.get(payload as usize)?;
        let (aop, bop) = (dag.op_of(a), dag.op_of(b));
        if !matches!(aop, Op::ZeroExtend | Op::SignExtend) || !dag.vt(a).is_int() {
            return None;
        }
        let x = dag.operands(a.node())[0];
        let from = dag.vt(x);
        let w = dag.vt(a).bits();
        let unsigned = match cc {
            Cond::Sgt => Cond::Ugt,
            Cond::Sge => Cond::Uge,
            Cond::Slt => Cond::Ult,
            Cond::Sle => Cond::Ule,
            c => c,
        };
        // Zero-extended operands are non-negative: signed order is unsigned
        // order. Sign extension keeps both orders.
        let narrow_cc = if aop == Op::ZeroExtend { unsigned } else { cc };
        if let Some(k) = dag.as_const(b) {
            if from == VT::I1 {
                // x is 0 or 1; its extension is 0 or 1 (zext) / -1 (sext).
                let one = if aop == Op::ZeroExtend { 1 } else { u64::MAX };
                let r0 = cc.eval(0, k, w);
                let r1 = cc.eval(one, k, w);
                return Some(match (r0, r1) {
                    (false, false) => self.konst(VT::I1, 0),
                    (true, true) => self.konst(VT::I1, 1),
                    (false, true) => x,
                    (true, false) => {
                        let t = self.konst(VT::I1, 1);
                        self.mk(Op::Xor, VT::I1, &[x, t], d)
                    }
                });
            }
            let fits = if aop == Op::ZeroExtend {
                k & !from.mask() & dag.vt(b).mask() == 0
            } else {
                let s = sext(k, w);
                s == sext(k & from.mask(), from.bits())
            };
            if !fits {
                return None;
            }
            let kc = self.konst(from, k & from.mask());
            return Some(self.value(Op::SetCC, VT::I1, &[x, kc], narrow_cc as u64, None, d));
        }
        if bop == aop && b.res() == 0 {
            let y = dag.operands(b.node())[0];
            if dag.vt(y) == from && from != VT::I1 {
                return Some(self.value(Op::SetCC, VT::I1, &[x, y], narrow_cc as u64, None, d));
            }
        }
        None
    }

    /// Rules of `select c t f`.
    fn select(&mut self, vt: VT, ops: &[SDValue], d: u32) -> Option<SDValue> {
        let (c, t, f) = (ops[0], ops[1], ops[2]);
        if t == f {
            return Some(t);
        }
        if vt == VT::I1 && self.dag.vt(c) == VT::I1 {
            if let Some(r) = self.select_of_bools(c, t, f, d) {
                return Some(r);
            }
        }
        let (tk, fk) = (self.dag.as_const(t)?, self.dag.as_const(f)?);
        let ext = |vt: VT| {
            if vt == VT::I1 {
                None
            } else {
                Some(Op::ZeroExtend)
            }
        };
        match (tk, fk) {
            (1, 0) => Some(match ext(vt) {
                None => c,
                Some(e) => self.mk(e, vt, &[c], d),
            }),
            (0, 1) => {
                let one = self.konst(VT::I1, 1);
                let nc = self.mk(Op::Xor, VT::I1, &[c, one], d);
                Some(match ext(vt) {
                    None => nc,
                    Some(e) => self.mk(e, vt, &[nc], d),
                })
            }
            (m, 0) if m == vt.mask() && vt != VT::I1 => Some(self.mk(Op::SignExtend, vt, &[c], d)),
            _ => None,
        }
    }

    /// A select of `i1` values with one constant arm is logic (LLVM's
    /// visitSELECT): `c ? 1 : x` = `c | x`, `c ? x : 0` = `c & x`,
    /// `c ? 0 : x` = `!c & x`, `c ? x : 1` = `!c | x`. Clang writes `a && b`
    /// as `select a, b, false` (so that a poison `b` is not read when `a`
    /// is false); machine code has no poison, so the logic is exact.
    /// Two constant arms are left to the rules in [`Self::select`].
    fn select_of_bools(&mut self, c: SDValue, t: SDValue, f: SDValue, d: u32) -> Option<SDValue> {
        let bit = |v: SDValue| self.dag.as_const(v).map(|k| k & 1 == 1);
        let (tb, fb) = (bit(t), bit(f));
        if tb.is_some() && fb.is_some() {
            return None;
        }
        let not = |me: &mut Self, c: SDValue| {
            let one = me.konst(VT::I1, 1);
            me.mk(Op::Xor, VT::I1, &[c, one], d)
        };
        Some(match (tb, fb) {
            (Some(true), _) => self.mk(Op::Or, VT::I1, &[c, f], d),
            (_, Some(false)) => self.mk(Op::And, VT::I1, &[c, t], d),
            (Some(false), _) => {
                let nc = not(self, c);
                self.mk(Op::And, VT::I1, &[nc, f], d)
            }
            (_, Some(true)) => {
                let nc = not(self, c);
                self.mk(Op::Or, VT::I1, &[nc, t], d)
            }
            (None, None) => return None,
        })
    }

    /// Rules of `store chain v addr` (payload: the memory access).
    fn store(&mut self, ops: &[SDValue], payload: u64) -> Option<SDValue> {
        let dag = &*self.dag;
        let v = ops[1];
        let info = MemInfo::unpack(payload);
        let vt = dag.vt(v);
        if !vt.is_int() || vt == VT::I1 || v.res() != 0 {
            return None;
        }
        match dag.op_of(v) {
            Op::Truncate | Op::ZeroExtend | Op::SignExtend | Op::AnyExtend => {
                let x = dag.operands(v.node())[0];
                let xt = dag.vt(x);
                if xt == VT::I1 || info.mem_bits > xt.bits() || info.mem_bits > vt.bits() {
                    return None;
                }
                let n = self
                    .dag
                    .node(Op::Store, &[VT::Chain], &[ops[0], x, ops[2]], payload);
                Some(SDValue::new(n, 0))
            }
            _ => None,
        }
    }

    /// Bits of `v` known to be zero (within its type's mask).
    fn known_zero(&self, v: SDValue, depth: u32) -> u64 {
        let dag = &*self.dag;
        let vt = dag.vt(v);
        if !vt.is_int() || vt.bits() > 64 || depth > MAX_DEPTH {
            return 0;
        }
        let m = vt.mask();
        let n = v.node();
        let ops = dag.operands(n);
        let kz = |k: usize| self.known_zero(ops[k], depth + 1);
        let r = match dag.op(n) {
            Op::Constant => !dag.payload(n),
            Op::ZeroExtend => kz(0) | !dag.vt(ops[0]).mask(),
            Op::Load if v.res() == 0 => {
                let info = MemInfo::unpack(dag.payload(n));
                if info.ext == Ext::Zero && info.mem_bits < 64 {
                    !((1u64 << info.mem_bits) - 1)
                } else {
                    0
                }
            }
            Op::And => kz(0) | kz(1),
            Op::Or | Op::Xor => kz(0) & kz(1),
            Op::Select => kz(1) & kz(2),
            Op::Truncate => kz(0),
            Op::Srl | Op::Shl | Op::Sra => {
                let Some(c) = dag.as_const(ops[1]).filter(|&c| c < vt.bits() as u64) else {
                    return 0;
                };
                let z = kz(0) & m;
                // A nonzero shift left without signed or unsigned wrap
                // keeps the sign bit, which was shifted out: it is zero
                // (LLVM's `KnownBits::shl` with nuw and nsw).
                let both = crate::opcode::WRAP_NUW | crate::opcode::WRAP_NSW;
                let sign = if c > 0 && dag.payload(n) & both == both {
                    1u64 << (vt.bits() - 1)
                } else {
                    0
                };
                match dag.op(n) {
                    Op::Srl => (z >> c) | !(m >> c),
                    Op::Shl => (z << c) | ((1u64 << c) - 1) | sign,
                    _ => (sext(z, vt.bits()) >> c) as u64,
                }
            }
            _ => 0,
        };
        r & m
    }
}

mod divide;
mod float;
mod load_combine;
mod mul_const;
mod store_merge;
/// The result of merging two integer conditions on the same operands.
enum Merged {
    Const(bool),
    Cond(Cond),
}

/// LLVM's `getSetCCAndOperation`/`getSetCCOrOperation` for integer
/// conditions: outcomes as bits (equal 1, greater 2, less 4) with a
/// signedness; `None` when a signed and an unsigned order mix.
fn merge_conds(and: bool, a: Cond, b: Cond) -> Option<Merged> {
    // (bits, signedness: 0 none, 1 signed, 2 unsigned)
    let parts = |c: Cond| match c {
        Cond::Eq => (1u8, 0u8),
        Cond::Ne => (6, 0),
        Cond::Sgt => (2, 1),
        Cond::Sge => (3, 1),
        Cond::Slt => (4, 1),
        Cond::Sle => (5, 1),
        Cond::Ugt => (2, 2),
        Cond::Uge => (3, 2),
        Cond::Ult => (4, 2),
        Cond::Ule => (5, 2),
    };
    let ((ba, sa), (bb, sb)) = (parts(a), parts(b));
    if sa != 0 && sb != 0 && sa != sb {
        return None;
    }
    let bits = if and { ba & bb } else { ba | bb };
    let signed = sa.max(sb) != 2;
    Some(match bits {
        0 => Merged::Const(false),
        7 => Merged::Const(true),
        1 => Merged::Cond(Cond::Eq),
        6 => Merged::Cond(Cond::Ne),
        2 if signed => Merged::Cond(Cond::Sgt),
        3 if signed => Merged::Cond(Cond::Sge),
        4 if signed => Merged::Cond(Cond::Slt),
        5 if signed => Merged::Cond(Cond::Sle),
        2 => Merged::Cond(Cond::Ugt),
        3 => Merged::Cond(Cond::Uge),
        4 => Merged::Cond(Cond::Ult),
        _ => Merged::Cond(Cond::Ule),
    })
}

#[cfg(test)]
mod tests;
mod vector;
