//! Jump-table dispatch (`BrJt`, from switch lowering): the index is
//! already range-checked and zero-extended to 64 bits.
//!
//! - PIC (the table holds 32-bit `.LBB - .LJTI` offsets, as llc's
//!   `EK_LabelDifference32`):
//!   `leaq .LJTI(%rip), %base ; movslq (%base,%idx,4), %off ;
//!   addq %base, %off ; jmpq *%off`
//! - static (absolute 8-byte entries): `jmpq *.LJTI(,%idx,8)`
//!
//! The node's payload is the jump-table number, bit 32 set for PIC, bit 33
//! for a `notrack` jump (`-fcf-protection=branch`: `JMP64r_NT`/`JMP64m_NT`);
//! the AsmPrinter emits the table in the matching form.

use super::super::machine::mclass;
use super::super::{op, regs, Opcode};
use super::emit::{push_implicit, Emitter};
use rcc_dag::{IselError, Node};
use rcc_mach::{MOpc, MachFunction, Operand, Reg, SymFlag, SymOperand, SymTarget};

/// Emits jump-table node `n`.
pub fn emit_br_jt(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let dag = e.dag;
    let idx = e.reg(dag.operands(n)[1]);
    let payload = dag.payload(n);
    let jt = payload as u32;
    if jt as usize >= mf.jump_tables.len() {
        return Err(IselError::new(format!(
            "jump table {jt}, which does not exist"
        )));
    }
    let table = mf.sym(SymOperand {
        target: SymTarget::JumpTable(jt),
        offset: 0,
        flag: SymFlag::NONE,
    });
    let mem = |base: Reg, scale: i32, index: Reg, disp: Operand| {
        [
            Operand::reg_use(base),
            Operand::imm(scale),
            Operand::reg_use(index),
            disp,
            Operand::reg_use(Reg::NONE),
        ]
    };
    let t = |o: Opcode| MOpc::target(o.0);
    let notrack = payload >> 33 & 1 != 0;
    let (jmp_r, jmp_m) = if notrack {
        (op::JMP64r_NT, op::JMP64m_NT)
    } else {
        (op::JMP64r, op::JMP64m)
    };
    if payload >> 32 & 1 == 0 {
        let mut ops = mem(Reg::NONE, 8, idx, table).to_vec();
        push_implicit(&mut ops, t(jmp_m), false);
        mf.push(t(jmp_m), &ops);
        return Ok(());
    }
    let base = Reg::virt(mf.new_vreg(mclass::GR64));
    let mut ops = vec![Operand::reg_def(base)];
    ops.extend(mem(regs::RIP.into(), 1, Reg::NONE, table));
    mf.push(t(op::LEA64r), &ops);
    let off = Reg::virt(mf.new_vreg(mclass::GR64));
    let mut ops = vec![Operand::reg_def(off)];
    ops.extend(mem(base, 4, idx, Operand::imm(0)));
    mf.push(t(op::MOVSX64rm32), &ops);
    let target = Reg::virt(mf.new_vreg(mclass::GR64));
    let mut ops = vec![
        Operand::reg_def(target),
        Operand::reg_tied_use(off, 0),
        Operand::reg_use(base),
    ];
    push_implicit(&mut ops, t(op::ADD64rr), true);
    mf.push(t(op::ADD64rr), &ops);
    let mut ops = vec![Operand::reg_use(target)];
    push_implicit(&mut ops, t(jmp_r), false);
    mf.push(t(jmp_r), &ops);
    Ok(())
}
