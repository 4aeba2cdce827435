//! Phase 3: control flow and SSA dominance, in source order.
//!
//! - The entry block has no predecessors and no phis.
//! - A phi's incoming blocks, as a set, equal its block's predecessors;
//!   repeated entries for one block must carry the same value.
//! - Every use of an instruction's result is dominated by it: in the same
//!   block the definition comes first; a phi use counts at the end of the
//!   incoming block; the result of an invoke (or callbr) is available only
//!   below its normal (default) edge. Uses in unreachable blocks, and phi
//!   entries from unreachable blocks, are not checked (as in LLVM).

use super::{Fx, Located, Scratch};
use crate::constant::ConstId;
use crate::dom::{Cfg, DomTree};
use crate::entity::EntityId;
use crate::function::{Block, Inst};
use crate::inst::Opcode;
use crate::value::{Value, ValueTag};

impl Fx<'_> {
    pub(super) fn check_cfg(&self, s: &mut Scratch) -> Result<(), Located> {
        let Scratch {
            cfg,
            dom,
            inst_block,
            pairs,
            ..
        } = s;
        cfg.compute(self.f);
        dom.compute(cfg);
        let entry = Block::from_index(0);
        if let Some(&p) = cfg.preds(entry).first() {
            return Err((
                self.block_offset(entry),
                format!(
                    "the entry block cannot have predecessors (it is branched to from {})",
                    self.block_name(Block::from_u32(p))
                ),
            ));
        }
        let g = Graph {
            cfg,
            dom,
            inst_block,
        };
        for (b, d) in self.f.blocks.iter() {
            let reachable = dom.is_reachable(b);
            for k in d.insts.start..d.insts.end {
                let i = Inst::from_index(k as usize);
                let r = if self.f.op(i) == Opcode::Phi {
                    self.check_phi_preds(i, b, cfg, pairs).and_then(|()| {
                        if reachable {
                            self.check_phi_uses(i, b, &g)
                        } else {
                            Ok(())
                        }
                    })
                } else if reachable {
                    self.check_uses(i, b, &g)
                } else {
                    Ok(())
                };
                r.map_err(|m| (self.loc(i), m))?;
            }
        }
        Ok(())
    }

    pub(super) fn check_phi_preds(
        &self,
        i: Inst,
        b: Block,
        cfg: &Cfg,
        pairs: &mut Vec<(u32, Value)>,
    ) -> Result<(), String> {
        if b.index() == 0 {
            return Err("the entry block cannot contain phi nodes".into());
        }
        pairs.clear();
        for pair in self.f.inst_ops(i).chunks_exact(2) {
            pairs.push((pair[1].index() as u32, pair[0]));
        }
        pairs.sort_unstable();
        let preds = cfg.preds(b);
        let mut p = 0;
        let mut k = 0;
        while k < pairs.len() {
            let (blk, val) = pairs[k];
            let mut e = k + 1;
            while e < pairs.len() && pairs[e].0 == blk {
                if pairs[e].1 != val && !self.same_value(pairs[e].1, val) {
                    return Err(format!(
                        "phi has multiple entries for {} with different values",
                        self.block_name(Block::from_u32(blk))
                    ));
                }
                e += 1;
            }
            match preds.get(p) {
                Some(&q) if q == blk => p += 1,
                Some(&q) if q < blk => return Err(self.missing_entry(q)),
                _ => {
                    return Err(format!(
                        "phi has an entry for {}, which is not a predecessor of its block",
                        self.block_name(Block::from_u32(blk))
                    ))
                }
            }
            k = e;
        }
        match preds.get(p) {
            Some(&q) => Err(self.missing_entry(q)),
            None => Ok(()),
        }
    }

    fn missing_entry(&self, pred: u32) -> String {
        format!(
            "phi has no entry for predecessor {}",
            self.block_name(Block::from_u32(pred))
        )
    }

    /// Whether two phi values are the same although their bits differ:
    /// structurally equal constants (aggregates are not interned).
    fn same_value(&self, a: Value, b: Value) -> bool {
        self.const_eq(a, b, 0)
    }

    fn const_eq(&self, a: Value, b: Value, depth: u32) -> bool {
        if a == b {
            return true;
        }
        let (Some(ca), Some(cb)) = (
            a.as_entity::<ConstId>(ValueTag::Const),
            b.as_entity::<ConstId>(ValueTag::Const),
        ) else {
            return false;
        };
        let pool = &self.f.consts;
        let (da, db) = (pool.get(ca), pool.get(cb));
        if depth > 8 || da.ty != db.ty {
            return false;
        }
        use crate::constant::ConstKind as K;
        match (da.kind, db.kind) {
            (K::Aggregate(_), K::Aggregate(_)) => {}
            (
                K::Expr { op, flags, aux, .. },
                K::Expr {
                    op: o2,
                    flags: f2,
                    aux: a2,
                    ..
                },
            ) if (op, flags, aux) == (o2, f2, a2) => {}
            (K::BigInt(_), K::BigInt(_)) | (K::BigFloat(_), K::BigFloat(_)) => {
                return pool.words_of(ca) == pool.words_of(cb)
            }
            (x, y) => return x == y,
        }
        let (oa, ob) = (pool.operands(ca), pool.operands(cb));
        oa.len() == ob.len()
            && oa
                .iter()
                .zip(ob)
                .all(|(&x, &y)| self.const_eq(x, y, depth + 1))
    }

    fn check_phi_uses(&self, i: Inst, b: Block, g: &Graph<'_>) -> Result<(), String> {
        for pair in self.f.inst_ops(i).chunks_exact(2) {
            let Some(d) = pair[0].as_entity::<Inst>(ValueTag::Inst) else {
                continue;
            };
            let p = Block::from_index(pair[1].index());
            if !self.phi_use_ok(b, d, p, g) {
                return Err(self.phi_use_error(pair[0], p));
            }
        }
        Ok(())
    }

    /// Whether `d` may be used by a phi of the reachable block `b` in its
    /// entry for `p`.
    pub(super) fn phi_use_ok(&self, b: Block, d: Inst, p: Block, g: &Graph<'_>) -> bool {
        if !g.dom.is_reachable(p) {
            return true;
        }
        let db = g.block_of(d);
        match self.normal_dest(d) {
            Some(n) if db == p && b == n => true,
            Some(n) => g.edge_dominates(db, n, p),
            None => db == p || g.dom.dominates(db, p),
        }
    }

    #[cold]
    #[inline(never)]
    fn phi_use_error(&self, v: Value, p: Block) -> String {
        format!(
            "{} does not dominate its use in the phi entry for {}",
            self.value_name(v),
            self.block_name(p)
        )
    }

    #[inline]
    fn check_uses(&self, i: Inst, b: Block, g: &Graph<'_>) -> Result<(), String> {
        for &v in self.f.inst_ops(i) {
            let Some(d) = v.as_entity::<Inst>(ValueTag::Inst) else {
                continue;
            };
            if !self.use_ok(i, b, d, g) {
                return Err(self.use_error(i, d, v));
            }
        }
        Ok(())
    }

    /// Whether `i`, in the reachable block `b`, may use `d`.
    #[inline]
    pub(super) fn use_ok(&self, i: Inst, b: Block, d: Inst, g: &Graph<'_>) -> bool {
        let db = g.block_of(d);
        match self.f.op(d) {
            Opcode::Invoke | Opcode::CallBr => match self.normal_dest(d) {
                Some(n) => db != b && g.edge_dominates(db, n, b),
                None if db == b => d < i,
                None => g.dom.dominates(db, b),
            },
            // Within a block, order decides; across blocks, the tree.
            _ if db == b => d < i,
            _ => g.dom.dominates(db, b),
        }
    }

    #[cold]
    #[inline(never)]
    fn use_error(&self, i: Inst, d: Inst, v: Value) -> String {
        if d == i {
            "only phi nodes may use their own value".to_string()
        } else {
            format!("{} does not dominate this use", self.value_name(v))
        }
    }

    /// For an invoke or callbr, the block its result is defined on entry to.
    /// Reads `d`'s call record and operands without trusting them: the
    /// fast walk may ask before `d`'s own shape has been checked.
    fn normal_dest(&self, d: Inst) -> Option<Block> {
        let f = self.f;
        match f.op(d) {
            Opcode::Invoke | Opcode::CallBr => {
                let n = f.calls.get(*f.extra.get(d.index())? as usize)?.num_args as usize;
                let r = *f.ops.get(d.index())?;
                let ops = f.operands.get(r.start as usize..r.end as usize)?;
                ops.get(1 + n)?.as_entity::<Block>(ValueTag::Block)
            }
            _ => None,
        }
    }
}

/// The analyses phase 3 reads.
pub(super) struct Graph<'s> {
    pub cfg: &'s Cfg,
    pub dom: &'s DomTree,
    pub inst_block: &'s [u32],
}

impl Graph<'_> {
    #[inline]
    fn block_of(&self, i: Inst) -> Block {
        Block::from_u32(self.inst_block[i.index()])
    }

    /// Whether the edge `start -> end` dominates block `u` (LLVM's rule:
    /// `end` dominates `u`, the edge is the only one from `start` to `end`,
    /// and `end` dominates every other predecessor of `end`).
    fn edge_dominates(&self, start: Block, end: Block, u: Block) -> bool {
        if !self.dom.dominates(end, u) {
            return false;
        }
        let edges = self
            .cfg
            .succs(start)
            .iter()
            .filter(|&&s| s == end.as_u32())
            .count();
        if edges != 1 {
            return false;
        }
        self.cfg
            .preds(end)
            .iter()
            .all(|&p| p == start.as_u32() || self.dom.dominates(end, Block::from_u32(p)))
    }
}
