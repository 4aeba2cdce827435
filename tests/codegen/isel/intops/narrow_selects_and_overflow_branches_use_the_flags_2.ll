; intrinsics: narrow selects and overflow branches use the flags.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; jb
; CHECK-DAG: JCC_1 %bb.1, 2,
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: SETCCr

declare {i32, i1} @llvm.uadd.with.overflow.i32(i32, i32)
declare void @llvm.trap()
define i32 @f(i32 %a, i32 %b) {
entry:
  %t = call {i32, i1} @llvm.uadd.with.overflow.i32(i32 %a, i32 %b)
  %o = extractvalue {i32, i1} %t, 1
  %v = extractvalue {i32, i1} %t, 0
  br i1 %o, label %bad, label %ok
bad:
  call void @llvm.trap()
  unreachable
ok:
  ret i32 %v
}
