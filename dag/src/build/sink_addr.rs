//! Address sinking: LLVM's CodeGenPrepare `optimizeMemoryInst` for a
//! per-block selector. A load or store whose address is a `getelementptr`
//! computed in another block would read that address from a virtual
//! register (one more value live across blocks, and an addressing mode
//! reduced to `(%reg)`); instead the block recomputes the address from the
//! GEP's operands, so the whole of it folds into the memory operand
//! (`80(%rdi,%rax,8)` rather than `leaq 80(%rdi,%rax,8), %rsi` in one block
//! and `(%rsi)` in the next).
//!
//! [`plan`] decides, before the function's cross-block values are
//! counted, which memory instructions get their address rebuilt
//! ([`SinkPlan::sunk`]) and which values they then read from other blocks
//! (the *leaves*, which must be exported instead of the address). The
//! builder rebuilds an address by [`rebuilds`]: every scalar GEP of
//! another block on the address's base chain, up to [`MAX_DEPTH`], is
//! built again in the using block; everything else is read as usual. Plan
//! and builder walk the same chain through the same predicate, so every
//! value the rebuilt address reads from another block has a register.
//!
//! An address is sunk when (1) the target says the rebuilt shape is one
//! addressing mode ([`CallLowering::legal_address`]: terms with their
//! scales, a free base such as a symbol or a frame object, a constant
//! offset), and (2) it does not lengthen live ranges for nothing (LLVM's
//! `isProfitableToFoldIntoAddressingMode`): every register the rebuilt
//! address reads is used in the block anyway, or every GEP of the chain is
//! used only as the address of loads and stores (directly or through other
//! such GEPs), so the GEP's own register goes away where its leaves come
//! in. Only optimizing (`-O1` and up); atomic and volatile accesses keep
//! their address.

use super::FunctionLowering;
use crate::lowering::{AddrShape, CallLowering};
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::EntityId;
use rcc_ir::inst::{self, Opcode};
use rcc_ir::types::{Type, TypeId, TypeLookup};
use rcc_ir::{Block, Function, Inst, Value, ValueTag};

/// GEPs rebuilt below an address, at most (LLVM's matcher stops at a
/// recursion depth of 5).
pub(super) const MAX_DEPTH: u32 = 4;

/// Which memory instructions rebuild their address, and the values they
/// then need from other blocks.
#[derive(Default)]
pub(super) struct SinkPlan {
    /// Per instruction: a load or store whose address is rebuilt.
    sunk: Vec<bool>,
    /// Instructions the rebuilt addresses read in other blocks (in program
    /// order; may repeat).
    pub leaves: Vec<Inst>,
}

impl SinkPlan {
    pub fn sunk(&self, i: Inst) -> bool {
        self.sunk.get(i.index()).copied().unwrap_or(false)
    }
}

/// The address operand of a load or store the plan may rebuild (plain,
/// non-atomic, non-volatile).
pub(super) fn address_operand(f: &Function, i: Inst) -> Option<usize> {
    let flags = f.flags[i.index()];
    if flags & (inst::ATOMIC | inst::VOLATILE) != 0 {
        return None;
    }
    match f.op(i) {
        Opcode::Load => Some(0),
        Opcode::Store => Some(1),
        _ => None,
    }
}

/// Whether `v`, reached at `depth` below an address used in block `b`, is
/// a GEP the builder rebuilds in `b`.
pub(super) fn rebuilds(fl: &FunctionLowering<'_>, v: Value, b: Block, depth: u32) -> Option<Inst> {
    let d = v.as_entity::<Inst>(ValueTag::Inst)?;
    let f = fl.f;
    (depth < MAX_DEPTH
        && f.op(d) == Opcode::GetElementPtr
        && fl.inst_block[d.index()] != b.as_u32()
        && fl.frame_of[d.index()].is_none()
        && !matches!(fl.m.types.get(f.ty[d.index()]), Type::Vector { .. }))
    .then_some(d)
}

/// Decides the sinking of every address of `fl.f` (see the module comment).
pub(super) fn plan(fl: &FunctionLowering<'_>, lower: &dyn CallLowering) -> SinkPlan {
    let f = fl.f;
    let n = f.num_insts();
    let mut p = SinkPlan::default();
    let mem_only = memory_only_uses(f);
    // Per instruction and argument: the last block (+1) that uses it.
    let mut used_in = vec![0u32; n];
    let mut arg_used_in = vec![0u32; fl.arg_tys.len()];
    let mut w = Walk::default();
    for b in f.blocks.keys() {
        let stamp = b.as_u32() + 1;
        for i in f.block_insts(b) {
            for &v in f.inst_ops(i) {
                match v.tag() {
                    ValueTag::Inst if v.index() < n => used_in[v.index()] = stamp,
                    ValueTag::Arg if v.index() < arg_used_in.len() => {
                        arg_used_in[v.index()] = stamp
                    }
                    _ => {}
                }
            }
        }
        for i in f.block_insts(b) {
            let Some(k) = address_operand(f, i) else {
                continue;
            };
            let Some(&a) = f.inst_ops(i).get(k) else {
                continue;
            };
            if rebuilds(fl, a, b, 0).is_none() {
                continue;
            }
            w.clear();
            if !w.value(fl, a, b, 0, 1) || !lower.legal_address(&w.shape) {
                continue;
            }
            // In reachable code every leaf dominates the address, which
            // dominates this block; unreachable blocks need not respect
            // dominance, and a leaf of this very block may come after `i`.
            if w.regs.iter().any(|v| {
                v.as_entity::<Inst>(ValueTag::Inst)
                    .is_some_and(|d| fl.inst_block[d.index()] == b.as_u32())
            }) {
                continue;
            }
            let live = w.regs.iter().all(|v| match v.tag() {
                ValueTag::Inst => used_in[v.index()] == stamp,
                ValueTag::Arg => arg_used_in[v.index()] == stamp,
                _ => true,
            });
            if !live && !w.geps.iter().all(|g| mem_only[g.index()]) {
                continue;
            }
            if p.sunk.is_empty() {
                p.sunk.resize(n, false);
            }
            p.sunk[i.index()] = true;
            p.leaves.extend(
                w.regs
                    .iter()
                    .filter_map(|v| v.as_entity::<Inst>(ValueTag::Inst)),
            );
        }
    }
    p
}

/// The shape of one rebuilt address, with the GEPs it rebuilds and the
/// registers it reads.
#[derive(Default)]
struct Walk {
    shape: AddrShape,
    geps: Vec<Inst>,
    regs: Vec<Value>,
}

impl Walk {
    fn clear(&mut self) {
        self.shape = AddrShape::default();
        self.geps.clear();
        self.regs.clear();
    }

    fn term(&mut self, v: Value, scale: u64) -> bool {
        if self.regs.len() >= 3 {
            return false;
        }
        self.regs.push(v);
        self.shape.scales[self.shape.terms as usize] = scale;
        self.shape.terms += 1;
        true
    }

    fn offset(&mut self, c: i64) -> bool {
        match self.shape.offset.checked_add(c) {
            Some(o) => {
                self.shape.offset = o;
                true
            }
            None => false,
        }
    }

    /// Adds `v` (a base pointer) to the shape; false when it cannot be
    /// described (then nothing is sunk).
    fn value(
        &mut self,
        fl: &FunctionLowering<'_>,
        v: Value,
        b: Block,
        depth: u32,
        scale: u64,
    ) -> bool {
        if let Some(d) = rebuilds(fl, v, b, depth) {
            self.geps.push(d);
            return self.gep(fl, d, b, depth);
        }
        let f = fl.f;
        match v.tag() {
            ValueTag::Inst if !fl.frame_of[v.index()].is_none() => {
                self.shape.free_bases += 1;
                true
            }
            ValueTag::Inst | ValueTag::Arg => self.term(v, scale),
            ValueTag::Global => {
                let g = rcc_ir::GlobalId::from_index(v.index());
                if fl.m.globals[g].tls != rcc_ir::module::ThreadLocal::None {
                    return false;
                }
                self.shape.free_bases += 1;
                true
            }
            ValueTag::Const => match f.consts.get(ConstId::from_index(v.index())).kind {
                ConstKind::Null | ConstKind::Zero => true,
                // A constant address (a GEP of a global, a cast): rebuilt
                // in the block like any constant.
                ConstKind::Expr { .. } => {
                    self.shape.free_bases += 1;
                    true
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// Adds GEP `d`: its base, then its indices over the source element
    /// type (the builder's `gep_value` walk).
    fn gep(&mut self, fl: &FunctionLowering<'_>, d: Inst, b: Block, depth: u32) -> bool {
        let (f, m) = (fl.f, fl.m);
        let types = &m.types;
        let ops = f.inst_ops(d);
        if !self.value(fl, ops[0], b, depth + 1, 1) {
            return false;
        }
        let mut ty = TypeId::from_u32(f.extra[d.index()]);
        for (k, &idx) in ops[1..].iter().enumerate() {
            if k > 0 {
                match types.get(ty) {
                    Type::Struct { .. } | Type::Named { .. } => {
                        let Some(field) = super::const_int(f, idx) else {
                            return false;
                        };
                        if field as usize >= types.fields(ty).len() {
                            return false;
                        }
                        let off = fl.dl.field_offset(types, ty, field as usize);
                        if !self.offset(off as i64) {
                            return false;
                        }
                        ty = types.fields(ty)[field as usize];
                        continue;
                    }
                    Type::Array { elem, .. } | Type::Vector { elem, .. } => ty = elem,
                    _ => return false,
                }
            }
            let size = fl.dl.alloc_size(types, ty);
            match idx.tag() {
                ValueTag::Const => {
                    let Some(c) = super::const_int(f, idx) else {
                        return false;
                    };
                    let bits = match types.get(index_ty(fl, idx)) {
                        Type::Int(w) => w.clamp(1, 64),
                        _ => return false,
                    };
                    let sh = 64 - bits;
                    let c = ((c << sh) as i64) >> sh;
                    let Some(o) = c.checked_mul(size as i64) else {
                        return false;
                    };
                    if !self.offset(o) {
                        return false;
                    }
                }
                ValueTag::Inst | ValueTag::Arg => {
                    // Only full-width integer indices (a narrower one is
                    // sign-extended, which the rebuilt address would redo).
                    if !matches!(types.get(index_ty(fl, idx)), Type::Int(64)) {
                        return false;
                    }
                    if size == 0 || !self.term(idx, size) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        true
    }
}

/// The IR type of GEP index `v` (a constant, instruction or argument).
fn index_ty(fl: &FunctionLowering<'_>, v: Value) -> TypeId {
    let f = fl.f;
    match v.tag() {
        ValueTag::Inst => f.ty[v.index()],
        ValueTag::Arg => fl.arg_tys[v.index()],
        _ => f.consts.get(ConstId::from_index(v.index())).ty,
    }
}

/// Per instruction: every use is the address of a plain load or store, or
/// the base of a GEP with that property.
fn memory_only_uses(f: &Function) -> Vec<bool> {
    let n = f.num_insts();
    let mut bad = vec![false; n];
    // (GEP, its base): the base is bad if the GEP is.
    let mut gep_bases: Vec<(u32, u32)> = Vec::new();
    for b in f.blocks.keys() {
        for i in f.block_insts(b) {
            let addr = address_operand(f, i);
            let gep = f.op(i) == Opcode::GetElementPtr;
            for (k, &v) in f.inst_ops(i).iter().enumerate() {
                let Some(d) = v.as_entity::<Inst>(ValueTag::Inst) else {
                    continue;
                };
                if d.index() >= n {
                    continue;
                }
                if Some(k) == addr && (k == 0 || f.inst_ops(i)[0] != v) {
                    continue;
                }
                if gep && k == 0 {
                    gep_bases.push((i.as_u32(), d.as_u32()));
                    continue;
                }
                bad[d.index()] = true;
            }
        }
    }
    // Propagate down GEP chains; a few passes reach the fixed point in
    // practice, and whatever is still undecided is taken as bad.
    for pass in 0..4 {
        let mut changed = false;
        for &(g, d) in gep_bases.iter().rev() {
            if bad[g as usize] && !bad[d as usize] {
                bad[d as usize] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
        if pass == 3 {
            for &(_, d) in &gep_bases {
                bad[d as usize] = true;
            }
        }
    }
    bad.iter().map(|&x| !x).collect()
}
