//! Instruction selection of inline asm: real IR in, MIR text out. Each
//! test checks the operand shape that makes a constraint kind correct
//! (tied uses, early clobbers, fixed registers with their copies, memory
//! operands, immediates, clobbers), and bad constraints are typed errors.

#[path = "support/isel.rs"]
mod support;

fn select(src: &str) -> Result<String, String> {
    support::select_first(src)
}

/// The `INLINEASM` lines of the MIR.
fn asm_lines(mir: &str) -> Vec<&str> {
    mir.lines().filter(|l| l.contains("INLINEASM")).collect()
}

mod operands {
    use super::{asm_lines, select};

    #[test]
    fn register_input_and_output() {
        let mir = select(
            r#"define i32 @f(i32 %a) {
  %r = call i32 asm "movl $1, $0", "=r,r,~{dirflag},~{fpsr},~{flags}"(i32 %a)
  ret i32 %r
}
"#,
        )
        .unwrap();
        let l = asm_lines(&mir);
        assert_eq!(l.len(), 1, "{mir}");
        assert!(l[0].contains("INLINEASM \"movl $1, $0\", def %"), "{mir}");
        // The flags clobber is an early-clobber dead def of EFLAGS.
        assert!(
            l[0].contains("implicit-def early-clobber dead $eflags"),
            "{mir}"
        );
    }

    #[test]
    fn tied_input_names_its_output() {
        let mir = select(
            r#"define i64 @f(i64 %a) {
  %r = call i64 asm "addq $1, $0", "=r,i,0"(i64 7, i64 %a)
  ret i64 %r
}
"#,
        )
        .unwrap();
        let l = asm_lines(&mir)[0];
        assert!(l.contains(", 7, %"), "{l}");
        assert!(l.contains("(tied-def 1)"), "{l}");
    }

    #[test]
    fn early_clobber_output() {
        let mir = select(
            r#"define i32 @f(i32 %a, i32 %b) {
  %r = call i32 asm "movl $1, $0; addl $2, $0", "=&r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
"#,
        )
        .unwrap();
        assert!(asm_lines(&mir)[0].contains("def early-clobber %"), "{mir}");
    }

    #[test]
    fn fixed_registers_are_copied_in_and_out() {
        let mir = select(
            r#"define i32 @f(i32 %a, i64 %p) {
  %r = call i32 asm "leal ($1,$2), $0", "={eax},{ax},{rdi}"(i32 %a, i64 %p)
  ret i32 %r
}
"#,
        )
        .unwrap();
        let l = asm_lines(&mir)[0];
        assert!(l.contains("def $eax, $eax, $rdi"), "{l}");
        assert!(mir.contains("$eax = COPY %"), "{mir}");
        assert!(mir.contains("$rdi = COPY %"), "{mir}");
        assert!(mir.contains(" = COPY $eax"), "{mir}");
    }

    #[test]
    fn fixed_letters_take_the_width_of_the_value() {
        let mir = select(
            r#"define i16 @f(i16 %a) {
  %r = call i16 asm "", "=a,d"(i16 %a)
  ret i16 %r
}
"#,
        )
        .unwrap();
        assert!(asm_lines(&mir)[0].contains("def $ax, $dx"), "{mir}");
    }

    #[test]
    fn memory_operands_are_addresses() {
        let mir = select(
            r#"@g = global [4 x i32] zeroinitializer
define void @f(ptr %p) {
  %q = getelementptr i32, ptr %p, i64 3
  call void asm sideeffect "incl $0; incl $1", "=*m,*m,~{memory}"(ptr elementtype(i32) @g, ptr elementtype(i32) %q)
  ret void
}
"#,
        )
        .unwrap();
        let l = asm_lines(&mir)[0];
        assert!(l.contains("[sideeffect]"), "{l}");
        assert!(l.contains("$rip, 1, $noreg, @g, $noreg"), "{l}");
        assert!(l.contains(", 1, $noreg, 12, $noreg"), "{l}");
    }

    #[test]
    fn local_memory_is_a_frame_operand() {
        let mir = select(
            r#"define i32 @f() {
  %x = alloca i32
  store i32 1, ptr %x
  call void asm "incl $0", "=*m"(ptr elementtype(i32) %x)
  %v = load i32, ptr %x
  ret i32 %v
}
"#,
        )
        .unwrap();
        assert!(
            asm_lines(&mir)[0].contains("%stack.0, 1, $noreg, 0, $noreg"),
            "{mir}"
        );
    }

    #[test]
    fn several_outputs_of_several_widths() {
        let mir = select(
            r#"define i64 @f(i8 %a, i16 %b) {
  %s = call { i8, i16, i64, ptr } asm "", "=q,=r,=r,=r,0,1"(i8 %a, i16 %b)
  %x = extractvalue { i8, i16, i64, ptr } %s, 2
  ret i64 %x
}
"#,
        )
        .unwrap();
        let l = asm_lines(&mir)[0];
        assert_eq!(l.matches("def %").count(), 4, "{l}");
        assert!(
            l.contains("(tied-def 1)") && l.contains("(tied-def 2)"),
            "{l}"
        );
    }

    #[test]
    fn register_clobbers_are_dead_defs_of_the_whole_register() {
        let mir = select(
            r#"define void @f() {
  call void asm sideeffect "", "~{ebx},~{r11},~{memory},~{dirflag},~{fpsr},~{cc}"()
  ret void
}
"#,
        )
        .unwrap();
        let l = asm_lines(&mir)[0];
        assert!(l.contains("implicit-def early-clobber dead $rbx"), "{l}");
        assert!(l.contains("implicit-def early-clobber dead $r11"), "{l}");
        assert!(l.contains("implicit-def early-clobber dead $eflags"), "{l}");
    }

    #[test]
    fn symbols_are_immediates() {
        let mir = select(
            r#"@g = global i32 0
define void @f() {
  call void asm sideeffect ".quad $0", "i"(ptr @g)
  ret void
}
"#,
        )
        .unwrap();
        assert!(asm_lines(&mir)[0].contains("@g"), "{mir}");
    }

    #[test]
    fn ranged_immediate_letters() {
        let mir = select(
            r#"define i32 @f(i32 %a) {
  %r = call i32 asm "shll $1, $0; addl $2, $0; orl $3, $0", "=r,I,K,Z,0"(i32 31, i32 -128, i32 -1, i32 %a)
  %s = call i32 asm "roll $1, $0", "=r,{cx}I,0"(i32 40, i32 %r)
  ret i32 %s
}
"#,
        )
        .unwrap();
        let l = asm_lines(&mir);
        // Z takes the 32-bit pattern of -1 (sign-extended from i32 here).
        assert!(l[0].contains(", 31, -128, -1, %"), "{mir}");
        // 40 is no I: the count goes to %ecx.
        assert!(l[1].contains(", $ecx, %"), "{mir}");
    }

    #[test]
    fn xmm_operands() {
        let mir = select(
            r#"define double @f(double %a, double %b) {
  %r = call double asm "addsd $2, $0", "=x,0,x"(double %a, double %b)
  ret double %r
}
"#,
        )
        .unwrap();
        assert!(mir.contains(":fr64"), "{mir}");
        assert!(asm_lines(&mir)[0].contains("(tied-def 1)"), "{mir}");
    }
}

mod errors {
    use super::select;

    fn error(src_asm: &str) -> String {
        let src = format!("define void @f(i32 %a) {{\n  {src_asm}\n  ret void\n}}\n");
        select(&src).expect_err("must be refused")
    }

    #[test]
    fn malformed_constraint_strings() {
        let e = error(r#"call void asm "", "r,,r"(i32 %a, i32 %a)"#);
        assert!(e.contains("constraint 1 is empty"), "{e}");
        let e = error(r#"call void asm "", "{ax"(i32 %a)"#);
        assert!(e.contains("unterminated"), "{e}");
        let e = error(r#"call void asm "", "r|m"(i32 %a)"#);
        assert!(e.contains("not supported"), "{e}");
    }

    #[test]
    fn unknown_letters_registers_and_clobbers() {
        let e = error(r#"call void asm "", "y"(i32 %a)"#);
        assert!(e.contains("inline asm operand 0 (y)"), "{e}");
        let e = error(r#"call void asm "", "{foo}"(i32 %a)"#);
        assert!(e.contains("no register {foo}"), "{e}");
        let e = error(r#"call void asm "", "~{foo}"()"#);
        assert!(e.contains("clobber ~{foo}"), "{e}");
    }

    #[test]
    fn immediates_must_be_constants() {
        let e = error(r#"call void asm "", "i"(i32 %a)"#);
        assert!(e.contains("not a constant"), "{e}");
    }

    #[test]
    fn ranged_immediates_out_of_range() {
        let e = error(r#"call void asm "", "I"(i32 32)"#);
        assert!(e.contains("32 is out of range for 'I'"), "{e}");
        let e = error(r#"call void asm "", "N"(i32 -1)"#);
        assert!(e.contains("-1 is out of range for 'N'"), "{e}");
    }

    #[test]
    fn argument_and_result_counts() {
        let e = error(r#"call void asm "", "r,r"(i32 %a)"#);
        assert!(
            e.contains("2 operands need arguments but the call passes 1"),
            "{e}"
        );
        let e = error(r#"%r = call i32 asm "", "r"(i32 %a)"#);
        assert!(
            e.contains("0 register outputs but the call returns 1"),
            "{e}"
        );
    }

    #[test]
    fn memory_operands_must_be_pointers() {
        let e = error(r#"call void asm "", "m"(i32 %a)"#);
        assert!(e.contains("not a pointer"), "{e}");
    }

    #[test]
    fn template_errors() {
        let e = error(r#"call void asm "mov $1, $0", "r"(i32 %a)"#);
        assert!(e.contains("operand $1"), "{e}");
        let e = error(r#"call void asm "${0:xy}", "r"(i32 %a)"#);
        assert!(e.contains("modifier"), "{e}");
    }

    #[test]
    fn intel_dialect_is_refused() {
        let e = error(r#"call void asm inteldialect "mov eax, $0", "r"(i32 %a)"#);
        assert!(e.contains("Intel dialect"), "{e}");
    }
}
