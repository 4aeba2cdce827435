; intrinsics: hints traps and prefetches.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: DEC64r %1(tied-def 0)
; CHECK-DAG: PREFETCHNTA
; CHECK-DAG: INT3
; icache prefetch dropped
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: PREFETCH
; COUNT-NOT: PREFETCH

declare i64 @llvm.expect.i64(i64, i64)
declare i64 @llvm.objectsize.i64.p0(ptr, i1, i1, i1)
declare void @llvm.prefetch.p0(ptr, i32, i32, i32)
declare void @llvm.debugtrap()
define i64 @f(ptr %p, i64 %x) {
%e = call i64 @llvm.expect.i64(i64 %x, i64 1)
%s = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 false, i1 false)
%m = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 true, i1 false, i1 false)
call void @llvm.prefetch.p0(ptr %p, i32 1, i32 0, i32 1)
call void @llvm.prefetch.p0(ptr %p, i32 0, i32 3, i32 0)
call void @llvm.debugtrap()
%a = add i64 %e, %s
%b = add i64 %a, %m
ret i64 %b
}
