; intrinsics: hints traps and prefetches.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: UD2

declare void @llvm.trap()
define void @f() {
call void @llvm.trap()
unreachable
}
