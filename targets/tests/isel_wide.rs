//! Instruction selection of i128 code (type legalization into i64 halves):
//! real IR in, machine code shapes out. `RCC_SHOW=1` prints the MIR.

#[path = "support/isel.rs"]
mod support;

/// The MIR of the first function with a body.
fn select(src: &str) -> Result<String, String> {
    support::select_first(src)
}

fn count(mir: &str, what: &str) -> usize {
    mir.matches(what).count()
}

#[test]
fn add_and_sub_are_carry_chains() {
    let mir = select(
        "define i128 @f(i128 %a, i128 %b) {
  %s = add i128 %a, %b
  %d = sub i128 %s, %b
  ret i128 %d
}",
    )
    .unwrap();
    for w in ["ADD64rr", "ADC64rr", "SUB64rr", "SBB64rr"] {
        assert_eq!(count(&mir, w), 1, "{w}\n{mir}");
    }
    // The carry producer's flags stay live into the glued consumer.
    let add = mir.lines().position(|l| l.contains("ADD64rr")).unwrap();
    let adc = mir.lines().position(|l| l.contains("ADC64rr")).unwrap();
    assert!(!mir.lines().nth(add).unwrap().contains("dead"), "{mir}");
    for l in mir.lines().skip(add + 1).take(adc - add - 1) {
        assert!(
            l.contains("COPY"),
            "only copies between ADD and ADC: {l}\n{mir}"
        );
    }
    assert!(mir.contains("$rdx"), "{mir}");
}

/// The lines of `mir` from the one containing `from` through the next one
/// containing `to`.
fn between<'a>(mir: &'a str, from: &str, to: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = mir.lines().collect();
    let a = lines.iter().position(|l| l.contains(from)).expect(from);
    let b = a + lines[a..].iter().position(|l| l.contains(to)).expect(to);
    lines[a..=b].to_vec()
}

#[test]
fn a_carry_producer_is_emitted_next_to_its_consumer() {
    // The low half is stored (and the store ordered first) before the high
    // half is needed: the glue group still keeps ADD and ADC together.
    let mir = select(
        "define void @f(i128 %a, i128 %b, ptr %p, ptr %q) {
  %s = add i128 %a, %b
  %lo = trunc i128 %s to i64
  store i64 %lo, ptr %p
  %x = mul i64 %lo, %lo
  store i64 %x, ptr %q
  %h = lshr i128 %s, 64
  %hi = trunc i128 %h to i64
  store i64 %hi, ptr %q
  ret void
}",
    )
    .unwrap();
    let span = between(&mir, "ADD64rr", "ADC64rr");
    assert!(
        span[1..span.len() - 1].iter().all(|l| l.contains("COPY")),
        "{mir}"
    );
}

#[test]
fn variable_shifts_are_double_shifts_and_a_select_on_bit_6() {
    for (op, double, single) in [
        ("shl", "SHLD64rrCL", "SHL64rCL"),
        ("lshr", "SHRD64rrCL", "SHR64rCL"),
        ("ashr", "SHRD64rrCL", "SAR64rCL"),
    ] {
        let mir = select(&format!(
            "define i128 @f(i128 %a, i128 %s) {{
  %r = {op} i128 %a, %s
  ret i128 %r
}}"
        ))
        .unwrap();
        assert_eq!(count(&mir, double), 1, "{op}\n{mir}");
        assert_eq!(count(&mir, single), 1, "{op}\n{mir}");
        assert_eq!(count(&mir, "TEST8ri"), 2, "{op}\n{mir}");
        assert_eq!(count(&mir, "CMOV64rr"), 2, "{op}\n{mir}");
        assert_eq!(count(&mir, "AND64ri"), 0, "the & 63 is free\n{mir}");
    }
}

#[test]
fn constant_shifts_are_funnel_shifts_or_moves() {
    let shift = |op: &str, k: u32| {
        select(&format!(
            "define i128 @f(i128 %a) {{
  %r = {op} i128 %a, {k}
  ret i128 %r
}}"
        ))
        .unwrap()
    };
    let m = shift("shl", 5);
    assert!(m.contains("SHLD64rri8") && m.contains("SHL64ri"), "{m}");
    let m = shift("lshr", 5);
    assert!(m.contains("SHRD64rri8") && m.contains("SHR64ri"), "{m}");
    let m = shift("shl", 64);
    assert!(!m.contains("SH"), "a move of halves: {m}");
    let m = shift("ashr", 70);
    assert_eq!(count(&m, "SAR64ri"), 2, "{m}");
    assert!(!m.contains("SHRD"), "{m}");
}

#[test]
fn comparisons() {
    let cmp = |pred: &str, rhs: &str| {
        select(&format!(
            "define i32 @f(i128 %a, i128 %b) {{
  %c = icmp {pred} i128 %a, {rhs}
  %z = zext i1 %c to i32
  ret i32 %z
}}"
        ))
        .unwrap()
    };
    // Equality: xor the halves, or them, test.
    for p in ["eq", "ne"] {
        let m = cmp(p, "%b");
        assert_eq!(count(&m, "XOR64rr"), 2, "{m}");
        assert_eq!(count(&m, "= OR64rr"), 1, "{m}");
        assert!(!m.contains("SBB"), "{m}");
    }
    // Orderings: compare the low halves, subtract with borrow the high ones.
    for p in ["ult", "uge", "slt", "sge", "ugt", "ule", "sgt", "sle"] {
        let m = cmp(p, "%b");
        assert_eq!(count(&m, "SUB64rr"), 1, "{p}\n{m}");
        assert_eq!(count(&m, "SBB64rr"), 1, "{p}\n{m}");
        assert_eq!(count(&m, "SETCCr"), 1, "{p}\n{m}");
    }
    // A sign test reads the high half only.
    let m = cmp("slt", "0");
    assert!(!m.contains("SBB") && m.contains("TEST64rr"), "{m}");
}

#[test]
fn loads_stores_phis_and_constants() {
    let mir = select(
        "define void @f(ptr %p, i1 %c) {
entry:
  %v = load i128, ptr %p, align 16
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %x = phi i128 [ %v, %a ], [ 340282366920938463463374607431768211455, %b ]
  %q = getelementptr i8, ptr %p, i64 16
  store i128 %x, ptr %q, align 16
  ret void
}",
    )
    .unwrap();
    assert_eq!(count(&mir, "MOV64rm"), 2, "{mir}");
    assert_eq!(count(&mir, "MOV64mr"), 2, "{mir}");
    assert_eq!(count(&mir, "= PHI"), 2, "one PHI per half\n{mir}");
    // The halves go to offsets 16 and 24.
    assert!(
        mir.contains(", 16, $noreg") && mir.contains(", 24, $noreg"),
        "{mir}"
    );
}

#[test]
fn arguments_in_register_pairs_and_on_the_stack() {
    // a: rdi:rsi, b: rdx:rcx, c: r8, d: stack (r9 is skipped), e: stack.
    let mir = select(
        "define i128 @f(i128 %a, i128 %b, i64 %c, i128 %d, i64 %e) {
  %x = add i128 %a, %d
  %z = zext i64 %e to i128
  %y = add i128 %x, %z
  ret i128 %y
}",
    )
    .unwrap();
    for r in ["$rdi", "$rsi", "$rdx", "$rcx", "$r8"] {
        assert!(mir.contains(&format!("COPY {r}")), "{r}\n{mir}");
    }
    assert!(!mir.contains("COPY $r9"), "{mir}");
    assert_eq!(count(&mir, "MOV64rm %fixed"), 0, "{mir}");
    assert_eq!(count(&mir, "= MOV64rm"), 3, "two halves and e\n{mir}");
    assert!(
        mir.contains("$rax = COPY") && mir.contains("$rdx = COPY"),
        "{mir}"
    );
}

#[test]
fn calls_pass_pairs_and_division_calls_the_runtime() {
    let mir = select(
        "declare i128 @g(i64, i128)
define i128 @f(i128 %a, i128 %b) {
  %r = call i128 @g(i64 1, i128 %a)
  %q = sdiv i128 %r, %b
  %m = urem i128 %q, %a
  ret i128 %m
}",
    )
    .unwrap();
    assert_eq!(count(&mir, "CALL64pcrel32"), 3, "{mir}");
    assert!(
        mir.contains("__divti3") && mir.contains("__umodti3"),
        "{mir}"
    );
    // g's i128 is in rsi:rdx after the i64 in rdi.
    let call = between(&mir, "ADJCALLSTACKDOWN", "CALL64pcrel32 @g");
    assert!(call.iter().any(|l| l.contains("$rsi = COPY")), "{mir}");
    assert!(call.iter().any(|l| l.contains("$rdx = COPY")), "{mir}");
    assert!(mir.contains("implicit-def $rdx"), "{mir}");
}

#[test]
fn intrinsics_on_halves() {
    let mir = select(
        "declare i128 @llvm.bswap.i128(i128)
declare i128 @llvm.ctlz.i128(i128, i1)
declare {i128, i1} @llvm.uadd.with.overflow.i128(i128, i128)
define i128 @f(i128 %a, i128 %b) {
  %s = call i128 @llvm.bswap.i128(i128 %a)
  %l = call i128 @llvm.ctlz.i128(i128 %s, i1 false)
  %u = call {i128, i1} @llvm.uadd.with.overflow.i128(i128 %l, i128 %b)
  %o = extractvalue {i128, i1} %u, 1
  %z = zext i1 %o to i128
  ret i128 %z
}",
    )
    .unwrap();
    assert_eq!(count(&mir, "BSWAP64r"), 2, "{mir}");
    assert!(mir.contains("ADC64rr") && mir.contains("SBB64r"), "{mir}");
}

#[test]
fn multiplication_overflow_uses_the_double_width_product() {
    for (op, muls) in [("umul", 4), ("smul", 4)] {
        let mir = select(&format!(
            "declare {{i128, i1}} @llvm.{op}.with.overflow.i128(i128, i128)
define i1 @f(i128 %a, i128 %b) {{
  %r = call {{i128, i1}} @llvm.{op}.with.overflow.i128(i128 %a, i128 %b)
  %o = extractvalue {{i128, i1}} %r, 1
  ret i1 %o
}}"
        ))
        .unwrap();
        // Four 64 x 64 -> 128 products for the upper half.
        assert_eq!(count(&mir, "MUL64r "), muls, "{op}: {mir}");
        assert!(mir.contains("SETCCr"), "{op}: {mir}");
    }
    // i256 products: schoolbook, no library call.
    let mir = select(
        "define void @f(ptr %p, ptr %q) {
  %a = load i256, ptr %p
  %b = load i256, ptr %q
  %m = mul i256 %a, %b
  store i256 %m, ptr %p
  ret void
}",
    )
    .unwrap();
    assert_eq!(count(&mir, "MUL64r "), 6, "{mir}");
    assert!(!mir.contains("CALL64"), "{mir}");
}
