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
