; Read-modify-writes without a single instruction (with a used result) are
; compare-exchange loops: three blocks (head, loop, rest), one PHI, a
; LOCK CMPXCHG and a loop while ne (JCC_1 %bb.1, 5).
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=BLOCKS
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=PHIS
; CHECK-LABEL: {{^}}name: and_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: and_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: or_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: or_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: xor_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: xor_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: nand_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: nand_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: max_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: max_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: min_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: min_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: umax_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: umax_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: umin_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: umin_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: uinc_wrap_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: uinc_wrap_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: udec_wrap_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: udec_wrap_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: usub_cond_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: usub_cond_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: usub_sat_i8{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; CHECK-LABEL: {{^}}name: usub_sat_i32{{$}}
; CHECK-DAG: LOCK_CMPXCHG
; CHECK-DAG: JCC_1 %bb.1, 5
; CHECK-DAG: RET64
; BLOCKS-LABEL: {{^}}name: and_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: and_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: or_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: or_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: xor_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: xor_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: nand_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: nand_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: max_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: max_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: min_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: min_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: umax_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: umax_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: umin_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: umin_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: uinc_wrap_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: uinc_wrap_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: udec_wrap_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: udec_wrap_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: usub_cond_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: usub_cond_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: usub_sat_i8{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-LABEL: {{^}}name: usub_sat_i32{{$}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS: {{^ *}}bb.{{[0-9]+}}
; BLOCKS-NOT: {{^ *}}bb.{{[0-9]+}}
; PHIS-LABEL: {{^}}name: and_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: and_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: or_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: or_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: xor_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: xor_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: nand_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: nand_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: max_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: max_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: min_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: min_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: umax_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: umax_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: umin_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: umin_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: uinc_wrap_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: uinc_wrap_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: udec_wrap_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: udec_wrap_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: usub_cond_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: usub_cond_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: usub_sat_i8{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI
; PHIS-LABEL: {{^}}name: usub_sat_i32{{$}}
; PHIS: = PHI
; PHIS-NOT: = PHI

define i8 @and_i8(ptr %p, i8 %v) {
  %r = atomicrmw and ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @and_i32(ptr %p, i32 %v) {
  %r = atomicrmw and ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @or_i8(ptr %p, i8 %v) {
  %r = atomicrmw or ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @or_i32(ptr %p, i32 %v) {
  %r = atomicrmw or ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @xor_i8(ptr %p, i8 %v) {
  %r = atomicrmw xor ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @xor_i32(ptr %p, i32 %v) {
  %r = atomicrmw xor ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @nand_i8(ptr %p, i8 %v) {
  %r = atomicrmw nand ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @nand_i32(ptr %p, i32 %v) {
  %r = atomicrmw nand ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @max_i8(ptr %p, i8 %v) {
  %r = atomicrmw max ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @max_i32(ptr %p, i32 %v) {
  %r = atomicrmw max ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @min_i8(ptr %p, i8 %v) {
  %r = atomicrmw min ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @min_i32(ptr %p, i32 %v) {
  %r = atomicrmw min ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @umax_i8(ptr %p, i8 %v) {
  %r = atomicrmw umax ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @umax_i32(ptr %p, i32 %v) {
  %r = atomicrmw umax ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @umin_i8(ptr %p, i8 %v) {
  %r = atomicrmw umin ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @umin_i32(ptr %p, i32 %v) {
  %r = atomicrmw umin ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @uinc_wrap_i8(ptr %p, i8 %v) {
  %r = atomicrmw uinc_wrap ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @uinc_wrap_i32(ptr %p, i32 %v) {
  %r = atomicrmw uinc_wrap ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @udec_wrap_i8(ptr %p, i8 %v) {
  %r = atomicrmw udec_wrap ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @udec_wrap_i32(ptr %p, i32 %v) {
  %r = atomicrmw udec_wrap ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @usub_cond_i8(ptr %p, i8 %v) {
  %r = atomicrmw usub_cond ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @usub_cond_i32(ptr %p, i32 %v) {
  %r = atomicrmw usub_cond ptr %p, i32 %v acq_rel
  ret i32 %r
}
define i8 @usub_sat_i8(ptr %p, i8 %v) {
  %r = atomicrmw usub_sat ptr %p, i8 %v acq_rel
  ret i8 %r
}
define i32 @usub_sat_i32(ptr %p, i32 %v) {
  %r = atomicrmw usub_sat ptr %p, i32 %v acq_rel
  ret i32 %r
}
