//! Direct instruction selection for `-O0` (LLVM's FastISel): each IR block
//! is selected straight from the IR arenas into machine instructions, with
//! no SelectionDAG, and falls back to the DAG path for the whole block when
//! the target does not handle one of its instructions.
//!
//! This module owns the target-independent part: the per-block decision
//! (every instruction checked by the target *before* anything is emitted,
//! so a fallback never leaves half a block behind), the value -> register
//! map of the block's own values, the copies of values other blocks read
//! into their [`FunctionLowering`] registers (the same registers the DAG
//! path writes with `CopyToReg`, so directly selected and fallen-back
//! blocks mix freely), the copies of phi inputs into the edge registers
//! before the terminator, and the fallback accounting by construct
//! ([`Fallback`]). The target ([`FastTarget`]) says which instructions it
//! selects and emits them.
//!
//! What several queries of a block read is computed once: each GEP of
//! the block is taken apart before the block is checked ([`FastBlock::gep`]),
//! and the value type of each IR type is remembered for the function
//! ([`FastBlock::vt`]); the per-worker [`FastCx`] keeps every buffer, so
//! the driver allocates nothing per block.
//!
//! Invariants: a block is either selected here completely or not at all
//! (then `select_step` builds its DAG from scratch); every value read by
//! another block is copied into its cross-block register right after it
//! is computed; the block's PHIs, arguments and landing-pad entry are the
//! driver's (`isel::function`), as on the DAG path.

use crate::build::FunctionLowering;
use crate::{IselError, VT};
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::{EntityId, PackedOption};
use rcc_ir::inst::Opcode;
use rcc_ir::types::TypeId;
use rcc_ir::{Block, GlobalId, Inst, Value, ValueTag};
use rcc_mach::{FrameIdx, MBlock, MOpc, MachFunction, Operand, VReg};
use std::cell::Cell;

/// Why a block fell back to the SelectionDAG, by construct (the `-stats`
/// counters of `finalize-isel`, one per kind, in [`Fallback::ALL`] order).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// A call whose arguments, result, callee or convention the selector
    /// does not handle (aggregates, `byval`, `i1` or x87 values, tail
    /// calls, bundles, other conventions).
    Call,
    /// An intrinsic other than the memory intrinsics and those without
    /// code (`va_start`, `llvm.fabs`, overflow arithmetic, ...).
    Intrinsic,
    /// An `invoke`.
    Invoke,
    /// A load, store or address the direct selector does not handle (odd
    /// width, thread-local, constant expression, non-constant GEP parts).
    Memory,
    /// An atomic load or store, `cmpxchg`, `atomicrmw`, `fence`.
    Atomic,
    /// A dynamic `alloca`.
    DynamicAlloca,
    /// Floating-point operations it does not select (unsigned
    /// conversions, `fneg`, `frem`, `x86_fp80`, float `select`).
    Float,
    /// Vector values.
    Vector,
    /// `extractvalue`, `insertvalue` and aggregate values.
    Aggregate,
    /// A `switch` or `indirectbr`.
    Switch,
    /// A block that is not plain (landing pad, split return, blocks with
    /// several machine steps).
    SpecialBlock,
    /// Anything else (`va_arg`, `freeze`, odd widths, i1 arithmetic,
    /// returns of narrow or aggregate values, `sret` returns).
    Other,
}

impl Fallback {
    /// The number of fallback kinds.
    pub const COUNT: usize = 12;

    /// Every kind, in counter order.
    pub const ALL: [Fallback; Self::COUNT] = [
        Fallback::Call,
        Fallback::Intrinsic,
        Fallback::Invoke,
        Fallback::Memory,
        Fallback::Atomic,
        Fallback::DynamicAlloca,
        Fallback::Float,
        Fallback::Vector,
        Fallback::Aggregate,
        Fallback::Switch,
        Fallback::SpecialBlock,
        Fallback::Other,
    ];

    /// The index of this kind in [`FastStats::fallbacks`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Blocks selected directly and blocks that fell back, per function, and
/// the uses of compares the SelectionDAG builder rebuilt in their blocks
/// (CodeGenPrepare's compare sinking, when optimizing).
#[derive(Copy, Clone, Debug, Default)]
pub struct FastStats {
    pub direct: u64,
    pub fallbacks: [u64; Fallback::COUNT],
    pub cmp_uses_sunk: u64,
}

impl FastStats {
    /// All blocks that fell back.
    pub fn fell_back(&self) -> u64 {
        self.fallbacks.iter().sum()
    }
}

/// An IR operand as the direct selector sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FastVal {
    /// In a virtual register (a value of this block, of another block, or
    /// an argument).
    Reg(VReg),
    /// The address of a frame object (a static alloca, a `byval` argument).
    Frame(FrameIdx),
    /// An integer constant (null pointers and zero included), as its bits.
    Int(u64),
    /// A `float` or `double` constant, as its IEEE bits.
    Float(u64),
    /// The address of a global plus a constant byte offset (a constant
    /// `getelementptr` over it folded).
    Global(GlobalId, i64),
    /// `undef` or `poison`.
    Undef,
    /// A value of this block not computed yet: seen only while the block
    /// is checked, before anything is emitted.
    Pending,
}

/// A target's direct selector.
pub trait FastTarget {
    /// Whether the target selects instruction `i` of the block directly;
    /// otherwise the construct that makes the block fall back. Called for
    /// every instruction of the block before any is selected.
    fn check(&self, fx: &FastBlock<'_, '_>, i: Inst) -> Result<(), Fallback>;
    /// Whether the target can put value `v` (of IR type `ty`) in a
    /// register (a phi input).
    fn check_value(&self, fx: &FastBlock<'_, '_>, v: Value, ty: TypeId) -> bool;
    /// Selects instruction `i` (checked) into the open block of `mf`.
    fn select(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        i: Inst,
    ) -> Result<(), IselError>;
    /// A register holding value `v` of IR type `ty` (checked by
    /// [`FastTarget::check_value`]), materialized in the open block.
    fn materialize(
        &mut self,
        fx: &mut FastBlock<'_, '_>,
        mf: &mut MachFunction,
        v: Value,
        ty: TypeId,
    ) -> Result<VReg, IselError>;
}

/// Reused per-worker state of the direct selector.
#[derive(Default)]
pub struct FastCx {
    /// Register of each instruction of the current block (indexed by
    /// instruction; entries of a block are reset after it).
    vals: Vec<PackedOption<VReg>>,
    /// Uses of each instruction inside the current block.
    uses: Vec<u32>,
    /// Per instruction of the current block: 1 + its index in `geps` if
    /// it is a GEP (0 otherwise; entries of a block are reset after it).
    gep_of: Vec<u32>,
    /// The parts of the current block's GEPs, each computed once.
    geps: Vec<GepEntry>,
    /// The scaled indices of `geps`.
    gep_pool: Vec<(Value, u64)>,
    /// The scalar value type of each module type, filled as asked
    /// ([`FastBlock::vt`]; emptied per function by
    /// [`FastCx::begin_function`]).
    vts: Vec<Cell<u8>>,
    /// The distinct successors of a terminator (reused).
    succs: Vec<Block>,
    /// Counts of the current function.
    pub stats: FastStats,
}

impl FastCx {
    /// Starts a function: its counts are zero and what was cached about
    /// the previous function's module is dropped.
    pub fn begin_function(&mut self) {
        self.stats = FastStats::default();
        self.vts.clear();
    }
}

/// [`FastCx::vts`] entries: not asked yet, no value type, a type to ask
/// [`VT::of`] each time (vectors and other wide types); else the index in
/// [`SCALAR_VTS`] plus [`VT_FIRST`].
const VT_UNKNOWN: u8 = 0;
const VT_NONE: u8 = 1;
const VT_UNCACHED: u8 = 2;
const VT_FIRST: u8 = 3;
const SCALAR_VTS: [VT; 7] = [VT::I1, VT::I8, VT::I16, VT::I32, VT::I64, VT::F32, VT::F64];

/// The block being selected directly: what a [`FastTarget`] reads and
/// records values through.
pub struct FastBlock<'a, 'f> {
    pub fl: &'a FunctionLowering<'f>,
    pub b: Block,
    vals: &'a mut Vec<PackedOption<VReg>>,
    uses: &'a [u32],
    vts: &'a [Cell<u8>],
    gep_of: &'a [u32],
    geps: &'a [GepEntry],
    gep_pool: &'a [(Value, u64)],
}

/// The parts of one GEP of the block ([`FastBlock::gep`]): `None` when
/// the direct selector does not take it apart.
#[derive(Copy, Clone)]
struct GepEntry {
    offset: Option<u64>,
    start: u32,
    end: u32,
}

impl<'a> FastBlock<'a, '_> {
    /// The IR type of operand `v`.
    pub fn ty(&self, v: Value) -> TypeId {
        let f = self.fl.f;
        match v.tag() {
            ValueTag::Inst => f.ty[v.index()],
            ValueTag::Arg => self
                .fl
                .arg_value(v.index())
                .map_or(rcc_ir::types::prim::PTR, |a| a.1),
            ValueTag::Const => f.consts.get(ConstId::from_index(v.index())).ty,
            _ => rcc_ir::types::prim::PTR,
        }
    }

    /// Operand `v` as the selector sees it; `None` for what it does not
    /// handle (aggregates' parts, constant expressions, floats, ...).
    pub fn value(&self, v: Value) -> Option<FastVal> {
        match v.tag() {
            ValueTag::Inst => {
                let i = Inst::from_index(v.index());
                if let Some(r) = self.vals[v.index()].expand() {
                    return Some(FastVal::Reg(r));
                }
                if let Some(fi) = self.fl.static_frame(i) {
                    return Some(FastVal::Frame(fi));
                }
                if self.fl.block_of(i) == self.b && self.fl.f.op(i) != Opcode::Phi {
                    return Some(FastVal::Pending);
                }
                self.fl.value_vreg(i).map(FastVal::Reg)
            }
            ValueTag::Arg => match self.fl.arg_value(v.index())?.0 {
                crate::ArgValue::Reg(r) => Some(FastVal::Reg(r)),
                crate::ArgValue::Frame(fi) => Some(FastVal::Frame(fi)),
            },
            ValueTag::Global => Some(FastVal::Global(GlobalId::from_index(v.index()), 0)),
            ValueTag::Const => match self.fl.f.consts.get(ConstId::from_index(v.index())).kind {
                ConstKind::Int(x) => Some(FastVal::Int(x)),
                ConstKind::Expr {
                    op: Opcode::GetElementPtr,
                    flags,
                    aux,
                    ..
                } => {
                    // A constant offset from a global.
                    let c = ConstId::from_index(v.index());
                    let f = self.fl.f;
                    let skip = if flags & rcc_ir::inst::GEP_INRANGE != 0 {
                        2
                    } else {
                        0
                    };
                    let ops = &f.consts.operands(c)[skip..];
                    let g = ops[0].as_entity::<GlobalId>(ValueTag::Global)?;
                    // Only constant parts (no pool to take scaled indices).
                    let off = gep_parts_of(self.fl, f.consts.get(c).ty, aux, ops, None)? as i64;
                    (off == (off as i32) as i64).then_some(FastVal::Global(g, off))
                }
                ConstKind::Null | ConstKind::Zero => Some(FastVal::Int(0)),
                ConstKind::Float(bits) => Some(FastVal::Float(bits)),
                ConstKind::Undef | ConstKind::Poison => Some(FastVal::Undef),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value type of IR type `ty` ([`VT::of`], remembered per
    /// function for the scalar ones).
    pub fn vt(&self, ty: TypeId) -> Option<VT> {
        let fl = self.fl;
        let Some(c) = self.vts.get(ty.index()) else {
            return VT::of(&fl.m.types, fl.dl, ty);
        };
        match c.get() {
            VT_NONE => None,
            VT_UNCACHED => VT::of(&fl.m.types, fl.dl, ty),
            VT_UNKNOWN => {
                let vt = VT::of(&fl.m.types, fl.dl, ty);
                c.set(match vt {
                    None => VT_NONE,
                    Some(v) => SCALAR_VTS
                        .iter()
                        .position(|&s| s == v)
                        .map_or(VT_UNCACHED, |k| VT_FIRST + k as u8),
                });
                vt
            }
            k => Some(SCALAR_VTS[(k - VT_FIRST) as usize]),
        }
    }

    /// GEP `i` of this block taken apart ([`gep_parts_of`]), computed
    /// once per block: `None` for a vector GEP, a non-constant struct
    /// index, an index wider than 64 bits, or an instruction that is not
    /// a GEP of this block.
    pub fn gep(&self, i: Inst) -> Option<GepParts<'a>> {
        let k = self.gep_of[i.index()].checked_sub(1)?;
        let e = self.geps[k as usize];
        Some(GepParts {
            offset: e.offset?,
            scaled: &self.gep_pool[e.start as usize..e.end as usize],
        })
    }

    /// The instruction after `i` (of this block) in the block, if any.
    pub fn next_inst(&self, i: Inst) -> Option<Inst> {
        let last = self.fl.f.block_insts(self.b).next_back()?;
        (i.index() < last.index()).then(|| Inst::from_index(i.index() + 1))
    }

    /// Uses of instruction `i` inside this block (phi inputs on edges
    /// from it included).
    pub fn local_uses(&self, i: Inst) -> u32 {
        self.uses[i.index()]
    }

    /// Whether another block reads `i` (through its cross-block register).
    pub fn exported(&self, i: Inst) -> bool {
        self.fl.f.op(i) != Opcode::Phi && self.fl.value_vreg(i).is_some()
    }

    /// Records `r` as the register of `i`'s value, and copies it into
    /// `i`'s cross-block register if another block reads it.
    pub fn set(&mut self, mf: &mut MachFunction, i: Inst, r: VReg) {
        self.vals[i.index()] = PackedOption::some(r);
        if self.exported(i) {
            if let Some(x) = self.fl.value_vreg(i) {
                mf.push(MOpc::COPY, &[Operand::reg_def(x), Operand::reg_use(r)]);
            }
        }
    }
}

/// Selects IR block `b` directly into the open machine block of `mf`, or
/// returns the construct that makes it fall back (nothing emitted).
pub fn select_block<T: FastTarget + ?Sized>(
    fl: &FunctionLowering<'_>,
    b: Block,
    mf: &mut MachFunction,
    t: &mut T,
    cx: &mut FastCx,
) -> Result<Option<Fallback>, IselError> {
    let f = fl.f;
    if !fl.is_plain_but_switch(b) {
        // Counted too, so that the counters cover every IR block.
        let why = match f.block_insts(b).last().map(|t| f.op(t)) {
            Some(Opcode::Switch | Opcode::IndirectBr) => Fallback::Switch,
            _ => Fallback::SpecialBlock,
        };
        cx.stats.fallbacks[why.index()] += 1;
        return Ok(Some(why));
    }
    let n = f.num_insts();
    if cx.vals.len() != n {
        cx.vals.clear();
        cx.vals.resize(n, PackedOption::default());
        cx.uses.clear();
        cx.uses.resize(n, 0);
        cx.gep_of.clear();
        cx.gep_of.resize(n, 0);
    }
    cx.geps.clear();
    cx.gep_pool.clear();
    if cx.vts.is_empty() {
        cx.vts.resize(fl.m.types.len(), Cell::new(VT_UNKNOWN));
    }
    // Uses in the block, and as inputs of the successors' phis on edges
    // from it (read by the copies before the terminator).
    let count = |uses: &mut Vec<u32>, v: Value| {
        if let Some(d) = v.as_entity::<Inst>(ValueTag::Inst) {
            if fl.block_of(d) == b {
                uses[d.index()] += 1;
            }
        }
    };
    for i in f.block_insts(b) {
        for &v in f.inst_ops(i) {
            count(&mut cx.uses, v);
        }
        if f.op(i) == Opcode::GetElementPtr {
            let start = cx.gep_pool.len();
            let offset = gep_parts_of(
                fl,
                f.ty[i.index()],
                TypeId::from_u32(f.extra[i.index()]),
                f.inst_ops(i),
                Some(&mut cx.gep_pool),
            );
            if offset.is_none() {
                cx.gep_pool.truncate(start);
            }
            cx.geps.push(GepEntry {
                offset,
                start: start as u32,
                end: cx.gep_pool.len() as u32,
            });
            cx.gep_of[i.index()] = cx.geps.len() as u32;
        }
        if f.op(i).is_terminator() {
            for s in f.successors(i) {
                for (_, v, _) in phi_inputs(fl, b, s) {
                    count(&mut cx.uses, v);
                }
            }
        }
    }
    let mut fx = FastBlock {
        fl,
        b,
        vals: &mut cx.vals,
        uses: &cx.uses,
        vts: &cx.vts,
        gep_of: &cx.gep_of,
        geps: &cx.geps,
        gep_pool: &cx.gep_pool,
    };
    let verdict = check_block(&fx, t);
    let r = match verdict {
        Some(why) => Ok(Some(why)),
        None => emit_block(&mut fx, mf, t, &mut cx.succs).map(|()| None),
    };
    // Only the block's own instructions were counted.
    for i in f.block_insts(b) {
        cx.vals[i.index()] = PackedOption::default();
        cx.uses[i.index()] = 0;
        cx.gep_of[i.index()] = 0;
    }
    match r {
        Ok(None) => cx.stats.direct += 1,
        Ok(Some(why)) => cx.stats.fallbacks[why.index()] += 1,
        Err(_) => {}
    }
    r
}

/// The first construct of block `fx.b` the target does not select, if any
/// (instructions and the phi inputs its terminator copies).
fn check_block<T: FastTarget + ?Sized>(fx: &FastBlock<'_, '_>, t: &T) -> Option<Fallback> {
    let f = fx.fl.f;
    for i in f.block_insts(fx.b) {
        if let Err(why) = t.check(fx, i) {
            return Some(why);
        }
        if f.op(i).is_terminator() {
            for s in f.successors(i) {
                for (_, v, ty) in phi_inputs(fx.fl, fx.b, s) {
                    if !t.check_value(fx, v, ty) {
                        return Some(Fallback::Other);
                    }
                }
            }
        }
    }
    None
}

/// The (edge register, input value, type) of each phi of `succ` on the
/// edge from `b`.
fn phi_inputs<'a>(
    fl: &'a FunctionLowering<'_>,
    b: Block,
    succ: Block,
) -> impl Iterator<Item = (VReg, Value, TypeId)> + 'a {
    let f = fl.f;
    f.block_insts(succ)
        .take_while(move |&p| f.op(p) == Opcode::Phi)
        .filter_map(move |p| {
            let edge = fl.edge_vreg(b, p)?;
            let pair = f.inst_ops(p).chunks(2).find(|c| {
                c.get(1).and_then(|x| x.as_entity::<Block>(ValueTag::Block)) == Some(b)
            })?;
            Some((edge, pair[0], f.ty[p.index()]))
        })
}

fn emit_block<T: FastTarget + ?Sized>(
    fx: &mut FastBlock<'_, '_>,
    mf: &mut MachFunction,
    t: &mut T,
    succs: &mut Vec<Block>,
) -> Result<(), IselError> {
    let f = fx.fl.f;
    for i in f.block_insts(fx.b) {
        if f.op(i).is_terminator() {
            // The successors' phi inputs go into their edge registers
            // before the branch (once per successor, as the DAG path).
            succs.clear();
            for s in f.successors(i) {
                if !succs.contains(&s) {
                    succs.push(s);
                }
            }
            for &s in succs.iter() {
                let fl = fx.fl;
                for (edge, v, ty) in phi_inputs(fl, fx.b, s) {
                    let r = t.materialize(fx, mf, v, ty)?;
                    mf.push(MOpc::COPY, &[Operand::reg_def(edge), Operand::reg_use(r)]);
                }
            }
        }
        if !trivially_dead(fx, i) {
            t.select(fx, mf, i)?;
        }
    }
    Ok(())
}

/// Whether `i` computes a value nobody reads and does nothing else (as
/// FastISel skips `isInstructionTriviallyDead` instructions): arithmetic,
/// compares, casts, GEPs, selects and non-volatile, non-atomic loads
/// with no use in the block, in a phi on its edges or in another block.
fn trivially_dead(fx: &FastBlock<'_, '_>, i: Inst) -> bool {
    use Opcode as O;
    let f = fx.fl.f;
    let pure = match f.op(i) {
        O::Load => f.flags[i.index()] & (rcc_ir::inst::VOLATILE | rcc_ir::inst::ATOMIC) == 0,
        o => {
            o.is_fp_op()
                || matches!(
                    o,
                    O::Add
                        | O::Sub
                        | O::Mul
                        | O::And
                        | O::Or
                        | O::Xor
                        | O::Shl
                        | O::LShr
                        | O::AShr
                        | O::UDiv
                        | O::SDiv
                        | O::URem
                        | O::SRem
                        | O::ICmp
                        | O::Select
                        | O::GetElementPtr
                        | O::ZExt
                        | O::SExt
                        | O::Trunc
                        | O::PtrToInt
                        | O::IntToPtr
                        | O::BitCast
                )
        }
    };
    pure && fx.local_uses(i) == 0 && !fx.exported(i)
}

/// The machine block of IR block operand `v` (a branch target).
pub fn block_operand(fl: &FunctionLowering<'_>, v: Value) -> Option<MBlock> {
    let b = v.as_entity::<Block>(ValueTag::Block)?;
    fl.blocks.get(b.index()).copied()
}

/// A GEP taken apart: the constant byte offset and the (index, element
/// size) of each non-constant index, in order.
#[derive(Copy, Clone)]
pub struct GepParts<'a> {
    pub offset: u64,
    pub scaled: &'a [(Value, u64)],
}

/// Takes a GEP of type `result` over source element type `source` with
/// operands `ops` (base first; an instruction or a constant expression)
/// apart through the data layout (as the DAG builder's `gep_value`):
/// struct fields and constant indices become the returned offset
/// (indices sign-extended from their width), other indices, scaled by
/// their element's allocation size, are pushed on `scaled`. `None` for a
/// vector GEP, a non-constant struct index, an index wider than 64 bits,
/// or a non-constant index when `scaled` is `None`.
fn gep_parts_of(
    fl: &FunctionLowering<'_>,
    result: TypeId,
    source: TypeId,
    ops: &[Value],
    mut scaled: Option<&mut Vec<(Value, u64)>>,
) -> Option<u64> {
    use rcc_ir::types::{Type, TypeLookup};
    let f = fl.f;
    let types = &fl.m.types;
    if !matches!(types.get(result), Type::Ptr(_) | Type::TypedPtr { .. }) {
        return None;
    }
    let mut ty = source;
    let mut offset = 0u64;
    for (k, &idx) in ops[1..].iter().enumerate() {
        let c = match idx
            .as_entity::<ConstId>(ValueTag::Const)
            .map(|c| f.consts.get(c))
        {
            Some(d) => match d.kind {
                ConstKind::Int(x) => Some((x, d.ty)),
                ConstKind::Null | ConstKind::Zero => Some((0, d.ty)),
                _ => return None,
            },
            None => None,
        };
        if k > 0 {
            match types.get(ty) {
                Type::Struct { .. } | Type::Named { .. } => {
                    let field = c?.0 as usize;
                    if field >= types.fields(ty).len() {
                        return None;
                    }
                    offset = offset.wrapping_add(fl.dl.field_offset(types, ty, field));
                    ty = types.fields(ty)[field];
                    continue;
                }
                Type::Array { elem, .. } => ty = elem,
                _ => return None,
            }
        }
        let size = fl.dl.alloc_size(types, ty);
        match c {
            Some((x, cty)) => {
                let bits = match types.get(cty) {
                    Type::Int(n) if n <= 64 => n,
                    _ => return None,
                };
                let sh = 64 - bits;
                let x = (((x << sh) as i64) >> sh) as u64;
                offset = offset.wrapping_add(x.wrapping_mul(size));
            }
            None => scaled.as_mut()?.push((idx, size)),
        }
    }
    Some(offset)
}
