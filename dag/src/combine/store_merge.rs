//! Store merging (LLVM's `DAGCombiner::mergeConsecutiveStores`, the
//! constant case): adjacent stores of constants to one base become fewer,
//! wider stores, as `s.a = 0; s.b = 0;` (two `i32`) becomes one `i64`
//! store of 0, four `i32` zero stores one 16-byte zero-vector store, and
//! `p[0] = 1; p[1] = 2;` one `i16` store of `0x0201`.
//!
//! What it owns: finding the runs on the old DAG before the rebuild
//! ([`plan_store_merges`]) and building their stores during it
//! ([`Combiner::merged`]).
//!
//! A *run* is a sequence of stores consecutive in the chain (each reads
//! the previous one's chain result, which nothing else reads), so no other
//! memory access lies between them and nothing observes memory between
//! two of them. Every store of a run is a plain integer store (not
//! volatile, in no segment; atomics are other opcodes) of 1, 2, 4 or 8 bytes at `base +
//! c` with one `base` value, within a window of [`MAX_SPAN`] bytes. Its
//! constant stores are merged; its other stores (values computed at run
//! time) stay, and none of their bytes may overlap a constant store's
//! bytes, so they can be reordered with the merged stores (same base,
//! disjoint bytes: no aliasing). A store that does not fit ends the run
//! (and may start the next one).
//!
//! The merged bytes are the image of the constant stores in chain order
//! (a later store's byte replaces an earlier one's), so the memory after
//! the run is what it was. The image is cut into maximal contiguous
//! segments, each covered from its low end by the widest store that fits
//! the target ([`MemAccess`]): 16 bytes of zeros as a zero vector when
//! the target has one, else up to `max_int_bits`, naturally aligned (the
//! alignment known from the run's stores' alignments and offsets) unless
//! misaligned accesses of that width are fast, and a constant wider than
//! `store_imm_bits` only when it fits there sign-extended. A run is
//! rewritten only when this needs fewer stores than it had. The new chain
//! starts at the first store's input chain: the run's other stores (in
//! their order), then the merged stores; it replaces the last store's
//! chain result. Only when optimizing, as in LLVM.

use super::load_combine::base_offset;
use super::{slot, CombineCtx, Combiner, NONE};
use crate::lowering::MemAccess;
use crate::node::{Dag, Node, SDValue};
use crate::opcode::{Ext, MemInfo, Op};
use crate::vt::VT;
use rcc_ir::entity::EntityId;
use std::ops::Range;

/// The widest byte window one run may cover.
const MAX_SPAN: i64 = 128;
/// The most stores one run may hold (bounds the overlap checks).
const MAX_MEMBERS: usize = 64;

/// One store of the run being collected.
#[derive(Copy, Clone, Debug)]
pub(super) struct Member {
    node: Node,
    /// Offset from the run's base (wrapping `c` of `base + c`).
    offset: i64,
    bytes: u32,
    align: u32,
    /// The stored constant (low `bytes` bytes), if any.
    value: Option<u64>,
}

/// One store of a merged run: `bytes` bytes of `value` (a zero vector for
/// 16) at `base + offset`.
#[derive(Copy, Clone, Debug)]
pub(super) struct Chunk {
    offset: i64,
    bytes: u32,
    value: u64,
    align: u32,
}

/// An accepted run.
#[derive(Clone, Debug)]
pub(super) struct Merge {
    first: Node,
    last: Node,
    base: SDValue,
    /// The run's non-constant stores, in `cx.merge_keep`.
    keep: Range<usize>,
    /// The new stores, in `cx.merge_chunks`.
    chunks: Range<usize>,
}

/// Finds the runs of the old DAG (uses must be counted, `cx.stores`
/// collected in index order) and marks their stores in `cx.merge_of`.
pub(super) fn plan_store_merges(dag: &Dag, cx: &mut CombineCtx) {
    let n0 = dag.len();
    cx.merge_of.clear();
    cx.merge_of.resize(n0, NONE);
    cx.merges.clear();
    cx.merge_keep.clear();
    cx.merge_chunks.clear();
    if !cx.optimize || cx.mem.max_int_bits < 16 || cx.stores.len() < 2 {
        return;
    }
    let mut run = std::mem::take(&mut cx.run);
    run.clear();
    let mut base = None;
    for k in 0..cx.stores.len() {
        let s = cx.stores[k];
        let Some(m) = member(dag, s) else {
            close(cx, &mut run, base);
            continue;
        };
        let (b, off) = base_offset(dag, dag.operands(s)[2]);
        let mut m = m;
        m.offset = off as i64;
        if m.offset.unsigned_abs() > 1 << 40 {
            // Far offsets stay out (the window arithmetic never wraps).
            close(cx, &mut run, base);
            continue;
        }
        let linked = run.last().is_some_and(|p: &Member| {
            let prev = SDValue::new(p.node, 0);
            dag.operands(s)[0] == prev && cx.uses[slot(prev)] == 1
        });
        if !(linked && base == Some(b) && fits(&run, m)) {
            close(cx, &mut run, base);
        }
        if run.is_empty() {
            base = Some(b);
        }
        run.push(m);
    }
    close(cx, &mut run, base);
    cx.run = run;
}

/// Store `s` as a run member (offset not yet set), if it is a plain
/// integer store.
fn member(dag: &Dag, s: Node) -> Option<Member> {
    let info = MemInfo::unpack(dag.payload(s));
    let v = dag.operands(s)[1];
    let vt = dag.vt(v);
    if dag.vts(s) != [VT::Chain]
        || info.volatile
        || info.segment != crate::Segment::None
        || info.ext != Ext::None
        || !matches!(info.mem_bits, 8 | 16 | 32 | 64)
        || !matches!(vt, VT::I8 | VT::I16 | VT::I32 | VT::I64)
        || info.mem_bits > vt.bits()
    {
        return None;
    }
    Some(Member {
        node: s,
        offset: 0,
        bytes: info.mem_bits / 8,
        align: MemInfo::align_of(dag.payload(s)),
        value: dag.as_const(v),
    })
}

/// Whether `m` may join `run` (same base and linked already checked): the
/// window stays within [`MAX_SPAN`], and a constant store's bytes do not
/// overlap a kept store's.
fn fits(run: &[Member], m: Member) -> bool {
    if run.len() >= MAX_MEMBERS {
        return false;
    }
    let end = |x: &Member| x.offset.wrapping_add(i64::from(x.bytes));
    run.iter().all(|x| {
        let span = end(x).max(end(&m)).wrapping_sub(x.offset.min(m.offset));
        let overlap = x.offset < end(&m) && m.offset < end(x);
        (0..=MAX_SPAN).contains(&span) && !(overlap && x.value.is_some() != m.value.is_some())
    })
}

/// Ends `run`: records its merge if the constant stores need fewer stores
/// merged (see the module comment), then clears it.
fn close(cx: &mut CombineCtx, run: &mut Vec<Member>, base: Option<SDValue>) {
    let consts = run.iter().filter(|m| m.value.is_some()).count();
    let Some(base) = base.filter(|_| consts >= 2) else {
        run.clear();
        return;
    };
    let lo = run
        .iter()
        .filter(|m| m.value.is_some())
        .map(|m| m.offset)
        .min();
    let lo = lo.expect("two constant stores");
    // The image: byte i at lo + i, `None` if no constant store writes it.
    let mut image = [None::<u8>; MAX_SPAN as usize];
    for m in run.iter() {
        if let Some(v) = m.value {
            for i in 0..m.bytes {
                image[(m.offset - lo) as usize + i as usize] = Some((v >> (8 * i)) as u8);
            }
        }
    }
    let start = cx.merge_chunks.len();
    let mut i = 0;
    while i < image.len() {
        if image[i].is_none() {
            i += 1;
            continue;
        }
        let len = image[i..].iter().take_while(|b| b.is_some()).count();
        let offset = lo + i as i64;
        let align = known_align(run, offset);
        let c = chunk(&cx.mem, &image[i..i + len], offset, align);
        cx.merge_chunks.push(c);
        i += c.bytes as usize;
    }
    if cx.merge_chunks.len() - start >= consts {
        cx.merge_chunks.truncate(start);
        run.clear();
        return;
    }
    let k = cx.merges.len() as u32;
    let keep = cx.merge_keep.len();
    for m in run.iter() {
        cx.merge_of[m.node.index()] = k;
        if m.value.is_none() {
            cx.merge_keep.push(m.node);
        }
    }
    cx.merges.push(Merge {
        first: run[0].node,
        last: run[run.len() - 1].node,
        base,
        keep: keep..cx.merge_keep.len(),
        chunks: start..cx.merge_chunks.len(),
    });
    run.clear();
}

/// The alignment known for `base + offset` from the run's stores (each
/// store's address is aligned to its alignment).
fn known_align(run: &[Member], offset: i64) -> u32 {
    run.iter()
        .map(|m| {
            let d = offset.wrapping_sub(m.offset);
            if d == 0 {
                m.align
            } else {
                m.align.min(1u32 << d.trailing_zeros().min(16))
            }
        })
        .max()
        .unwrap_or(1)
}

/// The widest store covering the start of contiguous `bytes` at `offset`
/// with known alignment `align` (see the module comment).
fn chunk(mem: &MemAccess, bytes: &[Option<u8>], offset: i64, align: u32) -> Chunk {
    let value = |w: usize| {
        (0..w).fold(0u64, |v, i| {
            v | u64::from(bytes[i].expect("contiguous")) << (8 * i)
        })
    };
    for w in [16usize, 8, 4, 2] {
        let bits = 8 * w as u32;
        if w > bytes.len() || (align < w as u32 && mem.misaligned_fast_bits < bits) {
            continue;
        }
        if w == 16 {
            if mem.zero_vector.is_some() && bytes[..16].iter().all(|&b| b == Some(0)) {
                return Chunk {
                    offset,
                    bytes: 16,
                    value: 0,
                    align,
                };
            }
            continue;
        }
        if bits > mem.max_int_bits {
            continue;
        }
        let v = value(w);
        if bits > mem.store_imm_bits {
            let sh = 64 - mem.store_imm_bits;
            let sx = ((v << (64 - bits)) as i64) >> (64 - bits);
            if (sx << sh) >> sh != sx {
                continue;
            }
        }
        return Chunk {
            offset,
            bytes: w as u32,
            value: v,
            align,
        };
    }
    Chunk {
        offset,
        bytes: 1,
        value: value(1),
        align,
    }
}

impl Combiner<'_> {
    /// Store `n` of merge `k`: nothing until the last store of the run,
    /// which builds the new chain (see the module comment); only the last
    /// store's chain result has readers outside the run.
    pub(super) fn merged(&mut self, n: Node, k: usize) {
        let m = self.cx.merges[k].clone();
        if n != m.last {
            return;
        }
        let mut chain = self.val(self.dag.operands(m.first)[0]);
        for i in m.keep.clone() {
            let s = self.cx.merge_keep[i];
            let ops = self.dag.operands(s);
            let ops = [chain, self.val(ops[1]), self.val(ops[2])];
            let payload = self.dag.payload(s);
            chain = self.value(Op::Store, VT::Chain, &ops, payload, None, 0);
        }
        let base = self.val(m.base);
        let avt = self.dag.vt(base);
        for i in m.chunks.clone() {
            let c = self.cx.merge_chunks[i];
            let addr = if c.offset == 0 {
                base
            } else {
                let off = self.konst(avt, c.offset as u64 & avt.mask());
                self.mk(Op::Add, avt, &[base, off], 1)
            };
            let v = match c.bytes {
                16 => {
                    let vt = self.cx.mem.zero_vector.expect("zero chunks need a vector");
                    let z = self.konst(vt.elem(), 0);
                    let lanes = [z; 16];
                    let n = (vt.lanes() as usize).min(16);
                    self.dag.value(Op::BuildVector, vt, &lanes[..n], 0)
                }
                w => {
                    let vt = match w {
                        1 => VT::I8,
                        2 => VT::I16,
                        4 => VT::I32,
                        _ => VT::I64,
                    };
                    self.konst(vt, c.value)
                }
            };
            let info = MemInfo {
                mem_bits: 8 * c.bytes,
                ext: Ext::None,
                volatile: false,
                segment: crate::Segment::None,
            };
            let payload = MemInfo::with_align(info.pack(), c.align);
            let st = self
                .dag
                .node(Op::Store, &[VT::Chain], &[chain, v, addr], payload);
            chain = SDValue::new(st, 0);
        }
        self.cx.map[n.index() * 4] = Some(chain);
    }
}
