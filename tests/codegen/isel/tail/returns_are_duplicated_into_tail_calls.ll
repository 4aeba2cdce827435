; CodeGenPrepare's return duplication: a block ending with a `tail` call and
; a branch to a block of PHIs and `ret` gets its own return, so the call is
; a sibling call; the return block loses the predecessor's PHI input.
; RUN: rcc-par -O2 -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=MIR

declare i32 @g(i32)
declare void @v(ptr)

; CHECK-LABEL: {{^}}phi_of_calls:
; CHECK: jmp g@PLT
; CHECK: movl $5, %edi
; CHECK-NEXT: jmp g@PLT
define i32 @phi_of_calls(i32 %a) {
entry:
  %c = icmp eq i32 %a, 0
  br i1 %c, label %x, label %y
x:
  %r = tail call i32 @g(i32 %a)
  br label %ret
y:
  %s = tail call i32 @g(i32 5)
  br label %ret
ret:
  %p = phi i32 [ %r, %x ], [ %s, %y ]
  ret i32 %p
}

; The PHI keeps the input of the other predecessor only.
; CHECK-LABEL: {{^}}partial:
; CHECK-DAG: jmp g@PLT
; CHECK-DAG: movl $7, %eax
; CHECK: retq
; MIR-LABEL: {{^}}name: partial{{$}}
; MIR: bb.1 (%ir-block.1):
; MIR-NEXT: $edi = COPY
; MIR-NEXT: TCRETURNdi64 @g
; MIR: bb.2 (%ir-block.2):
; MIR-NEXT: %{{[0-9]+}}:gr32 = PHI %{{[0-9]+}}, %bb.0{{$}}
define i32 @partial(i32 %a, i1 %c) {
entry:
  br i1 %c, label %x, label %ret
x:
  %r = tail call i32 @g(i32 %a)
  br label %ret
ret:
  %p = phi i32 [ %r, %x ], [ 7, %entry ]
  ret i32 %p
}

; ret void: the call must come right before the branch, its value unused.
; CHECK-LABEL: {{^}}void_ret:
; CHECK: jmp v@PLT
; CHECK-LABEL: {{^}}not_last:
; CHECK: callq v@PLT
define void @void_ret(ptr %p, i1 %c) {
entry:
  br i1 %c, label %x, label %ret
x:
  tail call void @v(ptr %p)
  br label %ret
ret:
  ret void
}
define void @not_last(ptr %p, i1 %c) {
entry:
  br i1 %c, label %x, label %ret
x:
  tail call void @v(ptr %p)
  store i32 0, ptr %p
  br label %ret
ret:
  ret void
}
