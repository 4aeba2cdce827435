//! Frame planning: the decisions of prolog/epilog insertion, computed once
//! before any instruction is written (frame pointer, realignment, which
//! callee-saved registers to push, slot placement, sizes), following LLVM's
//! `PrologEpilogInserter::calculateFrameObjectOffsets` and
//! `X86FrameLowering::emitPrologue` so frame sizes match llc's:
//!
//! - objects are placed below the return address, the frame-pointer slot
//!   and the pushes; the reserved outgoing-argument area goes below them;
//! - the extent is rounded to 16 bytes when the function calls or has
//!   dynamic allocas, else only to the largest object alignment (a leaf's
//!   stack pointer need not be 16-byte aligned);
//! - in a leaf without realignment or dynamic allocas, up to 128 bytes of
//!   the frame live in the red zone below `%rsp`.

use super::FrameErrorKind;
use crate::x86_64::desc::{aliases, reg_info, regs, NUM_REGS};
use crate::x86_64::X86Info;
use rcc_mach::passes::frame_layout::{
    call_frame, max_placed_align, place_objects, FrameOptions, FramePointer,
};
use rcc_mach::{FrameIdx, FrameKind, MachFunction, PReg};

/// Bytes of a stack slot (return address, push).
pub const SLOT: u64 = 8;
/// The stack alignment at call sites.
pub const STACK_ALIGN: u64 = 16;
/// The System V red zone below `%rsp` that leaf functions may use.
pub const RED_ZONE: u64 = 128;

/// Callee-saved GPRs in the order the prologue pushes them (LLVM's
/// `CSR_64` list reversed).
pub(super) const PUSH_ORDER: [PReg; 6] = [
    regs::RBP,
    regs::R15,
    regs::R14,
    regs::R13,
    regs::R12,
    regs::RBX,
];

/// The frame of one function, as decided.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FramePlan {
    /// `%rbp` holds the frame pointer (CFA - 16).
    pub uses_fp: bool,
    /// The alignment `%rsp` is realigned to (`and $-A, %rsp`), if over 16.
    pub realign: Option<u32>,
    /// Callee-saved registers pushed, in push order (64-bit registers).
    pub csrs: Vec<PReg>,
    pub has_calls: bool,
    /// Dynamic allocas: call frames are not reserved and `%rsp` moves.
    pub var_sized: bool,
    /// `%rbx` holds the realigned stack pointer of the prologue and locals
    /// are addressed from it (realignment with dynamic allocas).
    pub base_pointer: bool,
    /// Part of the frame is in the red zone.
    pub red_zone: bool,
    /// The frame's extent below the CFA, aligned, before the red zone is
    /// taken off (includes the return address).
    pub total: u64,
    /// Bytes below the return address (frame-pointer slot, pushes and
    /// `sp_adjust`): LLVM's `StackSize`.
    pub stack_size: u64,
    /// Bytes the prologue subtracts from `%rsp` after the pushes.
    pub sp_adjust: u64,
    /// Emit CFI directives.
    pub emit_cfi: bool,
}

impl FramePlan {
    /// Bytes of the frame-pointer slot.
    pub fn fp_bytes(&self) -> u64 {
        if self.uses_fp {
            SLOT
        } else {
            0
        }
    }

    /// Bytes of the callee-saved pushes.
    pub fn csr_bytes(&self) -> u64 {
        SLOT * self.csrs.len() as u64
    }

    /// The CFA-relative address of the `i`-th pushed callee-saved register.
    pub fn csr_cfa_offset(&self, i: usize) -> i64 {
        -((SLOT + self.fp_bytes() + SLOT * (i as u64 + 1)) as i64)
    }

    /// The CFA rule in the body: register and offset.
    pub fn body_cfa(&self) -> (PReg, i64) {
        if self.uses_fp {
            (regs::RBP, 2 * SLOT as i64)
        } else {
            (regs::RSP, (SLOT + self.stack_size) as i64)
        }
    }

    /// Whether the body's CFA rule differs from the entry's (`%rsp + 8`),
    /// i.e. the prologue and epilogues emit CFA directives.
    pub fn changes_cfa(&self) -> bool {
        self.body_cfa() != (regs::RSP, SLOT as i64)
    }

    /// The base register of a frame reference and what to add to an
    /// object's offset (relative to the entry `%rsp`) to get the
    /// displacement. `fixed`: an incoming-argument object.
    pub fn frame_base(&self, fixed: bool) -> (PReg, i64) {
        if self.uses_fp && (self.realign.is_none() || fixed) {
            // %rbp = entry %rsp - 8.
            (regs::RBP, SLOT as i64)
        } else if self.realign.is_some() {
            // The realigned %rsp is `total` below the (aligned) CFA; the
            // base pointer keeps it when %rsp moves.
            let base = if self.base_pointer {
                regs::RBX
            } else {
                regs::RSP
            };
            (base, self.total as i64 - SLOT as i64)
        } else {
            (regs::RSP, self.stack_size as i64)
        }
    }
}

/// One line for MIR dumps and tests:
/// `frame: fp realign=64 push=[r14,rbx] stack_size=24 sp_adjust=8 ...`.
impl std::fmt::Display for FramePlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let yes = |b: bool, s: &'static str| if b { s } else { "" };
        let pushes: Vec<&str> = self.csrs.iter().map(|&r| reg_info(r).asm).collect();
        write!(
            f,
            "frame:{}{}{}{}{}{} push=[{}] total={} stack_size={} sp_adjust={}",
            yes(self.uses_fp, " fp"),
            yes(self.has_calls, " calls"),
            yes(self.var_sized, " var-sized"),
            yes(self.base_pointer, " base-pointer"),
            yes(self.red_zone, " red-zone"),
            yes(!self.emit_cfi, " no-cfi"),
            pushes.join(","),
            self.total,
            self.stack_size,
            self.sp_adjust,
        )?;
        if let Some(a) = self.realign {
            write!(f, " realign={a}")?;
        }
        Ok(())
    }
}

/// Whether the function keeps a frame pointer.
pub(super) fn needs_fp(mf: &MachFunction, opts: &FrameOptions, has_calls: bool) -> bool {
    let policy = match opts.frame_pointer {
        FramePointer::All => true,
        FramePointer::NonLeaf => has_calls,
        FramePointer::None | FramePointer::Reserved => false,
    };
    policy || mf.frame.has_var_sized || frame_align(mf) > STACK_ALIGN
}

/// The alignment the frame must provide: its placed objects', and what
/// outgoing arguments ask for (`byval` copies aligned over 16 bytes,
/// recorded in `FrameInfo::max_align` by call lowering, as LLVM's
/// `ensureMaxAlignment`).
fn frame_align(mf: &MachFunction) -> u64 {
    u64::from(max_placed_align(&mf.frame).max(mf.frame.max_align))
}

/// Whether the frame is realigned (an alignment over the stack's).
pub(super) fn realigns(mf: &MachFunction) -> bool {
    frame_align(mf) > STACK_ALIGN
}

/// Whether the function needs a base pointer: realignment together with
/// dynamic allocas.
pub(super) fn needs_base_pointer(mf: &MachFunction) -> bool {
    mf.frame.has_var_sized && frame_align(mf) > STACK_ALIGN
}

/// The position in [`PUSH_ORDER`] of the 64-bit callee-saved register
/// `r` (of any width) belongs to; a table built once, since every physical
/// def of every function is looked up.
fn push_index(r: PReg) -> Option<usize> {
    static TABLE: std::sync::OnceLock<[u8; NUM_REGS]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [u8::MAX; NUM_REGS];
        for (k, &c) in PUSH_ORDER.iter().enumerate().rev() {
            for &a in aliases(c) {
                t[a as usize] = k as u8;
            }
        }
        t
    });
    table
        .get(r.0 as usize)
        .filter(|&&k| k != u8::MAX)
        .map(|&k| k as usize)
}

/// Plans the frame and places the stack objects (sets their offsets).
pub(super) fn plan(
    mf: &mut MachFunction,
    used_csrs: &[PReg],
    opts: &FrameOptions,
    order: &mut Vec<FrameIdx>,
) -> Result<FramePlan, FrameErrorKind> {
    let calls = call_frame(mf, &X86Info);
    let max_align = frame_align(mf);
    let realign = (max_align > STACK_ALIGN).then_some(max_align as u32);
    let var_sized = mf.frame.has_var_sized;
    let base_pointer = realign.is_some() && var_sized;
    let uses_fp = needs_fp(mf, opts, calls.has_calls);

    let mut saved = [false; PUSH_ORDER.len()];
    let mut mark = |r: PReg| {
        if let Some(k) = push_index(r) {
            saved[k] = true;
        }
    };
    used_csrs.iter().for_each(|&r| mark(r));
    mf.for_each_phys_def(&mut mark);
    let rbp_reserved = uses_fp || opts.frame_pointer == FramePointer::Reserved;
    if rbp_reserved && saved[0] {
        return Err(FrameErrorKind::FramePointerClobbered);
    }
    let rbx = PUSH_ORDER.len() - 1;
    if base_pointer {
        if saved[rbx] {
            return Err(FrameErrorKind::BasePointerClobbered);
        }
        // The caller's %rbx is saved like any callee-saved register.
        saved[rbx] = true;
    }
    let csrs: Vec<PReg> = PUSH_ORDER
        .iter()
        .zip(saved)
        .filter(|&(_, s)| s)
        .map(|(&r, _)| r)
        .collect();

    let fp_bytes = if uses_fp { SLOT } else { 0 };
    let csr_bytes = SLOT * csrs.len() as u64;
    let start = SLOT + fp_bytes + csr_bytes;
    let mut end = place_objects(&mut mf.frame, start, SLOT as i64, order);
    let reserved_call_frame = !var_sized;
    if calls.has_calls && reserved_call_frame {
        end += calls.max_call_frame;
    }
    let has_objects = mf
        .frame
        .objects
        .values()
        .any(|o| o.kind != FrameKind::Fixed);
    let base_align = if calls.has_calls || var_sized || (realign.is_some() && has_objects) {
        STACK_ALIGN
    } else {
        1
    };
    let total = end.next_multiple_of(base_align.max(max_align));
    let mut stack_size = total - SLOT;
    let mut red_zone = false;
    if opts.red_zone && realign.is_none() && !var_sized && !calls.has_calls {
        let min = csr_bytes + fp_bytes;
        let reduced = stack_size.saturating_sub(RED_ZONE).max(min);
        red_zone = reduced < stack_size;
        stack_size = reduced;
    }
    let mut sp_adjust = stack_size - csr_bytes - fp_bytes;
    if let Some(a) = realign {
        sp_adjust = sp_adjust.next_multiple_of(u64::from(a));
    }
    let limit = i32::MAX as u64;
    let largest = total.max(sp_adjust).max(calls.max_call_frame);
    if largest > limit {
        return Err(FrameErrorKind::FrameTooLarge(largest));
    }
    Ok(FramePlan {
        uses_fp,
        realign,
        csrs,
        has_calls: calls.has_calls,
        var_sized,
        base_pointer,
        red_zone,
        total,
        stack_size,
        sp_adjust,
        emit_cfi: opts.emit_cfi,
    })
}
