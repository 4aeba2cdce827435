//! Inline and module-level asm through `rcc-par`: the substituted template
//! (operands, modifiers, escapes, variants) in assembly output, objects
//! assembled by our own parser, section restoring, and errors that name
//! the function.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tmp(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("inline_asm");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write input");
    p
}

fn rcc_par(input: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rcc-par"))
        .args(args)
        .arg(input)
        .args(["-o", "-"])
        .output()
        .expect("run rcc-par")
}

/// Assembly text of `text` compiled with `args`; panics with stderr on failure.
fn asm(name: &str, text: &str, args: &[&str]) -> String {
    let out = rcc_par(&tmp(name, text), args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The single `.ascii` line between `#APP` and `#NO_APP`.
fn ascii(s: &str) -> &str {
    let app = s.find("#APP").expect("#APP");
    let line = s[app..]
        .lines()
        .find(|l| l.contains(".ascii"))
        .expect(".ascii in the asm block");
    line.trim().trim_start_matches(".ascii").trim()
}

const MODIFIERS: &str = r#"@g = dso_local global i64 5
define i64 @mods(i64 %a) nounwind {
  %r = call i64 asm ".ascii \22${1:k} ${1:w} ${1:b} ${1:h} ${1:q} ${1:a} $1 | ${2:c} ${2:P} ${2:n} $2 ${2:a} | $3 ${4:c} ${4:P} $4 | $$ ${:comment} $(att$|intel$) %\22", "={rax},{rcx},i,*m,i,~{dirflag},~{fpsr},~{flags}"(i64 %a, i64 12, ptr elementtype(i64) @g, ptr @g)
  ret i64 %r
}
"#;

#[test]
fn operands_and_modifiers_are_substituted_like_llc() {
    // The expected text is llc-19's for the same template (static model).
    let s = asm("mods.ll", MODIFIERS, &["-O0", "-relocation-model=static"]);
    assert_eq!(
        ascii(&s),
        r#""%ecx %cx %cl %ch %rcx (%rcx) %rcx | 12 12 -12 $12 12 | g(%rip) g g $g | $ # att %""#,
        "{s}"
    );
    assert!(s.contains("\t#APP\n") && s.contains("\t#NO_APP\n"), "{s}");
}

#[test]
fn uid_differs_between_asm_statements() {
    let text = r#"define void @f() nounwind {
  call void asm sideeffect ".ascii \22L${:uid}\22", ""()
  call void asm sideeffect ".ascii \22L${:uid}\22", ""()
  ret void
}
"#;
    let s = asm("uid.ll", text, &["-O0"]);
    let uids: Vec<&str> = s.lines().filter(|l| l.contains(".ascii")).collect();
    assert_eq!(uids.len(), 2, "{s}");
    assert_ne!(uids[0], uids[1], "{s}");
}

#[test]
fn allocated_registers_and_frame_slots_are_substituted() {
    let text = r#"define i32 @f(i32 %a) nounwind {
  %x = alloca i32
  store i32 %a, ptr %x
  call void asm sideeffect "addl $$3, $0", "=*m"(ptr elementtype(i32) %x)
  %v = load i32, ptr %x
  %r = call i32 asm "leal 1($1), $0", "=r,r"(i32 %v)
  ret i32 %r
}
"#;
    let s = asm("regs.ll", text, &["-O0"]);
    assert!(s.contains("\taddl\t$3, -4(%rsp)\n"), "{s}");
    let lea = s.lines().find(|l| l.contains("leal")).expect("leal");
    assert!(
        lea.starts_with("\tleal\t1(%e") || lea.starts_with("\tleal\t1(%r"),
        "{s}"
    );
}

#[test]
fn an_asm_that_changes_section_is_put_back_in_text() {
    let text = r#"define i32 @f(i32 %a) nounwind {
  call void asm sideeffect ".section .rodata\0A.byte 1", ""()
  %r = add i32 %a, 5
  ret i32 %r
}
"#;
    let s = asm("section.ll", text, &["-O0"]);
    let after = &s[s.find(".byte").expect("byte")..];
    let text_at = after.find("\t.text\n").expect("back to .text");
    let add_at = after.find("addl").expect("addl");
    assert!(text_at < add_at, "{s}");
}

#[test]
fn module_asm_is_printed_and_assembled() {
    let text = "module asm \".globl ma_sym\"\nmodule asm \"ma_sym = 42\"\n\
                define void @f() nounwind {\n  ret void\n}\n";
    let s = asm("module.ll", text, &["-O0"]);
    let start = s
        .find("# Start of file scope inline assembly")
        .expect("start");
    let end = s.find("# End of file scope inline assembly").expect("end");
    assert!(s[start..end].contains("ma_sym"), "{s}");
    assert!(end < s.find("\t.globl\tf").expect("f"), "{s}");
    let obj = rcc_par(&tmp("module.ll", text), &["-O0", "-filetype=obj"]);
    assert!(obj.status.success());
    let bytes = obj.stdout;
    assert!(
        bytes.windows(6).any(|w| w == b"ma_sym"),
        "symbol in the object"
    );
}

#[test]
fn objects_do_not_depend_on_the_job_count() {
    let mut text = String::new();
    for k in 0..12 {
        text.push_str(&format!(
            "define i32 @f{k}(i32 %a) nounwind {{\n  %r = call i32 asm \"leal {k}($1), $0\\0A.L${{:uid}}:\", \"=r,r\"(i32 %a)\n  ret i32 %r\n}}\n"
        ));
    }
    let p = tmp("jobs.ll", &text);
    let a = rcc_par(&p, &["-O2", "-filetype=obj", "-j1"]);
    let b = rcc_par(&p, &["-O2", "-filetype=obj", "-j2"]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn assembler_errors_name_the_function_and_the_line() {
    let text = r#"define void @good() nounwind {
  call void asm sideeffect "nop", ""()
  ret void
}
define void @bad() nounwind {
  call void asm sideeffect "nop\0Abogus %eax", ""()
  ret void
}
"#;
    for ft in ["-filetype=asm", "-filetype=obj"] {
        let out = rcc_par(&tmp("bad.ll", text), &["-O0", ft]);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("in function 'bad'"), "{err}");
        assert!(err.contains("<inline asm>:2:1"), "{err}");
        assert!(
            err.contains("invalid instruction mnemonic 'bogus'"),
            "{err}"
        );
        assert!(!err.contains("'good'"), "{err}");
    }
}

#[test]
fn bad_modifiers_and_operands_are_errors() {
    let text = r##"define void @f(i64 %a) nounwind {
  call void asm sideeffect "# ${0:c}", "r"(i64 %a)
  ret void
}
"##;
    let out = rcc_par(&tmp("badmod.ll", text), &["-O0"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("in function 'f'"), "{err}");
    assert!(err.contains("modifier 'c' on register operand $0"), "{err}");
}

/// Compiles with the verifier and the allocation checker on.
fn checked(name: &str, text: &str) -> String {
    asm(name, text, &["-O0", "-verify-machineinstrs"])
}

#[test]
fn early_clobber_outputs_avoid_fixed_inputs() {
    // The output is written before `a` (%eax) is read: it must not be %eax.
    let text = r#"define i64 @f(i16 %a) nounwind {
  %r = call i64 asm ".ascii \22$0 $1\22", "=&r,a"(i16 %a)
  ret i64 %r
}
"#;
    let s = checked("ec_fixed.ll", text);
    let l = ascii(&s);
    assert!(l.ends_with(" %ax\""), "{s}");
    assert!(!l.starts_with("\"%rax"), "{s}");
}

#[test]
fn early_clobber_output_with_a_tied_input() {
    let text = r#"define i32 @f(i32 %a, i32 %b) nounwind {
  %r = call i32 asm "addl $2, $0", "=&r,0,r"(i32 %a, i32 %b)
  ret i32 %r
}
"#;
    checked("ec_tied.ll", text);
}

#[test]
fn tied_inputs_avoid_registers_the_asm_writes() {
    // Output 2 and its tied input must not land in %rax (output 0) or
    // %rcx (clobbered).
    let text = r#"define i16 @f(i16 %a, i64 %b) nounwind {
  %s = call { i64, i16 } asm ".ascii \22$0 $1\22", "=a,=q,{rdi},1,~{ecx}"(i64 %b, i16 %a)
  %r = extractvalue { i64, i16 } %s, 1
  ret i16 %r
}
"#;
    let s = checked("tied_written.ll", text);
    let l = ascii(&s);
    assert!(l.starts_with("\"%rax %"), "{s}");
    assert!(!l.contains("%ax\"") && !l.contains("%cx\""), "{s}");
}

#[test]
fn clobbered_registers_hold_no_input() {
    let text = r#"define i64 @f(i64 %a) nounwind {
  %r = call i64 asm ".ascii \22$0 $1\22", "=r,r,~{rax},~{rcx},~{rdx},~{rsi},~{rdi}"(i64 %a)
  ret i64 %r
}
"#;
    let s = checked("clobbered.ll", text);
    let l = ascii(&s);
    for r in ["%rax", "%rcx", "%rdx", "%rsi", "%rdi"] {
        assert!(!l.contains(r), "{r} in {s}");
    }
}

#[test]
fn comments_of_inline_asm_are_kept_in_assembly_output() {
    // As llc: the substituted comment stays inside the #APP block.
    let text = r#"define i32 @f(i32 %a) nounwind {
  %r = call i32 asm "movl $1, $0 # copy ${1:k}\0A# alone", "=r,{ecx}"(i32 %a)
  ret i32 %r
}
"#;
    let s = asm("comments.ll", text, &["-O0"]);
    let block = &s[s.find("#APP").expect("app")..s.find("#NO_APP").expect("no app")];
    assert!(
        block.contains("\tmovl\t%ecx, %eax\n\t# copy %ecx\n\t# alone\n"),
        "{s}"
    );
}
