//! System V calls, returns and incoming arguments (integers, pointers,
//! `float` and `double`): the [`CallLowering`] hooks the DAG builder calls,
//! which create the target nodes `X86_CALL` and `X86_RET`, and their
//! emission.
//!
//! Nodes: `Target(X86_CALL)` has operands `(chain, callee, args...)`,
//! results `(value?, chain)` and payload bit 0 = variadic; the argument
//! types are the operands' types. `Target(X86_RET)` has operands
//! `(chain, value?)` and one chain result.
//!
//! Argument assignment ([`assign`]): integers take RDI, RSI, RDX, RCX, R8,
//! R9 (the part matching the argument's width), floats XMM0..XMM7, each
//! in argument order; the rest go to the stack in argument order, one
//! 8-byte slot each, except `x86_fp80`, always on the stack in a 16-byte
//! slot aligned to 16. Results come back in RAX (by width), XMM0, or
//! %st(0) for `x86_fp80` (moved to and from its XMM register by
//! [`super::x87`]; the x87 stack is empty again after every call).
//!
//! Emission of a call: `ADJCALLSTACKDOWN bytes`; stores of the stack
//! arguments to `[rsp + 8k]` (`movss`/`movsd` for floats); COPYs into the
//! argument registers; for variadic callees `MOV8ri $al, n`, n = the
//! number of XMM registers used; `CALL64pcrel32 sym` or `CALL64r reg` with
//! the SysV register mask and implicit uses of the argument registers;
//! `ADJCALLSTACKUP`; a COPY of RAX (by width) or XMM0 into the result
//! register. Every physical register is defined and read inside this
//! sequence.

use super::super::desc::{sub_reg, subreg};
use super::super::machine::mask;
use super::super::{op, regs, Opcode};
use super::emit::{class_of_vt, push_implicit, Emitter};
use rcc_dag::{CallLowering, Dag, IselError, Node, Op, SDValue, VT};
use rcc_ir::entity::EntityId;
use rcc_mach::{flag, MOpc, MachFunction, Operand, PReg, Reg, VReg};

/// Target node numbers.
pub const X86_CALL: u16 = 0;
pub const X86_RET: u16 = 1;

const ARG_REGS: [PReg; 6] = [
    regs::RDI,
    regs::RSI,
    regs::RDX,
    regs::RCX,
    regs::R8,
    regs::R9,
];

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

const XMM_ARGS: [PReg; 8] = [
    regs::XMM0,
    regs::XMM1,
    regs::XMM2,
    regs::XMM3,
    regs::XMM4,
    regs::XMM5,
    regs::XMM6,
    regs::XMM7,
];

fn check_int(what: &str, vt: VT) -> Result<(), IselError> {
    if matches!(vt, VT::I1 | VT::I8 | VT::I16 | VT::I32 | VT::I64) {
        Ok(())
    } else {
        Err(IselError::new(format!("{vt} {what}")))
    }
}

/// Checks a value passed in a register: an integer or pointer, or a
/// `float`/`double` (SSE class).
fn check_scalar(what: &str, vt: VT) -> Result<(), IselError> {
    if vt.is_float() || vt.is_vector() {
        Ok(())
    } else {
        check_int(what, vt)
    }
}

/// Where one argument goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ArgLoc {
    /// This register (the part of its width for integers).
    Reg(PReg),
    /// The stack slot this many bytes above the outgoing-argument base.
    Stack(u32),
}

/// The System V locations of arguments of types `vts`, the number of XMM
/// registers used and the bytes of stack arguments (a multiple of 8).
/// `x86_fp80` (class X87) always goes to the stack, in a 16-byte slot
/// aligned to 16.
pub fn assign(vts: impl IntoIterator<Item = VT>) -> (Vec<ArgLoc>, u32, u32) {
    let (mut gpr, mut xmm, mut stack) = (0usize, 0usize, 0u32);
    let mut out = Vec::new();
    for vt in vts {
        let reg = if vt == VT::F80 {
            None
        } else if vt.is_float() || vt.is_vector() {
            let r = XMM_ARGS.get(xmm).copied();
            xmm += r.is_some() as usize;
            r
        } else {
            let r = ARG_REGS.get(gpr).map(|&r| part(r, vt));
            gpr += r.is_some() as usize;
            r
        };
        out.push(match reg {
            Some(r) => ArgLoc::Reg(r),
            None => {
                let (size, align) = if vt.bits() > 64 { (16, 16) } else { (8, 8) };
                let at = stack.next_multiple_of(align);
                stack = at + size;
                ArgLoc::Stack(at)
            }
        });
    }
    (out, xmm as u32, stack)
}

/// The register a value of type `vt` is returned in.
fn ret_reg(vt: VT) -> PReg {
    if vt == VT::F80 {
        super::x87::RESULT
    } else if vt.is_float() || vt.is_vector() {
        regs::XMM0
    } else {
        part(regs::RAX, vt)
    }
}

/// Load and store forms for a value of type `vt` in memory.
fn mem_forms(vt: VT) -> (Opcode, Opcode) {
    match vt {
        VT::I1 | VT::I8 => (op::MOV8rm, op::MOV8mr),
        VT::I16 => (op::MOV16rm, op::MOV16mr),
        VT::I32 => (op::MOV32rm, op::MOV32mr),
        VT::F32 => (op::MOVSSrm, op::MOVSSmr),
        VT::F64 | VT::V2F32 => (op::MOVSDrm, op::MOVSDmr),
        VT::V4F32 | VT::V2F64 => (op::MOVUPSrm, op::MOVUPSmr),
        // The 16-byte slot of an x86_fp80 (its 10 bytes and padding).
        VT::F80 => (op::MOVUPSrm, op::MOVUPSmr),
        _ => (op::MOV64rm, op::MOV64mr),
    }
}

/// The x86-64 System V calling convention.
#[derive(Copy, Clone, Debug, Default)]
pub struct X86Lowering;

impl CallLowering for X86Lowering {
    fn reg_class(&self, vt: VT) -> Option<rcc_mach::RegClassId> {
        super::emit::class_of_vt(vt).ok()
    }

    fn lower_call(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        callee: SDValue,
        args: &[SDValue],
        ret: Option<VT>,
        variadic: bool,
    ) -> Result<(SDValue, Option<SDValue>), IselError> {
        check_int("callee", dag.vt(callee))?;
        for &a in args {
            check_scalar("argument", dag.vt(a))?;
        }
        if let Some(r) = ret {
            check_scalar("return value", r)?;
        }
        let mut ops = Vec::with_capacity(args.len() + 2);
        ops.push(chain);
        ops.push(callee);
        ops.extend_from_slice(args);
        let vts: &[VT] = match ret {
            Some(r) => &[r, VT::Chain],
            None => &[VT::Chain],
        };
        let vts = vts.to_vec();
        let n = dag.node(Op::Target(X86_CALL), &vts, &ops, variadic as u64);
        Ok((
            SDValue::new(n, vts.len() as u32 - 1),
            ret.map(|_| SDValue::new(n, 0)),
        ))
    }

    fn lower_return(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        val: Option<SDValue>,
    ) -> Result<SDValue, IselError> {
        if let Some(v) = val {
            check_scalar("return value", dag.vt(v))?;
        }
        let ops: Vec<SDValue> = std::iter::once(chain).chain(val).collect();
        Ok(dag.value(Op::Target(X86_RET), VT::Chain, &ops, 0))
    }

    fn lower_arguments(&self, mf: &mut MachFunction, args: &[VT]) -> Result<Vec<VReg>, IselError> {
        let mut out = Vec::with_capacity(args.len());
        for &vt in args {
            check_scalar("argument", vt)?;
        }
        let (locs, _, _) = assign(args.iter().copied());
        for (&vt, loc) in args.iter().zip(locs) {
            let v = mf.new_vreg(class_of_vt(vt)?);
            match loc {
                ArgLoc::Reg(p) => {
                    mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
                    mf.live_ins.push(p);
                }
                ArgLoc::Stack(at) => {
                    let size = if vt.bits() > 64 { 16 } else { 8 };
                    let fi = mf.frame.create_fixed(size, 8 + at as i64);
                    let (opc, _) = mem_forms(vt);
                    mf.push(
                        MOpc::target(opc.0),
                        &[
                            Operand::reg_def(v),
                            Operand::frame(fi),
                            Operand::imm(1),
                            Operand::reg_use(Reg::NONE),
                            Operand::imm(0),
                            Operand::reg_use(Reg::NONE),
                        ],
                    );
                }
            }
            out.push(v);
        }
        Ok(out)
    }
}

fn stack_adjust(bytes: i32, down: bool) -> Vec<Operand> {
    let mut v = vec![Operand::imm(bytes), Operand::imm(0)];
    if down {
        v.push(Operand::imm(0));
    }
    v.extend([
        Operand::implicit_def(regs::RSP),
        Operand::implicit_def(regs::EFLAGS).with(flag::DEAD),
        Operand::implicit_use(regs::RSP),
    ]);
    v
}

/// Emits call node `n`.
pub fn emit_call(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let dag = e.dag;
    let ops = dag.operands(n);
    let (callee, args) = (ops[1], &ops[2..]);
    let variadic = dag.payload(n) & 1 != 0;
    let (locs, nxmm, stack_bytes) = assign(args.iter().map(|&a| dag.vt(a)));
    let bytes = (stack_bytes as u64).next_multiple_of(16);
    mf.frame.has_calls = true;
    mf.frame.max_call_frame = mf.frame.max_call_frame.max(bytes);
    let b = bytes as i32;
    mf.push(MOpc::ADJCALLSTACKDOWN, &stack_adjust(b, true));
    for (&a, &loc) in args.iter().zip(&locs) {
        let ArgLoc::Stack(at) = loc else { continue };
        let (_, opc) = mem_forms(dag.vt(a));
        mf.push(
            MOpc::target(opc.0),
            &[
                Operand::reg_use(regs::RSP),
                Operand::imm(1),
                Operand::reg_use(Reg::NONE),
                Operand::imm(at as i32),
                Operand::reg_use(Reg::NONE),
                Operand::reg_use(e.reg(a)),
            ],
        );
    }
    let mut uses = Vec::new();
    for (&a, &loc) in args.iter().zip(&locs) {
        let ArgLoc::Reg(p) = loc else { continue };
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(p), Operand::reg_use(e.reg(a))],
        );
        uses.push(p);
    }
    if variadic {
        let mov = MOpc::target(op::MOV8ri.0);
        mf.push(
            mov,
            &[Operand::reg_def(regs::AL), Operand::imm(nxmm as i32)],
        );
        uses.push(regs::AL);
    }
    let (opc, target) = if dag.op_of(callee) == Op::Symbol {
        (
            op::CALL64pcrel32,
            Operand::sym_index(dag.payload(callee.node()) as u32),
        )
    } else {
        (op::CALL64r, Operand::reg_use(e.reg(callee)))
    };
    let opc = MOpc::target(opc.0);
    let mut cops = vec![target, Operand::reg_mask(mask::SYSV)];
    cops.extend(uses.iter().map(|&p| Operand::implicit_use(p)));
    push_implicit(&mut cops, opc, false);
    let ret = dag.vts(n).first().copied().filter(|&t| t != VT::Chain);
    if let Some(t) = ret {
        cops.push(Operand::implicit_def(ret_reg(t)));
    }
    mf.push(opc, &cops);
    mf.push(MOpc::ADJCALLSTACKUP, &stack_adjust(b, false));
    if ret == Some(VT::F80) {
        // Always popped, used or not: the x87 stack must be empty.
        e.vals[n.index()] = super::x87::pop_st0(mf);
    } else if let Some(t) = ret {
        let v = mf.new_vreg(class_of_vt(t)?);
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(v), Operand::reg_use(ret_reg(t))],
        );
        e.vals[n.index()] = Reg::virt(v);
    }
    Ok(())
}

/// Emits return node `n`.
pub fn emit_ret(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let ops = e.dag.operands(n);
    let opc = MOpc::target(op::RET64.0);
    let mut rops = Vec::new();
    if let Some(&v) = ops.get(1).filter(|&&v| e.dag.vt(v) == VT::F80) {
        super::x87::push_st0(mf, e.reg(v));
        rops.push(Operand::implicit_use(super::x87::RESULT));
    } else if let Some(&v) = ops.get(1) {
        let p = ret_reg(e.dag.vt(v));
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(p), Operand::reg_use(e.reg(v))],
        );
        rops.push(Operand::implicit_use(p));
    }
    mf.push(opc, &rops);
    Ok(())
}
