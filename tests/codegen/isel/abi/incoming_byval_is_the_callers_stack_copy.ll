; byval sret: incoming byval is the callers stack copy.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; Both copies are fixed objects read in place: no register holds
; their address.
; CHECK-DAG: MOV64rm %stack.1, 1, $noreg, 16, $noreg
; (The second load may be folded into the add.)
; CHECK-DAG: %stack.0, 1, $noreg, 0, $noreg
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: $rsi

%S = type { i64, i64, i64 }
define i64 @f(i64 %a, ptr byval(%S) align 8 %p, ptr byval(%S) align 8 %q) {
  %x = getelementptr i8, ptr %q, i64 16
  %v = load i64, ptr %x
  %w = load i64, ptr %p
  %s = add i64 %v, %w
  ret i64 %s
}
