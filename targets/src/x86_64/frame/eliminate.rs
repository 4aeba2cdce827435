//! Frame-index elimination and call-frame pseudos.
//!
//! A frame operand is the base of a five-operand memory reference (base,
//! scale, index, displacement, segment): it becomes `%rsp` or `%rbp`
//! ([`FramePlan::frame_base`]) and the object's offset is folded into the
//! displacement, which must be an immediate and stay within 32 bits.
//! Call-frame pseudos vanish when call frames are reserved; with dynamic
//! allocas they become `subq`/`addq` of the (16-byte rounded) amount.

use super::plan::{FramePlan, STACK_ALIGN};
use super::prolog::{sp_arith, ADD, SUB};
use super::FrameErrorKind;
use crate::x86_64::X86Info;
use rcc_ir::Module;
use rcc_mach::passes::frame_layout::call_frame_amount;
use rcc_mach::{
    FrameIdx, FrameKind, MInst, MOpc, MachFunction, OpKind, Operand, OperandSlot, TargetInfo,
};

/// Operand positions of the memory references of target opcode `op`.
fn mem_bases(op: u16, mut f: impl FnMut(usize)) {
    let mut k = 0;
    for s in X86Info.operand_slots(op) {
        match s {
            OperandSlot::Mem => {
                f(k);
                k += 5;
            }
            _ => k += 1,
        }
    }
}

fn inst_text(mf: &MachFunction, m: &Module, i: MInst) -> String {
    let mut s = String::new();
    rcc_mach::printer::print_inst(&mut s, mf, m, &X86Info, i);
    s
}

/// Rewrites the frame operands of `i` in place.
pub(super) fn frame_operands(
    mf: &mut MachFunction,
    m: &Module,
    p: &FramePlan,
    i: MInst,
) -> Result<(), FrameErrorKind> {
    let ops = mf.operands(i);
    if !ops.iter().any(|o| o.kind() == OpKind::Frame) {
        return Ok(());
    }
    let mut bases = [usize::MAX; 8];
    let mut n = 0;
    let mut add = |k: usize| {
        if n < bases.len() {
            bases[n] = k;
            n += 1;
        }
    };
    if let Some(op) = mf.opc(i).as_target() {
        mem_bases(op, add);
    } else {
        rcc_mach::inline_asm::mem_operand_starts(mf, i).for_each(&mut add);
    }
    let bad_operand = |mf: &MachFunction| FrameErrorKind::FrameOperand {
        inst: inst_text(mf, m, i),
    };
    for k in 0..ops.len() {
        let ops = mf.operands(i);
        if ops[k].kind() != OpKind::Frame {
            continue;
        }
        if !bases[..n].contains(&k) || k + 3 >= ops.len() {
            return Err(bad_operand(mf));
        }
        let fi = ops[k].payload();
        let obj = *mf
            .frame
            .objects
            .get(FrameIdx::from_u32(fi))
            .ok_or(FrameErrorKind::BadFrameIndex(fi))?;
        let (base, delta) = p.frame_base(obj.kind == FrameKind::Fixed);
        let disp = ops[k + 3];
        let new = mf
            .imm_of(disp)
            .and_then(|d| d.checked_add(obj.offset)?.checked_add(delta))
            .and_then(|d| i32::try_from(d).ok())
            .ok_or_else(|| FrameErrorKind::Displacement {
                inst: inst_text(mf, m, i),
            })?;
        let ops = mf.operands_mut(i);
        ops[k] = Operand::reg_use(base);
        ops[k + 3] = Operand::imm(new);
    }
    Ok(())
}

/// Lowers an `ADJCALLSTACKDOWN`/`UP` (pushing the replacement, if any).
pub(super) fn call_frame_pseudo(
    mf: &mut MachFunction,
    p: &FramePlan,
    i: MInst,
    out: &mut Vec<MInst>,
) {
    if !p.var_sized {
        return;
    }
    let n = call_frame_amount(mf, i)
        .unwrap_or(0)
        .next_multiple_of(STACK_ALIGN);
    // The plan checked every amount against 32 bits.
    let Ok(n) = i32::try_from(n) else {
        return;
    };
    if n == 0 {
        return;
    }
    let ops = if mf.opc(i) == MOpc::ADJCALLSTACKDOWN {
        SUB
    } else {
        ADD
    };
    out.push(sp_arith(mf, ops, n));
}
