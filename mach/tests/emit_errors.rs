//! Typed errors: unsupported or invalid constructs are reported as an
//! `EmitError` naming the global, never a panic; and no input the parser
//! accepts makes the emitter panic.

use rcc_mach::emit::{EmitError, EmitOptions, ErrorKind, ModuleEmitter};
use rcc_mc::ObjectStreamer;
use rcc_targets::x86_64::X86Backend;
use std::path::Path;

/// Emits `text`'s module (headers of its functions, globals, trailer) into
/// an object; the first error.
fn emit(text: &str) -> Result<Vec<u8>, EmitError> {
    let m = rcc_ir::parse_module(text.to_string(), "t.ll").expect("test input parses");
    let dl = m.data_layout().expect("layout");
    let backend = X86Backend;
    let mut out = ObjectStreamer::new(&backend);
    let em = ModuleEmitter::new(&m, &dl, &EmitOptions::default())?;
    em.begin_module(&mut out)?;
    for &g in &m.order {
        if em.function_ordinal(g).is_some() {
            let f = em.begin_function(g, &mut out)?;
            em.end_function(&f, &mut out)?;
        }
    }
    em.emit_globals(&mut out)?;
    em.finish_module(&mut out)?;
    out.finish().map_err(|e| EmitError {
        global: String::new(),
        kind: ErrorKind::Mc(e),
    })
}

fn unsupported(text: &str) -> (String, String) {
    match emit(text) {
        Err(EmitError {
            global,
            kind: ErrorKind::Unsupported(what),
        }) => (global, what),
        other => panic!("expected an unsupported-construct error, got {other:?}"),
    }
}

#[test]
fn blockaddress_in_an_initializer_names_the_block_label() {
    // Supported: the entry is the label the function emitter puts on the
    // block (`.LBA<function>_<IR block>`); a blockaddress of a block that
    // does not exist is rejected by the verifier before emission.
    let text = "define void @g() {\n  ret void\n}\n\
                define void @f() {\nentry:\n  br label %l\nl:\n  ret void\n}\n\
                @tbl = internal constant [1 x ptr] [ptr blockaddress(@f, %l)]\n";
    let m = rcc_ir::parse_module(text.to_string(), "t.ll").expect("parses");
    let dl = m.data_layout().expect("layout");
    let backend = X86Backend;
    let mut asm = rcc_mc::asm_streamer::AsmStreamer::new(&backend, false);
    let em = ModuleEmitter::new(&m, &dl, &EmitOptions::default()).expect("emitter");
    let f = m.order[1];
    assert!(em.block_address_taken(f, 1));
    assert!(!em.block_address_taken(f, 0));
    assert_eq!(em.block_address_label(f, 1).as_deref(), Some(".LBA1_1"));
    em.emit_globals(&mut asm).expect("globals");
    let s = asm.finish();
    assert!(s.contains(".quad\t.LBA1_1"), "{s}");
}

#[test]
fn module_asm_needs_an_assembler() {
    // The driver gives the emitter its assembler; without one, module asm
    // is refused rather than dropped.
    let (g, what) = unsupported("module asm \"nop\"\n@x = global i32 1\n");
    assert_eq!(g, "");
    assert!(
        what.contains("module-level asm without an assembler"),
        "{what}"
    );
}

#[test]
fn nodeduplicate_comdat() {
    let (g, what) = unsupported("$c = comdat nodeduplicate\n@c = global i32 1, comdat\n");
    assert_eq!(g, "@c");
    assert!(what.contains("nodeduplicate"), "{what}");
}

#[test]
fn address_arithmetic() {
    let (g, what) = unsupported(
        "@x = global i32 1\n@y = global i64 mul (i64 ptrtoint (ptr @x to i64), i64 2)\n",
    );
    assert_eq!(g, "@y");
    assert!(what.contains("mul"), "{what}");
}

#[test]
fn unknown_appending_variable() {
    match emit("@list = appending global [1 x i32] [i32 1]\n") {
        Err(EmitError {
            global,
            kind: ErrorKind::Invalid(m),
        }) => {
            assert_eq!(global, "@list");
            assert!(m.contains("appending"), "{m}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn errors_display_the_global() {
    let e = EmitError {
        global: "@g".into(),
        kind: ErrorKind::Unsupported("partition".into()),
    };
    assert_eq!(e.to_string(), "global '@g': unsupported: partition");
}

#[test]
fn header_of_a_declaration_is_an_error() {
    let m = rcc_ir::parse_module("declare void @f()\n".to_string(), "t.ll").expect("parses");
    let dl = m.data_layout().expect("layout");
    let backend = X86Backend;
    let mut out = ObjectStreamer::new(&backend);
    let em = ModuleEmitter::new(&m, &dl, &EmitOptions::default()).expect("emitter");
    let g = m.global_by_name("f").expect("f");
    assert!(matches!(
        em.begin_function(g, &mut out),
        Err(EmitError {
            kind: ErrorKind::Invalid(_),
            ..
        })
    ));
}

fn ll_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            ll_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ll") {
            out.push(p);
        }
    }
}

/// Every `.ll` of the repository's tests that parses is emitted (errors
/// allowed) without a panic, into both streamers.
#[test]
fn no_panic_on_test_inputs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for d in ["ir/tests", "mach/tests", "driver/tests"] {
        ll_files(&root.join(d), &mut files);
    }
    assert!(!files.is_empty());
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let Ok(m) = rcc_ir::parse_module(text, &f.display().to_string()) else {
            continue;
        };
        let Ok(dl) = m.data_layout() else {
            continue;
        };
        let backend = X86Backend;
        for reloc in [
            rcc_mach::emit::RelocModel::Pic,
            rcc_mach::emit::RelocModel::Static,
        ] {
            let opts = EmitOptions {
                reloc,
                addrsig: true,
                ..EmitOptions::default()
            };
            let mut obj = ObjectStreamer::new(&backend);
            let mut asm = rcc_mc::asm_streamer::AsmStreamer::new(&backend, false);
            let streamers: [&mut dyn rcc_mc::Streamer; 2] = [&mut obj, &mut asm];
            for out in streamers {
                let Ok(em) = ModuleEmitter::new(&m, &dl, &opts) else {
                    continue;
                };
                let _ = em.begin_module(out);
                for &g in &m.order {
                    if em.function_ordinal(g).is_some() {
                        if let Ok(h) = em.begin_function(g, out) {
                            let _ = em.end_function(&h, out);
                        }
                    }
                }
                let _ = em.emit_globals(out);
                let _ = em.finish_module(out);
            }
            let _ = obj.finish();
        }
    }
}

#[test]
fn gotpcrel_through_a_got_equivalent() {
    let (g, what) = unsupported(
        "@bar = global i32 42\n\
         @gotequiv = private unnamed_addr constant ptr @bar\n\
         @foo = global i32 trunc (i64 sub (i64 ptrtoint (ptr @gotequiv to i64), i64 ptrtoint (ptr @foo to i64)) to i32)\n",
    );
    assert_eq!(g, "@foo");
    assert!(what.contains("GOTPCREL"), "{what}");
}
