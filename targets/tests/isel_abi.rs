//! Instruction selection of memory-shaped values and the System V ABI
//! beyond scalars: constant expressions, aggregates, byval/sret, variadic
//! definitions, dynamic allocas. Real IR in, MIR text out; each test checks
//! the shape that makes the construct correct.

#[path = "support/isel.rs"]
mod support;

/// The MIR of the first function defined in `src`.
fn select(src: &str) -> Result<String, String> {
    support::select_first(src)
}

mod aggregate {
    use super::select;

    #[test]
    fn call_results_come_from_rax_rdx() {
        let mir = select(
            "declare { i64, i64 } @g()
define void @f(ptr %p) {
  %r = call { i64, i64 } @g()
  %a = extractvalue { i64, i64 } %r, 0
  %b = extractvalue { i64, i64 } %r, 1
  store i64 %b, ptr %p, align 8
  %q = getelementptr i8, ptr %p, i64 8
  store i64 %a, ptr %q, align 8
  ret void
}
",
        )
        .unwrap();
        assert!(
            mir.contains("implicit-def $rax, implicit-def $rdx"),
            "{mir}"
        );
        let rdx = mir.lines().find(|l| l.contains("= COPY $rdx")).expect(&mir);
        let v = rdx
            .split_whitespace()
            .next()
            .unwrap()
            .split(':')
            .next()
            .unwrap();
        assert!(
            mir.contains(&format!("MOV64mr %0, 1, $noreg, 0, $noreg, {v}")),
            "{mir}"
        );
    }

    #[test]
    fn aggregate_parameters_take_one_register_per_part() {
        let mir = select(
            "define i64 @f(i32 %k, { i64, i32 } %a, ptr %p) {
  %x = extractvalue { i64, i32 } %a, 0
  %y = extractvalue { i64, i32 } %a, 1
  store i32 %y, ptr %p
  ret i64 %x
}
",
        )
        .unwrap();
        // %k in EDI, the pair in RSI and EDX, %p in RCX.
        assert!(mir.contains("= COPY $rsi"), "{mir}");
        assert!(mir.contains("= COPY $edx"), "{mir}");
        let p = mir
            .lines()
            .find(|l| l.contains("= COPY $rcx"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|d| d.split(':').next())
            .expect(&mir);
        assert!(
            mir.contains(&format!("MOV32mr {p}, 1, $noreg, 0, $noreg")),
            "{mir}"
        );
    }
}

mod varargs {
    use super::select;

    const SUM: &str = "%struct.__va_list_tag = type { i32, i32, ptr, ptr }
define i64 @sum(i32 %n, ...) {
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  %aq = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.va_start.p0(ptr %ap)
  call void @llvm.va_copy.p0(ptr %aq, ptr %ap)
  %o = load i32, ptr %aq, align 16
  %r = zext i32 %o to i64
  call void @llvm.va_end.p0(ptr %aq)
  call void @llvm.va_end.p0(ptr %ap)
  ret i64 %r
}
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare void @llvm.va_end.p0(ptr)
";

    #[test]
    fn unnamed_registers_are_saved() {
        let mir = select(SUM).unwrap();
        // One named integer: RSI..R9 at 8..40, then XMM0..7 at 48..160.
        assert!(!mir.contains(", $rdi\n"), "{mir}");
        assert!(
            mir.contains("MOV64mr %stack.2, 1, $noreg, 8, $noreg, $rsi"),
            "{mir}"
        );
        assert!(
            mir.contains("MOV64mr %stack.2, 1, $noreg, 40, $noreg, $r9"),
            "{mir}"
        );
        assert!(
            mir.contains("MOVAPSmr %stack.2, 1, $noreg, 48, $noreg, $xmm0"),
            "{mir}"
        );
        assert!(
            mir.contains("MOVAPSmr %stack.2, 1, $noreg, 160, $noreg, $xmm7"),
            "{mir}"
        );
    }

    #[test]
    fn va_copy_moves_24_bytes() {
        let mir = select(SUM).unwrap();
        for off in [0, 8, 16] {
            assert!(
                mir.contains(&format!("MOV64rm %stack.0, 1, $noreg, {off}, $noreg")),
                "{mir}"
            );
            assert!(
                mir.contains(&format!("MOV64mr %stack.1, 1, $noreg, {off}, $noreg")),
                "{mir}"
            );
        }
    }

    #[test]
    fn named_doubles_move_fp_offset() {
        let mir = select(
            "define void @f(double %a, i32 %n, ...) {
  %ap = alloca [24 x i8], align 16
  call void @llvm.va_start.p0(ptr %ap)
  ret void
}
declare void @llvm.va_start.p0(ptr)
",
        )
        .unwrap();
        // One GPR and one XMM named: gp_offset 8, fp_offset 48 + 16.
        assert!(
            mir.contains("MOV32mi %stack.0, 1, $noreg, 0, $noreg, 8"),
            "{mir}"
        );
        assert!(
            mir.contains("MOV32mi %stack.0, 1, $noreg, 4, $noreg, 64"),
            "{mir}"
        );
        assert!(!mir.contains(", $xmm0\n"), "{mir}");
        assert!(
            mir.contains("MOVAPSmr %stack.1, 1, $noreg, 64, $noreg, $xmm1"),
            "{mir}"
        );
    }
}

mod stack {
    use super::select;

    #[test]
    fn stacksave_and_stackrestore() {
        let mir = select(
            "define void @f(i64 %n) {
  %s = call ptr @llvm.stacksave.p0()
  %p = alloca i8, i64 %n, align 1
  store i8 0, ptr %p
  call void @llvm.stackrestore.p0(ptr %s)
  ret void
}
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
",
        )
        .unwrap();
        let reads = mir.matches("= COPY $rsp").count();
        let writes = mir.matches("$rsp = COPY").count();
        assert_eq!((reads, writes), (2, 2), "{mir}");
        // The restore writes the saved value: the first read.
        let saved = mir
            .lines()
            .find(|l| l.contains("= COPY $rsp"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|d| d.split(':').next())
            .expect("a read");
        assert!(mir.contains(&format!("$rsp = COPY {saved}\n")), "{mir}");
    }
}

/// Thread-local access models: local-exec and initial-exec in executables,
/// local-dynamic and general-dynamic (`__tls_get_addr`) in shared-library
/// code.
mod tls {
    use super::support::select_all;

    const SRC: &str = "@x = external thread_local global i32
@y = dso_local thread_local global i32 0
@z = internal thread_local global [4 x i32] zeroinitializer
define i32 @f() {
  %a = load i32, ptr @x
  %b = load i32, ptr @y
  %p = getelementptr [4 x i32], ptr @z, i64 0, i64 3
  %c = load i32, ptr %p
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
";

    #[test]
    fn executables_use_the_thread_pointer() {
        let mir = select_all(SRC, false, true).unwrap();
        assert!(mir.contains("@x [GotTpOff]"), "{mir}");
        assert!(mir.contains("@y [TpOff]"), "{mir}");
        assert!(!mir.contains("TLS_"), "{mir}");
        let pie =
            format!("{SRC}!llvm.module.flags = !{{!0}}\n!0 = !{{i32 8, !\"PIE Level\", i32 2}}\n");
        let mir = select_all(&pie, true, true).unwrap();
        assert!(mir.contains("@y [TpOff]"), "{mir}");
        assert!(!mir.contains("TLS_"), "{mir}");
    }

    #[test]
    fn shared_library_code_calls_tls_get_addr() {
        let mir = select_all(SRC, true, true).unwrap();
        // One general-dynamic call for @x; the block's two local-dynamic
        // accesses share one call for the module's block.
        assert_eq!(mir.matches("TLS_addr64 ").count(), 1, "{mir}");
        assert!(mir.contains("@x [TlsGd]"), "{mir}");
        assert_eq!(mir.matches("TLS_base_addr64 ").count(), 1, "{mir}");
        assert!(mir.contains("@y [DtpOff]"), "{mir}");
        assert!(mir.contains("@z + 12 [DtpOff]"), "{mir}");
        assert_eq!(mir.matches("ADJCALLSTACKDOWN").count(), 2, "{mir}");
        assert!(mir.contains("__tls_get_addr"), "{mir}");
    }

    #[test]
    fn local_exec_folds_into_accesses_as_fs_relative() {
        let src = "@y = dso_local thread_local global [4 x i32] zeroinitializer
define ptr @f(i64 %i) {
  %p = getelementptr [4 x i32], ptr @y, i64 0, i64 %i
  %v = load i32, ptr %p
  store i32 %v, ptr @y
  ret ptr %p
}
";
        let mir = select_all(src, false, true).unwrap();
        // The load and the store: %fs:y@TPOFF(,%i,4) and %fs:y@TPOFF.
        assert_eq!(mir.matches("@y [TpOff], $fs").count(), 2, "{mir}");
        // The address as a value keeps the thread pointer (lea ignores
        // segments).
        assert!(mir.contains("0, $fs"), "{mir}");
    }

    #[test]
    fn the_ir_model_is_a_floor() {
        // `initialexec` in shared-library code: no call.
        let src = "@x = external thread_local(initialexec) global i32
define i32 @f() {
  %a = load i32, ptr @x
  ret i32 %a
}
";
        let mir = select_all(src, true, true).unwrap();
        assert!(mir.contains("@x [GotTpOff]"), "{mir}");
        assert!(!mir.contains("TLS_"), "{mir}");
    }
}
