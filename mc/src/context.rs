//! `MCContext`: owns interned symbols, sections and expressions for one
//! output object.
//!
//! Invariants: symbol names and `(section name, group, unique id)` keys are
//! unique; ids handed out stay valid for the life of the context (until
//! `clear`). Iteration order
//! is always id order (creation order), never hash order.

use crate::expr::{BinOp, Expr, ExprId, ExprPool, ExprWriter, SymbolId, VariantKind};
use crate::section::{Section, SectionId};
use crate::symbol::Symbol;
use ahash::AHashMap as HashMap;
use hashbrown::HashTable;
use rcc_ir::entity::{PackedOption, PrimaryMap};

/// Symbols, sections and expressions of one object.
#[derive(Default, Debug)]
pub struct MCContext {
    pub symbols: PrimaryMap<SymbolId, Symbol>,
    /// Symbols by name: the table holds ids and hashes the names kept in
    /// `symbols`, so a new symbol allocates its name once.
    sym_by_name: HashTable<SymbolId>,
    hasher: ahash::RandomState,
    pub sections: PrimaryMap<SectionId, Section>,
    #[allow(clippy::type_complexity)]
    sec_by_key: HashMap<
        (
            String,
            PackedOption<SymbolId>,
            Option<u32>,
            PackedOption<SectionId>,
        ),
        SectionId,
    >,
    pub exprs: ExprPool,
    next_tmp: u32,
}

impl MCContext {
    /// An empty context.
    pub fn new() -> Self {
        Self::default()
    }

    /// The symbol named `name`, created undefined if new.
    pub fn symbol(&mut self, name: &str) -> SymbolId {
        let h = self.hasher.hash_one(name);
        if let Some(s) = self.find_symbol(h, name) {
            return s;
        }
        self.insert_symbol(h, Symbol::new(name))
    }

    /// The label named `name`, marked [function-local](crate::Symbol::function_local):
    /// the caller promises that nothing outside the function being emitted
    /// (other functions, module data) refers to it by name. Otherwise as
    /// [`symbol`](Self::symbol).
    pub fn function_label(&mut self, name: &str) -> SymbolId {
        let s = self.symbol(name);
        self.symbols[s].function_local = true;
        s
    }

    /// The symbol named `name`, if it exists.
    pub fn lookup_symbol(&self, name: &str) -> Option<SymbolId> {
        self.find_symbol(self.hasher.hash_one(name), name)
    }

    fn find_symbol(&self, hash: u64, name: &str) -> Option<SymbolId> {
        let symbols = &self.symbols;
        self.sym_by_name
            .find(hash, |&s| symbols[s].name == name)
            .copied()
    }

    /// Adds `sym`, whose name (hashing to `hash`) is new.
    fn insert_symbol(&mut self, hash: u64, sym: Symbol) -> SymbolId {
        let s = self.symbols.push(sym);
        let (symbols, hasher) = (&self.symbols, &self.hasher);
        self.sym_by_name
            .insert_unique(hash, s, |&t| hasher.hash_one(symbols[t].name.as_str()));
        s
    }

    /// A fresh temporary label (`.Lrcc.tmp<N>`; a name compilers do not use,
    /// since a label defined later in the source must not collide).
    pub fn temp_symbol(&mut self) -> SymbolId {
        use std::fmt::Write;
        let mut name = String::with_capacity(20);
        loop {
            name.clear();
            let _ = write!(name, ".Lrcc.tmp{}", self.next_tmp);
            self.next_tmp += 1;
            let h = self.hasher.hash_one(name.as_str());
            if self.find_symbol(h, &name).is_none() {
                let mut sym = Symbol::new(&name);
                sym.anonymous = true;
                return self.insert_symbol(h, sym);
            }
        }
    }

    /// Forgets every symbol, section and expression, keeping the tables'
    /// capacity (a per-worker context is reused across functions). Ids
    /// handed out before are invalid afterwards.
    pub fn clear(&mut self) {
        self.symbols.clear();
        self.sym_by_name.clear();
        self.sections.clear();
        self.sec_by_key.clear();
        self.exprs.clear();
        self.next_tmp = 0;
    }

    /// The section `(name, group)`, created with the given attributes if new.
    /// An existing section keeps its attributes.
    pub fn section(
        &mut self,
        name: &str,
        sh_type: u32,
        flags: u64,
        entsize: u64,
        group: Option<SymbolId>,
    ) -> SectionId {
        self.section_unique(name, sh_type, flags, entsize, group, None)
    }

    /// The section `(name, group, unique)`: with `Some(n)`, a section
    /// distinct from every other of the same name (`,unique,n`).
    pub fn section_unique(
        &mut self,
        name: &str,
        sh_type: u32,
        flags: u64,
        entsize: u64,
        group: Option<SymbolId>,
        unique: Option<u32>,
    ) -> SectionId {
        self.section_linked(name, sh_type, flags, entsize, group, unique, None)
    }

    /// The section `(name, group, unique, link)`: with `Some(l)`, a
    /// `SHF_LINK_ORDER` section linked to section `l`, distinct for each `l`.
    #[allow(clippy::too_many_arguments)]
    pub fn section_linked(
        &mut self,
        name: &str,
        sh_type: u32,
        flags: u64,
        entsize: u64,
        group: Option<SymbolId>,
        unique: Option<u32>,
        link: Option<SectionId>,
    ) -> SectionId {
        let key = (
            name.to_string(),
            PackedOption::from(group),
            unique,
            PackedOption::from(link),
        );
        if let Some(&s) = self.sec_by_key.get(&key) {
            return s;
        }
        let s = self.sections.push(Section {
            name: name.to_string(),
            sh_type,
            flags,
            entsize,
            align: 1,
            group: group.into(),
            unique,
            link: link.into(),
        });
        self.sec_by_key.insert(key, s);
        s
    }

    /// The section `name` with GNU as's default type and flags for it, for
    /// the names whose defaults do not depend on the target (`.text`,
    /// `.data`, `.bss`, ...; not `.eh_frame`).
    pub fn default_section(&mut self, name: &str) -> SectionId {
        let (t, f) = Section::defaults_for(name, crate::section::sht::PROGBITS);
        self.section(name, t, f, 0, None)
    }

    /// `.text`.
    pub fn text(&mut self) -> SectionId {
        self.default_section(".text")
    }

    /// Adds an expression node.
    pub fn expr(&mut self, e: Expr) -> ExprId {
        self.exprs.add(e)
    }

    /// A reference to `sym` with `variant`.
    pub fn sym_ref(&mut self, sym: SymbolId, variant: VariantKind) -> ExprId {
        self.exprs.add(Expr::Symbol(sym, variant))
    }

    fn write_inner(&self, e: ExprId, out: &mut String, top: bool) {
        match self.exprs.get(e) {
            Expr::Constant(v) => out.push_str(&v.to_string()),
            Expr::Symbol(s, v) => {
                out.push_str(&crate::symbol::name_text(&self.symbols[s].name));
                if v != VariantKind::None {
                    out.push('@');
                    out.push_str(v.name());
                }
            }
            Expr::Neg(a) => {
                out.push('-');
                self.write_inner(a, out, false);
            }
            Expr::Not(a) => {
                out.push('~');
                self.write_inner(a, out, false);
            }
            Expr::Binary(op, a, b) => {
                if !top {
                    out.push('(');
                }
                self.write_inner(a, out, matches!(op, BinOp::Add | BinOp::Sub));
                // `a+-4` reads badly; print `a-4`.
                match (op, self.exprs.get(b)) {
                    (BinOp::Add, Expr::Constant(v)) if v < 0 => {
                        out.push('-');
                        out.push_str(&v.unsigned_abs().to_string());
                    }
                    _ => {
                        out.push_str(op.symbol());
                        self.write_inner(b, out, false);
                    }
                }
                if !top {
                    out.push(')');
                }
            }
        }
    }
}

impl ExprWriter for MCContext {
    fn write_expr(&self, e: ExprId, out: &mut String) {
        self.write_inner(e, out, true);
    }
}
