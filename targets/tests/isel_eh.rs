//! Instruction selection of exception handling: `invoke` brackets its call
//! with EH labels and unwinds to a landing pad that starts with its label
//! and the copies out of RAX/EDX; `llvm.eh.typeid.for` numbers type infos
//! as LLVM does; `resume` calls `_Unwind_Resume`; shapes rcc does not
//! handle are errors that name them. Real IR in, MIR text out.

#[path = "support/isel.rs"]
mod support;

const HEAD: &str = "@A = external constant ptr
@B = external constant ptr
declare void @g(i32)
declare i32 @h()
declare i32 @__gxx_personality_v0(...)
declare i32 @llvm.eh.typeid.for.p0(ptr)
";

fn select(body: &str) -> Result<String, String> {
    support::select_first(&format!("{HEAD}{body}"))
}

/// The lines of block `n` of `mir` (without its header).
fn block(mir: &str, n: u32) -> Vec<String> {
    let head = format!("bb.{n} ");
    let mut lines = mir.lines().skip_while(|l| !l.starts_with(&head)).skip(1);
    let mut out = Vec::new();
    for l in lines.by_ref() {
        if l.trim().is_empty() {
            break;
        }
        out.push(l.trim().to_string());
    }
    out
}

const CATCH_AB: &str = "define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g(i32 %x) to label %ok unwind label %lp
ok:
  ret i32 0
lp:
  %l = landingpad { ptr, i32 } catch ptr @A catch ptr @B
  %s = extractvalue { ptr, i32 } %l, 1
  %ta = call i32 @llvm.eh.typeid.for.p0(ptr @A)
  %tb = call i32 @llvm.eh.typeid.for.p0(ptr @B)
  %c = icmp eq i32 %s, %ta
  br i1 %c, label %a, label %r
a:
  %sum = mul i32 %ta, %tb
  ret i32 %sum
r:
  resume { ptr, i32 } %l
}
";

#[test]
fn invoke_call_is_between_eh_labels() {
    let mir = select(CATCH_AB).unwrap();
    let b0 = block(&mir, 0);
    let first_label = b0.iter().position(|l| l.starts_with("EH_LABEL")).unwrap();
    let call = b0.iter().position(|l| l.starts_with("CALL64")).unwrap();
    let last_label = b0.iter().rposition(|l| l.starts_with("EH_LABEL")).unwrap();
    let down = b0
        .iter()
        .position(|l| l.starts_with("ADJCALLSTACKDOWN"))
        .unwrap();
    assert!(
        first_label < down && down < call && call < last_label,
        "{mir}"
    );
    assert!(b0.last().unwrap().starts_with("JMP_1 %bb.1"), "{mir}");
    // The landing pad is a successor though nothing branches to it.
    assert!(mir.contains("successors: %bb.1, %bb.2"), "{mir}");
}

#[test]
fn landing_pad_starts_with_its_label_and_exception_registers() {
    let mir = select(CATCH_AB).unwrap();
    let b2: Vec<String> = block(&mir, 2)
        .into_iter()
        .filter(|l| !l.starts_with("successors"))
        .collect();
    assert!(b2[0].starts_with("EH_LABEL"), "{mir}");
    assert!(b2[1].ends_with("= COPY $rax"), "{mir}");
    assert!(b2[2].ends_with("= COPY $edx"), "{mir}");
}

#[test]
fn typeid_for_numbers_clauses_last_to_first() {
    // llc-19 gives @B id 1 and @A id 2 for `catch @A catch @B`.
    let mir = select(CATCH_AB).unwrap();
    let b2 = block(&mir, 2).join("\n");
    assert!(b2.contains("MOV32ri 2"), "{mir}");
    assert!(b2.contains("MOV32ri 1"), "{mir}");
    let cmp = block(&mir, 2)
        .into_iter()
        .find(|l| l.starts_with("CMP32ri8"))
        .unwrap_or_default();
    assert!(cmp.contains(", 2,"), "{mir}");
}

#[test]
fn resume_calls_unwind_resume_with_the_exception_pointer() {
    let mir = select(CATCH_AB).unwrap();
    let b4 = block(&mir, 4).join("\n");
    assert!(b4.contains("$rdi = COPY"), "{mir}");
    assert!(b4.contains("CALL64pcrel32 &_Unwind_Resume"), "{mir}");
}

#[test]
fn invoke_result_and_landing_pad_phi() {
    let mir = select(
        "define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %a = add i32 %x, 1
  %r = invoke i32 @h() to label %ok unwind label %lp
ok:
  %s = add i32 %r, %a
  %b = add i32 %s, 2
  invoke void @g(i32 %b) to label %done unwind label %lp
done:
  ret i32 %s
lp:
  %p = phi i32 [ %a, %entry ], [ %b, %ok ]
  %l = landingpad { ptr, i32 } cleanup
  ret i32 %p
}
",
    )
    .unwrap();
    // The pad's phi inputs are copied before the invoke's begin label.
    let phi = block(&mir, 3)
        .into_iter()
        .find(|l| l.contains("PHI"))
        .expect("a PHI in the landing pad");
    let ops: Vec<&str> = phi.split(" PHI ").nth(1).unwrap().split(", ").collect();
    for pair in ops.chunks(2) {
        let (v, b) = (pair[0], pair[1].trim_start_matches("%bb."));
        let lines = block(&mir, b.parse().unwrap());
        let def = format!("{v}:");
        let copy = lines.iter().position(|l| l.starts_with(&def)).unwrap();
        let label = lines
            .iter()
            .position(|l| l.starts_with("EH_LABEL"))
            .unwrap();
        assert!(copy < label, "{v} in bb.{b}:\n{mir}");
    }
}
