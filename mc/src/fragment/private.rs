//! Which local entities of an assembled fragment the merge must create:
//! block labels that only the fragment's own assembled code refers to
//! (their fixups were resolved on the worker) stay private to the
//! fragment, and so do the expressions nothing left in the fragment uses.
//!
//! Invariant: a symbol is private only when it is
//! [function-local](crate::Symbol::function_local), defined by a label of
//! an assembled run, and no event, remaining instruction or fixup, CFI
//! directive, section group or needed expression names it; an expression
//! is needed when any of those uses it or a needed expression has it as
//! an operand. Replay skips private symbols and unneeded expressions, so
//! the merge neither hashes their names nor re-interns them; the object
//! is the same because nothing in it can refer to them.

use super::{Event, Log};
use crate::context::MCContext;
use crate::expr::Expr;
use crate::inst::{Disp, MCOperand};
use crate::streamer::Cfi;
use rcc_ir::entity::EntityId;

/// `(needed expressions, private symbols)`, indexed by local id; both
/// empty when `log` has no assembled run (then everything is needed).
pub(super) fn private_entities(log: &Log, ctx: &MCContext) -> (Vec<bool>, Vec<bool>) {
    if log.runs.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let exprs = ctx.exprs.as_slice();
    let mut needed = vec![false; exprs.len()];
    let mut named = vec![false; ctx.symbols.len()];
    for f in &log.fixups {
        set(&mut needed, f.expr.index());
    }
    for i in &log.insts {
        for op in i.operands() {
            match *op {
                MCOperand::Expr(e) => set(&mut needed, e.index()),
                MCOperand::Mem(m) => {
                    if let Disp::Expr(e) = m.disp() {
                        set(&mut needed, e.index());
                    }
                }
                MCOperand::Reg(_) | MCOperand::Imm(_) => {}
            }
        }
    }
    for &ev in &log.events {
        match ev {
            Event::Label(s) | Event::Attr(s, _) | Event::Common(s) => set(&mut named, s.index()),
            Event::Size(s, e) | Event::Assignment(s, e) => {
                set(&mut named, s.index());
                set(&mut needed, e.index());
            }
            Event::Value(e, _) | Event::Leb128(e, _) => set(&mut needed, e.index()),
            Event::Addrsig(s) => {
                if let Some(s) = s.expand() {
                    set(&mut named, s.index());
                }
            }
            _ => {}
        }
    }
    for c in &log.cfis {
        if let Cfi::Personality { sym, .. } | Cfi::Lsda { sym, .. } = *c {
            set(&mut named, sym.index());
        }
    }
    for s in ctx.sections.values() {
        if let Some(g) = s.group.expand() {
            set(&mut named, g.index());
        }
    }
    // Operands have smaller ids than the nodes using them.
    for k in (0..exprs.len()).rev() {
        if !needed[k] {
            continue;
        }
        match exprs[k] {
            Expr::Constant(_) => {}
            Expr::Symbol(s, _) => set(&mut named, s.index()),
            Expr::Neg(a) | Expr::Not(a) => set(&mut needed, a.index()),
            Expr::Binary(_, a, b) => {
                set(&mut needed, a.index());
                set(&mut needed, b.index());
            }
        }
    }
    let mut private = vec![false; ctx.symbols.len()];
    for &(s, _) in &log.labels {
        let k = s.index();
        if k < private.len() {
            private[k] = !named[k] && ctx.symbols[s].function_local;
        }
    }
    (needed, private)
}

/// Marks entry `k`; an id outside the context is left for replay to
/// report.
fn set(v: &mut [bool], k: usize) {
    if let Some(x) = v.get_mut(k) {
        *x = true;
    }
}
