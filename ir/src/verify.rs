//! The IR verifier: checks that a parsed [`Module`] is well formed in the
//! sense LLVM's verifier uses, so later stages may rely on it.
//!
//! Pipeline position: after `parse`, before anything reads a body. The
//! parser already rejects what it cannot represent (unknown names, type
//! mismatches between a value's written type and its definition, a block
//! without a terminator); the verifier checks the rest.
//!
//! Structure, per function (bodies in parallel with rayon, one [`Scratch`]
//! per worker, reused so nothing allocates per instruction). The checks
//! come in three phases:
//! 1. **Shape** (`shape`): every column has one entry per instruction, every
//!    operand range and value index is in bounds, block ranges tile the
//!    instruction list, branch targets are blocks. Later phases index
//!    without checks only after this passes; a failure here is reported alone.
//! 2. **Instructions** (`insts`): operand and result types per opcode,
//!    terminator/phi/landingpad placement, call and intrinsic signatures.
//! 3. **Control flow** (`cfg`): entry block, phi incoming blocks against
//!    predecessors, and SSA dominance on the dominator tree of [`crate::dom`].
//!
//! Phases 2 and 3 each walk the body in source order and stop at their
//! first error; the function's error is the earlier of the two (phase 2's
//! at equal offsets). Running them so is the reference, and the slow path:
//! a body is first checked by one fused walk (`walk`) after the whole-body
//! part of phase 1; only if that walk flags something do the phases run, to
//! find and locate the error.
//!
//! After them, the `!prof` branch weights of the body's instructions are
//! checked (`crate::prof::check`: as many weights as branches).
//!
//! Module-level checks (intrinsic declarations, global initializers,
//! `blockaddress`) run sequentially. [`verify_rest`] is the part
//! the parser leaves after verifying bodies on its workers
//! (`parse_and_verify_timed`). The reported error is the one with the smallest byte offset
//! (ties broken by message), so the result is the same for any thread count.
//!
//! Every message names the function: `in function @f: ...`. The verifier
//! never panics, whatever the module holds.

mod cfg;
mod consts;
mod insts;
mod intrinsics;
mod shape;
mod tyutil;
mod walk;

use crate::constant::{ConstId, ConstKind, ConstPool};
use crate::dom::{Cfg, DomTree};
use crate::entity::EntityId;
use crate::error::ParseError;
use crate::function::{Block, Function, Inst};
use crate::module::{GlobalId, GlobalKind, Module};
use crate::types::{prim, Type, TypeId, TypeKey, TypeLookup, TypeTable};
use crate::value::{Value, ValueTag};
use rayon::prelude::*;

/// Verifies `m`; returns the first error in source order.
pub fn verify_module(m: &Module) -> Result<(), ParseError> {
    let all: Vec<usize> = (0..m.bodies.len()).collect();
    verify_rest(m, &all)
}

/// The module-level checks and the bodies `bodies` (indices into
/// `m.bodies`; the parser verifies the others as it parses them, see
/// [`crate::parser::parse_and_verify_timed`]); returns the first error in
/// source order.
pub fn verify_rest(m: &Module, bodies: &[usize]) -> Result<(), ParseError> {
    let module_err = verify_globals(m).err();
    let body_err = bodies
        .par_iter()
        .map_init(Scratch::default, |s, &i| {
            verify_function(m, &m.bodies[i], s).err()
        })
        .flatten()
        .min_by(earlier);
    match [module_err, body_err].into_iter().flatten().min_by(earlier) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Orders errors by offset, then message.
pub(crate) fn earlier(a: &ParseError, b: &ParseError) -> std::cmp::Ordering {
    (a.offset, &a.message).cmp(&(b.offset, &b.message))
}

/// Keeps in `first` the earlier of it and `e` ([`earlier`]).
pub(crate) fn note_earlier(first: &mut Option<ParseError>, e: ParseError) {
    if first.as_ref().is_none_or(|f| earlier(&e, f).is_lt()) {
        *first = Some(e);
    }
}

/// Per-worker scratch vectors, cleared and reused for each function.
#[derive(Default)]
pub struct Scratch {
    cfg: Cfg,
    dom: DomTree,
    /// The block of each instruction.
    inst_block: Vec<u32>,
    /// Phi incoming pairs `(block, value bits)` being checked.
    pairs: Vec<(u32, Value)>,
    /// Switch case keys.
    keys: Vec<u64>,
    /// Constants of the body already checked (by index).
    const_seen: Vec<bool>,
}

/// Verifies one body with the given scratch space.
pub fn verify_function(m: &Module, f: &Function, s: &mut Scratch) -> Result<(), ParseError> {
    verify_body(m, f, s)?;
    verify_prof(m, f)
}

/// The `!prof` attachments of a verified body (`crate::prof::check`), in
/// instruction order.
fn verify_prof(m: &Module, f: &Function) -> Result<(), ParseError> {
    for a in &f.md_attach {
        if m.str(a.kind) != "!prof" || a.owner as usize >= f.loc.len() {
            continue;
        }
        let i = Inst::from_u32(a.owner);
        if let Err(msg) = crate::prof::check(m, f, i) {
            let fx = Fx::new(m, f).map_err(|e| ParseError::new(body_offset(m, f), e))?;
            return Err(fx.error(fx.loc(i), &msg));
        }
    }
    Ok(())
}

fn verify_body(m: &Module, f: &Function, s: &mut Scratch) -> Result<(), ParseError> {
    let fx = match Fx::new(m, f) {
        Ok(fx) => fx,
        Err(msg) => return Err(ParseError::new(body_offset(m, f), msg)),
    };
    if let Err((off, msg)) = fx.columns(s) {
        return Err(fx.error(off, &msg));
    }
    s.const_seen.clear();
    s.const_seen.resize(f.consts.data.len(), false);
    if fx.walk(s).is_ok() {
        // The walk must never pass a body the phases reject; debug builds
        // (every test run) check that on every body they verify.
        #[cfg(debug_assertions)]
        {
            s.const_seen.fill(false);
            if let Err((o, msg)) = fx.phases(s) {
                panic!("verifier walk passed a body the phases reject at {o}: {msg}");
            }
        }
        return Ok(());
    }
    // Something failed: the phases find the first error.
    s.const_seen.fill(false);
    match fx.phases(s) {
        Err((o, msg)) => Err(fx.error(o, &msg)),
        Ok(()) => Ok(()),
    }
}

impl Fx<'_> {
    /// The per-instruction checks as three phases, each stopping at its
    /// first error: shape (reported alone), then the earlier of the
    /// instruction and control-flow errors (the instruction's at a tie).
    fn phases(&self, s: &mut Scratch) -> Result<(), Located> {
        self.shape_insts()?;
        let a = self.check_insts(s).err();
        let b = self.check_cfg(s).err();
        match (a, b) {
            (Some(a), Some(b)) => Err(if a.0 <= b.0 { a } else { b }),
            (Some(e), None) | (None, Some(e)) => Err(e),
            (None, None) => Ok(()),
        }
    }
}

fn body_offset(m: &Module, f: &Function) -> u32 {
    f.global
        .and_then(|g| m.globals.get(g))
        .map_or(0, |g| g.offset)
}

/// A located message before the function name is attached.
type Located = (u32, String);

/// What checking one body reads.
struct Fx<'a> {
    m: &'a Module,
    f: &'a Function,
    types: &'a TypeTable,
    global: GlobalId,
    params: &'a [TypeId],
    ret: TypeId,
    typed_ptrs: bool,
    label_ty: Option<TypeId>,
    md_ty: Option<TypeId>,
    i1: Option<TypeId>,
}

impl<'a> Fx<'a> {
    fn new(m: &'a Module, f: &'a Function) -> Result<Fx<'a>, String> {
        let global = f.global.ok_or("function body has no declaration")?;
        let g = m
            .globals
            .get(global)
            .ok_or("function body names an invalid global")?;
        let fty = g.value_ty.ok_or("function has no type")?;
        if fty.index() >= m.types.len() {
            return Err("function type out of range".into());
        }
        let Type::Func { ret, .. } = m.types.get(fty) else {
            return Err(format!(
                "in function {}: declaration is not a function",
                global_name(m, global)
            ));
        };
        let typed_ptrs = g
            .ptr_ty
            .filter(|t| t.index() < m.types.len())
            .is_some_and(|t| matches!(m.types.get(t), Type::TypedPtr { .. }));
        // The fixed primitive id when the table has it there (ids are
        // structural, so that is the type's only id), else a lookup.
        let simple = |t: Type, id: TypeId| {
            if id.index() < m.types.len() && m.types.get(id) == t {
                Some(id)
            } else {
                m.types.lookup(&TypeKey::Simple(t))
            }
        };
        Ok(Fx {
            m,
            f,
            types: &m.types,
            global,
            params: m.types.fields(fty),
            ret,
            typed_ptrs,
            label_ty: simple(Type::Label, prim::LABEL),
            md_ty: simple(Type::Metadata, prim::METADATA),
            i1: simple(Type::Int(1), prim::I1),
        })
    }

    /// Attaches the function name to a message.
    fn error(&self, offset: u32, msg: &str) -> ParseError {
        ParseError::new(
            offset,
            format!("in function {}: {msg}", global_name(self.m, self.global)),
        )
    }

    /// The type of `v`; `None` for inline asm and placeholders.
    #[inline]
    fn vty(&self, v: Value) -> Option<TypeId> {
        let i = v.index();
        let tag = v.tag();
        // Most operands are instruction results: test that before the match.
        if tag == ValueTag::Inst {
            return self.f.ty.get(i).copied();
        }
        match tag {
            ValueTag::Inst => self.f.ty.get(i).copied(),
            ValueTag::Arg => self.params.get(i).copied(),
            ValueTag::Const => self.f.consts.data.get(ConstId::from_index(i)).map(|c| c.ty),
            ValueTag::Global => self.m.globals.get(GlobalId::from_index(i))?.ptr_ty,
            ValueTag::Block => self.label_ty,
            ValueTag::Meta => self.md_ty,
            ValueTag::Asm | ValueTag::Special => None,
        }
    }

    #[inline]
    fn get(&self, t: TypeId) -> Type {
        self.types.get(t)
    }

    fn ty_str(&self, t: TypeId) -> String {
        tyutil::type_str(self.types, t)
    }

    /// The source offset of block `b`: its label, else its first instruction.
    fn block_offset(&self, b: Block) -> u32 {
        let d = &self.f.blocks[b];
        if !d.name.is_none() {
            return d.name.start;
        }
        self.f.loc.get(d.insts.start as usize).copied().unwrap_or(0)
    }

    /// How a block is spelled in messages: `%name` or `%N`.
    fn block_name(&self, b: Block) -> String {
        let d = &self.f.blocks[b];
        if !d.name.is_none() {
            return format!("%{}", self.m.str(d.name));
        }
        match self.local_number(Value::of(ValueTag::Block, b)) {
            Some(n) => format!("%{n}"),
            None => format!("{b}"),
        }
    }

    /// How a value is spelled in messages.
    fn value_name(&self, v: Value) -> String {
        match v.tag() {
            ValueTag::Inst => {
                let s = self.f.name[v.index()];
                if !s.is_none() {
                    return format!("%{}", self.m.str(s));
                }
            }
            ValueTag::Block => return self.block_name(Block::from_index(v.index())),
            ValueTag::Arg => {
                if let Some(s) = self.f.arg_names.get(v.index()).filter(|s| !s.is_none()) {
                    return format!("%{}", self.m.str(*s));
                }
            }
            ValueTag::Global => {
                return format!(
                    "@{}",
                    global_name(self.m, GlobalId::from_index(v.index())).trim_start_matches('@')
                )
            }
            _ => return "value".into(),
        }
        match self.local_number(v) {
            Some(n) => format!("%{n}"),
            None => format!("{v:?}"),
        }
    }

    /// The number LLVM gives an unnamed local (error paths only: a scan).
    fn local_number(&self, v: Value) -> Option<u32> {
        let mut found = None;
        numbering(self.m, self.f, |w, n| {
            if w == v {
                found = Some(n);
            }
            found.is_some()
        });
        found
    }

    /// The location of instruction `i`.
    #[inline]
    fn loc(&self, i: Inst) -> u32 {
        self.f.loc[i.index()]
    }
}

/// `@name` of a global, as written.
fn global_name(m: &Module, g: GlobalId) -> String {
    let Some(gl) = m.globals.get(g) else {
        return "@?".into();
    };
    if !gl.name.is_none() {
        return format!("@{}", m.str(gl.name));
    }
    // Numbered: read the token at the definition.
    let rest = m.text.get(gl.offset as usize..).unwrap_or("");
    let tok: String = rest
        .chars()
        .take_while(|c| *c == '@' || c.is_ascii_digit())
        .collect();
    if tok.len() > 1 {
        tok
    } else {
        "@<unnamed>".into()
    }
}

/// Module-level checks, in source order of the globals.
fn verify_globals(m: &Module) -> Result<(), ParseError> {
    let mut first: Option<ParseError> = None;
    let mut note = |e: ParseError| note_earlier(&mut first, e);
    let ntypes = m.types.len();
    let module_cx = consts::ConstCx {
        types: &m.types,
        pool: &m.consts,
        globals: &m.globals,
    };
    let mut module_seen = vec![false; m.consts.data.len()];
    for (g, gl) in m.globals.iter() {
        match &gl.kind {
            GlobalKind::Func(fd) => {
                let name = m.str(gl.name);
                if name.starts_with("llvm.") || name.starts_with("\"llvm.") {
                    if fd.body.is_some() {
                        note(ParseError::new(
                            gl.offset,
                            format!("in function @{name}: intrinsic functions must be declarations, not definitions"),
                        ));
                    } else if let Some(fty) = gl.value_ty.filter(|t| t.index() < ntypes) {
                        if let Err(msg) = intrinsics::check_decl(&m.types, name, fty) {
                            note(ParseError::new(
                                gl.offset,
                                format!("in function @{name}: {msg}"),
                            ));
                        }
                    }
                }
                let takes_md = gl.value_ty.filter(|t| t.index() < ntypes).is_some_and(|t| {
                    m.types
                        .fields(t)
                        .iter()
                        .any(|&p| m.types.get(p) == Type::Metadata)
                });
                if takes_md && !name.starts_with("llvm.") {
                    note(ParseError::new(
                        gl.offset,
                        format!(
                            "in function {}: only intrinsics may take metadata parameters",
                            global_name(m, g)
                        ),
                    ));
                }
                if let Some(p) = fd.personality {
                    check_const_ref(m, &m.consts, p, gl.offset, g, &mut note);
                }
            }
            GlobalKind::Var(v) => {
                if let Some(init) = v.init {
                    if let Err(msg) = module_cx.check_tree(init, &mut module_seen, 0) {
                        note(ParseError::new(
                            gl.offset,
                            format!("in global {}: {msg}", global_name(m, g)),
                        ));
                    }
                }
                if let (Some(init), Some(vty)) = (v.init, gl.value_ty) {
                    let ity = match init.tag() {
                        ValueTag::Const => m
                            .consts
                            .data
                            .get(ConstId::from_index(init.index()))
                            .map(|c| c.ty),
                        ValueTag::Global => m
                            .globals
                            .get(GlobalId::from_index(init.index()))
                            .and_then(|g| g.ptr_ty),
                        _ => None,
                    };
                    match ity {
                        Some(t) if t == vty => {}
                        Some(t) if t.index() < ntypes && vty.index() < ntypes => note(ParseError::new(
                            gl.offset,
                            format!(
                                "in global {}: initializer type {} does not match the global's type {}",
                                global_name(m, g),
                                tyutil::type_str(&m.types, t),
                                tyutil::type_str(&m.types, vty)
                            ),
                        )),
                        _ => note(ParseError::new(
                            gl.offset,
                            format!("in global {}: invalid initializer", global_name(m, g)),
                        )),
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(t) = tyutil::recursive_struct(&m.types) {
        let offset = match m.types.get(t) {
            Type::Named { name } => m.types.named(name).first_use,
            _ => 0,
        };
        note(ParseError::new(
            offset,
            format!(
                "identified structure type '{}' is recursive",
                tyutil::type_str(&m.types, t)
            ),
        ));
    }
    check_block_addresses(m, &m.consts, &|| "a global initializer".into(), &mut note);
    for f in &m.bodies {
        // Spelled only for an error.
        let owner = || {
            f.global.map_or_else(
                || "function @?".into(),
                |g| format!("function {}", global_name(m, g)),
            )
        };
        check_block_addresses(m, &f.consts, &owner, &mut note);
    }
    match first {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Personality functions must name functions.
fn check_const_ref(
    m: &Module,
    pool: &ConstPool,
    v: Value,
    at: u32,
    owner: GlobalId,
    note: &mut impl FnMut(ParseError),
) {
    let ok = match v.tag() {
        ValueTag::Global => m.globals.get(GlobalId::from_index(v.index())).is_some(),
        ValueTag::Const => pool.data.get(ConstId::from_index(v.index())).is_some(),
        _ => false,
    };
    if !ok {
        note(ParseError::new(
            at,
            format!("in function {}: invalid personality", global_name(m, owner)),
        ));
    }
}

/// `blockaddress(@f, %bb)` must name a block of a defined function.
fn check_block_addresses(
    m: &Module,
    pool: &ConstPool,
    owner: &dyn Fn() -> String,
    note: &mut impl FnMut(ParseError),
) {
    // Numbers of the unnamed blocks of the last function looked up.
    let mut numbered: Option<(GlobalId, Vec<u32>)> = None;
    for c in pool.data.values() {
        let ConstKind::BlockAddress { func, block } = c.kind else {
            continue;
        };
        let at = block.start;
        let label = m
            .text
            .get(block.start as usize..block.end as usize)
            .unwrap_or("");
        let label = label.strip_prefix('%').unwrap_or(label);
        let g = func.as_entity::<GlobalId>(ValueTag::Global);
        let body = |g: GlobalId| m.func(g)?.body.and_then(|b| m.bodies.get(b as usize));
        let Some((g, body)) = g.and_then(|g| Some((g, body(g)?))) else {
            note(ParseError::new(
                at,
                format!("in {}: blockaddress must name a defined function", owner()),
            ));
            continue;
        };
        let found = match label.parse::<u32>() {
            Ok(n) => {
                if numbered.as_ref().is_none_or(|(h, _)| *h != g) {
                    numbered = Some((g, block_numbers(m, body)));
                }
                numbered
                    .as_ref()
                    .is_some_and(|(_, v)| v.binary_search(&n).is_ok())
            }
            Err(_) => body.blocks.values().any(|d| {
                let name = m.str(d.name);
                !d.name.is_none()
                    && (name == label
                        || crate::span::name_bytes(name) == crate::span::name_bytes(label))
            }),
        };
        if !found {
            note(ParseError::new(
                at,
                format!(
                    "in {}: blockaddress names no block '%{label}' of function {}",
                    owner(),
                    global_name(m, g)
                ),
            ));
        }
    }
}

/// The function and block `blockaddress(func, %block)` names, if it names
/// a block of a defined function (`block` is the label as written, with
/// its `%`).
pub fn block_address_target(
    m: &Module,
    func: Value,
    block: crate::span::Span,
) -> Option<(GlobalId, Block)> {
    let label = m.text.get(block.start as usize..block.end as usize)?;
    let label = label.strip_prefix('%').unwrap_or(label);
    let g = func.as_entity::<GlobalId>(ValueTag::Global)?;
    let body = m.bodies.get(m.func(g)?.body? as usize)?;
    let found = match label.parse::<u32>() {
        Ok(n) => {
            let mut hit = None;
            numbering(m, body, |v, k| {
                if k == n && v.tag() == ValueTag::Block {
                    hit = v.as_entity::<Block>(ValueTag::Block);
                }
                k >= n
            });
            hit
        }
        Err(_) => body.blocks.iter().find_map(|(b, d)| {
            let name = m.str(d.name);
            (!d.name.is_none()
                && (name == label
                    || crate::span::name_bytes(name) == crate::span::name_bytes(label)))
            .then_some(b)
        }),
    };
    found.map(|b| (g, b))
}

/// The numbers of a body's unnamed blocks, increasing.
fn block_numbers(m: &Module, f: &Function) -> Vec<u32> {
    let mut out = Vec::new();
    numbering(m, f, |v, n| {
        if v.tag() == ValueTag::Block {
            out.push(n);
        }
        false
    });
    out
}

/// Walks the unnamed values of `f` in order with their numbers, as the
/// parser assigned them: an explicit `%N` (or label `N:`) sets the number,
/// an implicit one takes the next. Stops when `visit` returns true.
fn numbering(m: &Module, f: &Function, mut visit: impl FnMut(Value, u32) -> bool) {
    let void = m.types.lookup(&TypeKey::Simple(Type::Void));
    let mut next = 0u32;
    for (k, s) in f.arg_names.iter().enumerate() {
        if s.is_none() {
            if visit(Value::new(ValueTag::Arg, k), next) {
                return;
            }
            next += 1;
        }
    }
    for (b, d) in f.blocks.iter() {
        let first = f.loc.get(d.insts.start as usize).copied().unwrap_or(0);
        if d.name.is_none() {
            let n = explicit_label(&m.text, first).unwrap_or(next);
            if visit(Value::of(ValueTag::Block, b), n) {
                return;
            }
            next = n.saturating_add(1);
        }
        for i in d.insts.start as usize..d.insts.end as usize {
            if f.name.get(i).is_some_and(|s| s.is_none()) && f.ty.get(i).copied() != void {
                let at = f.loc.get(i).copied().unwrap_or(0) as usize;
                let n = explicit_number(m.text.get(at..).unwrap_or("")).unwrap_or(next);
                if visit(Value::new(ValueTag::Inst, i), n) {
                    return;
                }
                next = n.saturating_add(1);
            }
        }
    }
}

/// `N` of a result written `%N = ...` at the start of `s`.
fn explicit_number(s: &str) -> Option<u32> {
    let d = s.strip_prefix('%')?;
    let end = d.find(|c: char| !c.is_ascii_digit()).unwrap_or(d.len());
    d[..end].parse().ok()
}

/// `N` of a label line `N:` before the instruction at `first` (skipping
/// blank lines, comments and debug records).
fn explicit_label(text: &str, first: u32) -> Option<u32> {
    let before = text.get(..first as usize)?;
    for line in before.lines().rev() {
        let code = line.split(';').next().unwrap_or("").trim();
        if code.is_empty() || code.starts_with("#dbg_") {
            continue;
        }
        let d = code.strip_suffix(':')?;
        return d.parse().ok();
    }
    None
}
