; Bad inline asm is a typed error naming the function and the problem:
; each function below is refused with its own message, and rcc-par fails.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; malformed constraint strings.
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e1': {{.*}}constraint 1 is empty
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e2': {{.*}}unterminated
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e3': {{.*}}not supported
; unknown letters registers and clobbers.
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e4': {{.*}}inline asm operand 0 (y)
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e5': {{.*}}no register {foo}
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e6': {{.*}}clobber ~{foo}
; immediates must be constants.
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e7': {{.*}}not a constant
; ranged immediates out of range.
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e8': {{.*}}32 is out of range for 'I'
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e9': {{.*}}-1 is out of range for 'N'
; argument and result counts.
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e10': {{.*}}2 operands need arguments but the call passes 1
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e11': {{.*}}0 register outputs but the call returns 1
; memory operands must be pointers.
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e12': {{.*}}not a pointer
; template errors.
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e13': {{.*}}operand $1
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e14': {{.*}}modifier
; intel dialect is refused.
; ERR-DAG: {{:[0-9]+:[0-9]+: }}error: in function 'e15': {{.*}}Intel dialect
; ERR-NOT: error:

define void @e1(i32 %a) {
  call void asm "", "r,,r"(i32 %a, i32 %a)
  ret void
}
define void @e2(i32 %a) {
  call void asm "", "{ax"(i32 %a)
  ret void
}
define void @e3(i32 %a) {
  call void asm "", "r|m"(i32 %a)
  ret void
}
define void @e4(i32 %a) {
  call void asm "", "y"(i32 %a)
  ret void
}
define void @e5(i32 %a) {
  call void asm "", "{foo}"(i32 %a)
  ret void
}
define void @e6(i32 %a) {
  call void asm "", "~{foo}"()
  ret void
}
define void @e7(i32 %a) {
  call void asm "", "i"(i32 %a)
  ret void
}
define void @e8(i32 %a) {
  call void asm "", "I"(i32 32)
  ret void
}
define void @e9(i32 %a) {
  call void asm "", "N"(i32 -1)
  ret void
}
define void @e10(i32 %a) {
  call void asm "", "r,r"(i32 %a)
  ret void
}
define void @e11(i32 %a) {
  %r = call i32 asm "", "r"(i32 %a)
  ret void
}
define void @e12(i32 %a) {
  call void asm "", "m"(i32 %a)
  ret void
}
define void @e13(i32 %a) {
  call void asm "mov $1, $0", "r"(i32 %a)
  ret void
}
define void @e14(i32 %a) {
  call void asm "${0:xy}", "r"(i32 %a)
  ret void
}
define void @e15(i32 %a) {
  call void asm inteldialect "mov eax, $0", "r"(i32 %a)
  ret void
}
