//! Selection of the wide-integer nodes that no pattern row covers because
//! they have two register results: `UMulLoHi` (the low halves of a wide
//! multiplication) is one `MUL64r`, whose product is in RDX:RAX.
//!
//! The carry chains (`AddC`/`AddE`, `SubC`/`SubE`, `SetCCCarry`) and
//! funnel shifts are pattern rows (`patterns.desc`, section "wide
//! integers"); their scheduling as glue groups is the matcher's.

use super::super::{op, regs};
use super::emit::{class_of_vt, push_implicit, Emitter};
use rcc_dag::{IselError, Node, SDValue, VT};
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
