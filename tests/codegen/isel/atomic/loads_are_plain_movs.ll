; Atomic loads are plain MOVs on x86-64 (a double is loaded as an i64); no
; fence, no LOCK.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=MOV8
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=MOV64
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=NONE
; MOV8-LABEL: {{^}}name: f{{$}}
; MOV8: MOV8rm
; MOV8-NOT: MOV8rm
; MOV64-LABEL: {{^}}name: f{{$}}
; MOV64: MOV64rm
; MOV64: MOV64rm
; MOV64-NOT: MOV64rm
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: MFENCE
; NONE-NOT: LOCK

define i64 @f(ptr %p) {
  %a = load atomic i8, ptr %p monotonic, align 1
  %b = load atomic i64, ptr %p seq_cst, align 8
  %c = load atomic double, ptr %p acquire, align 8
  %x = zext i8 %a to i64
  %y = add i64 %x, %b
  %d = bitcast double %c to i64
  %z = add i64 %y, %d
  ret i64 %z
}
