; Adding (subtracting) 1 or -1 is INC or DEC (as llc does for the generic x86-64 CPU),
; at every width.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: inc64{{$}}
; CHECK: INC64r
; CHECK-LABEL: {{^}}name: dec32{{$}}
; CHECK: DEC32r
; CHECK-LABEL: {{^}}name: inc16{{$}}
; CHECK: INC16r
; CHECK-LABEL: {{^}}name: dec8{{$}}
; CHECK: DEC8r
; CHECK-LABEL: {{^}}name: add2{{$}}
; CHECK: ADD32ri8
; CHECK-NOT: INC

define i64 @inc64(i64 %a) {
  %r = add i64 %a, 1
  ret i64 %r
}
define i32 @dec32(i32 %a) {
  %r = add i32 %a, -1
  ret i32 %r
}
define i16 @inc16(i16 %a) {
  %r = add i16 %a, 1
  ret i16 %r
}
define i8 @dec8(i8 %a) {
  %r = sub i8 %a, 1
  ret i8 %r
}
define i32 @add2(i32 %a) {
  %r = add i32 %a, 2
  ret i32 %r
}
