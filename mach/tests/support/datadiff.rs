//! The differential check of module-level data against llc-19, shared by
//! `tests/data_vs_llc.rs` and `examples/data_diff.rs`.
//!
//! A module is first reduced to its data: defined functions become
//! declarations (local linkage made external, comdats, sections and
//! prefix/prologue/personality dropped), and so do globals llc could not
//! keep without function bodies (initializers with `blockaddress`, aliases
//! of functions, ifuncs). The reduced text is printed with rcc's
//! printer; llc-19 compiles it to an object, and rcc's emitter writes the
//! same module through the object streamer. The two objects are compared
//! section by section (type, flags, entry size, alignment, size, bytes,
//! relocations with their targets by name) and symbol by symbol (binding,
//! type, visibility, section, value, size), plus COMDAT groups. `.text`
//! (empty on both sides) is not compared.
//!
//! Function headers are checked the same way on modules whose functions
//! all compile to a bare `retq` (`ret void`, `nounwind`): rcc emits each
//! with `begin_function`, one `retq` and `end_function`, and llc compiles
//! the module as it is; `.text` is compared too.

use object::read::elf::{ElfFile64, ElfSymbol64, FileHeader, SectionHeader};
use object::{
    Object, ObjectComdat, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget,
    SymbolSection,
};
use rcc_ir::constant::ConstKind;
use rcc_ir::module::{GlobalKind, Linkage, Module};
use rcc_ir::types::TypeLookup;
use rcc_ir::value::ValueTag;
use rcc_mach::emit::{EmitOptions, ModuleEmitter, RelocModel};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// The data-only form of a module, as `.ll` text, and how many globals had
/// to be turned into declarations besides functions.
pub fn strip_bodies(text: &str, file: &str) -> Result<(String, usize), String> {
    let mut m = rcc_ir::parse_module(text.to_string(), file).map_err(|e| e.to_string())?;
    let mut demoted = 0;
    let ids: Vec<_> = m.globals.keys().collect();
    for g in ids {
        let drop_var = match &m.globals[g].kind {
            GlobalKind::Var(v) => v.init.is_some_and(|i| has_blockaddress(&m, i, 0)),
            _ => false,
        };
        let alias_or_ifunc = match m.globals[g].kind {
            GlobalKind::Alias { aliasee } => aliases_function(&m, aliasee, 0),
            GlobalKind::IFunc { .. } => true,
            _ => false,
        };
        let gl = &mut m.globals[g];
        match &mut gl.kind {
            GlobalKind::Func(f) => {
                if f.body.is_none() {
                    continue;
                }
                f.body = None;
                f.prefix = None;
                f.prologue = None;
                f.personality = None;
            }
            GlobalKind::Var(v) if drop_var => {
                v.init = None;
                v.constant = false;
                demoted += 1;
            }
            _ if alias_or_ifunc => {
                let ty = gl.value_ty;
                let is_fn = ty.is_some_and(|t| matches!(m.types.get(t), rcc_ir::Type::Func { .. }));
                if is_fn {
                    gl.kind = GlobalKind::Func(Box::default());
                } else {
                    gl.kind = GlobalKind::Var(Default::default());
                }
                demoted += 1;
            }
            _ => continue,
        }
        if gl.linkage != Linkage::ExternWeak {
            gl.linkage = Linkage::External;
        }
        gl.comdat = None;
        gl.section = None;
        gl.partition = None;
        gl.md = Default::default();
    }
    Ok((rcc_ir::print_module(&m), demoted))
}

/// Whether an aliasee is based on a function (through casts, GEPs and
/// other aliases): such aliases cannot outlive the function bodies.
fn aliases_function(m: &Module, v: rcc_ir::Value, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    if let Some(g) = v.as_entity::<rcc_ir::GlobalId>(ValueTag::Global) {
        return match m.globals[g].kind {
            GlobalKind::Func(_) => true,
            GlobalKind::Alias { aliasee } => aliases_function(m, aliasee, depth + 1),
            _ => false,
        };
    }
    match v.as_entity::<rcc_ir::constant::ConstId>(ValueTag::Const) {
        Some(c) => m
            .consts
            .operands(c)
            .iter()
            .any(|&e| aliases_function(m, e, depth + 1)),
        None => false,
    }
}

/// Whether constant `v` contains a `blockaddress`.
fn has_blockaddress(m: &Module, v: rcc_ir::Value, depth: u32) -> bool {
    let Some(c) = v.as_entity::<rcc_ir::constant::ConstId>(ValueTag::Const) else {
        return false;
    };
    if depth > 256 {
        return false;
    }
    matches!(m.consts.get(c).kind, ConstKind::BlockAddress { .. })
        || m.consts
            .operands(c)
            .iter()
            .any(|&e| has_blockaddress(m, e, depth + 1))
}

/// Whether `$ADDRSIG` asks for address-significance tables (llc's
/// `-addrsig`) on both sides.
fn addrsig() -> bool {
    std::env::var_os("ADDRSIG").is_some()
}

fn options(reloc: RelocModel) -> EmitOptions {
    EmitOptions {
        reloc,
        addrsig: addrsig(),
        ..EmitOptions::default()
    }
}

/// rcc's object for the (data-only) module text.
pub fn rcc_object(text: &str, file: &str, reloc: RelocModel) -> Result<Vec<u8>, String> {
    let m = rcc_ir::parse_module(text.to_string(), file).map_err(|e| e.to_string())?;
    let dl = m.data_layout()?;
    let opts = options(reloc);
    let backend = rcc_targets::x86_64::backend::X86Backend;
    let mut out = rcc_mc::ObjectStreamer::new(&backend);
    let em = ModuleEmitter::new(&m, &dl, &opts).map_err(|e| e.to_string())?;
    em.begin_module(&mut out).map_err(|e| e.to_string())?;
    em.emit_globals(&mut out).map_err(|e| e.to_string())?;
    em.finish_module(&mut out).map_err(|e| e.to_string())?;
    out.finish().map_err(|e| e.to_string())
}

/// rcc's object for a module whose every function is emitted as a header,
/// one `retq` and a trailer.
pub fn rcc_functions_object(text: &str, file: &str, reloc: RelocModel) -> Result<Vec<u8>, String> {
    let m = rcc_ir::parse_module(text.to_string(), file).map_err(|e| e.to_string())?;
    let dl = m.data_layout()?;
    let opts = options(reloc);
    let backend = rcc_targets::x86_64::backend::X86Backend;
    let mut out = rcc_mc::ObjectStreamer::new(&backend);
    let em = ModuleEmitter::new(&m, &dl, &opts).map_err(|e| e.to_string())?;
    em.begin_module(&mut out).map_err(|e| e.to_string())?;
    for &g in &m.order {
        if em.function_ordinal(g).is_none() {
            continue;
        }
        let f = em.begin_function(g, &mut out).map_err(|e| e.to_string())?;
        let ret = rcc_mc::MCInst::new(rcc_targets::x86_64::op::RET64.0);
        rcc_mc::Streamer::emit_inst(&mut out, &ret).map_err(|e| e.to_string())?;
        em.end_function(&f, &mut out).map_err(|e| e.to_string())?;
    }
    em.emit_globals(&mut out).map_err(|e| e.to_string())?;
    em.finish_module(&mut out).map_err(|e| e.to_string())?;
    out.finish().map_err(|e| e.to_string())
}

/// llc-19's object for the `.ll` file at `path` (`$LLC` overrides the
/// tool).
pub fn llc_object(path: &Path, reloc: RelocModel) -> Result<Vec<u8>, String> {
    let out = path.with_extension(match reloc {
        RelocModel::Pic => "llc-pic.o",
        RelocModel::Static => "llc-static.o",
    });
    let model = match reloc {
        RelocModel::Pic => "pic",
        RelocModel::Static => "static",
    };
    let llc = std::env::var("LLC").unwrap_or_else(|_| "llc-19".into());
    let r = Command::new(&llc)
        .args([
            "-O0",
            "-filetype=obj",
            &format!("-relocation-model={model}"),
        ])
        .args(addrsig().then_some("-addrsig"))
        .arg("-o")
        .arg(&out)
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run {llc}: {e}"))?;
    if !r.status.success() {
        return Err(format!(
            "{llc} failed: {}",
            String::from_utf8_lossy(&r.stderr)
                .lines()
                .next()
                .unwrap_or("")
        ));
    }
    std::fs::read(&out).map_err(|e| e.to_string())
}

/// Whether llc-19 can be run.
pub fn have_llc() -> bool {
    Command::new("llc-19")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `SHT_LLVM_ADDRSIG`.
const SHT_LLVM_ADDRSIG: u32 = 0x6fff_4c03;

#[derive(Debug, PartialEq)]
struct Sec {
    sh_type: u32,
    flags: u64,
    entsize: u64,
    align: u64,
    size: u64,
    data: Vec<u8>,
    relocs: Vec<(u64, u32, String, i64)>,
}

#[derive(Debug, PartialEq)]
struct Sym {
    info: u8,
    other: u8,
    section: String,
    value: u64,
    size: u64,
}

struct Summary {
    sections: BTreeMap<String, Sec>,
    symbols: BTreeMap<String, Sym>,
    groups: BTreeMap<String, Vec<String>>,
}

fn summarize(bytes: &[u8], with_text: bool) -> Result<Summary, String> {
    let file: ElfFile64 = ElfFile64::parse(bytes).map_err(|e| e.to_string())?;
    let endian = file.endian();
    let mut sections = BTreeMap::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let sec_name = |i: object::SectionIndex| {
        file.section_by_index(i)
            .ok()
            .and_then(|s| s.name().ok().map(str::to_string))
            .unwrap_or_else(|| format!("#{}", i.0))
    };
    let sym_name = |i: object::SymbolIndex| -> String {
        match file.symbol_by_index(i) {
            Ok(s) if s.kind() == object::SymbolKind::Section => match s.section() {
                SymbolSection::Section(si) => format!("[section {}]", sec_name(si)),
                _ => "[section ?]".into(),
            },
            Ok(s) => s.name().unwrap_or("?").to_string(),
            Err(_) => "?".into(),
        }
    };
    for s in file.sections() {
        let name = s.name().map_err(|e| e.to_string())?.to_string();
        let h = s.elf_section_header();
        let sh_type = h.sh_type(endian).0;
        if (name == ".text" && !with_text)
            || matches!(name.as_str(), ".symtab" | ".strtab" | ".shstrtab" | "")
            || sh_type == object::elf::SHT_RELA.0
            || sh_type == object::elf::SHT_GROUP.0
        {
            continue;
        }
        let n = seen.entry(name.clone()).or_insert(0);
        *n += 1;
        let key = if *n > 1 { format!("{name} #{n}") } else { name };
        let mut relocs = Vec::new();
        for (off, r) in s.relocations() {
            let ty = match r.flags() {
                RelocationFlags::Elf { r_type } => r_type.0,
                _ => 0,
            };
            let target = match r.target() {
                RelocationTarget::Symbol(i) => sym_name(i),
                other => format!("{other:?}"),
            };
            relocs.push((off, ty, target, r.addend()));
        }
        let data = if sh_type == object::elf::SHT_NOBITS.0 {
            Vec::new()
        } else if sh_type == SHT_LLVM_ADDRSIG {
            // Symbol indices: compare the set of names they stand for.
            let mut names = Vec::new();
            let mut v = 0u64;
            let mut shift = 0;
            for &b in s.data().map_err(|e| e.to_string())? {
                v |= u64::from(b & 0x7f) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    names.push(sym_name(object::SymbolIndex(v as usize)));
                    v = 0;
                    shift = 0;
                }
            }
            names.sort();
            names.join(",").into_bytes()
        } else {
            s.data().map_err(|e| e.to_string())?.to_vec()
        };
        sections.insert(
            key,
            Sec {
                sh_type,
                flags: h.sh_flags(endian).0,
                entsize: h.sh_entsize(endian),
                align: h.sh_addralign(endian),
                size: if sh_type == SHT_LLVM_ADDRSIG {
                    0
                } else {
                    h.sh_size(endian)
                },
                data,
                relocs,
            },
        );
    }
    let mut symbols = BTreeMap::new();
    for s in file.symbols() {
        let s: ElfSymbol64 = s;
        let name = s.name().unwrap_or("").to_string();
        if name.is_empty() || s.kind() == object::SymbolKind::Section {
            continue;
        }
        let e = s.elf_symbol();
        let section = match s.section() {
            SymbolSection::Section(i) => sec_name(i),
            SymbolSection::Undefined => "UND".into(),
            SymbolSection::Absolute => "ABS".into(),
            SymbolSection::Common => "COM".into(),
            other => format!("{other:?}"),
        };
        let key = if s.kind() == object::SymbolKind::File {
            format!("[file] {name}")
        } else {
            name
        };
        symbols.insert(
            key,
            Sym {
                info: e.st_info.0,
                other: e.st_other.0,
                section,
                value: s.address(),
                size: s.size(),
            },
        );
    }
    let mut groups = BTreeMap::new();
    for c in file.comdats() {
        let sig = file
            .symbol_by_index(c.symbol())
            .ok()
            .and_then(|s| s.name().ok().map(str::to_string))
            .unwrap_or_default();
        let members = c.sections().map(sec_name).collect();
        groups.insert(sig, members);
    }
    let _ = file.elf_header().e_machine(endian);
    Ok(Summary {
        sections,
        symbols,
        groups,
    })
}

/// The differences between rcc's object and llc's, one line each (empty
/// when they match); `.text` only if `with_text`.
pub fn compare(ours: &[u8], theirs: &[u8], with_text: bool) -> Result<Vec<String>, String> {
    let a = summarize(ours, with_text)?;
    let b = summarize(theirs, with_text)?;
    let mut diffs = Vec::new();
    let keys: std::collections::BTreeSet<&String> =
        a.sections.keys().chain(b.sections.keys()).collect();
    for k in keys {
        match (a.sections.get(k), b.sections.get(k)) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => diffs.push(section_diff(k, x, y)),
            (Some(_), None) => diffs.push(format!("section {k}: only in rcc")),
            (None, Some(_)) => diffs.push(format!("section {k}: only in llc")),
            (None, None) => {}
        }
    }
    let keys: std::collections::BTreeSet<&String> =
        a.symbols.keys().chain(b.symbols.keys()).collect();
    for k in keys {
        match (a.symbols.get(k), b.symbols.get(k)) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => diffs.push(format!("symbol {k}: rcc {x:?}, llc {y:?}")),
            (Some(_), None) => diffs.push(format!("symbol {k}: only in rcc")),
            (None, Some(_)) => diffs.push(format!("symbol {k}: only in llc")),
            (None, None) => {}
        }
    }
    if a.groups != b.groups {
        diffs.push(format!("groups: rcc {:?}, llc {:?}", a.groups, b.groups));
    }
    Ok(diffs)
}

fn section_diff(name: &str, x: &Sec, y: &Sec) -> String {
    let mut s = format!("section {name}:");
    for (what, p, q) in [
        ("type", x.sh_type as u64, y.sh_type as u64),
        ("flags", x.flags, y.flags),
        ("entsize", x.entsize, y.entsize),
        ("align", x.align, y.align),
        ("size", x.size, y.size),
    ] {
        if p != q {
            let _ = write!(s, " {what} rcc {p:#x} llc {q:#x};");
        }
    }
    if x.data != y.data {
        let at = x.data.iter().zip(&y.data).position(|(p, q)| p != q);
        let _ = write!(s, " bytes differ (first at {at:?});");
    }
    if x.relocs != y.relocs {
        let at = x.relocs.iter().zip(&y.relocs).position(|(p, q)| p != q);
        match at {
            Some(i) => {
                let _ = write!(
                    s,
                    " relocation {i}: rcc {:?} llc {:?};",
                    x.relocs[i], y.relocs[i]
                );
            }
            None => {
                let _ = write!(
                    s,
                    " relocations: rcc {} llc {};",
                    x.relocs.len(),
                    y.relocs.len()
                );
            }
        }
    }
    s
}

/// The outcome of checking one module in one relocation model.
pub enum Outcome {
    Match,
    /// The objects differ (the differences).
    Differ(Vec<String>),
    /// rcc reported an error (unsupported construct).
    RccError(String),
    /// llc could not compile the reduced module (not comparable).
    LlcError(String),
}

/// Reduces `path` to its data, writes the reduced `.ll` under `scratch`,
/// and compares both compilers' objects in each relocation model.
pub fn check_file(path: &Path, scratch: &Path) -> Result<Vec<(RelocModel, Outcome)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("in.ll");
    let (stripped, _) = strip_bodies(&text, name)?;
    std::fs::create_dir_all(scratch).map_err(|e| e.to_string())?;
    let reduced = scratch.join(name);
    std::fs::write(&reduced, &stripped).map_err(|e| e.to_string())?;
    let mut res = Vec::new();
    for reloc in [RelocModel::Pic, RelocModel::Static] {
        let theirs = match llc_object(&reduced, reloc) {
            Ok(o) => o,
            Err(e) => {
                res.push((reloc, Outcome::LlcError(e)));
                continue;
            }
        };
        let ours = match rcc_object(&stripped, name, reloc) {
            Ok(o) => {
                let model = if reloc == RelocModel::Pic {
                    "pic"
                } else {
                    "static"
                };
                let _ = std::fs::write(reduced.with_extension(format!("rcc-{model}.o")), &o);
                o
            }
            Err(e) => {
                res.push((reloc, Outcome::RccError(e)));
                continue;
            }
        };
        let d = compare(&ours, &theirs, false)?;
        res.push((reloc, outcome(d)));
    }
    Ok(res)
}

fn outcome(d: Vec<String>) -> Outcome {
    if d.is_empty() {
        Outcome::Match
    } else {
        Outcome::Differ(d)
    }
}

/// Compares function headers (see the module comment) for the module at
/// `path`, compiled as it is.
pub fn check_functions_file(
    path: &Path,
    scratch: &Path,
) -> Result<Vec<(RelocModel, Outcome)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("in.ll");
    std::fs::create_dir_all(scratch).map_err(|e| e.to_string())?;
    let copy = scratch.join(name);
    std::fs::write(&copy, &text).map_err(|e| e.to_string())?;
    let mut res = Vec::new();
    for reloc in [RelocModel::Pic, RelocModel::Static] {
        let theirs = match llc_object(&copy, reloc) {
            Ok(o) => o,
            Err(e) => {
                res.push((reloc, Outcome::LlcError(e)));
                continue;
            }
        };
        let ours = match rcc_functions_object(&text, name, reloc) {
            Ok(o) => {
                let model = if reloc == RelocModel::Pic {
                    "pic"
                } else {
                    "static"
                };
                let _ = std::fs::write(copy.with_extension(format!("rcc-{model}.o")), &o);
                o
            }
            Err(e) => {
                res.push((reloc, Outcome::RccError(e)));
                continue;
            }
        };
        res.push((reloc, outcome(compare(&ours, &theirs, true)?)));
    }
    Ok(res)
}

/// rcc's assembly for a module: header, globals (functions as in
/// [`rcc_functions_object`] when `functions`), trailer.
pub fn rcc_asm(
    text: &str,
    file: &str,
    reloc: RelocModel,
    functions: bool,
) -> Result<String, String> {
    let m = rcc_ir::parse_module(text.to_string(), file).map_err(|e| e.to_string())?;
    let dl = m.data_layout()?;
    let opts = options(reloc);
    let backend = rcc_targets::x86_64::backend::X86Backend;
    let mut out = rcc_mc::asm_streamer::AsmStreamer::new(&backend, false);
    let em = ModuleEmitter::new(&m, &dl, &opts).map_err(|e| e.to_string())?;
    em.begin_module(&mut out).map_err(|e| e.to_string())?;
    if functions {
        for &g in &m.order {
            if em.function_ordinal(g).is_none() {
                continue;
            }
            let f = em.begin_function(g, &mut out).map_err(|e| e.to_string())?;
            let ret = rcc_mc::MCInst::new(rcc_targets::x86_64::op::RET64.0);
            rcc_mc::Streamer::emit_inst(&mut out, &ret).map_err(|e| e.to_string())?;
            em.end_function(&f, &mut out).map_err(|e| e.to_string())?;
        }
    }
    em.emit_globals(&mut out).map_err(|e| e.to_string())?;
    em.finish_module(&mut out).map_err(|e| e.to_string())?;
    Ok(out.finish())
}
