//! Frame objects: the stack slots of one function (locals from `alloca`,
//! spill slots, fixed objects such as incoming stack arguments).
//!
//! Invariants: alignments are powers of two; `offset` is meaningful only
//! after frame layout (prolog/epilog insertion) and is relative to the
//! stack pointer at function entry (the CFA minus 8 on x86-64), so incoming
//! arguments have positive offsets and locals negative ones.

use rcc_ir::entity::PrimaryMap;
use rcc_ir::entity_id;

entity_id!(
    /// A frame object.
    pub struct FrameIdx,
    "%stack."
);

/// What a frame object is for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FrameKind {
    /// A local (from a static `alloca` or a by-value argument copy).
    Local,
    /// A register-allocator spill slot.
    Spill,
    /// An incoming argument at a fixed offset from the entry stack pointer.
    Fixed,
}

/// One frame object.
#[derive(Copy, Clone, Debug)]
pub struct FrameObject {
    pub size: u64,
    pub align: u32,
    pub kind: FrameKind,
    /// Offset from the entry stack pointer; set by frame layout for locals
    /// and spills, given for fixed objects.
    pub offset: i64,
}

/// The frame of a function.
#[derive(Clone, Debug, Default)]
pub struct FrameInfo {
    pub objects: PrimaryMap<FrameIdx, FrameObject>,
    /// Whether the function has `alloca`s of dynamic size.
    pub has_var_sized: bool,
    /// Whether the function calls anything.
    pub has_calls: bool,
    /// Largest outgoing argument area of a call.
    pub max_call_frame: u64,
    /// Largest alignment any object needs, or an outgoing argument (a
    /// `byval` copy) asks of the stack pointer at a call.
    pub max_align: u32,
    /// Set by prolog/epilog insertion: bytes the prologue allocates below
    /// the return address (frame-pointer slot, callee-saved pushes and the
    /// stack-pointer adjustment), as LLVM's `stackSize`.
    pub stack_size: u64,
    /// Set by prolog/epilog insertion: whether the function gets unwind
    /// information (`.cfi_startproc`/`.cfi_endproc` and its CFI directives).
    pub emit_cfi: bool,
    /// The function's scratch slot ([`FrameInfo::scratch`]), once made.
    pub scratch: Option<FrameIdx>,
    /// Set by shrink wrapping (LLVM's `savePoint`): the block whose top
    /// gets the prologue instead of the entry block's. Prolog/epilog
    /// insertion consumes and clears it. Set together with `restore_point`.
    pub save_point: Option<crate::func::MBlock>,
    /// Set by shrink wrapping (LLVM's `restorePoint`): the one block whose
    /// terminators are preceded by the epilogue, instead of every return.
    pub restore_point: Option<crate::func::MBlock>,
}

impl FrameInfo {
    /// A new stack object.
    pub fn create(&mut self, size: u64, align: u32, kind: FrameKind) -> FrameIdx {
        debug_assert!(align.is_power_of_two());
        self.max_align = self.max_align.max(align);
        self.objects.push(FrameObject {
            size,
            align,
            kind,
            offset: 0,
        })
    }

    /// The function's scratch slot: [`FrameInfo::SCRATCH_SIZE`] bytes
    /// aligned to 16, made on first use. Instruction selection uses it to
    /// move values between register files through memory inside one
    /// instruction sequence (x86: x87 values kept in XMM registers), so its
    /// contents never live across two sequences.
    pub fn scratch(&mut self) -> FrameIdx {
        match self.scratch {
            Some(s) => s,
            None => {
                let s = self.create(Self::SCRATCH_SIZE, 16, FrameKind::Local);
                self.scratch = Some(s);
                s
            }
        }
    }

    /// Size of the scratch slot.
    pub const SCRATCH_SIZE: u64 = 16;

    /// A fixed object at `offset` from the entry stack pointer.
    pub fn create_fixed(&mut self, size: u64, offset: i64) -> FrameIdx {
        self.objects.push(FrameObject {
            size,
            align: 1,
            kind: FrameKind::Fixed,
            offset,
        })
    }

    pub fn clear(&mut self) {
        self.objects.clear();
        self.has_var_sized = false;
        self.has_calls = false;
        self.max_call_frame = 0;
        self.max_align = 1;
        self.stack_size = 0;
        self.emit_cfi = false;
        self.scratch = None;
        self.save_point = None;
        self.restore_point = None;
    }
}
