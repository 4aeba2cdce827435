//! Compare sinking: LLVM's CodeGenPrepare `sinkCmpExpression` for a
//! per-block selector. A scalar `icmp` or `fcmp` read by an instruction of
//! another block would reach it as an `i1` in a virtual register: the
//! defining block materializes the flag (`setcc`) and the using block tests
//! it again (`test $1`) before branching or selecting on it. Instead the
//! using block builds the compare again from the compare's operands, so the
//! flags are produced where they are consumed (`cmp; jcc`, `cmp; cmov`).
//! The operands, not the `i1`, then live across blocks.
//!
//! As in LLVM, every non-PHI user in another block gets its own copy,
//! whatever its kind (branch, select, extension, logic), and only targets
//! with one condition register do this
//! ([`CallLowering::has_multiple_condition_registers`] false; x86 and
//! AArch64). PHI inputs keep reading the exported `i1` (LLVM: "Don't bother
//! for PHI nodes"). Vector compares are not sunk (LLVM sinks them too; here
//! they would need the vector builder's splitting), nor compares with an
//! operand defined in the using block itself (only possible in unreachable
//! code, where dominance does not hold).
//!
//! [`plan`] records the (using block, compare) pairs while the function's
//! cross-block values are counted, so that exactly the operands of rebuilt
//! compares get registers; the builder rebuilds a compare read in a block
//! only when the pair is recorded ([`CmpSinks::rebuilt`]), and otherwise
//! reads the compare's own register, which is then exported. Only
//! optimizing (`-O1` and up).

use super::FunctionLowering;
use rcc_ir::entity::EntityId;
use rcc_ir::inst::Opcode;
use rcc_ir::types::{Type, TypeLookup};
use rcc_ir::{Block, Inst, ValueTag};

/// The compares rebuilt in blocks other than their own.
#[derive(Default)]
pub(super) struct CmpSinks {
    /// (using block, compare), sorted and deduplicated by [`CmpSinks::finish`].
    pairs: Vec<(u32, u32)>,
    /// Uses rewritten (LLVM's `NumCmpUses`): non-PHI uses in other blocks
    /// that read a rebuilt compare.
    pub uses: u64,
}

impl CmpSinks {
    /// Whether compare `d` is built again in block `b`.
    pub fn rebuilt(&self, b: Block, d: Inst) -> bool {
        !self.pairs.is_empty() && self.pairs.binary_search(&(b.as_u32(), d.as_u32())).is_ok()
    }

    /// Whether block `b` builds a compare of another block again.
    pub fn any_in(&self, b: Block) -> bool {
        let k = self.pairs.partition_point(|p| p.0 < b.as_u32());
        self.pairs.get(k).is_some_and(|p| p.0 == b.as_u32())
    }

    pub(super) fn finish(&mut self) {
        self.pairs.sort_unstable();
        self.pairs.dedup();
    }
}

/// Whether the use of `d` by a non-PHI instruction of block `b` reads a
/// compare rebuilt in `b`; records the pair. The caller exports the
/// compare's instruction operands instead of the compare.
pub(super) fn plan(fl: &mut FunctionLowering<'_>, b: Block, d: Inst) -> bool {
    let f = fl.f;
    if !matches!(f.op(d), Opcode::ICmp | Opcode::FCmp)
        || matches!(fl.m.types.get(f.ty[d.index()]), Type::Vector { .. })
        || fl.inst_block[d.index()] == b.as_u32()
    {
        return false;
    }
    let local_operand = f.inst_ops(d).iter().any(|v| {
        v.as_entity::<Inst>(ValueTag::Inst)
            .is_some_and(|o| fl.inst_block[o.index()] == b.as_u32())
    });
    if local_operand {
        return false;
    }
    fl.cmp_sinks.pairs.push((b.as_u32(), d.as_u32()));
    fl.cmp_sinks.uses += 1;
    true
}
