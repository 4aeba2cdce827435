//! Instruction selection of floating point from real IR: SSE2 scalar
//! arithmetic, constants, compares, conversions, calls, intrinsics. Each
//! test selects a function, runs the machine verifier on the SSA result and
//! checks the machine code's shape (`RCC_SHOW=1` prints it).

#[path = "support/isel.rs"]
mod support;

/// Selects every defined function of `src`; returns their MIR, verified.
fn select(src: &str) -> Result<String, String> {
    support::select_all(src, false, true)
}

fn count(mir: &str, what: &str) -> usize {
    mir.matches(what).count()
}

/// The x87 stack depth change of each x87 instruction of the selected
/// code (loads push, stores and `...p` forms pop).
fn x87_depth(mir: &str) -> i32 {
    let mut d = 0;
    for l in mir.lines() {
        let inst = l.split_once(" = ").map_or(l, |(_, r)| r);
        let form = inst.split_whitespace().next().unwrap_or("");
        d += match form {
            "LD_F80m" | "LD_F64m" | "LD_F32m" | "ILD_F32m" | "ILD_F64m" | "ILD_F16m" => 1,
            "ST_FP80m" | "ST_FP64m" | "ST_FP32m" | "IST_FP32m" | "IST_FP64m" | "ST_FPrr"
            | "UCOM_FIPr" | "ADD_FPrST0" | "MUL_FPrST0" | "SUBR_FPrST0" | "DIVR_FPrST0" => -1,
            _ => 0,
        };
    }
    d
}

/// x86_fp80: every operation is a balanced x87 sequence between XMM
/// registers and the scratch slot.
#[test]
fn x86_fp80_operations_leave_the_x87_stack_empty() {
    let mir = select(
        "declare x86_fp80 @llvm.fabs.f80(x86_fp80)
declare x86_fp80 @llvm.sqrt.f80(x86_fp80)
define void @f(ptr %p, i64 %i, double %d, float %s) {
entry:
  %a = load x86_fp80, ptr %p, align 16
  %b = fadd x86_fp80 %a, 0xK3FFF8000000000000000
  %c = fsub x86_fp80 %b, %a
  %e = fmul x86_fp80 %c, %c
  %g = fdiv x86_fp80 %e, %b
  %h = fneg x86_fp80 %g
  %k = call x86_fp80 @llvm.fabs.f80(x86_fp80 %h)
  %l = call x86_fp80 @llvm.sqrt.f80(x86_fp80 %k)
  %m = sitofp i64 %i to x86_fp80
  %n = uitofp i64 %i to x86_fp80
  %o = fpext double %d to x86_fp80
  %q = fpext float %s to x86_fp80
  %r = fadd x86_fp80 %l, %m
  %t = fadd x86_fp80 %r, %n
  %u = fadd x86_fp80 %t, %o
  %v = fadd x86_fp80 %u, %q
  %cmp = fcmp olt x86_fp80 %v, %a
  %w = select i1 %cmp, x86_fp80 %v, x86_fp80 0xK00000000000000000000
  store x86_fp80 %w, ptr %p, align 16
  %x = fptosi x86_fp80 %w to i64
  %y = fptoui x86_fp80 %w to i64
  %dd = fptrunc x86_fp80 %w to double
  %ff = fptrunc x86_fp80 %w to float
  %q1 = getelementptr i8, ptr %p, i64 16
  store i64 %x, ptr %q1
  %q2 = getelementptr i8, ptr %p, i64 24
  store i64 %y, ptr %q2
  %q3 = getelementptr i8, ptr %p, i64 32
  store double %dd, ptr %q3
  %q4 = getelementptr i8, ptr %p, i64 40
  store float %ff, ptr %q4
  br i1 %cmp, label %x1, label %x2
x1:
  ret void
x2:
  ret void
}
",
    )
    .unwrap();
    assert_eq!(x87_depth(&mir), 0, "{mir}");
    for w in [
        "SUBR_FPrST0",
        "DIVR_FPrST0",
        "MUL_FPrST0",
        "CHS_F",
        "ABS_F",
        "SQRT_F",
        "ILD_F64m",
        "LD_F64m",
        "LD_F32m",
        "UCOM_FIPr",
        "FLDCW16m",
        "IST_FP64m",
        "ST_FP64m",
        "ST_FP32m",
        "PSHUFDri",
    ] {
        assert!(mir.contains(w), "{w}: {mir}");
    }
    // One 16-byte scratch slot; the constant 1.0 in a 16-byte pool entry.
    assert!(mir.contains("size=16, align=16"), "{mir}");
    assert!(
        mir.contains("%const.0: [00, 00, 00, 00, 00, 00, 00, 80, ff, 3f, 00"),
        "{mir}"
    );
}

/// System V: long double arguments in 16-byte stack slots aligned to 16,
/// results in %st(0).
#[test]
fn x86_fp80_calls_and_returns() {
    let mir = select(
        "declare x86_fp80 @g(i32, x86_fp80, double, x86_fp80)
define x86_fp80 @f(x86_fp80 %a, i64 %i, x86_fp80 %b) {
  %r = call x86_fp80 @g(i32 1, x86_fp80 %a, double 2.0, x86_fp80 %b)
  %s = call x86_fp80 @g(i32 1, x86_fp80 %r, double 2.0, x86_fp80 %b)
  ret x86_fp80 %s
}
",
    )
    .unwrap();
    // Incoming: at +8 and +24 from the entry stack pointer.
    assert!(mir.contains("size=16, align=1, Fixed, at 8"), "{mir}");
    assert!(mir.contains("size=16, align=1, Fixed, at 24"), "{mir}");
    assert!(mir.contains("MOVUPSmr $rsp, 1, $noreg, 0,"), "{mir}");
    assert!(mir.contains("MOVUPSmr $rsp, 1, $noreg, 16,"), "{mir}");
    assert!(mir.contains("ADJCALLSTACKDOWN 32"), "{mir}");
    // Each call pushes its result, which is popped at once; the return
    // value is pushed.
    assert_eq!(x87_depth(&mir), -1, "{mir}");
    assert!(mir.contains("implicit-def $st(0)"), "{mir}");
    assert!(mir.contains("RET64 implicit $st(0)"), "{mir}");
}
/// `long double _Complex` results: the real part in %st(0), the imaginary
/// part in %st(1); both popped after a call, both pushed (imaginary first)
/// before a return.
#[test]
fn x86_fp80_pairs_in_st0_and_st1() {
    let mir = select(
        "declare { x86_fp80, x86_fp80 } @g(x86_fp80)
define { x86_fp80, x86_fp80 } @f(x86_fp80 %a) {
  %r = call { x86_fp80, x86_fp80 } @g(x86_fp80 %a)
  %re = extractvalue { x86_fp80, x86_fp80 } %r, 0
  %im = extractvalue { x86_fp80, x86_fp80 } %r, 1
  %s = insertvalue { x86_fp80, x86_fp80 } undef, x86_fp80 %im, 0
  %t = insertvalue { x86_fp80, x86_fp80 } %s, x86_fp80 %re, 1
  ret { x86_fp80, x86_fp80 } %t
}
",
    )
    .unwrap();
    assert!(
        mir.contains("implicit-def $st(0), implicit-def $st(1)"),
        "{mir}"
    );
    assert!(
        mir.contains("RET64 implicit $st(0), implicit $st(1)"),
        "{mir}"
    );
    // Two pops after the call, two pushes before the return.
    assert_eq!(x87_depth(&mir), 0, "{mir}");
    assert_eq!(count(&mir, "ST_FP80m"), 2, "{mir}");
}
