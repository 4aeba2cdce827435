//! The leaf predicates of x86-64 patterns (`$a:r`, `$b:imm`, ...).
//!
//! One definition for two users: the crate (the matcher binds them) and
//! the build script, which includes this file with `#[path]` to compile
//! `isel/patterns.desc`. So this module depends on nothing but `core`.

/// Operand predicates (the leaf predicates the matcher binds).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Pred {
    R,
    /// An i32 value computed by a 32-bit instruction, which leaves the
    /// upper half of its 64-bit register zero (LLVM's `def32`).
    Def32,
    Imm,
    UImm32,
    /// A `Constant` below 2^8 (a mask of the low byte only), fitting its
    /// slots as `Imm`.
    UImm8,
    Addr,
    GotSym,
    Bb,
    /// The enclosing setcc's condition.
    Cc,
    /// A `ConstantFP` (its bits); in a memory slot it becomes a
    /// constant-pool entry of the slot's size.
    FpImm,
    /// A `BuildVector` whose lanes are all the same `Constant` (its value,
    /// checked against the slots like `imm`).
    Splat,
    /// A `BuildVector` of constants other than all-zeros and all-ones (which
    /// are cheaper in a register); only in memory slots: a constant-pool
    /// entry.
    CPool,
}
