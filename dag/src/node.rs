//! The SelectionDAG of one basic block: nodes with multiple results,
//! operands, chains and glue, hash-consed so structurally equal nodes are
//! one node (CSE for free).
//!
//! Storage: struct-of-arrays columns indexed by [`Node`] (opcode, result
//! types, operands, payload), result types and operands in two flat pools.
//! The arena is reused for every block: [`Dag::clear`] drops the nodes and
//! keeps the capacity, which gives the allocation pattern of a bump arena
//! (push to allocate, reset per block) with typed `u32` ids and no
//! lifetimes. *Design note:* DESIGN.md names bumpalo for this; Vec columns
//! give the same reset-per-block behaviour and let other stages hold plain
//! ids.
//!
//! Invariants: operands of a node are created before it (ids increase
//! along operand edges), so index order is a topological order; a node is
//! never mutated after creation: rewrites (combining, legalization) build
//! new nodes and leave the old ones unreachable from the root.

use crate::opcode::Op;
use crate::vt::VT;
use hashbrown::HashTable;
use rcc_ir::entity::{EntityId, PoolRange};
use rcc_ir::entity_id;
use std::hash::{Hash, Hasher};

entity_id!(
    /// A DAG node.
    pub struct Node,
    "t"
);

/// One result of a node: `node << 2 | result`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SDValue(u32);

impl SDValue {
    pub fn new(n: Node, res: u32) -> SDValue {
        debug_assert!(res < 4);
        SDValue(n.as_u32() << 2 | res)
    }
    #[inline]
    pub fn node(self) -> Node {
        Node::from_u32(self.0 >> 2)
    }
    #[inline]
    pub fn res(self) -> u32 {
        self.0 & 3
    }
}

impl std::fmt::Debug for SDValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.node(), self.res())
    }
}

/// The DAG of one block.
#[derive(Default)]
pub struct Dag {
    op: Vec<Op>,
    vts: Vec<PoolRange>,
    ops: Vec<PoolRange>,
    payload: Vec<u64>,
    vt_pool: Vec<VT>,
    opnd_pool: Vec<SDValue>,
    table: HashTable<Node>,
    /// The chain that ends the block (the terminator's).
    pub root: Option<SDValue>,
    /// Use counts per node (filled by [`Dag::count_uses`]).
    uses: Vec<u32>,
    /// Per node, a bit per result that some reachable node reads (filled
    /// by [`Dag::count_uses`]).
    used_results: Vec<u8>,
    /// Scratch of [`Dag::count_uses`]: per node, reachable from the root.
    live: Vec<bool>,
    /// Some node of the block has a `Glue` result (so some node may read
    /// glue); false lets glue searches stop at once.
    glue: bool,
}

impl Dag {
    /// Empties the DAG, keeping capacity.
    pub fn clear(&mut self) {
        self.op.clear();
        self.vts.clear();
        self.ops.clear();
        self.payload.clear();
        self.vt_pool.clear();
        self.opnd_pool.clear();
        self.table.clear();
        self.root = None;
        self.uses.clear();
        self.used_results.clear();
        self.glue = false;
    }

    /// Whether some node of the block produces `Glue` (else no operand is
    /// glue).
    #[inline]
    pub fn has_glue(&self) -> bool {
        self.glue
    }

    pub fn len(&self) -> usize {
        self.op.len()
    }

    pub fn is_empty(&self) -> bool {
        self.op.is_empty()
    }

    /// The node `(op, vts, ops, payload)`, created if new. A node whose last
    /// result is `Glue` is always new: its glue may have only one user.
    pub fn node(&mut self, op: Op, vts: &[VT], ops: &[SDValue], payload: u64) -> Node {
        if vts.last() == Some(&VT::Glue) {
            return self.push_raw(op, vts, ops, payload);
        }
        let h = key_hash(op, vts, ops, payload);
        let found = self.table.find(h, |&n| {
            self.op[n.index()] == op
                && self.payload[n.index()] == payload
                && self.vts[n.index()].get(&self.vt_pool) == vts
                && self.ops[n.index()].get(&self.opnd_pool) == ops
        });
        if let Some(&n) = found {
            return n;
        }
        let n = self.push_raw(op, vts, ops, payload);
        let Dag {
            op: col_op,
            vts: col_vts,
            ops: col_ops,
            payload: col_payload,
            vt_pool,
            opnd_pool,
            table,
            ..
        } = self;
        table.insert_unique(h, n, |&k| {
            let i = k.index();
            key_hash(
                col_op[i],
                col_vts[i].get(vt_pool),
                col_ops[i].get(opnd_pool),
                col_payload[i],
            )
        });
        n
    }

    fn push_raw(&mut self, op: Op, vts: &[VT], ops: &[SDValue], payload: u64) -> Node {
        debug_assert!(ops.iter().all(|o| o.node().index() < self.op.len()));
        self.glue |= vts.contains(&VT::Glue);
        let v = PoolRange::push_slice(&mut self.vt_pool, vts);
        let o = PoolRange::push_slice(&mut self.opnd_pool, ops);
        self.op.push(op);
        self.vts.push(v);
        self.ops.push(o);
        self.payload.push(payload);
        Node::from_u32(self.op.len() as u32 - 1)
    }

    /// A single-result node's value, folded if its value is known
    /// (see [`crate::fold`]).
    pub fn value(&mut self, op: Op, vt: VT, ops: &[SDValue], payload: u64) -> SDValue {
        if let Some(v) = crate::fold::fold(self, op, vt, ops, payload) {
            return v;
        }
        SDValue::new(self.node(op, &[vt], ops, payload), 0)
    }

    pub fn constant(&mut self, vt: VT, v: u64) -> SDValue {
        SDValue::new(self.node(Op::Constant, &[vt], &[], v & vt.mask()), 0)
    }

    pub fn entry(&mut self) -> SDValue {
        self.value(Op::EntryToken, VT::Chain, &[], 0)
    }

    #[inline]
    pub fn op(&self, n: Node) -> Op {
        self.op[n.index()]
    }
    #[inline]
    pub fn operands(&self, n: Node) -> &[SDValue] {
        self.ops[n.index()].get(&self.opnd_pool)
    }
    #[inline]
    pub fn vts(&self, n: Node) -> &[VT] {
        self.vts[n.index()].get(&self.vt_pool)
    }
    #[inline]
    pub fn payload(&self, n: Node) -> u64 {
        self.payload[n.index()]
    }
    /// The type of a value.
    #[inline]
    pub fn vt(&self, v: SDValue) -> VT {
        self.vts(v.node())[v.res() as usize]
    }
    /// The operation of the node producing `v`.
    #[inline]
    pub fn op_of(&self, v: SDValue) -> Op {
        self.op(v.node())
    }
    /// The constant value of `v`, if it is a `Constant`.
    pub fn as_const(&self, v: SDValue) -> Option<u64> {
        (self.op_of(v) == Op::Constant).then(|| self.payload(v.node()))
    }

    /// Counts the uses of every node reachable from the root (each operand
    /// edge counts once); unreachable nodes get 0.
    pub fn count_uses(&mut self) {
        self.uses.clear();
        self.uses.resize(self.op.len(), 0);
        self.used_results.clear();
        self.used_results.resize(self.op.len(), 0);
        let live = &mut self.live;
        live.clear();
        live.resize(self.op.len(), false);
        if let Some(r) = self.root {
            live[r.node().index()] = true;
        }
        // Index order is topological, so one reverse sweep marks liveness.
        for i in (0..self.op.len()).rev() {
            if !live[i] {
                continue;
            }
            for &o in self.ops[i].get(&self.opnd_pool) {
                live[o.node().index()] = true;
                self.uses[o.node().index()] += 1;
                self.used_results[o.node().index()] |= 1 << o.res();
            }
        }
    }

    /// Whether a node reachable from the root reads `v` (after
    /// [`Dag::count_uses`]).
    pub fn result_used(&self, v: SDValue) -> bool {
        self.used_results
            .get(v.node().index())
            .is_some_and(|&m| m & (1 << v.res()) != 0)
    }

    /// Uses of node `n` (after [`Dag::count_uses`]).
    pub fn uses(&self, n: Node) -> u32 {
        self.uses.get(n.index()).copied().unwrap_or(0)
    }

    /// All node ids, in topological (creation) order.
    pub fn nodes(&self) -> impl DoubleEndedIterator<Item = Node> + ExactSizeIterator {
        (0..self.op.len() as u32).map(Node::from_u32)
    }
}

/// The hash of a node key: a multiply-rotate hash over the key's words
/// (FxHash's step), which costs a few instructions per word where a
/// general-purpose hasher costs tens; the table compares whole keys, so
/// the hash only decides where a key is looked for.
fn key_hash(op: Op, vts: &[VT], ops: &[SDValue], payload: u64) -> u64 {
    let mut s = KeyHasher(0);
    op.hash(&mut s);
    vts.hash(&mut s);
    ops.hash(&mut s);
    payload.hash(&mut s);
    s.finish()
}

/// The hasher of [`key_hash`].
struct KeyHasher(u64);

impl KeyHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.add(x as u64);
    }
    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.add(x as u64);
    }
    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.add(x as u64);
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // hashbrown takes the top bits as a tag and the low bits as the
        // bucket: fold the well-mixed high half into the low one.
        self.0 ^ (self.0 >> 32)
    }
}

impl Dag {
    /// The nodes reachable from the root, one per line (`t3: i32 = Add t1:0, t2:0`),
    /// in index order; for tests and debugging.
    pub fn dump(&self) -> String {
        use std::fmt::Write;
        let mut live = vec![false; self.op.len()];
        if let Some(r) = self.root {
            live[r.node().index()] = true;
        }
        for i in (0..self.op.len()).rev() {
            if live[i] {
                for &o in self.ops[i].get(&self.opnd_pool) {
                    live[o.node().index()] = true;
                }
            }
        }
        let mut s = String::new();
        for n in self.nodes().filter(|n| live[n.index()]) {
            let vts: Vec<String> = self.vts(n).iter().map(|v| v.to_string()).collect();
            let _ = write!(s, "{n}: {} = {:?}", vts.join(","), self.op(n));
            if self.op(n).has_payload() {
                let _ = write!(s, "<{:#x}>", self.payload(n));
            }
            for (k, o) in self.operands(n).iter().enumerate() {
                let _ = write!(s, "{}{o:?}", if k == 0 { " " } else { ", " });
            }
            s.push('\n');
        }
        s
    }
}
