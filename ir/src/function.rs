//! A function body, in struct-of-arrays form.
//!
//! Instructions are stored in program order: block `b`'s instructions are the
//! contiguous id range `blocks[b].insts`, so iteration is a slice walk and no
//! instruction list is linked. Per-instruction data is split into parallel
//! columns (`opcode`, `ty`, `ops`, `flags`, `extra`, `name`) indexed by
//! [`Inst`]. Operands of all instructions share the `operands` pool.
//!
//! Operand order by opcode:
//! ```text
//! ret            [value]?               br        [dest] | [cond, then, else]
//! switch         [cond, default, (case value, dest)*]
//! indirectbr     [addr, dest*]          resume    [value]
//! invoke         [callee, args*, normal, unwind]
//! callbr         [callee, args*, default, indirect*]   (count in CallInfo)
//! call           [callee, args*]        phi       [(value, block)*]
//! store          [value, ptr]           load      [ptr]
//! alloca         [count]                getelementptr [ptr, index*]
//! cmpxchg        [ptr, cmp, new]        atomicrmw [ptr, value]
//! extractvalue   [agg]                  insertvalue [agg, value]
//! landingpad     [clause*]              catchswitch [parent, handler*, unwind?]
//! catchpad/cleanuppad [parent, arg*]    catchret  [pad, dest]
//! cleanupret     [pad, unwind?]         others    in written order
//! ```
//! `extra` holds, by opcode: the allocated type (alloca), source element type
//! (getelementptr), an index into `calls` (call, invoke, callbr), a start
//! index into `aux` of a length-prefixed list (extractvalue/insertvalue
//! indices, landingpad clause kinds: 0 catch, 1 filter), or for atomics with
//! a sync scope the start of `[scope.start, scope.end]` in `aux`.
//! `u32::MAX` where unused.

use crate::attrs::AttrPool;
use crate::constant::ConstPool;
use crate::entity::{EntityId, PoolRange, PrimaryMap};
use crate::entity_id;
use crate::inst::Opcode;
use crate::metadata::{DbgRecord, MdAttach, MdOperand};
use crate::module::GlobalId;
use crate::span::Span;
use crate::types::TypeId;
use crate::value::Value;

entity_id!(
    /// A basic block of a function.
    pub struct Block,
    "bb"
);
entity_id!(
    /// An instruction of a function.
    pub struct Inst,
    "i"
);

/// A block: its name and its contiguous instruction range.
#[derive(Copy, Clone, Debug)]
pub struct BlockData {
    /// The label as written, `NONE` for a numbered block.
    pub name: Span,
    pub insts: PoolRange,
}

/// Call-site data for `call`, `invoke` and `callbr`.
#[derive(Copy, Clone, Debug)]
pub struct CallInfo {
    /// The callee's function type.
    pub fn_ty: TypeId,
    /// Calling convention number (see [`crate::attrs::CALLING_CONVENTIONS`]).
    pub cconv: u32,
    /// Function attributes of the call site, in `attrs.attrs`.
    pub fn_attrs: PoolRange,
    /// Return attributes.
    pub ret_attrs: PoolRange,
    /// One attribute list per argument, in `attrs.lists`.
    pub arg_attrs: PoolRange,
    /// Operand bundles, in `bundles`.
    pub bundles: PoolRange,
    /// Number of arguments (after the callee in `ops`).
    pub num_args: u32,
    /// Address space of the callee (`addrspace(N)` after the type).
    pub addrspace: u32,
}

/// An operand bundle `"tag"(ty v, ...)`.
#[derive(Copy, Clone, Debug)]
pub struct Bundle {
    /// The tag with its quotes.
    pub tag: Span,
    /// Operands, in `operands`.
    pub ops: PoolRange,
}

/// An inline-asm callee.
#[derive(Copy, Clone, Debug)]
pub struct InlineAsm {
    /// The template string with its quotes.
    pub template: Span,
    /// The constraint string with its quotes.
    pub constraints: Span,
    pub side_effect: bool,
    pub align_stack: bool,
    pub intel_dialect: bool,
    pub unwind: bool,
}

/// A function body. See the module comment for the layout.
#[derive(Clone, Debug, Default)]
pub struct Function {
    /// The function this is the body of.
    pub global: Option<GlobalId>,
    pub blocks: PrimaryMap<Block, BlockData>,
    // Instruction columns, indexed by `Inst`.
    pub opcode: Vec<Opcode>,
    /// Result type (`void` for none).
    pub ty: Vec<TypeId>,
    pub ops: Vec<PoolRange>,
    pub flags: Vec<u32>,
    pub extra: Vec<u32>,
    /// Result name as written; `NONE` when numbered or void.
    pub name: Vec<Span>,
    /// Byte offset of each instruction in the source, for diagnostics.
    pub loc: Vec<u32>,
    /// The operand pool.
    pub operands: Vec<Value>,
    /// Parameter names as written (`NONE` when numbered).
    pub arg_names: Vec<Span>,
    /// Constants used by this body.
    pub consts: ConstPool,
    /// Small per-instruction lists (see the module comment).
    pub aux: Vec<u32>,
    pub calls: Vec<CallInfo>,
    pub attrs: AttrPool,
    pub bundles: Vec<Bundle>,
    pub asms: Vec<InlineAsm>,
    /// Metadata operands, named by `Meta` values.
    pub meta: Vec<MdOperand>,
    /// Typed values inside `!DIArgList`s.
    pub md_values: Vec<(TypeId, Value)>,
    /// Metadata attachments, sorted by instruction.
    pub md_attach: Vec<MdAttach>,
    /// Debug records, sorted by instruction.
    pub dbg_records: Vec<DbgRecord>,
}

impl Function {
    /// The number of instructions.
    pub fn num_insts(&self) -> usize {
        self.opcode.len()
    }

    /// All instruction ids of block `b`, in order.
    pub fn block_insts(
        &self,
        b: Block,
    ) -> impl DoubleEndedIterator<Item = Inst> + ExactSizeIterator {
        let r = self.blocks[b].insts;
        (r.start as usize..r.end as usize).map(Inst::from_index)
    }

    /// The operands of `i`.
    #[inline]
    pub fn inst_ops(&self, i: Inst) -> &[Value] {
        self.ops[i.index()].get(&self.operands)
    }

    /// The opcode of `i`.
    #[inline]
    pub fn op(&self, i: Inst) -> Opcode {
        self.opcode[i.index()]
    }

    /// The terminator of block `b`, if the block is non-empty.
    pub fn terminator(&self, b: Block) -> Option<Inst> {
        let r = self.blocks[b].insts;
        (r.end > r.start).then(|| Inst::from_index(r.end as usize - 1))
    }

    /// The call data of a call, invoke or callbr.
    pub fn call_info(&self, i: Inst) -> &CallInfo {
        &self.calls[self.extra[i.index()] as usize]
    }

    /// A length-prefixed list in `aux` starting at the instruction's `extra`.
    pub fn aux_list(&self, i: Inst) -> &[u32] {
        let s = self.extra[i.index()] as usize;
        match self.aux.get(s) {
            Some(&n) => &self.aux[s + 1..s + 1 + n as usize],
            None => &[],
        }
    }

    /// The successor blocks of terminator `t`, in operand order.
    pub fn successors(&self, t: Inst) -> impl Iterator<Item = Block> + '_ {
        use crate::value::ValueTag;
        let skip_cases = self.op(t) == Opcode::Switch;
        self.inst_ops(t)
            .iter()
            .enumerate()
            .filter(move |(k, _)| !(skip_cases && *k >= 2 && k % 2 == 0))
            .filter_map(|(_, v)| v.as_entity::<Block>(ValueTag::Block))
    }

    /// Rewrites every type id through `f` (merging a type overlay).
    pub fn remap_types(&mut self, f: impl Fn(TypeId) -> TypeId + Copy) {
        for t in &mut self.ty {
            *t = f(*t);
        }
        for (k, op) in self.opcode.iter().enumerate() {
            if matches!(op, Opcode::Alloca | Opcode::GetElementPtr) {
                self.extra[k] = f(TypeId::from_u32(self.extra[k])).as_u32();
            }
        }
        for c in &mut self.calls {
            c.fn_ty = f(c.fn_ty);
        }
        self.consts.remap_types(f);
        self.attrs.remap_types(f);
        for m in &mut self.meta {
            if let MdOperand::Value(t, _) = m {
                *t = f(*t);
            }
        }
        for (t, _) in &mut self.md_values {
            *t = f(*t);
        }
    }

    /// Moves the body out into exactly-sized storage and leaves `self` empty
    /// with its buffers kept, so that a parser can reuse one set of growing
    /// buffers for every body it reads (fewer reallocations and page faults,
    /// and no capacity slack in the result).
    pub fn take_compact(&mut self) -> Function {
        // Destructured so that a new field cannot be forgotten here.
        let Function {
            global,
            blocks,
            opcode,
            ty,
            ops,
            flags,
            extra,
            name,
            loc,
            operands,
            arg_names,
            consts,
            aux,
            calls,
            attrs,
            bundles,
            asms,
            meta,
            md_values,
            md_attach,
            dbg_records,
        } = self;
        fn take<T: Clone>(v: &mut Vec<T>) -> Vec<T> {
            let out = v.clone();
            v.clear();
            out
        }
        let out_blocks = blocks.clone();
        blocks.clear();
        Function {
            global: global.take(),
            blocks: out_blocks,
            opcode: take(opcode),
            ty: take(ty),
            ops: take(ops),
            flags: take(flags),
            extra: take(extra),
            name: take(name),
            loc: take(loc),
            operands: take(operands),
            arg_names: take(arg_names),
            consts: consts.take_compact(),
            aux: take(aux),
            calls: take(calls),
            attrs: AttrPool {
                attrs: take(&mut attrs.attrs),
                lists: take(&mut attrs.lists),
            },
            bundles: take(bundles),
            asms: take(asms),
            meta: take(meta),
            md_values: take(md_values),
            md_attach: take(md_attach),
            dbg_records: take(dbg_records),
        }
    }

    /// Bytes of heap memory held by this body (approximate).
    pub fn heap_bytes(&self) -> usize {
        self.blocks.heap_bytes()
            + self.opcode.capacity()
            + self.ty.capacity() * 4
            + self.ops.capacity() * 8
            + self.flags.capacity() * 4
            + self.extra.capacity() * 4
            + self.name.capacity() * 8
            + self.loc.capacity() * 4
            + self.operands.capacity() * 4
            + self.consts.heap_bytes()
            + self.aux.capacity() * 4
            + self.calls.capacity() * std::mem::size_of::<CallInfo>()
            + self.attrs.attrs.capacity() * std::mem::size_of::<crate::attrs::Attr>()
            + self.attrs.lists.capacity() * 8
            + self.meta.capacity() * std::mem::size_of::<MdOperand>()
            + self.md_attach.capacity() * std::mem::size_of::<MdAttach>()
    }
}
