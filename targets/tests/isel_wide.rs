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

