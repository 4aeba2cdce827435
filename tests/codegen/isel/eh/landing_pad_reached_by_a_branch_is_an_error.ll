; landing pad reached by a branch is an error.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}reached other than by an invoke's unwind edge

@A = external constant ptr
@B = external constant ptr
declare void @g(i32)
declare i32 @h()
declare i32 @__gxx_personality_v0(...)
declare i32 @llvm.eh.typeid.for.p0(ptr)
define void @f(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %call, label %lp
call:
  invoke void @g(i32 1) to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret void
}
