; Vector constructs rcc does not select are typed errors naming the construct
; and the function; rcc-par fails.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - 2>&1 | FileCheck %s --check-prefix=NOERR
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e1': {{.*}}load of v4i1
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e2': {{.*}}'frem' instruction on v2f64
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e3': {{.*}}v4i1 argument or return value
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e4': {{.*}}the intrinsic llvm.ctpop.v4i32
; <6 x i32> is split into a v4i32 and a partial one: no error.
; NOERR-NOT: in function 'e5'

declare <4 x i32> @llvm.ctpop.v4i32(<4 x i32>)
define void @e1(ptr %p) {
  %v = load <4 x i1>, ptr %p
  %e = extractelement <4 x i1> %v, i32 0
  store i1 %e, ptr %p
  ret void
}
define <2 x double> @e2(<2 x double> %a) {
  %r = frem <2 x double> %a, %a
  ret <2 x double> %r
}
define <4 x i1> @e3(<4 x i32> %a) {
  %c = icmp eq <4 x i32> %a, %a
  ret <4 x i1> %c
}
define <4 x i32> @e4(<4 x i32> %a) {
  %r = call <4 x i32> @llvm.ctpop.v4i32(<4 x i32> %a)
  ret <4 x i32> %r
}
define void @e5(ptr %p) {
  %v = load <6 x i32>, ptr %p
  %w = add <6 x i32> %v, %v
  store <6 x i32> %w, ptr %p
  ret void
}