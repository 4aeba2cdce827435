; cmpxchg has value and success.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: $eax = COPY
; sete
; CHECK-DAG: SETCCr 4
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: LOCK_CMPXCHG32rm
; COUNT-NOT: LOCK_CMPXCHG32rm

define i32 @f(ptr %p, i32 %e, i32 %n, i1 %c) {
entry:
  %r = cmpxchg ptr %p, i32 %e, i32 %n seq_cst monotonic
  %v = extractvalue { i32, i1 } %r, 0
  br i1 %c, label %a, label %b
a:
  %ok = extractvalue { i32, i1 } %r, 1
  %z = zext i1 %ok to i32
  ret i32 %z
b:
  ret i32 %v
}
