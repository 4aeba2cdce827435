; hint intrinsics.
; Optimizer hints that have no code: `invariant.start`/`end` vanish, the
; invariant-group barriers are their operand, `pause` is one instruction.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT2
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: CALL
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: PAUSE
; COUNT1-NOT: PAUSE
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: MOV32rm
; COUNT2-NOT: MOV32rm

declare ptr @llvm.invariant.start.p0(i64, ptr)
declare void @llvm.invariant.end.p0(ptr, i64, ptr)
declare ptr @llvm.launder.invariant.group.p0(ptr)
declare void @llvm.sideeffect()
declare void @llvm.x86.sse2.pause()
define i32 @f(ptr %p) {
  %t = call ptr @llvm.invariant.start.p0(i64 4, ptr %p)
  %q = call ptr @llvm.launder.invariant.group.p0(ptr %p)
  %v = load i32, ptr %q
  call void @llvm.invariant.end.p0(ptr %t, i64 4, ptr %p)
  call void @llvm.sideeffect()
  call void @llvm.x86.sse2.pause()
  ret i32 %v
}
