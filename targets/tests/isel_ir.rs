//! Instruction selection from real IR: parse, build each block's DAG,
//! select, and check the machine code's shape.

use rcc_dag::isel::{select_function, IselCtx};
use rcc_mach::printer::print_function;
use rcc_mach::MachFunction;
use rcc_targets::x86_64::isel::Selector;
use rcc_targets::x86_64::X86Info;

fn select(src: &str) -> Result<String, String> {
    let m = rcc_ir::parse_module(src.to_string(), "t.ll").map_err(|e| e.message.to_string())?;
    let dl = m.data_layout()?;
    let g = *m
        .order
        .iter()
        .find(|&&g| m.body(g).is_some())
        .ok_or("no definition")?;
    let mut mf = MachFunction::new(g);
    let mut cx = IselCtx::<Selector>::default();
    select_function(&m, &dl, g, &mut mf, &mut cx).map_err(|e| e.to_string())?;
    let mut out = String::new();
    print_function(&mut out, &mf, &m, &X86Info, "isel");
    Ok(out)
}

#[test]
fn loop_with_phis_selects() {
    let mir = select(
        "define i64 @sum(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s1, %loop ]
  %q = getelementptr inbounds i64, ptr %p, i64 %i
  %v = load i64, ptr %q, align 8
  %s1 = add i64 %s, %v
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i64 %s1
}
",
    )
    .unwrap();
    if std::env::var_os("RCC_SHOW").is_some() {
        println!("{mir}");
    }
    assert_eq!(mir.matches("= PHI").count(), 2, "{mir}");
    assert!(
        mir.contains("ADD64rm"),
        "the load folds into the add: {mir}"
    );
    assert!(mir.contains("JCC_1"), "{mir}");
    assert!(mir.contains("RET64"), "{mir}");
    assert!(mir.contains("$rdi"), "{mir}");
}

#[test]
fn calls_and_branches_select() {
    let mir = select(
        "declare i32 @g(i32)
define i32 @f(i32 %a) {
entry:
  %c = icmp sgt i32 %a, 10
  br i1 %c, label %big, label %small
big:
  %r = call i32 @g(i32 %a)
  ret i32 %r
small:
  %x = shl i32 %a, 3
  ret i32 %x
}
",
    )
    .unwrap();
    assert!(mir.contains("CALL64pcrel32"), "{mir}");
    assert!(mir.contains("ADJCALLSTACKDOWN"), "{mir}");
    assert_eq!(mir.matches("RET64").count(), 2, "{mir}");
}

#[test]
fn unsupported_is_named() {
    let e = select("define half @f(half %a) {\n  ret half %a\n}\n").unwrap_err();
    assert!(e.contains("half"), "{e}");
}
