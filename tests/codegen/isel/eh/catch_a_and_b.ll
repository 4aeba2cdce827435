; An invoke with a landing pad catching @A and @B, one run per property.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=INVOKE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=PAD
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=TYPEID
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=RESUME

; The invoke's call (with its call-frame setup) is between two EH labels and
; the block ends with the jump to the normal destination; the landing pad
; is a successor though nothing branches to it.
; INVOKE-LABEL: {{^}}name: f{{$}}
; INVOKE-LABEL: {{^ *}}bb.0{{\b}}
; INVOKE: successors: %bb.1, %bb.2
; INVOKE: EH_LABEL
; INVOKE: ADJCALLSTACKDOWN
; INVOKE: CALL64
; INVOKE: EH_LABEL
; INVOKE: JMP_1 %bb.1
; INVOKE-EMPTY:
; INVOKE-LABEL: {{^ *}}bb.1{{\b}}

; The landing pad starts with its label, then the copies out of RAX
; (exception pointer) and EDX (selector).
; PAD-LABEL: {{^}}name: f{{$}}
; PAD-LABEL: {{^ *}}bb.2{{\b}}
; PAD-NOT: {{^ +[%$A-Z]}}
; PAD: {{^ +}}EH_LABEL
; PAD-NEXT: = COPY $rax{{$}}
; PAD-NEXT: = COPY $edx{{$}}

; llvm.eh.typeid.for numbers the clauses last to first as llc-19 does:
; @B is 1 and @A is 2, and the selector is compared with @A's 2.
; TYPEID-LABEL: {{^}}name: f{{$}}
; TYPEID-LABEL: {{^ *}}bb.2{{\b}}
; TYPEID-DAG: MOV32ri 2{{$}}
; TYPEID-DAG: MOV32ri 1{{$}}
; TYPEID-DAG: CMP32ri8 {{.*}}, 2,
; TYPEID-LABEL: {{^ *}}bb.3{{\b}}

; resume calls _Unwind_Resume with the exception pointer.
; RESUME-LABEL: {{^}}name: f{{$}}
; RESUME-LABEL: {{^ *}}bb.4{{\b}}
; RESUME-DAG: $rdi = COPY
; RESUME-DAG: CALL64pcrel32 &_Unwind_Resume

@A = external constant ptr
@B = external constant ptr
declare void @g(i32)
declare i32 @h()
declare i32 @__gxx_personality_v0(...)
declare i32 @llvm.eh.typeid.for.p0(ptr)
define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @g(i32 %x) to label %ok unwind label %lp
ok:
  ret i32 0
lp:
  %l = landingpad { ptr, i32 } catch ptr @A catch ptr @B
  %s = extractvalue { ptr, i32 } %l, 1
  %ta = call i32 @llvm.eh.typeid.for.p0(ptr @A)
  %tb = call i32 @llvm.eh.typeid.for.p0(ptr @B)
  %c = icmp eq i32 %s, %ta
  br i1 %c, label %a, label %r
a:
  %sum = mul i32 %ta, %tb
  ret i32 %sum
r:
  resume { ptr, i32 } %l
}
