; Stores of constants to one base, consecutive in the chain, merge into
; wider stores (LLVM's mergeConsecutiveStores): 16 zero bytes are one
; xorps + movups, bytes in any address order become one movw/movl, a
; volatile store stays alone, and a store whose value is computed at run
; time stays while the constants around it merge.
; RUN: rcc-par -O2 -relocation-model=pic %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}f:
; CHECK: xorps %xmm0, %xmm0
; CHECK-NEXT: movups %xmm0, (%rdi)
; CHECK-NEXT: movl $197121, 16(%rdi)
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}g:
; CHECK: movb $1, (%rdi)
; CHECK-NEXT: movw $514, 16(%rdi)
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}v:
; CHECK: movb $1, (%rdi)
; CHECK-NEXT: movb $2, 1(%rdi)
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}k:
; CHECK: movl %esi, 4(%rdi)
; CHECK-NEXT: movl $7, (%rdi)
; CHECK-NEXT: movq $0, 8(%rdi)
; CHECK-NEXT: retq

define void @f(ptr %p) {
  store i32 0, ptr %p, align 8
  %a = getelementptr inbounds i8, ptr %p, i64 4
  store i32 0, ptr %a, align 4
  %b = getelementptr inbounds i8, ptr %p, i64 8
  store i64 0, ptr %b, align 8
  %c = getelementptr inbounds i8, ptr %p, i64 16
  store i8 1, ptr %c, align 8
  %d = getelementptr inbounds i8, ptr %p, i64 17
  store i8 2, ptr %d, align 1
  %e = getelementptr inbounds i8, ptr %p, i64 18
  store i16 3, ptr %e, align 2
  ret void
}

define void @g(ptr %p) {
  %c = getelementptr inbounds i8, ptr %p, i64 17
  store i8 2, ptr %c, align 1
  store i8 1, ptr %p, align 1
  %d = getelementptr inbounds i8, ptr %p, i64 16
  store i8 2, ptr %d, align 1
  ret void
}

define void @v(ptr %p) {
  store i8 1, ptr %p, align 1
  %d = getelementptr inbounds i8, ptr %p, i64 1
  store volatile i8 2, ptr %d, align 1
  ret void
}

define void @k(ptr %p, i32 %x) {
  store i32 7, ptr %p, align 8
  %a = getelementptr inbounds i8, ptr %p, i64 4
  store i32 %x, ptr %a, align 4
  %b = getelementptr inbounds i8, ptr %p, i64 8
  store i32 0, ptr %b, align 8
  %c = getelementptr inbounds i8, ptr %p, i64 12
  store i32 0, ptr %c, align 4
  ret void
}
