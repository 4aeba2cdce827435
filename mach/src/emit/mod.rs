//! The target-independent part of the assembly printer: everything llc's
//! `AsmPrinter` and the ELF `TargetLoweringObjectFile` decide for a module
//! apart from the instructions of function bodies.
//!
//! Pipeline position: the last stage. It reads the frozen [`Module`] and
//! drives an [`rcc_mc::Streamer`] (the object streamer for `.o`, the
//! assembly streamer for `.s`). A module is emitted in llc-19's order:
//!
//! ```text
//! begin_module          .text, .file "name"
//! for each function:    begin_function ─ body (target emitter) ─ end_function
//! emit_globals          variables (+ ctors/dtors), declaration visibility,
//!                       aliases, ifuncs, .weak for extern_weak declarations
//! finish_module         .ident, .note.GNU-stack, .addrsig
//! ```
//!
//! [`ModuleEmitter`] holds what every step needs and computes once: the
//! symbol name of each global, the `llvm.used` set and the ordinal of each
//! defined function. It only reads the module, so one emitter can serve
//! several per-worker streamers.
//!
//! Submodules: `symbols` (names, linkage-derived properties), `classify`
//! (section kinds, relocation needs), `align` (global alignment rules),
//! `sections` (ELF section choice), `unique` (`,unique,N` ids), `fold` and `lower` (constant folding and
//! lowering to MC expressions), `constants` (initializer bytes), `globals`
//! (variables, structors, aliases), `gotequiv` (globals llc holds back),
//! `module` (file-level directives) and
//! `function` (function headers and trailers), `eh_words` (PIC unwind
//! indirection words).

mod align;
mod classify;
mod constants;
mod eh_words;
mod fold;
mod function;
mod globals;
pub mod gnu_property;
pub(crate) use module::global_refs;
mod gotequiv;
mod lower;
mod module;
mod sections;
mod symbols;
mod unique;

use rcc_ir::layout::DataLayout;
use rcc_ir::module::{GlobalId, Module};
use rcc_mc::{McError, Streamer};
use std::fmt;

pub use function::FunctionSymbols;
pub use symbols::is_dso_local;

/// The relocation model.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum RelocModel {
    Static,
    /// Position-independent code (llc's `-relocation-model=pic`).
    #[default]
    Pic,
}

/// Options of module-level emission (one struct; see DESIGN.md).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct EmitOptions {
    /// Static or PIC: in PIC, read-only data that needs dynamic relocations
    /// goes to `.data.rel.ro`, and `dso_local` definitions get `.L<name>$local`
    /// aliases when the module is not PIE.
    pub reloc: RelocModel,
    /// Emit `.addrsig` and `.addrsig_sym` (llc's `-addrsig`, clang's default).
    pub addrsig: bool,
    /// Each function in a section of its own, `.text.<name>` (llc's
    /// `-function-sections`).
    pub function_sections: bool,
    /// Each variable in a section of its own, `.data.<name>` and so on,
    /// except mergeable constants (llc's `-data-sections`).
    pub data_sections: bool,
    /// A `.stack_sizes` entry per function (llc's `-stack-size-section`).
    pub stack_size_section: bool,
}

/// What went wrong while emitting one global (or the module when `global`
/// is empty).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EmitError {
    /// The IR name of the global, with its `@`; empty for module-level errors.
    pub global: String,
    pub kind: ErrorKind,
}

/// The kinds of [`EmitError`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// A construct llc supports that this emitter does not (yet).
    Unsupported(String),
    /// Input llc would reject (what the verifier does not check).
    Invalid(String),
    /// The streamer refused a directive.
    Mc(McError),
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.global.is_empty() {
            write!(f, "global '{}': ", self.global)?;
        }
        match &self.kind {
            ErrorKind::Unsupported(m) => write!(f, "unsupported: {m}"),
            ErrorKind::Invalid(m) => write!(f, "{m}"),
            ErrorKind::Mc(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EmitError {}

/// Result of the emitter's functions.
pub type EmitResult<T> = Result<T, EmitError>;

/// Module-wide state of emission; see the module comment.
pub struct ModuleEmitter<'m> {
    m: &'m Module,
    dl: &'m DataLayout,
    opts: EmitOptions,
    syms: symbols::Symbols,
    /// Unique ids of explicit sections.
    unique: unique::Ids,
    /// GOT-equivalent globals, emitted after the other variables.
    got_equiv: Vec<bool>,
    /// (function, IR block) pairs whose address a global initializer takes
    /// (`blockaddress`), sorted.
    block_addrs: Vec<(GlobalId, u32)>,
    /// The assembler of inline and module-level asm (none: such asm is an
    /// error).
    asm: Option<&'m dyn rcc_mc::AsmTextAssembler>,
}

impl<'m> ModuleEmitter<'m> {
    /// Prepares emission of `m`: names every global and collects the
    /// `llvm.used` set.
    pub fn new(m: &'m Module, dl: &'m DataLayout, opts: &EmitOptions) -> EmitResult<Self> {
        let syms = symbols::Symbols::new(m, opts)?;
        let mut em = ModuleEmitter {
            m,
            dl,
            opts: *opts,
            syms,
            unique: unique::Ids::new(),
            got_equiv: gotequiv::find(m),
            block_addrs: block_addresses(m),
            asm: None,
        };
        em.unique = unique::assign(&em);
        Ok(em)
    }

    /// Gives the emitter an assembler for inline and module-level asm.
    pub fn with_assembler(mut self, a: &'m dyn rcc_mc::AsmTextAssembler) -> Self {
        self.asm = Some(a);
        self
    }

    /// The assembler of inline asm, if one was given.
    pub fn assembler(&self) -> Option<&'m dyn rcc_mc::AsmTextAssembler> {
        self.asm
    }

    /// The assembler symbol name of global `g` (`.L` prefix for private
    /// linkage, `__unnamed_N` for numbered globals, no `\01`).
    /// The options of emission.
    pub fn options(&self) -> &EmitOptions {
        &self.opts
    }

    /// The module.
    pub fn module(&self) -> &'m Module {
        self.m
    }

    pub fn symbol_name(&self, g: GlobalId) -> &str {
        self.syms.name(g)
    }

    /// The MC symbol of global `g`, created in the streamer's context.
    pub fn symbol(&self, g: GlobalId, out: &mut dyn Streamer) -> rcc_mc::SymbolId {
        out.ctx().symbol(self.syms.name(g))
    }

    /// The symbol code should use to refer to `g` when it wants the
    /// definition in this module (llc's `getSymbolPreferLocal`): the
    /// `.L<name>$local` alias where one is emitted, else the symbol itself.
    pub fn symbol_prefer_local(&self, g: GlobalId, out: &mut dyn Streamer) -> rcc_mc::SymbolId {
        match self.syms.local_alias_name(self.m, g) {
            Some(n) => out.ctx().symbol(&n),
            None => self.symbol(g, out),
        }
    }

    /// Whether a global initializer takes the address of IR block `b` of
    /// function `g`: its code must then carry the label
    /// [`ModuleEmitter::block_address_label`].
    pub fn block_address_taken(&self, g: GlobalId, b: u32) -> bool {
        self.block_addrs.binary_search(&(g, b)).is_ok()
    }

    /// The label of IR block `b` of function `g` for `blockaddress`.
    pub fn block_address_label(&self, g: GlobalId, b: u32) -> Option<String> {
        let f = self.function_ordinal(g)?;
        Some(crate::symbols::block_address_label(f, b))
    }

    /// The ordinal of defined function `g` among the functions llc emits, in
    /// module order (it numbers the `.Lfunc_endN` labels).
    pub fn function_ordinal(&self, g: GlobalId) -> Option<u32> {
        self.syms.ordinal(g)
    }

    /// The start of the output: `.text` and `.file`.
    pub fn begin_module(&self, out: &mut dyn Streamer) -> EmitResult<()> {
        module::begin(self, out)
    }

    /// Every global variable definition in module order, then declaration
    /// visibility, aliases, ifuncs and `.weak` for extern_weak declarations,
    /// as llc-19 emits them after the last function.
    pub fn emit_globals(&self, out: &mut dyn Streamer) -> EmitResult<()> {
        globals::emit_all(self, out)
    }

    /// The end of the output: `.ident`, `.note.GNU-stack` and, with
    /// [`EmitOptions::addrsig`], the address-significance table.
    pub fn finish_module(&self, out: &mut dyn Streamer) -> EmitResult<()> {
        module::finish(self, out)
    }

    /// The header of defined function `g`: section, linkage, visibility,
    /// alignment, `.type` and the entry label. See [`FunctionSymbols`].
    pub fn begin_function(
        &self,
        g: GlobalId,
        out: &mut dyn Streamer,
    ) -> EmitResult<FunctionSymbols> {
        function::begin(self, g, out)
    }

    /// The trailer of a function: the end label and `.size`.
    pub fn end_function(&self, f: &FunctionSymbols, out: &mut dyn Streamer) -> EmitResult<()> {
        function::end(self, f, out)
    }

    /// The constant folder over this module.
    fn folder(&self) -> fold::Folder<'_> {
        fold::Folder {
            m: self.m,
            dl: self.dl,
        }
    }

    /// An error about global `g`.
    fn err(&self, g: GlobalId, kind: ErrorKind) -> EmitError {
        EmitError {
            global: symbols::ir_name(self.m, g),
            kind,
        }
    }

    fn unsupported(&self, g: GlobalId, what: impl Into<String>) -> EmitError {
        self.err(g, ErrorKind::Unsupported(what.into()))
    }

    fn invalid(&self, g: GlobalId, what: impl Into<String>) -> EmitError {
        self.err(g, ErrorKind::Invalid(what.into()))
    }

    /// Wraps a streamer error as an error about `g`.
    fn mc(&self, g: GlobalId) -> impl Fn(McError) -> EmitError + '_ {
        move |e| self.err(g, ErrorKind::Mc(e))
    }
}

/// Emits every global variable definition of `m` (and its aliases, ifuncs
/// and static constructor tables) into `out`, as llc-19 does for
/// x86_64-linux-gnu after the module's functions.
pub fn emit_globals(
    m: &Module,
    dl: &DataLayout,
    opts: &EmitOptions,
    out: &mut dyn Streamer,
) -> EmitResult<()> {
    ModuleEmitter::new(m, dl, opts)?.emit_globals(out)
}

/// A module error (not tied to one global).
fn module_error(kind: ErrorKind) -> EmitError {
    EmitError {
        global: String::new(),
        kind,
    }
}

/// The blocks `blockaddress` constants of global initializers name.
fn block_addresses(m: &Module) -> Vec<(GlobalId, u32)> {
    let mut out: Vec<(GlobalId, u32)> = m
        .consts
        .data
        .values()
        .filter_map(|c| match c.kind {
            rcc_ir::constant::ConstKind::BlockAddress { func, block } => {
                rcc_ir::verify::block_address_target(m, func, block).map(|(g, b)| (g, b.as_u32()))
            }
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
