; intrinsics: unknown intrinsics stay named errors.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}llvm.x86.rdpid

declare i32 @llvm.x86.rdpid()
define i32 @f() {
  %r = call i32 @llvm.x86.rdpid()
  ret i32 %r
}
