//! Emission of `TlsAddress` nodes: the address of a thread-local variable,
//! or the base of the module's TLS block (see `rcc_dag::build` for the
//! choice of model).
//!
//! ```text
//! local-exec:     %t = MOV64rm $noreg, 1, $noreg, 0, $fs     movq %fs:0, %t
//!                 %r = LEA64r %t, 1, $noreg, x@TPOFF, $noreg  leaq x@TPOFF(%t), %r
//! initial-exec:   %t = MOV64rm $noreg, 1, $noreg, 0, $fs     movq %fs:0, %t
//!                 %r = ADD64rm %t, $rip, 1, $noreg, x@GOTTPOFF, $noreg
//! general-dynamic: ADJCALLSTACKDOWN 0
//!                 TLS_addr64 $rip, 1, $noreg, x@TLSGD, $noreg, __tls_get_addr@PLT, <regmask>
//!                 ADJCALLSTACKUP 0
//!                 %r = COPY $rax
//! local-dynamic:  the same with TLS_base_addr64 and x@TLSLD: the block's
//!                 base, to which the builder adds x@DTPOFF
//! ```
//!
//! `%fs:0` holds the thread pointer itself (the TCB's self pointer, System
//! V TLS ABI), so the executable sequences produce a plain pointer. The
//! dynamic models are calls: every physical register they touch is
//! defined and read inside the sequence, as for an ordinary call.

use super::super::machine::mask;
use super::super::mclass::GR64;
use super::super::{op, regs};
use super::call::stack_adjust;
use super::emit::{push_implicit, Emitter};
use crate::x86_64::sym_flags;
use rcc_dag::{IselError, Node};
use rcc_ir::entity::EntityId;
use rcc_mach::{MOpc, MachFunction, Operand, Reg, SymFlag, SymOperand};

/// Emits `TlsAddress` node `n`.
pub fn emit_tls(e: &mut Emitter<'_>, mf: &mut MachFunction, n: Node) -> Result<(), IselError> {
    let sym = e.dag.payload(n) as u32;
    let flag = mf
        .syms
        .get(sym as usize)
        .map(|s| s.flag)
        .ok_or_else(|| IselError::new("a TLS address without a symbol"))?;
    let r = match flag {
        sym_flags::TPOFF | sym_flags::GOTTPOFF => executable(mf, sym, flag),
        sym_flags::TLSGD => tls_call(mf, sym, op::TLS_addr64),
        sym_flags::TLSLD => tls_call(mf, sym, op::TLS_base_addr64),
        other => {
            return Err(IselError::new(format!(
                "thread-local access with relocation {other:?}"
            )))
        }
    };
    e.vals[n.index()] = Reg::virt(r);
    Ok(())
}

/// The local- and initial-exec sequences.
fn executable(mf: &mut MachFunction, sym: u32, flag: SymFlag) -> rcc_mach::VReg {
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
    if flag == sym_flags::TPOFF {
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
    } else {
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
    r
}

/// A call of `__tls_get_addr` through pseudo `pseudo` (general-dynamic:
/// the variable's address; local-dynamic: the module block's).
fn tls_call(mf: &mut MachFunction, sym: u32, pseudo: super::super::Opcode) -> rcc_mach::VReg {
    mf.frame.has_calls = true;
    mf.push(MOpc::ADJCALLSTACKDOWN, &stack_adjust(0, true));
    let callee = mf.external("__tls_get_addr");
    let callee = mf.sym(SymOperand {
        target: callee,
        offset: 0,
        flag: sym_flags::PLT,
    });
    let opc = MOpc::target(pseudo.0);
    let mut ops = vec![
        Operand::reg_use(regs::RIP),
        Operand::imm(1),
        Operand::reg_use(Reg::NONE),
        Operand::sym_index(sym),
        Operand::reg_use(Reg::NONE),
        callee,
        Operand::reg_mask(mask::SYSV),
    ];
    push_implicit(&mut ops, opc, false);
    mf.push(opc, &ops);
    mf.push(MOpc::ADJCALLSTACKUP, &stack_adjust(0, false));
    let r = mf.new_vreg(GR64);
    mf.push(
        MOpc::COPY,
        &[Operand::reg_def(r), Operand::reg_use(regs::RAX)],
    );
    r
}
