; phis of split vectors.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; One machine PHI per v4i32 half, plus the counter's.
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: {{ }}= PHI{{ }}
; COUNT: {{ }}= PHI{{ }}
; COUNT: {{ }}= PHI{{ }}
; COUNT-NOT: {{ }}= PHI{{ }}

define <4 x i32> @f(ptr %p, i32 %n) {
entry:
  %a = load <8 x i32>, ptr %p
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %v = phi <8 x i32> [ %a, %entry ], [ %v2, %loop ]
  %v2 = add <8 x i32> %v, %a
  %i2 = add i32 %i, 1
  %d = icmp eq i32 %i2, %n
  br i1 %d, label %exit, label %loop
exit:
  %r = shufflevector <8 x i32> %v2, <8 x i32> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  ret <4 x i32> %r
}
