//! `switch` lowering, after LLVM's SwitchLoweringUtils: the cases become
//! clusters, dense runs of clusters become jump tables, runs with few
//! destinations in a 64-value window become bit tests, and what remains
//! is searched by a balanced binary tree of compares whose leaves test up
//! to three clusters in a row.
//!
//! **Planning** happens once per function, before any block is built
//! ([`FunctionLowering::plan_switches`]), because it decides the machine
//! control flow: which machine blocks exist and which of them branch to
//! which successor, which the machine PHIs of the successors need (a
//! successor of a switch may come before it in block order). A plan is a
//! list of *steps*, one per machine block: step 0 is the switch's own
//! block (built by [`Builder::switch_head`] after the block's phi-edge
//! copies, so the copies dominate every step), the others are new blocks
//! emitted right after it ([`build_switch_step`]). A step is a
//! conditional branch on a [`Test`] of the switch value, a jump through a
//! jump table (the index range already checked), or a plain jump.
//!
//! **Clusters**: the case values, sign-extended, sorted; adjacent values
//! with the same destination merge into ranges (cases that go to the
//! default destination are dropped: they need no test). Weights for
//! balancing are case counts (every case and the default weigh the same,
//! as LLVM's branch probabilities without profile data).
//!
//! **Jump tables** (LLVM's `findJumpTables`): at least
//! [`MIN_TABLE_CLUSTERS`] clusters whose case count is at least
//! [`MIN_TABLE_DENSITY`] percent of the value range they span; the whole
//! switch if it qualifies, otherwise a partition into the fewest dense
//! runs found by dynamic programming over cluster suffixes (ties broken
//! towards more tables). Holes in a table go to the default destination.
//! In PIC the table holds 32-bit offsets from its own label.
//!
//! **Bit tests** (`findBitTestClusters`): a run of range clusters spanning
//! fewer than 64 values with at most three destinations, worth it when
//! it replaces enough compares (1 destination: 3 compares, 2: 5, 3: 6; a
//! single value counts one compare, a range two). The header checks the
//! range; each destination then tests `(1 << (v - bias)) & mask` (or
//! `v - bias == k` for a single bit).
//!
//! **Search tree** (`splitWorkItem`): more than three clusters are split
//! where the weights on both sides balance, at pivot `p`: `v < p` (signed)
//! goes left. A side that is one range cluster exactly filling the bounds
//! the tree has established jumps straight to its destination. Leaves
//! test their clusters in order, each falling through to the next test and
//! the last to the default destination; a table's or bit test's range
//! check falls through the same way.
//!
//! **Unreachable default** (a default block that is just `unreachable`):
//! the last cluster of each leaf is taken without its test, or without its
//! range check for a table or bit tests (the last bit test becomes a
//! jump).
//!
//! **Probabilities** (`build::prof`): with profile data, each case and
//! the default carry a probability mass (numerators over 2^31) and every
//! step's edges get masses as LLVM's SwitchLowering gives them: a cluster
//! the sum of its cases, a pivot's sides their clusters plus half of the
//! default's share each, a leaf's test the cluster against what is not
//! yet handled, a table's destinations the sum of their cases and its
//! holes half the item's default share (which the range check's taken
//! side carries too), a bit test its destination's cases against the
//! rest of the group (which also holds half the default's share, as for
//! a table); an unreachable default has none. Without data the steps'
//! probabilities stay unknown. The masses do not change the plan: the
//! tree is balanced, and bit-test destinations ordered, by case counts as
//! before (llc balances by probability; that would change code).
//!
//! *Deviation:* llc -O0 tests the clusters in one linear chain and builds
//! no bit tests; this lowering does at every level what llc does at -O2.
//!
//! **Wide switches** (`i128` and wider, whose cases do not fit the 64-bit
//! cluster arithmetic): one equality test per case value, in value order,
//! each falling through to the next and the last to the default (or, with
//! an unreachable default, the last case taken without a test); the case
//! values are kept as words in the plan ([`Test::WideEq`]).

use super::jump_table_partition::{partition, Span};
use super::{BResult, Builder, FunctionLowering};
use crate::lowering::{CallLowering, IselError};
use crate::node::{Dag, SDValue};
use crate::opcode::{Cond, Op};
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use rcc_ir::inst::Opcode;
use rcc_ir::types::TypeId;
use rcc_ir::Value;
use rcc_ir::{Block, Inst, ValueTag};
use rcc_mach::{MBlock, MachFunction, VReg};

/// Fewest clusters worth a jump table (x86's minimum jump-table entries).
pub const MIN_TABLE_CLUSTERS: usize = 4;
/// Least percentage of a table's entries that must be real cases.
pub const MIN_TABLE_DENSITY: u128 = 10;
/// Width of the bit-test word (the pointer width).
const BIT_TEST_WORD: u128 = 64;

/// A test of the switch value `v`; constants are the case values
/// sign-extended to 64 bits.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Test {
    /// `lo <= v <= hi` (an equality when `lo == hi`), as
    /// `(v - lo) <=u (hi - lo)`.
    InRange(i64, i64),
    /// `v < k`, signed.
    Less(i64),
    /// `((1 << (v - bias)) & mask) != 0`, with `v - bias` known to be in
    /// `[0, 64)`, or in `[0, 32)` when not `wide` (then computed in 32
    /// bits).
    Bits { bias: i64, mask: u64, wide: bool },
    /// `v == case k` of a wide switch (its words in [`SwitchPlan`]).
    WideEq(u32),
}

/// What one machine block of a switch does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StepKind {
    /// `if test goto t else goto f`.
    Branch { test: Test, t: MBlock, f: MBlock },
    /// Jump through jump table `jt` at index `v - bias` (checked before).
    Table { bias: i64, jt: u32 },
    /// `goto t`.
    Jump(MBlock),
}

/// One machine block of a switch.
#[derive(Copy, Clone, Debug)]
pub struct Step {
    pub mb: MBlock,
    pub kind: StepKind,
    /// Its successors, without duplicates: `succ_pool[succs.0..succs.1]`.
    succs: (u32, u32),
}

/// The lowering of one `switch`.
#[derive(Clone, Debug)]
pub struct SwitchPlan {
    /// The IR block it ends.
    pub block: Block,
    /// The switch value's type.
    pub vt: VT,
    /// Where step 0 leaves the switch value for the other steps.
    pub vreg: VReg,
    /// Step 0 runs in the IR block's own machine block.
    pub steps: Vec<Step>,
    succ_pool: Vec<MBlock>,
    /// The probability mass of each successor edge, parallel to
    /// `succ_pool` (see the module comment).
    masses: Vec<u64>,
    /// Whether the masses come from profile data (`!prof` or
    /// `llvm.expect`); without it the probabilities are unknown.
    has_data: bool,
    /// Every (successor, step) pair, sorted: the steps that reach a block
    /// without scanning every step.
    by_target: Vec<(MBlock, u32)>,
    /// A wide switch's case values, `words` words each, low first.
    wide_cases: Vec<u64>,
    words: usize,
}

impl SwitchPlan {
    /// The machine successors of step `k`, without duplicates.
    pub fn succs(&self, k: usize) -> &[MBlock] {
        let (a, b) = self.steps[k].succs;
        &self.succ_pool[a as usize..b as usize]
    }

    /// The probabilities of the successors of step `k` (parallel to
    /// [`SwitchPlan::succs`]) into `out`; empty without profile data.
    pub fn succ_probs(&self, k: usize, out: &mut Vec<rcc_mach::BranchProb>) {
        out.clear();
        if self.has_data {
            let (a, b) = self.steps[k].succs;
            rcc_mach::BranchProb::from_masses(&self.masses[a as usize..b as usize], out);
        }
    }

    /// The plan of `steps`, with its successor index.
    fn new(
        block: Block,
        vt: VT,
        vreg: VReg,
        p: Planner<'_>,
        wide_cases: Vec<u64>,
        words: usize,
    ) -> SwitchPlan {
        let mut plan = SwitchPlan {
            block,
            vt,
            vreg,
            steps: p.steps,
            succ_pool: p.succ_pool,
            masses: p.masses,
            has_data: p.has_data,
            by_target: Vec::new(),
            wide_cases,
            words,
        };
        let by_target: Vec<(MBlock, u32)> = (0..plan.steps.len())
            .flat_map(|k| plan.succs(k).iter().map(move |&t| (t, k as u32)))
            .collect();
        plan.by_target = by_target;
        plan.by_target.sort_unstable();
        plan
    }

    /// The steps with `target` among their successors, in step order.
    pub fn steps_reaching(&self, target: MBlock) -> impl Iterator<Item = usize> + '_ {
        let first = self.by_target.partition_point(|&(t, _)| t < target);
        self.by_target[first..]
            .iter()
            .take_while(move |&&(t, _)| t == target)
            .map(|&(_, k)| k as usize)
    }
}

/// A run of case values `[lo, hi]` and what handles it.
#[derive(Copy, Clone, Debug)]
struct Cluster {
    lo: i64,
    hi: i64,
    /// Number of case values (the balancing weight).
    weight: u128,
    /// Probability mass of its cases (numerators over 2^31).
    mass: u64,
    kind: Kind,
}

#[derive(Copy, Clone, Debug)]
enum Kind {
    /// Every value goes to this block.
    Range(MBlock),
    /// A jump table (its number in the function).
    Table(u32),
    /// A bit-test group (its index in the planner's `bits`).
    Bits(usize),
}

/// A bit-test group: after checking `0 <= v - bias <= range`, each mask
/// selects a destination.
#[derive(Clone, Debug)]
struct BitGroup {
    bias: i64,
    range: u64,
    /// (mask, destination, probability mass), most cases first.
    cases: Vec<(u64, MBlock, u64)>,
}

/// Cases of values `[lo, hi]` (as i128 to span the whole 64-bit range).
fn span(lo: i64, hi: i64) -> u128 {
    (hi as i128 - lo as i128 + 1) as u128
}

/// Whether `cases` case values spread over `range` values are dense
/// enough for a table.
fn dense(cases: u128, range: u128) -> bool {
    cases * 100 >= range * MIN_TABLE_DENSITY
}

impl FunctionLowering<'_> {
    /// Plans every `switch` of the function (see the module comment).
    pub(super) fn plan_switches(
        &mut self,
        mf: &mut MachFunction,
        lower: &dyn CallLowering,
    ) -> BResult<()> {
        let f = self.f;
        for b in f.blocks.keys() {
            let Some(t) = f.terminator(b) else { continue };
            if f.op(t) != Opcode::Switch {
                continue;
            }
            let plan = self.plan_switch(b, t, mf, lower)?;
            self.switches.push(plan);
        }
        Ok(())
    }

    fn plan_switch(
        &self,
        b: Block,
        t: Inst,
        mf: &mut MachFunction,
        lower: &dyn CallLowering,
    ) -> BResult<SwitchPlan> {
        let f = self.f;
        let ops = f.inst_ops(t);
        let vt = super::scalar_vt(self.m, self.dl, self.value_type(ops[0]), "a switch value")?;
        if crate::legalize::half_of(vt).is_some() {
            return self.plan_wide_switch(b, t, vt, mf, lower);
        }
        let vreg = mf.new_vreg(
            lower
                .reg_class(vt)
                .ok_or_else(|| IselError::new(format!("a switch on {vt}")))?,
        );
        let (default, default_unreachable) = self.switch_default(ops[1])?;
        let (masses, has_data) = self.switch_masses(t, (ops.len() - 2) / 2);
        let mut default_mass = masses[0];
        let mut cases = Vec::with_capacity(ops.len() / 2);
        for (j, pair) in ops[2..].chunks(2).enumerate() {
            let [v, d] = pair else {
                return Err(IselError::new("a malformed switch"));
            };
            let k = super::const_int(f, *v)
                .ok_or_else(|| IselError::new("a switch case that is not an integer"))?;
            let sh = 64 - vt.bits();
            let k = ((k << sh) as i64) >> sh;
            let d = self.switch_dest(*d)?;
            let mass = masses.get(j + 1).copied().unwrap_or(0);
            if d != default {
                cases.push((k, d, mass));
            } else {
                default_mass += mass;
            }
        }
        cases.sort_unstable_by_key(|c| c.0);
        let mut p = Planner::new(mf, default, default_unreachable, default_mass, has_data);
        let mut clusters = clusterize(&cases);
        p.find_jump_tables(&mut clusters);
        p.find_bit_tests(&mut clusters);
        let head = self.blocks[b.index()];
        if clusters.is_empty() {
            p.step(head, StepKind::Jump(default), [1, 0]);
        } else {
            p.lower_tree(&clusters, head);
        }
        Ok(SwitchPlan::new(b, vt, vreg, p, Vec::new(), 0))
    }

    /// The probability mass of each successor of switch `t` (the default
    /// first, then the `cases` cases in operand order) and whether it
    /// comes from profile data (`super::prof`); without data every
    /// successor weighs the same.
    fn switch_masses(&self, t: Inst, cases: usize) -> (Vec<u64>, bool) {
        match super::prof::edge_weights(self.m, self.f, t) {
            Some(w) if w.len() == cases + 1 => (super::prof::weight_masses(&w), true),
            _ => (vec![1; cases + 1], false),
        }
    }

    /// The machine block of switch destination `v`.
    fn switch_dest(&self, v: Value) -> BResult<MBlock> {
        v.as_entity::<Block>(ValueTag::Block)
            .map(|x| self.blocks[x.index()])
            .ok_or_else(|| IselError::new("a switch destination that is not a block"))
    }

    /// The default destination `v` and whether it is just `unreachable`:
    /// then it needs no path, and the last test of each chain can be left
    /// out (LLVM's unreachable default).
    fn switch_default(&self, v: Value) -> BResult<(MBlock, bool)> {
        let f = self.f;
        let unreachable = v
            .as_entity::<Block>(ValueTag::Block)
            .and_then(|d| f.block_insts(d).find(|&i| f.op(i) != Opcode::Phi))
            .is_some_and(|i| f.op(i) == Opcode::Unreachable);
        Ok((self.switch_dest(v)?, unreachable))
    }

    /// The plan of a switch on a wide integer: a chain of equality tests.
    fn plan_wide_switch(
        &self,
        b: Block,
        t: Inst,
        vt: VT,
        mf: &mut MachFunction,
        lower: &dyn CallLowering,
    ) -> BResult<SwitchPlan> {
        let f = self.f;
        let ops = f.inst_ops(t);
        let vreg = super::wide::value_vreg(mf, lower, vt)?;
        let (default, default_unreachable) = self.switch_default(ops[1])?;
        let (masses, has_data) = self.switch_masses(t, (ops.len() - 2) / 2);
        let mut default_mass = masses[0];
        let words = vt.bits().div_ceil(64) as usize;
        let mut cases: Vec<(Vec<u64>, MBlock, u64)> = Vec::new();
        for (j, pair) in ops[2..].chunks(2).enumerate() {
            let [v, d] = pair else {
                return Err(IselError::new("a malformed switch"));
            };
            let mut w = super::wide::const_words(f, *v)
                .ok_or_else(|| IselError::new("a switch case that is not an integer"))?;
            // Sign-extend to whole words (the value's own sign bit).
            let top = vt.bits() - 1;
            let negative = w
                .get((top / 64) as usize)
                .is_some_and(|x| x >> (top % 64) & 1 != 0);
            w.resize(words, if negative { u64::MAX } else { 0 });
            let d = self.switch_dest(*d)?;
            let mass = masses.get(j + 1).copied().unwrap_or(0);
            if d != default {
                cases.push((w, d, mass));
            } else {
                default_mass += mass;
            }
        }
        // Value order (unsigned, top word first): deterministic.
        cases.sort_by(|a, b| a.0.iter().rev().cmp(b.0.iter().rev()));
        let mut p = Planner::new(mf, default, default_unreachable, default_mass, has_data);
        let head = self.blocks[b.index()];
        let mut blocks = vec![head];
        for _ in 1..cases.len() {
            blocks.push(p.new_block());
        }
        let mut wide_cases = Vec::with_capacity(cases.len() * words);
        if cases.is_empty() {
            p.step(head, StepKind::Jump(default), [1, 0]);
        }
        let mut unhandled: u64 = cases.iter().map(|c| c.2).sum::<u64>() + p.default_mass;
        for (k, (w, d, mass)) in cases.iter().enumerate() {
            wide_cases.extend_from_slice(w);
            let last = k + 1 == cases.len();
            let kind = if last && default_unreachable {
                StepKind::Jump(*d)
            } else {
                StepKind::Branch {
                    test: Test::WideEq(k as u32),
                    t: *d,
                    f: if last { default } else { blocks[k + 1] },
                }
            };
            p.step(blocks[k], kind, [*mass, unhandled.saturating_sub(*mass)]);
            unhandled = unhandled.saturating_sub(*mass);
        }
        Ok(SwitchPlan::new(b, vt, vreg, p, wide_cases, words))
    }

    /// The plan of the switch ending IR block `b`, if it ends in one.
    pub fn switch_plan(&self, b: Block) -> Option<&SwitchPlan> {
        self.switches
            .binary_search_by_key(&b.as_u32(), |p| p.block.as_u32())
            .ok()
            .map(|k| &self.switches[k])
    }

    /// The number of machine blocks IR block `b` becomes (more than one
    /// when it ends in a switch).
    pub fn num_steps(&self, b: Block) -> usize {
        if let Some(p) = self.cond_plan(b) {
            return p.steps.len();
        }
        self.switch_plan(b).map_or(1, |p| p.steps.len())
    }

    /// The machine block of step `k` of IR block `b` (step 0 is
    /// `blocks[b]`).
    pub fn step_block(&self, b: Block, k: usize) -> MBlock {
        if let Some(p) = self.cond_plan(b) {
            return p.steps[k].mb;
        }
        match self.switch_plan(b) {
            Some(p) => p.steps[k].mb,
            None => self.blocks[b.index()],
        }
    }

    /// The machine successors of step `k` of IR block `b`, without
    /// duplicates.
    pub fn machine_succs(&self, b: Block, k: usize, out: &mut Vec<MBlock>) {
        out.clear();
        if let Some(p) = self.switch_plan(b) {
            out.extend_from_slice(p.succs(k));
            return;
        }
        if let Some(p) = self.cond_plan(b) {
            let s = p.steps[k];
            out.push(s.t);
            if s.f != s.t {
                out.push(s.f);
            }
            return;
        }
        if self.ret_into(b).is_some() {
            return;
        }
        if let Some(t) = self.f.terminator(b) {
            let mut seen = ahash::AHashSet::new();
            for s in self.f.successors(t) {
                let mb = self.blocks[s.index()];
                if seen.insert(mb) {
                    out.push(mb);
                }
            }
        }
    }

    /// The machine blocks through which IR block `pred` reaches IR block
    /// `succ` (the predecessors of `succ`'s machine PHIs for that edge).
    pub(super) fn edge_sources(&self, pred: Block, succ: Block) -> Vec<MBlock> {
        let target = self.blocks[succ.index()];
        if let Some(p) = self.cond_plan(pred) {
            return p
                .steps
                .iter()
                .filter(|s| s.t == target || s.f == target)
                .map(|s| s.mb)
                .collect();
        }
        let Some(p) = self.switch_plan(pred) else {
            return vec![self.blocks[pred.index()]];
        };
        p.steps_reaching(target).map(|k| p.steps[k].mb).collect()
    }

    /// The IR type of value `v` of this function.
    pub(super) fn value_type(&self, v: Value) -> TypeId {
        match v.tag() {
            ValueTag::Inst => self.f.ty[v.index()],
            ValueTag::Arg => self.arg_tys[v.index()],
            ValueTag::Const => {
                self.f
                    .consts
                    .get(rcc_ir::constant::ConstId::from_index(v.index()))
                    .ty
            }
            _ => rcc_ir::types::prim::PTR,
        }
    }
}

/// Sorted `(value, destination)` cases into clusters: adjacent values with
/// one destination merge.
fn clusterize(cases: &[(i64, MBlock, u64)]) -> Vec<Cluster> {
    let mut out: Vec<Cluster> = Vec::with_capacity(cases.len());
    for &(k, d, mass) in cases {
        if let Some(last) = out.last_mut() {
            if let Kind::Range(ld) = last.kind {
                if ld == d && last.hi.checked_add(1) == Some(k) {
                    last.hi = k;
                    last.weight += 1;
                    last.mass += mass;
                    continue;
                }
            }
        }
        out.push(Cluster {
            lo: k,
            hi: k,
            weight: 1,
            mass,
            kind: Kind::Range(d),
        });
    }
    out
}

/// Planning state of one switch.
struct Planner<'m> {
    mf: &'m mut MachFunction,
    default: MBlock,
    /// The default destination is `unreachable`.
    default_unreachable: bool,
    steps: Vec<Step>,
    succ_pool: Vec<MBlock>,
    /// Probability mass of each edge, parallel to `succ_pool`.
    masses: Vec<u64>,
    /// Mass of the default destination (its own weight and the cases
    /// that go to it; 0 when it is unreachable).
    default_mass: u64,
    has_data: bool,
    /// Per jump table: the mass of each destination.
    table_masses: Vec<(u32, Vec<(MBlock, u64)>)>,
    bits: Vec<BitGroup>,
}

/// A range of clusters to lower into block `mb`, with the bounds the
/// search tree has established: `ge <= v < lt`.
#[derive(Copy, Clone)]
struct WorkItem {
    first: usize,
    last: usize,
    mb: MBlock,
    ge: Option<i64>,
    lt: Option<i64>,
    /// The share of the default's mass that reaches this item.
    dmass: u64,
}

impl<'m> Planner<'m> {
    fn new(
        mf: &'m mut MachFunction,
        default: MBlock,
        default_unreachable: bool,
        default_mass: u64,
        has_data: bool,
    ) -> Self {
        Planner {
            mf,
            default,
            default_unreachable,
            steps: Vec::new(),
            succ_pool: Vec::new(),
            masses: Vec::new(),
            default_mass: if default_unreachable { 0 } else { default_mass },
            has_data,
            table_masses: Vec::new(),
            bits: Vec::new(),
        }
    }

    fn new_block(&mut self) -> MBlock {
        self.mf.create_block(u32::MAX)
    }

    /// Emits step `kind` in block `mb`. `masses` are the edge masses of a
    /// branch (taken, not taken) or of a jump (first); a table's come from
    /// `table_masses`, plus `masses[1]` for the default through its holes.
    fn step(&mut self, mb: MBlock, kind: StepKind, masses: [u64; 2]) {
        let start = self.succ_pool.len();
        // Deduplicated with a map once the list is long (a jump table's).
        let mut index: ahash::AHashMap<MBlock, usize> = ahash::AHashMap::new();
        let mut add = |pool: &mut Vec<MBlock>, mpool: &mut Vec<u64>, b: MBlock, m: u64| {
            let at = if pool.len() - start < 16 {
                pool[start..]
                    .iter()
                    .position(|&x| x == b)
                    .map(|k| start + k)
            } else {
                if index.is_empty() {
                    index.extend(
                        pool[start..]
                            .iter()
                            .enumerate()
                            .map(|(k, &x)| (x, start + k)),
                    );
                }
                index.get(&b).copied()
            };
            match at {
                Some(k) => mpool[k] += m,
                None => {
                    if !index.is_empty() {
                        index.insert(b, pool.len());
                    }
                    pool.push(b);
                    mpool.push(m);
                }
            }
        };
        match kind {
            StepKind::Branch { t, f, .. } => {
                add(&mut self.succ_pool, &mut self.masses, t, masses[0]);
                add(&mut self.succ_pool, &mut self.masses, f, masses[1]);
            }
            StepKind::Table { jt, .. } => {
                let r = self.mf.jump_tables[jt as usize];
                for k in r.start..r.end {
                    let b = self.mf.jt_pool[k as usize];
                    add(&mut self.succ_pool, &mut self.masses, b, 0);
                }
                if let Some((_, tm)) = self.table_masses.iter().find(|x| x.0 == jt) {
                    for &(d, m) in tm {
                        add(&mut self.succ_pool, &mut self.masses, d, m);
                    }
                }
                // The default's share reaching the holes (`masses[1]`).
                if let Some(k) = self.succ_pool[start..]
                    .iter()
                    .position(|&x| x == self.default)
                {
                    self.masses[start + k] += masses[1];
                }
            }
            StepKind::Jump(t) => add(&mut self.succ_pool, &mut self.masses, t, masses[0].max(1)),
        }
        let succs = (start as u32, self.succ_pool.len() as u32);
        self.steps.push(Step { mb, kind, succs });
    }

    /// Replaces dense runs of clusters with jump tables.
    fn find_jump_tables(&mut self, cl: &mut Vec<Cluster>) {
        let n = cl.len();
        if n < MIN_TABLE_CLUSTERS {
            return;
        }
        // cases[i]: case values in clusters before i.
        let mut cases = vec![0u128; n + 1];
        for i in 0..n {
            cases[i + 1] = cases[i] + span(cl[i].lo, cl[i].hi);
        }
        let fits = |i: usize, j: usize| dense(cases[j + 1] - cases[i], span(cl[i].lo, cl[j].hi));
        if fits(0, n - 1) {
            let t = self.table(&cl[..]);
            *cl = vec![t];
            return;
        }
        let spans: Vec<Span> = cl
            .iter()
            .map(|c| Span {
                lo: c.lo,
                hi: c.hi,
                cases: span(c.lo, c.hi),
            })
            .collect();
        let last_of = partition(&spans, MIN_TABLE_DENSITY);
        let mut out = Vec::with_capacity(n);
        let mut first = 0;
        while first < n {
            let last = last_of[first];
            if last - first + 1 >= MIN_TABLE_CLUSTERS {
                let t = self.table(&cl[first..=last]);
                out.push(t);
            } else {
                out.extend_from_slice(&cl[first..=last]);
            }
            first = last + 1;
        }
        *cl = out;
    }

    /// A jump-table cluster over `run` (holes go to the default).
    fn table(&mut self, run: &[Cluster]) -> Cluster {
        let (lo, hi) = (run[0].lo, run[run.len() - 1].hi);
        let mut targets = Vec::with_capacity(span(lo, hi) as usize);
        let mut next = lo as i128;
        for c in run {
            let Kind::Range(d) = c.kind else {
                unreachable!("tables are built from range clusters")
            };
            while next < c.lo as i128 {
                targets.push(self.default);
                next += 1;
            }
            while next <= c.hi as i128 {
                targets.push(d);
                next += 1;
            }
        }
        for &b in &targets {
            self.mf.blocks[b].address_taken = true;
        }
        let jt = self.mf.jump_table(&targets);
        // Holes (the default) get no mass, as in LLVM's buildJumpTable.
        let mut tm: Vec<(MBlock, u64)> = run
            .iter()
            .filter_map(|c| match c.kind {
                Kind::Range(d) => Some((d, c.mass)),
                _ => None,
            })
            .collect();
        tm.sort_unstable_by_key(|x| x.0);
        tm.dedup_by(|a, b| {
            let same = a.0 == b.0;
            if same {
                b.1 += a.1;
            }
            same
        });
        self.table_masses.push((jt, tm));
        Cluster {
            lo,
            hi,
            weight: run.iter().map(|c| c.weight).sum(),
            mass: run.iter().map(|c| c.mass).sum(),
            kind: Kind::Table(jt),
        }
    }

    /// Replaces runs of range clusters with bit-test groups where that
    /// saves compares.
    fn find_bit_tests(&mut self, cl: &mut Vec<Cluster>) {
        let n = cl.len();
        if n < 2 {
            return;
        }
        let in_word = |i: usize, j: usize| span(cl[i].lo, cl[j].hi) <= BIT_TEST_WORD;
        // best[i] = (partitions of cl[i..], last cluster of the first).
        let mut best = vec![(0u32, 0usize); n + 1];
        best[n] = (0, n);
        for i in (0..n).rev() {
            best[i] = (best[i + 1].0 + 1, i);
            let mut dests: Vec<MBlock> = Vec::new();
            let mut ok_upto = i;
            // Destinations and kinds grow with j: find the longest
            // admissible prefix first.
            for (j, c) in cl.iter().enumerate().skip(i) {
                let Kind::Range(d) = c.kind else { break };
                if !dests.contains(&d) {
                    dests.push(d);
                }
                if dests.len() > 3 || !in_word(i, j) {
                    break;
                }
                ok_upto = j;
            }
            for j in (i + 1..=ok_upto).rev() {
                let parts = best[j + 1].0 + 1;
                if parts < best[i].0 {
                    best[i] = (parts, j);
                }
            }
        }
        let mut out = Vec::with_capacity(n);
        let mut first = 0;
        while first < n {
            let last = best[first].1;
            match self.bit_group(&cl[first..=last]) {
                Some(g) => out.push(g),
                None => out.extend_from_slice(&cl[first..=last]),
            }
            first = last + 1;
        }
        *cl = out;
    }

    /// A bit-test cluster over `run`, if it saves enough compares.
    fn bit_group(&mut self, run: &[Cluster]) -> Option<Cluster> {
        let compares: usize = run.iter().map(|c| if c.lo == c.hi { 1 } else { 2 }).sum();
        let mut dests: Vec<(MBlock, u64, u32, u128, u64)> = Vec::new();
        let (lo, hi) = (run[0].lo, run[run.len() - 1].hi);
        // Values that fit the word as they are need no subtraction.
        let bias = if lo > 0 && hi < BIT_TEST_WORD as i64 {
            0
        } else {
            lo
        };
        for c in run {
            let Kind::Range(d) = c.kind else { return None };
            let (a, b) = ((c.lo - bias) as u32, (c.hi - bias) as u32);
            let mask = (u64::MAX >> (63 - (b - a))) << a;
            match dests.iter_mut().find(|x| x.0 == d) {
                Some(x) => {
                    x.1 |= mask;
                    x.2 += b - a + 1;
                    x.3 += c.weight;
                    x.4 += c.mass;
                }
                None => dests.push((d, mask, b - a + 1, c.weight, c.mass)),
            }
        }
        let worth = matches!((dests.len(), compares), (1, 3..) | (2, 5..) | (3, 6..));
        if !worth {
            return None;
        }
        // Most likely destination first, then most bits, then mask order.
        dests.sort_by(|x, y| y.3.cmp(&x.3).then(y.2.cmp(&x.2)).then(x.1.cmp(&y.1)));
        self.bits.push(BitGroup {
            bias,
            range: (hi - bias) as u64,
            cases: dests.iter().map(|x| (x.1, x.0, x.4)).collect(),
        });
        Some(Cluster {
            lo,
            hi,
            weight: run.iter().map(|c| c.weight).sum(),
            mass: run.iter().map(|c| c.mass).sum(),
            kind: Kind::Bits(self.bits.len() - 1),
        })
    }

    /// Lowers all clusters, starting in block `head`.
    fn lower_tree(&mut self, cl: &[Cluster], head: MBlock) {
        let mut work = vec![WorkItem {
            first: 0,
            last: cl.len() - 1,
            mb: head,
            ge: None,
            lt: None,
            dmass: self.default_mass,
        }];
        while let Some(w) = work.pop() {
            if w.last - w.first + 1 > 3 {
                let (l, r) = self.split(cl, w);
                // Left is lowered first (popped last pushed).
                work.extend(r);
                work.extend(l);
            } else {
                self.lower_leaf(cl, w);
            }
        }
    }

    /// Splits `w` at a pivot balancing the weights; emits the compare and
    /// returns the work items of the two sides (none for a side that is
    /// one cluster filling its bounds, which is jumped to directly).
    fn split(&mut self, cl: &[Cluster], w: WorkItem) -> (Option<WorkItem>, Option<WorkItem>) {
        // The default weighs as much as one case; each side carries half.
        let half_default = 1u128;
        let (mut last_left, mut first_right) = (w.first, w.last);
        let mut left = cl[last_left].weight * 2 + half_default;
        let mut right = cl[first_right].weight * 2 + half_default;
        let mut turn = 0u32;
        while last_left + 1 < first_right {
            if left < right || (left == right && turn & 1 == 1) {
                last_left += 1;
                left += cl[last_left].weight * 2;
            } else {
                first_right -= 1;
                right += cl[first_right].weight * 2;
            }
            turn += 1;
        }
        let pivot = cl[first_right].lo;
        // Each side gets half the default's mass (LLVM's splitWorkItem).
        let half = w.dmass / 2;
        let mass_of =
            |a: usize, b: usize, d: u64| cl[a..=b].iter().map(|c| c.mass).sum::<u64>() + d;
        let left_mass = mass_of(w.first, last_left, half);
        let right_mass = mass_of(first_right, w.last, w.dmass - half);
        let side = |first: usize,
                    last: usize,
                    ge: Option<i64>,
                    lt: Option<i64>,
                    dmass: u64|
         -> Result<MBlock, WorkItem> {
            let c = cl[first];
            let fills = first == last
                && ge == Some(c.lo)
                && lt.is_some_and(|lt| c.hi.checked_add(1) == Some(lt));
            match (fills, c.kind) {
                (true, Kind::Range(d)) => Ok(d),
                _ => Err(WorkItem {
                    first,
                    last,
                    mb: MBlock::from_u32(u32::MAX),
                    ge,
                    lt,
                    dmass,
                }),
            }
        };
        let mut make = |r: Result<MBlock, WorkItem>| match r {
            Ok(d) => (d, None),
            Err(mut item) => {
                item.mb = self.new_block();
                (item.mb, Some(item))
            }
        };
        let (lb, litem) = make(side(w.first, last_left, w.ge, Some(pivot), half));
        let (rb, ritem) = make(side(first_right, w.last, Some(pivot), w.lt, w.dmass - half));
        self.step(
            w.mb,
            StepKind::Branch {
                test: Test::Less(pivot),
                t: lb,
                f: rb,
            },
            [left_mass, right_mass],
        );
        (litem, ritem)
    }

    /// Tests the clusters of `w` in order, each falling through to the
    /// next and the last to the default. When the default is unreachable
    /// the last cluster is taken without its test (its range check, for a
    /// table or bit tests).
    fn lower_leaf(&mut self, cl: &[Cluster], w: WorkItem) {
        let mut here = w.mb;
        // Mass not yet handled when reaching each test (LLVM's
        // UnhandledProbs): the item's clusters and its default share.
        let mut unhandled: u64 = cl[w.first..=w.last].iter().map(|c| c.mass).sum::<u64>() + w.dmass;
        for (k, &c) in cl.iter().enumerate().take(w.last + 1).skip(w.first) {
            let last = k == w.last;
            let next = if last { self.default } else { self.new_block() };
            let untested = last && self.default_unreachable;
            let rest = unhandled.saturating_sub(c.mass);
            let branch = [c.mass, rest];
            match c.kind {
                Kind::Range(d) if untested => self.step(here, StepKind::Jump(d), branch),
                Kind::Table(jt) if untested => {
                    self.step(here, StepKind::Table { bias: c.lo, jt }, branch)
                }
                Kind::Range(d) => self.step(
                    here,
                    StepKind::Branch {
                        test: Test::InRange(c.lo, c.hi),
                        t: d,
                        f: next,
                    },
                    branch,
                ),
                Kind::Table(jt) => {
                    // Half the default's share goes through the table's
                    // holes (LLVM's lowerWorkItem).
                    let half = w.dmass / 2;
                    let tb = self.new_block();
                    self.step(
                        here,
                        StepKind::Branch {
                            test: Test::InRange(c.lo, c.hi),
                            t: tb,
                            f: next,
                        },
                        [c.mass + half, rest.saturating_sub(half)],
                    );
                    self.step(tb, StepKind::Table { bias: c.lo, jt }, [0, half]);
                }
                Kind::Bits(g) => {
                    let g = self.bits[g].clone();
                    // As for a table, half the default's share goes into
                    // the tests; the last failing test carries it on.
                    let half = if untested { 0 } else { w.dmass / 2 };
                    let mut test_block = here;
                    if !untested {
                        test_block = self.new_block();
                        self.step(
                            here,
                            StepKind::Branch {
                                test: Test::InRange(g.bias, g.bias + g.range as i64),
                                t: test_block,
                                f: next,
                            },
                            [c.mass + half, rest.saturating_sub(half)],
                        );
                    }
                    let mut left = c.mass + half;
                    for (m, &(mask, d, dm)) in g.cases.iter().enumerate() {
                        let final_test = m + 1 == g.cases.len();
                        if final_test && untested {
                            self.step(test_block, StepKind::Jump(d), [dm, 0]);
                            break;
                        }
                        let after = if final_test { next } else { self.new_block() };
                        left = left.saturating_sub(dm);
                        self.step(
                            test_block,
                            StepKind::Branch {
                                test: Test::Bits {
                                    bias: g.bias,
                                    mask,
                                    wide: g.range >= 32,
                                },
                                t: d,
                                f: after,
                            },
                            [dm, left],
                        );
                        test_block = after;
                    }
                }
            }
            unhandled = rest;
            here = next;
        }
    }
}

impl Builder<'_, '_> {
    /// Step 0 of the switch ending block `b` (after its phi-edge copies):
    /// leaves the switch value for the other steps and branches.
    pub(super) fn switch_head(&mut self, b: Block, i: Inst) -> BResult<()> {
        let fl = self.fl;
        let plan = fl
            .switch_plan(b)
            .ok_or_else(|| IselError::new("a switch without a plan"))?;
        let v = self.get(fl.f.inst_ops(i)[0])?;
        if plan.steps.len() > 1 {
            self.copy_to(plan.vreg, v);
        }
        self.switch_step(plan, 0, v)
    }

    /// The DAG of step `k` of `plan` on switch value `v`.
    fn switch_step(&mut self, plan: &SwitchPlan, k: usize, v: SDValue) -> BResult<()> {
        let vt = plan.vt;
        let bb =
            |dag: &mut Dag, b: MBlock| dag.value(Op::BasicBlock, VT::Chain, &[], b.as_u32() as u64);
        match plan.steps[k].kind {
            StepKind::Jump(t) => {
                let t = bb(self.dag, t);
                self.chain = self.dag.value(Op::Br, VT::Chain, &[self.chain, t], 0);
            }
            StepKind::Branch { test, t, f } => {
                let c = self.switch_test(plan, v, test);
                let (t, f) = (bb(self.dag, t), bb(self.dag, f));
                let ch = self
                    .dag
                    .value(Op::BrCond, VT::Chain, &[self.chain, c, t], 0);
                self.chain = self.dag.value(Op::Br, VT::Chain, &[ch, f], 0);
            }
            StepKind::Table { bias, jt } => {
                let mut idx = self.minus(vt, v, bias);
                if vt != VT::I64 {
                    idx = self.dag.value(Op::ZeroExtend, VT::I64, &[idx], 0);
                }
                // Bit 33: the dispatch is `notrack` (its targets get no
                // endbr64 under -fcf-protection=branch, as in llc).
                let notrack = self.fl.m.module_flag("cf-protection-branch").is_some();
                let payload = jt as u64 | (self.fl.pic as u64) << 32 | (notrack as u64) << 33;
                self.chain = self
                    .dag
                    .value(Op::BrJt, VT::Chain, &[self.chain, idx], payload);
            }
        }
        Ok(())
    }

    /// `v - k` in `vt` (`v` when `k` is 0).
    fn minus(&mut self, vt: VT, v: SDValue, k: i64) -> SDValue {
        if k == 0 {
            return v;
        }
        let c = self.dag.constant(vt, k as u64);
        self.dag.value(Op::Sub, vt, &[v, c], 0)
    }

    /// The i1 value of `test` on `v`.
    fn switch_test(&mut self, plan: &SwitchPlan, v: SDValue, test: Test) -> SDValue {
        let vt = plan.vt;
        let setcc = |b: &mut Self, a: SDValue, k: u64, cond: Cond| {
            let c = b.dag.constant(b.dag.vt(a), k);
            b.dag.value(Op::SetCC, VT::I1, &[a, c], cond as u64)
        };
        match test {
            Test::InRange(lo, hi) if lo == hi => setcc(self, v, lo as u64, Cond::Eq),
            Test::InRange(lo, hi) => {
                let d = self.minus(vt, v, lo);
                setcc(self, d, hi.wrapping_sub(lo) as u64, Cond::Ule)
            }
            Test::Less(k) => setcc(self, v, k as u64, Cond::Slt),
            Test::WideEq(k) => {
                let at = k as usize * plan.words;
                let c = self.int_words(vt, &plan.wide_cases[at..at + plan.words]);
                self.dag.value(Op::SetCC, VT::I1, &[v, c], Cond::Eq as u64)
            }
            Test::Bits { bias, mask, wide } => {
                let d = self.minus(vt, v, bias);
                if mask.count_ones() == 1 {
                    return setcc(self, d, mask.trailing_zeros() as u64, Cond::Eq);
                }
                // The shift count must stay below the word's width.
                let word = if wide { VT::I64 } else { VT::I32 };
                let d = match vt.bits().cmp(&word.bits()) {
                    std::cmp::Ordering::Less => self.dag.value(Op::ZeroExtend, word, &[d], 0),
                    std::cmp::Ordering::Greater => self.dag.value(Op::Truncate, word, &[d], 0),
                    std::cmp::Ordering::Equal => d,
                };
                let one = self.dag.constant(word, 1);
                let bit = self.dag.value(Op::Shl, word, &[one, d], 0);
                let m = self.dag.constant(word, mask);
                let and = self.dag.value(Op::And, word, &[bit, m], 0);
                setcc(self, and, 0, Cond::Ne)
            }
        }
    }
}

/// Builds the DAG of step `k >= 1` of the switch ending IR block `b` into
/// `dag` (cleared first); its machine block is
/// [`FunctionLowering::step_block`].
pub fn build_switch_step(
    fl: &FunctionLowering<'_>,
    b: Block,
    k: usize,
    dag: &mut Dag,
    mf: &mut MachFunction,
    lower: &dyn CallLowering,
    vals: &mut Vec<Option<SDValue>>,
) -> BResult<()> {
    let plan = fl
        .switch_plan(b)
        .ok_or_else(|| IselError::new("a switch without a plan"))?;
    super::build_with(fl, b, dag, mf, lower, vals, |bl| {
        let v = bl.copy_from(plan.vreg, plan.vt);
        bl.switch_step(plan, k, v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(n: u32) -> MBlock {
        MBlock::from_u32(n)
    }

    #[test]
    fn adjacent_cases_to_one_block_merge() {
        let c = clusterize(&[
            (1, b(0), 1),
            (2, b(0), 1),
            (3, b(1), 1),
            (5, b(1), 1),
            (6, b(1), 1),
        ]);
        let got: Vec<(i64, i64, u128)> = c.iter().map(|c| (c.lo, c.hi, c.weight)).collect();
        assert_eq!(got, [(1, 2, 2), (3, 3, 1), (5, 6, 2)]);
        let c = clusterize(&[(i64::MAX - 1, b(0), 1), (i64::MAX, b(0), 1)]);
        assert_eq!(c.len(), 1);
    }

    #[test]
    fn density_is_ten_percent() {
        assert!(dense(4, 40));
        assert!(!dense(4, 41));
        assert_eq!(span(i64::MIN, i64::MAX), 1u128 << 64);
    }

    #[test]
    fn jump_tables_take_the_dense_runs() {
        let mut mf = MachFunction::new(rcc_ir::GlobalId::from_u32(0));
        for _ in 0..4 {
            mf.create_block(0);
        }
        let mut p = Planner::new(&mut mf, b(3), false, 1, false);
        // 0..=4 dense, then far values.
        let cases: Vec<(i64, MBlock, u64)> = [0, 1, 2, 4, 1000, 5000, 9000]
            .iter()
            .enumerate()
            .map(|(k, &v)| (v, b(k as u32 % 3), 1))
            .collect();
        let mut cl = clusterize(&cases);
        p.find_jump_tables(&mut cl);
        assert_eq!(cl.len(), 4, "{cl:?}");
        assert!(matches!(cl[0].kind, Kind::Table(0)));
        assert_eq!((cl[0].lo, cl[0].hi), (0, 4));
        // The table's destinations weigh what their cases do; the hole
        // (the default) nothing.
        assert_eq!(p.table_masses[0].1, [(b(0), 2), (b(1), 1), (b(2), 1)]);
        let t: Vec<MBlock> = mf.jump_tables[0].get(&mf.jt_pool).to_vec();
        assert_eq!(
            t,
            [b(0), b(1), b(2), b(3), b(0)],
            "the hole at 3 is the default"
        );
    }
}
