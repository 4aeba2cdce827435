; float vectors.
; Float vectors: lane-wise arithmetic in one XMM register, lanes moved
; with shuffles, shufflevector split into lanes, variable lanes through a
; stack slot, arguments and results in XMM registers.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=COUNT
; CHECK-LABEL: {{^}}name: f{{$}}
; (Vectors go through the vector legalizer and rows: constants fold
; into memory operands, lanes move with pshufd/shufpd/shufps, the
; 8-byte <2 x float> (held widened in a v4f32) is stored with movq.)
; CHECK-DAG: ADDPDrm
; CHECK-DAG: MULPDrr
; CHECK-DAG: PSHUFDri
; CHECK-DAG: SHUFPDrri
; CHECK-DAG: SHUFPSrri
; CHECK-DAG: MOVSSmr
; CHECK-DAG: MOVPQI2QImr
; CHECK-DAG: XORPSrm
; CHECK-DAG: COPY $xmm1
; CHECK-DAG: COPY $xmm2
; The vector constant is one 16-byte pool entry; two variable-lane
; accesses get a 16-byte slot each.
; CHECK-DAG: : [00, 00, 00, 00, 00, 00, f0, 3f, 00, 00, 00, 00, 00, 00, 08, c0], align=16
; COUNT-LABEL: {{^}}name: f{{$}}
; COUNT: size=16, align=16, Local
; COUNT: size=16, align=16, Local
; COUNT-NOT: size=16, align=16, Local

define <2 x double> @f(<2 x double> %a, <4 x float> %b, <2 x float> %c, ptr %p, i32 %i) {
  %s = fadd <2 x double> %a, <double 1.0, double -3.0>
  %m = fmul <2 x double> %s, %a
  %e1 = extractelement <2 x double> %m, i64 1
  %e0 = extractelement <2 x double> %m, i64 0
  %x = fadd double %e0, %e1
  %v = insertelement <2 x double> %m, double %x, i64 1
  %sh = shufflevector <2 x double> %v, <2 x double> %a, <2 x i32> <i32 3, i32 0>
  %f2 = extractelement <4 x float> %b, i32 2
  %b2 = insertelement <4 x float> %b, float %f2, i32 3
  %bv = insertelement <4 x float> %b2, float %f2, i32 %i
  store <4 x float> %bv, ptr %p, align 16
  %c1 = extractelement <2 x float> %c, i32 %i
  %c2 = insertelement <2 x float> %c, float %c1, i32 1
  %n = fneg <2 x float> %c2
  store <2 x float> %n, ptr %p, align 8
  ret <2 x double> %sh
}
