//! Emission of `TlsAddress` nodes: the address of a thread-local variable
//! in the executable models (see `rcc_dag::build` for the choice).
//!
//! ```text
//! local-exec:    %t = MOV64rm $noreg, 1, $noreg, 0, $fs     movq %fs:0, %t
//!                %r = LEA64r %t, 1, $noreg, x@TPOFF, $noreg  leaq x@TPOFF(%t), %r
//! initial-exec:  %t = MOV64rm $noreg, 1, $noreg, 0, $fs     movq %fs:0, %t
//!                %r = ADD64rm %t, $rip, 1, $noreg, x@GOTTPOFF, $noreg
//! ```
//!
//! `%fs:0` holds the thread pointer itself (the TCB's self pointer, System
//! V TLS ABI), so both sequences produce a plain pointer.

use super::super::mclass::GR64;
use super::super::{op, regs};
use super::emit::{push_implicit, Emitter};
use rcc_dag::{IselError, Node};
use rcc_ir::entity::EntityId;
use rcc_mach::{MOpc, MachFunction, Operand, Reg, SymFlag};

/// Emits `TlsAddress` node `n`.
pub fn emit_tls(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let sym = e.dag.payload(n) as u32;
    let flag = mf
        .syms
        .get(sym as usize)
        .map(|s| s.flag)
        .ok_or_else(|| IselError::new("a TLS address without a symbol"))?;
    let tp = mf.new_vreg(GR64);
    mf.push(
        MOpc::target(op::MOV64rm.0),
        &[
            Operand::reg_def(tp),
            Operand::reg_use(Reg::NONE),
            Operand::imm(1),
            Operand::reg_use(Reg::NONE),
            Operand::imm(0),
            Operand::reg_use(regs::FS),
        ],
    );
    let r = mf.new_vreg(GR64);
    match flag {
        SymFlag::TpOff => {
            mf.push(
                MOpc::target(op::LEA64r.0),
                &[
                    Operand::reg_def(r),
                    Operand::reg_use(tp),
                    Operand::imm(1),
                    Operand::reg_use(Reg::NONE),
                    Operand::sym_index(sym),
                    Operand::reg_use(Reg::NONE),
                ],
            );
        }
        SymFlag::GotTpOff => {
            let opc = MOpc::target(op::ADD64rm.0);
            let mut ops = vec![
                Operand::reg_def(r),
                Operand::reg_tied_use(tp, 0),
                Operand::reg_use(regs::RIP),
                Operand::imm(1),
                Operand::reg_use(Reg::NONE),
                Operand::sym_index(sym),
                Operand::reg_use(Reg::NONE),
            ];
            push_implicit(&mut ops, opc, true);
            mf.push(opc, &ops);
        }
        other => {
            return Err(IselError::new(format!(
                "thread-local access with relocation {other:?}"
            )))
        }
    }
    e.vals[n.index()] = Reg::virt(r);
    Ok(())
}
