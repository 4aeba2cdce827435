//! Running scenarios through prolog/epilog insertion and emission, and the
//! external tools (skipped with a notice when absent).

use super::scenarios::{Scenario, MODULE};
use rcc_ir::Module;
use rcc_mach::symbols::func_end_label;
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_mc::{BinOp, Expr, ObjectStreamer, Streamer, SymbolAttr, SymbolType, VariantKind};
use rcc_targets::x86_64::frame::{insert_prolog_epilog, FramePlan, FrameScratch};
use rcc_targets::x86_64::lower::{
    emit_constant_pool, emit_function_body, emit_jump_tables, EmitContext, EmitError,
};
use rcc_targets::x86_64::X86Backend;
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn module() -> Module {
    rcc_ir::parse_module(MODULE, "frame.ll").expect("the scenario module parses")
}

/// Prolog/epilog insertion on one scenario.
pub fn pei(m: &Module, s: &mut Scenario) -> FramePlan {
    let mut scratch = FrameScratch::default();
    insert_prolog_epilog(&mut s.mf, m, &s.csrs, &s.opts, &mut scratch)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Emits one finished function the way the driver will: constant pool,
/// header (here a stand-in for module emission's), body, footer, jump
/// tables.
pub fn emit_function(
    m: &Module,
    s: &Scenario,
    fn_number: u32,
    st: &mut dyn Streamer,
) -> Result<(), EmitError> {
    let dl = rcc_ir::layout::DataLayout::default();
    let em =
        rcc_mach::emit::ModuleEmitter::new(m, &dl, &Default::default()).expect("module emitter");
    let cx = EmitContext {
        emitter: &em,
        fn_number,
        pic: true,
    };
    emit_constant_pool(&s.mf, cx, st)?;
    let text = st.ctx().text();
    st.switch_section(text);
    let sym = st.ctx().symbol(s.name);
    let header = st
        .emit_align(16, None, u64::MAX)
        .and_then(|_| st.emit_symbol_attr(sym, SymbolAttr::Global))
        .and_then(|_| st.emit_symbol_attr(sym, SymbolAttr::Type(SymbolType::Func)))
        .and_then(|_| st.emit_label(sym));
    header.expect("function header");
    emit_function_body(&s.mf, cx, st)?;
    let end = st.ctx().symbol(&func_end_label(fn_number));
    st.emit_label(end).expect("end label");
    let ctx = st.ctx();
    let (a, b) = (
        ctx.sym_ref(end, VariantKind::None),
        ctx.sym_ref(sym, VariantKind::None),
    );
    let size = ctx.expr(Expr::Binary(BinOp::Sub, a, b));
    st.emit_size(sym, size).expect(".size");
    emit_jump_tables(&s.mf, cx, st)
}

/// All scenarios after PEI, emitted into `st`.
pub fn emit_all(m: &Module, all: &[Scenario], st: &mut dyn Streamer) {
    for (n, s) in all.iter().enumerate() {
        emit_function(m, s, n as u32, st).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Every scenario through PEI.
pub fn finished(m: &Module) -> Vec<Scenario> {
    let mut all = super::scenarios::all(m);
    for s in &mut all {
        pei(m, s);
    }
    all
}

pub fn asm_text(m: &Module, all: &[Scenario]) -> String {
    let b = X86Backend;
    let mut st = AsmStreamer::new(&b, false);
    emit_all(m, all, &mut st);
    st.finish()
}

pub fn object(m: &Module, all: &[Scenario]) -> Vec<u8> {
    let b = X86Backend;
    let mut st = ObjectStreamer::new(&b);
    emit_all(m, all, &mut st);
    st.finish().unwrap_or_else(|e| panic!("object: {e}"))
}

/// The path of an installed tool, or `None` with a notice.
pub fn tool(name: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join(name))
            .find(|f| f.is_file())
    });
    if found.is_none() {
        eprintln!("note: {name} not found; skipping");
    }
    found
}

/// A fresh scratch directory for one test.
pub fn scratch_dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rcc-frame-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

/// Runs a command, panicking with its output on failure; returns stdout.
pub fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `llvm-objdump -d -r` of an object, without the file-name line.
pub fn disassemble(objdump: &Path, obj: &Path) -> String {
    let text = run(Command::new(objdump).arg("-d").arg("-r").arg(obj));
    text.lines()
        .filter(|l| !l.contains("file format"))
        .collect::<Vec<_>>()
        .join("\n")
}
