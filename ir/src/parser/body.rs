//! Phase 2: parsing one function body from its span.
//!
//! Runs on a rayon worker with read-only access to the module's tables
//! ([`Shared`]). Local names resolve through a per-body scope; a use before
//! its definition becomes a placeholder (`ValueTag::Special`) recorded as a
//! fixup and patched once the whole body is read. Type checks that need the
//! definition (a forward reference's type) happen at patch time.

use super::attrs::{parse_attrs, AttrCtx};
use super::cursor::{Cursor, PResult};
use super::parse_md_ref;
use super::values::{
    is_ptr, parse_op_flags, parse_opt_addrspace, parse_type, parse_typed_value, parse_value, Env,
};
use crate::attrs::cconv_from_name;
use crate::constant::{ConstKind, ConstPool};
use crate::entity::{EntityId, PoolRange, PrimaryMap};
use crate::function::{BlockData, Bundle, CallInfo, Function, InlineAsm, Inst};
use crate::inst::{self, Opcode};
use crate::lexer::{Tok, TokKind};
use crate::metadata::{DbgRecord, MdAttach, MdOperand};
use crate::module::{Global, GlobalId};
use crate::span::Span;
use crate::types::{LocalTypes, Type, TypeId, TypeInterner, TypeKey, TypeLookup, TypeTable};
use crate::value::{Value, ValueTag};
use ahash::AHashMap;

/// What every body parser reads.
pub(super) struct Shared<'a> {
    pub src: &'a str,
    pub types: &'a TypeTable,
    pub globals: &'a PrimaryMap<GlobalId, Global>,
    pub names: &'a AHashMap<&'a str, GlobalId>,
    pub numbered: &'a AHashMap<u32, GlobalId>,
    pub typed: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum LocalKey<'a> {
    Name(&'a str),
    Num(u32),
}

/// The local namespace: numbered values by number, named ones by name,
/// each with its type (so that a use is type-checked with one load).
#[derive(Default)]
struct Scope<'a> {
    numbered: Vec<(Value, TypeId)>,
    named: AHashMap<&'a str, (Value, TypeId)>,
}

impl<'a> Scope<'a> {
    #[inline]
    fn get(&self, k: LocalKey<'a>) -> Option<(Value, TypeId)> {
        match k {
            LocalKey::Num(n) => self
                .numbered
                .get(n as usize)
                .copied()
                .filter(|(v, _)| !v.is_none()),
            LocalKey::Name(s) => self.named.get(s).copied(),
        }
    }

    /// Binds `k`; returns whether it was already bound.
    #[inline]
    fn insert(&mut self, k: LocalKey<'a>, v: Value, ty: TypeId) -> bool {
        match k {
            LocalKey::Num(n) => {
                let n = n as usize;
                if n == self.numbered.len() {
                    // Numbers are defined in order: the common case.
                    self.numbered.push((v, ty));
                    return false;
                }
                if n > self.numbered.len() {
                    self.numbered
                        .resize(n + 1, (Value::NONE, TypeId::from_u32(0)));
                }
                let old = std::mem::replace(&mut self.numbered[n], (v, ty));
                !old.0.is_none()
            }
            LocalKey::Name(s) => self.named.insert(s, (v, ty)).is_some(),
        }
    }
}

/// Buffers one worker reuses from body to body: the body under
/// construction (its columns keep their capacity; each finished body is
/// copied out exactly sized) and the name scope.
#[derive(Default)]
pub(super) struct BodyScratch<'a> {
    f: Function,
    scope: Scope<'a>,
    fixups: Vec<Fixup<'a>>,
    temps: Temps,
}

/// Per-instruction lists that are copied into the body when complete.
#[derive(Default)]
struct Temps {
    args: Vec<Value>,
    arg_tys: Vec<TypeId>,
    arg_attrs: Vec<PoolRange>,
}

struct Fixup<'a> {
    key: LocalKey<'a>,
    ty: TypeId,
    offset: u32,
}

struct BodyEnv<'a, 's> {
    sh: &'s Shared<'a>,
    types: LocalTypes<'s>,
    f: Function,
    params: &'s [TypeId],
    scope: Scope<'a>,
    next_num: u32,
    fixups: Vec<Fixup<'a>>,
    label_ty: TypeId,
    void_ty: TypeId,
}

/// The number of a `%N` token of at most eight digits without leading
/// zeros: the common case, decoded without slicing the text.
#[inline(always)]
fn short_local_num(c: &Cursor<'_>, t: Tok) -> Option<u32> {
    if t.kind != TokKind::LocalId {
        return None;
    }
    let d = c.src.as_bytes().get(t.start as usize + 1..t.end as usize)?;
    if d.len() > 8 || (d.len() > 1 && d[0] == b'0') {
        return None;
    }
    Some(
        d.iter()
            .fold(0u32, |n, &b| n * 10 + (b.wrapping_sub(b'0') as u32 & 0xf)),
    )
}

#[inline]
fn local_key<'a>(c: &Cursor<'a>, t: Tok) -> PResult<LocalKey<'a>> {
    if let Some(n) = short_local_num(c, t) {
        return Ok(LocalKey::Num(n));
    }
    local_key_slow(c, t)
}

#[inline(never)]
fn local_key_slow<'a>(c: &Cursor<'a>, t: Tok) -> PResult<LocalKey<'a>> {
    let text = c.text(t);
    if t.kind == TokKind::LocalId || t.kind == TokKind::LabelId {
        // The lexer made these `%` digits or digits `:`.
        let b = text.as_bytes();
        let mut digits = match t.kind {
            TokKind::LocalId => &b[1..],
            _ => &b[..b.len() - 1],
        };
        while digits.len() > 1 && digits[0] == b'0' {
            digits = &digits[1..];
        }
        // Nine digits cannot overflow a u64 step; ids stay below 2^28.
        if digits.len() > 9 {
            return c.err_at(t.start, "value number out of range");
        }
        let mut n: u32 = 0;
        for &d in digits {
            n = n * 10 + (d.wrapping_sub(b'0') as u32 & 0xf);
        }
        if n >= 1 << 28 {
            return c.err_at(t.start, "value number out of range");
        }
        return Ok(LocalKey::Num(n));
    }
    // Byte-level: drop the sigil or the label colon, then the quotes.
    let b = text.as_bytes();
    let (mut lo, mut hi) = (0, b.len());
    if b.first() == Some(&b'%') {
        lo = 1;
    } else if b.last() == Some(&b':') {
        hi -= 1;
    }
    if hi >= lo + 2 && b[lo] == b'"' && b[hi - 1] == b'"' {
        lo += 1;
        hi -= 1;
    }
    Ok(LocalKey::Name(&text[lo..hi]))
}

impl<'a, 's> Env<'a> for BodyEnv<'a, 's> {
    type Types = LocalTypes<'s>;
    fn types(&mut self) -> &mut LocalTypes<'s> {
        &mut self.types
    }
    fn consts(&mut self) -> &mut ConstPool {
        &mut self.f.consts
    }
    fn global(&mut self, c: &Cursor<'a>, t: Tok) -> PResult<Value> {
        let text = c.text(t);
        let g = if t.kind == TokKind::GlobalId {
            text[1..]
                .parse::<u32>()
                .ok()
                .and_then(|n| self.sh.numbered.get(&n).copied())
        } else {
            self.sh.names.get(super::name_key(text)).copied()
        };
        match g {
            Some(g) => Ok(Value::of(ValueTag::Global, g)),
            None => c.err_at(t.start, format!("use of undefined value '{text}'")),
        }
    }
    fn local(&mut self, c: &Cursor<'a>, t: Tok, ty: TypeId) -> PResult<Value> {
        let key = local_key(c, t)?;
        if let Some((v, vt)) = self.scope.get(key) {
            if vt != ty {
                return c.err_at(
                    t.start,
                    format!(
                        "'{}' is used with a type other than the one it was defined with",
                        c.text(t)
                    ),
                );
            }
            return Ok(v);
        }
        let k = self.fixups.len();
        self.fixups.push(Fixup {
            key,
            ty,
            offset: t.start,
        });
        Ok(Value::new(ValueTag::Special, k))
    }
    fn typed_ptrs(&self) -> bool {
        self.sh.typed
    }
}

impl<'a, 's> BodyEnv<'a, 's> {
    fn value_type(&self, v: Value) -> TypeId {
        match v.tag() {
            ValueTag::Inst => self.f.ty[v.index()],
            ValueTag::Arg => self.params[v.index()],
            ValueTag::Block => self.label_ty,
            ValueTag::Const => {
                self.f.consts.data[crate::constant::ConstId::from_index(v.index())].ty
            }
            ValueTag::Global => self.sh.globals[GlobalId::from_index(v.index())]
                .ptr_ty
                .unwrap_or(self.void_ty),
            _ => self.void_ty,
        }
    }

    fn define(&mut self, c: &Cursor<'a>, t: Tok, v: Value) -> PResult<()> {
        let key = local_key(c, t)?;
        if let LocalKey::Num(n) = key {
            // Numbering is sequential, as LLVM 19 requires; the printer
            // relies on it to print the same numbers back.
            if n != self.next_num {
                let msg = format!(
                    "value expected to be numbered '%{}', not '%{n}'",
                    self.next_num
                );
                return c.err_at(t.start, msg);
            }
            self.next_num = n + 1;
        }
        let ty = self.value_type(v);
        if self.scope.insert(key, v, ty) {
            return c.err_at(
                t.start,
                format!("multiple definition of local value '{}'", c.text(t)),
            );
        }
        Ok(())
    }

    fn define_next_number(&mut self, v: Value) {
        let n = self.next_num;
        self.next_num += 1;
        let ty = self.value_type(v);
        self.scope.insert(LocalKey::Num(n), v, ty);
    }

    fn simple(&mut self, t: Type) -> TypeId {
        self.types.simple(t)
    }

    fn const_int(&self, v: Value) -> Option<u64> {
        if v.tag() != ValueTag::Const {
            return None;
        }
        match self.f.consts.data[crate::constant::ConstId::from_index(v.index())].kind {
            ConstKind::Int(x) => Some(x),
            ConstKind::Zero => Some(0),
            _ => None,
        }
    }
}

/// Parses the body in `src[start..end]` (between the braces).
pub(super) fn parse_body<'a>(
    sh: &Shared<'a>,
    scratch: &mut BodyScratch<'a>,
    global: GlobalId,
    start: usize,
    end: usize,
    params: &[TypeId],
    arg_names: &[Tok],
) -> PResult<(Function, TypeTable)> {
    let mut types = LocalTypes::new(sh.types);
    let label_ty = types.simple(Type::Label);
    let void_ty = types.simple(Type::Void);
    let mut env = BodyEnv {
        sh,
        types,
        f: std::mem::take(&mut scratch.f),
        params,
        scope: std::mem::take(&mut scratch.scope),
        next_num: 0,
        fixups: std::mem::take(&mut scratch.fixups),
        label_ty,
        void_ty,
    };
    env.f.global = Some(global);
    // Reserve by size: about one instruction per 48 bytes of body text.
    let est = (end - start) / 48 + 4;
    let f = &mut env.f;
    f.opcode.reserve(est);
    f.ty.reserve(est);
    f.ops.reserve(est);
    f.flags.reserve(est);
    f.extra.reserve(est);
    f.name.reserve(est);
    f.loc.reserve(est);
    f.operands.reserve(est * 2);
    env.scope.numbered.reserve(est);
    let mut c = Cursor::new(sh.src, start, end);
    for (i, &t) in arg_names.iter().enumerate() {
        let v = Value::new(ValueTag::Arg, i);
        if t.kind == TokKind::Eof {
            env.define_next_number(v);
            env.f.arg_names.push(Span::NONE);
        } else {
            env.define(&c, t, v)?;
            env.f.arg_names.push(if t.kind == TokKind::LocalId {
                Span::NONE
            } else {
                Span::new(t.start as usize + 1, t.end as usize)
            });
        }
    }
    let mut p = BodyParser {
        c: &mut c,
        e: &mut env,
        pending_dbg: Vec::new(),
        temps: std::mem::take(&mut scratch.temps),
    };
    p.parse_blocks()?;
    let temps = p.temps;
    let BodyEnv {
        types,
        mut f,
        mut scope,
        mut fixups,
        ..
    } = env;
    let out = f.take_compact();
    scope.numbered.clear();
    scope.named.clear();
    fixups.clear();
    *scratch = BodyScratch {
        f,
        scope,
        fixups,
        temps,
    };
    Ok((out, types.local))
}

struct BodyParser<'c, 'a, 's> {
    c: &'c mut Cursor<'a>,
    e: &'c mut BodyEnv<'a, 's>,
    /// Debug records waiting for the instruction they precede.
    pending_dbg: Vec<(Span, PoolRange)>,
    temps: Temps,
}

impl<'a> BodyParser<'_, 'a, '_> {
    fn parse_blocks(&mut self) -> PResult<()> {
        if self.c.is(TokKind::Eof) {
            return self
                .c
                .err("function body requires at least one basic block");
        }
        while !self.c.is(TokKind::Eof) {
            let b = self.e.f.blocks.next_key();
            let bv = Value::of(ValueTag::Block, b);
            let name = match self.c.tok.kind {
                TokKind::LabelStr | TokKind::LabelId => {
                    let t = self.c.bump();
                    self.e.define(self.c, t, bv)?;
                    if t.kind == TokKind::LabelId {
                        Span::NONE
                    } else {
                        Span::new(t.start as usize, t.end as usize - 1)
                    }
                }
                _ => {
                    self.e.define_next_number(bv);
                    Span::NONE
                }
            };
            let first = self.e.f.opcode.len();
            loop {
                match self.c.tok.kind {
                    TokKind::DbgRecord => self.parse_dbg_record()?,
                    TokKind::LabelStr | TokKind::LabelId | TokKind::Eof => {
                        let what = if name.is_none() {
                            "a basic block".to_string()
                        } else {
                            format!("block '{}'", name.text(self.c.src))
                        };
                        return self
                            .c
                            .err(format!("{what} does not end with a terminator instruction"));
                    }
                    TokKind::Ident if self.c.cur() == "uselistorder" => {
                        while !self.c.is(TokKind::LBrace) && !self.c.is(TokKind::Eof) {
                            self.c.bump();
                        }
                        self.c.skip_group()?;
                    }
                    _ => {
                        let i = self.parse_inst()?;
                        if self.e.f.opcode[i.index()].is_terminator() {
                            break;
                        }
                    }
                }
            }
            if !self.pending_dbg.is_empty() {
                return self.c.err("debug record must precede an instruction");
            }
            self.e.f.blocks.push(BlockData {
                name,
                insts: PoolRange {
                    start: first as u32,
                    end: self.e.f.opcode.len() as u32,
                },
            });
        }
        self.resolve_fixups()
    }

    fn resolve_fixups(&mut self) -> PResult<()> {
        if self.e.fixups.is_empty() {
            return Ok(());
        }
        let mut resolved = Vec::with_capacity(self.e.fixups.len());
        for fx in &self.e.fixups {
            let Some((v, vt)) = self.e.scope.get(fx.key) else {
                let name = match fx.key {
                    LocalKey::Name(n) => format!("%{n}"),
                    LocalKey::Num(n) => format!("%{n}"),
                };
                return self
                    .c
                    .err_at(fx.offset, format!("use of undefined value '{name}'"));
            };
            if vt != fx.ty {
                return self.c.err_at(
                    fx.offset,
                    "value is used with a type other than the one it was defined with",
                );
            }
            resolved.push(v);
        }
        let patch = |v: &mut Value| {
            if v.tag() == ValueTag::Special && !v.is_none() {
                *v = resolved[v.index()];
            }
        };
        self.e.f.operands.iter_mut().for_each(patch);
        for m in &mut self.e.f.meta {
            if let MdOperand::Value(_, v) = m {
                patch(v);
            }
        }
        for (_, v) in &mut self.e.f.md_values {
            patch(v);
        }
        Ok(())
    }

    fn ty(&mut self) -> PResult<TypeId> {
        parse_type(self.c, self.e)
    }

    fn tv(&mut self) -> PResult<(TypeId, Value)> {
        parse_typed_value(self.c, self.e)
    }

    fn val(&mut self, ty: TypeId) -> PResult<Value> {
        parse_value(self.c, self.e, ty)
    }

    fn comma(&mut self) -> PResult<()> {
        self.c.expect(TokKind::Comma, "','").map(|_| ())
    }

    fn label(&mut self) -> PResult<Value> {
        self.c.expect_word("label")?;
        let l = self.e.label_ty;
        if !matches!(self.c.tok.kind, TokKind::LocalVar | TokKind::LocalId) {
            return self.c.err("expected basic block name");
        }
        self.val(l)
    }

    fn get(&self, t: TypeId) -> Type {
        self.e.types.get(t)
    }

    /// Whether a comma followed by metadata (an attachment) is next.
    fn at_attachment(&mut self) -> bool {
        self.c.is(TokKind::Comma) && self.c.peek().kind == TokKind::MetadataVar
    }

    /// `, align N` if present (not followed by an attachment).
    fn opt_align(&mut self) -> PResult<Option<u64>> {
        if self.c.is(TokKind::Comma) {
            let next = self.c.peek();
            if next.kind == TokKind::Ident && self.c.text(next) == "align" {
                self.c.bump();
                self.c.bump();
                let at = self.c.tok.start;
                let a = self.c.parse_u64("alignment")?;
                if !a.is_power_of_two() || a > 1 << 32 {
                    return self.c.err_at(at, "alignment is not a power of two");
                }
                return Ok(Some(a));
            }
        }
        Ok(None)
    }

    /// `syncscope("x")` if present: the scope span in `aux`, else `u32::MAX`.
    fn opt_syncscope(&mut self) -> PResult<u32> {
        if !self.c.eat_word("syncscope") {
            return Ok(u32::MAX);
        }
        self.c.expect(TokKind::LParen, "'(' after syncscope")?;
        let s = self.c.expect(TokKind::String, "sync scope name")?;
        self.c.expect(TokKind::RParen, "')'")?;
        let at = self.e.f.aux.len() as u32;
        self.e.f.aux.extend([s.start, s.end]);
        Ok(at)
    }

    fn ordering(&mut self) -> PResult<u32> {
        match inst::ordering_from_name(self.c.cur()).filter(|_| self.c.is(TokKind::Ident)) {
            Some(o) => {
                self.c.bump();
                Ok(o)
            }
            None => self.c.err("expected atomic ordering"),
        }
    }

    fn aux_list(&mut self, items: &[u32]) -> u32 {
        let at = self.e.f.aux.len() as u32;
        self.e.f.aux.push(items.len() as u32);
        self.e.f.aux.extend_from_slice(items);
        at
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        op: Opcode,
        ty: TypeId,
        ops: &[Value],
        flags: u32,
        extra: u32,
        loc: u32,
    ) -> Inst {
        let start = self.e.f.operands.len();
        self.e.f.operands.extend_from_slice(ops);
        self.push_tail(op, ty, start, flags, extra, loc)
    }

    /// Adds an instruction whose operands are `operands[start..]`, pushed
    /// there while it was parsed.
    fn push_tail(
        &mut self,
        op: Opcode,
        ty: TypeId,
        start: usize,
        flags: u32,
        extra: u32,
        loc: u32,
    ) -> Inst {
        let f = &mut self.e.f;
        let i = Inst::from_index(f.opcode.len());
        f.opcode.push(op);
        f.ty.push(ty);
        f.ops.push(PoolRange::since(&f.operands, start));
        f.flags.push(flags);
        f.extra.push(extra);
        f.name.push(Span::NONE);
        f.loc.push(loc);
        i
    }

    fn parse_inst(&mut self) -> PResult<Inst> {
        let loc = self.c.tok.start;
        let mut result: Option<Tok> = None;
        if matches!(self.c.tok.kind, TokKind::LocalVar | TokKind::LocalId) {
            result = Some(self.c.bump());
            self.c
                .expect(TokKind::Equal, "'=' after instruction name")?;
        }
        if !self.c.is(TokKind::Ident) {
            return self.c.err("expected instruction opcode");
        }
        let op_at = self.c.tok.start;
        let word = self.c.cur();
        let mut tail = 0u32;
        let op = match word {
            "tail" | "musttail" | "notail" => {
                tail = match word {
                    "tail" => inst::TailKind::Tail as u32,
                    "musttail" => inst::TailKind::MustTail as u32,
                    _ => inst::TailKind::NoTail as u32,
                };
                self.c.bump();
                if !self.c.is_word("call") {
                    return self.c.err("expected 'call' after tail marker");
                }
                Opcode::Call
            }
            _ => match Opcode::from_name(word) {
                Some(op) => op,
                None => {
                    return self
                        .c
                        .err(format!("expected instruction opcode, found '{word}'"))
                }
            },
        };
        self.c.bump();
        let i = self.parse_op(op, tail, loc)?;
        let ty = self.e.f.ty[i.index()];
        if let Some(t) = result {
            if ty == self.e.void_ty {
                return self
                    .c
                    .err_at(t.start, "instructions returning void cannot have a name");
            }
            let v = Value::of(ValueTag::Inst, i);
            self.e.define(self.c, t, v)?;
            if t.kind == TokKind::LocalVar {
                self.e.f.name[i.index()] = Span::new(t.start as usize + 1, t.end as usize);
            }
        } else if ty != self.e.void_ty {
            self.e.define_next_number(Value::of(ValueTag::Inst, i));
        }
        let _ = op_at;
        // Attachments.
        while self.at_attachment() {
            self.c.bump();
            let k = self.c.bump();
            let node = parse_md_ref(self.c)?;
            self.e.f.md_attach.push(MdAttach {
                owner: i.index() as u32,
                kind: Span::new(k.start as usize, k.end as usize),
                node,
            });
        }
        for (kind, ops) in std::mem::take(&mut self.pending_dbg) {
            self.e.f.dbg_records.push(DbgRecord {
                before: i.index() as u32,
                kind,
                ops,
            });
        }
        Ok(i)
    }

    fn parse_op(&mut self, op: Opcode, tail: u32, loc: u32) -> PResult<Inst> {
        let void = self.e.void_ty;
        let none = u32::MAX;
        use Opcode as O;
        Ok(match op {
            O::Ret => {
                // The verifier checks the type against the function's.
                let ty = self.ty()?;
                if ty == void {
                    self.push(op, void, &[], 0, none, loc)
                } else {
                    let v = self.val(ty)?;
                    self.push(op, void, &[v], 0, none, loc)
                }
            }
            O::Br => {
                if self.c.is_word("label") {
                    let d = self.label()?;
                    self.push(op, void, &[d], 0, none, loc)
                } else {
                    let at = self.c.tok.start;
                    let (ct, cv) = self.tv()?;
                    if self.get(ct) != Type::Int(1) {
                        return self.c.err_at(at, "branch condition must have type i1");
                    }
                    self.comma()?;
                    let t = self.label()?;
                    self.comma()?;
                    let f = self.label()?;
                    self.push(op, void, &[cv, t, f], 0, none, loc)
                }
            }
            O::Switch => {
                let (ct, cv) = self.tv()?;
                if !matches!(self.get(ct), Type::Int(_)) {
                    return self.c.err("switch condition must have integer type");
                }
                self.comma()?;
                let d = self.label()?;
                self.c
                    .expect(TokKind::LSquare, "'[' to begin switch cases")?;
                let mut ops = vec![cv, d];
                while !self.c.eat(TokKind::RSquare) {
                    let at = self.c.tok.start;
                    let (t, v) = self.tv()?;
                    if t != ct || v.tag() != ValueTag::Const {
                        return self
                            .c
                            .err_at(at, "case value must be a constant of the condition's type");
                    }
                    self.comma()?;
                    let l = self.label()?;
                    ops.extend([v, l]);
                }
                self.push(op, void, &ops, 0, none, loc)
            }
            O::IndirectBr => {
                let (_, a) = self.tv()?;
                self.comma()?;
                self.c.expect(TokKind::LSquare, "'['")?;
                let mut ops = vec![a];
                if !self.c.eat(TokKind::RSquare) {
                    loop {
                        ops.push(self.label()?);
                        if self.c.eat(TokKind::RSquare) {
                            break;
                        }
                        self.comma()?;
                    }
                }
                self.push(op, void, &ops, 0, none, loc)
            }
            O::Resume => {
                let (_, v) = self.tv()?;
                self.push(op, void, &[v], 0, none, loc)
            }
            O::Unreachable => self.push(op, void, &[], 0, none, loc),
            O::CatchSwitch => {
                self.c.expect_word("within")?;
                let tok = self.e.simple(Type::Token);
                let parent = self.val(tok)?;
                self.c.expect(TokKind::LSquare, "'['")?;
                let mut ops = vec![parent];
                loop {
                    ops.push(self.label()?);
                    if self.c.eat(TokKind::RSquare) {
                        break;
                    }
                    self.comma()?;
                }
                self.c.expect_word("unwind")?;
                let mut flags = 0;
                if self.c.eat_word("to") {
                    self.c.expect_word("caller")?;
                } else {
                    ops.push(self.label()?);
                    flags = inst::HAS_UNWIND;
                }
                self.push(op, tok, &ops, flags, none, loc)
            }
            O::CatchRet => {
                self.c.expect_word("from")?;
                let tok = self.e.simple(Type::Token);
                let pad = self.val(tok)?;
                self.c.expect_word("to")?;
                let d = self.label()?;
                self.push(op, void, &[pad, d], 0, none, loc)
            }
            O::CleanupRet => {
                self.c.expect_word("from")?;
                let tok = self.e.simple(Type::Token);
                let pad = self.val(tok)?;
                self.c.expect_word("unwind")?;
                let mut ops = vec![pad];
                if self.c.eat_word("to") {
                    self.c.expect_word("caller")?;
                } else {
                    ops.push(self.label()?);
                }
                self.push(op, void, &ops, 0, none, loc)
            }
            O::CatchPad | O::CleanupPad => {
                self.c.expect_word("within")?;
                let tok = self.e.simple(Type::Token);
                let parent = self.val(tok)?;
                self.c.expect(TokKind::LSquare, "'['")?;
                let mut ops = vec![parent];
                if !self.c.eat(TokKind::RSquare) {
                    loop {
                        let (_, v) = self.tv()?;
                        ops.push(v);
                        if self.c.eat(TokKind::RSquare) {
                            break;
                        }
                        self.comma()?;
                    }
                }
                self.push(op, tok, &ops, 0, none, loc)
            }
            O::FNeg => {
                let flags = parse_op_flags(self.c, op);
                let (t, v) = self.tv()?;
                self.push(op, t, &[v], flags, none, loc)
            }
            _ if op.is_binary() => {
                let flags = parse_op_flags(self.c, op);
                let (t, a) = self.tv()?;
                self.comma()?;
                let b = self.val(t)?;
                self.push(op, t, &[a, b], flags, none, loc)
            }
            _ if op.is_cast() => {
                let flags = parse_op_flags(self.c, op);
                let (_, v) = self.tv()?;
                self.c.expect_word("to")?;
                let dst = self.ty()?;
                self.push(op, dst, &[v], flags, none, loc)
            }
            O::ICmp | O::FCmp => {
                let mut flags = parse_op_flags(self.c, op);
                let p = self.c.cur();
                let pred = if op == O::ICmp {
                    inst::IntPred::from_name(p).map(|p| p as u32)
                } else {
                    inst::float_pred_from_name(p)
                };
                let Some(pred) = pred.filter(|_| self.c.is(TokKind::Ident)) else {
                    return self.c.err("expected comparison predicate");
                };
                self.c.bump();
                flags |= pred << inst::PRED_SHIFT;
                let (t, a) = self.tv()?;
                self.comma()?;
                let b = self.val(t)?;
                let i1 = self.e.simple(Type::Int(1));
                let rt = match self.get(t) {
                    Type::Vector { len, .. } => self.e.simple(Type::Vector { len, elem: i1 }),
                    _ => i1,
                };
                self.push(op, rt, &[a, b], flags, none, loc)
            }
            O::Phi => {
                let flags = parse_op_flags(self.c, op);
                let t = self.ty()?;
                let ostart = self.e.f.operands.len();
                loop {
                    self.c.expect(TokKind::LSquare, "'[' in phi")?;
                    let v = self.val(t)?;
                    self.comma()?;
                    if !matches!(self.c.tok.kind, TokKind::LocalVar | TokKind::LocalId) {
                        return self.c.err("expected basic block name in phi");
                    }
                    let l = self.e.label_ty;
                    let b = self.val(l)?;
                    self.c.expect(TokKind::RSquare, "']' in phi")?;
                    self.e.f.operands.extend([v, b]);
                    if !(self.c.is(TokKind::Comma) && self.c.peek().kind == TokKind::LSquare) {
                        break;
                    }
                    self.c.bump();
                }
                self.push_tail(op, t, ostart, flags, none, loc)
            }
            O::Select => {
                let flags = parse_op_flags(self.c, op);
                let (_, cv) = self.tv()?;
                self.comma()?;
                let (t, a) = self.tv()?;
                self.comma()?;
                let b = self.val_typed_check(t)?;
                self.push(op, t, &[cv, a, b], flags, none, loc)
            }
            O::Freeze => {
                let (t, v) = self.tv()?;
                self.push(op, t, &[v], 0, none, loc)
            }
            O::VAArg => {
                let (_, p) = self.tv()?;
                self.comma()?;
                let t = self.ty()?;
                self.push(op, t, &[p], 0, none, loc)
            }
            O::ExtractElement => {
                let at = self.c.tok.start;
                let (vt, v) = self.tv()?;
                self.comma()?;
                let (_, idx) = self.tv()?;
                let Type::Vector { elem, .. } = self.get(vt) else {
                    return self.c.err_at(at, "extractelement operand must be a vector");
                };
                self.push(op, elem, &[v, idx], 0, none, loc)
            }
            O::InsertElement => {
                let (vt, v) = self.tv()?;
                self.comma()?;
                let (_, e) = self.tv()?;
                self.comma()?;
                let (_, idx) = self.tv()?;
                self.push(op, vt, &[v, e, idx], 0, none, loc)
            }
            O::ShuffleVector => {
                let at = self.c.tok.start;
                let (vt, a) = self.tv()?;
                self.comma()?;
                let b = self.val_typed_check(vt)?;
                self.comma()?;
                let (mt, m) = self.tv()?;
                let (Type::Vector { elem, .. }, Type::Vector { len, .. }) =
                    (self.get(vt), self.get(mt))
                else {
                    return self.c.err_at(at, "shufflevector operands must be vectors");
                };
                let rt = self.e.simple(Type::Vector { len, elem });
                self.push(op, rt, &[a, b, m], 0, none, loc)
            }
            O::ExtractValue | O::InsertValue => {
                let at = self.c.tok.start;
                let (at_ty, agg) = self.tv()?;
                let mut ops = vec![agg];
                if op == O::InsertValue {
                    self.comma()?;
                    let (_, v) = self.tv()?;
                    ops.push(v);
                }
                let mut idx = Vec::new();
                while self.c.is(TokKind::Comma) && !self.at_attachment() {
                    self.c.bump();
                    idx.push(self.c.parse_u32("index")?);
                }
                if idx.is_empty() {
                    return self.c.err("expected index");
                }
                let mut cur = at_ty;
                for &k in &idx {
                    cur = match self.get(cur) {
                        Type::Array { len, elem } if (k as u64) < len => elem,
                        Type::Struct { .. } | Type::Named { .. } => {
                            match self.e.types.fields(cur).get(k as usize) {
                                Some(&f) => f,
                                None => return self.c.err_at(at, "invalid index for aggregate"),
                            }
                        }
                        _ => return self.c.err_at(at, "invalid index for aggregate"),
                    };
                }
                let rt = if op == O::ExtractValue { cur } else { at_ty };
                let extra = self.aux_list(&idx);
                self.push(op, rt, &ops, 0, extra, loc)
            }
            O::Alloca => {
                let mut flags = 0;
                if self.c.eat_word("inalloca") {
                    flags |= inst::INALLOCA;
                }
                if self.c.eat_word("swifterror") {
                    flags |= inst::SWIFTERROR;
                }
                let t = self.ty()?;
                let mut ops = Vec::new();
                let mut align = None;
                let mut addrspace = 0;
                while self.c.is(TokKind::Comma) && !self.at_attachment() {
                    self.c.bump();
                    if self.c.eat_word("align") {
                        let at = self.c.tok.start;
                        let a = self.c.parse_u64("alignment")?;
                        if !a.is_power_of_two() || a > 1 << 32 {
                            return self.c.err_at(at, "alignment is not a power of two");
                        }
                        align = Some(a);
                    } else if self.c.is_word("addrspace") {
                        addrspace = parse_opt_addrspace(self.c)?.unwrap_or(0);
                    } else {
                        let (_, n) = self.tv()?;
                        ops.push(n);
                    }
                }
                flags |= inst::align_bits(align) | (addrspace.min(255) << inst::ADDRSPACE_SHIFT);
                let rt = if self.e.sh.typed {
                    self.e.simple(Type::TypedPtr {
                        pointee: t,
                        addrspace,
                    })
                } else {
                    self.e.simple(Type::Ptr(addrspace))
                };
                self.push(op, rt, &ops, flags, t.as_u32(), loc)
            }
            O::Load => {
                let mut flags = self.mem_prefix();
                let t = self.ty()?;
                self.comma()?;
                let (p, extra) = self.mem_operand(&mut flags, "load")?;
                self.push(op, t, &[p], flags, extra, loc)
            }
            O::Store => {
                let mut flags = self.mem_prefix();
                let (_, v) = self.tv()?;
                self.comma()?;
                let (p, extra) = self.mem_operand(&mut flags, "store")?;
                self.push(op, void, &[v, p], flags, extra, loc)
            }
            O::Fence => {
                let extra = self.opt_syncscope()?;
                let o = self.ordering()?;
                self.push(op, void, &[], o << inst::ORDER_SHIFT, extra, loc)
            }
            O::CmpXchg => {
                let mut flags = 0;
                if self.c.eat_word("weak") {
                    flags |= inst::WEAK;
                }
                if self.c.eat_word("volatile") {
                    flags |= inst::VOLATILE;
                }
                let (_, p) = self.tv()?;
                self.comma()?;
                let (t, cmp) = self.tv()?;
                self.comma()?;
                let new = self.val_typed_check(t)?;
                let extra = self.opt_syncscope()?;
                flags |= self.ordering()? << inst::ORDER_SHIFT;
                flags |= self.ordering()? << inst::FAIL_ORDER_SHIFT;
                flags |= inst::align_bits(self.opt_align()?);
                let i1 = self.e.simple(Type::Int(1));
                let rt = self.e.types.intern(TypeKey::Struct {
                    packed: false,
                    fields: &[t, i1],
                });
                self.push(op, rt, &[p, cmp, new], flags, extra, loc)
            }
            O::AtomicRmw => {
                let mut flags = 0;
                if self.c.eat_word("volatile") {
                    flags |= inst::VOLATILE;
                }
                let Some(r) =
                    inst::rmw_from_name(self.c.cur()).filter(|_| self.c.is(TokKind::Ident))
                else {
                    return self.c.err("expected atomicrmw operation");
                };
                self.c.bump();
                flags |= r << inst::RMW_SHIFT;
                let (_, p) = self.tv()?;
                self.comma()?;
                let (t, v) = self.tv()?;
                let extra = self.opt_syncscope()?;
                flags |= self.ordering()? << inst::ORDER_SHIFT;
                flags |= inst::align_bits(self.opt_align()?);
                self.push(op, t, &[p, v], flags, extra, loc)
            }
            O::GetElementPtr => self.parse_gep(loc)?,
            O::Call | O::Invoke | O::CallBr => self.parse_call(op, tail, loc)?,
            O::LandingPad => {
                let t = self.ty()?;
                let mut flags = 0;
                if self.c.eat_word("cleanup") {
                    flags |= inst::CLEANUP;
                }
                let mut ops = Vec::new();
                let mut kinds = Vec::new();
                loop {
                    let k = if self.c.eat_word("catch") {
                        0
                    } else if self.c.eat_word("filter") {
                        1
                    } else {
                        break;
                    };
                    let (_, v) = self.tv()?;
                    ops.push(v);
                    kinds.push(k);
                }
                if ops.is_empty() && flags == 0 {
                    return self
                        .c
                        .err("landingpad needs at least one clause or 'cleanup'");
                }
                let extra = self.aux_list(&kinds);
                self.push(op, t, &ops, flags, extra, loc)
            }
            _ => return self.c.err(format!("'{}' is not supported here", op.name())),
        })
    }

    /// `[atomic] [volatile]` before a load or store: the flag bits.
    fn mem_prefix(&mut self) -> u32 {
        let mut flags = 0;
        if self.c.eat_word("atomic") {
            flags |= inst::ATOMIC;
        }
        if self.c.eat_word("volatile") {
            flags |= inst::VOLATILE;
        }
        flags
    }

    /// The pointer operand of a load or store and what follows it:
    /// `[syncscope(..)] ordering` when atomic, then `, align N` (required
    /// when atomic). Returns the pointer and the `extra` word.
    fn mem_operand(&mut self, flags: &mut u32, what: &str) -> PResult<(Value, u32)> {
        let at = self.c.tok.start;
        let (pt, p) = self.tv()?;
        if !is_ptr(self.get(pt)) {
            return self
                .c
                .err_at(at, format!("{what} operand must be a pointer"));
        }
        let atomic = *flags & inst::ATOMIC != 0;
        let mut extra = u32::MAX;
        if atomic {
            extra = self.opt_syncscope()?;
            *flags |= self.ordering()? << inst::ORDER_SHIFT;
        }
        let align = self.opt_align()?;
        if atomic && align.is_none() {
            return self.c.err_at(
                at,
                format!("atomic {what} must have explicit non-zero alignment"),
            );
        }
        *flags |= inst::align_bits(align);
        Ok((p, extra))
    }

    fn val_typed_check(&mut self, t: TypeId) -> PResult<Value> {
        let at = self.c.tok.start;
        let (t2, v) = self.tv()?;
        if t2 != t {
            return self.c.err_at(at, "operand types do not match");
        }
        Ok(v)
    }

    fn parse_gep(&mut self, loc: u32) -> PResult<Inst> {
        let mut flags = 0;
        loop {
            if self.c.eat_word("inbounds") {
                flags |= inst::GEP_INBOUNDS;
            } else if self.c.eat_word("nusw") {
                flags |= inst::GEP_NUSW;
            } else if self.c.eat_word("nuw") {
                flags |= inst::GEP_NUW;
            } else {
                break;
            }
        }
        let src = self.ty()?;
        self.comma()?;
        let at = self.c.tok.start;
        let (pt, p) = self.tv()?;
        let ostart = self.e.f.operands.len();
        self.e.f.operands.push(p);
        let mut vec_len = match self.get(pt) {
            Type::Vector { len, .. } => Some(len),
            t if is_ptr(t) => None,
            _ => return self.c.err_at(at, "base of getelementptr must be a pointer"),
        };
        let mut cur = src;
        let mut first = true;
        while self.c.is(TokKind::Comma) && !self.at_attachment() {
            self.c.bump();
            let iat = self.c.tok.start;
            let (it, iv) = self.tv()?;
            match self.get(it) {
                Type::Int(_) => {}
                Type::Vector { len, elem } if matches!(self.get(elem), Type::Int(_)) => {
                    vec_len = Some(len)
                }
                _ => return self.c.err_at(iat, "getelementptr index must be an integer"),
            }
            if !first {
                cur = match self.get(cur) {
                    Type::Array { elem, .. } | Type::Vector { elem, .. } => elem,
                    Type::Struct { .. } | Type::Named { .. } => {
                        let Some(k) = self.e.const_int(iv) else {
                            return self.c.err_at(iat, "struct index must be a constant");
                        };
                        match self.e.types.fields(cur).get(k as usize) {
                            Some(&f) => f,
                            None => {
                                return self.c.err_at(iat, "invalid getelementptr struct index")
                            }
                        }
                    }
                    _ => return self.c.err_at(iat, "invalid getelementptr indices"),
                };
            }
            first = false;
            self.e.f.operands.push(iv);
        }
        let addrspace = match self.get(pt) {
            Type::Ptr(a) | Type::TypedPtr { addrspace: a, .. } => a,
            _ => 0,
        };
        let base = if self.e.sh.typed {
            self.e.simple(Type::TypedPtr {
                pointee: cur,
                addrspace,
            })
        } else {
            self.e.simple(Type::Ptr(addrspace))
        };
        let rt = match vec_len {
            Some(len) => self.e.simple(Type::Vector { len, elem: base }),
            None => base,
        };
        Ok(self.push_tail(Opcode::GetElementPtr, rt, ostart, flags, src.as_u32(), loc))
    }

    fn parse_md_operand(&mut self) -> PResult<Value> {
        let op = match self.c.tok.kind {
            TokKind::MetadataVar if self.c.cur() == "!DIArgList" => {
                self.c.bump();
                self.c.expect(TokKind::LParen, "'('")?;
                let start = self.e.f.md_values.len();
                if !self.c.eat(TokKind::RParen) {
                    loop {
                        let (t, v) = self.tv()?;
                        self.e.f.md_values.push((t, v));
                        if self.c.eat(TokKind::RParen) {
                            break;
                        }
                        self.comma()?;
                    }
                }
                MdOperand::ArgList(PoolRange::since(&self.e.f.md_values, start))
            }
            TokKind::MetadataId
            | TokKind::MetadataVar
            | TokKind::MetadataString
            | TokKind::Exclaim => MdOperand::Ref(parse_md_ref(self.c)?),
            _ => {
                let (t, v) = self.tv()?;
                MdOperand::Value(t, v)
            }
        };
        let k = self.e.f.meta.len();
        self.e.f.meta.push(op);
        Ok(Value::new(ValueTag::Meta, k))
    }

    fn parse_dbg_record(&mut self) -> PResult<()> {
        let k = self.c.bump();
        self.c.expect(TokKind::LParen, "'(' after debug record")?;
        let mut vals = Vec::new();
        if !self.c.eat(TokKind::RParen) {
            loop {
                vals.push(self.parse_md_operand()?);
                if self.c.eat(TokKind::RParen) {
                    break;
                }
                self.comma()?;
            }
        }
        let r = PoolRange::push_slice(&mut self.e.f.operands, &vals);
        self.pending_dbg
            .push((Span::new(k.start as usize, k.end as usize), r));
        Ok(())
    }

    fn parse_inline_asm(&mut self) -> PResult<Value> {
        self.c.expect_word("asm")?;
        let mut a = InlineAsm {
            template: Span::NONE,
            constraints: Span::NONE,
            side_effect: false,
            align_stack: false,
            intel_dialect: false,
            unwind: false,
        };
        loop {
            if self.c.eat_word("sideeffect") {
                a.side_effect = true;
            } else if self.c.eat_word("alignstack") {
                a.align_stack = true;
            } else if self.c.eat_word("inteldialect") {
                a.intel_dialect = true;
            } else if self.c.eat_word("unwind") {
                a.unwind = true;
            } else {
                break;
            }
        }
        let t = self.c.expect(TokKind::String, "asm template string")?;
        a.template = Span::new(t.start as usize, t.end as usize);
        self.comma()?;
        let t = self.c.expect(TokKind::String, "asm constraint string")?;
        a.constraints = Span::new(t.start as usize, t.end as usize);
        self.e.f.asms.push(a);
        Ok(Value::new(ValueTag::Asm, self.e.f.asms.len() - 1))
    }

    fn parse_call(&mut self, op: Opcode, tail: u32, loc: u32) -> PResult<Inst> {
        let mut flags = tail;
        if op == Opcode::Call {
            flags |= parse_op_flags(self.c, op) & inst::FMF_MASK;
        }
        let mut cconv = 0;
        if self.c.is(TokKind::Ident) {
            if let Some(cc) = cconv_from_name(self.c.cur()) {
                cconv = cc;
                self.c.bump();
            } else if self.c.eat_word("cc") {
                cconv = self.c.parse_u32("calling convention")?;
            }
        }
        let ret_attrs = self.attrs_into_pool(AttrCtx::Ret)?;
        let addrspace = parse_opt_addrspace(self.c)?.unwrap_or(0);
        let ty_at = self.c.tok.start;
        let ty = self.ty()?;
        // The callee: remember where it is, skip it, parse the arguments,
        // then parse the callee with its now-known type.
        let callee_cursor = self.c.clone();
        let is_asm = self.c.is_word("asm");
        if is_asm {
            self.c.bump();
            while self.c.is(TokKind::Ident) {
                self.c.bump();
            }
            self.c.expect(TokKind::String, "asm template string")?;
            self.comma()?;
            self.c.expect(TokKind::String, "asm constraint string")?;
        } else if self.c.is(TokKind::Ident) {
            while self.c.is(TokKind::Ident) {
                self.c.bump();
            }
            if self.c.is(TokKind::LParen) {
                self.c.skip_group()?;
            }
        } else {
            self.c.bump();
        }
        self.c
            .expect(TokKind::LParen, "'(' to begin call arguments")?;
        let mut args = std::mem::take(&mut self.temps.args);
        let mut arg_tys = std::mem::take(&mut self.temps.arg_tys);
        let mut arg_attrs = std::mem::take(&mut self.temps.arg_attrs);
        args.clear();
        arg_tys.clear();
        arg_attrs.clear();
        if !self.c.eat(TokKind::RParen) {
            loop {
                if self.c.is(TokKind::DotDotDot) {
                    return self.c.err("forwarding varargs with '...' is not supported");
                }
                let t = self.ty()?;
                let r = self.attrs_into_pool(AttrCtx::Param)?;
                let v = if self.get(t) == Type::Metadata {
                    self.parse_md_operand()?
                } else {
                    self.val(t)?
                };
                args.push(v);
                arg_tys.push(t);
                arg_attrs.push(r);
                if self.c.eat(TokKind::RParen) {
                    break;
                }
                self.comma()?;
            }
        }
        let fn_ty = match self.get(ty) {
            Type::Func { .. } => ty,
            _ => self.e.types.intern(TypeKey::Func {
                ret: ty,
                params: &arg_tys,
                vararg: false,
            }),
        };
        let Type::Func { ret, .. } = self.get(fn_ty) else {
            unreachable!()
        };
        let callee_ty = if self.e.sh.typed {
            self.e.simple(Type::TypedPtr {
                pointee: fn_ty,
                addrspace,
            })
        } else {
            self.e.simple(Type::Ptr(addrspace))
        };
        let after = std::mem::replace(self.c, callee_cursor);
        let callee = if is_asm {
            self.parse_inline_asm()?
        } else {
            self.val(callee_ty)?
        };
        *self.c = after;
        let _ = ty_at;
        let fn_attrs = self.attrs_into_pool(AttrCtx::Fn)?;
        // Operand bundles.
        let bstart = self.e.f.bundles.len();
        if self.c.eat(TokKind::LSquare) {
            loop {
                let tag = self.c.expect(TokKind::String, "operand bundle tag")?;
                self.c.expect(TokKind::LParen, "'(' after bundle tag")?;
                let mut vals = Vec::new();
                if !self.c.eat(TokKind::RParen) {
                    loop {
                        let (_, v) = self.tv()?;
                        vals.push(v);
                        if self.c.eat(TokKind::RParen) {
                            break;
                        }
                        self.comma()?;
                    }
                }
                let ops = PoolRange::push_slice(&mut self.e.f.operands, &vals);
                self.e.f.bundles.push(Bundle {
                    tag: Span::new(tag.start as usize, tag.end as usize),
                    ops,
                });
                if self.c.eat(TokKind::RSquare) {
                    break;
                }
                self.comma()?;
            }
        }
        let bundles = PoolRange::since(&self.e.f.bundles, bstart);
        let ostart = self.e.f.operands.len();
        self.e.f.operands.push(callee);
        self.e.f.operands.extend_from_slice(&args);
        let mut num_indirect = 0;
        match op {
            Opcode::Invoke => {
                self.c.expect_word("to")?;
                let n = self.label()?;
                self.c.expect_word("unwind")?;
                let u = self.label()?;
                self.e.f.operands.extend([n, u]);
            }
            Opcode::CallBr => {
                self.c.expect_word("to")?;
                let d = self.label()?;
                self.e.f.operands.push(d);
                self.c.expect(TokKind::LSquare, "'['")?;
                if !self.c.eat(TokKind::RSquare) {
                    loop {
                        let l = self.label()?;
                        self.e.f.operands.push(l);
                        num_indirect += 1;
                        if self.c.eat(TokKind::RSquare) {
                            break;
                        }
                        self.comma()?;
                    }
                }
            }
            _ => {}
        }
        let _ = num_indirect;
        let arg_lists = PoolRange::push_slice(&mut self.e.f.attrs.lists, &arg_attrs);
        let info = CallInfo {
            fn_ty,
            cconv,
            fn_attrs,
            ret_attrs,
            arg_attrs: arg_lists,
            bundles,
            num_args: args.len() as u32,
            addrspace,
        };
        self.e.f.calls.push(info);
        self.temps = Temps {
            args,
            arg_tys,
            arg_attrs,
        };
        let extra = (self.e.f.calls.len() - 1) as u32;
        Ok(self.push_tail(op, ret, ostart, flags, extra, loc))
    }

    fn attrs_into_pool(&mut self, ctx: AttrCtx) -> PResult<PoolRange> {
        let mut pool = std::mem::take(&mut self.e.f.attrs.attrs);
        let r = parse_attrs(self.c, self.e, &mut pool, ctx);
        self.e.f.attrs.attrs = pool;
        r
    }
}

#[cfg(test)]
mod tests {
    use crate::parse_module;

    fn parse_err(src: &str) -> (u32, u32, String) {
        let d = parse_module(src.to_string(), "t.ll").expect_err("should not parse");
        (d.line, d.col, d.message)
    }

    #[test]
    fn atomic_memory_ops_need_alignment() {
        let (l, c, m) = parse_err(
            "define void @f(ptr %p) {\n  %v = load atomic i32, ptr %p monotonic\n  ret void\n}\n",
        );
        assert_eq!((l, c), (2, 25));
        assert!(m.contains("atomic load must have explicit non-zero alignment"));
        let (l, _, m) = parse_err(
            "define void @f(ptr %p) {\n  store atomic i32 0, ptr %p release\n  ret void\n}\n",
        );
        assert_eq!(l, 2);
        assert!(m.contains("atomic store must have explicit non-zero alignment"));
        let ok = "define void @f(ptr %p) {\n  %v = load atomic i32, ptr %p monotonic, align 4\n  ret void\n}\n";
        assert!(parse_module(ok.to_string(), "t.ll").is_ok());
    }
}
