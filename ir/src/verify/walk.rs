//! The fast path: one walk over a body that runs the checks of all three
//! phases (`shape`, `insts`, `cfg`) instruction by instruction, so each
//! instruction's opcode and each operand's tag is dispatched on once.
//!
//! The walk only answers whether the body is clean. It is conservative: it
//! may flag a clean body (the phases then run and find nothing), but it
//! never passes a body the phases reject, and it never panics, even when a
//! check looks at an instruction whose own shape it has not reached yet.
//! When it flags, `verify_function` runs the phases, which find the exact
//! error and its location; the rules for choosing among several errors live
//! there only.
//!
//! The control-flow graph and the dominator tree are built lazily: the CFG
//! for the first phi or cross-block use, the tree for the first use that
//! order within one block cannot settle. A body whose uses all sit below
//! their definitions in the same block builds neither. The entry block has
//! no predecessors if no terminator names it, which the operand walk sees.

use super::cfg::Graph;
use super::insts::misplaced;
use super::shape::Bounds;
use super::{Fx, Scratch};
use crate::entity::EntityId;
use crate::function::{Block, Inst};
use crate::inst::Opcode;
use crate::value::{Value, ValueTag};

/// Some check failed; the phases say which.
pub(super) struct Flagged;

type Walk = Result<(), Flagged>;

/// Which lazily built analyses of the body are current.
#[derive(Default)]
struct Ready {
    cfg: bool,
    dom: bool,
}

impl Fx<'_> {
    /// Runs every check; `Err` if any may have failed. Runs after `columns`,
    /// with `Scratch::const_seen` cleared.
    pub(super) fn walk(&self, s: &mut Scratch) -> Walk {
        let f = self.f;
        let bounds = self.bounds();
        let mut ready = Ready::default();
        for (b, d) in f.blocks.iter() {
            let r = d.insts;
            let mut seen_non_phi = false;
            for k in r.start as usize..r.end as usize {
                let i = Inst::from_index(k);
                let op = f.opcode[k];
                let is_phi = op == Opcode::Phi;
                if misplaced(op, k + 1 == r.end as usize, seen_non_phi).is_some() {
                    return Err(Flagged);
                }
                seen_non_phi |= !is_phi;
                let range = f.ops[k];
                let Some(ops) = f.operands.get(range.start as usize..range.end as usize) else {
                    return Err(Flagged);
                };
                if f.ty[k].index() >= bounds.ntypes {
                    return Err(Flagged);
                }
                for &v in ops {
                    self.walk_operand(v, i, b, op, &bounds, &mut ready, s)?;
                }
                if !self.shape_ok(i, op, ops) || self.check_inst(i, s).is_err() {
                    return Err(Flagged);
                }
                if is_phi {
                    self.walk_phi(i, b, &mut ready, s)?;
                }
            }
        }
        Ok(())
    }

    /// The checks on one operand `v` of `i` (in block `b`): bounds, constant
    /// trees, dominance of a non-phi use, and edges into the entry block.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn walk_operand(
        &self,
        v: Value,
        i: Inst,
        b: Block,
        op: Opcode,
        bounds: &Bounds,
        ready: &mut Ready,
        s: &mut Scratch,
    ) -> Walk {
        let tag = v.tag();
        let x = v.index();
        if x >= bounds.lim[tag as usize] {
            return Err(Flagged);
        }
        // Two cases and a default: a compare chain, not a jump table.
        match tag {
            ValueTag::Inst => {
                // Defined above in the same block: nothing more to ask (an
                // invoke above `i` in its block was flagged as misplaced).
                let local = s.inst_block[x] == b.as_u32() && x < i.index();
                if !local && op != Opcode::Phi {
                    self.far_use(i, b, Inst::from_index(x), ready, s)?;
                }
            }
            ValueTag::Const => {
                if !bounds.consts_ok && !self.value_in_bounds(v, bounds) {
                    return Err(Flagged);
                }
                if !s.const_seen[x] && self.check_const_tree(v, s).is_err() {
                    return Err(Flagged);
                }
            }
            _ => self.other_operand(v, op, bounds)?,
        }
        Ok(())
    }

    /// Globals (type in range) and blocks (no edge into the entry block).
    #[inline(never)]
    fn other_operand(&self, v: Value, op: Opcode, bounds: &Bounds) -> Walk {
        let bad = match v.tag() {
            ValueTag::Global => !self.value_in_bounds(v, bounds),
            ValueTag::Block => v.index() == 0 && op.is_terminator(),
            _ => false,
        };
        if bad {
            Err(Flagged)
        } else {
            Ok(())
        }
    }

    /// A use of `d` that order within `b` does not settle.
    fn far_use(&self, i: Inst, b: Block, d: Inst, ready: &mut Ready, s: &mut Scratch) -> Walk {
        self.analyses(ready, s, true);
        let g = graph(s);
        if !g.dom.is_reachable(b) || self.use_ok(i, b, d, &g) {
            Ok(())
        } else {
            Err(Flagged)
        }
    }

    /// A phi's incoming blocks against the predecessors, and its uses.
    fn walk_phi(&self, i: Inst, b: Block, ready: &mut Ready, s: &mut Scratch) -> Walk {
        self.analyses(ready, s, false);
        if self.check_phi_preds(i, b, &s.cfg, &mut s.pairs).is_err() {
            return Err(Flagged);
        }
        for pair in self.f.inst_ops(i).chunks_exact(2) {
            let Some(d) = pair[0].as_entity::<Inst>(ValueTag::Inst) else {
                continue;
            };
            let p = pair[1].index();
            // Defined in the incoming block itself (and not an invoke, whose
            // result exists only on its normal edge): always available.
            if s.inst_block[d.index()] as usize == p
                && !matches!(self.f.op(d), Opcode::Invoke | Opcode::CallBr)
            {
                continue;
            }
            self.analyses(ready, s, true);
            let g = graph(s);
            if g.dom.is_reachable(b) && !self.phi_use_ok(b, d, Block::from_index(p), &g) {
                return Err(Flagged);
            }
        }
        Ok(())
    }

    /// Builds the CFG, and the dominator tree if `dom`, unless current.
    #[inline]
    fn analyses(&self, ready: &mut Ready, s: &mut Scratch, dom: bool) {
        if !ready.cfg {
            s.cfg.compute(self.f);
            ready.cfg = true;
        }
        if dom && !ready.dom {
            s.dom.compute(&s.cfg);
            ready.dom = true;
        }
    }
}

/// The analyses in `s` (current only after `analyses(.., true)`).
fn graph(s: &Scratch) -> Graph<'_> {
    Graph {
        cfg: &s.cfg,
        dom: &s.dom,
        inst_block: &s.inst_block,
    }
}
