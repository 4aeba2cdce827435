//! Call frame information over the CFG and a layout (LLVM's
//! CFIInstrInserter): the unwinder reads the CFI directives of a function
//! in address order, so where the layout reaches a block whose rule
//! differs from the one the previous block left, directives restating the
//! block's rule go at its start.
//!
//! The rule tracked per block is the CFA (register and offset) and the set
//! of callee-saved registers recorded as saved (`.cfi_offset` sets a
//! register's bit, `.cfi_restore` clears it). A block's incoming rule is
//! the outgoing rule of the first predecessor a depth-first walk from the
//! entry reaches it from (as LLVM's; the CFA must agree at every join, the
//! saved set need not: after a shrink-wrapped epilogue the registers are
//! no longer saved, on the path that skipped the prologue they never
//! were). Fixes are, in order: the CFA (`def_cfa`, `def_cfa_register` or
//! `def_cfa_offset`), `.cfi_restore` of the registers no longer saved, then
//! `.cfi_offset` of the registers saved (at the offset the function's
//! directives gave them), registers in increasing DWARF number.
//!
//! Invariants: only CFA rules, `.cfi_offset` and `.cfi_restore` of DWARF
//! registers below 64 are modelled outside the entry block; any other
//! directive there (or a CFA disagreement at a join) makes
//! [`CfiFixup::compute_in`] give up, and the caller keeps what it has.

use crate::func::{MBlock, MachFunction};
use crate::MOpc;
use rcc_ir::entity::EntityId;
use rcc_mc::Cfi;

const NONE: u32 = u32::MAX;

/// The CFA rule: register (`NONE`: the one at function entry) and offset
/// (`known` false: the entry's offset plus `off`), and the saved set.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CfiState {
    reg: u32,
    known: bool,
    off: i64,
    saved: u64,
}

impl CfiState {
    fn cfa_eq(&self, o: &CfiState) -> bool {
        self.reg == o.reg && self.known == o.known && self.off == o.off
    }
}

/// Per-worker buffers of the CFI fix-up.
#[derive(Default)]
pub struct CfiFixup {
    entry: Option<CfiState>,
    cfa_in: Vec<Option<CfiState>>,
    work: Vec<MBlock>,
    /// Offset of each saved register (from its `.cfi_offset`).
    offsets: Vec<i64>,
    fix_range: Vec<(u32, u32)>,
    fix_pool: Vec<Cfi>,
}

impl CfiFixup {
    /// The rule at function entry: `initial` is the target's CFA register
    /// and offset there (DWARF number, bytes), if it states one.
    fn entry_state(initial: Option<(u16, i64)>) -> CfiState {
        match initial {
            Some((r, o)) => CfiState {
                reg: u32::from(r),
                known: true,
                off: o,
                saved: 0,
            },
            None => CfiState {
                reg: NONE,
                known: false,
                off: 0,
                saved: 0,
            },
        }
    }

    /// Per block, the rule at its start over the CFG. Returns `None` when
    /// the function cannot be modelled (see the module comment),
    /// `Some(false)` when it has no CFI directives at all.
    pub fn compute_in(&mut self, mf: &MachFunction, initial: Option<(u16, i64)>) -> Option<bool> {
        let n = mf.blocks.len();
        self.fix_range.clear();
        self.fix_range.resize(n, (0, 0));
        self.fix_pool.clear();
        self.cfa_in.clear();
        self.cfa_in.resize(n, None);
        self.offsets.clear();
        self.offsets.resize(64, 0);
        let any = mf
            .order
            .iter()
            .any(|&b| mf.block_insts(b).iter().any(|&i| mf.opc(i) == MOpc::CFI));
        if !any {
            return Some(false);
        }
        let entry = mf.order[0];
        let start = Self::entry_state(initial);
        self.entry = Some(start);
        self.cfa_in[entry.index()] = Some(start);
        self.work.clear();
        self.work.push(entry);
        while let Some(b) = self.work.pop() {
            let mut s = self.cfa_in[b.index()]?;
            for &i in mf.block_insts(b) {
                if let Some(c) = mf.cfi_of(i) {
                    if !apply(&mut s, c, b == entry, &mut self.offsets) {
                        return None;
                    }
                }
            }
            for &x in mf.succs(b) {
                match self.cfa_in[x.index()] {
                    None => {
                        self.cfa_in[x.index()] = Some(s);
                        self.work.push(x);
                    }
                    Some(o) if o.cfa_eq(&s) => {}
                    Some(_) => return None,
                }
            }
        }
        Some(true)
    }

    /// Walks `order` with the rule the unwinder would see and records, per
    /// block, the directives that restate the block's rule where the two
    /// differ ([`CfiFixup::fixes`]). `false` if a needed rule cannot be
    /// stated. Call after [`CfiFixup::compute_in`] answered `Some(true)`.
    pub fn plan(&mut self, mf: &MachFunction, order: &[MBlock]) -> bool {
        let Some(mut s) = self.entry else {
            return true;
        };
        for &b in order {
            let start = self.fix_pool.len() as u32;
            if let Some(want) = self.cfa_in[b.index()] {
                if !want.cfa_eq(&s) {
                    let reg_differs = want.reg != s.reg;
                    let off_differs = want.known != s.known || want.off != s.off;
                    if (reg_differs && want.reg == NONE) || (off_differs && !want.known) {
                        return false;
                    }
                    self.fix_pool.push(match (reg_differs, off_differs) {
                        (true, true) => Cfi::DefCfa {
                            reg: want.reg as u16,
                            offset: want.off,
                        },
                        (true, false) => Cfi::DefCfaRegister(want.reg as u16),
                        _ => Cfi::DefCfaOffset(want.off),
                    });
                }
                let gone = s.saved & !want.saved;
                let new = want.saved & !s.saved;
                for r in bits(gone) {
                    self.fix_pool.push(Cfi::Restore(r));
                }
                for r in bits(new) {
                    self.fix_pool.push(Cfi::Offset {
                        reg: r,
                        offset: self.offsets[usize::from(r)],
                    });
                }
                s = want;
            }
            self.fix_range[b.index()] = (start, self.fix_pool.len() as u32);
            for &i in mf.block_insts(b) {
                if let Some(c) = mf.cfi_of(i) {
                    apply(&mut s, c, true, &mut self.offsets);
                }
            }
        }
        true
    }

    /// The directives planned for the start of `b`.
    pub fn fixes(&self, b: MBlock) -> &[Cfi] {
        match self.fix_range.get(b.index()) {
            Some(&(a, e)) => &self.fix_pool[a as usize..e as usize],
            None => &[],
        }
    }

    /// Computes and inserts the fixes for the current layout of `mf`.
    /// `false` (nothing changed) when the function cannot be modelled.
    pub fn fix_layout(
        &mut self,
        mf: &mut MachFunction,
        initial: Option<(u16, i64)>,
        scratch: &mut Vec<crate::func::MInst>,
    ) -> bool {
        match self.compute_in(mf, initial) {
            None => return false,
            Some(false) => return true,
            Some(true) => {}
        }
        let order = std::mem::take(&mut mf.order);
        let ok = self.plan(mf, &order);
        mf.order = order;
        if !ok {
            return false;
        }
        mf.rewrite(scratch, |mf, b, old, out| {
            for &c in self.fixes(b) {
                let i = mf.create_cfi(c);
                out.push(i);
            }
            out.extend_from_slice(old);
        });
        true
    }
}

fn bits(mut m: u64) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let r = m.trailing_zeros();
        m &= m - 1;
        Some(r as u16)
    })
}

/// Applies CFI directive `c` to rule `s`; `false` for a directive not
/// modelled where it is (see the module comment).
fn apply(s: &mut CfiState, c: Cfi, in_entry: bool, offsets: &mut [i64]) -> bool {
    match c {
        Cfi::DefCfa { reg, offset } => {
            s.reg = u32::from(reg);
            s.known = true;
            s.off = offset;
        }
        Cfi::DefCfaOffset(o) => {
            s.known = true;
            s.off = o;
        }
        Cfi::AdjustCfaOffset(d) => s.off += d,
        Cfi::DefCfaRegister(r) => s.reg = u32::from(r),
        Cfi::Offset { reg, offset } if reg < 64 => {
            s.saved |= 1 << reg;
            offsets[usize::from(reg)] = offset;
        }
        Cfi::Restore(reg) if reg < 64 => s.saved &= !(1 << reg),
        Cfi::Offset { .. }
        | Cfi::RelOffset { .. }
        | Cfi::Restore(_)
        | Cfi::SameValue(_)
        | Cfi::Undefined(_)
        | Cfi::Escape
            if in_entry => {}
        _ => return false,
    }
    true
}
