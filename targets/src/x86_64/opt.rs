//! Encoding-size optimizations that keep an instruction's meaning but pick
//! a shorter encoding, applied to every `MCInst` before encoding (by the
//! assembler after matching and by code emission), as llvm-mc does.
//!
//! - A commutable three-operand VEX form whose r/m source needs VEX.B while
//!   the VEX.vvvv source does not gets its sources swapped, so that the
//!   2-byte VEX prefix (which has no B bit) can be used. SSE compares with
//!   a symmetric predicate (eq, unord, neq, ord) count as commutable.

use super::desc::{enc, iflag, reg_info, Form, InstDesc, OpKind, OpMap, Opcode, RegFlags};
use rcc_mc::{MCInst, MCOperand};

/// Rewrites `inst` in place into an equivalent form with a shorter encoding.
pub fn optimize_for_encoding(inst: &mut MCInst) {
    let Some(desc) = Opcode(inst.opcode).desc() else {
        return;
    };
    if desc.has_enc(enc::VEX)
        && desc.has_enc(enc::VEX_4V)
        && !desc.has_enc(enc::VEX_W)
        && (desc.has(iflag::COMMUTABLE) || symmetric_predicate(desc, inst))
        && desc.form == Form::MRMSrcReg
        && desc.map == OpMap::TB
    {
        let ops = inst.operands_mut();
        if let [_, MCOperand::Reg(a), MCOperand::Reg(b), ..] = ops {
            let ext = |r| reg_info(r).flags.has(RegFlags::EXT);
            if ext(*b) && !ext(*a) {
                std::mem::swap(a, b);
            }
        }
    }
}

/// Whether `inst` is an SSE compare whose predicate is symmetric.
fn symmetric_predicate(desc: &InstDesc, inst: &MCInst) -> bool {
    desc.mc_operands()
        .zip(inst.operands())
        .any(|(s, o)| s.kind == OpKind::FCond && matches!(o, MCOperand::Imm(0 | 3 | 4 | 7)))
}
