//! Load combining (LLVM's `DAGCombiner::MatchLoadCombine`): an `or` tree
//! that assembles an integer from byte loads of consecutive addresses
//! becomes one wide load, byte-swapped when the bytes are in big-endian
//! order, as in `p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]` (a `bswap`
//! of the 32-bit load at `p`).
//!
//! What it owns: finding the groups on the old DAG before the rebuild
//! ([`plan_load_groups`]) and building their replacement during it
//! ([`Combiner::grouped`]).
//!
//! A group is accepted only when every one of these holds, so the wide
//! load reads exactly the bytes the byte loads read, in one step of the
//! memory order where they did theirs:
//! - the root is an `or` of type `i16`, `i32` or `i64` that no other `or`
//!   of its type reads alone (the largest tree is tried); every inner
//!   `or`, shift and extension has exactly one reader;
//! - each leaf is `zext(load i8)` or `shl(zext(load i8), 8k)`: byte `k`
//!   of the result; the leaves give bytes `0..N` exactly once, `N` in
//!   {2, 4, 8} with `8N` at most the root's width (a narrower group's
//!   value is zero-extended);
//! - the loads are plain byte loads (not volatile, not extending, in no
//!   segment) whose
//!   values have one reader, at `base + c` with one `base`, the offsets
//!   consecutive in little-endian order (byte `k` at `base + c0 + k`: a
//!   wide load) or big-endian order (a wide load and `bswap`);
//! - the loads are consecutive in the chain (each reads the previous
//!   one's chain, which nothing else reads), so no other memory access
//!   lies between them; the wide load takes the first one's chain and
//!   replaces the last one's.
//!
//! The wide load is formed only as the target's
//! [`crate::lowering::MemAccess`] allows: its width at most `max_int_bits`,
//! and, unless misaligned accesses of that width are fast (x86), the byte
//! load at its address aligned to the width; it keeps that load's
//! alignment.

use super::{slot, CombineCtx, Combiner, NONE};
use crate::node::{Dag, Node, SDValue};
use crate::opcode::{Ext, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::entity::EntityId;

/// One accepted group (see the module comment).
#[derive(Copy, Clone, Debug)]
pub(super) struct LoadGroup {
    root: Node,
    /// The first load in chain order (the group node visited first).
    first: Node,
    base: SDValue,
    /// The offset of byte 0 (little-endian) or of byte `N - 1`
    /// (big-endian) from `base`: the wide load's address.
    offset: u64,
    bytes: u32,
    /// The alignment of the byte load at the wide load's address.
    align: u32,
    swap: bool,
    /// The replacement of the root (and the group's other values), once
    /// built.
    value: Option<SDValue>,
    chain: Option<SDValue>,
}

/// Finds the groups of the old DAG (uses must be counted) and marks their
/// nodes in `cx.group_of`.
pub(super) fn plan_load_groups(dag: &Dag, cx: &mut CombineCtx) {
    let n0 = dag.len();
    cx.group_of.clear();
    cx.group_of.resize(n0, NONE);
    cx.groups.clear();
    if !cx.optimize {
        return;
    }
    let mut members: Vec<Node> = Vec::new();
    let mut stack: Vec<SDValue> = Vec::new();
    let mut leaves: Vec<(Node, u32)> = Vec::new();
    for i in (0..n0).rev() {
        let r = Node::from_u32(i as u32);
        if !cx.live[i] || cx.group_of[i] != NONE || dag.op(r) != Op::Or {
            continue;
        }
        let vt = dag.vts(r)[0];
        if !matches!(vt, VT::I16 | VT::I32 | VT::I64) {
            continue;
        }
        let v = SDValue::new(r, 0);
        if cx.uses[slot(v)] == 1 {
            let u = Node::from_u32(cx.user[slot(v)]);
            if dag.op(u) == Op::Or && dag.vts(u)[0] == vt {
                continue;
            }
        }
        members.clear();
        leaves.clear();
        if !collect(dag, cx, v, vt, &mut members, &mut stack, &mut leaves) {
            continue;
        }
        if let Some(g) = accept(dag, cx, r, vt, &leaves) {
            let k = cx.groups.len() as u32;
            cx.groups.push(g);
            for &m in &members {
                cx.group_of[m.index()] = k;
            }
        }
    }
}

/// Walks the tree under root `v`: the nodes into `members`, the leaves'
/// loads with their byte index into `leaves`; false when a node does not
/// fit (see the module comment).
fn collect(
    dag: &Dag,
    cx: &CombineCtx,
    v: SDValue,
    vt: VT,
    members: &mut Vec<Node>,
    stack: &mut Vec<SDValue>,
    leaves: &mut Vec<(Node, u32)>,
) -> bool {
    let single = |x: SDValue| x.res() == 0 && cx.uses[slot(x)] == 1;
    stack.clear();
    stack.push(v);
    while let Some(x) = stack.pop() {
        if x != v && !single(x) {
            return false;
        }
        let n = x.node();
        if cx.group_of[n.index()] != NONE || dag.vts(n).len() != 1 || dag.vts(n)[0] != vt {
            return false;
        }
        members.push(n);
        match dag.op(n) {
            Op::Or => {
                stack.extend_from_slice(dag.operands(n));
                if stack.len() > 16 {
                    return false;
                }
                continue;
            }
            Op::Shl | Op::ZeroExtend => {}
            _ => return false,
        }
        // A leaf: `shl(zext(load), c)` or `zext(load)`.
        let (ext, shift) = if dag.op(n) == Op::Shl {
            let Some(c) = dag.as_const(dag.operands(n)[1]) else {
                return false;
            };
            let e = dag.operands(n)[0];
            if !single(e) || dag.op_of(e) != Op::ZeroExtend || dag.vt(e) != vt {
                return false;
            }
            members.push(e.node());
            (e.node(), c)
        } else {
            (n, 0)
        };
        let l = dag.operands(ext)[0];
        if l.res() != 0 || cx.uses[slot(l)] != 1 || dag.op_of(l) != Op::Load {
            return false;
        }
        let ln = l.node();
        let info = MemInfo::unpack(dag.payload(ln));
        if dag.vts(ln) != [VT::I8, VT::Chain]
            || info.volatile
            || info.segment != crate::Segment::None
            || info.ext != Ext::None
            || info.mem_bits != 8
            || cx.group_of[ln.index()] != NONE
            || shift % 8 != 0
            || shift >= u64::from(vt.bits())
            || leaves.len() >= 8
        {
            return false;
        }
        members.push(ln);
        leaves.push((ln, (shift / 8) as u32));
    }
    true
}

/// `base + c` of an address.
pub(super) fn base_offset(dag: &Dag, a: SDValue) -> (SDValue, u64) {
    if dag.op_of(a) == Op::Add {
        let ops = dag.operands(a.node());
        if let Some(c) = dag.as_const(ops[1]) {
            return (ops[0], c);
        }
    }
    (a, 0)
}

/// The group of root `r` over `leaves`, if the bytes, addresses and chain
/// fit (see the module comment).
fn accept(
    dag: &Dag,
    cx: &CombineCtx,
    r: Node,
    vt: VT,
    leaves: &[(Node, u32)],
) -> Option<LoadGroup> {
    let n = leaves.len() as u32;
    if !matches!(n, 2 | 4 | 8) || n * 8 > vt.bits() {
        return None;
    }
    // Byte k's offset, each byte once.
    let mut off = [u64::MAX; 8];
    let mut base = None;
    for &(l, k) in leaves {
        if k >= n || off[k as usize] != u64::MAX {
            return None;
        }
        let (b, c) = base_offset(dag, dag.operands(l)[1]);
        if *base.get_or_insert(b) != b {
            return None;
        }
        off[k as usize] = c;
    }
    let little = (0..n as usize).all(|k| off[k] == off[0].wrapping_add(k as u64));
    let last = n as usize - 1;
    let big = (0..n as usize).all(|k| off[k] == off[last].wrapping_add((last - k) as u64));
    if !little && !big {
        return None;
    }
    // The target must allow the wide access: at the alignment of the
    // byte load at its address unless misaligned accesses are fast.
    let offset = if little { off[0] } else { off[last] };
    let align = leaves
        .iter()
        .find(|&&(l, _)| base_offset(dag, dag.operands(l)[1]).1 == offset)
        .map_or(1, |&(l, _)| MemInfo::align_of(dag.payload(l)));
    if cx.mem.max_int_bits < n * 8 || (align < n && cx.mem.misaligned_fast_bits < n * 8) {
        return None;
    }
    // Consecutive in the chain, in node order.
    let mut loads: Vec<Node> = leaves.iter().map(|&(l, _)| l).collect();
    loads.sort_unstable();
    for w in loads.windows(2) {
        let prev = SDValue::new(w[0], 1);
        if dag.operands(w[1])[0] != prev || cx.uses[slot(prev)] != 1 {
            return None;
        }
    }
    Some(LoadGroup {
        root: r,
        first: loads[0],
        base: base?,
        offset,
        bytes: n,
        align,
        swap: !little,
        value: None,
        chain: None,
    })
}

impl Combiner<'_> {
    /// Node `n` of load group `g`: the first load builds the wide load
    /// (and its byte swap and extension); every value of a group node maps
    /// to the group's value, every chain to the wide load's chain (only
    /// the root's value and the last load's chain have readers outside).
    pub(super) fn grouped(&mut self, n: Node, g: usize) {
        if self.cx.groups[g].value.is_none() {
            let grp = self.cx.groups[g];
            debug_assert_eq!(n, grp.first);
            let chain = self.val(self.dag.operands(grp.first)[0]);
            let base = self.val(grp.base);
            let avt = self.dag.vt(base);
            let addr = if grp.offset == 0 {
                base
            } else {
                let c = self.konst(avt, grp.offset);
                self.mk(Op::Add, avt, &[base, c], 1)
            };
            let wvt = match grp.bytes {
                2 => VT::I16,
                4 => VT::I32,
                _ => VT::I64,
            };
            let info = MemInfo {
                mem_bits: wvt.bits(),
                ext: Ext::None,
                volatile: false,
                segment: crate::Segment::None,
            };
            let payload = MemInfo::with_align(info.pack(), grp.align);
            let l = self
                .dag
                .node(Op::Load, &[wvt, VT::Chain], &[chain, addr], payload);
            let mut v = SDValue::new(l, 0);
            if grp.swap {
                v = self.dag.value(Op::Bswap, wvt, &[v], 0);
            }
            let rvt = self.dag.vts(grp.root)[0];
            if rvt != wvt {
                v = self.dag.value(Op::ZeroExtend, rvt, &[v], 0);
            }
            self.cx.groups[g].value = Some(v);
            self.cx.groups[g].chain = Some(SDValue::new(l, 1));
        }
        let grp = self.cx.groups[g];
        for k in 0..self.dag.vts(n).len() {
            let r = if self.dag.vts(n)[k] == VT::Chain {
                grp.chain
            } else {
                grp.value
            };
            self.cx.map[n.index() * 4 + k] = r;
        }
    }
}
