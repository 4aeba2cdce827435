; Conversions between integers and floats, one function per case. Narrow
; values travel widened so the functions' own interfaces stay 32/64-bit.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}name: sitofp_i32_double{{$}}
; CHECK-DAG: CVTSI2SDrr
; CHECK-LABEL: {{^}}name: sitofp_i64_float{{$}}
; CHECK-DAG: CVTSI2SS64rr
; CHECK-LABEL: {{^}}name: sitofp_i8_double{{$}}
; CHECK-DAG: MOVSX32rr8
; CHECK-DAG: CVTSI2SDrr
; CHECK-LABEL: {{^}}name: uitofp_i16_float{{$}}
; CHECK-DAG: MOVZX32rr16
; CHECK-DAG: CVTSI2SSrr
; u32: the zero-extended i64 converts exactly.
; CHECK-LABEL: {{^}}name: uitofp_i32_double{{$}}
; CHECK-DAG: MOV32rr
; CHECK-DAG: SUBREG_TO_REG
; CHECK-DAG: CVTSI2SD64rr
; u64: halve (keeping the low bit) when negative, then double.
; CHECK-LABEL: {{^}}name: uitofp_i64_double{{$}}
; CHECK-DAG: SHR64ri
; CHECK-DAG: OR64rr
; CHECK-DAG: CMOV64rr
; CHECK-DAG: CVTSI2SD64rr
; CHECK-DAG: ADDSDrr
; CHECK-LABEL: {{^}}name: uitofp_i64_float{{$}}
; CHECK-DAG: CVTSI2SS64rr
; CHECK-DAG: ADDSSrr
; CHECK-LABEL: {{^}}name: fptosi_double_i32{{$}}
; CHECK-DAG: CVTTSD2SIrr
; CHECK-LABEL: {{^}}name: fptosi_float_i64{{$}}
; CHECK-DAG: CVTTSS2SI64rr
; CHECK-LABEL: {{^}}name: fptosi_double_i8{{$}}
; CHECK-DAG: CVTTSD2SIrr
; CHECK-DAG: sub_8bit
; CHECK-LABEL: {{^}}name: fptoui_float_i16{{$}}
; CHECK-DAG: CVTTSS2SIrr
; CHECK-DAG: sub_16bit
; CHECK-LABEL: {{^}}name: fptoui_double_i32{{$}}
; CHECK-DAG: CVTTSD2SI64rr
; CHECK-DAG: sub_32bit
; u64: both conversions, merged by the sign of the first.
; CHECK-LABEL: {{^}}name: fptoui_double_i64{{$}}
; CHECK-DAG: SUBSDrm
; CHECK-DAG: SAR64ri
; CHECK-DAG: AND64rr
; CHECK-DAG: OR64rr
; CHECK-LABEL: {{^}}name: fptoui_float_i64{{$}}
; CHECK-DAG: SUBSSrm
; CHECK-DAG: CVTTSS2SI64rr

define double @sitofp_i32_double(i32 %a) {
  %r = sitofp i32 %a to double
  ret double %r
}
define float @sitofp_i64_float(i64 %a) {
  %r = sitofp i64 %a to float
  ret float %r
}
define double @sitofp_i8_double(i32 %a) {
  %n = trunc i32 %a to i8
  %r = sitofp i8 %n to double
  ret double %r
}
define float @uitofp_i16_float(i32 %a) {
  %n = trunc i32 %a to i16
  %r = uitofp i16 %n to float
  ret float %r
}
define double @uitofp_i32_double(i32 %a) {
  %r = uitofp i32 %a to double
  ret double %r
}
define double @uitofp_i64_double(i64 %a) {
  %r = uitofp i64 %a to double
  ret double %r
}
define float @uitofp_i64_float(i64 %a) {
  %r = uitofp i64 %a to float
  ret float %r
}
define i32 @fptosi_double_i32(double %a) {
  %r = fptosi double %a to i32
  ret i32 %r
}
define i64 @fptosi_float_i64(float %a) {
  %r = fptosi float %a to i64
  ret i64 %r
}
define i32 @fptosi_double_i8(double %a) {
  %r = fptosi double %a to i8
  %w = sext i8 %r to i32
  ret i32 %w
}
define i32 @fptoui_float_i16(float %a) {
  %r = fptoui float %a to i16
  %w = sext i16 %r to i32
  ret i32 %w
}
define i32 @fptoui_double_i32(double %a) {
  %r = fptoui double %a to i32
  ret i32 %r
}
define i64 @fptoui_double_i64(double %a) {
  %r = fptoui double %a to i64
  ret i64 %r
}
define i64 @fptoui_float_i64(float %a) {
  %r = fptoui float %a to i64
  ret i64 %r
}
