//! Exception-handling facts of one machine function (LLVM's
//! `MachineFunction::addLandingPad` and `LandingPadInfo`): the landing pads,
//! the labelled ranges of the calls that unwind to them, and the clauses
//! that decide the LSDA's action and type tables.
//!
//! Instruction selection fills it: every `invoke` brackets its call with
//! two `EH_LABEL`s (`begin`, `end`) and records an [`EhInvoke`]; every
//! landing pad block starts with an `EH_LABEL` (its entry address, which
//! the call-site table names) and records an [`EhPad`]. Labels are numbers
//! local to the function (`SymTarget::EhLabel`), spelled by
//! `symbols::eh_label`.
//!
//! Invariants: `invokes[k].pad` indexes `pads`; every clause's type range
//! lies in `types`; a label number is used by exactly one `EH_LABEL`; a
//! landing pad block has no predecessor but through unwinding, so nothing
//! may be live into it in a register except the exception pointer and
//! selector the target's unwinder hands over.

use crate::func::MBlock;
use rcc_ir::entity::{EntityId, PackedOption};
use rcc_ir::GlobalId;

/// A clause of a landing pad.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EhClauseKind {
    /// `catch T` (one type; `None` is `ptr null`, catch-all).
    Catch,
    /// `filter [T...]` (the exception specification; empty: `noexcept`).
    Filter,
}

/// One clause: its kind and its type infos in [`EhInfo::types`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EhClause {
    pub kind: EhClauseKind,
    pub start: u32,
    pub end: u32,
}

/// A landing pad: its block, entry label and clauses.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EhPad {
    pub block: MBlock,
    /// The `EH_LABEL` at the start of the block.
    pub label: u32,
    /// `cleanup` was given.
    pub cleanup: bool,
    /// Range of the clauses in [`EhInfo::clauses`], in IR order.
    pub clauses: (u32, u32),
}

/// The labelled range of an invoke's call and where it unwinds to.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EhInvoke {
    pub begin: u32,
    pub end: u32,
    /// Index into [`EhInfo::pads`].
    pub pad: u32,
}

/// What an `EH_LABEL` marks.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LabelRole {
    /// The start of an invoke's range (index into [`EhInfo::invokes`]).
    Begin(u32),
    /// The end of an invoke's range.
    End(u32),
    /// The entry of a landing pad (index into [`EhInfo::pads`]).
    Pad(u32),
    /// Allocated but not (yet) given a role.
    None,
}

/// All exception-handling facts of a function. Pads and invokes are added
/// with [`EhInfo::add_pad`] and [`EhInfo::add_invoke`], which keep the
/// per-label and per-block lookups (constant time) in step.
#[derive(Clone, Debug, Default)]
pub struct EhInfo {
    pads: Vec<EhPad>,
    invokes: Vec<EhInvoke>,
    pub clauses: Vec<EhClause>,
    /// Type infos of all clauses (`None`: a null type info).
    pub types: Vec<PackedOption<GlobalId>>,
    /// The function's type-info table: type id `k` (1-based, what
    /// `llvm.eh.typeid.for` returns and a catch action names) is entry
    /// `k - 1`. Filled by [`EhInfo::type_id_for`] in LLVM's order: each
    /// pad's clauses last to first, pads in block order.
    pub type_ids: Vec<PackedOption<GlobalId>>,
    /// Role of each label number.
    roles: Vec<LabelRole>,
    /// Pad index + 1 of each block index (0: not a pad).
    pad_of_block: Vec<u32>,
}

impl EhInfo {
    /// Empties it for the next function.
    pub fn clear(&mut self) {
        self.pads.clear();
        self.invokes.clear();
        self.clauses.clear();
        self.types.clear();
        self.type_ids.clear();
        self.roles.clear();
        self.pad_of_block.clear();
    }

    /// The landing pads, in block order.
    pub fn pads(&self) -> &[EhPad] {
        &self.pads
    }

    /// The invokes, in block order.
    pub fn invokes(&self) -> &[EhInvoke] {
        &self.invokes
    }

    /// Adds landing pad `p` (its label must come from
    /// [`EhInfo::new_label`]); returns its index.
    pub fn add_pad(&mut self, p: EhPad) -> u32 {
        let k = self.pads.len() as u32;
        self.set_role(p.label, LabelRole::Pad(k));
        let b = p.block.index();
        if self.pad_of_block.len() <= b {
            self.pad_of_block.resize(b + 1, 0);
        }
        self.pad_of_block[b] = k + 1;
        self.pads.push(p);
        k
    }

    /// Adds invoke range `v`; returns its index.
    pub fn add_invoke(&mut self, v: EhInvoke) -> u32 {
        let k = self.invokes.len() as u32;
        self.set_role(v.begin, LabelRole::Begin(k));
        self.set_role(v.end, LabelRole::End(k));
        self.invokes.push(v);
        k
    }

    fn set_role(&mut self, n: u32, r: LabelRole) {
        let n = n as usize;
        if self.roles.len() <= n {
            self.roles.resize(n + 1, LabelRole::None);
        }
        self.roles[n] = r;
    }

    /// What label `n` marks.
    pub fn role(&self, n: u32) -> LabelRole {
        self.roles
            .get(n as usize)
            .copied()
            .unwrap_or(LabelRole::None)
    }

    /// The type id of `t` (1-based), added to the table if new.
    pub fn type_id_for(&mut self, t: PackedOption<GlobalId>) -> u32 {
        match self.type_ids.iter().position(|&x| x == t) {
            Some(k) => k as u32 + 1,
            None => {
                self.type_ids.push(t);
                self.type_ids.len() as u32
            }
        }
    }

    /// How many label numbers were allocated.
    pub fn num_labels(&self) -> usize {
        self.roles.len()
    }

    /// A fresh label number.
    pub fn new_label(&mut self) -> u32 {
        self.roles.push(LabelRole::None);
        self.roles.len() as u32 - 1
    }

    /// The pad whose block is `b`.
    pub fn pad_of(&self, b: MBlock) -> Option<u32> {
        match self.pad_of_block.get(b.index()) {
            Some(&k) if k > 0 => Some(k - 1),
            _ => None,
        }
    }

    /// Whether block `b` is a landing pad.
    pub fn is_pad(&self, b: MBlock) -> bool {
        self.pad_of(b).is_some()
    }

    /// The clauses of pad `p`.
    pub fn pad_clauses(&self, p: &EhPad) -> &[EhClause] {
        &self.clauses[p.clauses.0 as usize..p.clauses.1 as usize]
    }

    /// The type infos of clause `c`.
    pub fn clause_types(&self, c: &EhClause) -> &[PackedOption<GlobalId>] {
        &self.types[c.start as usize..c.end as usize]
    }

    /// Whether label `n` begins an invoke's range.
    pub fn is_begin(&self, n: u32) -> bool {
        matches!(self.role(n), LabelRole::Begin(_))
    }

    /// Whether label `n` ends an invoke's range.
    pub fn is_end(&self, n: u32) -> bool {
        matches!(self.role(n), LabelRole::End(_))
    }

    /// Whether the function has any landing pad.
    pub fn has_pads(&self) -> bool {
        !self.pads.is_empty()
    }
}

/// Whether function `g` is declared `nounwind` (a call to it cannot throw,
/// so it needs no call-site entry; LLVM's `callToNoUnwindFunction`).
pub fn is_nounwind(m: &rcc_ir::Module, g: GlobalId) -> bool {
    if !matches!(m.globals[g].kind, rcc_ir::module::GlobalKind::Func(_)) {
        return false;
    }
    let mut nounwind = false;
    crate::passes::frame_layout::for_each_fn_attr(m, g, |a| {
        if let rcc_ir::attrs::Attr::Word(s) | rcc_ir::attrs::Attr::Raw(s) = a {
            nounwind |= m.str(*s) == "nounwind";
        }
    });
    nounwind
}

/// The personality routine of function `g` whose unwind information must
/// name it: the function has a personality and landing pads, or a
/// personality this table does not know (which may need to run even
/// without landing pads; LLVM's `isNoOpWithoutInvoke`).
pub fn emitted_personality(m: &rcc_ir::Module, g: GlobalId, has_pads: bool) -> Option<GlobalId> {
    let rcc_ir::module::GlobalKind::Func(f) = &m.globals[g].kind else {
        return None;
    };
    let p = f
        .personality?
        .as_entity::<GlobalId>(rcc_ir::ValueTag::Global)?;
    const KNOWN: &[&str] = &[
        "__gxx_personality_v0",
        "__gcc_personality_v0",
        "__gxx_personality_sj0",
        "__gxx_personality_seh0",
        "__objc_personality_v0",
        "__gxx_wasm_personality_v0",
        "rust_eh_personality",
        "__C_specific_handler",
        "__CxxFrameHandler3",
        "_except_handler3",
        "_except_handler4",
    ];
    let known = KNOWN.contains(&m.str(m.globals[p].name).trim_matches('"'));
    (has_pads || !known).then_some(p)
}

/// The label number of `EH_LABEL` instruction `i` of `mf`.
pub fn label_of(mf: &crate::MachFunction, i: crate::MInst) -> Option<u32> {
    if mf.opc(i) != crate::MOpc::EH_LABEL {
        return None;
    }
    match mf.sym_of(*mf.operands(i).first()?)?.target {
        crate::SymTarget::EhLabel(n) => Some(n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_pads_and_invokes_are_found_by_number_and_block() {
        let mut eh = EhInfo::default();
        let (pad_label, begin, end) = (eh.new_label(), eh.new_label(), eh.new_label());
        assert_eq!(eh.role(begin), LabelRole::None);
        let b = MBlock::from_u32(5);
        let p = eh.add_pad(EhPad {
            block: b,
            label: pad_label,
            cleanup: true,
            clauses: (0, 0),
        });
        let k = eh.add_invoke(EhInvoke { begin, end, pad: p });
        assert_eq!(eh.role(pad_label), LabelRole::Pad(p));
        assert_eq!(eh.role(begin), LabelRole::Begin(k));
        assert!(eh.is_end(end) && !eh.is_begin(end));
        assert_eq!(eh.pad_of(b), Some(p));
        assert!(!eh.is_pad(MBlock::from_u32(4)) && !eh.is_pad(MBlock::from_u32(9)));
        assert_eq!(eh.role(99), LabelRole::None);
        eh.clear();
        assert!(!eh.is_pad(b) && !eh.has_pads());
    }

    #[test]
    fn type_ids_are_one_based_and_stable() {
        let mut eh = EhInfo::default();
        let (a, n) = (
            PackedOption::some(GlobalId::from_u32(3)),
            PackedOption::default(),
        );
        assert_eq!(eh.type_id_for(a), 1);
        assert_eq!(eh.type_id_for(n), 2);
        assert_eq!(eh.type_id_for(a), 1);
        assert_eq!(eh.type_ids.len(), 2);
    }
}

/// What a function's unwind information refers to at module level: the
/// personality and, in PIC, the catch/filter type infos reached through
/// indirection words (the module emits both once, after the functions).
#[derive(Clone, Debug, Default)]
pub struct ExceptionRefs {
    pub personality: Option<GlobalId>,
    pub type_infos: Vec<GlobalId>,
}
