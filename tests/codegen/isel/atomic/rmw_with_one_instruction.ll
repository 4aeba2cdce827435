; Read-modify-writes with one instruction: xchg, xadd (sub negates first),
; and LOCK-prefixed memory forms when the result is unused (no loop: one
; block); a constant operand of an unused result is an immediate.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: xchg_i32{{$}}
; CHECK: XCHG32rm
; CHECK-LABEL: {{^}}name: add_i64{{$}}
; CHECK: LOCK_XADD64rm
; CHECK-LABEL: {{^}}name: sub_i32{{$}}
; CHECK-DAG: NEG32r
; CHECK-DAG: LOCK_XADD32rm
; CHECK-LABEL: {{^}}name: add_unused{{$}}
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK: LOCK_ADD64mr
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK-LABEL: {{^}}name: sub_unused{{$}}
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK: LOCK_SUB64mr
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK-LABEL: {{^}}name: and_unused{{$}}
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK: LOCK_AND64mr
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK-LABEL: {{^}}name: or_unused{{$}}
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK: LOCK_OR64mr
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK-LABEL: {{^}}name: xor_unused{{$}}
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK: LOCK_XOR64mr
; CHECK-NOT: {{^ *}}bb.1{{\b}}
; CHECK-LABEL: {{^}}name: or_constant{{$}}
; CHECK: LOCK_OR16mi8

define i32 @xchg_i32(ptr %p, i32 %v) {
  %r = atomicrmw xchg ptr %p, i32 %v seq_cst
  ret i32 %r
}
define i64 @add_i64(ptr %p, i64 %v) {
  %r = atomicrmw add ptr %p, i64 %v seq_cst
  ret i64 %r
}
define i32 @sub_i32(ptr %p, i32 %v) {
  %r = atomicrmw sub ptr %p, i32 %v seq_cst
  ret i32 %r
}
define i64 @add_unused(ptr %p, i64 %v) {
  %r = atomicrmw add ptr %p, i64 %v seq_cst
  ret i64 0
}
define i64 @sub_unused(ptr %p, i64 %v) {
  %r = atomicrmw sub ptr %p, i64 %v seq_cst
  ret i64 0
}
define i64 @and_unused(ptr %p, i64 %v) {
  %r = atomicrmw and ptr %p, i64 %v seq_cst
  ret i64 0
}
define i64 @or_unused(ptr %p, i64 %v) {
  %r = atomicrmw or ptr %p, i64 %v seq_cst
  ret i64 0
}
define i64 @xor_unused(ptr %p, i64 %v) {
  %r = atomicrmw xor ptr %p, i64 %v seq_cst
  ret i64 0
}
define void @or_constant(ptr %p) {
  %r = atomicrmw or ptr %p, i16 64 monotonic
  ret void
}
