; Float constructs rcc does not select are typed errors naming the construct
; and the function; rcc-par fails.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e1': {{.*}}x86_fp80
; i80 is promoted to i128 (odd widths above 64 bits).
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e2': {{.*}}bitcast from f80 to i128
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e3': {{.*}}half
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e4': {{.*}}fp128
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e5': {{.*}}'frem' instruction on v2f64
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e6': {{.*}}llvm.floor.v2f64

declare i1 @llvm.is.fpclass.f80(x86_fp80, i32)
declare <2 x double> @llvm.floor.v2f64(<2 x double>)
define i32 @e1(x86_fp80 %a) {
  %c = call i1 @llvm.is.fpclass.f80(x86_fp80 %a, i32 516)
  %z = zext i1 %c to i32
  ret i32 %z
}
define i64 @e2(x86_fp80 %a) {
  %d = bitcast x86_fp80 %a to i80
  %t = trunc i80 %d to i64
  ret i64 %t
}
define half @e3(half %a) {
  ret half %a
}
define fp128 @e4(fp128 %a) {
  ret fp128 %a
}
define <2 x double> @e5(<2 x double> %a) {
  %r = frem <2 x double> %a, %a
  ret <2 x double> %r
}
define <2 x double> @e6(<2 x double> %a) {
  %r = call <2 x double> @llvm.floor.v2f64(<2 x double> %a)
  ret <2 x double> %r
}