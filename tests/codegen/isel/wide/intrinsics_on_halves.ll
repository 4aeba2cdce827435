; Intrinsics on i128 work on the halves: bswap is two BSWAP64r, the overflow
; add is ADC and the overflow bit an SBB.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: ADC64rr
; CHECK-DAG: SBB64r
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: BSWAP64r
; COUNT: BSWAP64r
; COUNT-NOT: BSWAP64r

declare i128 @llvm.bswap.i128(i128)
declare i128 @llvm.ctlz.i128(i128, i1)
declare {i128, i1} @llvm.uadd.with.overflow.i128(i128, i128)
define i128 @f(i128 %a, i128 %b) {
  %s = call i128 @llvm.bswap.i128(i128 %a)
  %l = call i128 @llvm.ctlz.i128(i128 %s, i1 false)
  %u = call {i128, i1} @llvm.uadd.with.overflow.i128(i128 %l, i128 %b)
  %o = extractvalue {i128, i1} %u, 1
  %z = zext i1 %o to i128
  ret i128 %z
}
