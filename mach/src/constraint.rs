//! Per-operand constraints of target instructions: the target's
//! [`OperandSlot`]s expanded to one entry per machine operand (a memory
//! slot becomes one entry per part of the target's memory-operand shape).
//!
//! The verifier checks operands against these entries and the register
//! allocator reads the register class an operand position demands (which
//! may be narrower than the virtual register's own class, e.g. a GR8 value
//! in a GR8_NOREX slot). Generic opcodes have no entries; their shapes are
//! checked by the verifier directly.

use crate::reg::RegClassId;
use crate::target::{MOpc, MemPart, OperandSlot, TargetInfo};

/// What one explicit machine operand of a target instruction must be.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OpConstraint {
    /// A register def of the class.
    Def(RegClassId),
    /// A register use of the class.
    Use(RegClassId),
    /// A register use of the class tied to the def at this operand index.
    TiedUse(RegClassId, u8),
    /// One part of a memory reference.
    Mem(MemPart),
    /// An immediate (or a symbol).
    Imm,
    /// A block (or, for a call, the callee symbol).
    Block,
}

/// Calls `f` with the constraint of every explicit operand of `opc`, in
/// operand order. Generic opcodes have none.
pub fn for_each_explicit(t: &dyn TargetInfo, opc: MOpc, mut f: impl FnMut(OpConstraint)) {
    let Some(op) = opc.as_target() else { return };
    for &s in t.operand_slots(op) {
        match s {
            OperandSlot::Def(c) => f(OpConstraint::Def(c)),
            OperandSlot::Use(c) => f(OpConstraint::Use(c)),
            OperandSlot::TiedUse(c, d) => f(OpConstraint::TiedUse(c, d)),
            OperandSlot::Mem => {
                for &p in t.mem_operand_shape() {
                    f(OpConstraint::Mem(p));
                }
            }
            OperandSlot::Imm => f(OpConstraint::Imm),
            OperandSlot::Block => f(OpConstraint::Block),
        }
    }
}

/// Number of explicit machine operands of `opc` (0 for generic opcodes).
pub fn explicit_count(t: &dyn TargetInfo, opc: MOpc) -> usize {
    let mut n = 0;
    for_each_explicit(t, opc, |_| n += 1);
    n
}

/// The constraint of explicit operand `k` of `opc`, if it has one.
pub fn operand_constraint(t: &dyn TargetInfo, opc: MOpc, k: usize) -> Option<OpConstraint> {
    let mut i = 0;
    let mut found = None;
    for_each_explicit(t, opc, |c| {
        if i == k {
            found = Some(c);
        }
        i += 1;
    });
    found
}

/// The register class operand `k` of `opc` demands, if any: the slot class
/// of a register slot, or the target's memory base/index class.
pub fn reg_constraint(t: &dyn TargetInfo, opc: MOpc, k: usize) -> Option<RegClassId> {
    constraint_class(t, operand_constraint(t, opc, k)?)
}

/// The register class constraint `c` demands, if any.
fn constraint_class(t: &dyn TargetInfo, c: OpConstraint) -> Option<RegClassId> {
    match c {
        OpConstraint::Def(c) | OpConstraint::Use(c) | OpConstraint::TiedUse(c, _) => Some(c),
        OpConstraint::Mem(MemPart::Base) => t.mem_base_class(),
        OpConstraint::Mem(MemPart::Index) => t.mem_index_class(),
        _ => None,
    }
}

/// [`reg_constraint`] of every explicit operand, per target opcode,
/// computed on first use and kept (one cache serves one target): for
/// passes that ask for every operand of every instruction.
#[derive(Default)]
pub struct RegConstraints {
    /// Per target opcode, a range of `pool`; `(u32::MAX, 0)`: not yet
    /// computed.
    ranges: Vec<(u32, u32)>,
    pool: Vec<Option<RegClassId>>,
}

impl RegConstraints {
    /// The register class each explicit operand of `opc` demands, by
    /// operand position (empty for generic opcodes); positions past the
    /// end demand none.
    pub fn of(&mut self, t: &dyn TargetInfo, opc: MOpc) -> &[Option<RegClassId>] {
        let Some(op) = opc.as_target() else {
            return &[];
        };
        let op = usize::from(op);
        if op >= self.ranges.len() {
            self.ranges.resize(op + 1, (u32::MAX, 0));
        }
        if self.ranges[op].0 == u32::MAX {
            let s = self.pool.len() as u32;
            let pool = &mut self.pool;
            for_each_explicit(t, opc, |c| pool.push(constraint_class(t, c)));
            self.ranges[op] = (s, self.pool.len() as u32);
        }
        let (s, e) = self.ranges[op];
        &self.pool[s as usize..e as usize]
    }
}
