; Bit counts on the baseline (no POPCNT, no LZCNT): ctpop by the byte-sum
; multiply, ctlz by BSR with a CMOV of 63 for zero and an XOR, cttz by BSF
; (zero is poison: no MOV16ri for it), bswap by BSWAP.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: IMUL32rri %
; CHECK-DAG: = BSR32rr
; CHECK-DAG: = MOV32ri 63
; CHECK-DAG: CMOV32rr
; CHECK-DAG: XOR32ri8 %
; CHECK-DAG: = BSF16rr
; CHECK-DAG: BSWAP32r
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: POPCNT
; NONE-NOT: LZCNT
; NONE-NOT: MOV16ri

declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i16 @llvm.cttz.i16(i16, i1)
declare i32 @llvm.bswap.i32(i32)
define i32 @f(i32 %a, i16 %h) {
  %p = call i32 @llvm.ctpop.i32(i32 %a)
  %l = call i32 @llvm.ctlz.i32(i32 %p, i1 false)
  %t = call i16 @llvm.cttz.i16(i16 %h, i1 true)
  %w = zext i16 %t to i32
  %b = call i32 @llvm.bswap.i32(i32 %l)
  %r = add i32 %b, %w
  ret i32 %r
}
