//! The list scheduler: the order in which a block's covered nodes are
//! emitted as machine instructions.
//!
//! Input: the dependency graph of a block's selected nodes, as the
//! target's tree cover records it ([`DepGraph`]: each selected node's
//! dependencies, the values its row reads, then its chain predecessor, then
//! its glue producer). Output: every node the root reaches through dependencies,
//! each after all of its dependencies.
//!
//! Algorithm: bottom-up list scheduling, as LLVM's `source` and
//! `list-burr` schedulers. A node is *ready* when every node depending on
//! it is scheduled; the root is ready first; each step takes one ready
//! node and appends it to the reversed order. Which one:
//! 1. a node's glue producer, right after the node (so right before it in
//!    program order: nothing may clobber the flags in between);
//! 2. else the most recently readied *sinkable* node: one without a chain
//!    (a pure value) whose scheduling makes at most one value live that
//!    was not (its operands are mostly live already, read later). It is
//!    emitted right before its first user in program order, and an
//!    expression tree depth first, its operands in operand order;
//! 3. else, by source order, the ready node created last (node ids follow
//!    the IR's instruction order): chained nodes, and pure values whose
//!    operands would all become live longer if they moved down.
//!
//! Why: the fast register allocator spills every value live across a
//! call and every value that does not fit, and two-address instructions
//! need a copy when the tied operand lives on; a value computed right
//! before its use is live across nothing. Moving a value down past other
//! code is only a gain when it does not lengthen the lives of several
//! operands instead. Siblings go in operand order because the allocator
//! assigns registers in the order values are computed, without looking
//! ahead at the copies into argument registers: arguments computed in
//! order land in their own registers more often (a Sethi-Ullman order
//! of siblings, tried and measured, did slightly worse for that reason).
//!
//! Invariant of the output: a topological order of the dependency graph
//! reached from the root, with each glue producer immediately before its
//! user; a dependency cycle or a glue producer with another later user is
//! an error, never a wrong order.

use crate::{Dag, IselError, Node, Op, VT};
use rcc_ir::entity::EntityId;
use std::collections::BinaryHeap;

/// The dependencies of the covered nodes of a block.
pub trait DepGraph {
    /// What must be emitted before covered node `n`: the values it reads,
    /// then its chain predecessor, then its glue producer (last).
    fn deps_of(&self, n: Node) -> &[Node];
}

/// Reusable buffers of the scheduler (one per worker).
#[derive(Default)]
pub struct Scheduler {
    /// Per node: dependency edges from unscheduled users ([`UNREACHED`]:
    /// not reached from the root).
    pending: Vec<u32>,
    /// Per node: some scheduled node reads its value (bottom-up, so the
    /// value is live from its definition on).
    live: Vec<bool>,
    /// Ready sinkable nodes, taken from the top.
    sink: Vec<Node>,
    /// Other ready nodes, the largest id first.
    source: BinaryHeap<u32>,
    /// Scratch: the reach walk.
    stack: Vec<Node>,
    /// The emission order (program order) of the last block scheduled.
    pub order: Vec<Node>,
}

const UNREACHED: u32 = u32::MAX;

/// Whether node `n` has side effects or a fixed place (it reads or
/// produces a chain).
fn chained(dag: &Dag, n: Node) -> bool {
    dag.vts(n).contains(&VT::Chain) || dag.operands(n).iter().any(|&o| dag.vt(o) == VT::Chain)
}

/// The glue producer `n` must follow, if any.
fn glue_producer(dag: &Dag, n: Node) -> Option<Node> {
    if !dag.has_glue() {
        return None;
    }
    dag.operands(n)
        .iter()
        .find(|&&o| dag.vt(o) == VT::Glue)
        .map(|o| o.node())
}

/// Whether `n` leaves a value in a register.
fn defines_value(dag: &Dag, n: Node) -> bool {
    !matches!(dag.op(n), Op::EntryToken | Op::TokenFactor)
        && dag
            .vts(n)
            .first()
            .is_some_and(|&t| t != VT::Chain && t != VT::Glue)
}

/// Whether dependency `d` of `n` is a value `n` reads (not its chain
/// predecessor).
fn reads_value(dag: &Dag, n: Node, d: Node) -> bool {
    defines_value(dag, d)
        && !dag
            .operands(n)
            .iter()
            .any(|&o| o.node() == d && dag.vt(o) == VT::Chain)
}

impl Scheduler {
    /// Computes [`Scheduler::order`] for the block whose dependencies are
    /// `cover`.
    pub fn schedule(&mut self, dag: &Dag, cover: &impl DepGraph) -> Result<(), IselError> {
        self.order.clear();
        let Some(root) = dag.root else {
            return Ok(());
        };
        let len = dag.len();
        self.pending.clear();
        self.pending.resize(len, UNREACHED);
        self.live.clear();
        self.live.resize(len, false);
        // Reach: count the dependency edges into every reached node.
        let r = root.node();
        self.pending[r.index()] = 0;
        self.stack.clear();
        self.stack.push(r);
        let mut reached = 1;
        while let Some(n) = self.stack.pop() {
            for &d in cover.deps_of(n) {
                let p = &mut self.pending[d.index()];
                if *p == UNREACHED {
                    *p = 0;
                    reached += 1;
                    self.stack.push(d);
                }
                *p += 1;
            }
        }
        self.sink.clear();
        self.source.clear();
        let mut next = Some(r);
        while let Some(n) = next {
            self.order.push(n);
            for &d in cover.deps_of(n) {
                if reads_value(dag, n, d) {
                    self.live[d.index()] = true;
                }
            }
            let glue = glue_producer(dag, n);
            let mut glue_ready = false;
            // Release the dependencies, in operand order: of the sinkable
            // ones, the last is taken first and emitted last.
            for &d in cover.deps_of(n) {
                let p = &mut self.pending[d.index()];
                *p -= 1;
                if *p > 0 {
                    continue;
                }
                if Some(d) == glue {
                    glue_ready = true;
                } else if self.sinkable(dag, cover, d) {
                    self.sink.push(d);
                } else {
                    self.source.push(d.as_u32());
                }
            }
            next = match glue {
                Some(p) if glue_ready => Some(p),
                Some(p) => {
                    return Err(IselError::new(format!(
                        "internal error: glue producer {p:?} of {n:?} has another user"
                    )))
                }
                None => self
                    .sink
                    .pop()
                    .or_else(|| self.source.pop().map(Node::from_u32)),
            };
        }
        if self.order.len() != reached {
            return Err(IselError::new(
                "internal error: the block's dependencies have a cycle",
            ));
        }
        self.order.reverse();
        Ok(())
    }

    /// Whether ready node `d` may move down to its first user: it has no
    /// chain, and at most one of the values it reads is not live yet.
    fn sinkable(&self, dag: &Dag, cover: &impl DepGraph, d: Node) -> bool {
        if chained(dag, d) {
            return false;
        }
        let fresh = cover
            .deps_of(d)
            .iter()
            .filter(|&&x| reads_value(dag, d, x) && !self.live[x.index()])
            .count();
        fresh <= 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SDValue;

    /// A hand-made cover: per node, its dependencies in `deps`.
    #[derive(Default)]
    struct Cover {
        dep_range: Vec<(u32, u32)>,
        deps: Vec<Node>,
    }

    impl DepGraph for Cover {
        fn deps_of(&self, n: Node) -> &[Node] {
            let (a, b) = self.dep_range[n.index()];
            &self.deps[a as usize..b as usize]
        }
    }

    /// A block under construction with a hand-made cover: a node depends
    /// on its operands' nodes (values, then the chain, then glue), leaves
    /// that no instruction computes (registers, constants) left out.
    struct B {
        d: Dag,
        chain: SDValue,
        next: u64,
    }

    impl B {
        fn new() -> B {
            let mut d = Dag::default();
            let chain = d.entry();
            B { d, chain, next: 0 }
        }
        fn input(&mut self) -> SDValue {
            self.next += 1;
            let r = self.d.value(Op::Register, VT::I64, &[], self.next);
            let e = self.d.entry();
            SDValue::new(
                self.d
                    .node(Op::CopyFromReg, &[VT::I64, VT::Chain], &[e, r], 0),
                0,
            )
        }
        fn add(&mut self, a: SDValue, b: SDValue) -> SDValue {
            self.d.value(Op::Add, VT::I64, &[a, b], 0)
        }
        /// A call-like chained node reading `args`.
        fn call(&mut self, args: &[SDValue]) {
            let mut ops = vec![self.chain];
            ops.extend_from_slice(args);
            self.chain = SDValue::new(self.d.node(Op::Target(9), &[VT::Chain], &ops, 0), 0);
        }
        fn cover(&mut self) -> Cover {
            self.d.root = Some(self.chain);
            let mut c = Cover::default();
            c.dep_range.resize(self.d.len(), (0, 0));
            for n in self.d.nodes() {
                let start = c.deps.len() as u32;
                let ops = self.d.operands(n);
                // Constants are immediates, registers no code.
                let dep = |o: &SDValue| !matches!(self.d.op_of(*o), Op::Register | Op::Constant);
                let kind = |o: &SDValue| match self.d.vt(*o) {
                    VT::Chain => 1,
                    VT::Glue => 2,
                    _ => 0,
                };
                for k in 0..3 {
                    c.deps.extend(
                        ops.iter()
                            .filter(|o| dep(o) && kind(o) == k)
                            .map(|o| o.node()),
                    );
                }
                c.dep_range[n.index()] = (start, c.deps.len() as u32);
            }
            c
        }
        fn finish(&mut self) -> (Cover, Vec<Node>) {
            let c = self.cover();
            let mut s = Scheduler::default();
            s.schedule(&self.d, &c).expect("schedules");
            (c, s.order.clone())
        }
    }

    fn pos(order: &[Node], v: SDValue) -> usize {
        order
            .iter()
            .position(|&n| n == v.node())
            .expect("scheduled")
    }

    /// Every reached node once, after all of its dependencies.
    fn topological(d: &Dag, c: &Cover, order: &[Node]) {
        let mut at = vec![usize::MAX; d.len()];
        for (k, &n) in order.iter().enumerate() {
            assert_eq!(at[n.index()], usize::MAX, "{n:?} twice");
            at[n.index()] = k;
        }
        for &n in order {
            for &dep in c.deps_of(n) {
                assert!(at[dep.index()] < at[n.index()], "{dep:?} after {n:?}");
            }
        }
        assert_eq!(order.last().copied(), d.root.map(|r| r.node()));
    }

    #[test]
    fn values_sink_to_their_use_past_calls() {
        // x + 1 is computed after the first call: only x, which the
        // second call reads anyway, lives across it.
        let mut b = B::new();
        let x = b.input();
        let one = b.d.constant(VT::I64, 1);
        let inc = b.add(x, one);
        b.call(&[]);
        let first_call = b.chain;
        b.call(&[inc, x]);
        let (c, order) = b.finish();
        topological(&b.d, &c, &order);
        assert!(
            pos(&order, first_call) < pos(&order, inc),
            "the add is emitted after the first call: {order:?}"
        );
    }

    #[test]
    fn values_whose_operands_would_live_longer_stay() {
        // x + y stays before the call: moved down, both x and y would
        // live across it instead of the sum.
        let mut b = B::new();
        let (x, y) = (b.input(), b.input());
        let sum = b.add(x, y);
        b.call(&[]);
        let first_call = b.chain;
        b.call(&[sum]);
        let (c, order) = b.finish();
        topological(&b.d, &c, &order);
        assert!(pos(&order, sum) < pos(&order, first_call), "{order:?}");
    }

    #[test]
    fn operands_are_emitted_in_order_before_their_user() {
        let mut b = B::new();
        let x = b.input();
        let args: Vec<SDValue> = (1..5)
            .map(|k| {
                let kk = b.d.constant(VT::I64, k);
                b.add(x, kk)
            })
            .collect();
        b.call(&[]);
        let first_call = b.chain;
        b.call(&args);
        let (c, order) = b.finish();
        topological(&b.d, &c, &order);
        let at: Vec<usize> = args.iter().map(|&v| pos(&order, v)).collect();
        assert!(pos(&order, first_call) < at[0], "{order:?}");
        assert!(at.windows(2).all(|w| w[0] + 1 == w[1]), "{at:?}");
    }

    #[test]
    fn chained_nodes_keep_their_order() {
        let mut b = B::new();
        let x = b.input();
        let mut calls = Vec::new();
        for _ in 0..5 {
            b.call(&[x]);
            calls.push(b.chain);
        }
        let (c, order) = b.finish();
        topological(&b.d, &c, &order);
        let at: Vec<usize> = calls.iter().map(|&v| pos(&order, v)).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    }

    #[test]
    fn glue_producers_come_right_before_their_users() {
        let mut b = B::new();
        let (x, y) = (b.input(), b.input());
        let g = b.d.node(Op::Target(20), &[VT::I64, VT::Glue], &[x, y], 0);
        let other = b.add(x, y);
        let u =
            b.d.node(Op::Target(21), &[VT::I64], &[other, SDValue::new(g, 1)], 0);
        b.call(&[SDValue::new(u, 0)]);
        let (c, order) = b.finish();
        topological(&b.d, &c, &order);
        let pg = pos(&order, SDValue::new(g, 0));
        assert_eq!(pg + 1, pos(&order, SDValue::new(u, 0)), "{order:?}");
        // A producer whose value the user also reads through another
        // node cannot be placed so: an error, not a wrong order.
        let mut b = B::new();
        let (x, y) = (b.input(), b.input());
        let g = b.d.node(Op::Target(20), &[VT::I64, VT::Glue], &[x, y], 0);
        let v = b.add(SDValue::new(g, 0), x);
        let u =
            b.d.node(Op::Target(21), &[VT::I64], &[v, SDValue::new(g, 1)], 0);
        b.call(&[SDValue::new(u, 0)]);
        let c = b.cover();
        let e = Scheduler::default().schedule(&b.d, &c).unwrap_err();
        assert!(e.what.contains("glue producer"), "{e}");
    }
}
