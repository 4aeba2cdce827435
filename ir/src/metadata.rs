//! Metadata, kept as text.
//!
//! Code generation needs little metadata (`!range`, `!nonnull`, module flags),
//! so module-level nodes are stored as the source span of their definition and
//! printed back verbatim; [`crate::Module::md_tuple`] parses a generic tuple
//! node on demand. Function-local metadata operands (`metadata ptr %x` call
//! arguments, debug-record operands) are [`MdOperand`]s, since they may name
//! local values that the printer renumbers.

use crate::entity::PoolRange;
use crate::span::Span;
use crate::types::TypeId;
use crate::value::Value;

/// A reference to a metadata node as an attachment or operand.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MdRef {
    /// `!N`
    Node(u32),
    /// Inline metadata kept verbatim: `!{}`, `!"str"`, `!DIExpression()`.
    Raw(Span),
}

/// A module-level node definition `!N = ...`.
#[derive(Copy, Clone, Debug)]
pub struct MdNodeDef {
    pub id: u32,
    /// The text after `=`, including `distinct` if present.
    pub body: Span,
}

/// A named metadata definition `!name = !{!0, !1}`.
#[derive(Clone, Debug)]
pub struct NamedMd {
    /// The name with its `!`.
    pub name: Span,
    pub nodes: Vec<u32>,
}

/// An attachment `!kind !N` on an instruction, global or function.
#[derive(Copy, Clone, Debug)]
pub struct MdAttach {
    /// The index of the owner (an instruction index for instructions).
    pub owner: u32,
    /// The kind with its `!`, e.g. `!dbg`.
    pub kind: Span,
    pub node: MdRef,
}

/// A function-local metadata operand.
#[derive(Copy, Clone, Debug)]
pub enum MdOperand {
    /// `ty value` wrapped as metadata.
    Value(TypeId, Value),
    /// A node reference or inline node.
    Ref(MdRef),
    /// `!DIArgList(ty v, ...)`: values in the function's `md_values` pool.
    ArgList(PoolRange),
}

/// A debug record (`#dbg_value(...)` and kin) attached before an instruction.
#[derive(Copy, Clone, Debug)]
pub struct DbgRecord {
    /// The instruction the record precedes (an instruction index).
    pub before: u32,
    /// The keyword with its `#`.
    pub kind: Span,
    /// Operands: `Meta` values into the function's `meta` table.
    pub ops: PoolRange,
}

/// A value of a generic metadata tuple, as parsed by `Module::md_tuple`.
#[derive(Clone, Debug, PartialEq)]
pub enum MdElem {
    Null,
    Node(u32),
    String(Vec<u8>),
    Int(TypeId, i128),
    Other,
}
