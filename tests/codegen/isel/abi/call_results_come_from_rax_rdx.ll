; aggregate: call results come from rax rdx.
; A { i64, i64 } result is RAX and RDX: the call defines both, and the
; second field (the copy out of RDX) is what is stored at offset 0.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: CALL64pcrel32 @g
; CHECK-SAME: implicit-def $rax, implicit-def $rdx
; CHECK-DAG: [[HI:%[0-9]+]]:gr64 = COPY $rdx
; CHECK-DAG: [[LO:%[0-9]+]]:gr64 = COPY $rax
; CHECK: MOV64mr %0, 1, $noreg, 0, $noreg, [[HI]]{{$}}
; CHECK: MOV64mr %0, 1, $noreg, 8, $noreg, [[LO]]{{$}}

declare { i64, i64 } @g()
define void @f(ptr %p) {
  %r = call { i64, i64 } @g()
  %a = extractvalue { i64, i64 } %r, 0
  %b = extractvalue { i64, i64 } %r, 1
  store i64 %b, ptr %p, align 8
  %q = getelementptr i8, ptr %p, i64 8
  store i64 %a, ptr %q, align 8
  ret void
}
