//! System V calls, returns and incoming arguments (integers, pointers,
//! `float` and `double`, aggregates as their scalar parts, `byval`
//! objects): the [`CallLowering`] hooks the DAG builder calls, which create
//! the target nodes `X86_CALL` and `X86_RET`, and their emission.
//!
//! Nodes: `Target(X86_CALL)` has operands `(chain, callee, args...)`,
//! results `(values..., chain)` and payload bit 0 = variadic; the argument
//! types are the operands' types, a `byval` argument is a `ByValArg` node.
//! `Target(X86_RET)` has operands `(chain, values...)` and one chain
//! result. `Target(X86_TCALL)`, a sibling call, has the operands and
//! payload of `X86_CALL` and one chain result: it ends its block.
//!
//! Argument assignment is [`abi::assign`]. Results come back in RAX then
//! RDX (integers, by width), XMM0 then XMM1 (floats and float vectors), or
//! %st(0) for an `x86_fp80` (moved to and from its XMM register by
//! [`super::x87`]; the x87 stack is empty again after every call, a
//! result is popped whether used or not).
//!
//! `i128` values travel as two `i64` halves (LLVM's split arguments with
//! `InConsecutiveRegs`): an argument becomes two operands, low half first,
//! and payload bit `1 + k` marks argument operand `k` as the low half of
//! such a pair (assigned as [`ArgKind::Pair`]); a wide result is two
//! results (RAX, RDX) that the builder gets back as one `BuildPair`; a
//! wide return value is two operands of `X86_RET`.
//!
//! Emission of a call: `ADJCALLSTACKDOWN bytes`; the stack arguments
//! (`byval` copies, then stores to `[rsp + offset]`, `movss`/`movsd` for
//! floats); COPYs into the argument registers; for variadic callees
//! `MOV8ri $al, n`, n = the number of XMM registers used; `CALL64pcrel32
//! sym`, `CALL64r reg` or `CALL64m addr` (a folded callee load, see
//! [`cover_call`]) with the SysV register mask and implicit uses of
//! the argument registers; `ADJCALLSTACKUP`; COPYs of the result registers.
//! Every physical register is defined and read inside this sequence.
//!
//! A sibling call (LLVM's non-guaranteed tail call, `IsSibcall`) is made
//! only when every argument travels in a register (no stack arguments, so
//! no `byval`), no result comes back on the x87 stack, and the caller's
//! stack is not realigned (as in LLVM's
//! `IsEligibleForTailCallOptimization`); it is emitted as the argument
//! COPYs, `MOV8ri $al` for a variadic callee, and `TCRETURNdi64 sym` or
//! `TCRETURNri64 reg` (a GR64_TC register, free after the epilogue) with
//! implicit uses of the argument registers and no call frame. The epilogue
//! goes before it, like before `RET64`.

use super::super::desc::{sub_reg, subreg};
use super::super::machine::mask;
use super::super::{op, regs, Opcode};
use super::abi::{self, assign, copy_bytes, mem, ArgKind, ArgLoc};
use super::addr::match_addr;
use super::emit::{class_of_vt, push_implicit, Emitter};
use super::matcher::Binding;
use super::matcher::Cover;
use rcc_dag::{
    ArgValue, ByVal, CallLowering, Dag, Ext, FormalArg, IselError, LoweredArgs, MemInfo, Node, Op,
    SDValue, VT,
};
use rcc_ir::entity::EntityId;
use rcc_mach::{flag, FrameIdx, MOpc, MachFunction, Operand, PReg, Reg};
use std::any::Any;

/// Target node numbers.
pub const X86_CALL: u16 = 0;
pub const X86_RET: u16 = 1;
pub const X86_TCALL: u16 = 2;

/// The part of 64-bit register `r` holding a value of type `vt`.
fn part(r: PReg, vt: VT) -> PReg {
    let idx = match vt {
        VT::I1 | VT::I8 => subreg::SUB_8BIT,
        VT::I16 => subreg::SUB_16BIT,
        VT::I32 => subreg::SUB_32BIT,
        _ => return r,
    };
    sub_reg(r, idx).unwrap_or(r)
}

/// The registers of returned values of types `vts` (System V: integer
/// parts in RAX then RDX, each the part of its width; floats in XMM0 then
/// XMM1; `x86_fp80` in %st(0) then %st(1), as a `long double _Complex`).
fn ret_regs(vts: &[VT]) -> Result<Vec<PReg>, IselError> {
    const INT: [PReg; 2] = [regs::RAX, regs::RDX];
    const SSE: [PReg; 2] = [regs::XMM0, regs::XMM1];
    const X87: [PReg; 2] = [regs::ST0, regs::ST1];
    let (mut ints, mut sses, mut x87) = (INT.iter(), SSE.iter(), X87.iter());
    vts.iter()
        .map(|&vt| {
            check_scalar("return value", vt)?;
            if vt == VT::F80 {
                return x87
                    .next()
                    .copied()
                    .ok_or_else(|| IselError::new("more than two x86_fp80 return values"));
            }
            if vt.is_float() || vt.is_vector() {
                return sses
                    .next()
                    .copied()
                    .ok_or_else(|| IselError::new("more than two floating-point return values"));
            }
            ints.next()
                .map(|&r| part(r, vt))
                .ok_or_else(|| IselError::new("more than two integer return values"))
        })
        .collect()
}

/// Payload bit of argument operand `k` starting a 128-bit pair.
fn pair_bit(k: usize) -> u64 {
    1 << (k + 1)
}

/// The assignment kinds of a call's argument operands `args` (`pairs`: the
/// call's payload), one per argument: a 128-bit pair's two operands are one
/// [`ArgKind::Pair`].
fn arg_kinds(dag: &Dag, args: &[SDValue], pairs: u64) -> Vec<ArgKind> {
    let mut kinds = Vec::with_capacity(args.len());
    let mut k = 0;
    while k < args.len() {
        let v = args[k];
        if k < 62 && pairs & pair_bit(k) != 0 {
            kinds.push(ArgKind::Pair);
            k += 2;
            continue;
        }
        kinds.push(match dag.op_of(v) {
            Op::ByValArg => {
                let b = ByVal::unpack(dag.payload(v.node()));
                ArgKind::Memory {
                    size: b.size,
                    align: b.align,
                }
            }
            _ => ArgKind::Value(dag.vt(v)),
        });
        k += 1;
    }
    kinds
}

/// Load and store forms for a value of type `vt` in memory.
fn mem_forms(vt: VT) -> (Opcode, Opcode) {
    match vt {
        VT::I1 | VT::I8 => (op::MOV8rm, op::MOV8mr),
        VT::I16 => (op::MOV16rm, op::MOV16mr),
        VT::I32 => (op::MOV32rm, op::MOV32mr),
        VT::F32 => (op::MOVSSrm, op::MOVSSmr),
        VT::F64 => (op::MOVSDrm, op::MOVSDmr),
        // 16-byte slots: vectors, and an x86_fp80's 10 bytes and padding.
        VT::F80 => (op::MOVUPSrm, op::MOVUPSmr),
        t if t.is_vector() => (op::MOVUPSrm, op::MOVUPSmr),
        _ => (op::MOV64rm, op::MOV64mr),
    }
}

/// Checks a value passed in a register or a stack slot: an integer or
/// pointer, a float of any size, or a float vector.
fn check_scalar(what: &str, vt: VT) -> Result<(), IselError> {
    if vt.is_float() || vt.is_vector() {
        Ok(())
    } else {
        check_int(what, vt)
    }
}

fn check_int(what: &str, vt: VT) -> Result<(), IselError> {
    if matches!(vt, VT::I1 | VT::I8 | VT::I16 | VT::I32 | VT::I64) {
        Ok(())
    } else {
        Err(IselError::new(format!("{vt} {what}")))
    }
}

/// The x86-64 System V calling convention.
#[derive(Copy, Clone, Debug, Default)]
pub struct X86Lowering;

impl CallLowering for X86Lowering {
    fn sym_flag(&self, r: rcc_dag::SymRef) -> rcc_mach::SymFlag {
        crate::x86_64::sym_flags::for_ref(r)
    }

    fn reg_class(&self, vt: VT) -> Option<rcc_mach::RegClassId> {
        super::emit::class_of_vt(vt).ok()
    }

    fn legality(&self) -> Option<&dyn rcc_dag::legalize::TypeLegality> {
        Some(&super::vector::Sse2)
    }

    fn legal_address(&self, am: &rcc_dag::AddrShape) -> bool {
        super::addr::legal_shape(am)
    }

    fn symbol_offset_ok(&self, offset: i64) -> bool {
        super::addr::symbolic_disp_ok(offset)
    }

    /// x86-64 reads and writes any alignment at full speed (up to 16-byte
    /// `movups`); `movq $imm` takes a sign-extended 32-bit immediate; SSE2
    /// is baseline, so a 16-byte zero store is `xorps` + `movups`.
    fn mem_access(&self) -> rcc_dag::MemAccess {
        rcc_dag::MemAccess {
            misaligned_fast_bits: 128,
            max_int_bits: 64,
            store_imm_bits: 32,
            zero_vector: Some(VT::V4I32),
            vector_lane_loads: true,
        }
    }

    /// `imul` by an immediate takes three cycles; a shift, an add or a
    /// `lea` (x3, x5, x9) one (LLVM's X86 `combineMul`).
    fn mul_by_shift_add(&self) -> bool {
        true
    }

    /// X86's `getJumpConditionMergingParams` (LLVM 19 defaults:
    /// `-x86-br-merging-base-cost` 2, likely bias 0, unlikely bias -1);
    /// `a == b && c == d` is a fast pattern (one more unit).
    fn cond_merging(&self, and: bool, both_eq: bool) -> rcc_dag::CondMerging {
        rcc_dag::CondMerging {
            base_cost: 2 + (and && both_eq) as i32,
            likely_bias: 0,
            unlikely_bias: -1,
        }
    }

    /// X86TTIImpl's latencies where they differ from the generic ones: a
    /// scalar SSE compare (`cmpsd`/`ucomisd`, cost table latency 5) and an
    /// integer multiply (`imul`, 3).
    fn latency_cost(&self, k: rcc_dag::CostKind) -> u32 {
        use rcc_dag::CostKind as K;
        match k {
            K::Free => 0,
            K::Load => 4,
            K::Basic | K::ICmp => 1,
            K::IntMul => 3,
            K::IntDiv => 4,
            K::Float => 3,
            K::FCmp => 5,
            K::Call => 10,
        }
    }

    fn lower_call(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        callee: SDValue,
        args: &[SDValue],
        rets: &[VT],
        variadic: bool,
    ) -> Result<(SDValue, Vec<SDValue>), IselError> {
        let (ops, payload) = call_operands(dag, chain, callee, args, variadic)?;
        // A wide result is two i64 results.
        let mut vts = Vec::with_capacity(rets.len() + 2);
        for &r in rets {
            match r {
                VT::I128 => vts.extend([VT::I64, VT::I64]),
                _ => vts.push(r),
            }
        }
        ret_regs(&vts)?;
        vts.push(VT::Chain);
        let n = dag.node(Op::Target(X86_CALL), &vts, &ops, payload);
        let mut vals = Vec::with_capacity(rets.len());
        let mut k = 0;
        for &r in rets {
            let v = SDValue::new(n, k);
            vals.push(if r == VT::I128 {
                k += 2;
                dag.value(Op::BuildPair, r, &[v, SDValue::new(n, k - 1)], 0)
            } else {
                k += 1;
                v
            });
        }
        Ok((SDValue::new(n, vts.len() as u32 - 1), vals))
    }

    fn lower_tail_call(
        &self,
        dag: &mut Dag,
        mf: &mut MachFunction,
        chain: SDValue,
        callee: SDValue,
        args: &[SDValue],
        rets: &[VT],
        variadic: bool,
    ) -> Result<Option<SDValue>, IselError> {
        // The caller's frame is realigned: LLVM leaves such epilogues
        // alone.
        if mf.frame.max_align > 16 || rets.contains(&VT::F80) {
            return Ok(None);
        }
        let (ops, payload) = call_operands(dag, chain, callee, args, variadic)?;
        let a = assign(arg_kinds(dag, &ops[2..], payload))?;
        if a.stack_bytes != 0 || a.locs.iter().any(|l| matches!(l, ArgLoc::Stack(_))) {
            return Ok(None);
        }
        Ok(Some(dag.value(
            Op::Target(X86_TCALL),
            VT::Chain,
            &ops,
            payload,
        )))
    }

    fn lower_return(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        vals: &[SDValue],
    ) -> Result<SDValue, IselError> {
        let mut ops = vec![chain];
        for &v in vals {
            if dag.vt(v) == VT::I128 {
                for half in 0..2 {
                    ops.push(dag.value(Op::ExtractElement, VT::I64, &[v], half));
                }
            } else {
                ops.push(v);
            }
        }
        let vts: Vec<VT> = ops[1..].iter().map(|&v| dag.vt(v)).collect();
        ret_regs(&vts)?;
        Ok(dag.value(Op::Target(X86_RET), VT::Chain, &ops, 0))
    }

    fn lower_arguments(
        &self,
        mf: &mut MachFunction,
        args: &[FormalArg],
        va_start: bool,
    ) -> Result<LoweredArgs, IselError> {
        let kinds = args.iter().map(|&a| match a {
            FormalArg::Value(VT::I128) => ArgKind::Pair,
            FormalArg::Value(vt) => ArgKind::Value(vt),
            FormalArg::ByVal { size, align } => ArgKind::Memory { size, align },
        });
        let a = assign(kinds)?;
        let mut out = LoweredArgs::default();
        // A wide argument is two halves (two locations) in consecutive
        // vregs `r`, `r + 1`; `r` stands for it.
        let mut locs = a.locs.iter().copied();
        let mut next = || {
            locs.next()
                .ok_or_else(|| IselError::new("an unassigned argument"))
        };
        for &arg in args {
            let loc = next()?;
            if arg == FormalArg::Value(VT::I128) {
                let half = FormalArg::Value(VT::I64);
                let lo = lower_one(mf, half, loc)?;
                lower_one(mf, half, next()?)?;
                out.vals.push(lo);
            } else {
                out.vals.push(lower_one(mf, arg, loc)?);
            }
        }
        if va_start {
            out.va = Some(Box::new(abi::save_unnamed_registers(mf, &a)));
        }
        Ok(out)
    }

    fn stack_pointer(&self) -> Option<PReg> {
        Some(regs::RSP)
    }

    fn lower_va_start(
        &self,
        dag: &mut Dag,
        chain: SDValue,
        list: SDValue,
        va: &dyn Any,
    ) -> Result<SDValue, IselError> {
        let va = va
            .downcast_ref::<abi::VarArgsArea>()
            .ok_or_else(|| IselError::new("llvm.va_start with another target's state"))?;
        Ok(abi::va_start(dag, chain, list, va))
    }

    fn lower_va_arg(
        &self,
        dag: &mut Dag,
        chain: SDValue,
        list: SDValue,
        vt: VT,
    ) -> Result<(SDValue, SDValue), IselError> {
        abi::va_arg(dag, chain, list, vt)
    }

    fn lower_va_copy(
        &self,
        dag: &mut Dag,
        chain: SDValue,
        dst: SDValue,
        src: SDValue,
    ) -> Result<SDValue, IselError> {
        Ok(abi::va_copy(dag, chain, dst, src))
    }
}

/// The operands `(chain, callee, args...)` and payload of a call node
/// (i128 arguments split in halves, payload bits marking the pairs).
fn call_operands(
    dag: &mut Dag,
    chain: SDValue,
    callee: SDValue,
    args: &[SDValue],
    variadic: bool,
) -> Result<(Vec<SDValue>, u64), IselError> {
    check_int("callee", dag.vt(callee))?;
    let mut ops = Vec::with_capacity(args.len() + 2);
    ops.push(chain);
    ops.push(callee);
    let mut payload = variadic as u64;
    for &a in args {
        if dag.vt(a) == VT::I128 {
            let k = ops.len() - 2;
            if k >= 62 {
                return Err(IselError::new("an i128 argument after the 62nd operand"));
            }
            payload |= pair_bit(k);
            for half in 0..2 {
                ops.push(dag.value(Op::ExtractElement, VT::I64, &[a], half));
            }
            continue;
        }
        if dag.op_of(a) != Op::ByValArg {
            check_scalar("argument", dag.vt(a))?;
        }
        ops.push(a);
    }
    Ok((ops, payload))
}

/// Copies incoming argument `arg` from `loc` into a new vreg (or names its
/// stack object, for `byval`).
fn lower_one(mf: &mut MachFunction, arg: FormalArg, loc: ArgLoc) -> Result<ArgValue, IselError> {
    // Incoming stack arguments start above the return address.
    let fixed = |mf: &mut MachFunction, size: u64, off: u32| -> FrameIdx {
        mf.frame.create_fixed(size, 8 + i64::from(off))
    };
    Ok(match (arg, loc) {
        (FormalArg::ByVal { size, .. }, ArgLoc::Stack(off)) => {
            ArgValue::Frame(fixed(mf, size.max(1), off))
        }
        (FormalArg::Value(vt), ArgLoc::Reg(r)) => {
            let v = mf.new_vreg(class_of_vt(vt)?);
            let p = part(r, vt);
            mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
            mf.live_ins.push(p);
            ArgValue::Reg(v)
        }
        (FormalArg::Value(vt), ArgLoc::Stack(off)) => {
            let v = mf.new_vreg(class_of_vt(vt)?);
            let fi = fixed(mf, if vt.bits() > 64 { 16 } else { 8 }, off);
            let (opc, _) = mem_forms(vt);
            let mut ops = vec![Operand::reg_def(v)];
            ops.extend(mem(Operand::frame(fi), 0));
            mf.push(MOpc::target(opc.0), &ops);
            ArgValue::Reg(v)
        }
        (FormalArg::ByVal { .. }, ArgLoc::Reg(_)) => {
            return Err(IselError::new("a byval argument in a register"))
        }
    })
}

/// The operands of a call-frame pseudo (`ADJCALLSTACKDOWN` with `down`,
/// else `ADJCALLSTACKUP`) for `bytes` of outgoing arguments, without a
/// heap allocation (it derefs to the operand slice).
pub(super) fn stack_adjust(bytes: i32, down: bool) -> StackAdjust {
    let tail = [
        Operand::implicit_def(regs::RSP),
        Operand::implicit_def(regs::EFLAGS).with(flag::DEAD),
        Operand::implicit_use(regs::RSP),
    ];
    let z = Operand::imm(0);
    let ops = if down {
        [Operand::imm(bytes), z, z, tail[0], tail[1], tail[2]]
    } else {
        [Operand::imm(bytes), z, tail[0], tail[1], tail[2], z]
    };
    StackAdjust {
        ops,
        len: if down { 6 } else { 5 },
    }
}

/// The operands [`stack_adjust`] returns.
pub(super) struct StackAdjust {
    ops: [Operand; 6],
    len: usize,
}

impl std::ops::Deref for StackAdjust {
    type Target = [Operand];
    fn deref(&self) -> &[Operand] {
        &self.ops[..self.len]
    }
}

/// One argument of a call sequence ([`emit_call_sequence`]).
#[derive(Copy, Clone)]
pub enum CallArg {
    /// A value of this type in this register.
    Value(Reg, VT),
    /// `byval` bytes copied from memory base `src` (a register or a frame
    /// object).
    ByVal { src: Operand, size: u64, align: u32 },
}

/// Emits a call: the stack adjustment, the memory arguments (stores and
/// `byval` copies, first: large copies use RDI, RSI and RCX), the copies
/// into argument registers, `%al` for a variadic callee, the call (`opc`
/// with the callee operands `callee`, the System V mask, implicit
/// argument uses and return-register defs), the adjustment back and the
/// copies out of the return registers. `kinds` is what [`assign`]
/// places (one location per entry of `args`). Returns the result
/// registers, one per `rets`. Shared by the DAG emitter and the direct
/// selector.
#[allow(clippy::too_many_arguments)]
pub fn emit_call_sequence(
    mf: &mut MachFunction,
    kinds: impl IntoIterator<Item = ArgKind>,
    args: &[CallArg],
    variadic: bool,
    opc: Opcode,
    mut cops: Vec<Operand>,
    rets: &[VT],
) -> Result<Vec<Reg>, IselError> {
    let a = assign(kinds)?;
    let bytes = u64::from(a.stack_bytes).next_multiple_of(16);
    mf.frame.has_calls = true;
    mf.frame.max_call_frame = mf.frame.max_call_frame.max(bytes);
    let b = bytes as i32;
    mf.push(MOpc::ADJCALLSTACKDOWN, &stack_adjust(b, true));
    for (&arg, &loc) in args.iter().zip(&a.locs) {
        let ArgLoc::Stack(off) = loc else { continue };
        let sp = Operand::reg_use(regs::RSP);
        match arg {
            CallArg::ByVal { src, size, align } => {
                // An over-aligned copy needs an over-aligned stack pointer:
                // the frame is realigned.
                mf.frame.max_align = mf.frame.max_align.max(align);
                copy_bytes(mf, src, 0, sp, i64::from(off), size);
            }
            CallArg::Value(r, vt) => {
                let (_, opc) = mem_forms(vt);
                let mut ops = mem(sp, i64::from(off)).to_vec();
                ops.push(Operand::reg_use(r));
                mf.push(MOpc::target(opc.0), &ops);
            }
        }
    }
    let opc = MOpc::target(opc.0);
    // The callee operands, the mask, the argument registers' uses, the
    // form's few implicit operands and the return registers' defs.
    cops.reserve(a.locs.len() + rets.len() + 8);
    cops.push(Operand::reg_mask(mask::SYSV));
    for (&arg, &loc) in args.iter().zip(&a.locs) {
        let (ArgLoc::Reg(p), CallArg::Value(r, vt)) = (loc, arg) else {
            continue;
        };
        let p = part(p, vt);
        mf.push(MOpc::COPY, &[Operand::reg_def(p), Operand::reg_use(r)]);
        cops.push(Operand::implicit_use(p));
    }
    if variadic {
        let mov = MOpc::target(op::MOV8ri.0);
        mf.push(
            mov,
            &[Operand::reg_def(regs::AL), Operand::imm(a.xmms as i32)],
        );
        cops.push(Operand::implicit_use(regs::AL));
    }
    push_implicit(&mut cops, opc, false);
    let ret_ps = ret_regs(rets)?;
    cops.extend(ret_ps.iter().map(|&p| Operand::implicit_def(p)));
    mf.push(opc, &cops);
    mf.push(MOpc::ADJCALLSTACKUP, &stack_adjust(b, false));
    let mut out = Vec::with_capacity(rets.len());
    for (&p, &vt) in ret_ps.iter().zip(rets) {
        out.push(if vt == VT::F80 {
            // %st(0) first; then %st(1) is on top.
            super::x87::pop_st0(mf)
        } else {
            let v = mf.new_vreg(class_of_vt(vt)?);
            mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
            Reg::virt(v)
        });
    }
    Ok(out)
}

/// Emits call node `n`.
pub fn emit_call(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let dag = e.dag;
    let ops = dag.operands(n);
    let (callee, args) = (ops[1], &ops[2..]);
    let payload = dag.payload(n);
    let variadic = payload & 1 != 0;
    let kinds = arg_kinds(dag, args, payload);
    let cargs: Vec<CallArg> = args
        .iter()
        .map(|&v| {
            if dag.op_of(v) == Op::ByValArg {
                let ByVal { size, align } = ByVal::unpack(dag.payload(v.node()));
                let src = byval_source(e, dag.operands(v.node())[0]);
                CallArg::ByVal { src, size, align }
            } else {
                CallArg::Value(e.reg(v), dag.vt(v))
            }
        })
        .collect();
    let mut cops = Vec::with_capacity(args.len() + 12);
    let opc = if dag.op_of(callee) == Op::Symbol {
        cops.push(Operand::sym_index(dag.payload(callee.node()) as u32));
        op::CALL64pcrel32
    } else if let Some(&Binding::Addr(am)) = e.cover.bindings(n).first() {
        // The callee's load, folded (see `cover_call`).
        e.push_addr(mf, &mut cops, &am);
        op::CALL64m
    } else {
        cops.push(Operand::reg_use(e.reg(callee)));
        op::CALL64r
    };
    let vts = dag.vts(n);
    let vts = &vts[..vts.len() - 1];
    let res = emit_call_sequence(mf, kinds, &cargs, variadic, opc, cops, vts)?;
    for (k, r) in res.into_iter().enumerate() {
        e.set_reg(SDValue::new(n, k as u32), r);
    }
    Ok(())
}

/// Emits sibling call node `n` (see the module comment).
pub fn emit_tail_call(
    e: &mut Emitter<'_>,
    mf: &mut MachFunction,
    n: Node,
) -> Result<(), IselError> {
    let dag = e.dag;
    let ops = dag.operands(n);
    let (callee, args) = (ops[1], &ops[2..]);
    let payload = dag.payload(n);
    let a = assign(arg_kinds(dag, args, payload))?;
    let mut uses = Vec::with_capacity(args.len() + 1);
    for (&v, &loc) in args.iter().zip(&a.locs) {
        let ArgLoc::Reg(r) = loc else {
            return Err(IselError::new("a sibling call with a stack argument"));
        };
        let p = part(r, dag.vt(v));
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(p), Operand::reg_use(e.reg(v))],
        );
        uses.push(p);
    }
    if payload & 1 != 0 {
        mf.push(
            MOpc::target(op::MOV8ri.0),
            &[Operand::reg_def(regs::AL), Operand::imm(a.xmms as i32)],
        );
        uses.push(regs::AL);
    }
    let (opc, target) = if dag.op_of(callee) == Op::Symbol {
        (
            op::TCRETURNdi64,
            Operand::sym_index(dag.payload(callee.node()) as u32),
        )
    } else {
        // Restored callee-saved registers cannot hold the target.
        let t = mf.new_vreg(super::super::machine::mclass::GR64_TC);
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(t), Operand::reg_use(e.reg(callee))],
        );
        (op::TCRETURNri64, Operand::reg_use(Reg::virt(t)))
    };
    let opc = MOpc::target(opc.0);
    let mut tops = vec![target];
    tops.extend(uses.iter().map(|&p| Operand::implicit_use(p)));
    push_implicit(&mut tops, opc, false);
    mf.push(opc, &tops);
    Ok(())
}

/// The memory base of a `byval` argument's bytes: the frame object itself
/// for a local, else the pointer's register.
fn byval_source(e: &Emitter<'_>, ptr: SDValue) -> Operand {
    if e.dag.op_of(ptr) == Op::FrameIndex {
        Operand::frame(FrameIdx::from_u32(e.dag.payload(ptr.node()) as u32))
    } else {
        Operand::reg_use(e.reg(ptr))
    }
}

/// The values a call node reads from registers for its arguments: its
/// register arguments and the pointers of `byval` arguments (not frame
/// objects, which are addressed directly).
fn arg_reads<'a>(dag: &'a Dag, ops: &'a [SDValue]) -> impl Iterator<Item = SDValue> + 'a {
    ops[2..].iter().filter_map(move |&a| {
        if dag.op_of(a) == Op::ByValArg {
            let p = dag.operands(a.node())[0];
            (dag.op_of(p) != Op::FrameIndex).then_some(p)
        } else {
            Some(a)
        }
    })
}

/// The nodes a sibling call node needs computed first: its argument
/// reads, an indirect callee; the chain last.
pub fn call_deps(dag: &Dag, ops: &[SDValue], deps: &mut Vec<Node>) {
    deps.extend(arg_reads(dag, ops).map(|v| v.node()));
    if dag.op_of(ops[1]) != Op::Symbol {
        deps.push(ops[1].node());
    }
    deps.push(ops[0].node());
}

/// A call's callee load that [`cover_call`] may fold: a plain 64-bit load.
fn callee_load(dag: &Dag, callee: SDValue) -> Option<Node> {
    let n = callee.node();
    let info = MemInfo::unpack(dag.payload(n));
    (dag.op(n) == Op::Load
        && callee.res() == 0
        && dag.vts(n) == [VT::I64, VT::Chain]
        && info.ext == Ext::None
        && info.mem_bits == 64
        && !info.volatile
        && info.segment == rcc_dag::Segment::None)
        .then_some(n)
}

/// Covers call node `n` (not a sibling call, whose target register must
/// survive the epilogue): its dependencies as [`call_deps`], except that a
/// callee loaded from memory is folded into the call when the matcher's
/// folding rules allow it (LLVM's `isCalleeLoad`: `callq *8(%rax)`,
/// `callq *g(%rip)`); the callee's address is then the call's one
/// `Addr` binding.
pub fn cover_call(dag: &Dag, mf: &MachFunction, n: Node, c: &mut Cover) {
    let ops = dag.operands(n);
    let fold =
        callee_load(dag, ops[1]).filter(|&l| c.may_fold_load(dag, n, l, arg_reads(dag, ops)));
    c.deps.extend(arg_reads(dag, ops).map(|v| v.node()));
    let Some(l) = fold else {
        if dag.op_of(ops[1]) != Op::Symbol {
            c.deps.push(ops[1].node());
        }
        c.deps.push(ops[0].node());
        return;
    };
    let am = match_addr(dag, mf, dag.operands(l)[1], true);
    c.deps.extend(am.regs().map(|r| r.node()));
    let b0 = c.binds.len() as u32;
    c.binds.push(Binding::Addr(am));
    c.bind_range[n.index()] = (b0, c.binds.len() as u32);
    let chain = c.fold_load(dag, n, l);
    c.deps.push(chain);
}

/// Emits return node `n`.
pub fn emit_ret(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let ops = e.dag.operands(n);
    let opc = MOpc::target(op::RET64.0);
    let vts: Vec<VT> = ops[1..].iter().map(|&v| e.dag.vt(v)).collect();
    let rets = ret_regs(&vts)?;
    let mut rops = Vec::with_capacity(rets.len());
    // x87 results: the last pushed first, so the first ends in %st(0).
    for &v in ops[1..].iter().rev() {
        if e.dag.vt(v) == VT::F80 {
            super::x87::push_st0(mf, e.reg(v));
        }
    }
    for (&v, &p) in ops[1..].iter().zip(&rets) {
        if e.dag.vt(v) != VT::F80 {
            mf.push(
                MOpc::COPY,
                &[Operand::reg_def(p), Operand::reg_use(e.reg(v))],
            );
        }
        rops.push(Operand::implicit_use(p));
    }
    mf.push(opc, &rops);
    Ok(())
}
