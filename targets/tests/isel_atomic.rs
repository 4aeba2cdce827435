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

