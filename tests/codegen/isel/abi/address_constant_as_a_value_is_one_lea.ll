; constexpr: address constant as a value is one lea.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: LEA64r $rip, 1, $noreg, @s + 16

%S = type { i64, [3 x i32] }
@s = global %S zeroinitializer
declare void @use(ptr)
define void @f() {
  call void @use(ptr getelementptr inbounds (%S, ptr @s, i64 0, i32 1, i64 2))
  ret void
}
