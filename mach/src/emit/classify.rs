//! Section kinds of global variables (LLVM's
//! `TargetLoweringObjectFile::getKindForGlobal`) and the facts about
//! initializers it needs: relocation needs (`Constant::getRelocationInfo`),
//! "is null or undef" and "is a null-terminated string".
//!
//! The facts are computed on rcc's constants as LLVM would see them after
//! its parse-time canonicalization: an aggregate whose elements are all
//! null is `zeroinitializer`, one whose elements are all `undef` (or all
//! `poison`) is `undef` (`poison`), and integer expressions are folded.

use super::fold::Folder;
use super::symbols::is_dso_local;
use super::RelocModel;
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::inst::Opcode;
use rcc_ir::module::{GlobalId, GlobalKind, Linkage, ThreadLocal, UnnamedAddr};
use rcc_ir::types::{Type, TypeId, TypeLookup};
use rcc_ir::value::{Value, ValueTag};

/// LLVM's `SectionKind` values that globals can have.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Text,
    ReadOnly,
    /// Null-terminated strings of 1-, 2- or 4-byte characters.
    MergeCString(u32),
    /// Constants of 4, 8, 16 or 32 bytes.
    MergeConst(u32),
    ReadOnlyWithRel,
    Data,
    Bss,
    BssLocal,
    BssExtern,
    ThreadData,
    ThreadBss,
    ThreadBssLocal,
    Common,
}

impl Kind {
    pub(super) fn is_bss(self) -> bool {
        matches!(self, Kind::Bss | Kind::BssLocal | Kind::BssExtern)
    }

    pub(super) fn is_thread_bss(self) -> bool {
        matches!(self, Kind::ThreadBss | Kind::ThreadBssLocal)
    }

    pub(super) fn is_thread_local(self) -> bool {
        self.is_thread_bss() || self == Kind::ThreadData
    }

    pub(super) fn is_mergeable(self) -> bool {
        matches!(self, Kind::MergeCString(_) | Kind::MergeConst(_))
    }

    /// `isWriteable`: thread-local data and every kind of writable data.
    pub(super) fn is_writeable(self) -> bool {
        self.is_thread_local()
            || self.is_bss()
            || matches!(self, Kind::Common | Kind::Data | Kind::ReadOnlyWithRel)
    }

    /// `isReadOnly`: plain and mergeable read-only data.
    pub(super) fn is_read_only(self) -> bool {
        self == Kind::ReadOnly || self.is_mergeable()
    }
}

/// How a constant needs relocating; ordered like LLVM's
/// `PossibleRelocationsTy` so the maximum of operands combines them.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Reloc {
    None,
    /// Only relocations the static linker resolves (relative pointers
    /// between `dso_local` symbols).
    Local,
    Global,
}

impl Folder<'_> {
    /// The section kind of global variable `g` (which has an initializer).
    pub(super) fn kind_of(&self, g: GlobalId, reloc: RelocModel) -> Kind {
        let gl = &self.m.globals[g];
        let GlobalKind::Var(v) = &gl.kind else {
            return Kind::Text;
        };
        let Some(init) = v.init else {
            return Kind::Data;
        };
        let bss = self.is_null_or_undef(init) && !v.constant && gl.section.is_none();
        if gl.tls != ThreadLocal::None {
            return match (bss, gl.linkage.is_local()) {
                (true, true) => Kind::ThreadBssLocal,
                (true, false) => Kind::ThreadBss,
                (false, _) => Kind::ThreadData,
            };
        }
        if gl.linkage == Linkage::Common {
            return Kind::Common;
        }
        if bss {
            return if gl.linkage.is_local() {
                Kind::BssLocal
            } else if gl.linkage == Linkage::External {
                Kind::BssExtern
            } else {
                Kind::Bss
            };
        }
        if !v.constant {
            return Kind::Data;
        }
        match self.reloc_info(init) {
            Reloc::None => {
                if gl.unnamed_addr != UnnamedAddr::Global {
                    return Kind::ReadOnly;
                }
                let ty = self.type_of(init);
                if let Some(w) = self.cstring_width(init, ty) {
                    return Kind::MergeCString(w);
                }
                match self.dl.alloc_size(&self.m.types, ty) {
                    n @ (4 | 8 | 16 | 32) => Kind::MergeConst(n as u32),
                    _ => Kind::ReadOnly,
                }
            }
            Reloc::Local => Kind::ReadOnly,
            Reloc::Global if reloc == RelocModel::Static => Kind::ReadOnly,
            Reloc::Global => Kind::ReadOnlyWithRel,
        }
    }

    /// LLVM's `isNullValue` of the canonical form of `v`.
    pub(super) fn is_null(&self, v: Value) -> bool {
        let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) else {
            return false;
        };
        match self.m.consts.get(c).kind {
            ConstKind::Int(x) | ConstKind::Float(x) => x == 0,
            ConstKind::BigInt(_) | ConstKind::BigFloat(_) => {
                self.m.consts.words_of(c).iter().all(|&w| w == 0)
            }
            ConstKind::Null | ConstKind::Zero => true,
            ConstKind::Aggregate(_) => self.m.consts.operands(c).iter().all(|&e| self.is_null(e)),
            ConstKind::CString(s) => super::symbols::cstring_bytes(self.m, s)
                .iter()
                .all(|&b| b == 0),
            ConstKind::Expr { .. } => self.fold_int(v).is_some_and(|i| i.val == 0),
            _ => false,
        }
    }

    /// LLVM's `isNullOrUndef` (of `isSuitableForBSS`): null, undef, or an
    /// aggregate of such elements, mixed.
    pub(super) fn is_null_or_undef(&self, v: Value) -> bool {
        if self.is_null(v) || self.undef_kind(v).is_some() {
            return true;
        }
        let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) else {
            return false;
        };
        matches!(self.m.consts.get(c).kind, ConstKind::Aggregate(_))
            && self
                .m
                .consts
                .operands(c)
                .iter()
                .all(|&e| self.is_null_or_undef(e))
    }

    /// `Some(poison)` if the canonical form of `v` is `undef` or `poison`.
    pub(super) fn undef_kind(&self, v: Value) -> Option<bool> {
        let c = v.as_entity::<ConstId>(ValueTag::Const)?;
        match self.m.consts.get(c).kind {
            ConstKind::Undef => Some(false),
            ConstKind::Poison => Some(true),
            ConstKind::Aggregate(_) => {
                let ops = self.m.consts.operands(c);
                let first = self.undef_kind(*ops.first()?)?;
                ops[1..]
                    .iter()
                    .all(|&e| self.undef_kind(e) == Some(first))
                    .then_some(first)
            }
            _ => None,
        }
    }

    /// The character width in bytes if `v` (of type `ty`) is an array of
    /// `i8`, `i16` or `i32` that is a null-terminated string without
    /// interior nulls (LLVM's `IsNullTerminatedString`).
    fn cstring_width(&self, v: Value, ty: TypeId) -> Option<u32> {
        let t = &self.m.types;
        let Type::Array { len, elem } = t.get(ty) else {
            return None;
        };
        let w = match t.get(elem) {
            Type::Int(b @ (8 | 16 | 32)) => b / 8,
            _ => return None,
        };
        let c = v.as_entity::<ConstId>(ValueTag::Const)?;
        if self.is_null(v) {
            return (len == 1).then_some(w);
        }
        let ok = match self.m.consts.get(c).kind {
            ConstKind::CString(s) => {
                let b = super::symbols::cstring_bytes(self.m, s);
                matches!(b.split_last(), Some((0, rest)) if !rest.contains(&0))
            }
            ConstKind::Aggregate(_) => {
                let ops = self.m.consts.operands(c);
                let mut vals = Vec::with_capacity(ops.len());
                for &e in ops {
                    match self.m.consts.get(e.as_entity(ValueTag::Const)?).kind {
                        ConstKind::Int(x) => vals.push(x),
                        _ => return None,
                    }
                }
                matches!(vals.split_last(), Some((0, rest)) if !rest.contains(&0))
            }
            _ => false,
        };
        ok.then_some(w)
    }

    /// LLVM's `Constant::getRelocationInfo`.
    pub(super) fn reloc_info(&self, v: Value) -> Reloc {
        if v.tag() == ValueTag::Global {
            return Reloc::Global;
        }
        let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) else {
            return Reloc::None;
        };
        match self.m.consts.get(c).kind {
            ConstKind::BlockAddress { .. }
            | ConstKind::DsoLocalEquivalent(_)
            | ConstKind::NoCfi(_) => Reloc::Global,
            ConstKind::Expr { op, .. } => {
                if op == Opcode::Sub {
                    if let Some(r) = self.relative_reloc(c) {
                        return r;
                    }
                }
                self.max_reloc(c)
            }
            ConstKind::Aggregate(_) => self.max_reloc(c),
            _ => Reloc::None,
        }
    }

    fn max_reloc(&self, c: ConstId) -> Reloc {
        let mut r = Reloc::None;
        for &e in self.m.consts.operands(c) {
            r = r.max(self.reloc_info(e));
            if r == Reloc::Global {
                break;
            }
        }
        r
    }

    /// The relocation need of `sub (ptrtoint A, ptrtoint B)` when LLVM
    /// special-cases it: blockaddress differences within one function need
    /// none, differences of `dso_local` globals only static ones.
    fn relative_reloc(&self, c: ConstId) -> Option<Reloc> {
        let ops = self.m.consts.operands(c);
        let ptr_operand = |v: Value| {
            let c = v.as_entity::<ConstId>(ValueTag::Const)?;
            match self.m.consts.get(c).kind {
                ConstKind::Expr {
                    op: Opcode::PtrToInt,
                    ..
                } => self.m.consts.operands(c).first().copied(),
                _ => None,
            }
        };
        let lhs = ptr_operand(*ops.first()?)?;
        let rhs = ptr_operand(*ops.get(1)?)?;
        let block_fn = |v: Value| match self.m.consts.get(v.as_entity(ValueTag::Const)?).kind {
            ConstKind::BlockAddress { func, .. } => Some(func),
            _ => None,
        };
        if let (Some(a), Some(b)) = (block_fn(lhs), block_fn(rhs)) {
            if a == b {
                return Some(Reloc::None);
            }
        }
        let rhs_gv = self
            .strip_inbounds_offsets(rhs)
            .as_entity::<GlobalId>(ValueTag::Global)?;
        let lhs = self.strip_inbounds_offsets(lhs);
        if let Some(lhs_gv) = lhs.as_entity::<GlobalId>(ValueTag::Global) {
            if is_dso_local(self.m, lhs_gv) && is_dso_local(self.m, rhs_gv) {
                return Some(Reloc::Local);
            }
        } else if let Some(lc) = lhs.as_entity::<ConstId>(ValueTag::Const) {
            if matches!(self.m.consts.get(lc).kind, ConstKind::DsoLocalEquivalent(_))
                && is_dso_local(self.m, rhs_gv)
            {
                return Some(Reloc::Local);
            }
        }
        None
    }

    /// LLVM's `stripInBoundsConstantOffsets`: through bitcasts,
    /// addrspacecasts and inbounds GEPs with constant indices.
    pub(super) fn strip_inbounds_offsets(&self, mut v: Value) -> Value {
        // The parser bounds nesting, so this terminates; the bound guards
        // against cycles all the same.
        for _ in 0..256 {
            let Some(c) = v.as_entity::<ConstId>(ValueTag::Const) else {
                return v;
            };
            match self.m.consts.get(c).kind {
                ConstKind::Expr {
                    op: Opcode::BitCast | Opcode::AddrSpaceCast,
                    ..
                } => match self.m.consts.operands(c).first() {
                    Some(&op) => v = op,
                    None => return v,
                },
                ConstKind::Expr {
                    op: Opcode::GetElementPtr,
                    ..
                } => match self.gep(c) {
                    Some(g)
                        if g.inbounds && g.indices.iter().all(|&i| self.fold_int(i).is_some()) =>
                    {
                        v = g.base
                    }
                    _ => return v,
                },
                _ => return v,
            }
        }
        v
    }
}
