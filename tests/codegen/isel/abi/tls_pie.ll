; tls: a PIE is an executable: even in PIC, the dso_local @y is local-exec
; and nothing calls __tls_get_addr.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: @y [TpOff]
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: TLS_

@x = external thread_local global i32
@y = dso_local thread_local global i32 0
@z = internal thread_local global [4 x i32] zeroinitializer
define i32 @f() {
  %a = load i32, ptr @x
  %b = load i32, ptr @y
  %p = getelementptr [4 x i32], ptr @z, i64 0, i64 3
  %c = load i32, ptr %p
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
!llvm.module.flags = !{!0}
!0 = !{i32 8, !"PIE Level", i32 2}
