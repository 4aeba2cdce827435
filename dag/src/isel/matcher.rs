//! Tree covering: which pattern row computes each node of a block's DAG,
//! the target-independent engine of the pattern language (LLVM's
//! `SelectCode` over TableGen'd patterns).
//!
//! A target supplies its rows as [`Tree`]s (compiled from its pattern
//! description at build time) and a [`MatchTarget`]: the rows of each root
//! opcode in priority order, the binding of its leaf predicates (registers,
//! immediates, addressing modes as LLVM's `ComplexPattern`, ...), and the
//! covering of nodes no row handles (calls, returns, target nodes). The
//! engine owns the tree shapes, types, memory checks, use rules, load
//! folding, the covering order, glue groups, and the DAG's own nodes
//! (entry token, token factors, register copies, EH labels, jump-table
//! branches).
//!
//! Nodes are visited from the root in reverse topological (reverse index)
//! order. A node is *needed* when the root reaches it as a chain, or when a
//! selected row uses it as a leaf operand (`r`, an address register). For a
//! needed node, the rows whose root has its opcode and admits its type
//! ([`root_type`]; the target indexes its rows by both) are tried in
//! priority order (bigger trees first, then file order); the first that
//! matches is recorded with its bindings, and its leaves become needed.
//! A row is first checked against the node's operands without bindings
//! (its children's opcodes and types), which rejects most rows cheaply. Nodes a row
//! covers (nested trees, immediates, folded address arithmetic) are not needed unless another user needs them, in
//! which case they are also computed on their own (pure nodes only, so
//! duplication is safe).
//!
//! **Load folding**: a row may nest a `load` (a memory operand of an ALU
//! instruction, a compare, an extending move). The load then happens
//! where the row is emitted, so it is folded only when that keeps memory
//! order and the DAG acyclic: its value has that one use, it is not
//! volatile, no node on the way is shared (a multi-use setcc, which other
//! rows may recompute), no row chosen before reads its value from a
//! register (an address may take apart the load's multi-use user; every
//! such row is at a larger index, so it was chosen before), the row folds
//! no other load, and nothing else the
//! row reads (its registers, its chain) depends on the load's chain
//! (checked by a bounded search; too far means no fold). The row's root
//! then depends on the load's chain input, and the load gets a `FOLDED`
//! record that depends on the root, so whatever was chained after the
//! load comes after the row. Copies into virtual registers between the
//! load and the root on the chain (the builder chains a block's exported
//! values and phi-edge copies in program order) do not touch memory: the
//! root's chain may reach the load through them, as long as the values
//! they copy do not depend on the load, and their records then depend on
//! the load's chain input instead of the load (LLVM chains these copies
//! beside the memory chain, `PendingExports`, so its folding never meets
//! them).
//!
//! Invariant after [`cover`]: every needed node has a record; a record's
//! dependencies are needed nodes with smaller indices, values first, then
//! the chain, then the glue producer (a folded load's record depends on
//! the row that folded it, which has a larger index).
//!
//! Glue groups: a node whose glue result is read (the low half of a wide
//! add, `AddC`, glued to its `AddE`) must be emitted immediately before its
//! glue user, with nothing in between that could write the flags (x86's
//! EFLAGS). So every
//! other dependency on a glued node is redirected to the last node of its
//! glue chain (the group's end), and a glue user lists its producer as its
//! *last* dependency: the depth-first scheduler then reaches a producer
//! only from its user, after all the user's other operands, and emits the
//! two back to back. Producers are created just before their users and
//! nothing else reads their values before the group's end exists (type
//! legalization guarantees it), so the redirection never points forward.

use super::DepGraph;
use crate::{Cond, Dag, Ext, FCond, IselError, MemInfo, Node, Op, SDValue, Segment, VT};
use rcc_ir::entity::EntityId;
use rcc_mach::{MBlock, MachFunction};

/// A pattern operation: a DAG opcode, refined for memory.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct POp {
    pub op: Op,
    /// Load extension (`Load` only).
    pub ext: Ext,
    /// Memory bits of an extending load or truncating store; 0 = natural.
    pub mem: u32,
    /// Minimum alignment of a load or store (`alignedload`: 16).
    pub align: u32,
    /// An `add` (a `mul`, an `or disjoint`) taken as a whole address
    /// (x86's `lea`): its one child binds the add itself as an address, matched only when the target
    /// finds the address worth it ([`MatchTarget::worth_whole`]).
    pub lea: bool,
}

/// A node of a pattern tree; `P` is the target's leaf predicate.
#[derive(Debug)]
pub enum PNode<P: 'static> {
    Node {
        op: POp,
        vt: Option<VT>,
        kids: &'static [u16],
    },
    Var {
        var: u8,
        vt: Option<VT>,
        pred: P,
    },
    /// A Constant of this value (sign-extended literal, compared masked),
    /// or a `ConstantFP` with these bits.
    Lit(i64),
    /// The condition of the enclosing `fsetcc` (third child): this one.
    FCond(FCond),
    /// The condition of the enclosing setcc (third child): this one.
    CondLit(Cond),
}

/// The tree of a pattern row (what the matcher reads of it).
///
/// Invariant: `nodes[root]` is a `PNode::Node`; `nvars` counts the
/// variables the tree and the row's outputs bind.
#[derive(Debug)]
pub struct Tree<P: 'static> {
    pub nodes: &'static [PNode<P>],
    pub root: u16,
    pub nvars: u8,
}

/// What a pattern variable is bound to; `A` is the target's addressing
/// mode (the result of its complex address pattern).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Binding<A> {
    None,
    /// A value computed into a register.
    Val(SDValue),
    /// A constant (payload masked to its type).
    Const(u64),
    Addr(A),
    Block(MBlock),
    Cond(Cond),
    /// A `BuildVector` of constants, read from the constant pool.
    VecConst(SDValue),
}

/// No row (a node handled by hand: copies, chains, calls, returns).
pub const SPECIAL: u32 = u32::MAX;
/// A load folded into another node's row (no code of its own).
pub const FOLDED: u32 = u32::MAX - 1;

/// How many nodes the search for a dependence on a folded load may visit
/// before it gives up (and the load is not folded).
const FOLD_SEARCH_LIMIT: usize = 256;

/// A target's side of the matcher.
pub trait MatchTarget {
    /// The leaf predicates of the target's pattern language.
    type Pred: Copy + 'static;
    /// An addressing mode.
    type Addr: Copy + PartialEq + std::fmt::Debug;

    /// The rows whose root has opcode `op` and whose root type admits
    /// `vt` (see [`root_type`]), in priority order. Leaving out a row its
    /// root type rejects changes nothing but the work.
    fn rows_for_root(&self, op: Op, vt: VT) -> &'static [u32];
    /// The tree of row `row`.
    fn tree(&self, row: u32) -> &'static Tree<Self::Pred>;
    /// Binds leaf `v` to variable `var` of row `row` under predicate
    /// `pred`; `None` when the leaf does not satisfy it.
    fn bind(
        &self,
        dag: &Dag,
        mf: &MachFunction,
        row: u32,
        var: u8,
        pred: Self::Pred,
        v: SDValue,
    ) -> Option<Binding<Self::Addr>>;
    /// The values an addressing mode reads from registers.
    fn addr_regs(a: &Self::Addr) -> [Option<SDValue>; 2];
    /// Whether an address taken from a whole `add` is worth a row of its
    /// own (see [`POp::lea`]).
    fn worth_whole(a: &Self::Addr) -> bool;
    /// Puts address `a` in segment `seg` (a load's or store's
    /// [`MemInfo::segment`]); false when the address cannot have one
    /// (the row then does not match). Default: no segments.
    fn segment_addr(_a: &mut Self::Addr, seg: Segment) -> bool {
        seg == Segment::None
    }
    /// Covers node `n` without a row when the target handles it by hand
    /// (calls, returns, target nodes, sequences): records its
    /// dependencies in `c.deps` (and bindings, if it has any) and returns
    /// true; false to match rows.
    fn cover_special(
        &self,
        dag: &Dag,
        mf: &MachFunction,
        n: Node,
        c: &mut Cover<Self::Addr>,
    ) -> Result<bool, IselError>;
}

/// The cover of one block.
pub struct Cover<A> {
    pub needed: Vec<bool>,
    /// Per node: the row index, or [`SPECIAL`].
    pub row: Vec<u32>,
    /// Per node: its bindings in `binds`.
    pub bind_range: Vec<(u32, u32)>,
    pub binds: Vec<Binding<A>>,
    /// Per node: its dependencies in `deps`.
    pub dep_range: Vec<(u32, u32)>,
    pub deps: Vec<Node>,
    /// Per node: the live node reading its glue result, if any.
    pub glue_user: Vec<Option<Node>>,
    /// Per node: the node whose row folded this load (`u32::MAX`: none).
    pub folded_into: Vec<u32>,
    /// Per node: uses of its result 0 by live nodes.
    value_uses: Vec<u32>,
    /// Per node: a selected row reads its result 0 from a register (as an
    /// operand or address register); a load read so cannot be folded.
    value_needed: Vec<bool>,
    /// Bindings of the row being tried (reused).
    scratch: Vec<Binding<A>>,
    /// Loads folded by the row being tried (reused).
    folds: Vec<Node>,
    /// Search scratch of the fold check (reused).
    stack: Vec<Node>,
    /// Per row: its [`RowFilter`], built on first use (reused across
    /// blocks and functions).
    filters: Vec<RowFilter>,
}

impl<A> Default for Cover<A> {
    fn default() -> Self {
        Cover {
            needed: Vec::new(),
            row: Vec::new(),
            bind_range: Vec::new(),
            binds: Vec::new(),
            dep_range: Vec::new(),
            deps: Vec::new(),
            glue_user: Vec::new(),
            folded_into: Vec::new(),
            value_uses: Vec::new(),
            value_needed: Vec::new(),
            scratch: Vec::new(),
            folds: Vec::new(),
            stack: Vec::new(),
            filters: Vec::new(),
        }
    }
}

impl<A> Cover<A> {
    pub fn bindings(&self, n: Node) -> &[Binding<A>] {
        let (a, b) = self.bind_range[n.index()];
        &self.binds[a as usize..b as usize]
    }
    /// The last node of `n`'s glue chain (`n` itself if its glue, if any,
    /// is unread).
    pub fn group_end(&self, mut n: Node) -> Node {
        while let Some(u) = self.glue_user[n.index()] {
            n = u;
        }
        n
    }
}

impl<A> Cover<A> {
    /// Whether node `root`, which a target covers by hand
    /// ([`MatchTarget::cover_special`]) and which reads load `load`'s
    /// value, may fold the load (the module comment's rules: the value
    /// has that one use, no chosen row reads it from a register, the load
    /// is not volatile, and neither `reads`, the values `root` reads from
    /// registers, nor `root`'s chain, unless it is the load's own chain
    /// result, depend on the load).
    pub fn may_fold_load(
        &mut self,
        dag: &Dag,
        root: Node,
        load: Node,
        reads: impl IntoIterator<Item = SDValue>,
    ) -> bool {
        if self.value_uses[load.index()] != 1
            || self.value_needed[load.index()]
            || MemInfo::unpack(dag.payload(load)).volatile
        {
            return false;
        }
        let stack = &mut self.stack;
        stack.clear();
        stack.extend(reads.into_iter().map(|v| v.node()));
        push_chain_reads(dag, dag.operands(root)[0], load, stack);
        !reaches(dag, load, stack)
    }

    /// Records that hand-covered `root` folds `load` (after
    /// [`Cover::may_fold_load`]): the load's chain input is `root`'s chain
    /// dependency when `root`'s chain is the load's chain result, and
    /// the load's record will depend on `root`. Returns the node to push
    /// as `root`'s chain dependency.
    pub fn fold_load(&mut self, dag: &Dag, root: Node, load: Node) -> Node {
        self.folded_into[load.index()] = root.as_u32();
        let ch = dag.operands(root)[0];
        if ch == SDValue::new(load, 1) {
            dag.operands(load)[0].node()
        } else {
            ch.node()
        }
    }
}

/// Pushes on `stack` what a row's chain `ch` makes it depend on, apart
/// from its folded `load`: nothing when `ch` is the load's chain result,
/// reached directly or through copies into virtual registers (then the
/// values they copy), else `ch` itself.
fn push_chain_reads(dag: &Dag, chain: SDValue, load: Node, stack: &mut Vec<Node>) {
    let base = stack.len();
    let mut ch = chain;
    for _ in 0..FOLD_SEARCH_LIMIT {
        if ch == SDValue::new(load, 1) {
            return;
        }
        if !is_virtual_copy(dag, ch.node()) {
            break;
        }
        let ops = dag.operands(ch.node());
        stack.push(ops[2].node());
        ch = ops[0];
    }
    stack.truncate(base);
    stack.push(chain.node());
}

/// Whether `n` is a `CopyToReg` into a virtual register (no memory
/// effect, so a load may move across it).
fn is_virtual_copy(dag: &Dag, n: Node) -> bool {
    dag.op(n) == Op::CopyToReg
        && rcc_mach::Reg::from_bits(dag.payload(dag.operands(n)[1].node()) as u32).is_virtual()
}

/// Whether a node on `stack` (or one it reads, searched within
/// [`FOLD_SEARCH_LIMIT`] nodes) is `load`; too far counts as reaching it.
fn reaches(dag: &Dag, load: Node, stack: &mut Vec<Node>) -> bool {
    let mut visited = 0;
    while let Some(x) = stack.pop() {
        if x == load {
            return true;
        }
        // Index order is topological: only later nodes can depend on it.
        if x.index() < load.index() {
            continue;
        }
        visited += 1;
        if visited > FOLD_SEARCH_LIMIT {
            return true;
        }
        stack.extend(dag.operands(x).iter().map(|o| o.node()));
    }
    false
}

impl<A> DepGraph for Cover<A> {
    fn deps_of(&self, n: Node) -> &[Node] {
        let (a, b) = self.dep_range[n.index()];
        &self.deps[a as usize..b as usize]
    }
}

/// The glue operand of `n`, if it has one.
pub fn glue_operand(dag: &Dag, n: Node) -> Option<SDValue> {
    if !dag.has_glue() {
        return None;
    }
    dag.operands(n)
        .iter()
        .copied()
        .find(|&o| dag.vt(o) == VT::Glue)
}

/// Covers the DAG (use counts must be current).
pub fn cover<T: MatchTarget>(
    t: &T,
    dag: &Dag,
    mf: &MachFunction,
    c: &mut Cover<T::Addr>,
) -> Result<(), IselError> {
    let len = dag.len();
    c.needed.clear();
    c.needed.resize(len, false);
    c.row.clear();
    c.row.resize(len, SPECIAL);
    c.bind_range.clear();
    c.bind_range.resize(len, (0, 0));
    c.dep_range.clear();
    c.dep_range.resize(len, (0, 0));
    c.binds.clear();
    c.deps.clear();
    let Some(root) = dag.root else {
        return Err(IselError::new("a block without a root"));
    };
    c.folded_into.clear();
    c.folded_into.resize(len, u32::MAX);
    c.value_uses.clear();
    c.value_uses.resize(len, 0);
    c.value_needed.clear();
    c.value_needed.resize(len, false);
    c.glue_user.clear();
    c.glue_user.resize(len, None);
    let glue = dag.has_glue();
    for n in dag.nodes() {
        if dag.uses(n) > 0 || n == root.node() {
            for o in dag.operands(n).iter().filter(|o| o.res() == 0) {
                c.value_uses[o.node().index()] += 1;
            }
            if glue {
                if let Some(g) = glue_operand(dag, n) {
                    c.glue_user[g.node().index()] = Some(n);
                }
            }
        }
    }
    c.needed[root.node().index()] = true;
    let mut scratch = std::mem::take(&mut c.scratch);
    let mut folds = std::mem::take(&mut c.folds);
    let mut stack = std::mem::take(&mut c.stack);
    for n in dag.nodes().rev() {
        if !c.needed[n.index()] {
            continue;
        }
        let d0 = c.deps.len() as u32;
        let ops = dag.operands(n);
        if let Some(&by) = c.folded_into.get(n.index()).filter(|&&b| b != u32::MAX) {
            c.row[n.index()] = FOLDED;
            c.deps.push(Node::from_u32(by));
            c.dep_range[n.index()] = (d0, d0 + 1);
            continue;
        }
        match dag.op(n) {
            Op::EntryToken => {}
            Op::TokenFactor => c.deps.extend(ops.iter().map(|o| o.node())),
            Op::CopyFromReg => c.deps.push(ops[0].node()),
            Op::CopyToReg => {
                // A copy into a virtual register chained on a folded load
                // follows the load's chain input (see the module comment).
                let ch = ops[0].node();
                let folded = c
                    .folded_into
                    .get(ch.index())
                    .is_some_and(|&b| b != u32::MAX);
                let ch = if folded && is_virtual_copy(dag, n) {
                    dag.operands(ch)[0].node()
                } else {
                    ch
                };
                c.deps.extend([ops[2].node(), ch])
            }
            Op::EhLabel => c.deps.push(ops[0].node()),
            Op::BrJt => c.deps.extend([ops[1].node(), ops[0].node()]),
            _ if t.cover_special(dag, mf, n, c)? => {}
            op => {
                let vt = root_type(dag, n);
                let rows = vt.map_or(&[][..], |vt| t.rows_for_root(op, vt));
                let root_vt = vt.unwrap_or(VT::Chain);
                let filters = &mut c.filters;
                let found = rows.iter().find(|&&r| {
                    let p = t.tree(r);
                    if !RowFilter::get(filters, r, p).admits(dag, n) {
                        return false;
                    }
                    let mut m = M {
                        t,
                        dag,
                        mf,
                        row: r,
                        p,
                        root_vt,
                        binds: &mut scratch,
                        folds: &mut folds,
                        value_uses: &c.value_uses,
                        value_needed: &c.value_needed,
                        segs: [(0, Segment::None); MAX_MEM],
                        nsegs: 0,
                    };
                    m.row(n) && folds_legal::<T>(dag, n, &scratch, &folds, &mut stack)
                });
                let Some(&r) = found else {
                    c.scratch = scratch;
                    c.folds = folds;
                    c.stack = stack;
                    return Err(IselError::new(describe(dag, n)));
                };
                for &l in &folds {
                    c.folded_into[l.index()] = n.as_u32();
                    c.deps.push(dag.operands(l)[0].node());
                }
                c.row[n.index()] = r;
                let b0 = c.binds.len() as u32;
                c.binds.extend_from_slice(&scratch);
                c.bind_range[n.index()] = (b0, c.binds.len() as u32);
                for b in &scratch {
                    let regs: [Option<SDValue>; 2] = match b {
                        Binding::Val(v) => [Some(*v), None],
                        Binding::Addr(am) => T::addr_regs(am),
                        _ => [None, None],
                    };
                    for v in regs.into_iter().flatten() {
                        c.deps.push(v.node());
                        if v.res() == 0 {
                            c.value_needed[v.node().index()] = true;
                        }
                    }
                }
                // A chain straight from a folded load is that load's chain
                // input, pushed above.
                if has_chain(op) && !folds.contains(&ops[0].node()) {
                    c.deps.push(ops[0].node());
                }
            }
        }
        // A glued node is reached through its group's end; the glue
        // producer itself comes last (see the module comment).
        for i in d0 as usize..c.deps.len() {
            c.deps[i] = c.group_end(c.deps[i]);
        }
        if let Some(g) = glue_operand(dag, n) {
            c.deps.push(g.node());
        }
        c.dep_range[n.index()] = (d0, c.deps.len() as u32);
        for i in d0..c.deps.len() as u32 {
            let d = c.deps[i as usize];
            c.needed[d.index()] = true;
        }
    }
    c.scratch = scratch;
    c.folds = folds;
    c.stack = stack;
    Ok(())
}

/// Whether the loads a matched row at `root` folds may move to the row
/// (see the module comment): at most one, and neither the row's register
/// operands nor its chain (unless it is the load's own chain result)
/// depend on it.
fn folds_legal<T: MatchTarget>(
    dag: &Dag,
    root: Node,
    binds: &[Binding<T::Addr>],
    folds: &[Node],
    stack: &mut Vec<Node>,
) -> bool {
    let &[load] = folds else {
        return folds.is_empty();
    };
    stack.clear();
    for b in binds {
        match b {
            Binding::Val(v) => stack.push(v.node()),
            Binding::Addr(am) => {
                stack.extend(T::addr_regs(am).into_iter().flatten().map(|v| v.node()))
            }
            _ => {}
        }
    }
    if has_chain(dag.op(root)) {
        push_chain_reads(dag, dag.operands(root)[0], load, stack);
    }
    !reaches(dag, load, stack)
}

/// The type a row's root type is compared with at node `n`: the compared
/// operands' for compares and overflow arithmetic, the stored value's for
/// a store, `Chain` for the other chained roots, else the first result's.
/// `None` for a malformed node (no row matches it).
#[inline(always)]
pub fn root_type(dag: &Dag, n: Node) -> Option<VT> {
    let ops = dag.operands(n);
    match dag.op(n) {
        Op::SetCC
        | Op::SetCCCarry
        | Op::FSetCC
        | Op::SAddO
        | Op::UAddO
        | Op::SSubO
        | Op::USubO
        | Op::SMulO
        | Op::UMulO => ops.first().map(|&o| dag.vt(o)),
        Op::Store => ops.get(1).map(|&o| dag.vt(o)),
        Op::Br | Op::BrCond | Op::BrInd | Op::Trap | Op::DebugTrap | Op::Pause | Op::Prefetch => {
            Some(VT::Chain)
        }
        _ => dag.vts(n).first().copied(),
    }
}

/// Whether pattern roots of `op` take a chain operand first (all but
/// `Load` produce only the chain).
pub fn has_chain(op: Op) -> bool {
    matches!(
        op,
        Op::Load
            | Op::Store
            | Op::Br
            | Op::BrCond
            | Op::BrInd
            | Op::Trap
            | Op::DebugTrap
            | Op::Pause
            | Op::Prefetch
    )
}

/// A node no row covers, for the error message.
fn describe(dag: &Dag, n: Node) -> String {
    let vts: Vec<String> = dag.vts(n).iter().map(|v| v.to_string()).collect();
    let ops: Vec<String> = dag
        .operands(n)
        .iter()
        .map(|&o| dag.vt(o).to_string())
        .collect();
    let fp = dag.vts(n).iter().any(|v| v.is_float())
        || dag.operands(n).iter().any(|&o| dag.vt(o).is_float());
    format!(
        "{}({:?} {} <- {})",
        if fp { "floating point: " } else { "" },
        dag.op(n),
        vts.join(","),
        ops.join(", ")
    )
}

/// A necessary condition of [`M::row`], checked before any binding:
/// the root's children that are operations have the opcode, result and
/// type of the operands they meet, and typed variables the type. Most
/// rows tried and rejected fail here (a row of nested compares of another
/// type, a read-modify-write store of a plain value). [`RowFilter`] is
/// this check compiled per row; this is its reference.
fn kids_may_match<P: 'static>(dag: &Dag, p: &Tree<P>, n: Node) -> bool {
    let PNode::Node { op, kids, .. } = &p.nodes[p.root as usize] else {
        return true;
    };
    let ops = dag.operands(n);
    let ins: &[SDValue] = match op.op {
        // Children that bind the root itself.
        Op::Add | Op::Mul | Op::Or if op.lea => return true,
        Op::Constant | Op::ConstantFP | Op::Symbol | Op::FrameIndex | Op::Undef => return true,
        // The third child is the condition (the root's payload).
        Op::SetCC | Op::SetCCCarry | Op::FSetCC => &ops[..ops.len().min(2)],
        o if has_chain(o) => ops.get(1..).unwrap_or(&[]),
        _ => ops,
    };
    kids.iter()
        .zip(ins)
        .all(|(&k, &o)| match &p.nodes[k as usize] {
            PNode::Node { op, vt, .. } => kid_op_ok(dag, o, op.op, *vt),
            PNode::Var { vt: Some(t), .. } => dag.vt(o) == *t,
            _ => true,
        })
}

/// Whether operand `o` is result 0 of an `op` node whose [`root_type`]
/// is `vt` (any when `None`).
#[inline]
fn kid_op_ok(dag: &Dag, o: SDValue, op: Op, vt: Option<VT>) -> bool {
    dag.op(o.node()) == op && o.res() == 0 && vt.is_none_or(|t| root_type(dag, o.node()) == Some(t))
}

/// How many children a [`RowFilter`] checks; rows with a checked child
/// beyond them are checked with [`kids_may_match`].
const FILTER_KIDS: usize = 4;

/// One child's part of a [`RowFilter`].
#[derive(Copy, Clone, Debug)]
enum KidCheck {
    Any,
    Op(Op, Option<VT>),
    Type(VT),
}

/// [`kids_may_match`] of one row, packed (about 40 bytes, in one table
/// per worker) so that rejecting a row reads neither its pattern nor its
/// tree nodes, two dependent cache misses per row tried.
#[derive(Copy, Clone, Debug)]
pub struct RowFilter {
    /// The tree it was built from (`null`: not built).
    tree: *const (),
    /// The row passes whatever the operands (`lea`, leaf roots), or has
    /// more checked children than [`FILTER_KIDS`] (`slow`).
    always: bool,
    slow: bool,
    /// Operands skipped (a chain) and at most how many are compared.
    skip: u8,
    take: u8,
    kids: [KidCheck; FILTER_KIDS],
}

// SAFETY: `tree` is only compared, never dereferenced.
unsafe impl Send for RowFilter {}
unsafe impl Sync for RowFilter {}

impl RowFilter {
    const UNBUILT: RowFilter = RowFilter {
        tree: std::ptr::null(),
        always: false,
        slow: false,
        skip: 0,
        take: 0,
        kids: [KidCheck::Any; FILTER_KIDS],
    };

    /// The filter of `tree`.
    fn of<P: 'static>(tree: &Tree<P>) -> RowFilter {
        let mut f = RowFilter {
            tree: tree as *const Tree<P> as *const (),
            ..RowFilter::UNBUILT
        };
        let PNode::Node { op, kids, .. } = &tree.nodes[tree.root as usize] else {
            f.always = true;
            return f;
        };
        f.take = u8::MAX;
        match op.op {
            Op::Add | Op::Mul | Op::Or if op.lea => f.always = true,
            Op::Constant | Op::ConstantFP | Op::Symbol | Op::FrameIndex | Op::Undef => {
                f.always = true
            }
            Op::SetCC | Op::SetCCCarry | Op::FSetCC => f.take = 2,
            o if has_chain(o) => f.skip = 1,
            _ => {}
        }
        for (i, &k) in kids.iter().enumerate() {
            let check = match &tree.nodes[k as usize] {
                PNode::Node { op, vt, .. } => KidCheck::Op(op.op, *vt),
                PNode::Var { vt: Some(t), .. } => KidCheck::Type(*t),
                _ => KidCheck::Any,
            };
            match f.kids.get_mut(i) {
                Some(slot) => *slot = check,
                None if matches!(check, KidCheck::Any) => {}
                None => f.slow = true,
            }
        }
        f
    }

    /// The filter of row `r` with tree `tree`, built into `table` on first
    /// use (or when the table was built for other trees).
    #[inline]
    fn get<'a, P: 'static>(
        table: &'a mut Vec<RowFilter>,
        r: u32,
        tree: &'static Tree<P>,
    ) -> Filtered<'a, P> {
        let k = r as usize;
        if table.len() <= k {
            table.resize(k + 1, RowFilter::UNBUILT);
        }
        let f = &mut table[k];
        if f.tree != tree as *const Tree<P> as *const () {
            *f = RowFilter::of(tree);
        }
        Filtered { f, tree }
    }
}

/// A row's filter with its tree (for the slow path).
struct Filtered<'a, P: 'static> {
    f: &'a RowFilter,
    tree: &'static Tree<P>,
}

impl<P: 'static> Filtered<'_, P> {
    /// [`kids_may_match`] at node `n`.
    #[inline]
    fn admits(&self, dag: &Dag, n: Node) -> bool {
        let f = self.f;
        if f.always {
            return true;
        }
        if f.slow {
            return kids_may_match(dag, self.tree, n);
        }
        let ops = dag.operands(n);
        let ins = ops.get(f.skip as usize..).unwrap_or(&[]);
        let ins = &ins[..ins.len().min(f.take as usize)];
        f.kids.iter().zip(ins).all(|(k, &o)| match *k {
            KidCheck::Any => true,
            KidCheck::Op(op, vt) => kid_op_ok(dag, o, op, vt),
            KidCheck::Type(t) => dag.vt(o) == t,
        })
    }
}

/// Matching one row at one node.
struct M<'a, T: MatchTarget> {
    t: &'a T,
    dag: &'a Dag,
    mf: &'a MachFunction,
    row: u32,
    p: &'static Tree<T::Pred>,
    /// [`root_type`] of the node the row is tried at.
    root_vt: VT,
    /// One binding per variable.
    binds: &'a mut Vec<Binding<T::Addr>>,
    /// Loads the row folds.
    folds: &'a mut Vec<Node>,
    value_uses: &'a [u32],
    value_needed: &'a [bool],
    /// The address variable and segment of each load and store the row
    /// matched (applied to the bindings once the row matches; every
    /// access through one variable must agree).
    segs: [(u8, Segment); MAX_MEM],
    nsegs: usize,
}

/// The most loads and stores one row matches.
const MAX_MEM: usize = 4;

impl<T: MatchTarget> M<'_, T> {
    /// Whether the row matches at node `n`, which its [`RowFilter`]
    /// admits.
    fn row(&mut self, n: Node) -> bool {
        debug_assert!(kids_may_match(self.dag, self.p, n));
        self.binds.clear();
        self.binds.resize(self.p.nvars as usize, Binding::None);
        self.folds.clear();
        let dag = self.dag;
        // A setcc other rows may recompute must not take a load with it.
        let shared = dag.op(n) == Op::SetCC && dag.uses(n) > 1;
        self.nsegs = 0;
        self.node(self.p.root, SDValue::new(n, 0), true, shared) && self.apply_segments()
    }

    /// Records the segment of load or store `n` (matched by pattern node
    /// with children `kids`) for its address variable; false when a
    /// segment access has no address variable.
    fn record_segment(&mut self, n: Node, kids: &[u16]) -> bool {
        let seg = MemInfo::unpack(self.dag.payload(n)).segment;
        let addr_kid = match self.dag.op(n) {
            Op::Load => kids.first(),
            _ => kids.get(1),
        };
        let var = match addr_kid.map(|&k| &self.p.nodes[k as usize]) {
            Some(&PNode::Var { var, .. }) => var,
            _ => return seg == Segment::None,
        };
        if self.nsegs == MAX_MEM {
            return false;
        }
        self.segs[self.nsegs] = (var, seg);
        self.nsegs += 1;
        true
    }

    /// Puts the recorded segments on the address bindings.
    fn apply_segments(&mut self) -> bool {
        let segs = &self.segs[..self.nsegs];
        if segs.iter().all(|&(_, s)| s == Segment::None) {
            return true;
        }
        for (i, &(var, seg)) in segs.iter().enumerate() {
            if segs[..i].iter().any(|&(v, s)| v == var && s != seg) {
                return false;
            }
            if segs[..i].iter().any(|&(v, _)| v == var) {
                continue;
            }
            let Binding::Addr(a) = &mut self.binds[var as usize] else {
                return seg == Segment::None;
            };
            if !T::segment_addr(a, seg) {
                return false;
            }
        }
        true
    }

    /// Whether the address bound by pattern node `pn` (a `lea` row's
    /// child) is worth a `lea`.
    fn lea_worthy(&self, pn: u16) -> bool {
        match self.p.nodes[pn as usize] {
            PNode::Var { var, .. } => {
                matches!(self.binds[var as usize], Binding::Addr(am) if T::worth_whole(&am))
            }
            _ => false,
        }
    }

    /// Whether load `n`, nested in the row, may be folded into it.
    fn foldable_load(&self, n: Node, shared: bool) -> bool {
        // Rows chosen earlier (at larger indices) may read the value
        // through its one user, e.g. an address matcher taking apart a
        // multi-use add: then it stays in a register.
        !shared
            && self.value_uses[n.index()] == 1
            && !self.value_needed[n.index()]
            && !MemInfo::unpack(self.dag.payload(n)).volatile
    }

    fn node(&mut self, pn: u16, v: SDValue, is_root: bool, shared: bool) -> bool {
        let dag = self.dag;
        // The pattern outlives `self`'s borrow, so its child lists are read
        // in place while `self` records bindings.
        let p: &'static Tree<T::Pred> = self.p;
        match &p.nodes[pn as usize] {
            PNode::Lit(x) => {
                leaf_bits(dag, v) == Some(*x as u64 & dag.vt(v).mask()) && v.res() == 0
            }
            PNode::FCond(c) => dag.payload(v.node()) == *c as u64,
            PNode::CondLit(c) => dag.payload(v.node()) == *c as u64,
            &PNode::Var { var, vt, pred } => {
                if vt.is_some_and(|t| dag.vt(v) != t) {
                    return false;
                }
                self.var(var, pred, v)
            }
            PNode::Node { op, vt, kids } => {
                let n = v.node();
                if dag.op(n) != op.op || v.res() != 0 {
                    return false;
                }
                let recomputable = matches!(op.op, Op::SetCC | Op::FSetCC);
                if !is_root {
                    if op.op == Op::Load {
                        if !self.foldable_load(n, shared) {
                            return false;
                        }
                    } else if has_chain(op.op) || (dag.uses(n) > 1 && !recomputable) {
                        return false;
                    }
                }
                // A nested node with other users is computed again for
                // them (only setccs are nested so): not below it.
                let shared = shared || (!is_root && dag.uses(n) > 1);
                let ops = dag.operands(n);
                let typ = if is_root {
                    self.root_vt
                } else {
                    match root_type(dag, n) {
                        Some(t) => t,
                        None => return false,
                    }
                };
                if vt.is_some_and(|t| t != typ) || !mem_ok(dag, n, *op, typ) {
                    return false;
                }
                let matched = match op.op {
                    // A `lea` row takes its whole root as an address (an
                    // `or` only when its operands share no set bit).
                    Op::Add | Op::Mul | Op::Or if op.lea => {
                        is_root
                            && (op.op != Op::Or || dag.payload(n) & crate::opcode::OR_DISJOINT != 0)
                            && self.node(kids[0], v, false, shared)
                            && self.lea_worthy(kids[0])
                    }
                    Op::Constant | Op::ConstantFP | Op::Symbol | Op::FrameIndex => {
                        self.node(kids[0], v, false, shared)
                    }
                    Op::Undef => true,
                    Op::SetCC | Op::SetCCCarry | Op::FSetCC => {
                        self.node(kids[0], ops[0], false, shared)
                            && self.node(kids[1], ops[1], false, shared)
                            && self.node(kids[2], v, false, shared)
                    }
                    _ => {
                        let ins = if has_chain(op.op) { &ops[1..] } else { ops };
                        kids.iter()
                            .zip(ins)
                            .all(|(&k, &o)| self.node(k, o, false, shared))
                    }
                };
                if matched && !is_root && op.op == Op::Load {
                    self.folds.push(n);
                }
                matched && (!matches!(op.op, Op::Load | Op::Store) || self.record_segment(n, kids))
            }
        }
    }

    fn var(&mut self, var: u8, pred: T::Pred, v: SDValue) -> bool {
        let Some(b) = self.t.bind(self.dag, self.mf, self.row, var, pred, v) else {
            return false;
        };
        let slot = &mut self.binds[var as usize];
        if *slot != Binding::None {
            return *slot == b;
        }
        *slot = b;
        true
    }
}

/// The value of a `Constant`, or the bits of a `ConstantFP`.
fn leaf_bits(dag: &Dag, v: SDValue) -> Option<u64> {
    match dag.op_of(v) {
        Op::Constant | Op::ConstantFP => Some(dag.payload(v.node())),
        _ => None,
    }
}

/// Memory-access checks of a load or store row.
fn mem_ok(dag: &Dag, n: Node, op: POp, typ: VT) -> bool {
    match op.op {
        Op::Load => {
            let mi = MemInfo::unpack(dag.payload(n));
            let bits = mi.mem_bits.max(8);
            if MemInfo::align_of(dag.payload(n)) < op.align {
                return false;
            }
            match op.ext {
                Ext::None => mi.ext == Ext::None,
                e => mi.ext == e && bits == op.mem && bits <= typ.bits().max(8),
            }
        }
        Op::Store => {
            let mi = MemInfo::unpack(dag.payload(n));
            if MemInfo::align_of(dag.payload(n)) < op.align {
                return false;
            }
            let (mem, val) = (mi.mem_bits.max(8), typ.bits().max(8));
            if op.mem == 0 {
                mem == val
            } else {
                mem == op.mem && mem < val
            }
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests;
