//! System V calls, returns and incoming arguments (integer and pointer
//! values only): the [`CallLowering`] hooks the DAG builder calls, which
//! create the target nodes `X86_CALL` and `X86_RET`, and their emission.
//!
//! Nodes: `Target(X86_CALL)` has operands `(chain, callee, args...)`,
//! results `(value?, chain)` and payload bit 0 = variadic; the argument
//! types are the operands' types. `Target(X86_RET)` has operands
//! `(chain, value?)` and one chain result.
//!
//! Emission of a call: `ADJCALLSTACKDOWN bytes`; stores of the 7th and
//! later arguments to `[rsp + 8k]`; COPYs into RDI, RSI, RDX, RCX, R8, R9
//! (the part matching the argument's width); `MOV8ri $al, 0` for variadic
//! callees; `CALL64pcrel32 sym` or `CALL64r reg` with the SysV register
//! mask and implicit uses of the argument registers; `ADJCALLSTACKUP`;
//! a COPY of RAX (by width) into the result register. Every physical
//! register is defined and read inside this sequence.

use super::super::desc::{sub_reg, subreg};
use super::super::machine::mask;
use super::super::{op, regs};
use super::emit::{class_of_phys, class_of_vt, push_implicit, Emitter};
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

/// The registers of returned values of types `vts` (System V: integer
/// parts in RAX then RDX, each the part of its width).
fn ret_regs(vts: &[VT]) -> Result<Vec<PReg>, IselError> {
    const INT: [PReg; 2] = [regs::RAX, regs::RDX];
    let mut ints = INT.iter();
    vts.iter()
        .map(|&vt| {
            check_int("return value", vt)?;
            ints.next()
                .map(|&r| part(r, vt))
                .ok_or_else(|| IselError::new("more than two integer return values"))
        })
        .collect()
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
        rets: &[VT],
        variadic: bool,
    ) -> Result<(SDValue, Vec<SDValue>), IselError> {
        check_int("callee", dag.vt(callee))?;
        for &a in args {
            check_int("argument", dag.vt(a))?;
        }
        ret_regs(rets)?;
        let mut ops = Vec::with_capacity(args.len() + 2);
        ops.push(chain);
        ops.push(callee);
        ops.extend_from_slice(args);
        let mut vts = Vec::with_capacity(rets.len() + 1);
        vts.extend_from_slice(rets);
        vts.push(VT::Chain);
        let n = dag.node(Op::Target(X86_CALL), &vts, &ops, variadic as u64);
        let vals = (0..rets.len() as u32).map(|k| SDValue::new(n, k)).collect();
        Ok((SDValue::new(n, rets.len() as u32), vals))
    }

    fn lower_return(
        &self,
        dag: &mut Dag,
        _mf: &mut MachFunction,
        chain: SDValue,
        vals: &[SDValue],
    ) -> Result<SDValue, IselError> {
        let vts: Vec<VT> = vals.iter().map(|&v| dag.vt(v)).collect();
        ret_regs(&vts)?;
        let ops: Vec<SDValue> = std::iter::once(chain).chain(vals.iter().copied()).collect();
        Ok(dag.value(Op::Target(X86_RET), VT::Chain, &ops, 0))
    }

    fn lower_arguments(&self, mf: &mut MachFunction, args: &[VT]) -> Result<Vec<VReg>, IselError> {
        let mut out = Vec::with_capacity(args.len());
        for (i, &vt) in args.iter().enumerate() {
            check_int("argument", vt)?;
            let v = mf.new_vreg(class_of_vt(vt)?);
            if let Some(&r) = ARG_REGS.get(i) {
                let p = part(r, vt);
                mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
                mf.live_ins.push(p);
            } else {
                let fi = mf.frame.create_fixed(8, 8 + 8 * (i as i64 - 6));
                let opc = match vt {
                    VT::I1 | VT::I8 => op::MOV8rm,
                    VT::I16 => op::MOV16rm,
                    VT::I32 => op::MOV32rm,
                    _ => op::MOV64rm,
                };
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
    let nstack = args.len().saturating_sub(ARG_REGS.len()) as u64;
    let bytes = (nstack * 8).next_multiple_of(16);
    mf.frame.has_calls = true;
    mf.frame.max_call_frame = mf.frame.max_call_frame.max(bytes);
    let b = bytes as i32;
    mf.push(MOpc::ADJCALLSTACKDOWN, &stack_adjust(b, true));
    for (k, &a) in args.iter().skip(ARG_REGS.len()).enumerate() {
        let opc = match dag.vt(a) {
            VT::I1 | VT::I8 => op::MOV8mr,
            VT::I16 => op::MOV16mr,
            VT::I32 => op::MOV32mr,
            _ => op::MOV64mr,
        };
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
    for (&a, &r) in args.iter().zip(&ARG_REGS) {
        let p = part(r, dag.vt(a));
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(p), Operand::reg_use(e.reg(a))],
        );
        uses.push(p);
    }
    if variadic {
        let mov = MOpc::target(op::MOV8ri.0);
        mf.push(mov, &[Operand::reg_def(regs::AL), Operand::imm(0)]);
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
    let vts = dag.vts(n);
    let rets = ret_regs(&vts[..vts.len() - 1])?;
    cops.extend(rets.iter().map(|&p| Operand::implicit_def(p)));
    mf.push(opc, &cops);
    mf.push(MOpc::ADJCALLSTACKUP, &stack_adjust(b, false));
    for (k, &p) in rets.iter().enumerate() {
        let v = mf.new_vreg(class_of_phys(p));
        mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
        e.set_reg(SDValue::new(n, k as u32), Reg::virt(v));
    }
    Ok(())
}

/// Emits return node `n`.
pub fn emit_ret(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let ops = e.dag.operands(n);
    let opc = MOpc::target(op::RET64.0);
    let vts: Vec<VT> = ops[1..].iter().map(|&v| e.dag.vt(v)).collect();
    let rets = ret_regs(&vts)?;
    let mut rops = Vec::with_capacity(rets.len());
    for (&v, &p) in ops[1..].iter().zip(&rets) {
        mf.push(
            MOpc::COPY,
            &[Operand::reg_def(p), Operand::reg_use(e.reg(v))],
        );
        rops.push(Operand::implicit_use(p));
    }
    mf.push(opc, &rops);
    Ok(())
}
