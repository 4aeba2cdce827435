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
//! 8-byte slot each. Results come back in RAX (by width) or XMM0.
//!
//! `i128` values travel as two `i64` halves (LLVM's split arguments with
//! `InConsecutiveRegs`): an argument becomes two operands, low half first,
//! and payload bit `1 + k` marks argument operand `k` as the low half of
//! such a pair; a pair takes two consecutive integer registers, or, if
//! fewer than two are left, none (the rest are skipped, as llc does) and
//! two stack slots aligned to 16 bytes. A wide result is the call's
//! results 0 and 1 (RAX, RDX), a wide return value two operands of
//! `X86_RET`.
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
    if matches!(vt, VT::F32 | VT::F64) {
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
    /// The stack slot at `8 * k` bytes above the outgoing-argument base.
    Stack(u32),
}

/// Payload bit of argument operand `k` starting a 128-bit pair.
fn pair_bit(k: usize) -> u64 {
    1 << (k + 1)
}

/// The System V locations of arguments of types `vts`, where operand `k`
/// is the low half of a 128-bit pair when `pair(k)`; the number of XMM
/// registers used; and the number of stack slots (with alignment padding).
pub fn assign(
    vts: impl IntoIterator<Item = VT>,
    pair: impl Fn(usize) -> bool,
) -> (Vec<ArgLoc>, u32, u32) {
    let (mut gpr, mut xmm, mut stack) = (0usize, 0usize, 0u32);
    let mut out = Vec::new();
    let mut high_half = false;
    for (k, vt) in vts.into_iter().enumerate() {
        if std::mem::take(&mut high_half) {
            out.push(match out.last() {
                Some(&ArgLoc::Stack(s)) => ArgLoc::Stack(s + 1),
                _ => ArgLoc::Reg(ARG_REGS[gpr - 1]),
            });
            continue;
        }
        if pair(k) {
            high_half = true;
            if gpr + 2 <= ARG_REGS.len() {
                out.push(ArgLoc::Reg(ARG_REGS[gpr]));
                gpr += 2;
            } else {
                gpr = ARG_REGS.len();
                stack = stack.next_multiple_of(2);
                out.push(ArgLoc::Stack(stack));
                stack += 2;
            }
            continue;
        }
        let reg = if vt.is_float() {
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
                stack += 1;
                ArgLoc::Stack(stack - 1)
            }
        });
    }
    (out, xmm as u32, stack)
}

/// The register a value of type `vt` is returned in.
fn ret_reg(vt: VT) -> PReg {
    if vt.is_float() {
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
        VT::F64 => (op::MOVSDrm, op::MOVSDmr),
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
        let mut ops = Vec::with_capacity(args.len() + 2);
        ops.push(chain);
        ops.push(callee);
        let mut payload = variadic as u64;
        for &a in args {
            if dag.vt(a) == VT::I128 {
                let k = ops.len() - 2;
                if k >= 62 {
                    return Err(IselError::new("an i128 argument after the 62nd"));
                }
                payload |= pair_bit(k);
                for half in 0..2 {
                    ops.push(dag.value(Op::ExtractElement, VT::I64, &[a], half));
                }
                continue;
            }
            check_scalar("argument", dag.vt(a))?;
            ops.push(a);
        }
        let vts: &[VT] = match ret {
            Some(VT::I128) => &[VT::I64, VT::I64, VT::Chain],
            Some(r) => {
                check_scalar("return value", r)?;
                &[r, VT::Chain]
            }
            None => &[VT::Chain],
        };
        let vts = vts.to_vec();
        let n = dag.node(Op::Target(X86_CALL), &vts, &ops, payload);
        let value = match ret {
            Some(VT::I128) => Some(dag.value(
                Op::BuildPair,
                VT::I128,
                &[SDValue::new(n, 0), SDValue::new(n, 1)],
                0,
            )),
            Some(_) => Some(SDValue::new(n, 0)),
            None => None,
        };
        Ok((SDValue::new(n, vts.len() as u32 - 1), value))
    }

    fn lower_return(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        val: Option<SDValue>,
    ) -> Result<SDValue, IselError> {
        let mut ops = vec![chain];
        if let Some(v) = val {
            if dag.vt(v) == VT::I128 {
                for half in 0..2 {
                    ops.push(dag.value(Op::ExtractElement, VT::I64, &[v], half));
                }
            } else {
                check_scalar("return value", dag.vt(v))?;
                ops.push(v);
            }
        }
        Ok(dag.value(Op::Target(X86_RET), VT::Chain, &ops, 0))
    }

    fn lower_arguments(&self, mf: &mut MachFunction, args: &[VT]) -> Result<Vec<VReg>, IselError> {
        // Halves: a wide argument is two i64 operands, the first starting a
        // pair; its vregs are consecutive (r, r + 1), r stands for it.
        let mut halves = Vec::with_capacity(args.len());
        let mut starts = Vec::with_capacity(args.len());
        for &vt in args {
            if vt == VT::I128 {
                halves.extend([VT::I64, VT::I64]);
                starts.extend([true, false]);
            } else {
                check_scalar("argument", vt)?;
                halves.push(vt);
                starts.push(false);
            }
        }
        let mut out = Vec::with_capacity(args.len());
        let (locs, _, _) = assign(halves.iter().copied(), |k| starts[k]);
        for (k, (&vt, loc)) in halves.iter().zip(locs).enumerate() {
            let v = mf.new_vreg(class_of_vt(vt)?);
            if k == 0 || !starts[k - 1] {
                out.push(v);
            }
            match loc {
                ArgLoc::Reg(p) => {
                    mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
                    mf.live_ins.push(p);
                }
                ArgLoc::Stack(k) => {
                    let fi = mf.frame.create_fixed(8, 8 + 8 * k as i64);
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
    let payload = dag.payload(n);
    let variadic = payload & 1 != 0;
    let pair = |k: usize| k < 62 && payload & pair_bit(k) != 0;
    let (locs, nxmm, nstack) = assign(args.iter().map(|&a| dag.vt(a)), pair);
    let bytes = (nstack as u64 * 8).next_multiple_of(16);
    mf.frame.has_calls = true;
    mf.frame.max_call_frame = mf.frame.max_call_frame.max(bytes);
    let b = bytes as i32;
    mf.push(MOpc::ADJCALLSTACKDOWN, &stack_adjust(b, true));
    for (&a, &loc) in args.iter().zip(&locs) {
        let ArgLoc::Stack(k) = loc else { continue };
        let (_, opc) = mem_forms(dag.vt(a));
        mf.push(
            MOpc::target(opc.0),
            &[
                Operand::reg_use(regs::RSP),
                Operand::imm(1),
                Operand::reg_use(Reg::NONE),
                Operand::imm(8 * k as i32),
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
    // Results: (value, chain), or (low, high, chain) for a wide value.
    let rets: Vec<(VT, PReg)> = dag
        .vts(n)
        .iter()
        .take_while(|&&t| t != VT::Chain)
        .enumerate()
        .map(|(k, &t)| (t, if k == 0 { ret_reg(t) } else { regs::RDX }))
        .collect();
    cops.extend(rets.iter().map(|&(_, p)| Operand::implicit_def(p)));
    mf.push(opc, &cops);
    mf.push(MOpc::ADJCALLSTACKUP, &stack_adjust(b, false));
    for (k, &(t, p)) in rets.iter().enumerate() {
        let v = mf.new_vreg(class_of_vt(t)?);
        mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
        e.set_result(SDValue::new(n, k as u32), Reg::virt(v));
    }
    Ok(())
}

/// Emits return node `n`.
pub fn emit_ret(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let ops = e.dag.operands(n);
    let opc = MOpc::target(op::RET64.0);
    let mut rops = Vec::new();
    // One value, or the two halves of a wide one (RAX, RDX).
    for (k, &v) in ops.iter().skip(1).enumerate() {
        let p = if k == 0 {
            ret_reg(e.dag.vt(v))
        } else {
            regs::RDX
        };
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(p), Operand::reg_use(e.reg(v))],
        );
        rops.push(Operand::implicit_use(p));
    }
    mf.push(opc, &rops);
    Ok(())
}
