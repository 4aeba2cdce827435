//! The x86-64 AsmPrinter: a finished machine function (after register
//! allocation and prolog/epilog insertion) to streamer calls.
//!
//! The driver emits one function as
//!
//! ```text
//! emit_constant_pool   .rodata.cst{4,8,16,32} / .rodata: .LCPI<F>_<n> entries
//! (function header)    section, alignment, .globl/.type, the symbol's label
//! emit_function_body   .cfi_startproc, blocks and instructions, .cfi_endproc
//! (function footer)    .Lfunc_end<F>, .size
//! emit_stack_size      .stack_sizes entry (-stack-size-section)
//! emit_jump_tables     .rodata: .LJTI<F>_<n> tables
//! ```
//!
//! where the header and footer belong to module emission (`mach::emit`) and
//! `F` is the function's number in the module ([`EmitContext::fn_number`]).
//! Labels come from `rcc_mach::symbols`, the one naming authority.
//!
//! Invariants on input: every register operand is physical; no frame
//! operand, PHI or call-frame pseudo is left (prolog/epilog insertion
//! removed them). On output, each machine instruction is zero or one
//! `MCInst` (generic COPY becomes a move by register class; KILL and
//! IMPLICIT_DEF vanish; CFI becomes a directive), and an unconditional
//! jump to the next block in layout is dropped. Blocks get a label only
//! when something refers to them (branch, jump table, `blockaddress`).

mod data;
mod eh;
mod inline_asm;
mod inst;
mod short_forms;
mod stack_sizes;

pub use data::{emit_constant_pool, emit_jump_tables};
pub use eh::{emit_exception_table, exception_refs};
pub use stack_sizes::emit_stack_size;

use rcc_ir::entity::{EntityId, PackedOption};
use rcc_mach::emit::ModuleEmitter;
use rcc_mach::symbols::{block_address_label, write_block_label};
use rcc_mach::{MBlock, MInst, MachFunction, OpKind, SymTarget};
use rcc_mc::{Cfi, McError, Streamer, SymbolId};
use std::cell::Cell;
use std::fmt;

/// What emission needs besides the machine function.
#[derive(Copy, Clone)]
pub struct EmitContext<'a> {
    /// The module's emitter: the one authority on global symbol names.
    pub emitter: &'a ModuleEmitter<'a>,
    /// The function's number among the module's emitted functions (the `F`
    /// of its local labels).
    pub fn_number: u32,
    /// Position-independent code: jump-table entries are 32-bit
    /// differences `.LBB - .LJTI` (llc's `EK_LabelDifference32`) instead
    /// of 64-bit block addresses.
    pub pic: bool,
}

/// Why emission failed, and in which function.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EmitError {
    /// The function's symbol name.
    pub function: String,
    pub kind: EmitErrorKind,
}

/// The failure itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EmitErrorKind {
    /// The body was emitted with no current section (the header sets it).
    NoSection,
    /// A virtual register survived allocation.
    VirtualRegister { inst: String },
    /// A frame index survived prolog/epilog insertion.
    FrameIndex { inst: String },
    /// An opcode that must be gone by now (PHI, call-frame pseudos).
    UnexpectedOpcode { inst: String },
    /// An operand that does not fit its slot.
    BadOperand { inst: String, why: &'static str },
    /// A copy between register classes with no move instruction.
    UnsupportedCopy { inst: String },
    /// A reference to a block that is not laid out.
    UnknownBlock(u32),
    /// The streamer refused (encoding, CFI nesting, ...).
    Mc(McError),
    /// Inline asm that could not be substituted or assembled.
    InlineAsm { text: String, message: String },
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in function '{}': {}", self.function, self.kind)
    }
}

impl fmt::Display for EmitErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitErrorKind::NoSection => write!(f, "no section for the function body"),
            EmitErrorKind::VirtualRegister { inst } => {
                write!(f, "virtual register after allocation: {inst}")
            }
            EmitErrorKind::FrameIndex { inst } => {
                write!(f, "frame index after frame lowering: {inst}")
            }
            EmitErrorKind::UnexpectedOpcode { inst } => {
                write!(f, "instruction not expected at emission: {inst}")
            }
            EmitErrorKind::BadOperand { inst, why } => write!(f, "{why}: {inst}"),
            EmitErrorKind::UnsupportedCopy { inst } => write!(f, "unsupported copy: {inst}"),
            EmitErrorKind::UnknownBlock(b) => write!(f, "reference to block bb.{b} not laid out"),
            EmitErrorKind::Mc(e) => write!(f, "{e}"),
            EmitErrorKind::InlineAsm { text, message } => {
                write!(f, "inline asm {text:?}: {message}")
            }
        }
    }
}

impl std::error::Error for EmitError {}

/// Per-function emission state: the context and the block labels.
pub(crate) struct FnEmitter<'a> {
    pub cx: EmitContext<'a>,
    pub mf: &'a MachFunction,
    /// Layout position of every block (`u32::MAX` if not laid out).
    pos: Vec<u32>,
    /// Each block's label once made: a branch refers to its target by id,
    /// without spelling and hashing the name again.
    labels: Vec<Cell<PackedOption<SymbolId>>>,
    /// Scratch for spelling a label.
    name: Cell<String>,
}

impl<'a> FnEmitter<'a> {
    pub fn new(cx: EmitContext<'a>, mf: &'a MachFunction) -> Self {
        let mut pos = vec![u32::MAX; mf.blocks.len()];
        for (k, &b) in mf.order.iter().enumerate() {
            pos[b.index()] = k as u32;
        }
        let labels = vec![Cell::new(PackedOption::NONE); mf.blocks.len()];
        FnEmitter {
            cx,
            mf,
            pos,
            labels,
            name: Cell::new(String::new()),
        }
    }

    pub fn error(&self, kind: EmitErrorKind) -> EmitError {
        EmitError {
            function: self.cx.emitter.symbol_name(self.mf.func).to_string(),
            kind,
        }
    }

    pub fn mc(&self, e: McError) -> EmitError {
        self.error(EmitErrorKind::Mc(e))
    }

    /// The MIR text of `i`, for messages.
    pub fn inst_text(&self, i: MInst) -> String {
        let mut s = String::new();
        rcc_mach::printer::print_inst(
            &mut s,
            self.mf,
            self.cx.emitter.module(),
            &super::X86Info,
            i,
        );
        s
    }

    /// The label symbol of block `b`.
    pub fn block_sym(&self, s: &mut dyn Streamer, b: MBlock) -> Result<SymbolId, EmitError> {
        match self.pos.get(b.index()) {
            Some(&p) if p != u32::MAX => {
                let cell = &self.labels[b.index()];
                if let Some(l) = cell.get().expand() {
                    return Ok(l);
                }
                // `.LBB<F>_<n>`: only this function's code and jump
                // tables name it (`blockaddress` uses `.LBA` labels).
                let mut name = self.name.take();
                write_block_label(&mut name, self.cx.fn_number, p);
                let l = s.ctx().function_label(&name);
                self.name.set(name);
                cell.set(Some(l).into());
                Ok(l)
            }
            _ => Err(self.error(EmitErrorKind::UnknownBlock(b.as_u32()))),
        }
    }

    /// Which blocks something refers to (so they need a label).
    fn referenced_blocks(&self) -> Vec<bool> {
        let mf = self.mf;
        let mut r = vec![false; mf.blocks.len()];
        for (b, d) in mf.blocks.iter() {
            r[b.index()] |= d.address_taken;
        }
        for &b in &mf.jt_pool {
            r[b.index()] = true;
        }
        for s in &mf.syms {
            if let SymTarget::Block(b) = s.target {
                r[b.index()] = true;
            }
        }
        for (k, &b) in mf.order.iter().enumerate() {
            for &i in mf.block_insts(b) {
                if self.falls_through(k, i) {
                    continue;
                }
                for o in mf.operands(i) {
                    if o.kind() == OpKind::Block {
                        if let Some(x) = r.get_mut(o.payload() as usize) {
                            *x = true;
                        }
                    }
                }
            }
        }
        r
    }

    /// Whether `i`, in the block at layout position `k`, is a jump to the
    /// next block that ends its block (dropped at emission).
    fn falls_through(&self, k: usize, i: MInst) -> bool {
        let mf = self.mf;
        let next = mf.order.get(k + 1).copied();
        next.is_some()
            && mf.block_insts(mf.order[k]).last() == Some(&i)
            && inst::jumps_to(mf, i) == next
    }
}

/// Emits the body of `mf` into the current section: `.cfi_startproc` (if
/// the function has unwind information), every block with its label when
/// referenced, every instruction, `.cfi_endproc`.
pub fn emit_function_body(
    mf: &MachFunction,
    cx: EmitContext<'_>,
    s: &mut dyn Streamer,
) -> Result<(), EmitError> {
    let e = FnEmitter::new(cx, mf);
    if s.current_section().is_none() {
        return Err(e.error(EmitErrorKind::NoSection));
    }
    if eh::needs_begin_label(mf, cx) || cx.emitter.options().stack_size_section {
        let l = s
            .ctx()
            .symbol(&rcc_mach::symbols::func_begin_label(cx.fn_number));
        s.emit_label(l).map_err(|x| e.mc(x))?;
    }
    if mf.frame.emit_cfi {
        s.emit_cfi(Cfi::StartProc).map_err(|x| e.mc(x))?;
        eh::emit_frame_refs(&e, s)?;
    }
    let referenced = e.referenced_blocks();
    for (k, &b) in mf.order.iter().enumerate() {
        let align = mf.blocks[b].align_log2;
        if align > 0 {
            // Code alignment, as the function's (llc's `.p2align N, 0x90`).
            s.emit_align(1u64 << align, Some(0x90), u64::MAX)
                .map_err(|x| e.mc(x))?;
        }
        if referenced[b.index()] {
            let l = e.block_sym(s, b)?;
            s.emit_label(l).map_err(|x| e.mc(x))?;
        }
        // A block whose address a global initializer takes also gets the
        // label the data emitter spells by IR block.
        let ir = mf.blocks[b].ir_block;
        if ir != u32::MAX && cx.emitter.block_address_taken(mf.func, ir) {
            let l = s.ctx().symbol(&block_address_label(cx.fn_number, ir));
            s.emit_label(l).map_err(|x| e.mc(x))?;
        }
        for &i in mf.block_insts(b) {
            if !e.falls_through(k, i) {
                inst::emit(&e, i, s)?;
            }
        }
    }
    if mf.frame.emit_cfi {
        s.emit_cfi(Cfi::EndProc).map_err(|x| e.mc(x))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
