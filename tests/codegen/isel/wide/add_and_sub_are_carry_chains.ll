; i128 add and sub are carry chains: one ADD/ADC and one SUB/SBB pair. The
; carry producer's flags stay live (no dead) into the glued consumer, with
; nothing but copies between them; the high half returns in RDX.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ADD
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ADC
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=SUB
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=SBB
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: = ADD64rr
; CHECK-NOT: dead
; CHECK-SAME: implicit-def $eflags{{$}}
; A line whose opcode is not COPY (regex has no lookahead: spell it out).
; CHECK-NOT: {{^ *([^ ]+ = )?([A-BD-Z]|C[A-NP-Z]|CO[A-OQ-Z]|COP[A-XZ])}}
; CHECK: = ADC64rr
; CHECK: $rdx
; ADD-LABEL: {{^}}name: f{{$}}
; ADD: ADD64rr
; ADD-NOT: ADD64rr
; ADC-LABEL: {{^}}name: f{{$}}
; ADC: ADC64rr
; ADC-NOT: ADC64rr
; SUB-LABEL: {{^}}name: f{{$}}
; SUB: SUB64rr
; SUB-NOT: SUB64rr
; SBB-LABEL: {{^}}name: f{{$}}
; SBB: SBB64rr
; SBB-NOT: SBB64rr

define i128 @f(i128 %a, i128 %b) {
  %s = add i128 %a, %b
  %d = sub i128 %s, %b
  ret i128 %d
}
