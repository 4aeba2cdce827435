; Load folding never moves a load past what it depends on: %b is loaded
; after a store, so folding %a into the add would need %b first; %b folds
; (ADD32rm after the store) and %a stays a load before it. A volatile load
; and a load with two uses stay loads.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NOFOLD
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: MOV32rm %0
; CHECK: MOV32mi %1
; CHECK: ADD32rm
; NOFOLD-LABEL: {{^}}name: g{{$}}
; NOFOLD-NOT: ADD32rm
; NOFOLD-NOT: IMUL32rm
; NOFOLD: MOV32rm
; NOFOLD: MOV32rm
; NOFOLD-NOT: MOV32rm
; NOFOLD-NOT: ADD32rm
; NOFOLD-NOT: IMUL32rm

define i32 @f(ptr %p, ptr %q) {
  %a = load i32, ptr %p
  store i32 1, ptr %q
  %b = load i32, ptr %q
  %s = add i32 %a, %b
  ret i32 %s
}
define i32 @g(ptr %p, i32 %x) {
  %a = load volatile i32, ptr %p
  %s = add i32 %x, %a
  %b = load i32, ptr %p
  %t = add i32 %s, %b
  %u = mul i32 %t, %b
  ret i32 %u
}
