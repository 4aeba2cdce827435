; A memory access through a pointer outside address space 0 is an error
; naming the function and the address space, except plain scalar loads
; and stores in the segment address spaces (256 %gs, 257 %fs, 258 %ss;
; tests/codegen/isel/segments/): their atomics, vectors, wide integers
; and memory intrinsics are not implemented, nor llc's other x86 address
; spaces. Address space 0 and the scalar segment accesses compile.
; RUN: not rcc-par -O2 -filetype=asm %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: not rcc-par -O0 -filetype=asm %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR-NOT: 'gs_load'
; ERR-NOT: 'fs_store'
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'gs_vector': address space 256 on an access wider than a scalar register or of a vector, aggregate or odd-width type is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'fs_i128': address space 257 on an access wider than a scalar register or of a vector, aggregate or odd-width type is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'gs_atomic_load': address space 256 on an atomic load is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'ss_rmw': address space 258 on an atomicrmw is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'gs_cmpxchg': address space 256 on a cmpxchg is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'local_load': address space 3 on a load is not supported
; ERR: {{:[0-9]+:[0-9]+: }}error: in function 'gs_memset': address space 256 on an intrinsic's pointer argument is not supported
; ERR-NOT: 'flat'
target triple = "x86_64-unknown-linux-gnu"

define i32 @gs_load(ptr addrspace(256) %p) {
  %v = load i32, ptr addrspace(256) %p
  ret i32 %v
}

define void @fs_store(ptr addrspace(257) %p) {
  store i64 1, ptr addrspace(257) %p
  ret void
}

define <4 x i32> @gs_vector(ptr addrspace(256) %p) {
  %v = load <4 x i32>, ptr addrspace(256) %p
  ret <4 x i32> %v
}

define void @fs_i128(ptr addrspace(257) %p) {
  store i128 1, ptr addrspace(257) %p
  ret void
}

define i64 @gs_atomic_load(ptr addrspace(256) %p) {
  %v = load atomic i64, ptr addrspace(256) %p seq_cst, align 8
  ret i64 %v
}

define i32 @ss_rmw(ptr addrspace(258) %p) {
  %v = atomicrmw add ptr addrspace(258) %p, i32 1 seq_cst
  ret i32 %v
}

define i32 @gs_cmpxchg(ptr addrspace(256) %p) {
  %r = cmpxchg ptr addrspace(256) %p, i32 0, i32 1 seq_cst seq_cst
  %v = extractvalue { i32, i1 } %r, 0
  ret i32 %v
}

define i32 @local_load(ptr addrspace(3) %p) {
  %v = load i32, ptr addrspace(3) %p
  ret i32 %v
}

declare void @llvm.memset.p256.i64(ptr addrspace(256), i8, i64, i1)

define void @gs_memset(ptr addrspace(256) %p) {
  call void @llvm.memset.p256.i64(ptr addrspace(256) %p, i8 0, i64 16, i1 false)
  ret void
}

define i32 @flat(ptr %p) {
  %v = load i32, ptr %p
  ret i32 %v
}
