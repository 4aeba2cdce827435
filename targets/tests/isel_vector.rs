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
