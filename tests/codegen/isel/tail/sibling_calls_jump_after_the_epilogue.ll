; Sibling calls: a `tail` call whose value the block returns becomes a jump
; after the epilogue (TCRETURNdi64 / TCRETURNri64, `jmp`), with no call
; frame; calls that need stack arguments, results in x87 registers, an
; sret caller or "disable-tail-calls" stay calls.
; RUN: rcc-par -O2 -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=MIR

declare i32 @g(i32, i32)
declare void @v(ptr)
declare i32 @va(i32, ...)
declare x86_fp80 @ld()
declare i32 @fits_callee(i32)

; musttail calls that fit the rules are sibling calls too.
; CHECK-LABEL: {{^}}fits:
; CHECK: jmp fits_callee@PLT
define i32 @fits(i32 %a) {
  %r = musttail call i32 @fits_callee(i32 %a)
  ret i32 %r
}

; A wrapper needs no frame: no push for alignment.
; CHECK-LABEL: {{^}}wrapper:
; CHECK-NOT: push
; CHECK: jmp g@PLT
; CHECK-NOT: ret
; CHECK-LABEL: .Lfunc_end1:
; MIR-LABEL: {{^}}name: wrapper{{$}}
; MIR: TCRETURNdi64 @g [Plt], implicit $edi, implicit $esi
define i32 @wrapper(i32 %a) {
  %b = add i32 %a, 1
  %r = tail call i32 @g(i32 %b, i32 %a)
  ret i32 %r
}

; The epilogue (the pops) comes before the jump.
; CHECK-LABEL: {{^}}keeps:
; CHECK: pushq %rbx
; CHECK: callq v@PLT
; CHECK: popq %rbx
; CHECK-NEXT: .cfi_def_cfa_offset 8
; CHECK-NEXT: jmp v@PLT
define void @keeps(ptr %p) {
  call void @v(ptr %p)
  tail call void @v(ptr %p)
  ret void
}

; An indirect target goes to a GR64_TC register.
; CHECK-LABEL: {{^}}indirect:
; CHECK: jmpq *%r{{ax|cx|dx|si|di|8|9|11}}
; MIR-LABEL: {{^}}name: indirect{{$}}
; MIR: %[[T:[0-9]+]]:gr64_tc = COPY
; MIR: TCRETURNri64 %[[T]]
define i32 @indirect(ptr %fp, i32 %x) {
  %r = tail call i32 %fp(i32 %x, i32 2)
  ret i32 %r
}

; A variadic callee gets %al; stack arguments keep the call.
; CHECK-LABEL: {{^}}variadic:
; CHECK: movb $1, %al
; CHECK-NEXT: jmp va@PLT
; CHECK-LABEL: {{^}}stack_args:
; CHECK: callq va@PLT
; CHECK: retq
define i32 @variadic(i32 %x) {
  %r = tail call i32 (i32, ...) @va(i32 %x, double 1.0)
  ret i32 %r
}
define i32 @stack_args(i32 %x) {
  %r = tail call i32 (i32, ...) @va(i32 %x, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6)
  ret i32 %r
}

; Not in tail position: unmarked, a store between, a different value
; returned, x87 results, an sret caller, disable-tail-calls.
; CHECK-LABEL: {{^}}unmarked:
; CHECK: callq g@PLT
; CHECK-LABEL: {{^}}store_between:
; CHECK: callq g@PLT
; CHECK-LABEL: {{^}}other_value:
; CHECK: callq g@PLT
; CHECK-LABEL: {{^}}x87:
; CHECK: callq ld@PLT
; CHECK-LABEL: {{^}}sret_caller:
; CHECK: callq v@PLT
; CHECK-LABEL: {{^}}disabled:
; CHECK: callq v@PLT
; CHECK-LABEL: {{^}}zext_mismatch:
; CHECK: callq g@PLT
define i32 @unmarked(i32 %a) {
  %r = call i32 @g(i32 %a, i32 %a)
  ret i32 %r
}
define i32 @store_between(i32 %a, ptr %p) {
  %r = tail call i32 @g(i32 %a, i32 %a)
  store i32 0, ptr %p
  ret i32 %r
}
define i32 @other_value(i32 %a) {
  %r = tail call i32 @g(i32 %a, i32 %a)
  ret i32 %a
}
define x86_fp80 @x87() {
  %r = tail call x86_fp80 @ld()
  ret x86_fp80 %r
}
define void @sret_caller(ptr sret(i64) %out) {
  tail call void @v(ptr %out)
  ret void
}
define void @disabled(ptr %p) "disable-tail-calls"="true" {
  tail call void @v(ptr %p)
  ret void
}
define zeroext i16 @zext_mismatch(i32 %a) {
  %r = tail call i32 @g(i32 %a, i32 %a)
  %t = trunc i32 %r to i16
  ret i16 %t
}
