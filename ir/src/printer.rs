//! The `.ll` printer.
//!
//! Writes a module as text LLVM 19 accepts (LLVM 22 syntax passes through
//! where the input used it). Printing is a fixpoint: parsing the output and
//! printing again yields the same text. Names, strings and metadata are
//! printed from their source spans; unnamed values are numbered
//! sequentially, which equals the source numbering because the parser
//! requires sequential numbers. Floating-point constants are printed in
//! LLVM's exact hexadecimal forms.

use crate::attrs::{cconv_name, Attr, AttrPool};
use crate::constant::{ConstId, ConstKind, ConstPool};
use crate::entity::{EntityId, PoolRange};
use crate::function::{Block, Function, Inst};
use crate::inst::{self, Opcode};
use crate::metadata::{MdAttach, MdOperand, MdRef};
use crate::module::*;
use crate::span::Span;
use crate::types::{Type, TypeId, TypeLookup, TypeTable};
use crate::value::{Value, ValueTag};
use std::fmt::Write;

/// Prints `m` as `.ll` text.
pub fn print_module(m: &Module) -> String {
    let mut p = Printer {
        m,
        out: String::with_capacity(m.text.len() + m.text.len() / 8),
        global_nums: Vec::new(),
    };
    p.module();
    p.out
}

struct Printer<'m> {
    m: &'m Module,
    out: String,
    /// Number of each unnamed global (u32::MAX for named ones).
    global_nums: Vec<u32>,
}

/// The context constants and values are printed in.
struct Ctx<'f> {
    consts: &'f ConstPool,
    func: Option<(&'f Function, &'f Numbering, &'f [TypeId])>,
}

/// Sequential numbers of a function's unnamed arguments, blocks and
/// instructions (`u32::MAX` where named or void).
struct Numbering {
    args: Vec<u32>,
    blocks: Vec<u32>,
    insts: Vec<u32>,
}

fn number(f: &Function, void: Option<TypeId>) -> Numbering {
    let mut n = 0u32;
    let mut next = || {
        n += 1;
        n - 1
    };
    let args = f
        .arg_names
        .iter()
        .map(|s| if s.is_none() { next() } else { u32::MAX })
        .collect();
    let mut blocks = vec![u32::MAX; f.blocks.len()];
    let mut insts = vec![u32::MAX; f.num_insts()];
    for (b, bd) in f.blocks.iter() {
        if bd.name.is_none() {
            blocks[b.index()] = next();
        }
        for i in f.block_insts(b) {
            if f.name[i.index()].is_none() && Some(f.ty[i.index()]) != void {
                insts[i.index()] = next();
            }
        }
    }
    Numbering {
        args,
        blocks,
        insts,
    }
}

impl<'m> Printer<'m> {
    fn s(&self, sp: Span) -> &'m str {
        let m: &'m Module = self.m;
        sp.text(&m.text)
    }

    fn module(&mut self) {
        let m = self.m;
        let mut k = 0;
        self.global_nums = m.globals.values().map(|_| u32::MAX).collect();
        for &g in &m.order {
            if m.globals[g].name.is_none() {
                self.global_nums[g.index()] = k;
                k += 1;
            }
        }
        if let Some(s) = m.source_filename {
            let _ = writeln!(self.out, "source_filename = {}", self.s(s));
        }
        if let Some(s) = m.datalayout {
            let _ = writeln!(self.out, "target datalayout = {}", self.s(s));
        }
        if let Some(s) = m.triple {
            let _ = writeln!(self.out, "target triple = {}", self.s(s));
        }
        for &s in &m.module_asm {
            let _ = writeln!(self.out, "module asm {}", self.s(s));
        }
        self.out.push('\n');
        for &t in &m.type_defs {
            let Type::Named { name } = m.types.get(t) else {
                continue;
            };
            let def = m.types.named(name);
            let _ = write!(self.out, "%{} = type ", def.name);
            match def.body {
                None => self.out.push_str("opaque"),
                Some((packed, _)) => {
                    let fields = m.types.fields(t).to_vec();
                    self.struct_body(packed, &fields);
                }
            }
            self.out.push('\n');
        }
        for c in &m.comdats {
            let _ = writeln!(self.out, "{} = comdat {}", self.s(c.name), self.s(c.kind));
        }
        if !m.type_defs.is_empty() || !m.comdats.is_empty() {
            self.out.push('\n');
        }
        for &g in &m.order {
            self.global(g);
        }
        for (n, r) in &m.attr_groups {
            let _ = write!(self.out, "\nattributes #{n} = {{ ");
            self.attrs(&m.attrs, *r, true);
            self.out.push('}');
        }
        self.out.push('\n');
        for nm in &m.named_md {
            let _ = write!(self.out, "\n{} = !{{", self.s(nm.name));
            for (i, n) in nm.nodes.iter().enumerate() {
                let _ = write!(self.out, "{}!{n}", if i > 0 { ", " } else { "" });
            }
            self.out.push('}');
        }
        for n in &m.md_nodes {
            let _ = write!(self.out, "\n!{} = {}", n.id, self.s(n.body));
        }
        self.out.push('\n');
    }

    fn global_name(&mut self, g: GlobalId) {
        let gl = &self.m.globals[g];
        if gl.name.is_none() {
            let _ = write!(self.out, "@{}", self.global_nums[g.index()]);
        } else {
            self.out.push('@');
            self.out.push_str(gl.name.text(&self.m.text));
        }
    }

    fn linkage_prefix(&mut self, g: &Global) {
        // `external` is implied except on a variable without initializer.
        let var_decl = matches!(g.kind, GlobalKind::Var(VarDecl { init: None, .. }));
        if g.linkage != Linkage::External || var_decl {
            self.out.push_str(g.linkage.name());
            self.out.push(' ');
        }
        if g.dso_local {
            self.out.push_str("dso_local ");
        }
        match g.visibility {
            Visibility::Default => {}
            Visibility::Hidden => self.out.push_str("hidden "),
            Visibility::Protected => self.out.push_str("protected "),
        }
        match g.dll {
            DllStorage::None => {}
            DllStorage::Import => self.out.push_str("dllimport "),
            DllStorage::Export => self.out.push_str("dllexport "),
        }
    }

    fn tls_unnamed(&mut self, g: &Global) {
        match g.tls {
            ThreadLocal::None => {}
            ThreadLocal::GeneralDynamic => self.out.push_str("thread_local "),
            ThreadLocal::LocalDynamic => self.out.push_str("thread_local(localdynamic) "),
            ThreadLocal::InitialExec => self.out.push_str("thread_local(initialexec) "),
            ThreadLocal::LocalExec => self.out.push_str("thread_local(localexec) "),
        }
        self.unnamed(g.unnamed_addr);
    }

    fn unnamed(&mut self, u: UnnamedAddr) {
        match u {
            UnnamedAddr::None => {}
            UnnamedAddr::Global => self.out.push_str("unnamed_addr "),
            UnnamedAddr::Local => self.out.push_str("local_unnamed_addr "),
        }
    }

    fn comdat(&mut self, g: &Global, sep: &str) {
        match g.comdat {
            None => {}
            Some(ComdatRef::OwnName) => {
                let _ = write!(self.out, "{sep}comdat");
            }
            Some(ComdatRef::Named(i)) => {
                let n = self.m.comdats[i as usize].name;
                let _ = write!(self.out, "{sep}comdat({})", self.s(n));
            }
        }
    }

    fn global_attachments(&mut self, g: GlobalId, sep: &str) {
        let m = self.m;
        for a in m.global_md(g) {
            let _ = write!(self.out, "{sep}{} ", self.s(a.kind));
            self.md_ref(a.node);
        }
    }

    fn global(&mut self, g: GlobalId) {
        let m = self.m;
        let gl = &m.globals[g];
        let top = Ctx {
            consts: &m.consts,
            func: None,
        };
        match &gl.kind {
            GlobalKind::Var(v) => {
                self.global_name(g);
                self.out.push_str(" = ");
                self.linkage_prefix(gl);
                self.tls_unnamed(gl);
                if gl.addrspace != 0 {
                    let _ = write!(self.out, "addrspace({}) ", gl.addrspace);
                }
                if v.externally_initialized {
                    self.out.push_str("externally_initialized ");
                }
                self.out
                    .push_str(if v.constant { "constant " } else { "global " });
                self.ty(gl.value_ty.unwrap_or(TypeId::from_index(0)));
                if let Some(init) = v.init {
                    self.out.push(' ');
                    self.value(&top, init);
                }
                if let Some(s) = gl.section {
                    let _ = write!(self.out, ", section {}", self.s(s));
                }
                if let Some(s) = gl.partition {
                    let _ = write!(self.out, ", partition {}", self.s(s));
                }
                self.comdat(gl, ", ");
                if let Some(a) = gl.align {
                    let _ = write!(self.out, ", align {a}");
                }
                if let Some(s) = v.code_model {
                    let _ = write!(self.out, ", code_model {}", self.s(s));
                }
                self.global_attachments(g, ", ");
                if !v.attrs.is_empty() {
                    self.out.push(' ');
                    self.attrs(&m.attrs, v.attrs, false);
                    self.trim_space();
                }
                self.out.push('\n');
            }
            GlobalKind::Alias { aliasee: v } | GlobalKind::IFunc { resolver: v } => {
                self.global_name(g);
                self.out.push_str(" = ");
                self.linkage_prefix(gl);
                self.tls_unnamed(gl);
                self.out
                    .push_str(if matches!(gl.kind, GlobalKind::Alias { .. }) {
                        "alias "
                    } else {
                        "ifunc "
                    });
                self.ty(gl.value_ty.unwrap_or(TypeId::from_index(0)));
                self.out.push_str(", ");
                self.typed_value(&top, *v);
                if let Some(s) = gl.partition {
                    let _ = write!(self.out, ", partition {}", self.s(s));
                }
                self.global_attachments(g, ", ");
                self.out.push('\n');
            }
            GlobalKind::Func(fd) => self.function(g, gl, fd),
            GlobalKind::Undefined => {}
        }
    }

    fn trim_space(&mut self) {
        while self.out.ends_with(' ') {
            self.out.pop();
        }
    }

    fn function(&mut self, g: GlobalId, gl: &Global, fd: &FuncDecl) {
        let m = self.m;
        let body = fd.body.map(|b| &m.bodies[b as usize]);
        self.out.push_str(if body.is_some() {
            "\ndefine "
        } else {
            "\ndeclare "
        });
        if body.is_none() {
            // A declaration's attachments precede its header.
            for a in m.global_md(g) {
                let _ = write!(self.out, "{} ", self.s(a.kind));
                self.md_ref(a.node);
                self.out.push(' ');
            }
        }
        self.linkage_prefix(gl);
        if fd.cconv != 0 {
            self.cconv(fd.cconv);
        }
        if !fd.ret_attrs.is_empty() {
            self.attrs(&m.attrs, fd.ret_attrs, false);
        }
        let fty = gl.value_ty.unwrap_or(TypeId::from_index(0));
        let Type::Func { ret, vararg, .. } = m.types.get(fty) else {
            return;
        };
        let params = m.types.fields(fty).to_vec();
        self.ty(ret);
        self.out.push(' ');
        self.global_name(g);
        self.out.push('(');
        let numbering = body.map(|f| {
            number(
                f,
                m.types.lookup(&crate::types::TypeKey::Simple(Type::Void)),
            )
        });
        let plists = m.attrs.lists(fd.param_attrs).to_vec();
        for (i, &pt) in params.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.ty(pt);
            if let Some(&r) = plists.get(i) {
                if !r.is_empty() {
                    self.out.push(' ');
                    self.attrs(&m.attrs, r, false);
                    self.trim_space();
                }
            }
            if let (Some(f), Some(n)) = (body, &numbering) {
                let name = f.arg_names.get(i).copied().unwrap_or(Span::NONE);
                if name.is_none() {
                    let _ = write!(self.out, " %{}", n.args[i]);
                } else {
                    let _ = write!(self.out, " %{}", self.s(name));
                }
            }
        }
        if vararg {
            self.out
                .push_str(if params.is_empty() { "..." } else { ", ..." });
        }
        self.out.push(')');
        if gl.unnamed_addr != UnnamedAddr::None {
            self.out.push(' ');
            self.unnamed(gl.unnamed_addr);
            self.trim_space();
        }
        if gl.addrspace != 0 {
            let _ = write!(self.out, " addrspace({})", gl.addrspace);
        }
        if !fd.fn_attrs.is_empty() {
            self.out.push(' ');
            self.attrs(&m.attrs, fd.fn_attrs, false);
            self.trim_space();
        }
        if let Some(s) = gl.section {
            let _ = write!(self.out, " section {}", self.s(s));
        }
        if let Some(s) = gl.partition {
            let _ = write!(self.out, " partition {}", self.s(s));
        }
        self.comdat(gl, " ");
        if let Some(a) = gl.align {
            let _ = write!(self.out, " align {a}");
        }
        if let Some(s) = fd.gc {
            let _ = write!(self.out, " gc {}", self.s(s));
        }
        let top = Ctx {
            consts: &m.consts,
            func: None,
        };
        for (kw, v) in [
            ("prefix", fd.prefix),
            ("prologue", fd.prologue),
            ("personality", fd.personality),
        ] {
            if let Some(v) = v {
                let _ = write!(self.out, " {kw} ");
                self.typed_value(&top, v);
            }
        }
        if body.is_some() {
            self.global_attachments(g, " ");
        }
        let (Some(f), Some(n)) = (body, numbering) else {
            self.out.push('\n');
            return;
        };
        self.out.push_str(" {\n");
        let ctx = Ctx {
            consts: &f.consts,
            func: Some((f, &n, &params)),
        };
        let mut attach = 0usize;
        let mut dbg = 0usize;
        for b in f.blocks.keys() {
            let bd = f.blocks[b];
            if b.index() > 0 {
                self.out.push('\n');
                if bd.name.is_none() {
                    let _ = writeln!(self.out, "{}:", n.blocks[b.index()]);
                } else {
                    let _ = writeln!(self.out, "{}:", self.s(bd.name));
                }
            } else if !bd.name.is_none() {
                let _ = writeln!(self.out, "{}:", self.s(bd.name));
            }
            for i in f.block_insts(b) {
                while dbg < f.dbg_records.len() && f.dbg_records[dbg].before as usize == i.index() {
                    let r = f.dbg_records[dbg];
                    let _ = write!(self.out, "    {}(", self.s(r.kind));
                    for (k, &v) in r.ops.get(&f.operands).iter().enumerate() {
                        if k > 0 {
                            self.out.push_str(", ");
                        }
                        self.md_operand(&ctx, v, false);
                    }
                    self.out.push_str(")\n");
                    dbg += 1;
                }
                self.out.push_str("  ");
                self.inst(&ctx, f, &n, i);
                while attach < f.md_attach.len() && f.md_attach[attach].owner as usize == i.index()
                {
                    let a: MdAttach = f.md_attach[attach];
                    let _ = write!(self.out, ", {} ", self.s(a.kind));
                    self.md_ref(a.node);
                    attach += 1;
                }
                self.out.push('\n');
            }
        }
        self.out.push_str("}\n");
    }

    fn cconv(&mut self, c: u32) {
        match cconv_name(c) {
            Some(n) => {
                self.out.push_str(n);
                self.out.push(' ');
            }
            None => {
                let _ = write!(self.out, "cc {c} ");
            }
        }
    }

    /// Prints attributes, each followed by a space.
    fn attrs(&mut self, pool: &AttrPool, r: PoolRange, group: bool) {
        for a in pool.get(r) {
            match *a {
                Attr::Word(s) | Attr::Raw(s) => {
                    let _ = write!(self.out, "{} ", self.s(s));
                }
                Attr::Int(s, v) => {
                    let name = self.s(s);
                    if group && (name == "align" || name == "alignstack") {
                        let _ = write!(self.out, "{name}={v} ");
                    } else if name == "align" {
                        let _ = write!(self.out, "align {v} ");
                    } else {
                        let _ = write!(self.out, "{name}({v}) ");
                    }
                }
                Attr::Type(s, t) => {
                    let _ = write!(self.out, "{}(", self.s(s));
                    self.ty(t);
                    self.out.push_str(") ");
                }
                Attr::Str { key, value } => {
                    if value.is_none() {
                        let _ = write!(self.out, "{} ", self.s(key));
                    } else {
                        let _ = write!(self.out, "{}={} ", self.s(key), self.s(value));
                    }
                }
                Attr::Group(n) => {
                    let _ = write!(self.out, "#{n} ");
                }
            }
        }
    }

    fn struct_body(&mut self, packed: bool, fields: &[TypeId]) {
        write_struct_body(&self.m.types, packed, fields, &mut self.out);
    }

    fn ty(&mut self, t: TypeId) {
        write_type(&self.m.types, t, &mut self.out);
    }

    fn value_type(&self, ctx: &Ctx<'_>, v: Value) -> TypeId {
        match v.tag() {
            ValueTag::Const => ctx.consts.data[ConstId::from_index(v.index())].ty,
            ValueTag::Global => self.m.globals[GlobalId::from_index(v.index())]
                .ptr_ty
                .unwrap_or(TypeId::from_index(0)),
            ValueTag::Inst => ctx
                .func
                .map_or(TypeId::from_index(0), |(f, _, _)| f.ty[v.index()]),
            ValueTag::Arg => ctx
                .func
                .map_or(TypeId::from_index(0), |(_, _, p)| p[v.index()]),
            _ => self
                .m
                .types
                .lookup(&crate::types::TypeKey::Simple(Type::Label))
                .unwrap_or(TypeId::from_index(0)),
        }
    }

    fn typed_value(&mut self, ctx: &Ctx<'_>, v: Value) {
        let t = self.value_type(ctx, v);
        self.ty(t);
        self.out.push(' ');
        self.value(ctx, v);
    }

    fn value(&mut self, ctx: &Ctx<'_>, v: Value) {
        match v.tag() {
            ValueTag::Global => self.global_name(GlobalId::from_index(v.index())),
            ValueTag::Const => self.constant(ctx, ConstId::from_index(v.index())),
            ValueTag::Inst | ValueTag::Arg | ValueTag::Block => {
                let Some((f, n, _)) = ctx.func else { return };
                let (name, num) = match v.tag() {
                    ValueTag::Inst => (f.name[v.index()], n.insts[v.index()]),
                    ValueTag::Arg => (f.arg_names[v.index()], n.args[v.index()]),
                    _ => (
                        f.blocks[Block::from_index(v.index())].name,
                        n.blocks[v.index()],
                    ),
                };
                if name.is_none() {
                    let _ = write!(self.out, "%{num}");
                } else {
                    let _ = write!(self.out, "%{}", self.s(name));
                }
            }
            ValueTag::Asm => {
                let Some((f, _, _)) = ctx.func else { return };
                let a = f.asms[v.index()];
                self.out.push_str("asm ");
                for (on, kw) in [
                    (a.side_effect, "sideeffect "),
                    (a.align_stack, "alignstack "),
                    (a.intel_dialect, "inteldialect "),
                    (a.unwind, "unwind "),
                ] {
                    if on {
                        self.out.push_str(kw);
                    }
                }
                let _ = write!(
                    self.out,
                    "{}, {}",
                    self.s(a.template),
                    self.s(a.constraints)
                );
            }
            ValueTag::Meta => self.md_operand(ctx, v, true),
            ValueTag::Special => self.out.push_str("<bad>"),
        }
    }

    fn md_ref(&mut self, r: MdRef) {
        match r {
            MdRef::Node(n) => {
                let _ = write!(self.out, "!{n}");
            }
            MdRef::Raw(s) => self.out.push_str(s.text(&self.m.text)),
        }
    }

    fn md_operand(&mut self, ctx: &Ctx<'_>, v: Value, keyword: bool) {
        let Some((f, _, _)) = ctx.func else { return };
        if keyword {
            self.out.push_str("metadata ");
        }
        match f.meta[v.index()] {
            MdOperand::Value(_, x) => self.typed_value(ctx, x),
            MdOperand::Ref(r) => self.md_ref(r),
            MdOperand::ArgList(r) => {
                self.out.push_str("!DIArgList(");
                for (k, &(_, x)) in r.get(&f.md_values).iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    self.typed_value(ctx, x);
                }
                self.out.push(')');
            }
        }
    }

    fn int(&mut self, t: TypeId, v: u64) {
        let Type::Int(bits) = self.m.types.get(t) else {
            let _ = write!(self.out, "{v}");
            return;
        };
        if bits == 1 {
            self.out.push_str(if v & 1 == 1 { "true" } else { "false" });
        } else {
            let sh = 64 - bits;
            let sv = ((v << sh) as i64) >> sh;
            let _ = write!(self.out, "{sv}");
        }
    }

    fn big_int(&mut self, words: &[u64], bits: u32) {
        let mut w = words.to_vec();
        let neg = bits > 0 && (w[((bits - 1) / 64) as usize] >> ((bits - 1) % 64)) & 1 == 1;
        if neg {
            let mut carry = 1u128;
            for x in w.iter_mut() {
                let s = (!*x) as u128 + carry;
                *x = s as u64;
                carry = s >> 64;
            }
            let r = bits % 64;
            if r != 0 {
                if let Some(l) = w.last_mut() {
                    *l &= (1u64 << r) - 1;
                }
            }
        }
        let mut digits = Vec::new();
        while w.iter().any(|&x| x != 0) {
            let mut rem = 0u128;
            for x in w.iter_mut().rev() {
                let cur = (rem << 64) | *x as u128;
                *x = (cur / 10) as u64;
                rem = cur % 10;
            }
            digits.push(b'0' + rem as u8);
        }
        if digits.is_empty() {
            digits.push(b'0');
        }
        if neg {
            self.out.push('-');
        }
        digits.reverse();
        self.out
            .push_str(std::str::from_utf8(&digits).unwrap_or("0"));
    }

    fn float(&mut self, t: TypeId, bits: u64) {
        match self.m.types.get(t) {
            Type::Half => {
                let _ = write!(self.out, "0xH{bits:04X}");
            }
            Type::BFloat => {
                let _ = write!(self.out, "0xR{bits:04X}");
            }
            Type::Float => {
                let _ = write!(self.out, "0x{:016X}", f32_bits_to_f64_bits(bits as u32));
            }
            _ => {
                let _ = write!(self.out, "0x{bits:016X}");
            }
        }
    }

    fn constant(&mut self, ctx: &Ctx<'_>, c: ConstId) {
        let d = ctx.consts.get(c);
        match d.kind {
            ConstKind::Int(v) => self.int(d.ty, v),
            ConstKind::BigInt(r) => {
                let bits = match self.m.types.get(d.ty) {
                    Type::Int(b) => b,
                    _ => 64,
                };
                let w = r.get(&ctx.consts.words).to_vec();
                self.big_int(&w, bits);
            }
            ConstKind::Float(b) => self.float(d.ty, b),
            ConstKind::BigFloat(r) => {
                let w = r.get(&ctx.consts.words);
                let (lo, hi) = (w[0], w.get(1).copied().unwrap_or(0));
                let _ = match self.m.types.get(d.ty) {
                    Type::X86Fp80 => write!(self.out, "0xK{hi:04X}{lo:016X}"),
                    Type::PpcFp128 => write!(self.out, "0xM{lo:016X}{hi:016X}"),
                    _ => write!(self.out, "0xL{lo:016X}{hi:016X}"),
                };
            }
            ConstKind::Null => self.out.push_str("null"),
            ConstKind::Undef => self.out.push_str("undef"),
            ConstKind::Poison => self.out.push_str("poison"),
            ConstKind::Zero => self.out.push_str("zeroinitializer"),
            ConstKind::NoneToken => self.out.push_str("none"),
            ConstKind::CString(s) => {
                let _ = write!(self.out, "c\"{}\"", self.s(s));
            }
            ConstKind::Aggregate(r) => {
                let (open, close) = match self.m.types.get(d.ty) {
                    Type::Array { .. } => ("[", "]"),
                    Type::Vector { .. } => ("<", ">"),
                    Type::Struct { packed: true, .. } => ("<{ ", " }>"),
                    Type::Named { name } if self.m.types.named(name).body.is_some_and(|b| b.0) => {
                        ("<{ ", " }>")
                    }
                    _ => ("{ ", " }"),
                };
                let elems = r.get(&ctx.consts.elems);
                if elems.is_empty() {
                    self.out.push_str(open.trim_end());
                    self.out.push_str(close.trim_start());
                    return;
                }
                self.out.push_str(open);
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.typed_value(ctx, e);
                }
                self.out.push_str(close);
            }
            ConstKind::BlockAddress { func, block } => {
                self.out.push_str("blockaddress(");
                self.value(ctx, func);
                let _ = write!(self.out, ", {})", self.s(block));
            }
            ConstKind::DsoLocalEquivalent(g) => {
                self.out.push_str("dso_local_equivalent ");
                self.value(ctx, g);
            }
            ConstKind::NoCfi(g) => {
                self.out.push_str("no_cfi ");
                self.value(ctx, g);
            }
            ConstKind::Expr {
                op,
                flags,
                aux,
                ops,
            } => self.const_expr(ctx, d.ty, op, flags, aux, ops),
        }
    }

    fn op_flags(&mut self, op: Opcode, flags: u32) {
        if op == Opcode::GetElementPtr {
            for (bit, s) in [
                (inst::GEP_INBOUNDS, "inbounds "),
                (inst::GEP_NUSW, "nusw "),
                (inst::GEP_NUW, "nuw "),
            ] {
                if flags & bit != 0 && !(bit == inst::GEP_NUSW && flags & inst::GEP_INBOUNDS != 0) {
                    self.out.push_str(s);
                }
            }
            return;
        }
        for (bit, s) in [
            (inst::NUW, "nuw "),
            (inst::NSW, "nsw "),
            (inst::EXACT, "exact "),
            (inst::DISJOINT, "disjoint "),
            (inst::NNEG, "nneg "),
            (inst::SAMESIGN, "samesign "),
        ] {
            if flags & bit != 0 {
                self.out.push_str(s);
            }
        }
        if flags & inst::FMF_MASK == inst::FMF_MASK {
            self.out.push_str("fast ");
        } else {
            for (k, n) in inst::FMF_NAMES.iter().enumerate() {
                if flags & (1 << (inst::FMF_SHIFT + k as u32)) != 0 {
                    self.out.push_str(n);
                    self.out.push(' ');
                }
            }
        }
    }

    fn pred(&mut self, op: Opcode, flags: u32) {
        let p = (flags >> inst::PRED_SHIFT) & 0xFF;
        let name = if op == Opcode::ICmp {
            inst::INT_PRED_NAMES.get(p as usize)
        } else {
            inst::FLOAT_PRED_NAMES.get(p as usize)
        };
        self.out.push_str(name.copied().unwrap_or("eq"));
        self.out.push(' ');
    }

    fn const_expr(
        &mut self,
        ctx: &Ctx<'_>,
        ty: TypeId,
        op: Opcode,
        flags: u32,
        aux: TypeId,
        ops: PoolRange,
    ) {
        let vals = ops.get(&ctx.consts.elems).to_vec();
        self.out.push_str(op.name());
        self.out.push(' ');
        if matches!(op, Opcode::ICmp | Opcode::FCmp) {
            self.pred(op, flags);
        } else {
            self.op_flags(op, flags);
        }
        let mut vals = &vals[..];
        if op == Opcode::GetElementPtr && flags & inst::GEP_INRANGE != 0 && vals.len() >= 2 {
            let lo = self.const_i64(ctx, vals[0]);
            let hi = self.const_i64(ctx, vals[1]);
            let _ = write!(self.out, "inrange({lo}, {hi}) ");
            vals = &vals[2..];
        }
        self.out.push('(');
        if op == Opcode::GetElementPtr {
            self.ty(aux);
            self.out.push_str(", ");
        }
        let old_inrange = (flags >> inst::GEP_OLD_INRANGE_SHIFT) & 0xFF;
        for (i, &v) in vals.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if op == Opcode::GetElementPtr && old_inrange != 0 && i == old_inrange as usize {
                self.out.push_str("inrange ");
            }
            if op == Opcode::ExtractValue && i > 0 {
                self.value(ctx, v);
            } else {
                self.typed_value(ctx, v);
            }
        }
        if op.is_cast() {
            self.out.push_str(" to ");
            self.ty(ty);
        }
        self.out.push(')');
    }

    fn const_i64(&self, ctx: &Ctx<'_>, v: Value) -> i64 {
        match ctx.consts.get(ConstId::from_index(v.index())).kind {
            ConstKind::Int(x) => x as i64,
            _ => 0,
        }
    }

    fn ops_typed(&mut self, ctx: &Ctx<'_>, vals: &[Value]) {
        for (k, &v) in vals.iter().enumerate() {
            if k > 0 {
                self.out.push_str(", ");
            }
            self.typed_value(ctx, v);
        }
    }

    fn label(&mut self, ctx: &Ctx<'_>, v: Value) {
        self.out.push_str("label ");
        self.value(ctx, v);
    }

    fn align_suffix(&mut self, flags: u32) {
        if let Some(a) = inst::align_of(flags) {
            let _ = write!(self.out, ", align {a}");
        }
    }

    fn syncscope(&mut self, f: &Function, extra: u32) {
        if extra != u32::MAX {
            let s = Span {
                start: f.aux[extra as usize],
                end: f.aux[extra as usize + 1],
            };
            let _ = write!(self.out, " syncscope({})", self.s(s));
        }
    }

    fn ordering(&mut self, flags: u32, shift: u32) {
        let o = ((flags >> shift) & 0xF) as usize;
        let _ = write!(
            self.out,
            " {}",
            inst::ORDERING_NAMES.get(o).copied().unwrap_or("seq_cst")
        );
    }

    fn inst(&mut self, ctx: &Ctx<'_>, f: &Function, n: &Numbering, i: Inst) {
        let k = i.index();
        let op = f.opcode[k];
        let ty = f.ty[k];
        let flags = f.flags[k];
        let extra = f.extra[k];
        let ops = f.inst_ops(i);
        if !f.name[k].is_none() {
            let _ = write!(self.out, "%{} = ", self.s(f.name[k]));
        } else if n.insts[k] != u32::MAX {
            let _ = write!(self.out, "%{} = ", n.insts[k]);
        }
        use Opcode as O;
        match op {
            O::Call | O::Invoke | O::CallBr => {
                self.call(ctx, f, i);
                return;
            }
            _ => {}
        }
        self.out.push_str(op.name());
        self.out.push(' ');
        match op {
            O::Ret => {
                if ops.is_empty() {
                    self.out.push_str("void");
                } else {
                    self.typed_value(ctx, ops[0]);
                }
            }
            O::Br => {
                if ops.len() == 1 {
                    self.label(ctx, ops[0]);
                } else {
                    self.typed_value(ctx, ops[0]);
                    self.out.push_str(", ");
                    self.label(ctx, ops[1]);
                    self.out.push_str(", ");
                    self.label(ctx, ops[2]);
                }
            }
            O::Switch => {
                self.typed_value(ctx, ops[0]);
                self.out.push_str(", ");
                self.label(ctx, ops[1]);
                self.out.push_str(" [");
                for c in ops[2..].chunks(2) {
                    self.out.push_str("\n    ");
                    self.typed_value(ctx, c[0]);
                    self.out.push_str(", ");
                    self.label(ctx, c[1]);
                }
                self.out.push_str("\n  ]");
            }
            O::IndirectBr => {
                self.typed_value(ctx, ops[0]);
                self.out.push_str(", [");
                for (j, &d) in ops[1..].iter().enumerate() {
                    if j > 0 {
                        self.out.push_str(", ");
                    }
                    self.label(ctx, d);
                }
                self.out.push(']');
            }
            O::Resume | O::Freeze => self.typed_value(ctx, ops[0]),
            O::Unreachable => self.trim_space(),
            O::CatchSwitch => {
                self.out.push_str("within ");
                self.value(ctx, ops[0]);
                self.out.push_str(" [");
                let (handlers, unwind) = if ops.len() > 1 && self.is_unwind_dest(f, i) {
                    (&ops[1..ops.len() - 1], Some(ops[ops.len() - 1]))
                } else {
                    (&ops[1..], None)
                };
                for (j, &h) in handlers.iter().enumerate() {
                    if j > 0 {
                        self.out.push_str(", ");
                    }
                    self.label(ctx, h);
                }
                self.out.push_str("] unwind ");
                match unwind {
                    Some(u) => self.label(ctx, u),
                    None => self.out.push_str("to caller"),
                }
            }
            O::CatchRet => {
                self.out.push_str("from ");
                self.value(ctx, ops[0]);
                self.out.push_str(" to ");
                self.label(ctx, ops[1]);
            }
            O::CleanupRet => {
                self.out.push_str("from ");
                self.value(ctx, ops[0]);
                self.out.push_str(" unwind ");
                match ops.get(1) {
                    Some(&u) => self.label(ctx, u),
                    None => self.out.push_str("to caller"),
                }
            }
            O::CatchPad | O::CleanupPad => {
                self.out.push_str("within ");
                self.value(ctx, ops[0]);
                self.out.push_str(" [");
                self.ops_typed(ctx, &ops[1..]);
                self.out.push(']');
            }
            O::FNeg => {
                self.op_flags(op, flags);
                self.typed_value(ctx, ops[0]);
            }
            _ if op.is_binary() => {
                self.op_flags(op, flags);
                self.typed_value(ctx, ops[0]);
                self.out.push_str(", ");
                self.value(ctx, ops[1]);
            }
            _ if op.is_cast() => {
                self.op_flags(op, flags);
                self.typed_value(ctx, ops[0]);
                self.out.push_str(" to ");
                self.ty(ty);
            }
            O::ICmp | O::FCmp => {
                self.op_flags(op, flags & !(0xFF << inst::PRED_SHIFT));
                self.pred(op, flags);
                self.typed_value(ctx, ops[0]);
                self.out.push_str(", ");
                self.value(ctx, ops[1]);
            }
            O::Phi => {
                self.op_flags(op, flags);
                self.ty(ty);
                for (j, c) in ops.chunks(2).enumerate() {
                    self.out.push_str(if j > 0 { ", [ " } else { " [ " });
                    self.value(ctx, c[0]);
                    self.out.push_str(", ");
                    self.value(ctx, c[1]);
                    self.out.push_str(" ]");
                }
            }
            O::Select => {
                self.op_flags(op, flags);
                self.ops_typed(ctx, ops);
            }
            O::VAArg => {
                self.typed_value(ctx, ops[0]);
                self.out.push_str(", ");
                self.ty(ty);
            }
            O::ExtractElement | O::InsertElement | O::ShuffleVector => self.ops_typed(ctx, ops),
            O::ExtractValue | O::InsertValue => {
                self.ops_typed(ctx, ops);
                for idx in f.aux_list(i) {
                    let _ = write!(self.out, ", {idx}");
                }
            }
            O::Alloca => {
                if flags & inst::INALLOCA != 0 {
                    self.out.push_str("inalloca ");
                }
                if flags & inst::SWIFTERROR != 0 {
                    self.out.push_str("swifterror ");
                }
                self.ty(TypeId::from_u32(extra));
                if let Some(&c) = ops.first() {
                    self.out.push_str(", ");
                    self.typed_value(ctx, c);
                }
                self.align_suffix(flags);
                let a = (flags >> inst::ADDRSPACE_SHIFT) & 0xFF;
                if a != 0 {
                    let _ = write!(self.out, ", addrspace({a})");
                }
            }
            O::Load => {
                let atomic = flags & inst::ATOMIC != 0;
                if atomic {
                    self.out.push_str("atomic ");
                }
                if flags & inst::VOLATILE != 0 {
                    self.out.push_str("volatile ");
                }
                self.ty(ty);
                self.out.push_str(", ");
                self.typed_value(ctx, ops[0]);
                if atomic {
                    self.syncscope(f, extra);
                    self.ordering(flags, inst::ORDER_SHIFT);
                }
                self.align_suffix(flags);
            }
            O::Store => {
                let atomic = flags & inst::ATOMIC != 0;
                if atomic {
                    self.out.push_str("atomic ");
                }
                if flags & inst::VOLATILE != 0 {
                    self.out.push_str("volatile ");
                }
                self.ops_typed(ctx, ops);
                if atomic {
                    self.syncscope(f, extra);
                    self.ordering(flags, inst::ORDER_SHIFT);
                }
                self.align_suffix(flags);
            }
            O::Fence => {
                self.trim_space();
                self.syncscope(f, extra);
                self.ordering(flags, inst::ORDER_SHIFT);
            }
            O::CmpXchg => {
                if flags & inst::WEAK != 0 {
                    self.out.push_str("weak ");
                }
                if flags & inst::VOLATILE != 0 {
                    self.out.push_str("volatile ");
                }
                self.ops_typed(ctx, ops);
                self.syncscope(f, extra);
                self.ordering(flags, inst::ORDER_SHIFT);
                self.ordering(flags, inst::FAIL_ORDER_SHIFT);
                self.align_suffix(flags);
            }
            O::AtomicRmw => {
                if flags & inst::VOLATILE != 0 {
                    self.out.push_str("volatile ");
                }
                let r = ((flags >> inst::RMW_SHIFT) & 0xFF) as usize;
                let _ = write!(
                    self.out,
                    "{} ",
                    inst::RMW_NAMES.get(r).copied().unwrap_or("xchg")
                );
                self.ops_typed(ctx, ops);
                self.syncscope(f, extra);
                self.ordering(flags, inst::ORDER_SHIFT);
                self.align_suffix(flags);
            }
            O::GetElementPtr => {
                self.op_flags(op, flags);
                self.ty(TypeId::from_u32(extra));
                self.out.push_str(", ");
                self.ops_typed(ctx, ops);
            }
            O::LandingPad => {
                self.ty(ty);
                if flags & inst::CLEANUP != 0 {
                    self.out.push_str("\n          cleanup");
                }
                let kinds = f.aux_list(i).to_vec();
                for (j, &v) in ops.iter().enumerate() {
                    self.out.push_str(if kinds.get(j) == Some(&1) {
                        "\n          filter "
                    } else {
                        "\n          catch "
                    });
                    self.typed_value(ctx, v);
                }
            }
            _ => {}
        }
    }

    /// Whether a catchswitch's last operand is an unwind destination.
    fn is_unwind_dest(&self, f: &Function, i: Inst) -> bool {
        f.flags[i.index()] & inst::HAS_UNWIND != 0
    }

    fn call(&mut self, ctx: &Ctx<'_>, f: &Function, i: Inst) {
        let k = i.index();
        let op = f.opcode[k];
        let flags = f.flags[k];
        let info = *f.call_info(i);
        let ops = f.inst_ops(i);
        match inst::TailKind::from_flags(flags) {
            inst::TailKind::Tail if op == Opcode::Call => self.out.push_str("tail "),
            inst::TailKind::MustTail if op == Opcode::Call => self.out.push_str("musttail "),
            inst::TailKind::NoTail if op == Opcode::Call => self.out.push_str("notail "),
            _ => {}
        }
        self.out.push_str(op.name());
        self.out.push(' ');
        self.op_flags(op, flags & inst::FMF_MASK);
        if info.cconv != 0 {
            self.cconv(info.cconv);
        }
        if !info.ret_attrs.is_empty() {
            self.attrs(&f.attrs, info.ret_attrs, false);
        }
        if info.addrspace != 0 {
            let _ = write!(self.out, "addrspace({}) ", info.addrspace);
        }
        let Type::Func { ret, vararg, .. } = self.m.types.get(info.fn_ty) else {
            return;
        };
        if vararg {
            self.ty(info.fn_ty);
        } else {
            self.ty(ret);
        }
        self.out.push(' ');
        self.value(ctx, ops[0]);
        self.out.push('(');
        let nargs = info.num_args as usize;
        let lists = f.attrs.lists(info.arg_attrs).to_vec();
        for (j, &a) in ops[1..1 + nargs].iter().enumerate() {
            if j > 0 {
                self.out.push_str(", ");
            }
            if a.tag() == ValueTag::Meta {
                self.md_operand(ctx, a, true);
                continue;
            }
            let t = self.value_type(ctx, a);
            self.ty(t);
            self.out.push(' ');
            if let Some(&r) = lists.get(j) {
                self.attrs(&f.attrs, r, false);
            }
            self.value(ctx, a);
        }
        self.out.push(')');
        if !info.fn_attrs.is_empty() {
            self.out.push(' ');
            self.attrs(&f.attrs, info.fn_attrs, false);
            self.trim_space();
        }
        if !info.bundles.is_empty() {
            self.out.push_str(" [ ");
            for (j, b) in info.bundles.get(&f.bundles).iter().enumerate() {
                if j > 0 {
                    self.out.push_str(", ");
                }
                let _ = write!(self.out, "{}(", self.s(b.tag));
                self.ops_typed(ctx, b.ops.get(&f.operands));
                self.out.push(')');
            }
            self.out.push_str(" ]");
        }
        let rest = &ops[1 + nargs..];
        match op {
            Opcode::Invoke => {
                self.out.push_str("\n          to ");
                self.label(ctx, rest[0]);
                self.out.push_str(" unwind ");
                self.label(ctx, rest[1]);
            }
            Opcode::CallBr => {
                self.out.push_str("\n          to ");
                self.label(ctx, rest[0]);
                self.out.push_str(" [");
                for (j, &d) in rest[1..].iter().enumerate() {
                    if j > 0 {
                        self.out.push_str(", ");
                    }
                    self.label(ctx, d);
                }
                self.out.push(']');
            }
            _ => {}
        }
    }
}

/// The bits of the double equal to the float with bits `b` (exact, NaN
/// payloads included).
fn f32_bits_to_f64_bits(b: u32) -> u64 {
    let sign = ((b >> 31) as u64) << 63;
    let exp = (b >> 23) & 0xFF;
    let man = (b & 0x7F_FFFF) as u64;
    if exp == 0xFF {
        return sign | (0x7FFu64 << 52) | (man << 29);
    }
    if exp == 0 {
        if man == 0 {
            return sign;
        }
        return sign | (((f32::from_bits(b & 0x7FFF_FFFF) as f64).to_bits()) & !(1u64 << 63));
    }
    sign | ((exp as u64 + 1023 - 127) << 52) | (man << 29)
}

/// Appends the `.ll` spelling of type `t` to `out`. The one type speller:
/// the printer and diagnostics both use it.
pub fn write_type(types: &TypeTable, t: TypeId, out: &mut String) {
    let s = match types.get(t) {
        Type::Void => "void",
        Type::Half => "half",
        Type::BFloat => "bfloat",
        Type::Float => "float",
        Type::Double => "double",
        Type::X86Fp80 => "x86_fp80",
        Type::Fp128 => "fp128",
        Type::PpcFp128 => "ppc_fp128",
        Type::X86Amx => "x86_amx",
        Type::Label => "label",
        Type::Token => "token",
        Type::Metadata => "metadata",
        Type::Int(b) => {
            let _ = write!(out, "i{b}");
            return;
        }
        Type::Ptr(0) => "ptr",
        Type::Ptr(a) => {
            let _ = write!(out, "ptr addrspace({a})");
            return;
        }
        Type::TypedPtr { pointee, addrspace } => {
            write_type(types, pointee, out);
            if addrspace != 0 {
                let _ = write!(out, " addrspace({addrspace})");
            }
            out.push('*');
            return;
        }
        Type::Array { len, elem } => {
            let _ = write!(out, "[{len} x ");
            write_type(types, elem, out);
            out.push(']');
            return;
        }
        Type::Vector { len, elem } => {
            let _ = write!(out, "<{len} x ");
            write_type(types, elem, out);
            out.push('>');
            return;
        }
        Type::Struct { packed, .. } => {
            write_struct_body(types, packed, types.fields(t), out);
            return;
        }
        Type::Named { name } => {
            let _ = write!(out, "%{}", types.named(name).name);
            return;
        }
        Type::Func { ret, vararg, .. } => {
            write_type(types, ret, out);
            out.push_str(" (");
            let ps = types.fields(t);
            for (i, &p) in ps.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(types, p, out);
            }
            if vararg {
                out.push_str(if ps.is_empty() { "..." } else { ", ..." });
            }
            out.push(')');
            return;
        }
    };
    out.push_str(s);
}

/// Appends a struct body `{ a, b }` (or `<{ ... }>` when packed) to `out`.
fn write_struct_body(types: &TypeTable, packed: bool, fields: &[TypeId], out: &mut String) {
    if packed {
        out.push('<');
    }
    if fields.is_empty() {
        out.push_str("{}");
    } else {
        out.push_str("{ ");
        for (i, &f) in fields.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_type(types, f, out);
        }
        out.push_str(" }");
    }
    if packed {
        out.push('>');
    }
}
