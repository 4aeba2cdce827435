; stack: stacksave and stackrestore.
; Two reads and two writes of RSP (the save and the dynamic alloca); the
; restore writes the saved value, the first read.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=READS
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=WRITES
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: [[SAVED:%[0-9]+]]:gr64 = COPY $rsp
; CHECK: $rsp = COPY [[SAVED]]{{$}}
; READS-LABEL: {{^}}name: f{{$}}
; READS: = COPY $rsp
; READS: = COPY $rsp
; READS-NOT: = COPY $rsp
; WRITES-LABEL: {{^}}name: f{{$}}
; WRITES: $rsp = COPY
; WRITES: $rsp = COPY
; WRITES-NOT: $rsp = COPY

define void @f(i64 %n) {
  %s = call ptr @llvm.stacksave.p0()
  %p = alloca i8, i64 %n, align 1
  store i8 0, ptr %p
  call void @llvm.stackrestore.p0(ptr %s)
  ret void
}
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
