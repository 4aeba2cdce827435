; lanes by constant and variable index.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: x{{$}}
; CHECK-DAG: MOVPDI2DIrr
; CHECK-DAG: PEXTRWrri
; CHECK-DAG: PINSRWrri
; CHECK-DAG: SHUFPSrri
; The variable index goes through a stack slot.
; CHECK-DAG: %stack.

define i32 @x(<4 x i32> %v) {
  %a = extractelement <4 x i32> %v, i32 0
  %b = extractelement <4 x i32> %v, i32 2
  %s = add i32 %a, %b
  ret i32 %s
}
define i16 @w(<8 x i16> %v) {
  %a = extractelement <8 x i16> %v, i32 5
  ret i16 %a
}
define <8 x i16> @iw(<8 x i16> %v, i16 %e) {
  %r = insertelement <8 x i16> %v, i16 %e, i32 3
  ret <8 x i16> %r
}
define <4 x i32> @id(<4 x i32> %v, i32 %e) {
  %r = insertelement <4 x i32> %v, i32 %e, i32 2
  ret <4 x i32> %r
}
define i32 @var(<4 x i32> %v, i32 %i) {
  %a = extractelement <4 x i32> %v, i32 %i
  ret i32 %a
}
