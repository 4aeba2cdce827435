; vector constants with addresses.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: PUNPCKLQDQrr
; CHECK-DAG: MOVAPSmr
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: MOV64toPQIrr
; COUNT: MOV64toPQIrr
; COUNT-NOT: MOV64toPQIrr

@a = global i32 1
@b = global [4 x i32] zeroinitializer
define void @f(ptr %p) {
  store <2 x ptr> <ptr @a, ptr getelementptr (i8, ptr @b, i64 8)>, ptr %p, align 16
  ret void
}
