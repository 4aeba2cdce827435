//! Selection of the integer nodes that no pattern row covers because they
//! have two register results: `UMulLoHi` (the low halves of a wide
//! multiplication) is one `MUL64r`, whose product is in RDX:RAX;
//! `UDivRem`/`SDivRem` are one `DIV`/`IDIV`, quotient in EAX/RAX and
//! remainder in EDX/RDX.
//!
//! The carry chains (`AddC`/`AddE`, `SubC`/`SubE`, `SetCCCarry`) and
//! funnel shifts are pattern rows (`patterns.desc`, section "wide
//! integers"); their scheduling as glue groups is the matcher's.

use super::super::{op, regs};
use super::emit::{class_of_vt, push_implicit, Emitter};
use rcc_dag::{IselError, Node, Op, SDValue, VT};
use rcc_mach::{MOpc, MachFunction, Operand, Reg};

/// Emits `UMulLoHi` node `n`: `%rax = COPY a ; MUL64r b ; lo = COPY %rax ;
/// hi = COPY %rdx`.
pub fn emit_umul_lohi(
    e: &mut Emitter<'_>,
    mf: &mut MachFunction,
    n: Node,
) -> Result<(), IselError> {
    let ops = e.dag.operands(n);
    let (a, b) = (e.reg(ops[0]), e.reg(ops[1]));
    if e.dag.vt(ops[0]) != VT::I64 {
        return Err(IselError::new(format!(
            "UMulLoHi of {} values",
            e.dag.vt(ops[0])
        )));
    }
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(regs::RAX), Operand::reg_use(a)],
    );
    let mul = MOpc::target(op::MUL64r.0);
    let mut mops = vec![Operand::reg_use(b)];
    push_implicit(&mut mops, mul, true);
    mf.push(mul, &mops);
    for (k, p) in [regs::RAX, regs::RDX].into_iter().enumerate() {
        let v = mf.new_vreg(class_of_vt(VT::I64)?);
        mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
        e.set_reg(SDValue::new(n, k as u32), Reg::virt(v));
    }
    Ok(())
}

/// Emits `UDivRem`/`SDivRem` node `n` of `i32` or `i64` values: the
/// dividend in EAX/RAX, EDX/RDX zeroed (unsigned) or the sign extension
/// of the dividend (`CDQ`/`CQO`), one `DIV`/`IDIV` of the divisor, then
/// the quotient and remainder copied out.
pub fn emit_divrem(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let ops = e.dag.operands(n);
    let (a, b) = (e.reg(ops[0]), e.reg(ops[1]));
    let vt = e.dag.vt(ops[0]);
    let signed = e.dag.op(n) == Op::SDivRem;
    let qr = divrem(mf, vt, signed, a, b)
        .ok_or_else(|| IselError::new(format!("{:?} of {} values", e.dag.op(n), vt)))??;
    for (k, v) in qr.into_iter().enumerate() {
        e.set_reg(SDValue::new(n, k as u32), Reg::virt(v));
    }
    Ok(())
}

/// The `DIV`/`IDIV` sequence of [`emit_divrem`] for dividend `a` and
/// divisor `b` of type `vt`: the registers of the quotient and the
/// remainder (`None` for a width other than `i32`/`i64`). Shared with
/// the direct selector.
pub fn divrem(
    mf: &mut MachFunction,
    vt: VT,
    signed: bool,
    a: Reg,
    b: Reg,
) -> Option<Result<[rcc_mach::VReg; 2], IselError>> {
    let (ax, dx, div, ext) = match (vt, signed) {
        (VT::I32, false) => (regs::EAX, regs::EDX, op::DIV32r, None),
        (VT::I64, false) => (regs::RAX, regs::RDX, op::DIV64r, None),
        (VT::I32, true) => (regs::EAX, regs::EDX, op::IDIV32r, Some(op::CDQ)),
        (VT::I64, true) => (regs::RAX, regs::RDX, op::IDIV64r, Some(op::CQO)),
        _ => return None,
    };
    Some((|| {
        let class = class_of_vt(vt)?;
        mf.push(MOpc::COPY, &[Operand::reg_def(ax), Operand::reg_use(a)]);
        match ext {
            Some(x) => {
                let x = MOpc::target(x.0);
                let mut xops = Vec::new();
                push_implicit(&mut xops, x, true);
                mf.push(x, &xops);
            }
            None => {
                // Zero (the xor idiom after allocation), of the width of DX.
                let z = Reg::virt(mf.new_vreg(class));
                if vt == VT::I64 {
                    let imm = mf.imm(0);
                    mf.push(MOpc::target(op::MOV32ri64.0), &[Operand::reg_def(z), imm]);
                } else {
                    mf.push(MOpc::target(op::MOV32r0.0), &[Operand::reg_def(z)]);
                }
                mf.push(MOpc::COPY, &[Operand::reg_def(dx), Operand::reg_use(z)]);
            }
        }
        let div = MOpc::target(div.0);
        let mut dops = vec![Operand::reg_use(b)];
        push_implicit(&mut dops, div, true);
        mf.push(div, &dops);
        Ok([ax, dx].map(|p| {
            let v = mf.new_vreg(class);
            mf.push(MOpc::COPY, &[Operand::reg_def(v), Operand::reg_use(p)]);
            v
        }))
    })())
}
