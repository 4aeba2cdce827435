//! "GOT equivalents" (LLVM's `computeGlobalGOTEquivs`): a discardable,
//! `unnamed_addr` constant whose initializer is just another global's
//! address, and which some global variable's initializer uses. llc holds
//! such a global back and emits it after every other variable (unless all
//! its uses became `@GOTPCREL` references, which this emitter reports as
//! unsupported).
//!
//! Invariant: the returned flags are indexed by `GlobalId`.

use rcc_ir::constant::ConstId;
use rcc_ir::entity::EntityId;
use rcc_ir::module::{GlobalKind, Linkage, Module, UnnamedAddr};
use rcc_ir::value::{Value, ValueTag};

/// Which globals are GOT equivalents.
pub(super) fn find(m: &Module) -> Vec<bool> {
    let n = m.globals.len();
    let mut used_by_var = vec![false; n];
    for (_, gl) in m.globals.iter() {
        if let GlobalKind::Var(v) = &gl.kind {
            if let Some(init) = v.init {
                mark(m, init, &mut used_by_var, 0);
            }
        }
    }
    let mut out = vec![false; n];
    for (g, gl) in m.globals.iter() {
        let GlobalKind::Var(v) = &gl.kind else {
            continue;
        };
        let discardable = matches!(
            gl.linkage,
            Linkage::Private
                | Linkage::Internal
                | Linkage::LinkOnce
                | Linkage::LinkOnceOdr
                | Linkage::AvailableExternally
        );
        out[g.index()] = gl.unnamed_addr == UnnamedAddr::Global
            && v.constant
            && discardable
            && v.init.is_some_and(|i| i.tag() == ValueTag::Global)
            && used_by_var[g.index()];
    }
    out
}

/// Marks every global `v` refers to.
fn mark(m: &Module, v: Value, used: &mut [bool], depth: u32) {
    if let Some(g) = v.as_entity::<rcc_ir::GlobalId>(ValueTag::Global) {
        used[g.index()] = true;
        return;
    }
    let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) else {
        return;
    };
    if depth > 256 {
        return;
    }
    for &e in m.consts.operands(c) {
        mark(m, e, used, depth + 1);
    }
}
