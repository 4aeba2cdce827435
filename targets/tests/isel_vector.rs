//! Instruction selection of vectors from real IR: SSE2 loads and stores,
//! arithmetic, compares, selects, constants, lane access, shuffles,
//! extensions, reductions, floats, calls, and the type legalization in
//! front of them (split, widened and promoted types). Each test selects
//! one family, runs the machine verifier on the SSA result and checks the
//! machine code's shape against what llc-19 -O2 picks (`RCC_SHOW=1`
//! prints it).

#[path = "support/isel.rs"]
mod support;

/// Selects every defined function of `src`; returns their MIR, verified.
fn select(src: &str) -> Result<String, String> {
    support::select_all(src, false, true)
}

fn count(mir: &str, what: &str) -> usize {
    mir.matches(what).count()
}

fn has_all(mir: &str, words: &[&str]) {
    for w in words {
        assert!(mir.contains(w), "{w} missing:\n{mir}");
    }
}

#[test]
fn loads_and_stores_by_alignment() {
    let mir = select(
        "define void @f(ptr %p, ptr %q) {
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <16 x i8>, ptr %q, align 1
  %c = bitcast <16 x i8> %b to <4 x i32>
  %s = add <4 x i32> %a, %c
  store <4 x i32> %s, ptr %q, align 4
  store <4 x i32> %s, ptr %p, align 16
  ret void
}
",
    )
    .unwrap();
    has_all(
        &mir,
        &["MOVAPSrm", "MOVUPSrm", "PADDDrr", "MOVUPSmr", "MOVAPSmr"],
    );
}

#[test]
fn aligned_loads_fold_into_operands() {
    let mir = select(
        "define <4 x i32> @f(<4 x i32> %a, ptr %p) {
  %b = load <4 x i32>, ptr %p, align 16
  %r = add <4 x i32> %a, %b
  ret <4 x i32> %r
}
define <4 x i32> @g(<4 x i32> %a, ptr %p) {
  %b = load <4 x i32>, ptr %p, align 4
  %r = add <4 x i32> %a, %b
  ret <4 x i32> %r
}
",
    )
    .unwrap();
    // SSE memory operands must be 16-byte aligned: only f folds.
    assert_eq!(count(&mir, "PADDDrm"), 1, "{mir}");
    assert_eq!(count(&mir, "MOVUPSrm"), 1, "{mir}");
}

#[test]
fn integer_arithmetic_per_lane_width() {
    let mir = select(
        "define void @f(ptr %p) {
  %b = load <16 x i8>, ptr %p
  %w = load <8 x i16>, ptr %p
  %d = load <4 x i32>, ptr %p
  %q = load <2 x i64>, ptr %p
  %b1 = sub <16 x i8> %b, %b
  %w1 = add <8 x i16> %w, %w
  %d1 = and <4 x i32> %d, %d
  %d2 = or <4 x i32> %d1, %d
  %q1 = xor <2 x i64> %q, %q
  %q2 = add <2 x i64> %q1, %q
  store <16 x i8> %b1, ptr %p
  store <8 x i16> %w1, ptr %p
  store <4 x i32> %d2, ptr %p
  store <2 x i64> %q2, ptr %p
  ret void
}
",
    )
    .unwrap();
    has_all(
        &mir,
        &["PSUBBrr", "PADDWrr", "PANDrr", "PORrr", "PXORrr", "PADDQrr"],
    );
}

#[test]
fn multiplication_without_sse41() {
    let mir = select(
        "define <4 x i32> @m32(<4 x i32> %a, <4 x i32> %b) {
  %r = mul <4 x i32> %a, %b
  ret <4 x i32> %r
}
define <8 x i16> @m16(<8 x i16> %a, <8 x i16> %b) {
  %r = mul <8 x i16> %a, %b
  ret <8 x i16> %r
}
define <2 x i64> @m64(<2 x i64> %a, <2 x i64> %b) {
  %r = mul <2 x i64> %a, %b
  ret <2 x i64> %r
}
define <16 x i8> @m8(<16 x i8> %a, <16 x i8> %b) {
  %r = mul <16 x i8> %a, %b
  ret <16 x i8> %r
}
",
    )
    .unwrap();
    assert!(!mir.contains("PMULLD"), "no SSE4.1: {mir}");
    // v4i32: two pmuludq of the even and odd lanes, recombined.
    assert_eq!(count(&mir, "PMULUDQrr"), 2 + 3, "{mir}");
    has_all(&mir, &["PMULLWrr", "PUNPCKLDQrr", "PSLLQri", "PACKUSWBrr"]);
}

#[test]
fn shifts_by_splat_constants_and_unrolled_others() {
    let mir = select(
        "define <4 x i32> @c(<4 x i32> %a) {
  %x = shl <4 x i32> %a, <i32 3, i32 3, i32 3, i32 3>
  %y = lshr <4 x i32> %x, <i32 1, i32 1, i32 1, i32 1>
  %z = ashr <4 x i32> %y, <i32 2, i32 2, i32 2, i32 2>
  ret <4 x i32> %z
}
define <8 x i16> @w(<8 x i16> %a) {
  %z = ashr <8 x i16> %a, <i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15>
  ret <8 x i16> %z
}
define <4 x i32> @v(<4 x i32> %a, <4 x i32> %s) {
  %z = shl <4 x i32> %a, %s
  ret <4 x i32> %z
}
",
    )
    .unwrap();
    has_all(&mir, &["PSLLDri", "PSRLDri", "PSRADri", "PSRAWri"]);
    // A variable vector shift is unrolled to scalar shifts by %cl.
    assert_eq!(count(&mir, "SHL32rCL"), 4, "{mir}");
}

#[test]
fn shifts_the_target_lacks_are_built_from_others() {
    // Bytes shift as words with a mask; arithmetic right shifts of bytes
    // and quadwords are ((x >>u c) ^ m) - m.
    let mir = select(
        "define <16 x i8> @b(<16 x i8> %x) {
  %r = ashr <16 x i8> %x, <i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3>
  ret <16 x i8> %r
}
define <2 x i64> @q(<2 x i64> %x) {
  %r = ashr <2 x i64> %x, <i64 5, i64 5>
  ret <2 x i64> %r
}
",
    )
    .unwrap();
    has_all(
        &mir,
        &["PSRLWri", "PANDrm", "PSUBBrm", "PSRLQri", "PSUBQrm"],
    );
    assert!(!mir.contains("SAR"), "{mir}");
}

#[test]
fn compares_direct_inverted_and_sign_flipped() {
    let mir = select(
        "define <4 x i32> @eq(<4 x i32> %a, <4 x i32> %b) {
  %c = icmp eq <4 x i32> %a, %b
  %r = sext <4 x i1> %c to <4 x i32>
  ret <4 x i32> %r
}
define <8 x i16> @ne(<8 x i16> %a, <8 x i16> %b) {
  %c = icmp ne <8 x i16> %a, %b
  %r = sext <8 x i1> %c to <8 x i16>
  ret <8 x i16> %r
}
define <16 x i8> @ult(<16 x i8> %a, <16 x i8> %b) {
  %c = icmp ult <16 x i8> %a, %b
  %r = sext <16 x i1> %c to <16 x i8>
  ret <16 x i8> %r
}
define <2 x i64> @eq64(<2 x i64> %a, <2 x i64> %b) {
  %c = icmp eq <2 x i64> %a, %b
  %r = sext <2 x i1> %c to <2 x i64>
  ret <2 x i64> %r
}
",
    )
    .unwrap();
    has_all(&mir, &["PCMPEQDrr", "PCMPEQWrr", "PCMPGTBrr", "PSHUFDri"]);
    assert!(!mir.contains("PCMPEQQ"), "no SSE4.1: {mir}");
    // ne: eq xor all-ones (all-ones is pcmpeqd x, x); ult: both sides'
    // sign bits flipped with a constant from the pool.
    assert!(count(&mir, "PXORrr") >= 1, "{mir}");
    assert!(count(&mir, "PXORrm") >= 2, "{mir}");
}

#[test]
fn selects_with_masks_and_scalar_conditions() {
    let mir = select(
        "define <4 x i32> @m(<4 x i32> %a, <4 x i32> %b) {
  %c = icmp sgt <4 x i32> %a, %b
  %r = select <4 x i1> %c, <4 x i32> %a, <4 x i32> %b
  ret <4 x i32> %r
}
define <4 x i32> @s(i1 %c, <4 x i32> %a, <4 x i32> %b) {
  %r = select i1 %c, <4 x i32> %a, <4 x i32> %b
  ret <4 x i32> %r
}
",
    )
    .unwrap();
    assert_eq!(count(&mir, "PANDNrr"), 2, "{mir}");
    assert_eq!(count(&mir, "PORrr"), 2, "{mir}");
    // The scalar condition is splat into a mask.
    has_all(&mir, &["NEG32r", "MOVDI2PDIrr", "PSHUFDri"]);
}

#[test]
fn constants_zero_ones_pool_and_splats() {
    let mir = select(
        "define void @f(ptr %p, i32 %x) {
  store <4 x i32> zeroinitializer, ptr %p
  store <4 x i32> <i32 -1, i32 -1, i32 -1, i32 -1>, ptr %p
  store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %p
  %i = insertelement <4 x i32> poison, i32 %x, i64 0
  %s = shufflevector <4 x i32> %i, <4 x i32> poison, <4 x i32> zeroinitializer
  store <4 x i32> %s, ptr %p
  ret void
}
",
    )
    .unwrap();
    has_all(&mir, &["PXORrr", "PCMPEQDrr", "%const.0", "MOVDI2PDIrr"]);
    assert!(mir.contains("PSHUFDri") && mir.contains(", 0\n"), "{mir}");
}

#[test]
fn vector_constants_with_addresses() {
    let mir = select(
        "@a = global i32 1
@b = global [4 x i32] zeroinitializer
define void @f(ptr %p) {
  store <2 x ptr> <ptr @a, ptr getelementptr (i8, ptr @b, i64 8)>, ptr %p, align 16
  ret void
}
",
    )
    .unwrap();
    assert_eq!(count(&mir, "MOV64toPQIrr"), 2, "{mir}");
    has_all(&mir, &["PUNPCKLQDQrr", "MOVAPSmr"]);
}

#[test]
fn lanes_by_constant_and_variable_index() {
    let mir = select(
        "define i32 @x(<4 x i32> %v) {
  %a = extractelement <4 x i32> %v, i32 0
  %b = extractelement <4 x i32> %v, i32 2
  %s = add i32 %a, %b
  ret i32 %s
}
define i16 @w(<8 x i16> %v) {
  %a = extractelement <8 x i16> %v, i32 5
  ret i16 %a
}
define <8 x i16> @iw(<8 x i16> %v, i16 %e) {
  %r = insertelement <8 x i16> %v, i16 %e, i32 3
  ret <8 x i16> %r
}
define <4 x i32> @id(<4 x i32> %v, i32 %e) {
  %r = insertelement <4 x i32> %v, i32 %e, i32 2
  ret <4 x i32> %r
}
define i32 @var(<4 x i32> %v, i32 %i) {
  %a = extractelement <4 x i32> %v, i32 %i
  ret i32 %a
}
",
    )
    .unwrap();
    has_all(
        &mir,
        &["MOVPDI2DIrr", "PEXTRWrri", "PINSRWrri", "SHUFPSrri"],
    );
    // The variable index goes through a stack slot.
    assert!(mir.contains("%stack."), "{mir}");
}

#[test]
fn shuffles_by_mask_shape() {
    let mir = select(
        "define <4 x i32> @rev(<4 x i32> %a) {
  %r = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  ret <4 x i32> %r
}
define <4 x i32> @unpck(<4 x i32> %a, <4 x i32> %b) {
  %r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  ret <4 x i32> %r
}
define <4 x i32> @two(<4 x i32> %a, <4 x i32> %b) {
  %r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 6, i32 1, i32 4>
  ret <4 x i32> %r
}
define <8 x i16> @lohi(<8 x i16> %a) {
  %r = shufflevector <8 x i16> %a, <8 x i16> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 7, i32 6, i32 5, i32 4>
  ret <8 x i16> %r
}
define <16 x i8> @any(<16 x i8> %a) {
  %r = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6, i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8>
  ret <16 x i8> %r
}
",
    )
    .unwrap();
    has_all(
        &mir,
        &[
            "PSHUFDri",
            "PUNPCKLDQrr",
            "SHUFPSrri",
            "PSHUFLWri",
            "PSHUFHWri",
        ],
    );
    // A byte shuffle goes through words: zero-extended halves, word
    // shuffles, packuswb.
    has_all(&mir, &["PUNPCKHBWrr", "PACKUSWBrr"]);
    assert!(!mir.contains("%stack."), "{mir}");
}

#[test]
fn shuffles_without_a_pattern_go_through_the_stack() {
    // Bytes from both halves of a two-input shuffle, mixed.
    let mir = select(
        "define <16 x i8> @f(<16 x i8> %a, <16 x i8> %b) {
  %r = shufflevector <16 x i8> %a, <16 x i8> %b, <16 x i32> <i32 5, i32 17, i32 9, i32 30, i32 2, i32 3, i32 4, i32 6, i32 7, i32 8, i32 10, i32 11, i32 12, i32 13, i32 14, i32 0>
  ret <16 x i8> %r
}
define <16 x i8> @rev(<16 x i8> %a) {
  %r = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <16 x i8> %r
}
",
    )
    .unwrap();
    assert_eq!(count(&mir, "MOV8mr"), 16, "{mir}");
    has_all(&mir, &["PSHUFDri", "PSHUFLWri", "PSHUFHWri"]);
}

#[test]
fn split_widened_and_promoted_types() {
    let mir = select(
        "define void @split(ptr %p) {
  %a = load <8 x i32>, ptr %p, align 32
  %s = add <8 x i32> %a, %a
  store <8 x i32> %s, ptr %p, align 32
  ret void
}
define void @widen(ptr %p) {
  %a = load <2 x i32>, ptr %p, align 8
  %s = mul <2 x i32> %a, %a
  store <2 x i32> %s, ptr %p, align 8
  ret void
}
define <4 x i32> @promote(<4 x i32> %a, <4 x i32> %b) {
  %c = icmp eq <4 x i32> %a, %b
  %d = icmp sgt <4 x i32> %a, %b
  %e = or <4 x i1> %c, %d
  %r = zext <4 x i1> %e to <4 x i32>
  ret <4 x i32> %r
}
",
    )
    .unwrap();
    // Two halves: two loads, adds and stores at +0 and +16.
    assert_eq!(count(&mir, "PADDDrr"), 2, "{mir}");
    assert_eq!(count(&mir, "MOVAPSmr"), 2, "{mir}");
    // <2 x i32> lives in the low half of a v4i32: an 8-byte load and
    // store around the v4i32 multiply.
    has_all(&mir, &["MOVQI2PQIrm", "MOVPQI2QImr", "PMULUDQrr"]);
    // The i1 lanes are 0/-1 in 32-bit lanes; zext masks them with 1.
    has_all(&mir, &["PCMPGTDrr", "PORrr"]);
}

#[test]
fn phis_of_split_vectors() {
    let mir = select(
        "define <4 x i32> @f(ptr %p, i32 %n) {
entry:
  %a = load <8 x i32>, ptr %p
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %v = phi <8 x i32> [ %a, %entry ], [ %v2, %loop ]
  %v2 = add <8 x i32> %v, %a
  %i2 = add i32 %i, 1
  %d = icmp eq i32 %i2, %n
  br i1 %d, label %exit, label %loop
exit:
  %r = shufflevector <8 x i32> %v2, <8 x i32> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  ret <4 x i32> %r
}
",
    )
    .unwrap();
    // One machine PHI per v4i32 half, plus the counter's.
    assert_eq!(count(&mir, " = PHI "), 3, "{mir}");
}

#[test]
fn extensions_and_truncations() {
    let mir = select(
        "define <4 x i32> @sx(<4 x i16> %a) {
  %r = sext <4 x i16> %a to <4 x i32>
  ret <4 x i32> %r
}
define <8 x i16> @zx(<8 x i8> %a) {
  %r = zext <8 x i8> %a to <8 x i16>
  ret <8 x i16> %r
}
define <2 x i64> @sx64(<2 x i32> %a) {
  %r = sext <2 x i32> %a to <2 x i64>
  ret <2 x i64> %r
}
define <8 x i16> @tr(<8 x i32> %a) {
  %r = trunc <8 x i32> %a to <8 x i16>
  ret <8 x i16> %r
}
",
    );
    // <8 x i32> arguments take two registers.
    assert!(mir.is_ok(), "{mir:?}");
    let mir = select(
        "define <4 x i32> @sx(<4 x i16> %a) {
  %r = sext <4 x i16> %a to <4 x i32>
  ret <4 x i32> %r
}
define <8 x i16> @zx(<8 x i8> %a) {
  %r = zext <8 x i8> %a to <8 x i16>
  ret <8 x i16> %r
}
define <2 x i64> @sx64(<2 x i32> %a) {
  %r = sext <2 x i32> %a to <2 x i64>
  ret <2 x i64> %r
}
define void @tr(ptr %p) {
  %a = load <8 x i32>, ptr %p
  %r = trunc <8 x i32> %a to <8 x i16>
  store <8 x i16> %r, ptr %p
  ret void
}
",
    )
    .unwrap();
    has_all(
        &mir,
        &[
            "PUNPCKLWDrr",
            "PSRADri",
            "PUNPCKLBWrr",
            "PCMPGTDrr",
            "PACKSSDWrr",
        ],
    );
}

#[test]
fn reductions_halve_with_shuffles() {
    let mir = select(
        "declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>)
define i32 @f(<4 x i32> %v) {
  %a = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  %m = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %v)
  %r = add i32 %a, %m
  ret i32 %r
}
",
    )
    .unwrap();
    assert_eq!(count(&mir, "PADDDrr"), 2, "{mir}");
    assert_eq!(count(&mir, "PCMPGTDrr"), 2, "{mir}");
    has_all(&mir, &["PSHUFDri", "MOVPDI2DIrr"]);
}

#[test]
fn float_vectors() {
    let mir = select(
        "define <4 x float> @f(<4 x float> %a, <4 x float> %b) {
  %s = fadd <4 x float> %a, %b
  %m = fmul <4 x float> %s, %a
  %c = fcmp olt <4 x float> %m, %b
  %r = select <4 x i1> %c, <4 x float> %m, <4 x float> %b
  ret <4 x float> %r
}
define <2 x double> @d(<2 x double> %a, <4 x i32> %i) {
  %c = sitofp <4 x i32> %i to <4 x float>
  %e = extractelement <4 x float> %c, i32 1
  %x = fpext float %e to double
  %v = insertelement <2 x double> %a, double %x, i32 1
  %q = fdiv <2 x double> %v, %a
  ret <2 x double> %q
}
",
    )
    .unwrap();
    has_all(
        &mir,
        &[
            "ADDPSrr",
            "MULPSrr",
            "CMPPSrri",
            "CVTDQ2PSrr",
            "DIVPDrr",
            "SHUFPDrri",
        ],
    );
}

#[test]
fn vector_calls_use_xmm_registers() {
    let mir = select(
        "declare <4 x i32> @g(<4 x i32>, i32, <2 x double>)
define <4 x i32> @f(<4 x i32> %a, <2 x double> %d) {
  %r = call <4 x i32> @g(<4 x i32> %a, i32 1, <2 x double> %d)
  ret <4 x i32> %r
}
",
    )
    .unwrap();
    has_all(&mir, &["$xmm0", "$xmm1", "$edi"]);
}

#[test]
fn split_vectors_take_one_xmm_register_per_part() {
    // As llc: <4 x double> arguments in xmm0/xmm1 and xmm2/xmm3, the
    // result in xmm0/xmm1.
    let mir = select(
        "define <4 x double> @f(<4 x double> %a, <4 x double> %b) {
  %r = fadd <4 x double> %a, %b
  ret <4 x double> %r
}
define <8 x i32> @g(<8 x i32> %a) {
  %r = call <8 x i32> @h(<8 x i32> %a, <8 x i32> %a)
  ret <8 x i32> %r
}
declare <8 x i32> @h(<8 x i32>, <8 x i32>)
",
    )
    .unwrap();
    assert_eq!(count(&mir, "ADDPDrr"), 2, "{mir}");
    has_all(
        &mir,
        &["$xmm0", "$xmm1", "$xmm2", "$xmm3", "implicit-def $xmm1"],
    );
}

#[test]
fn getelementptr_on_vectors_of_pointers() {
    let mir = select(
        "%S = type { i32, i64, [3 x i16] }
define <2 x ptr> @f(ptr %p, <2 x i64> %i) {
  %a = getelementptr inbounds %S, ptr %p, <2 x i64> %i
  %b = getelementptr inbounds %S, <2 x ptr> %a, i64 1, i32 2, <2 x i32> <i32 1, i32 2>
  ret <2 x ptr> %b
}
",
    )
    .unwrap();
    // 24-byte elements: the index times 24 (pmuludq), the splat base, the
    // offsets 24 + 16 and the i16 lanes scaled by 2 (psllq).
    has_all(&mir, &["PMULUDQrr", "PSHUFDri", "PADDQrr", "PSLLQri"]);
}

#[test]
fn mask_bits_use_movemask() {
    let mir = select(
        "define i16 @f(<16 x i8> %a, <16 x i8> %b) {
  %c = icmp eq <16 x i8> %a, %b
  %m = bitcast <16 x i1> %c to i16
  ret i16 %m
}
define i8 @g(<8 x i16> %a, <8 x i16> %b) {
  %c = icmp sgt <8 x i16> %a, %b
  %m = bitcast <8 x i1> %c to i8
  ret i8 %m
}
",
    )
    .unwrap();
    assert_eq!(count(&mir, "PMOVMSKBrr"), 2, "{mir}");
}

#[test]
fn unsupported_vector_constructs_are_named() {
    for (ir, what) in [
        (
            "define void @f(ptr %p) {\n  %v = load <4 x i1>, ptr %p\n  %e = extractelement <4 x i1> %v, i32 0\n  store i1 %e, ptr %p\n  ret void\n}\n",
            "load of v4i1",
        ),
        (
            "define <2 x double> @f(<2 x double> %a) {\n  %r = frem <2 x double> %a, %a\n  ret <2 x double> %r\n}\n",
            "'frem' instruction on v2f64",
        ),
        (
            "define <4 x i1> @f(<4 x i32> %a) {\n  %c = icmp eq <4 x i32> %a, %a\n  ret <4 x i1> %c\n}\n",
            "v4i1 argument or return value",
        ),
        (
            "declare <4 x i32> @llvm.ctpop.v4i32(<4 x i32>)\ndefine <4 x i32> @f(<4 x i32> %a) {\n  %r = call <4 x i32> @llvm.ctpop.v4i32(<4 x i32> %a)\n  ret <4 x i32> %r\n}\n",
            "the intrinsic llvm.ctpop.v4i32",
        ),
        (
            "define void @f(ptr %p) {\n  %v = load <6 x i32>, ptr %p\n  %w = add <6 x i32> %v, %v\n  store <6 x i32> %w, ptr %p\n  ret void\n}\n",
            "",
        ),
    ] {
        match select(ir) {
            Err(e) => assert!(e.contains(what) && !what.is_empty(), "{ir}: {e}"),
            // <6 x i32> is split into a v4i32 and a partial one.
            Ok(mir) => assert!(what.is_empty(), "{ir}: {mir}"),
        }
    }
}

#[test]
fn truncation_to_i1_lanes_spreads_the_low_bit_without_shifts() {
    // Byte lanes have no arithmetic shift in SSE2: `0 - (x & 1)`.
    for ty in ["<16 x i8>", "<2 x i64>"] {
        let mir = select(&format!(
            "define {ty} @f({ty} %x) {{
  %t = trunc {ty} %x to <{n} x i1>
  %s = sext <{n} x i1> %t to {ty}
  ret {ty} %s
}}",
            n = if ty.starts_with("<16") { 16 } else { 2 }
        ))
        .unwrap();
        has_all(&mir, &["PAND", "PSUB"]);
        assert_eq!(count(&mir, "PSRA"), 0, "{mir}");
    }
}
