//! Branches on combined conditions, after LLVM's
//! `SelectionDAGBuilder::visitBr` / `FindMergedConditions`: a `br` on a
//! single-use tree of logical `and`s (or of `or`s; `select a, b, false`
//! and `select a, true, b` are the same) becomes a chain of conditional
//! branches through new machine blocks, one per leaf, instead of
//! `setcc; setcc; and; test; jne`.
//!
//! **Planning** ([`FunctionLowering::plan_merged_conds`], at `-O1` and
//! up, once per function before any block is built, like switches): the
//! tree is walked as LLVM walks it. A node belongs to the tree when it
//! is the root's operation (`xor x, true` with one use flips the
//! operation below it and inverts its leaves), has one use, lies in the
//! branch's block and so do its operands; anything else is a leaf. For
//! `x or y` the leaf chain tests `x` (taken: the `then` block, else the
//! next leaf's block), then `y`; `and` symmetrically. Each leaf is a
//! *step* (a machine block: the first is the IR block's own, the others
//! are new blocks emitted right after it in leaf order, as LLVM inserts
//! them); a compare leaf branches on the compare (its predicate inverted
//! under a `not`), any other leaf on the value itself.
//!
//! **When** (LLVM's rules): the branch is not `!unpredictable`, its two
//! destinations differ, the root's two operands are not both
//! `extractelement`s of one vector; the target does not ask to keep the
//! root's two sides together ([`keep_together`], LLVM 19's
//! `shouldKeepJumpConditionsTogether` over the target's
//! [`CondMerging`] and latency costs: the instructions only the right
//! side needs, found at most six operands deep, cost no more than the
//! budget); and `ShouldEmitAsBranches` accepts the two-leaf chains: two
//! compares of the same operands, or `x == 0 & y == 0` / `x != 0 | y !=
//! 0` (one `or` then), stay one condition.
//!
//! **Values**: step 0 runs after the block's other instructions and its
//! phi-edge copies (which dominate every step); every later step reads
//! its compare's operands (or its leaf value) through registers, so the
//! values of the block they need are exported ([`FunctionLowering::export`]).
//!
//! **Probabilities** (LLVM's): from the branch's `(A, B)` (profile data,
//! else even), `x or y` gives the first step `(A/2, A/2 + B)` and the
//! second `normalize(A/2, B)`; `x and y` gives `(A + B/2, B/2)` and
//! `normalize(A, B/2)`; recursively for nested trees. *Deviation:*
//! without profile data llc starts from BranchProbabilityInfo's static
//! heuristics, rcc from even odds, and the likely/unlikely bias of the
//! cost rule needs profile data.

use super::{BResult, Builder, FunctionLowering};
use crate::lowering::{CallLowering, CondMerging, CostKind, IselError};
use crate::node::{Dag, SDValue};
use crate::opcode::{Cond, FCond, Op};
use crate::vt::VT;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::types::{Type, TypeLookup};
use rcc_ir::{Block, Function, Inst, Value, ValueTag};
use rcc_mach::{BranchProb, MBlock, MachFunction};

/// LLVM's `SelectionDAG::MaxRecursionDepth`: how deep the cost rule
/// looks, and how many times it prunes.
const MAX_DEPTH: u32 = 6;

/// One step of a merged-condition branch: a machine block branching on
/// one leaf.
#[derive(Copy, Clone, Debug)]
pub struct CondStep {
    pub mb: MBlock,
    /// The leaf: a compare, or an `i1` value tested for true.
    pub leaf: Value,
    /// Branch on the leaf's negation.
    pub invert: bool,
    pub t: MBlock,
    pub f: MBlock,
    /// Probabilities of `t` and `f`.
    pub probs: [BranchProb; 2],
}

/// The steps of the branch ending IR block `block`.
#[derive(Clone, Debug)]
pub struct CondPlan {
    pub block: Block,
    pub steps: Vec<CondStep>,
}

/// A step's destination while planning: a machine block, or the `k`th
/// new block (made only once the plan is accepted).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Dest {
    Block(MBlock),
    New(u32),
}

/// A planned leaf (LLVM's `CaseBlock`).
#[derive(Copy, Clone, Debug)]
struct Case {
    this: Dest,
    leaf: Value,
    invert: bool,
    t: Dest,
    f: Dest,
    probs: [BranchProb; 2],
    /// The compared operands (`None`: the constant `true`) and the
    /// condition code, for `ShouldEmitAsBranches`.
    lhs: Value,
    rhs: Option<Value>,
    cc: CaseCond,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum CaseCond {
    Int(Cond),
    Float(FCond),
}

/// The users of every instruction of a function, one entry per use.
struct Users {
    start: Vec<u32>,
    list: Vec<Inst>,
}

impl Users {
    fn new(f: &Function) -> Users {
        let n = f.num_insts();
        let mut count = vec![0u32; n + 1];
        let each = |visit: &mut dyn FnMut(Inst, Inst)| {
            for i in (0..n).map(Inst::from_index) {
                for v in f.inst_ops(i) {
                    if let Some(d) = v.as_entity::<Inst>(ValueTag::Inst) {
                        if d.index() < n {
                            visit(d, i);
                        }
                    }
                }
            }
        };
        each(&mut |d, _| count[d.index() + 1] += 1);
        for k in 1..=n {
            count[k] += count[k - 1];
        }
        let mut fill = count.clone();
        let mut list = vec![Inst::from_index(0); count[n] as usize];
        each(&mut |d, u| {
            list[fill[d.index()] as usize] = u;
            fill[d.index()] += 1;
        });
        Users { start: count, list }
    }

    fn of(&self, i: Inst) -> &[Inst] {
        &self.list[self.start[i.index()] as usize..self.start[i.index() + 1] as usize]
    }
}

/// An insertion-ordered set of instructions (LLVM's `MapVector`).
#[derive(Default)]
struct Deps {
    order: Vec<Inst>,
}

impl Deps {
    fn contains(&self, i: Inst) -> bool {
        self.order.contains(&i)
    }

    fn insert(&mut self, i: Inst) -> bool {
        if self.contains(i) {
            return false;
        }
        self.order.push(i);
        true
    }
}

impl FunctionLowering<'_> {
    /// Plans every branch on a combined condition (see the module
    /// comment).
    pub(super) fn plan_merged_conds(
        &mut self,
        mf: &mut MachFunction,
        lower: &dyn CallLowering,
    ) -> BResult<()> {
        let f = self.f;
        let mut users: Option<Users> = None;
        for b in f.blocks.keys() {
            let Some(t) = f.terminator(b) else { continue };
            if f.op(t) != Opcode::Br || f.inst_ops(t).len() != 3 {
                continue;
            }
            let Some(c) = f.inst_ops(t)[0].as_entity::<Inst>(ValueTag::Inst) else {
                continue;
            };
            if self.logical(c).is_none() {
                continue;
            }
            let u = users.get_or_insert_with(|| Users::new(f));
            if let Some(plan) = self.plan_merged_cond(b, t, c, u, mf, lower)? {
                self.conds.push(plan);
            }
        }
        Ok(())
    }

    /// `(is and, lhs, rhs)` of a logical `and`/`or` of `i1`s (LLVM's
    /// `m_LogicalAnd`/`m_LogicalOr`: also `select a, b, false` and
    /// `select a, true, b`).
    fn logical(&self, i: Inst) -> Option<(bool, Value, Value)> {
        let f = self.f;
        if !matches!(self.m.types.get(f.ty[i.index()]), Type::Int(1)) {
            return None;
        }
        let ops = f.inst_ops(i);
        match f.op(i) {
            Opcode::And => Some((true, ops[0], ops[1])),
            Opcode::Or => Some((false, ops[0], ops[1])),
            Opcode::Select => {
                if self.value_type(ops[0]) != f.ty[i.index()] {
                    return None;
                }
                if self.const_bool(ops[2]) == Some(false) {
                    Some((true, ops[0], ops[1]))
                } else if self.const_bool(ops[1]) == Some(true) {
                    Some((false, ops[0], ops[2]))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The value of an `i1` constant.
    fn const_bool(&self, v: Value) -> Option<bool> {
        let c = v.as_entity::<ConstId>(ValueTag::Const)?;
        match self.f.consts.get(c).kind {
            ConstKind::Int(x) => Some(x & 1 != 0),
            ConstKind::Zero | ConstKind::Null => Some(false),
            _ => None,
        }
    }

    /// Whether `v` is an instruction of block `b`, or no instruction
    /// (LLVM's `InBlock`).
    fn in_block(&self, v: Value, b: Block) -> bool {
        match v.as_entity::<Inst>(ValueTag::Inst) {
            Some(i) => self.inst_block[i.index()] == b.as_u32(),
            None => true,
        }
    }

    fn plan_merged_cond(
        &mut self,
        b: Block,
        t: Inst,
        c: Inst,
        users: &Users,
        mf: &mut MachFunction,
        lower: &dyn CallLowering,
    ) -> BResult<Option<CondPlan>> {
        let f = self.f;
        let ops = f.inst_ops(t);
        let (Some(then_b), Some(else_b)) = (
            ops[1].as_entity::<Block>(ValueTag::Block),
            ops[2].as_entity::<Block>(ValueTag::Block),
        ) else {
            return Ok(None);
        };
        let (tbb, fbb) = (self.blocks[then_b.index()], self.blocks[else_b.index()]);
        if tbb == fbb || users.of(c).len() != 1 || self.unpredictable(t) {
            return Ok(None);
        }
        let Some((and, lhs, rhs)) = self.logical(c) else {
            return Ok(None);
        };
        if self.same_vector_extracts(lhs, rhs) {
            return Ok(None);
        }
        let probs = self.br_probs(t);
        let both_eq = self.is_icmp_eq(lhs) && self.is_icmp_eq(rhs);
        let params = lower.cond_merging(and, both_eq);
        if keep_together(self, users, c, and, lhs, rhs, params, probs, lower) {
            return Ok(None);
        }
        let head = self.blocks[b.index()];
        let mut cases = Vec::new();
        let mut fresh = 0u32;
        let mut w = Walk {
            fl: self,
            users,
            block: b,
            cases: &mut cases,
            fresh: &mut fresh,
        };
        w.find(
            Value::of(ValueTag::Inst, c),
            Dest::Block(tbb),
            Dest::Block(fbb),
            Dest::Block(head),
            and,
            probs,
            false,
        );
        if cases.len() < 2 || !should_emit_as_branches(self, &cases) {
            return Ok(None);
        }
        let news: Vec<MBlock> = (0..fresh).map(|_| mf.create_block(u32::MAX)).collect();
        let mb = |d: Dest| match d {
            Dest::Block(x) => x,
            Dest::New(k) => news[k as usize],
        };
        let steps: Vec<CondStep> = cases
            .iter()
            .map(|k| CondStep {
                mb: mb(k.this),
                leaf: k.leaf,
                invert: k.invert,
                t: mb(k.t),
                f: mb(k.f),
                probs: k.probs,
            })
            .collect();
        // Later steps read the leaves' operands through registers.
        for s in &steps[1..] {
            let leaf = s.leaf.as_entity::<Inst>(ValueTag::Inst);
            let reads: Vec<Value> = match leaf {
                Some(i) if self.is_compare_leaf(i) => f.inst_ops(i).to_vec(),
                _ => vec![s.leaf],
            };
            for v in reads {
                if let Some(d) = v.as_entity::<Inst>(ValueTag::Inst) {
                    if self.frame_of[d.index()].is_none() {
                        self.export(mf, lower, d)?;
                    }
                }
            }
        }
        Ok(Some(CondPlan { block: b, steps }))
    }

    /// Whether branch `t` carries `!unpredictable`.
    fn unpredictable(&self, t: Inst) -> bool {
        let f = self.f;
        let owner = t.as_u32();
        let first = f.md_attach.partition_point(|a| a.owner < owner);
        f.md_attach[first..]
            .iter()
            .take_while(|a| a.owner == owner)
            .any(|a| self.m.str(a.kind) == "!unpredictable")
    }

    /// Both `extractelement`s of one vector (LLVM leaves those alone).
    fn same_vector_extracts(&self, a: Value, b: Value) -> bool {
        let f = self.f;
        let vec_of = |v: Value| {
            v.as_entity::<Inst>(ValueTag::Inst)
                .filter(|&i| f.op(i) == Opcode::ExtractElement)
                .map(|i| f.inst_ops(i)[0])
        };
        matches!((vec_of(a), vec_of(b)), (Some(x), Some(y)) if x == y)
    }

    fn is_icmp_eq(&self, v: Value) -> bool {
        let f = self.f;
        v.as_entity::<Inst>(ValueTag::Inst).is_some_and(|i| {
            f.op(i) == Opcode::ICmp
                && Cond::from_ir((f.flags[i.index()] >> inst::PRED_SHIFT) as u8) == Some(Cond::Eq)
        })
    }

    /// A scalar compare (a leaf the step branches on directly).
    fn is_compare_leaf(&self, i: Inst) -> bool {
        let f = self.f;
        matches!(f.op(i), Opcode::ICmp | Opcode::FCmp)
            && matches!(self.m.types.get(f.ty[i.index()]), Type::Int(1))
    }

    /// The probabilities of branch `t`'s two edges: from profile data,
    /// else even.
    fn br_probs(&self, t: Inst) -> [BranchProb; 2] {
        let half = BranchProb(BranchProb::DENOM / 2);
        match super::prof::edge_weights(self.m, self.f, t) {
            Some(w) if w.len() == 2 => {
                let m = super::prof::weight_masses(&w);
                let mut out = Vec::with_capacity(2);
                BranchProb::from_masses(&m, &mut out);
                [out[0], out[1]]
            }
            _ => [half, half],
        }
    }

    /// Whether the branch's probabilities come from profile data.
    fn has_prof(&self, t: Inst) -> bool {
        super::prof::edge_weights(self.m, self.f, t).is_some()
    }

    /// Whether `a` and `b` are the same value (constants by content, as
    /// LLVM's are uniqued).
    fn same_value(&self, a: Value, b: Value) -> bool {
        if a == b {
            return true;
        }
        match (
            a.as_entity::<ConstId>(ValueTag::Const),
            b.as_entity::<ConstId>(ValueTag::Const),
        ) {
            (Some(x), Some(y)) => self.f.consts.get(x) == self.f.consts.get(y),
            _ => false,
        }
    }

    fn is_null(&self, v: Value) -> bool {
        v.as_entity::<ConstId>(ValueTag::Const).is_some_and(|c| {
            matches!(
                self.f.consts.get(c).kind,
                ConstKind::Int(0) | ConstKind::Null | ConstKind::Zero
            )
        })
    }

    /// The plan of the branch ending IR block `b`, if it branches on a
    /// combined condition.
    pub(super) fn cond_plan(&self, b: Block) -> Option<&CondPlan> {
        self.conds
            .binary_search_by_key(&b.as_u32(), |p| p.block.as_u32())
            .ok()
            .map(|k| &self.conds[k])
    }
}

/// The tree walk of `FindMergedConditions`.
struct Walk<'a, 'b> {
    fl: &'a FunctionLowering<'b>,
    users: &'a Users,
    block: Block,
    cases: &'a mut Vec<Case>,
    fresh: &'a mut u32,
}

impl Walk<'_, '_> {
    #[allow(clippy::too_many_arguments)]
    fn find(
        &mut self,
        cond: Value,
        t: Dest,
        f: Dest,
        cur: Dest,
        and: bool,
        probs: [BranchProb; 2],
        invert: bool,
    ) {
        let fl = self.fl;
        let func = fl.f;
        let b = self.block;
        let ci = cond.as_entity::<Inst>(ValueTag::Inst);
        // `xor x, true` with one use: the tree below, inverted.
        if let Some(i) = ci.filter(|&i| func.op(i) == Opcode::Xor && self.users.of(i).len() == 1) {
            let ops = func.inst_ops(i);
            let x = if fl.const_bool(ops[1]) == Some(true) {
                Some(ops[0])
            } else if fl.const_bool(ops[0]) == Some(true) {
                Some(ops[1])
            } else {
                None
            };
            let is_i1 = matches!(fl.m.types.get(func.ty[i.index()]), Type::Int(1));
            if let Some(x) = x.filter(|&x| is_i1 && fl.in_block(x, b)) {
                return self.find(x, t, f, cur, and, probs, !invert);
            }
        }
        let node = ci.and_then(|i| fl.logical(i).map(|l| (i, l)));
        let tree = node.filter(|&(i, (op_and, x, y))| {
            (op_and != invert) == and
                && self.users.of(i).len() == 1
                && fl.inst_block[i.index()] == b.as_u32()
                && fl.in_block(x, b)
                && fl.in_block(y, b)
        });
        let Some((_, (_, x, y))) = tree else {
            self.leaf(cond, t, f, cur, probs, invert);
            return;
        };
        let tmp = Dest::New(*self.fresh);
        *self.fresh += 1;
        let [a, bp] = probs;
        let half = |p: BranchProb| BranchProb(p.0 / 2);
        let add = |p: BranchProb, q: BranchProb| BranchProb((p.0 + q.0).min(BranchProb::DENOM));
        let norm = |p: BranchProb, q: BranchProb| {
            let mut out = Vec::with_capacity(2);
            BranchProb::from_masses(&[p.0 as u64, q.0 as u64], &mut out);
            [out[0], out[1]]
        };
        if and {
            self.find(x, tmp, f, cur, and, [add(a, half(bp)), half(bp)], invert);
            self.find(y, t, f, tmp, and, norm(a, half(bp)), invert);
        } else {
            self.find(x, t, tmp, cur, and, [half(a), add(half(a), bp)], invert);
            self.find(y, t, f, tmp, and, norm(half(a), bp), invert);
        }
    }

    /// `EmitBranchForMergedCondition`.
    fn leaf(
        &mut self,
        cond: Value,
        t: Dest,
        f: Dest,
        this: Dest,
        probs: [BranchProb; 2],
        invert: bool,
    ) {
        let fl = self.fl;
        let func = fl.f;
        let cmp = cond
            .as_entity::<Inst>(ValueTag::Inst)
            .filter(|&i| fl.is_compare_leaf(i));
        let (lhs, rhs, cc) = match cmp {
            Some(i) => {
                let ops = func.inst_ops(i);
                let p = (func.flags[i.index()] >> inst::PRED_SHIFT) as u8;
                let cc = if func.op(i) == Opcode::ICmp {
                    let c = Cond::from_ir(p).unwrap_or(Cond::Eq);
                    CaseCond::Int(if invert { c.inverse() } else { c })
                } else {
                    let c = FCond::from_ir(p).unwrap_or(FCond::False);
                    CaseCond::Float(if invert { c.inverse() } else { c })
                };
                (ops[0], Some(ops[1]), cc)
            }
            None => (
                cond,
                None,
                CaseCond::Int(if invert { Cond::Ne } else { Cond::Eq }),
            ),
        };
        self.cases.push(Case {
            this,
            leaf: cond,
            invert,
            t,
            f,
            probs,
            lhs,
            rhs,
            cc,
        });
    }
}

/// LLVM's `ShouldEmitAsBranches`: two compares of the same operands, and
/// two compares of pointers or integers with zero that one `or` tests,
/// stay one condition.
fn should_emit_as_branches(fl: &FunctionLowering<'_>, cases: &[Case]) -> bool {
    let [c0, c1] = cases else { return true };
    let same = |a: Option<Value>, b: Option<Value>| match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => fl.same_value(x, y),
        _ => false,
    };
    let (l0, l1) = (Some(c0.lhs), Some(c1.lhs));
    if (same(l0, l1) && same(c0.rhs, c1.rhs)) || (same(c0.rhs, l1) && same(l0, c1.rhs)) {
        return false;
    }
    if same(c0.rhs, c1.rhs) && c0.cc == c1.cc && c0.rhs.is_some_and(|r| fl.is_null(r)) {
        if c0.cc == CaseCond::Int(Cond::Eq) && c0.t == c1.this {
            return false;
        }
        if c0.cc == CaseCond::Int(Cond::Ne) && c0.f == c1.this {
            return false;
        }
    }
    true
}

/// LLVM 19's `shouldKeepJumpConditionsTogether`: whether computing the
/// right side `rhs` of root `c` unconditionally costs no more than the
/// target's budget (see the module comment).
#[allow(clippy::too_many_arguments)]
fn keep_together(
    fl: &FunctionLowering<'_>,
    users: &Users,
    c: Inst,
    and: bool,
    lhs: Value,
    rhs: Value,
    params: CondMerging,
    probs: [BranchProb; 2],
    lower: &dyn CallLowering,
) -> bool {
    if params.base_cost < 0 {
        return false;
    }
    let mut thresh = params.base_cost;
    let br = fl.f.terminator(Block::from_u32(fl.inst_block[c.index()]));
    if br.is_some_and(|t| fl.has_prof(t)) && (params.likely_bias != 0 || params.unlikely_bias != 0)
    {
        // `isEdgeHot`: more than 4/5. LLVM names successor 1 "IfTrue".
        let hot = BranchProb::new(4, 5);
        let likely = if probs[1] > hot {
            Some(true)
        } else if probs[0] > hot {
            Some(false)
        } else {
            None
        };
        if let Some(l) = likely {
            if and == l {
                thresh += params.likely_bias;
            } else {
                if params.unlikely_bias < 0 {
                    return false;
                }
                thresh -= params.unlikely_bias;
            }
        }
    }
    if thresh <= 0 {
        return false;
    }
    let mut lhs_deps = Deps::default();
    collect_deps(fl, &mut lhs_deps, lhs, None, 0);
    let mut rhs_deps = Deps::default();
    if !collect_deps(fl, &mut rhs_deps, rhs, Some(&lhs_deps), 0) {
        return false;
    }
    if let Some(r) = rhs.as_entity::<Inst>(ValueTag::Inst) {
        if !lhs_deps.contains(r) {
            rhs_deps.insert(r);
        }
    }
    // Drop what other instructions need anyway.
    for _ in 0..MAX_DEPTH {
        let counted = |i: Inst| users.of(i).iter().all(|&u| u == c || rhs_deps.contains(u));
        match rhs_deps.order.iter().position(|&i| !counted(i)) {
            Some(k) => {
                rhs_deps.order.remove(k);
            }
            None => break,
        }
    }
    let mut cost = 0i64;
    for &i in &rhs_deps.order {
        cost += lower.latency_cost(cost_kind(fl, i)) as i64;
        if cost > thresh as i64 {
            return false;
        }
    }
    true
}

/// `collectInstructionDeps`: the instructions `v` depends on, at most
/// [`MAX_DEPTH`] operands deep (false when the search went deeper),
/// without those in `necessary`.
fn collect_deps(
    fl: &FunctionLowering<'_>,
    deps: &mut Deps,
    v: Value,
    necessary: Option<&Deps>,
    depth: u32,
) -> bool {
    if depth >= MAX_DEPTH {
        return false;
    }
    let Some(i) = v.as_entity::<Inst>(ValueTag::Inst) else {
        return true;
    };
    if necessary.is_some_and(|n| n.contains(i)) {
        return true;
    }
    if !deps.insert(i) {
        return true;
    }
    let f = fl.f;
    let ops = f.inst_ops(i);
    // LLVM's operand order: a phi's incoming values, a call's arguments
    // before its callee.
    let llvm_ops: Vec<Value> = match f.op(i) {
        Opcode::Phi => ops.iter().step_by(2).copied().collect(),
        Opcode::Call | Opcode::Invoke => ops[1..].iter().chain(&ops[..1]).copied().collect(),
        _ => ops.to_vec(),
    };
    llvm_ops
        .into_iter()
        .all(|o| collect_deps(fl, deps, o, necessary, depth + 1))
}

/// The latency class of instruction `i` (TargetTransformInfo's
/// `getInstructionCost` cases).
fn cost_kind(fl: &FunctionLowering<'_>, i: Inst) -> CostKind {
    let f = fl.f;
    let ops = f.inst_ops(i);
    let int_bits = |v: Value| match fl.m.types.get(fl.value_type(v)) {
        Type::Int(n) => Some(n),
        _ => None,
    };
    match f.op(i) {
        Opcode::Phi | Opcode::Freeze | Opcode::ExtractValue | Opcode::Alloca => CostKind::Free,
        Opcode::Load => CostKind::Load,
        Opcode::ICmp => CostKind::ICmp,
        Opcode::FCmp => CostKind::FCmp,
        Opcode::Mul => CostKind::IntMul,
        Opcode::SDiv | Opcode::UDiv | Opcode::SRem | Opcode::URem => CostKind::IntDiv,
        Opcode::FNeg
        | Opcode::FAdd
        | Opcode::FSub
        | Opcode::FMul
        | Opcode::FDiv
        | Opcode::FRem
        | Opcode::FPExt
        | Opcode::FPTrunc
        | Opcode::SIToFP
        | Opcode::UIToFP
        | Opcode::FPToSI
        | Opcode::FPToUI => CostKind::Float,
        Opcode::Trunc | Opcode::BitCast | Opcode::PtrToInt | Opcode::IntToPtr => CostKind::Free,
        Opcode::ZExt | Opcode::SExt => {
            let from_load = ops[0]
                .as_entity::<Inst>(ValueTag::Inst)
                .is_some_and(|d| f.op(d) == Opcode::Load);
            let free = from_load
                || (f.op(i) == Opcode::ZExt
                    && int_bits(ops[0]) == Some(32)
                    && matches!(fl.m.types.get(f.ty[i.index()]), Type::Int(64)));
            if free {
                CostKind::Free
            } else {
                CostKind::Basic
            }
        }
        Opcode::GetElementPtr => {
            let variable = ops[1..]
                .iter()
                .filter(|v| v.as_entity::<ConstId>(ValueTag::Const).is_none())
                .count();
            if variable <= 1 {
                CostKind::Free
            } else {
                CostKind::Basic
            }
        }
        Opcode::Call | Opcode::Invoke => {
            let intrinsic = ops[0]
                .as_entity::<rcc_ir::GlobalId>(ValueTag::Global)
                .is_some_and(|g| fl.m.str(fl.m.globals[g].name).starts_with("llvm."));
            if intrinsic {
                CostKind::Basic
            } else {
                CostKind::Call
            }
        }
        _ => CostKind::Basic,
    }
}

impl Builder<'_, '_> {
    /// Step `k` of `plan` into the current DAG: a conditional branch on
    /// its leaf.
    pub(super) fn cond_step(&mut self, plan: &CondPlan, k: usize) -> BResult<()> {
        let s = plan.steps[k];
        let leaf = s.leaf.as_entity::<Inst>(ValueTag::Inst);
        let c = match leaf {
            Some(i) if self.fl.is_compare_leaf(i) => {
                if self.fl.f.op(i) == Opcode::ICmp {
                    self.icmp(i, s.invert)?
                } else {
                    self.fcmp(i, s.invert)?
                }
            }
            _ => {
                let v = self.get(s.leaf)?;
                if s.invert {
                    let one = self.dag.constant(VT::I1, 1);
                    self.dag.value(Op::Xor, VT::I1, &[v, one], 0)
                } else {
                    v
                }
            }
        };
        let bb =
            |dag: &mut Dag, b: MBlock| dag.value(Op::BasicBlock, VT::Chain, &[], b.as_u32() as u64);
        let (t, f) = (bb(self.dag, s.t), bb(self.dag, s.f));
        let (c, t, f) = self.float_branch(c, t, f);
        let ch = self
            .dag
            .value(Op::BrCond, VT::Chain, &[self.chain, c, t], 0);
        self.chain = self.dag.value(Op::Br, VT::Chain, &[ch, f], 0);
        Ok(())
    }
}

/// Builds the DAG of step `k` (> 0) of the merged-condition branch
/// ending IR block `b`.
pub fn build_cond_step(
    fl: &FunctionLowering<'_>,
    b: Block,
    k: usize,
    dag: &mut Dag,
    mf: &mut MachFunction,
    lower: &dyn CallLowering,
    vals: &mut Vec<Option<SDValue>>,
) -> BResult<()> {
    let plan = fl
        .cond_plan(b)
        .ok_or_else(|| IselError::new("a merged condition without a plan"))?;
    super::build_with(fl, b, dag, mf, lower, vals, |bl| bl.cond_step(plan, k))
}
