//! Building the SelectionDAG of each IR basic block.
//!
//! [`FunctionLowering`] holds what spans the whole function: a machine
//! block per IR block, a virtual register for every value used outside its
//! block (and for every phi, plus one per phi input edge), frame objects for
//! static allocas, and the argument registers. [`build_block`] then turns
//! one IR block into a [`Dag`] whose root is the block's last chain:
//! values defined here and used elsewhere are written to their vregs with
//! `CopyToReg`; values from elsewhere are read with `CopyFromReg`; before
//! the terminator, the inputs of the successors' phis are copied into the
//! edge vregs, and the machine PHIs of a block are listed by
//! [`FunctionLowering::phis`] for whoever starts the machine block.
//!
//! Memory operations are chained in program order (one chain through the
//! block), so hash-consing never merges two of them.
//!
//! Calls, returns and arguments go through the target's
//! [`CallLowering`]. Floating point (`float`, `double`) is built by the
//! [`float`] submodule. Anything this builder does not handle yet is an
//! [`IselError`] naming the construct; nothing is silently dropped except
//! the intrinsics that have no code (`llvm.lifetime.*`, `llvm.dbg.*`,
//! `llvm.assume`, `llvm.experimental.noalias.scope.decl`).

mod abi;
pub mod aggregate;
mod constexpr;
mod jump_table_partition;
mod prof;
mod promote;
mod sink_addr;
mod sink_cmp;
mod stack;
mod tls;

mod atomic;
mod eh;
mod wide;

pub use eh::PadEntry;

use crate::lowering::{ArgValue, CallLowering, IselError, SymRef, VarArgsState};
use crate::node::{Dag, SDValue};
use crate::opcode::{Cond, Ext, MemInfo, Op, Segment};
use crate::vt::VT;
use aggregate::{new_vregs, nth_vreg};
use rcc_ir::constant::{ConstData, ConstKind};
use rcc_ir::entity::{EntityId, PackedOption};
use rcc_ir::inst::{self, Opcode, TailKind};
use rcc_ir::layout::DataLayout;
use rcc_ir::types::{Type, TypeId, TypeLookup};
use rcc_ir::{Block, Function, Inst, Module, Value, ValueTag};
use rcc_mach::{FrameIdx, FrameKind, MBlock, MachFunction, Reg, RegClassId, SymOperand, VReg};

mod ext;
mod float;
mod inline_asm;
mod intrinsics;
mod memops;
mod merge_cond;
mod switch;
mod tail_call;

pub use switch::{build_switch_step, StepKind, SwitchPlan, Test};

/// Builds the DAG of step `k` (> 0) of IR block `b`: a `switch`'s or a
/// merged-condition branch's ([`merge_cond`]).
pub fn build_step(
    fl: &FunctionLowering<'_>,
    b: Block,
    k: usize,
    dag: &mut Dag,
    mf: &mut MachFunction,
    lower: &dyn CallLowering,
    vals: &mut Vec<Option<SDValue>>,
) -> BResult<()> {
    if fl.cond_plan(b).is_some() {
        return merge_cond::build_cond_step(fl, b, k, dag, mf, lower, vals);
    }
    build_switch_step(fl, b, k, dag, mf, lower, vals)
}
mod vector;

pub(crate) use vector::mask_bits_cast;

type BResult<T> = Result<T, IselError>;

fn unsupported<T>(what: impl Into<String>) -> BResult<T> {
    Err(IselError::new(what))
}

/// One machine PHI: its vreg and (input vreg, predecessor block) pairs.
pub struct PhiInfo {
    pub dst: VReg,
    pub inputs: Vec<(VReg, MBlock)>,
}

/// Function-wide lowering state.
pub struct FunctionLowering<'a> {
    pub m: &'a Module,
    pub f: &'a Function,
    pub dl: &'a DataLayout,
    /// Machine block of each IR block.
    pub blocks: Vec<MBlock>,
    /// The IR block of each instruction.
    inst_block: Vec<u32>,
    /// Vreg of each instruction whose value leaves its block (or is a phi).
    inst_vreg: Vec<PackedOption<VReg>>,
    /// Frame object of each static alloca.
    frame_of: Vec<PackedOption<FrameIdx>>,
    /// Where each lowered argument is (after `lower_arguments`): one per
    /// IR argument, or one per part of an aggregate argument.
    args: Vec<ArgValue>,
    /// The first entry of `args` of each IR argument.
    arg_first: Vec<u32>,
    /// The `sret` parameter, returned by `ret void` (SysV).
    sret: Option<u32>,
    /// Whether the function is variadic.
    variadic: bool,
    /// The register save area of a variadic function calling `va_start`.
    va: Option<VarArgsState>,
    /// Phi input edges: (pred IR block, phi inst, edge vreg), sorted.
    edges: Vec<(u32, u32, VReg)>,
    /// Registers per phi (consecutive from its vreg): more than one for a
    /// vector type legalization splits (see `vector::value_vregs`).
    phi_parts: Vec<(u32, u32)>,
    /// Argument types.
    arg_tys: Vec<TypeId>,
    /// The lowering of each `switch`, by IR block.
    switches: Vec<switch::SwitchPlan>,
    /// The branches on combined conditions, by IR block (see
    /// [`merge_cond`]).
    conds: Vec<merge_cond::CondPlan>,
    /// The landing pads (see [`eh`]).
    pads: Vec<eh::PadPlan>,
    /// Position-independent code: globals that may be preempted are
    /// reached through the GOT and called through the PLT.
    pub pic: bool,
    /// Per IR block, the return block duplicated into it (`u32::MAX`:
    /// none; see [`FunctionLowering::plan_ret_duplication`]).
    ret_into: Vec<u32>,
    /// The loads and stores that rebuild their address (see [`sink_addr`]).
    sink: sink_addr::SinkPlan,
    /// The compares rebuilt in the blocks that use them (see [`sink_cmp`]).
    cmp_sinks: sink_cmp::CmpSinks,
}

impl<'a> FunctionLowering<'a> {
    /// Sets up `mf` for `f`: blocks, cross-block vregs and static allocas
    /// (arguments: [`FunctionLowering::lower_arguments`]); `optimize`
    /// (`-O1` and up): loads and stores rebuild addresses computed in other
    /// blocks ([`sink_addr`]).
    /// Gives the value of `d` its cross-block registers, unless it has
    /// them already.
    fn export(&mut self, mf: &mut MachFunction, lower: &dyn CallLowering, d: Inst) -> BResult<()> {
        if self.inst_vreg[d.index()].is_none() {
            let ty = self.f.ty[d.index()];
            let r = new_vregs(self, mf, lower, ty, "a value used across blocks")?;
            self.inst_vreg[d.index()] = PackedOption::some(r);
        }
        Ok(())
    }

    pub fn new(
        m: &'a Module,
        f: &'a Function,
        dl: &'a DataLayout,
        fn_ty: TypeId,
        mf: &mut MachFunction,
        lower: &dyn CallLowering,
        optimize: bool,
    ) -> BResult<Self> {
        let types = &m.types;
        let arg_tys: Vec<TypeId> = types.fields(fn_ty).to_vec();
        let variadic = matches!(types.get(fn_ty), Type::Func { vararg: true, .. });
        let n = f.num_insts();
        let mut inst_block = vec![0u32; n];
        let blocks: Vec<MBlock> = f
            .blocks
            .keys()
            .map(|b| {
                for i in f.block_insts(b) {
                    inst_block[i.index()] = b.as_u32();
                }
                mf.create_block(b.as_u32())
            })
            .collect();
        let mut fl = FunctionLowering {
            m,
            f,
            dl,
            blocks,
            inst_block,
            inst_vreg: vec![PackedOption::default(); n],
            frame_of: vec![PackedOption::default(); n],
            args: Vec::new(),
            arg_first: Vec::new(),
            sret: None,
            variadic,
            va: None,
            edges: Vec::new(),
            phi_parts: Vec::new(),
            arg_tys,
            switches: Vec::new(),
            conds: Vec::new(),
            pads: Vec::new(),
            pic: false,
            ret_into: Vec::new(),
            sink: sink_addr::SinkPlan::default(),
            cmp_sinks: sink_cmp::CmpSinks::default(),
        };
        // Static allocas of the entry block.
        if let Some(entry) = f.blocks.keys().next() {
            for i in f.block_insts(entry) {
                if f.op(i) != Opcode::Alloca {
                    continue;
                }
                let ops = f.inst_ops(i);
                let count = match ops.first() {
                    None => Some(1),
                    Some(&c) => const_int(f, c),
                };
                let Some(count) = count else { continue };
                let elem = TypeId::from_u32(f.extra[i.index()]);
                let size = dl.alloc_size(types, elem).saturating_mul(count).max(1);
                let flags = f.flags[i.index()];
                let align = match flags >> inst::ALIGN_SHIFT {
                    0 => dl.abi_align(types, elem),
                    a => 1u32 << (a - 1),
                };
                fl.frame_of[i.index()] =
                    PackedOption::some(mf.frame.create(size, align.max(1), FrameKind::Local));
            }
        }
        if optimize {
            fl.sink = sink_addr::plan(&fl, lower);
        }
        let sink_cmps = optimize && !lower.has_multiple_condition_registers();
        // Values that leave their block.
        for b in f.blocks.keys() {
            for i in f.block_insts(b) {
                let is_phi = f.op(i) == Opcode::Phi;
                let ops = f.inst_ops(i);
                // A rebuilt address reads its leaves instead (below).
                let sunk = if fl.sink.sunk(i) {
                    sink_addr::address_operand(f, i)
                } else {
                    None
                };
                for (k, &v) in ops.iter().enumerate() {
                    let Some(d) = v.as_entity::<Inst>(ValueTag::Inst) else {
                        continue;
                    };
                    if sunk == Some(k) {
                        continue;
                    }
                    // A phi input is read in its predecessor, where the
                    // edge copy is made.
                    let user = match ops.get(k + 1) {
                        Some(p) if is_phi => p.as_entity::<Block>(ValueTag::Block).unwrap_or(b),
                        _ => b,
                    };
                    if fl.inst_block[d.index()] == user.as_u32() {
                        continue;
                    }
                    if sink_cmps && !is_phi && sink_cmp::plan(&mut fl, b, d) {
                        // The compare is built again here: its operands
                        // cross blocks instead.
                        for &o in f.inst_ops(d) {
                            match o.as_entity::<Inst>(ValueTag::Inst) {
                                Some(od) if fl.inst_block[od.index()] != b.as_u32() => {
                                    fl.export(mf, lower, od)?
                                }
                                _ => {}
                            }
                        }
                        continue;
                    }
                    fl.export(mf, lower, d)?;
                }
                if is_phi && fl.inst_vreg[i.index()].is_none() {
                    let r = new_vregs(&fl, mf, lower, f.ty[i.index()], "a phi")?;
                    fl.inst_vreg[i.index()] = PackedOption::some(r);
                    let parts = vector::vector_parts(&fl, lower, f.ty[i.index()])?;
                    if parts > 1 {
                        fl.phi_parts.push((i.as_u32(), parts));
                    }
                }
            }
        }
        fl.cmp_sinks.finish();
        for k in 0..fl.sink.leaves.len() {
            let d = fl.sink.leaves[k];
            fl.export(mf, lower, d)?;
        }
        // Phi edges: one vreg per (pred, phi), in order of first mention
        // (a phi may name a predecessor twice). `seen` marks the
        // predecessors of the current phi, and is unmarked after it.
        let mut seen = vec![false; f.blocks.len()];
        for b in f.blocks.keys() {
            for i in f.block_insts(b) {
                if f.op(i) != Opcode::Phi {
                    break;
                }
                let first = fl.edges.len();
                for pair in f.inst_ops(i).chunks(2) {
                    let Some(pred) = pair
                        .get(1)
                        .and_then(|p| p.as_entity::<Block>(ValueTag::Block))
                        .filter(|p| p.index() < seen.len())
                    else {
                        return unsupported("a malformed phi");
                    };
                    if !std::mem::replace(&mut seen[pred.index()], true) {
                        let v = new_vregs(&fl, mf, lower, f.ty[i.index()], "a phi")?;
                        fl.edges.push((pred.as_u32(), i.as_u32(), v));
                    }
                }
                for e in &fl.edges[first..] {
                    seen[e.0 as usize] = false;
                }
            }
        }
        fl.edges.sort_unstable_by_key(|e| (e.0, e.1));
        fl.plan_switches(mf, lower)?;
        if optimize {
            fl.plan_merged_conds(mf, lower)?;
        }
        fl.plan_landing_pads(mf, lower)?;
        Ok(fl)
    }

    /// The machine PHIs of IR block `b` (one per part of an aggregate phi,
    /// one per half of a wide integer phi, one per part of a vector phi
    /// legalization splits).
    pub fn phis(&self, b: Block) -> Vec<PhiInfo> {
        let mut out = Vec::new();
        let mut parts = Vec::new();
        for i in self.f.block_insts(b) {
            if self.f.op(i) != Opcode::Phi {
                break;
            }
            let Some(dst) = self.inst_vreg[i.index()].expand() else {
                continue;
            };
            let ty = self.f.ty[i.index()];
            let n = if aggregate::is_aggregate(self.m, ty) {
                parts.clear();
                // Checked when the registers were made.
                let _ = aggregate::parts_of(self.m, self.dl, ty, 0, &mut parts);
                parts
                    .iter()
                    .map(|&(vt, _)| crate::legalize::num_regs(vt) as usize)
                    .sum()
            } else {
                match self.phi_parts.iter().find(|p| p.0 == i.as_u32()) {
                    Some(p) => p.1 as usize,
                    None => scalar_vt(self.m, self.dl, ty, "a phi")
                        .map_or(1, crate::legalize::num_regs) as usize,
                }
            };
            let mut inputs = Vec::new();
            // Machine predecessors already given an input (a set once the
            // phi is large, so that huge phis stay linear).
            let mut known: ahash::AHashSet<MBlock> = ahash::AHashSet::new();
            for pair in self.f.inst_ops(i).chunks(2) {
                if let Some(pred) = pair
                    .get(1)
                    .and_then(|p| p.as_entity::<Block>(ValueTag::Block))
                {
                    if self.ret_into(pred) == Some(b) {
                        continue;
                    }
                    if let Some(v) = self.edge(pred.as_u32(), i.as_u32()) {
                        for mb in self.edge_sources(pred, b) {
                            let dup = if inputs.len() < 16 {
                                inputs.iter().any(|&(_, p)| p == mb)
                            } else {
                                if known.is_empty() {
                                    known.extend(inputs.iter().map(|&(_, p)| p));
                                }
                                !known.insert(mb)
                            };
                            if !dup {
                                inputs.push((v, mb));
                            }
                        }
                    }
                }
            }
            for k in 0..n {
                out.push(PhiInfo {
                    dst: nth_vreg(dst, k),
                    inputs: inputs.iter().map(|&(v, mb)| (nth_vreg(v, k), mb)).collect(),
                });
            }
        }
        out
    }

    /// The cross-block (or phi) register of instruction `i`'s value.
    pub fn value_vreg(&self, i: Inst) -> Option<VReg> {
        self.inst_vreg[i.index()].expand()
    }

    /// The IR block of instruction `i`.
    pub fn block_of(&self, i: Inst) -> Block {
        Block::from_u32(self.inst_block[i.index()])
    }

    /// The frame object of static alloca `i`.
    pub fn static_frame(&self, i: Inst) -> Option<FrameIdx> {
        self.frame_of[i.index()].expand()
    }

    /// Where argument `k` is after [`FunctionLowering::lower_arguments`]
    /// (its first part for an aggregate), and its IR type.
    pub fn arg_value(&self, k: usize) -> Option<(ArgValue, TypeId)> {
        let first = *self.arg_first.get(k)? as usize;
        Some((*self.args.get(first)?, *self.arg_tys.get(k)?))
    }

    /// Whether `ret void` returns the `sret` pointer.
    pub fn has_sret(&self) -> bool {
        self.sret.is_some()
    }

    /// Whether IR block `b` is one machine block built from its own
    /// instructions only: no switch or merged-condition steps, not a
    /// landing pad, no duplicated return, no load or store rebuilding an
    /// address from another block.
    pub fn is_plain_block(&self, b: Block) -> bool {
        self.num_steps(b) == 1 && self.is_plain_but_switch(b)
    }

    /// Whether block `b` is plain but for a `switch` terminator lowered
    /// in several machine blocks ([`FunctionLowering::switch_plan`]; its
    /// step 0 is the block's own machine block, the other steps read the
    /// switch value from the plan's register).
    pub fn is_plain_but_switch(&self, b: Block) -> bool {
        (self.num_steps(b) == 1 || self.cond_plan(b).is_none())
            && self.pad_entry(b).is_none()
            && self.ret_into(b).is_none()
            && !self.f.block_insts(b).any(|i| self.sink.sunk(i))
            && !self.cmp_sinks.any_in(b)
    }

    /// Uses of compares of other blocks that read a compare rebuilt in
    /// their own block ([`sink_cmp`]; LLVM's CodeGenPrepare `NumCmpUses`).
    pub fn cmp_uses_sunk(&self) -> u64 {
        self.cmp_sinks.uses
    }

    /// The edge register of (predecessor `pred`, phi `phi`).
    pub fn edge_vreg(&self, pred: Block, phi: Inst) -> Option<VReg> {
        self.edge(pred.as_u32(), phi.as_u32())
    }

    fn edge(&self, pred: u32, phi: u32) -> Option<VReg> {
        self.edges
            .binary_search_by_key(&(pred, phi), |e| (e.0, e.1))
            .ok()
            .map(|k| self.edges[k].2)
    }
}

fn class(lower: &dyn CallLowering, vt: VT) -> BResult<RegClassId> {
    lower
        .reg_class(vt)
        .ok_or_else(|| IselError::new(format!("values of type {vt}")))
}

fn v_is_vector(b: &Builder<'_, '_>, v: SDValue) -> bool {
    b.dag.vt(v).is_vector()
}

/// The value type of IR type `ty`, if the builder handles it (integers and
/// pointers up to 64 bits, `i128`/`i256` (which type legalization
/// expands), `float`, `double`, `x86_fp80`, vectors); otherwise an error
/// naming `what` and the type.
fn scalar_vt(m: &Module, dl: &DataLayout, ty: TypeId, what: &str) -> BResult<VT> {
    let odd = match m.types.get(ty) {
        Type::Int(n) => promote::promoted(n),
        _ => None,
    };
    odd.or_else(|| VT::of(&m.types, dl, ty))
        .filter(|v| {
            (v.is_int() && v.bits() <= 64)
                || matches!(v, VT::I128 | VT::I256)
                || v.is_float()
                || v.is_vector()
        })
        .ok_or_else(|| IselError::new(format!("{what} of type {}", type_name(m, ty))))
}

fn type_name(m: &Module, t: TypeId) -> String {
    let mut s = String::new();
    rcc_ir::printer::write_type(&m.types, t, &mut s);
    s
}

fn const_int(f: &Function, v: Value) -> Option<u64> {
    let c = v.as_entity::<rcc_ir::constant::ConstId>(ValueTag::Const)?;
    match f.consts.get(c).kind {
        ConstKind::Int(x) => Some(x),
        _ => None,
    }
}

/// Whether intrinsic `name` has no code (hints, debug information).
pub fn is_no_code_intrinsic(name: &str) -> bool {
    [
        "llvm.lifetime.",
        "llvm.dbg.",
        "llvm.assume",
        "llvm.experimental.noalias",
        "llvm.invariant.end",
        "llvm.sideeffect",
        "llvm.donothing",
        "llvm.var.annotation",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// The DAG operation of an integer binary opcode.
fn bin_op(o: Opcode) -> Option<Op> {
    Some(match o {
        Opcode::Add => Op::Add,
        Opcode::Sub => Op::Sub,
        Opcode::Mul => Op::Mul,
        Opcode::SDiv => Op::SDiv,
        Opcode::UDiv => Op::UDiv,
        Opcode::SRem => Op::SRem,
        Opcode::URem => Op::URem,
        Opcode::And => Op::And,
        Opcode::Or => Op::Or,
        Opcode::Xor => Op::Xor,
        Opcode::Shl => Op::Shl,
        Opcode::LShr => Op::Srl,
        Opcode::AShr => Op::Sra,
        _ => return None,
    })
}

/// Per-block builder state.
struct Builder<'a, 'b> {
    fl: &'b FunctionLowering<'a>,
    /// The IR block being built (or whose switch or merged-condition step
    /// is).
    block: Block,
    dag: &'b mut Dag,
    mf: &'b mut MachFunction,
    lower: &'b dyn CallLowering,
    chain: SDValue,
    vals: &'b mut Vec<Option<SDValue>>,
    /// The block's call in tail position became a tail call: the block
    /// ends there and its `ret` is not lowered.
    tail_called: bool,
}

/// Builds the DAG of IR block `b` into `dag` (cleared first). `vals` is a
/// reused scratch vector.
pub fn build_block(
    fl: &FunctionLowering<'_>,
    b: Block,
    dag: &mut Dag,
    mf: &mut MachFunction,
    lower: &dyn CallLowering,
    vals: &mut Vec<Option<SDValue>>,
) -> BResult<()> {
    let built = build_with(fl, b, dag, mf, lower, vals, |bl| {
        fl.f.block_insts(b).try_for_each(|i| bl.inst(b, i))
    });
    for i in fl.f.block_insts(b) {
        vals[i.index()] = None;
    }
    built
}

/// Clears `dag`, runs `body` on a [`Builder`] starting at the entry chain
/// and makes the chain it ends with the DAG's root: the frame every block
/// and every step of a switch or merged-condition branch is built in.
fn build_with(
    fl: &FunctionLowering<'_>,
    b: Block,
    dag: &mut Dag,
    mf: &mut MachFunction,
    lower: &dyn CallLowering,
    vals: &mut Vec<Option<SDValue>>,
    body: impl FnOnce(&mut Builder<'_, '_>) -> BResult<()>,
) -> BResult<()> {
    dag.clear();
    // `vals` holds the DAG value of each instruction of this block only
    // (values of other blocks come through their virtual registers): it
    // is sized once per function and every entry a block sets is reset
    // by `build_block`, so the cost is the block's size, not the
    // function's.
    if vals.len() != fl.f.num_insts() {
        vals.clear();
        vals.resize(fl.f.num_insts(), None);
    }
    let chain = dag.entry();
    let mut bl = Builder {
        fl,
        block: b,
        dag,
        mf,
        lower,
        chain,
        vals,
        tail_called: false,
    };
    let built = body(&mut bl);
    let root = bl.chain;
    bl.dag.root = Some(root);
    built
}

impl Builder<'_, '_> {
    fn vt(&self, ty: TypeId) -> BResult<VT> {
        scalar_vt(self.fl.m, self.fl.dl, ty, "values")
    }

    fn value_ty(&self, v: Value) -> TypeId {
        let f = self.fl.f;
        match v.tag() {
            ValueTag::Inst => f.ty[v.index()],
            ValueTag::Arg => self.fl.arg_tys[v.index()],
            ValueTag::Const => {
                f.consts
                    .get(rcc_ir::constant::ConstId::from_index(v.index()))
                    .ty
            }
            _ => rcc_ir::types::prim::PTR,
        }
    }

    fn copy_from(&mut self, r: VReg, vt: VT) -> SDValue {
        let reg = self
            .dag
            .value(Op::Register, vt, &[], Reg::virt(r).bits() as u64);
        let entry = self.dag.entry();
        let n = self
            .dag
            .node(Op::CopyFromReg, &[vt, VT::Chain], &[entry, reg], 0);
        SDValue::new(n, 0)
    }

    /// Copies `v` into `r` (an aggregate's parts into the registers
    /// starting at `r`).
    fn copy_to(&mut self, r: VReg, v: SDValue) {
        if self.dag.op_of(v) == Op::MergeValues {
            let mut next = 0;
            for p in self.parts(v) {
                self.copy_to(nth_vreg(r, next), p);
                next += crate::legalize::num_regs(self.dag.vt(p)) as usize;
            }
            return;
        }
        let vt = self.dag.vt(v);
        let reg = self
            .dag
            .value(Op::Register, vt, &[], Reg::virt(r).bits() as u64);
        self.chain = self
            .dag
            .value(Op::CopyToReg, VT::Chain, &[self.chain, reg, v], 0);
    }

    /// The DAG value of an IR operand.
    fn get(&mut self, v: Value) -> BResult<SDValue> {
        let ty = self.value_ty(v);
        match v.tag() {
            ValueTag::Inst => {
                if let Some(x) = self.vals[v.index()] {
                    return Ok(x);
                }
                if let Some(fi) = self.fl.frame_of[v.index()].expand() {
                    return Ok(self
                        .dag
                        .value(Op::FrameIndex, VT::I64, &[], fi.as_u32() as u64));
                }
                let d = Inst::from_index(v.index());
                if self.fl.cmp_sinks.rebuilt(self.block, d) {
                    // Hash-consing makes every rebuild in this DAG one node.
                    return if self.fl.f.op(d) == Opcode::ICmp {
                        self.icmp(d, false)
                    } else {
                        self.fcmp(d, false)
                    };
                }
                match self.fl.inst_vreg[v.index()].expand() {
                    Some(r) => self.read_vregs(r, ty),
                    None => unsupported("a value used before its definition"),
                }
            }
            ValueTag::Arg => self.argument(v.index()),
            ValueTag::Global => {
                let g = rcc_ir::GlobalId::from_index(v.index());
                self.symbol(g, 0)
            }
            ValueTag::Const => {
                let c = rcc_ir::constant::ConstId::from_index(v.index());
                if aggregate::is_aggregate(self.fl.m, ty) {
                    return self.const_aggregate(c, ty);
                }
                let data: ConstData = self.fl.f.consts.get(c);
                let vt = self.vt(ty)?;
                if vt.is_vector() {
                    return self.vector_const(c, vt);
                }
                if crate::legalize::half_of(vt).is_some() {
                    return self.wide_const(c, vt);
                }
                match data.kind {
                    ConstKind::Float(x) => Ok(self.fp_const(vt, x)),
                    ConstKind::BigFloat(_) if vt == VT::F80 => {
                        let w = self.fl.f.consts.words_of(c);
                        let (lo, hi) = (w.first().copied(), w.get(1).copied());
                        Ok(self.fp80_const(lo.unwrap_or(0), hi.unwrap_or(0) as u16))
                    }
                    ConstKind::Null | ConstKind::Zero if vt.is_float() => Ok(self.fp_const(vt, 0)),
                    ConstKind::Int(x) => Ok(self.dag.constant(vt, x)),
                    ConstKind::Null | ConstKind::Zero => Ok(self.dag.constant(vt, 0)),
                    ConstKind::Undef | ConstKind::Poison => {
                        Ok(self.dag.value(Op::Undef, vt, &[], 0))
                    }
                    ConstKind::Expr { .. } => self.const_expr(c, vt),
                    ConstKind::BlockAddress { func, block } => self.block_address(func, block),
                    _ => unsupported("this kind of constant operand"),
                }
            }
            _ => unsupported("this kind of operand"),
        }
    }

    /// The address of global `g` plus `offset`. In PIC a global that may
    /// be preempted is loaded from its GOT entry (`Symbol` with
    /// `GotPcRel`, an address load the selector matches), with the offset
    /// added afterwards; otherwise it is a direct RIP-relative symbol.
    fn symbol(&mut self, g: rcc_ir::GlobalId, offset: i64) -> BResult<SDValue> {
        let m = self.fl.m;
        if m.globals[g].tls != rcc_ir::module::ThreadLocal::None {
            return self.tls_address(g, offset);
        }
        let via_got = self.fl.pic && !rcc_mach::emit::is_dso_local(m, g);
        let s = self.mf.sym(SymOperand {
            target: rcc_mach::SymTarget::Global(g),
            offset: if via_got { 0 } else { offset },
            flag: if via_got {
                self.lower.sym_flag(SymRef::GotAddress)
            } else {
                rcc_mach::SymFlag::NONE
            },
        });
        let mut v = self.dag.value(Op::Symbol, VT::I64, &[], s.payload() as u64);
        if via_got && offset != 0 {
            let c = self.dag.constant(VT::I64, offset as u64);
            v = self.dag.value(Op::Add, VT::I64, &[v, c], 0);
        }
        Ok(v)
    }

    /// The callee operand of a direct call of `g`: `g@PLT` in PIC when `g`
    /// may be preempted, else `g`.
    fn call_symbol(&mut self, g: rcc_ir::GlobalId) -> SDValue {
        let plt = self.fl.pic && !rcc_mach::emit::is_dso_local(self.fl.m, g);
        let s = self.mf.sym(SymOperand {
            target: rcc_mach::SymTarget::Global(g),
            offset: 0,
            flag: if plt {
                self.lower.sym_flag(SymRef::PreemptibleCall)
            } else {
                rcc_mach::SymFlag::NONE
            },
        });
        self.dag.value(Op::Symbol, VT::I64, &[], s.payload() as u64)
    }

    /// A call of runtime-library function `name` on the block's chain
    /// (through the PLT in PIC: it may be preempted); its results.
    fn call_library(&mut self, name: &str, args: &[SDValue], rets: &[VT]) -> BResult<Vec<SDValue>> {
        let target = self.mf.external(name);
        let sym = self.mf.sym(SymOperand {
            target,
            offset: 0,
            flag: if self.fl.pic {
                self.lower.sym_flag(SymRef::PreemptibleCall)
            } else {
                rcc_mach::SymFlag::NONE
            },
        });
        let callee = self
            .dag
            .value(Op::Symbol, VT::I64, &[], sym.payload() as u64);
        let (chain, res) = self
            .lower
            .lower_call(self.dag, self.mf, self.chain, callee, args, rets, false)?;
        self.chain = chain;
        Ok(res)
    }

    /// Cast `op` of `x` to `to`: pointer casts and `freeze` are extensions
    /// or truncations by width, or nothing; a bitcast to or from a float
    /// moves the bits.
    fn cast(&mut self, op: Opcode, x: SDValue, to: VT) -> BResult<SDValue> {
        let from = self.dag.vt(x);
        if from == to {
            return Ok(x);
        }
        if from.is_vector() || to.is_vector() {
            return self.vector_cast(op, x, to);
        }
        if from.is_float() || to.is_float() {
            return self.bitcast(x, to);
        }
        let o = match op {
            Opcode::ZExt => Op::ZeroExtend,
            Opcode::SExt => Op::SignExtend,
            Opcode::Trunc => Op::Truncate,
            _ if from.bits() < to.bits() => Op::ZeroExtend,
            _ => Op::Truncate,
        };
        Ok(self.dag.value(o, to, &[x], 0))
    }

    fn set(&mut self, i: Inst, v: SDValue) {
        self.vals[i.index()] = Some(v);
        if self.fl.f.op(i) != Opcode::Phi {
            if let Some(r) = self.fl.inst_vreg[i.index()].expand() {
                self.copy_to(r, v);
            }
        }
    }

    fn inst(&mut self, b: Block, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        let op = f.op(i);
        if self.aggregate_inst(i)? {
            return Ok(());
        }
        if let Some(o) = bin_op(op) {
            let vt = self.vt(f.ty[i.index()])?;
            let (a, c) = (self.get(ops[0])?, self.get(ops[1])?);
            let v = match self.odd_bits(f.ty[i.index()]) {
                Some(n) => self.odd_binary(o, vt, n, a, c),
                None => {
                    // The wrap flags of an add or a shl (nuw, nsw: bits 0
                    // and 1 of both encodings) are the node's payload.
                    // An or's `disjoint` is its payload.
                    let wrap = match o {
                        Op::Add => (f.flags[i.index()] & (inst::NUW | inst::NSW)) as u64,
                        Op::Shl if vt.is_int() => {
                            (f.flags[i.index()] & (inst::NUW | inst::NSW)) as u64
                        }
                        Op::Or if f.flags[i.index()] & inst::DISJOINT != 0 => {
                            crate::opcode::OR_DISJOINT
                        }
                        _ => 0,
                    };
                    self.dag.value(o, vt, &[a, c], wrap)
                }
            };
            self.set(i, v);
            return Ok(());
        }
        match op {
            Opcode::ICmp => {
                let v = self.icmp(i, false)?;
                self.set(i, v);
            }
            Opcode::Select => {
                let vt = self.vt(f.ty[i.index()])?;
                let c = self.get(ops[0])?;
                let (x, y) = (self.get(ops[1])?, self.get(ops[2])?);
                let v = self.dag.value(Op::Select, vt, &[c, x, y], 0);
                self.set(i, v);
            }
            Opcode::ZExt
            | Opcode::SExt
            | Opcode::Trunc
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast
            | Opcode::Freeze => {
                let to = self.vt(f.ty[i.index()])?;
                let mut x = self.get(ops[0])?;
                let from_odd = self.odd_bits(self.value_ty(ops[0]));
                let to_odd = self.odd_bits(f.ty[i.index()]);
                if let (Opcode::SExt, Some(n)) = (op, from_odd) {
                    x = self.sext_in_reg(x, n);
                }
                let v = self.cast(op, x, to)?;
                // Truncation or sign extension into an odd width.
                let v = match to_odd {
                    Some(n) if matches!(op, Opcode::SExt | Opcode::Trunc) => self.zext_in_reg(v, n),
                    _ => v,
                };
                self.set(i, v);
            }
            Opcode::Alloca => {
                if self.fl.frame_of[i.index()].is_none() {
                    self.dynamic_alloca(i)?;
                }
            }
            Opcode::Load => {
                let flags = f.flags[i.index()];
                if flags & inst::ATOMIC != 0 {
                    return self.atomic_load(i);
                }
                let vt = self.vt(f.ty[i.index()])?;
                let addr = self.address(b, i, ops[0])?;
                if vt.is_vector() {
                    return self.vector_load(i, vt, addr);
                }
                if let Some(n) = self.odd_bits(f.ty[i.index()]) {
                    let v = self.odd_load(vt, n, addr, flags & inst::VOLATILE != 0)?;
                    self.set(i, v);
                    return Ok(());
                }
                let seg = self.segment_of(ops[0]);
                let v = self.load_scalar_in(vt, addr, flags & inst::VOLATILE != 0, seg);
                self.set(i, v);
            }
            Opcode::Store => {
                let flags = f.flags[i.index()];
                if flags & inst::ATOMIC != 0 {
                    return self.atomic_store(i);
                }
                let v = self.get(ops[0])?;
                let addr = self.address(b, i, ops[1])?;
                if self.dag.vt(v).is_vector() {
                    return self.vector_store(i, v, addr);
                }
                if let Some(n) = self.odd_bits(self.value_ty(ops[0])) {
                    self.odd_store(n, v, addr, flags & inst::VOLATILE != 0);
                    return Ok(());
                }
                let seg = self.segment_of(ops[1]);
                self.store_scalar_in(v, addr, flags & inst::VOLATILE != 0, seg);
            }
            Opcode::GetElementPtr => {
                let v = self.gep(i)?;
                self.set(i, v);
            }
            Opcode::Phi => {
                let r = self.fl.inst_vreg[i.index()]
                    .expand()
                    .ok_or_else(|| IselError::new("a phi without a register"))?;
                let v = self.read_vregs(r, f.ty[i.index()])?;
                self.vals[i.index()] = Some(v);
            }
            Opcode::Call => self.call(i)?,
            Opcode::Invoke => self.invoke(b, i)?,
            Opcode::LandingPad => self.landing_pad(b, i)?,
            Opcode::Resume => self.resume(i)?,
            Opcode::ExtractElement | Opcode::InsertElement | Opcode::ShuffleVector => {
                self.vector_inst(i)?
            }
            Opcode::VAArg => self.va_arg(i)?,
            Opcode::AtomicRmw => self.atomic_rmw(i)?,
            Opcode::CmpXchg => self.cmpxchg(i)?,
            Opcode::Fence => self.fence(i)?,
            o if o.is_fp_op() => {
                if self.is_vector_inst(i) {
                    self.vector_float_inst(i)?
                } else {
                    self.float_inst(i)?
                }
            }
            Opcode::Br
            | Opcode::Ret
            | Opcode::Unreachable
            | Opcode::IndirectBr
            | Opcode::Switch => self.terminator(b, i)?,
            other => return unsupported(format!("the '{}' instruction", other.name())),
        }
        Ok(())
    }

    /// The value of `icmp` `i`, with the inverse predicate if `invert`.
    pub(super) fn icmp(&mut self, i: Inst, invert: bool) -> BResult<SDValue> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        let cond = Cond::from_ir((f.flags[i.index()] >> inst::PRED_SHIFT) as u8)
            .ok_or_else(|| IselError::new("an icmp predicate"))?;
        let cond = if invert { cond.inverse() } else { cond };
        let (mut a, mut c) = (self.get(ops[0])?, self.get(ops[1])?);
        if let Some(n) = self.odd_bits(self.value_ty(ops[0])) {
            (a, c) = self.odd_compare(cond, n, a, c);
        }
        let rt = self.dag.vt(a).with_elem(VT::I1).unwrap_or(VT::I1);
        Ok(self.dag.value(Op::SetCC, rt, &[a, c], cond as u64))
    }

    /// The address operand `v` of load or store `i` in block `b`: rebuilt
    /// here when the plan sinks it ([`sink_addr`]), else its value.
    fn address(&mut self, b: Block, i: Inst, v: Value) -> BResult<SDValue> {
        if self.fl.sink.sunk(i) {
            self.rebuilt_address(b, v, 0)
        } else {
            self.get(v)
        }
    }

    /// `v` with the GEPs of other blocks on its base chain built again in
    /// block `b` (the walk of [`sink_addr::plan`]).
    fn rebuilt_address(&mut self, b: Block, v: Value, depth: u32) -> BResult<SDValue> {
        let Some(d) = sink_addr::rebuilds(self.fl, v, b, depth) else {
            return self.get(v);
        };
        let f = self.fl.f;
        let ops = f.inst_ops(d);
        let base = self.rebuilt_address(b, ops[0], depth + 1)?;
        self.gep_value(base, TypeId::from_u32(f.extra[d.index()]), &ops[1..])
    }

    /// The segment of the accesses through pointer `p` (its address
    /// space: 256 `%gs`, 257 `%fs`, 258 `%ss`). The driver's audit lets
    /// a segment reach only scalar loads and stores.
    fn segment_of(&self, p: Value) -> Segment {
        match self.fl.m.types.get(self.value_ty(p)) {
            Type::Ptr(a) | Type::TypedPtr { addrspace: a, .. } => Segment::of_addrspace(a),
            _ => Segment::None,
        }
    }

    /// A load of a `vt` from `addr`, chained; an i1 is loaded as a byte.
    fn load_scalar(&mut self, vt: VT, addr: SDValue, volatile: bool) -> SDValue {
        self.load_scalar_in(vt, addr, volatile, Segment::None)
    }

    /// [`Builder::load_scalar`] relative to segment `segment`.
    fn load_scalar_in(
        &mut self,
        vt: VT,
        addr: SDValue,
        volatile: bool,
        segment: Segment,
    ) -> SDValue {
        let (lvt, mem_bits) = if vt == VT::I1 {
            (VT::I8, 8)
        } else {
            (vt, vt.bits())
        };
        let info = MemInfo {
            mem_bits,
            ext: Ext::None,
            volatile,
            segment,
        };
        let n = self.dag.node(
            Op::Load,
            &[lvt, VT::Chain],
            &[self.chain, addr],
            info.pack(),
        );
        self.chain = SDValue::new(n, 1);
        let v = SDValue::new(n, 0);
        if vt == VT::I1 {
            self.dag.value(Op::Truncate, VT::I1, &[v], 0)
        } else {
            v
        }
    }

    /// A store of `v` to `addr`, chained; an i1 is stored as a byte.
    fn store_scalar(&mut self, v: SDValue, addr: SDValue, volatile: bool) {
        self.store_scalar_in(v, addr, volatile, Segment::None)
    }

    /// [`Builder::store_scalar`] relative to segment `segment`.
    fn store_scalar_in(&mut self, v: SDValue, addr: SDValue, volatile: bool, segment: Segment) {
        let mut v = v;
        if self.dag.vt(v) == VT::I1 {
            v = self.dag.value(Op::ZeroExtend, VT::I8, &[v], 0);
        }
        let info = MemInfo {
            mem_bits: self.dag.vt(v).bits(),
            ext: Ext::None,
            volatile,
            segment,
        };
        self.chain = self
            .dag
            .value(Op::Store, VT::Chain, &[self.chain, v, addr], info.pack());
    }

    fn gep(&mut self, i: Inst) -> BResult<SDValue> {
        let f = self.fl.f;
        let ops = f.inst_ops(i);
        if matches!(self.fl.m.types.get(f.ty[i.index()]), Type::Vector { .. }) {
            return self.vector_gep(i);
        }
        let base = self.get(ops[0])?;
        self.gep_value(base, TypeId::from_u32(f.extra[i.index()]), &ops[1..])
    }

    /// The address `base` indexed by `indices` over source element type
    /// `ty` (a GEP instruction's or constant expression's). Constant
    /// offsets are summed and added last (folded into a symbol's addend
    /// by [`Builder::add_offset`]).
    fn gep_value(&mut self, base: SDValue, ty: TypeId, indices: &[Value]) -> BResult<SDValue> {
        let f = self.fl.f;
        let types = &self.fl.m.types;
        let mut ty = ty;
        let mut addr = base;
        let mut offset: u64 = 0;
        // `sym+c` indexed by a register: the offset goes to the
        // displacement and the symbol alone to the base register, so
        // addresses off the same symbol share one `lea` (LLVM keeps such
        // offsets out of the symbol in PIC).
        if self.dag.op_of(base) == Op::Symbol && indices.iter().any(|&x| const_int(f, x).is_none())
        {
            let i = self.dag.payload(base.node()) as usize;
            if let Some(&s) = self.mf.syms.get(i) {
                if s.flag == rcc_mach::SymFlag::NONE && s.offset != 0 {
                    let bare = self.mf.sym(SymOperand { offset: 0, ..s });
                    addr = self
                        .dag
                        .value(Op::Symbol, VT::I64, &[], bare.payload() as u64);
                    offset = s.offset as u64;
                }
            }
        }
        for (k, &idx) in indices.iter().enumerate() {
            if k > 0 {
                match types.get(ty) {
                    Type::Struct { .. } | Type::Named { .. } => {
                        let Some(field) = const_int(f, idx) else {
                            return unsupported("a non-constant struct index");
                        };
                        if field as usize >= types.fields(ty).len() {
                            return Err(IselError::new(format!(
                                "getelementptr index {field} past the end of a struct of {} fields",
                                types.fields(ty).len()
                            )));
                        }
                        offset =
                            offset.wrapping_add(self.fl.dl.field_offset(types, ty, field as usize));
                        ty = types.fields(ty)[field as usize];
                        continue;
                    }
                    Type::Array { elem, .. } | Type::Vector { elem, .. } => ty = elem,
                    _ => return unsupported("getelementptr through this type"),
                }
            }
            let size = self.fl.dl.alloc_size(types, ty);
            if let Some(c) = const_int(f, idx) {
                let bits = self.vt(self.value_ty(idx))?.bits();
                let sh = 64 - bits.min(64);
                let c = (((c << sh) as i64) >> sh) as u64;
                offset = offset.wrapping_add(c.wrapping_mul(size));
                continue;
            }
            let mut x = self.get(idx)?;
            if let Some(n) = self.odd_bits(self.value_ty(idx)) {
                x = self.sext_in_reg(x, n);
            }
            let xvt = self.dag.vt(x);
            if xvt.bits() < 64 {
                x = self.dag.value(Op::SignExtend, VT::I64, &[x], 0);
            } else if xvt.bits() > 64 {
                // Indices are taken modulo the pointer width.
                x = self.dag.value(Op::Truncate, VT::I64, &[x], 0);
            }
            if size != 1 {
                let s = self.dag.constant(VT::I64, size);
                x = self.dag.value(Op::Mul, VT::I64, &[x, s], 0);
            }
            addr = self.dag.value(Op::Add, VT::I64, &[addr, x], 0);
        }
        Ok(self.add_offset(addr, offset as i64))
    }

    fn call(&mut self, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let m = self.fl.m;
        let info = *f.call_info(i);
        let ops = f.inst_ops(i);
        let callee = ops[0];
        if callee.tag() == ValueTag::Asm {
            return self.inline_asm(i, callee.index());
        }
        if let Some(g) = callee.as_entity::<rcc_ir::GlobalId>(ValueTag::Global) {
            let name = m.str(m.globals[g].name);
            // Intrinsics that are their first operand: no code.
            if [
                "llvm.threadlocal.address",
                "llvm.launder.invariant.group",
                "llvm.strip.invariant.group",
            ]
            .iter()
            .any(|p| name.starts_with(p))
            {
                let v = self.get(ops[1])?;
                self.set(i, v);
                return Ok(());
            }
            if name.starts_with("llvm.eh.typeid.for") {
                return self.type_id_for(i);
            }
            // Optimizer hints returning a descriptor only their partner
            // reads (`invariant.start` -> `invariant.end`).
            if name.starts_with("llvm.invariant.start") {
                let v = self.dag.value(Op::Undef, VT::I64, &[], 0);
                self.set(i, v);
                return Ok(());
            }
            if name.starts_with("llvm.") {
                if is_no_code_intrinsic(name) {
                    return Ok(());
                }
                if self.vector_intrinsic(i, name)? {
                    return Ok(());
                }
                if self.abi_intrinsic(i, name)?
                    || self.stack_intrinsic(i, name)?
                    || self.float_intrinsic(i, name)?
                    || self.int_intrinsic(i, name)?
                {
                    return Ok(());
                }
                return unsupported(format!("the intrinsic {name}"));
            }
        }
        let Type::Func { ret, vararg, .. } = m.types.get(info.fn_ty) else {
            return unsupported("a call through a non-function type");
        };
        let ret_aggregate = aggregate::is_aggregate(m, ret);
        let mut rets: Vec<VT> = match m.types.get(ret) {
            Type::Void => Vec::new(),
            _ if ret_aggregate => {
                let mut parts = Vec::new();
                aggregate::parts_of(m, self.fl.dl, ret, 0, &mut parts)?;
                parts.iter().map(|&(vt, _)| vt).collect()
            }
            _ => vec![self.vt(ret)?],
        };
        let mut args = Vec::with_capacity(info.num_args as usize);
        for (k, &a) in ops[1..1 + info.num_args as usize].iter().enumerate() {
            if a.tag() == ValueTag::Meta {
                return unsupported("a metadata call argument");
            }
            let v = self.get(a)?;
            let v = self.call_argument(i, k, v)?;
            if aggregate::is_aggregate(m, self.value_ty(a)) {
                // Each part is an argument of its own (LLVM's rule).
                args.extend(self.parts(v));
                continue;
            }
            if v_is_vector(self, v) {
                // A vector needing several registers passes each part.
                args.extend(self.vector_register_parts(&[v])?);
                continue;
            }
            args.push(self.abi_call_arg(i, k, v));
        }
        let target = match callee.as_entity::<rcc_ir::GlobalId>(ValueTag::Global) {
            Some(g) => self.call_symbol(g),
            None => self.get(callee)?,
        };
        if !ret_aggregate {
            // An i1 without `zeroext` comes back as an i8 to be masked.
            if let Some(t) = rets.first_mut() {
                *t = self.abi_call_ret_vt(i, *t);
            }
        }
        // Vectors come back in the registers of their legal parts.
        let ir_rets = rets.clone();
        rets = self.vector_register_types(&rets)?;
        let must = TailKind::from_flags(f.flags[i.index()]) == TailKind::MustTail;
        if must && self.fl.variadic {
            return unsupported("a musttail call forwarding variadic arguments");
        }
        if self.fl.in_tail_position(i) {
            if let Some(chain) = self
                .lower
                .lower_tail_call(self.dag, self.mf, self.chain, target, &args, &rets, vararg)?
            {
                self.chain = chain;
                self.tail_called = true;
                return Ok(());
            }
        }
        if must {
            return unsupported("a musttail call that cannot be a sibling call (stack arguments, sret, or not followed by its ret)");
        }
        let (chain, res) = self
            .lower
            .lower_call(self.dag, self.mf, self.chain, target, &args, &rets, vararg)?;
        self.chain = chain;
        let res = self.vector_from_registers(&ir_rets, &res);
        if ret_aggregate {
            let v = self.merge(&res);
            self.set(i, v);
        } else if let Some(&r) = res.first() {
            let r = self.abi_call_result(self.vt(ret)?, r);
            // The callee leaves the bits above an odd width unspecified.
            let r = match self.odd_bits(ret) {
                Some(n) => self.zext_in_reg(r, n),
                None => r,
            };
            self.set(i, r);
        }
        Ok(())
    }

    /// Copies the inputs of the successors' phis, then the terminator.
    fn terminator(&mut self, b: Block, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let mut succs: Vec<Block> = Vec::new();
        let mut seen = ahash::AHashSet::new();
        let dup_ret = self.fl.ret_into(b).is_some();
        for s in f.successors(i) {
            if !dup_ret && seen.insert(s) {
                succs.push(s);
            }
        }
        for &s in &succs {
            self.copy_phi_inputs(b, s)?;
        }
        let ops = f.inst_ops(i);
        match f.op(i) {
            _ if self.tail_called => {}
            // The block ends with a copy of the return it branched to.
            Opcode::Br if dup_ret => {
                let rv = self
                    .fl
                    .return_of(b)
                    .ok_or_else(|| IselError::new("a duplicated return without its value"))?;
                self.lower_ret(rv)?;
            }
            Opcode::Ret => self.lower_ret(ops.first().copied())?,
            Opcode::Switch => self.switch_head(b, i)?,
            Opcode::Br if ops.len() == 1 => {
                let t = self.block_node(ops[0])?;
                self.chain = self.dag.value(Op::Br, VT::Chain, &[self.chain, t], 0);
            }
            Opcode::Br if self.fl.cond_plan(b).is_some() => {
                let fl = self.fl;
                if let Some(plan) = fl.cond_plan(b) {
                    self.cond_step(plan, 0)?;
                }
            }
            Opcode::Br => {
                let c = self.get(ops[0])?;
                let (t, e) = (self.block_node(ops[1])?, self.block_node(ops[2])?);
                let (c, t, e) = self.float_branch(c, t, e);
                let ch = self
                    .dag
                    .value(Op::BrCond, VT::Chain, &[self.chain, c, t], 0);
                self.chain = self.dag.value(Op::Br, VT::Chain, &[ch, e], 0);
            }
            Opcode::IndirectBr => {
                let a = self.get(ops[0])?;
                self.chain = self.dag.value(Op::BrInd, VT::Chain, &[self.chain, a], 0);
            }
            _ => {}
        }
        Ok(())
    }

    /// Returns `v` (`None`: `ret void`, which returns the `sret` pointer
    /// if there is one).
    fn lower_ret(&mut self, v: Option<Value>) -> BResult<()> {
        let vals = match v {
            Some(v) => {
                let x = self.get(v)?;
                self.parts(x)
            }
            None => self.sret_return()?,
        };
        let vals = self.vector_register_parts(&vals)?;
        self.chain = self
            .lower
            .lower_return(self.dag, self.mf, self.chain, &vals)?;
        Ok(())
    }

    fn block_node(&mut self, v: Value) -> BResult<SDValue> {
        let b = v
            .as_entity::<Block>(ValueTag::Block)
            .ok_or_else(|| IselError::new("a branch to a non-block"))?;
        let mb = self.fl.blocks[b.index()];
        Ok(self
            .dag
            .value(Op::BasicBlock, VT::Chain, &[], mb.as_u32() as u64))
    }
}
