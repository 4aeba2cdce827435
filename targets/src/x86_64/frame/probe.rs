//! Stack probes in the prologue (the `"probe-stack"` function attribute),
//! as llc-19's `X86FrameLowering` writes them, so that no page of a large
//! frame is skipped and the guard page below the stack is always hit:
//!
//! ```text
//! inline, up to 8 pages (emitStackProbeInlineGenericBlock):
//!   subq $P-A, %rsp ; movq $0, (%rsp)    A = realignment % P (first page)
//!   subq $P, %rsp   ; movq $0, (%rsp)    while a whole page remains
//!   subq $rest, %rsp                     (pushq %rax for 8 bytes)
//! inline, larger (emitStackProbeInlineGenericLoop):
//!   [subq $A, %rsp ; movq $0, (%rsp)]
//!   movq %rsp, %r11 ; subq $bound, %r11  bound = size rounded down to P
//! .Ltest:                                (a block of its own)
//!   subq $P, %rsp ; movq $0, (%rsp) ; cmpq %r11, %rsp ; jne .Ltest
//!   subq $rest, %rsp                     (the tail: a block of its own)
//! call (a named probe, `__chkstk` style), for at least P bytes:
//!   [pushq %rax]                         when %rax is live in
//!   movl $size, %eax ; callq probe ; subq %rax, %rsp
//!   [movq size-8(%rsp), %rax]
//! ```
//!
//! Without a frame pointer the CFI follows the allocation: an
//! `.cfi_adjust_cfa_offset` per probed page, or, around the loop, the CFA
//! in `%r11` (`.cfi_def_cfa_register %r11` + the bound) and back in `%rsp`
//! after it; the prologue's `.cfi_def_cfa_offset` follows as usual.
//! P is `"stack-probe-size"` (default 4096). The loop's blocks are made by
//! [`split_for_loop`] once the prologue is in place.

use super::plan::{FramePlan, SLOT};
use super::prolog::{cfi, opc, push, reg_arith, sp_arith, SUB};
use crate::x86_64::branch::COND_NE;
use crate::x86_64::desc::{aliases, dwarf_number, op, regs};
use rcc_mach::{MBlock, MInst, MOpc, MachFunction, Operand, PReg, Reg, SymOperand, SymTarget};
use rcc_mc::Cfi;

/// The probing the prologue does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Probe {
    None,
    /// Inline probes every `size` bytes.
    Inline {
        size: u64,
    },
    /// A call to the probe function for frames of at least `size` bytes.
    Call {
        sym: SymTarget,
        size: u64,
    },
}

/// The loop of a large inline probe: the prologue instructions from `at`
/// on go to a tail block; `body` is the loop block between.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct ProbeLoop {
    pub at: usize,
    pub body: Vec<MInst>,
}

/// `movq $0, (%rsp)`: touches the page just allocated.
fn touch(mf: &mut MachFunction) -> MInst {
    mf.create(
        opc(op::MOV64mi32),
        &[
            Operand::reg_use(regs::RSP),
            Operand::imm(1),
            Operand::reg_use(Reg::NONE),
            Operand::imm(0),
            Operand::reg_use(Reg::NONE),
            Operand::imm(0),
        ],
    )
}

/// `%rsp -= v`, with the CFA following it when there is no frame pointer.
fn alloc_page(mf: &mut MachFunction, p: &FramePlan, v: u64, out: &mut Vec<MInst>) {
    out.push(sp_arith(mf, SUB, v as i32));
    if !p.uses_fp {
        cfi(mf, p, Cfi::AdjustCfaOffset(v as i64), out);
    }
    out.push(touch(mf));
}

fn dwarf(r: PReg) -> u16 {
    dwarf_number(r).unwrap_or_default()
}

/// Appends the allocation of `p.sp_adjust` bytes with inline probes every
/// `size` bytes; returns the loop to split off for a large frame.
pub(super) fn inline(
    mf: &mut MachFunction,
    p: &FramePlan,
    size: u64,
    out: &mut Vec<MInst>,
) -> Option<ProbeLoop> {
    let mut offset = p.sp_adjust;
    // The realignment leaves `%rsp` up to `align % size` bytes into a page
    // that was not probed.
    let align_off = p.realign.map_or(0, |a| u64::from(a) % size);
    let tail = |mf: &mut MachFunction, chunk: u64, out: &mut Vec<MInst>| {
        if chunk == SLOT {
            out.push(push(mf, regs::RAX, true));
        } else if chunk > 0 {
            out.push(sp_arith(mf, SUB, chunk as i32));
        }
    };
    if offset <= size * 8 {
        let mut cur = 0;
        if size < offset + align_off {
            alloc_page(mf, p, size - align_off, out);
            cur = size - align_off;
        }
        while cur + size < offset {
            alloc_page(mf, p, size, out);
            cur += size;
        }
        tail(mf, offset - cur, out);
        return None;
    }
    if align_off > 0 {
        out.push(sp_arith(mf, SUB, align_off as i32));
        out.push(touch(mf));
        offset -= align_off;
    }
    out.push(super::prolog::mov(mf, regs::R11, regs::RSP));
    let bound = offset / size * size;
    out.push(reg_arith(mf, SUB, regs::R11, bound as i32));
    if !p.uses_fp {
        cfi(mf, p, Cfi::DefCfaRegister(dwarf(regs::R11)), out);
        cfi(mf, p, Cfi::AdjustCfaOffset(bound as i64), out);
    }
    let at = out.len();
    let body = vec![
        sp_arith(mf, SUB, size as i32),
        touch(mf),
        mf.create(
            opc(op::CMP64rr),
            &[
                Operand::reg_use(regs::RSP),
                Operand::reg_use(regs::R11),
                Operand::implicit_def(regs::EFLAGS),
            ],
        ),
    ];
    let rest = offset % size;
    if rest > 0 {
        out.push(sp_arith(mf, SUB, rest as i32));
    }
    if !p.uses_fp {
        cfi(mf, p, Cfi::DefCfaRegister(dwarf(regs::RSP)), out);
    }
    Some(ProbeLoop { at, body })
}

/// Appends the allocation of `p.sp_adjust` bytes through a call to the
/// probe function `sym`; `live_in`: the registers live into the block.
pub(super) fn call(
    mf: &mut MachFunction,
    p: &FramePlan,
    sym: SymTarget,
    live_in: &[PReg],
    out: &mut Vec<MInst>,
) {
    let rax_live = live_in.iter().any(|&r| aliases(regs::RAX).contains(&r.0));
    let n = p.sp_adjust;
    let alloc = if rax_live {
        out.push(mf.create(
            opc(op::PUSH64r),
            &[
                Operand::reg_use(regs::RAX),
                Operand::implicit_def(regs::RSP),
                Operand::implicit_use(regs::RSP),
            ],
        ));
        n - SLOT
    } else {
        n
    };
    let size = mf.imm(alloc as i64);
    out.push(mf.create(opc(op::MOV32ri), &[Operand::reg_def(regs::EAX), size]));
    let target = mf.sym(SymOperand {
        target: sym,
        offset: 0,
        flag: rcc_mach::SymFlag::NONE,
    });
    out.push(mf.create(
        opc(op::CALL64pcrel32),
        &[
            target,
            Operand::implicit_use(regs::RAX),
            Operand::implicit_def(regs::RSP),
            Operand::implicit_use(regs::RSP),
            Operand::implicit_def(regs::RAX),
            Operand::implicit_def(regs::EFLAGS).with(rcc_mach::flag::DEAD),
        ],
    ));
    out.push(mf.create(
        opc(op::SUB64rr),
        &[
            Operand::reg_def(regs::RSP),
            Operand::reg_tied_use(regs::RSP, 0),
            Operand::reg_use(regs::RAX),
            Operand::implicit_def(regs::EFLAGS).with(rcc_mach::flag::DEAD),
        ],
    ));
    if rax_live {
        let disp = mf.imm((n - SLOT) as i64);
        out.push(mf.create(
            opc(op::MOV64rm),
            &[
                Operand::reg_def(regs::RAX),
                Operand::reg_use(regs::RSP),
                Operand::imm(1),
                Operand::reg_use(Reg::NONE),
                disp,
                Operand::reg_use(Reg::NONE),
            ],
        ));
    }
}

/// Makes the probe loop's blocks: block `save` (whose first instructions
/// are the prologue) is split before prologue instruction `l.at`; the
/// loop block goes between the two halves.
pub(super) fn split_for_loop(mf: &mut MachFunction, save: MBlock, l: &ProbeLoop, live_in: &[PReg]) {
    // Numbered as llc numbers them (the loop block first), laid out
    // save, loop, tail.
    let test = mf.insert_block_after(save, &l.body);
    let tail = mf.split_block(save, l.at);
    if let (Some(i), Some(j)) = (
        mf.order.iter().position(|&b| b == tail),
        mf.order.iter().position(|&b| b == test),
    ) {
        mf.order.swap(i, j);
    }
    let ne = mf.imm(i64::from(COND_NE));
    let jcc = mf.create(
        MOpc::target(op::JCC_1.0),
        &[
            Operand::block(test),
            ne,
            Operand::implicit_use(regs::EFLAGS),
        ],
    );
    mf.append_to_block(test, jcc);
    mf.set_succs(save, &[test]);
    mf.set_succs(test, &[test, tail]);
    mf.set_block_live_ins(tail, live_in);
    let mut ins = live_in.to_vec();
    ins.push(regs::R11);
    mf.set_block_live_ins(test, &ins);
}
