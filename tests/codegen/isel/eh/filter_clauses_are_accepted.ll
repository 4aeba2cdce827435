; filter clauses are accepted.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: EH_LABEL

@A = external constant ptr
@B = external constant ptr
declare void @g(i32)
declare i32 @h()
declare i32 @__gxx_personality_v0(...)
declare i32 @llvm.eh.typeid.for.p0(ptr)
define void @f() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g(i32 1) to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } filter [1 x ptr] [ptr @A] filter [0 x ptr] zeroinitializer
  resume { ptr, i32 } %l
}
