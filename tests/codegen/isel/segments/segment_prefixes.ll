; Address spaces 256, 257 and 258 are the %gs:, %fs: and %ss: segments
; (LLVM's X86 address spaces): the segment is the fifth operand of the
; memory reference, kept when the load or store folds into an
; arithmetic, compare, extension or read-modify-write form, and printed
; and encoded as a prefix. The -O2 checks are llc-19 -O2's output; at -O0
; the fast selector leaves such blocks to the DAG.
; RUN: rcc-par -O2 -filetype=asm %s -o - | FileCheck %s
; RUN: rcc-par -O0 -filetype=asm %s -o - | FileCheck %s --check-prefix=O0
; RUN: rcc-par -O2 -stop-after=finalize-isel %s -o - | FileCheck %s --check-prefix=MIR
; CHECK-LABEL: {{^}}gs_load:
; CHECK: movl %gs:(%rdi), %eax
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}fs_store:
; CHECK: movq %rsi, %fs:(%rdi)
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}fs_load_off:
; CHECK: movq %fs:16(%rdi,%rsi,8), %rax
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}ss_add:
; CHECK: movq %rsi, %rax
; CHECK-NEXT: addq %ss:(%rdi), %rax
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}gs_rmw:
; CHECK: addl $5, %gs:(%rdi)
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}fs_zero:
; CHECK: movq %fs:0, %rax
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}fs_const:
; CHECK: movq %fs:40, %rax
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}gs_sext:
; CHECK: movsbl %gs:(%rdi), %eax
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}gs_double:
; CHECK: movsd %gs:(%rdi), %xmm0
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}mixed:
; CHECK: movl %gs:(%rdi), %eax
; CHECK-NEXT: movl %eax, (%rsi)
; CHECK-NEXT: retq
; CHECK-LABEL: {{^}}gs_cmp:
; CHECK-DAG: cmpl $7, %gs:(%rdi)
; CHECK-DAG: movl $3, %eax
; CHECK: cmovel %esi, %eax
; CHECK-NEXT: retq
; O0-LABEL: {{^}}gs_load:
; O0: {{[a-z]+}} {{.*}}%gs:(%rdi)
; O0-LABEL: {{^}}fs_store:
; O0: {{[a-z]+}} {{.*}}%fs:(%rdi)
; O0-LABEL: {{^}}fs_load_off:
; O0: {{[a-z]+}} {{.*}}%fs:16(%rdi,%rsi,8)
; O0-LABEL: {{^}}ss_add:
; O0: {{[a-z]+}} {{.*}}%ss:(%rdi)
; O0-LABEL: {{^}}gs_rmw:
; O0: {{[a-z]+}} {{.*}}%gs:(%rdi)
; O0-LABEL: {{^}}fs_zero:
; O0: {{[a-z]+}} {{.*}}%fs:0
; O0-LABEL: {{^}}fs_const:
; O0: {{[a-z]+}} {{.*}}%fs:40
; O0-LABEL: {{^}}gs_sext:
; O0: {{[a-z]+}} {{.*}}%gs:(%rdi)
; O0-LABEL: {{^}}gs_double:
; O0: {{[a-z]+}} {{.*}}%gs:(%rdi)
; O0-LABEL: {{^}}mixed:
; O0: {{[a-z]+}} {{.*}}%gs:(%rdi)
; O0-LABEL: {{^}}gs_cmp:
; O0: {{[a-z]+}} {{.*}}%gs:(%rdi)
; MIR-LABEL: {{^}}name: gs_load{{$}}
; MIR: MOV32rm %{{[0-9]+}}, 1, $noreg, 0, $gs
; MIR-LABEL: {{^}}name: gs_rmw{{$}}
; MIR: ADD32mi8 %{{[0-9]+}}, 1, $noreg, 0, $gs, 5
define i32 @gs_load(ptr addrspace(256) %p) {
  %v = load i32, ptr addrspace(256) %p
  ret i32 %v
}
define void @fs_store(ptr addrspace(257) %p, i64 %x) {
  store i64 %x, ptr addrspace(257) %p
  ret void
}
define i64 @fs_load_off(ptr addrspace(257) %p, i64 %i) {
  %q = getelementptr i64, ptr addrspace(257) %p, i64 %i
  %r = getelementptr i8, ptr addrspace(257) %q, i64 16
  %v = load i64, ptr addrspace(257) %r
  ret i64 %v
}
define i64 @ss_add(ptr addrspace(258) %p, i64 %x) {
  %v = load i64, ptr addrspace(258) %p
  %s = add i64 %v, %x
  ret i64 %s
}
define void @gs_rmw(ptr addrspace(256) %p) {
  %v = load i32, ptr addrspace(256) %p
  %s = add i32 %v, 5
  store i32 %s, ptr addrspace(256) %p
  ret void
}
define i64 @fs_zero() {
  %v = load i64, ptr addrspace(257) null
  ret i64 %v
}
define i64 @fs_const() {
  %p = inttoptr i64 40 to ptr addrspace(257)
  %v = load i64, ptr addrspace(257) %p
  ret i64 %v
}
define i32 @gs_sext(ptr addrspace(256) %p) {
  %v = load i8, ptr addrspace(256) %p
  %e = sext i8 %v to i32
  ret i32 %e
}
define double @gs_double(ptr addrspace(256) %p) {
  %v = load double, ptr addrspace(256) %p
  ret double %v
}
define void @mixed(ptr addrspace(256) %p, ptr %q) {
  %v = load i32, ptr addrspace(256) %p
  store i32 %v, ptr %q
  ret void
}
define i32 @gs_cmp(ptr addrspace(256) %p, i32 %x) {
  %v = load i32, ptr addrspace(256) %p
  %c = icmp eq i32 %v, 7
  %r = select i1 %c, i32 %x, i32 3
  ret i32 %r
}
