//! The scenarios' object, linked with a C driver and run: every function
//! returns what it computes; callee-saved registers survive (a trampoline
//! loads them with magic values around the call); the stack is 16-byte
//! aligned in every callee; and from inside each callee the unwinder
//! (glibc `backtrace`, driven by our `.eh_frame`) walks through the
//! generated function up to `main`.

use super::support::{finished, module, object, run, scratch_dir, tool};
use std::process::Command;

const DRIVER: &str = r#"
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int sum_array(int); int sum_big(int); int sum_big_nrz(int); int leaf_fp(int);
int calls_csr(int, int); int calls_fp(int, int); int aligned64(int);
long stack_args(long, long, long, long, long, long, long, long);
long stack_args_fp(long, long, long, long, long, long, long, long);
int two_returns(int); int dyn_alloca(int); int switch_table(int);
long call_checked(void *fn, long a, long b, int *clobbered);

static int failures, misaligned, unwound;
static const char *expect_fn;

static void check(const char *what, long got, long want) {
  if (got != want) {
    printf("FAIL %s: got %ld, want %ld\n", what, got, want);
    failures++;
  }
}

/* From a callee of generated code: unwind through `expect_fn` to main. */
static void check_frame(void) {
  if ((uintptr_t)__builtin_frame_address(0) % 16 != 0) misaligned++;
  if (!expect_fn) return;
  void *buf[64];
  int n = backtrace(buf, 64), state = 0;
  for (int i = 0; i < n; i++) {
    Dl_info info;
    if (!dladdr(buf[i], &info) || !info.dli_sname) continue;
    if (state == 0 && !strcmp(info.dli_sname, expect_fn)) state = 1;
    else if (state == 1 && !strcmp(info.dli_sname, "main")) state = 2;
  }
  if (state == 2) unwound++;
  else { printf("FAIL unwind through %s (%d frames)\n", expect_fn, n); failures++; }
}

__attribute__((noinline)) int ext(int *p, int v) {
  check_frame();
  *p += 1;
  return *p + v;
}

__attribute__((noinline)) long ext8(long p1, long p2, long p3, long p4, long p5,
                                    long p6, long p7, long p8) {
  check_frame();
  return p1 + 10 * p2 + 100 * p3 + 1000 * p4 + 10000 * p5 + 100000 * p6 +
         1000000 * p7 + 10000000 * p8;
}

__attribute__((noinline)) int check_align(int *p) {
  check_frame();
  return ((uintptr_t)p % 64 == 0 ? 100 : 0) + p[3];
}

static long checked(const char *name, void *fn, long a, long b) {
  int clobbered = -1;
  expect_fn = name;
  long r = call_checked(fn, a, b, &clobbered);
  expect_fn = 0;
  if (clobbered) { printf("FAIL %s clobbers a callee-saved register\n", name); failures++; }
  return r;
}

int main(void) {
  check("sum_array", sum_array(5), 28 + 8 * 5);
  check("sum_big", sum_big(3), 2016 + 64 * 3);
  check("sum_big_nrz", sum_big_nrz(3), 2016 + 64 * 3);
  check("leaf_fp", leaf_fp(7), 21);
  check("calls_csr", checked("calls_csr", calls_csr, 2, 3), 19);
  check("calls_fp", checked("calls_fp", calls_fp, 2, 3), 19);
  check("aligned64", checked("aligned64", aligned64, 5, 0), 107);
  expect_fn = "stack_args";
  check("stack_args", stack_args(1, 2, 3, 4, 5, 6, 7, 8), 21654378);
  expect_fn = "stack_args_fp";
  check("stack_args_fp", stack_args_fp(1, 2, 3, 4, 5, 6, 7, 8), 21654378);
  expect_fn = 0;
  check("two_returns(20)", checked("two_returns", two_returns, 20, 0), 22);
  check("two_returns(3)", checked("two_returns", two_returns, 3, 0), 18);
  check("dyn_alloca", checked("dyn_alloca", dyn_alloca, 6, 0), 25);
  for (int x = 0; x < 4; x++) check("switch_table", switch_table(x), 10 + x);
  check("switch_table(9)", switch_table(9), 42);
  check("switch_table(-1)", switch_table(-1), 42);
  check("misaligned calls", misaligned, 0);
  check("unwound frames", unwound, 10);
  puts(failures ? "FAILED" : "OK");
  return failures != 0;
}
"#;

/// `long call_checked(fn, a, b, int *clobbered)`: calls `fn(a, b)` with
/// magic values in every callee-saved register and reports whether any
/// changed. Has CFI so the unwinder can pass through it.
const TRAMPOLINE: &str = r#"
	.text
	.globl	call_checked
	.type	call_checked,@function
call_checked:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset %rbx, -24
	pushq	%r12
	.cfi_def_cfa_offset 32
	.cfi_offset %r12, -32
	pushq	%r13
	.cfi_def_cfa_offset 40
	.cfi_offset %r13, -40
	pushq	%r14
	.cfi_def_cfa_offset 48
	.cfi_offset %r14, -48
	pushq	%r15
	.cfi_def_cfa_offset 56
	.cfi_offset %r15, -56
	pushq	%rcx
	.cfi_def_cfa_offset 64
	movq	%rdi, %rax
	movq	%rsi, %rdi
	movq	%rdx, %rsi
	movabsq	$0x1111111111111111, %rbx
	movabsq	$0x2222222222222222, %rbp
	movabsq	$0x3333333333333333, %r12
	movabsq	$0x4444444444444444, %r13
	movabsq	$0x5555555555555555, %r14
	movabsq	$0x6666666666666666, %r15
	callq	*%rax
	popq	%rcx
	.cfi_def_cfa_offset 56
	movabsq	$0x1111111111111111, %r8
	xorq	%r8, %rbx
	movabsq	$0x2222222222222222, %r8
	xorq	%r8, %rbp
	orq	%rbp, %rbx
	movabsq	$0x3333333333333333, %r8
	xorq	%r8, %r12
	orq	%r12, %rbx
	movabsq	$0x4444444444444444, %r8
	xorq	%r8, %r13
	orq	%r13, %rbx
	movabsq	$0x5555555555555555, %r8
	xorq	%r8, %r14
	orq	%r14, %rbx
	movabsq	$0x6666666666666666, %r8
	xorq	%r8, %r15
	orq	%r15, %rbx
	xorl	%edx, %edx
	testq	%rbx, %rbx
	setne	%dl
	movl	%edx, (%rcx)
	popq	%r15
	.cfi_def_cfa_offset 48
	popq	%r14
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r12
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
	.cfi_endproc
	.section	.note.GNU-stack,"",@progbits
"#;

#[test]
fn linked_with_c_and_run() {
    let Some(cc) = tool("clang-19") else {
        return;
    };
    let m = module();
    let all = finished(&m);
    let dir = scratch_dir("runtime");
    let (c, t, o, exe) = (
        dir.join("driver.c"),
        dir.join("tramp.s"),
        dir.join("frames.o"),
        dir.join("prog"),
    );
    std::fs::write(&c, DRIVER).expect("driver");
    std::fs::write(&t, TRAMPOLINE).expect("trampoline");
    std::fs::write(&o, object(&m, &all)).expect("object");
    run(Command::new(&cc)
        .args(["-O1", "-fno-omit-frame-pointer", "-rdynamic", "-o"])
        .arg(&exe)
        .arg(&c)
        .arg(&t)
        .arg(&o));
    let out = run(&mut Command::new(&exe));
    assert_eq!(out.trim(), "OK", "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
