//! `rcc-mc` against llvm-mc-19: objects from both must disassemble
//! identically under `llvm-objdump-19 -d -r` and have the same relocations
//! and section contents (except symbol-order-dependent sections), both for small snippets that
//! stress relaxation, fixups and directives, and (if present) for the clang
//! -S corpus; and rcc-mc's printed assembly (`-filetype=asm`) must assemble
//! with llvm-mc to the same object as the original input. Skips with a
//! notice if the LLVM tools are absent.

#[path = "support/scratch_dir.rs"]
mod scratch_dir;
use scratch_dir::ScratchDir;
use std::path::{Path, PathBuf};
use std::process::Command;

fn have_llvm() -> bool {
    let ok = Command::new("llvm-mc-19").arg("--version").output().is_ok()
        && Command::new("llvm-objdump-19")
            .arg("--version")
            .output()
            .is_ok();
    if !ok {
        eprintln!("NOTICE: llvm-mc-19/llvm-objdump-19 not found; skipping");
    }
    ok
}

fn tmpdir(tag: &str) -> ScratchDir {
    ScratchDir::new("rcc-mc-test", tag)
}

fn objdump(o: &Path, strict: bool) -> String {
    let run = |args: &[&str]| {
        let out = Command::new("llvm-objdump-19")
            .args(args)
            .arg(o)
            .output()
            .expect("objdump runs");
        // Drop the header lines naming the file.
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .skip(2)
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Disassembly with relocations; if `strict`, also every relocation and
    // the contents of every section whose bytes do not depend on
    // symbol-table order.
    let mut text = run(&["-d", "-r"]);
    if !strict {
        return text;
    }
    text.push_str(&run(&["-r"]));
    let headers = Command::new("llvm-readelf-19")
        .arg("-S")
        .arg(o)
        .output()
        .expect("readelf runs");
    let mut names: Vec<String> = String::from_utf8_lossy(&headers.stdout)
        .lines()
        .filter_map(|l| {
            l.split_once("] ")
                .and_then(|(_, r)| r.split_whitespace().next())
                .map(str::to_string)
        })
        .filter(|n| {
            n.starts_with('.')
                && !["strtab", "symtab", "rela", "llvm_addrsig"]
                    .iter()
                    .any(|x| n.contains(x))
        })
        .collect();
    names.sort();
    for n in names {
        text.push_str(&format!("\n== {n}\n"));
        text.push_str(&run(&["-s", "-j", &n]));
    }
    text
}

/// Runs an assembler producing `out` from `input`; the error text if it fails.
fn assemble(tool: &str, filetype: &str, out: &Path, input: &Path) -> Result<(), String> {
    let mut cmd = if tool == "llvm-mc" {
        let mut c = Command::new("llvm-mc-19");
        c.arg("-triple=x86_64-unknown-linux-gnu");
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_rcc-mc"))
    };
    let r = cmd
        .arg(format!("-filetype={filetype}"))
        .arg("-o")
        .arg(out)
        .arg(input)
        .output()
        .unwrap_or_else(|e| panic!("{tool} runs: {e}"));
    if r.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&r.stderr).into_owned())
    }
}

/// Prints `src_path` with rcc-mc, assembles that text with llvm-mc and
/// compares with llvm-mc's object of the original; None if identical.
fn compare_roundtrip(src_path: &Path, dir: &Path) -> Option<String> {
    let printed = dir.join("printed.s");
    if let Err(e) = assemble("rcc-mc", "asm", &printed, src_path) {
        return Some(format!("rcc-mc fails: {e}"));
    }
    let mut objs = Vec::new();
    for (input, out) in [(src_path, "a.o"), (printed.as_path(), "b.o")] {
        let p = dir.join(out);
        if let Err(e) = assemble("llvm-mc", "obj", &p, input) {
            return Some(format!("llvm-mc rejects {}: {e}", input.display()));
        }
        objs.push(objdump(&p, false));
    }
    (objs[0] != objs[1]).then(|| "printed assembly assembles differently".to_string())
}

/// Assembles `src_path` with both assemblers; returns None if identical,
/// else a description of the difference.
fn compare(src_path: &Path, dir: &Path) -> Option<String> {
    let refo = dir.join("ref.o");
    let ours = dir.join("ours.o");
    if let Err(e) = assemble("llvm-mc", "obj", &refo, src_path) {
        return Some(format!("llvm-mc rejects: {e}"));
    }
    if let Err(e) = assemble("rcc-mc", "obj", &ours, src_path) {
        return Some(format!("rcc-mc fails: {e}"));
    }
    let (a, b) = (objdump(&refo, true), objdump(&ours, true));
    if a == b {
        return None;
    }
    let first = a
        .lines()
        .zip(b.lines())
        .find(|(x, y)| x != y)
        .map(|(x, y)| format!("llvm-mc: {x}\nrcc-mc:  {y}"));
    Some(first.unwrap_or_else(|| "lengths differ".into()))
}

fn check_snippet(name: &str, src: &str) {
    if !have_llvm() {
        return;
    }
    let dir = tmpdir(name);
    let p = dir.join("in.s");
    std::fs::write(&p, src).expect("write");
    if let Some(d) = compare(&p, &dir) {
        panic!("{name}: objects differ\n{d}");
    }
    if let Some(d) = compare_roundtrip(&p, &dir) {
        panic!("{name}: round trip: {d}");
    }
}

#[test]
fn branch_relaxation_boundaries() {
    // Forward/backward branches at the rel8 limits, through alignment.
    let mut s = String::from("\t.text\n\t.globl g\nf:\n\tjmp .Lfar\n\tjne .Lnear\n");
    s.push_str(&"\tnop\n".repeat(120));
    s.push_str(".Lnear:\n\tje .Lfar\n\t.p2align 4, 0x90\n");
    s.push_str(&"\tnop\n".repeat(7));
    s.push_str(".Lfar:\n\tjmp f\n\tjmp g\n\tjb .Lnear\n");
    s.push_str(&"\tnop\n".repeat(130));
    s.push_str("g:\n\tjmp .Lnear\n\tjmp ext\n\tretq\n");
    check_snippet("relax", &s);
}

#[test]
fn data_fixups_and_differences() {
    let s = r#"
	.text
f:	leaq	.Ltab(%rip), %rax
	movslq	(%rax,%rdi,4), %rcx
	addq	%rax, %rcx
	jmpq	*%rcx
.Lb0:	retq
.Lb1:	movl	$1, %eax
	retq
.Lend:
	.size	f, .Lend-f
	.section	.rodata,"a",@progbits
	.p2align	2, 0x0
.Ltab:
	.long	.Lb0-.Ltab
	.long	.Lb1-.Ltab
	.quad	f+8
	.long	ext-.
	.byte	1, 2, 255
	.short	-1
	.data
	.quad	.Lb1
	.long	g@PLT-.
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:	.asciz	"hi\n"
.L.str.1: .asciz "x"
	.text
	leaq	.L.str(%rip), %rdi
	leaq	.L.str.1+1(%rip), %rsi
	movq	ext@GOTPCREL(%rip), %rax
	callq	*ext@GOTPCREL(%rip)
	movq	%fs:x@TPOFF, %rax
	movq	y@GOTTPOFF(%rip), %rax
	leaq	z@TLSGD(%rip), %rdi
"#;
    check_snippet("data", s);
}

#[test]
fn sections_groups_and_symbols() {
    let s = r#"
	.section	.text.inl,"axG",@progbits,inl,comdat
	.weak	inl
	.hidden	inl
	.type	inl,@function
inl:	xorl	%eax, %eax
	retq
	.text
	.globl	main
	.type	main,@function
main:	pushq	%rbp
	callq	inl
	popq	%rbp
	retq
	.comm	common_var,8,8
	.local	lc
	.comm	lc,4,4
	.section	.init_array,"aw",@init_array
	.p2align	3
	.quad	main
	.set	alias_main, main
	.section	".note.GNU-stack","",@progbits
"#;
    check_snippet("sections", s);
}

#[test]
fn eh_frame_personality_lsda_and_except_table() {
    // llc-19's shapes: a CIE without personality shared by plain frames,
    // "zPLR" CIEs for the PIC (155/27) and absolute (3/3) encodings, the
    // LSDA pointer in the FDE, and an LSDA with ULEB128 label differences.
    let s = r#"	.text
	.globl	plain
	.type	plain,@function
plain:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
	.cfi_endproc
	.globl	pic
	.type	pic,@function
pic:
.Lfunc_begin1:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gxx_personality_v0
	.cfi_lsda 27, .Lexception1
	pushq	%rax
	.cfi_def_cfa_offset 16
.Ltmp0:
	callq	may_throw@PLT
.Ltmp1:
	popq	%rax
	.cfi_def_cfa_offset 8
	retq
.Ltmp2:
	.cfi_def_cfa_offset 16
	movq	%rax, %rdi
	callq	_Unwind_Resume@PLT
.Lfunc_end1:
	.size	pic, .Lfunc_end1-pic
	.cfi_endproc
	.section	.gcc_except_table,"a",@progbits
	.p2align	2, 0x0
GCC_except_table1:
.Lexception1:
	.byte	255
	.byte	155
	.uleb128 .Lttbase0-.Lttbaseref0
.Lttbaseref0:
	.byte	1
	.uleb128 .Lcst_end1-.Lcst_begin1
.Lcst_begin1:
	.uleb128 .Ltmp0-.Lfunc_begin1
	.uleb128 .Ltmp1-.Ltmp0
	.uleb128 .Ltmp2-.Lfunc_begin1
	.byte	1
	.uleb128 .Ltmp1-.Lfunc_begin1
	.uleb128 .Lfunc_end1-.Ltmp1
	.byte	0
	.byte	0
.Lcst_end1:
	.byte	1
	.byte	0
	.p2align	2, 0x0
.Ltmp3:
	.long	.L_ZTIi.DW.stub-.Ltmp3
.Lttbase0:
	.p2align	2, 0x0
	.text
	.globl	abs
	.type	abs,@function
abs:
	.cfi_startproc
	.cfi_personality 3, __gxx_personality_v0
	.cfi_lsda 3, .Lexception1
	retq
	.cfi_endproc
	.globl	plain2
	.type	plain2,@function
plain2:
	.cfi_startproc
	retq
	.cfi_endproc
	.data
	.p2align	3, 0x0
.L_ZTIi.DW.stub:
	.quad	_ZTIi
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.DW.ref.__gxx_personality_v0,"awG",@progbits,DW.ref.__gxx_personality_v0,comdat
	.p2align	3, 0x0
	.type	DW.ref.__gxx_personality_v0,@object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.quad	__gxx_personality_v0
	.section	".note.GNU-stack","",@progbits
"#;
    check_snippet("eh_frame_personality", s);
}

fn corpus_dir() -> Option<PathBuf> {
    let local = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/s");
    if local.is_dir() {
        return Some(local);
    }
    std::env::var_os("RCC_CORPUS")
        .map(|p| PathBuf::from(p).join("s"))
        .filter(|p| p.is_dir())
}

#[test]
fn corpus_lua_objects_match() {
    if !have_llvm() {
        return;
    }
    let Some(dir) = corpus_dir() else {
        eprintln!("NOTICE: no corpus (set RCC_CORPUS); skipping");
        return;
    };
    let Ok(rd) = std::fs::read_dir(dir.join("lua")) else {
        return;
    };
    let mut files: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "s"))
        .collect();
    files.sort();
    let tmp = tmpdir("corpus");
    let mut bad = Vec::new();
    for f in &files {
        if let Some(d) = compare(f, &tmp).or_else(|| compare_roundtrip(f, &tmp)) {
            bad.push(format!("{}: {d}", f.display()));
        }
    }
    eprintln!("corpus lua: {} files, {} differ", files.len(), bad.len());
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
