; lanes inserted into undef are built by unpacks: a chain of insertelements
; at constant lanes is one build_vector (movd/movq, then punpckl* or
; unpcklps/movlhps pairs); an undefined half costs nothing; inserts into
; constant or loaded vectors stay shuffles.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: full{{$}}
; CHECK: MOVDI2PDIrr
; CHECK: MOVDI2PDIrr
; CHECK: MOVDI2PDIrr
; CHECK: MOVDI2PDIrr
; CHECK: PUNPCKLDQrr
; CHECK: PUNPCKLDQrr
; CHECK: PUNPCKLQDQrr
; CHECK-NOT: SHUFPSrri
; CHECK-LABEL: {{^}}name: low{{$}}
; CHECK: %1:vr128 = MOVDI2PDIrr %0
; CHECK-NEXT: $xmm0 = COPY %1
; CHECK-LABEL: {{^}}name: low_pair{{$}}
; CHECK: PUNPCKLDQrr
; CHECK-NOT: PUNPCKLQDQrr
; CHECK-NOT: PSHUFDri
; CHECK-LABEL: {{^}}name: floats{{$}}
; CHECK: UNPCKLPSrr
; CHECK: UNPCKLPSrr
; CHECK: MOVLHPSrr
; CHECK-NOT: SHUFPSrri
; CHECK-LABEL: {{^}}name: one_double{{$}}
; CHECK: %1:vr128 = COPY %0
; CHECK-NEXT: $xmm0 = COPY %1
; CHECK-LABEL: {{^}}name: longs{{$}}
; CHECK: MOV64toPQIrr
; CHECK: MOV64toPQIrr
; CHECK: PUNPCKLQDQrr
; A later insert into the same lane wins.
; CHECK-LABEL: {{^}}name: overwrite{{$}}
; CHECK: MOVDI2PDIrr %1
; CHECK-NEXT: MOVDI2PDIrr %2
; CHECK-NEXT: PUNPCKLDQrr
; CHECK-LABEL: {{^}}name: into_constant{{$}}
; CHECK: MOVAPSrm
; CHECK: SHUFPSrri
; CHECK-LABEL: {{^}}name: into_loaded{{$}}
; CHECK: MOVUPSrm
; CHECK: SHUFPSrri

define <4 x i32> @full(i32 %a, i32 %b, i32 %c, i32 %d) {
  %v0 = insertelement <4 x i32> poison, i32 %a, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %c, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %d, i32 3
  ret <4 x i32> %v3
}
define <4 x i32> @low(i32 %a) {
  %v0 = insertelement <4 x i32> poison, i32 %a, i32 0
  ret <4 x i32> %v0
}
define <4 x i32> @low_pair(i32 %a, i32 %b) {
  %v0 = insertelement <4 x i32> undef, i32 %b, i32 1
  %v1 = insertelement <4 x i32> %v0, i32 %a, i32 0
  ret <4 x i32> %v1
}
define <4 x float> @floats(float %a, float %b, float %c, float %d) {
  %v0 = insertelement <4 x float> poison, float %d, i32 3
  %v1 = insertelement <4 x float> %v0, float %c, i32 2
  %v2 = insertelement <4 x float> %v1, float %b, i32 1
  %v3 = insertelement <4 x float> %v2, float %a, i32 0
  ret <4 x float> %v3
}
define <2 x double> @one_double(double %a) {
  %v0 = insertelement <2 x double> poison, double %a, i32 0
  ret <2 x double> %v0
}
define <2 x i64> @longs(i64 %a, i64 %b) {
  %v0 = insertelement <2 x i64> poison, i64 %a, i32 0
  %v1 = insertelement <2 x i64> %v0, i64 %b, i32 1
  ret <2 x i64> %v1
}
define <4 x i32> @overwrite(i32 %a, i32 %b, i32 %c) {
  %v0 = insertelement <4 x i32> poison, i32 %a, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i32 0
  %v2 = insertelement <4 x i32> %v1, i32 %c, i32 1
  ret <4 x i32> %v2
}
define <4 x i32> @into_constant(i32 %a) {
  %v0 = insertelement <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 %a, i32 1
  ret <4 x i32> %v0
}
define <4 x i32> @into_loaded(ptr %p, i32 %a) {
  %x = load <4 x i32>, ptr %p
  %v0 = insertelement <4 x i32> %x, i32 %a, i32 2
  ret <4 x i32> %v0
}
