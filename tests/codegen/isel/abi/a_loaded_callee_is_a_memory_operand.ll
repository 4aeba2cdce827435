; A call whose callee is a load with no other use calls through memory
; (LLVM's isCalleeLoad: CALL64m), when nothing between the load and the
; call is chained and no argument depends on the load. A callee used
; twice, a volatile load, and a sibling call keep the register form.
; RUN: rcc-par -O2 -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}a:
; CHECK: callq *8(%r
; CHECK: callq *fp(%rip)
; CHECK-LABEL: {{^}}twice:
; CHECK: callq *%
; CHECK-LABEL: {{^}}vol:
; CHECK: movq fp(%rip), %rax
; CHECK-NEXT: callq *%rax
; CHECK-LABEL: {{^}}t:
; CHECK: jmpq *%rax

%T = type { ptr, ptr }
@fp = internal global ptr null

define i32 @a(ptr %s, i32 %x) {
  %p = getelementptr inbounds %T, ptr %s, i64 0, i32 1
  %f = load ptr, ptr %p, align 8
  %r = call i32 %f(i32 %x)
  %g = load ptr, ptr @fp, align 8
  %r2 = call i32 %g(i32 %r)
  ret i32 %r2
}

define ptr @twice(i32 %x) {
  %g = load ptr, ptr @fp, align 8
  %r = call i32 %g(i32 %x)
  ret ptr %g
}

define void @vol() {
  %g = load volatile ptr, ptr @fp, align 8
  call void %g()
  ret void
}

define i32 @t(ptr %s, i32 %x) {
  %f = load ptr, ptr %s, align 8
  %r = tail call i32 %f(i32 %x)
  ret i32 %r
}
