; loaded lanes load straight into vector registers: a v4i32 or v2i64 built
; from lanes with one loaded at the lane's width is built from
; scalar_to_vector and unpacking shuffles, so each single-use load folds
; into its movd/movq (llc: movd mem, %xmm; punpckldq; punpcklqdq); a load
; with another user stays in a general register, a narrower (extending)
; load is not folded.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: gather{{$}}
; CHECK: MOVDI2PDIrm
; CHECK: MOVDI2PDIrm
; CHECK: MOVDI2PDIrm
; CHECK: MOVDI2PDIrm
; CHECK-NOT: MOV32rm
; CHECK-NOT: MOVDI2PDIrr
; CHECK: PUNPCKLDQrr
; CHECK: PUNPCKLDQrr
; CHECK: PUNPCKLQDQrr
; CHECK-LABEL: {{^}}name: mixed{{$}}
; CHECK-DAG: MOVDI2PDIrm
; CHECK-DAG: MOV32rm
; CHECK-DAG: MOVDI2PDIrr %0
; CHECK-LABEL: {{^}}name: longs{{$}}
; CHECK: MOVQI2PQIrm
; CHECK: MOV64toPQIrr
; CHECK: PUNPCKLQDQrr
; CHECK-LABEL: {{^}}name: narrow{{$}}
; CHECK-NOT: MOVDI2PDIrm
; CHECK: MOVZX32rm8
; CHECK-NOT: MOVDI2PDIrm

define <4 x i32> @gather(ptr %p) {
  %p1 = getelementptr i32, ptr %p, i64 192
  %p2 = getelementptr i32, ptr %p, i64 384
  %p3 = getelementptr i32, ptr %p, i64 576
  %a = load i32, ptr %p
  %b = load i32, ptr %p1
  %c = load i32, ptr %p2
  %d = load i32, ptr %p3
  %v0 = insertelement <4 x i32> poison, i32 %a, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %c, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %d, i32 3
  ret <4 x i32> %v3
}
; %b is also stored, so it is loaded once into a general register.
define <4 x i32> @mixed(i32 %x, ptr %p, ptr %q) {
  %p1 = getelementptr i32, ptr %p, i64 1
  %a = load i32, ptr %p
  %b = load i32, ptr %p1
  store i32 %b, ptr %q
  %v0 = insertelement <4 x i32> poison, i32 %a, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %x, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %x, i32 3
  ret <4 x i32> %v3
}
define <2 x i64> @longs(ptr %p, i64 %x) {
  %a = load i64, ptr %p
  %v0 = insertelement <2 x i64> poison, i64 %a, i32 0
  %v1 = insertelement <2 x i64> %v0, i64 %x, i32 1
  ret <2 x i64> %v1
}
define <4 x i32> @narrow(ptr %p, i32 %x) {
  %a = load i8, ptr %p
  %z = zext i8 %a to i32
  %v0 = insertelement <4 x i32> poison, i32 %z, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %x, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %x, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %x, i32 3
  ret <4 x i32> %v3
}
