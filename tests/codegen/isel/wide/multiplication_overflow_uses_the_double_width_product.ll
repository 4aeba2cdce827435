; i128 multiplication with overflow: four 64 x 64 -> 128 products for the
; upper half, and a SETCC of the overflow; i256 products are schoolbook
; with six, and no library call.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: umul{{$}}
; CHECK-DAG: SETCCr
; CHECK-LABEL: {{^}}name: smul{{$}}
; CHECK-DAG: SETCCr
; i256 products: schoolbook, no library call.
; CHECK-LABEL: {{^}}name: mul_i256{{$}}
; NONE-LABEL: {{^}}name: umul{{$}}
; NONE-LABEL: {{^}}name: smul{{$}}
; NONE-LABEL: {{^}}name: mul_i256{{$}}
; NONE-NOT: CALL64
; COUNT-LABEL: {{^}}name: umul{{$}}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT-NOT: MUL64r{{ }}
; COUNT-LABEL: {{^}}name: smul{{$}}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT-NOT: MUL64r{{ }}
; COUNT-LABEL: {{^}}name: mul_i256{{$}}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT: MUL64r{{ }}
; COUNT-NOT: MUL64r{{ }}

declare {i128, i1} @llvm.umul.with.overflow.i128(i128, i128)
define i1 @umul(i128 %a, i128 %b) {
  %r = call {i128, i1} @llvm.umul.with.overflow.i128(i128 %a, i128 %b)
  %o = extractvalue {i128, i1} %r, 1
  ret i1 %o
}
declare {i128, i1} @llvm.smul.with.overflow.i128(i128, i128)
define i1 @smul(i128 %a, i128 %b) {
  %r = call {i128, i1} @llvm.smul.with.overflow.i128(i128 %a, i128 %b)
  %o = extractvalue {i128, i1} %r, 1
  ret i1 %o
}
define void @mul_i256(ptr %p, ptr %q) {
  %a = load i256, ptr %p
  %b = load i256, ptr %q
  %m = mul i256 %a, %b
  store i256 %m, ptr %p
  ret void
}
