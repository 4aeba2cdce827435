//! `x86_fp80` (C `long double`) arithmetic through the x87 unit.
//!
//! Representation: an `F80` value lives in an XMM register (class VR128)
//! holding the 10 bytes `fstpt` stores in its low bytes, so values cross
//! blocks, go through PHIs and are spilled like any other register value;
//! the register allocator never sees the x87 stack. Each operation is one
//! self-contained sequence that moves its operands to the function's
//! scratch slot (`mf.frame.scratch()`, 16 bytes aligned to 16), loads them
//! onto the x87 stack (`fldt`), computes, and stores the result back
//! (`fstpt`, then `movaps` into a new register). Every sequence leaves the
//! x87 stack empty, which is the System V state between instructions and
//! at calls. The x87 registers are reserved (`X86Info::is_reserved`), so
//! their stack-position operands are not tracked.
//!
//! Handled here: `fadd fsub fmul fdiv` (`f{op}p`; llc's operand order),
//! `fneg fabs fsqrt` (`fchs fabs fsqrt`), `fsetcc` (`fucomip`, then the
//! same flag tests as `ucomisd`, into a GR8 0/1), conversions from and to
//! `f32`/`f64` (`flds`/`fldl`, `fstps`/`fstpl`), from `i32`/`i64`
//! (`fildl`/`fildll`) and to `i32`/`i64` (`fistpl`/`fistpll` with the
//! rounding control set to truncate around it, as llc does without SSE3's
//! `fisttp`). Loads, stores, constants and selects are pattern rows;
//! arguments and returns are in `call.rs`.

use super::super::{op, regs, Opcode};
use super::emit::{push_implicit, Emitter};
use rcc_dag::{Dag, FCond, IselError, Node, Op, VT};
use rcc_ir::entity::EntityId;
use rcc_mach::{FrameIdx, MOpc, MachFunction, Operand, PReg, Reg, VReg};

use super::super::machine::mclass;

/// Whether node `n` is an x87 operation this module emits.
pub fn selects(dag: &Dag, n: Node) -> bool {
    // The opcode first: most nodes are no float operation at all.
    let res_f80 = || dag.vts(n).first() == Some(&VT::F80);
    let arg_f80 = || {
        dag.operands(n)
            .first()
            .is_some_and(|&o| dag.vt(o) == VT::F80)
    };
    match dag.op(n) {
        Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FNeg | Op::FAbs | Op::FSqrt => res_f80(),
        Op::SintToFp | Op::FpExtend => res_f80(),
        Op::FpToSint | Op::FpRound | Op::FSetCC => arg_f80(),
        _ => false,
    }
}

/// The five memory operands of `[scratch + disp]`.
fn slot(s: FrameIdx, disp: i32) -> [Operand; 5] {
    [
        Operand::frame(s),
        Operand::imm(1),
        Operand::reg_use(Reg::NONE),
        Operand::imm(disp),
        Operand::reg_use(Reg::NONE),
    ]
}

/// Appends target instruction `opc` with explicit operands `ops` and the
/// form's implicit registers (EFLAGS dead unless `flags_live`).
fn push(mf: &mut MachFunction, opc: Opcode, ops: &[Operand], flags_live: bool) {
    let m = MOpc::target(opc.0);
    let mut v = ops.to_vec();
    push_implicit(&mut v, m, !flags_live);
    mf.push(m, &v);
}

/// Stores register `r` to the scratch slot with `st` and pushes it on the
/// x87 stack with the x87 load `ld`.
fn push_via_slot(mf: &mut MachFunction, s: FrameIdx, st: Opcode, ld: Opcode, r: Reg) {
    let m = slot(s, 0);
    push(
        mf,
        st,
        &[m[0], m[1], m[2], m[3], m[4], Operand::reg_use(r)],
        false,
    );
    push(mf, ld, &slot(s, 0), false);
}

/// Pops the x87 top into the scratch slot with the x87 store `st` and
/// loads it with `ld` into a new register of `class`.
fn pop_via_slot(
    mf: &mut MachFunction,
    s: FrameIdx,
    st: Opcode,
    ld: Opcode,
    class: rcc_mach::RegClassId,
) -> Reg {
    push(mf, st, &slot(s, 0), false);
    let v = mf.new_vreg(class);
    let m = slot(s, 0);
    push(
        mf,
        ld,
        &[Operand::reg_def(v), m[0], m[1], m[2], m[3], m[4]],
        false,
    );
    Reg::virt(v)
}

/// Stores XMM register `r` to the scratch slot and pushes it on the x87
/// stack.
fn load_x87(mf: &mut MachFunction, s: FrameIdx, r: Reg) {
    push_via_slot(mf, s, op::MOVAPSmr, op::LD_F80m, r);
}

/// Pops the x87 top into the scratch slot and then into a new XMM register.
fn store_x87(mf: &mut MachFunction, s: FrameIdx) -> Reg {
    pop_via_slot(mf, s, op::ST_FP80m, op::MOVAPSrm, mclass::VR128)
}

/// `f{op}p %st, %st(1)` and friends: `%st(1) = %st(1) op %st(0)` or the
/// reverse, then pop.
fn binary(mf: &mut MachFunction, opc: Opcode) {
    push(
        mf,
        opc,
        &[
            Operand::reg_def(regs::ST1),
            Operand::reg_tied_use(regs::ST1, 0),
        ],
        false,
    );
}

/// A new GR8 register set from the flags with x86 condition `cc`.
fn setcc(mf: &mut MachFunction, cc: i64) -> VReg {
    let v = mf.new_vreg(mclass::GR8);
    push(
        mf,
        op::SETCCr,
        &[Operand::reg_def(v), Operand::imm(cc as i32)],
        true,
    );
    v
}

/// `d = a op b` for a two-address 8-bit logic form.
fn logic8(mf: &mut MachFunction, opc: Opcode, a: VReg, b: VReg) -> VReg {
    let d = mf.new_vreg(mclass::GR8);
    push(
        mf,
        opc,
        &[
            Operand::reg_def(d),
            Operand::reg_tied_use(a, 0),
            Operand::reg_use(b),
        ],
        false,
    );
    d
}

// x86 condition codes.
const CC_B: i64 = 2;
const CC_AE: i64 = 3;
const CC_E: i64 = 4;
const CC_NE: i64 = 5;
const CC_BE: i64 = 6;
const CC_A: i64 = 7;
const CC_P: i64 = 10;
const CC_NP: i64 = 11;

/// How `fucomip` (flags as `ucomisd a, b`) answers predicate `c`: whether
/// to compare `b` with `a` instead, and the condition codes (two: both
/// (`and`) for `oeq`, either (`or`) for `une`).
pub(super) fn fcmp_codes(c: FCond) -> Option<(bool, &'static [i64])> {
    Some(match c {
        FCond::Oeq => (false, &[CC_E, CC_NP]),
        FCond::Ogt => (false, &[CC_A]),
        FCond::Oge => (false, &[CC_AE]),
        FCond::Olt => (true, &[CC_A]),
        FCond::Ole => (true, &[CC_AE]),
        FCond::One => (false, &[CC_NE]),
        FCond::Ord => (false, &[CC_NP]),
        FCond::Uno => (false, &[CC_P]),
        FCond::Ueq => (false, &[CC_E]),
        FCond::Ugt => (true, &[CC_B]),
        FCond::Uge => (true, &[CC_BE]),
        FCond::Ult => (false, &[CC_B]),
        FCond::Ule => (false, &[CC_BE]),
        FCond::Une => (false, &[CC_NE, CC_P]),
        FCond::False | FCond::True => return None,
    })
}

/// Emits x87 node `n` (one for which [`selects`] holds).
pub fn emit(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let dag = e.dag;
    let ops = dag.operands(n);
    let s = mf.frame.scratch();
    let from = dag.vt(ops[0]);
    let to = dag.vts(n)[0];
    let result = match dag.op(n) {
        o @ (Op::FAdd | Op::FSub | Op::FMul | Op::FDiv) => {
            load_x87(mf, s, e.reg(ops[0]));
            load_x87(mf, s, e.reg(ops[1]));
            // %st(0) = b, %st(1) = a: a - b is fsubrp (%st(1) - %st(0)).
            binary(
                mf,
                match o {
                    Op::FAdd => op::ADD_FPrST0,
                    Op::FMul => op::MUL_FPrST0,
                    Op::FSub => op::SUBR_FPrST0,
                    _ => op::DIVR_FPrST0,
                },
            );
            store_x87(mf, s)
        }
        o @ (Op::FNeg | Op::FAbs | Op::FSqrt) => {
            load_x87(mf, s, e.reg(ops[0]));
            let f = match o {
                Op::FNeg => op::CHS_F,
                Op::FAbs => op::ABS_F,
                _ => op::SQRT_F,
            };
            push(mf, f, &[], false);
            store_x87(mf, s)
        }
        Op::FSetCC => {
            let c = FCond::ALL
                .get(dag.payload(n) as usize)
                .and_then(|&c| fcmp_codes(c).map(|x| (c, x)));
            let Some((c, (swap, ccs))) = c else {
                return Err(IselError::new("an x86_fp80 compare predicate"));
            };
            let (a, b) = if swap {
                (ops[1], ops[0])
            } else {
                (ops[0], ops[1])
            };
            load_x87(mf, s, e.reg(b));
            load_x87(mf, s, e.reg(a));
            // Compare %st(0) = a with %st(1) = b, pop, pop.
            push(mf, op::UCOM_FIPr, &[Operand::reg_use(regs::ST1)], true);
            push(mf, op::ST_FPrr, &[Operand::reg_def(regs::ST0)], true);
            let first = setcc(mf, ccs[0]);
            let v = match ccs.get(1) {
                None => first,
                Some(&cc) => {
                    let second = setcc(mf, cc);
                    let logic = if c == FCond::Oeq {
                        op::AND8rr
                    } else {
                        op::OR8rr
                    };
                    logic8(mf, logic, first, second)
                }
            };
            Reg::virt(v)
        }
        Op::FpExtend => {
            let (st, ld) = match from {
                VT::F32 => (op::MOVSSmr, op::LD_F32m),
                VT::F64 => (op::MOVSDmr, op::LD_F64m),
                t => return Err(IselError::new(format!("fpext from {t} to x86_fp80"))),
            };
            push_via_slot(mf, s, st, ld, e.reg(ops[0]));
            store_x87(mf, s)
        }
        Op::FpRound => {
            let (st, ld, class) = match to {
                VT::F32 => (op::ST_FP32m, op::MOVSSrm, mclass::FR32),
                VT::F64 => (op::ST_FP64m, op::MOVSDrm, mclass::FR64),
                t => return Err(IselError::new(format!("fptrunc from x86_fp80 to {t}"))),
            };
            load_x87(mf, s, e.reg(ops[0]));
            pop_via_slot(mf, s, st, ld, class)
        }
        Op::SintToFp => {
            let (st, ld) = match from {
                VT::I32 => (op::MOV32mr, op::ILD_F32m),
                VT::I64 => (op::MOV64mr, op::ILD_F64m),
                t => return Err(IselError::new(format!("sitofp from {t} to x86_fp80"))),
            };
            push_via_slot(mf, s, st, ld, e.reg(ops[0]));
            store_x87(mf, s)
        }
        Op::FpToSint => {
            let (ist, ld, class) = match to {
                VT::I32 => (op::IST_FP32m, op::MOV32rm, mclass::GR32),
                VT::I64 => (op::IST_FP64m, op::MOV64rm, mclass::GR64),
                t => return Err(IselError::new(format!("fptosi from x86_fp80 to {t}"))),
            };
            load_x87(mf, s, e.reg(ops[0]));
            // Truncate: save the control word at +0, set rounding control
            // (bits 10-11) to toward zero in a copy at +2, store the integer
            // at +8, restore.
            push(mf, op::FNSTCW16m, &slot(s, 0), false);
            let cw = mf.new_vreg(mclass::GR32);
            let m = slot(s, 0);
            push(
                mf,
                op::MOVZX32rm16,
                &[Operand::reg_def(cw), m[0], m[1], m[2], m[3], m[4]],
                false,
            );
            let tz = mf.new_vreg(mclass::GR32);
            push(
                mf,
                op::OR32ri,
                &[
                    Operand::reg_def(tz),
                    Operand::reg_tied_use(cw, 0),
                    Operand::imm(0xc00),
                ],
                false,
            );
            let m = slot(s, 2);
            let part =
                Operand::reg_use(tz).with_subreg(super::super::desc::subreg::SUB_16BIT as u8);
            push(
                mf,
                op::MOV16mr,
                &[m[0], m[1], m[2], m[3], m[4], part],
                false,
            );
            push(mf, op::FLDCW16m, &slot(s, 2), false);
            push(mf, ist, &slot(s, 8), false);
            push(mf, op::FLDCW16m, &slot(s, 0), false);
            let v = mf.new_vreg(class);
            let m = slot(s, 8);
            push(
                mf,
                ld,
                &[Operand::reg_def(v), m[0], m[1], m[2], m[3], m[4]],
                false,
            );
            Reg::virt(v)
        }
        o => return Err(IselError::new(format!("x86_fp80 {o:?}"))),
    };
    e.vals[n.index()] = result;
    Ok(())
}

/// Pushes the value of XMM-held `F80` register `r` on the x87 stack (a
/// returned value), through the scratch slot.
pub fn push_st0(mf: &mut MachFunction, r: Reg) {
    let s = mf.frame.scratch();
    load_x87(mf, s, r);
}

/// Pops the x87 top (a call's `F80` result in %st(0)) into a new register.
pub fn pop_st0(mf: &mut MachFunction) -> Reg {
    let s = mf.frame.scratch();
    store_x87(mf, s)
}

/// The x87 result register of calls and returns.
pub const RESULT: PReg = regs::ST0;
