//! `rcc-par` as a user runs it: exit codes, located errors on stderr, output
//! to a file or stdout, and byte-identical output for any `-j`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn rcc_par(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rcc-par"))
        .args(args)
        .output()
        .expect("run rcc-par")
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/hello.ll")
}

fn tmp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rcc_par_cli");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    dir.join(name)
}

#[test]
fn prints_the_parsed_module_to_stdout() {
    let ex = example();
    let out = rcc_par(&["-stop-after=parse", ex.to_str().unwrap(), "-o", "-"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("define dso_local noundef i32 @main("),
        "{text}"
    );
    assert!(text.contains("tail call fastcc i32 @fib("), "{text}");
}

#[test]
fn null_filetype_writes_nothing() {
    let ex = example();
    let out = rcc_par(&["-stop-after=parse", "-filetype=null", ex.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn output_is_identical_for_any_job_count() {
    let ex = example();
    let mut outs = Vec::new();
    for j in ["-j1", "-j2", "-j2"] {
        let path = tmp(&format!("hello{j}.ll"));
        let o = rcc_par(&[
            "-stop-after=parse",
            j,
            ex.to_str().unwrap(),
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(o.status.success());
        outs.push(std::fs::read(&path).expect("output"));
    }
    assert_eq!(outs[0], outs[1]);
    assert_eq!(outs[1], outs[2]);
}

#[test]
fn bad_input_is_a_located_error_with_exit_code_1() {
    let path = tmp("bad.ll");
    std::fs::write(
        &path,
        "define i32 @f() {\n  %x = add i32 %y, 1\n  ret i32 %x\n}\n",
    )
    .unwrap();
    let out = rcc_par(&["-stop-after=parse", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let first = err.lines().next().unwrap_or("");
    assert_eq!(
        first,
        format!(
            "{}:2:16: error: use of undefined value '%y'",
            path.display()
        )
    );
    assert!(
        err.contains("\n  %x = add i32 %y, 1\n               ^"),
        "{err}"
    );
}

#[test]
fn verifier_errors_are_located_too() {
    let path = tmp("dom.ll");
    std::fs::write(
        &path,
        "define i32 @f(i32 %a) {\n  %x = add i32 %z, 1\n  %z = add i32 %a, 1\n  ret i32 %x\n}\n",
    )
    .unwrap();
    let out = rcc_par(&[
        "-stop-after=parse",
        "-filetype=null",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(":2:") && err.contains("in function @f") && err.contains("dominate"),
        "{err}"
    );
}

/// A module of `n` functions that call each other, with branches, phis
/// and memory, so that every worker has work and labels are numbered.
fn many_functions(n: usize) -> String {
    let mut s = String::from("@counter = global i64 0\n");
    for k in 0..n {
        let callee = if k == 0 {
            String::from("  %c = add i64 %x, 1\n")
        } else {
            format!("  %c = call i64 @f{}(i64 %x)\n", k - 1)
        };
        s += &format!(
            "define i64 @f{k}(i64 %a) {{\nentry:\n  br label %loop\nloop:\n  \
             %i = phi i64 [ 0, %entry ], [ %n, %loop ]\n  %x = phi i64 [ %a, %entry ], [ %y, %loop ]\n\
             {callee}  %y = xor i64 %c, {k}\n  %g = load i64, ptr @counter\n  \
             %h = add i64 %g, %y\n  store i64 %h, ptr @counter\n  %n = add i64 %i, 1\n  \
             %d = icmp ult i64 %n, 3\n  br i1 %d, label %loop, label %done\ndone:\n  ret i64 %y\n}}\n"
        );
    }
    s
}

#[test]
fn generated_code_is_identical_for_any_job_count_and_run() {
    let src = tmp("many.ll");
    std::fs::write(&src, many_functions(40)).unwrap();
    for (ft, ext) in [("obj", "o"), ("asm", "s")] {
        let mut outs = Vec::new();
        for (k, j) in ["-j1", "-j2", "-j2", "-j3"].iter().enumerate() {
            let path = tmp(&format!("many-{k}.{ext}"));
            let o = rcc_par(&[
                j,
                &format!("-filetype={ft}"),
                "-verify-machineinstrs",
                src.to_str().unwrap(),
                "-o",
                path.to_str().unwrap(),
            ]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            outs.push(std::fs::read(&path).expect("output"));
        }
        assert!(!outs[0].is_empty());
        for o in &outs[1..] {
            assert!(
                o == &outs[0],
                "{ft} output differs between job counts or runs"
            );
        }
    }
}

#[test]
fn the_example_compiles_to_a_working_program() {
    let ex = example();
    let obj = tmp("hello.o");
    let out = rcc_par(&[
        ex.to_str().unwrap(),
        "-filetype=obj",
        "-verify-machineinstrs",
        "-o",
        obj.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let exe = tmp("hello");
    let Ok(link) = Command::new("cc").arg(&obj).arg("-o").arg(&exe).output() else {
        eprintln!("note: no `cc` to link with; the run is not checked");
        return;
    };
    assert!(
        link.status.success(),
        "{}",
        String::from_utf8_lossy(&link.stderr)
    );
    let run = Command::new(&exe).output().expect("run the program");
    assert!(run.status.success());
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.starts_with("fib(0) = 0\nfib(1) = 1\n"), "{text}");
    assert!(text.contains("fib(10) = 55\n"), "{text}");
}

#[test]
fn unsupported_constructs_name_every_failing_function() {
    let path = tmp("unsupported.ll");
    std::fs::write(
        &path,
        "declare void @llvm.rcc.nonexistent()\n\
         define void @f() {\n  call void @llvm.rcc.nonexistent()\n  ret void\n}\n\
         define i32 @ok(i32 %a) {\n  ret i32 %a\n}\n\
         define void @g() {\n  call void @llvm.rcc.nonexistent()\n  ret void\n}\n",
    )
    .unwrap();
    let out = rcc_par(&[
        path.to_str().unwrap(),
        "-o",
        tmp("unsupported.s").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let p = path.display();
    assert!(
        err.contains(&format!("{p}:2:13: error: in function 'f': unsupported in instruction selection: the intrinsic llvm.rcc.nonexistent")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{p}:9:13: error: in function 'g': ")),
        "{err}"
    );
    assert!(!err.contains("'ok'"), "{err}");
}

#[test]
fn usage_errors_exit_with_1() {
    for args in [
        &["-bogus"][..],
        &["-filetype=exe", "x.ll"],
        &["/nonexistent/file.ll"],
    ] {
        let out = rcc_par(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("rcc-par: "),
            "{args:?}"
        );
    }
}

/// Thread-locals in shared-library code: `__tls_get_addr` calls in the
/// exact System V sequences (linkers rewrite them byte for byte).
#[test]
fn dynamic_tls_models_emit_the_abi_sequences() {
    let path = tmp("tls_dynamic.ll");
    std::fs::write(
        &path,
        "@x = external thread_local global i32
@y = dso_local thread_local global [4 x i32] zeroinitializer
define i32 @f() {
  %a = load i32, ptr @x
  %p = getelementptr [4 x i32], ptr @y, i64 0, i64 2
  %b = load i32, ptr %p
  %s = add i32 %a, %b
  ret i32 %s
}
!llvm.module.flags = !{!0}
!0 = !{i32 8, !\"PIC Level\", i32 2}
",
    )
    .unwrap();
    let out = rcc_par(&[path.to_str().unwrap(), "-verify-machineinstrs", "-o", "-"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let asm = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = asm.lines().map(str::trim).collect();
    let gd = [
        "data16",
        "leaq\tx@TLSGD(%rip), %rdi",
        "data16",
        "data16",
        "rex64",
        "callq\t__tls_get_addr@PLT",
    ];
    assert!(lines.windows(6).any(|w| w == gd), "{asm}");
    let ld = [
        "leaq\t.Ly$local@TLSLD(%rip), %rdi",
        "callq\t__tls_get_addr@PLT",
    ];
    assert!(lines.windows(2).any(|w| w == ld), "{asm}");
    assert!(asm.contains(".Ly$local@DTPOFF+8(%rax)"), "{asm}");
    let obj = tmp("tls_dynamic.o");
    let out = rcc_par(&[
        path.to_str().unwrap(),
        "-filetype=obj",
        "-o",
        obj.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&obj).unwrap();
    let gd_bytes = [
        0x66, 0x48, 0x8d, 0x3d, 0, 0, 0, 0, 0x66, 0x66, 0x48, 0xe8, 0, 0, 0, 0,
    ];
    assert!(bytes.windows(16).any(|w| w == gd_bytes));
    let ld_bytes = [0x48, 0x8d, 0x3d, 0, 0, 0, 0, 0xe8, 0, 0, 0, 0];
    assert!(bytes.windows(12).any(|w| w == ld_bytes));
}
