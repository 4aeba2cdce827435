; Division and remainder by constants become multiplications by a magic
; number and shifts when optimizing (LLVM's BuildUDIV/BuildSDIV); at -O0 the
; division instruction stays.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=O0
; CHECK-LABEL: {{^}}name: udiv32_by_10{{$}}
; CHECK-NOT: DIV
; CHECK: IMUL64rr
; CHECK: SHR64ri {{.*}}, 35
; CHECK-LABEL: {{^}}name: udiv32_by_7{{$}}
; CHECK-NOT: DIV
; CHECK: IMUL64rr
; CHECK: SUB32rr
; CHECK: SHR32ri {{.*}}, 1
; CHECK: ADD32rr
; CHECK: SHR32ri {{.*}}, 2
; CHECK-LABEL: {{^}}name: sdiv32_by_7{{$}}
; CHECK-NOT: DIV
; CHECK: MOVSX64rr32
; CHECK: IMUL64rr
; CHECK-LABEL: {{^}}name: udiv64_by_10{{$}}
; CHECK-NOT: DIV
; CHECK: MUL64r
; CHECK-LABEL: {{^}}name: srem64_by_minus_3{{$}}
; CHECK-NOT: DIV
; CHECK: MUL64r
; CHECK-LABEL: {{^}}name: sdiv32_by_8{{$}}
; CHECK-NOT: DIV
; CHECK: SAR32ri {{.*}}, 31
; CHECK: SHR32ri {{.*}}, 29
; CHECK: SAR32ri {{.*}}, 3
; CHECK-LABEL: {{^}}name: urem16_by_big{{$}}
; CHECK-NOT: DIV
; CHECK: SETCCr
; O0-LABEL: {{^}}name: udiv32_by_10{{$}}
; O0: DIV32r

define i32 @udiv32_by_10(i32 %a) {
  %q = udiv i32 %a, 10
  ret i32 %q
}

define i32 @udiv32_by_7(i32 %a) {
  %q = udiv i32 %a, 7
  ret i32 %q
}

define i32 @sdiv32_by_7(i32 %a) {
  %q = sdiv i32 %a, 7
  ret i32 %q
}

define i64 @udiv64_by_10(i64 %a) {
  %q = udiv i64 %a, 10
  ret i64 %q
}

define i64 @srem64_by_minus_3(i64 %a) {
  %q = srem i64 %a, -3
  ret i64 %q
}

define i32 @sdiv32_by_8(i32 %a) {
  %q = sdiv i32 %a, 8
  ret i32 %q
}

define i16 @urem16_by_big(i16 %a) {
  %q = urem i16 %a, 40000
  ret i16 %q
}
