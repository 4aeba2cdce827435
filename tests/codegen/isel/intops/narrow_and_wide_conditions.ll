; switches: narrow and wide conditions.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: CMP8ri %2, -128
; CHECK-DAG: CMP8ri %0, 127
; CHECK-DAG: MOV64ri -9223372036854775808

define i32 @f(i8 %x, i64 %y) {
entry:
  switch i8 %x, label %next [ i8 -128, label %a
                              i8 127, label %a
                              i8 -1, label %b ]
next:
  switch i64 %y, label %def [ i64 -9223372036854775808, label %a
                              i64 9223372036854775807, label %b ]
a:
  ret i32 1
b:
  ret i32 2
def:
  ret i32 0
}
