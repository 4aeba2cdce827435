//! Inline assembly in machine code: the `INLINEASM` instruction and the
//! descriptor beside it.
//!
//! An `INLINEASM` instruction's first operand is an immediate indexing
//! `MachFunction::inline_asms`; its other operands are ordinary machine
//! operands, so the two-address pass, the register allocator, the
//! verifier and frame-index elimination treat them like any instruction's:
//! register outputs are explicit defs (`early-clobber` for `=&r`), inputs
//! are uses, a tied input carries `tied-def` to its output, a memory
//! operand is the target's memory operands (one per part of
//! `TargetInfo::mem_operand_shape`), an immediate is an
//! immediate or a symbol, fixed registers (`{ax}`) are physical registers
//! with copies around the instruction, and clobbers are dead implicit
//! defs. The descriptor ([`InlineAsm`]) keeps what machine operands
//! cannot say: the template, and for every template operand number the
//! kind and position of its machine operands ([`AsmOperand`]).
//!
//! Invariants: `operands[k].first` indexes the instruction's operand list
//! (never operand 0, the descriptor index); a `Mem` operand has the
//! target's memory operands from there; operand numbers are the constraint list's
//! positions with clobbers left out (LLVM's numbering).

pub mod constraint;
pub mod template;

use crate::func::{MInst, MachFunction};
use crate::target::MOpc;
pub use constraint::{parse_constraints, Code, Constraint, ConstraintError, ConstraintKind};
pub use template::{parse_template, Piece, Template, TemplateError};

/// What a template operand is among the machine operands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AsmOperandKind {
    /// One register operand (def or use).
    Reg,
    /// The target's memory operands (`TargetInfo::mem_operand_shape`).
    Mem,
    /// An immediate or symbol operand.
    Imm,
}

/// Where template operand `n` is: `operands[n]` of the descriptor.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct AsmOperand {
    pub kind: AsmOperandKind,
    /// Index of its (first) machine operand in the instruction.
    pub first: u16,
}

/// The descriptor of one `INLINEASM` instruction.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InlineAsm {
    /// The template, IR escapes decoded.
    pub template: Template,
    /// The template as written (escapes decoded), for printing MIR.
    pub source: Box<str>,
    /// `sideeffect`: never deleted or moved.
    pub side_effects: bool,
    /// `alignstack`: the stack is aligned as at a call.
    pub align_stack: bool,
    /// The constraints as written, for instruction selection.
    pub constraints: Vec<Constraint>,
    /// Per template operand number (filled by instruction selection).
    pub operands: Vec<AsmOperand>,
}

/// The descriptor of `INLINEASM` instruction `i` (`None`: not one, or a
/// bad index).
pub fn descriptor(mf: &MachFunction, i: MInst) -> Option<&InlineAsm> {
    if mf.opc(i) != MOpc::INLINEASM {
        return None;
    }
    let o = mf.operands(i).first()?;
    let k = mf.imm_of(*o)?;
    mf.inline_asms.get(usize::try_from(k).ok()?)
}

/// Operand positions of the memory references of `INLINEASM` instruction
/// `i` (empty for other instructions).
pub fn mem_operand_starts(mf: &MachFunction, i: MInst) -> impl Iterator<Item = usize> + '_ {
    descriptor(mf, i)
        .into_iter()
        .flat_map(|d| d.operands.iter())
        .filter(|o| o.kind == AsmOperandKind::Mem)
        .map(|o| o.first as usize)
}
