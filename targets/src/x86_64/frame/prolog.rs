//! The instructions of the prologue and epilogues, with their CFI, as
//! llc-19 writes them for x86-64:
//!
//! ```text
//! with a frame pointer                 without
//!   pushq %rbp      .cfi_def_cfa_offset 16   pushq %r15   .cfi_def_cfa_offset 16
//!                   .cfi_offset %rbp, -16    pushq %rbx   .cfi_def_cfa_offset 24
//!   movq %rsp, %rbp .cfi_def_cfa_register %rbp
//!   pushq %r15 ; pushq %rbx              subq $N, %rsp .cfi_def_cfa_offset 24+N
//!   [andq $-A, %rsp]                     .cfi_offset %rbx, -24
//!   subq $N, %rsp                        .cfi_offset %r15, -16
//!   .cfi_offset %rbx, -32 ...
//! epilogue:                            epilogue:
//!   addq $N, %rsp | leaq -16(%rbp), %rsp   addq $N, %rsp .cfi_def_cfa_offset 24
//!   | movq %rbp, %rsp                    popq %rbx     .cfi_def_cfa_offset 16
//!   popq %rbx ; popq %r15                popq %r15     .cfi_def_cfa_offset 8
//!   popq %rbp       .cfi_def_cfa %rsp, 8
//! ```
//!
//! An 8-byte adjustment is `pushq %rax` in the prologue and, when the
//! return follows directly, `popq` of a dead caller-saved register in the
//! epilogue (llc does the same; it picks the first register the return
//! does not read, we skip `%rax`/`%rdx`, which may carry return values the
//! return instruction does not list).

use super::plan::{FramePlan, SLOT};
use super::probe::{Probe, ProbeLoop};
use crate::x86_64::desc::{aliases, dwarf_number, op, regs, Opcode};
use rcc_mach::{flag, MInst, MOpc, MachFunction, Operand, PReg, Reg};
use rcc_mc::Cfi;

pub(super) fn opc(o: Opcode) -> MOpc {
    MOpc::target(o.0)
}

fn dwarf(r: PReg) -> u16 {
    // Every register the frame code names is a 64-bit GPR, which has one.
    dwarf_number(r).unwrap_or_default()
}

pub(super) fn push(mf: &mut MachFunction, r: PReg, undef: bool) -> MInst {
    let mut src = Operand::reg_use(r);
    src.set(flag::UNDEF, undef);
    mf.create(
        opc(op::PUSH64r),
        &[
            src,
            Operand::implicit_def(regs::RSP),
            Operand::implicit_use(regs::RSP),
        ],
    )
}

fn pop(mf: &mut MachFunction, r: PReg) -> MInst {
    mf.create(
        opc(op::POP64r),
        &[
            Operand::reg_def(r),
            Operand::implicit_def(regs::RSP),
            Operand::implicit_use(regs::RSP),
        ],
    )
}

pub(super) fn mov(mf: &mut MachFunction, dst: PReg, src: PReg) -> MInst {
    mf.create(
        opc(op::MOV64rr),
        &[Operand::reg_def(dst), Operand::reg_use(src)],
    )
}

/// `%rsp = %rsp <op> v` with the short immediate form when it fits.
pub(super) fn sp_arith(mf: &mut MachFunction, ops: (Opcode, Opcode), v: i32) -> MInst {
    reg_arith(mf, ops, regs::RSP, v)
}

/// `r = r <op> v` with the short immediate form when it fits.
pub(super) fn reg_arith(mf: &mut MachFunction, ops: (Opcode, Opcode), r: PReg, v: i32) -> MInst {
    let o = if i8::try_from(v).is_ok() {
        ops.0
    } else {
        ops.1
    };
    mf.create(
        opc(o),
        &[
            Operand::reg_def(r),
            Operand::reg_tied_use(r, 0),
            Operand::imm(v),
            Operand::implicit_def(regs::EFLAGS).with(flag::DEAD),
        ],
    )
}

pub(super) const SUB: (Opcode, Opcode) = (op::SUB64ri8, op::SUB64ri32);
pub(super) const ADD: (Opcode, Opcode) = (op::ADD64ri8, op::ADD64ri32);
const AND: (Opcode, Opcode) = (op::AND64ri8, op::AND64ri32);

fn lea(mf: &mut MachFunction, dst: PReg, base: PReg, disp: i32) -> MInst {
    mf.create(
        opc(op::LEA64r),
        &[
            Operand::reg_def(dst),
            Operand::reg_use(base),
            Operand::imm(1),
            Operand::reg_use(Reg::NONE),
            Operand::imm(disp),
            Operand::reg_use(Reg::NONE),
        ],
    )
}

pub(super) fn cfi(mf: &mut MachFunction, p: &FramePlan, c: Cfi, out: &mut Vec<MInst>) {
    if p.emit_cfi {
        out.push(mf.create_cfi(c));
    }
}

/// Sizes in a plan are checked to fit 32 bits (`FrameTooLarge`).
fn imm32(v: u64) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// `%rsp += v` without touching the flags.
fn sp_lea(mf: &mut MachFunction, v: i32) -> MInst {
    lea(mf, regs::RSP, regs::RSP, v)
}

/// Appends the prologue to `out`; `flags_live`: the flags are live where
/// it goes (a shrink-wrapped save block), so the adjustment is a `lea`;
/// `probe`: how the allocation is probed ([`super::probe`]), `live_in`
/// the registers live into the block. Returns the probe loop to split
/// off, if any.
pub(super) fn prologue(
    mf: &mut MachFunction,
    p: &FramePlan,
    flags_live: bool,
    probe: Probe,
    live_in: &[PReg],
    out: &mut Vec<MInst>,
) -> Option<ProbeLoop> {
    let mut probe_loop = None;
    let mut cfa = SLOT as i64;
    if p.uses_fp {
        out.push(push(mf, regs::RBP, false));
        cfa += SLOT as i64;
        cfi(mf, p, Cfi::DefCfaOffset(cfa), out);
        let rbp = dwarf(regs::RBP);
        cfi(
            mf,
            p,
            Cfi::Offset {
                reg: rbp,
                offset: -cfa,
            },
            out,
        );
        out.push(mov(mf, regs::RBP, regs::RSP));
        cfi(mf, p, Cfi::DefCfaRegister(rbp), out);
    }
    for &r in &p.csrs {
        out.push(push(mf, r, false));
        if !p.uses_fp {
            cfa += SLOT as i64;
            cfi(mf, p, Cfi::DefCfaOffset(cfa), out);
        }
    }
    if let Some(a) = p.realign {
        out.push(sp_arith(mf, AND, -imm32(u64::from(a))));
    }
    if p.sp_adjust > 0 {
        let probed = match probe {
            Probe::Inline { size } => {
                probe_loop = super::probe::inline(mf, p, size, out);
                true
            }
            Probe::Call { sym, size } if p.sp_adjust >= size => {
                super::probe::call(mf, p, sym, live_in, out);
                true
            }
            _ => false,
        };
        if probed {
            // The allocation is written.
        } else if p.sp_adjust == SLOT && p.realign.is_none() {
            out.push(push(mf, regs::RAX, true));
        } else if flags_live {
            out.push(sp_lea(mf, -imm32(p.sp_adjust)));
        } else {
            out.push(sp_arith(mf, SUB, imm32(p.sp_adjust)));
        }
        if !p.uses_fp {
            cfa += p.sp_adjust as i64;
            cfi(mf, p, Cfi::DefCfaOffset(cfa), out);
        }
    }
    if p.base_pointer {
        out.push(mov(mf, regs::RBX, regs::RSP));
    }
    for (i, &r) in p.csrs.iter().enumerate().rev() {
        let c = Cfi::Offset {
            reg: dwarf(r),
            offset: p.csr_cfa_offset(i),
        };
        cfi(mf, p, c, out);
    }
    probe_loop
}

/// A caller-saved register that return instruction `ret` does not read.
fn dead_scratch(mf: &MachFunction, ret: MInst) -> Option<PReg> {
    const CANDIDATES: [PReg; 6] = [
        regs::RCX,
        regs::RSI,
        regs::RDI,
        regs::R8,
        regs::R9,
        regs::R11,
    ];
    let read = |c: PReg| {
        mf.operands(ret)
            .iter()
            .any(|o| o.is_use() && o.reg().as_phys().is_some_and(|r| aliases(c).contains(&r.0)))
    };
    CANDIDATES.into_iter().find(|&c| !read(c))
}

/// Appends the epilogue that goes before return instruction `ret` (or
/// before the terminators of a shrink-wrapped restore block, `ret` then
/// being the return among them if any); `flags_live`: the flags must
/// survive it, so the adjustment is a `lea`.
pub(super) fn epilogue(
    mf: &mut MachFunction,
    p: &FramePlan,
    ret: Option<MInst>,
    flags_live: bool,
    out: &mut Vec<MInst>,
) {
    let add = |mf: &mut MachFunction, v: u64| {
        if flags_live {
            sp_lea(mf, imm32(v))
        } else {
            sp_arith(mf, ADD, imm32(v))
        }
    };
    if p.uses_fp {
        if p.var_sized || p.realign.is_some() {
            if p.csrs.is_empty() {
                out.push(mov(mf, regs::RSP, regs::RBP));
            } else {
                out.push(lea(mf, regs::RSP, regs::RBP, -imm32(p.csr_bytes())));
            }
        } else if p.sp_adjust > 0 {
            out.push(add(mf, p.sp_adjust));
        }
        for &r in p.csrs.iter().rev() {
            out.push(pop(mf, r));
        }
        out.push(pop(mf, regs::RBP));
        let c = Cfi::DefCfa {
            reg: dwarf(regs::RSP),
            offset: SLOT as i64,
        };
        cfi(mf, p, c, out);
        return;
    }
    let mut cfa = (SLOT + p.stack_size) as i64;
    if p.sp_adjust > 0 {
        let scratch = ret
            .filter(|_| p.sp_adjust == SLOT && p.csrs.is_empty())
            .and_then(|ret| dead_scratch(mf, ret));
        match scratch {
            Some(r) => out.push(pop(mf, r)),
            None => out.push(add(mf, p.sp_adjust)),
        }
        cfa -= p.sp_adjust as i64;
        cfi(mf, p, Cfi::DefCfaOffset(cfa), out);
    }
    for &r in p.csrs.iter().rev() {
        out.push(pop(mf, r));
        cfa -= SLOT as i64;
        cfi(mf, p, Cfi::DefCfaOffset(cfa), out);
    }
}

/// Appends `.cfi_restore` of every saved register (callee-saved ones in
/// LLVM's CSR order, then the frame pointer), after the epilogue of a
/// shrink-wrapped restore block that does not return: code after it runs
/// with the caller's registers (LLVM's `emitCalleeSavedFrameMoves` in
/// `emitEpilogue`).
pub(super) fn cfi_restores(mf: &mut MachFunction, p: &FramePlan, out: &mut Vec<MInst>) {
    let fp = p.uses_fp.then_some(regs::RBP);
    for &r in p.csrs.iter().rev().chain(fp.iter()) {
        cfi(mf, p, Cfi::Restore(dwarf(r)), out);
    }
}

/// Appends the directives that bring the CFA rule back to the body's, at
/// the start of a block laid out after an epilogue.
pub(super) fn restore_body_cfa(mf: &mut MachFunction, p: &FramePlan, out: &mut Vec<MInst>) {
    let (reg, offset) = p.body_cfa();
    let c = if p.uses_fp {
        Cfi::DefCfa {
            reg: dwarf(reg),
            offset,
        }
    } else {
        Cfi::DefCfaOffset(offset)
    };
    cfi(mf, p, c, out);
}
