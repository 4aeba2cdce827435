//! Instruction selection of atomic operations: real IR in, machine code
//! shapes out (verified). `RCC_SHOW=1` prints the MIR.

#[path = "support/isel.rs"]
mod support;

/// The MIR of the first function with a body.
fn select(src: &str) -> Result<String, String> {
    support::select_first(src)
}

fn count(mir: &str, what: &str) -> usize {
    mir.matches(what).count()
}

fn blocks(mir: &str) -> usize {
    mir.lines().filter(|l| l.starts_with("bb.")).count()
}

#[test]
fn loads_are_plain_movs() {
    let mir = select(
        "define i64 @f(ptr %p) {
  %a = load atomic i8, ptr %p monotonic, align 1
  %b = load atomic i64, ptr %p seq_cst, align 8
  %c = load atomic double, ptr %p acquire, align 8
  %x = zext i8 %a to i64
  %y = add i64 %x, %b
  %d = bitcast double %c to i64
  %z = add i64 %y, %d
  ret i64 %z
}",
    )
    .unwrap();
    assert_eq!(count(&mir, "MOV8rm"), 1, "{mir}");
    assert_eq!(
        count(&mir, "MOV64rm"),
        2,
        "a double is loaded as an i64\n{mir}"
    );
    assert!(!mir.contains("MFENCE") && !mir.contains("LOCK"), "{mir}");
}

#[test]
fn rmw_with_one_instruction() {
    let rmw = |op: &str, ty: &str, used: bool| {
        let tail = if used {
            format!("ret {ty} %r")
        } else {
            format!("ret {ty} 0")
        };
        select(&format!(
            "define {ty} @f(ptr %p, {ty} %v) {{
  %r = atomicrmw {op} ptr %p, {ty} %v seq_cst
  {tail}
}}"
        ))
        .unwrap()
    };
    assert!(rmw("xchg", "i32", true).contains("XCHG32rm"));
    assert!(rmw("add", "i64", true).contains("LOCK_XADD64rm"));
    let m = rmw("sub", "i32", true);
    assert!(m.contains("NEG32r") && m.contains("LOCK_XADD32rm"), "{m}");
    for (op, form) in [
        ("add", "LOCK_ADD64mr"),
        ("sub", "LOCK_SUB64mr"),
        ("and", "LOCK_AND64mr"),
        ("or", "LOCK_OR64mr"),
        ("xor", "LOCK_XOR64mr"),
    ] {
        let m = rmw(op, "i64", false);
        assert!(m.contains(form), "{op}\n{m}");
        assert_eq!(blocks(&m), 1, "no loop\n{m}");
    }
    // A constant operand of an unused result is an immediate.
    let m = select(
        "define void @f(ptr %p) {
  %r = atomicrmw or ptr %p, i16 64 monotonic
  ret void
}",
    )
    .unwrap();
    assert!(m.contains("LOCK_OR16mi8"), "{m}");
}

#[test]
fn other_rmw_operations_are_compare_exchange_loops() {
    for op in [
        "and",
        "or",
        "xor",
        "nand",
        "max",
        "min",
        "umax",
        "umin",
        "uinc_wrap",
        "udec_wrap",
        "usub_cond",
        "usub_sat",
    ] {
        for ty in ["i8", "i32"] {
            let m = select(&format!(
                "define {ty} @f(ptr %p, {ty} %v) {{
  %r = atomicrmw {op} ptr %p, {ty} %v acq_rel
  ret {ty} %r
}}"
            ))
            .unwrap();
            assert_eq!(blocks(&m), 3, "{op} {ty}: head, loop, rest\n{m}");
            assert_eq!(count(&m, "= PHI"), 1, "{m}");
            assert!(m.contains("LOCK_CMPXCHG"), "{m}");
            assert!(m.contains("JCC_1 %bb.1, 5"), "loop while ne\n{m}");
            assert!(m.contains("RET64"), "{m}");
        }
    }
}

#[test]
fn a_split_block_branches_to_the_successors_phis() {
    // The loop splits `a`; the phi in `m` must name its last part.
    let mir = select(
        "define i64 @f(ptr %p, i64 %v, i1 %c) {
entry:
  br i1 %c, label %a, label %m
a:
  %x = atomicrmw nand ptr %p, i64 %v seq_cst
  br label %m
m:
  %r = phi i64 [ %x, %a ], [ 0, %entry ]
  ret i64 %r
}",
    )
    .unwrap();
    // Blocks: entry bb.0, a bb.1, m bb.2, then the loop bb.3 and the rest
    // of `a` bb.4.
    let phi = mir
        .lines()
        .find(|l| l.contains("= PHI") && l.contains("%bb.0"))
        .unwrap();
    assert!(phi.contains("%bb.4") && !phi.contains("%bb.1"), "{mir}");
}
