; tls: thread-local access models. Executables (static) use the thread
; pointer: initial-exec for the external @x, local-exec for @y; no TLS_
; call. Shared-library code (pic) calls __tls_get_addr: one general-dynamic
; call for @x; the block's two local-dynamic accesses share one call for
; the module's block.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=STATIC
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=STATIC-NONE
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=PIC
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=GD
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=LD
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=pic -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=CALLS
; STATIC-LABEL: {{^}}name: f{{$}}
; STATIC-DAG: @x [GotTpOff]
; STATIC-DAG: @y [TpOff]
; STATIC-NONE-LABEL: {{^}}name: f{{$}}
; STATIC-NONE-NOT: TLS_
; PIC-LABEL: {{^}}name: f{{$}}
; PIC-DAG: @x [TlsGd]
; PIC-DAG: @y [DtpOff]
; PIC-DAG: @z + 12 [DtpOff]
; PIC-DAG: __tls_get_addr
; GD-LABEL: {{^}}name: f{{$}}
; GD: TLS_addr64{{ }}
; GD-NOT: TLS_addr64{{ }}
; LD-LABEL: {{^}}name: f{{$}}
; LD: TLS_base_addr64{{ }}
; LD-NOT: TLS_base_addr64{{ }}
; CALLS-LABEL: {{^}}name: f{{$}}
; CALLS: ADJCALLSTACKDOWN
; CALLS: ADJCALLSTACKDOWN
; CALLS-NOT: ADJCALLSTACKDOWN

@x = external thread_local global i32
@y = dso_local thread_local global i32 0
@z = internal thread_local global [4 x i32] zeroinitializer
define i32 @f() {
  %a = load i32, ptr @x
  %b = load i32, ptr @y
  %p = getelementptr [4 x i32], ptr @z, i64 0, i64 3
  %c = load i32, ptr %p
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
