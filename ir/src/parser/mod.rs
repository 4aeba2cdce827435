//! The `.ll` parser.
//!
//! A pre-scan and three phases:
//! 0. **Pre-scan, in parallel chunks** (`prescan`): the ends of the bodies
//!    whose `define` line ends with `{`, a hint phase 1 checks.
//! 1. **Top level, sequential.** One pass over the file parses every
//!    top-level entity (types, globals, declarations, function headers,
//!    attribute groups, metadata) and skips each function body (to the
//!    pre-scan's end for its `{`, else with a brace-matching byte scan),
//!    recording its span.
//! 2. **Bodies, in parallel (rayon).** Each body is lexed and parsed from its
//!    span against the frozen module tables; new types go to a per-body
//!    overlay and constants to the body's own pool. With
//!    [`parse_and_verify_timed`] the worker then verifies a body that made
//!    no new types (the module, without bodies, exists from phase 1 on).
//! 3. **Merge, sequential, in source order.** Overlays are merged into the
//!    module's type table and the bodies' ids remapped, so the result is the
//!    same for any thread count; then the verifier's rest (bodies with new
//!    types, module-level checks).
//!
//! Errors carry a byte offset; the first parse error in source order is
//! reported, else the first verifier error.

mod attrs;
mod body;
mod cursor;
mod literals;
mod prescan;
mod values;

use crate::attrs::{cconv_from_name, AttrPool};
use crate::constant::ConstPool;
use crate::entity::{EntityId, PoolRange, PrimaryMap};
use crate::error::{Diagnostic, ParseError};
use crate::lexer::{Tok, TokKind};
use crate::metadata::{MdAttach, MdElem, MdNodeDef, MdRef, NamedMd};
use crate::module::*;
use crate::source::Source;
use crate::span::Span;
use crate::types::{Type, TypeId, TypeKey, TypeLookup, TypeTable};
use crate::value::{Value, ValueTag};
use ahash::AHashMap;
use attrs::{parse_attrs, AttrCtx};
use cursor::{Cursor, PResult};
pub use prescan::ScanTimes;
use rayon::prelude::*;
pub use values::is_ptr;
use values::{parse_opt_addrspace, parse_type, parse_typed_value, parse_value, Env};

/// Parses a module from `text`; `file` names it in diagnostics.
/// `text` is a `String` or any other [`Source`]; it is kept, not copied.
pub fn parse_module(text: impl Into<Source>, file: &str) -> Result<Module, Diagnostic> {
    parse_module_timed(text, file, &mut ParseTimes::default())
}

/// Where the parser's time went (`-time-passes`): the sequential phases
/// 1 and 3 against the parallel pre-scan and phase 2.
#[derive(Copy, Clone, Debug, Default)]
pub struct ParseTimes {
    /// The parallel pre-scan for body ends (`prescan`).
    pub prescan: ScanTimes,
    /// Wall time of phase 1 (top level, sequential).
    pub top: std::time::Duration,
    /// Wall time of phase 2 (bodies, in parallel).
    pub bodies_wall: std::time::Duration,
    /// Phase 2's time per body, summed over bodies, and the largest.
    pub bodies_sum: std::time::Duration,
    pub largest_body: std::time::Duration,
    /// Wall time of phase 3 (merge, sequential).
    pub merge: std::time::Duration,
    /// [`parse_and_verify_timed`]: wall time of the serial part of the
    /// verifier (bodies that made new types, module-level checks); the
    /// other bodies' verification is part of `bodies_sum`.
    pub verify: std::time::Duration,
}

/// [`parse_module`], reporting where the time went in `times`.
pub fn parse_module_timed(
    text: impl Into<Source>,
    file: &str,
    times: &mut ParseTimes,
) -> Result<Module, Diagnostic> {
    parse_located(text.into(), file, times, false)
}

/// Parses and verifies a module: [`parse_module_timed`] followed by
/// [`crate::verify_module`], with the same result, but each body is
/// verified in phase 2 by the worker that parsed it (a body that made new
/// types is verified after phase 3, against the merged table). The serial
/// rest (those bodies, the module-level checks) is `times.verify`.
///
/// A parse error wins over every verifier error; among verifier errors
/// the one with the smallest offset (then message) is reported, as
/// `verify_module` does.
pub fn parse_and_verify_timed(
    text: impl Into<Source>,
    file: &str,
    times: &mut ParseTimes,
) -> Result<Module, Diagnostic> {
    parse_located(text.into(), file, times, true)
}

/// [`parse_inner`] with its error located in `text`.
fn parse_located(
    text: Source,
    file: &str,
    times: &mut ParseTimes,
    verify: bool,
) -> Result<Module, Diagnostic> {
    parse_inner(&text, file, times, verify).map_err(|e| Diagnostic::locate(file, &text, &e))
}

/// A body found in phase 1, waiting for phase 2.
struct BodyJob {
    global: GlobalId,
    start: usize,
    end: usize,
    params: Vec<TypeId>,
    arg_names: Vec<Tok>,
}

/// Phase 1's environment: the module tables under construction.
struct TopEnv<'a> {
    types: TypeTable,
    consts: ConstPool,
    globals: PrimaryMap<GlobalId, Global>,
    names: AHashMap<&'a str, GlobalId>,
    numbered: AHashMap<u32, GlobalId>,
    saw_typed: bool,
    saw_ptr: bool,
}

/// Strips the sigil and quotes from a name token's text.
fn name_key(raw: &str) -> &str {
    let s = &raw[1..];
    s.strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or(s)
}

/// The name span of a name token, without its sigil.
fn name_span(t: Tok) -> Span {
    Span::new(t.start as usize + 1, t.end as usize)
}

impl<'a> TopEnv<'a> {
    fn lookup_or_create(&mut self, c: &Cursor<'a>, t: Tok) -> PResult<GlobalId> {
        let text = c.text(t);
        if t.kind == TokKind::GlobalId {
            let n: u32 = match text[1..].parse() {
                Ok(n) => n,
                Err(_) => return c.err_at(t.start, "global number out of range"),
            };
            if let Some(&g) = self.numbered.get(&n) {
                return Ok(g);
            }
            let g = self.globals.push(Global {
                name: Span::NONE,
                offset: t.start,
                ..Global::default()
            });
            self.numbered.insert(n, g);
            return Ok(g);
        }
        let key = name_key(text);
        if let Some(&g) = self.names.get(key) {
            return Ok(g);
        }
        let g = self.globals.push(Global {
            name: name_span(t),
            offset: t.start,
            ..Global::default()
        });
        self.names.insert(key, g);
        Ok(g)
    }
}

impl<'a> Env<'a> for TopEnv<'a> {
    type Types = TypeTable;
    fn types(&mut self) -> &mut TypeTable {
        &mut self.types
    }
    fn consts(&mut self) -> &mut ConstPool {
        &mut self.consts
    }
    fn global(&mut self, c: &Cursor<'a>, t: Tok) -> PResult<Value> {
        let g = self.lookup_or_create(c, t)?;
        Ok(Value::of(ValueTag::Global, g))
    }
    fn local(&mut self, c: &Cursor<'a>, t: Tok, _ty: TypeId) -> PResult<Value> {
        c.err_at(t.start, "local value used outside a function body")
    }
    fn typed_ptrs(&self) -> bool {
        self.saw_typed
    }
    fn saw_ptr_keyword(&mut self) {
        self.saw_ptr = true;
    }
}

/// Top-level items that are not globals.
#[derive(Default)]
struct TopLevel {
    source_filename: Option<Span>,
    datalayout: Option<Span>,
    triple: Option<Span>,
    module_asm: Vec<Span>,
    type_defs: Vec<TypeId>,
    attr_groups: Vec<(u32, PoolRange)>,
    comdats: Vec<Comdat>,
    comdat_names: AHashMap<String, u32>,
    md_nodes: Vec<MdNodeDef>,
    named_md: Vec<NamedMd>,
    md_attach: Vec<MdAttach>,
}

struct TopParser<'a> {
    c: Cursor<'a>,
    env: TopEnv<'a>,
    attrs: AttrPool,
    order: Vec<GlobalId>,
    jobs: Vec<BodyJob>,
    top: TopLevel,
    /// Globals whose pointer type is set at the end of phase 1.
    md_ids: AHashMap<u32, ()>,
    /// Body ends the pre-scan found.
    ends: prescan::BodyEnds,
}

/// Phase 2's outcome for one body: the body and its type overlay, the
/// verifier's verdict when it ran there (`None`: to run after phase 3),
/// and the time both took.
type BodyOutcome = (
    PResult<(crate::function::Function, TypeTable)>,
    Option<Result<(), ParseError>>,
    std::time::Duration,
);

/// The three phases, then (with `verify`) the verifier's serial rest.
fn parse_inner(text: &Source, file: &str, times: &mut ParseTimes, verify: bool) -> PResult<Module> {
    use std::time::Instant;
    let src: &str = text;
    let ends = prescan::scan(src, &mut times.prescan);
    let t0 = Instant::now();
    let mut p = TopParser {
        c: Cursor::new(src, 0, src.len()),
        env: TopEnv {
            types: TypeTable::new(),
            consts: ConstPool::new(),
            globals: PrimaryMap::new(),
            names: AHashMap::new(),
            numbered: AHashMap::new(),
            saw_typed: false,
            saw_ptr: false,
        },
        attrs: AttrPool::default(),
        order: Vec::new(),
        jobs: Vec::new(),
        top: TopLevel::default(),
        md_ids: AHashMap::new(),
        ends,
    };
    p.parse_top()?;
    p.finish_globals()?;
    let typed = p.env.typed_ptrs();
    let TopParser {
        env,
        attrs,
        order,
        jobs,
        top,
        ..
    } = p;
    let TopEnv {
        types,
        consts,
        globals,
        names,
        numbered,
        ..
    } = env;
    // The module without bodies: phase 2 reads its frozen tables (and the
    // verifier the whole of it), phase 3 adds the bodies.
    let mut m = Module {
        text: text.clone(),
        file: file.to_string(),
        source_filename: top.source_filename,
        datalayout: top.datalayout,
        triple: top.triple,
        module_asm: top.module_asm,
        types,
        type_defs: top.type_defs,
        consts,
        attrs,
        attr_groups: top.attr_groups,
        globals,
        order,
        bodies: Vec::new(),
        comdats: top.comdats,
        md_nodes: top.md_nodes,
        named_md: top.named_md,
        md_attach: top.md_attach,
    };

    // Phase 2: bodies in parallel, each verified by the worker that parsed
    // it unless it made new types (the verifier reads the module's table).
    let t1 = Instant::now();
    times.top = t1 - t0;
    let shared = body::Shared {
        src,
        types: &m.types,
        globals: &m.globals,
        names: &names,
        numbered: &numbered,
        typed,
    };
    let results: Vec<BodyOutcome> = jobs
        .par_iter()
        .map_init(
            || {
                (
                    body::BodyScratch::default(),
                    crate::verify::Scratch::default(),
                )
            },
            |(s, vs), j| {
                let start = Instant::now();
                let r = body::parse_body(
                    &shared,
                    s,
                    j.global,
                    j.start,
                    j.end,
                    &j.params,
                    &j.arg_names,
                );
                let v = match &r {
                    Ok((f, overlay)) if verify && overlay.own_len() == 0 => {
                        Some(crate::verify::verify_function(&m, f, vs))
                    }
                    _ => None,
                };
                (r, v, start.elapsed())
            },
        )
        .collect();

    // Phase 3: merge in source order.
    let t2 = Instant::now();
    times.bodies_wall = t2 - t1;
    for (.., d) in &results {
        times.bodies_sum += *d;
        times.largest_body = times.largest_body.max(*d);
    }
    let mut bodies = Vec::with_capacity(results.len());
    // The first verifier error of the bodies verified in phase 2, and the
    // bodies left to verify.
    let mut first: Option<ParseError> = None;
    let mut deferred = Vec::new();
    for (j, (r, v, _)) in jobs.iter().zip(results) {
        let (mut f, overlay) = r?;
        if overlay.own_len() > 0 {
            let base = overlay.base();
            let map = m.types.merge_overlay(&overlay);
            f.remap_types(|t| {
                if t.index() >= base {
                    map[t.index() - base]
                } else {
                    t
                }
            });
        }
        match v {
            Some(Err(e)) => crate::verify::note_earlier(&mut first, e),
            Some(Ok(())) => {}
            None => deferred.push(bodies.len()),
        }
        if let GlobalKind::Func(fd) = &mut m.globals[j.global].kind {
            fd.body = Some(bodies.len() as u32);
        }
        bodies.push(f);
    }
    m.bodies = bodies;
    let t3 = Instant::now();
    times.merge = t3 - t2;
    if verify {
        let rest = crate::verify::verify_rest(&m, &deferred);
        times.verify = t3.elapsed();
        if let Some(e) = [first, rest.err()]
            .into_iter()
            .flatten()
            .min_by(crate::verify::earlier)
        {
            return Err(Box::new(e));
        }
    }
    Ok(m)
}

impl<'a> TopParser<'a> {
    fn parse_top(&mut self) -> PResult<()> {
        loop {
            let t = self.c.tok;
            match t.kind {
                TokKind::Eof => return Ok(()),
                TokKind::Ident => match self.c.cur() {
                    "source_filename" => {
                        self.c.bump();
                        self.c.expect(TokKind::Equal, "'='")?;
                        self.top.source_filename = Some(self.string()?);
                    }
                    "target" => {
                        self.c.bump();
                        let which = self.c.cur();
                        if which != "datalayout" && which != "triple" {
                            return self.c.err("expected 'datalayout' or 'triple'");
                        }
                        self.c.bump();
                        self.c.expect(TokKind::Equal, "'='")?;
                        let s = Some(self.string()?);
                        if which == "datalayout" {
                            self.top.datalayout = s;
                        } else {
                            self.top.triple = s;
                        }
                    }
                    "module" => {
                        self.c.bump();
                        self.c.expect_word("asm")?;
                        let s = self.string()?;
                        self.top.module_asm.push(s);
                    }
                    "declare" => {
                        self.c.bump();
                        self.parse_function(false, t.start)?;
                    }
                    "define" => {
                        self.c.bump();
                        self.parse_function(true, t.start)?;
                    }
                    "attributes" => {
                        self.c.bump();
                        let g = self.c.expect(TokKind::AttrGroupId, "attribute group id")?;
                        let n: u32 = match self.c.text(g)[1..].parse() {
                            Ok(n) => n,
                            Err(_) => {
                                return self
                                    .c
                                    .err_at(g.start, "attribute group number out of range")
                            }
                        };
                        self.c.expect(TokKind::Equal, "'='")?;
                        self.c.expect(TokKind::LBrace, "'{'")?;
                        let r = parse_attrs(
                            &mut self.c,
                            &mut self.env,
                            &mut self.attrs.attrs,
                            AttrCtx::Group,
                        )?;
                        self.c
                            .expect(TokKind::RBrace, "'}' after attribute group")?;
                        self.top.attr_groups.push((n, r));
                    }
                    "uselistorder" | "uselistorder_bb" => {
                        self.skip_uselistorder()?;
                    }
                    w => {
                        return self
                            .c
                            .err(format!("expected top-level entity, found '{w}'"))
                    }
                },
                TokKind::LocalVar | TokKind::LocalId => self.parse_type_def()?,
                TokKind::GlobalVar | TokKind::GlobalId => self.parse_global()?,
                TokKind::ComdatVar => self.parse_comdat_def()?,
                TokKind::MetadataVar => self.parse_named_md()?,
                TokKind::MetadataId => self.parse_md_node()?,
                _ => return self.c.err("expected top-level entity"),
            }
        }
    }

    fn string(&mut self) -> PResult<Span> {
        let t = self.c.expect(TokKind::String, "string constant")?;
        Ok(Span::new(t.start as usize, t.end as usize))
    }

    fn skip_uselistorder(&mut self) -> PResult<()> {
        while !self.c.is(TokKind::LBrace) {
            if self.c.is(TokKind::Eof) {
                return self.c.err("expected '{' in uselistorder");
            }
            self.c.bump();
        }
        self.c.skip_group()
    }

    fn parse_type_def(&mut self) -> PResult<()> {
        let t = self.c.bump();
        let name = &self.c.text(t)[1..];
        self.c.expect(TokKind::Equal, "'=' after type name")?;
        self.c.expect_word("type")?;
        let id = self.env.types.named_struct(name, t.start);
        let Type::Named { name: n } = self.env.types.get(id) else {
            unreachable!()
        };
        if self.env.types.named(n).defined {
            return self
                .c
                .err_at(t.start, format!("redefinition of type '%{name}'"));
        }
        if self.c.eat_word("opaque") {
            self.env.types.set_body(n, None);
        } else {
            let packed = self.c.is(TokKind::Less);
            let at = self.c.tok.start;
            let body = parse_type(&mut self.c, &mut self.env)?;
            match self.env.types.get(body) {
                Type::Struct { packed: p2, .. } => {
                    debug_assert_eq!(packed, p2);
                    let fields = self.env.types.fields(body).to_vec();
                    self.env.types.set_body(n, Some((p2, &fields)));
                }
                _ => {
                    return self.c.err_at(
                        at,
                        "named types must be structs (non-struct type aliases are not supported)",
                    )
                }
            }
        }
        self.top.type_defs.push(id);
        Ok(())
    }

    fn comdat_index(&mut self, t: Tok) -> u32 {
        let name = self.c.text(t)[1..].to_string();
        if let Some(&i) = self.top.comdat_names.get(&name) {
            return i;
        }
        let i = self.top.comdats.len() as u32;
        self.top.comdats.push(Comdat {
            name: Span::new(t.start as usize, t.end as usize),
            kind: Span::NONE,
            defined: false,
        });
        self.top.comdat_names.insert(name, i);
        i
    }

    fn parse_comdat_def(&mut self) -> PResult<()> {
        let t = self.c.bump();
        self.c.expect(TokKind::Equal, "'='")?;
        self.c.expect_word("comdat")?;
        let k = self.c.expect(TokKind::Ident, "comdat selection kind")?;
        if !matches!(
            self.c.text(k),
            "any" | "exactmatch" | "largest" | "nodeduplicate" | "noduplicates" | "samesize"
        ) {
            return self.c.err_at(k.start, "unknown comdat selection kind");
        }
        let i = self.comdat_index(t) as usize;
        if self.top.comdats[i].defined {
            return self.c.err_at(t.start, "redefinition of comdat");
        }
        self.top.comdats[i].kind = Span::new(k.start as usize, k.end as usize);
        self.top.comdats[i].defined = true;
        Ok(())
    }

    fn parse_named_md(&mut self) -> PResult<()> {
        let t = self.c.bump();
        self.c.expect(TokKind::Equal, "'='")?;
        self.c.expect(TokKind::Exclaim, "'!'")?;
        self.c.expect(TokKind::LBrace, "'{'")?;
        let mut nodes = Vec::new();
        if !self.c.eat(TokKind::RBrace) {
            loop {
                let n = self.c.expect(TokKind::MetadataId, "metadata node id")?;
                nodes.push(self.md_number(n)?);
                if self.c.eat(TokKind::RBrace) {
                    break;
                }
                self.c.expect(TokKind::Comma, "','")?;
            }
        }
        self.top.named_md.push(NamedMd {
            name: Span::new(t.start as usize, t.end as usize),
            nodes,
        });
        Ok(())
    }

    fn md_number(&self, t: Tok) -> PResult<u32> {
        self.c.text(t)[1..]
            .parse()
            .or_else(|_| self.c.err_at(t.start, "metadata id out of range"))
    }

    fn parse_md_node(&mut self) -> PResult<()> {
        let t = self.c.bump();
        let id = self.md_number(t)?;
        self.c.expect(TokKind::Equal, "'='")?;
        let start = self.c.tok.start as usize;
        self.c.eat_word("distinct");
        skip_md_node(&mut self.c)?;
        if self.md_ids.insert(id, ()).is_some() {
            return self
                .c
                .err_at(t.start, format!("metadata id '!{id}' is already defined"));
        }
        self.top.md_nodes.push(MdNodeDef {
            id,
            body: Span::new(start, self.c.prev_end as usize),
        });
        Ok(())
    }

    /// Parses `(, !kind !N)*` or `(!kind !N)*` attachments for an owner.
    fn parse_global_attachments(&mut self, g: GlobalId, need_comma: bool) -> PResult<()> {
        let start = self.top.md_attach.len();
        loop {
            if need_comma {
                if !(self.c.is(TokKind::Comma) && self.c.peek().kind == TokKind::MetadataVar) {
                    break;
                }
                self.c.bump();
            } else if !self.c.is(TokKind::MetadataVar) {
                break;
            }
            let k = self.c.bump();
            let node = parse_md_ref(&mut self.c)?;
            self.top.md_attach.push(MdAttach {
                owner: g.index() as u32,
                kind: Span::new(k.start as usize, k.end as usize),
                node,
            });
        }
        self.env.globals[g].md = PoolRange::since(&self.top.md_attach, start);
        Ok(())
    }

    /// Linkage, preemption, visibility, DLL storage (in that order, each optional).
    fn parse_linkage_prefix(&mut self, g: &mut Global) {
        if self.c.is(TokKind::Ident) {
            if let Some(l) = Linkage::from_name(self.c.cur()) {
                g.linkage = l;
                self.c.bump();
            }
        }
        if self.c.eat_word("dso_local") {
            g.dso_local = true;
        } else {
            self.c.eat_word("dso_preemptable");
        }
        g.visibility = if self.c.eat_word("hidden") {
            Visibility::Hidden
        } else if self.c.eat_word("protected") {
            Visibility::Protected
        } else {
            self.c.eat_word("default");
            Visibility::Default
        };
        g.dll = if self.c.eat_word("dllimport") {
            DllStorage::Import
        } else if self.c.eat_word("dllexport") {
            DllStorage::Export
        } else {
            DllStorage::None
        };
    }

    fn parse_unnamed_addr(&mut self) -> UnnamedAddr {
        if self.c.eat_word("unnamed_addr") {
            UnnamedAddr::Global
        } else if self.c.eat_word("local_unnamed_addr") {
            UnnamedAddr::Local
        } else {
            UnnamedAddr::None
        }
    }

    fn define_global(&mut self, t: Tok, g: Global) -> PResult<GlobalId> {
        let id = self.env.lookup_or_create(&self.c, t)?;
        if !matches!(self.env.globals[id].kind, GlobalKind::Undefined) {
            return self.c.err_at(
                t.start,
                format!("redefinition of global '{}'", self.c.text(t)),
            );
        }
        let name = self.env.globals[id].name;
        self.env.globals[id] = Global {
            name,
            offset: t.start,
            ..g
        };
        self.order.push(id);
        Ok(id)
    }

    fn parse_global(&mut self) -> PResult<()> {
        let t = self.c.bump();
        self.c.expect(TokKind::Equal, "'=' after global name")?;
        let mut g = Global::default();
        self.parse_linkage_prefix(&mut g);
        if self.c.eat_word("thread_local") {
            g.tls = ThreadLocal::GeneralDynamic;
            if self.c.eat(TokKind::LParen) {
                g.tls = match self.c.cur() {
                    "localdynamic" => ThreadLocal::LocalDynamic,
                    "initialexec" => ThreadLocal::InitialExec,
                    "localexec" => ThreadLocal::LocalExec,
                    "generaldynamic" => ThreadLocal::GeneralDynamic,
                    _ => return self.c.err("expected thread-local storage model"),
                };
                self.c.bump();
                self.c.expect(TokKind::RParen, "')'")?;
            }
        }
        g.unnamed_addr = self.parse_unnamed_addr();
        if self.c.is_word("alias") || self.c.is_word("ifunc") {
            let is_alias = self.c.cur() == "alias";
            self.c.bump();
            let vty = parse_type(&mut self.c, &mut self.env)?;
            self.c.expect(TokKind::Comma, "',' after alias type")?;
            let (aty, v) = parse_typed_value(&mut self.c, &mut self.env)?;
            if !is_ptr(self.env.types.get(aty)) {
                return self.c.err("alias or ifunc target must have pointer type");
            }
            if let Type::Ptr(a) | Type::TypedPtr { addrspace: a, .. } = self.env.types.get(aty) {
                g.addrspace = a;
            }
            g.value_ty = Some(vty);
            g.kind = if is_alias {
                GlobalKind::Alias { aliasee: v }
            } else {
                GlobalKind::IFunc { resolver: v }
            };
            let id = self.define_global(t, g)?;
            while self.c.is(TokKind::Comma) && self.c.peek().kind == TokKind::Ident {
                self.c.bump();
                if self.c.eat_word("partition") {
                    let s = self.string()?;
                    self.env.globals[id].partition = Some(s);
                } else {
                    return self.c.err("expected 'partition'");
                }
            }
            return self.parse_global_attachments(id, true);
        }
        if let Some(a) = parse_opt_addrspace(&mut self.c)? {
            g.addrspace = a;
        }
        let mut var = VarDecl {
            externally_initialized: self.c.eat_word("externally_initialized"),
            ..VarDecl::default()
        };
        if self.c.eat_word("constant") {
            var.constant = true;
        } else if !self.c.eat_word("global") {
            return self.c.err("expected 'global' or 'constant'");
        }
        let vty = parse_type(&mut self.c, &mut self.env)?;
        if matches!(
            self.env.types.get(vty),
            Type::Void | Type::Func { .. } | Type::Label | Type::Metadata | Type::Token
        ) {
            return self.c.err("invalid type for global variable");
        }
        g.value_ty = Some(vty);
        let has_init =
            !matches!(g.linkage, Linkage::External | Linkage::ExternWeak) || !self.at_global_end();
        if has_init && !(g.linkage == Linkage::External && self.at_global_end()) {
            let v = parse_value(&mut self.c, &mut self.env, vty)?;
            var.init = Some(v);
        }
        g.kind = GlobalKind::Var(var);
        let id = self.define_global(t, g)?;
        // Trailing `, section "x"`, `, align N`, ... and attachments.
        while self.c.is(TokKind::Comma) {
            let next = self.c.peek();
            if next.kind == TokKind::MetadataVar {
                break;
            }
            self.c.bump();
            let w = self.c.cur();
            match w {
                "section" => {
                    self.c.bump();
                    let s = self.string()?;
                    self.env.globals[id].section = Some(s);
                }
                "partition" => {
                    self.c.bump();
                    let s = self.string()?;
                    self.env.globals[id].partition = Some(s);
                }
                "comdat" => {
                    self.c.bump();
                    let cref = self.parse_comdat_ref()?;
                    self.env.globals[id].comdat = Some(cref);
                }
                "align" => {
                    self.c.bump();
                    let at = self.c.tok.start;
                    let a = self.c.parse_u64("alignment")?;
                    if !a.is_power_of_two() || a > 1 << 32 {
                        return self.c.err_at(at, "alignment is not a power of two");
                    }
                    self.env.globals[id].align = Some(a);
                }
                "code_model" => {
                    self.c.bump();
                    let s = self.string()?;
                    if let GlobalKind::Var(v) = &mut self.env.globals[id].kind {
                        v.code_model = Some(s);
                    }
                }
                "no_sanitize_address"
                | "no_sanitize_hwaddress"
                | "sanitize_address_dyninit"
                | "sanitize_memtag" => {
                    self.c.bump();
                }
                _ => return self.c.err("expected global variable property"),
            }
        }
        self.parse_global_attachments(id, true)?;
        if self.c.is(TokKind::AttrGroupId) {
            let r = parse_attrs(
                &mut self.c,
                &mut self.env,
                &mut self.attrs.attrs,
                AttrCtx::Fn,
            )?;
            if let GlobalKind::Var(v) = &mut self.env.globals[id].kind {
                v.attrs = r;
            }
        }
        Ok(())
    }

    /// Whether the current token ends a global definition (no initializer).
    fn at_global_end(&mut self) -> bool {
        match self.c.tok.kind {
            TokKind::Comma | TokKind::Eof | TokKind::AttrGroupId => true,
            TokKind::Ident => matches!(
                self.c.cur(),
                "declare"
                    | "define"
                    | "attributes"
                    | "source_filename"
                    | "target"
                    | "module"
                    | "uselistorder"
            ),
            TokKind::GlobalVar
            | TokKind::GlobalId
            | TokKind::LocalVar
            | TokKind::LocalId
            | TokKind::ComdatVar
            | TokKind::MetadataVar
            | TokKind::MetadataId => {
                // A new top-level entity starts with `name =`.
                self.c.peek().kind == TokKind::Equal
            }
            _ => false,
        }
    }

    fn parse_comdat_ref(&mut self) -> PResult<ComdatRef> {
        if self.c.eat(TokKind::LParen) {
            let t = self.c.expect(TokKind::ComdatVar, "comdat name")?;
            self.c.expect(TokKind::RParen, "')'")?;
            Ok(ComdatRef::Named(self.comdat_index(t)))
        } else {
            Ok(ComdatRef::OwnName)
        }
    }

    fn parse_function(&mut self, define: bool, kw_at: u32) -> PResult<()> {
        // A declaration's attachments precede its header (`declare !dbg !1
        // void @f()`), so a named metadata line after it is not one of them.
        let mut leading = Vec::new();
        while !define && self.c.is(TokKind::MetadataVar) {
            let k = self.c.bump();
            let node = parse_md_ref(&mut self.c)?;
            leading.push((Span::new(k.start as usize, k.end as usize), node));
        }
        let mut g = Global::default();
        self.parse_linkage_prefix(&mut g);
        let mut fd = FuncDecl::default();
        if self.c.is(TokKind::Ident) {
            if let Some(cc) = cconv_from_name(self.c.cur()) {
                fd.cconv = cc;
                self.c.bump();
            } else if self.c.is_word("cc") {
                self.c.bump();
                fd.cconv = self.c.parse_u32("calling convention number")?;
            }
        }
        fd.ret_attrs = parse_attrs(
            &mut self.c,
            &mut self.env,
            &mut self.attrs.attrs,
            AttrCtx::Ret,
        )?;
        let ret = parse_type(&mut self.c, &mut self.env)?;
        let name_tok = self.c.tok;
        if !matches!(name_tok.kind, TokKind::GlobalVar | TokKind::GlobalId) {
            return self.c.err("expected function name");
        }
        self.c.bump();
        self.c.expect(TokKind::LParen, "'(' in function header")?;
        let mut params = Vec::new();
        let mut param_attrs = Vec::new();
        let mut arg_names = Vec::new();
        let mut vararg = false;
        if !self.c.eat(TokKind::RParen) {
            loop {
                if self.c.eat(TokKind::DotDotDot) {
                    vararg = true;
                    self.c.expect(TokKind::RParen, "')' after '...'")?;
                    break;
                }
                let ty = parse_type(&mut self.c, &mut self.env)?;
                // `metadata` is valid here (intrinsics such as
                // `llvm.dbg.value` take it); the verifier rejects it on
                // other functions.
                if matches!(
                    self.env.types.get(ty),
                    Type::Void | Type::Label | Type::Func { .. }
                ) {
                    return self.c.err("invalid type for function argument");
                }
                let r = parse_attrs(
                    &mut self.c,
                    &mut self.env,
                    &mut self.attrs.attrs,
                    AttrCtx::Param,
                )?;
                params.push(ty);
                param_attrs.push(r);
                if matches!(self.c.tok.kind, TokKind::LocalVar | TokKind::LocalId) {
                    arg_names.push(self.c.bump());
                } else {
                    arg_names.push(Tok {
                        kind: TokKind::Eof,
                        start: 0,
                        end: 0,
                    });
                }
                if self.c.eat(TokKind::RParen) {
                    break;
                }
                self.c
                    .expect(TokKind::Comma, "',' or ')' in parameter list")?;
            }
        }
        fd.param_attrs = PoolRange::push_slice(&mut self.attrs.lists, &param_attrs);
        g.unnamed_addr = self.parse_unnamed_addr();
        if let Some(a) = parse_opt_addrspace(&mut self.c)? {
            g.addrspace = a;
        }
        fd.fn_attrs = parse_attrs(
            &mut self.c,
            &mut self.env,
            &mut self.attrs.attrs,
            AttrCtx::Fn,
        )?;
        loop {
            if self.c.eat_word("section") {
                g.section = Some(self.string()?);
            } else if self.c.eat_word("partition") {
                g.partition = Some(self.string()?);
            } else if self.c.eat_word("comdat") {
                g.comdat = Some(self.parse_comdat_ref()?);
            } else if self.c.eat_word("align") {
                let at = self.c.tok.start;
                let a = self.c.parse_u64("alignment")?;
                if !a.is_power_of_two() {
                    return self.c.err_at(at, "alignment is not a power of two");
                }
                g.align = Some(a);
            } else if self.c.eat_word("gc") {
                fd.gc = Some(self.string()?);
            } else if self.c.eat_word("prefix") {
                fd.prefix = Some(parse_typed_value(&mut self.c, &mut self.env)?.1);
            } else if self.c.eat_word("prologue") {
                fd.prologue = Some(parse_typed_value(&mut self.c, &mut self.env)?.1);
            } else if self.c.eat_word("personality") {
                fd.personality = Some(parse_typed_value(&mut self.c, &mut self.env)?.1);
            } else {
                break;
            }
        }
        let fty = self.env.types.intern(TypeKey::Func {
            ret,
            params: &params,
            vararg,
        });
        g.value_ty = Some(fty);
        g.kind = GlobalKind::Func(Box::new(fd));
        let id = self.define_global(name_tok, g)?;
        if !define {
            let start = self.top.md_attach.len();
            for (kind, node) in leading {
                self.top.md_attach.push(MdAttach {
                    owner: id.index() as u32,
                    kind,
                    node,
                });
            }
            self.env.globals[id].md = PoolRange::since(&self.top.md_attach, start);
            return Ok(());
        }
        self.parse_global_attachments(id, false)?;
        if !self.c.is(TokKind::LBrace) {
            return self.c.err("expected '{' to begin function body");
        }
        let body_start = self.c.tok.end as usize;
        let close = match self.ends.take(body_start) {
            Some(after) => Some(self.c.skip_brace_block_to(after)),
            None => self.c.skip_brace_block(),
        };
        let Some(close) = close else {
            return self
                .c
                .err_at(kw_at, "function body is not terminated: missing '}'");
        };
        self.jobs.push(BodyJob {
            global: id,
            start: body_start,
            end: close,
            params,
            arg_names,
        });
        Ok(())
    }

    /// Checks that every referenced global and comdat was defined, and sets
    /// globals' pointer types.
    fn finish_globals(&mut self) -> PResult<()> {
        // The pointer dialect: typed if headers and globals used typed
        // pointers; if they used no pointer at all, look for the `ptr`
        // keyword in the bodies' text.
        let typed_seen = (0..self.env.types.len()).any(|i| {
            matches!(
                self.env.types.get(TypeId::from_index(i)),
                Type::TypedPtr { .. }
            )
        });
        self.env.saw_typed = typed_seen
            || (!self.env.saw_ptr
                && !mentions_ptr_keyword(self.c.src)
                && mentions_typed_pointer(self.c.src));
        let typed_mode = self.env.typed_ptrs();
        for id in self.env.globals.keys() {
            let g = &self.env.globals[id];
            if matches!(g.kind, GlobalKind::Undefined) {
                let what = if g.name.is_none() {
                    "@<number>".to_string()
                } else {
                    format!(
                        "@{}",
                        &self.c.src[g.name.start as usize..g.name.end as usize]
                    )
                };
                return self
                    .c
                    .err_at(g.offset, format!("use of undefined value '{what}'"));
            }
            let a = g.addrspace;
            let vty = g.value_ty;
            let pty = match (typed_mode, vty) {
                (true, Some(v)) => self.env.types.simple(Type::TypedPtr {
                    pointee: v,
                    addrspace: a,
                }),
                _ => self.env.types.simple(Type::Ptr(a)),
            };
            self.env.globals[id].ptr_ty = Some(pty);
        }
        for (i, c) in self.top.comdats.iter().enumerate() {
            if !c.defined {
                let _ = i;
                return self.c.err_at(c.name.start, "use of undefined comdat");
            }
        }
        for d in &self.env.types.named {
            if !d.defined {
                return self
                    .c
                    .err_at(d.first_use, format!("use of undefined type '%{}'", d.name));
            }
        }
        Ok(())
    }
}

/// Whether `src` contains the word `ptr` outside strings and comments, as
/// a type keyword would appear.
fn mentions_ptr_keyword(src: &str) -> bool {
    let b = src.as_bytes();
    let is_word = |c: u8| {
        c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$' | b'-' | b'%' | b'@' | b'"')
    };
    let mut i = 0;
    while let Some(k) = src[i..].find("ptr") {
        let p = i + k;
        let before = if p == 0 { b' ' } else { b[p - 1] };
        let after = b.get(p + 3).copied().unwrap_or(b' ');
        if !is_word(before) && !is_word(after) {
            return true;
        }
        i = p + 3;
    }
    false
}

/// Whether `src` contains what looks like a typed pointer type (`i32*`,
/// `%T*`, `[2 x i8]*`, `void ()*`).
fn mentions_typed_pointer(src: &str) -> bool {
    let b = src.as_bytes();
    (1..b.len()).any(|i| {
        b[i] == b'*'
            && (b[i - 1].is_ascii_alphanumeric()
                || matches!(
                    b[i - 1],
                    b'_' | b'.' | b']' | b'}' | b'>' | b')' | b'*' | b'"'
                ))
    })
}

/// Skips one metadata node at the cursor: `!{...}`, `!Name(...)`, `!"s"`,
/// `!N`, or `ty value`.
fn skip_md_node(c: &mut Cursor<'_>) -> PResult<()> {
    match c.tok.kind {
        TokKind::Exclaim => {
            c.bump();
            if !c.is(TokKind::LBrace) {
                return c.err("expected '{' after '!'");
            }
            c.skip_group()
        }
        TokKind::MetadataVar => {
            c.bump();
            if c.is(TokKind::LParen) {
                c.skip_parens()
            } else {
                c.err("expected '(' after specialized metadata name")
            }
        }
        TokKind::MetadataId | TokKind::MetadataString => {
            c.bump();
            Ok(())
        }
        _ => c.err("expected metadata node"),
    }
}

/// Parses a metadata reference: `!N` or an inline node kept verbatim.
fn parse_md_ref(c: &mut Cursor<'_>) -> PResult<MdRef> {
    if c.is(TokKind::MetadataId) {
        let t = c.bump();
        return match c.text(t)[1..].parse() {
            Ok(n) => Ok(MdRef::Node(n)),
            Err(_) => c.err_at(t.start, "metadata id out of range"),
        };
    }
    let start = c.tok.start as usize;
    skip_md_node(c)?;
    Ok(MdRef::Raw(Span::new(start, c.prev_end as usize)))
}

/// Parses the text of a generic tuple node `[distinct] !{...}` into
/// elements; `None` if it is not a tuple or does not parse.
pub(crate) fn parse_md_tuple(body: &str, types: &TypeTable) -> Option<Vec<MdElem>> {
    let mut c = Cursor::new(body, 0, body.len());
    c.eat_word("distinct");
    c.expect(TokKind::Exclaim, "!").ok()?;
    c.expect(TokKind::LBrace, "{").ok()?;
    let mut out = Vec::new();
    if c.eat(TokKind::RBrace) {
        return Some(out);
    }
    loop {
        let t = c.tok;
        let e = match t.kind {
            TokKind::MetadataId => {
                c.bump();
                MdElem::Node(c.text(t)[1..].parse().ok()?)
            }
            TokKind::MetadataString => {
                c.bump();
                MdElem::String(crate::span::unescape(&c.text(t)[2..c.text(t).len() - 1]))
            }
            TokKind::Ident if c.cur() == "null" => {
                c.bump();
                MdElem::Null
            }
            TokKind::IntType => {
                let bits: u32 = c.text(t)[1..].parse().ok()?;
                c.bump();
                let ty = types.lookup(&TypeKey::Simple(Type::Int(bits)))?;
                let v: i128 = match c.tok.kind {
                    TokKind::Int => c.cur().parse().ok()?,
                    TokKind::Ident if c.cur() == "true" => 1,
                    TokKind::Ident if c.cur() == "false" => 0,
                    _ => return None,
                };
                c.bump();
                MdElem::Int(ty, v)
            }
            _ => {
                skip_md_node(&mut c).ok()?;
                MdElem::Other
            }
        };
        out.push(e);
        if c.eat(TokKind::RBrace) {
            return Some(out);
        }
        c.expect(TokKind::Comma, ",").ok()?;
    }
}
