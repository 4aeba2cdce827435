//! [`Value`]: the one handle for every operand in the IR.
//!
//! Bit layout of the packed `u32`:
//! ```text
//!  31..29  tag   (ValueTag)
//!  28..0   index (into the table the tag names)
//! ```
//! The tag says which table the index points into: an instruction of the
//! same function, a parameter, a constant of the enclosing pool (the
//! function's pool inside a body, the module's pool in global initializers), a
//! global, a block, a metadata operand of the function, or an inline-asm
//! callee of the function. `Value::NONE` is all ones.

use crate::entity::EntityId;
use std::fmt;

/// What a [`Value`]'s index refers to.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum ValueTag {
    Inst = 0,
    Arg = 1,
    Const = 2,
    Global = 3,
    Block = 4,
    Meta = 5,
    Asm = 6,
    /// Forward-reference placeholders during parsing, and `NONE`.
    Special = 7,
}

/// A packed operand: see the module comment for the layout.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Value(u32);

const _: () = assert!(std::mem::size_of::<Value>() == 4);

const TAG_SHIFT: u32 = 29;
const INDEX_MASK: u32 = (1 << TAG_SHIFT) - 1;

impl Value {
    /// No value.
    pub const NONE: Value = Value(u32::MAX);
    /// The largest index a value can carry.
    pub const MAX_INDEX: usize = INDEX_MASK as usize - 1;

    /// Packs a tag and an index. Panics if the index does not fit.
    #[inline]
    pub fn new(tag: ValueTag, index: usize) -> Value {
        assert!(index <= Self::MAX_INDEX, "value index overflow");
        Value(((tag as u32) << TAG_SHIFT) | index as u32)
    }

    /// The value naming entity `e` of the table `tag`.
    #[inline]
    pub fn of<E: EntityId>(tag: ValueTag, e: E) -> Value {
        Value::new(tag, e.index())
    }

    /// The tag. A table load: a `match` here compiles to an indirect jump
    /// in callers' loops, a mispredicted one per operand.
    #[inline]
    pub fn tag(self) -> ValueTag {
        const TAGS: [ValueTag; 8] = [
            ValueTag::Inst,
            ValueTag::Arg,
            ValueTag::Const,
            ValueTag::Global,
            ValueTag::Block,
            ValueTag::Meta,
            ValueTag::Asm,
            ValueTag::Special,
        ];
        TAGS[(self.0 >> TAG_SHIFT) as usize & 7]
    }

    /// The index.
    #[inline]
    pub fn index(self) -> usize {
        (self.0 & INDEX_MASK) as usize
    }

    /// The index as an entity id, if the tag is `tag`.
    #[inline]
    pub fn as_entity<E: EntityId>(self, tag: ValueTag) -> Option<E> {
        (self.tag() == tag).then(|| E::from_index(self.index()))
    }

    /// Whether this is `NONE`.
    #[inline]
    pub fn is_none(self) -> bool {
        self == Value::NONE
    }

    /// The raw bits.
    #[inline]
    pub fn bits(self) -> u32 {
        self.0
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("none");
        }
        let p = match self.tag() {
            ValueTag::Inst => "%v",
            ValueTag::Arg => "%arg",
            ValueTag::Const => "c",
            ValueTag::Global => "@g",
            ValueTag::Block => "bb",
            ValueTag::Meta => "md",
            ValueTag::Asm => "asm",
            ValueTag::Special => "fwd",
        };
        write!(f, "{p}{}", self.index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip() {
        use ValueTag::*;
        for t in [Inst, Arg, Const, Global, Block, Meta, Asm, Special] {
            for i in [0, 1, 12345, Value::MAX_INDEX] {
                let v = Value::new(t, i);
                assert_eq!((v.tag(), v.index()), (t, i));
            }
        }
        assert_eq!(Value::NONE.tag(), Special);
    }
}
