; <8 x i32> arguments take two registers: the module selects (rcc-par exits
; 0) and every function has code.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: sx{{$}}
; CHECK-LABEL: {{^}}name: zx{{$}}
; CHECK-LABEL: {{^}}name: sx64{{$}}
; CHECK-LABEL: {{^}}name: tr{{$}}
; CHECK: RET64

define <4 x i32> @sx(<4 x i16> %a) {
  %r = sext <4 x i16> %a to <4 x i32>
  ret <4 x i32> %r
}
define <8 x i16> @zx(<8 x i8> %a) {
  %r = zext <8 x i8> %a to <8 x i16>
  ret <8 x i16> %r
}
define <2 x i64> @sx64(<2 x i32> %a) {
  %r = sext <2 x i32> %a to <2 x i64>
  ret <2 x i64> %r
}
define <8 x i16> @tr(<8 x i32> %a) {
  %r = trunc <8 x i32> %a to <8 x i16>
  ret <8 x i16> %r
}
