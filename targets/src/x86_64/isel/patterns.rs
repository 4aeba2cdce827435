//! The pattern table: the rows of `patterns.desc` (the file's header
//! documents the language), compiled at build time by
//! `build/tablegen/x86_64_patterns.rs` into the static data included here,
//! which the matcher and the emitter interpret.
//!
//! The build script checks every row against the instruction rows
//! (`file:line` build errors): forms exist, operand counts and kinds agree
//! with the form's input slots, literals fit, physical registers exist,
//! names are bound before use. It also derives the per-variable immediate
//! kinds, the address-only variables, the dead EFLAGS defs and the
//! priority order of the rows of each root opcode, also narrowed per root
//! type (`rows_for_root_vt`, what the matcher reads).
//!
//! Invariants of a [`Pattern`]: `nodes[root]` is a `PNode::Node`; children
//! are referenced by index; every operand variable of an instruction is
//! bound by the tree or by an earlier instruction's def; `result` is the
//! last virtual-register def when the root produces a value (not a chain).

use super::super::desc::{op, regs, ImmKind};
use rcc_dag::isel::matcher::{POp, Tree};
use rcc_dag::{Cond, Elem, Ext, FCond, Op, VT};
use rcc_mach::{MOpc, PReg};

/// A node of an x86 pattern tree.
pub type PNode = rcc_dag::isel::matcher::PNode<Pred>;

pub use super::pred::Pred;

/// Where an instruction's def goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PDef {
    None,
    Var(u8),
    Phys(PReg),
}

/// An operand of an output instruction.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum POperand {
    Var(u8),
    /// A part of a variable's register.
    VarSub(u8, u8),
    Phys(PReg),
    Imm(i64),
    /// The x86 condition code of a setcc bound to the variable.
    Cc(u8),
    CcLit(u8),
    /// A constant-pool entry for a memory slot: a `bits`-wide lane of
    /// value `value`, repeated to fill the slot (`splat32(0x80000000)`).
    Pool {
        value: u64,
        bits: u8,
    },
    /// The function's scratch stack slot plus a displacement (`scratch`,
    /// `scratch+8`; a memory slot).
    Scratch(u8),
    /// `undef`: the instruction's own def register, read as undefined
    /// (register slots after the def, or the tied slot).
    Undef,
}

/// One output instruction.
#[derive(Debug)]
pub struct PInst {
    pub opc: MOpc,
    pub def: PDef,
    pub ops: &'static [POperand],
    /// Whether an implicit EFLAGS def is dead (no later instruction of the
    /// row reads it).
    pub dead_eflags: bool,
}

/// One row.
#[derive(Debug)]
pub struct Pattern {
    /// The tree the matcher reads; `tree.nvars` counts tree-bound and
    /// defined variables.
    pub tree: Tree<Pred>,
    pub insts: &'static [PInst],
    /// Per variable, the immediate kinds of the slots it is used in.
    pub imm_kinds: &'static [&'static [ImmKind]],
    /// Bit `v`: variable `v` is used as an address that is not accessed
    /// (`lea`), where a segment would be ignored.
    pub addr_only: u64,
    /// The variable holding the row's value, if it has one.
    pub result: Option<u8>,
    pub line: u32,
    pub text: &'static str,
}
/// All rows, with the rows of each root opcode in priority order.
pub struct Patterns {
    /// The rows in file order.
    pub rows: &'static [Pattern],
}

impl Patterns {
    /// The rows whose root has opcode `op`, in priority order: more
    /// operations in the tree first, then more constrained leaves, then
    /// file order (LLVM's pattern complexity).
    pub fn for_root(&self, op: Op) -> &'static [u32] {
        rows_for_root(op)
    }
}

/// The compiled `patterns.desc`.
pub fn patterns() -> &'static Patterns {
    static P: Patterns = Patterns { rows: &ROWS };
    &P
}

include!(concat!(env!("OUT_DIR"), "/x86_64_patterns.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_description_is_compiled() {
        let p = patterns();
        assert!(p.rows.len() > 250, "{} rows", p.rows.len());
        assert!(!p.for_root(Op::Add).is_empty());
        assert!(!p.for_root(Op::BrCond).is_empty());
    }

    /// The build script's list of chained roots agrees with the matcher's:
    /// a row has a result exactly when its root produces a value.
    #[test]
    fn results_follow_the_matcher_chains() {
        for p in patterns().rows {
            let PNode::Node { op, .. } = p.tree.nodes[p.tree.root as usize] else {
                panic!("line {}: the root is not a node", p.line)
            };
            let produces_value = op.op == Op::Load || !rcc_dag::isel::matcher::has_chain(op.op);
            assert_eq!(p.result.is_some(), produces_value, "line {}", p.line);
        }
    }

    /// Bigger trees first, then more constrained leaves, then file order
    /// (row order: templates expand in place).
    #[test]
    fn rows_of_a_root_are_ordered_by_complexity() {
        let complexity = |p: &Pattern| -> usize {
            p.tree
                .nodes
                .iter()
                .map(|n| match n {
                    PNode::Node { op, .. } if op.lea => 32,
                    PNode::Node { .. } => 16,
                    PNode::Lit(_) | PNode::FCond(_) | PNode::CondLit(_) => 1,
                    PNode::Var { pred, .. } => (*pred != Pred::R) as usize,
                })
                .sum()
        };
        let rows = patterns();
        for op in [Op::Add, Op::Store, Op::BrCond, Op::Load, Op::SetCC] {
            let list = rows.for_root(op);
            for w in list.windows(2) {
                let (a, b) = (&rows.rows[w[0] as usize], &rows.rows[w[1] as usize]);
                let (ca, cb) = (complexity(a), complexity(b));
                assert!(
                    ca > cb || ca == cb && w[0] < w[1],
                    "{} before {}",
                    a.text,
                    b.text
                );
            }
        }
    }
}
