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

/// x86 condition codes as the MIR prints them.
const CC_B: u8 = 2;
const CC_AE: u8 = 3;
const CC_E: u8 = 4;
const CC_NE: u8 = 5;
const CC_BE: u8 = 6;
const CC_A: u8 = 7;
const CC_P: u8 = 10;
const CC_NP: u8 = 11;

/// (predicate, condition codes set, operands swapped) of each compare row.
const PREDS: [(&str, &[u8], bool); 14] = [
    ("oeq", &[CC_E, CC_NP], false),
    ("ogt", &[CC_A], false),
    ("oge", &[CC_AE], false),
    ("olt", &[CC_A], true),
    ("ole", &[CC_AE], true),
    ("one", &[CC_NE], false),
    ("ord", &[CC_NP], false),
    ("uno", &[CC_P], false),
    ("ueq", &[CC_E], false),
    ("ugt", &[CC_B], true),
    ("uge", &[CC_BE], true),
    ("ult", &[CC_B], false),
    ("ule", &[CC_BE], false),
    ("une", &[CC_NE, CC_P], false),
];

#[test]
fn every_fcmp_predicate_selects() {
    for (p, ccs, swapped) in PREDS {
        for (ty, ucomi) in [("float", "UCOMISSrr"), ("double", "UCOMISDrr")] {
            let mir = select(&format!(
                "define i32 @f({ty} %a, {ty} %b) {{\n  %c = fcmp {p} {ty} %a, %b\n  %z = zext i1 %c to i32\n  ret i32 %z\n}}\n"
            ))
            .unwrap();
            let order = if swapped { "%1, %0" } else { "%0, %1" };
            assert!(mir.contains(&format!("{ucomi} {order}")), "{p} {ty}: {mir}");
            for cc in ccs {
                assert!(mir.contains(&format!("SETCCr {cc},")), "{p} {ty}: {mir}");
            }
            assert_eq!(count(&mir, "SETCCr"), ccs.len(), "{p} {ty}: {mir}");
        }
    }
}

#[test]
fn fcmp_true_and_false_are_constants() {
    for p in ["true", "false"] {
        let mir = select(&format!(
            "define i32 @f(double %a, double %b) {{\n  %c = fcmp {p} double %a, %b\n  %z = zext i1 %c to i32\n  ret i32 %z\n}}\n"
        ))
        .unwrap();
        assert!(!mir.contains("UCOMISD"), "{p}: {mir}");
    }
}

/// A branch on a compare folds it; `oeq` branches to the false block on
/// `une` (two jumps), `une` to the true block.
#[test]
fn branches_on_float_compares() {
    for (p, ccs, swapped) in PREDS {
        let mir = select(&format!(
            "define double @f(double %a, double %b) {{
entry:
  %c = fcmp {p} double %a, %b
  br i1 %c, label %t, label %e
t:
  ret double %a
e:
  ret double %b
}}
"
        ))
        .unwrap();
        assert!(!mir.contains("SETCC"), "{p}: {mir}");
        let order = if swapped { "%1, %0" } else { "%0, %1" };
        assert!(mir.contains(&format!("UCOMISDrr {order}")), "{p}: {mir}");
        let jumps: Vec<&str> = mir.lines().filter(|l| l.contains("JCC_1")).collect();
        if p == "oeq" {
            // Inverted: une to the false block.
            assert_eq!(jumps.len(), 2, "{mir}");
            assert!(jumps.iter().all(|j| j.contains("%bb.2")), "{mir}");
            assert!(jumps[0].contains(&format!(", {CC_NE}")), "{mir}");
            assert!(jumps[1].contains(&format!(", {CC_P}")), "{mir}");
        } else {
            assert_eq!(jumps.len(), ccs.len(), "{p}: {mir}");
            for (j, cc) in jumps.iter().zip(ccs) {
                assert!(
                    j.contains("%bb.1") && j.contains(&format!(", {cc}")),
                    "{p}: {mir}"
                );
            }
        }
    }
}

/// Selects on float compares: integer results use cmov directly (two for
/// `oeq`/`une`), float results go through the general registers.
#[test]
fn selects_on_float_compares() {
    for (p, ccs, _) in PREDS {
        let mir = select(&format!(
            "define i64 @f(double %a, double %b, i64 %x, i64 %y) {{
  %c = fcmp {p} double %a, %b
  %r = select i1 %c, i64 %x, i64 %y
  ret i64 %r
}}
define float @g(float %a, float %b, float %x, float %y) {{
  %c = fcmp {p} float %a, %b
  %r = select i1 %c, float %x, float %y
  ret float %r
}}
"
        ))
        .unwrap();
        assert!(!mir.contains("SETCC"), "{p}: {mir}");
        assert_eq!(count(&mir, "CMOV64rr"), ccs.len(), "{p}: {mir}");
        assert_eq!(count(&mir, "CMOV32rr"), ccs.len(), "{p}: {mir}");
        assert_eq!(count(&mir, "MOVPDI2DIrr"), 2, "{p}: {mir}");
        assert_eq!(count(&mir, "MOVDI2PDIrr"), 1, "{p}: {mir}");
    }
    // On a condition in a register.
    let mir = select(
        "define double @f(i1 %c, double %x, double %y) {
  %r = select i1 %c, double %x, double %y
  ret double %r
}
",
    )
    .unwrap();
    assert!(mir.contains("TEST8ri"), "{mir}");
    assert!(mir.contains("CMOV64rr"), "{mir}");
    assert!(mir.contains("MOV64toPQIrr"), "{mir}");
}

#[test]
fn conversions_between_integers_and_floats() {
    let cases: &[(&str, &str, &str, &[&str])] = &[
        ("sitofp", "i32", "double", &["CVTSI2SDrr"]),
        ("sitofp", "i64", "float", &["CVTSI2SS64rr"]),
        ("sitofp", "i8", "double", &["MOVSX32rr8", "CVTSI2SDrr"]),
        ("uitofp", "i16", "float", &["MOVZX32rr16", "CVTSI2SSrr"]),
        // u32: the zero-extended i64 converts exactly.
        (
            "uitofp",
            "i32",
            "double",
            &["MOV32rr", "SUBREG_TO_REG", "CVTSI2SD64rr"],
        ),
        // u64: halve (keeping the low bit) when negative, then double.
        (
            "uitofp",
            "i64",
            "double",
            &["SHR64ri", "OR64rr", "CMOV64rr", "CVTSI2SD64rr", "ADDSDrr"],
        ),
        ("uitofp", "i64", "float", &["CVTSI2SS64rr", "ADDSSrr"]),
        ("fptosi", "double", "i32", &["CVTTSD2SIrr"]),
        ("fptosi", "float", "i64", &["CVTTSS2SI64rr"]),
        ("fptosi", "double", "i8", &["CVTTSD2SIrr", "sub_8bit"]),
        ("fptoui", "float", "i16", &["CVTTSS2SIrr", "sub_16bit"]),
        ("fptoui", "double", "i32", &["CVTTSD2SI64rr", "sub_32bit"]),
        // u64: both conversions, merged by the sign of the first.
        (
            "fptoui",
            "double",
            "i64",
            &["SUBSDrr", "SAR64ri", "AND64rr", "OR64rr"],
        ),
        ("fptoui", "float", "i64", &["SUBSSrr", "CVTTSS2SI64rr"]),
    ];
    for &(op, from, to, want) in cases {
        // Narrow values travel widened so the function's own interface
        // stays 32/64-bit.
        let (arg, pre) = match from {
            "i8" | "i16" => (
                "i32".to_string(),
                format!("%n = trunc i32 %a to {from}\n  "),
            ),
            t => (t.to_string(), String::new()),
        };
        let src = if pre.is_empty() { "%a" } else { "%n" };
        let (ret, post) = match to {
            "i8" | "i16" => ("i32".to_string(), format!("\n  %w = sext {to} %r to i32")),
            t => (t.to_string(), String::new()),
        };
        let res = if post.is_empty() { "%r" } else { "%w" };
        let ir = format!(
            "define {ret} @f({arg} %a) {{\n  {pre}%r = {op} {from} {src} to {to}{post}\n  ret {ret} {res}\n}}\n"
        );
        let mir = select(&ir).unwrap_or_else(|e| panic!("{ir}: {e}"));
        for w in want {
            assert!(mir.contains(w), "{op} {from} -> {to}: {w}: {mir}");
        }
    }
}

/// SysV: floats in XMM0..7 in order, independent of the integer
/// registers; the ninth float and the seventh integer go to the stack in
/// argument order; a variadic call sets %al to the XMM registers used.
#[test]
fn calls_pass_floats_in_xmm_registers() {
    let mir = select(
        "declare double @g(double, i32, float, double, double, double, double, double, double, double, i64, i64, i64, i64, i64, i64, float)
declare i32 @printf(ptr, ...)
define double @f(double %a, float %b, ptr %p) {
  %r = call double @g(double %a, i32 1, float %b, double %a, double %a, double %a, double %a, double %a, double %a, double %a, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, float %b)
  %n = call i32 (ptr, ...) @printf(ptr %p, double %r, i32 7, double %a)
  ret double %r
}
",
    )
    .unwrap();
    // 9 doubles/floats before the i64s: xmm0..7 then the stack.
    for r in 0..8 {
        assert!(mir.contains(&format!("$xmm{r} = COPY")), "xmm{r}: {mir}");
    }
    assert!(!mir.contains("$xmm8"), "{mir}");
    // Stack: the ninth double at 0, the seventh integer at 8, the last
    // float at 16.
    assert!(mir.contains("MOVSDmr $rsp, 1, $noreg, 0,"), "{mir}");
    assert!(mir.contains("MOV64mr $rsp, 1, $noreg, 8,"), "{mir}");
    assert!(mir.contains("MOVSSmr $rsp, 1, $noreg, 16,"), "{mir}");
    assert!(mir.contains("ADJCALLSTACKDOWN 32"), "{mir}");
    assert!(mir.contains("implicit-def $xmm0"), "{mir}");
    // printf: two doubles in xmm0/xmm1.
    assert!(mir.contains("$al = MOV8ri 2"), "{mir}");
}

#[test]
fn math_intrinsics_and_frem_are_library_calls() {
    let mir = select(
        "declare double @llvm.floor.f64(double)
declare float @llvm.ceil.f32(float)
declare double @llvm.trunc.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.round.f64(double)
declare float @llvm.nearbyint.f32(float)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.pow.f64(double, double)
declare i64 @llvm.lround.i64.f64(double)
declare i64 @llvm.llrint.i64.f32(float)
declare double @llvm.ldexp.f64.i32(double, i32)
define i64 @g(double %a, float %b, i32 %n) {
  %1 = call i64 @llvm.lround.i64.f64(double %a)
  %2 = call i64 @llvm.llrint.i64.f32(float %b)
  %3 = call double @llvm.ldexp.f64.i32(double %a, i32 %n)
  %4 = fptosi double %3 to i64
  %5 = add i64 %1, %2
  %6 = add i64 %5, %4
  ret i64 %6
}
define double @f(double %a, float %b) {
  %1 = call double @llvm.floor.f64(double %a)
  %2 = call float @llvm.ceil.f32(float %b)
  %3 = call double @llvm.trunc.f64(double %1)
  %4 = call double @llvm.rint.f64(double %3)
  %5 = call double @llvm.round.f64(double %4)
  %6 = call float @llvm.nearbyint.f32(float %2)
  %7 = call double @llvm.fma.f64(double %5, double %5, double %a)
  %8 = call double @llvm.pow.f64(double %7, double %a)
  %9 = frem double %8, %a
  %10 = frem float %6, %b
  %11 = fpext float %10 to double
  %12 = fadd double %9, %11
  ret double %12
}
",
    )
    .unwrap();
    for name in [
        "floor",
        "ceilf",
        "trunc",
        "rint",
        "round",
        "nearbyintf",
        "lround",
        "llrintf",
        "ldexp",
        "fma",
        "pow",
        "fmod",
        "fmodf",
    ] {
        assert!(
            mir.contains(&format!("CALL64pcrel32 &{name},")),
            "{name}: {mir}"
        );
    }
}

#[test]
fn fmuladd_is_a_multiply_and_an_add() {
    let mir = select(
        "declare float @llvm.fmuladd.f32(float, float, float)
define float @f(float %a, float %b, float %c) {
  %r = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  ret float %r
}
",
    )
    .unwrap();
    assert!(mir.contains("MULSSrr") && mir.contains("ADDSSrr"), "{mir}");
    assert!(!mir.contains("CALL"), "{mir}");
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
