; intrinsics: odd widths judge overflow at their width.
; RUN: not rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - 2>&1 | FileCheck %s --check-prefix=ERR
; ERR: {{:[0-9]+:[0-9]+: error: .*}}llvm.fshl.i24 on an odd-width integer

declare i24 @llvm.fshl.i24(i24, i24, i24)
define i24 @f(i24 %a, i24 %b) {
  %r = call i24 @llvm.fshl.i24(i24 %a, i24 %b, i24 3)
  ret i24 %r
}
